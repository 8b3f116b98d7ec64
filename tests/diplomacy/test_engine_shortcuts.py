"""The engine's shortcuts give what the full rules give (issue 16).

The movement phase answers most orders without running their rule: outcomes known when
the battlefield is built (``Battlefield.settled``: void supports, orders nobody moves
into), moves, supports, holds and convoys answered at once from outcomes already final
(``kinds/``). Here every phase is resolved twice, once that way and once with every order
decided by its full rule (the generators of ``kinds/`` and ``strength.py``, no outcome
known beforehand), and the outcomes must be the same: on the reference fixture's phases,
the DATC's movement cases and random positions full of supports and convoys. Also: the
convoy check's groups of fleets, found as questions need them, answer as a search over
every fleet does; and the order of a movement phase's results does not depend on the
sort that gives it.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest
from datc_cases import initial_state_for, load_cases, orders_for, split_power

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.board import Board
from adjudicator.diplomacy.kinds import hold, move, support
from adjudicator.diplomacy.map import DiplomacyMap, load_map, prov
from adjudicator.diplomacy.movement import resolve_movement
from adjudicator.diplomacy.orders import (
    ARMY,
    FLEET,
    Convoy,
    Hold,
    Move,
    SupportHold,
    SupportMove,
)
from adjudicator.diplomacy.paradox import backup_rule
from adjudicator.diplomacy.parser import parse_orders
from adjudicator.diplomacy.resolver import Resolver
from adjudicator.diplomacy.validate import Checker
from adjudicator.diplomacy.variants import resolved_map

M = load_map()
FIXTURE = Path(__file__).parent / "data" / "reference_phases.json.gz"


# --- the two ways of resolving a phase ----------------------------------------------


def _full_rules(bf: Battlefield):
    """Every order decided by its full rule, as a generator, asking for everything."""

    def decide(p: str):
        o = bf.orders[p]
        kind = o.__class__
        if kind is Move:
            return move._rule(bf, p)
        attackers = bf.moves_into.get(p)
        if kind is SupportMove or kind is SupportHold:
            into = bf.support_into.get(p)
            if into is None:
                return False  # void
            if attackers is None:
                return True
            return support._not_cut(bf, p, into, attackers)
        return True if attackers is None else hold.not_dislodged(attackers)

    return decide


def _orders_of(board: Board, orders_by_power: dict, dmap: DiplomacyMap) -> dict:
    """The orders the movement phase resolves: the accepted ones, others holding."""
    accepted, _ = Checker(board, dmap).validate_movement(orders_by_power)
    for p, u in board.units.items():
        accepted.setdefault(p, Hold(u.type, u.loc))
    return accepted


def _both_ways(board: Board, orders: dict, dmap: DiplomacyMap):
    fast_bf = Battlefield(dmap, board.units, orders)
    fast = Resolver.of(fast_bf.unsettled, _decider(fast_bf), backup_rule(fast_bf),
                       fast_bf.settled).resolve_all()
    full_bf = Battlefield(dmap, board.units, orders)
    full = Resolver.of(full_bf.orders, _full_rules(full_bf), backup_rule(full_bf)).resolve_all()
    return (fast, fast_bf.paradox_armies), (full, full_bf.paradox_armies)


def _decider(bf: Battlefield):
    from adjudicator.diplomacy.kinds import decider

    return decider(bf)


def _check(board: Board, orders_by_power: dict, dmap: DiplomacyMap = M) -> None:
    orders = _orders_of(board, orders_by_power, dmap)
    (fast, fast_paradox), (full, full_paradox) = _both_ways(board, orders, dmap)
    assert fast == full
    assert fast_paradox == full_paradox
    # and what resolve_movement reads off agrees with the full rules' outcomes
    outcome = resolve_movement(dmap, board.units, orders)
    assert {p: r.success for p, r in outcome.outcomes.items()
            if r.outcome not in ("void", "illegal")} == {
        p: ok for p, ok in full.items()
        if outcome.outcomes[p].outcome not in ("void", "illegal")}


# --- the positions ------------------------------------------------------------------


def _fixture_phases() -> list[dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as fh:
        return [e for e in json.load(fh) if e["phase"].endswith("M")]


def _fixture_board(entry: dict) -> tuple[Board, dict]:
    powers = {p.upper(): p for p in M.powers}
    units = []
    for power, specs in entry["units"].items():
        for spec in specs:
            kind, loc = spec.lstrip("*").split()
            units.append({"power": powers[power], "type": kind, "loc": loc.lower()})
    state = engine.initial_state(M)
    state.update(phase=entry["phase"], units=sorted(units, key=lambda u: u["loc"]))
    orders = {powers[p]: [o.order for o in parse_orders("\n".join(lines), M).orders]
              for p, lines in entry["orders"].items()}
    return Board.from_state(state), orders


def test_the_fixture_phases_resolve_as_the_full_rules_do():
    phases = _fixture_phases()
    assert len(phases) >= 300
    for entry in phases:
        board, orders = _fixture_board(entry)
        _check(board, orders)


def test_the_datc_movement_cases_resolve_as_the_full_rules_do():
    checked = 0
    for case in load_cases():
        state = initial_state_for(case, M)
        if not state["phase"].endswith("M"):
            continue
        orders = orders_for(case, M)
        for line in case.prestate:
            orders.setdefault(split_power(M, line)[0], [])
        _check(Board.from_state(state), orders)
        checked += 1
    assert checked > 100


def _random_position(rng: random.Random, dmap: DiplomacyMap) -> tuple[Board, dict]:
    """Units on random provinces, each with a random order that is often legal: moves,
    supports of neighbours' moves and holds, convoys by fleets at sea of armies on a
    coast, armies sent across the sea (so convoy paradoxes and broken convoys occur)."""
    powers = sorted(dmap.powers)
    provinces = [p for p, k in dmap.kind.items() if k != "impassable"]
    chosen = rng.sample(provinces, rng.randint(12, 40))
    units = []
    for p in chosen:
        kind = dmap.kind[p]
        if kind == "sea":
            t = "F"
        elif kind == "land":
            t = "A"
        else:
            t = rng.choice("AF")
        loc = p
        coasts = dmap.provinces[p].coasts
        if t == "F" and coasts:
            loc = f"{p}/{rng.choice(coasts)}"
        units.append({"power": rng.choice(powers[:rng.randint(2, len(powers))]),
                      "type": t, "loc": loc})
    state = engine.initial_state(dmap)
    state.update(units=sorted(units, key=lambda u: u["loc"]))
    board = Board.from_state(state)
    coastal = [p for p, k in dmap.kind.items() if k == "coastal"]
    orders: dict[str, list] = {}
    for p, u in board.units.items():
        near = sorted(dmap.army_neighbours(p) if u.type is ARMY
                      else {prov(n) for n in dmap.fleet_neighbours(u.loc)})
        others = [q for q in near if q in board.units]
        r = rng.random()
        if r < 0.1 or not near:
            o = Hold(u.type, u.loc)
        elif r < 0.4:
            o = Move(u.type, u.loc, dest=rng.choice(near))
        elif r < 0.5 and u.type is ARMY and dmap.kind[p] == "coastal":
            o = Move(u.type, u.loc, dest=rng.choice(coastal), via_convoy=rng.random() < 0.5)
        elif r < 0.62 and others:
            q = rng.choice(others)
            o = SupportHold(u.type, u.loc, target_type=board.units[q].type, target=q)
        elif r < 0.85 and others:
            q = rng.choice(others)
            dests = sorted(set(dmap.army_neighbours(q)) & set(near)) or near
            o = SupportMove(u.type, u.loc, target_type=board.units[q].type, target=q,
                            dest=rng.choice(dests))
        elif u.type is FLEET and dmap.kind[p] == "sea":
            armies = [q for q, v in board.units.items() if v.type is ARMY
                      and dmap.kind[q] == "coastal"]
            if not armies:
                continue
            o = Convoy(u.type, u.loc, target_type=ARMY, target=rng.choice(armies),
                       dest=rng.choice(coastal))
        else:
            o = Move(u.type, u.loc, dest=rng.choice(near))
        orders.setdefault(u.power, []).append(o)
    return board, orders


def _convoy_position(rng: random.Random, dmap: DiplomacyMap) -> tuple[Board, dict]:
    """Fleets on most sea areas convoying armies along the coasts, attacking each other
    and supporting attacks on each other: convoys that hold, break, and paradoxes."""
    powers = sorted(dmap.powers)[:rng.randint(2, 4)]
    seas = [p for p, k in dmap.kind.items() if k == "sea"]
    coastal = [p for p, k in dmap.kind.items() if k == "coastal"]
    units = [{"power": rng.choice(powers), "type": "F", "loc": s} for s in seas
             if rng.random() < 0.7]
    units += [{"power": rng.choice(powers), "type": "A", "loc": c} for c in coastal
              if rng.random() < 0.4]
    state = engine.initial_state(dmap)
    state.update(units=sorted(units, key=lambda u: u["loc"]))
    board = Board.from_state(state)

    def within_two_seas(p: str) -> list[str]:
        near = set(dmap.bordering_seas.get(p, ()))
        near |= {t for s in near for t in dmap.fleet_reach.get(s, ()) if dmap.kind[t] == "sea"}
        return sorted({c for s in near for c in dmap.fleet_reach.get(s, ())
                       if dmap.kind[c] == "coastal" and c != p})

    orders: dict[str, list] = {}
    for p, u in board.units.items():
        r = rng.random()
        if u.type is FLEET:
            near_seas = sorted(t for t in dmap.fleet_reach.get(p, ()) if dmap.kind[t] == "sea")
            armies = [c for c in dmap.fleet_reach.get(p, ()) if c in board.units
                      and board.units[c].type is ARMY]
            if r < 0.5 and armies:
                a = rng.choice(armies)
                o = Convoy(u.type, u.loc, target_type=ARMY, target=a,
                           dest=rng.choice(within_two_seas(a) or [a]))
            elif r < 0.75 and near_seas:
                o = Move(u.type, u.loc, dest=rng.choice(near_seas))
            elif near_seas:
                q = rng.choice(near_seas)
                movers = [m for m in dmap.fleet_reach.get(q, ()) if m in board.units and m != p]
                if not movers:
                    continue
                o = SupportMove(u.type, u.loc, target_type=board.units[movers[0]].type,
                                target=movers[0], dest=q)
            else:
                continue
        else:
            far = within_two_seas(p)
            near = sorted(dmap.army_neighbours(p))
            if r < 0.6 and far:
                o = Move(u.type, u.loc, dest=rng.choice(far), via_convoy=rng.random() < 0.6)
            elif r < 0.8 and near:
                o = Move(u.type, u.loc, dest=rng.choice(near))
            else:
                fleets = [s for s in dmap.bordering_seas.get(p, ()) if s in board.units]
                if not fleets:
                    continue
                q = rng.choice(fleets)
                o = SupportHold(u.type, u.loc, target_type=FLEET, target=q)
        orders.setdefault(u.power, []).append(o)
    return board, orders


def test_random_positions_resolve_as_the_full_rules_do():
    rng = random.Random(16)
    for _ in range(400):
        board, orders = _random_position(rng, M)
        _check(board, orders)


def _paradox_position(rng: random.Random, dmap: DiplomacyMap) -> tuple[Board, dict]:
    """A convoy paradox somewhere on the map (the army convoyed into a province whose
    fleet supports an attack on the convoying fleet, DATC 6.F.14's shape), with a
    convoyed position around it (:func:`_convoy_position`) whose orders go on."""
    kind, reach = dmap.kind, dmap.fleet_reach
    shapes = [
        (s, x, d, s2)
        for s in sorted(p for p, k in kind.items() if k == "sea")
        for x in sorted(reach[s]) if kind[x] == "coastal"
        for d in sorted(reach[s]) if kind[d] == "coastal" and d != x
        and d not in dmap.army_neighbours(x) and s in reach.get(d, ())
        for s2 in sorted(reach[s]) if kind[s2] == "sea" and d in reach[s2]
    ]
    s, x, d, s2 = rng.choice(shapes)
    board, orders = _convoy_position(rng, dmap)
    p1, p2 = rng.sample(sorted(dmap.powers), 2)
    for p in (s, x, d, s2):
        board.units.pop(p, None)
    for power in orders:
        orders[power] = [o for o in orders[power] if prov(o.loc) not in (s, x, d, s2)]
    units = {s: (p1, FLEET), x: (p1, ARMY), d: (p2, FLEET), s2: (p2, FLEET)}
    state = engine.to_state(engine.initial_state(dmap), board)
    state["units"] = sorted(
        state["units"] + [{"power": w, "type": t.value, "loc": p} for p, (w, t) in units.items()],
        key=lambda u: u["loc"])
    orders.setdefault(p1, []).extend([
        Move(ARMY, x, dest=d, via_convoy=rng.random() < 0.5),
        Convoy(FLEET, s, target_type=ARMY, target=x, dest=d)])
    orders.setdefault(p2, []).extend([
        SupportMove(FLEET, d, target_type=FLEET, target=s2, dest=s),
        Move(FLEET, s2, dest=s)])
    return Board.from_state(state), orders


def test_random_convoy_positions_resolve_as_the_full_rules_do():
    rng = random.Random(61)
    paradoxes = 0
    for i in range(300):
        make = _paradox_position if i % 3 == 0 else _convoy_position
        board, orders_by_power = make(rng, M)
        _check(board, orders_by_power)
        orders = _orders_of(board, orders_by_power, M)
        (_, paradox), _ = _both_ways(board, orders, M)
        paradoxes += bool(paradox)
    assert paradoxes >= 20  # the positions do reach the Szykman rule


@pytest.mark.parametrize("variant", ["diplomacy-ancmed", "diplomacy-fleetrome"])
def test_random_positions_on_variant_maps_resolve_as_the_full_rules_do(variant):
    dmap = load_map(variant)
    rng = random.Random(variant)
    for _ in range(100):
        board, orders = _random_position(rng, dmap)
        _check(board, orders, dmap)


# --- convoys checked by groups of fleets ------------------------------------------


def _carried_by_search(dmap: DiplomacyMap, units: dict, src: str, dest: str) -> bool:
    """Whether fleets at sea join a sea next to ``src`` to one next to ``dest``: a search
    over every fleet, for each question."""
    fleets = {p for p, u in units.items() if u.type is FLEET and dmap.kind[p] == "sea"}
    start = [s for s in dmap.bordering_seas.get(src, ()) if s in fleets]
    seen, frontier = set(start), list(start)
    while frontier:
        s = frontier.pop()
        if s in dmap.bordering_seas.get(dest, ()):
            return True
        for t in dmap.fleet_reach.get(s, ()):
            if t in fleets and t not in seen:
                seen.add(t)
                frontier.append(t)
    return False


def test_the_convoy_check_answers_as_a_search_over_every_fleet():
    rng = random.Random(4)
    coastal = [p for p, k in M.kind.items() if k == "coastal"]
    for _ in range(60):
        board, _ = _random_position(rng, M)
        checker = Checker(board, M)  # one checker: its groups serve every question
        for src in rng.sample(coastal, 12):
            for dest in coastal:
                if dest != src:
                    assert checker._convoy_possible(src, dest) == _carried_by_search(
                        M, board.units, src, dest), (src, dest)


# --- the order of the results ---------------------------------------------------------


@pytest.mark.parametrize("variant", ["diplomacy-standard", "diplomacy-ancmed",
                                     "diplomacy-fleetrome", "diplomacy-pure"])
def test_locations_sort_as_their_provinces_where_the_map_says_so(variant):
    dmap = load_map(variant)
    assert dmap.locations_sort_as_provinces
    locs = sorted(dmap.loc_province)
    for a in locs:
        for b in locs:
            if prov(a) != prov(b):
                assert (a < b) == (prov(a) < prov(b)), (a, b)


def test_a_map_whose_ids_sort_otherwise_lists_results_by_location_all_the_same():
    data = resolved_map("diplomacy-standard")
    assert DiplomacyMap(data).locations_sort_as_provinces
    # An island nobody can reach, with an id that sorts before the coast separator.
    data["provinces"]["spa-x"] = {"name": "Isle", "kind": "land", "supply_centre": False,
                                  "home_of": None, "coasts": {}, "aliases": []}
    data["army_adjacency"]["spa-x"] = []
    odd = DiplomacyMap(data)
    assert not odd.locations_sort_as_provinces
    rng = random.Random(7)
    for _ in range(30):
        board, orders = _random_position(rng, M)
        state = engine.to_state(engine.initial_state(M), board)
        ours = engine.adjudicate(state, orders, M)
        theirs = engine.adjudicate(state, orders, odd)
        assert ours == theirs
        results = ours[1]
        assert results == sorted(results, key=lambda r: (r.power, r.loc))


def test_the_results_spell_each_order_as_its_text_method_does():
    """``movement._read_off`` writes the text of moves and supports itself, with no call:
    it must be ``Order.text()``'s, for validated orders (``via convoy`` too) and for orders
    given straight to ``resolve_movement`` with a unit type left out or not the unit's
    (there it calls ``text()``)."""
    from adjudicator.record import replace

    rng = random.Random(1617)
    types = [None, ARMY, FLEET]
    inlined = called = via = 0
    for i in range(240):
        make = _convoy_position if i % 2 else _random_position
        board, orders_by_power = make(rng, M)
        orders = _orders_of(board, orders_by_power, M)
        if i % 3 == 2:  # types as no validation would leave them
            orders = {
                p: replace(o, unit_type=rng.choice(types), **(
                    {"target_type": rng.choice(types)} if hasattr(o, "target_type") else {}))
                for p, o in orders.items()
            }
        outcome = resolve_movement(M, board.units, orders)
        for p, r in outcome.outcomes.items():
            assert r.order == orders[p].text(), (p, orders[p])
            via += r.order.endswith(" via convoy")
            if isinstance(orders[p], (Move, SupportMove, SupportHold)):
                if orders[p].unit_type is board.units[p].type:
                    inlined += 1
                else:
                    called += 1
    assert inlined > 1000 and called > 100 and via > 20  # every way was taken, often


def test_a_fall_reports_the_centres_its_end_counted_and_nothing_else():
    """A Fall's end counts the centres once and ``adjudicate`` reports those counts: the
    same as counting the new state's centres, in the events' usual keys and order (the
    count is passed along under a private key that never leaves ``adjudicate``)."""
    rng = random.Random(1618)
    falls = 0
    for _ in range(60):
        board, orders = _random_position(rng, M)
        state = engine.to_state(engine.initial_state(M), board)
        state["phase"] = "F1901M"
        new, _, events = engine.adjudicate(state, orders, M)
        owners = list(new["centres"].values())
        assert events["centre_counts"] == {p: owners.count(p) for p in M.power_order}
        assert list(events) == ["phase", "rejected", "dislodged", "disbanded",
                                "centre_changes", "eliminated", "winner", "next_phase",
                                "centre_counts", "adjustments"]
        falls += not new["phase"].startswith("F")  # the Fall ended (no retreats)
    assert falls > 20
