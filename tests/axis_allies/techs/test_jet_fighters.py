"""Jet Fighters (Revised digest A5.1 tech 1): the power's fighters defend at 5; their attack
stays 3; another power's fighters are unchanged (techs are never shared)."""

from __future__ import annotations

from fractions import Fraction as F

from .scenario import ED, Unit, emptied, exact, fight, in_play, land, new, play, put, with_techs

FTR = ED.units["fighter"]


def jets(game):
    return with_techs(new(game), "ussr", "jet_fighters")


def test_fighters_defend_at_5_and_attack_at_3(game):
    rules = in_play(jets(game))
    assert rules.unit_value("defender", "ussr", "fighter", FTR) == 5
    assert rules.unit_value("attacker", "ussr", "fighter", FTR) == 3
    assert rules.unit_value("defender", "germany", "fighter", FTR) == 4  # not shared
    assert in_play(new(game)).unit_value("defender", "ussr", "fighter", FTR) == 4


BATTLE = land((Unit("a1", "germany", "infantry"),), (Unit("d1", "ussr", "fighter"),))


def test_a_5_is_a_hit_for_a_jet_fighter_in_battle(game):
    # round 1: the infantry misses (6), the fighter rolls 5
    res = fight(in_play(jets(game)), BATTLE, [6, 5])
    assert (res.winner, res.rounds) == ("defender", 1)
    plain = fight(in_play(new(game)), BATTLE, [6, 5, 1, 6])  # 5 misses at 4; round 2
    assert (plain.winner, plain.rounds) == ("attacker", 2)


def test_exact_odds_with_jet_fighters(game):
    # per round: the infantry hits 1/6, the fighter 5/6; a round of two misses repeats
    odds = exact(in_play(jets(game)), BATTLE)
    assert (odds.attacker_wins, odds.both_destroyed, odds.defender_holds) == (
        F(1, 31), F(5, 31), F(25, 31))
    assert exact(in_play(new(game)), BATTLE).defender_holds == F(4 * 5, 36) / (1 - F(5 * 2, 36))


def test_in_a_turn_the_defending_jet_fighter_hits_on_5(game):
    s = emptied(jets(game), "germany")
    put(s, "germany", "infantry", "eastern_europe")
    (ftr,) = put(s, "ussr", "fighter", "karelia_ssr")
    out = play(game, s, "germany", "combat:\n1 inf Eastern Europe -> Karelia\nplace:", [6, 5])
    (battle,) = out.events["battles"]
    assert battle["result"]["winner"] == "defender" and battle["result"]["rounds"] == 1
    assert any(u["id"] == ftr for u in out.state["units"])
    assert out.state["controllers"]["karelia_ssr"] == "ussr"
