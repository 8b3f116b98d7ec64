"""Super Submarines (Revised digest A5.1 tech 3): "Your subs' attack becomes 3"; defence is
unchanged."""

from __future__ import annotations

from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.techs.tech import Tech


class SuperSubmarines(Tech):
    key = "super_submarines"
    number = 3
    name = "Super Submarines"
    aliases = ("super subs", "super sub", "supersubs", "super submarine", "ss")

    def attack(self, unit: UnitQuery, value: int) -> int:
        return 3 if self.mine(unit) and unit.spec.submarine else value
