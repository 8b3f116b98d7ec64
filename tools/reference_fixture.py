"""Record phases played by the ``diplomacy`` package into the differential test fixture.

    python tools/reference_fixture.py [GAMES] [MAX_PHASES] [SEED]

Writes ``tests/diplomacy/data/reference_phases.json.gz``, which
``tests/diplomacy/test_reference_engine.py`` replays through this project's parser and
engine. Rerun it to refresh or widen the fixture; the same arguments give the same file.
A new fixture may hold phases where the engines disagree: examine each against the DATC
and the rules before listing it in the test's ``REFERENCE_ERRORS`` (the package has
known errors; so might we).

The ``diplomacy`` package (the reference Python engine research bots use) lives only in the
benchmark's virtual environment, ``benchmarks/.ref-venv`` (created by
``benchmarks/bench_vs_diplomacy_package.py`` on its first run, which needs PyPI; the tests
never need it, nor the network). There ``benchmarks/reference/diplomacy_package_record.py``
plays random games (biased towards whole convoys and strong attacks, so units are carried
and dislodged) and records every movement and retreat phase: the position, the orders as
the package writes them, and what the package made of them. Each fixture entry keeps::

    {"id": "g3 F1905M", "phase": "F1905M",
     "units": {"FRANCE": ["A PAR", ...]},         # "*F SEV": dislodged (retreat phases)
     "retreats": {"RUSSIA": {"F SEV": ["BLA"]}},  # retreat phases: the package's options
     "orders": {"FRANCE": ["A PAR - BUR", ...]},
     "after": {"FRANCE": ["A BUR", ...]},          # units after the phase ("*": dislodged)
     "dislodged": {"RUSSIA": {"F SEV": ["BLA"]}}}  # movement: dislodged -> retreat options
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_vs_diplomacy_package import reference_python

RECORDER = ROOT / "benchmarks" / "reference" / "diplomacy_package_record.py"
FIXTURE = ROOT / "tests" / "diplomacy" / "data" / "reference_phases.json.gz"


def record(games: int, max_phases: int, seed: int) -> list[dict]:
    py = reference_python()
    if py is None:
        raise SystemExit("the diplomacy package could not be installed: no fixture written")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "phases.json"
        # A fixed hash seed as well: the package iterates over sets of strings.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run([str(py), str(RECORDER), str(games), str(max_phases), str(seed),
                        str(out)], check=True, env=env)
        raw = json.loads(out.read_text(encoding="utf-8"))
    fixture = []
    for e in raw:
        entry = {"id": f"g{e['game']} {e['phase']}", "phase": e["phase"], "units": e["units"],
                 "orders": e["orders"], "after": e["units_after"]}
        if e["phase"].endswith("R"):
            entry["retreats"] = e["retreats"]
        else:
            entry["dislodged"] = e["retreats_after"]
        fixture.append(entry)
    return fixture


def write(fixture: list[dict], path: Path = FIXTURE) -> None:
    """Compact, reproducible gzip: no timestamp in the header, sorted keys, no spaces."""
    text = json.dumps(fixture, sort_keys=True, separators=(",", ":"))
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                                  filename="") as fh:
        fh.write(text.encode("utf-8"))


def main(games: int = 24, max_phases: int = 40, seed: int = 16) -> None:
    fixture = record(games, max_phases, seed)
    write(fixture)
    movement = sum(e["phase"].endswith("M") for e in fixture)
    convoys = sum(any(" C " in o for os in e["orders"].values() for o in os) for e in fixture)
    print(f"{FIXTURE.relative_to(ROOT)}: {movement} movement and {len(fixture) - movement} "
          f"retreat phases ({convoys} with convoy orders), {FIXTURE.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:4]])
