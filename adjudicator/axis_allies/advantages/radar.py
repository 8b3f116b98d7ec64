"""Radar (United Kingdom 1, Revised digest A7): "Your AA guns in tan territories hit
aircraft with a roll of 2", i.e. on 1-2.

Automatic (digest C3). A tan territory is one printed in the UK's colour: its original owner
in the data is the UK, whoever held it since (ruling NA-radar). Only the UK's own guns: an
American gun in London still hits on 1. It holds wherever an AA gun fires at aircraft: before
round 1 of a land battle and at bombers raiding the territory's complex. The value is the
``aa_fire`` query point, so the dice engine, the exact calculator (``adj odds``) and bombing
raids all see it; the battle log's ``aa`` event says ``hit_on: 2``.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import AAQuery

#: what a Radar gun hits on (a roll of 2 or less)
RADAR_HITS_ON = 2


class Radar(NationalAdvantage):
    key = "radar"
    power = "uk"
    number = 1
    name = "Radar"

    def aa_fire(self, q: AAQuery, value: int) -> int:
        if q.power != self.power or value <= 0 or not tan(q, self.power):
            return value
        return max(value, RADAR_HITS_ON)


def tan(q: AAQuery, power: str) -> bool:
    """Whether the gun's territory is printed in ``power``'s colour (its original owner)."""
    region = q.edition.map.regions.get(q.region)
    return region is not None and region.original_owner == power


ADVANTAGE = Radar()
