"""The command framework by mail (desk/commands.py): parsing, scopes, refusals, audit, the
rate limit, HELP. Every test ingests real RFC 822 mails and reads the replies in outbox/."""

from __future__ import annotations

import json

from deskutil import body_of, make_mail

from adjudicator.desk import commands
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import CONFIG


def judge_records(desk, event):
    return [r["data"] for r in desk.judge.audit().records() if r["event"] == event]


def game_records(desk, event, game="g1"):
    return [r["data"] for r in game_audit(desk.folder(game).path).records()
            if r["event"] == event]


def test_match_line_longest_name_case_and_separators():
    assert commands.match_line("set timezone: Europe/Prague")[0].name == "SET TIMEZONE"
    assert commands.match_line("SET TIMEZONE=UTC")[1] == "UTC"
    assert commands.match_line("  **LIST**  ")[0].name == "LIST"
    assert commands.match_line("HELP.")[1] == ""
    # an argument the command does not take: not the command (conversation stays prose)
    assert commands.match_line("List of my orders:") is None
    assert commands.match_line("RESIGN now please") is None
    # a secret argument keeps its trailing punctuation (it may be part of the password)
    assert commands.match_line("SET PASSWORD abc.def!")[1] == "abc.def!"


def test_list_in_a_mail_that_names_no_game_is_answered(desk):
    out = desk.ingest(make_mail("LIST\n", subject="games?", sender="new@example.org"))
    assert out.status == "command"
    [reply] = desk.replies_to("new@example.org")
    text = body_of(reply)
    assert "Running:" in text and "g1: Diplomacy" in text and "g2: Diplomacy" in text
    assert "unmatched" not in text.lower()
    assert judge_records(desk, "mail-command")[0]["command"] == "LIST"


def test_help_lists_every_registered_command_with_examples(desk):
    desk.ingest(make_mail("HELP\n", sender="new@example.org"))
    text = body_of(desk.replies_to("new@example.org")[0])
    for cmd in commands.registry().values():
        assert cmd.usage in text, cmd.name
        assert all(e in text for e in cmd.examples), cmd.name


def test_unknown_command_gets_the_likely_name(desk):
    desk.ingest(make_mail("SUMARY g1\n", sender="new@example.org"))
    text = body_of(desk.replies_to("new@example.org")[0])
    assert "unknown command 'SUMARY'; did you mean SUMMARY?" in text
    tok = desk.tokens["g1"]["France"]
    desk.ingest(make_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\nSET TIMEZON Europe/Paris\n",
                          sender="alice@example.org"))
    [text] = [body_of(m) for m in desk.replies_to("alice@example.org")
              if "TIMEZON" in body_of(m)]
    assert "did you mean SET TIMEZONE?" in text
    assert "ERROR" not in text  # not read as an order


def test_game_command_for_a_game_that_does_not_exist(desk):
    desk.ingest(make_mail("SUMMARY g1x\n", sender="new@example.org"))
    text = body_of(desk.replies_to("new@example.org")[0])
    assert "there is no game 'g1x' on this judge (did you mean g1?)" in text


def test_game_command_without_a_game_is_refused_with_how_to(desk):
    desk.ingest(make_mail("SUMMARY\n", sender="new@example.org"))
    text = body_of(desk.replies_to("new@example.org")[0])
    assert "SUMMARY: not done: no game named" in text


def test_power_command_without_password_is_refused(desk):
    out = desk.ingest(make_mail("GAME g1\nRESIGN\n", sender="alice@example.org"))
    assert "RESIGN: refused" in out.detail
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "RESIGN acts for a power: add the lines GAME g1" in text
    assert desk.folder().path.joinpath("desk", "players.json").read_text().count(
        '"abandoned"') == 0


def test_power_command_with_a_wrong_password_is_refused_and_audited(desk):
    desk.ingest(make_mail("GAME g1\nPOWER France\nPASSWORD wrongwrong\nRESIGN\n",
                          sender="mallory@example.org"))
    text = body_of(desk.replies_to("mallory@example.org")[0])
    assert "RESIGN: not done: the password does not match France" in text
    assert game_records(desk, "auth-failed")
    entry = game_records(desk, "mail-command")[-1]
    assert entry["command"] == "RESIGN" and entry["ok"] is False


def test_command_for_another_game_is_refused(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(make_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\nRESIGN g2\n",
                          sender="alice@example.org"))
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "the password given is for game g1, not g2" in text
    assert '"abandoned"' not in desk.folder("g2").path.joinpath(
        "desk", "players.json").read_text()


def test_password_of_another_power_is_refused(desk):
    tok = desk.tokens["g1"]["England"]  # bob's
    desk.ingest(make_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\nRESIGN\n",
                          sender="bob@example.org"))
    assert "does not match France" in body_of(desk.replies_to("bob@example.org")[0])


def test_commands_and_orders_in_one_mail_get_one_reply(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\nA Par - Bur\n"
                                "SUMMARY\nF Bre - Mao\n", sender="alice@example.org"))
    assert out.status == "accepted"
    [reply] = desk.replies_to("alice@example.org")
    text = body_of(reply)
    assert "A par - bur" in text and "Summary of g1" in text
    sub = desk.folder().latest_submissions("S1901M")["France"]
    assert "SUMMARY" not in sub.text and "F Bre - Mao" in sub.text


def test_command_rate_limit_per_sender(desk):
    cfg = json.loads((desk.judge.path / CONFIG).read_text())
    cfg.setdefault("limits", {})["commands"] = 3
    (desk.judge.path / CONFIG).write_text(json.dumps(cfg))
    for _ in range(10):  # a runaway auto-reply
        desk.ingest(make_mail("LIST\n", sender="loop@example.org"))
    replies = desk.replies_to("loop@example.org")
    assert len(replies) == 4  # three answered, one notice, then silence
    notices = [m for m in replies if "Commands not run: too many messages" in body_of(m)]
    assert len(notices) == 1
    limited = judge_records(desk, "command-limited")
    assert len(limited) == 7 and [e["answered"] for e in limited].count(True) == 1
    # another sender is not affected
    desk.ingest(make_mail("LIST\n", sender="other@example.org"))
    assert "Running:" in body_of(desk.replies_to("other@example.org")[0])


def test_rate_limit_ends_after_the_period(desk, clock):
    cfg = json.loads((desk.judge.path / CONFIG).read_text())
    cfg.setdefault("limits", {}).update(commands=1, command_period="1h")
    (desk.judge.path / CONFIG).write_text(json.dumps(cfg))
    desk.ingest(make_mail("LIST\n", sender="loop@example.org"))
    desk.ingest(make_mail("LIST\n", sender="loop@example.org"))
    assert len(desk.replies_to("loop@example.org")) == 2  # the answer and the notice
    clock("2025-03-01T13:30:00Z")
    desk.ingest(make_mail("LIST\n", sender="loop@example.org"))
    replies = desk.replies_to("loop@example.org")
    assert len(replies) == 3 and sum("Running:" in body_of(m) for m in replies) == 2


def test_block_command_lines_are_not_orders():
    seen = {}

    @commands.command("XTESTBLOCK", scope="judge", usage="XTESTBLOCK", summary="test",
                      examples=["XTESTBLOCK"], until=r"XTESTEND")
    def _block(ctx):
        seen["body"] = ctx.body
        return commands.Answer("ok")

    from adjudicator.desk.intake import read_directives
    from adjudicator.desk.mailparse import parse_mail

    raw = make_mail("XTESTBLOCK\nA Par - Bur\nPASSWORD inside\nXTESTEND\nF Bre - Mao\n")
    d = read_directives(parse_mail(raw.as_bytes()))
    try:
        [call] = d.calls
        assert call.closed and len(call.body) == 2
        assert [d.text.line(n) for n in d.order_numbers] == ["F Bre - Mao"]
        assert d.password is None  # a PASSWORD inside a block is no credential
    finally:
        commands._REGISTRY.pop("XTESTBLOCK")


def test_moderator_mail_runs_player_lookups_too(desk):
    out = desk.ingest(make_mail(f"GAME g1\nMODERATOR {desk.moderator}\nPAUSE\nLIST\n",
                                sender="mod@example.org"))
    assert out.status == "command"
    text = body_of(desk.replies_to("mod@example.org")[0])
    assert "paused" in text and "Running:" in text
    assert desk.moderator not in text


def test_unmatched_mail_points_to_help(desk):
    out = desk.ingest(make_mail("Hello, can I play?\n", sender="new@example.org"))
    assert out.status == "unmatched"
    assert "A line HELP lists the judge's commands" in body_of(
        desk.replies_to("new@example.org")[0])


def test_recovered_message_does_not_run_its_commands_twice(desk):
    from adjudicator.desk.intake import Intake

    tok = desk.tokens["g1"]["France"]
    raw = make_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\nSET ADDRESS x@example.net\n",
                    sender="alice@example.org", msgid="<crash@x>")
    intake = Intake(desk.judge)
    marker = intake._seen_path("<crash@x>")
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(json.dumps({"status": "processing", "attempts": 1}))
    desk.ingest(raw)
    text = body_of(desk.replies_to("alice@example.org")[0])
    assert "are not run a second time" in text
    from adjudicator.desk.players import Roster
    assert Roster(desk.folder()).holder("France")["email"] == "alice@example.org"
