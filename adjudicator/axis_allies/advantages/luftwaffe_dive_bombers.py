"""Luftwaffe Dive Bombers (Germany 5, Revised digest A7): "Your fighters may make strategic
bombing raids under the bomber rules and are subject to AA fire. Each raiding fighter rolls
1 die; divide by 2, rounding up, for the IPC loss. The maximum IPC loss for each fighter
cannot exceed the territory's economic income."

Played with the raid order of the combat move, as for bombers (digest C3 #9: "SBR vs normal
combat" per plane): ``2 ftr Western Europe -> United Kingdom (bomb)``. The ``raider`` query
point lets German fighters raid (movement, landing after the raid and the AA gun's fire as
for bombers); the ``raid_damage`` query point counts each fighter's die halved, rounded up,
at most the territory's income; the raid's total is then capped at the territory's income
per turn as for every raid (ruling NA-luftwaffe_dive_bombers). The raid's log names the
advantage (``effects`` and ``counted`` of its ``bombing`` event). A line naming the
advantage itself is refused with a pointer to the raid order.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery


def _fighter(unit: UnitQuery) -> bool:
    """A fighter: an aircraft that is not a strategic bomber (ruling W11)."""
    return unit.spec.is_air and not unit.spec.strategic_bomber


class LuftwaffeDiveBombers(NationalAdvantage):
    key = "luftwaffe_dive_bombers"
    power = "germany"
    number = 5
    name = "Luftwaffe Dive Bombers"
    decision = "order"

    def raider(self, unit: UnitQuery, value: bool) -> bool:
        return value or (self.mine(unit) and _fighter(unit))

    def raid_damage(self, unit: UnitQuery, value: int) -> int:
        if not (self.mine(unit) and _fighter(unit)):
            return value
        half = (value + 1) // 2
        income = None
        if unit.edition is not None and unit.region is not None:
            income = unit.edition.map.region(unit.region).ipc
        return half if income is None else min(half, income)

    def check_order(self, board: Any, order: Any) -> str | None:
        return (f"{self.name} needs no order of its own: send the fighters on the raid in the "
                "combat move (2 ftr Western Europe -> United Kingdom (bomb))")


ADVANTAGE = LuftwaffeDiveBombers()
