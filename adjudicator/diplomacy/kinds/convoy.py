"""Convoy: the fleet does its part unless it is dislodged.

A convoy order that matches no army move still holds; the battlefield only lists
matching convoys as route members, so such an order never carries anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.kinds.hold import not_dislodged
from adjudicator.diplomacy.resolver import Resolver


@dataclass
class ConvoyDecision:
    bf: Battlefield
    p: str

    def adjudicate(self, r: Resolver) -> bool:
        return not_dislodged(r, self.bf, self.p)
