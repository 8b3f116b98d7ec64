"""Fortress Europe (Germany 6, Revised digest A7): German artillery defends at 3 in grey
(originally German) territories; ruling NA-fortress_europe."""

from __future__ import annotations

from fractions import Fraction as F

from na_scenario import BASE, fight, fire_values, odds, ruleset_with, setup, units

from adjudicator.axis_allies.advantages.fortress_europe import ADVANTAGE

PLAY = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["fortress_europe"]}})
ATT = units("ussr", "infantry")
ART = units("germany", "artillery")


def test_german_artillery_defends_at_3_in_a_grey_territory():
    res = fight(PLAY, setup("eastern_europe", "land", ATT, ART), [6, 3])
    assert fire_values(res, "defender") == [3]
    assert res.winner == "defender"
    # one infantry (hits 1/6) against artillery at 3 (1/2): 1/12, 1/12, 5/12 a round
    assert odds(PLAY, setup("eastern_europe", "land", ATT, ART)) == (F(1, 7), F(1, 7), F(5, 7))


def test_a_captured_grey_territory_is_still_grey():
    """Ruling NA-fortress_europe: grey is the printed colour (the original owner)."""
    res = fight(PLAY, setup("ukraine_ssr", "land", ATT, ART), [6, 3])
    assert fire_values(res, "defender") == [3]


def test_not_outside_grey_territories():
    res = fight(PLAY, setup("karelia_ssr", "land", ATT, ART), [6, 3, 6, 2])
    assert fire_values(res, "defender") == [2]


def test_only_german_artillery_and_only_on_defence():
    inf = units("germany", "infantry")
    assert fire_values(fight(PLAY, setup("germany", "land", ATT, inf), [6, 2]), "defender") == [2]
    italian = units("uk", "artillery")  # an Allied artillery defending a liberated grey land
    res = fight(PLAY, setup("western_europe", "land", units("germany", "infantry"), italian),
                [6, 2])
    assert fire_values(res, "defender") == [2]
    res = fight(PLAY, setup("karelia_ssr", "land", ART, units("ussr", "infantry")), [2, 6])
    assert fire_values(res, "attacker") == [2]


def test_without_the_advantage_artillery_defends_at_2():
    plain = BASE.in_play({})
    assert fire_values(fight(plain, setup("germany", "land", ATT, ART), [6, 2]), "defender") == [2]
    other = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["atlantic_wall"]}})
    assert fire_values(fight(other, setup("germany", "land", ATT, ART), [6, 2]), "defender") == [2]
