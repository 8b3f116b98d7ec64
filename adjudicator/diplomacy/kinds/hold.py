"""Hold: succeeds unless the unit is dislodged."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.resolver import Resolver


def not_dislodged(r: Resolver, bf: Battlefield, p: str) -> bool:
    """A unit that stays put survives unless some move into its province succeeds."""
    return not any(r.resolve(a) for a in bf.moves_into.get(p, []))


@dataclass
class HoldDecision:
    bf: Battlefield
    p: str

    def adjudicate(self, r: Resolver) -> bool:
        return not_dislodged(r, self.bf, self.p)
