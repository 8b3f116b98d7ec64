"""Super Submarines (Revised digest A5.1 tech 3): the power's submarines attack at 3; their
defence stays 2. The effect is immediate: a technology developed in Develop Weapons counts in
the same turn's battles (digest A5.1 #4)."""

from __future__ import annotations

from fractions import Fraction as F

from .scenario import ED, Unit, emptied, exact, in_play, new, play, put, sea, with_techs

SUB = ED.units["submarine"]


def test_submarines_attack_at_3_and_defend_at_2(game):
    rules = in_play(with_techs(new(game), "germany", "super_submarines"))
    assert rules.unit_value("attacker", "germany", "submarine", SUB) == 3
    assert rules.unit_value("defender", "germany", "submarine", SUB) == 2
    assert rules.unit_value("attacker", "japan", "submarine", SUB) == 2  # not shared


def test_exact_odds_of_a_super_submarine_strike(game):
    # the sub strikes first (no destroyer): 3/6 to sink the transport before it fires
    battle = sea((Unit("a1", "germany", "submarine"),), (Unit("d1", "uk", "transport"),))
    odds = exact(in_play(with_techs(new(game), "germany", "super_submarines")), battle)
    plain = exact(in_play(new(game)), battle)
    # per round: strike hits p; else the transport (defence 1) hits 1/6
    for o, p in ((odds, F(3, 6)), (plain, F(2, 6))):
        assert o.attacker_wins == p / (1 - (1 - p) * F(5, 6))


def test_researched_this_turn_the_sub_attacks_at_3_in_this_turns_battle(game):
    s = emptied(new(game), "germany")
    put(s, "germany", "submarine", "sz5")
    put(s, "uk", "transport", "sz6")
    text = "research super subs 1 die\ncombat:\n1 sub sz 5 -> sz 6\nplace:"
    # research rolls 3 (developed); the surprise strike rolls 3: a hit at 3
    out = play(game, s, "germany", text, [3, 3])
    assert out.state["techs"] == {"germany": ["super_submarines"]}
    (battle,) = out.events["battles"]
    assert battle["result"]["winner"] == "attacker" and battle["result"]["rounds"] == 1
    assert not any(u["power"] == "uk" for u in out.state["units"])
    # no development (the research die is a 1): the same 3 misses, the transport fires
    miss = play(game, s, "germany", text, [1, 3, 6, 6, 6, 6, 1, 6])
    assert miss.events["battles"][0]["result"]["rounds"] > 1
