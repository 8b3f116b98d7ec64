"""Read an Axis & Allies turn script the way forum players write it, with precise per-line errors.

Same three layers as the Diplomacy parser (:mod:`adjudicator.diplomacy.parser`), so both games
report errors the same way:

1. **Lines** (this module): split the post into lines; drop blank lines, comments (``#``,
   ``//``), markdown decoration (``**Purchase:**``), list bullets and title lines ("Germany turn
   1"); take ``salt:`` lines verbatim (they are free text); split a line on ``;`` into
   statements, gluing a transport's ``; -> sz 6`` / ``; unload Karelia`` steps back on. Every
   statement is parsed on its own: one typo never sinks the turn.
2. **Tokens** (Lark's lexer + :class:`_NamePostLexer`): folds runs of words into ``REGION`` and
   ``UNIT`` tokens by longest match over the edition's names, ids and aliases, sea-zone
   spellings (``sz 7``, ``SZ7``, ``7 Sea Zone``, ``sea zone 7``) and unique prefixes
   (``Archan``). An unknown word stays a ``WORD`` and becomes an error at its own column.
3. **Statements** (``grammar/axis_allies.lark`` + :class:`_Builder`): optional section header
   plus optional body; the transformer builds :mod:`adjudicator.axis_allies.orders` objects.

Sections. A header alone on its line, or followed by ``:``, opens a section for the lines below
(``purchase:``, ``combat move``, ``noncombat``, ``landing``, ``place``, ``standing``, ``battle
Karelia:``). A keyword without colon at the start of a statement (``buy 3 inf``, ``place 2 inf
Germany``, ``land ftr Karelia: Germany``) applies to that statement only. The section only
decides what *ambiguous* bodies mean: a bare unit list is a purchase, ``3 inf Germany`` a
placement, a move a combat or noncombat move, a loss list standing or per battle. **A move before
any combat/noncombat header is a combat move** (a play-by-email post is purchase + combat first;
noncombat needs its header), also after a ``purchase:`` section.

Conversation. Forum posts and game write-ups hold more than the turn: greetings, commentary,
dice talk, the narration of a report ("Germany repels the Soviet advance"), the headings of
write-ups and TripleA summaries. Such lines go to ``ParseResult.ignored`` (listed once in the
acknowledgement), never to the errors; a line that looks like an order and fails stays an error
with its column. The machinery is the Diplomacy parser's (:mod:`adjudicator.parsing`, "Conversation
and remarks"); this module gives it the A&A vocabulary and the forms of reports (:func:`_narration`,
:func:`_prose`). Remarks in brackets are dropped except the language's flags and stated costs
(:meth:`_Parser.note_kind`), a remark after a complete order is dropped, and a mistyped name is
read only when one name fits, and said (``ParsedOrder.notes``). What real posts look like, and how
much of them is understood, is measured against ``tests/axis_allies/corpus/``.

Only syntax and names are checked here; the rules are the validator's business. The machinery
shared with the Diplomacy parser (error wording, suggestions, the Lark wrapper) lives in
:mod:`adjudicator.parsing`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from difflib import SequenceMatcher
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.orders import (
    AdvantageOrder,
    BattleInstruction,
    LandingPlan,
    Move,
    Order,
    Pass,
    Placement,
    Purchase,
    Research,
    RocketStrike,
    Salt,
    StandingOrders,
    TransportMove,
    TransportStep,
    TurnScript,
    UnitCount,
    merge_counts,
    region_text,
    units_text,
)
from adjudicator.errors import IgnoredLine, OrderError, ParsedOrder, ParseResult
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
    strip_notes,
    wordish,
    words_for,
)
from adjudicator.record import field, record
from adjudicator.suggest import Suggester, TypoIndex, normalize

__all__ = ["build_script", "parse_turn", "parse_turn_script"]

# TurnScript field each order lands in (``ParsedOrder.section``).
SECTIONS = ("purchases", "combat_moves", "noncombat_moves", "landings", "placements",
            "standing", "battles", "salt", "pass", "research", "rockets", "advantages")


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------

_MAX_NAME_TOKENS = 7
_MIN_PREFIX = 4
# Short forms of the powers in game reports and forum threads ("GE left with 2 infantry",
# "R allocated 1 inf", "IPC board: RU 7, GE 12").
_REPORT_ABBREVIATIONS = frozenset({"ru", "ge", "uk", "ja", "jp", "us", "usa", "su", "g", "r",
                                   "j", "e"})


class _NameTable:
    """Every spelling of every region and unit of one edition (:class:`NameIndex` each)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.regions = NameIndex()
        self.units = NameIndex()
        for r in edition.map:
            for label in (r.id, r.name, r.triplea_name, *r.aliases):
                # sea zones are never suggested: "sz 5" is written by number
                self.regions.add(label, r.id, display=None if r.is_sea else r.name)
        for u in edition.units:
            for label in (u.id, u.name, u.plural, u.triplea_name, *u.aliases):
                self.units.add(label, u.id, display=u.name)

        # A mistyped name is read only when one name surely fits (suggest.TypoIndex), and it
        # is read by swapping in the shortest spelling the parser knows, which must not be
        # longer than what the player typed (columns stay true): "Germny" -> "Ger".
        self.region_typos, self.unit_typos = TypoIndex(min_length=4), TypoIndex(min_length=4)
        self.short: dict[str, str] = {}
        for kind, index, typos in (("REGION", self.regions, self.region_typos),
                                   ("UNIT", self.units, self.unit_typos)):
            for key, ident in index.compact.items():
                # abbreviations are no typo targets: "turn" is not a slip of "trn"
                if not key.startswith("sz") and len(key) >= 5:
                    typos.add(key, ident)
                if ident not in self.short or len(key) < len(self.short[ident]):
                    self.short[ident] = key
        self.display = {r.id: r.name for r in edition.map} | {u.id: u.name for u in edition.units}

        # Who may be the subject of a sentence in a game report ("Germany sinks Soviet sub",
        # "GE left with 2 infantry"): powers by name, alias and the short forms of reports.
        powers = {normalize(w) for p in edition.setup.powers.values()
                  for w in (p.id, p.name, *p.aliases)}
        self.subjects = frozenset(powers | _REPORT_ABBREVIATIONS)
        self.vocabulary: frozenset[str] = frozenset()  # set by the parser (needs keywords)

    def typo(self, words: list[tuple[str, int]], start: int, kinds: Collection[str]
             ) -> Reading | None:
        """The sure reading of a mistyped name made of the first ``k`` of ``words`` (longest
        first), or None when no run of words is one slip from exactly one name."""
        indexes = [i for k, i in (("REGION", self.region_typos), ("UNIT", self.unit_typos))
                   if k in kinds]
        for k in range(len(words), 0, -1):
            typed = " ".join(w for w, _ in words[:k])
            found: set[str] = set()
            for index in indexes:
                found |= index.lookup(typed)
            if len(found) == 1:
                ident = found.pop()
                short = self.short[ident]
                end = words[k - 1][1]
                if len(short) > end - start:
                    return None  # no spelling short enough to swap in: only a suggestion
                return Reading(start, end, short, f"{typed!r} read as {self.display[ident]}")
            if found:
                return None  # several names fit: only a suggestion
        return None

    def sea_zone(self, number: str) -> str | None:
        if len(number) > 4:  # no board has that many; int() of a huge string is slow or fails
            return None
        rid = f"sz{int(number)}"
        return rid if rid in self.edition.map.regions else None

    def region_name(self, rid: str) -> str:
        return self.edition.map.regions[rid].name


# --------------------------------------------------------------------------------------------
# Post-lexer
# --------------------------------------------------------------------------------------------


_SZ_WORD = re.compile(r"(?:sz|seazone)(\d+)", re.IGNORECASE)
_ARROWS = {"_ARROW_DASH", "_ARROW_ARROW", "_ARROW_FAT", "_ARROW_RARROW", "_ARROW_ENDASH",
           "_ARROW_EMDASH", "_TO", "_INTO", "_VIA"}
_STEP_STARTS = _ARROWS | {"_LOAD", "_CARRY", "UNLOAD", "BOMBARD", "_WITH"}
# tokens after which ">" is an arrow, not "more than" (issue 10: "inf Karelia > Archangel")
_ARROW_AFTER = {"REGION", "UNIT", "UNLOAD", "_SEMI", "_STEPCOMMA"}


def _low(tok: Token | None) -> str:
    return tok.value.casefold() if tok is not None else ""


class _NamePostLexer(NamePostLexer):
    """Lark post-lexer that knows the edition's names (module docstring, layer 2)."""

    table: _NameTable

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        toks = list(stream)
        if toks and toks[0].type == "RESEARCH":
            yield from _research_tokens(toks)
            return
        lead = _advantage_token(toks)
        if lead is not None:  # "Chinese Divisions: China": the name is one ADVANTAGE token
            toks = [lead[0], *toks[lead[1]:]]
        elif toks and toks[0].type == "_STANDING_STANDING":  # "standing: Salvaged Tank: no"
            k = 1
            while k < len(toks) and toks[k].type in ("_STANDING_ORDERS", "_COLON"):
                k += 1
            after = _advantage_token(toks[k:])
            if after is not None:
                toks = [*toks[:k], after[0], *toks[k + after[1]:]]
        out: list[Token] = []
        i = 0
        depth = 0
        while i < len(toks):
            tok = toks[i]
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if tok.type == "_LPAR":
                depth += 1
            elif tok.type == "_RPAR":
                depth = max(0, depth - 1)
            sz = self._sea_zone(toks, i)
            if sz is not None:
                rid, j = sz
                out.append(span_token("REGION", rid, tok, toks[j - 1]))
                i = j
                continue
            if tok.type == "_COMMA" and depth == 0 and nxt is not None \
                    and (nxt.type in _STEP_STARTS
                         or nxt.type == "CMP_GT" and out and out[-1].type == "REGION"):
                out.append(Token.new_borrow_pos("_STEPCOMMA", tok.value, tok))
                i += 1
                continue
            if tok.type == "CMP_GT" and out and out[-1].type in _ARROW_AFTER:
                # "inf Karelia > Archangel": after a name ">" is an arrow; in a retreat
                # condition ("if units > 3") it follows a keyword and stays a comparison
                out.append(Token.new_borrow_pos("_ARROW_ARROW", tok.value, tok))
                i += 1
                continue
            if wordish(tok):
                m = self._match(toks, i)
                if m is not None:
                    kind, rid, j = m
                    if kind == "REGION":
                        j = self._complex_word(toks, j, rid)
                    out.append(span_token(kind, rid, tok, toks[j - 1]))
                    i = j
                    continue
            out.append(tok)
            i += 1
        yield from out

    def _complex_word(self, toks: list[Token], j: int, rid: str) -> int:
        """``Karelia IC``, ``Germany factory``, ``Russia industrial complex``: a land
        territory's name followed by a word for its complex means the territory (the
        complex is in it); the end index, past those words."""
        if not self.table.edition.map.is_land(rid):
            return j
        words = [_low(t) for t in toks[j:j + 2]]
        if words[:1] in (["ic"], ["factory"], ["complex"]):
            return j + 1
        if words == ["industrial", "complex"]:
            return j + 2
        return j

    def _sea_zone(self, toks: list[Token], i: int) -> tuple[str, int] | None:
        """``sz 7``, ``SZ7``, ``sea zone 7``, ``7 sea zone``, ``7 sz``: (region id, end index)."""
        t = toks[i]
        get = (lambda k: toks[k] if k < len(toks) else None)
        number: Token | None = None
        end = i
        dash = (lambda k: get(k) is not None and get(k).type == "_ARROW_DASH"
                and get(k + 1) is not None and get(k + 1).type == "NUMBER"
                and get(k - 1).end_pos == get(k).start_pos == get(k + 1).start_pos - 1)
        if t.type == "WORD" and (m := _SZ_WORD.fullmatch(t.value)):
            number, end = t, i + 1
            digits = m.group(1)
        elif _low(t) in ("sz", "seazone") and dash(i + 1):  # "sz-14", "Seazone-4"
            number, end, digits = get(i + 2), i + 3, get(i + 2).value
        elif _low(t) == "sea" and _low(get(i + 1)) == "zone" and dash(i + 2):  # "Sea zone-8"
            number, end, digits = get(i + 3), i + 4, get(i + 3).value
        elif _low(t) == "sz" and get(i + 1) is not None and get(i + 1).type == "NUMBER":
            number, end, digits = get(i + 1), i + 2, get(i + 1).value
        elif (_low(t) == "sea" and _low(get(i + 1)) == "zone" and get(i + 2) is not None
              and get(i + 2).type == "NUMBER"):
            number, end, digits = get(i + 2), i + 3, get(i + 2).value
        elif t.type == "NUMBER" and _low(get(i + 1)) == "sz":
            number, end, digits = t, i + 2, t.value
        elif t.type == "NUMBER" and _low(get(i + 1)) == "sea" and _low(get(i + 2)) == "zone":
            number, end, digits = t, i + 3, t.value
        if number is None:
            return None
        rid = self.table.sea_zone(digits)
        if rid is None:
            count = len(self.table.edition.map.sea_zones)
            shown = digits.lstrip("0")[:6] or "0"
            shown += "..." if len(digits.lstrip("0")) > 6 else ""
            raise LocatedError(t.column, f"there is no sea zone {shown} "
                                f"(sea zones are numbered 1 to {count})",
                                expected=("a territory or sea zone",))
        return rid, end

    def _match(self, toks: list[Token], i: int) -> tuple[str, str, int] | None:
        """Longest unit or region name starting at ``toks[i]``: (token type, id, end index).

        A lone keyword is never a name ("land", "bomb"); keywords may sit inside a longer name
        ("Union of South Africa", "Sea Zone").
        """
        # "Anglo-Egypt", "u-boat": a hyphen inside a name.
        words, spans = name_chunks(toks, i, "_ARROW_DASH", _MAX_NAME_TOKENS)
        first_is_keyword = toks[i].type != "WORD"
        for end, n, plain_words in reversed(spans):
            if first_is_keyword and end - i == 1:
                continue
            key = tuple(words[:n])
            nohyphen = tuple(c for c in key if c != "-")
            compact = "".join(nohyphen)
            for kind, index in (("UNIT", self.table.units), ("REGION", self.table.regions)):
                rid = index.find(key)
                if rid is None and plain_words and end - i > 1:
                    rid = index.find_compact(compact)  # "Trans Jordan" for "TransJordan"
                if rid is not None:
                    return kind, rid, end
        # Unique prefixes, plain words only ("Archan", "West Rus", "Infan").
        for end, n, plain_words in reversed(spans):
            if not plain_words:
                continue
            compact = "".join(c for c in words[:n] if c != "-")
            unit = self.table.units.prefix(compact, _MIN_PREFIX)
            region = self.table.regions.prefix(compact, _MIN_PREFIX)
            if unit and not region:
                return "UNIT", unit, end
            if region and not unit:
                return "REGION", region, end
        return None


# Weapons development (Revised digest A5.1): the technology's name is folded into one TECH
# token, whatever words it is made of ("heavy bombers" is no unit list here).
_DICE_WORDS = frozenset({"dice", "die", "dices", "roll", "rolls", "rd", "rds"})
_X_COUNT = re.compile(r"x(\d{1,4})", re.IGNORECASE)
_TECH_STOPS = frozenset({"_COMMA", "_LPAR", "_EQ", "_WITH", "_COLON", "_SEMI"})


class _TechNames:
    """Every spelling of every technology (name, key, aliases, chart number)."""

    def __init__(self) -> None:
        from adjudicator.axis_allies.techs import ALL

        self.by_spelling: dict[str, str] = {}
        display: dict[str, str] = {}
        for t in ALL:
            for label in (t.key, t.name, *t.aliases, str(t.number)):
                self.by_spelling.setdefault(normalize(label), t.key)
                if not label.isdigit():
                    display[label] = t.name
        self.suggester = Suggester(display)

    def find(self, phrase: str) -> str | None:
        return self.by_spelling.get(normalize(phrase))


_TECHS: list[_TechNames] = []


def _tech_names() -> _TechNames:
    if not _TECHS:
        _TECHS.append(_TechNames())
    return _TECHS[0]


def _research_tokens(toks: list[Token]) -> list[Token]:
    """A research statement's tokens: RESEARCH, an optional ':', the technology as one TECH
    token (its key), then the dice: "3 dice", "x2", "2x", a cost note."""
    out = [toks[0]]
    i = 1
    if i < len(toks) and toks[i].type == "_COLON":
        out.append(toks[i])
        i += 1
    j = i
    while j < len(toks):
        t = toks[j]
        low = t.value.casefold()
        if j > i and (t.type in _TECH_STOPS or t.type == "NUMBER" or low in _DICE_WORDS
                      or _X_COUNT.fullmatch(t.value) or t.type == "_X"):
            break
        if j == i and t.type in _TECH_STOPS:
            break
        j += 1
        if j - i == 1 and t.type == "NUMBER":
            break  # "research 6, 3 dice": the chart number alone
    if j > i:
        first, last = toks[i], toks[j - 1]
        phrase = " ".join(x.value for x in toks[i:j])
        names = _tech_names()
        key = names.find(phrase)
        if key is None:
            suggestions = tuple(names.suggester.suggest(phrase))
            raise LocatedError(first.column, f"unknown technology {phrase!r}",
                               expected=(_EXPECT_WORDS["TECH"],), suggestions=suggestions)
        out.append(span_token("TECH", key, first, last))
    for t in toks[j:]:
        m = _X_COUNT.fullmatch(t.value) if t.type == "WORD" else None
        if m is not None:  # "x2": 'x' and 2
            out.append(Token("_X", "x", t.start_pos, t.line, t.column, t.line, t.column + 1,
                             t.start_pos + 1))
            out.append(Token("NUMBER", m[1], t.start_pos + 1, t.line, t.column + 1,
                             t.end_line, t.end_column, t.end_pos))
        elif t.type == "WORD" and t.value.casefold() in _DICE_WORDS:
            out.append(Token.new_borrow_pos("DICE", t.value, t))
        else:
            out.append(t)
    return out


# National Advantages (Revised digest A7): an order opens with the advantage's name or key,
# folded into one ADVANTAGE token ("Chinese Divisions", "chinese_divisions", "Lend-Lease").
_ADV_MAX_WORDS = 4
_ADV_WORD = re.compile(r"[^\W_]+")


class _AdvantageNames:
    """Every spelling of every National Advantage (name, key)."""

    def __init__(self) -> None:
        from adjudicator.axis_allies.advantages import ALL

        self.by_spelling: dict[str, str] = {}
        display: dict[str, str] = {}
        for a in ALL:
            for label in (a.key, a.name):
                self.by_spelling.setdefault(normalize(label), a.key)
                display[label] = a.name
        self.suggester = Suggester(display)
        self.names = tuple(a.name for a in ALL)

    def find(self, phrase: str) -> str | None:
        return self.by_spelling.get(normalize(phrase))

    def lead(self, line: str) -> bool:
        """Whether ``line`` opens with an advantage's name."""
        words = _ADV_WORD.findall(line[:80])
        return any(self.find(" ".join(words[:k])) for k in range(1, _ADV_MAX_WORDS + 1)
                   if k <= len(words))

    def typo(self, line: str) -> tuple[str, list[str]] | None:
        """``Chinese Divison: China``: the words before the colon, when they are no known
        name but close to an advantage's (the names suggested)."""
        m = _ADV_TYPO.match(line)
        if m is None or self.find(m["name"]):
            return None
        # as many words as the name, and nearly its letters: "Russia:" (a write-up's
        # placement) is no misspelt "Russian Winter"
        words = len(_ADV_WORD.findall(m["name"]))
        phrase = normalize(m["name"])
        close = [name for name in self.names
                 if len(_ADV_WORD.findall(name)) == words
                 and SequenceMatcher(None, phrase, normalize(name)).ratio() >= _ADV_CLOSE]
        return (m["name"].strip(), close[:2]) if close else None


_ADV_CLOSE = 0.85  # how alike a misspelt name and the advantage's must be (difflib ratio)
_ADV_TYPO = re.compile(r"^\s*(?P<name>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,3})\s*:")
_ADVANTAGES: list[_AdvantageNames] = []


def _advantage_names() -> _AdvantageNames:
    if not _ADVANTAGES:
        _ADVANTAGES.append(_AdvantageNames())
    return _ADVANTAGES[0]


def _a_known_name(p: Any, phrase: str) -> bool:
    """Whether ``phrase`` is a region, unit or power the edition knows ("Russia" before a
    colon is a placement's territory, not a misspelt "Russian Winter")."""
    key = "".join(ch for ch in normalize(phrase) if ch.isalnum())
    return bool(p.table.regions.find_compact(key) or p.table.units.find_compact(key)
                or normalize(phrase) in p.table.subjects)


def _advantage_token(toks: list[Token]) -> tuple[Token, int] | None:
    """An advantage's name at the start of a statement: its ADVANTAGE token (the key) and
    the index of the token after it; the longest name wins."""
    names = _advantage_names()
    best = None
    for j in range(1, min(len(toks), 2 * _ADV_MAX_WORDS) + 1):
        if not all(wordish(t) or t.type == "_ARROW_DASH" for t in toks[:j]):
            break
        key = names.find(" ".join(t.value for t in toks[:j]))
        if key is not None:
            best = (span_token("ADVANTAGE", key, toks[0], toks[j - 1]), j)
    return best


# --------------------------------------------------------------------------------------------
# Transformer
# --------------------------------------------------------------------------------------------


@record
class _Body:
    """What one statement body said, before the section decides what it means."""

    kind: str  # units | groups | moves | landing | purchase | policy | battle
    orders: list = field(default_factory=list)
    units: tuple[UnitCount, ...] = ()
    groups: list = field(default_factory=list)
    cost: int | None = None
    fields: dict = field(default_factory=dict)
    raid: bool = False  # a raid/attack: always a combat move
    fallbacks: tuple[str, ...] = ()  # "-> Germany or Russia": landing fallbacks
    region_first: bool = False  # "Caucasus: 2 infantry" (a write-up's placement line)


_WORD_NUMBERS = {"a": 1, "an": 1, "one": 1}


def _tok_col(tok: Any) -> int:
    return getattr(tok, "column", 1) or 1


class _Builder(Transformer):
    """Tree -> header info and :class:`_Body`. Checks only what the words themselves say."""

    def __init__(self, table: _NameTable) -> None:
        super().__init__()
        self.table = table

    # -- names and units ------------------------------------------------------------------
    def region(self, c: list[Any]) -> Token:
        return c[0]  # keep the token: its column is needed for errors

    def unit_count(self, c: list[Any]) -> tuple[UnitCount, Token]:
        unit_tok = c[-1]
        n = int(c[0]) if len(c) == 2 else 1
        if n < 1:
            raise LocatedError(_tok_col(c[0]), "a unit count must be at least 1")
        return UnitCount(unit_tok.value, n), unit_tok

    def units(self, c: list[Any]) -> tuple[UnitCount, ...]:
        return merge_counts(uc for uc, _ in c)

    def group(self, c: list[Any]) -> tuple[tuple[UnitCount, ...], str]:
        return c[0], c[1].value

    def group_from(self, c: list[Any]) -> tuple[tuple[UnitCount, ...], str, Token]:
        """``1 dd sz 5 from Karelia``: units, where they go, and the territory whose complex
        places them (kept as a token: only a placement may say it, see :meth:`_plain`)."""
        complex_ = c[2]
        if self.table.edition.map.is_sea(complex_.value):
            raise LocatedError(complex_.column, "an industrial complex is on land: name its "
                                "territory ('place 1 dd sz 5 from Karelia'), not a sea zone",
                                expected=("a territory",))
        return c[0], c[1].value, complex_

    def group_list(self, c: list[Any]) -> list:
        return list(c)

    def _plain(self, groups: list) -> list:
        """Groups of a move, raid, attack or landing never name a complex: ``from Karelia``
        after a group's region is how a placement at sea names its complex."""
        for g in groups:
            if len(g) == 3:
                raise LocatedError(g[2].column, _ERR_FROM_OUTSIDE_PLACEMENT.format(
                    self.table.region_name(g[2].value)), expected=("'->'",))
        return groups

    # -- headers --------------------------------------------------------------------------
    def sec_purchase(self, c):
        return ("purchase", None)

    def sec_combat(self, c):
        return ("combat", None)

    def sec_noncombat(self, c):
        return ("noncombat", None)

    def sec_landing(self, c):
        return ("landing", None)

    def sec_place(self, c):
        return ("place", None)

    def sec_standing(self, c):
        return ("standing", None)

    def sec_battle(self, c):
        return ("battle", c[0].value)

    def header_open(self, c):
        return (c[0], False)

    def header_colon(self, c):
        return (c[0], True)

    def only_header(self, c):
        return c[0], None

    def header_body(self, c):
        return c[0], c[1]

    def only_body(self, c):
        return None, c[0]

    # -- purchase and placement -------------------------------------------------------------
    def cost_note(self, c):
        return int(c[0])

    def units_only(self, c):
        return _Body("units", units=c[0], cost=c[1] if len(c) > 1 else None)

    def groups_at(self, c):
        return _Body("groups", groups=c[0])

    def repair(self, c):
        region, number = (c[0], c[1]) if isinstance(c[0], Token) and c[0].type == "REGION" \
            else (c[1], c[0])
        return _Body("purchase", orders=[Purchase(repairs={region.value: int(number)})])

    # -- movement -------------------------------------------------------------------------
    def step_move(self, c):
        return ("move", c[0])

    def step_load(self, c):
        return ("load", c[0], c[1] if len(c) > 1 else None)

    def step_carry(self, c):
        return ("carry", c[0], c[1] if len(c) > 1 else None)

    def step_unload(self, c):
        kw, rest = c[0], c[1:]
        units = rest[0] if rest and not isinstance(rest[0], Token) else ()
        region = rest[-1] if rest and isinstance(rest[-1], Token) else None
        return ("unload", units, region, kw)

    def step_via(self, c):
        return ("via", c[0])

    def step_bombard(self, c):
        return ("bombard", c[1])

    def step_raid(self, c):
        return ("raid", c[-1])

    def step_amphib(self, c):
        return ("amphib", c[-1])

    def step_with(self, c):
        return ("with", c[0])

    def flag(self, c):
        t = c[0].type
        return {"FLAG_BOMB": "bomb", "FLAG_SBR": "bomb", "FLAG_RAID": "bomb", "FLAG_SEA": "sea",
                "LAND": "land", "BOMBARD": "bombard", "FLAG_KAMIKAZE": "kamikaze"}[t], c[0]

    def flag_landing(self, c):
        return "landing", None

    def flags(self, c):
        return ("flags", list(c))

    def fallbacks(self, c):
        return ("fallbacks", [t.value for t in c])

    def move(self, c):
        groups = self._plain(c[0])
        rest = c[1:]
        flags = rest[-1][1] if rest and rest[-1][0] == "flags" else []
        fallbacks = next((s[1] for s in rest if s[0] == "fallbacks"), [])
        steps = [s for s in rest if s[0] not in ("flags", "fallbacks")]
        if any(s[0] in ("load", "carry", "unload", "amphib") for s in steps):
            if fallbacks:
                raise LocatedError(1, "fallback spots ('or ...') are for aircraft landing "
                                    "plans, not for transports")
            return _Body("moves", orders=[self._transport(groups, steps, flags)])
        return _Body("moves", orders=[self._move(units, origin, steps, flags)
                                      for units, origin in groups],
                     fallbacks=tuple(fallbacks))

    def move_no_origin(self, c):
        """``2 inf -> Karelia``: the referee never guesses which units are meant, so the
        message names the start that is missing and, for land or sea units, the regions a
        one-step move could come from."""
        units = c[0]
        dest = next(t for t in c[1:] if isinstance(t, Token))
        ed = self.table.edition
        specs = [ed.units[u.unit] for u in units]
        what = " ".join(f"{u.count} {u.unit.replace('_', ' ')}" for u in units)
        message = (f"say where the units start: '{what} <territory or sea zone> -> "
                   f"{self.table.region_name(dest.value)}'")
        near: list[str] = []
        if all(s.is_land for s in specs):
            near = sorted(ed.map.region(r).name for r in ed.map.neighbours(dest.value)
                          if ed.map.is_land(r) and not ed.map.region(r).impassable)
        elif all(s.is_sea for s in specs):
            near = sorted((r for r in ed.map.neighbours(dest.value) if ed.map.is_sea(r)),
                          key=lambda r: int(r[2:]) if r[2:].isdigit() else 0)
            near = [f"sz {r[2:]}" for r in near]
        if near:
            message += "; one move away: " + ", ".join(near)
        raise LocatedError(1, message, expected=("a territory or sea zone",))

    def _flag_values(self, flags) -> tuple[bool, str | None, bool]:
        names = [f for f, _ in flags]
        if "sea" in names and "land" in names:
            tok = next(t for f, t in flags if f == "land")
            raise LocatedError(tok.column, "an aircraft joins either the sea battle or the "
                                "land battle, not both")
        joins = "sea" if "sea" in names else "land" if "land" in names else None
        return "bomb" in names, joins, "bombard" in names

    def _move(self, units, origin, steps, flags) -> Move:
        path = [origin]
        cargo: tuple[UnitCount, ...] = ()
        target = None
        # "A -> C via B": a "via" right after a leg goes before that leg's end (index
        # ``anchor``); a "via" anywhere else is one more region on the way ("A via B -> C").
        anchor: int | None = None
        for s in steps:
            if s[0] in ("move", "via"):
                if target is not None:
                    raise LocatedError(s[1].column, "bombardment ends a ship's move: put "
                                        "'bombard' after the last sea zone")
                if s[0] == "via" and anchor is not None:
                    path.insert(anchor, s[1].value)
                    anchor += 1
                else:
                    path.append(s[1].value)
                    anchor = len(path) - 1 if s[0] == "move" else None
            elif s[0] == "with":
                cargo = merge_counts(cargo + s[1])
                anchor = None
            elif s[0] == "bombard":
                target = s[1].value
            elif s[0] == "raid":  # "bmr Germany: strategic bombing raid on Russia"
                path.append(s[1].value)
                anchor = None
                flags = [*flags, ("bomb", s[1])]
        if len(path) > 1 and steps and steps[-1][0] == "via" and anchor is None:
            raise LocatedError(steps[-1][1].column, "'via' names a region on the way: say "
                                "where the units go too ('Ukraine -> West Russia via "
                                "Belorussia')", expected=("'->'",))
        bombing, joins, bombard = self._flag_values(flags)
        landing = any(f == "landing" for f, _ in flags)
        kamikaze = any(f == "kamikaze" for f, _ in flags)
        if landing:
            ed = self.table.edition
            if not all(ed.units[u.unit].carrier_capacity for u in units):
                raise LocatedError(1, "'(for landing)' declares a carrier's noncombat move "
                                    "for fighter landings: name only the carriers "
                                    "('1 cv sz 51 -> sz 49 (for landing)')")
            if len(path) < 2 or cargo or bombing or joins or bombard or target or kamikaze:
                raise LocatedError(1, "'(for landing)' needs the carrier's start and end "
                                    "('1 cv sz 51 -> sz 49 (for landing)') and no other "
                                    "flag, cargo or bombardment")
        return Move(units=units, path=tuple(path), path_given=len(path) > 2, bombing=bombing,
                    air_joins=joins, bombard=bombard or target is not None,
                    bombard_target=target, cargo=cargo, for_landing=landing,
                    kamikaze=kamikaze)

    def _transport(self, groups, steps, flags) -> TransportMove:
        if len(groups) > 1:
            raise LocatedError(1, "name one group of transports per line when loading or "
                                "unloading (give the other group its own line)")
        if flags:
            raise LocatedError(flags[0][1].column if flags[0][1] is not None else 1,
                                "flags such as (bomb) or (sea) belong on "
                                "moves, not on a transport's load/unload line")
        transports, at = groups[0]
        carried: list[TransportStep] = []
        out: list[TransportStep] = []
        cargo: tuple[UnitCount, ...] = ()
        zone = at.value if isinstance(at, Token) else at
        last_was_move = False
        for s in steps:
            kind = s[0]
            if kind == "via" and last_was_move:
                # "-> sz 7 via sz 6": sz 6 comes before the zone just named
                out.insert(len(out) - 1, TransportStep("move", s[1].value))
                continue
            last_was_move = kind == "move"
            if kind in ("move", "via"):
                zone = s[1].value
                out.append(TransportStep("move", s[1].value))
            elif kind in ("load", "carry"):
                if s[2] is None:
                    raise LocatedError(1, "say where the units are loaded from: "
                                        "'load 2 inf Germany'", expected=("a territory",))
                step = TransportStep("load", s[2].value, s[1])
                (carried if kind == "carry" else out).append(step)
            elif kind == "amphib":  # "amphibious assault on Norway": unload everything there
                out.append(TransportStep("unload", s[1].value))
            elif kind == "unload":
                if s[2] is None:
                    raise LocatedError(s[3].column, self._unload_where(zone),
                                       expected=("a territory",))
                out.append(TransportStep("unload", s[2].value, s[1]))
            elif kind == "with":
                cargo = merge_counts(cargo + s[1])
            elif kind == "raid":
                raise LocatedError(s[1].column, "a bombing raid is flown by bombers, not by "
                                    "transports: give the bombers their own line")
            else:  # bombard
                raise LocatedError(s[1].column, "give shore bombardment on the warship's own "
                                    "line: 'bb sz 5 bombard Karelia'")
        # "carrying" cargo is picked up before the transport sails (see docs/aa-orders.md).
        return TransportMove(transports=transports, transport_at=at,
                             steps=tuple(carried + out), cargo=cargo)

    def _unload_where(self, zone: str) -> str:
        """Units always go ashore into a named territory (one per transport per turn, p.15):
        "unload" alone is never guessed. The message lists the coast the transport is on."""
        ed = self.table.edition
        coast = sorted(ed.map.region(r).name for r in ed.map.neighbours(zone)
                       if ed.map.is_land(r) and not ed.map.region(r).impassable)
        where = ("; " + self.table.region_name(zone) + " borders " + ", ".join(coast)
                 if coast else "")
        return ("say where the units go ashore: 'unload Karelia' (a territory bordering the "
                f"transport's last sea zone){where}")

    def region_move(self, c):
        """``Caucasus into Ukraine: 3 infantry, 1 armor``: the path first, then the units."""
        path = [t for t in c if isinstance(t, Token)]
        units = next(x for x in c if isinstance(x, tuple) and x and isinstance(x[0], UnitCount))
        flags = next((x[1] for x in c if isinstance(x, tuple) and x and x[0] == "flags"), [])
        steps = [("move", t) for t in path[1:]]
        return _Body("moves", orders=[self._move(units, path[0].value, steps, flags)])

    def region_units(self, c):
        """``Caucasus: 2 infantry``: a placement under "Mobilize", nothing elsewhere."""
        return _Body("groups", groups=[(c[1], c[0].value)], region_first=True)

    def _air(self, units: tuple[UnitCount, ...], column: int, what: str) -> None:
        if not all(self.table.edition.units[u.unit].is_air for u in units):
            raise LocatedError(column, f"only aircraft {what}: land units and ships move with "
                                "'->' ('2 inf Germany -> Karelia')")

    def landing_prose(self, c):
        """``1 fighter lands in Caucasus``: the landing plan ``land 1 fighter: Caucasus``."""
        units, verb, region = c[0], c[1], c[-1]
        self._air(units, verb.column, "land")
        return _Body("landing", orders=[LandingPlan(units, region.value)])

    def landing_prose_from(self, c):
        groups, verb, region = self._plain(c[0]), c[1], c[-1]
        if len(groups) > 1:
            raise LocatedError(1, "one landing plan per line: give each group its own line")
        units, origin = groups[0]
        self._air(units, verb.column, "land")
        return _Body("landing", orders=[LandingPlan(units, region.value, (), origin)])

    def stay(self, c):
        """``fighter stays in West Russia``: aircraft land where they are (a landing plan);
        other units that stay need no order at all."""
        units, region = c[0], c[-1]
        if all(self.table.edition.units[u.unit].is_air for u in units):
            return _Body("landing", orders=[LandingPlan(units, region.value, (), region.value)])
        return _Body("nothing")

    def amphib_from(self, c):
        """``1 tt, 2 inf amphibious assault on Norway from sz 5``: the transports unload their
        cargo there. Without the transports named it is an error: the referee does not pick
        which transports the player meant."""
        units, target, zone = c[0], c[2], c[3]
        ed = self.table.edition
        transports = tuple(u for u in units if ed.units[u.unit].transport_capacity)
        if not transports:  # ships an effect lets carry land units (Tokyo Express destroyers)
            transports = tuple(u for u in units if ed.units[u.unit].is_sea)
        cargo = tuple(u for u in units if u not in transports)
        if not transports:
            raise LocatedError(1, "name the transports that carry them: '1 tt "
                                f"{region_text(zone.value)} with "
                                f"{units_text(units)}: amphibious assault on "
                                f"{self.table.region_name(target.value)}'",
                                expected=("a transport",))
        return _Body("moves", orders=[TransportMove(
            transports=transports, transport_at=zone.value,
            steps=(TransportStep("unload", target.value),), cargo=cargo)])

    def raid(self, c):
        target = c[1].value
        return _Body("moves", raid=True, orders=[
            Move(units=u, path=(origin, target), bombing=True)
            for u, origin in self._plain(c[2])])

    def attack(self, c):
        target = c[0].value
        flags = c[2][1] if len(c) > 2 else []
        bombing, joins, bombard = self._flag_values(flags)
        kamikaze = any(f == "kamikaze" for f, _ in flags)
        return _Body("moves", raid=True, orders=[
            Move(units=u, path=(origin, target), bombing=bombing, air_joins=joins,
                 bombard=bombard, kamikaze=kamikaze) for u, origin in self._plain(c[1])])

    # -- landing ----------------------------------------------------------------------------
    def target(self, c):
        region = c[-1]
        if len(c) == 2:
            unit: Token = c[0]
            if not self.table.edition.units[unit.value].carrier_capacity:
                raise LocatedError(unit.column, "aircraft land in a territory or on a carrier: "
                                    f"a {self.table.edition.units[unit.value].name} is no "
                                    "landing spot")
            if not self.table.edition.map.is_sea(region.value):
                raise LocatedError(region.column, "a carrier is in a sea zone, not in "
                                    f"{self.table.region_name(region.value)}")
        return region.value

    def targets(self, c):
        return list(c)

    def landing(self, c):
        groups, targets = self._plain(c[0]), c[1]
        if len(groups) > 1:
            raise LocatedError(1, "one landing plan per line: give each group its own line")
        units, origin = groups[0]
        return _Body("landing", orders=[LandingPlan(units, targets[0], tuple(targets[1:]),
                                                    origin)])

    def landing_no_origin(self, c):
        units, targets = c
        return _Body("landing", orders=[LandingPlan(units, targets[0], tuple(targets[1:]))])

    # -- policies ---------------------------------------------------------------------------
    @staticmethod
    def _keep_count(tok: Token) -> int:
        m = re.search(r"\d+", tok.value)
        if m:
            return int(m.group())
        return 1

    def loss_item(self, c):
        return c[0]

    def loss_line(self, c):
        fields: dict[str, Any] = {}
        order: list[str] = []
        for tok in c:
            if tok.type == "UNIT":
                if tok.value not in order:
                    order.append(tok.value)
            elif tok.type == "BBFIRST":
                fields["battleship_first_hit"] = True
            else:
                fields["keep_land_units"] = self._keep_count(tok)
        fields["order_of_loss"] = tuple(order)
        return _Body("policy", fields=fields)

    def bb_first(self, c):
        value = True
        for tok in c:
            if tok.type == "FLAG_NO":
                value = False
        return _Body("policy", fields={"battleship_first_hit": value})

    def keep_land(self, c):
        return _Body("policy", fields={"keep_land_units": self._keep_count(c[0])})

    def submerge(self, c):
        if c[0].type == "UNIT" and not self.table.edition.units[c[0].value].submarine:
            raise LocatedError(c[0].column, "only submarines submerge")
        word = c[-1].type
        policy = {"ALWAYS": "always", "NEVER": "never"}.get(word, "when-outnumbered")
        return _Body("policy", fields={"submerge": policy})

    def reland(self, c):
        regions = tuple(dict.fromkeys(tok.value for tok in c))
        return _Body("policy", fields={"reland": regions})

    # -- weapons development (Revised digest A5.1) -------------------------------------------
    def dice_count(self, c):
        return int(next(t for t in c if isinstance(t, Token) and t.type == "NUMBER")), c[0]

    def research(self, c):
        from adjudicator.axis_allies.techs import BY_KEY, RESEARCH_DIE_COST

        tech = next(t for t in c if isinstance(t, Token) and t.type == "TECH")
        dice = next((x for x in c if isinstance(x, tuple)), None)
        cost = next((x for x in c if isinstance(x, int)), None)
        if dice is None:
            if cost is None or cost % RESEARCH_DIE_COST or not cost:
                raise LocatedError(tech.end_column, "how many research dice? write "
                                   f"'research {BY_KEY[tech.value].name}, 3 dice' (each die "
                                   f"costs {RESEARCH_DIE_COST} IPC)",
                                   expected=("a number of dice ('3 dice')",))
            count = cost // RESEARCH_DIE_COST  # "research jets (15 ipc)": 3 dice
        else:
            count, where = dice
            if count < 1:
                raise LocatedError(_tok_col(where), "research needs at least one die",
                                   expected=("a number of dice ('3 dice')",))
        return _Body("research", orders=[Research(tech.value, BY_KEY[tech.value].name, count,
                                                  cost)])

    # -- National Advantages (Revised digest A7) -------------------------------------------
    def advantage(self, c):
        from adjudicator.axis_allies.advantages import BY_KEY

        key = c[0].value
        regions = tuple(t.value for t in c[1:] if isinstance(t, Token) and t.type == "REGION")
        units = next((x for x in c[1:] if isinstance(x, tuple)), ())
        if BY_KEY[key].decision == "standing" and BY_KEY[key].standing_move:
            # "Enigma Decoded: 2 inf Trans-Jordan -> Anglo-Egypt": a move decided in advance,
            # kept as its canonical text (a standing order; the advantage checks it)
            if not units or len(regions) != 2:
                name = BY_KEY[key].name
                raise LocatedError(_tok_col(c[0]), f"{name} takes a move, units then where "
                                   "from and where to, or 'no'",
                                   expected=(f"'{name}: 2 inf Trans-Jordan -> Anglo-Egypt'",
                                             f"'{name}: no'"))
            move = (f"{units_text(tuple(units))} {region_text(regions[0])} -> "
                    f"{region_text(regions[1])}")
            return _Body("advantage_choice", orders=[StandingOrders(advantages=((key, move),))])
        return _Body("advantage", orders=[AdvantageOrder(key, BY_KEY[key].name, regions,
                                                         tuple(units))])

    def advantage_choice(self, c):
        """"Salvaged Tank: no": a standing order (yes/always -> "yes", no/never -> "no")."""
        word = c[1].value.lower()
        choice = "yes" if word in ("yes", "always") else "no"
        return _Body("advantage_choice",
                     orders=[StandingOrders(advantages=((c[0].value, choice),))])

    def rocket_to(self, c):
        regions = [t for t in c if isinstance(t, Token) and t.type == "REGION"]
        return _Body("rocket", orders=[RocketStrike(regions[0].value, regions[1].value)])

    rocket_unit = rocket_to

    def rocket_from(self, c):
        regions = [t for t in c if isinstance(t, Token) and t.type == "REGION"]
        return _Body("rocket", orders=[RocketStrike(regions[1].value, regions[0].value)])

    # -- battle instructions ----------------------------------------------------------------
    def le(self, c):
        return "le", c[0] if c else None

    def lt(self, c):
        return "lt", c[0] if c else None

    def ge(self, c):
        return "ge", c[0] if c else None

    def gt(self, c):
        return "gt", c[0] if c else None

    def after_round(self, c):
        n = int(c[0])
        if n < 1:
            raise LocatedError(_tok_col(c[0]), "rounds are counted from 1")
        return {"retreat_after_round": n}

    def units_cond(self, c):
        (op, tok), n = c[0], int(c[1])
        if op == "le":
            return {"retreat_when_units_at_most": n}
        if op == "lt":
            if n < 1:
                raise LocatedError(_tok_col(c[1]), "fewer than 1 unit means none left")
            return {"retreat_when_units_at_most": n - 1}
        raise LocatedError(_tok_col(tok) if tok is not None else 1,
                            "retreat when units fall to a number: use '<=' or '<'",
                            expected=("'<='", "'<'"))

    def loss_cond(self, c):
        (op, tok), n = c[0], int(c[1])
        if op == "gt":
            return {"retreat_when_loss_exceeds_ipc": n}
        if op == "ge":
            return {"retreat_when_loss_exceeds_ipc": max(0, n - 1)}
        raise LocatedError(_tok_col(tok) if tok is not None else 1,
                            "retreat when losses grow past a value: use '>' or '>='",
                            expected=("'>'", "'>='"))

    def retreat_to(self, c):
        return {"retreat_to": c[0].value}

    def retreat(self, c):
        fields: dict[str, Any] = {}
        for part in c:
            fields.update(part)
        return _Body("battle", fields=fields)

    def battle_order(self, c):
        n = int(c[-1])
        if n < 1:
            raise LocatedError(_tok_col(c[-1]), "battle order positions start at 1")
        return _Body("battle", fields={"order": n})

    def engage(self, c):
        value = c[0].type == "ENGAGE"
        if len(c) > 1 and isinstance(c[-1], Token) and c[-1].type in ("YES", "FLAG_NO"):
            value = c[-1].type == "YES"
        return _Body("battle", fields={"engage": value})


# --------------------------------------------------------------------------------------------
# Error wording
# --------------------------------------------------------------------------------------------

# Words of flags in brackets, kept for the grammar: "(bomb)", "(SBR)", "(sea battle)",
# "(for landing)", "(noncombat move)", "(bombard)", "(kamikaze)" (Revised: Japan's Kamikaze
# Attacks).
_FLAG_WORDS = frozenset({"bomb", "sbr", "raid", "sea", "land", "battle", "bombard", "for",
                         "landing", "ncm", "noncombat", "non", "combat", "move", "kamikaze"})
_NOT_NAMES = frozenset({"and", "or", "of", "the"})
_COST_NOTE = re.compile(r"\s*=?\s*\d{1,4}\s*(?:ipcs?|pus?)?\s*", re.IGNORECASE)
# Words of orders that are no keyword of the grammar (a report's "sz", "seazone", "IPC").
_ORDER_WORDS = frozenset({"sz", "seazone", "zone", "move", "moves", "ipc", "ipcs", "pus",
                          "strategic", "bombing", "amphibious", "assault", "invasion", "lands",
                          "returns", "stays", "stay", "remains", "bombards", "bombarding"})
# Words a section label is made of ("Purchase units:", "Combat moves:").
_SECTION_WORDS = frozenset({"purchase", "purchases", "buy", "combat", "noncombat", "place",
                            "placement", "mobilize", "mobilise", "landing", "landings",
                            "units"})

_START_CATEGORIES = {"PURCHASE", "RETREAT"}
_START_WORDS = ("a unit list ('2 inf, 1 art Germany -> Karelia')",
                ("a section header ('buy:', 'combat move:', 'noncombat:', 'land:', 'place:', "
                 "'standing:', 'battle <territory>:')"),
                "an order word ('buy', 'place', 'land', 'repair', 'bomb', 'loss:', 'retreat')")
_EXPECT_WORDS = {
    "REGION": "a territory or sea zone",
    "UNIT": "a unit type",
    "NUMBER": "a number",
    "ARROW": "'->'",
    "TO": "'to'",
    "COLON": "':'",
    "LOAD": "'load'",
    "UNLOAD": "'unload'",
    "CARRY": "'carrying'",
    "BOMBARD": "'bombard'",
    "WITH": "'with'",
    "LPAR": "'('",
    "FLAG": "a flag ('bomb', 'sea', 'land', 'bombard', 'kamikaze')",
    "RPAR": "')'",
    "CMP": "a comparison ('<=', '<', '>', '>=')",
    "ROUND": "'round'",
    "UNITS": "'units'",
    "LOSS": "'loss'",
    "AFTER": "'after'",
    "IF": "'if'",
    "ALWAYS": "'always', 'never' or 'when outnumbered'",
    "YES": "'yes' or 'no'",
    "TECH": "a technology ('jets', 'rockets', 'super subs', 'long-range aircraft', "
            "'combined bombardment', 'heavy bombers', or its number 1-6)",
    "DICE": "'dice'",
    "ADVANTAGE": "a National Advantage's name ('Chinese Divisions')",
    "X": "'x'",
    "$END": "the end of the line",
}


class _Parser(ItemParser):
    """Lark parser + name table for one edition (built once, see :func:`_parser_for`)."""

    incomplete = "line"
    names = known_names = frozenset({"REGION", "UNIT"})

    def __init__(self, edition: Edition) -> None:
        self.table = _NameTable(edition)
        super().__init__("axis_allies", _NamePostLexer(self.table), _Builder(self.table))
        # Every word of the turn language, to tell a report's narration and a forum post's
        # commentary from orders by their words (adjudicator.parsing.Conversation).
        names = {c for key in (*self.table.regions.keys, *self.table.units.keys) for c in key}
        self.name_words = frozenset(names - {"-"}) | {"sz", "seazone"}
        words = self.name_words | self.keywords | self.table.subjects | _ORDER_WORDS
        self.table.vocabulary = frozenset(words)
        self.conversation = Conversation(
            self.table.vocabulary.__contains__, label_words=_SECTION_WORDS,
            subject=self.table.subjects.__contains__)

    def remark(self, text: str) -> bool:
        """What a write-up adds after a complete order ("uncontested, captures Karelia",
        "easily sinks the American transport", "challenges a British carrier"): a judge's
        results remark, or words that open with no order word and hold at least two."""
        if is_result_note(text):
            return True
        words = self.conversation.words(text)
        return bool(words) and not words[0].isdigit() and words[0] not in self.table.vocabulary \
            and _unknown_words(self, text) >= 2

    def note_kind(self, content: str) -> NoteKind:
        """What a bracketed part of a line is (see :func:`adjudicator.parsing.strip_notes`).

        Kept: the flags of the language ("(bomb)", "(SBR)", "(sea battle)", "(for landing)")
        and a stated cost ("(24 IPC)", "(= 24)"), which the grammar reads. Unwrapped: a name
        or unit list in brackets ("3 inf (Germany) -> Karelia"), and the complex a placement
        at sea names ("place 1 tt sz 2 (from United Kingdom)"). Dropped: everything else,
        from the short notes players add ("(attack)", "(blitz)", "(3 spaces)") to whole
        remarks ("(cost 12, left with 2)", "(and my teammate rather embarrassed)").
        """
        words = [w for w in chunks(content) if w != "-"]
        if not words:
            return NoteKind.DROP
        if _COST_NOTE.fullmatch(content) or set(words) <= _FLAG_WORDS:
            return NoteKind.KEEP
        if words[0] == "from" and len(words) > 1 and not all(w.isdigit() for w in words[1:]) \
                and all(w.isdigit() or w in self.name_words for w in words[1:]):
            return NoteKind.UNWRAP  # "place 1 tt sz 2 (from United Kingdom)"
        if all(w.isdigit() or w in self.name_words for w in words) \
                and not set(words) <= _NOT_NAMES and not all(w.isdigit() for w in words):
            return NoteKind.UNWRAP
        return NoteKind.DROP

    def expected_words(self, terminals: Collection[str]) -> tuple[str, ...]:
        cats = categories(terminals)
        if cats & _START_CATEGORIES and "UNIT" in cats:
            return _START_WORDS
        return words_for(cats, _EXPECT_WORDS) or tuple(sorted(cats))

    def unknown_name(self, tok: Token, text: str, terminals: Collection[str],
                     expected: tuple[str, ...]) -> LocatedError:
        """Units and territories compete: the phrase's best match decides which it was."""
        if expected != _START_WORDS:  # only the names are worth listing here
            expected = tuple(w for w in expected
                             if w in (_EXPECT_WORDS["REGION"], _EXPECT_WORDS["UNIT"]))
        words, _ = self.phrase_words(tok, text)
        kinds = []
        if "UNIT" in terminals:
            kinds.append(("unit", self.table.units.suggester))
        if "REGION" in terminals:
            kinds.append(("territory", self.table.regions.suggester))
        phrase, phrase_kind, suggestions = best_phrase(words, kinds)
        if suggestions:
            message = f"unknown {phrase_kind} {phrase!r}"
        elif len(kinds) == 2:
            message = f"{tok.value!r} is not a unit type, territory or order word"
        else:
            message = f"unknown {kinds[0][0]} {tok.value!r}"
        if "UNIT" in terminals and phrase_kind != "territory":
            foreign = _other_edition_unit(self.table.edition,
                                          phrase if suggestions else tok.value)
            if foreign is not None:  # "cruiser" in a Revised game: name the units it has
                return LocatedError(tok.column, foreign, expected, ())
        reading = None
        if tok.type == "WORD":  # a keyword out of place is no mistyped name
            reading = self.table.typo(self.phrase_spans(tok, text), tok.start_pos,
                                      [k for k in ("UNIT", "REGION") if k in terminals])
        return LocatedError(tok.column, message, expected, suggestions, reading)


def _other_edition_unit(edition: Edition, phrase: str) -> str | None:
    """The error for a unit another edition has and this one lacks (a cruiser in A&A
    Revised, digest C1), naming this edition's units; ``None`` for any other name."""
    from adjudicator.axis_allies import editions

    if not phrase or edition.units.lookup(phrase) is not None:
        return None
    for key in editions.registered_keys():
        other = editions.ruleset(key).edition
        if other.name == edition.name:
            continue
        uid = other.units.lookup(phrase)
        if uid is not None and uid not in edition.units.units:
            title = editions.for_data(edition.name).title
            names = ", ".join(u.name for u in edition.units)
            return (f"there is no {other.units[uid].name.lower()} in {title}; its units "
                    f"are: {names}")
    return None


_PARSERS: dict[int, tuple[Edition, _Parser]] = {}


def _parser_for(edition: Edition) -> _Parser:
    """One parser per edition object (editions are loaded once per process and not hashable)."""
    hit = _PARSERS.get(id(edition))
    if hit is None or hit[0] is not edition:
        hit = _PARSERS[id(edition)] = (edition, _Parser(edition))
    return hit[1]


# --------------------------------------------------------------------------------------------
# Lines and sections
# --------------------------------------------------------------------------------------------

_COMMENT = re.compile(r"(?:^|(?<=\s))(?:#(?!\d)|//)")
_DECORATION = re.compile(r"\*\*|__|^\s*=+|=+\s*$|^\s*-{3,}\s*$|^\s*>\s")
_BULLET = re.compile(r"^(\s*)([-*•]|\d+[.)])(\s+)")
_SALT = re.compile(r"^\s*salt\b\s*[:=]?\s?(?P<text>.*)$", re.IGNORECASE)  # linear: no .*?\s*$
_TITLE_SPLIT = re.compile(r"[\s,:\-–—]+")
_TITLE_WORDS = ("turn", "round", "rd", "r", "t")
_TITLE_MARK = re.compile(r"(?:turn|round|rd|r|t)\d+", re.IGNORECASE)
_TITLE_TURN = re.compile(r"^\s*(?:turn|round|rd|r|t)\s*\d+\b[\s:,.\-–—]*(?P<rest>.*)$", re.IGNORECASE)
# A section header with its colon after the end of a sentence: "... 10 inf. Place: ...".
_INLINE_HEADER = re.compile(
    r"(?<=[.!])\s+(?=(?:purchases?|buy|combat(?:\s+moves?)?|non[\s-]?combat(?:\s+moves?)?|ncm"
    r"|cm|place(?:ments?)?|mobili[sz]e|land(?:ings?)?|standing(?:\s+orders)?)\s*:)",
    re.IGNORECASE)
_STEP_GLUE = re.compile(r"\s*(?:->|=>|→|–|—|-|>(?!=)|(?:load|unload|carrying|bombard|with|then|to|into)"
                        r"\b)", re.IGNORECASE)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def _clean(raw: str) -> str:
    """Without comments; markdown bold and bullets become spaces: columns stay those of ``raw``."""
    line = strip_comment(raw, _COMMENT)
    for d in list(_DECORATION.finditer(line)):
        line = _blank(line, d.start(), d.end())
    b = _BULLET.match(line)
    if b:
        line = _blank(line, b.start(2), b.end(2))
    return line


def _statements(line: str) -> list[tuple[int, str]]:
    """``;``-separated statements as (offset, text); transport steps stay with their line.

    Several sections on one line ("Purchase: 2 tanks, 10 inf. Place: 2 tanks, 8 inf in
    Germany") are split where a sentence ends and a section header with its colon begins.
    """
    parts: list[tuple[int, str]] = []
    pos = 0
    for piece in line.split(";"):
        if parts and _STEP_GLUE.match(piece):
            off, prev = parts[-1]
            parts[-1] = (off, prev + ";" + piece)
        else:
            start = 0
            for m in _INLINE_HEADER.finditer(piece):
                parts.append((pos + start, piece[start:m.start()]))
                start = m.start()
            parts.append((pos + start, piece[start:]))
        pos += len(piece) + 1
    return [(off, p) for off, p in parts if p.strip()]


class _TitleMatcher:
    """"Germany turn 1", "USSR R1:", "Round 2 - UK": the post's title, not an order."""

    def __init__(self, edition: Edition) -> None:
        names = {normalize(p.name) for p in edition.setup.powers.values()}
        for p in edition.setup.powers.values():
            names |= {normalize(a) for a in p.aliases}
            names.add(normalize(p.id))
        names |= {"russia", "soviets", "japanese", "germans"}
        self.names = names

    def __call__(self, line: str) -> bool:
        text = line.strip().rstrip(":!.").strip()
        if not text:
            return False
        m = _TITLE_TURN.match(text)
        if m:
            rest = normalize(m["rest"])
            return not rest or rest in self.names
        # "who" is everything before the first turn marker ("turn 1", "R2", "t3"); a split and
        # a scan, not a backtracking pattern: a line of spaces must not take seconds.
        words = [w for w in _TITLE_SPLIT.split(text) if w]
        for i, w in enumerate(words):
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if i and (_TITLE_MARK.fullmatch(w) or (w.lower() in _TITLE_WORDS and nxt.isdigit())):
                words = words[:i]
                break
        return normalize("".join(words)) in self.names


@record
class _State:
    section: tuple[str, str | None] | None = None
    seen_noncombat: bool = False


_ERR_MOVE_SECTION = ("moves go under a 'combat move:' or 'noncombat move:' header, "
                     "not under '{}'")
_ERR_FROM_OUTSIDE_PLACEMENT = ("'from {0}' after where the units are names the industrial "
                               "complex that places new units at sea: it belongs on a placement "
                               "line ('place 1 dd sz 5 from {0}'); a move goes from where the "
                               "units are with '->' ('1 dd sz 5 -> sz 6')")


def _dispatch(body: _Body, ctx: tuple[str, str | None] | None, state: _State,
              end_column: int, edition: Edition) -> list[tuple[Order, str]]:
    """What a body means in its section: (order, TurnScript field) pairs, or an error."""
    kind = ctx[0] if ctx else None
    if body.kind == "units":
        if kind == "purchase":
            return [(Purchase(units=body.units, stated_cost=body.cost), "purchases")]
        raise LocatedError(1, "a unit list alone is a purchase: write 'buy 3 inf, 1 arm' or "
                            "put it under 'purchase:'", expected=("'buy'",))
    if body.kind == "groups":
        if kind == "place":
            return [(Placement(g[0], g[1], g[2].value if len(g) == 3 else None), "placements")
                    for g in body.groups]
        named = next((g[2] for g in body.groups if len(g) == 3), None)
        if named is not None:  # "1 dd sz 5 from Karelia" outside a placement
            raise LocatedError(named.column, _ERR_FROM_OUTSIDE_PLACEMENT.format(
                edition.map.region(named.value).name), expected=("'place'",))
        if kind == "landing":
            raise LocatedError(end_column, "incomplete landing plan: expected ':' and where "
                                "the aircraft land", expected=("':'",))
        if kind == "purchase":
            raise LocatedError(1, "purchases name no territory: mobilize them later with "
                                "'place 3 inf Germany'")
        if body.region_first:
            raise LocatedError(1, "a territory and units ('Caucasus: 2 infantry') is a "
                                "placement: put it under 'place:' (or write 'place 2 inf "
                                "Caucasus'), or give a move its path ('Russia into Caucasus: "
                                "2 infantry')", expected=("'place'",))
        raise LocatedError(end_column, "incomplete move: expected '->' and where the units go",
                            expected=("'->'",))
    if body.kind == "moves":
        if body.fallbacks:
            return _fallback_landing(body, kind, edition)
        if any(isinstance(o, Move) and o.for_landing for o in body.orders):
            # Declared carrier moves belong to the combat move whatever header they are under
            # (p.26: shown during combat move, before any dice); noncombat carries them out.
            if kind not in (None, "combat", "noncombat", "landing", "purchase"):
                raise LocatedError(1, _ERR_MOVE_SECTION.format(
                    kind if kind != "battle" else f"battle {ctx[1]}"))
            return [(o, "combat_moves") for o in body.orders]
        if kind == "landing" and not body.raid:
            return [_as_landing(o, edition) for o in body.orders]
        if kind == "noncombat":
            if body.raid:
                raise LocatedError(1, "a bombing raid or attack is a combat move: put it under "
                                    "'combat move:'")
            if any(isinstance(o, Move) and o.kamikaze for o in body.orders):
                raise LocatedError(1, "'(kamikaze)' is declared in the combat move (Revised "
                                    "Kamikaze Attacks): put the line under 'combat move:'")
            return [(o, "noncombat_moves") for o in body.orders]
        if kind in (None, "combat") or (kind == "purchase" and not state.seen_noncombat):
            return [(o, "combat_moves") for o in body.orders]
        raise LocatedError(1, _ERR_MOVE_SECTION.format(kind if kind != "battle"
                                                        else f"battle {ctx[1]}"))
    if body.kind == "landing":
        return [(o, "landings") for o in body.orders]
    if body.kind == "nothing":
        return []
    if body.kind == "purchase":
        return [(o, "purchases") for o in body.orders]
    if body.kind == "research":  # each line names its section, under any header
        return [(o, "research") for o in body.orders]
    if body.kind == "rocket":
        return [(o, "rockets") for o in body.orders]
    if body.kind == "advantage":  # each line names its advantage, under any header
        return [(o, "advantages") for o in body.orders]
    if body.kind == "advantage_choice":  # "Salvaged Tank: no": a standing order, anywhere
        return [(o, "standing") for o in body.orders]
    if body.kind == "policy":
        if kind == "battle" and "reland" in body.fields:
            raise LocatedError(1, "'reland' is a standing order (where your fighters land if "
                                "their carrier is sunk in an enemy's turn): put it under "
                                "'standing:'")
        if kind == "battle":
            return [(BattleInstruction(at=ctx[1], **body.fields), "battles")]
        return [(StandingOrders(**body.fields), "standing")]
    if body.kind == "battle":
        if kind == "battle":
            return [(BattleInstruction(at=ctx[1], **body.fields), "battles")]
        raise LocatedError(1, "retreat, order and engage instructions belong under a "
                            "'battle <territory>:' header (or write 'battle Karelia: ...')")
    raise LocatedError(1, "could not read this line")


def _fallback_landing(body: _Body, kind: str | None, edition: Edition
                      ) -> list[tuple[Order, str]]:
    """``ftr Karelia -> Germany or Russia``: a landing plan with fallbacks, written as a move.

    Only aircraft land, and only after combat, so it is accepted under ``landing:`` and
    ``noncombat:`` (where an aircraft's move *is* its landing) and refused elsewhere with the
    form that works."""
    if kind not in ("landing", "noncombat") or body.raid:
        raise LocatedError(1, "fallback spots ('or Russia') are for landing plans: put the "
                            "line under 'landing:' or 'noncombat:', or write 'land ftr "
                            "Karelia: Germany, Russia'")
    out: list[tuple[Order, str]] = []
    for o in body.orders:
        air = isinstance(o, Move) and all(edition.units[u.unit].is_air for u in o.units)
        if (not air or len(o.path) != 2 or o.bombing or o.air_joins or o.bombard or o.cargo
                or o.kamikaze):
            raise LocatedError(1, "fallback spots ('or Russia') are for aircraft landing: "
                                "'ftr Karelia -> Germany or Russia' (where the aircraft are, "
                                "then where they land, in order of preference)")
        out.append((LandingPlan(o.units, o.end, body.fallbacks, o.start), "landings"))
    return out


def _as_landing(order: Move | TransportMove, edition: Edition) -> tuple[Order, str]:
    """Under ``landing:``, ``ftr Karelia -> Germany`` is the landing plan ``Karelia: Germany``;
    other units moving there are noncombat moves (landing is part of noncombat, p.21)."""
    air = isinstance(order, Move) and all(edition.units[u.unit].is_air for u in order.units)
    if not air:
        return order, "noncombat_moves"
    if len(order.path) == 2 and not (order.bombing or order.air_joins or order.bombard
                                     or order.cargo or order.kamikaze):
        return LandingPlan(order.units, order.end, (), order.start), "landings"
    raise LocatedError(1, "a landing plan is 'ftr Karelia: Germany, Russia' (where the "
                        "aircraft are, then where they land, in order of preference)")


def parse_turn(text: str, edition: Edition) -> ParseResult:
    """Parse a whole turn post. Never raises on bad input: bad statements become errors.

    ``orders`` holds :class:`ParsedOrder` in submission order. Standing-order and battle lines
    give partial objects; :func:`build_script` merges them.
    """
    ed = edition
    p = _parser_for(ed)
    is_title = _TitleMatcher(ed)
    result = ParseResult()
    state = _State()
    salt_lines: list[str] = []
    for lineno, raw in numbered_lines(text):
        try:
            _parse_line(p, is_title, lineno, raw, state, result, salt_lines)
        except LarkError as e:  # defensive: never let a parser surprise escape
            result.errors.append(OrderError(line=lineno, column=1, text=raw,
                                            message=f"could not read this line ({e})"))
    return result


def _parse_line(p: _Parser, is_title: _TitleMatcher, lineno: int, raw: str, state: _State,
                result: ParseResult, salt_lines: list[str]) -> None:
    """Read one line into ``result`` (the steps and why they come in this order: "Conversation
    and remarks" in :mod:`adjudicator.parsing`; the A&A vocabulary: :func:`_narration`)."""

    def ignore(text: str = raw) -> None:
        if text.strip():
            result.ignored.append(IgnoredLine(lineno, text.strip()))

    if is_quoted(raw):  # someone else's words, perhaps someone else's turn
        ignore()
        return
    line = _clean(raw)
    if not line.strip():
        return
    salt = _SALT.match(line)
    if salt:
        value = salt["text"].strip()
        if value:
            result.orders.append(ParsedOrder(lineno, line.strip(), Salt(value), section="salt"))
        else:
            state.section = ("salt", None)
        return
    if state.section and state.section[0] == "salt":
        try:
            header, body = p.parse(line)
        except (LocatedError, LarkError):
            header, body = None, None
        if header is None or body is not None:
            result.orders.append(ParsedOrder(lineno, line.strip(), Salt(line.strip()), section="salt"))
            return
    line = strip_notes(line, p.note_kind, brackets="([{")
    if not line.strip():  # only remarks: "(cost 6, left with 1)"
        if any(ch.isalpha() for ch in raw):
            ignore()
        return
    if is_title(line) or _ROUND_LINE.match(line):
        return
    heading = _heading(p, line)
    if heading is not None:
        if heading[0] == "ignore":
            ignore()
        else:
            state.section = heading
            if heading[0] == "noncombat":
                state.seen_noncombat = True
        return
    line = _lead_in(p, line)
    typo = _advantage_names().typo(line)
    if typo is not None and _a_known_name(p, typo[0]):  # "Russia: 2 inf": not a typo
        typo = None
    if typo is not None:  # "Chinese Divison: China": a National Advantage misspelt
        name, close = typo
        result.errors.append(LocatedError(
            len(line) - len(line.lstrip()) + 1, f"unknown National Advantage {name!r}",
            expected=(_EXPECT_WORDS["ADVANTAGE"],), suggestions=tuple(close)).error(lineno, raw))
        return
    if _PASS_LINE.match(line):  # "No orders this turn (pass)": on purpose, so it counts
        result.orders.append(ParsedOrder(lineno, raw.strip(), Pass(), section="pass"))
        return
    if _narration(p, line):
        ignore()
        return
    for offset, segment in _statements(line):
        read, notes = None, []
        try:
            read, notes = p.read(segment, is_note=p.remark, max_items=2,
                                 accept_head=_complete_order, run_together=False)
        except LocatedError as e:
            research_error = False
            if state.section and state.section[0] == "research":
                # under a lone "Research:" heading: "heavy bombers, 3 dice"
                read, e, research_error = _research_body(p, segment, e)
            if read is None:
                if not research_error and _prose(p, segment, raw):
                    ignore(raw[offset:offset + len(segment)])  # as written, lead-in and all
                else:
                    result.errors.append(e.error(lineno, raw, offset))
                continue
        for header, body in read:
            try:
                _take(p, header, body, state, segment, lineno, notes, result)
            except LocatedError as e:
                result.errors.append(e.error(lineno, raw, offset))


_RESEARCH_PREFIX = "research: "


def _research_body(p: _Parser, segment: str, error: LocatedError
                   ) -> tuple[list | None, LocatedError, bool]:
    """A line under a lone ``Research:`` heading that is no other order, read as a research
    order; else ``None`` and the error to report: the research reading's (its columns those
    of ``segment``, and ``True``: never conversation) when the line got past the prefix."""
    try:
        return p.read(_RESEARCH_PREFIX + segment, max_items=1)[0], error, False
    except LocatedError as e:
        if e.column > len(_RESEARCH_PREFIX):
            e.column -= len(_RESEARCH_PREFIX)
            return None, e, True
        return None, error, False


def _take(p: _Parser, header: Any, body: _Body | None, state: _State, segment: str,
          lineno: int, notes: list[str], result: ParseResult) -> None:
    """Open the statement's section, if it has a header, and add what its body orders."""
    ctx = state.section
    if header is not None:
        (kind, region), colon = header
        ctx = (kind, region)
        if colon or body is None:
            state.section = ctx
        if kind == "noncombat":
            state.seen_noncombat = True
    if body is None:
        return
    end_column = len(segment.rstrip()) + 1
    for order, section in _dispatch(body, ctx, state, end_column, p.table.edition):
        result.orders.append(ParsedOrder(lineno, segment.strip(), order, section=section,
                                         notes=tuple(notes)))


def _complete_order(item: Any) -> bool:
    """A statement that may be followed by a remark ("Norway into Karelia: 2 infantry,
    uncontested, captures Karelia"): one that says where units go or what is bought, never a
    bare unit list or header, which a sentence could start with ("Tanks may move ...")."""
    header, body = item
    if body is None:
        return False
    return body.kind in ("moves", "landing", "purchase", "groups") \
        or (body.kind == "units" and header is not None)


# ---- conversation -----------------------------------------------------------------------------

# Whole-line section headings of game write-ups and TripleA summaries ("Purchase units",
# "Mobilize and collect income", "Non Combat Move - Germans", "Phase 2: Combat Move").
_HEADING = re.compile(
    r"^\s*(?:phase\s*\d+\s*[:.)-]?\s*)?(?P<name>"
    r"(?P<purchase>purchases?(?:\s+(?:units|phase))?|buy(?:\s+units)?)"
    r"|(?P<noncombat>non[\s-]*combat(?:\s+move(?:s|ment)?)?(?:\s+phase)?)"
    r"|(?P<combat>combat(?:\s+move(?:s|ment)?)?(?:\s+phase)?)"
    r"|(?P<place>mobili[sz]e(?:\s+new)?(?:\s+units)?(?:\s+and\s+collect\s+income)?"
    r"|place(?:\s+new)?\s+units|placements?|deploy(?:ment)?)"
    r"|(?P<landing>landings?|land(?:ing)?\s+(?:air\s+units|aircraft|air|fighters|planes))"
    r"|(?P<other>research(?:\s+technology)?|tech\s+activation|politics|turn\s+complete"
    r"|end\s+turn|collect\s+income|battles?|conduct\s+combat)"
    r")(?:\s*[-–—]\s*(?P<who>[^\W\d_][\w .]{0,30}))?\s*:?\s*$", re.IGNORECASE)
_BATTLE_HEADING = re.compile(r"^\s*battle\s+(?:for|in|of|at)\s+(?P<where>.{1,60}?)\s*:?\s*$",
                             re.IGNORECASE)
_ROUND_LINE = re.compile(r"^\s*round\s*:\s*\d{1,4}\s*$", re.IGNORECASE)


def _heading(p: _Parser, line: str) -> tuple[str, str | None] | tuple[str] | None:
    """A line that is only a section heading: the section it opens, ``("ignore",)`` for the
    headings of steps that take no orders ("Combat - Germans", TripleA's battle phase), or
    None for any other line. "Battle for West Russia" opens that battle's section."""
    m = _HEADING.match(line)
    if m:
        if m["other"] and normalize(m["other"]) == "research" and not m["who"]:
            return ("research", None)  # a lone "Research:": its lines are research orders
        if m["other"] or (m["combat"] and m["who"] and "move" not in m["combat"].lower()):
            return ("ignore",)
        kind = next(k for k in ("purchase", "noncombat", "combat", "place", "landing") if m[k])
        return (kind, None)
    b = _BATTLE_HEADING.match(line)
    if b:
        try:
            header, body = p.parse("battle " + b["where"] + ":")
        except LocatedError:
            return ("ignore",)
        return header[0] if header is not None and body is None else ("ignore",)
    return None


# "With 14 IPC, acquires 4 infantry" (a write-up's purchase line), "With 1 IPC in hand, ...".
_IPC_LEAD_IN = re.compile(r"^\s*with\s+\d{1,5}\s+ipcs?(?:\s+in\s+hand)?\s*,\s*", re.IGNORECASE)
# "Germany purchases: 4 infantry", "the Soviet Union purchases: 2 infantry".
_POWER_VERB = re.compile(r"^\s*(?:the\s+)?(?P<who>[^\W\d_][\w .]{0,30}?)\s+"
                         r"(?=(?:purchases|buys|acquires)\s*:)", re.IGNORECASE)


def _lead_in(p: _Parser, line: str) -> str:
    """The line without a write-up's lead-in (blanked: columns stay true)."""
    m = _IPC_LEAD_IN.match(line)
    if m:
        line = blank(line, 0, m.end())
    m = _POWER_VERB.match(line)
    if m and normalize(m["who"]) in p.table.subjects:
        line = blank(line, 0, m.end())
    return line


# Who a game report tells about: "Soviets capture West Russia", "German strikes British
# battleship", "Japanese defend with 1 artillery". No order starts with such a word.
_PEOPLE = frozenset({"soviets", "soviet", "russians", "russian", "germans", "german",
                     "japanese", "americans", "american", "british", "brits", "chinese",
                     "italians", "italian", "french", "anzac", "allies", "allied", "axis",
                     "luftwaffe", "wehrmacht"})
# "No orders this turn (pass)", "pass", "Nothing this turn".
_PASS = re.compile(r"^\s*(?:no\s+(?:orders?|moves?|actions?|purchases?)\b|nothing\s+(?:this|to)\b"
                   r"|(?:i\s+)?pass(?:es|ing)?\b)", re.IGNORECASE)
# The whole line is a pass, nothing else: "pass", "No orders this turn", "Nothing this round."
_PASS_LINE = re.compile(r"^\s*(?:no\s+(?:orders?|moves?|actions?)(?:\s+this\s+(?:turn|round))?"
                        r"|nothing(?:\s+(?:to\s+do\s+)?this\s+(?:turn|round))?"
                        r"|(?:i\s+)?pass(?:\s+this\s+(?:turn|round))?)\s*[.!]*\s*$",
                        re.IGNORECASE)
# What a report says about money: "collects 8 for a total of 9 IPC", "Cost 6, balance 1".
_TREASURY = re.compile(r"\b(?:collects?|gains?|income|in\s+hand|balance|treasury|left\s+with"
                       r"|remaining\s+resources|end\s+with|ipc\s+board|pus)\b", re.IGNORECASE)


# Lines that open with these words are orders (weapons development, rocket strikes), never
# conversation: their words (tech names, "dice") are no words of the rest of the language.
_ORDER_LEAD = re.compile(r"^\s*(?:research|r\s?&\s?d|develop(?:\s+weapons)?|weapons?\s+"
                         r"development|rockets?)\b\s*(?::|\s\S)", re.IGNORECASE)


def _narration(p: _Parser, line: str) -> bool:
    """The line is conversation before any attempt to read it: a greeting or sign-off, an
    explicit pass, an example ("Example: ..."), a sentence ("I purchased eight infantry and
    placed them all in Karelia": an order quoted in a sentence is not an order) or a report
    of what happened ("Germany repels the Soviet advance", "Japan then buys four tanks")."""
    conv = p.conversation
    if _ORDER_LEAD.match(line):  # "R&D: jets x2" is an order, whatever its words
        return False
    if _advantage_names().lead(line):  # "Chinese Divisions: China" (a National Advantage)
        return False
    if _PASS.match(line) or conv.greeting(line) or conv.opens_like_sentence(line):
        return True
    label = conv.label(line)
    if label is not None and label.example:
        return True
    words = conv.words(line)
    if not words:
        return False
    after = line.lstrip()[len(words[0]):].lstrip()
    if words[0] in _PEOPLE and not after.startswith(":"):
        return True
    return len(words) > 1 and words[0] in p.table.subjects and words[1] == "then"


def _unknown_words(p: _Parser, text: str) -> int:
    return sum(1 for w in p.conversation.words(text)
               if not w.isdigit() and not p.table.vocabulary.__contains__(w))


def _prose(p: _Parser, segment: str, raw: str) -> bool:
    """A statement that could not be read is conversation, not a failed order, when it reads
    like a sentence or a report: mostly other words, three or more words of no order, or
    money talk. A failed order keeps its error (with column and suggestions); so does a
    research or rocket line ("Research: Heavy Bomberz, 2 dice")."""
    if _ORDER_LEAD.match(segment) or _advantage_names().lead(segment):
        return False
    return p.conversation.sentence(segment) or _unknown_words(p, segment) >= 3 \
        or bool(_TREASURY.search(raw))


def build_script(orders: list[ParsedOrder]) -> TurnScript:
    """Group parsed orders by phase; merge standing orders and per-battle instructions."""
    groups: dict[str, list] = {s: [] for s in SECTIONS}
    standing: StandingOrders | None = None
    battles: dict[str, BattleInstruction] = {}
    salt: list[str] = []
    passed = False
    for po in orders:
        o = po.order
        if po.section == "standing":
            standing = o if standing is None else standing.merged(o)
        elif po.section == "battles":
            battles[o.at] = battles[o.at].merged(o) if o.at in battles else o
        elif po.section == "salt":
            salt.append(o.value)
        elif po.section == "pass":
            passed = True
        else:
            groups[po.section].append(o)
    return TurnScript(
        purchases=tuple(groups["purchases"]),
        combat_moves=tuple(groups["combat_moves"]),
        noncombat_moves=tuple(groups["noncombat_moves"]),
        landings=tuple(groups["landings"]),
        placements=tuple(groups["placements"]),
        standing=standing,
        battles=tuple(battles.values()),
        salt=Salt(" ".join(salt)) if salt else None,
        passed=passed,
        research=tuple(groups["research"]),
        rockets=tuple(groups["rockets"]),
        advantages=tuple(groups["advantages"]),
    )


def parse_turn_script(text: str, edition: Edition) -> tuple[TurnScript, list[OrderError]]:
    """The whole turn as a :class:`TurnScript` plus the errors of the lines left out."""
    result = parse_turn(text, edition)
    return build_script(result.orders), result.errors
