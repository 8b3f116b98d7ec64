"""Step 6, condition B: the attacker's retreat decision (1942 p.18; digest §6.4 #3-#4;
ruling 23).

The attacker's policy (after round N, units <= K, lost IPC > X: alternatives) is checked after
each round that did not end the battle; all movable units retreat together, with their
cargo, to the named region if it is legal, else the first legal one; aircraft break off in
place; landed units never retreat. The rule is
:func:`adjudicator.axis_allies.battle_steps.retreat_plan`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleStep, Ended


class Retreat(BattleStep):
    name = "retreat or press on"
    per_state = True

    def fight(self, b: Any) -> None:
        plan = steps.retreat_plan(b.orders.retreat, b.round, b.att, b.setup.retreat_options)
        if plan is None:
            return
        if plan.blocked is not None:
            if not b.retreat_blocked_logged:
                b.log.append({"event": "no-retreat", "round": b.round, "why": plan.blocked})
                b.retreat_blocked_logged = True
            return
        b.retreated_to.update(steps.do_retreat(plan, b.att))
        b.log.append(
            {"event": "retreat", "round": b.round, "units": [c.id for c in plan.movable],
             "to": plan.to, "why": "; ".join(plan.why) + " (battle instruction); destination: "
             + plan.to_source}
        )

    def advance(self, c: Any, rnd: int, a: int, d: int) -> tuple[int, int] | Ended:
        if not c.orders.retreat.active:
            return a, d
        mk = ("retreat", a, rnd)
        out = c.memo.get(mk)
        if out is None:
            units, struck = c.build(a)
            plan = steps.retreat_plan(c.orders.retreat, rnd, units, c.setup.retreat_options)
            if plan is None or plan.blocked is not None:
                out = a
            else:
                steps.do_retreat(plan, units)
                out = c.canon("attacker", units, struck)
            c.memo[mk] = out
        return out, d
