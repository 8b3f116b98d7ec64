"""Random play with the ``diplomacy`` package (the reference Python engine), recording what
it does in movement and retreat phases, for the differential fixture of the engine tests
(``tools/reference_fixture.py`` runs this and writes the fixture).

Runs only inside the benchmark's own virtual environment (``benchmarks/.ref-venv``, made by
``bench_vs_diplomacy_package.py``); the package is never a dependency of the project.

Orders are drawn at random from the package's possible orders, as in
``diplomacy_package_play.py``, with two biases, because purely random orders seldom agree
with one another: in about half of the movement phases one army's "via convoy" move is
picked and every fleet able to convoy it is ordered to (a whole convoy), and in each
movement phase one attack on an occupied province gets every support it can have (so units
are dislodged and retreat phases happen). Retreat phases are played with random retreat or
disband orders.

Usage: ``python diplomacy_package_record.py GAMES MAX_PHASES SEED OUT.json``. Writes a JSON
list, one entry per movement or retreat phase::

    {"game": 0, "phase": "S1901M",
     "units": {"FRANCE": ["A PAR", ...]},          # before; "*F SEV" = dislodged
     "retreats": {"RUSSIA": {"F SEV": ["BLA"]}},   # retreat phases: the options
     "orders": {"FRANCE": ["A PAR - BUR", ...]},   # as the package writes them
     "units_after": {...},                         # after process()
     "retreats_after": {...}}                      # movement: dislodged -> options
"""

from __future__ import annotations

import json
import random
import sys

from diplomacy import Game


def _convoy_bias(rng: random.Random, possible: dict, chosen: dict) -> None:
    """Make one army's convoy happen: order it "via convoy" and every fleet that can carry
    it to convoy it. ``chosen`` maps each orderable location to its order and is updated."""
    moves = sorted(o for opts in possible.values() for o in opts
                   if o.startswith("A ") and o.endswith(" VIA"))
    if not moves:
        return
    move = rng.choice(moves)  # "A LON - BEL VIA"
    _, army, _, dest, _ = move.split()
    chosen[army] = move
    wanted = f" C A {army} - {dest}"
    for loc, opts in possible.items():
        for o in opts:
            if o.endswith(wanted):
                chosen[loc] = o


def _support_bias(rng: random.Random, possible: dict, chosen: dict, units: dict) -> None:
    """Make one attack on an occupied province strong: every unit able to support it does."""
    occupied = {u.lstrip("*").split()[1].split("/")[0] for us in units.values() for u in us}
    moves = sorted(o for opts in possible.values() for o in opts
                   if " - " in o and " S " not in o and " C " not in o
                   and o.split()[3].split("/")[0] in occupied)
    if not moves:
        return
    move = rng.choice(moves)  # "A PAR - BUR" or "F MAO - SPA/NC"
    unit, _, dest = move.split()[0:2], None, move.split()[3]
    chosen[unit[1]] = move
    wanted = f" S {unit[0]} {unit[1]} - {dest.split('/')[0]}"
    for loc, opts in possible.items():
        for o in opts:
            if o.endswith(wanted):
                chosen[loc] = o


def main(games: int, max_phases: int, seed: int, out: str) -> None:
    rng = random.Random(seed)
    phases = []
    for number in range(games):
        game = Game()
        for _ in range(max_phases):
            if game.is_game_done:
                break
            phase = game.get_current_phase()
            # Sorted: the package keeps some of these in sets, whose order varies by run.
            possible = {loc: sorted(opts) for loc, opts in game.get_all_possible_orders().items()}
            orderable = {p: sorted(locs) for p, locs in sorted(game.get_orderable_locations().items())}
            chosen = {loc: rng.choice(possible[loc])
                      for locs in orderable.values() for loc in locs if possible[loc]}
            if phase.endswith("M"):
                mine = {loc: possible[loc] for loc in chosen}
                _support_bias(rng, mine, chosen, game.get_units())
                if rng.random() < 0.5:
                    _convoy_bias(rng, mine, chosen)
            orders = {}
            for power, locs in orderable.items():
                mine = [chosen[loc] for loc in locs if loc in chosen]
                if phase.endswith("A"):  # builds and removals: only as many as owed
                    owed = abs(len(game.get_centers(power)) - len(game.get_units(power)))
                    mine = mine[:owed]
                orders[power] = mine
                game.set_orders(power, mine)
            before = {"units": game.get_units(),
                      "retreats": {p: r for p, r in game.get_state()["retreats"].items() if r}}
            game.process()
            if phase.endswith("A"):
                continue
            entry = {"game": number, "phase": phase, "units": before["units"],
                     "orders": {p: o for p, o in orders.items() if o},
                     "units_after": game.get_units()}
            if phase.endswith("R"):
                entry["retreats"] = before["retreats"]
            else:
                entry["retreats_after"] = {p: r for p, r in game.get_state()["retreats"].items()
                                           if r}
            phases.append(entry)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(phases, fh)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
