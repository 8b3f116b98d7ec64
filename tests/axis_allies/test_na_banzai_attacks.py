"""Banzai Attacks (Japan 6, Revised digest A7): an attack begun with infantry only has that
infantry attack at 2, amphibious assaults included; ruling NA-banzai_attacks."""

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

from adjudicator.axis_allies.advantages.banzai_attacks import ADVANTAGE

PLAY = ruleset_with(ADVANTAGE).in_play({"advantages": {"japan": ["banzai_attacks"]}})
DFN = units("usa", "infantry")


def test_an_infantry_only_attack_attacks_at_2():
    att = units("japan", "infantry", "infantry")
    res = fight(PLAY, setup("china", "land", att, DFN), [2, 6, 6])
    assert fire_values(res, "attacker") == [2, 2] and res.winner == "attacker"
    # one infantry at 2 (1/3) against infantry at 2 (1/3): 2/5, 1/5, 2/5 (printed 1/4 ...)
    one = setup("china", "land", units("japan", "infantry"), DFN)
    assert odds(PLAY, one) == (F(2, 5), F(1, 5), F(2, 5))
    assert odds(BASE.in_play({}), one) == (F(1, 4), F(1, 8), F(5, 8))


def test_an_amphibious_infantry_only_assault():
    att = units("japan", "infantry", landed=True)
    assert fire_values(fight(PLAY, setup("philippine_islands", "land", att, DFN), [2, 6]),
                       "attacker") == [2]


def test_not_when_anything_else_attacks_with_them():
    for other in ("artillery", "tank", "fighter"):
        att = units("japan", "infantry", other)
        res = fight(PLAY, setup("china", "land", att, DFN), [6, 6, 6, 1, 1, 6])
        values = fire_values(res, "attacker")
        assert values[0] == (2 if other == "artillery" else 1), other  # printed support only


def test_not_the_defender_nor_another_power():
    assert fire_values(fight(PLAY, setup("manchuria", "land", units("usa", "infantry"),
                                         units("japan", "infantry")), [6, 2]),
                       "defender") == [2]
    res = fight(PLAY, setup("manchuria", "land", units("usa", "infantry"),
                            units("japan", "infantry")), [1, 6])
    assert fire_values(res, "attacker") == [1]


def test_without_the_advantage_infantry_attacks_at_1():
    res = fight(BASE.in_play({}), setup("china", "land", units("japan", "infantry"), DFN),
                [1, 6])
    assert fire_values(res, "attacker") == [1]


def test_in_a_turn():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_japan="banzai_attacks"), "japan")
        put(s, "japan", "infantry", "manchuria", 2)
        put(s, "usa", "infantry", "china")
        out = play(game, s, "japan", "combat:\n2 inf Manchuria -> China", [2, 6, 6])
        log = out.events["battles"][0]["result"]["log"]
        fire = next(e for e in log if e["event"] == "fire" and e["side"] == "attacker")
        assert [d["value"] for d in fire["dice"]] == [2, 2]
        assert out.state["controllers"]["china"] == "japan"
        start = next(e for e in log if e["event"] == "start")
        assert start["effects"] == [{"effect": "Banzai Attacks", "side": "attacker",
                                     "power": "japan", "type": "infantry", "value": 2}]
        record = {"phase": s["phase"], "state_before": s, "results": out.results,
                  "events": out.events}
        assert "Banzai Attacks: Japan's Infantry attack at 2." in str(
            game.report_context(record, out.state, {}))
