"""The exact battle calculator (adjudicator/axis_allies/odds.py): exactness.

Four kinds of evidence that the distribution is the battle engine's:

* hand-computed small battles, as fractions;
* every die of a battle's first round enumerated through the real engine (``_Battle``), the
  resulting distribution compared, fraction for fraction, with the calculator's;
* the calculator's float results against its own fraction results (1e-12);
* the one-hit-at-a-time casualty chain against the engine's ``assign_hits`` for whole volleys.

The statistical comparison with thousands of real battles is in test_odds_statistics.py.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.casualties import Hit
from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleSetup,
    Unit,
    _Battle,
    battle_orders,
)
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.odds import _Chain, amphibious_odds, battle_odds
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders
from adjudicator.dice import Roll, RollLabel
from adjudicator.record import replace

ED = load_edition("aa1942")
RULES = rules_for("aa1942")
F = Fraction


def army(power: str, prefix: str, start: int = 0, landed: bool = False, **counts: int
         ) -> tuple[Unit, ...]:
    out = []
    n = start
    for utype, count in counts.items():
        for _ in range(count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, utype, landed=landed))
    return tuple(out)


def setup_of(kind: str, att, dfn, options=("elsewhere",)) -> BattleSetup:
    return BattleSetup("here", kind, att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), tuple(options))


def orders_of(setup: BattleSetup, standing=None, instruction=None):
    return battle_orders(setup.attacker, setup.defending_powers, standing or {}, instruction)


def exact(kind, att, dfn, rules=RULES, **kw):
    s = setup_of(kind, att, dfn)
    return battle_odds(ED, rules, s, orders_of(s, kw.pop("standing", None),
                                               kw.pop("instruction", None)), exact=True, **kw)


# --- hand-computed battles ------------------------------------------------------------------


def test_one_infantry_against_one_infantry():
    # a round: attacker hits 1/6, defender 2/6; nothing happens 20/36 of the time
    o = exact("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    assert (o.attacker_wins, o.defender_holds, o.both_destroyed) == (F(1, 4), F(5, 8), F(1, 8))
    assert o.captures == F(1, 4)
    assert sum(x.probability for x in o.outcomes) == 1
    assert o.expected_loss_ipc("attacker") == F(3) * (F(5, 8) + F(1, 8))


def test_two_fighters_against_one_infantry():
    # 3/4 to hit at least once; the defender's 1/3 shot still comes back. Air never captures.
    o = exact("land", army("ger", "a", fighter=2), army("rus", "d", infantry=1))
    assert (o.attacker_wins, o.defender_holds, o.both_destroyed) == (F(19, 20), F(1, 40),
                                                                       F(1, 40))
    assert o.captures == 0
    kept = {tuple(x.attacker.items()): x.probability for x in o.outcomes
            if x.winner == "attacker"}
    assert kept == {(("fighter", 2),): F(3, 5), (("fighter", 1),): F(7, 20)}


def test_artillery_supports_infantry():
    # inf+art both hit at 2 -> 5/9 for a hit; infantry is lost first (cheapest)
    o = exact("land", army("ger", "a", infantry=1, artillery=1), army("rus", "d", infantry=1))
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (F(83, 95), F(4, 95),
                                                                       F(8, 95))


def test_aa_gun_fires_once_before_the_battle():
    # 1/6 the fighter is shot down; otherwise fighter (1/2) against infantry (1/3)
    o = exact("land", army("ger", "a", fighter=1), army("rus", "d", infantry=1, aa_gun=1))
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (F(5, 12), F(5, 24),
                                                                       F(3, 8))
    assert all(x.defender.get("aa_gun") == 1 for x in o.outcomes)  # never a casualty


def test_battleship_takes_two_hits():
    # bb hits 2/3, destroyer 1/3; the first hit only damages the battleship
    o = exact("sea", army("uk", "a", battleship=1), army("ger", "d", destroyer=1))
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (F(46, 49), F(2, 49),
                                                                       F(1, 49))


@pytest.mark.parametrize("still_strike,want", [(True, (F(5, 8), F(1, 8), F(1, 4))),
                                               (False, (F(3, 4), F(0), F(1, 4)))])
def test_submarine_surprise_strikes_and_the_struck_sub_rule(still_strike, want):
    rules = replace(RULES, struck_subs_still_strike=still_strike)
    o = exact("sea", army("uk", "a", submarine=1), army("ger", "d", submarine=1), rules=rules)
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == want


def test_destroyer_cancels_surprise_strike_and_air_cannot_hit_a_lone_sub():
    o = exact("sea", army("uk", "a", submarine=1), army("ger", "d", destroyer=1))
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (F(2, 5), F(1, 5), F(2, 5))
    o = exact("sea", army("uk", "a", fighter=1), army("ger", "d", submarine=1))
    assert [(x.winner, x.reason, x.probability) for x in o.outcomes] == [
        ("none", "stalemate", 1)]


def test_defenceless_transports_are_sunk_and_submerged_subs_survive():
    o = exact("sea", army("uk", "a", destroyer=1), army("ger", "d", transport=2))
    assert [(x.winner, x.reason, x.probability) for x in o.outcomes] == [
        ("attacker", "defenceless-transports", 1)]
    # the defender's sub always submerges (no enemy destroyer) while the attacker's strikes
    # (1/3 it sinks the transport); then the transport is alone and defenceless
    o = exact("sea", army("uk", "a", submarine=1), army("ger", "d", submarine=1, transport=1),
              standing={"ger": StandingOrders(submerge="always")})
    assert [(x.reason, dict(x.submerged), x.probability) for x in o.outcomes] == [
        ("defenceless-transports", {"defender": {"submarine": 1}}, F(2, 3)),
        ("defender-eliminated", {"defender": {"submarine": 1}}, F(1, 3))]


def test_retreat_after_a_round_and_the_round_limit():
    ins = BattleInstruction("here", retreat_after_round=1)
    o = exact("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1),
              instruction=ins)
    # round 1 decides it with 16/36; otherwise the attacker leaves with its infantry
    assert o.probability(reason="attacker-retreated") == F(20, 36)
    assert o.attacker_wins == F(4, 36) and o.both_destroyed == F(2, 36)
    o = exact("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1), max_rounds=2)
    assert o.undecided == F(20, 36) ** 2


def test_loss_order_and_keep_land_units_come_from_the_orders():
    att = army("ger", "a", infantry=1, fighter=1)
    dfn = army("rus", "d", infantry=1)
    keep = exact("land", att, dfn)
    lose_inf = exact("land", att, dfn,
                     instruction=BattleInstruction("here", keep_land_units=0))
    # by default the fighter dies first (keep one land unit to capture, ruling 18)
    assert keep.captures > lose_inf.captures
    first = exact("land", att, dfn, instruction=BattleInstruction(
        "here", order_of_loss=("fighter", "infantry"), keep_land_units=0))
    assert first.captures == keep.captures


# --- every die of round 1 through the real engine --------------------------------------------


class _Need(Exception):
    pass


class _Stop(Exception):
    pass


class TreeDice:
    """Dice from a given prefix; asks for more (``_Need``) or stops the battle at round 2."""

    def __init__(self, prefix: tuple[int, ...], last_round: int) -> None:
        self.prefix = prefix
        self.used = 0
        self.last_round = last_round
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        if label.combat_round > self.last_round:
            raise _Stop
        if self.used + n > len(self.prefix):
            raise _Need(self.used + n)
        out = self.prefix[self.used:self.used + n]
        self.used += n
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return list(out)


def _board(units) -> tuple:
    return tuple(sorted(Counter(c.type for c in units if c.in_battle).items()))


def _outcome_key(winner, reason, att_units, dfn_units) -> tuple:
    return (winner, reason, att_units, dfn_units)


def enumerate_engine(setup, orders, bombarding=(), landing=0, last_round=1
                     ) -> dict[tuple, Fraction]:
    """The engine's exact distribution over its first ``last_round`` rounds, by trying every
    die: (winner, reason, attackers on the board, defenders on the board)."""
    out: dict[tuple, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        battle = _Battle(ED, RULES, setup, orders, TreeDice(prefix, last_round), bombarding,
                         landing)
        try:
            res = battle.run()
        except _Need as need:
            for more in itertools.product(range(1, 7), repeat=need.args[0] - len(prefix)):
                stack.append(prefix + more)
            continue
        except _Stop:
            # still fighting: the board at the start of the next round
            key = ("undecided", "", _board(battle.att), _board(battle.dfn))
        else:
            key = (res.winner, res.end_reason, _board(battle.att), _board(battle.dfn))
        out[key] = out.get(key, F(0)) + F(1, 6 ** len(prefix))
    return out


def calculator_by_board(o) -> dict[tuple, Fraction]:
    out: dict[tuple, Fraction] = {}
    for x in o.outcomes:
        key = ("undecided" if x.winner == "undecided" else x.winner,
               "" if x.winner == "undecided" else x.reason,
               tuple(sorted(x.attacker.items())),
               tuple(sorted((t, n) for t, n in x.defender.items() if t != "aa_gun")))
        out[key] = out.get(key, F(0)) + x.probability
    return out


def _no_aa(dist):
    out: dict[tuple, Fraction] = {}
    for (w, r, a, d), p in dist.items():
        k = (w, r, a, tuple(x for x in d if x[0] != "aa_gun"))
        out[k] = out.get(k, F(0)) + p
    return out


ENUMERATED = {
    "land, AA gun, artillery, fighter": (
        "land", army("ger", "a", infantry=1, artillery=1, fighter=1),
        army("rus", "d", infantry=1, aa_gun=1), None, None),
    "land, two defending powers, loss order": (
        "land", army("ger", "a", infantry=2, tank=1),
        army("uk", "d", infantry=1) + army("usa", "d", 5, infantry=1),
        None, BattleInstruction("here", order_of_loss=("tank",), keep_land_units=0)),
    "sea, submarines, battleship, carrier, transport": (
        "sea", army("uk", "a", fighter=1, battleship=1, submarine=1),
        army("ger", "d", carrier=1, submarine=1, transport=1), None, None),
    "sea, destroyer, submerge when outnumbered": (
        "sea", army("uk", "a", destroyer=1, submarine=1, cruiser=1),
        army("ger", "d", submarine=2), {"ger": StandingOrders(submerge="when-outnumbered")},
        None),
}


@pytest.mark.parametrize("name", list(ENUMERATED))
def test_first_round_equals_every_die_through_the_engine(name):
    kind, att, dfn, standing, ins = ENUMERATED[name]
    s = setup_of(kind, att, dfn)
    orders = orders_of(s, standing, ins)
    engine = _no_aa(enumerate_engine(s, orders))
    calc = calculator_by_board(battle_odds(ED, RULES, s, orders, exact=True, max_rounds=1))
    assert engine == calc


def test_two_rounds_with_a_retreat_condition_through_the_engine():
    s = setup_of("land", army("ger", "a", infantry=1, artillery=1), army("rus", "d", infantry=1))
    orders = orders_of(s, None, BattleInstruction("here", retreat_when_units_at_most=1))
    engine = enumerate_engine(s, orders, last_round=2)
    calc = calculator_by_board(battle_odds(ED, RULES, s, orders, exact=True, max_rounds=2))
    assert engine == calc


def test_bombardment_and_landed_units_through_the_engine():
    att = army("uk", "a", artillery=1) + army("uk", "l", 10, landed=True, infantry=1)
    dfn = army("ger", "d", infantry=2)
    s = setup_of("land", att, dfn)
    ships = army("uk", "s", battleship=1, cruiser=1)
    orders = orders_of(s, None, BattleInstruction("here", retreat_after_round=1))
    engine = enumerate_engine(s, orders, bombarding=ships, landing=1)
    calc = calculator_by_board(battle_odds(ED, RULES, s, orders, bombarding=ships, landing=1,
                                           exact=True, max_rounds=1))
    assert engine == calc
    # one landed unit: one ship bombards (the battleship, the stronger)
    assert sum(p for (w, r, a, d), p in engine.items() if len(d) == 0 or d[0][1] < 2) > 0


# --- floats against fractions ---------------------------------------------------------------


FLOAT_CASES = {
    "land mix": ("land", army("ger", "a", infantry=3, artillery=2, tank=1, fighter=1, bomber=1),
                 army("rus", "d", infantry=4, tank=1, aa_gun=1, fighter=1), None),
    "sea mix": ("sea", army("uk", "a", fighter=1, battleship=1, destroyer=1, submarine=2),
                army("ger", "d", battleship=1, carrier=1, fighter=1, submarine=1, transport=1),
                None),
    "retreat": ("land", army("ger", "a", infantry=3, tank=2), army("rus", "d", infantry=4),
                BattleInstruction("here", retreat_when_loss_exceeds_ipc=8)),
}


@pytest.mark.parametrize("name", list(FLOAT_CASES))
def test_floats_agree_with_fractions(name):
    kind, att, dfn, ins = FLOAT_CASES[name]
    s = setup_of(kind, att, dfn)
    orders = orders_of(s, None, ins)
    fr = battle_odds(ED, RULES, s, orders, exact=True)
    fl = battle_odds(ED, RULES, s, orders)
    assert sum(x.probability for x in fr.outcomes) == 1
    assert abs(sum(x.probability for x in fl.outcomes) - 1) < 1e-12
    exact_by_key = {(x.winner, x.reason, tuple(x.attacker.items()), tuple(x.defender.items()),
                     tuple(x.retreated.items())): x.probability for x in fr.outcomes}
    assert len(exact_by_key) == len(fl.outcomes)
    for x in fl.outcomes:
        k = (x.winner, x.reason, tuple(x.attacker.items()), tuple(x.defender.items()),
             tuple(x.retreated.items()))
        assert abs(x.probability - float(exact_by_key[k])) < 1e-12
    for side in ("attacker", "defender"):
        assert abs(fl.expected_loss_ipc(side) - float(fr.expected_loss_ipc(side))) < 1e-12


def test_amphibious_assault_floats_agree_with_fractions():
    sea_att = army("uk", "s", destroyer=1, transport=2) + (
        Unit("l1", "uk", "infantry", 0, "s2"), Unit("l2", "uk", "tank", 0, "s2"),
        Unit("l3", "uk", "infantry", 0, "s3"))
    sea = setup_of("sea", sea_att, army("ger", "z", submarine=1, cruiser=1))
    land_att = army("uk", "a", fighter=1) + (
        Unit("l1", "uk", "infantry", 0, "s2", True), Unit("l2", "uk", "tank", 0, "s2", True),
        Unit("l3", "uk", "infantry", 0, "s3", True))
    land = setup_of("land", land_att, army("ger", "d", infantry=2))
    setup = AmphibiousSetup(sea, land, ())
    fr = amphibious_odds(ED, RULES, setup, orders_of(sea), orders_of(land), exact=True)
    fl = amphibious_odds(ED, RULES, setup, orders_of(sea), orders_of(land))
    assert sum(x.probability for x in fr.outcomes) == 1
    assert abs(fl.attacker_wins - float(fr.attacker_wins)) < 1e-12
    assert abs(fl.captures - float(fr.captures)) < 1e-12
    assert fr.sea is not None and sum(x.probability for x in fr.sea.outcomes) == 1


# --- the casualty chain is the engine's assign_hits -------------------------------------------


def _random_side(rng: random.Random, sea: bool, power: str, prefix: str) -> tuple[Unit, ...]:
    kinds = (["fighter", "bomber", "battleship", "carrier", "cruiser", "destroyer", "submarine",
              "transport"] if sea else ["infantry", "artillery", "tank", "fighter", "bomber"])
    return army(power, prefix, **{k: rng.randint(0, 3) for k in kinds})


@pytest.mark.parametrize("seed", range(12))
def test_one_hit_at_a_time_equals_a_whole_volley(seed):
    """The calculator takes a volley's hits one at a time along a chain; the engine assigns
    them all in one call. Both must pick the same casualties, for every mix of hits."""
    rng = random.Random(seed)
    sea = seed % 2 == 0
    att = _random_side(rng, sea, "uk", "a") or army("uk", "a", fighter=1)
    dfn = _random_side(rng, sea, "ger", "d") or army("ger", "d", fighter=1)
    s = setup_of("sea" if sea else "land", att, dfn)
    chain = _Chain(ED, RULES, s, orders_of(s), exact=False, max_rounds=None)
    for role in ("attacker", "defender"):
        sid = chain.intern(role, chain.initial[role])
        kinds = [(False, False), (False, True), (True, False)]
        for _ in range(6):
            mix = [(k, rng.randint(0, 4)) for k in rng.sample(kinds, rng.randint(1, 3))]
            hits = [Hit("h", *k) for k, n in mix for _ in range(n)]
            hits.sort(key=lambda h: h.restriction_rank)  # the order assign_hits takes them
            units, struck = chain.build(sid)
            steps.take_casualties(chain.choosers[role], hits, units,
                                  pending=role == "defender",
                                  kill=lambda c, u=units: steps.destroy(c, u, []))
            whole = chain.canon(role, units, struck)
            cur = sid
            for h in hits:
                cur = chain.one_hit(cur, role, (h.no_air, h.no_subs))
            assert cur == whole, (mix, chain.keys[sid])
