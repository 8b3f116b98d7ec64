"""Diplomacy positions written the way players write them: read one into a state, write one out.

A moderator taking over a game in progress, or setting up a scenario, types the board
(``adj new diplomacy DIR --from position.txt``)::

    Spring 1905 Movement
    France: A Par, F Mao, A Bur
    England: F Lon, F Nth, A Yor
    Owners:
    France: Par, Mar, Bre, Spa, Por
    England: Lon, Edi, Lvp

:func:`parse_position` turns that into a complete game state and :func:`format_position` writes a
state back in the same format, so ``parse_position(format_position(s), dmap, base) == s``. The
format, every accepted spelling and every decision are in ``docs/position-diplomacy.md``.

Why it is built this way:

* **One name scheme.** Powers, provinces and coasts go through the order parser's own lookup
  (:func:`~adjudicator.diplomacy.parser.resolve_location`, :func:`resolve_power`), so a position
  accepts exactly the spellings an order accepts and gives the same "did you mean" suggestions.
  This module only reads what orders do not have: the phase line, section headers, unit types
  without an order, "attacked from".
* **The engine's shape, by the engine's code.** The state is assembled from a :class:`Board`
  by ``engine.to_state``, builds and removals by :func:`adjustments_owed` and retreat options by
  :func:`retreat_options`, so a written position and a position reached in play are the same
  bytes. Nothing the engine derives can be typed in (and so contradict it).
* **Every problem at once.** Reading never stops at the first mistake: each problem becomes a
  located :class:`OrderError` and all of them are raised together as one :class:`PositionError`,
  so the moderator fixes the file in one pass. Invalid input never produces a state.
* **No echoes.** Checks that combine several parts of the position (retreat options need every
  unit; adjustments need every unit and centre) run only when those parts were read cleanly;
  otherwise one typo would come back as a string of consequences.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from enum import Enum

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.adjustments import adjustments_owed
from adjudicator.diplomacy.board import Board, DislodgedUnit
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import Unit, UnitType
from adjudicator.diplomacy.parser import OrderSyntaxError, resolve_location, resolve_power
from adjudicator.diplomacy.phase import Phase, read_phase
from adjudicator.diplomacy.retreats import retreat_options
from adjudicator.diplomacy.setups import PLAYER_COUNTS, setup_for
from adjudicator.errors import OrderError, PhaseNameError, PositionError
from adjudicator.parsing import numbered_lines, strip_comment
from adjudicator.record import record
from adjudicator.suggest import Suggester, normalize

__all__ = ["format_position", "parse_position"]

# The state fields a position determines; everything else comes from the caller's ``base``.
_POSITION_FIELDS = ("phase", "units", "dislodged", "centres", "adjustments", "eliminated")


# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------


class _Section(Enum):
    UNITS = "Units"
    DISLODGED = "Dislodged"
    STANDOFFS = "Standoffs"
    OWNERS = "Owners"
    ELIMINATED = "Eliminated"


# Section headers as moderators write them (compared after ``normalize``: case, spaces and
# punctuation do not matter). Judges print "Ownership of supply centers:", hence the long ones.
_HEADER_SPELLINGS: dict[_Section, tuple[str, ...]] = {
    _Section.UNITS: ("Units", "Unit positions", "Positions"),
    _Section.DISLODGED: ("Dislodged", "Dislodged units"),
    _Section.STANDOFFS: ("Standoffs", "Standoff", "Stand-offs", "Bounces"),
    _Section.OWNERS: ("Owners", "Ownership", "Centres", "Centers", "Supply centres",
                      "Supply centers", "SC", "SCs", "Supply centre ownership",
                      "Supply center ownership", "Ownership of supply centres",
                      "Ownership of supply centers"),
    _Section.ELIMINATED: ("Eliminated", "Eliminated powers"),
}
_HEADERS = {normalize(s): sec for sec, spellings in _HEADER_SPELLINGS.items() for s in spellings}
# Sections that list plain names; the others hold one power's entries per line.
_LIST_SECTIONS = frozenset({_Section.STANDOFFS, _Section.ELIMINATED})

# "Unowned: Bel, Hol" in the Owners section: centres nobody owns (judges list them so).
_UNOWNED_WORDS = frozenset({"unowned", "neutral"})
# A power's line that says it has nothing: "Italy: none", "Italy: -", "Italy:".
_NOTHING = frozenset({"", "none", "nothing"})

# No province, power or unit is written with three digits in a row: such a line is a phase line
# (however garbled), never mistaken for units.
_YEAR_DIGITS = re.compile(r"\d{3,}")
#: "Players: 5": a game for fewer than seven players (docs/position-diplomacy.md)
_PLAYERS_LINE = re.compile(r"\s*players\s*[:=]?\s*(\S*)\s*$", re.IGNORECASE)
_HEADER_LINE = re.compile(r"\s*(?P<name>[^\W\d_][^:]*?)\s*:")
_POWER_PREFIX = re.compile(r"\s*(?P<name>[^:]*?)\s*:")
_FIRST_WORD = re.compile(r"\s*(?P<word>[^\W\d_]+)(?:\s|$)")
_BULLET = re.compile(r"\s*[-*\u2022]\s+")
_ITEM = re.compile(r"[^;,]+")
_UNIT_TYPE = re.compile(r"(?P<type>army|fleet|a|f)\b\.?\s*", re.IGNORECASE)
# "A Ser (attacked from Bul)", "A Ser dislodged from Bul", "A Ser from Bul via convoy".
_FROM = re.compile(r"\bfrom\b", re.IGNORECASE)
_BEFORE_FROM = re.compile(r"[\s(]*(?:(?:attacked|dislodged)\s*)?$", re.IGNORECASE)
_ATTACK_WORDS = re.compile(r"\(|\b(?:attacked|dislodged)\b", re.IGNORECASE)
_CONVOYED = re.compile(r"[\s(]*(?:(?:via|by)\s+convoy|convoyed)[\s).]*$", re.IGNORECASE)

# Sentinels for "the power these lines belong to"; parentheses keep them apart from power names.
_UNOWNED = "(unowned)"  # centres listed under "Unowned:"
_SKIP = "(unknown power)"  # an unknown power's entries: already reported, not read


# --------------------------------------------------------------------------------------------
# What was read, and where
# --------------------------------------------------------------------------------------------


@record(frozen=True)
class _Spot:
    """Where something was written: 1-based line and column, and the whole line."""

    line: int
    column: int
    text: str

    def at(self, index: int) -> _Spot:
        """The same line at 0-based ``index``."""
        return _Spot(self.line, index + 1, self.text)

    def problem(self, message: str, rule: str, suggestions: tuple[str, ...] = (),
                expected: tuple[str, ...] = ()) -> OrderError:
        return OrderError(self.line, self.column, self.text, message, expected=expected,
                          suggestions=suggestions, rule=rule)


_NOWHERE = _Spot(0, 0, "")


@record(frozen=True)
class _Dislodged:
    unit: Unit
    attacker_from: str  # province
    by_convoy: bool
    spot: _Spot


def _loc_text(loc: str) -> str:
    """A map id as moderators write it: ``spa/nc`` -> ``Spa/nc`` (ids always read back)."""
    return loc[:1].upper() + loc[1:]


def _unit_text(unit: Unit) -> str:
    return f"{unit.type.value} {_loc_text(unit.loc)}"


def _pieces(body: str, start: int) -> Iterator[tuple[str, int]]:
    """The ``,``/``;``-separated items of ``body[start:]``, stripped, with their 0-based index."""
    for m in _ITEM.finditer(body, start):
        item = m.group()
        if normalize(item):  # skip empty items and a lone "." or "-"
            yield item.strip(), m.start() + len(item) - len(item.lstrip())


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


class _Reader:
    """Reads a position line by line, collecting entries and problems; :meth:`board` checks
    the entries against each other and the rules, and builds the board."""

    def __init__(self, dmap: DiplomacyMap) -> None:
        self.dmap = dmap
        self.problems: list[OrderError] = []
        self.broken: set[_Section] = set()  # sections with a problem: see "No echoes" above
        self.phase: Phase | None = None
        self.phase_spot = _NOWHERE  # the phase line
        self.phase_lines: list[_Spot] = []  # every phase line, readable or not
        self.first_line: _Spot | None = None  # the first line that is not blank or a comment
        self.units: list[tuple[Unit, _Spot]] = []
        self.dislodged: list[_Dislodged] = []
        self.owners: list[tuple[str, str, _Spot]] = []  # (owner or _UNOWNED, centre, where)
        self.standoffs: list[tuple[str, _Spot]] = []
        self.eliminated: list[tuple[str, _Spot]] = []
        self.players = 7
        spellings = {name: name for name in dmap.powers}
        spellings.update({info["adjective"]: name for name, info in dmap.powers.items()
                          if info.get("adjective")})
        self.power_names = Suggester(spellings)
        headers = {s: sec.value for sec, ss in _HEADER_SPELLINGS.items() for s in ss}
        self.section_names = Suggester(headers)
        # A mistyped "Owners:" looks like an unknown power; suggest both kinds of name.
        self.prefix_names = Suggester({**spellings, **headers})

    def add(self, problem: OrderError, section: _Section | None = None) -> None:
        self.problems.append(problem)
        if section is not None:
            self.broken.add(section)

    # -- lines ------------------------------------------------------------------------------

    def read(self, text: str) -> None:
        section = _Section.UNITS  # units need no header: the natural way to write a board
        power: str | None = None  # whose entries unprefixed lines are
        for number, raw in numbered_lines(text):
            body = strip_comment(raw)
            if not body.strip():
                continue
            line = _Spot(number, len(body) - len(body.lstrip()) + 1, raw)
            self.first_line = self.first_line or line
            players = _PLAYERS_LINE.match(body)
            if players is not None:
                self._players_line(players[1], line)
                continue
            if _YEAR_DIGITS.search(body):
                self._phase_line(body, line)
                continue
            start = 0
            header = self._header(body, line)
            if header is not None:
                section, start = header
                power = None  # a power's lines never run on into another section
            bullet = _BULLET.match(body, start)  # "- A Par", "* Bur": list decoration
            start = bullet.end() if bullet else start
            if section in _LIST_SECTIONS:
                self._list_line(section, body, start, line)
            else:
                power = self._power_line(section, body, start, line, power)

    def _header(self, body: str, line: _Spot) -> tuple[_Section, int] | None:
        """``(section, where its entries start)`` for a header line ("Owners:", "Owners")."""
        if normalize(body) in _HEADERS:
            return _HEADERS[normalize(body)], len(body)
        m = _HEADER_LINE.match(body)
        if m is None:
            return None
        if normalize(m["name"]) in _HEADERS:
            return _HEADERS[normalize(m["name"])], m.end()
        # "Ownres:" alone is a mistyped header (unless it is a power's, "Frnace:", or the
        # owner line "Unowned:"): report it and read on as the moderator meant, or every line
        # below would be reported again.
        if normalize(body[m.end():]) or normalize(m["name"]) in _UNOWNED_WORDS \
                or resolve_power(m["name"], self.dmap):
            return None
        guess = self.section_names.suggest(m["name"], n=1)
        if not guess:
            return None
        self.add(line.at(m.start("name")).problem(
            f"unknown section {m['name']!r}", "unknown-section", tuple(guess),
            tuple(f"'{sec.value}:'" for sec in _Section)))
        return _Section(guess[0]), m.end()

    def _players_line(self, value: str, line: _Spot) -> None:
        counts = ", ".join(map(str, PLAYER_COUNTS))
        if value.isdigit() and int(value) in PLAYER_COUNTS and len(self.dmap.powers) == 7:
            self.players = int(value)
        elif len(self.dmap.powers) != 7:
            self.add(line.problem("a players line is for the standard seven-power map only",
                                  "players"))
        else:
            self.add(line.problem(f"the number of players must be one of {counts}",
                                  "players", expected=tuple(counts.split(", "))))

    def _phase_line(self, body: str, line: _Spot) -> None:
        self.phase_lines.append(line)
        if len(self.phase_lines) > 1:
            first = self.phase_lines[0]
            self.add(line.problem(f"a second phase line (the first is on line {first.line})",
                                  "phase-twice"))
            return
        try:
            self.phase = read_phase(body)
        except PhaseNameError as e:
            spot = line if e.index is None else line.at(e.index)
            self.add(spot.problem(e.message, e.rule, e.suggestions, e.expected))
            return
        self.phase_spot = line

    def _power_line(self, section: _Section, body: str, start: int, line: _Spot,
                    power: str | None) -> str | None:
        """One line of a power section; returns whose entries the following lines are."""
        named, start = self._line_power(section, body, start, line)
        power = named or power
        if normalize(body[start:]) in _NOTHING or power == _SKIP:
            return power
        if power is None:
            what = "centres" if section is _Section.OWNERS else "units"
            first = next(_pieces(body, start))[1]
            self.add(line.at(first).problem(
                f"whose {what} are these? Start the line with the power ('France: ...') "
                "or put a line 'France:' above it", "no-power"), section)
            return None
        for item, index in _pieces(body, start):
            at = line.at(index)
            if section is _Section.UNITS:
                unit = self._unit(item, at, power, section)
                if unit is not None:
                    self.units.append((unit, at))
            elif section is _Section.DISLODGED:
                self._dislodged(item, at, power)
            else:
                self._owned(item, at, power)
        return power

    def _line_power(self, section: _Section, body: str, start: int,
                    line: _Spot) -> tuple[str | None, int]:
        """The power a line starts with ("France:", or "France" before its units) and where
        the rest of the line starts; ``_SKIP`` after reporting an unknown power."""
        m = _POWER_PREFIX.match(body, start)
        if m is None:
            # Without a colon only an exact power name counts: "Turkey F Ank" (as orders allow).
            w = _FIRST_WORD.match(body, start)
            power = resolve_power(w["word"], self.dmap, fuzzy=False) if w else None
            if w and power and normalize(w["word"]) in (
                    normalize(power), normalize(self.dmap.powers[power].get("adjective") or "")):
                return power, w.end()
            return None, start
        name = m["name"]
        if section is _Section.OWNERS and normalize(name) in _UNOWNED_WORDS:
            return _UNOWNED, m.end()
        power = resolve_power(name, self.dmap, fuzzy=False) if normalize(name) else None
        if power is None:
            at = line.at(m.start("name"))
            if not normalize(name):
                self.add(at.problem("a power's name is missing before ':'", "unknown-power",
                                    expected=("a power name",)), section)
            else:
                self.add(at.problem(
                    f"unknown power or section {name!r}", "unknown-power",
                    tuple(self.prefix_names.suggest(name)),
                    ("a power name", "a section header such as 'Owners:'")), section)
            return _SKIP, m.end()
        return power, m.end()

    def _list_line(self, section: _Section, body: str, start: int, line: _Spot) -> None:
        prefix = _POWER_PREFIX.match(body, start)
        if prefix is not None:
            self.add(line.at(prefix.start("name")).problem(
                f"a '{prefix['name']}:' line does not belong in the {section.value} list: "
                "start a new section first ('Units:', 'Dislodged:' or 'Owners:')",
                "misplaced-line"), section)
            return
        if normalize(body[start:]) in _NOTHING:
            return
        for item, index in _pieces(body, start):
            at = line.at(index)
            if section is _Section.STANDOFFS:
                loc = self._location(item, at, section, "provinces")
                if loc is not None:
                    self.standoffs.append((prov(loc), at))
            else:
                power = resolve_power(item, self.dmap, fuzzy=False)
                if power is None:
                    self.add(at.problem(f"unknown power {item!r}", "unknown-power",
                                        tuple(self.power_names.suggest(item)),
                                        ("a power name",)), section)
                else:
                    self.eliminated.append((power, at))

    # -- entries ----------------------------------------------------------------------------

    def _location(self, name: str, at: _Spot, section: _Section, noun: str) -> str | None:
        """The map location ``name`` means, or ``None`` after reporting why it means none."""
        try:
            return resolve_location(name, self.dmap)
        except OrderSyntaxError as e:
            self.add(self._location_problem(e.error, at, noun), section)
            return None

    @staticmethod
    def _location_problem(error: OrderError, at: _Spot, noun: str) -> OrderError:
        """The order parser's error about a name, placed in the line and worded for a
        position (it speaks of orders: "expected '-' or 'S' ... or the end of the order")."""
        message, expected, rule = error.message, error.expected, "unreadable"
        if message.startswith("unknown province"):
            rule = "unknown-province"
        elif " has no " in message:
            rule = "wrong-coast"
        elif message.startswith("incomplete order"):
            message = "incomplete name" + message[len("incomplete order"):]
        elif message.startswith("unexpected") and "the end of the order" in expected:
            message = message.split(": expected")[0] + f": put ',' between two {noun}"
            expected = ("','",)
        return OrderError(at.line, at.column + error.column - 1, at.text, message,
                          expected=expected, suggestions=error.suggestions, rule=rule)

    def _unit(self, item: str, at: _Spot, power: str, section: _Section) -> Unit | None:
        """``A Par``, ``Fleet Mid-Atlantic Ocean``, ``F StP/sc`` for ``power``; ``None`` after
        reporting a problem."""
        m = _UNIT_TYPE.match(item)
        name = item[m.end():] if m else item
        if not name.strip():
            self.add(at.at(at.column - 1 + len(item)).problem(
                "the unit's province is missing", "unreadable", expected=("a province name",)),
                section)
            return None
        if m is None:
            self.add(self._untyped_unit(item, at), section)
            return None
        utype = UnitType.ARMY if m["type"].casefold() in ("a", "army") else UnitType.FLEET
        loc = self._location(name, at.at(at.column - 1 + m.end()), section, "units")
        if loc is None:
            return None
        unit = Unit(power, utype, loc)
        trouble = self._placement_problem(unit)
        if trouble is not None:
            message, rule, suggestions = trouble
            self.add(at.problem(message, rule, suggestions), section)
            return None
        return unit

    def _untyped_unit(self, item: str, at: _Spot) -> OrderError:
        """The problem with an item that does not start with A/F: only the type is missing,
        the type word is unknown ("Amry Par"), or the name itself is wrong."""
        try:
            resolve_location(item, self.dmap)
            return at.problem(
                f"say what stands in {item}: 'A {item}' for an army or 'F {item}' for a fleet",
                "unit-type-missing", expected=("'A'", "'F'"))
        except OrderSyntaxError as e:
            whole = e.error
        word, _, rest = item.partition(" ")
        if rest.strip():
            try:
                resolve_location(rest, self.dmap)
                return at.problem(f"unknown unit type {word!r}: expected A, F, Army or Fleet",
                                  "unknown-unit-type", expected=("'A'", "'F'"))
            except OrderSyntaxError:
                pass
        return self._location_problem(whole, at, "units")

    def _placement_problem(self, unit: Unit) -> tuple[str, str, tuple[str, ...]] | None:
        """Why ``unit`` cannot stand where it is: ``(message, rule, suggestions)``, or ``None``."""
        p = self.dmap.provinces[prov(unit.loc)]
        if p.kind == "impassable":
            return f"{p.name} is impassable: no unit may stand there", "impassable", ()
        if unit.type is UnitType.ARMY:
            if p.kind == "sea":
                return f"an army cannot stand at sea ({p.name})", "army-at-sea", ()
            if "/" in unit.loc:
                message = (f"an army stands in {p.name}, not on one of its coasts: write "
                           f"'A {_loc_text(p.id)}'")
                return message, "army-on-coast", ()
            return None
        if p.kind == "land":
            return f"a fleet cannot stand inland ({p.name})", "fleet-inland", ()
        if unit.loc not in self.dmap.fleet_locations():
            coasts = tuple(self.dmap.location_name(f"{p.id}/{c}") for c in p.coasts)
            message = (f"{p.name} has {len(coasts)} coasts: say which one the fleet is on, "
                       f"e.g. 'F {_loc_text(p.id)}/{p.coasts[0]}'")
            return message, "coast-missing", coasts
        return None

    def _dislodged(self, item: str, at: _Spot, power: str) -> None:
        """``A Ser (attacked from Bul)``, ``F Eng (attacked from Lon via convoy)``."""
        m = _FROM.search(item)
        if m is None:  # read the unit anyway, to report all its problems at once
            unit_text = _ATTACK_WORDS.split(item, maxsplit=1)[0].rstrip()
        else:
            before = _BEFORE_FROM.search(item[:m.start()])
            unit_text = item[:before.start() if before else m.start()]
        unit = self._unit(unit_text, at, power, _Section.DISLODGED)
        if m is None:
            self.add(at.problem(
                "say where the unit that dislodged it came from: "
                f"'{unit_text} (attacked from ...)'",
                "attacker-missing", expected=("'(attacked from ...)'",)), _Section.DISLODGED)
            return
        rest = item[m.end():]
        convoy = _CONVOYED.search(rest)
        origin = rest[:convoy.start()] if convoy else rest
        if origin.count(")") > origin.count("("):  # the ")" closing "(attacked from"
            origin = origin[:origin.rindex(")")]
        at_origin = at.at(at.column - 1 + m.end() + len(origin) - len(origin.lstrip()))
        if not normalize(origin):
            self.add(at.at(at.column - 1 + m.end()).problem(
                "the province the attacker came from is missing", "attacker-missing",
                expected=("a province name",)), _Section.DISLODGED)
            return
        loc = self._location(origin.strip(), at_origin, _Section.DISLODGED, "provinces")
        if unit is None or loc is None:
            return  # reported, and the section marked broken
        self.dislodged.append(_Dislodged(unit, prov(loc), convoy is not None, at))

    def _owned(self, item: str, at: _Spot, owner: str) -> None:
        loc = self._location(item, at, _Section.OWNERS, "centres")
        if loc is None:
            return
        p = self.dmap.provinces[prov(loc)]
        if not p.supply_centre:
            self.add(at.problem(f"{p.name} is not a supply centre", "not-a-centre"),
                     _Section.OWNERS)
            return
        self.owners.append((owner, p.id, at))

    # -- the position as a whole --------------------------------------------------------------

    def board(self) -> Board | None:
        """Check the entries against each other and the rules; the board if all is well.

        Each check runs when its own inputs were read cleanly, whatever else is wrong, so the
        moderator sees every independent problem in one go.
        """
        units = self._distinct_units(self.units, _Section.UNITS)
        dislodged = self._distinct_units([(d.unit, d.spot) for d in self.dislodged],
                                         _Section.DISLODGED)
        centres = self._centres()
        standoffs = self._standoffs(units)
        phase = self._phase()
        clean = {s: s not in self.broken for s in _Section}

        retreats: dict[str, DislodgedUnit] = {}
        if phase is not None and not phase.is_retreats:
            for d in self.dislodged:
                self.add(d.spot.problem(
                    f"dislodged units exist only in retreat phases, not in {phase.name}",
                    "dislodged-outside-retreats"))
            for _, spot in self.standoffs:
                self.add(spot.problem(
                    f"standoffs matter only in retreat phases, not in {phase.name}",
                    "standoffs-outside-retreats"))
        elif phase is not None:
            if not self.dislodged and clean[_Section.DISLODGED]:
                self.add(self.phase_spot.problem(
                    "a retreat phase needs dislodged units (the engine skips a retreat phase "
                    "with none): add a 'Dislodged:' section or make it a movement phase",
                    "retreats-without-dislodged"))
            if clean[_Section.UNITS] and clean[_Section.STANDOFFS]:
                retreats = self._retreats(units, dislodged, standoffs)

        adjustments: dict[str, int] = {}
        if phase is not None and phase.is_adjustments \
                and clean[_Section.UNITS] and clean[_Section.OWNERS]:
            adjustments = adjustments_owed(Board(phase, units, centres), self.dmap)
            if not adjustments:
                self.add(self.phase_spot.problem(
                    "nobody has anything to build or remove (the engine skips such a winter): "
                    "make it the next Spring's movement phase", "nothing-to-adjust"))
        if not units and not dislodged and clean[_Section.UNITS] and clean[_Section.DISLODGED]:
            self.add(_NOWHERE.problem("there are no units on the board", "no-units"))
        if clean[_Section.OWNERS]:
            self._no_winner(centres)
        complete = clean[_Section.UNITS] and clean[_Section.DISLODGED] and clean[_Section.OWNERS]
        eliminated = self._eliminated(units, dislodged, centres, complete)

        if phase is None or self.problems:
            return None
        return Board(phase, units, centres, retreats, adjustments, eliminated)

    def _phase(self) -> Phase | None:
        if self.phase is not None:
            return self.phase
        if not self.phase_lines:  # an unreadable one is reported already
            where = self.first_line or _NOWHERE
            self.add(where.problem(
                "the phase is missing: start the position with a line like "
                "'Spring 1905 Movement' or 'S1905M'", "phase-missing",
                expected=("'Spring 1905 Movement'", "'S1905M'")))
        return None

    def _distinct_units(self, entries: list[tuple[Unit, _Spot]],
                        section: _Section) -> dict[str, Unit]:
        """Province -> unit; a second unit in a province is reported, not kept."""
        seen: dict[str, tuple[Unit, _Spot]] = {}
        for unit, spot in entries:
            p = prov(unit.loc)
            if p not in seen:
                seen[p] = (unit, spot)
                continue
            first, first_spot = seen[p]
            if first == unit:
                self.add(spot.problem(f"{unit.power}'s {_unit_text(unit)} is listed twice "
                                      f"(also on line {first_spot.line})",
                                      "unit-listed-twice"), section)
            else:
                name = self.dmap.provinces[p].name
                self.add(spot.problem(
                    f"two units in {name}: {first.power}'s {_unit_text(first)} (line "
                    f"{first_spot.line}) and {unit.power}'s {_unit_text(unit)}",
                    "two-units-in-province"), section)
        return {p: unit for p, (unit, _) in seen.items()}

    def _centres(self) -> dict[str, str]:
        """Centre -> owner; a centre listed twice is reported, not kept."""
        seen: dict[str, tuple[str, _Spot]] = {}
        for owner, centre, spot in self.owners:
            if centre not in seen:
                seen[centre] = (owner, spot)
                continue
            first, first_spot = seen[centre]
            name = self.dmap.provinces[centre].name
            if first == owner:
                self.add(spot.problem(f"{name} is listed twice (also on line {first_spot.line})",
                                      "centre-listed-twice"), _Section.OWNERS)
            else:
                def who(o: str) -> str:
                    return "unowned" if o == _UNOWNED else f"owned by {o}"
                self.add(spot.problem(
                    f"{name} cannot be both {who(first)} (line {first_spot.line}) "
                    f"and {who(owner)}", "centre-owned-twice"), _Section.OWNERS)
        return {c: owner for c, (owner, _) in sorted(seen.items()) if owner != _UNOWNED}

    def _standoffs(self, units: dict[str, Unit]) -> set[str]:
        out: dict[str, _Spot] = {}
        for p, spot in self.standoffs:
            name = self.dmap.provinces[p].name
            if p in out:
                self.add(spot.problem(f"{name} is listed twice (also on line {out[p].line})",
                                      "standoff-listed-twice"), _Section.STANDOFFS)
            elif p in units:
                self.add(spot.problem(
                    f"{name} holds {units[p].power}'s {_unit_text(units[p])}: a standoff "
                    "leaves a province empty", "standoff-occupied"), _Section.STANDOFFS)
            else:
                out[p] = spot
        return set(out)

    def _retreats(self, units: dict[str, Unit], dislodged: dict[str, Unit],
                  standoffs: set[str]) -> dict[str, DislodgedUnit]:
        """Each dislodged unit with its retreat options, computed as the engine does."""
        out: dict[str, DislodgedUnit] = {}
        for d in self.dislodged:
            p = prov(d.unit.loc)
            if dislodged.get(p) != d.unit or p in out:
                continue  # a duplicate, reported already
            name = self.dmap.provinces[p].name
            attacker = units.get(p)
            if attacker is None:
                self.add(d.spot.problem(
                    f"no unit stands in {name}: list the unit that dislodged "
                    f"{_unit_text(d.unit)} under Units, where it is now", "no-attacker-there"))
                continue
            if attacker.power == d.unit.power:
                self.add(d.spot.problem(
                    f"{name} holds {attacker.power}'s own {_unit_text(attacker)}: no power "
                    "dislodges its own unit; list the attacker there under Units",
                    "dislodged-by-own-power"))
                continue
            unreachable = self._attack_problem(attacker, d)
            if unreachable:
                self.add(d.spot.problem(unreachable, "attacker-cannot-reach"))
                continue
            options = retreat_options(self.dmap, d.unit, d.attacker_from, d.by_convoy, units,
                                      standoffs)
            if not options:
                self.add(d.spot.problem(
                    f"{_unit_text(d.unit)} has nowhere to retreat (every neighbour is occupied, "
                    "a standoff or the attacker's origin): the engine disbands such a unit at "
                    "once, so leave it out", "no-retreat"))
                continue
            out[p] = DislodgedUnit(d.unit, d.attacker_from, tuple(options))
        return out

    def _attack_problem(self, attacker: Unit, d: _Dislodged) -> str | None:
        """Why ``attacker`` cannot have come from ``d.attacker_from``, or ``None``."""
        dmap, origin, p = self.dmap, d.attacker_from, prov(d.unit.loc)
        origin_name = dmap.provinces[origin].name
        what = f"{attacker.power}'s {_unit_text(attacker)}"
        if attacker.type is UnitType.FLEET:
            if d.by_convoy:
                return f"{what} is a fleet: only armies are convoyed"
            if any(attacker.loc in dmap.fleet_neighbours(loc) for loc in dmap.fleet_locations()
                   if prov(loc) == origin):
                return None
            return f"{what} cannot have come from {origin_name}: a fleet cannot move between them"
        coastal = dmap.provinces[origin].kind == "coastal" and dmap.provinces[p].kind == "coastal"
        if d.by_convoy:
            return None if coastal else (f"{what} cannot have been convoyed from "
                                         f"{origin_name}: a convoy runs between coasts")
        if origin in dmap.army_neighbours(p):
            return None
        hint = " (if it was convoyed, add 'via convoy')" if coastal else ""
        return f"{what} cannot have come from {origin_name}: they are not adjacent{hint}"

    def _no_winner(self, centres: dict[str, str]) -> None:
        """A power at the victory count has won: such a game is over, not a position to play."""
        for power in sorted(set(centres.values())):
            n = sum(1 for owner in centres.values() if owner == power)
            if n >= self.dmap.victory_centres:
                spot = next(s for o, _, s in self.owners if o == power)
                self.add(spot.problem(
                    f"{power} owns {n} supply centres, {self.dmap.victory_centres} win the "
                    "game: there is nothing left to play", "already-won"))

    def _eliminated(self, units: dict[str, Unit], dislodged: dict[str, Unit],
                    centres: dict[str, str], complete: bool) -> list[str]:
        """Powers with no units, no dislodged units and no centres (the engine's rule): those
        listed under Eliminated first, in their order (the order of elimination, which a
        board does not show), then the others in the engine's order. Whether a listed power
        really has nothing is checked only on a ``complete`` board (see "No echoes")."""
        def holdings(power: str) -> list[str]:
            counts = (("units", sum(u.power == power for u in units.values())),
                      ("dislodged units", sum(u.power == power for u in dislodged.values())),
                      ("supply centres", sum(o == power for o in centres.values())))
            return [what for what, n in counts if n]

        out: list[str] = []
        for power, spot in self.eliminated:
            if power in out:
                self.add(spot.problem(f"{power} is listed twice", "eliminated-listed-twice"),
                         _Section.ELIMINATED)
            elif complete and holdings(power):
                self.add(spot.problem(f"{power} is not eliminated: it has "
                                      + " and ".join(holdings(power)), "not-eliminated"),
                         _Section.ELIMINATED)
            else:
                out.append(power)
        return out + [p for p in sorted(self.dmap.powers) if p not in out and not holdings(p)]


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def parse_position(text: str, dmap: DiplomacyMap, base: dict) -> dict:
    """The game state a written position describes (format: ``docs/position-diplomacy.md``).

    ``base`` holds the fields the position does not (``schema_version``, ``game``,
    ``players``...); they are copied in unchanged, except ``result``, which is ``None``: a
    position is a game to play on. Everything else is built as the engine builds it, so the
    state is exactly one the engine could have written.

    Raises :class:`PositionError` listing every problem found (each a located
    :class:`OrderError` with a ``rule``); invalid input never produces a state.
    """
    reader = _Reader(dmap)
    reader.read(text)
    board = reader.board()
    if board is None:
        raise PositionError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    fields = {k: copy.deepcopy(v) for k, v in base.items() if k not in _POSITION_FIELDS}
    fields["result"] = None
    state = engine.to_state(fields, board)
    setup = setup_for(reader.players, list(dmap.powers))
    if setup is not None:
        state["setup"] = setup
    return state


def format_position(state: dict, dmap: DiplomacyMap) -> str:
    """``state`` written as a position :func:`parse_position` reads back to the same state.

    What the engine computes (retreat options, adjustments) is not written; what it cannot
    recompute is: how each dislodging attack came ("via convoy") when that decides a retreat,
    the standoffs next to dislodged units, and the order of elimination.
    """
    board = Board.from_state(state)
    out = [board.phase.name]
    players = (state.get("setup") or {}).get("players")
    if players:
        out.append(f"Players: {players}")
    if board.adjustments:
        owed = ", ".join(f"{p} {n:+d}" for p, n in sorted(board.adjustments.items()))
        out.append(f"# builds (+) and removals (-) owed: {owed}")
    out += ["", "Units:"]
    for power in sorted({u.power for u in board.units.values()}):
        out.append(f"{power}: " + ", ".join(_unit_text(u) for u in board.units_of(power)))
    if board.dislodged:
        out += ["", "Dislodged:"]
        for power in sorted({d.unit.power for d in board.dislodged.values()}):
            entries = [d for _, d in sorted(board.dislodged.items()) if d.unit.power == power]
            out.append(f"{power}: " + ", ".join(
                f"{_unit_text(d.unit)} (attacked from {_loc_text(d.attacker_from)}"
                + (" via convoy" if _came_by_convoy(dmap, board, d) else "") + ")"
                for d in entries))
        standoffs = _standoffs_near_dislodged(dmap, board)
        if standoffs:
            out += ["", "Standoffs: " + ", ".join(_loc_text(p) for p in standoffs)]
    out += ["", "Owners:"]
    for power in sorted(set(board.centres.values())):
        owned = sorted(c for c, o in board.centres.items() if o == power)
        out.append(f"{power}: " + ", ".join(_loc_text(c) for c in owned))
    unowned = [c for c in dmap.supply_centres() if c not in board.centres]
    if unowned:
        out.append("# unowned: " + ", ".join(_loc_text(c) for c in unowned))
    if board.eliminated:
        out += ["", "Eliminated: " + ", ".join(board.eliminated)]
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# What a state does not say but its retreat options show
# --------------------------------------------------------------------------------------------


def _came_by_convoy(dmap: DiplomacyMap, board: Board, d: DislodgedUnit) -> bool:
    """Whether to write "via convoy": the attacker is an army and either the dislodged unit may
    retreat to the attacker's origin (only a convoyed attack leaves it open) or that origin is
    not adjacent (only a convoy bridges it). Otherwise the flag changes nothing and is left out.
    """
    attacker = board.units.get(prov(d.unit.loc))
    if attacker is None or attacker.type is not UnitType.ARMY:
        return False
    return (any(prov(loc) == d.attacker_from for loc in d.retreats)
            or d.attacker_from not in dmap.army_neighbours(prov(d.unit.loc)))


def _standoffs_near_dislodged(dmap: DiplomacyMap, board: Board) -> list[str]:
    """The standoff provinces a state's retreat options imply: a neighbour that is empty and
    not the attacker's (closed) origin, yet not among the options, can only be a standoff.
    Standoffs elsewhere do not matter, so these suffice to recompute every option."""
    out: set[str] = set()
    for d in board.dislodged.values():
        open_ = retreat_options(dmap, d.unit, d.attacker_from, _came_by_convoy(dmap, board, d),
                                board.units, set())
        out |= {prov(loc) for loc in open_} - {prov(loc) for loc in d.retreats}
    return sorted(out)
