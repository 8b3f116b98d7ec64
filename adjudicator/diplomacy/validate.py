"""Semantic checks of one power's orders against the board.

Parsing says what an order *says*; validation says whether it can be *carried out*.
Two outcomes are distinguished, following the rulebook and the DATC (issue 4.E.1):

* an order that cannot apply to anything (no such unit, someone else's unit, an order
  kind the phase does not have) is rejected outright;
* an impossible order for one of the power's own units (a fleet to an inland province,
  support into a province the supporter cannot reach...) is *illegal*: the unit acts as
  if unordered (holds in movement, is disbanded in retreats) and the result records why.

Orders are also normalised here so the resolver sees exact facts: the unit type and
the unit's coast come from the board (a wrong or missing letter is ignored, DATC 4.C.1,
4.C.2, 4.B.5), an army's destination coast is dropped (4.B.6), a fleet's missing coast is
filled in when only one is reachable (4.B.2). A later order for the same unit replaces an
earlier one and the earlier one is reported. Nothing passed in is modified.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from adjudicator.diplomacy.board import Board
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import (
    ADJUSTMENT_ORDERS,
    MOVEMENT_ORDERS,
    RETREAT_ORDERS,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
)
from adjudicator.errors import OrderError


@dataclass(frozen=True)
class Rejection:
    order: Order
    rule: str
    message: str
    unit: Unit | None = None  # the power's own unit the order was for (it then defaults)


@dataclass
class Validation:
    accepted: list[Order] = field(default_factory=list)
    rejections: list[Rejection] = field(default_factory=list)

    @property
    def errors(self) -> list[OrderError]:
        return [
            OrderError(0, 0, r.order.text(), r.message, rule=r.rule) for r in self.rejections
        ]

    @property
    def illegal(self) -> dict[str, Rejection]:
        """Own units whose only orders were illegal, by province (last reason wins)."""
        ordered = {prov(o.loc) for o in self.accepted}
        out = {}
        for r in self.rejections:
            if r.unit is not None and prov(r.unit.loc) not in ordered and r.rule != "duplicate-order":
                out[prov(r.unit.loc)] = r
        return out


class _Illegal(Exception):
    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def validate(board: Board, power: str, orders: list[Order], dmap: DiplomacyMap) -> Validation:
    """Check ``power``'s orders for the board's current phase."""
    if board.phase.is_movement:
        return _validate_units(board, power, orders, dmap, MOVEMENT_ORDERS, board.units)
    if board.phase.is_retreats:
        units = {p: d.unit for p, d in board.dislodged.items()}
        converted = [_as_retreat(o) for o in orders]
        return _validate_units(board, power, converted, dmap, RETREAT_ORDERS, units)
    return _validate_adjustments(board, power, [_as_adjustment(o) for o in orders], dmap)


# --- movement and retreats -------------------------------------------------------


def _as_retreat(o: Order) -> Order:
    """In a retreat phase "A mun - boh" means a retreat and "Remove" means disband."""
    if isinstance(o, Move):
        return Retreat(o.unit_type, o.loc, dest=o.dest)
    if isinstance(o, Remove):
        return Disband(o.unit_type, o.loc)
    return o


def _as_adjustment(o: Order) -> Order:
    return Remove(o.unit_type, o.loc) if isinstance(o, Disband) else o


def _validate_units(
    board: Board,
    power: str,
    orders: list[Order],
    dmap: DiplomacyMap,
    allowed: tuple[type, ...],
    units: dict[str, Unit],
) -> Validation:
    v = Validation()
    chosen: dict[str, Order] = {}
    for o in orders:
        if not isinstance(o, allowed):
            v.rejections.append(_wrong_phase(o, board))
            continue
        p = prov(o.loc)
        try:
            unit = _own_unit(o, units, power, dmap,
                             "dislodged unit" if board.phase.is_retreats else "unit")
        except _Illegal as e:
            v.rejections.append(Rejection(o, e.rule, e.message))
            continue
        o = replace(o, unit_type=unit.type, loc=unit.loc)
        try:
            o = _check_movement(o, unit, board, dmap) if board.phase.is_movement else (
                _check_retreat(o, board, dmap)
            )
        except _Illegal as e:
            v.rejections.append(Rejection(o, e.rule, e.message, unit))
            continue
        if p in chosen:
            v.rejections.append(
                Rejection(chosen[p], "duplicate-order",
                          f"{unit} was ordered twice; the later order is used", unit)
            )
        chosen[p] = o
    v.accepted = [chosen[p] for p in sorted(chosen)]
    return v


def _wrong_phase(o: Order, board: Board) -> Rejection:
    return Rejection(o, "wrong-phase",
                     f"{type(o).__name__} orders are not allowed in {board.phase.name}")


def _own_unit(o: Order, units: dict[str, Unit], power: str, dmap: DiplomacyMap,
              what: str = "unit") -> Unit:
    """The unit an order is for, which must exist and be ``power``'s."""
    unit = units.get(prov(o.loc))
    if unit is None:
        raise _Illegal("unit-not-found", f"there is no {what} in {dmap.label(o.loc)}")
    if unit.power != power:
        raise _Illegal("not-your-unit",
                       f"the unit in {dmap.label(prov(o.loc))} belongs to {unit.power}")
    return unit


def _check_movement(o: Order, unit: Unit, board: Board, dmap: DiplomacyMap) -> Order:
    if isinstance(o, Hold):
        return o
    if isinstance(o, Move):
        return _check_move(o, unit, board, dmap)
    if isinstance(o, (SupportHold, SupportMove)):
        return _check_support(o, unit, board, dmap)
    if isinstance(o, Convoy):
        return _check_convoy(o, unit, board, dmap)
    raise _Illegal("wrong-phase", "not a movement order")


def _known(dmap: DiplomacyMap, loc: str) -> None:
    if prov(loc) not in dmap.provinces:
        raise _Illegal("unknown-location", f"no such place: {loc}")


def _check_move(o: Move, unit: Unit, board: Board, dmap: DiplomacyMap) -> Move:
    _known(dmap, o.dest)
    dest = o.dest
    if prov(dest) == prov(unit.loc):
        raise _Illegal("move-to-self", "a unit cannot move to the province it is in")
    if unit.type is UnitType.ARMY:
        dest = prov(dest)  # an army ignores any coast written (DATC 4.B.6)
        if dmap.is_sea(dest):
            raise _Illegal("unreachable", "an army cannot move into a sea area")
        if dmap.army_can_move(unit.loc, dest):
            return replace(o, dest=dest)
        if _convoy_possible(dmap, board.units, unit.loc, dest):
            return replace(o, dest=dest)
        raise _Illegal("unreachable",
                       f"{unit} cannot reach {dmap.label(dest)}, not even by convoy")
    if o.via_convoy:
        raise _Illegal("unreachable", "only armies can be convoyed")
    return replace(o, dest=_fleet_destination(dmap, unit.loc, dest))


def _fleet_destination(dmap: DiplomacyMap, src: str, dest: str) -> str:
    """The exact fleet location a move goes to, filling in a coast if only one fits."""
    p = prov(dest)
    if dmap.is_land(p):
        raise _Illegal("unreachable", "a fleet cannot move inland")
    coasts = dmap.provinces[p].coasts
    if not coasts:
        if dmap.fleet_can_move(src, p):
            return p
        raise _Illegal("unreachable", f"a fleet in {dmap.label(src)} cannot reach {dmap.label(p)}")
    if "/" in dest:
        if dmap.fleet_can_move(src, dest):
            return dest
        raise _Illegal("wrong-coast",
                       f"a fleet in {dmap.label(src)} cannot reach {dmap.label(dest)}")
    reachable = dmap.fleet_coasts_reachable(src, p)
    if len(reachable) == 1:
        return reachable[0]
    if not reachable:
        raise _Illegal("unreachable", f"a fleet in {dmap.label(src)} cannot reach {dmap.label(p)}")
    raise _Illegal("coast-unspecified",
                   f"say which coast of {dmap.label(p)}: " + " or ".join(reachable))


def _convoy_possible(dmap: DiplomacyMap, units: dict[str, Unit], src: str, dest: str) -> bool:
    """Could fleets standing at sea now carry an army from ``src`` to ``dest``?"""
    if not (dmap.is_coastal(src) and dmap.is_coastal(dest)):
        return False
    seas = {p for p, u in units.items() if u.type is UnitType.FLEET and dmap.is_sea(p)}
    frontier = [s for s in seas if prov(src) in {prov(n) for n in dmap.fleet_neighbours(s)}]
    seen: set[str] = set()
    while frontier:
        s = frontier.pop()
        if s in seen:
            continue
        seen.add(s)
        touching = {prov(n) for n in dmap.fleet_neighbours(s)}
        if prov(dest) in touching:
            return True
        frontier.extend(t for t in seas if t in touching and t not in seen)
    return False


def _can_reach(dmap: DiplomacyMap, unit: Unit, province: str) -> bool:
    """Whether the unit could move into ``province`` by itself (supports need this)."""
    if unit.type is UnitType.ARMY:
        return not dmap.is_sea(province) and dmap.army_can_move(unit.loc, province)
    return dmap.fleet_can_reach_province(unit.loc, province)


def _check_support(o: Order, unit: Unit, board: Board, dmap: DiplomacyMap) -> Order:
    _known(dmap, o.target)
    target = prov(o.target)
    if target == prov(unit.loc):
        raise _Illegal("support-self", "a unit cannot support itself")
    supported = board.units.get(target)
    if supported is not None:
        o = replace(o, target_type=supported.type, target=supported.loc)
    if isinstance(o, SupportHold):
        if not _can_reach(dmap, unit, target):
            raise _Illegal("support-unreachable", f"{unit} cannot move to {dmap.label(target)}, "
                           "so it cannot support there")
        return o
    _known(dmap, o.dest)
    dest = o.dest if (supported and supported.type is UnitType.FLEET) else prov(o.dest)
    if prov(dest) == prov(unit.loc):
        raise _Illegal("support-into-self", "a unit cannot support a move into its own province")
    if prov(dest) == target:
        raise _Illegal("move-to-self", "the supported move goes nowhere")
    if not _can_reach(dmap, unit, prov(dest)):
        raise _Illegal("support-unreachable", f"{unit} cannot move to {dmap.label(prov(dest))}, "
                       "so it cannot support a move there")
    return replace(o, dest=dest)


def _check_convoy(o: Convoy, unit: Unit, board: Board, dmap: DiplomacyMap) -> Convoy:
    _known(dmap, o.target)
    _known(dmap, o.dest)
    if unit.type is not UnitType.FLEET or not dmap.is_sea(unit.loc):
        raise _Illegal("convoy-not-at-sea", "only a fleet in a sea area can convoy")
    army = board.units.get(prov(o.target))
    if army is not None and army.type is not UnitType.ARMY:
        raise _Illegal("convoy-fleet", "only armies can be convoyed")
    if not (dmap.is_coastal(o.target) and dmap.is_coastal(o.dest)):
        raise _Illegal("convoy-unreachable", "a convoy goes from one coast to another")
    if prov(o.target) == prov(o.dest):
        raise _Illegal("move-to-self", "the convoyed move goes nowhere")
    if not _on_some_sea_route(dmap, unit.loc, prov(o.target), prov(o.dest)):
        raise _Illegal("convoy-off-route", f"{dmap.label(unit.loc)} lies on no sea route from "
                       f"{dmap.label(prov(o.target))} to {dmap.label(prov(o.dest))}")
    return replace(o, target_type=UnitType.ARMY, target=prov(o.target), dest=prov(o.dest))


@cache
def _seas_reachable(dmap: DiplomacyMap, coast: str) -> frozenset[str]:
    """Sea areas joined to the coastal province ``coast`` by a chain of sea areas."""
    frontier = [
        p for p, info in dmap.provinces.items()
        if info.kind == "sea" and any(prov(n) == coast for n in dmap.fleet_neighbours(p))
    ]
    seen: set[str] = set()
    while frontier:
        s = frontier.pop()
        if s not in seen:
            seen.add(s)
            frontier.extend(prov(n) for n in dmap.fleet_neighbours(s) if dmap.is_sea(n))
    return frozenset(seen)


def _on_some_sea_route(dmap: DiplomacyMap, sea: str, src: str, dest: str) -> bool:
    """A convoy order is legal only if its fleet could be part of a route (DATC 4.E.1)."""
    return sea in _seas_reachable(dmap, src) and sea in _seas_reachable(dmap, dest)


def _check_retreat(o: Order, board: Board, dmap: DiplomacyMap) -> Order:
    if isinstance(o, Disband):
        return o
    assert isinstance(o, Retreat)
    options = board.dislodged[prov(o.loc)].retreats
    if o.dest in options:
        return o
    matches = [loc for loc in options if prov(loc) == prov(o.dest)]
    if "/" not in o.dest and len(matches) == 1:
        return replace(o, dest=matches[0])
    if len(matches) == 1 and board.dislodged[prov(o.loc)].unit.type is UnitType.ARMY:
        return replace(o, dest=matches[0])
    if not options:
        raise _Illegal("no-retreat", "this unit has nowhere to retreat and is disbanded")
    raise _Illegal("retreat-not-allowed", f"cannot retreat to {dmap.label(o.dest)}; possible: "
                   + ", ".join(dmap.label(loc) for loc in options))


# --- adjustments ------------------------------------------------------------------


def _validate_adjustments(
    board: Board, power: str, orders: list[Order], dmap: DiplomacyMap
) -> Validation:
    """Builds and removals are taken one by one, first legal ones first (DATC 4.D.4-6)."""
    v = Validation()
    owed = board.adjustments.get(power, 0)
    used = 0
    taken: set[str] = set()
    for o in orders:
        if not isinstance(o, ADJUSTMENT_ORDERS):
            v.rejections.append(_wrong_phase(o, board))
            continue
        try:
            if isinstance(o, Remove):
                if owed >= 0:
                    raise _Illegal("no-removals-owed", f"{power} has no units to remove")
                unit = _own_unit(o, board.units, power, dmap)
                o = replace(o, unit_type=unit.type, loc=unit.loc)
                if prov(o.loc) in taken:
                    raise _Illegal("duplicate-order", f"{dmap.label(o.loc)} is already being removed")
                if used >= -owed:
                    raise _Illegal("too-many-removals", f"{power} removes only {-owed}")
            else:
                if owed <= 0:
                    raise _Illegal("no-builds-owed", f"{power} has no builds")
                if isinstance(o, Build):
                    o = _check_build(o, power, board, dmap)
                    if prov(o.loc) in taken:
                        raise _Illegal("duplicate-build",
                                       f"{dmap.label(prov(o.loc))} already has a build")
                if used >= owed:
                    raise _Illegal("too-many-builds", f"{power} may build only {owed}")
        except _Illegal as e:
            v.rejections.append(Rejection(o, e.rule, e.message))
            continue
        used += 1
        if not isinstance(o, Waive):
            taken.add(prov(o.loc))
        v.accepted.append(o)
    return v


def _check_build(o: Build, power: str, board: Board, dmap: DiplomacyMap) -> Build:
    _known(dmap, o.loc)
    p = prov(o.loc)
    if p not in dmap.home_centres(power):
        raise _Illegal("build-not-home", f"{dmap.label(p)} is not a home centre of {power}")
    if board.centres.get(p) != power:
        raise _Illegal("build-not-owned", f"{power} does not control {dmap.label(p)}")
    if p in board.units:
        raise _Illegal("build-occupied", f"{dmap.label(p)} is occupied")
    utype = o.unit_type
    if utype is None:  # DATC 4.C.3: army inland, fleet only if a coast is given
        if dmap.is_land(p):
            utype = UnitType.ARMY
        elif "/" in o.loc:
            utype = UnitType.FLEET
        else:
            raise _Illegal("build-type-missing", "say whether to build an army or a fleet")
    if utype is UnitType.ARMY:
        return replace(o, unit_type=utype, loc=p)
    if dmap.is_land(p):
        raise _Illegal("build-fleet-inland", f"a fleet cannot be built in {dmap.label(p)}")
    coasts = dmap.provinces[p].coasts
    if coasts:
        if "/" not in o.loc or o.loc not in dmap.fleet_locations():
            raise _Illegal("coast-unspecified",
                           f"say which coast of {dmap.label(p)} the fleet is built on")
        return replace(o, unit_type=utype)
    return replace(o, unit_type=utype, loc=p)
