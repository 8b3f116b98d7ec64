"""Phase 1 of a Revised turn, Develop Weapons (digest A5.1), as a turn step.

The power names one technology it does not have and buys research dice at
:data:`~adjudicator.axis_allies.techs.RESEARCH_DIE_COST` IPC each; all are rolled at once
(one roll from the game's verifiable dice, label purpose ``research``); any die showing the
technology's number develops it. The dice are spent either way ("you do not keep research
dice"). A technology developed is recorded in ``state["techs"][power]`` and is in force at
once, this turn's combat included ("from now on (including this turn)"): the working turn's
rules in play are renewed after the roll. Purchase then spends what is left.

Refused, with nothing spent (each a failed result): a second research order in one turn
("only one development each round"), a technology the power already has (digest A5.1
implementation note), more dice than the treasury pays for, a stated IPC total that is not
the dice's cost, and a turn whose order of play has no weapons development (the validator
says so before the turn; W5).
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.techs.chart import BY_KEY, add_tech
from adjudicator.axis_allies.techs.tech import RESEARCH_DIE_COST, has_tech
from adjudicator.dice import RollLabel


def research_error(state: Any, power: str, order: Any) -> tuple[str, str] | None:
    """Why ``order`` (a :class:`~adjudicator.axis_allies.orders.Research`) cannot be carried
    out in ``state``: ``(rule, message)``, or ``None``. Shared by the validator and the
    step."""
    tech = BY_KEY[order.tech]
    if has_tech(state, power, order.tech):
        return "research-owned", f"you already have {tech.name}: research another technology"
    cost = order.dice * RESEARCH_DIE_COST
    if order.stated_cost is not None and order.stated_cost != cost:
        costs = "die costs" if order.dice == 1 else "dice cost"
        message = (f"{order.dice} research {costs} {cost} IPC, not {order.stated_cost} "
                   f"({RESEARCH_DIE_COST} IPC a die)")
        return "research-cost", message
    treasury = state["treasury"].get(power, 0)
    if cost > treasury:
        message = (f"{order.dice} research dice cost {cost} IPC and you have {treasury}: at "
                   f"most {max(0, treasury) // RESEARCH_DIE_COST} dice")
        return "research-treasury", message
    return None


class Research(TurnStep):
    """Develop Weapons (see the module docstring)."""

    key = "research"
    name = "Develop Weapons"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        orders = list(script.research)
        if not orders:
            return
        first, rest = orders[0], orders[1:]
        for o in rest:
            turn.result("research", o.text(), False, "only one development may be researched "
                        "each turn (Revised digest A5.1); the first research line counts",
                        "research-one-per-turn")
        why = research_error(turn.s, turn.power, first)
        if why is not None:
            turn.result("research", first.text(), False, why[1], why[0])
            turn.ev["research"] = {"power": turn.power, "tech": first.tech,
                                   "tech_name": BY_KEY[first.tech].name, "dice": first.dice,
                                   "refused": why[1]}
            return
        tech = BY_KEY[first.tech]
        cost = first.dice * RESEARCH_DIE_COST
        before = turn.s["treasury"][turn.power]
        rolls = turn._dice().roll(RollLabel(turn.round, turn.power, "", 0, "", "research"),
                                  first.dice)
        turn.s["treasury"][turn.power] = before - cost
        success = tech.number in rolls
        if success:
            add_tech(turn.s, turn.power, tech.key)
            # in force at once, this turn's combat included (digest A5.1 #4)
            turn.play = turn.ruleset.in_play(turn.s)
            turn.rules = turn.play.rules
        turn.ev["research"] = {"power": turn.power, "tech": tech.key, "tech_name": tech.name,
                               "number": tech.number, "dice": first.dice, "cost": cost,
                               "rolls": list(rolls), "success": success,
                               "treasury_before": before, "treasury_after": before - cost}
        shown = ", ".join(str(d) for d in rolls)
        turn.result("research", first.text(), True,
                    f"rolled {shown}: " + (f"a {tech.number}, {tech.name} developed"
                                           if success else f"no {tech.number}, no result")
                    + f"; spent {cost} IPC, {before - cost} left")
