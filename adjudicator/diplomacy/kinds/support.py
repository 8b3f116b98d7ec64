"""Support: given unless void, cut, or the supporter is dislodged.

Void: the supported unit was not ordered as the support says. Cut: the supporter is
attacked by a foreign unit that can reach it (a convoyed army only if its convoy holds),
except from the province the support is directed into; an attack from there cuts only
by dislodging the supporter. A power's own units never cut its supports.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.orders import SupportMove
from adjudicator.diplomacy.resolver import Resolver


def is_void(bf: Battlefield, p: str) -> bool:
    o = bf.orders[p]
    if isinstance(o, SupportMove):
        return p not in bf.move_supports.get((prov(o.target), prov(o.dest)), [])
    return p not in bf.hold_supports.get(prov(o.target), [])


def directed_at(bf: Battlefield, p: str) -> str:
    """The province the support goes into: the move's destination or the held province."""
    o = bf.orders[p]
    return prov(o.dest) if isinstance(o, SupportMove) else prov(o.target)


@dataclass
class SupportDecision:
    bf: Battlefield
    p: str

    def adjudicate(self, r: Resolver) -> bool:
        bf, p = self.bf, self.p
        if is_void(bf, p):
            return False
        me = bf.units[p].power
        into = directed_at(bf, p)
        for a in bf.moves_into.get(p, []):
            if bf.units[a].power == me:
                continue  # an own unit neither cuts nor may dislodge
            if a == into:
                if r.resolve(a):
                    return False  # dislodged by the unit it supports against
            elif strength.path_ok(r, bf, a):
                return False
        return True
