"""Step 2 of a sea battle: the submarines' decision (1942 p.16-17; digest §6.2 #2; ruling 21).

Attacker first: with an enemy destroyer present subs fire normally; otherwise each power's
subs submerge or make a surprise strike, by its policy (default: strike). Submerged subs
leave the battle; the strikers fire in the surprise-strike steps and not again this round.
The rule is :func:`adjudicator.axis_allies.battle_steps.submarine_decisions`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Ended


class Submerge(BattleStep):
    name = "submarines submerge or strike"
    per_state = True

    def applies(self, battle: BattleInfo) -> bool:
        return battle.sea

    def fight(self, b: Any) -> None:
        decisions, strikers, divers = steps.submarine_decisions(b.att, b.dfn, b.orders.submerge)
        for c in divers:
            c.status = "submerged"
        for d in decisions:
            b.log.append(
                {"event": "submarines", "round": b.round, "side": d.side,
                 "units": [c.id for c in d.units], "decision": d.decision, "why": d.why}
            )
        b.strikers = strikers
        b.struck = {c.id for s in strikers.values() for c in s}

    def advance(self, c: Any, rnd: int, a: int, d: int) -> tuple[int, int] | Ended:
        mk = ("submerge", a, d)
        out = c.memo.get(mk)
        if out is None:
            ua, _ = c.view(a)
            ud, _ = c.view(d)
            _, strikers, divers = steps.submarine_decisions(ua, ud, c.orders.submerge)
            if not strikers["attacker"] and not strikers["defender"] and not divers:
                out = (a, d)
            else:
                down = {u.id for u in divers}
                out = (c.canon("attacker", ua, {u.id for u in strikers["attacker"]}, down),
                       c.canon("defender", ud, {u.id for u in strikers["defender"]}, down))
            c.memo[mk] = out
        return out
