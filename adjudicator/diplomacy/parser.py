"""Read Diplomacy orders the way players really type them, with precise per-line errors.

Three layers, each with one job:

1. **Lines** (this module, with :mod:`adjudicator.parsing`): split the submission into lines,
   drop blank and comment lines (``#``, ``//``) and trailing comments, cut remarks ("(*Fails*)",
   "*bounce*"), put conversation aside (greetings, sentences, quoted replies), split a line on
   ``;`` / ``,`` into order items. Each item is parsed on its own, so a bad order is reported
   and its neighbours still count; a failed item is forgiven what a human reader forgives (a
   name one slip from exactly one province, a judge's annotation after the order, two orders
   run together), and every such reading is noted on the order for the player to see.
2. **Tokens** (Lark's lexer + :class:`_PlacePostLexer`): the grammar only knows keywords and
   generic WORDs. The post-lexer knows the map: it folds a run of words into one ``PLACE`` token
   by longest match over names, ids and aliases ("North Atlantic Ocean", "St. Petersburg",
   "mid-atlantic", "GoL"), and a leading power name into ``POWER``. Keeping names out of the
   grammar keeps it declarative and variant-independent; doing it before parsing (instead of in
   the transformer) means an unknown word is a parse error *at its own column* with the exact
   list of what would have been accepted there.
3. **Orders** (``grammar/diplomacy.lark`` + :class:`_OrderBuilder`): LALR grammar, transformer
   builds :mod:`adjudicator.diplomacy.orders` objects and checks coasts.

What real players write, and how much of it is understood, is measured against a corpus of
real lines (``tests/diplomacy/corpus/``). Only syntax and names are checked here. Whether a
unit is there, whether the move is adjacent, whether a retreat phase turns ``A Mun - Boh``
into a retreat: all that is the engine's business. The machinery shared with the Axis & Allies
parser (error wording, suggestions, the Lark wrapper, telling conversation from orders) lives
in :mod:`adjudicator.parsing`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from functools import lru_cache
from typing import Any

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
from adjudicator.errors import (
    AdjudicatorError,
    IgnoredLine,
    OrderError,
    ParsedOrder,
    ParseResult,
)
from adjudicator.lalr.runtime import LarkError, Token, Transformer
from adjudicator.parsing import (
    Conversation,
    ItemParser,
    LocatedError,
    NameIndex,
    NamePostLexer,
    NoteKind,
    Reading,
    best_phrase,
    blank,
    categories,
    chunks,
    is_quoted,
    is_result_note,
    name_chunks,
    numbered_lines,
    span_token,
    strip_comment,
    strip_decoration,
    strip_notes,
    wordish,
    words_for,
)
from adjudicator.suggest import Suggester, TypoIndex, normalize

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
        # Results mails and zines head a power's orders with its first three letters ("FRA",
        # "Ger:"). Only at the start of an order item, and never where a province is meant.
        self.power_abbreviations = {normalize(name)[:3]: name for name in dmap.powers}

        self._typos: TypoIndex | None = None

        # Every word of the order language, to tell conversation from orders by its words.
        vocabulary = {c for key in self.places.keys for c in key if c != "-"}
        vocabulary |= set(self.powers) | set(self.power_abbreviations)
        vocabulary |= set(_COAST_CODES) | {"coast"}
        self.vocabulary = frozenset(vocabulary)

    @property
    def typos(self) -> TypoIndex:
        """A mistyped name is read only when one province surely fits (suggest.TypoIndex).
        Built on the first word that is no name: most orders have none, and indexing every
        spelling's deletions is a third of building the parser (issue 16)."""
        if self._typos is None:
            self._typos = TypoIndex()
            for key, pid in self.places.compact.items():
                self._typos.add(key, pid)
        return self._typos

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

    def typo(self, words: list[tuple[str, int]], start: int) -> Reading | None:
        """The sure reading of a mistyped place name made of the first ``k`` of ``words``
        (longest first: "Nrth Atlantic" is the North Atlantic, not "Nrth" and a stray word),
        or None when no run of words is one slip from exactly one province."""
        if not words or self.power(words[0][0], fuzzy=False):
            return None  # "Russia" is a power, not a mistyped Prussia
        for k in range(len(words), 0, -1):
            typed = " ".join(w for w, _ in words[:k])
            found = self.typos.lookup(typed)
            if len(found) == 1:
                pid = found.pop()
                name = self.dmap.provinces[pid].name
                return Reading(start, words[k - 1][1], pid, f"{typed!r} read as {name}")
            if found:
                return None  # several provinces fit: only a suggestion
        return None


# --------------------------------------------------------------------------------------------
# Post-lexer: WORD runs -> PLACE / POWER tokens.
# --------------------------------------------------------------------------------------------

_BULLETS = {"_MOVE_DASH", "_BULLET_STAR", "_BULLET_DOT", "_BULLET_NUMBER"}
# After a place (or "/" / "(" after one) these words name a coast, never a sea ("east" is an
# alias of the Eastern Mediterranean).
_COAST_CONTEXT = {"PLACE", "_COAST_SLASH", "_COAST_LPAR"}
_UNIT_TYPES = {"ARMY_A", "ARMY_ARMY", "FLEET_F", "FLEET_FLEET"}
# "Spa (s.c.)": a dotted coast is one WORD ("s.c") to the lexer.
_DOTTED_COAST = {"nc": "COAST_NC", "sc": "COAST_SC", "ec": "COAST_EC", "wc": "COAST_WC"}


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
                nxt = toks[i + 1].type if i + 1 < len(toks) else None
                if at_start and tok.type == "WORD":
                    power = self.table.power(tok.value, fuzzy=nxt == "_COLON") \
                        or self.table.power_abbreviations.get(tok.value.casefold())
                    if power and (nxt == "_COLON" or self._match(toks, i) is None):
                        out.append(Token.new_borrow_pos("POWER", power, tok))
                        i += 1
                        continue
                if not at_start and tok.type == "WORD" and nxt in _UNIT_TYPES:
                    owner = self.table.power(tok.value, fuzzy=False)
                    if owner:  # "S Russian A War - Pru"
                        out.append(Token.new_borrow_pos("OWNER", owner, tok))
                        i += 1
                        continue
                if coast_ctx and tok.type == "WORD":
                    coast = _DOTTED_COAST.get(tok.value.replace(".", "").casefold())
                    if coast:
                        out.append(Token.new_borrow_pos(coast, tok.value, tok))
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
            if end - i == 1 and toks[i].type != "WORD" and end < len(toks) \
                    and toks[end].type == "WORD":
                # A coast word alone names a sea ("North", "East") only where no word follows:
                # "North Atlantik Ocean" is a mistyped name to report whole, not the North Sea.
                continue
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
_Item = tuple[str | None, list[Order]]  # (power prefix, orders; none for a header line)

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
        if isinstance(c[0], Token):  # COAST_NC ... COAST_WC, however written ("nc", "n.c.")
            return c[0].type[-2:].casefold(), c[0]
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

    def target(self, c: list[Any]) -> _Unit:
        return c[-1]  # the owner ("Russian A War") is the engine's to check, from the board

    def units(self, c: list[Any]) -> list[_Unit]:
        return list(c)

    # -- orders ---------------------------------------------------------------------------
    def hold(self, c: list[Any]) -> Hold:
        return Hold(*c[0])

    def move(self, c: list[Any]) -> Move:
        # The "(via convoy)" form hands over the bare PLACE token (see the grammar).
        steps = [x.value if isinstance(x, Token) else x for x in c[1:] if x is not True]
        via = c[-1] is True or len(steps) > 1  # a route through seas ("A Lon-Nth-Nwy") is a convoy
        return Move(*c[0], dest=steps[-1], via_convoy=via)

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

    def build(self, c: list[Any]) -> list[Build]:
        return [Build(*u) for u in c]

    def remove(self, c: list[Any]) -> list[Remove]:
        return [Remove(*u) for u in c]

    def multi_hold(self, c: list[Any]) -> list[Hold]:
        return [Hold(*u) for u in c[0]]

    def multi_support_hold(self, c: list[Any]) -> list[SupportHold]:
        return [SupportHold(*u, target_type=c[1][0], target=c[1][1]) for u in c[0]]

    def multi_support_move(self, c: list[Any]) -> list[SupportMove]:
        return [SupportMove(*u, target_type=c[1][0], target=c[1][1], dest=c[2]) for u in c[0]]

    def multi_convoy(self, c: list[Any]) -> list[Convoy]:
        return [Convoy(*u, target_type=c[1][0], target=c[1][1], dest=c[2]) for u in c[0]]

    def waive(self, c: list[Any]) -> Waive:
        return Waive()

    # -- top ------------------------------------------------------------------------------
    def item(self, c: list[Any]) -> _Item:
        power, order = (c[0], c[1]) if len(c) == 2 else (None, c[0])
        return power, order if isinstance(order, list) else [order]

    def power_only(self, c: list[Any]) -> _Item:
        return c[0], []

    def start(self, c: list[Any]) -> _Item:
        return c[0]

    def location_only(self, c: list[Any]) -> str:
        return self.loc(c)

    def bare_unit(self, c: list[Any]) -> _Unit:
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
    "AND": "'&'",
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
                         start=["start", "location_only", "bare_unit"])
        vocabulary = self.table.vocabulary | self.keywords
        self.conversation = Conversation(
            vocabulary.__contains__, label_words=_LABEL_WORDS, openers=_LABEL_WORDS,
            subject=lambda w: self.table.power(w, fuzzy=False) is not None)
        self._coast_words = frozenset(_COAST_CODES) | {"coast"}
        self._convoy_words = frozenset({"via", "by", "convoy", "c"})

    def note_kind(self, content: str) -> NoteKind:
        """What a bracketed part of a line is (see :func:`adjudicator.parsing.strip_notes`):
        a coast or "via convoy" belongs to the order as written; a unit or a place ("A(Mun)",
        "(F Rum->Bul(ec))") is order material whose brackets go; anything else is a remark."""
        inner = content.strip()
        while len(inner) > 1 and inner[0] in "([{<*" and inner[-1] in ")]}>*":
            inner = inner[1:-1].strip()
        words = [w for w in chunks(inner) if w != "-"]
        if not words:
            return NoteKind.DROP
        if all(w in self._coast_words for w in words) or normalize(inner) in _COAST_CODES \
                or set(words) <= self._convoy_words:
            return NoteKind.KEEP
        if words[0] in ("a", "f", "army", "fleet") and len(words) > 1 \
                and (self.table.places.get(tuple(words[1:2])) or len(words) > 2):
            return NoteKind.UNWRAP
        if self.table.places.get(tuple(words)) or self.table.places.find_compact("".join(words)):
            return NoteKind.UNWRAP
        return NoteKind.DROP

    def expected_words(self, terminals: Collection[str]) -> tuple[str, ...]:
        cats = categories(terminals)
        if "BULLET" in cats:
            cats.discard("MOVE")  # at the start "-" is only a list bullet, not worth suggesting
        if "PLACE" in cats and "MOVE" not in cats:
            cats.discard("HOLD")  # after "A Par -", "H" (old "A Par-H" notation) is no advice
        return words_for(cats, _EXPECT_WORDS)

    def unknown_name(self, tok: Token, text: str, terminals: Collection[str],
                     expected: tuple[str, ...]) -> LocatedError:
        """A power only where a power name fits and no province does, or before a colon."""
        words, end = self.phrase_words(tok, text)
        colon_follows = text[end:].lstrip().startswith(":")
        want_power = "POWER" in terminals and (colon_follows or "PLACE" not in terminals)
        kind = (("power", self.table.power_suggester) if want_power
                else ("province", self.table.places.suggester))
        # Few, short power names: be stricter with them. A first word that is a name alone
        # ("North") is unknown here only as the start of a longer, mistyped one.
        alone = not want_power and self.table.places.get(chunks(words[0])) is not None
        phrase, _, suggestions = best_phrase(words, [kind], strict=want_power,
                                             min_words=2 if alone else 1)
        reading = None
        if want_power:
            message = f"unknown power {phrase!r}"
        else:
            if tok.type == "WORD":  # a keyword out of place is no mistyped name
                reading = self.table.typo(self.phrase_spans(tok, text), tok.start_pos)
            if suggestions or "POWER" not in terminals:
                message = f"unknown province {phrase!r}"
            else:  # first word of an item and nothing like it: it may not even be an order
                message = f"{tok.value!r} is not a province, unit type or order word"
        return LocatedError(tok.column, message, expected, suggestions, reading)


@lru_cache(maxsize=8)
def _parser_for(dmap: DiplomacyMap) -> _Parser:
    return _Parser(dmap)


# --------------------------------------------------------------------------------------------
# Public API.
# --------------------------------------------------------------------------------------------

_ITEM = re.compile(r"[^;,]+")
# Words that head a group of orders besides the order words ("Spring 1901:", "Fall orders:").
_LABEL_WORDS = frozenset({"spring", "summer", "fall", "autumn", "winter"})
# A unit alone after one of these on the same line is one more of the same ("Build A Par, A Mar").
_LISTED = (Build, Remove, Disband)


def parse_orders(text: str, dmap: DiplomacyMap | None = None) -> ParseResult:
    """Parse a whole submission. Never raises on bad input: bad items become errors.

    Lines are 1-based; a line may hold several orders separated by ``;`` or ``,``. A power
    prefix (``France:``) applies to the rest of its line; a line holding only a power name
    (``Germany:``) applies to the lines below it until the next such header.

    Conversation (greetings, sign-offs, sentences, even ones quoting an order) goes to
    ``ignored``, remarks pasted from results mails are dropped, a mistyped name is read only
    when exactly one province fits, and each order carries the notes the player must see about
    how it was read (``ParsedOrder.notes``). See "Conversation and remarks"
    in :mod:`adjudicator.parsing` for the steps and why they come in that order.
    """
    p = _parser_for(dmap or load_map())
    result = ParseResult()
    header_power: str | None = None
    for lineno, raw in numbered_lines(text):
        body = strip_comment(raw)
        if not body.strip():
            continue
        if is_quoted(body):
            result.ignored.append(IgnoredLine(lineno, raw.strip()))
            continue
        header_power = _read_line(p, lineno, raw, body, header_power, result)
    return result


def _read_line(p: _Parser, lineno: int, raw: str, body: str, header_power: str | None,
               result: ParseResult) -> str | None:
    """Read one line into ``result``; returns the power heading the lines below it."""
    conv = p.conversation

    def ignore(start: int = 0, end: int | None = None) -> None:
        text = raw[start:end].strip()
        if text:
            result.ignored.append(IgnoredLine(lineno, text))

    body = strip_notes(strip_decoration(body), p.note_kind)
    if not body.strip():  # only remarks and banners: "((( Moves )))", "-----"
        if any(ch.isalpha() for ch in raw):
            ignore()
        return header_power
    label = conv.label(body)
    if label is not None and not p.table.power(body[:label.rest].rstrip(" :"), fuzzy=True):
        if label.example or not body[label.rest:].strip():  # "Hold example: ...", "Moves:"
            ignore()
            return header_power
        body = blank(body, 0, label.rest)  # "Current orders: A Par - Bur"

    items = [(m.start(), m.group()) for m in _ITEM.finditer(body) if m.group().strip()]
    while items and conv.greeting(items[0][1]):  # "Hi all, A Par - Bur"
        ignore(items[0][0], items[0][0] + len(items[0][1]))
        items.pop(0)
    if not items:
        return header_power
    first = items[0][0]
    if conv.opens_like_sentence(items[0][1]) or conv.mostly_words(body[first:]):
        ignore(first)  # a sentence, even one that quotes orders: "I was thinking A Ber - Sil"
        return header_power

    line_power: str | None = None
    previous: list[Order] = []
    failed: list[tuple[int, LocatedError]] = []
    for off, segment in items:
        end = off + len(segment)
        if is_result_note(segment) or conv.greeting(segment):
            ignore(off, end)  # "A kie - ber; Bounced with pru (2 against 1)."
            continue
        try:
            read, notes = p.read(segment)
        except LocatedError as e:
            listed = _listed_unit(p, segment, previous)
            if listed is not None:
                read, notes = [(None, [listed])], []
            elif conv.sentence(segment) or _remark_on_unit(p, segment, body[end:]):
                ignore(off, end)
                continue
            elif (heading := _player_heading(p, segment)) is not None:
                header_power = line_power = heading  # "Walrein - England"
                continue
            else:
                failed.append((off, e))
                continue
        except LarkError as e:  # defensive: never let a parser surprise escape
            result.errors.append(OrderError(line=lineno, column=off + 1, text=raw,
                                            message=f"could not read this order ({e})"))
            continue
        for power, orders in read:
            if power is not None:
                line_power = power
            if not orders:  # a header line: "France:"
                header_power = power
                continue
            previous = orders
            for order in orders:
                result.orders.append(ParsedOrder(lineno, raw[off:end].strip(), order,
                                                 line_power or header_power,
                                                 notes=tuple(notes)))
    if failed and not previous and len(items) > 1 and all(
            _bare_unit(p, seg) for _, seg in items):
        ignore(first)  # a list of units or places, no order: "Germany: Berlin, Kiel, Munich"
        return header_power
    for off, e in failed:
        result.errors.append(e.error(lineno, raw, off))
    return header_power


_POWER_LABEL = re.compile(r"^\s*(?P<power>[^\W\d_]+)\s*:")


def _bare_unit(p: _Parser, segment: str) -> bool:
    """The item names a unit or place and nothing else ("A Mar", "Germany: Berlin")."""
    m = _POWER_LABEL.match(segment)
    if m and p.table.power(m["power"], fuzzy=False):
        segment = blank(segment, 0, m.end())
    try:
        p.parse(segment, start="bare_unit")
    except LocatedError:
        return False
    return True


def _remark_on_unit(p: _Parser, segment: str, after: str) -> bool:
    """A unit followed by a results remark: "F English Channel, no move received" says the
    unit had no order; it gives none."""
    return is_result_note(after.lstrip(" ;,")) and _bare_unit(p, segment)


_HEADING = re.compile(r"^\s*(?P<a>[^-–—:]+?)\s*[-–—:]+\s*(?P<b>[^-–—:]+?)\s*$")


def _player_heading(p: _Parser, segment: str) -> str | None:
    """The power of a "player - power" heading ("Walrein - England", "France - Pat"), where the
    player's name is no order word; None for anything else."""
    m = _HEADING.match(segment)
    if not m:
        return None
    for power_side, name_side in ((m["b"], m["a"]), (m["a"], m["b"])):
        power = p.table.power(power_side, fuzzy=False)
        if power and not any(p.conversation.vocabulary(w)
                             for w in p.conversation.words(name_side)):
            return power
    return None


def _listed_unit(p: _Parser, segment: str, previous: list[Order]) -> Order | None:
    """"A Mar" after "Build A Par," on the same line: one more build (or removal, disband)."""
    if not previous or not isinstance(previous[-1], _LISTED):
        return None
    try:
        unit_type, loc = p.parse(segment, start="bare_unit")
    except LocatedError:
        return None
    return type(previous[-1])(unit_type, loc)


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
