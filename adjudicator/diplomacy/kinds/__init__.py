"""One decision class per order kind, each stating when its order succeeds.

:func:`decisions_for` maps every ordered unit (by province) to the decision of its kind;
the generic :class:`~adjudicator.diplomacy.resolver.Resolver` then evaluates them.
"""

from __future__ import annotations

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.kinds.convoy import ConvoyDecision
from adjudicator.diplomacy.kinds.hold import HoldDecision
from adjudicator.diplomacy.kinds.move import MoveDecision
from adjudicator.diplomacy.kinds.support import SupportDecision
from adjudicator.diplomacy.orders import Convoy, Hold, Move, SupportHold, SupportMove

_KINDS = {
    Hold: HoldDecision,
    Move: MoveDecision,
    SupportHold: SupportDecision,
    SupportMove: SupportDecision,
    Convoy: ConvoyDecision,
}


def decisions_for(bf: Battlefield) -> dict:
    return {p: _KINDS[type(o)](bf, p) for p, o in sorted(bf.orders.items())}
