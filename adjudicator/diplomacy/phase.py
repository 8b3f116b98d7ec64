"""Diplomacy phases and their judge codes (``S1901M``, ``F1901R``, ``W1901A``).

A year runs Spring movement, Spring retreats, Fall movement, Fall retreats, Winter
adjustments. The engine skips retreat and adjustment phases with nothing to order, so
:meth:`Phase.next` only gives the calendar successor; skipping is the engine's decision.

:func:`read_phase` reads a phase the way people write it (``Fall 1901 Movement``,
``1901 Fall Moves``, ``Autumn 1901``, ``F1901M``): the phase line of a written position,
a phase a moderator names on the command line and a player's ``PHASE`` line all go
through it.
"""

from __future__ import annotations

import re
from enum import Enum
from functools import cached_property

from adjudicator.errors import PhaseNameError
from adjudicator.record import record
from adjudicator.suggest import Suggester


class Season(str, Enum):
    SPRING = "spring"
    FALL = "fall"
    WINTER = "winter"


class PhaseType(str, Enum):
    MOVEMENT = "movement"
    RETREATS = "retreats"
    ADJUSTMENTS = "adjustments"


_SEASON_LETTER = {Season.SPRING: "S", Season.FALL: "F", Season.WINTER: "W"}
_TYPE_LETTER = {PhaseType.MOVEMENT: "M", PhaseType.RETREATS: "R", PhaseType.ADJUSTMENTS: "A"}
_CODE = re.compile(r"^([SFW])(\d{4})([MRA])$")

# The calendar: each phase and the one after it (the year rolls over after Winter).
_ORDER = [
    (Season.SPRING, PhaseType.MOVEMENT),
    (Season.SPRING, PhaseType.RETREATS),
    (Season.FALL, PhaseType.MOVEMENT),
    (Season.FALL, PhaseType.RETREATS),
    (Season.WINTER, PhaseType.ADJUSTMENTS),
]


@record(frozen=True)
class Phase:
    year: int
    season: Season
    type: PhaseType

    def __post_init__(self) -> None:
        if (self.season, self.type) not in _ORDER:
            raise ValueError(f"no {self.type.value} phase in {self.season.value}")

    @classmethod
    def parse(cls, code: str) -> Phase:
        """Read a judge code such as ``S1901M``; raises ``ValueError`` on anything else."""
        m = _CODE.match(code.strip().upper())
        if not m:
            raise ValueError(f"not a phase code: {code!r}")
        season = {v: k for k, v in _SEASON_LETTER.items()}[m.group(1)]
        ptype = {v: k for k, v in _TYPE_LETTER.items()}[m.group(3)]
        return cls(int(m.group(2)), season, ptype)

    @cached_property
    def code(self) -> str:
        # Cached (phases are immutable): the engine writes it several times a phase.
        return f"{_SEASON_LETTER[self.season]}{self.year}{_TYPE_LETTER[self.type]}"

    def __str__(self) -> str:
        return self.code

    @property
    def name(self) -> str:
        """Human name for reports: ``Spring 1901 Movement``."""
        return f"{self.season.value.capitalize()} {self.year} {self.type.value.capitalize()}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Chronological key (season names do not sort alphabetically)."""
        return (self.year, _ORDER.index((self.season, self.type)))

    def next(self) -> Phase:
        """The calendar successor, without skipping empty phases."""
        i = _ORDER.index((self.season, self.type))
        if i + 1 == len(_ORDER):
            return Phase(self.year + 1, Season.SPRING, PhaseType.MOVEMENT)
        season, ptype = _ORDER[i + 1]
        return Phase(self.year, season, ptype)

    @property
    def is_movement(self) -> bool:
        return self.type is PhaseType.MOVEMENT

    @property
    def is_retreats(self) -> bool:
        return self.type is PhaseType.RETREATS

    @property
    def is_adjustments(self) -> bool:
        return self.type is PhaseType.ADJUSTMENTS


FIRST_PHASE = Phase(1901, Season.SPRING, PhaseType.MOVEMENT)


# --- phases as people write them ------------------------------------------------------------

SEASON_WORDS = {"spring": Season.SPRING, "s": Season.SPRING, "fall": Season.FALL,
                "autumn": Season.FALL, "f": Season.FALL, "winter": Season.WINTER,
                "w": Season.WINTER}
TYPE_WORDS = {"movement": PhaseType.MOVEMENT, "moves": PhaseType.MOVEMENT,
              "move": PhaseType.MOVEMENT, "m": PhaseType.MOVEMENT,
              "retreats": PhaseType.RETREATS, "retreat": PhaseType.RETREATS,
              "r": PhaseType.RETREATS,
              "adjustments": PhaseType.ADJUSTMENTS, "adjustment": PhaseType.ADJUSTMENTS,
              "builds": PhaseType.ADJUSTMENTS, "build": PhaseType.ADJUSTMENTS,
              "a": PhaseType.ADJUSTMENTS, "b": PhaseType.ADJUSTMENTS}
_SEASON_SUGGESTER = Suggester(["Spring", "Fall", "Autumn", "Winter"])
_TYPE_SUGGESTER = Suggester(["Movement", "Retreats", "Adjustments", "Builds"])
# A season written without its phase: Spring and Fall mean their movement, Winter has only one.
_DEFAULT_TYPE = {Season.SPRING: PhaseType.MOVEMENT, Season.FALL: PhaseType.MOVEMENT,
                 Season.WINTER: PhaseType.ADJUSTMENTS}
# "Spring 1905 Movement", "S1905M", "Phase: Fall, 1905 (Retreats)", "1901 Fall Moves".
_PHASE_WORDS = re.compile(
    r"\s*(?:phase\s*:?\s*)?"
    r"(?:(?P<season>[^\W\d_]+)\W*?(?P<year>\d+)|(?P<year_first>\d+)\W*?(?P<season_after>[^\W\d_]+))"
    r"\W*?(?P<type>[^\W\d_]*)(?:\W+phase)?\W*$", re.IGNORECASE)
PHASE_EXAMPLES = ("'Spring 1905 Movement'", "'S1905M'")


def read_phase(text: str) -> Phase:
    """The phase ``text`` names, written as people write it.

    A season (``Spring``/``S``, ``Fall``/``Autumn``/``F``, ``Winter``/``W``), a year and a
    phase word (``Movement``/``Moves``/``M``, ``Retreats``/``R``, ``Adjustments``/``Builds``/
    ``A``/``B``), in that order or year first, with any punctuation between; without a
    phase word Spring and Fall mean their movement and Winter its adjustments. Judge codes
    are the same words run together (``F1901M``). Raises :class:`PhaseNameError`.
    """
    m = _PHASE_WORDS.fullmatch(text)
    if m is None:
        raise PhaseNameError(f"cannot read {text.strip()!r} as a phase: write it like "
                             "'Spring 1905 Movement' or 'S1905M'", expected=PHASE_EXAMPLES)
    group = "season" if m["season"] is not None else "season_after"
    season = SEASON_WORDS.get(m[group].casefold())
    if season is None:
        raise PhaseNameError(
            f"unknown season {m[group]!r}: expected Spring, Fall (or Autumn) or Winter",
            index=m.start(group), suggestions=tuple(_SEASON_SUGGESTER.suggest(m[group])),
            expected=("'Spring'", "'Fall'", "'Winter'"))
    word = m["type"].casefold()
    ptype = _DEFAULT_TYPE[season] if word in ("", "phase") else TYPE_WORDS.get(word)
    if ptype is None:
        raise PhaseNameError(
            f"unknown phase {m['type']!r}: expected Movement, Retreats or Adjustments",
            index=m.start("type"), suggestions=tuple(_TYPE_SUGGESTER.suggest(m["type"])),
            expected=("'Movement'", "'Retreats'", "'Adjustments'"))
    group = "year" if m["year"] is not None else "year_first"
    year = int(m[group])
    if year < FIRST_PHASE.year:
        raise PhaseNameError(f"the year {year} is before the game starts "
                             f"({FIRST_PHASE.year})", "year-before-1901", m.start(group))
    if year > 9999:
        raise PhaseNameError(f"cannot read the year {m[group]!r}", index=m.start(group))
    try:
        return Phase(year, season, ptype)
    except ValueError:
        only = ("Winter has only the adjustments phase" if season is Season.WINTER
                else f"{season.value.capitalize()} has movement and retreats; "
                     "adjustments are in Winter")
        raise PhaseNameError(
            f"there is no {season.value.capitalize()} {ptype.value} phase: {only}",
            "phase-impossible") from None


def powers_to_act(state: dict) -> list[str]:
    """Powers that have something to order in the current phase of ``state`` (sorted):
    every power with a unit in movement, with a dislodged unit in retreats, with builds or
    removals owed in adjustments; nobody once the game is over. Read from the state dict
    alone, so knowing who must act costs no more than reading the state."""
    if state.get("result"):
        return []
    phase = Phase.parse(state["phase"])
    if phase.is_movement:
        acting = {u["power"] for u in state.get("units", [])}
    elif phase.is_retreats:
        acting = {d["power"] for d in state.get("dislodged", [])}
    else:
        acting = {p for p, n in state.get("adjustments", {}).items() if n}
    # A power nobody plays (fewer than seven players: ``setup.civil_disorder``) never acts.
    return sorted(acting - set((state.get("setup") or {}).get("civil_disorder") or ()))
