"""The order of play of an Axis & Allies turn as a list of steps (digest §2).

Each step is one phase of the turn (or one thing done at its end) and runs the turn engine's
own method for it (:class:`adjudicator.axis_allies.turn._Turn`); the ruleset lists them in
order (``Ruleset.turn_steps``) and ``turn.resolve_turn`` runs the ones the part of the turn
being resolved includes (:class:`~adjudicator.axis_allies.ruleset.TurnStep`). An edition with
another phase (A&A Revised's weapons development) adds a step to its list; an edition where a
step does something else gives its own step.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.ruleset import TurnStep


class Purchase(TurnStep):
    """Phase 1 (1942) / 2 (Revised): purchase units and repairs (p.10)."""

    key = "purchase"
    name = "Purchase"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        turn.purchase(script)


class CombatMove(TurnStep):
    """Combat move (p.11-13): failing moves are dropped one by one (ruling 29)."""

    key = "combat"
    preview = True  # the battle preview makes the combat move too (``turn.plan_battles``)
    name = "Combat Move"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        turn.combat_move(script)


class ConductCombat(TurnStep):
    """Conduct combat (p.14-18): blitz captures, raids, amphibious assaults, general combat,
    then empty enemy territories entered; last, defending fighters whose carrier sank land
    again (p.27, ``reland.py``)."""

    key = "battles"
    name = "Conduct Combat"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        turn.combat(script, turn.combat_moves, turn.controllers_before_combat)


class NoncombatMove(TurnStep):
    """Noncombat move (p.21): declared carrier moves, the player's moves, landing plans and
    default landings."""

    key = "noncombat"
    name = "Noncombat Move"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        turn.noncombat_move(script)


class Mobilise(TurnStep):
    """Mobilise new units (p.22); a power whose capital is held mobilises nothing."""

    key = "mobilise"
    name = "Mobilize New Units"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        if not turn.board.capital_lost(turn.power):
            turn.mobilise(script)
        elif turn.s.get("purchased"):
            turn.s["purchased"] = {}


class LandAircraft(TurnStep):
    """After mobilisation (new carriers count): aircraft with no legal landing are lost,
    fighters at sea go aboard a carrier with room (p.21, ruling 36)."""

    key = "landing"
    name = "Aircraft Landing"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        turn.lose_unlanded()
        turn.board_carriers()


class CollectIncome(TurnStep):
    """Collect income (p.23): the production level, none while the capital is held."""

    key = "collect"
    name = "Collect Income"
    half = "end"

    def run(self, turn: Any, script: Any) -> None:
        turn.collect()


class EndOfTurn(TurnStep):
    """The turn's bookkeeping: AA guns returned after a liberation, per-turn unit fields
    reset, this turn's purchases, repairs and carrier promises cleared."""

    key = "end"
    name = "End of Turn"
    half = "end"

    def run(self, turn: Any, script: Any) -> None:
        turn.end_of_turn()


class RepairDamage(TurnStep):
    """Damaged multi-hit units (battleships) are repaired at the end of every turn, whoever
    owns them, when the rules say so (``battleship_repair = "end_of_turn"``; 1942 repairs
    after each battle instead)."""

    key = "repair"
    name = "Repair Battleships"
    half = "end"

    def applies(self, turn: Any) -> bool:
        return turn.rules.battleship_repair == "end_of_turn"

    def run(self, turn: Any, script: Any) -> None:
        turn.repair_damage()


class VictoryCheck(TurnStep):
    """After the last power of the round: does a side hold enough victory cities (p.23)?"""

    key = "victory"
    name = "Victory Check"
    half = "end"

    def applies(self, turn: Any) -> bool:
        return turn.last_of_round

    def run(self, turn: Any, script: Any) -> None:
        turn.victory_check()


class NextPower(TurnStep):
    """The next power's turn begins (a new round after the last power)."""

    key = "next"
    name = "Next Power"
    half = "end"

    def run(self, turn: Any, script: Any) -> None:
        turn.next_power()
