"""Time the A&A 1942 turn engine: the five opening turns of the bundled examples.

Each power's turn (``games/aa1942/examples/r1-<power>-purchase``) is parsed and resolved with
derived dice, starting from the opening setup, the way ``adj adjudicate`` does it (without the
disk writes). Prints the time of every turn (best of ``--repeat`` runs) and the round total.

    python benchmarks/bench_aa_turn.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.dice import DerivedDice, orders_digest
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path

ORDER = ("ussr", "germany", "uk", "japan", "usa")


def one_round(game: AxisAlliesGame) -> list[tuple[str, float]]:
    state = game.new_state({})
    examples = game_data_path("aa1942") / "examples"
    times = []
    for power in ORDER:
        text = next((examples / f"r1-{power}-purchase").glob("*.txt")).read_text()
        start = time.perf_counter()
        orders = [p.order for p in game.parse(text, state).orders]
        dice = DerivedDice(bytes(range(32)), "bench", orders_digest({power: text}))
        state = game.resolve(state, {power: orders}, dice).state
        times.append((power, time.perf_counter() - start))
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    game = get_game("aa1942")
    one_round(game)  # warm the caches (edition data, grammar)
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for power, t in one_round(game):
            best[power] = min(best.get(power, t), t)
    for power in ORDER:
        print(f"{power:<8} turn {best[power] * 1000:8.1f} ms")
    print(f"round    total {sum(best.values()) * 1000:7.1f} ms (best of {args.repeat})")


if __name__ == "__main__":
    main()
