"""Combined Bombardment (Revised digest A5.1 tech 5): the power's destroyers bombard in
amphibious assaults like battleships, at 3 (without it a destroyer offers no bombardment)."""

from __future__ import annotations

from fractions import Fraction as F

from adjudicator.axis_allies.combat import AmphibiousSetup, BattleSetup, battle_orders
from adjudicator.axis_allies.odds import amphibious_odds

from .scenario import ED, Unit, emptied, in_play, new, play, put, with_techs

DD = ED.units["destroyer"]
ASSAULT = ("combat:\n1 tt sz 5: load 1 inf Germany; unload Karelia\n"
           "1 dd sz 5 bombard Karelia\nplace:")


def test_destroyers_bombard_at_3(game):
    rules = in_play(with_techs(new(game), "germany", "combined_bombardment"))
    assert rules.bombard("germany", "destroyer", DD) == 3
    assert rules.bombard("uk", "destroyer", DD) == 0  # not shared
    assert rules.bombard("germany", "battleship", ED.units["battleship"]) == 4
    assert in_play(new(game)).bombard("germany", "destroyer", DD) == 0


def assault_board(game, *techs):
    s = with_techs(emptied(new(game), "germany"), "germany", *techs)
    put(s, "germany", "infantry", "germany")
    put(s, "germany", "transport", "sz5")
    put(s, "germany", "destroyer", "sz5")
    put(s, "ussr", "infantry", "karelia_ssr")
    return s


def test_in_a_turn_the_destroyer_bombards_and_hits_on_3(game):
    s = assault_board(game, "combined_bombardment")
    # bombardment 3 (a hit); round 1: the infantry misses (6), the defender fires back 6
    out = play(game, s, "germany", ASSAULT, [3, 6, 6])
    (battle,) = out.events["battles"]
    log = battle["result"]["land"]["log"]
    fire = next(e for e in log if e.get("purpose") == "bombard")
    assert fire["dice"] == [{"unit": fire["dice"][0]["unit"], "type": "destroyer", "value": 3,
                             "die": 3, "hit": True}]
    assert battle["result"]["land"]["winner"] == "attacker"
    assert out.state["controllers"]["karelia_ssr"] == "germany"


def test_without_the_technology_the_destroyer_does_not_bombard(game):
    out = play(game, assault_board(game), "germany", ASSAULT, [6, 6, 1, 6])
    log = out.events["battles"][0]["result"]["land"]["log"]
    assert not any(e.get("purpose") == "bombard" for e in log)
    bombardment = next(e for e in log if e["event"] == "bombardment")
    assert bombardment["ships"] == []


def test_exact_odds_count_the_destroyers_bombardment(game):
    land = BattleSetup("karelia_ssr", "land", "germany",
                       (Unit("a1", "germany", "infantry", aboard="t1", landed=True),),
                       (Unit("d1", "ussr", "infantry"),), ("ussr",), ())
    setup = AmphibiousSetup(None, land, (Unit("s1", "germany", "destroyer"),))
    orders = battle_orders("germany", ("ussr",))

    def odds(state):
        return amphibious_odds(ED, in_play(state), setup, None, orders, exact=True)

    # the bombardment kills the defender 1/2 of the time (it still fires back, at 2)
    with_cb, plain = odds(with_techs(new(game), "germany", "combined_bombardment")), odds(
        new(game))
    win = plain.attacker_wins  # infantry 1 vs infantry 2, no bombardment
    assert with_cb.attacker_wins > win
    # after a bombardment hit the defender's one shot back: 4/6 it misses and the
    # attacker has won; else both are gone
    assert with_cb.attacker_wins == F(1, 2) * F(4, 6) + F(1, 2) * win
