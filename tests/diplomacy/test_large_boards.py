"""Large boards on synthetic grid maps (``synthetic_map.py``): long chains of dependent
moves, a ring of hundreds of units, a thousand units with convoys.

These guard the engine's growth: the resolver keeps its own stack (a chain of 400 moves
nests 400 decisions, deeper than Python's call stack allows), and the convoy checks search
the fleets once per phase instead of once per army. Outcomes are asserted, never times
(``benchmarks/bench_diplomacy_growth.py`` prints those).
"""

from __future__ import annotations

from collections import Counter

import pytest
from synthetic_map import (
    A,
    F,
    cell,
    chain,
    convoy_position,
    fleet_loc,
    grid_data,
    grid_map,
    ring,
    state,
)

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.orders import Convoy, Move, SupportMove
from adjudicator.diplomacy.resolver import Resolver


def _run(dmap, units, orders):
    new, results, events = engine.adjudicate(state(dmap, units), orders, dmap)
    assert events["rejected"] == []
    return new, {r.loc: r for r in results}, events


def _positions(new) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["loc"]) for u in new["units"]}


def test_the_grid_map_is_a_consistent_diplomacy_map():
    data = grid_data(30, 14)
    kinds = {p: v["kind"] for p, v in data["provinces"].items()}
    fleet, army = data["fleet_adjacency"], data["army_adjacency"]
    assert all(a in fleet[b] for a, ns in fleet.items() for b in ns)  # symmetric
    assert all(a in army[b] for a, ns in army.items() for b in ns)
    assert all(kinds[b] != "sea" for ns in army.values() for b in ns)
    assert all(kinds[loc.split("/")[0]] != "land" for loc in fleet)
    two_coasts = [p for p, v in data["provinces"].items() if v["coasts"]]
    assert two_coasts and all(f"{p}/wc" in fleet and f"{p}/ec" in fleet and p not in fleet
                              for p in two_coasts)
    assert set(Counter(kinds.values())) == {"sea", "coastal", "land"}


def test_a_chain_of_400_moves_all_advance():
    dmap = grid_map(410, 6)
    units, orders, expected = chain(400)
    new, results, events = _run(dmap, units, orders)
    assert {loc: r.outcome for loc, r in results.items()} == expected
    assert _positions(new) == {(f"P{r % 8}", "A", cell(r + 1, 1)) for r in range(400)}
    assert events["dislodged"] == [] and new["phase"] == "F1901M"


def test_a_blocked_chain_of_400_moves_all_bounce():
    dmap = grid_map(410, 6)
    units, orders, expected = chain(400, blocked=True)
    new, results, events = _run(dmap, units, orders)
    assert {loc: r.outcome for loc, r in results.items()} == expected
    assert _positions(new) == {(p, t.value, loc) for p, t, loc in units}
    assert events["dislodged"] == []


def test_a_ring_of_400_moves_turns_round():
    dmap = grid_map(210, 6)
    units, orders, expected = ring(198)
    assert len(units) == 400
    new, results, _ = _run(dmap, units, orders)
    assert {loc: r.outcome for loc, r in results.items()} == expected
    moved = {o.dest for os in orders.values() for o in os}
    assert {u["loc"] for u in new["units"]} == moved == {loc for _, _, loc in units}


def test_a_thousand_units_with_convoys():
    rows, cols = 100, 18
    dmap = grid_map(rows, cols)
    units, orders, expected = convoy_position(dmap, rows, cols)
    assert len(units) >= 1000
    new, results, events = _run(dmap, units, orders)
    assert {loc: r.outcome for loc, r in results.items()} == expected
    counts = Counter(expected.values())
    assert counts["no convoy"] > 0 and counts["dislodged"] > 0 and counts["moved"] > 0
    # Every army that was convoyed ashore stands on its destination; the others stayed.
    for os in orders.values():
        for o in os:
            if isinstance(o, Move) and o.via_convoy:
                arrived = results[o.loc].outcome == "moved"
                assert any(u["loc"] == (o.dest if arrived else o.loc) for u in new["units"])
    dislodged = {d["loc"] for d in events["dislodged"]}
    assert dislodged == {loc for loc, word in expected.items() if word == "dislodged"}
    assert len(new["units"]) == len(units) - len(dislodged)
    assert len(new["dislodged"]) + len(events["disbanded"]) == len(dislodged)


def _long_convoy(broken: bool):
    """An army carried by 300 fleets in a row; ``broken``: the 150th is dislodged."""
    dmap = grid_map(300, 6)
    army, dest = cell(0, 3), cell(299, 5)
    units = [("P0", A, army)]
    orders = {"P0": [Move(A, army, dest=dest)]}
    for r in range(300):
        units.append(("P0", F, cell(r, 4)))
        orders["P0"].append(Convoy(F, cell(r, 4), target_type=A, target=army, dest=dest))
    if broken:
        attacker, helper = fleet_loc(dmap, 150, 5, 4), fleet_loc(dmap, 150, 3, 4)
        units += [("P1", F, attacker), ("P1", F, helper)]
        orders["P1"] = [Move(F, attacker, dest=cell(150, 4)),
                        SupportMove(F, helper, target_type=F, target=attacker,
                                    dest=cell(150, 4))]
    return _run(dmap, units, orders)


@pytest.mark.parametrize("broken", [False, True])
def test_an_army_convoyed_along_300_fleets(broken):
    new, results, events = _long_convoy(broken)
    army = results[cell(0, 3)]
    if broken:
        assert (army.success, army.outcome) == (False, "no convoy")
        assert [d["loc"] for d in events["dislodged"]] == [cell(150, 4)]
        assert any(u["loc"] == cell(0, 3) for u in new["units"])
    else:
        assert (army.success, army.outcome, army.via_convoy) == (True, "moved", True)
        assert any(u["loc"] == cell(299, 5) for u in new["units"])
        assert all(r.outcome == "convoyed" for loc, r in results.items() if loc != cell(0, 3))


class _Next:
    """Toy decision in the resolver's generator style: succeeds iff the next one does."""

    def __init__(self, key: int, last: int) -> None:
        self.key, self.last = key, last

    def adjudicate(self, r):
        if self.key == self.last:
            return True
        ok = yield self.key + 1
        return ok


class _Last(_Next):
    def adjudicate(self, r):
        return False if self.key == self.last else super().adjudicate(r)


@pytest.mark.parametrize("kind, outcome", [(_Next, True), (_Last, False)])
def test_the_resolver_keeps_its_own_stack(kind, outcome):
    """100,000 decisions each depending on the next resolve without deep recursion."""
    n = 100_000
    r = Resolver({k: kind(k, n - 1) for k in range(n)}, lambda r, cycle: None)
    assert r.resolve_all() == dict.fromkeys(range(n), outcome)
