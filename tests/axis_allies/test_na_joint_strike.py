"""Joint Strike (United Kingdom 2, Revised digest A7; C3 #19): once per game the UK skips
its combat move and battles; in the following US turn the US moves and fights with British
units as if they were American; attacker casualties as the UK agreed in advance, else the
defender chooses them (ruling NA-joint_strike)."""

from __future__ import annotations

import pytest
from na_usa_game import errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.joint_strike import ADVANTAGE, defender_chooses
from adjudicator.axis_allies.game import script_of
from adjudicator.axis_allies.turn import plan_battles


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def declared(game, rnd: int = 1) -> dict:
    """The US turn of round ``rnd``, after the UK declared the joint strike that round."""
    s = turn_of(new_game(game, na_uk="joint_strike"), "uk", rnd)
    out = play(game, s, "uk", "Joint Strike")
    s = out.state
    return turn_of(s, "usa", rnd)


def at(state: dict, region: str) -> list[tuple[str, str]]:
    return sorted((u["power"], u["type"]) for u in state["units"] if u["loc"] == region)


def na_events(out) -> list[dict]:
    return out.events.get("advantages", [])


def test_declared_the_uk_skips_its_combat_move_and_battles(game):
    s = turn_of(new_game(game, na_uk="joint_strike"), "uk")
    text = "Joint Strike\ncombat:\n1 inf Anglo-Egypt -> Libya"
    out = play(game, s, "uk", text)
    assert at(out.state, "libya") == at(s, "libya")  # no attack
    assert ("uk", "infantry") in at(out.state, "anglo_egypt")
    assert out.state["advantages_used"] == {"uk": ["joint_strike"]}
    assert out.state["advantages_declared"] == {"joint_strike": 1}
    [failed] = [r for r in out.results if r["section"] == "combat"]
    assert not failed["success"] and "skips its combat move" in failed["reason"]
    assert out.events["battles"] == []
    [ev] = na_events(out)
    assert (ev["name"], ev["joint_strike"]) == ("Joint Strike", "declared")
    record = {"phase": s["phase"], "state_before": s, "events": out.events,
              "results": out.results}
    [line] = game.report_context(record, out.state, {"title": "t"})["advantages"]
    assert line.startswith("Joint Strike: declared") and "United States" in line


def test_without_the_order_the_uk_attacks_as_usual(game):
    s = turn_of(new_game(game, na_uk="joint_strike"), "uk")
    out = play(game, s, "uk", "combat:\n1 inf Anglo-Egypt -> Libya", [1, 1, 6])
    assert out.events["battles"] and "advantages_used" not in out.state


def test_the_uk_still_moves_in_its_noncombat_move(game):
    s = turn_of(new_game(game, na_uk="joint_strike"), "uk")
    out = play(game, s, "uk", "Joint Strike\nnoncombat:\n1 inf Trans-Jordan -> Anglo-Egypt")
    assert at(out.state, "anglo_egypt").count(("uk", "infantry")) == 2


def test_the_us_moves_and_fights_with_british_units_as_american(game):
    s = declared(game)
    text = "combat:\n1 inf, 1 tank Anglo-Egypt -> Libya"
    assert errors(game, s, "usa", text) == []
    # attacker: inf 1, tank 1 (two hits); the defenders fire back and miss
    out = play(game, s, "usa", text, [1, 1, 6, 6])
    assert out.state["controllers"]["libya"] == "usa"  # captured for the United States
    assert at(out.state, "libya") == [("uk", "infantry"), ("uk", "tank")]  # British again
    assert "advantage_units" not in out.state
    [ev] = na_events(out)
    assert (ev["joint_strike"], ev["moved"], ev["battles"]) == (
        "fought", {"infantry": 1, "tank": 1}, ["libya"])


def test_british_aircraft_that_attacked_land_in_the_us_noncombat_move(game):
    s = declared(game)
    text = ("combat:\n1 inf, 1 tank Anglo-Egypt -> Libya\n1 ftr Anglo-Egypt -> Libya\n"
            "noncombat:\n1 ftr Libya -> Anglo-Egypt")
    out = play(game, s, "usa", text, [1, 1, 1, 6, 6])
    assert [r for r in out.results if not r["success"]] == []
    assert ("uk", "fighter") in at(out.state, "anglo_egypt")
    assert "advantage_units" not in out.state


def test_between_the_two_parts_the_aircraft_wait_as_american(game):
    s = turn_of(new_game(game, na_uk="joint_strike", passes="two"), "uk")
    first = play(game, s, "uk", "Joint Strike")
    s = play(game, first.state, "uk", "").state
    s = turn_of(s, "usa")
    out = play(game, s, "usa", "combat:\n1 inf, 1 tank Anglo-Egypt -> Libya\n"
               "1 ftr Anglo-Egypt -> Libya", [1, 1, 1, 6, 6])
    [fighter] = [u for u in out.state["units"] if u["loc"] == "libya"
                 and u["type"] == "fighter"]
    assert fighter["power"] == "usa"
    assert out.state["advantage_units"] == {"joint_strike": [fighter["id"]]}
    end = play(game, out.state, "usa", "noncombat:\n1 ftr Libya -> Anglo-Egypt")
    assert ("uk", "fighter") in at(end.state, "anglo_egypt")
    assert "advantage_units" not in end.state


def test_british_units_not_moved_in_combat_do_not_move_in_us_noncombat(game):
    s = declared(game)
    text = "noncombat:\n1 inf Trans-Jordan -> Anglo-Egypt"
    out = play(game, s, "usa", text)
    [r] = [r for r in out.results if r["section"] == "noncombat"]
    assert not r["success"]
    assert ("uk", "infantry") in at(out.state, "trans_jordan")


def test_only_in_the_us_turn_of_the_same_round(game):
    s = declared(game)
    s = turn_of(s, "usa", 2)
    [message] = errors(game, s, "usa", "combat:\n1 inf Anglo-Egypt -> Libya")
    assert "belong to an ally and move only in its turn" in message


def test_without_the_uk_agreement_the_defender_chooses_casualties(game):
    """Digest A7: "... or the opponent chooses": the most costly attacker first."""
    s = declared(game)
    text = "combat:\n1 inf, 1 tank Anglo-Egypt -> Libya"
    # round 1: attacker misses twice; the German infantry (2) and tank (3) hit once
    out = play(game, s, "usa", text + "\nbattle Libya: retreat after round 1 to Anglo-Egypt",
               [6, 6, 2, 6])
    assert ("uk", "tank") not in at(out.state, "anglo_egypt")
    assert ("uk", "infantry") in at(out.state, "anglo_egypt")
    [ev] = na_events(out)
    assert ev["casualties_by"] == "defender"
    assert ev["moved"] == {"infantry": 1, "tank": 1} and len(ev["lost"]) == 1
    record = {"phase": s["phase"], "state_before": s, "events": out.events,
              "results": out.results}
    [line] = game.report_context(record, out.state, {"title": "t"})["advantages"]
    assert "fought in Libya" in line and "the defender chose" in line


def test_with_the_uk_agreement_the_us_chooses(game):
    s = declared(game)
    s = game.apply_standing(s, "uk", [p.order for p in game.parse(
        "standing:\nJoint Strike: yes", s).orders])
    text = "combat:\n1 inf, 1 tank Anglo-Egypt -> Libya"
    out = play(game, s, "usa", text + "\nbattle Libya: retreat after round 1 to Anglo-Egypt",
               [6, 6, 2, 6])
    assert ("uk", "tank") in at(out.state, "anglo_egypt")  # cheapest first: the infantry
    assert ("uk", "infantry") not in at(out.state, "anglo_egypt")
    [ev] = na_events(out)
    assert ev["casualties_by"] == "us"


def test_adj_odds_plans_the_battle_with_the_defenders_choice(game):
    s = declared(game)
    parsed = game.parse("combat:\n1 inf, 1 tank Anglo-Egypt -> Libya", s)
    battles, failed = plan_battles(s, script_of([p.order for p in parsed.orders]),
                                   game.edition)
    assert failed == []
    orders = battles["libya"].orders
    assert orders.attacker == defender_chooses("usa", game.edition)
    assert orders.attacker.order[0] == "battleship" and orders.attacker.keep_land_units == 0


def test_the_order_takes_no_units(game):
    s = turn_of(new_game(game, na_uk="joint_strike"), "uk")
    assert any("name alone" in m for m in errors(game, s, "uk", "Joint Strike: 2 inf"))


def test_once_per_game(game):
    s = declared(game)
    s = turn_of(s, "uk", 2)
    assert any("once per game" in m for m in errors(game, s, "uk", "Joint Strike"))


def test_another_powers_order_is_refused_naming_the_advantage(game):
    s = turn_of(new_game(game, na_uk="joint_strike"), "germany")
    assert any("Joint Strike" in m and "another power" in m
               for m in errors(game, s, "germany", "Joint Strike"))


def test_not_in_this_game(game):
    s = turn_of(new_game(game), "uk")
    assert any("does not have" in m for m in errors(game, s, "uk", "Joint Strike"))
