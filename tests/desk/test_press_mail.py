"""Press by mail, end to end: real mails in, relayed mails and replies out (docs/press.md)."""

from __future__ import annotations

import json

import pytest
from deskutil import body_of, make_mail, recipients
from presskit import (
    ADJUSTMENT,
    OBSERVER,
    PLAYERS,
    RETREAT,
    press_game,
    press_mail,
    raw_relayed,
    relayed,
    reply_to,
)

from adjudicator import service
from adjudicator.desk import commands, press
from adjudicator.desk.audit import game_audit


def _press_audit(desk, game="p1"):
    return [r["data"] for r in game_audit(desk.folder(game).path).records()
            if r["event"] == "press"]


def test_white_press_goes_to_the_named_powers_only(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"],
                           "PRESS TO England, Germany\nShall we share Belgium?\nENDPRESS\n"))
    [msg] = relayed(desk)
    assert sorted(recipients(msg)) == sorted([PLAYERS["England"], PLAYERS["Germany"]])
    assert "from France" in str(msg["Subject"]) and "Press to England, Germany" in str(
        msg["Subject"])
    assert "Shall we share Belgium?" in body_of(msg)
    answer = reply_to(desk, PLAYERS["France"])
    assert "Press 1 sent to England, Germany" in answer and "white" in answer
    [rec] = press.records(desk.folder("p1"))
    assert rec["sender"] == "France" and rec["to"] == ["England", "Germany"]
    assert rec["text"] == "Shall we share Belgium?" and rec["phase"] == "S1901M"
    assert _press_audit(desk)[0]["from"] == "France"


def test_recipients_by_initials_separate_or_run_together(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO E G\nhello\nENDPRESS\n"))
    desk.ingest(press_mail("p1", "France", t["France"], "press to eg\nhello again\nendpress\n"))
    recs = press.records(desk.folder("p1"))
    assert [r["to"] for r in recs] == [["England", "Germany"], ["England", "Germany"]]


def test_broadcast_reaches_every_player_and_the_observers(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "Italy", t["Italy"], "BROADCAST\nPeace in our time.\n"
                           "ENDPRESS\n"))
    [msg] = relayed(desk)
    expected = sorted(a for p, a in PLAYERS.items() if p != "Italy") + [OBSERVER]
    assert sorted(recipients(msg)) == sorted(expected)
    assert str(msg["Subject"]) == "[p1] Broadcast from Italy"
    [pub] = press.public_press(desk.folder("p1"))
    assert pub["sender"] == "Italy" and pub["text"] == "Peace in our time."


def test_partial_press_is_not_for_observers_by_default(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "Italy", t["Italy"], "PRESS TO ALL BUT R\nno Russians\n"
                           "ENDPRESS\n"))
    [msg] = relayed(desk)
    got = recipients(msg)
    assert PLAYERS["Russia"] not in got and OBSERVER not in got and PLAYERS["England"] in got
    assert press.public_press(desk.folder("p1")) == []


def test_grey_press_leaves_no_trace_of_the_sender_in_the_relayed_mail(desk):
    t = press_game(desk, settings="grey")
    out = desk.ingest(press_mail("p1", "France", t["France"],
                                 "PRESS TO England\nI know what Germany plans.\nENDPRESS\n",
                                 msgid="<secret-sender-id@fr.example.org>"))
    [raw] = raw_relayed(desk)
    low = raw.lower()
    for trace in (b"france", b"french", b"fr@example.org", b"fr.example.org",
                  b"secret-sender-id", t["France"].encode().lower(), b"alice"):
        assert trace not in low, trace
    assert b"I know what Germany plans." in raw
    answer = reply_to(desk, PLAYERS["France"])
    assert "grey: your name is not shown" in answer
    [entry] = _press_audit(desk)
    assert "from" not in entry and "France" not in json.dumps(entry)
    assert out.status == "command"
    # the moderator's private record keeps the sender; what others read does not
    assert press.records(desk.folder("p1"))[0]["sender"] == "France"


def test_grey_broadcast_is_public_without_its_sender(desk):
    t = press_game(desk, settings="grey")
    desk.ingest(press_mail("p1", "France", t["France"], "BROADCAST\nboo\nENDPRESS\n"))
    assert [(p["sender"], p["text"]) for p in press.public_press(desk.folder("p1"))] == [
        (None, "boo")]


def test_white_grey_the_sender_chooses(desk):
    t = press_game(desk, settings="white-grey")
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO England\nsigned\nENDPRESS\n"
                           "PRESS TO England GREY\nunsigned\nENDPRESS\n"))
    recs = press.records(desk.folder("p1"))
    assert [(r["text"], r["grey"]) for r in recs] == [("signed", False), ("unsigned", True)]
    subjects = sorted(str(m["Subject"]) for m in relayed(desk))
    assert subjects == ["[p1] Press to England", "[p1] Press to England from France"]


def test_grey_is_refused_in_a_white_game_and_says_why(desk):
    t = press_game(desk)  # white by default
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO England GREY\nx\nENDPRESS\n"))
    assert relayed(desk) == [] and press.records(desk.folder("p1")) == []
    assert "white press only (press setting: white)" in reply_to(desk, PLAYERS["France"])


def test_no_press_game_refuses_press_but_not_to_the_moderator(desk):
    t = press_game(desk, settings="none")
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO England\nx\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "this game has no press (press setting: none)" in reply_to(desk, PLAYERS["France"])
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO MODERATOR\nplease extend"
                           "\nENDPRESS\n"))
    [msg] = relayed(desk)
    assert recipients(msg) == ["mod@example.org"] and "from France" in str(msg["Subject"])


def test_broadcast_only_refuses_partial_press(desk):
    t = press_game(desk, settings="broadcast-only")
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO England\nx\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "broadcast press only (press setting: broadcast-only)" in reply_to(
        desk, PLAYERS["France"])
    desk.ingest(press_mail("p1", "France", t["France"], "BROADCAST\nhello all\nENDPRESS\n"))
    assert len(relayed(desk)) == 1


def test_press_during_retreats_refused_when_the_game_says_so(desk):
    t = press_game(desk, settings="retreat=no", position=RETREAT)
    desk.ingest(press_mail("p1", "Italy", t["Italy"], "PRESS TO Austria\nx\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "no press during retreats (press setting retreat=no)" in reply_to(
        desk, PLAYERS["Italy"])


def test_press_during_retreats_allowed_by_default(desk):
    t = press_game(desk, position=RETREAT)
    desk.ingest(press_mail("p1", "Italy", t["Italy"], "PRESS TO France\nsorry\nENDPRESS\n"))
    [msg] = relayed(desk)
    assert recipients(msg) == [PLAYERS["France"]]
    assert press.records(desk.folder("p1"))[0]["phase"] == "F1902R"


def test_press_after_the_deadline(desk, clock):
    t = press_game(desk, settings="late=no")
    press_game(desk, name="p2")  # late press allowed (the default)
    clock("2025-03-04T12:00:00Z")  # the 48h deadline (2025-03-03T12:00Z) has passed
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO England\nlate\nENDPRESS\n"))
    assert relayed(desk) == []
    answer = reply_to(desk, PLAYERS["France"])
    assert "no press after the deadline (press setting late=no)" in answer
    assert "the deadline was Monday 3 March 2025, 12:00 UTC" in answer  # in words
    t2 = desk.tokens["p2"]
    desk.ingest(press_mail("p2", "France", t2["France"], "PRESS TO England\nlate\nENDPRESS\n"))
    assert len(relayed(desk)) == 1


def test_fake_press_refused_unless_the_game_allows_it(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"],
                           "PRESS TO R FAKE BROADCAST\nfake\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "no fake press (press setting fake=no)" in reply_to(desk, PLAYERS["France"])


def test_fake_press_where_allowed_shows_the_faked_recipients(desk):
    t = press_game(desk, settings="grey fake=yes")
    desk.ingest(press_mail("p1", "France", t["France"],
                           "PRESS TO R FAKE BROADCAST\nyou all are wimps\nENDPRESS\n"))
    [msg] = relayed(desk)
    assert recipients(msg) == [PLAYERS["Russia"]]  # really to Russia only
    assert str(msg["Subject"]) == "[p1] Broadcast"  # headed as a broadcast
    [rec] = press.records(desk.folder("p1"))
    assert rec["fake"] and rec["to"] == ["Russia"] and rec["fake_to"] is None
    assert press.public_press(desk.folder("p1")) == []  # not a real broadcast


def test_press_and_orders_in_one_mail(desk):
    t = press_game(desk)
    out = desk.ingest(press_mail("p1", "France", t["France"],
                                 "A Par - Bur\nPRESS TO Germany\nI move to Burgundy, not Munich."
                                 "\nA Mar - Spa\nENDPRESS\nF Bre - Mao\n"))
    assert out.status == "accepted"
    sub = desk.folder("p1").latest_submissions("S1901M")["France"]
    assert "A Par - Bur" in sub.text and "F Bre - Mao" in sub.text
    assert "A Mar - Spa" not in sub.text and "Munich" not in sub.text  # press is not orders
    [msg] = relayed(desk)
    assert "A Mar - Spa" in body_of(msg)
    answer = reply_to(desk, PLAYERS["France"])
    assert "Press 1 sent to Germany" in answer and "Ignored" not in answer


def test_missing_endpress_sends_nothing_and_says_so(desk):
    t = press_game(desk)
    out = desk.ingest(press_mail("p1", "France", t["France"],
                                 "A Par - Bur\nPRESS TO Germany\nmy secret plan\nA Mar - Spa\n"))
    assert relayed(desk) == [] and press.records(desk.folder("p1")) == []
    answer = reply_to(desk, PLAYERS["France"])
    assert "PRESS" in answer and "no end line" in answer
    # nothing dropped silently: the reply lists what the open block took
    assert "line  7: A Mar - Spa" in answer and "not read as orders" in answer
    # the orders above the press were taken; the lines of the open block were not
    sub = desk.folder("p1").latest_submissions("S1901M")["France"]
    assert "A Par - Bur" in sub.text and "A Mar - Spa" not in sub.text
    assert out.status.startswith("accepted")


def test_unknown_recipient_is_refused_with_a_suggestion(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO Englnd\nx\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "unknown recipient 'Englnd' (did you mean England?)" in reply_to(
        desk, PLAYERS["France"])


def test_wrong_password_sends_no_press(desk):
    press_game(desk)
    desk.ingest(press_mail("p1", "France", "not-the-password",
                           "PRESS TO England\nforged\nENDPRESS\n"))
    assert relayed(desk) == [] and press.records(desk.folder("p1")) == []
    assert any("forged" not in body_of(m) for m in desk.outbox())


def test_password_in_the_press_is_not_relayed(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"],
                           f"PRESS TO England\nmy password is {t['France']} oops\nENDPRESS\n"))
    [raw] = raw_relayed(desk)
    assert t["France"].encode() not in raw
    assert t["France"] not in press.records(desk.folder("p1"))[0]["text"]


def test_press_rate_limit_per_power(desk):
    cfg = json.loads((desk.judge.path / "judge.json").read_text())
    cfg.setdefault("limits", {})["press_per_hour"] = 2
    (desk.judge.path / "judge.json").write_text(json.dumps(cfg))
    from adjudicator.desk.judge import Judge

    desk.judge = Judge(desk.judge.path)
    t = press_game(desk)
    for i in range(3):
        desk.ingest(press_mail("p1", "France", t["France"], f"PRESS TO England\nn{i}\nENDPRESS\n"))
    assert len(relayed(desk)) == 2
    answers = [body_of(m) for m in desk.outbox() if PLAYERS["France"] in recipients(m)]
    assert sum("at most 2 press messages an hour" in a for a in answers) == 1


def test_press_size_limit(desk):
    t = press_game(desk)
    big = "x" * 21000
    desk.ingest(press_mail("p1", "France", t["France"], f"PRESS TO England\n{big}\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "judge limit press_bytes" in reply_to(desk, PLAYERS["France"])


def test_a_player_holding_two_powers_sends_as_the_one_named(desk):
    # the desk fixture's g1: alice holds France and Germany, bob England
    t = desk.tokens["g1"]
    desk.ingest(press_mail("g1", "Germany", t["Germany"], "PRESS TO England\nfrom the Kaiser"
                           "\nENDPRESS\n", sender="alice@example.org"))
    [msg] = relayed(desk)
    assert "from Germany" in str(msg["Subject"]) and recipients(msg) == ["bob@example.org"]


def test_conversation_starting_with_press_is_not_a_press_block(desk):
    t = press_game(desk)
    out = desk.ingest(press_mail("p1", "France", t["France"], "Press on to Moscow!\n"
                                 "A Par - Bur\n"))
    assert relayed(desk) == [] and out.status.startswith("accepted")
    assert "A Par - Bur" in desk.folder("p1").latest_submissions("S1901M")["France"].text


def test_signoff_ends_a_press(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"], "PRESS TO R\nhi Russia\nSIGNOFF\n"))
    [msg] = relayed(desk)
    assert recipients(msg) == [PLAYERS["Russia"]] and "hi Russia" in body_of(msg)


def test_help_documents_press_broadcast_and_diary():
    text = commands.help_text()
    for usage in ("PRESS TO <powers>", "BROADCAST", "DIARY", "ENDPRESS"):
        assert usage in text


def test_diary_is_kept_private_and_revealed_when_the_game_ends(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"], "DIARY\nEngland trusts me. Fools."
                           "\nENDPRESS\n"))
    desk.ingest(press_mail("p1", "England", t["England"], "DIARY RECORD\nFrance lies.\n"
                           "ENDDIARY\n"))
    assert relayed(desk) == []  # never relayed
    assert "Diary entry 1 kept for France" in reply_to(desk, PLAYERS["France"])
    folder = desk.folder("p1")
    assert press.diaries(folder, folder.read_state()) == {}
    service.declare_draw(folder, ["France", "England"])
    got = press.diaries(folder, folder.read_state())
    assert [e["text"] for e in got["France"]] == ["England trusts me. Fools."]
    assert [e["text"] for e in got["England"]] == ["France lies."]


def test_moderator_changes_press_settings_by_mail(desk):
    from deskutil import make_mail

    press_game(desk)
    out = desk.ingest(make_mail(f"GAME p1\nMODERATOR {desk.moderator}\n"
                                "SET PRESS grey, retreat=no\n", sender="mod@example.org"))
    assert out.status == "command"
    s = press.settings_of(desk.folder("p1"))
    assert (s["mode"], s["retreat"]) == ("grey", False)
    assert "press settings: grey press" in reply_to(desk, "mod@example.org")


def test_moderator_press_settings_refused_to_a_player(desk):
    t = press_game(desk)
    out = desk.ingest(press_mail("p1", "France", t["France"], "SET PRESS grey\n"))
    assert out.status == "denied" and press.settings_of(desk.folder("p1"))["mode"] == "white"
    assert "needs the moderator's password" in reply_to(desk, PLAYERS["France"])


def test_bad_press_setting_by_mail_changes_nothing(desk):
    from deskutil import make_mail

    press_game(desk)
    desk.ingest(make_mail(f"GAME p1\nMODERATOR {desk.moderator}\nSET PRESS purple\n",
                          sender="mod@example.org"))
    assert press.settings_of(desk.folder("p1"))["mode"] == "white"
    assert "unknown press setting 'purple'" in reply_to(desk, "mod@example.org")


def test_broadcast_faked_as_partial_press(desk):
    t = press_game(desk, settings="fake=yes")
    desk.ingest(press_mail("p1", "France", t["France"],
                           "PRESS FAKE TO E G\nfor your eyes only\nENDPRESS\n"))
    [msg] = relayed(desk)
    assert len(recipients(msg)) == len(PLAYERS)  # everyone but France, and the observer
    assert str(msg["Subject"]) == "[p1] Press to England, Germany from France"
    [rec] = press.records(desk.folder("p1"))
    assert rec["to"] is None and rec["fake_to"] == ["England", "Germany"]


def test_recipients_joined_with_and(desk):
    t = press_game(desk)
    desk.ingest(press_mail("p1", "France", t["France"],
                           "PRESS TO England and Russia\nhi\nENDPRESS\n"))
    assert press.records(desk.folder("p1"))[0]["to"] == ["England", "Russia"]


def test_press_during_adjustments_refused_when_the_game_says_so(desk):
    t = press_game(desk, settings="adjustment=no", position=ADJUSTMENT)
    desk.ingest(press_mail("p1", "France", t["France"], "BROADCAST\nbuilds\nENDPRESS\n"))
    assert relayed(desk) == []
    assert "no press during adjustments (press setting adjustment=no)" in reply_to(
        desk, PLAYERS["France"])


def test_press_during_adjustments_allowed_by_default(desk):
    t = press_game(desk, position=ADJUSTMENT)
    desk.ingest(press_mail("p1", "France", t["France"], "BROADCAST\nbuilds\nENDPRESS\n"))
    assert len(relayed(desk)) == 1
    assert press.records(desk.folder("p1"))[0]["phase"] == "W1901A"


def test_an_interrupted_message_never_relays_its_press_twice(desk, monkeypatch):
    from adjudicator.desk import outbox

    class Crash(BaseException):
        pass

    t = press_game(desk)
    msg = press_mail("p1", "France", t["France"], "PRESS TO England\nonce\nENDPRESS\n",
                     msgid="<crash@fr>")
    real_send = outbox.send

    def dies(*args, **kwargs):  # the press is relayed, then the process is killed
        real_send(*args, **kwargs)
        raise Crash()

    monkeypatch.setattr(outbox, "send", dies)
    with pytest.raises(Crash):
        desk.ingest(msg)
    monkeypatch.setattr(outbox, "send", real_send)
    assert len(relayed(desk)) == 1
    desk.ingest(msg)  # the next run recovers: the press is not run a second time
    assert len(relayed(desk)) == 1 and len(press.records(desk.folder("p1"))) == 1
    assert "not run a second time" in reply_to(desk, PLAYERS["France"])


def test_history_by_mail_shows_the_phases_broadcasts_and_never_private_press(desk):
    """HISTORY game phase adds the press broadcast during that phase (a grey sender
    unnamed), as the site does; private press never appears."""
    tokens = press_game(desk, "hp", settings="white-grey")
    desk.ingest(press_mail("hp", "France", tokens["France"],
                           "BROADCAST\nPeace in our time.\nENDPRESS\n"))
    desk.ingest(press_mail("hp", "England", tokens["England"],
                           "BROADCAST GREY\nTrust nobody.\nENDPRESS\n"))
    desk.ingest(press_mail("hp", "Germany", tokens["Germany"],
                           "PRESS TO France\nA secret alliance?\nENDPRESS\n"))
    service.adjudicate(desk.judge.game("hp"), force=True)
    desk.ingest(make_mail("HISTORY hp S1901M\n", sender="stranger@example.net"))
    [reply] = [m for m in desk.outbox() if "stranger@example.net" in recipients(m)]
    text = body_of(reply)
    assert "Press broadcast during S1901M:" in text
    assert "from France" in text and "Peace in our time." in text
    assert "from anonymous (grey press)" in text and "Trust nobody." in text
    assert "England" not in text.split("Press broadcast during")[1]
    assert "secret alliance" not in text
