"""Effects reach the rules through their query points only (issue 10): each query point
changed by a small test effect, and the engine honours it where it asks (validation, battles
with dice and exactly, purchase, income, mobilisation, hostility, battle steps)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest
from aa_scenario import ED, U, blank, mv, put, rules_of

from adjudicator.axis_allies import battle_steps as bsteps
from adjudicator.axis_allies import editions
from adjudicator.axis_allies.battle.step import BattleStep
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.effects import Effect
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.state import Board, add_unit, phase_code
from adjudicator.axis_allies.validate import (
    PlacementRequest,
    PurchaseRequest,
    check_noncombat_moves,
    check_placements,
    check_purchase,
)
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

G = get_game("aa1942")
RS = editions.ruleset("aa1942")


@pytest.fixture
def ruleset_with():
    """``ruleset_with(*effects)``: the 1942 ruleset with these effects in play, registered
    under a key of its own for the test."""
    made = []

    def make(*effects: Effect):
        rs = replace(RS, key=f"test-effects-{len(made)}", effects=effects)
        editions.register(rs)
        made.append(rs.key)
        return rs

    yield make
    for key in made:
        editions.unregister(key)


def played_with(state: dict, rs) -> dict:
    state["rules"] = {**state["rules"], "edition": rs.key}
    return state


def land(att, dfn) -> BattleSetup:
    return BattleSetup("here", "land", att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), ("elsewhere",))


def odds(rules, setup):
    return battle_odds(ED, rules, setup, battle_orders(setup.attacker, setup.defending_powers),
                       exact=True)


def results(o) -> tuple:
    return o.attacker_wins, o.both_destroyed, o.defender_holds


INF_V_INF = land((Unit("a1", "ger", "infantry"),), (Unit("d1", "rus", "infantry"),))


# --- unit values: attack and defence --------------------------------------------------------


class InfantryAttack2(Effect):
    name = "infantry attack 2"

    def attack(self, unit, value):
        return 2 if unit.type == "infantry" else value


class InfantryDefence1(Effect):
    name = "infantry defend at 1"

    def defence(self, unit, value):
        return 1 if unit.type == "infantry" else value


def test_attack_in_the_dice_engine_and_the_calculator(ruleset_with):
    rs = ruleset_with(InfantryAttack2())
    rules = Rules(edition=rs.key)
    res = resolve_battle(ED, rules, INF_V_INF, battle_orders("ger", ("rus",)),
                         FixedDice([2, 6]))
    fire = next(e for e in res.log if e["event"] == "fire")
    assert fire["dice"][0]["value"] == 2 and res.winner == "attacker"
    # a round: each side hits 1/3: attacker 2/5, both 1/5, defender 2/5 (printed: 1/4, ...)
    assert results(odds(rules, INF_V_INF)) == (F(2, 5), F(1, 5), F(2, 5))
    assert results(odds(Rules(edition="aa1942"), INF_V_INF)) == (F(1, 4), F(1, 8), F(5, 8))


def test_defence_in_the_dice_engine_and_the_calculator(ruleset_with):
    rs = ruleset_with(InfantryDefence1())
    rules = rs.in_play()
    res = resolve_battle(ED, rules, INF_V_INF, battle_orders("ger", ("rus",)),
                         FixedDice([6, 2, 6, 1]))  # a 2 misses at 1; then a 1 hits
    assert [e for e in res.log if e["event"] == "fire"][1]["dice"][0]["value"] == 1
    assert res.winner == "defender" and res.rounds == 2
    assert results(odds(rules, INF_V_INF)) == (F(5, 11), F(1, 11), F(5, 11))


def test_a_battle_of_the_turn_uses_the_effects_of_the_game(ruleset_with):
    rs = ruleset_with(InfantryAttack2())
    s = played_with(G.new_state(G.check_options({"passes": "one"})), rs)
    s["units"] = [u for u in s["units"] if u["loc"] not in ("west_russia", "russia")]
    add_unit(s, "germany", "infantry", "west_russia")
    add_unit(s, "ussr", "infantry", "russia")
    parsed = G.parse("combat:\n1 inf Russia -> West Russia", s)
    out = G.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([2, 6]))
    fire = next(e for e in out.events["battles"][0]["result"]["log"] if e["event"] == "fire")
    assert fire["dice"][0]["value"] == 2
    assert out.state["controllers"]["west_russia"] == "ussr"


# --- movement ---------------------------------------------------------------------------------


class LongRangeFighters(Effect):
    name = "+1 move for fighters"

    def moves(self, unit, value):
        return value + 1 if unit.type == "fighter" else value


def test_moves_in_validation(ruleset_with):
    rs = ruleset_with(LongRangeFighters())
    for rules_key, ok in (("aa1942", False), (rs.key, True)):
        s = blank("germany", "noncombat", india="germany")
        s["rules"] = {**s["rules"], "edition": rules_key}
        put(s, "germany", "fighter", "germany")
        assert Board(s, ED).moves(s["units"][0]) == (5 if ok else 4)
        plan = check_noncombat_moves(s, ED, "germany", [mv("germany", {"fighter": 1}, "germany",
                                                          "india", given=False)])
        assert ("air-out-of-range" in rules_of(plan)) != ok, rules_of(plan)


# --- purchase and income -------------------------------------------------------------------


class CheapInfantry(Effect):
    name = "infantry cost 2"

    def cost(self, unit, value):
        return 2 if unit.type == "infantry" else value


class WarBonds(Effect):
    name = "income +5"

    def income(self, q, value):
        return value + 5


def test_cost_in_purchase_and_refunds(ruleset_with):
    rs = ruleset_with(CheapInfantry())
    req = PurchaseRequest("ussr", (U("infantry", 10),))
    s = G.new_state(G.check_options({"passes": "one"}))
    assert rules_of(check_purchase(s, ED, req)) == ["purchase-over-budget"]
    played_with(s, rs)
    plan = check_purchase(s, ED, req)
    assert plan.errors == [] and plan.spent == 20
    parsed = G.parse("buy 10 inf\nplace: 8 inf Russia", s)
    out = G.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    assert out.events["refund_ipc"] == 4  # two infantry unplaced (Russia takes 8), 2 each
    assert out.state["treasury"]["ussr"] == 24 - 20 + 4 + out.events["income"]["amount"]


def test_income(ruleset_with):
    rs = ruleset_with(WarBonds())
    s = G.new_state(G.check_options({"passes": "one"}))
    plain = G.resolve(s, {}, FixedDice([])).events["income"]["amount"]
    out = G.resolve(played_with(s, rs), {}, FixedDice([]))
    assert out.events["income"]["amount"] == plain + 5
    assert out.state["treasury"]["ussr"] == 24 + plain + 5


# --- mobilisation ---------------------------------------------------------------------------


class FieldFactories(Effect):
    """The USSR may place 2 units in Karelia (no complex) and 2 more in Russia."""

    name = "field factories"

    def mobilisation_sites(self, q, sites):
        if q.power == "ussr":
            sites["karelia_ssr"] = 2
            if "russia" in sites:
                sites["russia"] += 2
        return sites


def test_mobilisation_sites_in_placement(ruleset_with):
    rs = ruleset_with(FieldFactories())
    s = blank("ussr", "mobilise")
    s["purchased"] = {"infantry": 12}
    reqs = [PlacementRequest("ussr", "infantry", 2, "karelia_ssr", line=1),
            PlacementRequest("ussr", "infantry", 10, "russia", line=2)]
    assert rules_of(check_placements(s, ED, "ussr", reqs)) == ["place-needs-complex",
                                                               "mobilisation-limit"]
    plan = check_placements(played_with(s, rs), ED, "ussr", reqs)
    assert plan.errors == [] and plan.used == {"karelia_ssr": 2, "russia": 10}
    assert Board(s, ED).mobilisation_capacity("russia") == 10


# --- hostility ---------------------------------------------------------------------------------


class SubsMakeZonesHostile(Effect):
    name = "submarines block"

    def sea_zone_hostile(self, q, hostile):
        return hostile or any(q.edition.units[u["type"]].submarine for u in q.enemies)


def test_sea_zone_hostility_in_movement(ruleset_with):
    rs = ruleset_with(SubsMakeZonesHostile())
    for key, blocked in (("aa1942", False), (rs.key, True)):
        s = blank("uk", "noncombat")
        s["rules"] = {**s["rules"], "edition": key}
        put(s, "uk", "destroyer", "sz7")
        put(s, "germany", "submarine", "sz6")
        assert Board(s, ED).hostile_sea("sz6", "uk") is blocked
        plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"destroyer": 1}, "sz7", "sz6",
                                                      "sz5")])
        assert ("naval-must-stop" in rules_of(plan)) is blocked, rules_of(plan)


# --- battle steps ---------------------------------------------------------------------------


class Minefield(BattleStep):
    """A test step: before the battle, the attacker's first infantry is lost."""

    name = "minefield"
    stage = "opening"
    per_state = True

    def fight(self, b):
        inf = [c for c in b.att if c.type == "infantry" and c.status == "active"]
        if inf:
            b.kill(min(inf, key=lambda c: c.sort_key()), "minefield")
            b.log.append({"event": "minefield", "unit": inf[0].id})

    def advance(self, c, rnd, a, d):
        units, struck = c.build(a)
        inf = [u for u in units if u.type == "infantry" and u.status == "active"]
        if not inf:
            return a, d
        bsteps.destroy(min(inf, key=lambda u: u.sort_key()), units, [])
        return c.canon("attacker", units, struck), d


class Mines(Effect):
    name = "mines"

    def battle_steps(self, battle, steps):
        return (Minefield(), *steps) if not battle.sea else steps


def test_an_effect_adds_a_battle_step_to_dice_and_odds(ruleset_with):
    rs = ruleset_with(Mines())
    rules = rs.in_play()
    two = land((Unit("a1", "ger", "infantry"), Unit("a2", "ger", "infantry")),
               (Unit("d1", "rus", "infantry"),))
    res = resolve_battle(ED, rules, two, battle_orders("ger", ("rus",)), FixedDice([1, 6]))
    assert [e["event"] for e in res.log][:2] == ["start", "minefield"]
    assert res.fates["a1"] == "destroyed" and res.winner == "attacker"
    # one infantry is left to fight: the odds of one infantry against one
    assert results(odds(rules, two)) == (F(1, 4), F(1, 8), F(5, 8))


# --- which effects are in play ------------------------------------------------------------------


class OnlyWithTheFlag(InfantryAttack2):
    def active(self, state):
        return bool(state.get("test_flag"))


def test_the_effects_in_play_are_those_active_in_the_state(ruleset_with):
    rs = ruleset_with(OnlyWithTheFlag())
    s = played_with(G.new_state(G.check_options({})), rs)
    assert Board(s, ED).play.effects == ()
    s["test_flag"] = True
    assert [e.name for e in Board(s, ED).play.effects] == ["infantry attack 2"]


def test_the_base_effect_changes_nothing():
    e = Effect()
    spec = ED.units["infantry"]
    from adjudicator.axis_allies.effects import UnitQuery

    q = UnitQuery("ussr", "infantry", spec)
    assert (e.attack(q, 1), e.defence(q, 2), e.moves(q, 1), e.cost(q, 3)) == (1, 2, 1, 3)
    assert e.income(None, 7) == 7 and e.mobilisation_sites(None, {"x": 1}) == {"x": 1}
    assert e.sea_zone_hostile(None, False) is False and e.battle_steps(None, ()) == ()
    assert e.active({}) is True
    assert phase_code(1, "ussr", "purchase") == "r1-ussr-purchase"
