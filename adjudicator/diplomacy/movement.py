"""Adjudicate one movement phase: resolve every order, then read off what happened.

Input is the board and one validated order per unit. Output is the result of each
order, the units after movement, the dislodged units with their retreat options, and
the provinces left empty by a standoff (no retreat may go there).
"""

from __future__ import annotations

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.board import unit_of
from adjudicator.diplomacy.kinds import decider
from adjudicator.diplomacy.map import DiplomacyMap
from adjudicator.diplomacy.orders import (
    ARMY,
    ARMY_LETTER,
    FLEET_LETTER,
    Convoy,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Unit,
)
from adjudicator.diplomacy.paradox import backup_rule
from adjudicator.diplomacy.resolver import Resolver
from adjudicator.diplomacy.results import KIND, OrderResult
from adjudicator.diplomacy.retreats import retreat_options
from adjudicator.record import field, record


@record(frozen=True)
class Dislodgement:
    unit: Unit
    attacker_from: str  # province the dislodging unit came from
    by_convoy: bool  # the dislodging army was convoyed (its origin is then open to retreat)
    retreats: tuple[str, ...]


@record
class MovementOutcome:
    outcomes: dict[str, OrderResult]  # province -> result of the unit's order, in province order
    units: dict[str, Unit]  # province -> unit after movement (dislodged units excluded)
    dislodged: list[Dislodgement] = field(default_factory=list)
    standoffs: set[str] = field(default_factory=set)


def resolve_movement(
    dmap: DiplomacyMap, units: dict[str, Unit], orders: dict[str, Order],
    defaulted: set[str] | frozenset[str] = frozenset(),
) -> MovementOutcome:
    """``units`` and ``orders`` are keyed by province; every unit must have an order.
    The results of the units in ``defaulted`` are marked as orders nobody gave."""
    bf = Battlefield(dmap, units, orders)  # it reads both and keeps its own sorted orders
    r = Resolver.of(bf.unsettled, decider(bf), backup_rule(bf), bf.settled)
    result = r.resolve_all()

    move_dest = bf.move_dest
    dislodger: dict[str, str] = {}  # dislodged unit's province -> attacker's province
    for p, dest in move_dest.items():
        if result[p] and dest in units and not (dest in move_dest and result[dest]):
            dislodger[dest] = p

    new_units, outcomes = _read_off(bf, result, dislodger, defaulted)
    standoffs = _standoff_provinces(bf, result, new_units)
    dislodged = []
    for p in sorted(dislodger):
        a = dislodger[p]
        conv = bf.by_convoy[a]
        opts = retreat_options(dmap, units[p], a, conv, new_units, standoffs)
        dislodged.append(Dislodgement(units[p], a, conv, tuple(opts)))
    return MovementOutcome(outcomes, new_units, dislodged, standoffs)


def _path_ok(bf: Battlefield, p: str, result: dict) -> bool:
    """After resolution: the move from ``p`` reached its destination's border (by land,
    or by a convoy none of whose fleets was dislodged)."""
    if p in bf.paradox_armies:
        return False
    return not bf.by_convoy[p] or _route(bf, p, result)


def _standoff_provinces(bf: Battlefield, result: dict, new_units: dict[str, Unit]) -> set[str]:
    """Empty provinces some unit failed to enter while still contesting them.

    A move counts if it had an effect there: its convoy held and it was not beaten
    head-on by the unit coming from that province.
    """
    out = set()
    for p, dest in bf.move_dest.items():
        if not result[p] and dest not in new_units and _path_ok(bf, p, result):
            q = bf.head_on.get(p)
            if q is None or not result[q]:
                out.add(dest)
    return out


def _read_off(bf: Battlefield, result: dict, dislodger: dict[str, str],
              defaulted: set[str] | frozenset[str]
              ) -> tuple[dict[str, Unit], dict[str, OrderResult]]:
    """Where each unit stands after movement (dislodged units left out), and the result
    of each unit's order, by province.

    One loop does both, and builds each result kind by kind rather than through
    ``results.result_of``, calling the tuple constructor with all the values in field order
    (no keyword handling): this runs for every unit of every phase.
    """
    units, move_dest, support_into = bf.units, bf.move_dest, bf.support_into
    new, result_class = tuple.__new__, OrderResult  # new(result_class, values)
    new_units: dict[str, Unit] = {}
    outcomes: dict[str, OrderResult] = {}
    # The kinds in the order of their frequency in play: supports, moves, the rest.
    for p, o in bf.orders.items():
        u = units[p]
        kind = o.__class__
        ok = result[p]
        dis = p in dislodger
        # (The letter by a test: faster than reading ``.letter``, see orders.ARMY_LETTER.)
        letter = ARMY_LETTER if u.type is ARMY else FLEET_LETTER
        if kind is SupportMove or kind is SupportHold:
            if dis:
                ok = False
                if p in support_into:
                    word, reason = "dislodged", f"dislodged from {dislodger[p]}"
                else:
                    word, reason = "void", "the supported unit was not ordered so"
            else:
                new_units[p] = u
                if p in support_into:
                    word, reason = ("supported" if ok else "cut"), None
                else:
                    ok, word, reason = False, "void", "the supported unit was not ordered so"
            # The order's text written here as ``o.text()`` writes it when both types are
            # known and the unit's is the order's (always so after validation): no call.
            target, tt = o.target, o.target_type  # type: ignore[attr-defined]
            if tt is None or o.unit_type is not u.type:
                text = o.text()
            elif kind is SupportMove:
                text = (f"{letter} {o.loc} S {ARMY_LETTER if tt is ARMY else FLEET_LETTER} "
                        f"{target} - {o.dest}")  # type: ignore[attr-defined]
            else:
                text = f"{letter} {o.loc} S {ARMY_LETTER if tt is ARMY else FLEET_LETTER} {target}"
            outcomes[p] = new(result_class, (
                u.power, text, "support", letter, u.loc, ok, word, target or None,
                (o.dest or None) if kind is SupportMove else None,  # type: ignore
                False, reason, dis, p in defaulted))
        elif kind is Move:
            by_convoy = bf.by_convoy[p]
            reason = None
            if ok:
                new_units[move_dest[p]] = unit_of(u.power, letter, o.dest)
                word = "moved"
            else:
                if p in bf.paradox_armies:
                    word = "void"
                    reason = "convoy paradox: the convoy is not carried out (Szykman rule)"
                elif by_convoy and not _route(bf, p, result):
                    word, reason = "no convoy", "no unbroken convoy route"
                else:
                    word = "bounced"
                if not dis:
                    new_units[p] = u
            if dis:
                word = "dislodged"
                reason = reason or f"dislodged from {dislodger[p]}"
            dest, via = o.dest, o.via_convoy  # type: ignore[attr-defined]
            if o.unit_type is u.type:  # (the text as Move.text writes it, as above)
                text = f"{letter} {o.loc} - {dest}"
                if via:
                    text += " via convoy"
            else:
                text = o.text()
            outcomes[p] = new(result_class, (
                u.power, text, "move", letter, u.loc, ok, word, None, dest or None,
                by_convoy or bool(via), reason, dis, p in defaulted))
        else:
            reason = target = dest = None
            if kind is Convoy:
                if not bf.convoy_matches(p):
                    word, ok, reason = "void", False, "no matching army move"
                else:
                    word = "dislodged" if dis else "convoyed"
                target = o.target or None  # type: ignore[attr-defined]
                dest = o.dest or None  # type: ignore[attr-defined]
            else:
                assert kind is Hold
                word = "dislodged" if dis else "held"
            if dis:
                ok = False
                reason = reason or f"dislodged from {dislodger[p]}"
            else:
                new_units[p] = u
            outcomes[p] = new(result_class, (
                u.power, o.text(), KIND[kind], letter, u.loc, ok, word, target, dest, False,
                reason, dis, p in defaulted))
    return new_units, outcomes


def _route(bf: Battlefield, p: str, result: dict) -> bool:
    return bf.convoy_route_exists(p, fleets_ok=lambda f: bool(result.get(f)))
