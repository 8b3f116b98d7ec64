"""battle/round_start.py: a round's number and snapshot; the engine never loops for ever, the
calculator stops at max_rounds."""

from __future__ import annotations

import pytest
from battle_cases import ED, F, army, events, exact, fight, orders_of, setup_of

from adjudicator.axis_allies.battle import round_start
from adjudicator.axis_allies.combat import resolve_battle
from adjudicator.axis_allies.editions import rules_for


class _NeverHit:
    def __init__(self) -> None:
        self.rolls: list = []

    def roll(self, label, n):
        return [6] * n


def test_each_round_is_logged_with_the_board():
    s = setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    res = fight(s, [6, 6, 1, 6])
    assert [e["round"] for e in events(res, "round")] == [1, 2]
    assert events(res, "round")[0]["attacking"] == [{"id": "a1", "type": "infantry",
                                                     "power": "ger", "damage": 0}]


def test_a_dice_source_that_never_hits_fails_loudly(monkeypatch):
    monkeypatch.setattr(round_start, "MAX_ROUNDS", 5)
    s = setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    with pytest.raises(RuntimeError, match="did not end in 5 rounds"):
        resolve_battle(ED, rules_for("aa1942"), s, orders_of(s), _NeverHit())


def test_the_calculator_stops_after_max_rounds():
    s = setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    assert exact(s, max_rounds=3).undecided == F(20, 36) ** 3
