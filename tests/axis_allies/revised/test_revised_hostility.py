"""Revised digest A4, A5.3, C1: any enemy unit makes a sea zone hostile, submarines and
transports included (``subs_make_zone_hostile``, ``transports_make_zone_hostile``);
submarines move like other ships (``subs_pass_hostile_zones`` false); an enemy submarine
stops transports loading ("sub-stalling")."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies.movement import Load
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.state import Board
from adjudicator.axis_allies.validate import check_combat_moves, check_noncombat_moves

from .cases import ED, RULES, blank, mv, play, put, rules_of, units_at


def test_the_switches_in_revised():
    assert RULES.subs_make_zone_hostile and RULES.transports_make_zone_hostile
    assert not RULES.subs_pass_hostile_zones


@pytest.mark.parametrize("enemy", ["submarine", "transport", "destroyer", "carrier"])
def test_any_enemy_unit_makes_a_zone_hostile(enemy):
    s = blank("uk", "noncombat")
    put(s, "uk", "destroyer", "sz7")
    put(s, "germany", enemy, "sz6")
    assert Board(s, ED).hostile_sea("sz6", "uk")
    plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"destroyer": 1}, "sz7", "sz6",
                                                  "sz5")])
    assert "naval-must-stop" in rules_of(plan)
    what = "enemy surface warships" if enemy in ("destroyer", "carrier") else "enemy ships"
    assert [e.message.endswith(f"Destroyer must stop in Sea Zone 6: {what} are there")
            for e in plan.errors if e.rule == "naval-must-stop"] == [True]


def test_an_empty_zone_or_one_with_only_friends_is_not_hostile():
    s = blank("uk", "noncombat")
    put(s, "usa", "submarine", "sz6")
    put(s, "ussr", "transport", "sz6")
    assert not Board(s, ED).hostile_sea("sz6", "uk")
    assert not Board(s, ED).hostile_sea("sz5", "uk")


def test_transports_ignored_with_the_1942_value_of_the_switch():
    s = blank("uk", "noncombat")
    put(s, "germany", "transport", "sz6")
    assert Board(s, ED).hostile_sea("sz6", "uk")
    s["rules"] = {**s["rules"], "transports_make_zone_hostile": False}
    assert not Board(s, ED).hostile_sea("sz6", "uk")


def test_submarines_are_blocked_like_other_ships():
    s = blank("uk", "noncombat")
    put(s, "uk", "submarine", "sz7")
    put(s, "germany", "battleship", "sz6")  # no destroyer: a 1942 sub would pass
    plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"submarine": 1}, "sz7", "sz6",
                                                  "sz5")])
    assert "naval-must-stop" in rules_of(plan)


def test_a_submarine_may_not_pass_an_enemy_submarine_in_combat_move_either():
    s = blank("uk", "combat")
    put(s, "uk", "submarine", "sz7")
    put(s, "germany", "submarine", "sz6")
    put(s, "germany", "transport", "sz5")
    plan = check_combat_moves(s, ED, "uk", [mv("uk", {"submarine": 1}, "sz7", "sz6", "sz5")])
    assert "naval-must-stop" in rules_of(plan)


def test_an_enemy_submarine_stops_transports_loading():
    s = blank("uk", "noncombat")
    put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "germany", "submarine", "sz6")
    plan = check_noncombat_moves(s, ED, "uk", [mv(
        "uk", {"transport": 1}, "sz6",
        loads=(Load("sz6", "united_kingdom", (U("infantry", 1),)),))])
    assert rules_of(plan) == ["load-in-hostile-zone"]


def test_ships_entering_a_zone_with_only_an_enemy_transport_fight_it():
    s = blank("usa", "purchase")
    put(s, "usa", "destroyer", "sz7")
    put(s, "germany", "transport", "sz6")
    # the destroyer hits with its 1; the transport's return fire (it defends at 1) misses
    res = play(s, "usa", "buy\ncombat:\n1 destroyer sz7 -> sz6\nnoncombat:\nplace:\n", [1, 6])
    battle = res.events["battles"][0]
    assert battle["region"] == "sz6" and battle["kind"] == "sea"
    assert battle["result"]["winner"] == "attacker"
    assert [u["type"] for u in units_at(res.state, "sz6")] == ["destroyer"]
