"""Load the corpus of real Axis & Allies turn texts and measure how much the parser understands.

Run ``python tests/axis_allies/corpus/measure.py [-v]`` for the figures per source (``-v`` also
lists every line and post not understood); ``tests/axis_allies/test_real_turns.py`` asserts the
thresholds. The format is described in ``README.md`` next to this file.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from adjudicator.record import field, record

HERE = Path(__file__).resolve().parent
ARROW = "⟶"
PROSE = "(prose)"
ERROR = "(error)"


@record(frozen=True)
class Line:
    """One corpus line: the text as found, what it means, where it comes from, and the section
    header it is read under (empty: none)."""

    text: str
    expected: tuple[str, ...]  # "[section] canonical order"; empty for prose and errors
    error: bool  # written as an order the referee cannot carry out: must be an error
    source: str
    kind: str
    file: str
    lineno: int
    header: str = ""

    @property
    def is_prose(self) -> bool:
        return not self.expected and not self.error


def load_lines(folder: Path = HERE / "lines") -> list[Line]:
    """Every line of every ``lines/*.txt`` file, with the source, kind and header in force."""
    out: list[Line] = []
    for path in sorted(folder.glob("*.txt")):
        source = kind = header = ""
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if raw.startswith("## "):
                key, _, value = raw[3:].partition(":")
                key, value = key.strip(), value.strip()
                if key == "source":
                    source, header = value, ""
                elif key == "kind":
                    kind = value
                elif key == "header":
                    header = value
                continue
            if not raw.strip():
                continue
            text, sep, meaning = raw.rpartition(ARROW)
            if not sep or not source:
                raise ValueError(f"{path.name}:{lineno}: no '{ARROW}' or no source before it")
            meaning = meaning.strip()
            expected = () if meaning in (PROSE, ERROR) else tuple(
                m.strip() for m in meaning.split(" ; "))
            out.append(Line(text.rstrip(), expected, meaning == ERROR, source, kind, path.name,
                            lineno, header))
    return out


def shown(po: object) -> str:
    """``[section] canonical text`` of a ParsedOrder, the corpus's notation."""
    return f"[{po.section}] {po.order.text()}"  # type: ignore[attr-defined]


@record
class Outcome:
    """What the parser made of one line."""

    line: Line
    orders: tuple[str, ...]
    errors: tuple[str, ...]
    ignored: int

    @property
    def understood(self) -> bool:
        """Read completely and correctly: the expected orders and no error; for an error
        line, an error and no order."""
        if self.line.error:
            return bool(self.errors) and not self.orders
        return not self.errors and self.orders == self.line.expected

    @property
    def taken_as_order(self) -> bool:
        """A prose line (or an unreadable order) that produced an order: must never happen."""
        return not self.line.expected and bool(self.orders)

    @property
    def quietly_ignored(self) -> bool:
        """A prose line that produced neither an order nor an error."""
        return self.line.is_prose and not self.orders and not self.errors


def run(lines: Iterable[Line], parse: Callable[[str], object]) -> list[Outcome]:
    """Parse each line on its own (after its header, if any) with ``parse``."""
    out = []
    for line in lines:
        text = (line.header + "\n" if line.header else "") + line.text
        first = 2 if line.header else 1
        result = parse(text)
        orders = tuple(shown(p) for p in result.orders if p.line >= first)  # type: ignore
        errors = tuple(e.describe() for e in result.errors)  # type: ignore[attr-defined]
        out.append(Outcome(line, orders, errors, len(getattr(result, "ignored", ()))))
    return out


@record
class Figures:
    order_lines: int = 0  # order and error lines: what a referee must read right
    understood: int = 0
    prose_lines: int = 0
    prose_taken: int = 0
    prose_ignored: int = 0
    misses: list[Outcome] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.understood / self.order_lines if self.order_lines else 1.0

    def add(self, o: Outcome) -> None:
        if o.line.is_prose:
            self.prose_lines += 1
            self.prose_taken += o.taken_as_order
            self.prose_ignored += o.quietly_ignored
            if not o.quietly_ignored:
                self.misses.append(o)
        else:
            self.order_lines += 1
            self.understood += o.understood
            if not o.understood:
                self.misses.append(o)


def figures(outcomes: Iterable[Outcome], key: Callable[[Line], str] | None = None
            ) -> dict[str, Figures]:
    """Totals (key ``"all"``) and, with ``key``, per group of lines."""
    out: dict[str, Figures] = {"all": Figures()}
    for o in outcomes:
        out["all"].add(o)
        if key is not None:
            out.setdefault(key(o.line), Figures()).add(o)
    return out


# --- whole posts ------------------------------------------------------------------------------

@record(frozen=True)
class Post:
    """A whole turn text and, per line number, what it must give."""

    name: str
    text: str
    orders: tuple[tuple[int, str], ...]
    ignored: frozenset[int]
    errors: frozenset[int]


def load_posts(folder: Path = HERE / "posts") -> list[Post]:
    out = []
    for path in sorted(folder.glob("*.txt")):
        orders: list[tuple[int, str]] = []
        ignored: set[int] = set()
        errors: set[int] = set()
        for row in path.with_suffix(".expected").read_text(encoding="utf-8").splitlines():
            lineno, what = row.split("\t")
            if what == "ignored":
                ignored.add(int(lineno))
            elif what == "error":
                errors.add(int(lineno))
            else:
                orders.append((int(lineno), what))
        out.append(Post(path.stem, path.read_text(encoding="utf-8"), tuple(orders),
                        frozenset(ignored), frozenset(errors)))
    return out


def post_differences(post: Post, parse: Callable[[str], object]) -> list[str]:
    """What the parser got wrong in ``post`` (empty: understood completely and correctly)."""
    r = parse(post.text)
    got = tuple((p.line, shown(p)) for p in r.orders)  # type: ignore[attr-defined]
    ignored = {i.line for i in r.ignored}  # type: ignore[attr-defined]
    errors = {e.line for e in r.errors}  # type: ignore[attr-defined]
    diff = []
    if got != post.orders:
        diff += [f"missing {o}" for o in post.orders if o not in got]
        diff += [f"extra {o}" for o in got if o not in post.orders]
        if not diff:
            diff.append("orders out of order")
    if ignored != post.ignored:
        diff.append(f"ignored {sorted(ignored)} != {sorted(post.ignored)}")
    if errors != post.errors:
        diff.append(f"errors at {sorted(errors)} != {sorted(post.errors)}: "
                    + "; ".join(e.describe() for e in r.errors))  # type: ignore[attr-defined]
    return diff


def default_parse() -> Callable[[str], object]:
    from adjudicator.axis_allies.data import load_edition
    from adjudicator.axis_allies.parser import parse_turn

    edition = load_edition("aa1942")
    return lambda text: parse_turn(text, edition)


def _report(verbose: bool) -> Iterator[str]:
    parse = default_parse()
    outcomes = run(load_lines(), parse)
    for title, key in (("by kind", lambda ln: ln.kind), ("by file", lambda ln: ln.file)):
        yield title
        for name, f in sorted(figures(outcomes, key).items()):
            yield (f"  {name:36} orders {f.understood:4}/{f.order_lines:<4} ({f.share:6.1%})"
                   f"   prose {f.prose_lines:3}: {f.prose_taken} taken as orders,"
                   f" {f.prose_ignored} ignored")
    posts = load_posts()
    bad = {p.name: post_differences(p, parse) for p in posts}
    good = sum(not d for d in bad.values())
    yield f"posts: {good}/{len(posts)} understood completely"
    if verbose:
        for o in figures(outcomes)["all"].misses:
            want = " ; ".join(o.line.expected) or ("(error)" if o.line.error else "(prose)")
            got = " ; ".join(o.orders) + "".join(f"  [{e}]" for e in o.errors)
            yield f"{o.line.file}:{o.line.lineno}: {o.line.text!r}\n    want {want}\n    got  {got}"
        for name, d in bad.items():
            if d:
                yield f"post {name}: " + " | ".join(d)


if __name__ == "__main__":
    print("\n".join(_report("-v" in sys.argv[1:])))
