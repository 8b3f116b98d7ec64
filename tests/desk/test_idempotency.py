"""Ingest is idempotent across a crash: a process killed between storing a submission and
marking its Message-ID seen must not make the next ingest store it again."""

from __future__ import annotations

import email.policy

import pytest
from deskutil import make_mail, order_mail

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.fsck import check_judge
from adjudicator.desk.intake import Intake


class Crash(BaseException):
    """Stands for the process being killed: not an Exception, so nothing catches it."""


def crash_once(monkeypatch, owner, name: str, after: bool = True) -> None:
    """Make ``owner.name`` die once: after doing its work (``after``) or before."""
    original = getattr(owner, name)
    calls = {"n": 0}

    def wrapper(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > 1:
            return original(*args, **kwargs)
        if not after:
            raise Crash(name)
        original(*args, **kwargs)
        raise Crash(name)

    monkeypatch.setattr(owner, name, wrapper)


def versions(folder, phase="S1901M"):
    return sorted(p.name for p in (folder.path / "orders" / phase).glob("*.json"))


def test_crash_after_the_submission_is_stored(desk, monkeypatch):
    folder = desk.folder()
    msg = order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n",
                     msgid="<crash@fr>")
    crash_once(monkeypatch, Intake, "_note_late")  # runs right after the submission is stored
    with pytest.raises(Crash):
        desk.ingest(msg)
    assert versions(folder) == ["France-1.json"] and desk.outbox() == []
    assert any("interrupted" in p for p in check_judge(desk.judge)["judge"]["mail"])

    again = desk.ingest(msg)  # the next run recovers: no second version, the reply is sent
    assert again.status == "accepted" and again.detail == "submission 1"
    assert versions(folder) == ["France-1.json"]
    assert len(desk.replies_to("alice@example.org")) == 1
    assert check_judge(desk.judge)["judge"]["mail"] == []
    assert desk.ingest(msg).status == "duplicate"
    assert versions(folder) == ["France-1.json"]
    # verbatim archive kept once; the audit says what happened
    [archived] = (folder.path / "desk" / "inbox").glob("*.eml")
    assert archived.read_bytes() == msg.as_bytes(policy=email.policy.SMTP)  # verbatim
    events = [r["event"] for r in game_audit(folder.path).records()]
    assert events.count("submission") == 1 and "mail-recovered" in events
    assert "mail-recovery" in [r["event"] for r in desk.judge.audit().records()]


def test_crash_before_anything_is_stored(desk, monkeypatch):
    msg = order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n")
    crash_once(monkeypatch, service, "submit_orders", after=False)
    with pytest.raises(Crash):
        desk.ingest(msg)
    assert not (desk.folder().path / "orders" / "S1901M").exists()
    assert desk.ingest(msg).status == "accepted"
    assert versions(desk.folder()) == ["France-1.json"]


def test_crash_after_orders_sent_ahead_are_stored(desk, monkeypatch):
    msg = order_mail("g1", "France", desk.tokens["g1"]["France"], "PHASE F1901M\nA Bur - Mun\n")
    crash_once(monkeypatch, service, "syntax_acknowledgement")  # right after folder.submit
    with pytest.raises(Crash):
        desk.ingest(msg)
    assert desk.ingest(msg).status == "accepted-ahead"
    assert versions(desk.folder(), "F1901M") == ["France-1.json"]


def test_a_moderator_command_is_never_run_twice(desk, monkeypatch):
    msg = make_mail(f"GAME g1\nMODERATOR {desk.moderator}\nPROCESS\n", msgid="<proc@mod>")
    crash_once(monkeypatch, service, "adjudicate")
    with pytest.raises(Crash):
        desk.ingest(msg)
    assert desk.folder().read_state()["phase"] == "F1901M"
    again = desk.ingest(msg)
    assert again.status == "rejected" and "not run a second time" in again.detail
    assert desk.folder().read_state()["phase"] == "F1901M"  # F1901M was not resolved too
    assert len(desk.folder().history()) == 1
