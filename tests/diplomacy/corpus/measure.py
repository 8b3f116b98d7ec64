"""Load the corpus of real order lines and measure how much of it the parser understands.

Run ``python tests/diplomacy/corpus/measure.py [-v]`` for the figures per source (``-v`` also
lists every line not understood); ``tests/diplomacy/test_real_orders.py`` asserts the thresholds.
The format is described in ``README.md`` next to this file.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from adjudicator.record import field, record

HERE = Path(__file__).resolve().parent
ARROW = "⟶"
PROSE = "(prose)"


@record(frozen=True)
class Line:
    """One corpus line: the text as found, what it means, and where it comes from."""

    text: str
    expected: tuple[str, ...]  # canonical order texts; empty for prose
    source: str
    kind: str
    file: str
    lineno: int

    @property
    def is_prose(self) -> bool:
        return not self.expected


def load_lines(folder: Path = HERE / "lines") -> list[Line]:
    """Every line of every ``lines/*.txt`` file, with the source and kind in force for it."""
    out: list[Line] = []
    for path in sorted(folder.glob("*.txt")):
        source = kind = ""
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if raw.startswith("## "):
                key, _, value = raw[3:].partition(":")
                if key.strip() == "source":
                    source = value.strip()
                elif key.strip() == "kind":
                    kind = value.strip()
                continue
            if not raw.strip():
                continue
            text, sep, meaning = raw.rpartition(ARROW)
            if not sep or not source:
                raise ValueError(f"{path.name}:{lineno}: no '{ARROW}' or no source before it")
            meaning = meaning.strip()
            expected = () if meaning == PROSE else tuple(m.strip() for m in meaning.split(" ; "))
            out.append(Line(text.rstrip(), expected, source, kind, path.name, lineno))
    return out


@record
class Outcome:
    """What the parser made of one line."""

    line: Line
    orders: tuple[str, ...]
    errors: tuple[str, ...]
    ignored: int

    @property
    def understood(self) -> bool:
        """An order line read completely and correctly: exactly the expected orders, no error."""
        return not self.errors and self.orders == self.line.expected

    @property
    def taken_as_order(self) -> bool:
        """A prose line that produced an order: the one thing that must never happen."""
        return self.line.is_prose and bool(self.orders)

    @property
    def quietly_ignored(self) -> bool:
        """A prose line that produced neither an order nor an error."""
        return self.line.is_prose and not self.orders and not self.errors


def run(lines: Iterable[Line], parse: Callable[[str], object]) -> list[Outcome]:
    """Parse each line on its own with ``parse`` (``parse_orders``-like)."""
    out = []
    for line in lines:
        result = parse(line.text)
        orders = tuple(p.order.text() for p in result.orders)  # type: ignore[attr-defined]
        errors = tuple(e.describe() for e in result.errors)  # type: ignore[attr-defined]
        out.append(Outcome(line, orders, errors, len(getattr(result, "ignored", ()))))
    return out


@record
class Figures:
    order_lines: int = 0
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


def _report(verbose: bool) -> Iterator[str]:
    from adjudicator.diplomacy.parser import parse_orders

    outcomes = run(load_lines(), parse_orders)
    for title, key in (("by kind", lambda ln: ln.kind), ("by file", lambda ln: ln.file)):
        yield title
        for name, f in sorted(figures(outcomes, key).items()):
            yield (f"  {name:42} orders {f.understood:4}/{f.order_lines:<4} ({f.share:6.1%})"
                   f"   prose {f.prose_lines:3}: {f.prose_taken} taken as orders,"
                   f" {f.prose_ignored} ignored")
    if verbose:
        for o in figures(outcomes)["all"].misses:
            want = " ; ".join(o.line.expected) or "(prose)"
            got = " ; ".join(o.orders) + ("".join(f"  [{e}]" for e in o.errors))
            yield f"{o.line.file}:{o.line.lineno}: {o.line.text!r}\n    want {want}\n    got  {got}"


if __name__ == "__main__":
    print("\n".join(_report("-v" in sys.argv[1:])))
