"""U-boat Interdiction (Germany 1, Revised digest A7): "In the Collect Income phase of the
UK's and of the US's turns, subtract 1 IPC per German submarine on the board from their
national production total."

Automatic (digest C3). The ``income`` query point: each of the two powers separately loses
1 IPC per German submarine anywhere on the board when it collects, never below 0 (digest A7
"floored at 0"); the income event names the advantage and the IPC it took
(``events.income.changes``, ruling NA-uboat_interdiction).
"""

from __future__ import annotations

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import PowerQuery

#: whose income the U-boats cut (the Revised data's power ids)
VICTIMS = ("uk", "usa")


class UboatInterdiction(NationalAdvantage):
    key = "uboat_interdiction"
    power = "germany"
    number = 1
    name = "U-boat Interdiction"

    def income(self, q: PowerQuery, value: int) -> int:
        if q.power not in VICTIMS:
            return value
        subs = sum(1 for u in q.state.get("units", ())
                   if u.get("power") == self.power and q.edition.units[u["type"]].submarine)
        return max(0, value - subs)


ADVANTAGE = UboatInterdiction()
