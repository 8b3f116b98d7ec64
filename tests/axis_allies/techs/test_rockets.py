"""Rockets (Revised digest A5.1 tech 2; rulings W1-W4): in Conduct Combat, before the battles,
each AA gun of the power may fire at one enemy industrial complex within 3 territories; one
die, the complex's owner loses that many IPC, at most the territory's income and what it has;
each complex at most once a turn. Ordered ``rockets: Germany -> United Kingdom``."""

from __future__ import annotations

from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

from .scenario import check, emptied, failed, new, play, put, with_techs


def launch_board(game, *techs):
    s = with_techs(emptied(new(game), "germany"), "germany", *techs)
    put(s, "germany", "aa_gun", "western_europe")
    put(s, "germany", "aa_gun", "germany")
    return s


def test_a_rocket_takes_one_die_of_ipc_from_the_complexs_owner(game):
    s = launch_board(game, "rockets")
    out = play(game, s, "germany", "rockets: Western Europe aa -> United Kingdom\nplace:", [5])
    assert out.events["rockets"] == [{
        "from": "western_europe", "from_name": "Western Europe", "target": "united_kingdom",
        "target_name": "United Kingdom", "owner": "uk", "die": 5, "cap": 8, "lost": 5,
        "treasury_after": 25}]
    assert out.state["treasury"]["uk"] == 30 - 5
    assert out.results[0]["success"] and "loses 5 IPC" in out.results[0]["reason"]


def test_the_loss_is_at_most_the_territorys_income_and_what_the_owner_has(game):
    s = launch_board(game, "rockets")
    s["complexes"]["karelia_ssr"] = {"owner": "ussr", "damage": 0, "new": False}  # income 2
    out = play(game, s, "germany", "rockets Germany -> Karelia\nplace:", [6])
    assert out.events["rockets"][0]["lost"] == 2
    s["treasury"]["ussr"] = 1
    out = play(game, s, "germany", "rockets Germany -> Karelia\nplace:", [6])
    assert out.events["rockets"][0]["lost"] == 1 and out.state["treasury"]["ussr"] == 0


def test_rules_checked_before_the_dice(game):
    s = launch_board(game, "rockets")
    s["complexes"]["karelia_ssr"] = {"owner": "ussr", "damage": 0, "new": False}

    def rules(text):
        return [e.rule for e in check(game, s, "germany", text)]

    assert rules("rockets Germany -> Russia") == ["rockets-range"]  # 4 away
    assert rules("rockets Germany -> Karelia") == []
    assert rules("rockets Norway -> United Kingdom") == ["rockets-no-gun"]
    assert rules("rockets Karelia -> United Kingdom") == ["rockets-launch"]
    assert rules("rockets Germany -> Western Europe") == ["rockets-no-enemy-complex"]
    # each gun once, each complex once
    assert rules("rockets Germany -> United Kingdom\nrockets Germany -> Karelia") == [
        "rockets-one-per-gun"]
    assert rules("rockets Germany -> United Kingdom\n"
                 "rockets Western Europe -> United Kingdom") == ["rockets-once-per-complex"]


def test_without_the_technology_no_rocket_is_fired(game):
    s = launch_board(game)
    text = "rockets Western Europe -> United Kingdom\nplace:"
    assert [e.rule for e in check(game, s, "germany", text)] == ["rockets-no-tech"]
    out = play(game, s, "germany", text, [])
    assert [r["rule"] for r in failed(out)] == ["rockets-no-tech"]
    assert out.state["treasury"]["uk"] == 30


def test_developed_this_turn_the_guns_fire_the_same_turn(game):
    s = launch_board(game)
    text = "research rockets 1 die\nrockets Western Europe -> United Kingdom\nplace:"
    assert check(game, s, "germany", text) == []  # it depends on the research roll
    out = play(game, s, "germany", text, [2, 4])
    assert out.state["treasury"]["uk"] == 30 - 4
    miss = play(game, s, "germany", text, [1])
    assert [r["rule"] for r in failed(miss)] == ["rockets-no-tech"]


def test_a_gun_captured_this_turn_fires_no_rocket(game):
    s = launch_board(game, "rockets")
    for u in s["units"]:
        u["captured_this_turn"] = True
    assert [e.rule for e in check(game, s, "germany", "rockets Germany -> United Kingdom")] == [
        "rockets-no-gun"]


def test_a_1942_game_refuses_rocket_orders():
    g = get_game("aa1942")
    s = g.new_state(g.check_options({"passes": "one"}))
    s["turn"].update(power="germany")
    parsed = g.parse("rockets Germany -> United Kingdom\nplace:", s)
    assert not parsed.errors
    errors = g.validate(s, "germany", [p.order for p in parsed.orders])[1]
    assert [e.rule for e in errors] == ["rockets-no-step"]
    out = g.resolve(s, {"germany": [p.order for p in parsed.orders]}, FixedDice([]))
    assert [r["rule"] for r in out.results if not r["success"]] == ["rockets-no-step"]


def test_the_canonical_text_reads_back(game):
    from .scenario import orders

    s = launch_board(game, "rockets")
    for text in ("rockets: Western Europe aa -> UK", "rocket United Kingdom from Germany"):
        (o,) = orders(game, s, text)
        assert orders(game, s, o.text()) == [o]
