"""United States 4, Mechanized Infantry (Revised digest A7, US 4): "Your infantry have move 2
and may blitz like tanks."

Automatic (digest C3: no decision). Through two query points: ``moves`` (2, in combat and
noncombat moves alike) and ``blitz`` (in combat move, pass one empty enemy territory, taking
it, and go on, under the tanks' rules: movement.py). Ruling NA-mechanized_infantry.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

#: "your infantry have move 2" (printed move 1)
INFANTRY_MOVES = 2


class MechanizedInfantry(NationalAdvantage):
    key = "mechanized_infantry"
    power = "usa"
    number = 4
    name = "Mechanized Infantry"
    decision = "automatic"

    def _infantry(self, unit: UnitQuery) -> bool:
        return self.mine(unit) and unit.type == "infantry"

    def moves(self, unit: UnitQuery, value: int) -> int:
        return max(value, INFANTRY_MOVES) if self._infantry(unit) else value

    def blitz(self, unit: UnitQuery, value: bool) -> bool:
        return value or self._infantry(unit)


ADVANTAGE = MechanizedInfantry()
