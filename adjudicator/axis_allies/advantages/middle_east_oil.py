"""Middle East Oil (United Kingdom 4, Revised digest A7): "If in your noncombat move your
aircraft lands in Egypt, Trans-Jordan or Persia, it may move again by its normal movement."

Automatic (digest C3: a movement allowance only). Through the ``moves`` query point, asked
with the route of the move being checked: a British aircraft whose noncombat route stops on
the way in Anglo-Egypt, Trans-Jordan or Persia, where it could land (friendly since the start
of the turn, digest A5.5), and which reached it with the moves it had left, has its normal
movement again from there (ruling NA-middle_east_oil). One refuelling per move; the route is
the player's (``ftr India -> Persia -> Ukraine S.S.R.``, or only start and end when the
shortest route passes there). Landing proofs of the combat move and the default landings
count only the ordinary range.
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery

#: the oil fields: Egypt (the map's Anglo-Egypt), Trans-Jordan, Persia
OIL_FIELDS = ("anglo_egypt", "trans_jordan", "persia")


class MiddleEastOil(NationalAdvantage):
    key = "middle_east_oil"
    power = "uk"
    number = 4
    name = "Middle East Oil"

    def moves(self, unit: UnitQuery, value: int) -> int:
        if (not self.mine(unit) or not unit.spec.is_air or unit.step != "noncombat"
                or not unit.path or unit.state is None or unit.edition is None):
            return value
        best = value
        left = value - unit.moved
        for i, region in enumerate(unit.path[1:-1], start=1):
            if region in OIL_FIELDS and i <= left and self.can_land(unit, region):
                # it lands there with i moves made and flies on with its normal movement
                best = max(best, unit.moved + i + value)
        return best

    def can_land(self, unit: UnitQuery, territory: str) -> bool:
        """Friendly since the start of the turn (where an aircraft may land, p.21)."""
        state = unit.state
        powers = unit.edition.setup.powers

        def side(p: str | None) -> str | None:
            return powers[p].side if p in powers else None

        start = (state.get("turn_start_controllers") or {}).get(territory)
        now = (state.get("controllers") or {}).get(territory)
        mine = side(self.power)
        return side(start) == mine and side(now) == mine


ADVANTAGE = MiddleEastOil()
