"""Atlantic Wall (Germany 2, Revised digest A7): "In every amphibious assault against a grey
(German) territory, all your infantry defend at 3 in the first combat round."

Automatic (digest C3). A value that changes with the round is a battle step
(docs/aa-editions.md): the advantage replaces the defender's fire step of land battles with
:class:`AtlanticWallFire`, which in round 1 of an amphibious assault (an attacking unit came
ashore from a transport: ``Unit.landed``) on a territory printed in Germany's colour (its
original owner; ruling NA-atlantic_wall, as NA-fortress_europe) fires German infantry at 3,
in the dice engine and in the exact calculator alike, and logs an ``advantage`` event naming
the advantage. From round 2 the step fires as the plain one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps
from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.battle.fire import Fire
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.casualties import Combatant
from adjudicator.record import replace

VALUE = 3
POWER = "germany"
KEY = "atlantic_wall"
NAME = "Atlantic Wall"


class AtlanticWall(NationalAdvantage):
    key = KEY
    power = POWER
    number = 2
    name = NAME

    def battle_steps(self, battle: BattleInfo, steps: tuple[BattleStep, ...]
                     ) -> tuple[BattleStep, ...]:
        if battle.sea:
            return steps
        return tuple(AtlanticWallFire() if type(s) is Fire and s.side == "defender" else s
                     for s in steps)


def walled(setup: Any, edition: Any) -> bool:
    """An amphibious assault on a territory printed in German grey."""
    region = edition.map.regions.get(setup.region)
    return (setup.kind == "land" and region is not None and region.original_owner == POWER
            and any(u.landed for u in setup.attackers))


def _infantry(c: Combatant) -> bool:
    return c.power == POWER and c.type == "infantry"


class AtlanticWallFire(Fire):
    """The defender fires; in round 1 of a walled assault German infantry fire at 3."""

    rounds = 1  # the calculator tells round 1 from the others

    def __init__(self) -> None:
        super().__init__("defender")

    def first_round_shooters(self, units: Sequence[Combatant], struck: Iterable[str]
                             ) -> list[Combatant]:
        return [replace(c, rated=max(c.value, VALUE)) if _infantry(c) else c
                for c in self.shooters(units, struck)]

    def fight(self, b: Any) -> None:
        if b.round != 1 or not walled(b.setup, b.ed):
            return super().fight(b)
        shooters = self.first_round_shooters(b.side(self.side), b.struck)
        raised = [c.id for c in shooters if _infantry(c)]
        if raised:
            b.log.append({"event": "advantage", "advantage": KEY, "name": NAME,
                          "power": POWER, "side": "defender", "units": raised,
                          "defend_at": VALUE, "round": 1})
        if battle_steps.targets(b.side(self.target)):
            b.take_hits(self.target, b.volley(self.side, shooters, "fire"), pending=False)
        return None

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        if rnd != 1 or not walled(c.setup, c.ed):
            return super().spread(c, parts, rnd)
        # a purpose of its own: the calculator memoises each volley by side state and purpose
        return c.volley_parts(parts, self.side, "fire-atlantic-wall", self.first_round_shooters,
                              fire_back=True, need_targets=True)

    def __repr__(self) -> str:
        return "<AtlanticWallFire defender>"


ADVANTAGE = AtlanticWall()
