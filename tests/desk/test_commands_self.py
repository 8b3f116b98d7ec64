"""Self-service by mail: SET PASSWORD, SET ADDRESS, RESIGN, SET TIMEZONE (end to end), and
the audit log scrubbed of passwords."""

from __future__ import annotations

from deskutil import body_of, make_mail, order_mail, recipients

from adjudicator.desk import timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.fsck import check_judge
from adjudicator.desk.players import Roster

NEW = "N3w-s3cret-Pw9"


def creds(desk, power="France", game="g1"):
    return f"GAME {game}\nPOWER {power}\nPASSWORD {desk.tokens[game][power]}\n"


def everything_written(desk) -> str:
    """Every file of the judge as text: audit logs, outbox, markers, rosters..."""
    out = []
    for p in desk.judge.path.rglob("*"):
        if p.is_file() and p.suffix != ".eml" or p.is_file() and "outbox" in p.parts:
            out.append(p.read_bytes().decode("utf-8", "replace"))
    return "\n".join(out)


def test_set_password_changes_it_and_never_echoes_it(desk):
    out = desk.ingest(make_mail(creds(desk) + f"SET PASSWORD {NEW}\n",
                                subject="new password", sender="alice@example.org"))
    assert out.status == "command" and NEW not in out.detail
    [reply] = desk.replies_to("alice@example.org")
    text = body_of(reply)
    assert "The password of France in g1 is changed" in text and NEW not in text
    assert "SET PASSWORD ********" in text
    roster = Roster(desk.folder())
    assert roster.authenticate("France", NEW)
    assert not roster.authenticate("France", desk.tokens["g1"]["France"])
    # the new password is nowhere: not in the audit, the outbox, the seen markers
    assert NEW not in everything_written(desk)
    entry = [r["data"] for r in game_audit(desk.folder().path).records()
             if r["event"] == "mail-command"][-1]
    assert entry["command"] == "SET PASSWORD" and entry["args"] == "********"
    # orders with the new password are accepted, with the old one not
    ok = desk.ingest(order_mail("g1", "France", NEW, "A Par H\n"))
    assert ok.status == "accepted"
    old = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par H\n"))
    assert old.status == "denied"
    # adj fsck follows the new credential through the audit log
    assert not any("France" in p for p in check_judge(desk.judge)["g1"]["audit"])


def test_set_password_needs_the_current_one(desk):
    desk.ingest(make_mail(f"GAME g1\nPOWER France\nPASSWORD wrong-guess\nSET PASSWORD {NEW}\n",
                          sender="mallory@example.org"))
    text = body_of(desk.replies_to("mallory@example.org")[0])
    assert "SET PASSWORD: not done: the password does not match France" in text
    assert NEW not in text
    assert not Roster(desk.folder()).authenticate("France", NEW)
    assert NEW not in everything_written(desk)


def test_set_password_too_short_is_refused(desk):
    desk.ingest(make_mail(creds(desk) + "SET PASSWORD abc\n", sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "a password must be 8 to 64 printable characters" in text
    assert Roster(desk.folder()).authenticate("France", desk.tokens["g1"]["France"])


def test_set_address_moves_the_power_and_tells_both_addresses(desk):
    desk.ingest(make_mail(creds(desk) + "SET ADDRESS alice@new.example\n",
                          sender="alice@example.org"))
    assert Roster(desk.folder()).holder("France")["email"] == "alice@new.example"
    notice = [m for m in desk.outbox() if "Address changed" in str(m["Subject"])]
    assert len(notice) == 1
    assert set(recipients(notice[0])) == {"alice@example.org", "alice@new.example"}
    [reply] = [m for m in desk.replies_to("alice@example.org")
               if "Address changed" not in str(m["Subject"])]
    assert "is now alice@new.example" in body_of(reply)
    # adj fsck follows the change in the audit log
    assert not any("France" in p for ps in check_judge(desk.judge).values() for p in ps)


def test_set_address_refuses_a_bad_address(desk):
    desk.ingest(make_mail(creds(desk) + "SET ADDRESS not-an-address\n",
                          sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "invalid e-mail address 'not-an-address'" in text
    assert Roster(desk.folder()).holder("France")["email"] == "alice@example.org"


def test_resign_vacates_the_power_and_tells_the_moderator(desk):
    desk.ingest(make_mail(creds(desk, "England") + "RESIGN\n", sender="bob@example.org"))
    roster = Roster(desk.folder())
    assert roster.holder("England") is None
    assert roster.load()["powers"]["England"]["status"] == "abandoned"
    assert "You resigned England in g1" in body_of(desk.replies_to("bob@example.org")[0])
    [mod] = desk.replies_to("mod@example.org")
    assert "England resigned" in str(mod["Subject"])
    again = desk.ingest(order_mail("g1", "England", desk.tokens["g1"]["England"], "F Lon H\n",
                                   sender="bob@example.org"))
    assert again.status == "denied"


def test_set_timezone_is_used_for_deadlines_in_replies(desk):
    desk.ingest(make_mail(creds(desk) + "SET TIMEZONE europe/prague\n",
                          sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "Your time zone is now Europe/Prague" in text
    assert "Monday 3 March 2025, 13:00 CET (12:00 UTC)" in text
    assert timezones.zone_for(desk.judge, "Alice@Example.org") == "Europe/Prague"
    # the next reply to that address shows the deadline in that zone
    desk.ingest(make_mail("STATUS\n", subject="[g1]", sender="alice@example.org"))
    later = [body_of(m) for m in desk.replies_to("alice@example.org")
             if "Ordered:" in body_of(m)]
    assert any("Deadline: Monday 3 March 2025, 13:00 CET (12:00 UTC)" in t for t in later)


def test_set_timezone_misspelt_gets_the_likely_zone(desk):
    desk.ingest(make_mail(creds(desk) + "SET TIMEZONE Europe/Prag\n",
                          sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "unknown time zone 'Europe/Prag'" in text and "did you mean Europe/Prague?" in text
    assert timezones.zone_for(desk.judge, "alice@example.org") == "UTC"


def test_set_timezone_without_password_is_refused(desk):
    desk.ingest(make_mail("SET TIMEZONE Europe/Prague\n", sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "SET TIMEZONE: not done" in text
    assert timezones.zone_for(desk.judge, "alice@example.org") == "UTC"


def test_show_time_formats():
    assert timezones.show_time("2026-03-05T17:00:00Z", "Europe/Prague") == \
        "Thursday 5 March 2026, 18:00 CET (17:00 UTC)"
    assert timezones.show_time("2026-07-05T17:00:00Z", "Europe/Prague") == \
        "Sunday 5 July 2026, 19:00 CEST (17:00 UTC)"
    assert timezones.show_time("2026-03-05T17:00:00Z", "UTC") == "Thursday 5 March 2026, 17:00 UTC"
    assert timezones.show_time("2026-03-05T23:30:00Z", "Asia/Tokyo") == \
        "Friday 6 March 2026, 08:30 JST (23:30 UTC on Thursday 5 March)"


def test_adj_status_on_a_judge_game_shows_the_deadline_in_the_judge_zone(desk):
    import json as _json

    from adjudicator.cli import main
    from adjudicator.cli.testing import CliRunner
    from adjudicator.desk.judge import CONFIG

    path = desk.judge.path / CONFIG
    cfg = _json.loads(path.read_text())
    cfg["timezone"] = "America/New_York"
    path.write_text(_json.dumps(cfg))
    res = CliRunner().invoke(main, ["--judge", str(desk.judge.path), "status", "g1"])
    assert res.exit_code == 0, res.output
    assert "deadline: Monday 3 March 2025, 07:00 EST (12:00 UTC)" in res.output
    res = CliRunner().invoke(main, ["--judge", str(desk.judge.path), "status", "g1", "--json"])
    assert _json.loads(res.output)["deadline"] == "2025-03-03T12:00:00Z"


def test_reminder_shows_the_deadline_in_the_judge_zone_and_utc(desk, clock):
    import json as _json

    from adjudicator.desk.judge import CONFIG
    from adjudicator.desk.tick import tick_game

    path = desk.judge.path / CONFIG
    cfg = _json.loads(path.read_text())
    cfg["timezone"] = "Europe/Prague"
    path.write_text(_json.dumps(cfg))
    clock("2025-03-03T01:00:00Z")  # within the 12h reminder window
    tick_game(desk.folder())
    [reminder] = [m for m in desk.outbox() if "Reminder" in str(m["Subject"])]
    shown = "Monday 3 March 2025, 13:00 CET (12:00 UTC)"
    assert shown in str(reminder["Subject"]) and f"due {shown}." in body_of(reminder)


def test_fsck_checks_the_time_zones_file(desk):
    desk.ingest(make_mail(creds(desk) + "SET TIMEZONE Europe/Prague\n",
                          sender="alice@example.org"))
    assert check_judge(desk.judge)["judge"]["timezones"] == []
    path = desk.judge.path / "desk" / timezones.FILE
    path.write_text('{"zones": {"alice@example.org": "Europe/Prag"}}')
    [problem] = check_judge(desk.judge)["judge"]["timezones"]
    assert "alice@example.org" in problem and "did you mean Europe/Prague?" in problem
