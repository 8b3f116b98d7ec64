"""Long-Range Aircraft (Revised digest A5.1 tech 4): fighter range 6, bomber range 8 (the
printed 4 and 6 plus 2; every question of range asks ``Board.moves``: movement, landing
proofs, default landings)."""

from __future__ import annotations

from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.techs.jet_fighters import is_fighter
from adjudicator.axis_allies.techs.tech import Tech


class LongRangeAircraft(Tech):
    key = "long_range_aircraft"
    number = 4
    name = "Long-Range Aircraft"
    aliases = ("lra", "long range aircraft", "long-range", "long range", "lr aircraft")

    def moves(self, unit: UnitQuery, value: int) -> int:
        if not self.mine(unit):
            return value
        if unit.spec.strategic_bomber:
            return 8
        if is_fighter(unit):
            return 6
        return value
