"""United States 1, Island Bases (Revised digest A7, US 1): "When moving aircraft you may
treat island groups as part of the sea zone they lie in. Entering or leaving the island then
costs no extra move." The example: a fighter (move 4) flies from Hawaii to Sumatra (the East
Indies) in one turn, "provided your side controlled both island groups".

Automatic (digest C3). Through the ``air_step`` query point: a step of a US aircraft between
an island group and the sea zone it lies in costs no move, when the island group is
controlled by the US or an ally (ruling NA-island_bases). The range checks of combat and
noncombat moves, the paths found for moves written with only their ends, the landing proofs
after combat and the default landings all count moves through it.

An island group is an island territory that borders a single sea zone (Hawaiian Islands,
Midway, Wake Island, the Solomons, ... ; not Australia, Japan or Madagascar, which border
several): the sea zone it lies in.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.effects import StepQuery


class IslandBases(NationalAdvantage):
    key = "island_bases"
    power = "usa"
    number = 1
    name = "Island Bases"
    decision = "automatic"

    def air_step(self, q: StepQuery, cost: int) -> int:
        if q.power != self.power or not q.spec.is_air or cost <= 0:
            return cost
        for island, zone in ((q.frm, q.to), (q.to, q.frm)):
            if zone_of(q.edition, island) == zone and friendly(q, island):
                return 0
        return cost


def zone_of(edition: Edition, region: str) -> str | None:
    """The sea zone an island group lies in (``None``: not an island group)."""
    m = edition.map
    if not (m.is_land(region) and m.is_island(region)):
        return None
    zones = [n for n in m.neighbours(region) if m.is_sea(n)]
    return zones[0] if len(zones) == 1 else None


def friendly(q: StepQuery, island: str) -> bool:
    """Whether the US or an ally controls the island group."""
    holder = (q.state.get("controllers") or {}).get(island)
    if holder is None:
        return False
    side_of = q.edition.setup.side_of
    return side_of(holder) == side_of(q.power)


ADVANTAGE = IslandBases()
