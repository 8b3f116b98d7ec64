"""The Diplomacy rules engine as pure state-level functions.

Everything the rest of the project needs goes through here: a starting state, who must
order now, checking one power's orders, and adjudicating a phase into the next state.
States are plain JSON dicts (``docs/state-format.md``); every function returns new
values and never mutates its arguments, and equal inputs give equal outputs (all
collections are sorted), so a game can be replayed and diffed byte for byte.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from adjudicator.diplomacy.board import Board, DislodgedUnit
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import (
    Disband,
    Hold,
    Order,
    Retreat,
    Unit,
    UnitType,
)
from adjudicator.diplomacy.phase import FIRST_PHASE, Phase, PhaseType, Season
from adjudicator.diplomacy.phase import powers_to_act as phase_powers_to_act
from adjudicator.diplomacy.results import KIND, OrderResult, result_of
from adjudicator.diplomacy.setups import civil_disorder, side_winner
from adjudicator.diplomacy.validate import (
    Checker,
    Rejection,
    Validation,
    illegal_units,
    validate,
)
from adjudicator.errors import OrderError
from adjudicator.game import common_fields

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


def powers_to_act(state: dict, dmap: DiplomacyMap | None = None) -> list[str]:
    """Powers that have something to order in the current phase (sorted): every power with
    a unit in movement, with a dislodged unit in retreats, with builds or removals owed in
    adjustments; nobody once the game is over. One implementation,
    :func:`adjudicator.diplomacy.phase.powers_to_act`, which reads the state alone (the map
    is not needed; ``dmap`` is accepted for the engine's uniform signature)."""
    return phase_powers_to_act(state)


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
    # Powers nobody plays (fewer than seven players) are in civil disorder: whatever was
    # stored for them, they are adjudicated as sending nothing.
    not_played = civil_disorder(state)
    if not_played:
        orders_by_power = {p: o for p, o in orders_by_power.items() if p not in not_played}
    events: dict = {"phase": board.phase.code, "rejected": [], "dislodged": [],
                    "disbanded": [], "centre_changes": [], "eliminated": [], "winner": None}
    checker = Checker(board, dmap)
    board_was_movement = board.phase.is_movement
    if board_was_movement:
        # Every power's orders in one pass: the accepted ones by province, and each
        # power's rejections (the powers in alphabetical order, as below).
        accepted, rejected = checker.validate_movement(orders_by_power)
    else:
        checked = {
            power: checker.validate(power, orders)
            for power, orders in sorted(orders_by_power.items())
        }
        rejected = {power: v.rejections for power, v in checked.items() if v.rejections}
    for power, rejections in rejected.items():
        events["rejected"] += [
            {"power": power, "order": r.order.text(), "rule": r.rule, "message": r.message}
            for r in rejections
        ]
    if board_was_movement:
        results = _movement(board, accepted, rejected, dmap, events)
        if not_played and board.dislodged:
            _disband_not_played(board, not_played, dmap, events)
    elif board.phase.is_retreats:
        results = _retreats(board, checked, dmap, events)
    else:
        results = _adjustments(board, checked, dmap, events)

    _eliminate(board, dmap, events)
    result = _copy_json(state.get("result"))
    if state.get("setup"):
        _fewer_players(state, board, dmap, events)
    if events.get("side_winner"):
        result = {"type": "victory", "powers": events["side_winner"]}
    elif events["winner"]:
        result = {"type": "solo", "winner": events["winner"]}
    base = {}  # (a loop, not a comprehension: in Python 3.11 each run of one makes a function)
    for k, v in state.items():
        if k not in _BOARD_KEYS:
            base[k] = _copy_json(v)
    base["result"] = result
    new_state = to_state(base, board)
    events["next_phase"] = board.phase.code
    counts = events.pop(_OWNED, None)  # (counted already if a Fall ended)
    if counts is None:
        counts = board.centre_counts()
    events["centre_counts"] = centre_counts = {}  # (a loop: see ``base`` above)
    for p in dmap.power_order:
        centre_counts[p] = counts.get(p, 0)
    events["adjustments"] = dict(sorted(board.adjustments.items()))
    # A movement phase has one result per unit, so power and location never tie there:
    # sorting by those two alone gives the same order for less. Its results come in
    # province order (``_movement``), which is location order on most maps
    # (``DiplomacyMap.locations_sort_as_provinces``): then a stable sort by power alone
    # gives the same order again.
    if not board_was_movement:
        results.sort(key=_RESULT_ORDER)
    elif dmap.locations_sort_as_provinces:
        results.sort(key=_POWER)
    else:
        results.sort(key=_POWER_LOC)
    return new_state, results, events


#: Phases are immutable and a game meets few: each is made once.
_phase = lru_cache(maxsize=1024)(Phase)


# The resolvers are imported by the phase that runs them (checking orders needs none),
# once: an import statement costs about a microsecond each time it runs, even when the
# module is loaded already (every movement phase would pay it).
@cache
def _movement_resolver():
    from adjudicator.diplomacy.movement import resolve_movement

    return resolve_movement


@cache
def _adjustments_owed():
    from adjudicator.diplomacy.adjustments import adjustments_owed

    return adjustments_owed


#: The events' key under which a Fall's end leaves the centres it counted (see adjudicate).
_OWNED = "_owned"
#: The state keys written from the board; every other key is carried over as it was.
_BOARD_KEYS = frozenset(("phase", "units", "dislodged", "centres", "adjustments", "eliminated"))
#: Results are listed by power, location, kind, then text (the fields' places in the tuple).
_RESULT_ORDER = itemgetter(*(OrderResult._fields.index(f) for f in ("power", "loc", "kind",
                                                                    "order")))
_POWER_LOC = itemgetter(*(OrderResult._fields.index(f) for f in ("power", "loc")))
_POWER = itemgetter(OrderResult._fields.index("power"))


def _copy_json(value):
    """A deep copy of plain JSON data (dicts, lists, scalars), so the new state shares
    nothing with the old. ``copy.deepcopy`` does the same for any object at several
    times the cost (a memo of every object, a dispatch per value)."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()} if value else {}
    if isinstance(value, list):
        return [_copy_json(v) for v in value] if value else []
    return value


# --- phases -------------------------------------------------------------------------


def _movement(board: Board, orders: dict[str, Order], rejected: dict[str, list[Rejection]],
              dmap: DiplomacyMap, events: dict) -> list[OrderResult]:
    """``orders``: the accepted orders by province (made here an order for every unit);
    ``rejected``: each power's rejections (see ``Checker.validate_movement``). The
    results are in province order."""
    defaulted: set[str] = set()
    illegal: dict[str, Rejection] = {}
    for rejections in rejected.values():
        illegal.update(illegal_units(rejections, orders))
    if len(orders) < len(board.units):  # some units were not (legally) ordered: they hold
        for p, u in board.units.items():
            if p not in orders:
                orders[p] = Hold(u.type, u.loc)
                if p not in illegal:
                    defaulted.add(p)

    outcome = _movement_resolver()(dmap, board.units, orders, defaulted)
    results = list(outcome.outcomes.values())
    if illegal:  # the unit held; its result shows the illegal order and why
        results = [
            result_of(board.units[p], illegal[p].order, False, "illegal", illegal[p].message,
                    False, r.dislodged) if p in illegal else r
            for p, r in outcome.outcomes.items()
        ]
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
        board.phase = _phase(board.phase.year, board.phase.season, PhaseType.RETREATS)
    else:
        _end_of_season(board, dmap, events)
    return results


def _retreats(board: Board, checked: dict[str, Validation], dmap: DiplomacyMap,
              events: dict) -> list[OrderResult]:
    orders: dict[str, Order] = {}
    illegal: dict[str, Rejection] = {}
    for v in checked.values():
        orders.update(v.by_province)
        illegal.update(v.illegal)
    from adjudicator.diplomacy.retreats import resolve_retreats

    outcomes, survivors = resolve_retreats([d.unit for d in board.dislodged.values()], orders)
    results = []
    for oc in outcomes:
        p = prov(oc.unit.loc)
        if p in illegal:
            bad = illegal[p]
            results.append(result_of(oc.unit, bad.order, False, "illegal", reason=bad.message))
        elif oc.order is None:
            results.append(result_of(oc.unit, Disband(oc.unit.type, oc.unit.loc), True,
                                   "disbanded", reason=oc.reason, default=True))
        else:
            results.append(result_of(oc.unit, oc.order, oc.success, oc.outcome, reason=oc.reason))
        if not oc.success or not isinstance(oc.order, Retreat):
            events["disbanded"].append(_unit_json(oc.unit, oc.reason or "disbanded"))
    for u in survivors:
        board.units[prov(u.loc)] = u
    board.dislodged = {}
    _end_of_season(board, dmap, events)
    return results


def _adjustments(board: Board, checked: dict[str, Validation], dmap: DiplomacyMap,
                 events: dict) -> list[OrderResult]:
    from adjudicator.diplomacy.adjustments import resolve_adjustments

    orders = {power: list(v.accepted) for power, v in checked.items()}
    outcomes, units = resolve_adjustments(board, orders, dmap)
    results = [
        OrderResult(
            power=oc.power, order=oc.order.text(), kind=KIND[type(oc.order)],
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
                power=power, order=o.text(), kind=KIND.get(type(o), "hold"),
                unit_type=o.unit_type.value if o.unit_type else None, loc=o.loc,
                success=False, outcome="illegal", reason=r.message,
            ))
    board.units = units
    board.adjustments = {}
    board.phase = _phase(board.phase.year + 1, Season.SPRING, PhaseType.MOVEMENT)
    return results


def _end_of_season(board: Board, dmap: DiplomacyMap, events: dict) -> None:
    """After the last phase of a season: Spring -> Fall; Fall -> centres, then Winter."""
    year = board.phase.year
    if board.phase.season is Season.SPRING:
        board.phase = _phase(year, Season.FALL, PhaseType.MOVEMENT)
        return
    centres, units = board.centres, board.units
    for p in sorted(units.keys() & dmap.supply_centre_set):
        unit = units[p]
        if centres.get(p) != unit.power:
            events["centre_changes"].append({"province": p, "from": centres.get(p),
                                             "to": unit.power})
            centres[p] = unit.power
    owned = board.centre_counts()
    # Kept for ``adjudicate``, which reports the counts (no centre changes hands after
    # this) and takes the key out again: the events returned never hold it.
    events[_OWNED] = owned
    # Nobody can have won unless some owner has the centres: one C-level ``max`` then
    # spares the comprehensions below in the usual Fall (every power's count is at most
    # the largest owner's, and 0 when it owns none).
    if max(owned.values(), default=0) >= dmap.victory_centres:
        counts = {p: owned.get(p, 0) for p in dmap.power_order}
        leaders = [p for p, n in counts.items() if n >= dmap.victory_centres]
        if leaders:
            events["winner"] = max(leaders, key=lambda p: (counts[p], p))
    board.adjustments = _adjustments_owed()(board, dmap, owned)
    if board.adjustments:
        board.phase = _phase(year, Season.WINTER, PhaseType.ADJUSTMENTS)
    else:
        board.phase = _phase(year + 1, Season.SPRING, PhaseType.MOVEMENT)


def _disband_not_played(board: Board, not_played: list[str], dmap: DiplomacyMap,
                        events: dict) -> None:
    """A dislodged unit of a power nobody plays is disbanded at once (it would never be
    ordered to retreat); when no other unit must retreat, the season goes on."""
    for p, d in sorted(board.dislodged.items()):
        if d.unit.power in not_played:
            del board.dislodged[p]
            events["disbanded"].append(_unit_json(d.unit, "civil disorder"))
    if not board.dislodged:
        _end_of_season(board, dmap, events)


def _fewer_players(state: dict, board: Board, dmap: DiplomacyMap, events: dict) -> None:
    """What a game for fewer than seven players changes after a phase
    (:mod:`adjudicator.diplomacy.setups`): a power nobody plays never builds, so its builds
    are not owed (and a Winter owing nothing else is skipped); in the two-player game the
    only victory is the side's (its powers' centres together), checked when the centres
    have just been counted, that is when a Fall ends."""
    not_played = civil_disorder(state)
    if board.phase.is_adjustments and not_played:
        board.adjustments = {p: n for p, n in board.adjustments.items()
                             if not (n > 0 and p in not_played)}
        if not board.adjustments:
            board.phase = _phase(board.phase.year + 1, Season.SPRING, PhaseType.MOVEMENT)
    if (state.get("setup") or {}).get("victory_centres"):
        events["winner"] = None  # one power's 18 centres do not win this game
        fall_ended = (Phase.parse(state["phase"]).season is Season.FALL
                      and not board.phase.is_retreats
                      and board.phase.season is not Season.FALL)
        if fall_ended:
            counts = board.centre_counts()
            events["side_winner"] = side_winner(state, counts)


def _eliminate(board: Board, dmap: DiplomacyMap, events: dict) -> None:
    """A power with no unit (on the board or dislodged) and no centre is out."""
    owners = set(board.centres.values())
    eliminated = board.eliminated
    candidates = []  # (a loop: see ``base`` in adjudicate)
    for p in dmap.power_order:
        if p not in owners and p not in eliminated:
            candidates.append(p)
    if not candidates:
        return  # (the common case: every power still in the game owns a centre)
    present = {u.power for u in board.units.values()}
    present.update(d.unit.power for d in board.dislodged.values())
    for power in candidates:
        if power not in present:
            board.eliminated.append(power)
            events["eliminated"].append(power)


# --- serialisation ------------------------------------------------------------------


def to_state(base: dict, board: Board) -> dict:
    state = dict(base)
    state["phase"] = board.phase.code
    state["units"] = board.units_json()
    dislodged = board.dislodged  # (usually none: then no comprehension at all)
    state["dislodged"] = [d.to_json() for _, d in sorted(dislodged.items())] if dislodged else []
    centres = board.centres
    keys = sorted(centres)  # (keys sort faster than pairs)
    # Centres read from a state are in order already, and stay so unless one changes
    # hands for the first time: then a plain copy is the same dict for less.
    state["centres"] = dict(centres) if keys == list(centres) else {c: centres[c] for c in keys}
    state["adjustments"] = dict(sorted(board.adjustments.items()))
    state["eliminated"] = list(board.eliminated)
    return state


def _unit_json(unit: Unit, reason: str) -> dict:
    return {"power": unit.power, "type": unit.type.letter, "loc": unit.loc, "reason": reason}
