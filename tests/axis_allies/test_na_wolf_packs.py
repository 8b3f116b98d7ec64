"""Wolf Packs (Germany 4, Revised digest A7): three or more German submarines attacking one
sea zone attack at 3 (4 with Super Submarines); ruling NA-wolf_packs."""

from __future__ import annotations

import copy
from fractions import Fraction as F

from na_scenario import (
    BASE,
    emptied,
    fight,
    fire_values,
    game_with,
    new,
    odds,
    play,
    put,
    ruleset_with,
    setup,
    units,
)

from adjudicator.axis_allies.advantages.wolf_packs import ADVANTAGE
from adjudicator.axis_allies.effects import Effect

CHOSEN = {"advantages": {"germany": ["wolf_packs"]}}
PLAY = ruleset_with(ADVANTAGE).in_play(CHOSEN)
TRANSPORT = units("uk", "transport")


def subs(n: int):
    return units("germany", *["submarine"] * n)


def test_three_submarines_attack_at_3():
    res = fight(PLAY, setup("sz7", "sea", subs(3), TRANSPORT), [3, 6, 6])
    strike = next(e for e in res.log if e["event"] == "fire" and e["side"] == "attacker")
    assert [d["value"] for d in strike["dice"]] == [3, 3, 3]
    assert res.winner == "attacker"


def test_two_submarines_attack_at_2():
    res = fight(PLAY, setup("sz7", "sea", subs(2), TRANSPORT), [1, 6])
    assert fire_values(res, "attacker") == [2, 2]


def test_other_ships_do_not_make_a_pack():
    mixed = (*subs(2), *units("germany", "destroyer", start=3))
    res = fight(PLAY, setup("sz7", "sea", mixed, TRANSPORT), [6, 6, 1, 6])
    volleys = [e for e in res.log if e["event"] == "fire" and e["side"] == "attacker"]
    assert [[d["value"] for d in v["dice"]] for v in volleys] == [[2, 2], [3]]


def test_the_pack_keeps_its_value_after_losses_and_the_calculator_agrees():
    """Three subs against a destroyer (3): subs at 3 hit 1/2 each."""
    s = setup("sz7", "sea", subs(3), units("uk", "destroyer"))
    res = fight(PLAY, s, [6, 6, 6, 1, 3, 6, 6])  # round 1: all miss, a sub lost; round 2
    second = [e for e in res.log if e["event"] == "fire" and e["side"] == "attacker"][1]
    assert [d["value"] for d in second["dice"]] == [3, 3]
    plain = odds(BASE.in_play({}), s)
    better = odds(PLAY, s)
    assert better[0] > plain[0]
    assert sum(better, F(0)) == 1


def test_only_when_attacking():
    res = fight(PLAY, setup("sz7", "sea", units("uk", "destroyer"), subs(3)), [6, 1, 6, 6])
    assert set(fire_values(res, "defender")) == {2}


class SuperSubs(Effect):
    """A stand-in for the Super Submarines technology (Revised digest A5.1 #3)."""

    name = "Super Submarines"

    def attack(self, unit, value):
        return 3 if unit.spec.submarine and unit.power == "germany" else value


def test_with_super_submarines_the_pack_attacks_at_4():
    play_ = ruleset_with(SuperSubs(), ADVANTAGE).in_play(CHOSEN)
    res = fight(play_, setup("sz7", "sea", subs(3), TRANSPORT), [4, 6, 6])
    assert fire_values(res, "attacker") == [4, 4, 4]


def test_without_the_advantage_three_submarines_attack_at_2():
    other = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["atlantic_wall"]}})
    res = fight(other, setup("sz7", "sea", subs(3), TRANSPORT), [3, 3, 3, 6, 1, 6, 6])
    assert fire_values(res, "attacker") == [2, 2, 2]


def test_in_a_turn_submarines_from_different_zones_make_a_pack():
    with game_with(ADVANTAGE) as g:
        s = emptied(new(g, na_germany="wolf_packs"), "germany")
        put(s, "germany", "submarine", "sz5", 2)
        put(s, "germany", "submarine", "sz8")
        put(s, "uk", "transport", "sz7")
        text = "combat:\n2 sub sz5 -> sz7\n1 sub sz8 -> sz7"
        out = play(g, copy.deepcopy(s), "germany", text, [3, 6, 6])
        log = out.events["battles"][0]["result"]["log"]
        fire = next(e for e in log if e["event"] == "fire" and e["side"] == "attacker")
        assert [d["value"] for d in fire["dice"]] == [3, 3, 3]
        start = log[0]
        assert {"effect": "Wolf Packs", "side": "attacker", "power": "germany",
                "type": "submarine", "value": 3} in start["effects"]
