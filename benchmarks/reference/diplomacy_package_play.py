"""Random play with the ``diplomacy`` package (the reference Python engine), timing its
``Game.process()`` on every movement phase and recording what it was given and what it did.

Runs only inside the benchmark's own virtual environment (``bench_vs_diplomacy_package.py``
creates it); the package is never a dependency of the project, and nothing of it is copied.

Usage: ``python diplomacy_package_play.py GAMES MAX_PHASES SEED OUT.json [REPEATS]``. Writes a
JSON list, one entry per movement phase: the phase, the units and centres before, the orders (as
the package writes them), the seconds ``process()`` took, the seconds it took on each of
REPEATS - 1 twins of the game (a new ``Game`` given the state and the orders just before;
``repeats``: a phase timed once measures the machine's jitter as much as the engine at the
99th percentile; ``twins_agree`` says the twins left the same units), and the units after (for
a check that both engines agree).
"""

from __future__ import annotations

import json
import random
import sys
import time

from diplomacy import Game


def main(games: int, max_phases: int, seed: int, out: str, repeats: int = 1) -> None:
    rng = random.Random(seed)
    phases = []
    for _ in range(games):
        game = Game()
        for _ in range(max_phases):
            if game.is_game_done:
                break
            phase = game.get_current_phase()
            possible = game.get_all_possible_orders()
            orders = {}
            for power, locs in game.get_orderable_locations().items():
                chosen = [rng.choice(possible[loc]) for loc in locs if possible[loc]]
                if phase.endswith("A"):  # builds and removals: only as many as owed
                    owed = abs(len(game.get_centers(power)) - len(game.get_units(power)))
                    chosen = chosen[:owed]
                orders[power] = chosen
                game.set_orders(power, chosen)
            before = {"units": game.get_units(), "centers": game.get_centers()}
            again, twins = [], []
            if phase.endswith("M"):
                state = game.get_state()
                for _ in range(repeats - 1):
                    twin = Game()
                    twin.set_state(state)
                    for power, chosen in orders.items():
                        twin.set_orders(power, chosen)
                    t0 = time.perf_counter()
                    twin.process()
                    again.append(time.perf_counter() - t0)
                    twins.append(twin.get_units())
            t0 = time.perf_counter()
            game.process()
            seconds = time.perf_counter() - t0
            if phase.endswith("M"):
                phases.append({"phase": phase, **before, "orders": orders, "seconds": seconds,
                               "repeats": again,
                               "twins_agree": all(t == game.get_units() for t in twins),
                               "units_after": game.get_units(),
                               "retreats_after": {p: sorted(v) for p, v in
                                                  game.get_state()["retreats"].items()}})
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(phases, fh)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4],
         int(sys.argv[5]) if len(sys.argv) > 5 else 1)
