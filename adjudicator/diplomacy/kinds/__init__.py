"""One decision per order kind, each stating when its order succeeds.

Each kind module has a function ``decide(bf, p)`` for the order of the unit in province
``p``: it returns the outcome at once when it needs no other order's outcome, or else a
generator in the resolver's style (``resolver.py``) that yields the province of each
order whose success it needs, receives the answer and returns the outcome. So a chain of
any length resolves without deep recursion, and no object is made per unit and phase.
:func:`decider` gives the generic :class:`~adjudicator.diplomacy.resolver.Resolver` the
one function it calls for every province.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.kinds import convoy, hold, move, support
from adjudicator.diplomacy.orders import Convoy, Hold, Move, SupportHold, SupportMove
from adjudicator.diplomacy.resolver import Adjudication

_KINDS = {
    Hold: hold.decide,
    Move: move.decide,
    SupportHold: support.decide,
    SupportMove: support.decide,
    Convoy: convoy.decide,
}


def decider(bf: Battlefield) -> Callable[[str], Adjudication]:
    """The decision of the order of the unit in each province of the battlefield."""
    orders = bf.orders

    def decide(p: str) -> Adjudication:
        return _KINDS[orders[p].__class__](bf, p)

    return decide
