"""What stops a stranger from using the judge against its players (issue 17): password
guessing is throttled per power and per address with a cooling-off, the player is told
(once per period), failures are answered at most once per address and period
(backscatter), and each message costs at most two scrypt runs. See desk/abuse.py and
docs/moderator-desk.md ("Abuse")."""

from __future__ import annotations

import json
import os
import stat

import pytest
from deskutil import body_of, make_mail, order_mail, recipients

from adjudicator.desk import abuse
from adjudicator.desk.audit import game_audit

PERIOD_LATER = "2025-03-01T13:00:01Z"  # T0 + an hour and a second: every period is over


@pytest.fixture
def hashes(monkeypatch):
    """How many scrypt runs the judge makes (every password check is one)."""
    from adjudicator.desk import players

    calls = []
    real = players._derive

    def counting(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(players, "_derive", counting)
    return calls


def guess(desk, power="France", sender="eve@evil.example", password="not-the-password",
          game="g1"):
    return desk.ingest(order_mail(game, power, password, "A Par - Bur\n", sender=sender))


def notices(desk, power="France"):
    return [m for m in desk.outbox() if f"Wrong passwords for {power}" in str(m["Subject"])]


def test_five_wrong_passwords_start_a_cooling_off_without_any_check(desk, hashes):
    for i in range(5):
        out = guess(desk, sender=f"guesser{i}@evil.example")  # five addresses: per power
        assert out.status == "denied" and "does not match France" in out.detail
    assert len(hashes) == 5
    # the real player, with the right password: refused, and nothing is hashed
    hashes.clear()
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "A Par - Bur\n"))
    assert out.status == "denied" and hashes == []
    assert "too many wrong passwords for France" in out.detail
    assert "not checked until 2025-03-01T13:00:00Z" in out.detail
    # ... told when to retry, in the reply
    [reply] = desk.replies_to("alice@example.org")[-1:]
    assert "try again after that" in body_of(reply)
    # other powers are not affected
    out = desk.ingest(order_mail("g1", "Germany", desk.tokens["g1"]["Germany"], "A Ber H\n"))
    assert out.status == "accepted"
    events = [r["event"] for r in game_audit(desk.folder().path).records()]
    assert events.count("auth-throttled") == 1 and events.count("auth-failed") == 6


def test_the_cooling_off_ends_by_the_clock(desk, clock):
    for i in range(5):
        guess(desk, sender=f"guesser{i}@evil.example")
    tok = desk.tokens["g1"]["France"]
    clock("2025-03-01T12:59:59Z")
    assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).status == "denied"
    clock("2025-03-01T13:00:00Z")
    assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).status == "accepted"


def test_a_right_password_clears_the_count(desk):
    tok = desk.tokens["g1"]["France"]
    for _round in range(3):
        for i in range(4):
            guess(desk, sender=f"guesser{i}@evil.example")
        assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).status == "accepted"
    assert notices(desk) == []


def test_the_player_is_told_once_per_period_not_per_failure(desk, clock):
    for i in range(5):
        guess(desk, sender=f"guesser{i}@evil.example")
    [notice] = notices(desk)
    assert recipients(notice) == ["alice@example.org"]  # France's registered player only
    assert str(notice["Subject"]) == "[g1 France] Wrong passwords for France"
    text = body_of(notice)
    assert "5 messages with a wrong password for France in game g1" in text
    assert "not-the-password" not in text and desk.tokens["g1"]["France"] not in text
    # more guesses while cooling off, and a second cooling-off in the same period: no mail
    for i in range(5):
        guess(desk, sender=f"more{i}@evil.example")
    clock("2025-03-01T12:59:00Z")
    for i in range(5):
        guess(desk, sender=f"again{i}@evil.example")
    assert len(notices(desk)) == 1
    # the next period: told again
    clock("2025-03-01T14:30:00Z")
    for i in range(5):
        guess(desk, sender=f"later{i}@evil.example")
    assert len(notices(desk)) == 2


def test_one_address_guessing_at_many_powers_is_stopped(desk, hashes):
    for power in ("France", "Germany", "England", "France", "Germany"):
        guess(desk, power=power, sender="eve@evil.example")
    assert len(hashes) == 5
    hashes.clear()
    # even the right password (say Eve found England's) is not checked from this address
    out = desk.ingest(order_mail("g1", "England", desk.tokens["g1"]["England"], "F Lon H\n",
                                 sender="eve@evil.example"))
    assert out.status == "denied" and "from eve@evil.example" in out.detail and hashes == []
    # the players themselves are not affected (no power reached five)
    out = desk.ingest(order_mail("g1", "England", desk.tokens["g1"]["England"], "F Lon H\n",
                                 sender="bob@example.org"))
    assert out.status == "accepted"
    judge_events = [r["event"] for r in desk.judge.audit().records()]
    assert judge_events.count("auth-throttled") == 1


def test_failures_are_answered_once_per_address_and_period(desk, clock):
    """Backscatter: a forged sender cannot make the judge mail its victim over and over."""
    for _ in range(10):
        guess(desk, sender="victim@example.net")
    for _ in range(3):  # a message naming no game, a moderator command, a refused one
        desk.ingest(make_mail("hello", sender="victim@example.net"))
        desk.ingest(make_mail("GAME g1\nPAUSE\n", sender="victim@example.net"))
    assert len(desk.replies_to("victim@example.net")) == 1
    first = body_of(desk.replies_to("victim@example.net")[0])
    assert "not answered for an hour" in first
    # every one of them is still logged (and kept in the game's inbox)
    failed = [r for r in game_audit(desk.folder().path).records() if r["event"] == "auth-failed"]
    assert len(failed) >= 10
    assert len(list((desk.folder().path / "desk" / "inbox").glob("*.eml"))) >= 10
    out = guess(desk, sender="victim@example.net")
    assert "not answered" in out.detail and out.reply is None
    clock(PERIOD_LATER)
    desk.ingest(make_mail("hello", sender="victim@example.net"))
    assert len(desk.replies_to("victim@example.net")) == 2


def test_accepted_mail_and_status_replies_are_always_answered(desk):
    tok = desk.tokens["g1"]["France"]
    guess(desk, sender="alice@example.org")  # one failure, answered
    for _ in range(3):
        assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).reply
        assert desk.ingest(make_mail("GAME g1\nSTATUS\n")).reply


def test_each_message_costs_at_most_two_scrypt_runs(desk, hashes):
    t = desk.tokens["g1"]
    body = "".join(f"POWER {p}\nPASSWORD wrong-{i}\nA Par H\n\n"
                   for i, p in enumerate(["France", "Germany", "England"] * 3))
    out = desk.ingest(make_mail("GAME g1\n" + body, sender="eve@evil.example"))
    assert out.status == "denied" and len(hashes) == 2
    assert "at most 2 passwords are checked per message" in out.detail
    # one power ordered twice (orders sent ahead in the same mail) is verified once
    hashes.clear()
    ahead = (f"GAME g1\nPOWER France\nPASSWORD {t['France']}\nA Par H\nPHASE F1901M\nA Par H\n"
             f"POWER Germany\nPASSWORD {t['Germany']}\nA Ber H\n")
    out = desk.ingest(make_mail(ahead))
    assert out.status == "accepted" and len(out.sections) == 3 and len(hashes) == 2


def test_a_password_without_a_power_costs_no_search_through_every_power(desk, hashes):
    t = desk.tokens["g1"]
    # a stranger: the password would have to be tried against three powers
    out = desk.ingest(make_mail(f"GAME g1\nPASSWORD {t['England']}\nF Lon H\n",
                                sender="eve@evil.example"))
    assert out.status == "denied" and hashes == []
    assert "add a line POWER" in out.detail
    # the player's own address: only the powers it holds are tried (alice holds two)
    out = desk.ingest(make_mail(f"GAME g1\nPASSWORD {t['Germany']}\nA Ber H\n"))
    assert out.powers == ["Germany"] and len(hashes) <= 2
    hashes.clear()
    out = desk.ingest(make_mail(f"GAME g1\nPASSWORD {t['England']}\nF Lon H\n",
                                sender="bob@example.org"))
    assert out.powers == ["England"] and len(hashes) == 1


def test_the_moderator_password_is_throttled_and_the_moderator_told(desk, hashes):
    for i in range(5):
        out = desk.ingest(make_mail("GAME g1\nMODERATOR guess\nPAUSE\n",
                                    sender=f"m{i}@evil.example"))
        assert out.status == "denied"
    assert len(hashes) == 5
    hashes.clear()
    out = desk.ingest(make_mail(f"GAME g1\nMODERATOR {desk.moderator}\nPAUSE\n",
                                sender="mod@example.org"))
    assert out.status == "denied" and hashes == [] and "not checked until" in out.detail
    [notice] = [m for m in desk.outbox() if "Wrong passwords" in str(m["Subject"])]
    assert recipients(notice) == ["mod@example.org"]


def test_the_state_is_a_private_file_in_the_judges_desk_folder(desk):
    for i in range(5):
        guess(desk, sender=f"guesser{i}@evil.example")
    path = desk.judge.path / "desk" / abuse.STATE_FILE
    data = json.loads(path.read_text())
    assert data["powers"]["g1/France"]["until"] == "2025-03-01T13:00:00Z"
    assert len(data["powers"]["g1/France"]["failures"]) == 5
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # a lost or damaged file lifts every cooling-off, nothing worse
    path.write_text("{not json")
    tok = desk.tokens["g1"]["France"]
    assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).status == "accepted"


def test_the_limits_come_from_judge_json(desk, hashes, clock):
    config = desk.judge.path / "judge.json"
    data = json.loads(config.read_text())
    data["limits"] = {**data["limits"], "failed_passwords": 2, "cooling_off": "10m",
                      "password_checks": 1}
    config.write_text(json.dumps(data))
    guess(desk, sender="a@evil.example")
    guess(desk, sender="b@evil.example")
    tok = desk.tokens["g1"]["France"]
    assert desk.ingest(order_mail("g1", "France", tok, "A Par H\n")).status == "denied"
    clock("2025-03-01T12:10:00Z")
    hashes.clear()
    t = desk.tokens["g1"]
    two = (f"GAME g1\nPOWER France\nPASSWORD {t['France']}\nA Par H\n"
           f"POWER Germany\nPASSWORD {t['Germany']}\nA Ber H\n")
    out = desk.ingest(make_mail(two))
    assert out.status == "partly-accepted" and len(hashes) == 1


def test_throttle_unit_prunes_and_bounds_its_memory(tmp_path):
    now = [abuse.deadlines.parse_time("2025-03-01T12:00:00Z")]
    t = abuse.Throttle(tmp_path, abuse.Policy(failed_passwords=3, cooling_off=60),
                       now=lambda: now[0])
    assert not t.failure("powers", "g/P") and not t.failure("powers", "g/P")
    assert t.failure("powers", "g/P") and t.blocked("powers", "g/P")
    assert not t.failure("powers", "g/P")  # already cooling off: not a new start
    for i in range(abuse.MAX_ENTRIES + 10):
        t.may_answer(f"s{i}@x")
    t.save()
    now[0] = abuse.deadlines.parse_time("2025-03-01T12:01:00Z")
    fresh = abuse.Throttle(tmp_path, t.policy, now=lambda: now[0])
    assert fresh.blocked("powers", "g/P") is None
    assert fresh.data == {"powers": {}, "senders": {}}
    now[0] = abuse.deadlines.parse_time("2025-03-01T12:00:30Z")
    again = abuse.Throttle(tmp_path, t.policy, now=lambda: now[0])
    assert len(again.data["senders"]) == abuse.MAX_ENTRIES
