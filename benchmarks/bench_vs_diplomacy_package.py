"""This engine against the ``diplomacy`` package on the same positions and orders.

Run: ``python benchmarks/bench_vs_diplomacy_package.py [GAMES] [MAX_PHASES] [SEED]``.

The ``diplomacy`` package (the reference Python engine research bots use) is installed into a
benchmark-only virtual environment, ``benchmarks/.ref-venv`` (created on the first run, which
needs PyPI; it is never a dependency of the project). There it plays random games
(``reference/diplomacy_package_play.py``) and times ``Game.process()`` on every movement
phase. Here each of those phases is rebuilt as our state with the same orders and timed
through ``engine.adjudicate`` (validation and resolution, the orders already parsed), and
separately with parsing included. Both engines' resulting unit positions are compared: a
differential check of the rules on hundreds of random positions (the full differential test,
with dislodgements, retreat options and retreat phases, is
``tests/diplomacy/test_reference_engine.py``). With the default arguments one phase of 539
differs (S1908M): an error of the package, which drops the coast from support orders and so
counts a support for the other coast (DATC 6.B.9; that test file reproduces it).

Both engines are timed in the same run, so under the same machine conditions: the reference
games are replayed on every run (a few seconds), with a fixed hash seed so that the package,
which iterates over sets, plays the same games every time. Every phase is timed REPEATS times
by both (the package also on twins of the game, new games given its state and orders; ours in
REPEATS passes over all phases after a warm-up pass), and a phase's time is the median of its
REPEATS: the figures are the median and the 99th percentile of those over the phases. A phase
timed once (the last table, as this benchmark measured until 2026-12-02) puts the machine's
jitter (an interrupt, another process, a collection) into the 99th percentile: a tenth of a
millisecond is half of one of our phases and a tenth of one of the package's, so single
timings inflate our p99 ratio by a different phase each run (benchmarks/README.md).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.board import Board
from adjudicator.diplomacy.map import load_map, prov
from adjudicator.diplomacy.orders import Unit, UnitType
from adjudicator.diplomacy.parser import parse_orders
from adjudicator.diplomacy.phase import Phase
from adjudicator.game import common_fields

HERE = Path(__file__).resolve().parent
VENV = HERE / ".ref-venv"
REFERENCE = "diplomacy==1.1.2"
REPEATS = 5
DMAP = load_map()
POWERS = {p.upper(): p for p in DMAP.powers}


def reference_python() -> Path | None:
    """The benchmark venv's python with the reference installed, or None if that fails."""
    py = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not py.exists():
        print(f"creating {VENV.relative_to(HERE.parent)} with {REFERENCE} (once)...", flush=True)
        venv.create(VENV, with_pip=True)
    ok = subprocess.run([str(py), "-c", "import diplomacy"], capture_output=True,
                        check=False).returncode == 0
    if not ok:
        res = subprocess.run([str(py), "-m", "pip", "install", "--quiet", REFERENCE],
                             capture_output=True, text=True, check=False)
        if res.returncode != 0:
            print("the reference could not be installed:", res.stderr.strip()[-300:])
            return None
    return py


def play(py: Path, games: int, max_phases: int, seed: int) -> list[dict]:
    """The reference's phases and timings, played now (see the module docstring)."""
    out = HERE / ".ref-venv" / f"phases-{games}-{max_phases}-{seed}.json"
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    subprocess.run([str(py), str(HERE / "reference" / "diplomacy_package_play.py"),
                    str(games), str(max_phases), str(seed), str(out), str(REPEATS)], check=True,
                   env=env)
    return json.loads(out.read_text(encoding="utf-8"))


def state_of(entry: dict) -> dict:
    units = {}
    for power, specs in entry["units"].items():
        for spec in specs:
            kind, loc = spec.split()
            unit = Unit(POWERS[power], UnitType(kind), loc.lower())
            units[prov(unit.loc)] = unit
    centres = {c.lower(): POWERS[p] for p, cs in entry["centers"].items() for c in cs}
    board = Board(Phase.parse(entry["phase"]), units, centres)
    return engine.to_state(common_fields("diplomacy"), board)


def order_texts(entry: dict) -> dict[str, str]:
    return {POWERS[p]: "\n".join(orders) for p, orders in entry["orders"].items() if orders}


def positions(units: dict | list) -> set[tuple[str, str]]:
    if isinstance(units, dict):  # the reference: {"FRANCE": ["A PAR", ...]}, "*" = dislodged
        return {(POWERS[p], s.lstrip("*").upper()) for p, ss in units.items() for s in ss
                if not s.startswith("*")}
    return {(u["power"], f"{u['type']} {u['loc'].upper()}") for u in units}


def ms(values: list[float], q: float) -> float:
    return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if q < 100 else \
        1000 * max(values)


def timed(fn, cases: list, passes: int = REPEATS) -> list[list[float]]:
    """Seconds of ``fn(case)`` for each case in each of ``passes`` passes, after a warm-up
    pass: one list of ``passes`` timings per case."""
    for case in cases:
        fn(case)
    times: list[list[float]] = [[] for _ in cases]
    for _ in range(passes):
        for i, case in enumerate(cases):
            t0 = time.perf_counter()
            fn(case)
            times[i].append(time.perf_counter() - t0)
    return times


def main(games: int = 20, max_phases: int = 40, seed: int = 1) -> None:
    py = reference_python()
    if py is None:
        print("reference unavailable: nothing to compare")
        return
    phases = play(py, games, max_phases, seed)
    cases = []
    for entry in phases:
        state = state_of(entry)
        texts = order_texts(entry)
        parsed = {p: [o.order for o in parse_orders(t, DMAP).orders] for p, t in texts.items()}
        cases.append((entry, state, texts, parsed))

    def resolve(case) -> None:
        _, state, _, parsed = case
        engine.adjudicate(state, parsed, DMAP)

    def parse_and_resolve(case) -> None:
        _, state, texts, _ = case
        again = {p: [o.order for o in parse_orders(t, DMAP).orders] for p, t in texts.items()}
        engine.adjudicate(state, again, DMAP)

    ours = timed(resolve, cases)
    ours_parse = timed(parse_and_resolve, cases)
    agree = 0
    for entry, state, _, parsed in cases:
        new, _, _ = engine.adjudicate(state, parsed, DMAP)
        agree += positions(entry["units_after"]) == positions(new["units"])
    ref = [[e["seconds"], *e.get("repeats", ())] for e in phases]
    n = len(phases)
    print(f"{n} movement phases from {games} random games (seed {seed}); each phase timed "
          f"{REPEATS} times, its time the median:")
    for title, pick in ((None, statistics.median),
                        ("timed once per phase (before 2026-12-02; the p99 is mostly jitter):",
                         lambda ts: ts[0])):
        if title:
            print(title)
        base = [pick(ts) for ts in ref]
        print(f"{'':34}{'median':>10}{'p99':>10}   ratio (median, p99)")
        print(f"{'diplomacy package process()':34}{ms(base, 50):>8.3f}ms{ms(base, 99):>8.3f}ms")
        for label, times in (("ours: validate + resolve", ours),
                             ("ours: parse + validate + resolve", ours_parse)):
            mine = [pick(ts) for ts in times]
            print(f"{label:34}{ms(mine, 50):>8.3f}ms{ms(mine, 99):>8.3f}ms"
                  f"   {ms(mine, 50) / ms(base, 50):.2f}x, {ms(mine, 99) / ms(base, 99):.2f}x")
    print(f"same unit positions after the phase: {agree} of {n}; the package's twins "
          f"left the same units as its game in {sum(e.get('twins_agree', True) for e in phases)}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:4]]
    main(*args)
