"""Salvaged Tank (Soviet Union 4, Revised digest A7): "If you win a battle against attacking
tanks in a red territory and at least one attacking tank was destroyed, you may place one of
your own tanks there free. One tank per such battle."

A standing order (digest C3 #14; default: yes, it is free): ``Salvaged Tank: no`` declines
it, ``Salvaged Tank: yes`` takes it again (``state["standing"]["ussr"]["advantages"]``). The
advantage adds a turn step after the battles of every other power's turn: for each land
battle (an amphibious assault's too) in a territory printed in Soviet red (its original
owner is the Soviet Union) that the Soviet Union still holds, won by the defender, in which
at least one attacking tank was destroyed, one Soviet tank is placed there (ruling
NA-salvaged_tank). The turn's events name it (``events["advantages"]``) and the reports say
it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adjudicator.axis_allies.advantages import (
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
    standing_choice,
)
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit

TANK = "tank"


class SalvagedTank(NationalAdvantage):
    key = "salvaged_tank"
    power = "ussr"
    number = 4
    name = "Salvaged Tank"
    decision = "standing"
    standing_choices = ("yes", "no")
    standing_default = "yes"

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"battles": [SalvageTanks(self)]})


def land_results(events: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The land battles of a turn's events (an amphibious assault's land battle too)."""
    for b in events.get("battles", ()):
        res = b.get("result")
        if res and b.get("kind") == "amphibious":
            res = res.get("land")
        if res and res.get("kind") == "land":
            yield res


def tanks_destroyed(res: dict[str, Any]) -> int:
    """Attacking tanks destroyed in one battle (from its start record and the fates)."""
    start = next((e for e in res.get("log", ()) if e.get("event") == "start"), {})
    fates = res.get("fates") or {}
    return sum(1 for u in start.get("attacking", ())
               if u.get("type") == TANK and fates.get(u["id"]) == "destroyed")


class SalvageTanks(AdvantageStep):
    """After another power's battles: a free Soviet tank for each won defence of red land
    that destroyed an attacking tank."""

    key = "salvaged_tank"
    name = "Salvaged Tank"
    half = "first"

    def applies(self, turn: Any) -> bool:
        return turn.power != self.advantage.power

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        for res in list(land_results(turn.ev)):
            region = res["region"]
            red = turn.m.region(region).original_owner == adv.power
            if not (red and res.get("winner") == "defender"
                    and turn.s["controllers"].get(region) == adv.power
                    and tanks_destroyed(res)):
                continue
            choice, source = standing_choice(turn.s, adv)
            event: dict[str, Any] = {"advantage": adv.key, "name": adv.name,
                                     "power": adv.power, "by": source, "at": region}
            if choice == "yes":
                uid = add_unit(turn.s, adv.power, TANK, region)
                event.update(placed={TANK: 1}, unit=uid)
            else:
                event["why"] = (f"declined by standing order (a tank could have been placed "
                                f"in {turn.name(region)})")
            turn.ev.setdefault("advantages", []).append(event)

    def __repr__(self) -> str:
        return "<SalvageTanks salvaged_tank>"


ADVANTAGE = SalvagedTank()
