"""Typed view of the Diplomacy part of a state dict (see ``docs/state-format.md``).

The engine reads a state into a :class:`Board`, works on typed values, and writes a
fresh state dict back; the input dict is never touched.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import starmap
from operator import attrgetter, itemgetter

from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.orders import ARMY, ARMY_LETTER, FLEET_LETTER, Unit, UnitType
from adjudicator.diplomacy.phase import Phase
from adjudicator.record import field, record

_by_loc = attrgetter("loc")
_power = attrgetter("power")
_power_type_loc = itemgetter("power", "type", "loc")  # a state's unit entry, as _placed takes it


@lru_cache(maxsize=1 << 16)
def unit_of(power: str, letter: str, loc: str) -> Unit:
    """The unit a state entry describes (``"A"``/``"F"``). Units are immutable values and
    the same ones recur phase after phase, so they are made once and shared: reading a
    state then costs a lookup per unit instead of building a record and an enum."""
    return Unit(power, UnitType(letter), loc)


@lru_cache(maxsize=1 << 16)
def _placed(power: str, letter: str, loc: str) -> tuple[str, Unit]:
    """(province, unit) of a state entry, remembered like :func:`unit_of`."""
    return prov(loc), unit_of(power, letter, loc)


@lru_cache(maxsize=256)
def phase_of(code: str) -> Phase:
    """:meth:`Phase.parse`, remembered (phases are immutable; a game has few codes)."""
    return Phase.parse(code)


@record(frozen=True)
class DislodgedUnit:
    unit: Unit
    attacker_from: str
    retreats: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "power": self.unit.power,
            "type": self.unit.type.letter,
            "loc": self.unit.loc,
            "attacker_from": self.attacker_from,
            "retreats": list(self.retreats),
        }


@record
class Board:
    phase: Phase
    units: dict[str, Unit]  # province -> unit
    centres: dict[str, str]  # supply centre -> owner
    dislodged: dict[str, DislodgedUnit] = field(default_factory=dict)  # province -> unit
    adjustments: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: dict) -> Board:
        # (province, unit) pairs straight into a dict: no Python step per unit.
        units = dict(starmap(_placed, map(_power_type_loc, state.get("units", ()))))
        dislodged = {}
        for d in state.get("dislodged", ()):
            unit = unit_of(d["power"], d["type"], d["loc"])
            dislodged[prov(unit.loc)] = DislodgedUnit(
                unit, d.get("attacker_from", ""), tuple(d.get("retreats", []))
            )
        adjustments = state.get("adjustments", {})
        # (No comprehension for no adjustments, the case outside Winter: in Python 3.11 each
        # run of one makes a function. The fields by position: keywords cost more.)
        return cls(
            phase_of(state["phase"]),
            units,
            dict(state.get("centres", {})),
            dislodged,
            {} if adjustments == {} else {k: int(v) for k, v in adjustments.items()},
            list(state.get("eliminated", [])),
        )

    def units_json(self) -> list[dict]:
        # (The letter by a test: faster than reading ``.letter``, see orders.ARMY_LETTER.
        # A loop, not a comprehension: in Python 3.11 each run of one makes a function.)
        out = []
        for u in sorted(self.units.values(), key=_by_loc):
            out.append({"power": u.power, "type": ARMY_LETTER if u.type is ARMY else FLEET_LETTER,
                        "loc": u.loc})
        return out

    def units_of(self, power: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power == power), key=_by_loc)

    def centre_count(self, power: str) -> int:
        return sum(1 for owner in self.centres.values() if owner == power)

    def centre_counts(self) -> dict[str, int]:
        """Owner -> number of centres owned (owners with none are absent)."""
        return Counter(self.centres.values())

    def unit_counts(self) -> dict[str, int]:
        """Power -> number of units on the board (powers with none are absent)."""
        return Counter(map(_power, self.units.values()))
