"""Typed view of the Diplomacy part of a state dict (see ``docs/state-format.md``).

The engine reads a state into a :class:`Board`, works on typed values, and writes a
fresh state dict back; the input dict is never touched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.orders import Unit, UnitType
from adjudicator.diplomacy.phase import Phase


@dataclass(frozen=True)
class DislodgedUnit:
    unit: Unit
    attacker_from: str
    retreats: tuple[str, ...]

    def to_json(self) -> dict:
        return {
            "power": self.unit.power,
            "type": self.unit.type.value,
            "loc": self.unit.loc,
            "attacker_from": self.attacker_from,
            "retreats": list(self.retreats),
        }


@dataclass
class Board:
    phase: Phase
    units: dict[str, Unit]  # province -> unit
    centres: dict[str, str]  # supply centre -> owner
    dislodged: dict[str, DislodgedUnit] = field(default_factory=dict)  # province -> unit
    adjustments: dict[str, int] = field(default_factory=dict)
    eliminated: list[str] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: dict) -> Board:
        units = {}
        for u in state.get("units", []):
            unit = Unit(u["power"], UnitType(u["type"]), u["loc"])
            units[prov(unit.loc)] = unit
        dislodged = {}
        for d in state.get("dislodged", []):
            unit = Unit(d["power"], UnitType(d["type"]), d["loc"])
            dislodged[prov(unit.loc)] = DislodgedUnit(
                unit, d.get("attacker_from", ""), tuple(d.get("retreats", []))
            )
        return cls(
            phase=Phase.parse(state["phase"]),
            units=units,
            centres=dict(state.get("centres", {})),
            dislodged=dislodged,
            adjustments={k: int(v) for k, v in state.get("adjustments", {}).items()},
            eliminated=list(state.get("eliminated", [])),
        )

    def units_json(self) -> list[dict]:
        return [
            {"power": u.power, "type": u.type.value, "loc": u.loc}
            for u in sorted(self.units.values(), key=lambda u: u.loc)
        ]

    def units_of(self, power: str) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.power == power), key=lambda u: u.loc)

    def centre_count(self, power: str) -> int:
        return sum(1 for owner in self.centres.values() if owner == power)
