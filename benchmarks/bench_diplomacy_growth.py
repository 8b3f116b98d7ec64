"""How the Diplomacy engine's time per phase grows with the number of units.

Run: ``python benchmarks/bench_diplomacy_growth.py [--ops] [SIZES...]`` (default sizes
100 1000 4000).

Positions are built on synthetic grid maps (``tests/diplomacy/synthetic_map.py``):

* convoys: armies convoyed across sea columns by chains of fleets (some arrive, some lose
  a fleet to a supported attack, some dislodge the army on the far coast), every other
  land cell holding or supporting;
* chain: one line of armies, each moving into the next one's province (every move
  depends on the one ahead: the resolver nests them all).

Each line gives the units, the time of one ``engine.adjudicate`` (validation and
resolution; best of a few runs) and that time per unit: a flat column is linear growth.
The time per unit still creeps up on big boards, because the data outgrow the processor's
caches; ``--ops`` adds the Python bytecodes executed per unit (counted with a trace
function, slowly), which shows that the work itself grows linearly. Timings are printed,
never asserted.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "diplomacy"))

from synthetic_map import chain, convoy_position, grid_map, state

from adjudicator.diplomacy import engine

COLS = 18  # four sea columns with their coasts; about 14 units per row of the grid


def convoys(units: int):
    rows = max(7, round(units / 14))
    dmap = grid_map(rows, COLS)
    placed, orders, _ = convoy_position(dmap, rows, COLS)
    return dmap, placed, orders


def moves_in_a_line(units: int):
    dmap = grid_map(units + 2, 4)
    placed, orders, _ = chain(units)
    return dmap, placed, orders


def time_phase(dmap, placed, orders, repeat: int) -> float:
    s = state(dmap, placed)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        engine.adjudicate(s, orders, dmap)
        best = min(best, time.perf_counter() - t0)
    return best


def bytecodes(fn: Callable[[], object]) -> int:
    """How many bytecodes Python executes for ``fn()``."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


def main(sizes: list[int], ops: bool = False) -> None:
    print(f"{'position':10}{'units':>8}{'per phase':>14}{'per unit':>12}"
          + (f"{'bytecodes per unit':>21}" if ops else ""))
    for name, build in (("convoys", convoys), ("chain", moves_in_a_line)):
        for n in sizes:
            dmap, placed, orders = build(n)
            try:
                dt = time_phase(dmap, placed, orders, 5 if len(placed) <= 1000 else 3)
            except RecursionError:
                print(f"{name:10}{len(placed):>8}{'RecursionError':>26}")
                continue
            line = f"{name:10}{len(placed):>8}{dt * 1000:>11.2f} ms{dt / len(placed) * 1e6:>9.2f} us"
            if ops:
                run = partial(engine.adjudicate, state(dmap, placed), orders, dmap)
                line += f"{bytecodes(run) / len(placed):>21,.0f}"
            print(line)


if __name__ == "__main__":
    args = sys.argv[1:]
    main([int(a) for a in args if a != "--ops"] or [100, 1000, 4000], "--ops" in args)
