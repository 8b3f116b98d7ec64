"""Real input on the command line (issue 12): rule errors on the player's own line, orders that
cannot count said so with exit code 1, phases named the way people write them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner

RETREAT_POSITION = """Spring 1901 Retreats
France: A Bur, A Gas, F Bre
Germany: A Mun, A Ber, F Kie
Dislodged:
Germany: A Bur (attacked from Par)
Owners:
France: Par, Bre, Mar
Germany: Mun, Ber, Kie
"""


def run(*args: str, input: str | None = None, code: int = 0):
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0, input: str | None = None) -> dict:
    return json.loads(run(*args, "--json", code=code, input=input).output)


@pytest.fixture
def game(tmp_path) -> str:
    path = str(tmp_path / "g")
    run("new", "diplomacy", path)
    return path


@pytest.fixture
def retreats(tmp_path) -> str:
    pos = tmp_path / "position.txt"
    pos.write_text(RETREAT_POSITION, encoding="utf-8")
    path = str(tmp_path / "r")
    run("new", "diplomacy", path, "--from", str(pos))
    return path


def test_a_rule_error_quotes_the_line_the_player_wrote(game):
    ack = js("orders", game, "--power", "France", "-", code=1,
             input="Hello\nParis - Picardy\nParis - Ruhr\n")
    (err,) = ack["errors"]
    assert (err["line"], err["text"], err["rule"]) == (3, "Paris - Ruhr", "unreachable")
    assert "order_index" not in err
    out = run("orders", game, "--power", "France", "-", code=1,
              input="Hello\nParis - Picardy\nParis - Ruhr\n").output
    assert "ERROR line 3: " in out and "\n        Paris - Ruhr" in out


def test_movement_orders_in_a_retreat_phase_do_not_count_and_exit_1(retreats):
    res = run("orders", retreats, "--power", "Germany", "-", code=1,
              input="A Mun H\nA Ber S A Mun - Bur\n")
    assert "None of its orders can be given in this phase (S1901R), so this submission does " \
           "not count as orders" in res.output
    assert "Still waiting for: Germany" in res.output
    ack = js("orders", retreats, "--power", "Germany", "-", code=1, input="A Mun H\n")
    assert ack["counted"] is False and {e["rule"] for e in ack["errors"]} == {"wrong-phase"}
    assert (Path(retreats) / "orders/S1901R/Germany-2.txt").exists()  # kept verbatim
    assert js("status", retreats)["missing"] == ["Germany"]
    ok = js("orders", retreats, "--power", "Germany", "-", input="A Bur - Ruh\n")
    assert ok["counted"] is True and js("status", retreats)["missing"] == []


def test_orders_sent_ahead_with_nothing_understood_do_not_count(game):
    ack = js("orders", game, "--power", "France", "--phase", "Fall 1901 Movement", "-", code=1,
             input="Hi all, my orders follow tomorrow\n")
    assert (ack["phase"], ack["counted"]) == ("F1901M", False)
    ack = js("orders", game, "--power", "France", "--phase", "1901 Fall Moves", "-",
             input="A Par - Bur\n")
    assert (ack["phase"], ack["counted"], ack["version"]) == ("F1901M", True, 2)
    out = run("orders", game, "--power", "France", "--phase", "Sprnig 1902", "-", code=1,
              input="A Par - Bur\n").output
    assert "unknown season 'Sprnig'" in out and "did you mean Spring" in out


def test_report_history_and_rollback_take_phases_as_people_write_them(game):
    run("adjudicate", game, "--force")
    for written in ("S1901M", "s1901m", "Spring 1901 Movement", "spring 1901", "1901 Spring Moves",
                    "Spring, 1901 (Movement)"):
        assert js("history", game, written)["phase"] == "S1901M"
        assert "1901" in run("report", game, written).output
    out = run("report", game, "Sprnig 1901", code=1).output
    assert "unknown season 'Sprnig'" in out and "did you mean Spring" in out
    err = js("report", game, "Winter 1901 Movement", code=1)["error"]
    assert "there is no Winter movement phase" in err
    err = js("history", game, "yesterday", code=1)["error"]
    assert "write it like 'Spring 1905 Movement' or 'S1905M'" in err
    assert js("rollback", game, "Spring 1901")["phase"] == "S1901M"
    assert js("status", game)["phase"] == "S1901M"
