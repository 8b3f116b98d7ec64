"""Move: succeeds if its attack beats everything standing in its way.

In a head-to-head battle the opponent's move strength is what must be beaten; otherwise
the strength holding the destination. Every other move into the same province must
also be beaten (equal strengths stand each other off).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.resolver import Resolver


@dataclass
class MoveDecision:
    bf: Battlefield
    p: str

    def adjudicate(self, r: Resolver) -> bool:
        bf, p = self.bf, self.p
        dest = prov(bf.move_of(p).dest)
        atk = strength.attack(r, bf, p)
        if atk == 0:
            return False
        opponent = bf.head_to_head(p)
        if opponent is not None:
            if atk <= strength.defend(r, bf, opponent):
                return False
        elif atk <= strength.hold(r, bf, dest):
            return False
        return all(
            atk > strength.prevent(r, bf, other) for other in bf.moves_into[dest] if other != p
        )
