"""AA fire before round 1 (1942 p.25; digest §3.5; ruling 20).

One AA gun fires per battle, however many stand there: one die per attacking aircraft, rolled
per aircraft type; each hit destroys an aircraft of the type it was rolled for, no choice.
Land battles only. The rule (who fires, at what, in which groups) is
:func:`adjudicator.axis_allies.battle_steps.aa_fire`.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.casualties import Combatant


class AAFire(BattleStep):
    name = "AA fire"
    stage = "opening"

    def applies(self, battle: BattleInfo) -> bool:
        return not battle.sea

    def fight(self, b: Any) -> None:
        plan = steps.aa_fire(b.att, b.dfn, b.sea, b.table_order)
        if plan is None:
            return
        for utype, group in plan.groups:
            dice = b.dice.roll(b.label("defender", f"aa-{utype}"), len(group))
            n = sum(1 for d in dice if steps.is_hit(d, plan.value))
            for c in group[:n]:
                b.kill(c, "shot down by AA fire")
            b.log.append(
                {"event": "aa", "gun": plan.gun.id, "guns_present": plan.guns, "type": utype,
                 "dice": dice, "hit_on": plan.value, "destroyed": [c.id for c in group[:n]],
                 "why": "one AA gun fires per battle; hits fall on the type rolled for"}
            )

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        out: list[Part] = []
        for part in parts:
            for d, pd in part.dfn.items():
                att: dict[int, Any] = {}
                for a, pa in part.att.items():
                    for a2, q in self.shots(c, a, d).items():
                        att[a2] = att.get(a2, c.zero) + pa * q
                out.append(Part(part.p * pd, att, {d: c.one}))
        return out

    @staticmethod
    def shots(c: Any, a: int, d: int) -> dict[int, Any]:
        """The attacker's side after AA fire from ``d``: its distribution."""
        ua, _ = c.view(a)
        ud, _ = c.view(d)
        plan = steps.aa_fire(ua, ud, c.sea, c.table_order)
        if plan is None:
            return {a: c.one}
        dist: dict[int, Any] = {a: c.one}
        for utype, group in plan.groups:
            shots = c.count_dist((plan.value,) * len(group))
            new: dict[int, Any] = {}
            for sid, p in dist.items():
                for n, q in enumerate(shots):
                    units, struck = c.build(sid)
                    air = sorted((u for u in units if u.type == utype and u.spec.is_air
                                  and u.status == "active"), key=Combatant.sort_key)
                    for u in air[:n]:
                        steps.destroy(u, units, [])
                    k = c.canon("attacker", units, struck)
                    new[k] = new.get(k, c.zero) + p * q
            dist = new
        return dist
