"""Trans-Siberian Railway (Soviet Union 6, Revised digest A7): Soviet infantry, artillery and
AA guns move 2 along Russia - Novosibirsk - Yakut - Buryatia, the whole route on the line;
ruling NA-trans_siberian_railway."""

from __future__ import annotations

import copy

import pytest
from aa_scenario import mv, rules_of
from na_scenario import ED, emptied, game_with, new, play, put

from adjudicator.axis_allies.advantages.trans_siberian_railway import ADVANTAGE
from adjudicator.axis_allies.validate import check_combat_moves, check_noncombat_moves


@pytest.fixture
def board():
    """``board(chosen)``: an emptied board, the USSR at its noncombat move."""
    with game_with(ADVANTAGE) as g:
        yield lambda chosen=True: emptied(
            new(g, **({"na_ussr": "trans_siberian_railway"} if chosen else {})), "ussr",
            step="noncombat")


def refused(s, *moves, step: str = "noncombat") -> list[str]:
    check = check_noncombat_moves if step == "noncombat" else check_combat_moves
    return rules_of(check(s, ED, "ussr", list(moves)))


def test_infantry_artillery_and_aa_guns_ride_two_territories_along_the_line(board):
    s = board()
    for utype in ("infantry", "artillery", "aa_gun"):
        put(s, "ussr", utype, "russia")
        assert refused(s, mv("ussr", {utype: 1}, "russia", "yakut_ssr", given=False)) == []
        assert refused(s, mv("ussr", {utype: 1}, "russia", "novosibirsk",
                             "yakut_ssr")) == []
    put(s, "ussr", "infantry", "buryatia_ssr")
    assert refused(s, mv("ussr", {"infantry": 1}, "buryatia_ssr", "yakut_ssr",
                         "novosibirsk")) == []


def test_not_when_the_route_leaves_the_line(board):
    s = board()
    put(s, "ussr", "infantry", "russia")
    assert refused(s, mv("ussr", {"infantry": 1}, "russia", "kazakh_ssr",
                         "novosibirsk")) == ["out-of-range"]
    assert refused(s, mv("ussr", {"infantry": 1}, "russia", "novosibirsk",
                         "sinkiang")) == ["out-of-range"]
    put(s, "ussr", "infantry", "kazakh_ssr")
    assert refused(s, mv("ussr", {"infantry": 1}, "kazakh_ssr", "novosibirsk",
                         "yakut_ssr")) == ["out-of-range"]


def test_not_for_a_unit_that_already_moved_this_turn(board):
    s = board()
    put(s, "ussr", "infantry", "novosibirsk")
    s["units"][0]["moved"] = 1  # it came from Kazakh S.S.R. earlier this turn
    assert refused(s, mv("ussr", {"infantry": 1}, "novosibirsk",
                         "yakut_ssr")) == ["out-of-range"]


def test_not_for_other_units_or_other_powers(board):
    s = board()
    put(s, "ussr", "tank", "russia")  # tanks move 2 anyway, never 3
    assert refused(s, mv("ussr", {"tank": 1}, "russia", "novosibirsk", "yakut_ssr",
                         "buryatia_ssr")) == ["out-of-range"]
    s["turn"]["power"] = "uk"
    put(s, "uk", "infantry", "russia")
    assert rules_of(check_noncombat_moves(s, ED, "uk", [mv(
        "uk", {"infantry": 1}, "russia", "novosibirsk", "yakut_ssr")])) == ["out-of-range"]


def test_aa_guns_still_move_only_in_noncombat(board):
    s = board()
    s["turn"]["step"] = "combat"
    put(s, "ussr", "aa_gun", "russia")
    assert "aa-gun-noncombat-only" in refused(
        s, mv("ussr", {"aa_gun": 1}, "russia", "novosibirsk", "yakut_ssr"), step="combat")


def test_without_the_advantage_infantry_move_one(board):
    s = board(chosen=False)
    put(s, "ussr", "infantry", "russia")
    assert refused(s, mv("ussr", {"infantry": 1}, "russia", "novosibirsk",
                         "yakut_ssr")) == ["out-of-range"]


def test_in_a_turn():
    with game_with(ADVANTAGE) as g:
        s = emptied(new(g, na_ussr="trans_siberian_railway"), "ussr")
        put(s, "ussr", "infantry", "russia", 2)
        out = play(g, copy.deepcopy(s), "ussr", "noncombat:\n2 inf Russia -> Yakut")
        assert sorted(u["loc"] for u in out.state["units"]) == ["yakut_ssr", "yakut_ssr"]
