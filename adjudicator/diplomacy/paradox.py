"""Backup rules for dependency cycles the ordinary rules cannot settle.

* Convoy paradox (a convoy order is part of the cycle): the Szykman rule. The convoys
  in the paradox are treated as not carried out: their armies stay where they are and
  have no effect (no cut, no standoff). This is the DATC's preference and agrees with
  the 2000 rules wherever those give an answer.
* Circular movement (only moves in the cycle): every move in the circle succeeds.
"""

from __future__ import annotations

from collections.abc import Hashable

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.orders import Convoy, Move
from adjudicator.diplomacy.resolver import BackupRule, Resolver


def backup_rule(bf: Battlefield) -> BackupRule:
    def rule(r: Resolver, cycle: list[Hashable]) -> None:
        armies = {
            prov(bf.orders[k].target)
            for k in cycle
            if isinstance(bf.orders[k], Convoy) and bf.convoy_matches(k)
        } - bf.paradox_armies
        if armies:
            bf.paradox_armies.update(armies)
            return
        if all(isinstance(bf.orders[k], Move) for k in cycle):
            for k in cycle:
                r.fix(k, True)
            return
        # Not a known kind of cycle: nothing in it succeeds (never reached by the DATC).
        for k in cycle:
            r.fix(k, False)

    return rule
