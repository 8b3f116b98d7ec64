"""United States 6, Superfortresses (Revised digest A7, US 6): "Your bombers are immune to AA
fire. Enemy AA rolls only against attacking fighters, and cannot fire at all if there are
none."

Automatic (digest C3). Through the ``aa_fire`` query point: an AA gun does not fire at a US
bomber (value 0: no die is rolled for it), before round 1 of a land battle and at a strategic
bombing raid alike, so the dice engine, the exact calculator (``adj odds``) and bombing raids
all see it. Fighters flying with the bombers are fired at as usual. Ruling
NA-superfortresses.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import AAQuery


class Superfortresses(NationalAdvantage):
    key = "superfortresses"
    power = "usa"
    number = 6
    name = "Superfortresses"
    decision = "automatic"

    def aa_fire(self, q: AAQuery, value: int) -> int:
        target = q.target
        if target.power == self.power and target.spec.strategic_bomber:
            return 0
        return value


ADVANTAGE = Superfortresses()
