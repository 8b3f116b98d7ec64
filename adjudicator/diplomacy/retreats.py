"""Retreats: where a dislodged unit may go, and resolving the retreat orders.

A dislodged unit may retreat to an adjacent location it could move to without a
convoy, which is empty after movement, was not left empty by a standoff, and is not
the province its attacker came from -- unless that attacker was convoyed (DATC 4.A.5,
the 2023 rulebook's clarification: nothing passed that border). Two units retreating
to the same province are both disbanded; a unit without a valid retreat order is
disbanded.
"""

from __future__ import annotations

from collections import Counter

from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import ARMY, Disband, Order, Retreat, Unit
from adjudicator.record import record


def retreat_options(
    dmap: DiplomacyMap,
    unit: Unit,
    attacker_from: str | None,
    attacker_convoyed: bool,
    occupied: dict[str, Unit] | set[str],
    standoffs: set[str],
) -> list[str]:
    """Sorted locations (with coasts for fleets) the unit may retreat to."""
    if unit.type is ARMY:
        candidates = dmap.army_neighbours(unit.loc)
    else:
        candidates = dmap.fleet_neighbours(unit.loc)
    out = []
    for loc in candidates:
        p = prov(loc)
        if p in occupied or p in standoffs:
            continue
        if p == attacker_from and not attacker_convoyed:
            continue
        out.append(loc)
    return sorted(out)


@record(frozen=True)
class RetreatOutcome:
    unit: Unit
    order: Order | None  # None: no (valid) order, the unit is disbanded by default
    success: bool
    outcome: str  # retreated | disbanded | bounced
    reason: str | None = None


def resolve_retreats(
    dislodged: list[Unit], orders: dict[str, Order]
) -> tuple[list[RetreatOutcome], list[Unit]]:
    """``orders`` maps a dislodged unit's province to its (validated) retreat or disband.

    Returns the outcomes in province order and the units that survive at their new place.
    """
    targets = Counter(
        prov(o.dest) for o in orders.values() if isinstance(o, Retreat)
    )
    outcomes: list[RetreatOutcome] = []
    survivors: list[Unit] = []
    for unit in sorted(dislodged, key=lambda u: u.loc):
        o = orders.get(prov(unit.loc))
        if isinstance(o, Retreat):
            if targets[prov(o.dest)] > 1:
                outcomes.append(
                    RetreatOutcome(unit, o, False, "bounced", "another unit retreated there too")
                )
            else:
                outcomes.append(RetreatOutcome(unit, o, True, "retreated"))
                survivors.append(Unit(unit.power, unit.type, o.dest))
        elif isinstance(o, Disband):
            outcomes.append(RetreatOutcome(unit, o, True, "disbanded"))
        else:
            outcomes.append(RetreatOutcome(unit, None, False, "disbanded", "no retreat order"))
    return outcomes, survivors
