"""Shared by the battle-step tests (test_battle_*.py): small battles, fought with fixed dice
through the dice engine, computed exactly by the calculator, and enumerated die by die
through the dice engine so the two can be compared fraction for fraction."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from adjudicator.axis_allies.combat import BattleSetup, Unit, _Battle, battle_orders
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.dice import FixedDice, Roll, RollLabel

ED = load_edition("aa1942")
RULES = rules_for("aa1942")
F = Fraction


def army(power: str, prefix: str, start: int = 0, landed: bool = False, **counts: int
         ) -> tuple[Unit, ...]:
    out, n = [], start
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


def fight(setup, dice, rules=RULES, orders=None, bombarding=(), landing=0):
    """The dice engine with fixed dice; every die must be used."""
    d = FixedDice(list(dice))
    res = _Battle(ED, rules, setup, orders or orders_of(setup), d, bombarding, landing).run()
    assert d.values == [], f"unused dice {d.values}"
    return res


def events(res, name):
    return [e for e in res.log if e["event"] == name]


def exact(setup, rules=RULES, orders=None, **kw):
    return battle_odds(ED, rules, setup, orders or orders_of(setup), exact=True, **kw)


class _Need(Exception):
    pass


class _Stop(Exception):
    pass


class _TreeDice:
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
    return tuple(sorted(Counter(c.type for c in units if c.in_battle
                                and c.type != "aa_gun").items()))


def enumerated(setup, rules=RULES, orders=None, bombarding=(), landing=0, last_round=1
               ) -> dict[tuple, Fraction]:
    """The dice engine's exact distribution over its first ``last_round`` rounds, every die
    tried: (winner, reason, attackers on the board, defenders on the board)."""
    orders = orders or orders_of(setup)
    out: dict[tuple, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        battle = _Battle(ED, rules, setup, orders, _TreeDice(prefix, last_round), bombarding,
                         landing)
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


def calculated(setup, rules=RULES, orders=None, bombarding=(), landing=0, last_round=1
               ) -> dict[tuple, Fraction]:
    """The calculator's distribution in the same terms as :func:`enumerated`."""
    o = battle_odds(ED, rules, setup, orders or orders_of(setup), bombarding=bombarding,
                    landing=landing, max_rounds=last_round, exact=True)
    out: dict[tuple, Fraction] = {}
    for x in o.outcomes:
        undecided = x.winner == "undecided"
        key = ("undecided" if undecided else x.winner, "" if undecided else x.reason,
               tuple(sorted(x.attacker.items())),
               tuple(sorted((t, n) for t, n in x.defender.items() if t != "aa_gun")))
        out[key] = out.get(key, F(0)) + x.probability
    return out
