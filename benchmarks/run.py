"""Run every benchmark: ``python benchmarks/run.py`` (or name some: ``... run.py diplomacy``).

Each ``bench_*.py`` here is a standalone script that prints its own figures. Timings are
measured, never asserted: the test suite holds no timing checks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if any(n in s.stem for n in names)]
    status = 0
    for script in scripts:
        print(f"== {script.stem}", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
