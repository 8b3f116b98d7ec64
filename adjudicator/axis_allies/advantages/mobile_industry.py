"""Mobile Industry (Soviet Union 3, Revised digest A7): "Your industrial complexes may move
one territory during your noncombat move, never in combat move. If captured, the enemy
cannot move them."

An order (digest C3 #17; no default): ``Mobile Industry: Russia -> Novosibirsk`` in the Soviet
turn, with the noncombat move (the second submission of a two-pass turn); several moves in
the one order, ``Mobile Industry: Russia -> Novosibirsk, Caucasus -> Kazakh``, each complex at
most once. A complex the Soviet Union owns, in a territory it holds, moves to a neighbouring
land territory the Soviet Union holds that has no complex (one per territory, digest A7).

Ruling NA-mobile_industry: the complex is carried during the noncombat move and set up again
when the turn's mobilisation is over, so the units bought this turn are placed where it
stood when the turn began (what the validator checks with the orders), and from the next
Soviet turn where it went (up to that territory's income). A move that cannot be made is
reported failed with the reason; the others are made. The turn's events name the advantage.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.advantages import AdvantageStep, NationalAdvantage, insert_steps
from adjudicator.axis_allies.ruleset import TurnStep


class MobileIndustry(NationalAdvantage):
    key = "mobile_industry"
    power = "ussr"
    number = 3
    name = "Mobile Industry"
    decision = "order"
    order_half = "second"

    def turn_steps(self, steps: tuple[TurnStep, ...]) -> tuple[TurnStep, ...]:
        return insert_steps(steps, after={"mobilise": [MoveComplexes(self)]})

    def check_order(self, board: Any, order: Any) -> str | None:
        if order.units and any(u.unit != "industrial_complex" for u in order.units):
            return f"{self.name} moves industrial complexes only"
        regions = order.regions
        if not regions or len(regions) % 2:
            return (f"{self.name} names each move as 'from -> to' "
                    "(Mobile Industry: Russia -> Novosibirsk)")
        pairs = list(zip(regions[::2], regions[1::2], strict=True))
        starts = [a for a, _ in pairs]
        ends = [b for _, b in pairs]
        if len(set(starts)) != len(starts):
            return f"{self.name}: each complex moves one territory, once"
        if len(set(ends)) != len(ends):
            return f"{self.name}: one industrial complex per territory"
        for a, b in pairs:
            problem = self.move_problem(board, a, b, moved_away=set(starts))
            if problem:
                return problem
        return None

    def move_problem(self, board: Any, a: str, b: str, moved_away: set[str]) -> str | None:
        """Why the complex in ``a`` cannot move to ``b`` (``None``: it can)."""
        name = board.edition.map.region
        cx = board.complex_at(a)
        if cx is None:
            return f"there is no industrial complex in {name(a).name}"
        if cx["owner"] != self.power or board.controller(a) != self.power:
            return (f"the industrial complex in {name(a).name} is not the Soviet Union's "
                    "(a captured complex cannot be moved)")
        if b not in board.edition.map.land_neighbours(a):
            return f"{name(b).name} is not a territory next to {name(a).name}"
        if board.controller(b) != self.power:
            return f"{name(b).name} is not held by the Soviet Union"
        if board.complex_at(b) is not None and b not in moved_away:
            return f"{name(b).name} has an industrial complex already (one per territory)"
        return None


class MoveComplexes(AdvantageStep):
    """At the end of the Soviet noncombat move and mobilisation: the complexes the order
    moves stand in their new territories."""

    key = "mobile_industry"
    name = "Mobile Industry"
    half = "second"

    def run(self, turn: Any, script: Any) -> None:
        adv = self.advantage
        for order in (o for o in script.advantages if o.key == adv.key):
            problem = adv.check_order(turn.board, order)
            if problem is not None:
                turn.result("advantages", order.text(), False, problem, f"na-{adv.key}")
                continue
            pairs = list(zip(order.regions[::2], order.regions[1::2], strict=True))
            records = {a: turn.s["complexes"].pop(a) for a, _ in pairs}
            for a, b in pairs:
                turn.s["complexes"][b] = records[a]
            turn.s["complexes"] = dict(sorted(turn.s["complexes"].items()))
            turn.result("advantages", order.text(), True)
            turn.ev.setdefault("advantages", []).append(
                {"advantage": adv.key, "name": adv.name, "power": adv.power, "by": "order",
                 "moved": [{"from": a, "to": b} for a, b in pairs]})

    def __repr__(self) -> str:
        return "<MoveComplexes mobile_industry>"


ADVANTAGE = MobileIndustry()
