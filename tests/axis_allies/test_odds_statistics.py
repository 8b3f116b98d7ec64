"""The exact calculator against the real battle engine on its own dice.

Each case fights the same battle 3,000 times with :func:`resolve_battle` (or
:func:`resolve_amphibious`) on seeded dice and checks that every outcome of the exact
distribution that is likely enough to be measured (p >= 1%), every end (winner and reason),
the capture rate and the mean IPC losses lie within 4 standard errors of the exact figures,
and that no battle ends in a way the calculator gives probability 0. The seeds are fixed, so
the test cannot flake: a failure means a real difference.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleSetup,
    Unit,
    battle_orders,
    resolve_amphibious,
    resolve_battle,
)
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.odds import Odds, amphibious_odds, battle_odds
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders
from adjudicator.dice import Roll, RollLabel

ED = load_edition("aa1942")
RULES = rules_for("aa1942")
N = 3000


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        out = [self.rng.randint(1, 6) for _ in range(n)]
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return out


def army(power: str, prefix: str, start: int = 0, **counts: int) -> tuple[Unit, ...]:
    out = []
    n = start
    for utype, count in counts.items():
        for _ in range(count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, utype))
    return tuple(out)


def _items(c: Counter) -> tuple:
    return tuple(sorted(c.items()))


def engine_key(setup: BattleSetup, res) -> tuple:
    """(winner, reason, captures, attackers left, defenders left, retreated, submerged) from
    a real battle's fates (cargo counted with its ship, as the calculator does)."""
    side = {u.id: "attacker" for u in setup.attackers} | {u.id: "defender"
                                                           for u in setup.defenders}
    types = {u.id: u.type for u in setup.attackers + setup.defenders}
    left = {"attacker": Counter(), "defender": Counter()}
    retreated: Counter = Counter()
    submerged = {"attacker": Counter(), "defender": Counter()}
    for uid, fate in res.fates.items():
        if fate == "survived":
            left[side[uid]][types[uid]] += 1
        elif fate == "retreated":
            retreated[types[uid]] += 1
        elif fate == "submerged":
            submerged[side[uid]][types[uid]] += 1
    return (res.winner, res.end_reason, res.captures, _items(left["attacker"]),
            _items(left["defender"]), _items(retreated),
            tuple((s, _items(c)) for s, c in submerged.items() if c))


def odds_key(o) -> tuple:
    return (o.winner, o.reason, o.captures, _items(Counter(o.attacker)),
            _items(Counter(o.defender)), _items(Counter(o.retreated)),
            tuple((s, _items(Counter(c))) for s, c in o.submerged.items()))


def check(odds: Odds, keys: list[tuple], losses: list[tuple[int, int]]) -> dict:
    """Compare ``N`` real battles (their keys and IPC losses) with the exact distribution;
    returns the figures (for the report in docs/aa-odds.md)."""
    n = len(keys)
    exact: dict[tuple, float] = {}
    for o in odds.outcomes:
        exact[odds_key(o)] = exact.get(odds_key(o), 0.0) + float(o.probability)
    seen = Counter(keys)
    impossible = [k for k in seen if exact.get(k, 0.0) == 0.0]
    assert not impossible, f"the engine ended in ways the calculator excludes: {impossible}"

    def band(p: float, count: int) -> float:
        return abs(count / n - p) / max(math.sqrt(p * (1 - p) / n), 1e-12)

    worst = 0.0
    for k, p in exact.items():
        if p >= 0.01:
            z = band(p, seen.get(k, 0))
            worst = max(worst, z)
            assert z <= 4, (k, p, seen.get(k, 0) / n)
    ends: dict[tuple, float] = {}
    for k, p in exact.items():
        ends[k[:2]] = ends.get(k[:2], 0.0) + p
    for end, p in ends.items():
        if 0 < p < 1:
            z = band(p, sum(c for k, c in seen.items() if k[:2] == end))
            worst = max(worst, z)
            assert z <= 4, (end, p)
    cap = float(odds.captures)
    if 0 < cap < 1:
        z = band(cap, sum(c for k, c in seen.items() if k[2]))
        worst = max(worst, z)
        assert z <= 4, ("captures", cap)
    for i, side in enumerate(("attacker", "defender")):
        mean = float(odds.expected_loss_ipc(side))
        attr = "attacker_loss_ipc" if side == "attacker" else "defender_loss_ipc"
        var = sum(float(o.probability) * (getattr(o, attr) - mean) ** 2 for o in odds.outcomes)
        got = sum(loss[i] for loss in losses) / n
        if var > 0:
            z = abs(got - mean) / math.sqrt(var / n)
            worst = max(worst, z)
            assert z <= 4, (side, mean, got)
    return {"battles": n, "outcomes": len(exact), "measured": sum(1 for p in exact.values()
                                                                  if p >= 0.01),
            "worst_z": round(worst, 2), "attacker_wins": float(odds.attacker_wins),
            "observed_wins": sum(1 for k in keys if k[0] == "attacker") / n}


def run_battle(setup: BattleSetup, orders, seed: int) -> dict:
    odds = battle_odds(ED, RULES, setup, orders)
    dice = SeededDice(seed)
    keys, losses = [], []
    for _ in range(N):
        res = resolve_battle(ED, RULES, setup, orders, dice)
        keys.append(engine_key(setup, res))
        losses.append((res.attacker_loss_ipc, res.defender_loss_ipc))
    return check(odds, keys, losses)


def test_land_battle_with_aa_artillery_two_powers_and_a_retreat_condition():
    att = army("germany", "a", infantry=6, artillery=2, tank=2, fighter=2, bomber=1)
    dfn = army("ussr", "d", infantry=5, artillery=1, aa_gun=1, fighter=1) + army(
        "uk", "d", 20, infantry=2, tank=1)
    setup = BattleSetup("karelia_ssr", "land", "germany", att, dfn, ("ussr", "uk"),
                        ("eastern_europe",))
    ins = BattleInstruction("karelia_ssr", retreat_when_units_at_most=4)
    fig = run_battle(setup, battle_orders("germany", ("ussr", "uk"), {}, ins), seed=1942)
    assert fig["measured"] >= 10


def test_sea_battle_with_submarines_carriers_cargo_and_submerging():
    att = army("uk", "a", fighter=2, battleship=1, carrier=1, destroyer=1, submarine=2)
    dfn = army("germany", "d", battleship=1, cruiser=1, submarine=2, transport=1) + (
        Unit("c1", "germany", "infantry", 0, "d5"), Unit("c2", "germany", "tank", 0, "d5"))
    setup = BattleSetup("sz5", "sea", "uk", att, dfn, ("germany",), ("sz6",))
    standing = {"germany": StandingOrders(submerge="when-outnumbered")}
    fig = run_battle(setup, battle_orders("uk", ("germany",), standing), seed=2009)
    assert fig["measured"] >= 5


def test_sea_battle_without_destroyers_subs_strike_and_aircraft_cannot_hit_them():
    att = army("japan", "a", fighter=2, cruiser=1, submarine=2)
    dfn = army("usa", "d", carrier=1, fighter=2, submarine=2, transport=2)
    setup = BattleSetup("sz50", "sea", "japan", att, dfn, ("usa",), ("sz51",))
    ins = BattleInstruction("sz50", retreat_after_round=3)
    fig = run_battle(setup, battle_orders("japan", ("usa",), {}, ins), seed=7)
    assert fig["measured"] >= 5


def _amphibious_runs(setup: AmphibiousSetup, sea_orders, land_orders, seed: int) -> dict:
    odds = amphibious_odds(ED, RULES, setup, sea_orders, land_orders)
    dice = SeededDice(seed)
    keys, losses = [], []
    for _ in range(N):
        res = resolve_amphibious(ED, RULES, setup, sea_orders, land_orders, dice)
        if res.land is None:
            keys.append(("defender", "assault-over", False, (),
                         _items(Counter(u.type for u in setup.land.defenders)), (), ()))
            losses.append((0, 0))
        else:
            keys.append(engine_key(setup.land, res.land))
            losses.append((res.land.attacker_loss_ipc, res.land.defender_loss_ipc))
    return check(odds, keys, losses)


def test_amphibious_assault_with_a_sea_battle_first():
    cargo = (Unit("l1", "uk", "infantry", 0, "s2"), Unit("l2", "uk", "tank", 0, "s2"),
             Unit("l3", "uk", "infantry", 0, "s3"), Unit("l4", "uk", "artillery", 0, "s3"))
    sea = BattleSetup("sz6", "sea", "uk", army("uk", "s", destroyer=1, transport=2) + cargo,
                      army("germany", "z", submarine=1, cruiser=1), ("germany",), ("sz5",))
    land_att = army("uk", "a", fighter=1) + tuple(
        Unit(u.id, u.power, u.type, 0, u.aboard, True) for u in cargo)
    land = BattleSetup("norway", "land", "uk", land_att, army("germany", "d", infantry=3),
                       ("germany",), ())
    setup = AmphibiousSetup(sea, land, ())
    fig = _amphibious_runs(setup, battle_orders("uk", ("germany",)),
                           battle_orders("uk", ("germany",)), seed=15)
    assert fig["measured"] >= 5


@pytest.mark.parametrize("seed", [44])
def test_amphibious_assault_with_bombardment_and_landed_units_that_never_retreat(seed):
    land_att = army("uk", "a", tank=1) + tuple(
        Unit(f"l{i}", "uk", t, 0, None, True) for i, t in
        enumerate(["infantry", "infantry", "artillery"]))
    land = BattleSetup("france", "land", "uk", land_att,
                       army("germany", "d", infantry=4, tank=1, aa_gun=1), ("germany",),
                       ("united_kingdom",))
    setup = AmphibiousSetup(None, land, army("uk", "s", battleship=1, cruiser=2))
    ins = BattleInstruction("france", retreat_when_units_at_most=2)
    fig = _amphibious_runs(setup, None, battle_orders("uk", ("germany",), {}, ins), seed=seed)
    assert fig["measured"] >= 5
