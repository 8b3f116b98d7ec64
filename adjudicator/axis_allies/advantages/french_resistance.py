"""French Resistance (United Kingdom 5, Revised digest A7): "Once per game, place 3 infantry
free in Western Europe if Western Europe is Allied-controlled."

An order, once per game (digest C3 #20): ``French Resistance`` (or ``French Resistance:
Western Europe`` / ``French Resistance: 3 inf Western Europe``) in the UK's turn, with the
mobilisation (the second submission of a two-pass turn). The timing is not stated; the
digest suggests the UK's Mobilize phase, which is ruling NA-french_resistance: the step runs
right after the UK mobilises, so Western Europe must be held by an Allied power (the UK, the
USSR or the US) after the UK's battles. Then three British infantry are placed there, free
(no complex, no purchase, no placement limit) and the advantage is used; when Western Europe
is not Allied the order fails, says why, and the advantage is not used. No order, nothing
happens (no default: C3 "none").

The advantage adds a turn step after the mobilisation (the ``turn_steps`` query point); what
it places is in the turn's events (``advantages``) and the reports.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import AdvantageStep, NationalAdvantage, insert_steps
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit

TERRITORY = "western_europe"
UNIT = "infantry"
COUNT = 3


class FrenchResistance(NationalAdvantage):
    key = "french_resistance"
    power = "uk"
    number = 5
    name = "French Resistance"
    decision = "order"
    once_per_game = True
    order_half = "second"

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"mobilise": [RiseUp(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        where = board.edition.map.region(TERRITORY).name
        if order.units and [(u.unit, u.count) for u in order.units] != [(UNIT, COUNT)]:
            return f"{self.name} places {COUNT} infantry in {where}, nothing else"
        if order.regions and list(order.regions) != [TERRITORY]:
            names = ", ".join(board.edition.map.region(r).name for r in order.regions)
            return f"{self.name} places its infantry in {where}, not in {names}"
        return None


class RiseUp(AdvantageStep):
    """After the UK's mobilisation: three free British infantry in Western Europe, when it
    is Allied-controlled and the UK ordered it."""

    key = "french_resistance"
    name = "French Resistance"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        orders = [o for o in script.advantages if o.key == adv.key]
        if not orders:
            return
        order = orders[0]
        b = turn.board
        holder = b.controller(TERRITORY)
        where = turn.name(TERRITORY)
        event: dict[str, Any] = {"advantage": adv.key, "name": adv.name, "power": adv.power,
                                 "by": "order"}
        if holder is None or not b.allied(holder, adv.power):
            held = turn.ed.setup.powers[holder].name if holder in turn.ed.setup.powers \
                else "nobody"
            why = f"{where} is not Allied-controlled (held by {held}); not used"
            turn.result("advantages", order.text(), False, why, f"na-{adv.key}")
            event.update(placed=None, why=why)
        else:
            ids = [add_unit(turn.s, adv.power, UNIT, TERRITORY) for _ in range(COUNT)]
            adv.mark_used(turn.s)
            event.update(placed={UNIT: COUNT}, at=TERRITORY, units=ids)
            turn.result("advantages", order.text(), True)
        turn.ev.setdefault("advantages", []).append(event)

    def __repr__(self) -> str:
        return "<RiseUp french_resistance>"


ADVANTAGE = FrenchResistance()
