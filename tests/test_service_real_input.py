"""Real input through the service (issue 12): every rule error on the line the player wrote,
and a submission counts only when it holds orders for its phase, whichever path it takes."""

from __future__ import annotations

import pytest

from adjudicator import service
from adjudicator.errors import GameError
from adjudicator.registry import get_game

# Spring 1901 retreats: Germany's army in Burgundy was dislodged from Paris.
RETREAT_POSITION = """Spring 1901 Retreats
France: A Bur, A Gas, F Bre
Germany: A Mun, A Ber, F Kie
Dislodged:
Germany: A Bur (attacked from Par)
Owners:
France: Par, Bre, Mar
Germany: Mun, Ber, Kie
"""


@pytest.fixture
def retreats(tmp_path):
    return service.new_game(tmp_path / "r", "diplomacy", position=RETREAT_POSITION)


# --- orders for another phase do not count ------------------------------------------------------

def test_a_submission_of_orders_for_another_phase_only_does_not_count(retreats):
    ack = service.submit_orders(retreats, "Germany", "A Mun H\nA Ber S A Mun - Bur\n")
    assert [(e.line, e.rule) for e in ack.errors] == [(1, "wrong-phase"), (2, "wrong-phase")]
    assert len(ack.understood) == 2 and not ack.counted
    assert "Germany" in ack.waiting_for and "Germany" not in retreats.latest_submissions("S1901R")
    assert (retreats.path / "orders" / "S1901R" / "Germany-1.txt").exists()  # kept verbatim
    text = ack.describe()
    assert "None of its orders can be given in this phase (S1901R)" in text
    assert "does not count as orders" in text and "Nothing in it was understood" not in text
    assert ack.to_json()["counted"] is False


def test_one_order_for_the_phase_is_enough_to_count(retreats):
    ack = service.submit_orders(retreats, "Germany", "A Mun H; A Bur - Ruh\n")
    assert [e.rule for e in ack.errors] == ["wrong-phase"] and ack.counted
    assert "Germany" not in ack.waiting_for


def test_an_order_with_another_error_still_counts(retreats):
    # a retreat to where the attack came from is illegal, but it is an order for this phase
    ack = service.submit_orders(retreats, "Germany", "A Bur - Par\nA Mun H\n")
    assert sorted(e.rule for e in ack.errors) == ["retreat-not-allowed", "wrong-phase"]
    assert ack.counted


def test_orders_for_another_phase_leave_the_earlier_submission_standing(retreats):
    first = service.submit_orders(retreats, "Germany", "A Bur - Ruh\n")
    assert first.counted
    void = service.submit_orders(retreats, "Germany", "A Mun H\n")
    assert not void.counted and "Germany" not in void.waiting_for
    assert retreats.latest_submissions("S1901R")["Germany"].version == first.version
    record = service.adjudicate(retreats)
    assert record["orders"]["Germany"] == ["A bur - ruh"]


def test_builds_sent_in_movement_do_not_count(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    ack = service.submit_orders(folder, "France", "Build A Par\nBuild F Bre\n")
    assert {e.rule for e in ack.errors} == {"wrong-phase"} and not ack.counted
    assert "France" in ack.waiting_for


def test_the_acknowledgement_of_a_stored_submission_says_whether_it_counted(retreats):
    game = service.game_of(retreats)
    state = retreats.read_state()
    assert not service.acknowledge(retreats, game, state, "Germany", "A Mun H\n", 1).counted
    assert service.acknowledge(retreats, game, state, "Germany", "A Bur - Ruh\n", 2).counted
    assert not service.acknowledge(retreats, game, state, "Germany", "", 3).counted


def test_counts_as_orders_is_one_rule():
    ack = service.Acknowledgement("S1901R", "Germany", 1,
                                  understood=[{"line": 1, "text": "A Mun H", "order": "A mun H"}],
                                  errors=[])
    assert service.counts_as_orders(ack, "A Mun H\n")
    assert not service.counts_as_orders(ack, "A Mun H\n", void=1)
    empty = service.Acknowledgement("S1901R", "Germany", 1)
    assert service.counts_as_orders(empty, "# all hold\n")  # deliberately empty
    assert not service.counts_as_orders(empty, "  \n")


# --- orders sent ahead count by the same rule ---------------------------------------------------

def test_orders_sent_ahead_count_by_the_same_rule(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    chat = service.submit_orders(folder, "France", "my orders follow tomorrow\n",
                                 phase="F1901M")
    assert chat.phase == "F1901M" and not chat.counted and chat.version == 1
    assert "does not count" in chat.describe()
    assert folder.latest_submissions("F1901M") == {}
    empty = service.submit_orders(folder, "France", "", phase="F1901M")
    assert not empty.counted and folder.latest_submissions("F1901M") == {}
    real = service.submit_orders(folder, "France", "A Par - Bur\n", phase="F1901M")
    assert real.counted and real.version == 3
    assert folder.latest_submissions("F1901M")["France"].version == 3
    service.submit_orders(folder, "France", "sorry, ignore that\n", phase="F1901M")
    assert folder.latest_submissions("F1901M")["France"].version == 3  # still stands
    holds = service.submit_orders(folder, "Germany", "# all hold\n", phase="F1901M")
    assert holds.counted and "Germany" in folder.latest_submissions("F1901M")


def test_orders_ahead_may_name_the_phase_as_players_write_it(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    for i, written in enumerate(["Fall 1901 Movement", "fall 1901", "1901 Fall Moves",
                                 "Autumn 1901", "f1901m"], start=1):
        ack = service.submit_orders(folder, "France", "A Par - Bur\n", phase=written)
        assert (ack.phase, ack.version) == ("F1901M", i)
    assert service.submit_orders(folder, "France", "A Par - Bur\n",
                                 phase="Spring 1901").phase == "S1901M"
    with pytest.raises(GameError, match=r"'Sprnig 1902'.*unknown season.*did you mean Spring"):
        service.submit_orders(folder, "France", "A Par - Bur\n", phase="Sprnig 1902")
    with pytest.raises(GameError, match="is not a phase this game accepts orders for"):
        service.submit_orders(folder, "France", "A Par - Bur\n", phase="tomorrow")


# --- rule errors carry the player's line: Axis & Allies ---------------------------------------

AA = get_game("aa1942")


def _aa(step: str = "purchase") -> dict:
    state = AA.new_state(AA.check_options({}))
    state["turn"] = {**state["turn"], "step": step}
    state.setdefault("purchased", {})
    return state


def test_aa_rule_errors_carry_the_players_line_and_text():
    text = ("Hello all\nCombat move:\n3 inf Russia -> Germany\n1 inf Karelia -> sz 5\n"
            "1 inf Karelia -> sz 5\n")
    _, ack = service.check_orders(AA, _aa(), "ussr", text)
    assert [(e.line, e.text, e.rule) for e in ack.errors] == [
        (3, "3 inf Russia -> Germany", "no-path"),
        (4, "1 inf Karelia -> sz 5", "board-in-combat"),
        (5, "1 inf Karelia -> sz 5", "board-in-combat"),  # the same order twice: each line
    ]


def test_aa_rule_errors_at_the_noncombat_step_carry_the_players_line_and_text():
    text = "buy 3 inf\nPlace: 40 inf Russia\n"
    _, ack = service.check_orders(AA, _aa("noncombat"), "ussr", text)
    assert [(e.line, e.text, e.rule) for e in ack.errors] == [
        (1, "buy 3 inf", "wrong-step"),
        (2, "Place: 40 inf Russia", "place-not-purchased"),
    ]


def test_aa_a_purchase_over_budget_is_reported_on_a_purchase_line():
    _, ack = service.check_orders(AA, _aa(), "ussr", "Purchase:\nbuy 30 inf\nbuy 2 bmr\n")
    (err,) = ack.errors
    assert err.rule == "purchase-over-budget" and (err.line, err.text) == (3, "buy 2 bmr")


def test_aa_a_noncombat_move_error_is_reported_on_its_line():
    _, ack = service.check_orders(AA, _aa("noncombat"), "ussr",
                                  "Noncombat:\n3 inf Russia -> Germany\n")
    assert [(e.line, e.text, e.rule) for e in ack.errors] == [
        (2, "3 inf Russia -> Germany", "no-path")]
