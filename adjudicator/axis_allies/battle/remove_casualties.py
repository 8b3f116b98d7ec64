"""Step 5 (and the end of step 2): the defender's casualty zone is cleared (1942 p.17).

Units hit and still firing until now leave the board, with their cargo. After the surprise
strikes of a sea battle (``sea_only``) the strikes' casualties go before the main fire; in a
land battle there is no such removal, so the casualties of shore bombardment fire back in
round 1 (ruling 24).
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep, Part


class RemoveCasualties(BattleStep):
    def __init__(self, sea_only: bool = False) -> None:
        self.sea_only = sea_only

    @property
    def name(self) -> str:  # type: ignore[override]
        return "remove the surprise strikes' casualties" if self.sea_only else \
            "remove casualties"

    def applies(self, battle: BattleInfo) -> bool:
        return battle.sea or not self.sea_only

    def fight(self, b: Any) -> None:
        b.clear_casualty_zone()

    def spread(self, c: Any, parts: list[Part], rnd: int) -> list[Part]:
        out = []
        for part in parts:
            att = c.clear_side(part.att, "attacker")
            dfn = c.clear_side(part.dfn, "defender")
            out.append(Part(part.p, att, dfn, part.att_base if att is part.att else None,
                            part.dfn_base if dfn is part.dfn else None))
        return out

    def __repr__(self) -> str:
        return f"<RemoveCasualties{' sea_only' if self.sea_only else ''}>"
