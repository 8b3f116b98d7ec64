"""United States 3, Marines (Revised digest A7, US 3): "Your infantry attack at 2 in the first
round of land combat of an amphibious assault."

Automatic (digest C3). Ruling NA-marines: the marines are the US infantry that came ashore
from transports in this assault (``landed``), not US infantry that joined overland; they
attack at 2 in round 1 of the land battle and at their usual value from round 2; artillery
support adds its +1 to a marine as to any infantry (3).

A value that changes with the round is a battle step (docs/aa-editions.md): the advantage puts
:class:`MarinesFire` in place of the attacker's fire in the land battles the US attacks. In
round 1 it fires the marines at 2, with dice (the same dice labels as the usual fire) and
exactly (``adj odds``: the calculator's round-1 volley has a key of its own, ``fire:marines``,
so its memo never mixes with later rounds); it logs one ``advantage`` event naming Marines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.battle.fire import Fire
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.casualties import Combatant
from adjudicator.record import replace

#: "your infantry attack at 2" (printed attack 1)
MARINE_ATTACK = 2
#: the calculator's name for the round-1 volley (the main fire: artillery supports it)
PURPOSE = "fire:marines"


class Marines(NationalAdvantage):
    key = "marines"
    power = "usa"
    number = 3
    name = "Marines"
    decision = "automatic"

    def battle_steps(self, battle: BattleInfo, steps: tuple[BattleStep, ...]
                     ) -> tuple[BattleStep, ...]:
        if battle.sea or battle.attacker != self.power:
            return steps
        return tuple(MarinesFire(self) if _attacker_fire(s) else s for s in steps)

    def marine(self, c: Combatant) -> bool:
        """A US infantry that came ashore in this assault."""
        return c.power == self.power and c.type == "infantry" and c.landed


def _attacker_fire(step: BattleStep) -> bool:
    return type(step) is Fire and step.side == "attacker"


class MarinesFire(Fire):
    """The attacker's fire, with the marines at 2 in round 1."""

    rounds = 1  # the calculator tells round 1 from the others

    def __init__(self, advantage: Marines) -> None:
        super().__init__("attacker")
        self.advantage = advantage

    @property
    def name(self) -> str:  # type: ignore[override]
        return "attacker fires (Marines in round 1)"

    def boosted(self, units: Iterable[Combatant]) -> list[Combatant]:
        """``units`` with each marine's attack at 2 (copies; the board is not changed)."""
        return [replace(c, rated=max(c.value, MARINE_ATTACK)) if self.advantage.marine(c)
                else c for c in units]

    def first_round(self, units: Sequence[Combatant], struck: Iterable[str]) -> list[Combatant]:
        return self.boosted(self.shooters(units, struck))

    def landing(self, setup: Any) -> bool:
        """Whether any marine fights in this battle (US infantry came ashore)."""
        return any(u.power == self.advantage.power and u.type == "infantry" and u.landed
                   for u in setup.attackers)

    def fight(self, b: Any) -> None:
        if b.round != 1 or not self.landing(b.setup):
            super().fight(b)
            return
        shooters = self.shooters(b.side("attacker"), b.struck)
        marines = [c.id for c in shooters if self.advantage.marine(c)]
        if marines:
            b.log.append({"event": "advantage", "advantage": self.advantage.key,
                          "name": self.advantage.name, "power": self.advantage.power,
                          "side": "attacker", "round": 1, "units": marines,
                          "attack_at": MARINE_ATTACK,
                          "why": "US infantry landed in an amphibious assault attack at 2 "
                                 "in the first round (Revised digest A7, US 3)"})
        if steps.targets(b.side("defender")):
            b.take_hits("defender", b.volley("attacker", self.boosted(shooters), "fire"),
                        pending=True)

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        if rnd != 1 or not self.landing(c.setup):
            return super().spread(c, parts, rnd)
        return c.volley_parts(parts, "attacker", PURPOSE, self.first_round,
                              fire_back=False, need_targets=True)

    def __repr__(self) -> str:
        return "<MarinesFire attacker>"


ADVANTAGE = Marines()
