"""United States 5, Fast Carriers (Revised digest A7, US 5): "Your carriers have move 3."

Automatic (digest C3: no decision). The carriers' range is the ``moves`` query point, so it
holds wherever the rules ask a carrier's range: combat and noncombat moves, retreats that
count moves, the landing proofs that count on a carrier moving to catch fighters.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

#: "your carriers have move 3" (printed move 2)
CARRIER_MOVES = 3


class FastCarriers(NationalAdvantage):
    key = "fast_carriers"
    power = "usa"
    number = 5
    name = "Fast Carriers"
    decision = "automatic"

    def moves(self, unit: UnitQuery, value: int) -> int:
        if self.mine(unit) and unit.spec.carrier_capacity:
            return max(value, CARRIER_MOVES)
        return value


ADVANTAGE = FastCarriers()
