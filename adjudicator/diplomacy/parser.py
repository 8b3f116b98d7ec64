"""Read Diplomacy orders the way players really type them, with precise per-line errors.

Three layers, each with one job:

1. **Lines** (this module): split the submission into lines, drop blank and comment lines
   (``#``, ``//``) and trailing comments, split a line on ``;`` / ``,`` into order items. Each
   item is parsed on its own, so a bad order is reported and its neighbours still count.
2. **Tokens** (Lark's lexer + :class:`_PlacePostLexer`): the grammar only knows keywords and
   generic WORDs. The post-lexer knows the map: it folds a run of words into one ``PLACE`` token
   by longest match over names, ids and aliases ("North Atlantic Ocean", "St. Petersburg",
   "mid-atlantic", "GoL"), and a leading power name into ``POWER``. Keeping names out of the
   grammar keeps it declarative and variant-independent; doing it before parsing (instead of in
   the transformer) means an unknown word is a parse error *at its own column* with the exact
   list of what would have been accepted there.
3. **Orders** (``grammar/diplomacy.lark`` + :class:`_OrderBuilder`): LALR grammar, transformer
   builds :mod:`adjudicator.diplomacy.orders` objects and checks coasts.

Only syntax and names are checked here. Whether a unit is there, whether the move is adjacent,
whether a retreat phase turns ``A Mun - Boh`` into a retreat: all that is the engine's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from adjudicator.diplomacy.map import DiplomacyMap, load_map
from adjudicator.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
)
from adjudicator.errors import AdjudicatorError, OrderError, ParseResult
from adjudicator.resources import grammar_path
from adjudicator.suggest import Suggester, normalize

__all__ = [
    "OrderSyntaxError",
    "ParsedOrder",
    "parse_order",
    "parse_orders",
    "resolve_location",
    "resolve_power",
]


@dataclass(frozen=True)
class ParsedOrder:
    """One understood order: where it was (1-based ``line``), its text, and who it is for.

    ``power`` is the canonical power name from a prefix (``France: A Par - Bur``), from an
    earlier prefix on the same line, or from a header line (``France:`` alone); else ``None``.
    """

    line: int
    text: str
    order: Order
    power: str | None = None


class OrderSyntaxError(AdjudicatorError):
    """Raised by :func:`parse_order` / :func:`resolve_location`; ``.error`` says where and why."""

    def __init__(self, error: OrderError) -> None:
        super().__init__(error.describe())
        self.error = error


# --------------------------------------------------------------------------------------------
# Names: everything the post-lexer and the error messages need to know about one map.
# --------------------------------------------------------------------------------------------

_CHUNK = re.compile(r"[^\W_]+|-")
_COAST_CODES = {"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc", "north": "nc", "south": "sc",
                "east": "ec", "west": "wc", "northcoast": "nc", "southcoast": "sc",
                "eastcoast": "ec", "westcoast": "wc", "n": "nc", "s": "sc", "e": "ec", "w": "wc"}
_COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}
_COAST_ALIAS = re.compile(r"^(?P<prov>.+?)\s*[/(]\s*(?P<coast>[^)]+?)\s*\)?$")
# Words a place name may drop: "North Atlantic" for "North Atlantic Ocean".
_DROPPABLE_TAIL = {"sea", "ocean"}
_MAX_NAME_TOKENS = 8


def _chunks(text: str) -> tuple[str, ...]:
    """``"Mid-Atlantic Ocean"`` -> ``("mid", "-", "atlantic", "ocean")``; dots/spaces vanish."""
    return tuple(_CHUNK.findall(text.casefold()))


class _NameTable:
    """Every spelling of every province, coast and power of one map, normalised for lookup."""

    def __init__(self, dmap: DiplomacyMap) -> None:
        self.dmap = dmap
        self.places: dict[tuple[str, ...], str] = {}
        self.compact: dict[str, str] = {}
        spellings: dict[str, str] = {}  # for suggestions: spelling -> display name
        # Ids first, then names, then aliases: an earlier spelling wins a (rare) collision.
        ordered: list[tuple[str, str]] = [(pid, pid) for pid in dmap.provinces]
        ordered += [(p.name, pid) for pid, p in dmap.provinces.items()]
        ordered += [(a, pid) for pid, p in dmap.provinces.items() for a in p.aliases]
        for spelling, pid in ordered:
            for variant in self._variants(_chunks(spelling)):
                self.places.setdefault(variant, pid)
                self.compact.setdefault("".join(c for c in variant if c != "-"), pid)
            spellings.setdefault(spelling, dmap.provinces[pid].name)
        self.place_suggester = Suggester(spellings)

        # (province, coast code) -> coast location, including the map's odd aliases
        # ("bul/nc" is Bulgaria's east coast, "spa/wc" Spain's south coast).
        self.coasts: dict[tuple[str, str], str] = {}
        for loc in dmap.coast_names:
            pid, code = loc.split("/", 1)
            self.coasts[(pid, code)] = loc
        for loc, aliases in dmap.coast_aliases.items():
            for alias in aliases:
                m = _COAST_ALIAS.match(alias.casefold())
                if not m:
                    continue
                pid = self.places.get(_chunks(m["prov"]))
                code = _COAST_CODES.get(normalize(m["coast"]))
                if pid == loc.split("/", 1)[0] and code:
                    self.coasts.setdefault((pid, code), loc)

        self.powers: dict[str, str] = {}
        power_spellings: dict[str, str] = {}
        for name, info in dmap.powers.items():
            for spelling in (name, info.get("adjective") or ""):
                if spelling:
                    self.powers[normalize(spelling)] = name
                    power_spellings[spelling] = name
        self.power_suggester = Suggester(power_spellings)

    @staticmethod
    def _variants(chunks: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Spellings players use for one name: with/without hyphens, "St"/"Saint", no "Sea"."""
        out = [chunks, tuple(c for c in chunks if c != "-")]
        out += [tuple("saint" if c == "st" else c for c in v) for v in list(out)]
        for v in list(out):
            if len(v) > 1 and v[-1] in _DROPPABLE_TAIL:
                head = v[:-1]
                while head and head[-1] == "-":
                    head = head[:-1]
                if head and "".join(head) not in _COAST_CODES:
                    out.append(head)
        return out

    def power(self, word: str, fuzzy: bool) -> str | None:
        """Canonical power for a name or adjective; ``fuzzy`` also accepts near misspellings."""
        exact = self.powers.get(normalize(word))
        if exact or not fuzzy:
            return exact
        scored = self.power_suggester.scored(word, cutoff=0.75)
        return scored[0][1] if scored else None

    def place_display(self, pid: str) -> str:
        return self.dmap.provinces[pid].name


# --------------------------------------------------------------------------------------------
# Post-lexer: WORD runs -> PLACE / POWER tokens.
# --------------------------------------------------------------------------------------------

_BULLETS = {"_MOVE_DASH", "_BULLET_STAR", "_BULLET_DOT", "_BULLET_NUMBER"}
# After a place (or "/" / "(" after one) these words name a coast, never a sea ("east" is an
# alias of the Eastern Mediterranean).
_COAST_CONTEXT = {"PLACE", "_COAST_SLASH", "_COAST_LPAR"}


def _wordish(tok: Token) -> bool:
    return tok.type == "WORD" or tok.value.replace("'", "").isalpha()


def _tight(a: Token, b: Token) -> bool:
    return a.end_pos == b.start_pos


class _PlacePostLexer:
    """Lark post-lexer that knows the map (see module docstring, layer 2)."""

    always_accept = ("WORD",)

    def __init__(self, table: _NameTable) -> None:
        self.table = table

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        # Items are a handful of tokens, so a list (with look-ahead) costs nothing.
        toks = list(stream)
        out: list[Token] = []
        i = 0
        first_word = True
        while i < len(toks):
            tok = toks[i]
            if first_word and not out and tok.type in _BULLETS:
                out.append(tok)
                i += 1
                continue
            if _wordish(tok):
                at_start = first_word
                first_word = False
                coast_ctx = bool(out) and out[-1].type in _COAST_CONTEXT
                if at_start and tok.type == "WORD":
                    nxt = toks[i + 1].type if i + 1 < len(toks) else None
                    power = self.table.power(tok.value, fuzzy=nxt == "_COLON")
                    if power and (nxt == "_COLON" or self._match(toks, i) is None):
                        out.append(Token.new_borrow_pos("POWER", power, tok))
                        i += 1
                        continue
                if not (coast_ctx and tok.type.startswith("COAST_")):
                    m = self._match(toks, i)
                    if m is not None:
                        pid, j = m
                        last = toks[j - 1]
                        out.append(Token("PLACE", pid, tok.start_pos, tok.line, tok.column,
                                         last.end_line, last.end_column, last.end_pos))
                        i = j
                        continue
            else:
                first_word = False
            out.append(tok)
            i += 1
        yield from out

    def _match(self, toks: list[Token], i: int) -> tuple[str, int] | None:
        """Longest place name starting at ``toks[i]``: ``(province id, end index)``."""
        chunks: list[str] = []
        spans: list[tuple[int, int, bool]] = []  # (end index, chunks so far, plain)
        plain = True  # only WORDs so far (no keywords): may be glued into a one-word alias
        j = i
        while j < len(toks) and j - i < _MAX_NAME_TOKENS:
            t = toks[j]
            if _wordish(t):
                plain = plain and t.type == "WORD"
                chunks.extend(_CHUNK.findall(t.value.casefold()))
            elif (t.type == "_MOVE_DASH" and j > i and j + 1 < len(toks)
                  and _tight(toks[j - 1], t) and _tight(t, toks[j + 1])
                  and _wordish(toks[j + 1])):
                chunks.append("-")  # "mid-atlantic": a hyphen inside a word, not a move
            else:
                break
            j += 1
            if chunks[-1] != "-":
                spans.append((j, len(chunks), plain))
        for end, n, plain_words in reversed(spans):
            key = tuple(chunks[:n])
            pid = self.table.places.get(key)
            if pid is None and plain_words and "-" not in key and end - i > 1:
                # "Mid Atlantic", "gulf of lyons": the spaced form of a one-word alias. Never
                # across keywords, or "Mar S" would become "mars" (Marseilles).
                pid = self.table.compact.get("".join(key))
            if pid is not None:
                return pid, end
        return None


# --------------------------------------------------------------------------------------------
# Transformer: tree -> order objects.
# --------------------------------------------------------------------------------------------


class _LocatedError(Exception):
    """An error at a column of the item being parsed (converted to OrderError by the caller)."""

    def __init__(self, column: int, message: str, expected: tuple[str, ...] = (),
                 suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.column = column
        self.message = message
        self.expected = expected
        self.suggestions = suggestions


_Unit = tuple[UnitType | None, str]  # (type if given, location)
_Item = tuple[str | None, Order | None]  # (power prefix, order; None for a header line)

_COMPASS_CODE = {"COAST_NORTH": "nc", "COAST_SOUTH": "sc", "COAST_EAST": "ec", "COAST_WEST": "wc"}


class _OrderBuilder(Transformer):
    """Builds orders; the only check it makes is that a named coast exists."""

    def __init__(self, table: _NameTable) -> None:
        super().__init__()
        self.table = table

    # -- pieces ---------------------------------------------------------------------------
    def utype(self, c: list[Any]) -> UnitType:
        return UnitType.ARMY if c[0].type.startswith("ARMY") else UnitType.FLEET

    def compass(self, c: list[Any]) -> tuple[str, Token]:
        return _COMPASS_CODE[c[0].type], c[0]

    def coast_name(self, c: list[Any]) -> tuple[str, Token]:
        if isinstance(c[0], Token):
            return c[0].value.casefold(), c[0]
        return c[0]

    def coast(self, c: list[Any]) -> tuple[str, Token]:
        return c[0]

    def loc(self, c: list[Any]) -> str:
        place: Token = c[0]
        pid = place.value
        if len(c) == 1:
            return pid
        code, tok = c[1]
        loc = self.table.coasts.get((pid, code))
        if loc is not None:
            return loc
        prov = self.table.dmap.provinces[pid]
        legal = tuple(self.table.dmap.location_name(f"{pid}/{k}") for k in prov.coasts)
        if not legal:
            raise _LocatedError(tok.column, f"{prov.name} has no separate coasts")
        raise _LocatedError(tok.column, f"{prov.name} has no {_COAST_WORDS.get(code, code)}",
                            expected=legal, suggestions=legal)

    def unit(self, c: list[Any]) -> _Unit:
        return (c[0], c[1]) if len(c) == 2 else (None, c[0])

    def via(self, c: list[Any]) -> bool:
        return True

    def power(self, c: list[Any]) -> str:
        return c[0].value

    # -- orders ---------------------------------------------------------------------------
    def hold(self, c: list[Any]) -> Hold:
        return Hold(*c[0])

    def move(self, c: list[Any]) -> Move:
        # The "(via convoy)" form hands over the bare PLACE token (see the grammar).
        dest = c[1].value if isinstance(c[1], Token) else c[1]
        return Move(*c[0], dest=dest, via_convoy=len(c) > 2)

    def support_hold(self, c: list[Any]) -> SupportHold:
        return SupportHold(*c[0], target_type=c[1][0], target=c[1][1])

    def support_move(self, c: list[Any]) -> SupportMove:
        return SupportMove(*c[0], target_type=c[1][0], target=c[1][1], dest=c[2])

    def convoy(self, c: list[Any]) -> Convoy:
        return Convoy(*c[0], target_type=c[1][0], target=c[1][1], dest=c[2])

    def retreat(self, c: list[Any]) -> Retreat:
        return Retreat(*c[0], dest=c[1])

    def disband(self, c: list[Any]) -> Disband:
        return Disband(*c[0])

    def build(self, c: list[Any]) -> Build:
        return Build(*c[0])

    def remove(self, c: list[Any]) -> Remove:
        return Remove(*c[0])

    def waive(self, c: list[Any]) -> Waive:
        return Waive()

    # -- top ------------------------------------------------------------------------------
    def item(self, c: list[Any]) -> _Item:
        return (c[0], c[1]) if len(c) == 2 else (None, c[0])

    def power_only(self, c: list[Any]) -> _Item:
        return c[0], None

    def start(self, c: list[Any]) -> _Item:
        return c[0]

    def location_only(self, c: list[Any]) -> str:
        return c[0]


# --------------------------------------------------------------------------------------------
# Error wording.
# --------------------------------------------------------------------------------------------

# Terminal category (name without leading "_", up to the next "_") -> words a player reads.
# Dict order is the order they are listed in.
_EXPECT_WORDS = {
    "POWER": "a power name",
    "ARMY": "'A'",
    "FLEET": "'F'",
    "PLACE": "a province name",
    "MOVE": "'-'",
    "SUPPORT": "'S'",
    "CONVOY": "'C'",
    "HOLD": "'H'",
    "RETREAT": "'R'",
    "DISBAND": "'D'",
    "VIA": "'via convoy'",
    "BUILD": "'Build'",
    "REMOVE": "'Remove'",
    "WAIVE": "'Waive'",
    "COAST": "a coast ('nc', 'sc', 'ec' or 'wc')",
    "RPAR": "')'",
    "$END": "the end of the order",
}


def _category(terminal: str) -> str:
    return terminal.lstrip("_").split("_", 1)[0]


def _expected_words(expected: set[str] | frozenset[str]) -> tuple[str, ...]:
    cats = {_category(t) for t in expected}
    if "BULLET" in cats:
        cats.discard("MOVE")  # at the start "-" is only a list bullet, not worth suggesting
    return tuple(words for cat, words in _EXPECT_WORDS.items() if cat in cats)


_PHRASE_WORD = re.compile(r"\s*([^\W\d_][\w']*(?:[.-][^\W\d_][\w']*)*)\.?")


class _Parser:
    """Lark parser + name table for one map (built once per map, see :func:`_parser_for`)."""

    def __init__(self, dmap: DiplomacyMap) -> None:
        self.table = _NameTable(dmap)
        self.lark = Lark(
            grammar_path("diplomacy").read_text(encoding="utf-8"),
            parser="lalr",
            lexer="basic",
            postlex=_PlacePostLexer(self.table),
            start=["start", "location_only"],
        )
        self.builder = _OrderBuilder(self.table)
        self.keywords = {
            t.pattern.value.casefold()
            for t in self.lark.terminals
            if t.pattern.type == "str" and t.pattern.value.isalpha()
        }

    def parse(self, text: str, start: str = "start"):
        """Parse one item; raise :class:`_LocatedError` with a column relative to ``text``."""
        try:
            tree = self.lark.parse(text, start=start)
            return self.builder.transform(tree)
        except VisitError as e:
            if isinstance(e.orig_exc, _LocatedError):
                raise e.orig_exc from None
            raise
        except UnexpectedInput as e:
            raise self._explain(e, text) from None

    def _explain(self, e: UnexpectedInput, text: str) -> _LocatedError:
        if isinstance(e, UnexpectedCharacters):
            return _LocatedError(e.column, f"unexpected character {text[e.pos_in_stream]!r}")
        if isinstance(e, (UnexpectedToken, UnexpectedEOF)):
            expected = _expected_words(e.expected)
            tok = getattr(e, "token", None)
            if tok is None or tok.type == "$END":
                column = len(text.rstrip()) + 1
                return _LocatedError(column, "incomplete order: expected " + " or ".join(expected),
                                     expected)
            if _wordish(tok) and tok.type != "PLACE" and {"PLACE", "POWER"} & set(e.expected):
                return self._unknown_name(tok, text, e.expected, expected)
            shown = text[tok.start_pos:tok.end_pos] if tok.end_pos else tok.value
            return _LocatedError(tok.column, f"unexpected {shown!r}: expected "
                                 + " or ".join(expected), expected)
        return _LocatedError(1, str(e))

    def _unknown_name(self, tok: Token, text: str, terminals, expected) -> _LocatedError:
        """An unknown word where a name belongs: find the phrase that best matches a name."""
        words: list[str] = []
        pos = tok.start_pos
        while len(words) < 4:
            m = _PHRASE_WORD.match(text, pos)
            if not m or (words and m[1].casefold() in self.keywords):
                break
            words.append(m[1])
            pos = m.end()
        words = words or [tok.value]
        colon_follows = text[pos:].lstrip().startswith(":")
        want_power = "POWER" in terminals and (colon_follows or "PLACE" not in terminals)
        suggester = self.table.power_suggester if want_power else self.table.place_suggester
        # Few, short power names, and one- or two-letter words match too much: be stricter.
        cutoff = 0.7 if want_power or len(normalize(words[0])) <= 2 else 0.6
        best: dict[str, float] = {}
        phrase, phrase_score = words[0], 0.0
        for k in range(1, len(words) + 1):
            candidate = " ".join(words[:k])
            for score, display in suggester.scored(candidate, cutoff):
                if score > best.get(display, 0.0):
                    best[display] = score
                if score > phrase_score:
                    phrase, phrase_score = candidate, score
        suggestions = tuple(d for d, _ in sorted(best.items(), key=lambda ds: -ds[1])[:3])
        if want_power:
            message = f"unknown power {phrase!r}"
        elif suggestions or "POWER" not in terminals:
            message = f"unknown province {phrase!r}"
        else:  # first word of an item and nothing like it: it may not even be an order
            message = f"{tok.value!r} is not a province, unit type or order word"
        return _LocatedError(tok.column, message, expected, suggestions)


@lru_cache(maxsize=8)
def _parser_for(dmap: DiplomacyMap) -> _Parser:
    return _Parser(dmap)


# --------------------------------------------------------------------------------------------
# Public API.
# --------------------------------------------------------------------------------------------

_COMMENT = re.compile(r"#|//")
_ITEM = re.compile(r"[^;,]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _strip_comment(line: str) -> str:
    m = _COMMENT.search(line)
    return line[: m.start()] if m else line


def parse_orders(text: str, dmap: DiplomacyMap | None = None) -> ParseResult:
    """Parse a whole submission. Never raises on bad input: bad items become errors.

    Lines are 1-based; a line may hold several orders separated by ``;`` or ``,``. A power
    prefix (``France:``) applies to the rest of its line; a line holding only a power name
    (``Germany:``) applies to the lines below it until the next such header.
    """
    p = _parser_for(dmap or load_map())
    result = ParseResult()
    header_power: str | None = None
    for lineno, raw in enumerate(_LINE_BREAK.split(text), start=1):
        body = _strip_comment(raw)
        line_power: str | None = None
        for m in _ITEM.finditer(body):
            segment = m.group()
            if not segment.strip():
                continue
            try:
                power, order = p.parse(segment)
            except _LocatedError as e:
                result.errors.append(OrderError(
                    line=lineno, column=m.start() + e.column, text=raw, message=e.message,
                    expected=e.expected, suggestions=e.suggestions))
                continue
            except LarkError as e:  # defensive: never let a parser surprise escape
                result.errors.append(OrderError(line=lineno, column=m.start() + 1, text=raw,
                                                message=f"could not read this order ({e})"))
                continue
            if power is not None:
                line_power = power
            if order is None:  # a header line: "France:"
                header_power = power
                continue
            result.orders.append(ParsedOrder(lineno, segment.strip(), order,
                                             line_power or header_power))
    return result


def parse_order(text: str, dmap: DiplomacyMap | None = None) -> Order:
    """Parse exactly one order (a power prefix is allowed and ignored).

    Raises :class:`OrderSyntaxError` when the text is not one readable order.
    """
    result = parse_orders(text, dmap)
    if result.errors:
        raise OrderSyntaxError(result.errors[0])
    if len(result.orders) != 1:
        message = "no order found" if not result.orders else "more than one order given"
        raise OrderSyntaxError(OrderError(line=1, column=1, text=text, message=message))
    return result.orders[0].order


def resolve_location(name: str, dmap: DiplomacyMap | None = None) -> str:
    """Lenient location name -> map id: ``"St. Petersburg (north coast)"`` -> ``"stp/nc"``.

    Raises :class:`OrderSyntaxError` (with suggestions) when the name is unknown.
    """
    p = _parser_for(dmap or load_map())
    try:
        return p.parse(name, start="location_only")
    except _LocatedError as e:
        raise OrderSyntaxError(OrderError(line=0, column=e.column, text=name, message=e.message,
                                          expected=e.expected,
                                          suggestions=e.suggestions)) from None


def resolve_power(name: str, dmap: DiplomacyMap | None = None) -> str | None:
    """Lenient power name: ``"french"`` / ``"Germnay"`` -> ``"France"`` / ``"Germany"``."""
    return _parser_for(dmap or load_map()).table.power(name, fuzzy=True)
