"""Dug-in Defenders (Japan 5, Revised digest A7): "All your infantry on islands defends
at 3."

Automatic (digest C3). An island is "a territory inside a sea zone" (digest A4): no land
border and one sea zone around it, whoever holds it (ruling NA-dug_in_defenders): the
Philippines, Okinawa, the Carolines, New Guinea ..., not Japan (two sea zones), Australia or
Madagascar (four). Every round of the battle, against any attack, amphibious or by air. The value is the ``defence`` query point, so both the dice engine and the exact
calculator (``adj odds``) see it; the fire event of the log shows the value 3.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.effects import UnitQuery

DUG_IN_DEFENCE = 3


class DugInDefenders(NationalAdvantage):
    key = "dug_in_defenders"
    power = "japan"
    number = 5
    name = "Dug-in Defenders"

    def defence(self, unit: UnitQuery, value: int) -> int:
        if (self.mine(unit) and unit.type == "infantry" and unit.battle == "land"
                and on_island(unit)):
            return max(value, DUG_IN_DEFENCE)
        return value


def on_island(unit: UnitQuery) -> bool:
    """Whether the battle's territory lies inside one sea zone (digest A4)."""
    if unit.edition is None or unit.region is None:
        return False
    return is_island(unit.edition, unit.region)


def is_island(edition: Edition, region: str) -> bool:
    """A land territory with no land border and a single sea zone around it."""
    m = edition.map
    r = m.regions.get(region)
    if r is None or not r.island:  # the data's flag: no land border at all
        return False
    return len([n for n in m.neighbours(region) if m.is_sea(n)]) == 1


ADVANTAGE = DugInDefenders()
