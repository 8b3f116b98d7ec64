"""Winter adjustments: builds, removals, waived builds and civil-disorder removals.

A power owes ``centres - units`` adjustments: builds if positive, removals if negative.
Builds not ordered are waived (the 2000 rules allow declining a build; a power that
sends nothing simply builds nothing). Removals not ordered are made for the power by
the civil-disorder rule: the unit farthest from its home country goes first. Distance
counts moves to the nearest home supply centre: a fleet moving as fleets do, an army
over land and sea alike (as the DATC describes common practice for the 2000 rules'
"distance from the country"). Equal distances remove fleets before armies, then by the
English province name in alphabetical order. See ``docs/rulings.md``.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from adjudicator.diplomacy.board import Board
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import Build, Order, Remove, Unit, UnitType, Waive
from adjudicator.record import record

UNREACHABLE = 10_000


def adjustments_owed(board: Board, dmap: DiplomacyMap,
                     centres: dict[str, int] | None = None) -> dict[str, int]:
    """Power -> builds (+) or removals (-) owed; powers owing nothing are left out.
    ``centres`` may give ``board.centre_counts()`` if the caller has it already."""
    out = {}
    if centres is None:
        centres = board.centre_counts()
    units: dict[str, int] = {}  # (as board.unit_counts(), without a Counter's overhead)
    for u in board.units.values():
        units[u.power] = units.get(u.power, 0) + 1
    for power in dmap.power_order:
        n = centres.get(power, 0) - units.get(power, 0)
        if n > 0:
            # A power can build only where it has a free, owned home centre.
            free = [
                c for c in dmap.home_centres(power)
                if board.centres.get(c) == power and c not in board.units
            ]
            n = min(n, len(free))
        if n:
            out[power] = n
    return out


@record(frozen=True)
class AdjustmentOutcome:
    power: str
    order: Order
    success: bool
    outcome: str  # built | removed | waived
    default: bool = False  # chosen for the power (civil disorder / unused builds)
    reason: str | None = None


def resolve_adjustments(
    board: Board, orders: dict[str, list[Order]], dmap: DiplomacyMap
) -> tuple[list[AdjustmentOutcome], dict[str, Unit]]:
    """Apply validated adjustment orders; returns outcomes and the new units by province."""
    units = dict(board.units)
    outcomes: list[AdjustmentOutcome] = []
    for power, owed in sorted(board.adjustments.items()):
        given = orders.get(power, [])
        if owed > 0:
            for o in given:
                if isinstance(o, Build):
                    units[prov(o.loc)] = Unit(power, o.unit_type, o.loc)
                    outcomes.append(AdjustmentOutcome(power, o, True, "built"))
                elif isinstance(o, Waive):
                    outcomes.append(AdjustmentOutcome(power, o, True, "waived"))
            for _ in range(owed - len(given)):
                outcomes.append(
                    AdjustmentOutcome(power, Waive(), True, "waived", True, "no build ordered")
                )
        elif owed < 0:
            for o in given:
                units.pop(prov(o.loc), None)
                outcomes.append(AdjustmentOutcome(power, o, True, "removed"))
            missing = -owed - len(given)
            if missing > 0:
                left = [u for u in units.values() if u.power == power]
                for unit in civil_disorder_removals(dmap, left, power, missing):
                    units.pop(prov(unit.loc))
                    outcomes.append(
                        AdjustmentOutcome(
                            power, Remove(unit.type, unit.loc), True, "removed", True,
                            "civil disorder: farthest from home",
                        )
                    )
    return outcomes, units


def civil_disorder_removals(
    dmap: DiplomacyMap, units: list[Unit], power: str, count: int
) -> list[Unit]:
    """The ``count`` units removed first: farthest, then fleets, then by name."""
    homes = frozenset(dmap.home_centres(power))

    def key(u: Unit) -> tuple:
        d = _distance(dmap, u.loc, u.type, homes)
        return (-d, 0 if u.type is UnitType.FLEET else 1, dmap.provinces[prov(u.loc)].name)

    return sorted(units, key=key)[:count]


@cache
def _distance(dmap: DiplomacyMap, loc: str, utype: UnitType, homes: frozenset[str]) -> int:
    """Moves from ``loc`` to the nearest province in ``homes`` (maps are immutable)."""
    def neighbours(x: str) -> set[str]:
        if utype is UnitType.FLEET:
            return set(dmap.fleet_neighbours(x))
        p = prov(x)
        sea = {prov(n) for c in _fleet_locs(dmap, p) for n in dmap.fleet_neighbours(c)}
        return set(dmap.army_neighbours(p)) | sea

    start = loc if utype is UnitType.FLEET else prov(loc)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        x, d = queue.popleft()
        if prov(x) in homes:
            return d
        for n in sorted(neighbours(x)):
            if n not in seen:
                seen.add(n)
                queue.append((n, d + 1))
    return UNREACHABLE


def _fleet_locs(dmap: DiplomacyMap, p: str) -> list[str]:
    coasts = dmap.provinces[p].coasts
    locs = [f"{p}/{c}" for c in coasts] if coasts else [p]
    return [loc for loc in locs if loc in dmap.fleet_locations()]
