"""battle/aa_fire.py: one AA gun fires before round 1 of a land battle (ruling 20)."""

from __future__ import annotations

from battle_cases import ED, RULES, F, army, calculated, enumerated, events, exact, fight, setup_of

from adjudicator.axis_allies.battle.aa_fire import AAFire
from adjudicator.axis_allies.battle.step import BattleInfo


def test_applies_to_land_battles_only():
    assert AAFire().applies(BattleInfo("land", "here", "ger", RULES))
    assert not AAFire().applies(BattleInfo("sea", "here", "ger", RULES))


def test_one_gun_fires_one_die_per_aircraft_by_type():
    s = setup_of("land", army("ger", "a", fighter=2, bomber=1),
                 army("rus", "d", aa_gun=2, infantry=1))
    # AA: fighters 1, 6 (one shot down); bomber 6; round 1: ftr 6, bmr 6; inf 6; round 2 ...
    res = fight(s, [1, 6, 6, 6, 6, 6, 1, 1, 6])
    aa = events(res, "aa")
    assert [(e["type"], e["guns_present"], e["destroyed"]) for e in aa] == [
        ("fighter", 2, ["a1"]), ("bomber", 2, [])]
    assert res.fates["a1"] == "destroyed" and res.fates["d1"] == "survived"


def test_exact_odds_and_every_die_through_the_engine_agree():
    s = setup_of("land", army("ger", "a", fighter=1, infantry=1),
                 army("rus", "d", infantry=1, aa_gun=1))
    assert calculated(s) == enumerated(s)
    # the fighter is lost before the battle 1/6 of the time
    o = exact(s)
    assert o.probability(winner="attacker") > 0 and ED.units["aa_gun"].anti_aircraft == 1
    lone = exact(setup_of("land", army("ger", "a", fighter=1), army("rus", "d", aa_gun=1)))
    # shot down: nobody is left who can be a casualty (an AA gun never is one)
    assert lone.probability(reason="both-eliminated") == F(1, 6)
    assert lone.probability(reason="defender-eliminated") == F(5, 6)
