"""Dug-in Defenders (Japan 5, Revised digest A7): Japanese infantry on islands defends at 3;
ruling NA-dug_in_defenders (an island lies inside one sea zone, digest A4)."""

from __future__ import annotations

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

from adjudicator.axis_allies.advantages.dug_in_defenders import ADVANTAGE

PLAY = ruleset_with(ADVANTAGE).in_play({"advantages": {"japan": ["dug_in_defenders"]}})
ATT = units("usa", "infantry", landed=True)
INF = units("japan", "infantry")


def test_japanese_infantry_on_an_island_defends_at_3():
    res = fight(PLAY, setup("philippine_islands", "land", ATT, INF), [6, 3])
    assert fire_values(res, "defender") == [3] and res.winner == "defender"
    # one infantry (1/6) against infantry at 3 (1/2): as in the Fortress Europe case
    assert odds(PLAY, setup("philippine_islands", "land", ATT, INF)) == (F(1, 7), F(1, 7),
                                                                          F(5, 7))


def test_in_every_round_and_against_aircraft():
    ftr = units("usa", "fighter")
    res = fight(PLAY, setup("okinawa", "land", ftr, INF), [6, 4, 6, 3])
    fires = [e for e in res.log if e["event"] == "fire" and e["side"] == "defender"]
    assert [f["dice"][0]["value"] for f in fires] == [3, 3]


def test_an_island_lies_inside_one_sea_zone():
    """Ruling NA-dug_in_defenders: Japan (two sea zones) and the mainland are not islands."""
    for mainland in ("japan", "manchuria", "australia"):
        res = fight(PLAY, setup(mainland, "land", ATT, INF), [6, 3, 1, 6])
        assert fire_values(res, "defender") == [2], mainland


def test_only_japanese_infantry_and_only_on_defence():
    art = units("japan", "artillery")
    assert fire_values(fight(PLAY, setup("okinawa", "land", ATT, art), [6, 2]),
                       "defender") == [2]
    british = units("uk", "infantry")
    assert fire_values(fight(PLAY, setup("new_zealand", "land", units("japan", "infantry"),
                                         british), [6, 2]), "defender") == [2]
    res = fight(PLAY, setup("new_zealand", "land", units("japan", "infantry", landed=True),
                            british), [1, 6])
    assert fire_values(res, "attacker") == [1]


def test_without_the_advantage_infantry_defends_at_2():
    assert fire_values(fight(BASE.in_play({}), setup("okinawa", "land", ATT, INF), [6, 2]),
                       "defender") == [2]


def test_in_a_turn():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_japan="dug_in_defenders"), "usa")
        put(s, "usa", "bomber", "hawaiian_islands")
        put(s, "japan", "infantry", "wake_island")
        # the bomber misses [6]; the infantry hits at 3 [3]
        out = play(game, s, "usa", "combat:\n1 bmr Hawaiian Islands -> Wake Island", [6, 3])
        log = out.events["battles"][0]["result"]["log"]
        fire = next(e for e in log if e["event"] == "fire" and e["side"] == "defender")
        assert fire["dice"][0]["value"] == 3
        assert not [u for u in out.state["units"] if u["type"] == "bomber"]
        record = {"phase": s["phase"], "state_before": s, "results": out.results,
                  "events": out.events}
        assert "Dug-in Defenders: Japan's Infantry defend at 3." in str(
            game.report_context(record, out.state, {}))
