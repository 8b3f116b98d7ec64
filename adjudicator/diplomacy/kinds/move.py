"""Move: succeeds if its attack beats everything standing in its way.

In a head-to-head battle the opponent's move strength is what must be beaten; otherwise
the strength holding the destination. Every other move into the same province must
also be beaten (equal strengths stand each other off).
"""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield


def decide(bf: Battlefield, p: str) -> Generator[str, bool, bool]:
    dest = bf.move_dest[p]
    atk = yield from strength.attack(bf, p)
    if atk == 0:
        return False
    opponent = bf.head_on.get(p)
    if opponent is not None:
        if atk <= (yield from strength.defend(bf, opponent)):
            return False
    elif dest in bf.units and atk <= (yield from strength.hold(bf, dest)):
        return False  # (an empty province holds with strength 0: no need to ask)
    for other in bf.moves_into[dest]:
        if other != p and atk <= (yield from strength.prevent(bf, other)):
            return False
    return True
