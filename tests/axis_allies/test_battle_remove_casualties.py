"""battle/remove_casualties.py: the casualty zone is cleared after the surprise strikes (sea)
and at the end of every round."""

from __future__ import annotations

from battle_cases import RULES, army, events, fight, setup_of

from adjudicator.axis_allies.battle.remove_casualties import RemoveCasualties
from adjudicator.axis_allies.battle.step import BattleInfo
from adjudicator.axis_allies.combat import Unit


def test_the_surprise_strikes_removal_applies_at_sea_only():
    land = BattleInfo("land", "here", "uk", RULES)
    sea = BattleInfo("sea", "here", "uk", RULES)
    assert not RemoveCasualties(sea_only=True).applies(land)
    assert RemoveCasualties(sea_only=True).applies(sea)
    assert RemoveCasualties().applies(land) and RemoveCasualties().applies(sea)


def test_sub_strike_casualties_are_removed_before_the_main_fire():
    s = setup_of("sea", army("uk", "a", submarine=1, cruiser=1),
                 army("ger", "d", cruiser=1, transport=1))
    # strike 1 sinks the cruiser before it fires; cruiser 6; the transport is then defenceless
    res = fight(s, [1, 6])
    shooters = [d["unit"] for e in events(res, "fire") if e["side"] == "defender"
                for d in e["dice"]]
    assert shooters == [] and res.end_reason == "defenceless-transports"


def test_bombardment_casualties_fire_back_in_round_one():
    s = setup_of("land", army("uk", "a", landed=True, infantry=1), army("ger", "d", infantry=1))
    res = fight(s, [1, 6], bombarding=(Unit("s1", "uk", "battleship"),), landing=1)
    fire = [(e["side"], e["purpose"]) for e in events(res, "fire")]
    assert fire == [("attacker", "bombard"), ("defender", "fire")]
    assert res.end_reason == "defender-eliminated"
