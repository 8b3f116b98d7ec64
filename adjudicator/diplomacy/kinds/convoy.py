"""Convoy: the fleet does its part unless it is dislodged.

A convoy order that matches no army move still holds; the battlefield only lists
matching convoys as route members, so such an order never carries anyone.
"""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.kinds.hold import at_once


def decide(bf: Battlefield, p: str) -> bool | Generator[str, bool, bool]:
    attackers = bf.moves_into.get(p)
    if attackers is None:
        return True  # nobody even tries to dislodge it
    return at_once(bf, attackers)
