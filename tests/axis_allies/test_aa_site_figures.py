"""What the static site charts for Axis & Allies: production and treasury per power, one
point per round (``AxisAlliesGame.site_figures``, docs/site.md)."""

from __future__ import annotations

import copy

import pytest

from adjudicator.axis_allies import capture
from adjudicator.registry import get_game


@pytest.mark.parametrize("key", ["aa1942", "aa-revised"])
def test_opening_is_the_start_of_round_one(key: str) -> None:
    game = get_game(key)
    state = game.new_state({})
    figs = game.site_figures(state)
    assert figs["group"] == "Round 1" and figs["period"] == "start"
    prod = figs["figures"]["production"]
    assert prod["unit"] == "IPC"
    assert prod["values"] == capture.production_levels(state, game.edition)
    assert figs["figures"]["treasury"]["values"] == {p: state["treasury"][p]
                                                      for p in game.powers()}
    assert set(figs["colours"]) == set(game.powers())


def test_a_point_per_round_when_the_first_power_is_about_to_buy() -> None:
    game = get_game("aa1942")
    first, second = game.powers()[:2]
    state = game.new_state({})
    later = copy.deepcopy(state)
    later["turn"] = {"round": 3, "power": first, "step": "purchase"}
    later["treasury"][first] = 7
    figs = game.site_figures(later)
    assert (figs["period"], figs["group"]) == ("Round 2", "Round 3")
    assert figs["figures"]["treasury"]["values"][first] == 7
    mid = {**later, "turn": {"round": 3, "power": second, "step": "purchase"}}
    assert game.site_figures(mid)["period"] is None
    two_pass = {**later, "turn": {"round": 3, "power": first, "step": "noncombat"}}
    assert game.site_figures(two_pass)["period"] is None


def test_a_finished_game_ends_its_round() -> None:
    game = get_game("aa1942")
    state = game.new_state({})
    state["turn"] = {"round": 4, "power": game.powers()[2], "step": "purchase"}
    state["result"] = {"type": "draw", "powers": game.powers()}
    assert game.site_figures(state)["period"] == "Round 4"
