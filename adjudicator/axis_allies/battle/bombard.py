"""Shore bombardment before the land battle of an amphibious assault (1942 p.15, p.28-29;
ruling 24).

Only when no sea battle was fought in the landing zone (the assault decides that, see
``combat.resolve_amphibious``); at most one ship per land unit landing, the strongest first
(battleship on 4 before cruiser on 3), unless the rules lift that cap (Revised digest A5.4:
``bombard_one_ship_per_landed_unit``). The defender's casualties go to the casualty zone and
fire back in round 1.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part
from adjudicator.axis_allies.casualties import Hit


class Bombard(BattleStep):
    name = "shore bombardment"
    stage = "opening"

    def applies(self, battle: BattleInfo) -> bool:
        return battle.bombarding

    def fight(self, b: Any) -> None:
        vessels = [b.combatant(u, "attacker") for u in b.bombarding]
        firing = steps.bombarding_ships(vessels, b.landing, b.rules)
        b.log.append(
            {"event": "bombardment", "ships": [v.id for v in firing],
             "idle": [v.id for v in vessels if v.id not in {f.id for f in firing}],
             "why": f"at most one bombarding ship per land unit landing ({b.landing})"
             if b.rules.bombard_one_ship_per_landed_unit
             else "every ship able to bombard fires (no cap per land unit landing)"}
        )
        if not firing:
            return
        dice = b.dice.roll(b.label("attacker", "bombard"), len(firing))
        entries, hits = [], []
        for v, d in zip(firing, dice, strict=True):
            value = steps.bombard_value(v)
            entries.append({"unit": v.id, "type": v.type, "value": value, "die": d,
                            "hit": steps.is_hit(d, value)})
            if steps.is_hit(d, value):
                hits.append(Hit(v.id))
        b.log.append({"event": "fire", "round": 0, "side": "attacker", "purpose": "bombard",
                      "dice": entries, "hits": len(hits)})
        b.take_hits("defender", hits, pending=True)

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        vessels = [c.combatant(u, "attacker") for u in c.bombarding]
        values = tuple(sorted(steps.bombard_value(v)
                              for v in steps.bombarding_ships(vessels, c.landing,
                                                              c.rules)))
        if not values:
            return parts
        dist = c.count_dist(values)
        out: list[Part] = []
        for part in parts:
            dfn: dict[int, Any] = {}
            for d, pd in part.dfn.items():
                ch = c.chain(d, "defender", (False, False))
                for k, q in enumerate(dist):
                    key = ch[min(k, len(ch) - 1)]
                    dfn[key] = dfn.get(key, c.zero) + pd * q
            out.append(Part(part.p, part.att, dfn, part.att_base, part.dfn_base))
        return out
