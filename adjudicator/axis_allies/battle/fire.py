"""Steps 3 and 4: the attacker fires, then the defender fires (1942 p.16-17).

Every combat-capable unit that did not make a surprise strike this round fires, attacking
infantry supported by artillery (one each) at +1. The defender's casualties of step 3 are in
the casualty zone and still fire in step 4; the attacker's casualties are removed at once.
A side fires only when the other has a unit that can be a casualty. Who fires, at what
value, and what each hit may take are :mod:`adjudicator.axis_allies.battle_steps`
(``main_shooters``, ``fire_values``, ``hit_of``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleStep, Part
from adjudicator.axis_allies.casualties import Combatant, Side


class Fire(BattleStep):
    stage = "round"

    def __init__(self, side: Side) -> None:
        self.side: Side = side
        self.target: Side = steps.other(side)

    def shooters(self, units: Sequence[Combatant], struck: Iterable[str]) -> list[Combatant]:
        """Every combat-capable unit that did not strike this round (the defender's
        casualties of this round included)."""
        return steps.main_shooters(units, self.side, struck)

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"{self.side} fires"

    def fight(self, b: Any) -> None:
        shooters = self.shooters(b.side(self.side), b.struck)
        if steps.targets(b.side(self.target)):
            b.take_hits(self.target, b.volley(self.side, shooters, "fire"),
                        pending=self.target == "defender")

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        # casualties of this round still fire until removed: the defender's (in the
        # casualty zone) fire exactly as they did before they were hit
        return c.volley_parts(parts, self.side, "fire", self.shooters,
                              fire_back=self.side == "defender", need_targets=True)

    def __repr__(self) -> str:
        return f"<Fire {self.side}>"
