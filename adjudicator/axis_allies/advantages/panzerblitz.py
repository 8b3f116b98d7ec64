"""Panzerblitz (Germany 3, Revised digest A7): "If your attackers destroy all defenders in a
territory in the first combat round, all your surviving attacking tanks may move one
territory in the noncombat move."

An order (digest C3 #25; default: no move): ``Panzerblitz: 2 tank West Russia -> Caucasus``
in the German turn, with the noncombat move (one-pass, or the second submission); without a
count every eligible tank there moves; several pairs in the one order
(``Panzerblitz: West Russia -> Caucasus, Ukraine -> Russia``) move all the eligible tanks of
each. Ruling NA-panzerblitz:

* after the battles, the German tanks that attacked in a land battle (an amphibious assault's
  too) won in round 1 with every defender destroyed and that survived it are eligible; their
  ids wait in ``state["advantage_units"]["panzerblitz"]`` until the end of the turn
  (docs/state-format.md), so the second submission of a two-pass turn can use them;
* after the noncombat move, the order moves eligible tanks one territory, to a neighbouring
  territory held by Germany or an ally with no enemy unit in it; a move that cannot be made
  fails with the reason (the order is checked then, once the battles are known);
* the turn's events name the advantage and the reports say it.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import (
    UNITS_KEY,
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
)
from adjudicator.axis_allies.advantages.salvaged_tank import land_results
from adjudicator.axis_allies.ruleset import TurnStep

TANK = "tank"


class Panzerblitz(NationalAdvantage):
    key = "panzerblitz"
    power = "germany"
    number = 3
    name = "Panzerblitz"
    decision = "order"
    order_half = "second"

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"battles": [MarkBlitzers(self)],
                                          "noncombat": [BlitzOn(self)],
                                          "end": [ForgetBlitzers(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        if order.units and any(u.unit != TANK for u in order.units):
            return f"{self.name} moves tanks only"
        if not order.regions or len(order.regions) % 2:
            return (f"{self.name} names each move as 'from -> to' "
                    "(Panzerblitz: 2 tank West Russia -> Caucasus)")
        if order.units and len(order.regions) != 2:
            return f"{self.name}: a tank count goes with a single 'from -> to'"
        land = board.edition.map
        for a, b in zip(order.regions[::2], order.regions[1::2], strict=True):
            if b not in land.land_neighbours(a):
                return (f"{land.region(b).name} is not a territory next to "
                        f"{land.region(a).name} (tanks move one territory)")
        return None


def eligible(state: dict) -> list[str]:
    return list((state.get(UNITS_KEY) or {}).get(Panzerblitz.key, ()))


class MarkBlitzers(AdvantageStep):
    """After the German battles: the surviving tanks of each land battle won in round 1."""

    key = "panzerblitz"
    name = "Panzerblitz"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        tanks: list[str] = []
        for res in land_results(turn.ev):
            start = next((e for e in res.get("log", ()) if e.get("event") == "start"), {})
            fates = res.get("fates") or {}
            defenders = [u["id"] for u in start.get("defending", ())
                         if turn.ed.units[u["type"]].casualty]  # not AA guns: never hit
            if (res.get("winner") == "attacker" and res.get("rounds", 0) <= 1 and defenders
                    and all(fates.get(d) == "destroyed" for d in defenders)):
                tanks += [u["id"] for u in start.get("attacking", ())
                          if u.get("type") == TANK and u.get("power") == adv.power
                          and fates.get(u["id"]) == "survived"]
        if tanks:
            turn.s.setdefault(UNITS_KEY, {})[adv.key] = sorted(tanks, key=_uid)


def _uid(u: str) -> tuple:
    return (len(u), u)


class BlitzOn(AdvantageStep):
    """After the noncombat move: the order's eligible tanks move one territory."""

    key = "panzerblitz_move"
    name = "Panzerblitz"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        for order in (o for o in script.advantages if o.key == adv.key):
            problem = adv.check_order(turn.board, order)
            pairs = list(zip(order.regions[::2], order.regions[1::2], strict=True))
            plan: list[tuple[str, str, list[str]]] = []
            ready = set(eligible(turn.s))
            for a, b in pairs if problem is None else ():
                here = [u["id"] for u in turn.s["units"]
                        if u["id"] in ready and u["loc"] == a and u["power"] == adv.power]
                want = order.units[0].count if order.units else len(here)
                problem = self.move_problem(turn, a, b, here, want)
                if problem:
                    break
                plan.append((a, b, here[:want]))
            if problem is not None:
                turn.result("advantages", order.text(), False, problem, f"na-{adv.key}")
                continue
            for a, b, ids in plan:
                for u in turn.s["units"]:
                    if u["id"] in ids:
                        u["loc"] = b
                        u["moved"] = int(u.get("moved") or 0) + 1
            turn.result("advantages", order.text(), True)
            turn.ev.setdefault("advantages", []).append(
                {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
                 "moved_units": [{"from": a, "to": b, "units": ids} for a, b, ids in plan]})

    @staticmethod
    def move_problem(turn: Any, a: str, b: str, here: list[str], want: int) -> str | None:
        name = turn.name
        if not here:
            return (f"no tank in {name(a)} destroyed every defender there in the first "
                    "round (only those tanks may move)")
        if want > len(here):
            return f"only {len(here)} tank(s) in {name(a)} may move"
        board = turn.board
        if not board.friendly_territory(b, turn.power) or board.enemy_occupied(b, turn.power):
            return f"{name(b)} is not friendly (tanks move on in the noncombat move)"
        return None


class ForgetBlitzers(AdvantageStep):
    """At the end of the German turn: the eligible tanks are forgotten."""

    key = "panzerblitz_end"
    name = "Panzerblitz"
    half = "end"

    def run(self, turn: Any, script: Any) -> None:
        self.forget_units(turn)


ADVANTAGE = Panzerblitz()
