"""Hold: succeeds unless the unit is dislodged."""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy.battlefield import Battlefield


def not_dislodged(attackers: list[str]) -> Generator[str, bool, bool]:
    """A unit that stays put survives unless some move into its province succeeds."""
    for a in attackers:
        if (yield a):
            return False
    return True


def decide(bf: Battlefield, p: str) -> bool | Generator[str, bool, bool]:
    attackers = bf.moves_into.get(p)
    if attackers is None:
        return True  # nobody even tries to dislodge it
    return not_dislodged(attackers)
