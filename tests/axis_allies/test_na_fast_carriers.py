"""United States 5, Fast Carriers (Revised digest A7, US 5): US carriers move 3; automatic,
for the US only, and only in a game that chose it."""

from __future__ import annotations

import pytest
from na_usa_game import clear, errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.fast_carriers import ADVANTAGE
from adjudicator.axis_allies.state import add_unit

THREE_ZONES = "noncombat:\n1 carrier sz52 -> sz45 -> sz46 -> sz40"


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def at_noncombat(state: dict, power: str) -> dict:
    turn_of(state, power)
    state["turn"]["step"] = "noncombat"
    clear(state, "sz45", "sz46", "sz40")
    return state


def test_a_us_carrier_moves_three_sea_zones(game):
    s = at_noncombat(new_game(game, na_usa="fast_carriers"), "usa")
    assert errors(game, s, "usa", THREE_ZONES) == []
    out = play(game, s, "usa", THREE_ZONES)
    carriers = [u for u in out.state["units"] if u["power"] == "usa" and u["type"] == "carrier"]
    assert [u["loc"] for u in carriers] == ["sz40"]


def test_without_the_advantage_a_carrier_moves_two(game):
    s = at_noncombat(new_game(game), "usa")
    assert any("move" in m for m in errors(game, s, "usa", THREE_ZONES))
    assert errors(game, s, "usa", "noncombat:\n1 carrier sz52 -> sz45 -> sz46") == []


def test_a_fourth_zone_is_still_too_far(game):
    s = at_noncombat(new_game(game, na_usa="5"), "usa")
    clear(s, "sz38")
    assert errors(game, s, "usa", THREE_ZONES + " -> sz38")


def test_other_powers_carriers_keep_move_two(game):
    s = at_noncombat(new_game(game, na_usa="fast_carriers"), "japan")
    clear(s, "sz52", "sz51")
    add_unit(s, "japan", "carrier", "sz52")
    msgs = errors(game, s, "japan", THREE_ZONES)
    assert msgs and any("move" in m for m in msgs)


def test_other_us_ships_keep_their_move(game):
    s = at_noncombat(new_game(game, na_usa="fast_carriers"), "usa")
    assert errors(game, s, "usa", "noncombat:\n1 sub sz52 -> sz45 -> sz46 -> sz40")
