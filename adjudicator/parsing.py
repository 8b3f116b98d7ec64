"""The lenient-parsing machinery every game's order parser shares.

Both parsers read a submission the same way: split it into lines, cut comments, parse each
order on its own with an LALR Lark grammar whose post-lexer folds runs of words into name
tokens, and turn whatever goes wrong into an :class:`OrderError` at the right column, in words
a player understands, with "did you mean" suggestions for a mistyped name. Keeping that here,
once, is what makes the games report errors alike (see :mod:`adjudicator.errors`).

This module knows no game: grammars, name tables, post-lexers, transformers, the wording of
expected words and the messages about unknown names stay in the game packages, which subclass
:class:`ItemParser`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

from lark import Token, Transformer
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from adjudicator.cache import lark_parser
from adjudicator.errors import OrderError
from adjudicator.resources import grammar_path
from adjudicator.suggest import Suggester, normalize

# --------------------------------------------------------------------------------------------
# Lines
# --------------------------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_COMMENT = re.compile(r"#|//")


# Phones and word processors "improve" what players type: quotes around an order become
# typographic quotes (mere decoration: read as spaces) and "->" may become an en or em dash
# followed by ">". Each replacement is one character for one, so columns stay true.
_TYPOGRAPHY = str.maketrans({
    "\u201c": " ", "\u201d": " ", "\u201e": " ", "\u201f": " ", '"': " ",
    "\u00ab": " ", "\u00bb": " ", "\u2018": " ", "\u2019": " ", "\u201a": " ", "\u201b": " ",
    "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00a0": " ",
})


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(1-based line number, line)``; any line ending counts, as players paste from anywhere.
    Typographic quotes and dashes are read as plain ones (see ``_TYPOGRAPHY``)."""
    return enumerate(_LINE_BREAK.split(text.translate(_TYPOGRAPHY)), start=1)


def strip_comment(line: str, comment: re.Pattern[str] = _COMMENT) -> str:
    """The line without its comment. Cutting (not rewriting) keeps the columns of ``line``."""
    m = comment.search(line)
    return line[: m.start()] if m else line


# --------------------------------------------------------------------------------------------
# Names in the token stream
# --------------------------------------------------------------------------------------------

_CHUNK = re.compile(r"[^\W_]+|-")


def chunks(text: str) -> tuple[str, ...]:
    """``"Mid-Atlantic Ocean"`` -> ``("mid", "-", "atlantic", "ocean")``: dots and spaces vanish,
    so every way of spacing and punctuating a name gives the same lookup key."""
    return tuple(_CHUNK.findall(text.casefold()))


def wordish(tok: Token) -> bool:
    """A token that may be (part of) a name: a plain word, or a keyword ("North" in a name)."""
    return tok.type == "WORD" or tok.value.replace("'", "").isalpha()


def _tight(a: Token, b: Token) -> bool:
    """No space between ``a`` and ``b``: tells the hyphen in "mid-atlantic" from a move dash."""
    return a.end_pos == b.start_pos


def span_token(kind: str, value: str, first: Token, last: Token) -> Token:
    """One token standing for ``first`` .. ``last``, so errors point at where the name starts."""
    return Token(kind, value, first.start_pos, first.line, first.column, last.end_line,
                 last.end_column, last.end_pos)


def name_chunks(toks: list[Token], i: int, dash: str, limit: int
                ) -> tuple[list[str], list[tuple[int, int, bool]]]:
    """The words from ``toks[i]`` on that may form a name, as chunks, and where a name may end.

    Returns ``(chunks, spans)``; each span is ``(end token index, chunk count, plain)``, where
    ``plain`` means no keyword so far (only plain words may be glued into a one-word alias).
    A ``dash`` token glued to words on both sides is a hyphen inside a name, not an operator.
    The caller tries the spans longest first against its own name tables.
    """
    out: list[str] = []
    spans: list[tuple[int, int, bool]] = []
    plain = True
    j = i
    while j < len(toks) and j - i < limit:
        t = toks[j]
        if wordish(t):
            plain = plain and t.type == "WORD"
            out.extend(_CHUNK.findall(t.value.casefold()))  # hot loop: no tuple, as in chunks()
        elif (t.type == dash and j > i and j + 1 < len(toks) and _tight(toks[j - 1], t)
              and _tight(t, toks[j + 1]) and wordish(toks[j + 1])):
            out.append("-")
        else:
            break
        j += 1
        if out[-1] != "-":
            spans.append((j, len(out), plain))
    return out, spans


def _as_is(key: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [key, tuple(c for c in key if c != "-")]


class NameIndex:
    """Every spelling of one kind of name (provinces, territories, unit types), for lookup.

    A spelling is stored under its chunks (:func:`chunks`), under each variant the game's
    ``variants`` function derives from them (with and without hyphens by default;
    Diplomacy adds "Saint" for "St" and drops a trailing "Sea"), and under a compact key
    (the chunks glued, hyphens dropped) for the spaced form of a one-word alias ("Mid
    Atlantic" for "MidAtlantic"). The first identifier to claim a key keeps it, so the
    order of :meth:`add` calls settles (rare) collisions the same way on every load.
    Spellings added with a ``display`` name are offered as "did you mean" suggestions.
    """

    def __init__(self, variants: Callable[[tuple[str, ...]], list[tuple[str, ...]]] = _as_is
                 ) -> None:
        self.variants = variants
        self.keys: dict[tuple[str, ...], str] = {}
        self.compact: dict[str, str] = {}
        self._spellings: dict[str, str] = {}
        self._suggester: Suggester | None = None

    def add(self, spelling: str, ident: str, display: str | None = None) -> None:
        for variant in self.variants(chunks(spelling)):
            if variant:
                self.keys.setdefault(variant, ident)
                self.compact.setdefault("".join(c for c in variant if c != "-"), ident)
        if display is not None:
            self._spellings.setdefault(spelling, display)
            self._suggester = None

    def get(self, key: tuple[str, ...]) -> str | None:
        """The identifier a run of chunks spells exactly, or None."""
        return self.keys.get(key)

    def find(self, key: tuple[str, ...]) -> str | None:
        """:meth:`get`, also ignoring hyphens the player added ("u-boat")."""
        return self.keys.get(key) or self.keys.get(tuple(c for c in key if c != "-"))

    def find_compact(self, key: str) -> str | None:
        """The identifier whose glued spelling is ``key`` ("transjordan"), or None."""
        return self.compact.get(key)

    def prefix(self, key: str, minimum: int) -> str | None:
        """The one identifier with a glued spelling starting with ``key`` ("archan" ->
        archangel), None when there are none or several, or ``key`` is shorter than
        ``minimum``."""
        if len(key) < minimum:
            return None
        hits = {ident for k, ident in self.compact.items() if k.startswith(key)}
        return hits.pop() if len(hits) == 1 else None

    @property
    def suggester(self) -> Suggester:
        if self._suggester is None:
            self._suggester = Suggester(self._spellings)
        return self._suggester


class NamePostLexer:
    """Base of the games' post-lexers, which fold ``WORD`` runs into name tokens."""

    # No grammar rule uses WORD, so Lark would drop it from the terminals the post-lexer sees;
    # an unknown word must reach the parser to be reported at its own column.
    always_accept = ("WORD",)

    def __init__(self, table: Any) -> None:
        self.table = table


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


class LocatedError(Exception):
    """An error at a 1-based column of the one item being parsed.

    Raised from deep inside (post-lexer, transformer) and caught per item, so one bad order is
    reported and its neighbours still count; :meth:`error` places it in the submitted text.
    """

    def __init__(self, column: int, message: str, expected: tuple[str, ...] = (),
                 suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.column = column
        self.message = message
        self.expected = expected
        self.suggestions = suggestions

    def error(self, line: int, text: str, offset: int = 0) -> OrderError:
        """As an :class:`OrderError` on ``line``, the item starting ``offset`` into ``text``."""
        return OrderError(line=line, column=offset + self.column, text=text,
                          message=self.message, expected=self.expected,
                          suggestions=self.suggestions)


def categories(terminals: Collection[str]) -> set[str]:
    """Terminal categories: the name without leading ``_`` up to the next ``_``
    (``_MOVE_DASH`` -> ``MOVE``). The grammars name terminals so that a category is one thing a
    player can write, however many spellings it has."""
    return {t.lstrip("_").split("_", 1)[0] for t in terminals}


def words_for(cats: Collection[str], table: Mapping[str, str]) -> tuple[str, ...]:
    """The player's words for ``cats``, in the table's order, each wording once."""
    return tuple(dict.fromkeys(words for cat, words in table.items() if cat in cats))


def best_phrase(words: list[str], kinds: list[tuple[str, Suggester]], strict: bool = False
                ) -> tuple[str, str, tuple[str, ...]]:
    """Which leading words of ``words`` a player meant as one name, and what they meant.

    A mistyped name may span words ("Nrth Atlantic"), so every prefix of ``words`` is scored
    against every kind of name. Returns ``(phrase, kind, suggestions)``: the best-scoring prefix,
    its kind (the last kind when nothing is close) and up to three names of that kind.
    One- or two-letter words match too much, so they (and ``strict`` callers) need a closer hit.
    """
    cutoff = 0.7 if strict or len(normalize(words[0])) <= 2 else 0.6
    best: dict[str, tuple[float, str]] = {}
    phrase, phrase_score, phrase_kind = words[0], 0.0, kinds[-1][0]
    for kind, suggester in kinds:
        for k in range(1, len(words) + 1):
            candidate = " ".join(words[:k])
            for score, display in suggester.scored(candidate, cutoff):
                if score > best.get(display, (0.0, ""))[0]:
                    best[display] = (score, kind)
                if score > phrase_score:
                    phrase, phrase_score, phrase_kind = candidate, score, kind
    ranked = sorted(best.items(), key=lambda d: -d[1][0])
    return phrase, phrase_kind, tuple(d for d, (_, kind) in ranked if kind == phrase_kind)[:3]


_PHRASE_WORD = re.compile(r"\s*([^\W\d_][\w']*(?:[.-][^\W\d_][\w']*)*)\.?")


class ItemParser:
    """A Lark LALR parser for one item (order, statement) that raises only :class:`LocatedError`.

    Subclasses give the grammar, post-lexer and transformer, and say how errors are worded:
    :meth:`expected_words` and :meth:`unknown_name`.
    """

    incomplete = "order"  # what a player calls one item: "incomplete order: expected ..."
    names: frozenset[str] = frozenset()  # terminals where a name belongs
    # Name tokens that are out of place rather than unknown (a name *of another kind* may
    # still be worth a suggestion, so this can be smaller than ``names``).
    known_names: frozenset[str] = frozenset()

    def __init__(self, grammar: str, postlex: NamePostLexer, builder: Transformer,
                 start: str | list[str] = "start") -> None:
        self.lark = lark_parser(grammar_path(grammar).read_text(encoding="utf-8"),
                                parser="lalr", lexer="basic", postlex=postlex, start=start)
        self.builder = builder
        # A mistyped name ends at a keyword: "Burgundi - Mun" is about "Burgundi" only.
        self.keywords = {t.pattern.value.casefold() for t in self.lark.terminals
                         if t.pattern.type == "str" and t.pattern.value.isalpha()}

    def parse(self, text: str, start: str = "start") -> Any:
        """Parse one item; raise :class:`LocatedError` with a column relative to ``text``."""
        try:
            return self.builder.transform(self.lark.parse(text, start=start))
        except VisitError as e:
            if isinstance(e.orig_exc, LocatedError):
                raise e.orig_exc from None
            raise
        except UnexpectedInput as e:
            raise self._explain(e, text) from None

    def expected_words(self, terminals: Collection[str]) -> tuple[str, ...]:
        """What a player could have written instead of the terminals Lark expected."""
        raise NotImplementedError

    def unknown_name(self, tok: Token, text: str, terminals: Collection[str],
                     expected: tuple[str, ...]) -> LocatedError:
        """The error for an unknown word ``tok`` where one of :attr:`names` belongs."""
        raise NotImplementedError

    def _explain(self, e: UnexpectedInput, text: str) -> LocatedError:
        if isinstance(e, UnexpectedCharacters):
            return LocatedError(e.column, f"unexpected character {text[e.pos_in_stream]!r}")
        if isinstance(e, (UnexpectedToken, UnexpectedEOF)):
            expected = self.expected_words(e.expected)
            tok = getattr(e, "token", None)
            if tok is None or tok.type == "$END":
                return LocatedError(len(text.rstrip()) + 1, f"incomplete {self.incomplete}: "
                                    "expected " + " or ".join(expected), expected)
            if wordish(tok) and tok.type not in self.known_names \
                    and self.names & set(e.expected):
                return self.unknown_name(tok, text, e.expected, expected)
            shown = text[tok.start_pos:tok.end_pos] if tok.end_pos else tok.value
            return LocatedError(tok.column, f"unexpected {shown!r}: expected "
                                + " or ".join(expected), expected)
        return LocatedError(1, str(e))

    def phrase_words(self, tok: Token, text: str) -> tuple[list[str], int]:
        """Up to four words from ``tok`` on, stopping at a keyword, and where they end in
        ``text``: the raw text, since the post-lexer may have split or glued the tokens."""
        words: list[str] = []
        pos = tok.start_pos
        while len(words) < 4:
            m = _PHRASE_WORD.match(text, pos)
            if not m or (words and m[1].casefold() in self.keywords):
                break
            words.append(m[1])
            pos = m.end()
        return words or [tok.value], pos
