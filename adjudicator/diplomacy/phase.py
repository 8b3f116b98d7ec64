"""Diplomacy phases and their judge codes (``S1901M``, ``F1901R``, ``W1901A``).

A year runs Spring movement, Spring retreats, Fall movement, Fall retreats, Winter
adjustments. The engine skips retreat and adjustment phases with nothing to order, so
:meth:`Phase.next` only gives the calendar successor; skipping is the engine's decision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property


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


@dataclass(frozen=True)
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


def powers_to_act(state: dict) -> list[str]:
    """Powers that have something to order in the current phase of ``state`` (sorted):
    every power with a unit in movement, with a dislodged unit in retreats, with builds or
    removals owed in adjustments; nobody once the game is over. Read from the state dict
    alone, so knowing who must act costs no more than reading the state."""
    if state.get("result"):
        return []
    phase = Phase.parse(state["phase"])
    if phase.is_movement:
        return sorted({u["power"] for u in state.get("units", [])})
    if phase.is_retreats:
        return sorted({d["power"] for d in state.get("dislodged", [])})
    return sorted(p for p, n in state.get("adjustments", {}).items() if n)
