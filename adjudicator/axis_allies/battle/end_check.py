"""The end check (1942 p.17-18; ruling 22): before every round and after step 5.

The battle ends when a side has no units left (condition A), when the defender has only
transports left and the attacker can still fight (sunk without dice), when both sides have
only transports, or when neither side can hit the other (stalemate). The rule is
:func:`adjudicator.axis_allies.battle_steps.end_check`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleStep, Ended


class EndCheck(BattleStep):
    name = "end check"
    per_state = True

    def fight(self, b: Any) -> tuple[str, str] | None:
        end = steps.end_check(b.att, b.dfn, b.sea, b.rules)
        if end is None:
            return None
        if end.defenceless:
            for c in end.defenceless:
                b.kill(c, "defenceless transport sunk")
            b.log.append(
                {"event": "defenceless-transports", "units": [c.id for c in end.defenceless],
                 "why": "defender has only transports left and the attacker can still "
                 "fight: sunk with their cargo, no dice (p.17)"}
            )
        return end.winner, end.reason

    def advance(self, c: Any, rnd: int, a: int, d: int) -> tuple[int, int] | Ended:
        mk = ("end", a, d)
        out = c.memo.get(mk, c)
        if out is c:
            ua, _ = c.view(a)
            ud, _ = c.view(d)
            e = steps.end_check(ua, ud, c.sea, c.rules)
            out = None
            if e is not None:
                d2 = d
                if e.defenceless:
                    units, struck = c.build(d)
                    gone = {u.id for u in e.defenceless}
                    for u in units:
                        if u.id in gone:
                            steps.destroy(u, units, [])
                    d2 = c.canon("defender", units, struck)
                out = Ended(a, d2, e.winner, e.reason)
            c.memo[mk] = out
        return (a, d) if out is None else out
