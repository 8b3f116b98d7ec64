"""Nonaggression Treaty (Soviet Union 2, Revised digest A7): "The first time in the game that
Japanese units attack a red territory, you may place 4 of your infantry free in that
territory before the attack is resolved. If you attack Japan before it attacks you, you lose
this advantage."

A standing order (digest C3 #13; default: yes, it is free): ``Nonaggression Treaty: no``
declines the infantry, ``yes`` takes them again. The advantage adds two turn steps
(ruling NA-nonaggression_treaty):

* in Japan's turn, after the combat move and before any battle: the territories Japan
  attacks (where Japanese units ended their combat move, not bombers on a raid, and the
  territories its transports unload into) that are printed in Soviet red and held by the
  Soviet Union; the first of them fought (amphibious assaults first, then the others, each
  in the order of the battles) gets 4 Soviet infantry, which then defend it (an empty
  territory is then fought for). This is the first time, whatever the standing order says:
  the advantage is spent (``advantages_used``).
* in the Soviet turn, after the battles: a battle or raid against Japanese units or a
  Japanese-held territory, or a Japanese territory taken unopposed, spends it unused ("you
  lose this advantage").

The turn's events name it (``events["advantages"]``) and the reports say what happened.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import (
    AdvantageStep,
    NationalAdvantage,
    insert_steps,
    standing_choice,
)
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import add_unit

JAPAN = "japan"
UNIT = "infantry"
COUNT = 4


class NonaggressionTreaty(NationalAdvantage):
    key = "nonaggression_treaty"
    power = "ussr"
    number = 2
    name = "Nonaggression Treaty"
    decision = "standing"
    standing_choices = ("yes", "no")
    standing_default = "yes"

    def active(self, state: Any) -> bool:
        return super().active(state) and not self.used(state)

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, before={"battles": [FirstJapaneseAttack(self)]},
                            after={"battles": [SovietAttackOnJapan(self)]})


class FirstJapaneseAttack(AdvantageStep):
    """Japan's turn, before the battles: 4 free Soviet infantry where Japan first attacks
    Soviet red land."""

    key = "nonaggression_treaty"
    name = "Nonaggression Treaty"
    half = "first"
    preview = True  # no dice; the battle is fought with the infantry it places

    def applies(self, turn: Any) -> bool:
        return turn.power == JAPAN

    def attacked(self, turn: Any, script: Any) -> list[str]:
        """Soviet red territories Japan attacks this turn, in the order they are fought."""
        from adjudicator.axis_allies.turn import _battle_key

        adv = self.advantage
        bombers, assaults = turn.raiders_and_assaults(turn.combat_moves)
        instr, _ = turn.battle_instructions(script)
        key = _battle_key(instr)

        def red(t: str) -> bool:
            return (turn.m.is_land(t) and turn.m.region(t).original_owner == adv.power
                    and turn.s["controllers"].get(t) == adv.power)

        ground = {u["loc"] for u in turn.s["units"]
                  if u["power"] == JAPAN and u.get("moved_in") == "combat"
                  and u["aboard"] is None and u["id"] not in bombers}
        first = sorted((t for t in assaults if red(t)), key=key)
        rest = sorted((t for t in ground - set(assaults) if red(t)), key=key)
        return first + rest

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        if adv.used(turn.s):
            return
        attacked = self.attacked(turn, script)
        if not attacked:
            return
        where = attacked[0]
        adv.mark_used(turn.s)
        choice, source = standing_choice(turn.s, adv)
        event: dict[str, Any] = {"advantage": adv.key, "name": adv.name, "power": adv.power,
                                 "by": source, "at": where}
        if choice == "yes":
            ids = [add_unit(turn.s, adv.power, UNIT, where) for _ in range(COUNT)]
            event.update(placed={UNIT: COUNT}, units=ids)
        else:
            event["why"] = (f"declined by standing order (Japan's first attack on Soviet "
                            f"land, {turn.name(where)})")
        turn.ev.setdefault("advantages", []).append(event)

    def __repr__(self) -> str:
        return "<FirstJapaneseAttack nonaggression_treaty>"


class SovietAttackOnJapan(AdvantageStep):
    """The Soviet turn, after the battles: attacking Japan first loses the advantage."""

    key = "nonaggression_treaty_lost"
    name = "Nonaggression Treaty"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        if adv.used(turn.s):
            return
        where = _attack_on_japan(turn.ev, turn.controllers_before_combat)
        if where is None:
            return
        adv.mark_used(turn.s)
        turn.ev.setdefault("advantages", []).append(
            {"advantage": adv.key, "name": adv.name, "power": adv.power, "at": where,
             "why": f"lost: the Soviet Union attacked Japan first ({turn.name(where)})"})

    def __repr__(self) -> str:
        return "<SovietAttackOnJapan nonaggression_treaty>"


def _attack_on_japan(ev: dict[str, Any], before: dict[str, str]) -> str | None:
    """Where this turn's battles, raids or unopposed captures struck Japan, if anywhere."""
    for b in ev.get("battles", ()):
        region = b.get("region")
        if b.get("kind") == "bombing":
            if b.get("raid") and before.get(region) == JAPAN:
                return region
            continue
        res = b.get("result") or {}
        parts = [res.get("sea"), res.get("land")] if b.get("kind") == "amphibious" else [res]
        for part in parts:
            start = next((e for e in (part or {}).get("log", ()) if e.get("event") == "start"),
                         None)
            if start and (JAPAN in start.get("defending_powers", ())
                          or before.get(part.get("region")) == JAPAN):
                return part.get("region") or region
    for c in ev.get("captures", ()):
        if c.get("from") == JAPAN:
            return c.get("territory") or c.get("region")
    return None


ADVANTAGE = NonaggressionTreaty()
