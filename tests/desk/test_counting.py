"""Issue 12 through the mail desk: phase names read by the game's one reader, one rule for
what counts as ordering (current orders, orders sent ahead, and orders sent ahead once
their phase begins), and one set of power names in every text a player reads."""

from __future__ import annotations

import email
import email.policy
import json

import pytest
from deskutil import body_of, make_mail, order_mail

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.hooks import check_orders_sent_ahead
from adjudicator.desk.players import Roster


def reply_text(desk, out) -> str:
    """The body of the reply to an ingested message."""
    msg = email.message_from_bytes((desk.judge.outbox / out.reply).read_bytes(),
                                   policy=email.policy.default)
    return body_of(msg)


def checked_mails(desk, phase: str, power: str = "France") -> list[str]:
    return [body_of(m) for m in desk.outbox()
            if str(m["Subject"]) == f"[g1 {power}] Orders for {phase} checked"]


# --- 1. PHASE lines are read by the game (normalise_phase) ---------------------------------

@pytest.mark.parametrize("written", ["F1901M", "1901 Fall Moves", "Fall 1901 Movement",
                                     "F 1901 M", "autumn 1901", "fall, 1901 (movement)"])
def test_a_phase_line_is_read_as_the_game_reads_phase_names(desk, written):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 f"PHASE {written}\nA Par - Bur\n"))
    assert out.status == "accepted-ahead", out.detail
    assert desk.folder().latest_submissions("F1901M")["France"].version == 1
    assert "Stored for a later phase: Fall 1901 Movement (F1901M)" in reply_text(desk, out)


def test_the_current_phase_written_out_is_an_ordinary_submission(desk):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 "PHASE Spring 1901 Movement\nA Par - Bur\n"))
    assert out.status == "accepted"
    assert desk.folder().latest_submissions("S1901M")["France"].version == 1


def test_an_unknown_phase_gets_the_games_own_error(desk):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 "PHASE Sprnig 1902\nA Par - Bur\n"))
    assert out.status == "rejected"
    text = reply_text(desk, out)
    # what was expected, and "did you mean": the same words the CLI prints
    assert "'Sprnig 1902' is not a phase of this game (the game is in S1901M)" in text
    assert "expected Spring, Fall (or Autumn) or Winter (did you mean Spring?)" in text
    assert not list((desk.folder().path / "orders").iterdir())
    with pytest.raises(Exception, match=r"unknown season 'Sprnig'.*did you mean Spring"):
        service.submit_orders(desk.folder("g2"), "France", "A Par - Bur\n",
                              phase="Sprnig 1902")


# --- 2. orders sent ahead count by the service's rule --------------------------------------

@pytest.mark.parametrize("orders", ["A Par - Bur\n", "# all hold\n", "A Xyz - Bur\n",
                                    "Build A Par\n", "A Par - Bur\nA Xyz - Bur\n"])
def test_orders_sent_ahead_by_mail_count_as_they_would_from_the_command_line(desk, orders):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 f"PHASE F1901M\n{orders}"))
    assert out.status.startswith("accepted-ahead")
    cli = service.submit_orders(desk.folder("g2"), "France", orders, phase="F1901M")
    by_mail = "France" in desk.folder("g1").latest_submissions("F1901M")
    assert by_mail == cli.counted == ("France" in desk.folder("g2").latest_submissions("F1901M"))


# --- 3. another phase's orders: the per-order rule ------------------------------------------

def test_one_order_for_this_phase_on_a_line_with_a_build_counts(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "A Par - Bur; Build A Par\n"))
    assert out.status == "accepted-with-errors", out.detail
    sub = desk.folder().latest_submissions("S1901M")["France"]
    assert sub.version == 1 and sub.counts
    assert "France" in service.status(desk.folder())["ordered"]
    text = reply_text(desk, out)
    assert "A par - bur" in text and "ERROR line 4" in text  # the build, on its line
    assert "does not count" not in text
    record = service.adjudicate(desk.folder(), force=True)
    assert record["orders"]["France"][0] == "A par - bur"


def test_orders_all_for_another_phase_on_one_line_replace_nothing(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(order_mail("g1", "France", tok, "A Par - Bur\n"))
    out = desk.ingest(order_mail("g1", "France", tok, "Build A Par; Build F Bre\n"))
    assert out.status == "rejected" and "for another phase" in out.detail
    assert desk.folder().latest_submissions("S1901M")["France"].version == 1


# --- 4. orders sent ahead that do not count once their phase begins ------------------------

def test_orders_ahead_for_another_phase_are_set_aside_when_their_phase_begins(desk):
    tok = desk.tokens["g1"]["France"]
    folder = desk.folder()
    desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nA Mar - Spa\n"))
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nBuild A Par\n"))
    assert out.status == "accepted-ahead"  # its syntax is fine; the phase is unknown yet
    assert "if none of them can be given" in reply_text(desk, out)
    assert folder.latest_submissions("F1901M")["France"].version == 2

    service.adjudicate(folder, force=True)  # F1901M begins: builds cannot be given in it
    assert folder.read_state()["phase"] == "F1901M"
    assert folder.latest_submissions("F1901M")["France"].version == 1  # the earlier stands
    meta = json.loads((folder.path / "orders" / "F1901M" / "France-2.json").read_text())
    assert meta["counts"] is False
    assert meta["set_aside"] == "none of its orders can be given in F1901M"
    [text] = checked_mails(desk, "F1901M")
    assert "France, F1901M, submission 2:" in text
    assert "None of its orders can be given in this phase (F1901M)" in text
    assert "France, F1901M, submission 1:" in text and "A mar - spa" in text
    assert ("Your submission 2 for F1901M does not count, so submission 1, sent earlier, "
            "stands") in text
    assert text.index("submission 2:") < text.index("submission 1:")
    [event] = [r["data"] for r in game_audit(folder.path).records()
               if r["event"] == "orders-ahead-checked"]
    assert (event["version"], event["set_aside"], event["used"]) == (1, [2], True)

    # checked again (an interrupted adjudication completed): nothing twice
    n_mail, n_log = len(desk.outbox()), len(game_audit(folder.path).records())
    check_orders_sent_ahead(folder, replayed=True)
    assert (len(desk.outbox()), len(game_audit(folder.path).records())) == (n_mail, n_log)
    assert folder.latest_submissions("F1901M")["France"].version == 1

    record = service.adjudicate(folder, force=True)
    assert record["submissions"]["France"]["version"] == 1
    assert record["orders"]["France"] == ["A mar - spa"] and "France" not in record["nmr"]


def test_orders_ahead_none_of_which_count_leave_the_power_missing(desk):
    tok = desk.tokens["g1"]["France"]
    folder = desk.folder()
    desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nBuild A Par\nBuild F Bre\n"))
    service.adjudicate(folder, force=True)
    assert "France" not in folder.latest_submissions("F1901M")
    assert "France" in service.status(folder)["missing"]
    [text] = checked_mails(desk, "F1901M")
    assert "does not count as orders" in text
    assert "None of the orders you sent ahead counts in F1901M: France has no orders" in text
    assert "Still waiting for:" in text and "France" in text.split("Still waiting for:")[1]
    assert "They count as they are" not in text
    [event] = [r["data"] for r in game_audit(folder.path).records()
               if r["event"] == "orders-ahead-checked"]
    assert event["version"] is None and event["set_aside"] == [1]
    assert service.adjudicate(folder, force=True)["nmr"].count("France") == 1


def test_orders_ahead_that_count_are_untouched(desk):
    tok = desk.tokens["g1"]["France"]
    folder = desk.folder()
    desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nA Mar - Spa; Build A Par\n"))
    service.adjudicate(folder, force=True)
    sub = folder.latest_submissions("F1901M")["France"]
    assert sub.version == 1 and sub.counts and sub.set_aside is None
    [text] = checked_mails(desk, "F1901M")
    assert "They count as they are" in text and "does not count" not in text


def test_set_aside_is_idempotent_and_keeps_the_text(desk):
    folder = desk.folder()
    with folder.lock():
        sub = folder.submit("F1901M", "France", "Build A Par\n")
        once = folder.set_aside(sub, "why")
        meta = (folder.path / "orders" / "F1901M" / "France-1.json").read_bytes()
        twice = folder.set_aside(once, "why")
    assert (folder.path / "orders" / "F1901M" / "France-1.json").read_bytes() == meta
    assert once == twice and not twice.counts and twice.set_aside == "why"
    assert twice.text == "Build A Par\n" and service.verify_submissions(folder) == []
    assert [s.version for s in folder.submissions("F1901M", "France")] == [1]
    assert folder.latest_submissions("F1901M") == {}


# --- 5. power names, never ids, in what players read (Axis & Allies) -----------------------

@pytest.fixture
def war(desk):
    folder = service.new_game(desk.judge.game_path("war"), "aa1942")
    tokens = {}
    with folder.lock():
        roster = Roster(folder)
        for power, who in (("ussr", "ivan"), ("germany", "fritz"), ("uk", "tom")):
            tokens[power] = roster.set_player(power, f"{who}@example.org", "add")
    return folder, tokens


def test_an_axis_and_allies_status_reply_names_powers(desk, war):
    out = desk.ingest(make_mail("GAME war\nSTATUS\n", sender="ivan@example.org"))
    assert out.status == "status"
    text = reply_text(desk, out)
    assert "Missing: Soviet Union" in text and "Ordered: nobody" in text
    assert "Missing: ussr" not in text


def test_an_axis_and_allies_acknowledgement_names_powers(desk, war):
    _, tokens = war
    wrong = desk.ingest(order_mail("war", "ussr", "guess", "buy 1 infantry\n",
                                   sender="ivan@example.org"))
    assert "the password does not match Soviet Union" in reply_text(desk, wrong)
    out = desk.ingest(order_mail("war", "ussr", tokens["ussr"], "buy 1 infantry\n",
                                 sender="ivan@example.org"))
    assert out.status.startswith("accepted") and out.powers == ["ussr"]
    text = reply_text(desk, out)
    assert "Soviet Union, r1-ussr-purchase, submission 1:" in text
    assert "ussr," not in text
    out = desk.ingest(make_mail("GAME war\nSTATUS\n", sender="ivan@example.org"))
    assert "Ordered: Soviet Union" in reply_text(desk, out)


def test_an_axis_and_allies_acknowledgement_when_a_phase_begins_names_powers(desk, war):
    folder, _ = war
    with folder.lock():  # stored for the next turn (by hand: A&A takes no orders ahead)
        folder.submit("r1-germany-purchase", "germany", "buy 1 infantry\n")
        folder.submit("r1-germany-purchase", "uk", "buy 1 infantry\n")
    service.adjudicate(folder, force=True)
    assert folder.read_state()["phase"] == "r1-germany-purchase"
    mails = {str(m["Subject"]): body_of(m) for m in desk.outbox()
             if "Orders for r1-germany-purchase checked" in str(m["Subject"])}
    uk = mails["[war uk] Orders for r1-germany-purchase checked"]
    assert "United Kingdom has nothing to order in this phase" in uk
    assert "United Kingdom, r1-germany-purchase, submission 1:" in uk
    germany = mails["[war germany] Orders for r1-germany-purchase checked"]
    assert "Germany, r1-germany-purchase, submission 1:" in germany
    assert "germany," not in germany and "uk," not in uk


def test_reminders_and_late_notices_name_powers(desk, war, clock):
    from adjudicator.desk.deadlines import configure_new_game
    from adjudicator.desk.tick import tick_judge

    folder, _ = war
    configure_new_game(folder, ("48h",), "12h", None, None)
    clock("2025-03-03T01:00:00Z")  # within the reminder period
    tick_judge(desk.judge)
    clock("2025-03-03T12:30:00Z")  # past the deadline, within the grace
    tick_judge(desk.judge)
    bodies = {str(m["Subject"]).split("]")[1].strip(): body_of(m) for m in desk.outbox()
              if str(m["Subject"]).startswith("[war]")}
    reminder = next(b for s, b in bodies.items() if s.startswith("Reminder"))
    assert "Still missing: Soviet Union." in reminder
    late = next(b for s, b in bodies.items() if s.startswith("LATE"))
    assert "there are no orders from: Soviet Union." in late
