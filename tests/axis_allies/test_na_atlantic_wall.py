"""Atlantic Wall (Germany 2, Revised digest A7): in an amphibious assault on a grey (originally
German) territory, German infantry defend at 3 in the first combat round; ruling
NA-atlantic_wall."""

from __future__ import annotations

import copy
from fractions import Fraction as F

from na_scenario import (
    BASE,
    emptied,
    fight,
    game_with,
    new,
    odds,
    play,
    put,
    report,
    ruleset_with,
    setup,
    units,
)

from adjudicator.axis_allies.advantages.atlantic_wall import ADVANTAGE, AtlanticWallFire

PLAY = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["atlantic_wall"]}})
LANDING = units("uk", "infantry", landed=True)
OVERLAND = units("uk", "infantry")
INF = units("germany", "infantry")


def defender_values(res) -> list[list[int]]:
    return [[d["value"] for d in e["dice"]] for e in res.log
            if e["event"] == "fire" and e["side"] == "defender"]


def test_german_infantry_defend_at_3_in_the_first_round_of_a_landing():
    res = fight(PLAY, setup("western_europe", "land", LANDING, INF), [6, 6, 6, 6, 1, 6])
    assert defender_values(res) == [[3], [2], [2]]
    note = next(e for e in res.log if e["event"] == "advantage")
    assert note == {"event": "advantage", "advantage": "atlantic_wall", "name": "Atlantic Wall",
                    "power": "germany", "side": "defender", "units": ["g1"], "defend_at": 3,
                    "round": 1}


def test_a_3_hits_in_the_first_round():
    res = fight(PLAY, setup("western_europe", "land", LANDING, INF), [6, 3])
    assert res.winner == "defender" and res.rounds == 1


def test_the_calculator_fires_at_3_in_the_first_round_only():
    """Infantry (1) lands against infantry: round 1 the defender hits 1/2, then 1/3.
    Round 1: attacker only 1/12, both 1/12, defender only 5/12, on 5/12; afterwards one
    infantry against one at 2: 1/4, 1/8, 5/8 (test_effects)."""
    s = setup("western_europe", "land", LANDING, INF)
    rest = F(5, 12)
    want = (F(1, 12) + rest * F(1, 4), F(1, 12) + rest * F(1, 8), F(5, 12) + rest * F(5, 8))
    assert odds(PLAY, s) == want
    assert odds(BASE.in_play({}), s) == (F(1, 4), F(1, 8), F(5, 8))


def test_not_without_a_landing():
    res = fight(PLAY, setup("western_europe", "land", OVERLAND, INF), [6, 3, 6, 2])
    assert defender_values(res)[0] == [2]
    assert not any(e["event"] == "advantage" for e in res.log)


def test_not_outside_grey_territories():
    res = fight(PLAY, setup("karelia_ssr", "land", LANDING, INF), [6, 3, 6, 2])
    assert defender_values(res)[0] == [2]


def test_only_german_infantry():
    dfn = (*units("germany", "artillery"), *units("germany", "infantry", start=2))
    res = fight(PLAY, setup("western_europe", "land", LANDING, dfn), [6, 1, 6])
    assert defender_values(res)[0] == [3, 2]  # infantry, then artillery (table order)


def test_without_the_advantage():
    other = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["wolf_packs"]}})
    res = fight(other, setup("western_europe", "land", LANDING, INF), [6, 3, 6, 2])
    assert defender_values(res)[0] == [2]
    assert not any(type(s) is AtlanticWallFire for s in other.battle_steps(
        _info("western_europe")))


def _info(region):
    from adjudicator.axis_allies.battle.step import BattleInfo

    return BattleInfo("land", region, "uk", BASE.rules)


def test_in_a_turn_a_landing_from_a_transport_and_the_report():
    with game_with(ADVANTAGE) as g:
        s = emptied(new(g, na_germany="atlantic_wall"), "uk", rnd=1)
        t = put(s, "uk", "transport", "sz7")[0]
        put(s, "uk", "infantry", "sz7", aboard=t)
        put(s, "germany", "infantry", "western_europe")
        before = copy.deepcopy(s)
        out = play(g, s, "uk", "combat:\n1 inf sz7 -> Western Europe", [6, 3])
        battle = out.events["battles"][0]
        log = (battle["result"].get("land") or battle["result"])["log"]
        assert [d["value"] for e in log if e["event"] == "fire" and e["side"] == "defender"
                for d in e["dice"]] == [3]
        ctx = report(g, before, out)
        lines = [x["text"] for b in ctx["battles"] for sec in b["sections"] for x in sec["lines"]]
        assert any(x.startswith("Atlantic Wall: ") and "defends at 3 in round 1" in x
                   for x in lines), lines
