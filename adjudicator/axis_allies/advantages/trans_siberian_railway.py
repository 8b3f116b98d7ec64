"""Trans-Siberian Railway (Soviet Union 6, Revised digest A7): "Your infantry, artillery and
AA guns may move 2 territories per turn, but only within Russia, Novosibirsk, Yakut and
Buryatia."

Automatic (digest C3). The ``moves`` query point, asked with the route of the move being
checked (``UnitQuery.path``): a Soviet infantry, artillery or AA gun has 2 moves for a move
whose whole route, start included, lies in the four territories (the line, digest A7:
Russia - Novosibirsk - Yakut S.S.R. - Buryatia S.S.R.). The railway carries a unit that has
not moved yet this turn: its whole movement is then along the line (ruling
NA-trans_siberian_railway). AA guns still move only in noncombat move (the movement rules
refuse them in combat move as before). Everywhere else the printed move holds.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

LINE = frozenset({"russia", "novosibirsk", "yakut_ssr", "buryatia_ssr"})
RIDERS = frozenset({"infantry", "artillery", "aa_gun"})
ALLOWANCE = 2


class TransSiberianRailway(NationalAdvantage):
    key = "trans_siberian_railway"
    power = "ussr"
    number = 6
    name = "Trans-Siberian Railway"

    def moves(self, unit: UnitQuery, value: int) -> int:
        if (self.mine(unit) and unit.type in RIDERS and unit.path and not unit.moved
                and all(r in LINE for r in unit.path)):
            return max(value, ALLOWANCE)
        return value


ADVANTAGE = TransSiberianRailway()
