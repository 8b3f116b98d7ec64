"""Long-Range Aircraft (Revised digest A5.1 tech 4): the power's fighters move 6 and its
bombers 8 (printed 4 and 6); every range question (movement, landings) asks it."""

from __future__ import annotations

from adjudicator.axis_allies.state import Board

from .scenario import ED, check, emptied, failed, new, play, put, with_techs

FLIGHTS = "noncombat:\n1 ftr Germany -> French Indochina\n1 bmr Germany -> East Indies"


def board_with_aircraft(game, *techs):
    s = with_techs(emptied(new(game), "germany"), "germany", *techs)
    put(s, "germany", "fighter", "germany")
    put(s, "germany", "bomber", "germany")
    put(s, "japan", "fighter", "japan")
    return s


def test_fighters_move_6_and_bombers_8(game):
    s = board_with_aircraft(game, "long_range_aircraft")
    b = Board(s, ED)
    assert {u["power"] + " " + u["type"]: b.moves(u) for u in s["units"]} == {
        "germany fighter": 6, "germany bomber": 8, "japan fighter": 4}  # not shared
    plain = Board(board_with_aircraft(game), ED)
    assert sorted(plain.moves(u) for u in plain.state["units"]) == [4, 4, 6]


def test_the_validator_allows_the_longer_flights(game):
    # French Indochina is 6 from Germany, the East Indies 7
    at_noncombat = {"step": "noncombat"}
    plain = board_with_aircraft(game)
    plain["turn"].update(at_noncombat)
    assert {e.rule for e in check(game, plain, "germany", FLIGHTS)} == {"air-out-of-range"}
    lra = board_with_aircraft(game, "long_range_aircraft")
    lra["turn"].update(at_noncombat)
    assert check(game, lra, "germany", FLIGHTS) == []


def test_developed_this_turn_the_aircraft_fly_further_the_same_turn(game):
    s = board_with_aircraft(game)
    out = play(game, s, "germany", "research LRA, 1 die\n" + FLIGHTS, [4])
    assert out.state["techs"] == {"germany": ["long_range_aircraft"]}
    assert not failed(out)
    where = {u["type"]: u["loc"] for u in out.state["units"] if u["power"] == "germany"}
    assert where == {"fighter": "french_indochina", "bomber": "east_indies"}
    # the research fails (a 1): both flights are out of range
    miss = play(game, s, "germany", "research LRA, 1 die\n" + FLIGHTS, [1])
    assert [r["section"] for r in failed(miss)] == ["noncombat", "noncombat"]


def test_a_combat_move_needing_the_range_researched_this_turn_is_kept_and_rechecked(game):
    # Russia is 4 from Germany and West Russia 1 more: 5 moves, a fighter has 4 (ruling W8)
    s = emptied(new(game), "germany")
    put(s, "germany", "fighter", "germany")
    put(s, "ussr", "infantry", "russia")
    text = ("research LRA 1 die\ncombat:\n1 ftr Germany -> Russia\nlanding:\n"
            "1 ftr Russia: West Russia\nplace:")
    assert [e.rule for e in check(game, s, "germany", text)] == ["air-no-landing"]
    out = play(game, s, "germany", text, [4, 1, 6])  # developed; the fighter hits, inf misses
    assert not failed(out)
    assert out.events["battles"][0]["result"]["winner"] == "attacker"
    assert [(u["type"], u["loc"]) for u in out.state["units"]] == [("fighter", "west_russia")]
    miss = play(game, s, "germany", text, [1])  # not developed: the move fails, no battle
    assert "combat" in [r["section"] for r in failed(miss)] and not miss.events["battles"]
