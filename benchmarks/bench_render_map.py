"""Time the map picture: SVG rendering and PNG export.

Run: ``python benchmarks/bench_render_map.py [repeats]``. Two positions are drawn: the
opening (22 units, no orders) and a busy one where every opening unit has an order (moves,
supports, a failed bounce, holds). The first (cold) SVG render is reported separately
because it includes loading the geometry and the compiled template. PNG export is timed
only when ``resvg-py`` is installed.
"""

from __future__ import annotations

import statistics
import sys
import time

from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.mapsvg import render_map_svg
from adjudicator.diplomacy.results import OrderResult


def opening() -> dict:
    m = load_map()
    units = [{"power": p, "type": u.split()[0], "loc": u.split()[1]}
             for p, d in m.powers.items() for u in d["starting_units"]]
    centres = {c: p for p, d in m.powers.items() for c in d["home_centres"]}
    return {"phase": "S1901M", "units": units, "centres": centres, "dislodged": []}


def busy_orders(state: dict) -> list[OrderResult]:
    """One order per unit: alternate moves (to the first neighbour), supports and holds."""
    m = load_map()
    out = []
    for i, u in enumerate(state["units"]):
        loc, t = u["loc"], u["type"]
        nbrs = sorted(m.fleet_neighbours(loc) if t == "F" else m.army_neighbours(loc))
        if i % 3 == 0 and nbrs:
            out.append(OrderResult(u["power"], f"{t} {loc} - {nbrs[0]}", "move", t, loc,
                                   success=i % 2 == 0, outcome="moved", dest=nbrs[0]))
        elif i % 3 == 1 and nbrs:
            out.append(OrderResult(u["power"], f"{t} {loc} S {nbrs[0]}", "support", t, loc,
                                   success=True, outcome="supported", target=nbrs[0]))
        else:
            out.append(OrderResult(u["power"], f"{t} {loc} H", "hold", t, loc, success=True,
                                   outcome="held"))
    return out


def timed(fn, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, min(times) * 1000


def main(repeats: int = 30) -> None:
    st = opening()
    orders = busy_orders(st)
    t0 = time.perf_counter()
    svg = render_map_svg(st, None, title="Benchmark")
    print(f"svg cold (geometry + template load): {(time.perf_counter() - t0) * 1000:.1f} ms")
    med, best = timed(lambda: render_map_svg(st, None, title="Benchmark"), repeats)
    print(f"svg opening:  median {med:.2f} ms  best {best:.2f} ms  ({len(svg) / 1024:.0f} KiB)")
    busy = render_map_svg(st, orders, title="Benchmark")
    med, best = timed(lambda: render_map_svg(st, orders, title="Benchmark"), repeats)
    print(f"svg busy ({len(orders)} orders): median {med:.2f} ms  best {best:.2f} ms  "
          f"({len(busy) / 1024:.0f} KiB)")
    try:
        import resvg_py  # noqa: F401

        from adjudicator.publish.png import svg_to_png
    except ImportError:
        print("png: skipped (resvg-py not installed)")
        return
    n = max(3, repeats // 5)
    for scale in (1.0, 0.5):
        png = svg_to_png(busy, scale=scale)
        med, best = timed(lambda s=scale: svg_to_png(busy, scale=s), n)
        print(f"png busy scale {scale}: median {med:.0f} ms  best {best:.0f} ms  "
              f"({len(png) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
