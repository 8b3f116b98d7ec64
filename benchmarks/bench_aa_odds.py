"""Time the exact battle calculator (``adj odds``) on large battles, land and sea.

Prints, per battle, the best of a few runs (CPU time of this process, so other load on the
machine counts less), the number of chain states and the attacker's chance, and for the
land battle what 3,000 simulated battles with the real engine cost (the online calculators'
method, about one point of error). Timings are printed, never asserted.

    python benchmarks/bench_aa_odds.py [--quick]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleSetup,
    Unit,
    battle_orders,
    resolve_battle,
)
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.odds import amphibious_odds, battle_odds
from adjudicator.axis_allies.orders import BattleInstruction
from adjudicator.dice import Roll, RollLabel

ED = load_edition("aa1942")
RULES = rules_for("aa1942")


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        out = [self.rng.randint(1, 6) for _ in range(n)]
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return out


def army(power: str, prefix: str, spec: dict[str, int], start: int = 0) -> tuple[Unit, ...]:
    out, n = [], start
    for utype, count in spec.items():
        for _ in range(count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, utype))
    return tuple(out)


def land(att: dict[str, int], dfn: dict[str, int]) -> BattleSetup:
    return BattleSetup("ukraine", "land", "germany", army("germany", "a", att),
                       army("ussr", "d", dfn), ("ussr",), ("poland",))


def sea(att: dict[str, int], dfn: dict[str, int]) -> BattleSetup:
    return BattleSetup("sz5", "sea", "uk", army("uk", "a", att), army("germany", "d", dfn),
                       ("germany",), ("sz6",))


ISSUE = land({"infantry": 12, "artillery": 3, "tank": 4, "fighter": 2},
             {"infantry": 10, "artillery": 2, "aa_gun": 1})
LAND30 = land({"infantry": 12, "artillery": 6, "tank": 8, "fighter": 3, "bomber": 1},
              {"infantry": 20, "artillery": 4, "tank": 4, "aa_gun": 1, "fighter": 1})
SEA21 = sea({"fighter": 4, "bomber": 2, "battleship": 3, "cruiser": 4, "destroyer": 5,
             "submarine": 3},
            {"battleship": 2, "carrier": 2, "fighter": 4, "cruiser": 3, "destroyer": 4,
             "submarine": 4, "transport": 2})
SEA30 = sea({"fighter": 6, "bomber": 2, "battleship": 4, "cruiser": 6, "destroyer": 8,
             "submarine": 4},
            {"battleship": 3, "carrier": 3, "fighter": 6, "cruiser": 4, "destroyer": 6,
             "submarine": 6, "transport": 2})


def amphibious() -> AmphibiousSetup:
    cargo = tuple(Unit(f"l{i}", "uk", t, 0, f"s{5 + i // 2}") for i, t in
                  enumerate(["infantry", "tank", "infantry", "artillery", "infantry",
                             "infantry"]))
    sea_setup = BattleSetup("sz6", "sea", "uk",
                            army("uk", "s", {"battleship": 1, "destroyer": 2, "carrier": 1,
                                             "transport": 3}) + cargo
                            + army("uk", "f", {"fighter": 2}),
                            army("germany", "z", {"submarine": 3, "cruiser": 1,
                                                  "destroyer": 1}), ("germany",), ("sz5",))
    land_att = army("uk", "a", {"fighter": 2, "bomber": 1}) + tuple(
        Unit(u.id, u.power, u.type, 0, u.aboard, True) for u in cargo)
    land_setup = BattleSetup("norway", "land", "uk", land_att,
                             army("germany", "d", {"infantry": 5, "tank": 1, "aa_gun": 1}),
                             ("germany",), ())
    return AmphibiousSetup(sea_setup, land_setup, ())


def best(fn, repeat: int) -> tuple[float, float, object]:
    cpu, wall, out = [], [], None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        out = fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return min(cpu), min(wall), out


def report(name: str, units: str, fn, repeat: int) -> None:
    cpu, wall, odds = best(fn, repeat)
    print(f"{name:<44} {units:>9}  {cpu:7.3f} s cpu  {wall:7.3f} s wall  "
          f"{odds.states:>6} states  attacker wins {float(odds.attacker_wins):.6f}",
          flush=True)


def main(quick: bool) -> None:
    def plain(setup, ins=None):
        return lambda: battle_odds(ED, RULES, setup, battle_orders(
            setup.attacker, setup.defending_powers, {}, ins))

    def size(setup) -> str:
        return f"{len(setup.attackers)}v{len(setup.defenders)}"

    report("issue example (land, AA gun)", size(ISSUE), plain(ISSUE), 5)
    report("30 v 30 land, mixed, AA gun", size(LAND30), plain(LAND30), 5)
    ins = BattleInstruction("ukraine", retreat_after_round=3, retreat_when_units_at_most=10)
    report("30 v 30 land, retreat after round 3 or <= 10", size(LAND30), plain(LAND30, ins), 3)
    amph = amphibious()
    report("amphibious: sea 15v5, then land 9v7", "15v5+9v7",
           lambda: amphibious_odds(ED, RULES, amph, battle_orders("uk", ("germany",)),
                                   battle_orders("uk", ("germany",))), 3)
    report("21 v 21 naval (subs, carriers, bombers)", size(SEA21), plain(SEA21), 1)
    if not quick:
        report("30 v 30 naval (subs, carriers, bombers)", size(SEA30), plain(SEA30), 1)
        n = 3000
        dice = SeededDice(1)
        orders = battle_orders("germany", ("ussr",))
        c = time.process_time()
        wins = sum(resolve_battle(ED, RULES, LAND30, orders, dice).winner == "attacker"
                   for _ in range(n))
        print(f"{'for comparison: 3,000 simulated 30 v 30 land':<44} {'':>9}  "
              f"{time.process_time() - c:7.3f} s cpu  attacker wins {wins / n:.3f} "
              f"(+-{2 * (wins / n * (1 - wins / n) / n) ** 0.5:.3f} at 95%)")


if __name__ == "__main__":
    main("--quick" in sys.argv[1:])
