"""Tokyo Express (Japan 1, Revised digest A7): "Each of your destroyers can carry 1 infantry,
under the normal transport load/unload rules."

Automatic (digest C3): no decision. A Japanese destroyer is written like a transport on a
transport line (``dd sz 60: load 1 inf Japan; -> sz 61; unload Buryatia``), boarded in
noncombat move like a transport (``1 inf Japan -> sz 60``), and its cargo moves, unloads
(an amphibious assault too) and is lost with it like a transport's. The advantage gives the
destroyer room for one infantry through the ``transport_capacity`` query point: the room of
one infantry (its ``transport_cost``), so no other land unit and no second infantry fits.
Ruling NA-tokyo_express:

* "your destroyers": Japan's destroyers; the cargo follows the normal rules, so an allied
  (German) infantry may ride one too, as on a transport;
* the destroyer keeps its own rules: it fights, blocks and cancels surprise strikes as a
  destroyer (no transport's "defenceless" end), and its cargo never fights at sea;
* the normal transport rules include "unload once per turn" and "no further move after
  unloading"; Lightning Strikes' second assault is for transports only (its own text).
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

#: "1 infantry": the room of one infantry
CARGO = "infantry"


class TokyoExpress(NationalAdvantage):
    key = "tokyo_express"
    power = "japan"
    number = 1
    name = "Tokyo Express"
    decision = "automatic"

    def transport_capacity(self, unit: UnitQuery, value: int) -> int:
        if (unit.power == self.power and unit.type == "destroyer" and not value
                and unit.edition is not None):
            return unit.edition.units[CARGO].transport_cost
        return value


ADVANTAGE = TokyoExpress()
