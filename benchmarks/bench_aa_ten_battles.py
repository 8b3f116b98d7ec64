"""One Axis & Allies turn with ten battles, through the same calls ``adj adjudicate`` makes.

Run: ``python benchmarks/bench_aa_ten_battles.py [REPEATS]``. On an emptied 1942 board
Germany attacks five Soviet territories (six infantry, two artillery and two tanks against
five infantry and an artillery) and five British-held sea zones (two destroyers, a cruiser
and a submarine against two destroyers and a cruiser),
and places one unit, so the whole turn is resolved in one pass. Parsing, validation and
resolution with derived dice are timed (best and median of REPEATS); the goal of issue 16
is under 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import time

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.state import add_unit
from adjudicator.dice import DerivedDice, orders_digest
from adjudicator.registry import get_game

ED = load_edition("aa1942")


def scenario() -> tuple[dict, str]:
    """(state, turn text): ten battles for Germany, every attacker next to its target."""
    game = get_game("aa1942")
    state = game.new_state(game.check_options({"passes": "one"}))
    state["units"] = []
    state["turn"].update(power="germany", step="purchase")
    state["phase"] = "r1-germany-purchase"
    m = ED.map
    used: set[str] = {"germany"}
    lines = ["Combat move:"]
    land = ["karelia_ssr", "belorussia", "ukraine_ssr", "west_russia", "caucasus"]
    for target in land:
        source = next(n for n in sorted(m.land_neighbours(target))
                      if n not in used and n not in land and m.region(n).is_land
                      and not m.region(n).impassable)
        used |= {target, source}
        for t, p in ((target, "ussr"), (source, "germany")):
            state["controllers"][t] = p
            state["turn_start_controllers"][t] = p
        for utype, n in (("infantry", 5), ("artillery", 1)):
            for _ in range(n):
                add_unit(state, "ussr", utype, target)
        for utype, n in (("infantry", 6), ("artillery", 2), ("tank", 2)):
            for _ in range(n):
                add_unit(state, "germany", utype, source)
        lines.append(f"- 6 inf, 2 art, 2 arm {source} -> {target}")
    seas = 0
    for target in sorted(m.sea_zones, key=lambda z: m.region(z).sea_zone_number):
        if seas == 5 or target in used:
            continue
        source = next((n for n in sorted(m.sea_neighbours(target)) if n not in used), None)
        if source is None:
            continue
        used |= {target, source}
        for utype, n in (("destroyer", 2), ("cruiser", 1)):
            for _ in range(n):
                add_unit(state, "uk", utype, target)
        for utype, n in (("destroyer", 2), ("cruiser", 1), ("submarine", 1)):
            for _ in range(n):
                add_unit(state, "germany", utype, source)
        lines.append(f"- 2 dd, 1 ca, 1 sub {source} -> {target}")
        seas += 1
    lines += ["Place:", "1 inf Germany"]
    state["purchased"] = {"infantry": 1}
    return state, "\n".join(lines) + "\n"


def one_turn(state: dict, text: str) -> tuple[float, int]:
    game = get_game("aa1942")
    start = time.perf_counter()
    orders = [p.order for p in game.parse(text, state).orders]
    _, errors = game.validate(state, "germany", orders)
    assert not errors, [e.describe() for e in errors]
    dice = DerivedDice(bytes(range(32)), "bench", orders_digest({"germany": text}))
    resolution = game.resolve(state, {"germany": orders}, dice)
    elapsed = time.perf_counter() - start
    return elapsed, len(resolution.events.get("battles", []))


def main(repeats: int = 20) -> None:
    state, text = scenario()
    one_turn(state, text)  # warm: edition data, grammar
    times = []
    for _ in range(repeats):
        t, battles = one_turn(state, text)
        times.append(t)
    print(f"A&A turn with {battles} battles (parse + validate + resolve): "
          f"best {1000 * min(times):.1f} ms, median {1000 * statistics.median(times):.1f} ms "
          f"over {repeats} runs (goal < 50)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
