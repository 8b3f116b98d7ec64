"""Russian Winter (Soviet Union 1, Revised digest A7): "Once per game, during your Collect
Income phase, you may declare a harsh winter. Until the start of your next turn, your infantry
defends at 3."

An order, once per game (digest C3 #15; default: not declared): the line ``Russian Winter``
in the Soviet turn, sent with the part of the turn that ends with the income (the second
submission of a two-pass turn; with ``passes=auto`` a submission carrying it is the whole
turn). The advantage adds a turn step right after the income is collected: it marks the
advantage used and writes the game round into ``state["advantages_declared"]``
(docs/state-format.md), and the turn's events name it (``events["advantages"]``).

In force for the rest of that round, the other powers' turns (the Soviet Union moves first in
a round), until the Soviet turn of the next round begins; Soviet infantry then defend at 3,
wherever they defend (ruling NA-russian_winter). The ``defence`` query point cannot see the
state, so the advantage is *in play* (``active``) only in the Soviet turns before it is used
(to take the order; Soviet units never defend in their own turn) and while the winter lasts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.axis_allies.advantages import (
    DECLARED_KEY,
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
)
from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.ruleset import TurnStep

VALUE = 3


class RussianWinter(NationalAdvantage):
    key = "russian_winter"
    power = "ussr"
    number = 1
    name = "Russian Winter"
    decision = "order"
    once_per_game = True
    order_half = "second"

    def active(self, state: Mapping[str, Any]) -> bool:
        if not super().active(state):
            return False
        turn = state.get("turn") or {}
        own_turn = turn.get("power") == self.power
        return (own_turn and not self.used(state)) or self.in_force(state)

    def in_force(self, state: Mapping[str, Any]) -> bool:
        """Declared this round, and the Soviet turn of the next round has not begun."""
        declared = (state.get(DECLARED_KEY) or {}).get(self.key)
        turn = state.get("turn") or {}
        return declared is not None and turn.get("round") == declared \
            and turn.get("power") != self.power

    def defence(self, unit: UnitQuery, value: int) -> int:
        if self.mine(unit) and unit.type == "infantry":
            return max(value, VALUE)
        return value

    def check_order(self, board: Any, order: Any) -> str | None:
        if order.units or order.regions:
            return f"{self.name} is declared with its name alone: no units or territories"
        return None

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"collect": [DeclareWinter(self)]})


class DeclareWinter(AdvantageStep):
    """In the Soviet Collect Income phase: a harsh winter, when the turn declares it."""

    key = "russian_winter"
    name = "Russian Winter"
    half = "end"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        if self.declared_order(turn, script) is None:
            return
        turn.ev.setdefault("advantages", []).append(
            {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
             "declared": True, "unit": "infantry", "defend_at": VALUE,
             "until_round": turn.round + 1})

    def __repr__(self) -> str:
        return "<DeclareWinter russian_winter>"


ADVANTAGE = RussianWinter()
