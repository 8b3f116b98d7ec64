"""Heavy Bombers (Revised digest A5.1 tech 6): each bomber of the power rolls 2 dice when
attacking and in strategic bombing, 1 on defence; both dice count (each may hit, both add to
the IPC loss). Asked through the ``dice`` query point by the dice engine, the exact
calculator (``adj odds``, also of a live game) and bombing raids."""

from __future__ import annotations

from fractions import Fraction as F

from adjudicator.axis_allies.game import script_of
from adjudicator.axis_allies.odds import planned_odds
from adjudicator.axis_allies.turn import plan_battles

from .scenario import (
    ED,
    Unit,
    emptied,
    exact,
    fight,
    in_play,
    land,
    new,
    orders,
    play,
    put,
    with_techs,
)

BMR = ED.units["bomber"]


def heavy(game):
    return with_techs(new(game), "germany", "heavy_bombers")


def test_bombers_roll_2_dice_attacking_and_bombing_1_defending(game):
    rules = in_play(heavy(game))
    assert rules.dice("attacker", "germany", "bomber", BMR, "x", "land") == 2
    assert rules.dice("attacker", "germany", "bomber", BMR, "x", None) == 2  # a raid
    assert rules.dice("defender", "germany", "bomber", BMR, "x", "land") == 1
    assert rules.dice("attacker", "usa", "bomber", BMR, "x", "land") == 1  # not shared
    assert rules.dice("attacker", "germany", "fighter", ED.units["fighter"]) == 1


TWO_INF = land((Unit("a1", "germany", "bomber"),),
               (Unit("d1", "ussr", "infantry"), Unit("d2", "ussr", "infantry")))


def test_both_dice_count_in_battle(game):
    # round 1: the bomber's two dice (4, 4) are two hits; the infantry fire back 6, 6
    res = fight(in_play(heavy(game)), TWO_INF, [4, 4, 6, 6])
    assert (res.winner, res.rounds) == ("attacker", 1)
    fire = next(e for e in res.log if e["event"] == "fire" and e["side"] == "attacker")
    assert [d["unit"] for d in fire["dice"]] == ["a1", "a1"] and fire["hits"] == 2
    one = fight(in_play(new(game)), TWO_INF, [4, 6, 6, 1, 6, 6])  # one die, one hit
    assert one.rounds == 2


def test_exact_odds_with_two_dice(game):
    battle = land((Unit("a1", "germany", "bomber"),), (Unit("d1", "ussr", "infantry"),))
    hit = 1 - F(2, 6) ** 2  # at least one of two dice shows 4 or less
    both_miss = (1 - hit) * F(4, 6)
    assert exact(in_play(heavy(game)), battle).attacker_wins == hit * F(4, 6) / (1 - both_miss)
    assert exact(in_play(new(game)), battle).attacker_wins == F(4, 6) * F(4, 6) / (
        1 - F(2, 6) * F(4, 6))


def test_adj_odds_of_a_game_counts_both_dice(game):
    s = emptied(heavy(game), "germany")
    put(s, "germany", "bomber", "germany")
    put(s, "ussr", "infantry", "karelia_ssr")
    script = script_of(orders(game, s, "combat:\n1 bmr Germany -> Karelia"))
    battles, failed = plan_battles(s, script, ED)
    assert not failed
    odds = planned_odds(ED, in_play(s), battles["karelia_ssr"], exact=True)
    hit = 1 - F(2, 6) ** 2
    assert odds.attacker_wins == hit * F(4, 6) / (1 - (1 - hit) * F(4, 6))


def test_in_a_raid_both_dice_add_to_the_ipc_loss(game):
    s = emptied(heavy(game), "germany")
    put(s, "germany", "bomber", "germany")
    out = play(game, s, "germany", "bomb United Kingdom with 1 bmr from Germany\nplace:", [3, 4])
    raid = out.events["battles"][0]["raid"]
    assert (raid["damage_rolled"], raid["ipc_lost"]) == (7, 7)  # at most 8, the UK's income
    assert out.state["treasury"]["uk"] == 30 - 7
    plain = emptied(new(game), "germany")
    put(plain, "germany", "bomber", "germany")
    out = play(game, plain, "germany", "bomb United Kingdom with 1 bmr from Germany\nplace:",
               [3])
    assert out.events["battles"][0]["raid"]["ipc_lost"] == 3


def test_developed_this_turn_the_bomber_rolls_two_dice_in_this_turns_raid(game):
    s = emptied(new(game), "germany")
    put(s, "germany", "bomber", "germany")
    text = "research heavies 1 die\nbomb United Kingdom with 1 bmr from Germany\nplace:"
    out = play(game, s, "germany", text, [6, 5, 6])
    assert out.events["battles"][0]["raid"]["ipc_lost"] == 8  # 11 rolled, capped at 8
    assert out.state["treasury"]["uk"] == 30 - 8
