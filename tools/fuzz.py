"""Deep fuzzing of everything that reads untrusted text: ``python tools/fuzz.py [EXAMPLES]``.

The test suite runs the same properties with a few hundred examples each
(``tests/test_fuzz.py``); this runs them with many more (default 20,000 per target) and
prints how many inputs each target took and how long, so a release can say "tens of
thousands of inputs per parser found no crash and no stall". A failure prints the smallest
input hypothesis found; it belongs in the tests as a regression case.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import test_fuzz
from hypothesis import HealthCheck, given, settings


def main(examples: int = 20000) -> int:
    failed = 0
    for name, prop, strategy in test_fuzz.TARGETS:
        runner = settings(max_examples=examples, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))(given(strategy)(prop))
        start = time.perf_counter()
        try:
            runner()
            status = "ok"
        except Exception as exc:  # noqa: BLE001 - report and go on with the next target
            failed += 1
            status = f"FAILED: {exc!r}"[:400]
        print(f"{name:<28} {examples:>7} inputs  {time.perf_counter() - start:7.1f} s  "
              f"{status}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000))
