"""Kill an operation at every step, then check nothing is left half done.

A child process runs one operation (submitting orders, adjudicating, rolling back, a tick)
with the file system calls that make up its steps (``os.replace``, ``os.fsync``,
``os.write``, ``os.unlink``) counted, and dies at the N-th one, as a power cut would leave
it; N runs from 1 until the operation completes. After each death the next locked
operation completes or abandons the transition (``service.recover``), and the game must
then be whole: ``adj fsck`` finds nothing, and every side effect (history, ``game.json``,
reports, audit entries, the schedule, the results mail) happened exactly once, or not at
all.
"""

from __future__ import annotations

import email
import email.policy
import multiprocessing
import os
import shutil
from pathlib import Path

import pytest
from deskutil import order_mail

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.deadlines import load_schedule
from adjudicator.desk.fsck import check_game
from adjudicator.desk.judge import Judge
from adjudicator.store import GameFolder

STEPS = ("replace", "fsync", "write", "unlink")
KILLED = 137


def _die_at(n: int, operation, *args) -> None:
    """In the child: count the step calls, exit without cleanup at the ``n``-th."""
    calls = [0]
    for name in STEPS:
        real = getattr(os, name)

        def step(*a, _real=real, **k):
            calls[0] += 1
            if calls[0] == n:
                os._exit(KILLED)
            return _real(*a, **k)
        setattr(os, name, step)
    operation(*args)
    os._exit(0)


def kill_at_every_step(operation, args, check, limit: int = 400) -> int:
    """Run ``operation(*args)`` killed at step 1, 2, ... and ``check(killed)`` after each
    recovery; returns how many kill points there were."""
    ctx = multiprocessing.get_context("fork")
    for n in range(1, limit):
        proc = ctx.Process(target=_die_at, args=(n, operation, *args))
        proc.start()
        proc.join(60)
        assert proc.exitcode in (0, KILLED), proc.exitcode
        check(proc.exitcode == KILLED)
        if proc.exitcode == 0:
            return n - 1
    raise AssertionError("the operation never completed")


def _recover(folder: GameFolder) -> None:
    """The next locked operation (any of them) completes what was interrupted."""
    game = service.game_of(folder)
    with folder.lock():
        service.current_state(folder, game)


def _mails(judge: Judge, subject: str) -> int:
    out = 0
    for sub in ("", "sent", "failed"):
        for p in (judge.outbox / sub).glob("*.eml"):
            msg = email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
            out += str(msg["Subject"]) == subject
    return out


def _events(folder: GameFolder, event: str, **match) -> int:
    return sum(1 for r in game_audit(folder.path).records() if r["event"] == event
               and all(r["data"].get(k) == v for k, v in match.items()))


@pytest.fixture
def template(desk, tmp_path) -> Path:
    """g1 with every power but France ordered (France's orders come by mail below)."""
    folder = desk.folder("g1")
    for power in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey"):
        service.submit_orders(folder, power, "# all hold\n")
    shutil.copytree(desk.judge.path, tmp_path / "template")
    return tmp_path / "template"


def _fresh(desk, template: Path) -> GameFolder:
    shutil.rmtree(desk.judge.path)
    shutil.copytree(template, desk.judge.path)
    return desk.folder("g1")


def _adjudicate(path: str) -> None:
    service.adjudicate(GameFolder(path), force=True)


def test_an_adjudication_killed_at_any_step_is_completed_exactly_once(desk, template):
    def check(killed: bool) -> None:
        folder = desk.folder("g1")
        _recover(folder)
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        done = len(folder.history()) == 1
        assert folder.read_state()["phase"] == ("F1901M" if done else "S1901M")
        assert (folder.path / "reports" / "S1901M" / "report.txt").exists() == done
        assert (folder.path / "reports" / "S1901M" / "map.svg").exists() == done
        assert _events(folder, "adjudication", seq=1) == int(done)
        assert load_schedule(folder)["phase"] == folder.read_state()["phase"]
        assert _mails(desk.judge, "[g1] Results S1901M") == int(done)
        assert not folder.journal() and not folder.stray_temporary_files()
        _fresh(desk, template)

    _fresh(desk, template)
    points = kill_at_every_step(_adjudicate, (str(desk.folder("g1").path),), check)
    assert points > 20  # the harness really reached the later steps


def _submit(path: str) -> None:
    service.submit_orders(GameFolder(path), "France", "A Par - Bur\n")


def test_a_submission_killed_at_any_step_is_whole_or_absent(desk, template):
    def check(killed: bool) -> None:
        folder = desk.folder("g1")
        _recover(folder)
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        stored = folder.latest_submissions("S1901M").get("France")
        txt = sorted((folder.path / "orders" / "S1901M").glob("France-*"))
        assert [p.suffix for p in txt] == ([".json", ".txt"] if stored else [])
        assert _events(folder, "submission", power="France") == int(stored is not None)
        assert not folder.journal() and not folder.stray_temporary_files()
        _fresh(desk, template)

    _fresh(desk, template)
    assert kill_at_every_step(_submit, (str(desk.folder("g1").path),), check) > 3


def _rollback(path: str) -> None:
    service.rollback(GameFolder(path), "S1901M")


def test_a_rollback_killed_at_any_step_is_whole_or_not_begun(desk, template, tmp_path):
    folder = _fresh(desk, template)
    service.adjudicate(folder, force=True)
    resolved = tmp_path / "resolved"
    shutil.copytree(desk.judge.path, resolved)

    def check(killed: bool) -> None:
        folder = desk.folder("g1")
        _recover(folder)
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        undone = not folder.history()
        assert folder.read_state()["phase"] == ("S1901M" if undone else "F1901M")
        assert _events(folder, "rollback", phase="S1901M") == int(undone)
        assert not folder.journal() and not folder.stray_temporary_files()
        _fresh(desk, resolved)

    assert kill_at_every_step(_rollback, (str(folder.path),), check) > 3


def _tick(judge: str) -> None:
    from adjudicator.desk.tick import tick_judge

    tick_judge(Judge(Path(judge)))


def test_a_tick_killed_at_any_step_leaves_every_game_whole(desk, template, clock):
    clock("2025-03-03T13:00:00Z")  # past the deadline of both games: both are processed

    def check(killed: bool) -> None:
        for name in ("g1", "g2"):
            folder = desk.folder(name)
            _recover(folder)
            assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
            done = len(folder.history()) == 1
            assert _mails(desk.judge, f"[{name}] Results S1901M") == int(done)
            assert not folder.journal()
        _fresh(desk, template)

    _fresh(desk, template)
    assert kill_at_every_step(_tick, (str(desk.judge.path),), check, limit=800) > 20


def test_a_mail_ingest_keeps_its_guarantees_when_killed(desk, template):
    """Mail intake has its own recovery (Message-ID markers); with the journal underneath,
    a killed ingest still stores the orders once and answers once."""
    mail = order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n",
                      msgid="<crash@fr>")

    def ingest(judge: str) -> None:
        from adjudicator.desk.intake import Intake

        Intake(Judge(Path(judge))).ingest(mail.as_bytes(policy=email.policy.SMTP), "test")

    def check(killed: bool) -> None:
        ingest(str(desk.judge.path))  # the mail arrives again (an IMAP poll repeats it)
        folder = desk.folder("g1")
        _recover(folder)  # and the next tick comes
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        assert folder.latest_submissions("S1901M")["France"].version == 1
        _fresh(desk, template)

    _fresh(desk, template)
    kill_at_every_step(ingest, (str(desk.judge.path),), check)


def test_a_reminder_killed_at_any_step_goes_out_exactly_once(desk, template, clock):
    clock("2025-03-03T01:00:00Z")  # 11h before the deadline: reminders, no adjudication
    subject = "[g1] Reminder: orders due Monday 3 March 2025, 12:00 UTC"

    def check(killed: bool) -> None:
        _tick(str(desk.judge.path))  # the next tick completes what was cut
        folder = desk.folder("g1")
        assert _mails(desk.judge, subject) == 1
        assert _events(folder, "reminder", phase="S1901M") == 1
        assert load_schedule(folder)["reminded"] is True
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        _fresh(desk, template)

    _fresh(desk, template)
    assert kill_at_every_step(_tick, (str(desk.judge.path),), check) > 5


def test_orders_ahead_set_aside_by_an_adjudication_killed_at_any_step(desk, template,
                                                                    tmp_path):
    """France sent orders ahead for F1901M twice, the second time builds only: when F1901M
    begins they are set aside and the first stand again. Killed anywhere, the adjudication
    is completed with that decided once, France told once, and the audit saying so once."""
    folder = _fresh(desk, template)
    service.submit_orders(folder, "France", "A Mar - Spa\n", phase="F1901M")
    service.submit_orders(folder, "France", "Build A Par\n", phase="F1901M")
    ahead = tmp_path / "ahead"
    shutil.copytree(desk.judge.path, ahead)

    def check(killed: bool) -> None:
        folder = desk.folder("g1")
        _recover(folder)
        assert check_game(folder) == {"schema": [], "replay": [], "audit": []}
        done = len(folder.history()) == 1
        assert folder.latest_submissions("F1901M")["France"].version == (1 if done else 2)
        second = [s for s in folder.submissions("F1901M", "France") if s.version == 2]
        assert [s.set_aside is not None for s in second] == [done]
        subject = "[g1 France] Orders for F1901M checked"
        assert _mails(desk.judge, subject) == int(done)
        for p in desk.judge.outbox.glob("*.eml"):
            msg = email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
            if str(msg["Subject"]) == subject:  # what was set aside is said, however cut
                assert "Your submission 2 for F1901M does not count" in \
                    msg.get_body(("plain",)).get_content()
        assert _events(folder, "orders-ahead-checked", power="France", version=1,
                       set_aside=[2]) == int(done)
        assert not folder.journal() and not folder.stray_temporary_files()
        _fresh(desk, ahead)

    _fresh(desk, ahead)
    assert kill_at_every_step(_adjudicate, (str(desk.folder("g1").path),), check) > 20
