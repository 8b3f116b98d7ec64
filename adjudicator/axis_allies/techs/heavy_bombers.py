"""Heavy Bombers (Revised digest A5.1 tech 6): "Each bomber rolls 2 dice when attacking and
in strategic bombing, but only 1 die on defense". Both dice count: each may score a hit, and
in a raid both add to the IPC loss (TripleA Revised: "LHTR Heavy Bombers" false, 2 dice; not
"best of 2"). The battle engine and ``adj odds`` ask it through the ``dice`` query point
(``battle_steps.fire_values`` lists such a unit once per die), bombing raids too."""

from __future__ import annotations

from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.techs.tech import Tech


class HeavyBombers(Tech):
    key = "heavy_bombers"
    number = 6
    name = "Heavy Bombers"
    aliases = ("heavies", "heavy bomber", "heavy bombers", "hb", "heavy")

    def dice(self, unit: UnitQuery, value: int) -> int:
        if self.mine(unit) and unit.spec.strategic_bomber and unit.side == "attacker":
            return 2
        return value
