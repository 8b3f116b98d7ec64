"""Japan 4, Lightning Strikes (Revised digest A7, Japan 4): "Your transports may make more
than one amphibious assault per turn": move, assault a coastal territory, move again, assault
a second. They still must stop in the first hostile sea zone entered, and the capacity is
unchanged ("still only one infantry and one other land unit loaded or unloaded").

No decision of its own (digest C3 #24: the path and the two targets are the combat move's
transport line): one transport line unloads twice, each unload naming what goes ashore
(docs/aa-orders.md, "Transports")::

    tt sz 60: load 1 inf, 1 art Japan; -> sz 61; unload 1 inf Manchuria; -> sz 59;
        unload 1 art Kwangtung

Through the ``amphibious_assaults`` query point (2 for a Japanese transport): the move
checker (movement.py) lets the transports of the line's second part go on from where they
unloaded. Ruling NA-lightning_strikes: two assaults a turn at most, both in combat move;
loading only before the first; the zone of the first unload must not be hostile (a
transport must stop in the first hostile zone it enters, so it unloads there and stays).
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

#: "move, assault a coastal territory, move again, assault a second" (digest A7)
ASSAULTS = 2


class LightningStrikes(NationalAdvantage):
    key = "lightning_strikes"
    power = "japan"
    number = 4
    name = "Lightning Strikes"
    decision = "automatic"

    def amphibious_assaults(self, unit: UnitQuery, value: int) -> int:
        return max(value, ASSAULTS) if self.mine(unit) else value


ADVANTAGE = LightningStrikes()
