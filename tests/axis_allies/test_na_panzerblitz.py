"""Panzerblitz (Germany 3, Revised digest A7): when German attackers destroy every defender
of a territory in the first round, the surviving attacking tanks may move one territory in
the noncombat move, by order; ruling NA-panzerblitz."""

from __future__ import annotations

import copy

import pytest
from na_scenario import emptied, game_with, play, put, report

from adjudicator.axis_allies.advantages.panzerblitz import ADVANTAGE
from adjudicator.dice import FixedDice


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True, passes: str = "one") -> dict:
    """Germany: 2 tanks in Ukraine; one Soviet infantry in West Russia; Caucasus Soviet."""
    opts = {"na_germany": "panzerblitz"} if chosen else {}
    s = g.new_state(g.check_options({"passes": passes, **opts}))
    s["controllers"].update(ukraine_ssr="germany", west_russia="ussr", caucasus="ussr",
                            belorussia="germany")
    emptied(s, "germany")
    put(s, "germany", "tank", "ukraine_ssr", 2)
    put(s, "ussr", "infantry", "west_russia")
    return s


def tanks_at(state, where) -> int:
    return sum(1 for u in state["units"]
               if u["power"] == "germany" and u["type"] == "tank" and u["loc"] == where)


ATTACK = "combat:\n2 tank Ukraine -> West Russia\n"


def results(out) -> list[dict]:
    return [r for r in out.results if r["section"] == "advantages"]


def test_tanks_that_won_in_round_one_move_on(g):
    s = start(g)
    before = copy.deepcopy(s)
    out = play(g, s, "germany", ATTACK + "Panzerblitz: 1 tank West Russia -> Belorussia",
               (1, 6, 6))
    assert tanks_at(out.state, "belorussia") == 1 and tanks_at(out.state, "west_russia") == 1
    assert results(out)[0]["success"]
    assert "advantage_units" not in out.state  # forgotten at the end of the turn
    text = report(g, before, out)["advantages"][0]
    assert text.startswith("Panzerblitz: ") and "from West Russia to Belorussia" in text


def test_without_a_count_every_eligible_tank_moves(g):
    out = play(g, start(g), "germany", ATTACK + "Panzerblitz: West Russia -> Belorussia",
               (1, 6, 6))
    assert tanks_at(out.state, "belorussia") == 2


def test_not_after_a_battle_that_lasted_two_rounds(g):
    out = play(g, start(g), "germany", ATTACK + "Panzerblitz: West Russia -> Belorussia",
               (6, 6, 6, 1, 6, 6))
    assert out.events["battles"][0]["result"]["rounds"] == 2
    assert tanks_at(out.state, "west_russia") == 2
    failed = results(out)[0]
    assert failed["success"] is False and "first round" in failed["reason"]


def test_only_into_a_friendly_territory(g):
    out = play(g, start(g), "germany", ATTACK + "Panzerblitz: West Russia -> Caucasus",
               (1, 6, 6))
    assert tanks_at(out.state, "west_russia") == 2
    assert "not friendly" in results(out)[0]["reason"]


def test_one_territory_only(g):
    out = play(g, start(g), "germany", ATTACK + "Panzerblitz: West Russia -> Germany",
               (1, 6, 6))
    assert "not a territory next to West Russia" in results(out)[0]["reason"]


def test_in_a_two_pass_turn_the_second_submission_moves_them(g):
    s = start(g, passes="two")
    first = play(g, s, "germany", ATTACK, (1, 6, 6)).state
    assert first["advantage_units"] == {"panzerblitz": sorted(
        [u["id"] for u in first["units"] if u["type"] == "tank"], key=lambda u: (len(u), u))}
    parsed = g.parse("Panzerblitz: West Russia -> Belorussia", first)
    out = g.resolve(first, {"germany": [p.order for p in parsed.orders]}, FixedDice([]))
    assert tanks_at(out.state, "belorussia") == 2 and "advantage_units" not in out.state


def test_without_the_order_nothing_moves_and_without_the_advantage_it_is_refused(g):
    out = play(g, start(g), "germany", ATTACK, (1, 6, 6))
    assert tanks_at(out.state, "west_russia") == 2 and "advantage_units" not in out.state
    out = play(g, start(g, chosen=False), "germany",
               ATTACK + "Panzerblitz: West Russia -> Belorussia", (1, 6, 6))
    assert results(out)[0]["rule"] == "na-not-chosen"
    assert tanks_at(out.state, "west_russia") == 2
