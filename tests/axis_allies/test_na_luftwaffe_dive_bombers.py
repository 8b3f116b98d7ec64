"""Luftwaffe Dive Bombers (Germany 5, Revised digest A7): German fighters make strategic
bombing raids, each die halved (rounded up), at most the territory's income per fighter;
AA guns fire at them; ruling NA-luftwaffe_dive_bombers."""

from __future__ import annotations

import copy

import pytest
from na_scenario import ED, emptied, game_with, new, play, put, report, ruleset_with

from adjudicator.axis_allies.advantages.luftwaffe_dive_bombers import ADVANTAGE
from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import Unit
from adjudicator.dice import FixedDice

CHOSEN = {"advantages": {"germany": ["luftwaffe_dive_bombers"]}}
PLAY = ruleset_with(ADVANTAGE).in_play(CHOSEN)
FTR = tuple(Unit(f"f{i}", "germany", "fighter") for i in (1, 2))


def raid(play_, raiders, dice, where="russia", aa=None, treasury=30):
    ipc = ED.map.region(where).ipc
    return resolve_raid(ED, play_, RaidSetup(where, "germany", raiders, ipc, 0, aa, 1,
                                             treasury), FixedDice(list(dice)))


def test_each_fighter_die_is_halved_rounding_up():
    res = raid(PLAY, FTR, [5, 2])
    assert res.ipc_lost == 3 + 1
    bombing = next(e for e in res.log if e["event"] == "bombing")
    assert bombing["counted"] == {"f1": 3, "f2": 1}
    assert bombing["effects"] == ["Luftwaffe Dive Bombers"]


def test_each_fighter_at_most_the_territory_income_and_the_raid_too():
    res = raid(PLAY, FTR, [6, 6], where="novosibirsk")  # income 2
    bombing = next(e for e in res.log if e["event"] == "bombing")
    assert bombing["counted"] == {"f1": 2, "f2": 2}
    assert res.ipc_lost == 2  # the raid's cap: the territory's income


def test_bombers_still_count_their_whole_die():
    raiders = (Unit("b1", "germany", "bomber"), FTR[0])
    res = raid(PLAY, raiders, [5, 5])
    assert res.ipc_lost == 5 + 3


def test_aa_guns_fire_at_the_fighters():
    res = raid(PLAY, FTR, [1, 6, 4], aa=Unit("a1", "ussr", "aa_gun"))
    assert res.fates == {"f1": "destroyed", "f2": "survived"}
    assert res.ipc_lost == 2


def test_without_the_advantage_fighters_cannot_raid():
    other = ruleset_with(ADVANTAGE).in_play({"advantages": {"germany": ["wolf_packs"]}})
    with pytest.raises(ValueError, match="cannot make a strategic bombing raid"):
        raid(other, FTR, [5, 2])
    japanese = (Unit("j1", "japan", "fighter"),)
    with pytest.raises(ValueError):
        raid(PLAY, japanese, [5])


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def test_in_a_turn_the_raid_order_sends_fighters(g):
    s = emptied(new(g, na_germany="luftwaffe_dive_bombers"), "germany")
    s["controllers"].update(karelia_ssr="germany", russia="ussr")
    put(s, "germany", "fighter", "karelia_ssr", 2)
    text = "combat:\n2 ftr Karelia -> Archangel -> Russia (bomb)"
    before = s["treasury"]["ussr"]
    start = copy.deepcopy(s)
    out = play(g, s, "germany", text, [6, 3])
    lines = [x["text"] for b in report(g, start, out)["battles"] for sec in b["sections"]
             for x in sec["lines"]]
    assert any("counted" in x and "(Luftwaffe Dive Bombers)" in x and "total 5" in x
               for x in lines), lines
    raid_ev = out.events["battles"][0]["raid"]
    assert raid_ev["ipc_lost"] == 3 + 2
    assert out.state["treasury"]["ussr"] == before - 5
    # both survive and land on friendly ground after the raid (the default landing)
    assert len(out.state["units"]) == 2
    assert all(out.state["controllers"][u["loc"]] == "germany" for u in out.state["units"])


def test_without_the_advantage_a_fighter_raid_is_refused(g):
    s = emptied(new(g), "germany")
    s["controllers"].update(karelia_ssr="germany", russia="ussr")
    put(s, "germany", "fighter", "karelia_ssr")
    parsed = g.parse("combat:\n1 ftr Karelia -> Archangel -> Russia (bomb)", s)
    _, errors = g.validate(s, "germany", [p.order for p in parsed.orders])
    assert [e.rule for e in errors] == ["bombing-bombers-only"]


def test_a_line_naming_the_advantage_is_refused_with_a_pointer(g):
    s = emptied(new(g, na_germany="luftwaffe_dive_bombers"), "germany")
    out = play(g, s, "germany", "Luftwaffe Dive Bombers: Russia")
    bad = next(r for r in out.results if r["section"] == "advantages")
    assert bad["success"] is False and "(bomb)" in bad["reason"]
