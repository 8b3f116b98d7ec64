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
    return at_once(bf, attackers)


def at_once(bf: Battlefield, attackers: list[str]) -> bool | Generator[str, bool, bool]:
    """:func:`not_dislodged` answered at once when each outcome it would ask for, in
    turn, is final already (``bf.settled``; see ``move.decide``); else the generator."""
    known = bf.settled.get
    for a in attackers:
        moved = known(a)
        if moved is None:
            return not_dislodged(attackers)
        if moved:
            return False
    return True
