"""The submarines' surprise strikes (1942 p.16-17; digest §6.2 #1; ruling 21).

The attacker's striking subs fire first; their hits go to the defender's casualty zone. Then
the defender's striking subs fire, those hit by the attacker's strike too when the strikes
are simultaneous (``Rules.struck_subs_still_strike``); the attacker's casualties are removed
at once. A sub's hit never falls on an aircraft. The casualties of both strikes are removed
(the next step) before the main fire.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.casualties import Combatant, Side
from adjudicator.axis_allies.rules import Rules


class SurpriseStrike(BattleStep):
    stage = "round"

    def __init__(self, side: Side) -> None:
        self.side: Side = side
        self.target: Side = steps.other(side)

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"{self.side}'s surprise strike"

    def applies(self, battle: BattleInfo) -> bool:
        return battle.sea

    @staticmethod
    def strikers(side: Side, units: Sequence[Combatant], struck: Iterable[str], rules: Rules
                 ) -> list[Combatant]:
        """The subs of ``side`` that strike: those that chose to (marked ``struck``), the
        defender's only while not destroyed, or also when hit by the attacker's strike if
        the strikes are simultaneous."""
        marked = set(struck)
        flagged = [c for c in units if c.id in marked]
        return flagged if side == "attacker" else steps.defender_strikers(flagged, rules)

    def fight(self, b: Any) -> None:
        shooters = self.strikers(self.side, b.side(self.side), b.struck, b.rules)
        hits = b.volley(self.side, shooters, "surprise")
        b.take_hits(self.target, hits, pending=self.target == "defender")

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        rules = c.rules
        side = self.side

        def select(units: Sequence[Combatant], struck: Iterable[str]) -> list[Combatant]:
            return self.strikers(side, units, struck, rules)

        # a defending sub hit by the attacker's strike fires back only when the strikes are
        # simultaneous; then its side's variants all strike alike
        fire_back = self.side == "defender" and rules.struck_subs_still_strike
        return c.volley_parts(parts, self.side, "surprise", select, fire_back=fire_back)

    def __repr__(self) -> str:
        return f"<SurpriseStrike {self.side}>"
