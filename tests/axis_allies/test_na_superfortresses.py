"""United States 6, Superfortresses (Revised digest A7, US 6): AA guns do not fire at US
bombers, in a land battle (dice and exactly) and at a strategic bombing raid; fighters with
them are fired at; only US bombers, only in a game that chose it."""

from __future__ import annotations

import pytest
from na_usa_game import (
    clear,
    exact,
    fight,
    in_play,
    na_game,
    new_game,
    play,
    setup,
    turn_of,
    units,
)

from adjudicator.axis_allies.advantages.superfortresses import ADVANTAGE
from adjudicator.axis_allies.state import add_unit

GUARD = units("germany", "infantry", "aa_gun")


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def aa_events(res) -> list[dict]:
    return [e for e in res.log if e["event"] == "aa"]


def test_the_gun_does_not_fire_at_us_bombers(game):
    play_ = in_play(game, na_usa="superfortresses")
    # no AA die: the bomber hits on 4, the infantry misses
    res = fight(play_, setup("germany", "land", units("usa", "bomber"), GUARD), [4, 6])
    assert aa_events(res) == [] and res.winner == "attacker"
    assert res.fates["us1"] == "survived"
    [spared] = [e for e in res.log if e["event"] == "aa-spared"]
    assert spared["units"] == ["us1"] and spared["effects"] == ["Superfortresses"]


def test_fighters_with_the_bombers_are_fired_at(game):
    play_ = in_play(game, na_usa="6")
    att = units("usa", "fighter", "bomber")
    # the gun rolls one die, for the fighter (a 1: shot down); the bomber hits on 4
    res = fight(play_, setup("germany", "land", att, GUARD), [1, 4, 6])
    [aa] = aa_events(res)
    assert aa["type"] == "fighter" and aa["dice"] == [1] and aa["destroyed"] == ["us1"]
    assert res.fates == {"us1": "destroyed", "us2": "survived", "ge1": "destroyed",
                         "ge2": "survived"}


def test_the_exact_odds_ignore_the_gun(game):
    play_ = in_play(game, na_usa="superfortresses")
    bomber = units("usa", "bomber")
    with_gun = exact(play_, setup("germany", "land", bomber, GUARD))
    without = exact(play_, setup("germany", "land", bomber, GUARD[:1]))
    assert with_gun == without
    plain = in_play(game)
    assert exact(plain, setup("germany", "land", bomber, GUARD)) != with_gun


def test_other_powers_bombers_are_fired_at(game):
    play_ = in_play(game, na_usa="superfortresses")
    res = fight(play_, setup("germany", "land", units("uk", "bomber"), GUARD), [1])
    [aa] = aa_events(res)
    assert aa["type"] == "bomber" and res.fates["uk1"] == "destroyed"


def test_without_the_advantage_us_bombers_are_fired_at(game):
    res = fight(in_play(game), setup("germany", "land", units("usa", "bomber"), GUARD), [1])
    assert aa_events(res)[0]["destroyed"] == ["us1"] and res.winner == "defender"


RAID = "combat:\nbomb Germany with 1 bmr from Western Europe"


def raid_turn(game, **options: str) -> dict:
    s = turn_of(clear(new_game(game, **options), "western_europe", "germany"), "usa")
    s["controllers"]["western_europe"] = s["turn_start_controllers"]["western_europe"] = "usa"
    s["raider"] = add_unit(s, "usa", "bomber", "western_europe")
    add_unit(s, "germany", "aa_gun", "germany")
    add_unit(s, "germany", "industrial_complex", "germany")
    return s


def test_no_aa_die_at_a_us_bombing_raid(game):
    s = raid_turn(game, na_usa="superfortresses")
    before = s["treasury"]["germany"]
    raider = s.pop("raider")
    out = play(game, s, "usa", RAID, dice=[5])  # the bomber's die only: 5 IPC lost
    [raid] = [b["raid"] for b in out.events["battles"] if b["kind"] == "bombing"]
    assert not [e for e in raid["log"] if e["event"] == "aa" and e.get("dice")]
    named = [e for e in raid["log"] if e["event"] == "aa"]
    assert named and named[0]["effects"] == ["Superfortresses"]
    assert raid["fates"] == {raider: "survived"} and raid["ipc_lost"] == 5
    assert out.state["treasury"]["germany"] == before - 5


def test_without_the_advantage_the_gun_fires_at_the_raid(game):
    s = raid_turn(game)
    before = s["treasury"]["germany"]
    raider = s.pop("raider")
    out = play(game, s, "usa", RAID, dice=[1])  # shot down: no bombing
    assert out.state["treasury"]["germany"] == before
    assert raider not in {u["id"] for u in out.state["units"]}
