"""Kaiten Torpedoes (Japan 3, Revised digest A7): "A defending sub in a sea zone adjacent to
an orange territory or island group that you own may be designated a kaiten. It defends at 3
(4 with Super Subs), firing in opening fire. It is then automatically an opening-fire
casualty of that round."

A standing order (digest C3 #23; default: never): ``Kaiten Torpedoes: always`` (or ``yes``)
designates every Japanese submarine defending in an eligible sea zone, ``Kaiten Torpedoes:
never`` (or ``no``) none (``state["standing"]["japan"]["advantages"]``). A zone is eligible
when a territory next to it is printed orange (its original owner is Japan) and Japan holds
it as the battle is fought (ruling NA-kaiten_torpedoes).

The advantage adds a battle step to sea battles (the ``battle_steps`` query point), first in
round 1, before the submarines' choice: the kaiten fire together, each at 3 (4 when Japan's
submarines attack above their printed value: Super Submarines), their hits never fall on
aircraft and are removed at once (they do not fire back, as after a surprise strike); then
every kaiten is destroyed. An enemy destroyer does not stop it (the advantage's own opening
fire, not the submarines' surprise strike). The step runs in the dice engine and in the exact
calculator (``adj odds`` of a live battle, whose orders carry the standing order and who holds
what); the log's ``advantage`` event names it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.battle.submerge import Submerge
from adjudicator.axis_allies.casualties import Combatant
from adjudicator.record import replace

KEY = "kaiten_torpedoes"
NAME = "Kaiten Torpedoes"
POWER = "japan"
#: what a kaiten defends at, and how much Super Submarines add (digest A7)
KAITEN = 3


class KaitenTorpedoes(NationalAdvantage):
    key = KEY
    power = POWER
    number = 3
    name = NAME
    decision = "standing"
    standing_choices = ("yes", "no")
    standing_default = "no"

    def battle_steps(self, battle: BattleInfo, steps_: tuple[BattleStep, ...]
                     ) -> tuple[BattleStep, ...]:
        if not battle.sea or battle.attacker == self.power:
            return steps_
        out: list[BattleStep] = []
        added = False
        for s in steps_:
            if not added and isinstance(s, Submerge):
                out.append(KaitenStrike())
                added = True
            out.append(s)
        return tuple(out)


def designated(orders: Any, region: str, edition: Any) -> bool:
    """Whether Japan's defending submarines in ``region`` are kaiten: its standing order says
    so and a territory next to the zone is printed orange and held by Japan."""
    choice = (orders.advantages.get(POWER) or {}).get(KEY, KaitenTorpedoes.standing_default)
    if choice != "yes":
        return False
    m = edition.map
    return any(m.is_land(t) and m.regions[t].original_owner == POWER
               and orders.controllers.get(t) == POWER for t in m.neighbours(region))


def kaiten_value(play: Any, spec: Any) -> int:
    """3, or 4 when Japan's submarines attack above their printed value (Super Subs)."""
    bonus = play.unit_value("attacker", POWER, "submarine", spec) - spec.attack
    return KAITEN + max(0, bonus)


def kaiten_subs(units: Iterable[Combatant]) -> list[Combatant]:
    return [c for c in units if c.power == POWER and c.spec.submarine and not c.cargo
            and c.status == "active"]


class KaitenStrike(BattleStep):
    name = "kaiten torpedoes"
    stage = "round"

    def applies(self, battle: BattleInfo) -> bool:
        return battle.sea

    def shooters(self, value: int):
        def select(units: Sequence[Combatant], struck: Iterable[str]) -> list[Combatant]:
            return [replace(c, rated=value) for c in kaiten_subs(units)]
        return select

    def fight(self, b: Any) -> None:
        if b.round != 1 or not designated(b.orders, b.setup.region, b.ed):
            return
        subs = kaiten_subs(b.dfn)
        if not subs:
            return
        value = kaiten_value(b.play, subs[0].spec)
        b.log.append({"event": "advantage", "advantage": KEY, "name": NAME, "power": POWER,
                      "side": "defender", "units": [c.id for c in subs], "defend_at": value,
                      "round": 1, "why": "kaiten: they fire first and are lost"})
        shooters = self.shooters(value)(b.dfn, ())
        if steps.targets(b.att):
            b.take_hits("attacker", b.volley("defender", shooters, "kaiten"), pending=False)
        for c in subs:
            b.kill(c, "kaiten: lost with its attack")

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        if rnd != 1 or not designated(c.orders, c.setup.region, c.ed):
            return parts
        spec = c.ed.units["submarine"]
        fired = c.volley_parts(parts, "defender", "kaiten", self.shooters(
            kaiten_value(c.play, spec)), need_targets=True)
        out: list[Part] = []
        for part in fired:
            dfn: dict[int, Any] = {}
            for d, q in part.dfn.items():
                d2 = self.sunk(c, d)
                dfn[d2] = dfn.get(d2, c.zero) + q
            out.append(Part(part.p, part.att, dfn, part.att_base, None))
        return out

    @staticmethod
    def sunk(c: Any, d: int) -> int:
        """The defender's side state ``d`` with its kaiten destroyed."""
        key = ("kaiten-sunk", d)
        hit = c.memo.get(key)
        if hit is None:
            units, struck = c.build(d)
            subs = kaiten_subs(units)
            for u in subs:
                steps.destroy(u, units, [])
            hit = c.memo[key] = c.canon("defender", units, struck) if subs else d
        return hit

    def __repr__(self) -> str:
        return "<KaitenStrike>"


ADVANTAGE = KaitenTorpedoes()
