"""Jet Fighters (Revised digest A5.1 tech 1): "Your fighters' defense becomes 5"; their
attack is unchanged."""

from __future__ import annotations

from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.techs.tech import Tech


def is_fighter(unit: UnitQuery) -> bool:
    """A fighter: an aircraft that is no strategic bomber (the data's flags, no names)."""
    return unit.spec.is_air and not unit.spec.strategic_bomber


class JetFighters(Tech):
    key = "jet_fighters"
    number = 1
    name = "Jet Fighters"
    aliases = ("jets", "jet", "jet fighter", "jet fighters", "jf")

    def defence(self, unit: UnitQuery, value: int) -> int:
        return 5 if self.mine(unit) and is_fighter(unit) else value
