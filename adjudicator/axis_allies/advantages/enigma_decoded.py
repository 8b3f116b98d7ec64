"""United Kingdom 3, Enigma Decoded (Revised digest A7, UK 3): "Once per game, after Germany
finishes its Combat Move and before Conduct Combat, you may make a special move": move any
number of your units from an adjacent space into one of your own spaces attacked by Germany,
or out of such a space into an adjacent own space, leaving at least one unit behind.
"Otherwise the noncombat move rules apply." Surviving units stay where they were moved.

An out-of-turn decision, so a standing order (digest C3 #18; default: not used):
``Enigma Decoded: 2 inf Trans-Jordan -> Anglo-Egypt`` (kept as its canonical text in
``state["standing"]["uk"]["advantages"]["enigma_decoded"]``), ``Enigma Decoded: no``
withdraws it. The advantage adds a turn step to Germany's turn, after the combat move and
before the battles: when Germany attacks the move's destination (a reinforcement) or its
start (an evacuation), the move is checked under the noncombat move rules on the board as
it was before Germany's combat move and made; the advantage is then spent. A move that
cannot be made is reported and the advantage stays unused. Ruling NA-enigma_decoded.

The turn's events name it (``events["advantages"]``) and the report says what moved.
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

GERMANY = "germany"


class EnigmaDecoded(NationalAdvantage):
    key = "enigma_decoded"
    power = "uk"
    number = 3
    name = "Enigma Decoded"
    decision = "standing"
    once_per_game = True
    standing_choices = ("no",)
    standing_default = "no"
    standing_move = True

    def active(self, state: Any) -> bool:
        return super().active(state) and not self.used(state)

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        if any(s.key == SpecialMove.key for s in steps):
            return steps  # listed twice: one special move step
        return insert_steps(steps, before={"battles": [SpecialMove(self)]})


class SpecialMove(AdvantageStep):
    """Germany's turn, after the combat move and before the battles: the UK's standing
    special move, if Germany attacks where it goes or where it starts."""

    key = "enigma_decoded"
    name = "Enigma Decoded"
    half = "first"
    preview = True  # no dice; the battles are fought with the units it moved (ruling R-13)

    def applies(self, turn: Any) -> bool:
        return turn.power == GERMANY

    def attacked(self, turn: Any) -> set[str]:
        """The UK's spaces Germany attacks: territories the UK held before the combat move
        where German units ended it or that German transports unload into (not a bombing
        raid), and sea zones where German units ended it with British units there."""
        adv = self.advantage
        bombers, assaults = turn.raiders_and_assaults(turn.combat_moves)
        ends = {u["loc"] for u in turn.s["units"]
                if u["power"] == GERMANY and u.get("moved_in") == "combat"
                and u["aboard"] is None and u["id"] not in bombers}
        before = turn.controllers_before_combat or {}
        out: set[str] = set()
        for r in ends | set(assaults):
            if turn.m.is_land(r):
                if before.get(r) == adv.power:
                    out.add(r)
            elif any(u["power"] == adv.power for u in turn.s["units"] if u["loc"] == r):
                out.add(r)
        return out

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        if adv.used(turn.s):
            return
        choice, _ = standing_choice(turn.s, adv)
        if " -> " not in choice:
            return  # not used (the default)
        move = _move_of(choice, turn.ed)
        frm, to = move.path[0], move.path[-1]
        attacked = self.attacked(turn)
        if frm not in attacked and to not in attacked:
            return  # Germany does not attack where it goes or where it starts
        event: dict[str, Any] = {"advantage": adv.key, "name": adv.name, "power": adv.power,
                                 "by": "standing-order"}
        problem = _make(turn, adv, move, frm in attacked)
        if problem:
            event["why"] = (f"the standing move ({turn.name(frm)} to {turn.name(to)}) cannot "
                            f"be made: {problem}; the advantage stays unused")
        else:
            adv.mark_used(turn.s)
            event["special_move"] = {
                "units": {uc.unit: uc.count for uc in move.units}, "from": frm, "to": to,
                "kind": "evacuation" if frm in attacked and to not in attacked
                else "reinforcement"}
        turn.ev.setdefault("advantages", []).append(event)

    def __repr__(self) -> str:
        return "<SpecialMove enigma_decoded>"


def _move_of(choice: str, edition: Any) -> Any:
    """The standing move, from its canonical text ("2 infantry trans jordan -> anglo egypt")."""
    from adjudicator.axis_allies.parser import parse_turn

    return parse_turn(f"noncombat:\n{choice}", edition).orders[0].order


def _make(turn: Any, adv: EnigmaDecoded, move: Any, leaving: bool) -> str | None:
    """Make the move under the noncombat move rules, checked on the board as it was before
    Germany's combat move (its attackers are not yet there, control as it was); what is
    wrong with it, or ``None`` when it was made."""
    from adjudicator.axis_allies.movement import Illegal, MoveChecker, MoveRequest, UnitCount
    from adjudicator.axis_allies.state import Board, copy_state

    view = copy_state(turn.s)
    view["units"] = [u for u in view["units"]
                     if not (u["power"] == GERMANY and u.get("moved_in") == "combat")]
    view["controllers"] = dict(turn.controllers_before_combat or view["controllers"])
    frm, to = move.path[0], move.path[-1]
    req = MoveRequest(adv.power, tuple(UnitCount(uc.unit, uc.count) for uc in move.units),
                      (frm, to), True)
    try:
        MoveChecker(Board(view, turn.ed), adv.power, "noncombat").apply(req)
    except Illegal as exc:
        return exc.message
    if (leaving and turn.m.is_land(to)
            and (turn.controllers_before_combat or {}).get(to) != adv.power):
        return f"an evacuation goes to an adjacent British space, not {turn.name(to)}"
    if leaving and not any(u["power"] == adv.power and u["loc"] == frm
                           for u in view["units"]):
        return f"at least one unit must stay in {turn.name(frm)}"
    where = {u["id"]: (u["loc"], u["aboard"]) for u in view["units"]}
    for u in turn.s["units"]:
        if u["id"] in where and (u["loc"], u["aboard"]) != where[u["id"]]:
            u["loc"], u["aboard"] = where[u["id"]]
    return None


ADVANTAGE = EnigmaDecoded()
