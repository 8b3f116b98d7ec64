"""Adjudicate one movement phase: resolve every order, then read off what happened.

Input is the board and one validated order per unit. Output is the result of each
order, the units after movement, the dislodged units with their retreat options, and
the provinces left empty by a standoff (no retreat may go there).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.kinds import decisions_for
from adjudicator.diplomacy.kinds.support import is_void
from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, Unit
from adjudicator.diplomacy.paradox import backup_rule
from adjudicator.diplomacy.resolver import Resolver
from adjudicator.diplomacy.retreats import retreat_options


@dataclass(frozen=True)
class Dislodgement:
    unit: Unit
    attacker_from: str  # province the dislodging unit came from
    by_convoy: bool  # the dislodging army was convoyed (its origin is then open to retreat)
    retreats: tuple[str, ...]


@dataclass
class UnitOutcome:
    """What happened to one unit's order (the engine turns this into an OrderResult)."""

    unit: Unit
    order: Order
    success: bool
    outcome: str
    reason: str | None = None
    via_convoy: bool = False
    dislodged: bool = False


@dataclass
class MovementOutcome:
    outcomes: dict[str, UnitOutcome]  # province -> outcome
    units: dict[str, Unit]  # province -> unit after movement (dislodged units excluded)
    dislodged: list[Dislodgement] = field(default_factory=list)
    standoffs: set[str] = field(default_factory=set)


def resolve_movement(
    dmap: DiplomacyMap, units: dict[str, Unit], orders: dict[str, Order]
) -> MovementOutcome:
    """``units`` and ``orders`` are keyed by province; every unit must have an order."""
    bf = Battlefield(dmap, dict(units), dict(orders))
    r = Resolver(decisions_for(bf), backup_rule(bf))
    result = r.resolve_all()

    dislodger: dict[str, str] = {}
    for p, o in bf.orders.items():
        if isinstance(o, Move) and result[p]:
            dest = prov(o.dest)
            if dest in units and not (bf.move_of(dest) and result[dest]):
                dislodger[dest] = p

    new_units: dict[str, Unit] = {}
    for p, u in units.items():
        o = bf.orders[p]
        if isinstance(o, Move) and result[p]:
            new_units[prov(o.dest)] = Unit(u.power, u.type, o.dest)
        elif p not in dislodger:
            new_units[p] = u

    standoffs = _standoff_provinces(r, bf, result, new_units)
    outcomes = {p: _outcome(bf, p, result, dislodger) for p in sorted(units)}
    dislodged = []
    for p in sorted(dislodger):
        a = dislodger[p]
        conv = bool(bf.by_convoy.get(a))
        opts = retreat_options(dmap, units[p], a, conv, new_units, standoffs)
        dislodged.append(Dislodgement(units[p], a, conv, tuple(opts)))
    return MovementOutcome(outcomes, new_units, dislodged, standoffs)


def _standoff_provinces(
    r: Resolver, bf: Battlefield, result: dict, new_units: dict[str, Unit]
) -> set[str]:
    """Empty provinces some unit failed to enter while still contesting them.

    A move counts if it had an effect there: its convoy held and it was not beaten
    head-on by the unit coming from that province.
    """
    out = set()
    for p, o in bf.orders.items():
        if isinstance(o, Move) and not result[p]:
            dest = prov(o.dest)
            if dest not in new_units and strength.path_ok(r, bf, p):
                q = bf.head_to_head(p)
                if q is None or not result[q]:
                    out.add(dest)
    return out


def _outcome(bf: Battlefield, p: str, result: dict, dislodger: dict[str, str]) -> UnitOutcome:
    u, o = bf.units[p], bf.orders[p]
    ok = bool(result[p])
    dis = p in dislodger
    by_convoy = bool(bf.by_convoy.get(p))
    reason = None
    if isinstance(o, Move):
        if ok:
            word = "moved"
        elif p in bf.paradox_armies:
            word, reason = "void", "convoy paradox: the convoy is not carried out (Szykman rule)"
        elif by_convoy and not _route(bf, p, result):
            word, reason = "no convoy", "no unbroken convoy route"
        else:
            word = "bounced"
        if dis:
            word = "dislodged"
    elif isinstance(o, (SupportHold, SupportMove)):
        if is_void(bf, p):
            word, ok, reason = "void", False, "the supported unit was not ordered so"
        elif dis:
            word = "dislodged"
        else:
            word = "supported" if ok else "cut"
    elif isinstance(o, Convoy):
        if not bf.convoy_matches(p):
            word, ok, reason = "void", False, "no matching army move"
        else:
            word = "dislodged" if dis else "convoyed"
    else:
        assert isinstance(o, Hold)
        word = "dislodged" if dis else "held"
    if dis:
        ok = False if not isinstance(o, Move) else ok
        reason = reason or f"dislodged from {dislodger[p]}"
    return UnitOutcome(u, o, ok, word, reason, by_convoy, dis)


def _route(bf: Battlefield, p: str, result: dict) -> bool:
    return bf.convoy_route_exists(p, fleets_ok=lambda f: bool(result.get(f)))
