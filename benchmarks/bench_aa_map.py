"""Time the Axis & Allies map: SVG rendering and PNG export of a mid-game turn.

Run: ``python benchmarks/bench_aa_map.py [repeats]``. The bundled sample game is played
(two rounds, with a fixed dice seed) and three pictures are drawn: the opening position, the
current position after two rounds, and the busiest turn of the sample (Germany's round 2
with its moves, an amphibious assault, a sea battle and placements) with everything the
turn did. The first (cold) render is reported separately because it includes loading the
geometry, the parser (arrow labels) and the compiled template.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from adjudicator import dice, service
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.mapsvg import render_map_svg
from adjudicator.axis_allies.state import initial_state
from adjudicator.publish import files


def timed(fn, repeats: int) -> tuple[float, float]:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, min(times) * 1000


def main(repeats: int = 20) -> None:
    ed = load_edition("aa1942")
    with tempfile.TemporaryDirectory() as tmp:
        dice.new_seed = lambda: bytes(range(32))  # the same game every run
        folder = service.play_examples(Path(tmp) / "demo", "aa1942", log=lambda *_: None)
        game = service.game_of(folder)
        record, after = files.find_record(folder, game, "r2-germany-purchase")
        current = folder.read_state()
    opening = initial_state(ed)
    t0 = time.perf_counter()
    turn_svg = render_map_svg(after, ed, title="Benchmark", record=record)
    print(f"svg cold (geometry, parser, template): {(time.perf_counter() - t0) * 1000:.1f} ms")
    for name, fn in (
            ("opening", lambda: render_map_svg(opening, ed, title="Benchmark")),
            ("after two rounds", lambda: render_map_svg(current, ed, title="Benchmark")),
            ("turn r2-germany", lambda: render_map_svg(after, ed, title="Benchmark",
                                                       record=record))):
        svg = fn()
        med, best = timed(fn, repeats)
        print(f"svg {name}: median {med:.1f} ms  best {best:.1f} ms  ({len(svg) / 1024:.0f} KiB)")
    from adjudicator.publish.png import svg_to_png

    n = max(3, repeats // 5)
    for scale in (1.0, game.mail_map_scale, 1000 / 1750):
        png = svg_to_png(turn_svg, scale=scale)
        med, best = timed(lambda s=scale: svg_to_png(turn_svg, scale=s), n)
        print(f"png turn scale {scale:.2f}: median {med:.0f} ms  best {best:.0f} ms  "
              f"({len(png) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
