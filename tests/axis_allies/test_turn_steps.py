"""The order of play as a list of named steps (issue 10): the driver runs the ruleset's list,
the halves of a two-pass turn are the steps' halves, and an edition adds a phase by adding a
step (A&A Revised's weapons development is one more slot)."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.record import replace
from adjudicator.registry import get_game

G = get_game("aa1942")
RS = editions.ruleset("aa1942")


def fresh(**opts) -> dict:
    return G.new_state(G.check_options({"passes": "one", **opts}))


def turn_of(state: dict, power: str, rnd: int = 1) -> None:
    state["turn"] = {"round": rnd, "power": power, "step": "purchase"}
    state["phase"] = phase_code(rnd, power, "purchase")
    state["turn_start_controllers"] = dict(state["controllers"])


def play(state: dict, power: str, text: str, dice=None):
    parsed = G.parse(text, state)
    assert not parsed.errors, parsed.errors
    return G.resolve(state, {power: [p.order for p in parsed.orders]}, dice or FixedDice([]))


def test_the_halves_of_a_two_pass_turn_are_the_steps_halves():
    halves = {h: [s.key for s in RS.turn_steps if s.half == h] for h in ("first", "second",
                                                                         "end")}
    assert halves == {"first": ["purchase", "combat", "battles"],
                      "second": ["noncombat", "mobilise", "landing"],
                      "end": ["collect", "end", "repair", "victory", "next"]}


def test_a_step_that_does_not_apply_is_skipped():
    s = fresh()
    out = play(s, "ussr", "pass")
    assert "victory_check" not in out.events  # the USSR is not the last power of the round
    assert "repaired" not in out.events  # 1942 repairs after each battle
    turn_of(s, "usa")
    out = play(s, "usa", "pass")
    assert out.events["victory_check"]["round"] == 1
    assert out.state["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}


class Research(TurnStep):
    """A stand-in for A&A Revised's Develop Weapons: one 5-IPC die, before the purchase."""

    key = "research"
    name = "Develop Weapons"
    half = "first"

    def run(self, turn, script) -> None:
        turn.s["treasury"][turn.power] -= 5
        turn.ev["research"] = {"dice": 1, "spent": 5}


@pytest.fixture
def research():
    rs = replace(RS, key="test-research", turn_steps=(Research(), *RS.turn_steps))
    with editions.registered(rs):
        yield rs


def with_ruleset(state: dict, key: str) -> dict:
    state["rules"] = {**state["rules"], "edition": key}
    return state


def test_a_research_step_is_one_more_slot_before_the_purchase(research):
    s = with_ruleset(fresh(), research.key)
    # the USSR has 24 IPC: 8 infantry would cost all of it, but research came first
    out = play(s, "ussr", "buy 8 inf\nplace:\n")
    assert out.events["research"] == {"dice": 1, "spent": 5}
    assert out.events["purchase"]["rejected"].startswith("the purchase costs 24 IPC")
    assert out.state["treasury"]["ussr"] == 24 - 5 + out.events["income"]["amount"]
    ok = play(s, "ussr", "buy 6 inf\nplace:\n6 inf Russia\n")
    assert ok.events["purchase"]["spent"] == 18 and ok.state["treasury"]["ussr"] == (
        24 - 5 - 18 + ok.events["income"]["amount"])


def test_the_research_slot_runs_in_the_first_half_only(research):
    s = with_ruleset(fresh(passes="two"), research.key)
    first = play(s, "ussr", "buy 1 inf")
    assert "research" in first.events and first.state["turn"]["step"] == "noncombat"
    second = play(first.state, "ussr", "place: 1 inf Russia")
    assert "research" not in second.events
    nmr = G.resolve(s, {}, FixedDice([]))  # a power that sent nothing collects income only
    assert "research" not in nmr.events
    assert nmr.state["treasury"]["ussr"] == 24 + nmr.events["income"]["amount"]


# --- battleship repair: after each battle (1942) or at the end of the turn ----------------


def _naval_battle(repair: str):
    s = fresh(passes="two")
    s["units"] = []
    turn_of(s, "uk")
    bb = add_unit(s, "uk", "battleship", "sz6")
    add_unit(s, "germany", "destroyer", "sz5")
    s["rules"] = {**s["rules"], "battleship_repair": repair}
    # round 1: the battleship misses (6), the destroyer hits (1); round 2: hit (1), miss (6)
    first = play(s, "uk", "combat:\n1 bb sz 6 -> sz 5", FixedDice([6, 1, 1, 6]))
    second = play(first.state, "uk", "place:")
    return bb, first, second


def _damage(state: dict, uid: str) -> int:
    return next(u["damage"] for u in state["units"] if u["id"] == uid)


def test_1942_repairs_the_battleship_after_the_battle():
    bb, first, second = _naval_battle("after_battle")
    assert _damage(first.state, bb) == 0
    battle = first.events["battles"][0]["result"]
    assert [e["unit"] for e in battle["log"] if e["event"] == "repair"] == [bb]
    assert "repaired" not in second.events


def test_end_of_turn_repair_keeps_the_damage_until_the_turn_ends():
    bb, first, second = _naval_battle("end_of_turn")
    battle = first.events["battles"][0]["result"]
    assert battle["winner"] == "attacker" and battle["damage"] == {bb: 1}
    assert not [e for e in battle["log"] if e["event"] == "repair"]
    assert _damage(first.state, bb) == 1  # between the two halves of the turn
    assert _damage(second.state, bb) == 0 and second.events["repaired"] == [bb]


def test_end_of_turn_repair_also_repairs_a_defending_battleship():
    s = fresh()
    s["units"] = []
    turn_of(s, "germany")
    add_unit(s, "germany", "destroyer", "sz5")
    bb = add_unit(s, "uk", "battleship", "sz6")
    s["rules"] = {**s["rules"], "battleship_repair": "end_of_turn"}
    # the destroyer hits (1), the battleship misses (6); then the destroyer retreats
    out = play(s, "germany", "combat:\n1 dd sz 5 -> sz 6\nbattle sz 6: retreat after round 1 "
                             "to sz 5", FixedDice([1, 6]))
    assert out.events["battles"][0]["result"]["damage"] == {bb: 1}
    assert _damage(out.state, bb) == 0 and out.events["repaired"] == [bb]
