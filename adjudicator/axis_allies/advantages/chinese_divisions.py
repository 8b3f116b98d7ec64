"""United States 2, Chinese Divisions (Revised digest A7, US 2): "In your Mobilize phase, each
turn, place 1 free infantry in one of China, Sinkiang, Kwangtung or French Indochina, if you
control it."

An order (digest C3 #26): ``Chinese Divisions: China`` in the turn, with the mobilisation
(the second submission of a two-pass turn). Without one, the default: the first of the four,
in that order, the US controls (C3 #26). Ruling NA-chinese_divisions: control is the US's own
(not an ally's) when the US mobilises, after its battles; a named territory the US does not
control then is reported failed and the default is used; when the US controls none of the
four nothing is placed. The infantry is placed every turn the US plays its mobilisation (a
power that sends nothing only collects income, so none that turn), needs no industrial
complex and counts against none.

The advantage adds a turn step after the mobilisation (the ``turn_steps`` query point); what
it places is in the turn's events (``advantages``: one structured event naming it) and the
reports.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import AdvantageStep, NationalAdvantage, insert_steps
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit

#: where the infantry may be placed, in the order of the default (digest A7, C3 #26)
TERRITORIES = ("china", "sinkiang", "kwangtung", "french_indochina")
UNIT = "infantry"


class ChineseDivisions(NationalAdvantage):
    key = "chinese_divisions"
    power = "usa"
    number = 2
    name = "Chinese Divisions"
    decision = "order"
    order_half = "second"

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"mobilise": [PlaceChineseDivision(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        names = ", ".join(board.edition.map.region(t).name for t in TERRITORIES)
        if order.units and [(u.unit, u.count) for u in order.units] != [(UNIT, 1)]:
            return f"{self.name} places one infantry, nothing else"
        if len(order.regions) != 1:
            return f"{self.name} places one infantry: name one territory of {names}"
        where = order.regions[0]
        if where not in TERRITORIES:
            return (f"{self.name} places its infantry in {names}, not in "
                    f"{board.edition.map.region(where).name}")
        return None

    def eligible(self, controllers: dict[str, str]) -> list[str]:
        """The territories the US controls, in the order of the default."""
        return [t for t in TERRITORIES if controllers.get(t) == self.power]


class PlaceChineseDivision(AdvantageStep):
    """After the mobilisation: one free US infantry in China, Sinkiang, Kwangtung or French
    Indochina."""

    key = "chinese_divisions"
    name = "Chinese Divisions"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        orders = [o for o in script.advantages if o.key == adv.key]
        order = orders[0] if orders else None
        for extra in orders[1:]:
            turn.result("advantages", extra.text(), False, f"one {adv.name} order per turn",
                        "na-twice")
        eligible = adv.eligible(turn.s["controllers"])
        wanted = order.regions[0] if order is not None and order.regions else None
        name = turn.name
        if order is not None:
            problem = adv.check_order(turn.board, order)
            if problem is None and wanted not in eligible:
                problem = (f"{name(wanted)} is not controlled by "
                           f"{turn.ed.setup.powers[adv.power].name}")
            if problem is not None:
                tail = (f"; placed by default in {name(eligible[0])}" if eligible
                        else "; none of the four is controlled: nothing placed")
                turn.result("advantages", order.text(), False, problem + tail,
                            f"na-{adv.key}")
                wanted = None
        where = wanted or (eligible[0] if eligible else None)
        event: dict[str, Any] = {"advantage": adv.key, "name": adv.name, "power": adv.power,
                                 "by": "order" if wanted else "default"}
        if where is None:
            event.update(placed=None, why="none of " + ", ".join(name(t) for t in TERRITORIES)
                         + " is controlled")
        else:
            uid = add_unit(turn.s, adv.power, UNIT, where)
            event.update(placed={UNIT: 1}, at=where, unit=uid)
            if order is not None and wanted:
                turn.result("advantages", order.text(), True)
        turn.ev.setdefault("advantages", []).append(event)

    def __repr__(self) -> str:
        return "<PlaceChineseDivision chinese_divisions>"


ADVANTAGE = ChineseDivisions()
