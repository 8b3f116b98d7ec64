"""Combined Bombardment (Revised digest A5.1 tech 5): "Your destroyers may bombard during
amphibious assaults like battleships, their attack is 3" (a destroyer: the data's
``anti_submarine`` flag). They bombard under the same rules as battleships: only when no sea
battle is fought in the landing zone, and as the edition caps bombarding ships."""

from __future__ import annotations

from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.techs.tech import Tech


class CombinedBombardment(Tech):
    key = "combined_bombardment"
    number = 5
    name = "Combined Bombardment"
    aliases = ("combined bombardment", "combined", "cb", "destroyer bombardment")

    def bombard(self, unit: UnitQuery, value: int) -> int:
        if self.mine(unit) and unit.spec.anti_submarine and not value:
            return unit.spec.attack  # 3: "their attack is 3"
        return value
