"""Small positions on an emptied A&A 1942 board, shared by the movement and rules tests:
only what a test puts on the board is there, so each test shows just what matters."""

from __future__ import annotations

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.movement import MoveRequest
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.state import add_unit, initial_state

ED = load_edition("aa1942")


def blank(power: str, step: str = "combat", **control: str) -> dict:
    """The opening controllers with no units on the board, ``power`` to move."""
    s = initial_state(ED)
    s["units"] = []
    s["turn"].update(power=power, step=step)
    for t, p in control.items():
        s["controllers"][t] = p
        s["turn_start_controllers"][t] = p
    return s


def put(s: dict, power: str, utype: str, loc: str, n: int = 1, aboard: str | None = None):
    return [add_unit(s, power, utype, loc, aboard=aboard) for _ in range(n)]


def mv(power: str, units: dict[str, int], *path: str, given: bool = True, **kw) -> MoveRequest:
    return MoveRequest(power, tuple(U(u, n) for u, n in units.items()), tuple(path), given, **kw)


def rules_of(plan) -> list[str]:
    return [e.rule for e in plan.errors]
