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
The machinery shared with the Axis & Allies parser (error wording, suggestions, the Lark
wrapper) lives in :mod:`adjudicator.parsing`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from functools import lru_cache
from typing import Any

from lark import Token, Transformer
from lark.exceptions import LarkError

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
from adjudicator.errors import AdjudicatorError, OrderError, ParsedOrder, ParseResult
from adjudicator.parsing import (
    ItemParser,
    LocatedError,
    NameIndex,
    NamePostLexer,
    best_phrase,
    categories,
    chunks,
    name_chunks,
    numbered_lines,
    span_token,
    strip_comment,
    wordish,
    words_for,
)
from adjudicator.suggest import Suggester, normalize

__all__ = [
    "OrderSyntaxError",
    "ParsedOrder",
    "parse_order",
    "parse_orders",
    "resolve_location",
    "resolve_power",
]


class OrderSyntaxError(AdjudicatorError):
    """Raised by :func:`parse_order` / :func:`resolve_location`; ``.error`` says where and why."""

    def __init__(self, error: OrderError) -> None:
        super().__init__(error.describe())
        self.error = error


# --------------------------------------------------------------------------------------------
# Names: everything the post-lexer and the error messages need to know about one map.
# --------------------------------------------------------------------------------------------

_COAST_CODES = {"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc", "north": "nc", "south": "sc",
                "east": "ec", "west": "wc", "northcoast": "nc", "southcoast": "sc",
                "eastcoast": "ec", "westcoast": "wc", "n": "nc", "s": "sc", "e": "ec", "w": "wc"}
_COAST_WORDS = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}
_COAST_ALIAS = re.compile(r"^(?P<prov>.+?)\s*[/(]\s*(?P<coast>[^)]+?)\s*\)?$")
# Words a place name may drop: "North Atlantic" for "North Atlantic Ocean".
_DROPPABLE_TAIL = {"sea", "ocean"}
_MAX_NAME_TOKENS = 8


class _NameTable:
    """Every spelling of every province, coast and power of one map, normalised for lookup."""

    def __init__(self, dmap: DiplomacyMap) -> None:
        self.dmap = dmap
        self.places = NameIndex(self._variants)
        # Ids first, then names, then aliases: an earlier spelling wins a (rare) collision.
        ordered: list[tuple[str, str]] = [(pid, pid) for pid in dmap.provinces]
        ordered += [(p.name, pid) for pid, p in dmap.provinces.items()]
        ordered += [(a, pid) for pid, p in dmap.provinces.items() for a in p.aliases]
        for spelling, pid in ordered:
            self.places.add(spelling, pid, display=dmap.provinces[pid].name)

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
                pid = self.places.get(chunks(m["prov"]))
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


# --------------------------------------------------------------------------------------------
# Post-lexer: WORD runs -> PLACE / POWER tokens.
# --------------------------------------------------------------------------------------------

_BULLETS = {"_MOVE_DASH", "_BULLET_STAR", "_BULLET_DOT", "_BULLET_NUMBER"}
# After a place (or "/" / "(" after one) these words name a coast, never a sea ("east" is an
# alias of the Eastern Mediterranean).
_COAST_CONTEXT = {"PLACE", "_COAST_SLASH", "_COAST_LPAR"}


class _PlacePostLexer(NamePostLexer):
    """Lark post-lexer that knows the map (see module docstring, layer 2)."""

    table: _NameTable

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
            if wordish(tok):
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
                        out.append(span_token("PLACE", pid, tok, toks[j - 1]))
                        i = j
                        continue
            else:
                first_word = False
            out.append(tok)
            i += 1
        yield from out

    def _match(self, toks: list[Token], i: int) -> tuple[str, int] | None:
        """Longest place name starting at ``toks[i]``: ``(province id, end index)``."""
        # "mid-atlantic": a hyphen inside a word, not a move.
        words, spans = name_chunks(toks, i, "_MOVE_DASH", _MAX_NAME_TOKENS)
        for end, n, plain_words in reversed(spans):
            key = tuple(words[:n])
            pid = self.table.places.get(key)
            if pid is None and plain_words and "-" not in key and end - i > 1:
                # "Mid Atlantic", "gulf of lyons": the spaced form of a one-word alias. Never
                # across keywords, or "Mar S" would become "mars" (Marseilles).
                pid = self.table.places.find_compact("".join(key))
            if pid is not None:
                return pid, end
        return None


# --------------------------------------------------------------------------------------------
# Transformer: tree -> order objects.
# --------------------------------------------------------------------------------------------

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
            raise LocatedError(tok.column, f"{prov.name} has no separate coasts")
        raise LocatedError(tok.column, f"{prov.name} has no {_COAST_WORDS.get(code, code)}",
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


class _Parser(ItemParser):
    """Lark parser + name table for one map (built once per map, see :func:`_parser_for`)."""

    incomplete = "order"
    names = frozenset({"PLACE", "POWER"})
    # A POWER token where a province belongs ("France" as a location) is an unknown province.
    known_names = frozenset({"PLACE"})

    def __init__(self, dmap: DiplomacyMap) -> None:
        self.table = _NameTable(dmap)
        super().__init__("diplomacy", _PlacePostLexer(self.table), _OrderBuilder(self.table),
                         start=["start", "location_only"])

    def expected_words(self, terminals: Collection[str]) -> tuple[str, ...]:
        cats = categories(terminals)
        if "BULLET" in cats:
            cats.discard("MOVE")  # at the start "-" is only a list bullet, not worth suggesting
        return words_for(cats, _EXPECT_WORDS)

    def unknown_name(self, tok: Token, text: str, terminals: Collection[str],
                     expected: tuple[str, ...]) -> LocatedError:
        """A power only where a power name fits and no province does, or before a colon."""
        words, end = self.phrase_words(tok, text)
        colon_follows = text[end:].lstrip().startswith(":")
        want_power = "POWER" in terminals and (colon_follows or "PLACE" not in terminals)
        kind = (("power", self.table.power_suggester) if want_power
                else ("province", self.table.places.suggester))
        # Few, short power names: be stricter with them.
        phrase, _, suggestions = best_phrase(words, [kind], strict=want_power)
        if want_power:
            message = f"unknown power {phrase!r}"
        elif suggestions or "POWER" not in terminals:
            message = f"unknown province {phrase!r}"
        else:  # first word of an item and nothing like it: it may not even be an order
            message = f"{tok.value!r} is not a province, unit type or order word"
        return LocatedError(tok.column, message, expected, suggestions)


@lru_cache(maxsize=8)
def _parser_for(dmap: DiplomacyMap) -> _Parser:
    return _Parser(dmap)


# --------------------------------------------------------------------------------------------
# Public API.
# --------------------------------------------------------------------------------------------

_ITEM = re.compile(r"[^;,]+")


def parse_orders(text: str, dmap: DiplomacyMap | None = None) -> ParseResult:
    """Parse a whole submission. Never raises on bad input: bad items become errors.

    Lines are 1-based; a line may hold several orders separated by ``;`` or ``,``. A power
    prefix (``France:``) applies to the rest of its line; a line holding only a power name
    (``Germany:``) applies to the lines below it until the next such header.
    """
    p = _parser_for(dmap or load_map())
    result = ParseResult()
    header_power: str | None = None
    for lineno, raw in numbered_lines(text):
        body = strip_comment(raw)
        line_power: str | None = None
        for m in _ITEM.finditer(body):
            segment = m.group()
            if not segment.strip():
                continue
            try:
                power, order = p.parse(segment)
            except LocatedError as e:
                result.errors.append(e.error(lineno, raw, m.start()))
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
    except LocatedError as e:
        raise OrderSyntaxError(e.error(0, name)) from None


def resolve_power(name: str, dmap: DiplomacyMap | None = None, fuzzy: bool = True
                  ) -> str | None:
    """Lenient power name: ``"french"`` / ``"Germnay"`` -> ``"France"`` / ``"Germany"``;
    with ``fuzzy`` False only a name or adjective (any case, spacing) counts."""
    return _parser_for(dmap or load_map()).table.power(name, fuzzy=fuzzy)
