"""The effects' query context added for the National Advantages (issue 10), in the style of
test_effects.py: a small test effect reads each piece and the engine honours it where it asks.

* ``UnitQuery.setup``/``edition`` in ``attack``/``defence``: the battle as it starts and the
  data, in the dice engine and in the exact calculator;
* ``UnitQuery.path``/``moved`` in ``moves`` while a move is checked;
* ``BattleStep.rounds``: the calculator tells round 1 from the others for a step that asks;
* ``InPlay.income_changes``: which effect changed a power's income, and by how much;
* ``raider`` and ``raid_damage``: who may raid, and what a raider's dice count for.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from aa_scenario import ED, blank, mv, put, rules_of

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.battle.fire import Fire
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.effects import Effect
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.validate import check_noncombat_moves
from adjudicator.dice import FixedDice
from adjudicator.record import replace

RS = editions.ruleset("aa1942")


@pytest.fixture
def ruleset_with():
    made = []

    def make(*effects: Effect):
        key = f"test-effects-context-{len(made)}"
        rs = replace(RS, key=key, rules=replace(RS.rules, edition=key), effects=effects)
        editions.register(rs)
        made.append(key)
        return rs

    yield make
    for key in made:
        editions.unregister(key)


def land(att, dfn, region="here") -> BattleSetup:
    return BattleSetup(region, "land", att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), ())


def results(rules, setup) -> tuple:
    o = battle_odds(ED, rules, setup, battle_orders(setup.attacker, setup.defending_powers),
                    exact=True)
    return o.attacker_wins, o.both_destroyed, o.defender_holds


class Crowd(Effect):
    """Infantry attack at 2 when two or more attack together, in an original German land."""

    name = "crowd"

    def attack(self, unit, value):
        if unit.type != "infantry" or unit.setup is None or unit.edition is None:
            return value
        region = unit.edition.map.regions.get(unit.region)
        crowd = sum(u.type == "infantry" for u in unit.setup.attackers) >= 2
        return 2 if crowd and region is not None and region.original_owner == "germany" \
            else value


def test_the_battle_and_the_data_reach_attack_in_dice_and_odds(ruleset_with):
    play = ruleset_with(Crowd()).in_play()
    two = (Unit("a1", "rus", "infantry"), Unit("a2", "rus", "infantry"))
    one_dfn = (Unit("d1", "ger", "artillery"),)
    res = resolve_battle(ED, play, land(two, one_dfn, "germany"),
                         battle_orders("rus", ("ger",)), FixedDice([2, 6, 6]))
    fire = next(e for e in res.log if e["event"] == "fire" and e["side"] == "attacker")
    assert [d["value"] for d in fire["dice"]] == [2, 2]
    lone = land(two[:1], one_dfn, "germany")
    assert results(play, lone) == results(RS.in_play(), lone)  # one infantry: no crowd
    assert results(play, land(two, one_dfn, "germany")) != \
        results(RS.in_play(), land(two, one_dfn, "germany"))
    assert results(play, land(two, one_dfn, "karelia_ssr")) == \
        results(RS.in_play(), land(two, one_dfn, "karelia_ssr"))


class NorthRoad(Effect):
    """Infantry that have not moved move 2 along Karelia - Archangel - Russia only."""

    name = "north road"

    def moves(self, unit, value):
        road = {"karelia_ssr", "archangel", "russia"}
        if unit.type == "infantry" and unit.path and not unit.moved \
                and set(unit.path) <= road:
            return 2
        return value


def test_the_route_and_the_moves_made_reach_moves(ruleset_with):
    rs = ruleset_with(NorthRoad())
    s = blank("ussr", "noncombat")
    s["rules"] = {**s["rules"], "edition": rs.key}
    put(s, "ussr", "infantry", "karelia_ssr")
    assert rules_of(check_noncombat_moves(s, ED, "ussr", [mv(
        "ussr", {"infantry": 1}, "karelia_ssr", "archangel", "russia")])) == []
    assert rules_of(check_noncombat_moves(s, ED, "ussr", [mv(
        "ussr", {"infantry": 1}, "karelia_ssr", "west_russia", "russia")])) == ["out-of-range"]
    s["units"][0]["moved"] = 1
    assert rules_of(check_noncombat_moves(s, ED, "ussr", [mv(
        "ussr", {"infantry": 1}, "karelia_ssr", "archangel")])) == ["out-of-range"]


class FirstVolleyAt6(Fire):
    """The defender fires at 6 in round 1 only."""

    rounds = 1

    def __init__(self):
        super().__init__("defender")

    def shooters6(self, units, struck):
        return [replace(c, rated=6) for c in self.shooters(units, struck)]

    def fight(self, b):
        if b.round != 1:
            return super().fight(b)
        b.take_hits("attacker", b.volley("defender", self.shooters6(b.dfn, b.struck), "fire"),
                    pending=False)
        return None

    def spread(self, c, parts, rnd):
        if rnd != 1:
            return super().spread(c, parts, rnd)
        return c.volley_parts(parts, "defender", "fire-6", self.shooters6, fire_back=True,
                              need_targets=True)


class Ambush(Effect):
    name = "ambush"

    def battle_steps(self, battle, steps):
        return tuple(FirstVolleyAt6() if type(s) is Fire and s.side == "defender" else s
                     for s in steps)


def test_a_step_that_changes_with_the_round_gets_the_round_in_the_calculator(ruleset_with):
    play = ruleset_with(Ambush()).in_play()
    one = land((Unit("a1", "rus", "infantry"), Unit("a2", "rus", "infantry")),
               (Unit("d1", "ger", "infantry"),))
    res = resolve_battle(ED, play, one, battle_orders("rus", ("ger",)),
                         FixedDice([6, 6, 6, 6, 1]))
    values = [[d["value"] for d in e["dice"]] for e in res.log
              if e["event"] == "fire" and e["side"] == "defender"]
    assert values == [[6], [2]]
    # round 1 the defender surely hits; the attacker's two dice hit with 11/36 (then it wins
    # with the infantry left), else one infantry fights one: 1/4, 1/8, 5/8 (test_effects)
    hit = 1 - F(5, 6) ** 2
    assert results(play, one) == (hit + (1 - hit) * F(1, 4), (1 - hit) * F(1, 8),
                                  (1 - hit) * F(5, 8))


class Tithe(Effect):
    name = "tithe"

    def income(self, q, value):
        return value - 2 if q.power == "uk" else value


def test_income_changes_name_the_effect(ruleset_with):
    rs = ruleset_with(Tithe())
    s = blank("uk", "purchase")
    s["rules"] = {**s["rules"], "edition": rs.key}
    play = rs.in_play(s)
    assert play.income_changes("uk", s, 30) == [{"effect": "tithe", "by": -2}]
    assert play.income_changes("ussr", s, 30) == []
    assert RS.in_play(s).income_changes("uk", s, 30) == []


class Gliders(Effect):
    """Fighters raid, and each raider's dice count double over Russia."""

    name = "gliders"

    def raider(self, unit, value):
        return value or unit.type == "fighter"

    def raid_damage(self, unit, value):
        return value * 2 if unit.region == "russia" else value


def test_raider_and_raid_damage_in_raids_and_validation(ruleset_with):
    from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid

    rs = ruleset_with(Gliders())
    ftr = (Unit("f1", "germany", "fighter"),)
    setup = RaidSetup("russia", "germany", ftr, 8, 0, None, 1, 30)
    with pytest.raises(ValueError, match="cannot make a strategic bombing raid"):
        resolve_raid(ED, RS.in_play(), setup, FixedDice([3]))
    res = resolve_raid(ED, rs.in_play(), replace(setup, treasury=None), FixedDice([3]))
    bombing = next(e for e in res.log if e["event"] == "bombing")
    assert bombing["counted"] == {"f1": 6} and bombing["effects"] == ["gliders"]
    assert res.damage_rolled == 6
    s = blank("germany", "combat", karelia_ssr="germany")
    s["rules"] = {**s["rules"], "edition": rs.key}
    put(s, "germany", "fighter", "karelia_ssr")
    from adjudicator.axis_allies.validate import check_combat_moves

    plan = check_combat_moves(s, ED, "germany", [mv("germany", {"fighter": 1}, "karelia_ssr",
                                                   "archangel", "russia", bombing=True)])
    assert "bombing-bombers-only" not in rules_of(plan)
    s["rules"]["edition"] = "aa1942"
    plan = check_combat_moves(s, ED, "germany", [mv("germany", {"fighter": 1}, "karelia_ssr",
                                                   "archangel", "russia", bombing=True)])
    assert "bombing-bombers-only" in rules_of(plan)
