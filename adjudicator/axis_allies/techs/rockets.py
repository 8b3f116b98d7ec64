"""Rockets (Revised digest A5.1 tech 2): "Your AA guns become rocket launchers ... they can
weaken enemy industrial production." The manual's detailed rule is missing from the digest
([GK?]); what is played here is docs/rulings.md W1-W4:

* in Conduct Combat, before the battles (special attacks, digest A5.4), each AA gun of the
  power may fire one rocket at one enemy industrial complex within :data:`ROCKET_RANGE`
  territories (counted as aircraft fly: land and sea regions, W1), ordered
  ``rockets: Germany -> United Kingdom`` (the gun's territory, then the target);
* the gun must stand in a territory its power controls and must not have been captured
  this turn (W2); one rocket per gun;
* one die: the complex's owner loses that many IPC from its treasury, at most the target
  territory's income and never more than it has (digest A5.1 [GK?]);
* each enemy complex is struck by rockets at most once per turn (digest A5.1 [GK?]); the cap
  of a rocket and of a bombing raid on the same complex are each their own (W3).

The rockets are no query point: :class:`RocketStrikes`, a turn step, fires them; the
:class:`Rockets` effect says who has the technology.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.orders import RocketStrike
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.axis_allies.state import Board
from adjudicator.axis_allies.techs.tech import Tech, has_tech
from adjudicator.dice import RollLabel
from adjudicator.record import record

#: How far a rocket flies (digest A5.1 [GK?]: "within 3 territories").
ROCKET_RANGE = 3


class Rockets(Tech):
    key = "rockets"
    number = 2
    name = "Rockets"
    aliases = ("rocket", "rockets", "rocket launchers", "v2", "v-2", "v2 rockets")


@record(frozen=True)
class StrikeCheck:
    """One rocket order, checked: ``error`` (rule, message) when it cannot be fired."""

    order: RocketStrike
    rule: str = ""
    message: str = ""

    @property
    def ok(self) -> bool:
        return not self.rule


def check_strikes(state: Mapping[str, Any], edition: Edition, power: str,
                  strikes: Sequence[RocketStrike], *, researching: bool = False
                  ) -> list[StrikeCheck]:
    """Every rule of a rocket order checkable before the dice, in order; ``researching``:
    the power rolls for Rockets this turn, so not having it yet is no error (the turn
    decides after the research roll)."""
    b = Board(dict(state), edition)
    m = edition.map
    out: list[StrikeCheck] = []
    fired: Counter[str] = Counter()
    struck: set[str] = set()

    def name(r: str) -> str:
        return m.region(r).name

    for o in strikes:
        if not has_tech(state, power, Rockets.key) and not researching:
            out.append(StrikeCheck(o, "rockets-no-tech", "rocket strikes need the Rockets "
                                   "technology (Revised digest A5.1 tech 2)"))
            continue
        if not m.is_land(o.launch) or b.controller(o.launch) != power:
            out.append(StrikeCheck(o, "rockets-launch", f"you do not control {name(o.launch)}:"
                                   " rockets are fired by your AA guns in your territories"))
            continue
        guns = [u for u in b.units_at(o.launch) if u["power"] == power
                and b.spec(u).anti_aircraft is not None and not u.get("captured_this_turn")]
        if not guns:
            out.append(StrikeCheck(o, "rockets-no-gun", f"no AA gun of yours in "
                                   f"{name(o.launch)} can fire a rocket (one captured this "
                                   "turn cannot)"))
            continue
        if fired[o.launch] >= len(guns):
            out.append(StrikeCheck(o, "rockets-one-per-gun", f"each AA gun fires one rocket "
                                   f"a turn: {name(o.launch)} has {len(guns)}"))
            continue
        cx = b.complex_at(o.target) if m.is_land(o.target) else None
        if cx is None or not b.enemy(cx["owner"], power):
            out.append(StrikeCheck(o, "rockets-no-enemy-complex", f"there is no enemy "
                                   f"industrial complex in {name(o.target)}"))
            continue
        dist = m.distance(o.launch, o.target, "air")
        if dist is None or dist > ROCKET_RANGE:
            out.append(StrikeCheck(o, "rockets-range", f"{name(o.target)} is "
                                   f"{'out of reach' if dist is None else f'{dist} away'}: "
                                   f"rockets reach {ROCKET_RANGE} territories"))
            continue
        if o.target in struck:
            out.append(StrikeCheck(o, "rockets-once-per-complex", f"the complex in "
                                   f"{name(o.target)} is already struck by a rocket this "
                                   "turn (once per turn)"))
            continue
        fired[o.launch] += 1
        struck.add(o.target)
        out.append(StrikeCheck(o))
    return out


class RocketStrikes(TurnStep):
    """Rocket strikes, in Conduct Combat before the battles (see the module docstring)."""

    key = "rockets"
    name = "Rocket Attacks"
    half = "first"

    def run(self, turn: Any, script: Any) -> None:
        if not script.rockets:
            return
        events: list[dict] = []
        for chk in check_strikes(turn.s, turn.ed, turn.power, script.rockets):
            o = chk.order
            if not chk.ok:
                turn.result("rockets", o.text(), False, chk.message, chk.rule)
                continue
            owner = turn.s["complexes"][o.target]["owner"]
            cap = turn.m.region(o.target).ipc
            have = max(0, turn.s["treasury"].get(owner, 0))
            die = turn._dice().roll(RollLabel(turn.round, turn.power, o.target, 0,
                                              "attacker", "rocket"), 1)[0]
            lost = min(die, cap, have)
            turn.s["treasury"][owner] = turn.s["treasury"].get(owner, 0) - lost
            events.append({"from": o.launch, "from_name": turn.name(o.launch),
                           "target": o.target, "target_name": turn.name(o.target),
                           "owner": owner, "die": die, "cap": cap, "lost": lost,
                           "treasury_after": turn.s["treasury"][owner]})
            turn.result("rockets", o.text(), True,
                        f"rolled {die}: {turn.name(o.target)}'s owner loses {lost} IPC"
                        + (f" (at most {cap}, the territory's income)" if die > cap else "")
                        + (" (all it had)" if lost < min(die, cap) else ""))
        if events:
            turn.ev["rockets"] = events
