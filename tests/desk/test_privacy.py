"""Who may read a judge folder (issue 17, docs/integrity.md "Who may read a game"): nobody
but its owner. Pending orders, the mail archive, the quarantine, the seen markers, the
outbox with its Bcc lists, what was sent and what failed, the throttle state: every file
0600, every folder 0700, whatever the umask.

The run below is a realistic one under the most open umask (0), so only explicit modes
protect anything: mail in (orders, a wrong password, a cooling-off and its notice, mail for
no game, a bounce, a refused message, a duplicate), ``adj tick`` (a reminder, then the
deadline: adjudication, reports, the map, the results mail to everyone in Bcc), and delivery
through an SMTP stand-in that refuses one message for good (``outbox/sent/`` and
``outbox/failed/``). Then every path in the folder is checked.
"""

from __future__ import annotations

import os
import smtplib
import stat
from pathlib import Path

import pytest
from deskutil import make_mail, order_mail

from adjudicator import service
from adjudicator.desk import outbox
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.fsck import check_judge, check_judge_privacy
from adjudicator.desk.intake import ingest_many
from adjudicator.desk.judge import Judge
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_judge
from adjudicator.store import atomic_write, canonical_json

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")


class FakeSMTP:
    """Accepts everything but mail to dead@example.net, which it refuses for good."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def starttls(self, **kw):
        pass

    def login(self, *a):
        pass

    def send_message(self, msg, to_addrs):
        if to_addrs == ["dead@example.net"]:
            raise smtplib.SMTPRecipientsRefused({"dead@example.net": (550, b"no such user")})
        return {}


@pytest.fixture
def open_umask():
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def open_paths(root: Path) -> list[str]:
    return [f"{p.relative_to(root)} {stat.filemode(p.stat().st_mode)}"
            for p in [root, *root.rglob("*")]
            if not p.is_symlink() and p.stat().st_mode & 0o077]


def test_a_judge_folder_stays_private_through_a_realistic_run(tmp_path, clock, open_umask,
                                                               monkeypatch):
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    judge, _mod = Judge.init(tmp_path / "judge", moderator_email="mod@example.org",
                             judge_address="judge@example.org")
    folder = service.new_game(judge.game_path("g1"), "diplomacy")
    configure_new_game(folder, ("48h",), None, None, None)
    with folder.lock():
        roster = Roster(folder)
        tokens = {p: roster.set_player(p, f"{p.lower()}@example.org", "add")
                  for p in ("France", "Germany", "England")}
        roster.add_observer("dead@example.net")

    orders = order_mail("g1", "France", tokens["France"], "A Par - Bur\nF Bre - Mao\n",
                        sender="france@example.org")
    mails = [
        orders,
        order_mail("g1", "Germany", tokens["Germany"], "PHASE F1901M\nA Mun H\n",
                   sender="germany@example.org"),  # orders sent ahead
        *[order_mail("g1", "England", "guess-1234", "F Lon H\n", sender=f"e{i}@evil.example")
          for i in range(5)],  # a cooling-off, and its notice to england@
        make_mail("hello, is this the judge?", sender="stranger@example.net"),
        make_mail("GAME g1\nSTATUS\n", sender="dead@example.net"),  # its reply will fail
        make_mail("Delivery failed", subject="Undeliverable: [g1] Results",
                  sender="mailer-daemon@example.net"),
        make_mail("A Par H\n" * 40000, sender="big@example.net"),  # refused: quarantine
        orders,  # a duplicate
    ]
    ingest_many(judge, [m.as_bytes() for m in mails], "test")
    clock("2025-03-03T01:00:00Z")
    tick_judge(judge)  # the reminder
    clock("2025-03-03T12:00:01Z")
    reports = tick_judge(judge)  # the deadline: adjudication, reports, map, results mail
    assert any(a.startswith("adjudicated") for r in reports for a in r.actions), reports

    monkeypatch.setattr(outbox, "_connect_smtp", lambda cfg: FakeSMTP())
    config = judge.config
    config["smtp"]["host"] = "smtp.example.org"
    atomic_write(judge.path / "judge.json", canonical_json(config))
    sent = outbox.flush(judge)
    assert sent and not outbox.pending(judge)

    root = judge.path
    for sub in ("mail/seen", "mail/unmatched", "mail/automatic", "mail/quarantine",
                "outbox/sent", "outbox/failed", "desk", "games/g1/desk/inbox",
                "games/g1/orders/S1901M", "games/g1/orders/F1901M", "games/g1/reports"):
        assert (root / sub).is_dir(), sub
    assert list((root / "outbox" / "failed").glob("*.eml"))
    assert (root / "desk" / "throttle.json").is_file()
    assert list(root.rglob("map.png"))
    assert open_paths(root) == []
    assert check_judge_privacy(judge) == []
    assert not any("other users" in p for checks in check_judge(judge).values()
                   for ps in checks.values() for p in ps)


def test_fsck_finds_an_open_judge_folder(desk):
    (desk.judge.path / "outbox" / "failed").mkdir(mode=0o755)
    os.chmod(desk.judge.path / "outbox" / "failed", 0o755)
    [problem] = check_judge_privacy(desk.judge)
    assert "outbox/failed" in problem and "chmod -R go-rwx" in problem
