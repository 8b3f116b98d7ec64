"""Time the turn reports: every format plus the map for one phase (Fall 1901 movement).

Run: ``python benchmarks/bench_reports.py [repeats]``. The example game is played once,
before the clock starts; each repeat then builds the context from the history record,
renders the map (when the map renderer is installed) and all four report formats, which
is exactly the work ``write_reports`` does after an adjudication, minus the disk writes.
The first run is reported separately: it reads the map geometry and remembers formatted
coordinates (the templates are compiled ahead of time, ``tools/gen_templates.py``; the demo
game played before the clock starts has loaded their modules already).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from adjudicator import service
from adjudicator.publish import files, reports
from adjudicator.registry import get_game
from adjudicator.store import GameFolder

GAME = get_game("diplomacy")


def one_phase(folder: GameFolder, phase: str) -> tuple[float, float, int]:
    """Seconds for the map, seconds for context + four formats, characters produced."""
    record, after = files.find_record(folder, GAME, phase)
    t0 = time.perf_counter()
    svg = GAME.map_svg(record["state_before"], record["results"])
    t1 = time.perf_counter()
    context = GAME.report_context(record, after, {"title": "Benchmark", "deadline": "tomorrow"})
    size = sum(len(files.render_context(GAME, context, fmt, None, svg))
               for fmt in reports.FORMATS)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, size


def main(repeats: int = 50) -> None:
    os.environ.setdefault("ADJ_NOW", "2024-03-01T12:00:00Z")
    with tempfile.TemporaryDirectory() as tmp:
        folder = service.play_examples(Path(tmp) / "bench", "diplomacy", log=lambda *_: None)
        cold_map, cold_text, size = one_phase(folder, "F1901M")
        maps, texts = [], []
        for _ in range(repeats):
            m, t, _ = one_phase(folder, "F1901M")
            maps.append(m)
            texts.append(t)
        has_map = GAME.map_svg(folder.read_state()) is not None
    print(f"reports F1901M: first run {1000 * (cold_map + cold_text):.1f} ms")
    print(f"reports F1901M: context + text/bbcode/markdown/html: "
          f"median {1000 * statistics.median(texts):.2f} ms over {repeats} runs "
          f"({size} characters)")
    if not has_map:
        print("reports F1901M: map renderer not available (no map timed)")
    else:
        print(f"reports F1901M: map SVG median {1000 * statistics.median(maps):.2f} ms")
    total = statistics.median([m + t for m, t in zip(maps, texts)])
    print(f"reports F1901M: all formats plus map: median {1000 * total:.2f} ms per phase")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
