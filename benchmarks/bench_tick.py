"""``adj tick`` over a judge folder full of idle games.

Run: ``python benchmarks/bench_tick.py [GAMES]`` (default 2,000; the goal of issue 16 is
10,000 games at under 0.5 ms each). One Diplomacy game with deadlines is created and copied
GAMES times into a fresh judge folder; a first tick looks at every game and leaves its idle
note, then the next tick is timed: in process (``tick_judge``) and as the whole command
(CPU time of ``adj tick`` as a child process). Nothing is due in any game.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from adjudicator import service
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.judge import Judge
from adjudicator.desk.tick import tick_judge


def main(games: int = 2000) -> None:
    os.environ["ADJ_NOW"] = "2025-03-01T12:00:00Z"
    with tempfile.TemporaryDirectory() as tmp:
        judge, _ = Judge.init(Path(tmp) / "judge")
        first = service.new_game(judge.game_path("g00000"), "diplomacy")
        configure_new_game(first, ("48h",), None, None, None)
        for i in range(1, games):
            shutil.copytree(first.path, judge.game_path(f"g{i:05d}"))
        t0 = time.perf_counter()
        tick_judge(judge)  # looks at every game once, leaves the idle notes
        t1 = time.perf_counter()
        reports = tick_judge(judge)
        t2 = time.perf_counter()
        assert not any(r.actions for r in reports)
        env = {**os.environ, "ADJ_JUDGE": str(judge.path)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "adjudicator", "tick", "--quiet"], env=env,
                       check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"{games} idle games: first tick {1000 * (t1 - t0) / games:.3f} ms per game "
          f"(leaves the idle notes)")
    print(f"{games} idle games: next tick  {1000 * (t2 - t1) / games:.3f} ms per game "
          f"in process; adj tick command {1000 * cpu:.0f} ms CPU in all, "
          f"{1000 * cpu / games:.3f} ms per game (goal < 0.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
