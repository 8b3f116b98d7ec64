"""Radar (United Kingdom 1, Revised digest A7): the UK's AA guns in tan territories hit
aircraft on 1-2; ruling NA-radar (tan: printed in the UK's colour, the UK's own guns only,
battles and bombing raids alike)."""

from __future__ import annotations

from fractions import Fraction as F

from na_scenario import (
    BASE,
    ED,
    emptied,
    fight,
    game_with,
    new,
    odds,
    play,
    put,
    ruleset_with,
    setup,
    units,
)

from adjudicator.axis_allies.advantages.radar import ADVANTAGE
from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import Unit
from adjudicator.dice import FixedDice

PLAY = ruleset_with(ADVANTAGE).in_play({"advantages": {"uk": ["radar"]}})
PLAIN = BASE.in_play({})
FIGHTER = units("germany", "fighter")
GUN = units("uk", "infantry", "aa_gun")


def aa_events(res) -> list[tuple]:
    return [(e["type"], e["dice"], e["hit_on"], e.get("effects")) for e in res.log
            if e["event"] == "aa"]


def test_a_british_gun_in_a_tan_territory_hits_on_2():
    # AA [2] downs the fighter: no round is fought
    res = fight(PLAY, setup("anglo_egypt", "land", FIGHTER, GUN), [2])
    assert aa_events(res) == [("fighter", [2], 2, ["Radar"])]
    assert res.fates["g1"] == "destroyed" and res.winner == "defender"
    # exactly: the fighter gets past the gun with 2/3 instead of 5/6
    ratio = (odds(PLAY, setup("anglo_egypt", "land", FIGHTER, GUN))[0]
             / odds(PLAIN, setup("anglo_egypt", "land", FIGHTER, GUN))[0])
    assert ratio == F(4, 5)


def test_a_3_still_misses():
    res = fight(PLAY, setup("india", "land", FIGHTER, GUN), [3, 1, 6])
    assert aa_events(res) == [("fighter", [3], 2, ["Radar"])] and res.fates["g1"] != "destroyed"


def test_a_tan_territory_is_tan_whoever_held_it_since():
    """Ruling NA-radar: tan is the printed colour (the original owner), so a tan territory
    the UK retook still gives Radar; a British gun in a territory printed in another
    power's colour does not."""
    assert ED.map.regions["persia"].original_owner == "uk"
    assert aa_events(fight(PLAY, setup("persia", "land", FIGHTER, GUN), [2]))[0][2] == 2
    res = fight(PLAY, setup("karelia_ssr", "land", FIGHTER, GUN), [2, 1, 6])
    assert aa_events(res) == [("fighter", [2], 1, None)] and res.fates["g1"] != "destroyed"


def test_only_the_uks_own_guns():
    american = units("usa", "infantry", "aa_gun")
    res = fight(PLAY, setup("anglo_egypt", "land", FIGHTER, american), [2, 1, 6])
    assert aa_events(res) == [("fighter", [2], 1, None)]


def test_bombers_raiding_a_tan_complex_are_hit_on_2():
    raid = RaidSetup("united_kingdom", "germany", units("germany", "bomber", "bomber"), 8,
                     aa_gun=Unit("g", "uk", "aa_gun"), treasury=30)
    res = resolve_raid(ED, PLAY, raid, FixedDice([2, 3, 5]))
    assert res.fates == {"g1": "destroyed", "g2": "survived"} and res.ipc_lost == 5
    aa = next(e for e in res.log if e["event"] == "aa")
    assert aa["hit_on"] == 2 and aa["effects"] == ["Radar"]
    plain = resolve_raid(ED, PLAIN, raid, FixedDice([2, 3, 5, 4]))
    assert plain.fates == {"g1": "survived", "g2": "survived"}


def test_without_the_advantage_guns_hit_on_1():
    res = fight(PLAIN, setup("anglo_egypt", "land", FIGHTER, GUN), [2, 1, 6])
    assert aa_events(res) == [("fighter", [2], 1, None)]
    other = ruleset_with(ADVANTAGE).in_play({"advantages": {"uk": ["joint_strike"]}})
    assert aa_events(fight(other, setup("anglo_egypt", "land", FIGHTER, GUN), [2, 1, 6])
                     )[0][2] == 1


def test_in_a_turn_chosen_at_adj_new_and_reported():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_uk="radar"), "germany")
        put(s, "germany", "fighter", "libya")
        put(s, "germany", "infantry", "libya")
        put(s, "uk", "infantry", "anglo_egypt")
        put(s, "uk", "aa_gun", "anglo_egypt")
        # AA [2] downs the fighter; the infantry [1] hits, the defender [6] misses
        out = play(game, s, "germany",
                   "combat:\n1 inf Libya -> Anglo Egypt\n1 ftr Libya -> Anglo Egypt", [2, 1, 6])
        log = out.events["battles"][0]["result"]["log"]
        aa = next(e for e in log if e["event"] == "aa")
        assert (aa["hit_on"], aa["effects"]) == (2, ["Radar"])
        assert not [u for u in out.state["units"] if u["type"] == "fighter"]
        assert out.state["controllers"]["anglo_egypt"] == "germany"
        record = {"phase": s["phase"], "state_before": s, "results": out.results,
                  "events": out.events}
        text = str(game.report_context(record, out.state, {}))
        assert "hitting on 2 (Radar)" in text
