"""Orders sent ahead for a later phase (``PHASE <code>``): stored at once with a syntax check,
validated and acknowledged when the phase begins, counted like any submission; past phases
refused."""

from __future__ import annotations

import email
import email.policy
import json

import pytest
from deskutil import body_of, order_mail, recipients

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.game import BaseGame, phase_position
from adjudicator.registry import get_game


def test_diplomacy_phase_sort_key_is_chronological():
    game = get_game("diplomacy")
    codes = ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M", "S1910R"]
    keys = [game.phase_sort_key(c) for c in codes]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    for bad in ("s1901m", "S1901A", "W1901M", "X1901M", "S901M", "", "../S1901M"):
        assert game.phase_sort_key(bad) is None, bad


def test_phase_position_and_its_fallback():
    game = get_game("diplomacy")
    assert phase_position(game, "f1901m", "S1901M") == ("F1901M", 1)
    assert phase_position(game, "S1901M", "S1901M") == ("S1901M", 0)
    assert phase_position(game, "W1900A", "S1901M") == ("W1900A", -1)
    assert phase_position(game, "spring", "S1901M") is None

    class NoOrdering(type(game)):  # a game keeping BaseGame's default: the current phase only
        phase_sort_key = BaseGame.phase_sort_key

    assert phase_position(NoOrdering(game.spec), "T2", "T1") is None
    assert phase_position(NoOrdering(game.spec), "T1", "T1") == ("T1", 0)


def test_orders_ahead_are_stored_with_a_syntax_check_and_acknowledged(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE f1901m\nA Bur - Mun\nA Xyz - Pie\n",
                                 msgid="<ahead@fr>"))
    assert out.status == "accepted-ahead-with-errors" and out.powers == ["France"]
    folder = desk.folder()
    assert folder.latest_submissions("S1901M") == {}  # not the current phase's orders
    sub = folder.latest_submissions("F1901M")["France"]
    meta = json.loads(sub.path.with_suffix(".json").read_text())
    assert meta["message_id"] == "<ahead@fr>" and meta["source"] == "mail:<ahead@fr>"
    assert tok not in sub.text and "PHASE" not in sub.text
    [reply] = desk.replies_to("alice@example.org")
    text = body_of(reply)
    assert "Stored for a later phase: Fall 1901 Movement (F1901M)" in text
    assert "line  5: A bur - mun" in text  # the line of the mail body
    assert "ERROR line 6" in text and "unknown province 'Xyz'" in text
    assert "rules are checked when F1901M begins" in text and "Still waiting" not in text
    sub_event = [r["data"] for r in game_audit(folder.path).records()
                 if r["event"] == "submission"][-1]
    assert sub_event["phase"] == "F1901M" and sub_event["ahead_of"] == "S1901M"


def test_orders_ahead_are_validated_and_count_when_their_phase_begins(desk):
    t = desk.tokens["g1"]
    folder = desk.folder()
    desk.ingest(order_mail("g1", "France", t["France"], "A Par - Bur\nF Bre - Mao\n"))
    first = desk.ingest(order_mail("g1", "France", t["France"], "PHASE F1901M\nA Bur - Mun\n"))
    latest = desk.ingest(order_mail("g1", "France", t["France"],
                                    "PHASE F1901M\nA Bur - Mun\nA Gas - Spa\nA Mar - Kie\n"))
    assert first.status == latest.status == "accepted-ahead"  # syntax is fine
    assert folder.latest_submissions("F1901M")["France"].version == 2  # the latest counts
    n_out = len(desk.outbox())

    service.adjudicate(folder, force=True)  # S1901M resolved: F1901M begins
    assert folder.read_state()["phase"] == "F1901M"
    checked = [m for m in desk.outbox() if "Orders for F1901M checked" in str(m["Subject"])]
    assert len(desk.outbox()) > n_out + 1  # the results and the check
    assert len(checked) == 1 and "alice@example.org" in recipients(checked[0])
    assert str(checked[0]["Subject"]).startswith("[g1 France]")
    text = body_of(checked[0])
    assert "Fall 1901 Movement (F1901M) has begun" in text
    assert "France, F1901M, submission 2:" in text and "A bur - mun" in text
    assert "ERROR line 6: there is no unit in Gascony (gas)" in text
    assert "ERROR line 7: A mar cannot reach Kiel (kie)" in text
    assert "Deadline: Monday 3 March 2025, 12:00 UTC" in text
    events = [r["data"] for r in game_audit(folder.path).records()
              if r["event"] == "orders-ahead-checked"]
    assert events == [{"phase": "F1901M", "power": "France", "version": 2, "errors": 2,
                       "used": True, "mail": events[0]["mail"]}]

    # they are France's orders for F1901M: status shows France as having ordered
    assert "France" in service.status(folder)["ordered"]
    entry = service.adjudicate(folder, force=True)
    assert entry["submissions"]["France"]["version"] == 2
    assert "A bur - mun" in entry["orders"]["France"] and "France" not in entry["nmr"]


def test_orders_for_a_past_phase_are_refused_clearly(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE W1900A\nA Par H\n"))
    # the game's own reader of phase names says why (the service's, the CLI's)
    assert out.status == "rejected" and "the year 1900 is before the game starts" in out.detail
    service.adjudicate(desk.folder(), force=True)
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE S1901M\nA Par - Bur\n"))
    assert out.status == "rejected"
    reply = email.message_from_bytes((desk.judge.outbox / out.reply).read_bytes(),
                                     policy=email.policy.default)
    assert "S1901M, which is over: the game is in F1901M" in body_of(reply)
    assert desk.folder().latest_submissions("S1901M") == {}
    assert desk.folder().latest_submissions("F1901M") == {}


@pytest.mark.parametrize("code", ["Q1901M", "spring", "S1901A", "../x"])
def test_a_phase_the_game_does_not_know_is_refused(desk, code):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 f"PHASE {code}\nA Par H\n"))
    assert out.status == "rejected" and "not a phase of this game" in out.detail
    assert not [p for p in (desk.folder().path / "orders").iterdir()]


def test_orders_ahead_are_authenticated_like_current_orders(desk):
    t = desk.tokens["g1"]
    wrong = desk.ingest(order_mail("g1", "France", "guess", "PHASE F1901M\nA Par H\n"))
    other = desk.ingest(order_mail("g1", "France", t["Germany"], "PHASE F1901M\nA Par H\n"))
    assert wrong.status == other.status == "denied"
    assert desk.folder().latest_submissions("F1901M") == {}


def test_the_current_phase_named_explicitly_is_an_ordinary_submission(desk):
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 "PHASE s1901m\nA Par - Bur\n"))
    assert out.status == "accepted"
    assert desk.folder().latest_submissions("S1901M")["France"].version == 1
