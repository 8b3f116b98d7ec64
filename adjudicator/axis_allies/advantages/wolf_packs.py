"""Wolf Packs (Germany 4, Revised digest A7): "If at least three of your subs combat-move into
a single sea zone, they attack at 3 (4 with Super Subs)."

Automatic (digest C3). The ``attack`` query point with the battle as it starts
(``UnitQuery.setup``): when three or more German submarines are among the attackers of one
sea battle, wherever each came from, every German submarine in it attacks at one more than it
otherwise would (2 -> 3; Super Submarines 3 -> 4), for the whole battle, even after losses
leave fewer than three (ruling NA-wolf_packs). The technology must come before the advantage
in the ruleset's list of effects so that the +1 is added to its value.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

PACK = 3


class WolfPacks(NationalAdvantage):
    key = "wolf_packs"
    power = "germany"
    number = 4
    name = "Wolf Packs"

    def attack(self, unit: UnitQuery, value: int) -> int:
        if (self.mine(unit) and unit.spec.submarine and unit.battle == "sea"
                and unit.side == "attacker" and pack(unit) >= PACK):
            return value + 1
        return value


def pack(unit: UnitQuery) -> int:
    """The advantage's power's submarines among the battle's attackers."""
    if unit.setup is None or unit.edition is None:
        return 0
    return sum(1 for u in unit.setup.attackers
               if u.power == unit.power and unit.edition.units[u.type].submarine)


ADVANTAGE = WolfPacks()
