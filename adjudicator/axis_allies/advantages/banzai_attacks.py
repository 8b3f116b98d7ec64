"""Banzai Attacks (Japan 6, Revised digest A7): "When you begin an attack with infantry only,
all those infantry attack at 2", amphibious assaults included.

Automatic (digest C3). The attacking force is every unit that attacks the territory as the
battle starts: land units moved in or landed from the sea and aircraft (ruling
NA-banzai_attacks). Ships that only give shore bombardment are not part of it (digest A7
"Interpretation"), so a bombarded infantry-only landing is still a banzai attack. The value
holds for the whole battle ("those infantry"). It is the ``attack`` query point, read with the
battle (``UnitQuery.setup``), so both the dice engine and the exact calculator see it.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

BANZAI_ATTACK = 2


class BanzaiAttacks(NationalAdvantage):
    key = "banzai_attacks"
    power = "japan"
    number = 6
    name = "Banzai Attacks"

    def attack(self, unit: UnitQuery, value: int) -> int:
        if (self.mine(unit) and unit.type == "infantry" and unit.battle == "land"
                and infantry_only(unit)):
            return max(value, BANZAI_ATTACK)
        return value


def infantry_only(unit: UnitQuery) -> bool:
    """Whether every unit attacking in the battle is infantry."""
    setup = unit.setup
    if setup is None:
        return False
    return bool(setup.attackers) and all(u.type == "infantry" for u in setup.attackers)


ADVANTAGE = BanzaiAttacks()
