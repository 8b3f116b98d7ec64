"""AA fire before round 1 (1942 p.25; digest §3.5; ruling 20).

One AA gun fires per battle, however many stand there: one die per attacking aircraft, rolled
per aircraft type; each hit destroys an aircraft of the type it was rolled for, no choice.
Land battles only. The rule (who fires, at what, in which groups) is
:func:`adjudicator.axis_allies.battle_steps.aa_fire`; what the gun hits each aircraft type on
is the engines' ``aa_hit_on`` (the ``aa_fire`` query point of the effects in play: UK Radar,
US Superfortresses, Revised digest A7).
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
        plan = steps.aa_fire(b.att, b.dfn, b.sea, b.table_order, b.aa_hit_on)
        if plan is None:
            return
        for i, (utype, group) in enumerate(plan.groups):
            value = plan.value_of(i)
            dice = b.dice.roll(b.label("defender", f"aa-{utype}"), len(group))
            n = sum(1 for d in dice if steps.is_hit(d, value))
            for c in group[:n]:
                b.kill(c, "shot down by AA fire")
            entry = {"event": "aa", "gun": plan.gun.id, "guns_present": plan.guns,
                     "type": utype, "dice": dice, "hit_on": value,
                     "destroyed": [c.id for c in group[:n]],
                     "why": "one AA gun fires per battle; hits fall on the type rolled for"}
            by = b.aa_effects(plan.gun, group[0]) if value != plan.value else []
            if by:
                entry["effects"] = by  # what made it hit on another number (UK Radar)
            b.log.append(entry)
        for utype, group in plan.spared:  # no die at them (US Superfortresses)
            b.log.append({"event": "aa-spared", "gun": plan.gun.id, "type": utype,
                          "units": [c.id for c in group],
                          "effects": b.aa_effects(plan.gun, group[0])})

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
        plan = steps.aa_fire(ua, ud, c.sea, c.table_order, c.aa_hit_on)
        if plan is None:
            return {a: c.one}
        dist: dict[int, Any] = {a: c.one}
        for i, (utype, group) in enumerate(plan.groups):
            shots = c.count_dist((plan.value_of(i),) * len(group))
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
