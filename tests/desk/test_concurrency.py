"""Mail intake and ``adj tick`` in parallel processes on one game: no lost or doubled
submission, no phase resolved twice."""

from __future__ import annotations

import json
import multiprocessing
import os

from deskutil import order_mail

from adjudicator.desk.intake import Intake
from adjudicator.desk.judge import Judge
from adjudicator.desk.tick import tick_judge


def _ingest(judge_path: str, raws: list[bytes]) -> None:
    intake = Intake(Judge(judge_path))
    for raw in raws:
        intake.ingest(raw, "proc")


def _tick(judge_path: str, n: int) -> None:
    for _ in range(n):
        tick_judge(Judge(judge_path))


def test_ingest_and_tick_in_parallel(desk, clock):
    clock("2025-03-03T12:00:01Z")  # deadline passed: tick forces whatever phase is current
    tok = desk.tokens["g1"]
    raws = []
    for i in range(12):
        power = ("France", "Germany", "England")[i % 3]
        orders = {"France": "A Par H\n", "Germany": "A Ber H\n", "England": "F Lon H\n"}[power]
        raws.append(order_mail("g1", power, tok[power], orders,
                               msgid=f"<m{i}@x>").as_bytes())
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_ingest, args=(str(desk.judge.path), raws[0::2] + raws[:3])),
             ctx.Process(target=_ingest, args=(str(desk.judge.path), raws[1::2] + raws[:3])),
             ctx.Process(target=_tick, args=(str(desk.judge.path), 3)),
             ctx.Process(target=_tick, args=(str(desk.judge.path), 3))]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    folder = desk.folder()
    # every message was submitted exactly once, in whichever phase was current then
    sources = []
    for meta in (folder.path / "orders").rglob("*.json"):
        sources.append(json.loads(meta.read_text())["source"])
    assert sorted(sources) == sorted(f"mail:<m{i}@x>" for i in range(12))
    # each phase was resolved once; the history replays
    phases = [h["phase"] for h in folder.history()]
    assert len(phases) == len(set(phases)) and phases
    from adjudicator.desk.fsck import check_game

    assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
    seen = os.listdir(desk.judge.path / "mail" / "seen")
    assert len(seen) == 12
