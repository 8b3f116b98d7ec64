"""Revised digest A3, C1, C3 #27: 12 victory cities (the Allies' sixth is Los Angeles); the
group chooses minor 8, major 10 or total 12 (option ``victory``, default minor); the check is
at the end of the US turn, the end of the round."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import capture as cap
from adjudicator.dice import FixedDice

from .cases import ED, G, fresh, turn_of

AXIS_EXTRA = ["russia", "karelia_ssr", "india", "united_kingdom", "eastern_united_states",
              "western_united_states"]  # the Allies' six, in the order the Axis takes them


def test_twelve_cities_six_each_los_angeles_in_western_us():
    cities = ED.map.victory_cities()
    assert len(cities) == 12 and cities["western_united_states"] == "Los Angeles"
    held = cap.victory_cities(fresh(), ED)
    assert len(held["axis"]) == 6 and len(held["allies"]) == 6
    assert "Los Angeles" in held["allies"]


def test_the_levels_and_the_default():
    assert dict(ED.setup.victory_thresholds) == {"minor": 8, "major": 10, "total": 12}
    assert fresh()["rules"]["victory"] == "minor"
    assert G.status(fresh())["victory_needed"] == 8


@pytest.mark.parametrize("level, need", [("minor", 8), ("major", 10), ("total", 12)])
def test_each_level_wins_with_its_number_of_cities_after_the_us_turn(level, need):
    for extra in (need - 6 - 1, need - 6):
        s = fresh(victory=level)
        turn_of(s, "usa")
        for t in AXIS_EXTRA[:extra]:
            s["controllers"][t] = "germany"
        res = G.resolve(s, {}, FixedDice([]))
        if extra < need - 6:
            assert res.state["result"] is None, (level, extra)
            assert res.state["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}
        else:
            result = res.state["result"]
            assert result["side"] == "axis" and len(result["victory_cities"]) == need
            assert G.is_over(res.state) and G.who_must_act(res.state) == []
            assert G.outcome(res.state).kind == "victory"


def test_no_check_before_the_end_of_the_round():
    s = fresh()
    for t in AXIS_EXTRA[:2]:
        s["controllers"][t] = "germany"  # 8 cities: a minor victory, but only after the US
    for power in ("ussr", "germany", "uk", "japan"):
        turn_of(s, power)
        res = G.resolve(s, {}, FixedDice([]))
        assert res.state["result"] is None and "victory_check" not in res.events
    turn_of(s, "usa")
    assert G.resolve(s, {}, FixedDice([])).state["result"]["side"] == "axis"


def test_the_allies_win_too():
    s = fresh()
    turn_of(s, "usa")
    for t in ("germany", "western_europe"):
        s["controllers"][t] = "uk"
    assert G.resolve(s, {}, FixedDice([])).state["result"]["side"] == "allies"
