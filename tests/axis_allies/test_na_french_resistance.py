"""French Resistance (United Kingdom 5, Revised digest A7; C3 #20): once per game, by order
with the UK's mobilisation, three free British infantry in Western Europe if it is
Allied-controlled (ruling NA-french_resistance)."""

from __future__ import annotations

import pytest
from na_usa_game import errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.french_resistance import ADVANTAGE
from adjudicator.axis_allies.state import add_unit


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def uk_turn(game, holder: str = "uk", **options: str) -> dict:
    s = turn_of(new_game(game, **{"na_uk": "french_resistance", **options}), "uk")
    s["units"] = [u for u in s["units"] if u["loc"] != "western_europe"]
    s["controllers"]["western_europe"] = holder
    s["turn_start_controllers"]["western_europe"] = holder
    return s


def infantry(state: dict) -> int:
    return sum(1 for u in state["units"] if u["loc"] == "western_europe"
               and u["power"] == "uk" and u["type"] == "infantry")


def na_results(out) -> list[tuple]:
    return [(r["success"], r.get("reason", "")) for r in out.results
            if r.get("section") == "advantages"]


def test_three_free_infantry_in_an_allied_western_europe(game):
    s = uk_turn(game)
    treasury = s["treasury"]["uk"]
    assert errors(game, s, "uk", "French Resistance") == []
    out = play(game, s, "uk", "French Resistance")
    assert infantry(out.state) == 3
    assert out.state["advantages_used"] == {"uk": ["french_resistance"]}
    assert out.state["treasury"]["uk"] == treasury + out.events["income"]["amount"]  # free
    [ev] = out.events["advantages"]
    assert (ev["name"], ev["placed"], ev["at"]) == ("French Resistance", {"infantry": 3},
                                                    "western_europe")
    record = {"phase": s["phase"], "state_before": s, "events": out.events,
              "results": out.results}
    assert game.report_context(record, out.state, {"title": "t"})["advantages"] == [
        "French Resistance: 3 Infantry placed in Western Europe."]


def test_held_by_an_ally_is_allied(game):
    out = play(game, uk_turn(game, holder="usa"), "uk", "French Resistance: Western Europe")
    assert infantry(out.state) == 3


def test_not_when_the_axis_holds_it_and_then_it_is_not_used(game):
    s = uk_turn(game, holder="germany")
    out = play(game, s, "uk", "French Resistance")
    assert infantry(out.state) == 0 and "advantages_used" not in out.state
    assert na_results(out) == [(False, ("Western Europe is not Allied-controlled (held by "
                                       "Germany); not used"))]


def test_control_is_taken_after_the_uks_battles(game):
    """Ruling NA-french_resistance: with the mobilisation, after the battles."""
    s = uk_turn(game, holder="germany")
    s["units"] = [u for u in s["units"] if u["loc"] != "southern_europe"]
    for t in ("southern_europe",):
        s["controllers"][t] = s["turn_start_controllers"][t] = "uk"
    add_unit(s, "uk", "tank", "southern_europe")
    # the tank takes the empty Western Europe; the infantry join it after the battle
    out = play(game, s, "uk", "combat:\n1 tank Southern Europe -> Western Europe\n"
               "French Resistance")
    assert out.state["controllers"]["western_europe"] == "uk"
    assert infantry(out.state) == 3


def test_once_per_game(game):
    s = uk_turn(game)
    out = play(game, s, "uk", "French Resistance")
    again = turn_of(out.state, "uk", rnd=2)
    assert errors(game, again, "uk", "French Resistance") == [
        "French Resistance may be used once per game and was already used"]
    out2 = play(game, again, "uk", "French Resistance")
    assert infantry(out2.state) == 3 and na_results(out2)[0][0] is False


def test_no_order_nothing_happens(game):
    out = play(game, uk_turn(game), "uk", "pass")
    assert infantry(out.state) == 0 and "advantages" not in out.events


@pytest.mark.parametrize(("text", "message"), [
    ("French Resistance: 2 inf Western Europe",
     "French Resistance places 3 infantry in Western Europe, nothing else"),
    ("French Resistance: Southern Europe",
     "French Resistance places its infantry in Western Europe, not in Southern Europe"),
])
def test_a_wrong_order_is_refused_with_why(game, text, message):
    assert errors(game, uk_turn(game), "uk", text) == [message]


def test_a_power_without_it_is_told_so(game):
    s = uk_turn(game, na_uk="")
    assert errors(game, s, "uk", "French Resistance") == [
        "United Kingdom does not have the National Advantage French Resistance in this game"]
    us = turn_of(new_game(game, na_uk="french_resistance"), "usa")
    assert errors(game, us, "usa", "French Resistance") == [
        "French Resistance is a National Advantage of another power, not of United States"]


def test_in_a_two_pass_game_it_goes_with_the_second_part(game):
    s = uk_turn(game, passes="two")
    first = play(game, s, "uk", "buy 1 inf\nFrench Resistance")
    assert infantry(first.state) == 0
    out = play(game, first.state, "uk", "place 1 inf United Kingdom\nFrench Resistance")
    assert infantry(out.state) == 3
