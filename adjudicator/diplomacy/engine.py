"""The Diplomacy rules engine as pure state-level functions.

Everything the rest of the project needs goes through here: a starting state, who must
order now, checking one power's orders, and adjudicating a phase into the next state.
States are plain JSON dicts (``docs/state-format.md``); every function returns new
values and never mutates its arguments, and equal inputs give equal outputs (all
collections are sorted), so a game can be replayed and diffed byte for byte.
"""

from __future__ import annotations

import copy

from adjudicator.diplomacy.adjustments import adjustments_owed, resolve_adjustments
from adjudicator.diplomacy.board import Board, DislodgedUnit
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.movement import resolve_movement
from adjudicator.diplomacy.orders import (
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
from adjudicator.diplomacy.phase import FIRST_PHASE, Phase, PhaseType, Season
from adjudicator.diplomacy.results import OrderResult
from adjudicator.diplomacy.retreats import resolve_retreats
from adjudicator.diplomacy.validate import Rejection, Validation, validate
from adjudicator.errors import OrderError
from adjudicator.game import common_fields

_KIND = {
    Hold: "hold", Move: "move", SupportHold: "support", SupportMove: "support",
    Convoy: "convoy", Retreat: "retreat", Disband: "disband", Build: "build",
    Remove: "remove", Waive: "waive",
}


# --- public API ---------------------------------------------------------------------


def initial_state(dmap: DiplomacyMap, base: dict | None = None) -> dict:
    """The board before Spring 1901: starting units, home centres owned. ``base`` holds the
    common fields (``BaseGame.common_fields``; default: standard Diplomacy's)."""
    units, centres = {}, {}
    for power, info in sorted(dmap.powers.items()):
        for spec in info["starting_units"]:
            letter, loc = spec.split()
            units[prov(loc)] = Unit(power, UnitType(letter), loc)
        for c in info["home_centres"]:
            centres[c] = power
    board = Board(FIRST_PHASE, units, centres)
    return to_state(dict(base or common_fields("diplomacy")), board)


def powers_to_act(state: dict, dmap: DiplomacyMap) -> list[str]:
    """Powers that have something to order in the current phase (sorted)."""
    if state.get("result"):
        return []
    board = Board.from_state(state)
    if board.phase.is_movement:
        return sorted({u.power for u in board.units.values()})
    if board.phase.is_retreats:
        return sorted({d.unit.power for d in board.dislodged.values()})
    return sorted(p for p, n in board.adjustments.items() if n)


def validate_orders(
    state: dict, power: str, orders: list[Order], dmap: DiplomacyMap
) -> tuple[list[Order], list[OrderError]]:
    """``power``'s orders normalised and checked: (accepted orders, errors to show)."""
    v = validate(Board.from_state(state), power, list(orders), dmap)
    return list(v.accepted), v.errors


def adjudicate(
    state: dict, orders_by_power: dict[str, list[Order]], dmap: DiplomacyMap
) -> tuple[dict, list[OrderResult], dict]:
    """Resolve the current phase and advance to the next phase that needs orders.

    Powers missing from ``orders_by_power`` sent no orders (NMR): their units hold,
    their dislodged units are disbanded, their builds waived and their removals made by
    the civil-disorder rule. Returns (new state, results, events for reports).
    """
    board = Board.from_state(state)  # builds fresh values: ``state`` is never touched
    events: dict = {"phase": board.phase.code, "rejected": [], "dislodged": [],
                    "disbanded": [], "centre_changes": [], "eliminated": [], "winner": None}
    checked = {
        power: validate(board, power, list(orders), dmap)
        for power, orders in sorted(orders_by_power.items())
    }
    for power, v in checked.items():
        events["rejected"] += [
            {"power": power, "order": r.order.text(), "rule": r.rule, "message": r.message}
            for r in v.rejections
        ]
    if board.phase.is_movement:
        results = _movement(board, checked, dmap, events)
    elif board.phase.is_retreats:
        results = _retreats(board, checked, dmap, events)
    else:
        results = _adjustments(board, checked, dmap, events)

    _eliminate(board, dmap, events)
    result = copy.deepcopy(state.get("result"))
    if events["winner"]:
        result = {"type": "solo", "winner": events["winner"]}
    base = {k: copy.deepcopy(v) for k, v in state.items()
            if k not in ("phase", "units", "dislodged", "centres", "adjustments", "eliminated")}
    base["result"] = result
    new_state = to_state(base, board)
    events["next_phase"] = board.phase.code
    events["centre_counts"] = {p: board.centre_count(p) for p in sorted(dmap.powers)}
    events["adjustments"] = dict(sorted(board.adjustments.items()))
    results.sort(key=lambda r: (r.power, r.loc, r.kind, r.order))
    return new_state, results, events


# --- phases -------------------------------------------------------------------------


def _movement(board: Board, checked: dict[str, Validation], dmap: DiplomacyMap,
              events: dict) -> list[OrderResult]:
    orders: dict[str, Order] = {}
    defaulted: set[str] = set()
    illegal: dict[str, Rejection] = {}
    for v in checked.values():
        for o in v.accepted:
            orders[prov(o.loc)] = o
        illegal.update(v.illegal)
    for p, u in board.units.items():
        if p not in orders:
            orders[p] = Hold(u.type, u.loc)
            if p not in illegal:
                defaulted.add(p)

    outcome = resolve_movement(dmap, board.units, orders)
    results = []
    for p, oc in outcome.outcomes.items():
        if p in illegal:
            bad = illegal[p]
            results.append(_result(oc.unit, bad.order, False, "illegal", reason=bad.message,
                                   dislodged=oc.dislodged))
        else:
            results.append(_result(oc.unit, oc.order, oc.success, oc.outcome, reason=oc.reason,
                                   via_convoy=oc.via_convoy, dislodged=oc.dislodged,
                                   default=p in defaulted))
    board.units = outcome.units
    board.dislodged = {}
    for d in outcome.dislodged:
        info = DislodgedUnit(d.unit, d.attacker_from, d.retreats)
        events["dislodged"].append(info.to_json())
        if d.retreats:
            board.dislodged[prov(d.unit.loc)] = info
        else:
            events["disbanded"].append(_unit_json(d.unit, "no retreat possible"))
    if board.dislodged:
        board.phase = Phase(board.phase.year, board.phase.season, PhaseType.RETREATS)
    else:
        _end_of_season(board, dmap, events)
    return results


def _retreats(board: Board, checked: dict[str, Validation], dmap: DiplomacyMap,
              events: dict) -> list[OrderResult]:
    orders: dict[str, Order] = {}
    illegal: dict[str, Rejection] = {}
    for v in checked.values():
        for o in v.accepted:
            orders[prov(o.loc)] = o
        illegal.update(v.illegal)
    outcomes, survivors = resolve_retreats([d.unit for d in board.dislodged.values()], orders)
    results = []
    for oc in outcomes:
        p = prov(oc.unit.loc)
        if p in illegal:
            bad = illegal[p]
            results.append(_result(oc.unit, bad.order, False, "illegal", reason=bad.message))
        elif oc.order is None:
            results.append(_result(oc.unit, Disband(oc.unit.type, oc.unit.loc), True,
                                   "disbanded", reason=oc.reason, default=True))
        else:
            results.append(_result(oc.unit, oc.order, oc.success, oc.outcome, reason=oc.reason))
        if not oc.success or not isinstance(oc.order, Retreat):
            events["disbanded"].append(_unit_json(oc.unit, oc.reason or "disbanded"))
    for u in survivors:
        board.units[prov(u.loc)] = u
    board.dislodged = {}
    _end_of_season(board, dmap, events)
    return results


def _adjustments(board: Board, checked: dict[str, Validation], dmap: DiplomacyMap,
                 events: dict) -> list[OrderResult]:
    orders = {power: list(v.accepted) for power, v in checked.items()}
    outcomes, units = resolve_adjustments(board, orders, dmap)
    results = [
        OrderResult(
            power=oc.power, order=oc.order.text(), kind=_KIND[type(oc.order)],
            unit_type=oc.order.unit_type.value if oc.order.unit_type else None,
            loc=oc.order.loc, success=oc.success, outcome=oc.outcome, reason=oc.reason,
            default=oc.default or oc.power not in checked,
        )
        for oc in outcomes
    ]
    for power, v in checked.items():
        for r in v.rejections:
            o = r.order
            results.append(OrderResult(
                power=power, order=o.text(), kind=_KIND.get(type(o), "hold"),
                unit_type=o.unit_type.value if o.unit_type else None, loc=o.loc,
                success=False, outcome="illegal", reason=r.message,
            ))
    board.units = units
    board.adjustments = {}
    board.phase = Phase(board.phase.year + 1, Season.SPRING, PhaseType.MOVEMENT)
    return results


def _end_of_season(board: Board, dmap: DiplomacyMap, events: dict) -> None:
    """After the last phase of a season: Spring -> Fall; Fall -> centres, then Winter."""
    year = board.phase.year
    if board.phase.season is Season.SPRING:
        board.phase = Phase(year, Season.FALL, PhaseType.MOVEMENT)
        return
    for p, unit in sorted(board.units.items()):
        if dmap.provinces[p].supply_centre and board.centres.get(p) != unit.power:
            events["centre_changes"].append(
                {"province": p, "from": board.centres.get(p), "to": unit.power}
            )
            board.centres[p] = unit.power
    counts = {p: board.centre_count(p) for p in sorted(dmap.powers)}
    leaders = [p for p, n in counts.items() if n >= dmap.victory_centres]
    if leaders:
        events["winner"] = max(leaders, key=lambda p: (counts[p], p))
    board.adjustments = adjustments_owed(board, dmap)
    if board.adjustments:
        board.phase = Phase(year, Season.WINTER, PhaseType.ADJUSTMENTS)
    else:
        board.phase = Phase(year + 1, Season.SPRING, PhaseType.MOVEMENT)


def _eliminate(board: Board, dmap: DiplomacyMap, events: dict) -> None:
    for power in sorted(dmap.powers):
        if power in board.eliminated:
            continue
        if not board.units_of(power) and not board.centre_count(power) and not any(
            d.unit.power == power for d in board.dislodged.values()
        ):
            board.eliminated.append(power)
            events["eliminated"].append(power)


# --- serialisation ------------------------------------------------------------------


def to_state(base: dict, board: Board) -> dict:
    state = dict(base)
    state["phase"] = board.phase.code
    state["units"] = board.units_json()
    state["dislodged"] = [d.to_json() for _, d in sorted(board.dislodged.items())]
    state["centres"] = dict(sorted(board.centres.items()))
    state["adjustments"] = dict(sorted(board.adjustments.items()))
    state["eliminated"] = list(board.eliminated)
    return state


def _unit_json(unit: Unit, reason: str) -> dict:
    return {"power": unit.power, "type": unit.type.value, "loc": unit.loc, "reason": reason}


def _result(unit: Unit, order: Order, success: bool, outcome: str, *, reason: str | None = None,
            via_convoy: bool = False, dislodged: bool = False,
            default: bool = False) -> OrderResult:
    target = getattr(order, "target", None) or None
    dest = getattr(order, "dest", None) or None
    return OrderResult(
        power=unit.power, order=order.text(), kind=_KIND[type(order)],
        unit_type=unit.type.value, loc=unit.loc, success=success, outcome=outcome,
        target=target, dest=dest,
        via_convoy=via_convoy or bool(getattr(order, "via_convoy", False)),
        reason=reason, dislodged=dislodged, default=default,
    )
