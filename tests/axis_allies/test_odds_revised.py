"""``adj odds`` with A&A Revised units and rules: the transport defends at 1 and is chosen
freely as a casualty (Revised digest A6, C1; docs/aa-revised-data.md decision 5), there is no
cruiser. Exactness as in test_odds.py: hand-computed fractions, and every die of the first
round(s) through the real battle engine against the calculator."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from adjudicator.axis_allies.combat import BattleSetup, Unit, _Battle, battle_orders
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.dice import Roll, RollLabel

ED = load_edition("aa-revised")
RULES = rules_for("aa-revised")
F = Fraction


def army(power: str, prefix: str, start: int = 0, **counts: int) -> tuple[Unit, ...]:
    out = []
    n = start
    for utype, count in counts.items():
        for _ in range(count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, utype))
    return tuple(out)


def setup_of(kind: str, att, dfn) -> BattleSetup:
    return BattleSetup("here", kind, att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), ("elsewhere",))


def orders_of(setup: BattleSetup):
    return battle_orders(setup.attacker, setup.defending_powers, {}, None)


def exact(kind, att, dfn, ed=ED, rules=RULES, **kw):
    s = setup_of(kind, att, dfn)
    return battle_odds(ed, rules, s, orders_of(s), exact=True, **kw)


# --- hand-computed --------------------------------------------------------------------------
def test_a_lone_transport_defends_at_1():
    # destroyer hits 1/2, transport 1/6: per round 5/12 win, 1/12 both, 1/12 lost, 5/12 again
    o = exact("sea", army("uk", "a", destroyer=1), army("ger", "d", transport=1))
    assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (F(5, 7), F(1, 7),
                                                                       F(1, 7))
    # in 1942 the same transport is defenceless and simply sunk (1942 p.20)
    ed42 = load_edition("aa1942")
    o42 = exact("sea", army("uk", "a", destroyer=1), army("ger", "d", transport=1),
                ed=ed42, rules=rules_for("aa1942"))
    assert [(x.reason, x.probability) for x in o42.outcomes] == [("defenceless-transports", 1)]


def test_the_transport_is_chosen_freely_as_the_cheapest_casualty():
    """A destroyer and a transport defend against a battleship: one hit and the defender
    loses its cheaper unit, the transport (8 IPC against 12), not the destroyer."""
    o = exact("sea", army("uk", "a", battleship=1), army("ger", "d", destroyer=1, transport=1),
              max_rounds=1)
    after_one_hit = {tuple(sorted(x.defender.items())) for x in o.outcomes
                     if sum(x.defender.values()) == 1}
    assert after_one_hit == {(("destroyer", 1),)}


def test_two_fighters_against_two_transports():
    # fighters hit 1/2 each; each transport 1/6. Exact, with the transports firing back.
    o = exact("sea", army("uk", "a", fighter=2), army("ger", "d", transport=2))
    assert sum(x.probability for x in o.outcomes) == 1
    assert 0 < o.defender_holds + o.both_destroyed < F(1, 5)
    assert o.attacker_wins > F(4, 5) and o.captures == 0  # no capture at sea


# --- every die through the engine -------------------------------------------------------------
class _Need(Exception):
    pass


class _Stop(Exception):
    pass


class TreeDice:
    def __init__(self, prefix: tuple[int, ...], last_round: int) -> None:
        self.prefix, self.used, self.last_round = prefix, 0, last_round
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


def enumerate_engine(setup, orders, last_round: int) -> dict[tuple, Fraction]:
    out: dict[tuple, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        battle = _Battle(ED, RULES, setup, orders, TreeDice(prefix, last_round), (), 0)
        try:
            res = battle.run()
        except _Need as need:
            for more in itertools.product(range(1, 7), repeat=need.args[0] - len(prefix)):
                stack.append(prefix + more)
            continue
        except _Stop:
            key = ("undecided", "", _board(battle.att), _board(battle.dfn))
        else:
            key = (res.winner, res.end_reason, _board(battle.att), _board(battle.dfn))
        out[key] = out.get(key, F(0)) + F(1, 6 ** len(prefix))
    return out


def calculator_by_board(o) -> dict[tuple, Fraction]:
    out: dict[tuple, Fraction] = {}
    for x in o.outcomes:
        key = (x.winner, "" if x.winner == "undecided" else x.reason,
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
    "sea: destroyer and fighter against transports and a carrier": (
        "sea", army("uk", "a", destroyer=1, fighter=1),
        army("ger", "d", transport=2, carrier=1), 1),
    "sea: destroyer against a transport, two rounds": (
        "sea", army("uk", "a", destroyer=1), army("ger", "d", transport=1), 2),
    "sea: submarines, a transport and a battleship": (
        "sea", army("uk", "a", submarine=1, battleship=1),
        army("ger", "d", submarine=1, transport=1), 1),
    "land: AA gun, artillery and a fighter": (
        "land", army("ger", "a", infantry=1, artillery=1, fighter=1),
        army("rus", "d", infantry=1, aa_gun=1), 1),
}


@pytest.mark.parametrize("name", list(ENUMERATED))
def test_the_calculator_is_the_engine_die_for_die(name):
    kind, att, dfn, rounds = ENUMERATED[name]
    s = setup_of(kind, att, dfn)
    orders = orders_of(s)
    engine = _no_aa(enumerate_engine(s, orders, rounds))
    calc = calculator_by_board(battle_odds(ED, RULES, s, orders, exact=True,
                                           max_rounds=rounds))
    assert engine == calc


# --- the command ----------------------------------------------------------------------------
def js(*args: str, code: int = 0) -> dict:
    res = CliRunner().invoke(main, [*args, "--json"])
    assert res.exit_code == code, res.output
    return json.loads(res.output)


def test_adj_odds_with_revised_units():
    out = js("odds", "aa-revised", "1 dd", "vs", "1 tt", "--sea", "--exact")
    assert out["exact"]["attacker_wins"] == "5/7" and out["exact"]["defender_holds"] == "1/7"
    out = js("odds", "aa1942", "1 dd", "vs", "1 tt", "--sea", "--exact")
    assert out["exact"]["attacker_wins"] == "1"
    out = js("odds", "aa-revised", "1 ca", "vs", "1 tt", "--sea", code=1)  # no cruiser
    assert "no cruiser in Axis & Allies Revised" in out["error"]
    out = js("odds", "aa-revised", "3 inf, 1 art, 1 arm", "vs", "2 inf, 1 aa")
    assert out["attacking"] == {"infantry": 3, "artillery": 1, "tank": 1}
    assert out["attacker_wins"] > 0.5


def test_adj_odds_in_a_live_revised_game(tmp_path):
    game = str(tmp_path / "g")
    res = CliRunner().invoke(main, ["new", "aa-revised", game])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["orders", game, "--power", "ussr", "-"],
                             input="combat move:\n3 inf, 1 art, 2 arm Russia -> West Russia\n")
    assert res.exit_code == 0, res.output
    out = js("odds", game, "West Russia")
    assert out["attacking"] == {"infantry": 3, "artillery": 1, "tank": 2}
    assert out["defending"] == {"infantry": 3, "artillery": 1, "tank": 1}  # the German army
    assert abs(out["attacker_wins"] + out["defender_holds"] + out["both_destroyed"]
               + out["other"] - 1) < 1e-12
