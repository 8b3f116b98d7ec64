"""Kamikaze Attacks (Japan 2, Revised digest A7): "Your aircraft may combat-move without
needing a landing space afterwards, if declared as kamikaze in the combat move. Each fires in
the opening-fire step, and its hits apply only to ships. The plane is then automatically
counted as an opening-fire casualty of that round: it is destroyed and gets no further roll."

Declared per move in the combat move (digest C3 #22; no default: without the flag a plane is
an ordinary attacker): ``2 ftr Japan -> sz 60 (kamikaze)`` or ``attack sz 60 with 1 bmr
Japan (kamikaze)``. Ruling NA-kamikaze_attacks:

* only Japanese aircraft, only in combat move, only against a sea zone with an enemy ship in
  it (their hits fall on ships only); they need no landing spot afterwards (the ``one_way``
  query point: the combat-move check skips them in its landing proof); the flag from a power
  without the advantage, on land units or ships, in noncombat move, with ``(bomb)`` or
  ``(land)``, or against a zone with no enemy ship is refused with the reason;
* their ids wait in ``state["advantage_units"]["kamikaze_attacks"]`` from the combat move to
  the end of the battles (docs/state-format.md);
* the advantage adds a battle step to the sea battles Japan attacks, first in round 1 before
  the submarines' choice (opening fire, with Kaiten): the kamikaze fire together at their
  attack value in force (fighter 3, bomber 4; Heavy Bombers roll their dice), their hits fall
  on ships only (submarines included) and are removed at once, without firing back (as after
  a surprise strike); then every kamikaze is destroyed. An enemy destroyer does not stop it.
* The step runs in the dice engine and in the exact calculator (``adj odds`` of a live
  battle); the log's ``advantage`` event names it and the reports say it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.advantages import (
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
)
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.battle.submerge import Submerge
from adjudicator.axis_allies.casualties import Combatant
from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.record import replace

KEY = "kamikaze_attacks"
NAME = "Kamikaze Attacks"
POWER = "japan"


class KamikazeAttacks(NationalAdvantage):
    key = KEY
    power = POWER
    number = 2
    name = NAME
    decision = "order"  # the "(kamikaze)" flag on a combat move, not an advantage order

    def one_way(self, unit: UnitQuery, value: str | None) -> str | None:
        if unit.power == self.power and unit.spec.is_air:
            return self.key
        return value

    def battle_steps(self, battle: BattleInfo, steps_: tuple[BattleStep, ...]
                     ) -> tuple[BattleStep, ...]:
        if not battle.sea or battle.attacker != self.power:
            return steps_
        out: list[BattleStep] = []
        added = False
        for s in steps_:
            if not added and isinstance(s, Submerge):
                out.append(KamikazeStrike())
                added = True
            out.append(s)
        return tuple(out)

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"battles": [ForgetKamikaze(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        return ("Kamikaze Attacks is declared on the combat move itself: "
                "'2 ftr Japan -> sz 60 (kamikaze)'")


def declared(orders: Any) -> frozenset[str]:
    """The ids of the aircraft declared kamikaze this turn (the battle's orders carry them)."""
    return frozenset(orders.units.get(KEY, ()) if orders is not None else ())


def counts(setup: Any, orders: Any) -> Counter[str]:
    """How many kamikaze of each type attack in this battle."""
    ids = declared(orders)
    return Counter(u.type for u in setup.attackers if u.id in ids and u.power == POWER)


def pick(units: Iterable[Combatant], want: Counter[str]) -> list[Combatant]:
    """The first ``want[type]`` active Japanese aircraft of each type on the board."""
    left = Counter(want)
    out: list[Combatant] = []
    for c in units:
        if (c.power == POWER and c.spec.is_air and c.status == "active" and not c.cargo
                and left[c.type] > 0):
            left[c.type] -= 1
            out.append(c)
    return out


def as_kamikaze(units: Iterable[Combatant]) -> list[Combatant]:
    """Shooters whose hits fall on ships only (copies; the board is not changed)."""
    return [replace(c, ships_only=True) for c in units]


class KamikazeStrike(BattleStep):
    name = "kamikaze attacks"
    stage = "round"

    def applies(self, battle: BattleInfo) -> bool:
        return battle.sea

    def fight(self, b: Any) -> None:
        if b.round != 1:
            return
        ids = declared(b.orders)
        planes = [c for c in b.att if c.id in ids and c.status == "active"]
        if not planes:
            return
        for value in sorted({c.value for c in planes}):  # one event per value fired at
            b.log.append({"event": "advantage", "advantage": KEY, "name": NAME,
                          "power": POWER, "side": "attacker",
                          "units": [c.id for c in planes if c.value == value],
                          "attack_at": value, "round": 1,
                          "why": "kamikaze: they fire first, at ships only, and are lost"})
        if steps.targets(b.dfn):
            b.take_hits("defender", b.volley("attacker", as_kamikaze(planes), "kamikaze"),
                        pending=False)
        for c in planes:
            b.kill(c, "kamikaze: lost with its attack")

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        want = counts(c.setup, c.orders)
        if rnd != 1 or not want:
            return parts

        def select(units: Sequence[Combatant], struck: Iterable[str]) -> list[Combatant]:
            return as_kamikaze(pick(units, want))

        fired = c.volley_parts(parts, "attacker", "kamikaze", select, need_targets=True)
        out: list[Part] = []
        for part in fired:
            att: dict[int, Any] = {}
            for a, q in part.att.items():
                a2 = self.lost(c, a, want)
                att[a2] = att.get(a2, c.zero) + q
            dfn = c.clear_side(part.dfn, "defender")  # removed at once: no fire back
            out.append(Part(part.p, att, dfn, None, None))
        return out

    @staticmethod
    def lost(c: Any, a: int, want: Counter[str]) -> int:
        """The attacker's side state ``a`` with its kamikaze destroyed."""
        key = ("kamikaze-lost", a)
        hit = c.memo.get(key)
        if hit is None:
            units, struck = c.build(a)
            planes = pick(units, want)
            for u in planes:
                steps.destroy(u, units, [])
            hit = c.memo[key] = c.canon("attacker", units, struck) if planes else a
        return hit

    def __repr__(self) -> str:
        return "<KamikazeStrike>"


class ForgetKamikaze(AdvantageStep):
    """After the Japanese battles: the kamikaze declared this turn are forgotten."""

    key = "kamikaze_attacks_end"
    name = NAME
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        self.forget_units(turn)


ADVANTAGE = KamikazeAttacks()
