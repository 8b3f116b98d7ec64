"""Fortress Europe (Germany 6, Revised digest A7): "Your artillery in grey territories
defends at 3."

Automatic (digest C3). A grey territory is one printed in Germany's colour: its original
owner in the data is Germany, whoever holds it now (ruling NA-fortress_europe). The value is
the ``defence`` query point, so both the dice engine and the exact calculator see it.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery


class FortressEurope(NationalAdvantage):
    key = "fortress_europe"
    power = "germany"
    number = 6
    name = "Fortress Europe"

    def defence(self, unit: UnitQuery, value: int) -> int:
        if (self.mine(unit) and unit.type == "artillery" and unit.battle == "land"
                and grey(unit, self.power)):
            return max(value, 3)
        return value


def grey(unit: UnitQuery, power: str) -> bool:
    """Whether the battle's region is printed in ``power``'s colour (its original owner)."""
    if unit.edition is None or unit.region is None:
        return False
    region = unit.edition.map.regions.get(unit.region)
    return region is not None and region.original_owner == power


ADVANTAGE = FortressEurope()
