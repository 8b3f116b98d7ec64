"""The start of a combat round: its number, and the board as it stands (logged).

The dice engine refuses to go on for ever (a dice source that never hits); the calculator
stops at its ``max_rounds`` (the battles still going on are ``undecided``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.battle.step import BattleStep, Ended

UNDECIDED = "undecided"
"""The winner of a battle still going on after the calculator's ``max_rounds`` rounds."""

MAX_ROUNDS = 10_000
"""A battle in which some side can hit ends with probability 1; a source that never rolls a
hit (a broken dice source) must fail loudly instead of hanging the turn."""


class RoundStart(BattleStep):
    name = "start of round"
    per_state = True

    def fight(self, b: Any) -> None:
        b.round += 1
        if b.round > MAX_ROUNDS:
            raise RuntimeError(f"battle at {b.setup.region} did not end in {MAX_ROUNDS} "
                               "rounds: the dice source is not random")
        b.log.append(
            {"event": "round", "round": b.round, "attacking": b.snapshot("attacker"),
             "defending": b.snapshot("defender")}
        )
        b.struck = set()
        b.strikers = {"attacker": [], "defender": []}

    def advance(self, c: Any, rnd: int, a: int, d: int) -> tuple[int, int] | Ended:
        limit = c.max_rounds
        if limit is not None and rnd > limit:
            return Ended(a, d, UNDECIDED, f"still fighting after round {limit}")
        return a, d
