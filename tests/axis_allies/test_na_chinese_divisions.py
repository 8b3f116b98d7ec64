"""United States 2, Chinese Divisions (Revised digest A7, US 2; C3 #26): one free US infantry
each turn, with the mobilisation, in China, Sinkiang, Kwangtung or French Indochina if the US
controls it; the order names where, the default is the first of the four the US controls
(ruling NA-chinese_divisions)."""

from __future__ import annotations

import pytest
from na_usa_game import clear, errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.chinese_divisions import ADVANTAGE
from adjudicator.axis_allies.state import add_unit

FOUR = ("china", "sinkiang", "kwangtung", "french_indochina")


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def us_turn(game, **options: str) -> dict:
    """The US to play; at the start China and Sinkiang are American, Kwangtung and French
    Indochina Japanese (the Revised set-up)."""
    return turn_of(new_game(game, **{"na_usa": "chinese_divisions", **options}), "usa")


def infantry_at(state: dict, loc: str) -> int:
    return sum(1 for u in state["units"]
               if u["loc"] == loc and u["power"] == "usa" and u["type"] == "infantry")


def placed(out) -> list[dict]:
    return out.events.get("advantages", [])


def na_results(out) -> list[dict]:
    return [r for r in out.results if r.get("section") == "advantages"]


def test_the_order_places_one_infantry_where_it_says(game):
    s = us_turn(game)
    before = infantry_at(s, "sinkiang")
    text = "place:\nChinese Divisions: Sinkiang"
    assert errors(game, s, "usa", text) == []
    out = play(game, s, "usa", text)
    assert infantry_at(out.state, "sinkiang") == before + 1
    [ev] = placed(out)
    assert ev["name"] == "Chinese Divisions" and ev["at"] == "sinkiang" and ev["by"] == "order"
    assert [r["success"] for r in na_results(out)] == [True]


def test_without_an_order_the_first_controlled_territory_gets_it(game):
    s = us_turn(game)
    before = infantry_at(s, "china")
    out = play(game, s, "usa", "pass")
    assert infantry_at(out.state, "china") == before + 1
    assert placed(out)[0]["by"] == "default" and placed(out)[0]["at"] == "china"


def test_the_default_skips_a_territory_the_us_does_not_control(game):
    s = us_turn(game)
    s["controllers"]["china"] = "japan"
    out = play(game, s, "usa", "pass")
    assert placed(out)[0]["at"] == "sinkiang"


def test_an_allied_territory_is_not_the_us_s(game):
    s = us_turn(game)
    s["controllers"]["china"] = s["controllers"]["sinkiang"] = "uk"
    s["controllers"]["kwangtung"] = "usa"
    out = play(game, s, "usa", "pass")
    assert placed(out)[0]["at"] == "kwangtung"


def test_a_named_territory_not_controlled_fails_and_the_default_applies(game):
    s = us_turn(game)
    out = play(game, s, "usa", "Chinese Divisions: French Indochina")  # Japanese
    [r] = na_results(out)
    assert not r["success"]
    assert "French Indochina is not controlled by United States" in r["reason"]
    assert "placed by default in China" in r["reason"]
    assert placed(out)[0]["at"] == "china" and placed(out)[0]["by"] == "default"


def test_control_is_taken_when_mobilising_after_the_battles(game):
    """Ruling NA-chinese_divisions: a territory captured this turn counts."""
    s = us_turn(game)
    clear(s, "china", "kwangtung")
    add_unit(s, "usa", "infantry", "china")
    text = "combat:\n1 inf China -> Kwangtung\nplace:\nChinese Divisions: Kwangtung"
    assert errors(game, s, "usa", text) == []
    out = play(game, s, "usa", text)  # Kwangtung is empty: taken without a battle
    assert out.state["controllers"]["kwangtung"] == "usa"
    assert placed(out)[0]["at"] == "kwangtung" and placed(out)[0]["by"] == "order"


def test_nothing_is_placed_when_the_us_controls_none_of_the_four(game):
    s = us_turn(game)
    for t in FOUR:
        s["controllers"][t] = "japan"
    n = len(s["units"])
    out = play(game, s, "usa", "pass")
    [ev] = placed(out)
    assert ev["placed"] is None and "is controlled" in ev["why"]
    assert len(out.state["units"]) == n


def test_a_territory_outside_the_four_is_refused(game):
    s = us_turn(game)
    msgs = errors(game, s, "usa", "Chinese Divisions: India")
    assert msgs == [("Chinese Divisions places its infantry in China, Sinkiang, Kwangtung, "
                    "French Indochina, not in India")]
    assert errors(game, s, "usa", "Chinese Divisions: China, Sinkiang")
    assert errors(game, s, "usa", "Chinese Divisions: 2 inf China") == [
        "Chinese Divisions places one infantry, nothing else"]
    assert errors(game, s, "usa", "Chinese Divisions: 1 inf China") == []


def test_a_refused_order_changes_nothing_and_the_default_applies(game):
    s = us_turn(game)
    out = play(game, s, "usa", "Chinese Divisions: India")
    assert [r["success"] for r in na_results(out)] == [False]
    assert placed(out)[0]["at"] == "china" and placed(out)[0]["by"] == "default"


def test_one_order_per_turn(game):
    s = us_turn(game)
    msgs = errors(game, s, "usa", "Chinese Divisions: China\nChinese Divisions: Sinkiang")
    assert msgs == ["one Chinese Divisions order per turn"]


def test_a_power_without_the_advantage_is_told_so(game):
    s = us_turn(game, na_usa="")
    assert errors(game, s, "usa", "Chinese Divisions: China") == [
        "United States does not have the National Advantage Chinese Divisions in this game"]
    out = play(game, s, "usa", "Chinese Divisions: China")
    assert [r["success"] for r in na_results(out)] == [False] and not placed(out)
    uk = turn_of(new_game(game, na_usa="chinese_divisions"), "uk")
    assert errors(game, uk, "uk", "Chinese Divisions: China") == [
        "Chinese Divisions is a National Advantage of another power, not of United Kingdom"]


def test_a_misspelt_name_is_an_error_with_the_likely_name(game):
    parsed = game.parse("Chinese Divison: China", us_turn(game))
    [e] = parsed.errors
    assert e.line == 1 and e.column == 1 and "unknown National Advantage" in e.message
    assert e.suggestions == ("Chinese Divisions",)


def test_in_a_two_pass_game_it_goes_with_the_second_part(game):
    s = us_turn(game, passes="two")
    msgs = errors(game, s, "usa", "buy 1 inf\nChinese Divisions: Sinkiang")
    assert msgs == [("Chinese Divisions is played with the mobilisation: send it with the "
                    "second part of this turn")]
    first = play(game, s, "usa", "buy 1 inf\nChinese Divisions: Sinkiang")
    assert not placed(first) and [r["success"] for r in na_results(first)] == [False]
    second = first.state
    assert second["turn"]["step"] == "noncombat"
    assert errors(game, second, "usa", "Chinese Divisions: Sinkiang") == []
    out = play(game, second, "usa", "place 1 inf Eastern US\nChinese Divisions: Sinkiang")
    assert placed(out)[0]["at"] == "sinkiang" and placed(out)[0]["by"] == "order"


def test_with_passes_auto_the_order_makes_the_submission_the_whole_turn(game):
    s = us_turn(game, passes="auto")
    out = play(game, s, "usa", "Chinese Divisions: Sinkiang")
    assert out.events["part"] == "full" and placed(out)[0]["at"] == "sinkiang"


def test_a_power_that_sends_nothing_gets_no_infantry(game):
    s = us_turn(game)
    out = game.resolve(s, {}, None)
    assert not placed(out)


def test_the_report_says_what_was_placed(game):
    s = us_turn(game)
    out = play(game, s, "usa", "pass")
    record = {"phase": s["phase"], "state_before": s, "events": out.events,
              "results": out.results}
    ctx = game.report_context(record, out.state, {"title": "t"})
    assert ctx["advantages"] == ["Chinese Divisions: 1 Infantry placed in China (by default)."]
