"""Lend-Lease (Soviet Union 5, Revised digest A7): "During your Purchase phase you may convert
units of an allied power into your own units if they end their movement or start on red
territories" (the source is garbled); interpretation (digest A7): allied units in territories
the Soviet Union controls, removed and replaced with identical Soviet units; the ally's
consent is a required confirmation (C3 #16).

An order of the Soviet Union and a standing order of the ally (ruling NA-lend_lease):

* the ally consents in advance with ``Lend-Lease: yes`` (its standing orders; default no,
  ``Lend-Lease: no`` withdraws it); only its units may be converted;
* the Soviet order ``Lend-Lease: 2 inf, 1 ftr Russia`` names the units and one territory the
  Soviet Union holds; the units are taken from the consenting allies' land units and
  aircraft there (not cargo), lowest unit id first;
* the order goes with the part of the turn that mobilises (one-pass, or the second
  submission; with ``passes=auto`` a submission carrying it is the whole turn), and the
  conversion is made with the mobilisation: the units change hands as the bought ones arrive
  and act for the Soviet Union from its next turn (the order is not refused for units the
  Soviet moves of the turn could not use);
* without consent, or without enough units there, the order fails with the reason and
  nothing is converted. The turn's events name the advantage.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.axis_allies.advantages import (
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
    standing_choice,
)
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit

ALLIES = ("uk", "usa")


class LendLease(NationalAdvantage):
    key = "lend_lease"
    power = "ussr"
    number = 5
    name = "Lend-Lease"
    decision = "order"
    order_half = "second"
    consent_by = ALLIES

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"mobilise": [ConvertUnits(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        if not order.units or len(order.regions) != 1:
            return (f"{self.name} names the units and one territory "
                    "(Lend-Lease: 2 inf, 1 ftr Russia)")
        plan = self.plan(board, order)
        return plan if isinstance(plan, str) else None

    def plan(self, board: Any, order: Any) -> list[dict] | str:
        """The allied unit records the order converts, or why it cannot."""
        where = order.regions[0]
        name = board.edition.map.region(where).name
        if board.controller(where) != self.power or not board.edition.map.is_land(where):
            return f"{name} is not a territory the Soviet Union holds"
        willing = [p for p in ALLIES if standing_choice(board.state, self, p)[0] == "yes"]
        if not willing:
            return ("no ally has agreed to Lend-Lease (the United Kingdom's or the United "
                    "States' standing order 'Lend-Lease: yes')")
        there = sorted((u for u in board.units_at(where)
                        if u["power"] in willing and u.get("aboard") is None
                        and (board.spec(u).is_land or board.spec(u).is_air)),
                       key=lambda u: (len(u["id"]), u["id"]))
        taken: list[dict] = []
        for want in order.units:
            pool = [u for u in there if u["type"] == want.unit and u not in taken]
            if len(pool) < want.count:
                spec = board.edition.units[want.unit]
                return (f"only {len(pool)} {spec.plural if len(pool) != 1 else spec.name} "
                        f"of an ally that agreed in {name}")
            taken += pool[:want.count]
        return taken


class ConvertUnits(AdvantageStep):
    """With the Soviet mobilisation: the allied units the order names become Soviet."""

    key = "lend_lease"
    name = "Lend-Lease"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        for order in (o for o in script.advantages if o.key == adv.key):
            plan = adv.plan(turn.board, order) if order.units and len(order.regions) == 1 \
                else adv.check_order(turn.board, order)
            if isinstance(plan, str) or plan is None:
                turn.result("advantages", order.text(), False, plan or "", f"na-{adv.key}")
                continue
            gone = {u["id"] for u in plan}
            turn.s["units"] = [u for u in turn.s["units"] if u["id"] not in gone]
            new = [add_unit(turn.s, adv.power, u["type"], u["loc"]) for u in plan]
            turn.result("advantages", order.text(), True)
            turn.ev.setdefault("advantages", []).append(
                {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
                 "at": order.regions[0], "converted": dict(Counter(u["type"] for u in plan)),
                 "from": sorted({u["power"] for u in plan}), "units": new,
                 "replaced": sorted(gone, key=lambda i: (len(i), i))})

    def __repr__(self) -> str:
        return "<ConvertUnits lend_lease>"


ADVANTAGE = LendLease()
