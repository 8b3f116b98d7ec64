"""Joint Strike (United Kingdom 2, Revised digest A7): "Once per game you may declare a joint
strike on your turn. You play your turn but skip Combat Move and Conduct Combat; all your
units may move in Noncombat Move. During the following US turn, the US player moves your
units in the US combat move and fights with them as if they were American. You and the US
player must agree on attacker casualties, or the opponent chooses."

An order, once per game (digest C3 #19), ruling NA-joint_strike:

* the line ``Joint Strike`` in the UK turn, with the purchase and combat move (one-pass, or
  the first submission): the UK's combat move, rocket strikes and battles are skipped (each
  combat move sent with it fails, saying so); purchase, noncombat move and mobilisation as
  usual. The game round goes into ``state["advantages_declared"]["joint_strike"]``;
* in the US turn of that round (the US moves after the UK in a round), when the US combat
  move begins, every British unit becomes American (``combat_position``): the US names them
  as its own (``2 inf Anglo-Egypt -> Libya``), and they move, fight, capture, and take the
  US technologies and advantages as American units ("as if they were American"); their ids
  wait in ``state["advantage_units"]["joint_strike"]`` (docs/state-format.md);
* after the US battles they are British again, except the British aircraft that moved in
  the combat move: they land in the US noncombat move (a US move or landing order names them
  as American aircraft) and are British again at the end of the US turn. British units the
  US did not move in combat stay where they are;
* casualties: the UK agrees in advance with the standing order ``Joint Strike: yes`` (the
  US chooses the attacker's casualties of a battle with British units by its own battle
  instruction or standing orders); without it (default ``no``) the defender chooses them,
  the most costly attacking unit first (``battle_orders``; dice and ``adj odds`` alike);
* the turn events name the advantage and the reports say it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from adjudicator.axis_allies.advantages import (
    DECLARED_KEY,
    UNITS_KEY,
    AdvantageStep,
    NationalAdvantage,
    standing_choice,
)
from adjudicator.axis_allies.casualties import LossPolicy
from adjudicator.axis_allies.effects import PowerQuery
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.record import replace

US = "usa"
#: the steps of the UK turn a joint strike skips: Combat Move and Conduct Combat (rocket
#: strikes are fired in Conduct Combat, digest A5.1)
SKIPPED = ("combat", "rockets", "battles")


class JointStrike(NationalAdvantage):
    key = "joint_strike"
    power = "uk"
    number = 2
    name = "Joint Strike"
    decision = "order"
    once_per_game = True
    order_half = "first"
    standing_choices = ("yes", "no")
    standing_default = "no"

    def active(self, state: Mapping[str, Any]) -> bool:
        if not super().active(state):
            return False
        turn = state.get("turn") or {}
        return (turn.get("power") == self.power and not self.used(state)) \
            or self.declared(state)

    def declared(self, state: Mapping[str, Any]) -> bool:
        """Declared this round, in the UK turn or the US turn that follows it."""
        turn = state.get("turn") or {}
        when = (state.get(DECLARED_KEY) or {}).get(self.key)
        return when is not None and turn.get("round") == when \
            and turn.get("power") in (self.power, US)

    def check_order(self, board: Any, order: Any) -> str | None:
        if order.units or order.regions:
            return f"{self.name} is declared with its name alone: no units or territories"
        return None

    # --- the UK turn ----------------------------------------------------------------------
    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        out: list[TurnStep] = []
        declare = False
        for s in steps:
            if s.key in SKIPPED and not declare:
                out.append(Declare(self))
                declare = True
            if s.key == "collect":
                out.append(Release(self))
            out.append(Skipped(self, s) if s.key in SKIPPED else s)
            if s.key == "battles":
                out.append(Return(self))
        return tuple(out)

    def skipping(self, turn: Any) -> bool:
        return turn.power == self.power and self.declared(turn.s)

    # --- the US turn ----------------------------------------------------------------------
    def combat_position(self, q: PowerQuery, state: dict[str, Any]) -> dict[str, Any]:
        if q.power != US or not self.declared(state) \
                or self.key in (state.get(UNITS_KEY) or {}):
            return state
        ids: list[str] = []
        units = []
        for u in state["units"]:
            if u["power"] == self.power:
                u = {**u, "power": US}
                ids.append(u["id"])
            units.append(u)
        if not ids:
            return state
        return {**state, "units": units,
                UNITS_KEY: {**(state.get(UNITS_KEY) or {}), self.key: ids}}

    def agreed(self, state: Mapping[str, Any]) -> bool:
        """The UK agreed in advance to the US's choice of casualties."""
        return standing_choice(state, self)[0] == "yes"

    def battle_orders(self, q: PowerQuery, setup: Any, orders: Any) -> Any:
        british = set(orders.units.get(self.key, ()))
        if q.power != US or not british or self.agreed(q.state) \
                or not any(u.id in british for u in setup.attackers):
            return orders
        return replace(orders, attacker=defender_chooses(US, q.edition))


def defender_chooses(power: str, edition: Any) -> LossPolicy:
    """The attacker's casualties as the defender chooses them (ruling NA-joint_strike): the
    most costly unit first (then the stronger attacker), no battleship absorbing a hit
    first, no land unit kept to capture."""
    specs = sorted(edition.units, key=lambda u: (-u.cost, -u.attack, u.id))
    return LossPolicy(power, tuple(u.id for u in specs), "default", False, "default", 0, "default")


class Declare(AdvantageStep):
    """In the UK turn, before its combat move: the joint strike, when the turn declares it."""

    key = "joint_strike"
    name = "Joint Strike"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        if self.declared_order(turn, script) is None:
            return
        us = turn.ed.setup.powers[US].name if US in turn.ed.setup.powers else US
        why = (f"{adv.name} declared: the United Kingdom skips its combat move and "
               f"battles; its units attack in the {us}' turn")
        for section, sent in (("combat", script.combat_moves), ("rockets", script.rockets)):
            for o in sent:
                turn.result(section, o.text(), False, why, f"na-{adv.key}")
        turn.ev.setdefault("advantages", []).append(
            {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
             "joint_strike": "declared", "with": US})


class Skipped(AdvantageStep):
    """A step of the UK turn a joint strike skips (otherwise the step itself)."""

    half = "first"

    def __init__(self, advantage: JointStrike, step: TurnStep) -> None:
        super().__init__(advantage)
        self.step = step
        self.key = step.key  # type: ignore[misc]
        self.name = step.name  # type: ignore[misc]
        self.half = step.half  # type: ignore[misc]
        self.preview = step.preview  # type: ignore[misc]

    def applies(self, turn: Any) -> bool:
        return self.step.applies(turn) and not self.advantage.skipping(turn)

    def run(self, turn: Any, script: Any) -> None:
        self.step.run(turn, script)

    def __repr__(self) -> str:
        return f"<Skipped {self.key}>"


class Return(AdvantageStep):
    """After the US battles: the British units are British again, but the aircraft that
    moved in the combat move, which land in the US noncombat move."""

    key = "joint_strike_return"
    name = "Joint Strike"
    half = "first"

    def applies(self, turn: Any) -> bool:
        return turn.power == US

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        table = turn.s.get(UNITS_KEY) or {}
        ids = set(table.get(adv.key, ()))
        if not ids:
            return
        moved: Counter[str] = Counter()
        kept: list[str] = []
        for u in turn.s["units"]:
            if u["id"] not in ids:
                continue
            if u.get("moved_in") == "combat":
                moved[u["type"]] += 1
                if turn.ed.units[u["type"]].is_air:
                    kept.append(u["id"])
                    continue
            u["power"] = adv.power
        fought = [b["region"] for b in turn.ev.get("battles", ())
                  if ids & set((b.get("result") or {}).get("fates") or {})]
        lost = sorted(ids - {u["id"] for u in turn.s["units"]}, key=lambda i: (len(i), i))
        for utype in _lost_types(turn.ev, set(lost)).values():  # they moved and fought
            moved[utype] += 1
        if kept:
            table[adv.key] = kept
        else:
            table.pop(adv.key, None)
            if not table:
                turn.s.pop(UNITS_KEY, None)
        ev = {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
              "joint_strike": "fought", "with": US, "moved": dict(sorted(moved.items())),
              "battles": fought, "lost": lost, "to_land": kept}
        if fought:
            ev["casualties_by"] = "us" if adv.agreed(turn.s) else "defender"
        turn.ev.setdefault("advantages", []).append(ev)


def _lost_types(events: dict, lost: set[str]) -> dict[str, str]:
    """The types of the lost British units, from the battles' logs."""
    out: dict[str, str] = {}
    for b in events.get("battles", ()):
        res = b.get("result") or {}
        for part in (res, res.get("sea") or {}, res.get("land") or {}):
            for e in part.get("log", ()):
                if e.get("event") == "start":
                    out.update({u["id"]: u["type"] for u in e.get("attacking", ())
                                if u.get("id") in lost})
    return out


class Release(AdvantageStep):
    """At the end of the US turn: the British aircraft that landed are British again."""

    key = "joint_strike_end"
    name = "Joint Strike"
    half = "end"

    def applies(self, turn: Any) -> bool:
        return turn.power == US

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        ids = set(self.forget_units(turn))
        for u in turn.s["units"]:
            if u["id"] in ids:
                u["power"] = adv.power


ADVANTAGE = JointStrike()
