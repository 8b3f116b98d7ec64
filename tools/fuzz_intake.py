"""Hostile mail through the whole intake, at scale: ``python tools/fuzz_intake.py [N] [SEED]``.

``tests/desk/test_hostile_mail.py`` sends a few hundred generated hostile messages (deep
nesting, many parts, bad charsets and base64, bogus transfer encodings, header injection,
huge headers, NUL bytes, no From, a registered player's address without the password...)
through the real intake in one batch; this sends N of them (default 5,000) to a fresh judge
in a temporary folder and prints how many ran, how long they took (the slowest too), what
became of them, and any message that escaped the guard or changed a game. Exit code 1 on a
failure.
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "desk"))

os.environ.setdefault("ADJ_NOW", "2025-03-01T12:00:00Z")

import test_hostile_mail

from adjudicator import service
from adjudicator.desk import players
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.intake import Intake
from adjudicator.desk.judge import Judge


def main(n: int = 5000, seed: int = 17) -> int:
    players.SCRYPT_N = 2**8  # as in the tests: the cost is not what is being fuzzed
    with tempfile.TemporaryDirectory() as tmp:
        judge, _ = Judge.init(Path(tmp) / "judge", moderator_email="mod@example.org",
                              judge_address="judge@example.org")
        for name in ("g1", "g2"):
            folder = service.new_game(judge.game_path(name), "diplomacy")
            configure_new_game(folder, ("48h",), None, None, None)
            with folder.lock():
                roster = players.Roster(folder)
                for power in ("France", "Germany", "England"):
                    roster.set_player(power, f"{power.lower()}@example.org", "add")
        games = judge.path / "games"

        def state() -> str:
            return hashlib.sha256(b"".join(
                p.read_bytes() for p in sorted(games.rglob("*"))
                if p.is_file() and "inbox" not in p.parts and p.name != "audit.jsonl"
                and p.suffix != ".lock")).hexdigest()

        before = state()
        intake = Intake(judge)
        statuses: collections.Counter[str] = collections.Counter()
        slowest: list[tuple[float, int, str]] = []
        failures = 0
        start = time.perf_counter()
        for i, raw in enumerate(test_hostile_mail.hostile_mails(random.Random(seed), n)):
            t0 = time.perf_counter()
            try:
                out = intake.ingest(raw, "fuzz")
            except BaseException as exc:  # noqa: BLE001 - exactly what must never happen
                failures += 1
                print(f"message {i}: escaped the guard: {exc!r}", flush=True)
                continue
            took = time.perf_counter() - t0
            slowest = sorted([*slowest, (took, i, out.status)], reverse=True)[:5]
            statuses[out.status] += 1
            h = hashlib.sha256(out.message_id.encode("utf-8", "replace")).hexdigest()
            marker = judge.path / "mail" / "seen" / f"{h}.json"
            if json.loads(marker.read_text()).get("status") in (None, "processing"):
                failures += 1
                print(f"message {i}: not marked seen", flush=True)
            if out.status == "error":
                failures += 1
                print(f"message {i}: internal error: {out.detail}", flush=True)
        elapsed = time.perf_counter() - start
        if state() != before:
            failures += 1
            print("a game changed although no message carried a valid password")
        print(f"{n} hostile mails in {elapsed:.1f} s ({1000 * elapsed / max(n, 1):.1f} ms each); "
              + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
        print("slowest: " + ", ".join(f"#{i} {s} {t:.2f} s" for t, i, s in slowest))
    print("ok" if not failures else f"{failures} FAILURES")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(*(int(a) for a in sys.argv[1:3])))
