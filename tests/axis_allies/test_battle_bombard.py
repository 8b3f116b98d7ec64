"""battle/bombard.py: shore bombardment before the land battle of an assault (ruling 24)."""

from __future__ import annotations

from battle_cases import RULES, army, calculated, enumerated, events, fight, setup_of

from adjudicator.axis_allies.battle.bombard import Bombard
from adjudicator.axis_allies.battle.step import BattleInfo
from adjudicator.axis_allies.combat import Unit


def test_applies_only_when_ships_offer_bombardment():
    assert Bombard().applies(BattleInfo("land", "here", "ger", RULES, bombarding=True))
    assert not Bombard().applies(BattleInfo("land", "here", "ger", RULES))


def test_one_ship_per_landing_unit_strongest_first_and_casualties_fire_back():
    s = setup_of("land", army("uk", "a", landed=True, infantry=1), army("ger", "d", infantry=1))
    ships = (Unit("s1", "uk", "cruiser"), Unit("s2", "uk", "battleship"))
    # bombard: the battleship rolls 4 (hits on 4); round 1: the attacker has no target left
    # (the defender's infantry is in the casualty zone), which fires back and hits with 2
    res = fight(s, [4, 2], bombarding=ships, landing=1)
    bomb = events(res, "bombardment")[0]
    assert bomb["ships"] == ["s2"] and bomb["idle"] == ["s1"]
    assert res.fates["a1"] == "destroyed" and res.fates["d1"] == "destroyed"
    assert res.end_reason == "both-eliminated"


def test_exact_odds_and_every_die_through_the_engine_agree():
    s = setup_of("land", army("uk", "a", landed=True, infantry=2), army("ger", "d", infantry=2))
    ships = (Unit("s1", "uk", "battleship"), Unit("s2", "uk", "cruiser"))
    assert calculated(s, bombarding=ships, landing=2) == enumerated(s, bombarding=ships,
                                                                    landing=2)
