"""Time the A&A 1942 combat engine on large battles (30 units a side): land and sea.

Prints the mean time per resolved battle. Dice come from a seeded ``random.Random`` wrapper so
runs are repeatable; timings are printed, never asserted.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.dice import Roll, RollLabel


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        out = [self.rng.randint(1, 6) for _ in range(n)]
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return out


def army(power: str, prefix: str, spec: dict[str, int]) -> tuple[Unit, ...]:
    out, n = [], 0
    for utype, count in spec.items():
        for _ in range(count):
            out.append(Unit(f"{prefix}{n}", power, utype))
            n += 1
    return tuple(out)


LAND = BattleSetup(
    "ukraine", "land", "germany",
    army("germany", "a", {"infantry": 12, "artillery": 6, "tank": 8, "fighter": 3, "bomber": 1}),
    army("ussr", "d", {"infantry": 20, "artillery": 4, "tank": 4, "aa_gun": 1, "fighter": 1}),
    ("ussr",), ("poland",),
)
SEA = BattleSetup(
    "sz5", "sea", "uk",
    army("uk", "a", {"fighter": 6, "bomber": 2, "battleship": 4, "cruiser": 6, "destroyer": 8,
                     "submarine": 4}),
    army("germany", "d", {"battleship": 3, "carrier": 3, "fighter": 6, "cruiser": 4,
                          "destroyer": 6, "submarine": 6, "transport": 2}),
    ("germany",), ("sz6",),
)


def bench(name: str, setup: BattleSetup, n: int) -> None:
    ed = load_edition("aa1942")
    rules = rules_for("aa1942")
    orders = battle_orders(setup.attacker, setup.defending_powers)
    dice = SeededDice(1942)
    rounds = 0
    t0 = time.perf_counter()
    for _ in range(n):
        dice.rolls.clear()
        rounds += resolve_battle(ed, rules, setup, orders, dice).rounds
    dt = time.perf_counter() - t0
    print(f"{name}: {n} battles, {dt / n * 1000:.2f} ms per battle "
          f"({rounds / n:.1f} rounds on average)")


if __name__ == "__main__":
    bench("land 30 v 30", LAND, 300)
    bench("sea 30 v 30", SEA, 300)
