"""Enigma Decoded (UK 3, Revised digest A7, C3 #18): once per game, after Germany's combat
move and before its battles, a British standing special move into a British space Germany
attacks, or out of one leaving a unit behind, under the noncombat move rules; default: not
used; ruling NA-enigma_decoded."""

from __future__ import annotations

import pytest
from na_scenario import emptied, game_with, new, play, put, report, ruleset_with

from adjudicator.axis_allies.advantages.enigma_decoded import ADVANTAGE
from adjudicator.axis_allies.parser import parse_turn
from adjudicator.errors import GameError

ATTACK = "combat:\n2 inf Libya -> Anglo-Egypt"


def board(game, with_na=True):
    s = emptied(new(game, **({"na_uk": "enigma_decoded"} if with_na else {})), "germany")
    put(s, "germany", "infantry", "libya", 2)
    put(s, "uk", "infantry", "anglo_egypt")
    put(s, "uk", "infantry", "trans_jordan", 2)
    return s


def standing(game, s, text, power="uk"):
    parsed = game.parse(text, s)
    assert not parsed.errors, parsed.errors
    return game.apply_standing(s, power, [p.order for p in parsed.orders])


def where(state, power="uk"):
    return sorted(u["loc"] for u in state["units"] if u["power"] == power)


def turn(game, s, text=ATTACK, defenders=1):
    """Germany's turn: its infantry always miss, the British defenders always hit (two
    defenders: both attackers die in round 1; one: one a round)."""
    dice = [6, 6, 1, 1] if defenders == 2 else [6, 6, 1, 6, 1]
    return play(game, s, "germany", text, dice)


def test_a_reinforcement_before_the_battle():
    with game_with(ADVANTAGE) as game:
        s = standing(game, board(game), "Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt")
        assert s["standing"]["uk"]["advantages"] == {
            "enigma_decoded": "1 infantry trans jordan -> anglo egypt"}
        out = turn(game, s, defenders=2)
        start = out.events["battles"][0]["result"]["log"][0]
        assert [d["power"] for d in start["defending"]] == ["uk", "uk"]  # it fought there
        assert where(out.state) == ["anglo_egypt", "anglo_egypt", "trans_jordan"]
        assert out.state["advantages_used"] == {"uk": ["enigma_decoded"]}
        assert out.events["advantages"] == [{
            "advantage": "enigma_decoded", "name": "Enigma Decoded", "power": "uk",
            "by": "standing-order", "special_move": {
                "units": {"infantry": 1}, "from": "trans_jordan", "to": "anglo_egypt",
                "kind": "reinforcement"}}]
        assert report(game, s, out)["advantages"] == [(
            "Enigma Decoded: 1 Infantry move from Trans-Jordan to Anglo-Egypt before the "
            "battles (reinforcement).")]


def test_an_evacuation_leaves_a_unit_behind():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "uk", "infantry", "anglo_egypt")
        out = turn(game, standing(game, s, "Enigma Decoded: 1 inf Anglo-Egypt -> Trans-Jordan"))
        assert where(out.state).count("trans_jordan") == 3
        assert out.events["advantages"][0]["special_move"]["kind"] == "evacuation"
        s = board(game)
        s = standing(game, s, "Enigma Decoded: 1 inf Anglo-Egypt -> Trans-Jordan")
        out = turn(game, s)
        assert "at least one unit must stay in Anglo-Egypt" in out.events["advantages"][0]["why"]
        assert "advantages_used" not in out.state  # it stays unused


def test_an_evacuation_goes_to_a_british_space():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "uk", "infantry", "anglo_egypt")
        s["controllers"]["trans_jordan"] = "usa"
        s["turn_start_controllers"] = dict(s["controllers"])
        out = turn(game, standing(game, s, "Enigma Decoded: 1 inf Anglo-Egypt -> Trans-Jordan"),
                   defenders=2)
        assert "adjacent British space" in out.events["advantages"][0]["why"]
        assert where(out.state).count("trans_jordan") == 2


def test_the_noncombat_move_rules_apply():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "uk", "infantry", "persia")
        out = turn(game, standing(game, s, "Enigma Decoded: 1 inf Persia -> Anglo-Egypt"))
        assert "not adjacent" in out.events["advantages"][0]["why"]
        assert "persia" in where(out.state) and "advantages_used" not in out.state


def test_not_when_germany_attacks_elsewhere():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "germany", "infantry", "ukraine_ssr")
        put(s, "ussr", "infantry", "caucasus")
        s = standing(game, s, "Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt")
        out = turn(game, s, "combat:\n1 inf Ukraine -> Caucasus")
        assert "advantages" not in out.events and "advantages_used" not in out.state
        assert where(out.state) == ["anglo_egypt", "trans_jordan", "trans_jordan"]


def test_by_default_not_used():
    with game_with(ADVANTAGE) as game:
        out = turn(game, board(game))
        assert "advantages" not in out.events and "advantages_used" not in out.state
        assert where(out.state) == ["anglo_egypt", "trans_jordan", "trans_jordan"]


def test_no_withdraws_it():
    with game_with(ADVANTAGE) as game:
        s = standing(game, board(game), "Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt")
        s = standing(game, s, "Enigma Decoded: no")
        assert s["standing"]["uk"]["advantages"] == {"enigma_decoded": "no"}
        assert "advantages" not in turn(game, s).events


def test_once_per_game():
    with game_with(ADVANTAGE) as game:
        s = standing(game, board(game), "Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt")
        s["advantages_used"] = {"uk": ["enigma_decoded"]}
        out = turn(game, s)
        assert "advantages" not in out.events
        assert where(out.state) == ["anglo_egypt", "trans_jordan", "trans_jordan"]


def test_only_the_uk_with_the_advantage_sends_it():
    with game_with(ADVANTAGE) as game:
        order = "Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt"
        with pytest.raises(GameError, match="another power"):
            standing(game, board(game), order, power="germany")
        with pytest.raises(GameError, match="not one of this power's National Advantages"):
            standing(game, board(game, with_na=False), order)
        with pytest.raises(GameError, match="takes a move"):
            standing(game, board(game), "Enigma Decoded: yes")


def test_a_move_without_its_ends_is_refused_with_the_form():
    with game_with(ADVANTAGE) as game:
        parsed = game.parse("Enigma Decoded: 1 inf Trans-Jordan", board(game))
        assert len(parsed.errors) == 1
        e = parsed.errors[0]
        assert e.line == 1 and e.column == 1
        assert "Enigma Decoded takes a move" in e.message


def test_the_standing_order_reads_back_the_same():
    with game_with(ADVANTAGE) as game:
        order = game.parse("standing:\nEnigma Decoded: 2 infantry, 1 ftr Trans-Jordan -> "
                           "Anglo-Egypt", board(game)).orders[0].order.order
        again = parse_turn(order.text(), game.edition).orders[0].order
        assert again == order


def test_a_reinforcement_at_sea():
    """A sea zone where Germany attacks British ships is a British space (ruling
    NA-enigma_decoded): a battleship from the next zone joins the defence."""
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_uk="enigma_decoded"), "germany")
        put(s, "germany", "submarine", "sz5")
        put(s, "uk", "destroyer", "sz7")
        put(s, "uk", "battleship", "sz8")
        s = standing(game, s, "Enigma Decoded: 1 bb sz 8 -> sz 7")
        # the submarine misses (6), the destroyer and the battleship hit (1, 1)
        out = play(game, s, "germany", "combat:\n1 sub sz 5 -> sz 6 -> sz 7", [6, 1, 1])
        start = out.events["battles"][0]["result"]["log"][0]
        assert sorted(d["type"] for d in start["defending"]) == ["battleship", "destroyer"]
        assert where(out.state) == ["sz7", "sz7"]
        assert out.events["advantages"][0]["special_move"]["kind"] == "reinforcement"


def test_one_special_move_step_even_if_listed_twice():
    rs = ruleset_with(ADVANTAGE, ADVANTAGE)
    steps = rs.in_play({"advantages": {"uk": ["enigma_decoded"]}}).turn_steps()
    assert [s.key for s in steps].count("enigma_decoded") == 1
    assert [s.key for s in steps].index("enigma_decoded") == \
        [s.key for s in steps].index("battles") - 1
    unused = rs.in_play({"advantages": {"uk": ["enigma_decoded"]},
                         "advantages_used": {"uk": ["enigma_decoded"]}}).turn_steps()
    assert "enigma_decoded" not in [s.key for s in unused]
