"""Effects reach the rules through their query points only (issue 10): each query point
changed by a small test effect, and the engine honours it where it asks (validation, battles
with dice and exactly, purchase, income, mobilisation, hostility, battle steps)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from aa_scenario import ED, U, blank, mv, put, rules_of

from adjudicator.axis_allies import battle_steps as bsteps
from adjudicator.axis_allies import editions
from adjudicator.axis_allies.battle.step import BattleStep
from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.effects import Effect
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import Board, add_unit, phase_code
from adjudicator.axis_allies.validate import (
    PlacementRequest,
    PurchaseRequest,
    check_combat_moves,
    check_noncombat_moves,
    check_placements,
    check_purchase,
)
from adjudicator.dice import FixedDice
from adjudicator.errors import AdjudicatorError
from adjudicator.game import GameSpec
from adjudicator.record import replace
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


class FastArtillery(Effect):
    name = "artillery moves 2"

    def moves(self, unit, value):
        return 2 if unit.type == "artillery" else value


class BlitzingArtillery(Effect):
    name = "artillery blitzes"

    def blitz(self, unit, value):
        return value or unit.type == "artillery"


class FreeOverSea(Effect):
    name = "aircraft fly over sea zones for free"

    def air_step(self, q, cost):
        return 0 if q.edition.map.is_sea(q.to) else cost


def test_air_step_in_validation_paths_and_landings(ruleset_with):
    rs = ruleset_with(FreeOverSea())
    for rules_key, ok in (("aa1942", False), (rs.key, True)):
        s = blank("germany", "noncombat", india="germany")
        s["rules"] = {**s["rules"], "edition": rules_key}
        put(s, "germany", "fighter", "western_europe")
        board = Board(s, ED)
        cost = board.air_cost(s["units"][0])
        assert (cost is None) != ok  # no effects: every step costs 1
        if ok:
            assert cost("western_europe", "sz7") == 0 and cost("sz7", "western_europe") == 1
        # the range counts what the path costs; the path picked is the cheapest
        plan = check_noncombat_moves(s, ED, "germany", [mv("germany", {"fighter": 1},
                                                          "western_europe", "india",
                                                          given=False)])
        assert ("air-out-of-range" in rules_of(plan) or "no-path" in rules_of(plan)) != ok
        if ok:
            assert plan.state["units"][0]["moved"] == 1  # only India's step was paid
        reach = ED.map.reachable("western_europe", 1, "air", cost=cost)
        assert ("sz35" in reach) == ok


class ExtraStep(Effect):
    name = "a step after the mobilisation"

    def turn_steps(self, steps):
        return tuple(x for s in steps for x in ((s, NoteStep()) if s.key == "mobilise"
                                                   else (s,)))


class NoteStep(TurnStep):
    key = "note"
    name = "Note"
    half = "second"

    def run(self, turn, script) -> None:
        turn.ev["noted"] = [s for s in turn.ev if s in ("placements", "income")]


def test_turn_steps_an_effect_adds_run_in_order(ruleset_with):
    rs = ruleset_with(ExtraStep())
    s = G.new_state(G.check_options({"passes": "one"}))
    s["rules"] = {**s["rules"], "edition": rs.key}
    assert [t.key for t in rs.in_play(s).turn_steps()].index("note") == \
        [t.key for t in rs.turn_steps].index("mobilise") + 1
    out = G.resolve(s, {"ussr": [p.order for p in G.parse("pass", s).orders]}, FixedDice([]))
    assert out.events["noted"] == ["placements"]  # after the mobilisation, before the income
    plain = G.new_state(G.check_options({"passes": "one"}))
    out = G.resolve(plain, {"ussr": [p.order for p in G.parse("pass", plain).orders]},
                    FixedDice([]))
    assert "noted" not in out.events


def test_blitz_in_validation(ruleset_with):
    fast = ruleset_with(FastArtillery())
    blitzing = ruleset_with(FastArtillery(), BlitzingArtillery())
    for rules_key, ok in ((fast.key, False), (blitzing.key, True)):
        s = blank("germany", "combat")
        s["rules"] = {**s["rules"], "edition": rules_key}
        put(s, "germany", "artillery", "eastern_europe")
        put(s, "ussr", "infantry", "archangel")
        board = Board(s, ED)
        assert board.blitz(s["units"][0]) == ok
        assert board.blitz({"power": "germany", "type": "tank", "loc": "germany"})  # printed
        plan = check_combat_moves(s, ED, "germany", [mv("germany", {"artillery": 1},
                                                        "eastern_europe", "karelia_ssr",
                                                        "archangel")])
        assert (plan.errors == []) == ok, rules_of(plan)
        if ok:
            assert plan.moves[0].blitzed == ("karelia_ssr",)
        else:
            assert "land-must-stop" in rules_of(plan)


class TwoAssaults(Effect):
    name = "two assaults"

    def amphibious_assaults(self, unit, value):
        return 2


def test_amphibious_assaults_in_validation(ruleset_with):
    """A transport line unloading into two territories: refused with one assault a turn
    (printed, p.15), played when the query point says two (Lightning Strikes)."""
    from adjudicator.axis_allies.parser import parse_turn
    from adjudicator.axis_allies.validate import requests_from_orders

    order = parse_turn("combat:\ntt sz 5: load 1 inf, 1 art Germany; unload 1 inf Karelia; "
                       "unload 1 art Norway", ED).orders[0].order
    for rules_key, ok in ((RS.key, False), (ruleset_with(TwoAssaults()).key, True)):
        s = blank("germany", "combat", norway="uk")
        s["rules"] = {**s["rules"], "edition": rules_key}
        put(s, "germany", "transport", "sz5")
        put(s, "germany", "infantry", "germany")
        put(s, "germany", "artillery", "germany")
        assert Board(s, ED).amphibious_assaults(s["units"][0]) == (2 if ok else 1)
        plan = check_combat_moves(s, ED, "germany", requests_from_orders(order, "germany"))
        if ok:
            assert plan.errors == []
            assert [(m.unload_to, m.effects) for m in plan.moves] == [
                ("karelia_ssr", ()), ("norway", ("two assaults",))]
            at = {u["type"]: u["loc"] for u in plan.state["units"]}
            assert at == {"transport": "sz5", "infantry": "karelia_ssr", "artillery": "norway"}
        else:
            assert rules_of(plan) == ["unload-once"]


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


# --- AA fire ------------------------------------------------------------------------------------


class SharpGuns(Effect):
    """AA guns hit every aircraft on 2 (like UK Radar, Revised digest A7)."""

    name = "sharp guns"

    def aa_fire(self, q, value):
        return 2 if q.target.spec.is_air else value


class StealthBombers(Effect):
    """AA guns never fire at bombers (like US Superfortresses, Revised digest A7)."""

    name = "stealth bombers"

    def aa_fire(self, q, value):
        return 0 if q.target.type == "bomber" else value


AIR_V_GUN = land((Unit("a1", "ger", "fighter"), Unit("a2", "ger", "bomber")),
                 (Unit("d1", "rus", "infantry"), Unit("d2", "rus", "aa_gun")))


def test_aa_fire_in_the_dice_engine_the_calculator_and_raids(ruleset_with):
    rules = ruleset_with(SharpGuns(), StealthBombers()).in_play()
    # AA fires at the fighter only, hitting on 2: the die 2 downs it; the bomber hits [1],
    # the infantry fires back [6]
    res = resolve_battle(ED, rules, AIR_V_GUN, battle_orders("ger", ("rus",)),
                         FixedDice([2, 1, 6]))
    aa = [e for e in res.log if e["event"] == "aa"]
    assert [(e["type"], e["dice"], e["hit_on"]) for e in aa] == [("fighter", [2], 2)]
    spared = [e for e in res.log if e["event"] == "aa-spared"]
    assert [(e["type"], e["units"], e["effects"]) for e in spared] == [
        ("bomber", ["a2"], ["stealth bombers"])]
    assert res.fates["a1"] == "destroyed" and res.winner == "attacker"
    plain = resolve_battle(ED, Rules(edition="aa1942"), AIR_V_GUN,
                           battle_orders("ger", ("rus",)), FixedDice([2, 1, 1, 6]))
    assert [e["hit_on"] for e in plain.log if e["event"] == "aa"] == [1, 1]
    # exactly: a lone fighter against infantry and a gun survives AA fire with 2/3, not 5/6
    one = land((Unit("a1", "ger", "fighter"),), AIR_V_GUN.defenders)
    sharp = ruleset_with(SharpGuns()).in_play()
    assert odds(sharp, one).attacker_wins / odds(Rules(edition="aa1942"), one).attacker_wins \
        == F(4, 5)
    # ... and a bomber the guns never fire at keeps the 1/6 AA fire would have taken
    bomber = land((Unit("a2", "ger", "bomber"),), AIR_V_GUN.defenders)
    assert odds(rules, bomber).attacker_wins / odds(Rules(edition="aa1942"), bomber
                                                    ).attacker_wins == F(6, 5)
    # a raid: the gun hits each bomber on 2; a bomber it never fires at gets no die
    raiders = (Unit("b1", "uk", "bomber"), Unit("b2", "uk", "bomber"))
    setup = RaidSetup("germany", "uk", raiders, 10, aa_gun=Unit("g", "germany", "aa_gun"))
    hit = resolve_raid(ED, sharp, setup, FixedDice([2, 3, 4]))
    assert hit.fates == {"b1": "destroyed", "b2": "survived"} and hit.damage_rolled == 4
    free = resolve_raid(ED, ruleset_with(StealthBombers()).in_play(), setup,
                        FixedDice([5, 6]))
    assert [r["label"]["purpose"] for r in free.rolls] == ["sbr-damage"]
    assert free.damage_rolled == 11


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


# --- the opening position ------------------------------------------------------------------


class Garrison(Effect):
    """A set-up choice: a Soviet complex in Karelia when the state asks for it; refused
    (an error) when asked with a flag that is not true."""

    name = "garrison"

    def opening(self, state, edition):
        if "test_garrison" not in state:
            return state
        if state["test_garrison"] is not True:
            raise AdjudicatorError("garrison: not a choice")
        state["complexes"]["karelia_ssr"] = {"owner": "ussr", "damage": 0, "new": False}
        return state


def test_opening_changes_the_position_adj_new_writes(ruleset_with):
    rs = ruleset_with(Garrison())
    game = AxisAlliesGame(GameSpec(rs.key, "", rs.data, "t"))
    assert "karelia_ssr" not in game.new_state(game.check_options({}))["complexes"]
    # asked of every listed effect, active or not: here through the state it gets
    assert rs.opening({"test_garrison": True, "complexes": {}})["complexes"] == {
        "karelia_ssr": {"owner": "ussr", "damage": 0, "new": False}}
    with pytest.raises(AdjudicatorError, match="not a choice"):
        rs.opening({"test_garrison": 1, "complexes": {}})


def test_the_base_effect_changes_nothing():
    e = Effect()
    spec = ED.units["infantry"]
    from adjudicator.axis_allies.effects import UnitQuery

    q = UnitQuery("ussr", "infantry", spec)
    assert (e.attack(q, 1), e.defence(q, 2), e.moves(q, 1), e.cost(q, 3)) == (1, 2, 1, 3)
    assert e.income(None, 7) == 7 and e.mobilisation_sites(None, {"x": 1}) == {"x": 1}
    assert e.sea_zone_hostile(None, False) is False and e.battle_steps(None, ()) == ()
    assert e.aa_fire(None, 1) == 1
    assert e.opening({"x": 1}, ED) == {"x": 1}
    assert e.active({}) is True
    assert phase_code(1, "ussr", "purchase") == "r1-ussr-purchase"


# --- dice per shot, shore bombardment (the query points of weapons development) -------------


class InfantryTwoDice(Effect):
    name = "attacking infantry roll 2 dice"

    def dice(self, unit, value):
        return 2 if unit.type == "infantry" and unit.side == "attacker" else value


def test_dice_per_shot_in_the_dice_engine_and_the_calculator(ruleset_with):
    assert Effect().dice(None, 1) == 1 and Effect().bombard(None, 0) == 0  # the defaults
    rules = ruleset_with(InfantryTwoDice()).in_play()
    res = resolve_battle(ED, rules, INF_V_INF, battle_orders("ger", ("rus",)),
                         FixedDice([6, 1, 6]))  # two attacking dice, the second hits
    fire = next(e for e in res.log if e["event"] == "fire")
    assert [d["die"] for d in fire["dice"]] == [6, 1] and res.winner == "attacker"
    hit = 1 - F(5, 6) ** 2  # at least one of two dice shows a 1
    assert odds(rules, INF_V_INF).attacker_wins == hit * F(4, 6) / (
        1 - (1 - hit) * F(4, 6))


class DestroyersBombard(Effect):
    name = "destroyers bombard at 3"

    def bombard(self, unit, value):
        return 3 if unit.spec.anti_submarine else value


def test_bombard_value_in_an_amphibious_assault(ruleset_with):
    from adjudicator.axis_allies.combat import AmphibiousSetup, resolve_amphibious

    rules = ruleset_with(DestroyersBombard()).in_play()
    land_setup = BattleSetup("karelia_ssr", "land", "ger",
                             (Unit("a1", "ger", "infantry", aboard="t1", landed=True),),
                             (Unit("d1", "rus", "infantry"),), ("rus",), ())
    setup = AmphibiousSetup(None, land_setup, (Unit("s1", "ger", "destroyer"),))
    orders = battle_orders("ger", ("rus",))
    res = resolve_amphibious(ED, rules, setup, None, orders, FixedDice([3, 6, 6]))
    fire = next(e for e in res.land.log if e.get("purpose") == "bombard")
    assert fire["dice"][0]["value"] == 3 and fire["hits"] == 1
    plain = resolve_amphibious(ED, RS.in_play(), setup, None, orders,
                               FixedDice([6, 6, 1, 6]))
    assert not any(e.get("purpose") == "bombard" for e in plain.land.log)


class OneWayFighters(Effect):
    name = "one-way fighters"

    def one_way(self, unit, value):
        return "test_one_way" if unit.type == "fighter" else value


def test_one_way_in_combat_move_validation(ruleset_with):
    """The ``one_way`` query point: an aircraft moved ``(kamikaze)`` needs no landing when an
    effect says so; its id is kept for the battles under the effect's key."""
    far = min(z for z in ED.map.reachable("germany", 4, "air")
              if ED.map.is_sea(z) and z not in ED.map.reachable("germany", 3, "air"))
    for effects, ok in (((), False), ((OneWayFighters(),), True)):
        s = played_with(blank("germany", "combat"), ruleset_with(*effects))
        [f] = put(s, "germany", "fighter", "germany")
        put(s, "uk", "destroyer", far)
        plan = check_combat_moves(s, ED, "germany", [mv("germany", {"fighter": 1}, "germany",
                                                        far, given=False, kamikaze=True)])
        assert (plan.errors == []) == ok, rules_of(plan)
        if ok:
            assert plan.state["advantage_units"] == {"test_one_way": [f]}
        else:
            assert rules_of(plan) == ["kamikaze-not-yours"]


class BattleshipsCarryInfantry(Effect):
    name = "battleships carry one infantry"

    def transport_capacity(self, unit, value):
        return 2 if unit.type == "battleship" else value


def test_transport_capacity_in_movement(ruleset_with):
    """The ``transport_capacity`` query point: a ship the effect gives room boards land units
    like a transport (noncombat boarding), within that room."""
    zone = min(z for z in ED.map.neighbours("germany") if ED.map.is_sea(z))
    for effects, ok in (((), False), ((BattleshipsCarryInfantry(),), True)):
        s = played_with(blank("germany", "noncombat"), ruleset_with(*effects))
        [bb] = put(s, "germany", "battleship", zone)
        put(s, "germany", "infantry", "germany", 2)
        plan = check_noncombat_moves(s, ED, "germany",
                                     [mv("germany", {"infantry": 1}, "germany", zone)])
        assert (plan.errors == []) == ok, rules_of(plan)
        if ok:
            assert [u["aboard"] for u in plan.state["units"] if u["type"] == "infantry"
                    ].count(bb) == 1
            two = check_noncombat_moves(s, ED, "germany",
                                        [mv("germany", {"infantry": 2}, "germany", zone)])
            assert rules_of(two) == ["transport-capacity"]


class BorrowedUnits(Effect):
    """The US moves British units in its combat move, and its battles lose tanks first (the
    shape of UK Joint Strike, Revised digest A7)."""

    name = "borrowed units"

    def combat_position(self, q, state):
        if q.power != "usa":
            return state
        return {**state, "units": [{**u, "power": "usa"} if u["power"] == "uk" else u
                                   for u in state["units"]]}

    def battle_orders(self, q, setup, orders):
        from adjudicator.axis_allies.casualties import LossPolicy

        return replace(orders, attacker=LossPolicy(q.power, ("tank",)))


def test_combat_position_and_battle_orders_in_validation_the_turn_and_the_preview(
        ruleset_with):
    from adjudicator.axis_allies.game import script_of
    from adjudicator.axis_allies.turn import plan_battles

    text = "combat:\n1 inf Anglo-Egypt -> Libya"
    for effect in (None, BorrowedUnits()):
        rs = ruleset_with(*((effect,) if effect else ()))
        s = G.new_state(G.check_options({"passes": "one"}))
        s["rules"] = {**s["rules"], "edition": rs.key}
        s["turn"] = {"round": 1, "power": "usa", "step": "purchase"}
        s["phase"] = phase_code(1, "usa", "purchase")
        before = [dict(u) for u in s["units"]]
        orders = [p.order for p in G.parse(text, s).orders]
        errs = G.validate(s, "usa", orders)[1]
        assert (errs == []) == (effect is not None)
        assert s["units"] == before  # the position is a copy: never changed in place
        if effect is None:
            continue
        battles, _ = plan_battles(s, script_of(orders), G.edition)
        assert battles["libya"].orders.attacker.order == ("tank",)
        # the British infantry misses; the German infantry and tank hit: it is lost by
        # the effect's list ("tank" first, then the rest)
        out = G.resolve(s, {"usa": orders}, FixedDice([6, 1, 1]))
        [battle] = out.events["battles"]
        hits = [a for e in battle["result"]["log"] if e["event"] == "casualties"
                and e["side"] == "attacker" for a in e["chosen"]]
        assert hits and all("order of loss tank" in a["why"]["detail"] for a in hits)
