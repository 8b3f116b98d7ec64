"""Support: given unless void, cut, or the supporter is dislodged.

Void: the supported unit was not ordered as the support says. Cut: the supporter is
attacked by a foreign unit that can reach it (a convoyed army only if its convoy holds),
except from the province the support is directed into; an attack from there cuts only
by dislodging the supporter. A power's own units never cut its supports.
"""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield


def decide(bf: Battlefield, p: str) -> bool | Generator[str, bool, bool]:
    into = bf.support_into.get(p)
    if into is None:
        return False  # void
    attackers = bf.moves_into.get(p)
    if attackers is None:
        return True  # nobody attacks the supporter
    # The outcome at once where _not_cut would ask only for outcomes already final
    # (``bf.settled``, as in ``move.decide``): attackers of its own power are passed
    # over, a foreign one over land cuts, a convoyed one no fleet convoys does not.
    units, paradox, by_convoy = bf.units, bf.paradox_armies, bf.by_convoy
    me = units[p].power
    for a in attackers:
        if units[a].power == me:
            continue
        if a == into:
            dislodging = bf.settled.get(a)
            if dislodging is None:
                return _not_cut(bf, p, into, attackers)
            if dislodging:
                return False  # dislodged by the unit it supports against
            continue
        if a in paradox:
            continue  # (a paradox army has no path: strength.path_ok)
        if by_convoy[a]:
            if a not in bf.convoyers:
                continue  # no route (the route asks nothing)
            return _not_cut(bf, p, into, attackers)
        return False  # cut
    return True


def _not_cut(bf: Battlefield, p: str, into: str, attackers: list[str]
             ) -> Generator[str, bool, bool]:
    """Whether the support from ``p`` into ``into`` survives its ``attackers``."""
    units = bf.units
    me = units[p].power
    for a in attackers:
        if units[a].power == me:
            continue  # an own unit neither cuts nor may dislodge
        if a == into:
            if (yield a):
                return False  # dislodged by the unit it supports against
        elif (yield from strength.path_ok(bf, a)):
            return False
    return True
