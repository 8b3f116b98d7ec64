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

from collections.abc import Callable, Container
from typing import Any

from adjudicator.diplomacy.board import Board
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import (
    ADJUSTMENT_ORDERS,
    ARMY,
    FLEET,
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
    Waive,
)
from adjudicator.errors import OrderError
from adjudicator.record import record, replace


@record(frozen=True)
class Rejection:
    order: Order
    rule: str
    message: str
    unit: Unit | None = None  # the power's own unit the order was for (it then defaults)
    #: The order's place in the list given to :func:`validate`: the caller knows where
    #: each one was written (``order`` may be rewritten: a retreat for a move, the unit
    #: type filled in), so this, not the text, leads back to the player's line.
    index: int = -1


class Validation:
    """The outcome of checking one power's orders.

    ``accepted`` lists the accepted orders: in movement and retreats one per unit, in
    province order; in adjustments in the order they were taken. ``by_province`` (movement
    and retreats) maps each unit's province to its accepted order. The engine reads
    ``by_province`` in retreats (a movement phase's orders it checks for all powers at
    once: :meth:`Checker.validate_movement`); ``accepted`` is put in order only when asked
    for.
    """

    def __init__(self, accepted: list[Order] | None = None,
                 rejections: list[Rejection] | None = None,
                 by_province: dict[str, Order] | None = None) -> None:
        self._accepted = accepted
        self.rejections: list[Rejection] = [] if rejections is None else rejections
        self.by_province: dict[str, Order] = {} if by_province is None else by_province

    @property
    def accepted(self) -> list[Order]:
        if self._accepted is None:
            self._accepted = [o for _, o in sorted(self.by_province.items())]
        return self._accepted

    @accepted.setter
    def accepted(self, orders: list[Order]) -> None:
        self._accepted = orders

    def __repr__(self) -> str:
        return f"Validation(accepted={self.accepted!r}, rejections={self.rejections!r})"

    @property
    def errors(self) -> list[OrderError]:
        return [
            OrderError(0, 0, r.order.text(), r.message, rule=r.rule,
                       order_index=r.index if r.index >= 0 else None)
            for r in self.rejections
        ]

    @property
    def illegal(self) -> dict[str, Rejection]:
        """Own units whose only orders were illegal, by province (last reason wins)."""
        if not self.rejections:
            return {}
        return illegal_units(self.rejections, {prov(o.loc) for o in self.accepted})


def illegal_units(rejections: list[Rejection], ordered: Container[str]
                  ) -> dict[str, Rejection]:
    """Own units whose only orders were illegal, by province (last reason wins), given
    the provinces of the units with an accepted order (``ordered``)."""
    out = {}
    for r in rejections:
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
    return Checker(board, dmap).validate(power, orders)


class Checker:
    """Validates the orders of any power against one board.

    Facts about the board that several orders (or several powers) need are worked out
    once and kept here: the engine builds one checker per phase. Notably which coasts
    fleets at sea could join by convoy: each group of fleets is found once, by a search
    over its fleets when an army first needs it, so checking every convoyed army of a
    large board stays linear in the number of units. The checks
    look map facts up in the map's precomputed tables (``DiplomacyMap.loc_province``,
    ``kind``, ``fleet_reach``...): validation runs for every order of every phase.
    """

    def __init__(self, board: Board, dmap: DiplomacyMap) -> None:
        self.board = board
        self.dmap = dmap
        self._movement = board.phase.is_movement
        self._retreats = board.phase.is_retreats
        self._fleet_groups: dict[str, int] = {}  # see _convoy_possible
        self._checks = _MOVEMENT_CHECKS if self._movement else _RETREAT_CHECKS
        # What the checks of every order read, one attribute away.
        self._units = board.units
        self._loc_province = dmap.loc_province

    def validate(self, power: str, orders: list[Order]) -> Validation:
        """Check ``power``'s orders for the board's current phase."""
        board = self.board
        if self._movement:
            return self._validate_units(power, orders, MOVEMENT_ORDERS, board.units)
        if self._retreats:
            units = {p: d.unit for p, d in board.dislodged.items()}
            converted = [_as_retreat(o) for o in orders]
            return self._validate_units(power, converted, RETREAT_ORDERS, units)
        return _validate_adjustments(board, power, [_as_adjustment(o) for o in orders],
                                     self.dmap)

    def validate_movement(self, orders_by_power: dict[str, list[Order]]
                          ) -> tuple[dict[str, Order], dict[str, list[Rejection]]]:
        """Every power's orders of a movement phase checked at once (the engine's path):
        (the accepted order of each unit, by province; each power's rejections, for the
        powers in alphabetical order that have any). The same checks and outcomes as
        :meth:`validate` for each power: an order is accepted only for the power's own
        unit, so the powers' accepted orders never share a province and one dict holds
        them all."""
        chosen: dict[str, Order] = {}
        rejected: dict[str, list[Rejection]] = {}
        units = self._units
        for power in sorted(orders_by_power):
            rejections = self._check_units(power, orders_by_power[power], MOVEMENT_ORDERS,
                                           units, chosen)
            if rejections:
                rejected[power] = rejections
        return chosen, rejected

    # --- movement and retreats -------------------------------------------------------
    def _validate_units(
        self,
        power: str,
        orders: list[Order],
        allowed: tuple[type, ...],
        units: dict[str, Unit],
    ) -> Validation:
        chosen: dict[str, Order] = {}
        rejections = self._check_units(power, orders, allowed, units, chosen)
        return Validation(None, rejections, chosen)

    def _check_units(
        self,
        power: str,
        orders: list[Order],
        allowed: tuple[type, ...],
        units: dict[str, Unit],
        chosen: dict[str, Order],
    ) -> list[Rejection]:
        """Check ``power``'s orders for its units: each accepted order is put in
        ``chosen`` under its unit's province (a later one replacing an earlier one); the
        rejections are returned."""
        board, dmap = self.board, self.dmap
        movement = self._movement
        checks = self._checks
        loc_province = dmap.loc_province
        rejections: list[Rejection] = []
        chosen_at: dict[str, int] = {}  # province -> index of its chosen order
        for i, o in enumerate(orders):
            check = checks.get(o.__class__)
            if check is None:
                if not isinstance(o, allowed):
                    rejections.append(_wrong_phase(o, board, i))
                    continue
                check = _subclass_check(checks, o)
            loc = o.loc
            p = loc_province.get(loc) or prov(loc)
            unit = units.get(p)
            if unit is None or unit.power != power:
                try:
                    _own_unit(o, units, power, dmap,
                              "unit" if movement else "dislodged unit")
                except _Illegal as e:
                    rejections.append(Rejection(o, e.rule, e.message, index=i))
                continue
            if o.unit_type is not unit.type or loc != unit.loc:
                o = replace(o, unit_type=unit.type, loc=unit.loc)
            try:
                o = check(self, o, unit, p)
            except _Illegal as e:
                rejections.append(Rejection(o, e.rule, e.message, unit, i))
                continue
            if p in chosen:
                rejections.append(
                    Rejection(chosen[p], "duplicate-order",
                              f"{unit} was ordered twice; the later order is used", unit,
                              chosen_at[p])
                )
            chosen[p] = o
            chosen_at[p] = i
        return rejections

    def _province(self, loc: str) -> str:
        """The province of a location written in an order, which must exist."""
        p = self.dmap.loc_province.get(loc)
        if p is not None:
            return p
        p = prov(loc)
        if p not in self.dmap.provinces:
            raise _Illegal("unknown-location", f"no such place: {loc}")
        return p

    def _check_move(self, o: Move, unit: Unit, here: str) -> Move:
        """``here`` is the unit's province (so for the other checks).

        A move to a neighbour is looked up in the map's tables of such moves
        (``DiplomacyMap.army_moves``, ``fleet_moves``: what the full check below would
        answer for them); everything else (a convoy, a mistake) takes the full check."""
        dmap = self.dmap
        if unit.type is ARMY:
            to = dmap.army_moves.get(here, _NO_MOVES).get(o.dest)
        elif not o.via_convoy:
            to = dmap.fleet_moves.get(unit.loc, _NO_MOVES).get(o.dest)
        else:
            to = None
        if to is not None:
            return o if o.dest == to else replace(o, dest=to)
        to = dmap.loc_province.get(o.dest) or self._province(o.dest)
        if to == here:
            raise _Illegal("move-to-self", "a unit cannot move to the province it is in")
        if unit.type is ARMY:
            # an army ignores any coast written (DATC 4.B.6)
            if dmap.kind[to] == "sea":
                raise _Illegal("unreachable", "an army cannot move into a sea area")
            if to in dmap.army_adjacency.get(here, _NONE) or self._convoy_possible(here, to):
                return o if o.dest == to else replace(o, dest=to)
            raise _Illegal("unreachable",
                           f"{unit} cannot reach {dmap.label(to)}, not even by convoy")
        if o.via_convoy:
            raise _Illegal("unreachable", "only armies can be convoyed")
        if o.dest in dmap.fleet_neighbours(unit.loc):
            return o  # an exact fleet location it borders: nothing to fill in
        dest = _fleet_destination(dmap, unit.loc, o.dest)
        return o if o.dest == dest else replace(o, dest=dest)

    def _convoy_possible(self, src: str, dest: str) -> bool:
        """Could fleets standing at sea now carry an army from province ``src`` to
        province ``dest``?

        The fleets at sea fall into groups joined sea to sea (fleet adjacency is
        symmetric, so these are connected components); an army can be carried if one
        group borders both coasts. A group is found when a question first needs it (a
        fleet at sea next to the army's coast), by one search that labels all its
        fleets, and is kept for the board's other questions (see _search_group); each
        question then looks at the seas bordering the two coasts only. Linear in the
        number of units, and the usual army, with no fleet next to its coast, costs no
        search at all.
        """
        dmap = self.dmap
        kind = dmap.kind
        if kind[src] != "coastal" or kind[dest] != "coastal":
            return False
        groups, units = self._fleet_groups, self._units
        near_src = set()
        for s in dmap.bordering_seas.get(src, _NONE):
            g = groups.get(s)
            if g is None:
                fleet = units.get(s)
                if fleet is None or fleet.type is not FLEET:
                    continue  # no fleet there
                g = self._search_group(s)
            near_src.add(g)
        if near_src:  # (a loop, not any() over a generator: this runs for every convoy)
            for s in dmap.bordering_seas.get(dest, _NONE):
                if groups.get(s) in near_src:
                    return True  # (a fleet not labelled yet is in no group found so far)
        return False

    def _search_group(self, start: str) -> int:
        """Label the group of the fleet at sea in ``start`` (fleets at sea joined sea to
        sea by other fleets at sea) in ``_fleet_groups``; its number. Each fleet is
        labelled once and its neighbours looked up once, so all the searches of a board
        together are linear in the number of fleets."""
        groups, units = self._fleet_groups, self._units
        kind, reach = self.dmap.kind, self.dmap.fleet_reach
        n = groups[start] = len(groups)  # (more than any number given so far)
        frontier = [start]
        while frontier:
            for t in reach.get(frontier.pop(), _NONE):
                if t not in groups:
                    fleet = units.get(t)
                    if fleet is not None and fleet.type is FLEET and kind[t] == "sea":
                        groups[t] = n
                        frontier.append(t)
        return n

    def _check_support(self, o: Order, unit: Unit, here: str) -> Order:
        dmap = self.dmap
        loc_province = self._loc_province
        target = loc_province.get(o.target) or self._province(o.target)
        if target == here:
            raise _Illegal("support-self", "a unit cannot support itself")
        supported = self._units.get(target)
        if supported is not None and (o.target_type is not supported.type
                                      or o.target != supported.loc):
            o = replace(o, target_type=supported.type, target=supported.loc)
        # The supporter must be able to move into the province it supports in: ``reach``
        # is where it could move (an army never into a sea area).
        if unit.type is ARMY:
            reach = dmap.army_support_reach.get(here, _NONE)
        else:
            reach = dmap.fleet_reach.get(unit.loc, _NONE)
        if o.__class__ is SupportHold:
            if target not in reach:
                raise _Illegal("support-unreachable", f"{unit} cannot move to "
                               f"{dmap.label(target)}, so it cannot support there")
            return o
        to = loc_province.get(o.dest) or self._province(o.dest)
        if to == here:
            raise _Illegal("support-into-self",
                           "a unit cannot support a move into its own province")
        if to == target:
            raise _Illegal("move-to-self", "the supported move goes nowhere")
        if to not in reach:
            raise _Illegal("support-unreachable", f"{unit} cannot move to {dmap.label(to)}, "
                           "so it cannot support a move there")
        dest = o.dest if (supported is not None and supported.type is FLEET) else to
        return o if o.dest == dest else replace(o, dest=dest)

    def _check_convoy(self, o: Convoy, unit: Unit, here: str) -> Convoy:
        dmap = self.dmap
        target, dest = self._province(o.target), self._province(o.dest)
        if unit.type is not FLEET or dmap.kind[here] != "sea":
            raise _Illegal("convoy-not-at-sea", "only a fleet in a sea area can convoy")
        army = self.board.units.get(target)
        if army is not None and army.type is not ARMY:
            raise _Illegal("convoy-fleet", "only armies can be convoyed")
        if dmap.kind[target] != "coastal" or dmap.kind[dest] != "coastal":
            raise _Illegal("convoy-unreachable", "a convoy goes from one coast to another")
        if target == dest:
            raise _Illegal("move-to-self", "the convoyed move goes nowhere")
        if not _on_some_sea_route(dmap, unit.loc, target, dest):
            raise _Illegal("convoy-off-route", f"{dmap.label(unit.loc)} lies on no sea route "
                           f"from {dmap.label(target)} to {dmap.label(dest)}")
        if (o.target_type is ARMY and o.target == target and o.dest == dest):
            return o
        return replace(o, target_type=ARMY, target=target, dest=dest)

    def _check_retreat(self, o: Order, unit: Unit, here: str) -> Order:
        return _check_retreat(o, self.board, self.dmap)


_NONE: frozenset = frozenset()
_NO_MOVES: dict[str, str] = {}


def _subclass_check(checks: dict[type, _Check], o: Order) -> _Check:
    """The check of an order of a subclass of an order class in ``checks``. (Its own
    function: a generator over ``o`` in ``Checker._check_units`` would make ``o`` a cell
    variable there, which costs every order.)"""
    return next(c for k, c in checks.items() if isinstance(o, k))


def _as_ordered(checker: Checker, o: Order, unit: Unit, here: str) -> Order:
    """The check of an order with nothing to check once its unit is known (hold, disband)."""
    return o


#: The check of each order class: ``check(checker, order, unit, unit's province)`` returns
#: the order normalised, or raises _Illegal.
_Check = Callable[[Checker, Any, Unit, str], Order]
_MOVEMENT_CHECKS: dict[type, _Check] = {
    Hold: _as_ordered, Move: Checker._check_move, SupportHold: Checker._check_support,
    SupportMove: Checker._check_support, Convoy: Checker._check_convoy,
}
_RETREAT_CHECKS: dict[type, _Check] = {Retreat: Checker._check_retreat, Disband: _as_ordered}


# --- helpers shared by the checks ----------------------------------------------


def _as_retreat(o: Order) -> Order:
    """In a retreat phase "A mun - boh" means a retreat and "Remove" means disband."""
    if isinstance(o, Move):
        return Retreat(o.unit_type, o.loc, dest=o.dest)
    if isinstance(o, Remove):
        return Disband(o.unit_type, o.loc)
    return o


def _as_adjustment(o: Order) -> Order:
    return Remove(o.unit_type, o.loc) if isinstance(o, Disband) else o


def _wrong_phase(o: Order, board: Board, index: int) -> Rejection:
    return Rejection(o, "wrong-phase",
                     f"{type(o).__name__} orders are not allowed in {board.phase.name}",
                     index=index)


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


def _known(dmap: DiplomacyMap, loc: str) -> None:
    if prov(loc) not in dmap.provinces:
        raise _Illegal("unknown-location", f"no such place: {loc}")


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


def _on_some_sea_route(dmap: DiplomacyMap, sea: str, src: str, dest: str) -> bool:
    """A convoy order is legal only if its fleet could be part of a route (DATC 4.E.1):
    its sea area is joined by sea areas to both coasts."""
    region = dmap.sea_region[sea]
    return region in dmap.coast_regions.get(src, ()) and region in dmap.coast_regions.get(
        dest, ())


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
    if len(matches) == 1 and board.dislodged[prov(o.loc)].unit.type is ARMY:
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
    v = Validation([])
    owed = board.adjustments.get(power, 0)
    used = 0
    taken: set[str] = set()
    for i, o in enumerate(orders):
        if not isinstance(o, ADJUSTMENT_ORDERS):
            v.rejections.append(_wrong_phase(o, board, i))
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
            v.rejections.append(Rejection(o, e.rule, e.message, index=i))
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
            utype = ARMY
        elif "/" in o.loc:
            utype = FLEET
        else:
            raise _Illegal("build-type-missing", "say whether to build an army or a fleet")
    if utype is ARMY:
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
