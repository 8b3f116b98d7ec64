"""The audit log's hash chain and ``adj fsck`` (schema, replay, chain)."""

from __future__ import annotations

import json

from deskutil import order_mail

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.desk.audit import AuditLog, game_audit
from adjudicator.desk.fsck import check_game


def test_chain_links_and_detects_edits(tmp_path):
    log = AuditLog(tmp_path)
    for i in range(5):
        log.append("event", {"i": i})
    assert log.verify() == []
    lines = log.path.read_text().splitlines()
    rec = json.loads(lines[2])
    rec["data"]["i"] = 99
    lines[2] = json.dumps(rec, sort_keys=True)
    log.path.write_text("\n".join(lines) + "\n")
    assert any("hash mismatch" in p for p in log.verify())
    lines = log.path.read_text().splitlines()
    del lines[2]
    log.path.write_text("\n".join(lines) + "\n")
    assert any("chain broken" in p or "seq" in p for p in log.verify())


def test_every_operation_is_audited(desk):
    folder = desk.folder()
    desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n"))
    service.adjudicate(folder, force=True)
    service.rollback(folder, "S1901M")
    events = [r["event"] for r in game_audit(folder.path).records()]
    for e in ("created", "deadline-set", "player-add", "mail-received", "submission",
              "adjudication", "results-mailed", "rollback"):
        assert e in events, e
    sub = next(r for r in game_audit(folder.path).records() if r["event"] == "submission")
    assert sub["data"]["source"].startswith("mail:<") and len(sub["data"]["sha256"]) == 64
    assert check_game(folder) == {"schema": [], "replay": [], "audit": []}


def test_fsck_cli_reports_each_kind_of_problem(desk, monkeypatch):
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    runner = CliRunner()
    assert runner.invoke(main, ["fsck", "g1"]).exit_code == 0
    assert runner.invoke(main, ["fsck", str(desk.judge.path)]).exit_code == 0
    folder = desk.folder()
    log = game_audit(folder.path)
    text = log.path.read_text().replace('"player-add"', '"player-gone"', 1)
    log.path.write_text(text)
    res = runner.invoke(main, ["fsck", "g1", "--json"])
    assert res.exit_code == 1
    assert any("hash mismatch" in p for p in json.loads(res.output)["problems"])
    state = json.loads((folder.path / "game.json").read_text())
    del state["players"]
    (folder.path / "game.json").write_text(json.dumps(state))
    res = runner.invoke(main, ["fsck", str(folder.path), "--json"])
    problems = json.loads(res.output)["problems"]
    assert any("missing field 'players'" in p for p in problems)


def test_fsck_detects_replay_mismatch(desk):
    folder = desk.folder()
    service.adjudicate(folder, force=True)
    state = json.loads((folder.path / "game.json").read_text())
    state["units"] = state["units"][1:]
    (folder.path / "game.json").write_text(json.dumps(state))
    assert check_game(folder)["replay"]
