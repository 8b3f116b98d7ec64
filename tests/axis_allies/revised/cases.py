"""Shared by the Revised tests: the Revised game, data and rules; small positions on an
emptied Revised board; small battles fought with fixed dice and computed exactly."""

from __future__ import annotations

from adjudicator.axis_allies.combat import BattleSetup, Unit, _Battle, battle_orders
from adjudicator.axis_allies.editions import rules_for, ruleset
from adjudicator.axis_allies.movement import MoveRequest
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

KEY = "aa-revised"
G = get_game(KEY)
RS = ruleset(KEY)
ED = RS.edition
RULES = rules_for(KEY)
RULES_1942 = rules_for("aa1942")


# --- game states ----------------------------------------------------------------------------


def fresh(**opts) -> dict:
    """The Revised opening position, one submission per turn."""
    return G.new_state(G.check_options({"passes": "one", **opts}))


def blank(power: str, step: str = "combat", **control: str) -> dict:
    """The opening controllers with no units on the board, ``power`` to move."""
    s = fresh()
    s["units"] = []
    turn_of(s, power, step=step)
    for t, p in control.items():
        s["controllers"][t] = p
        s["turn_start_controllers"][t] = p
    return s


def turn_of(state: dict, power: str, rnd: int = 1, step: str = "purchase") -> None:
    state["turn"] = {"round": rnd, "power": power, "step": step}
    state["phase"] = phase_code(rnd, power, step)
    state["turn_start_controllers"] = dict(state["controllers"])


def clear(state: dict, *regions: str) -> None:
    state["units"] = [u for u in state["units"] if u["loc"] not in regions]


def put(s: dict, power: str, utype: str, loc: str, n: int = 1, aboard: str | None = None):
    return [add_unit(s, power, utype, loc, aboard=aboard) for _ in range(n)]


def units_at(state: dict, region: str, power: str | None = None) -> list[dict]:
    return [u for u in state["units"] if u["loc"] == region
            and (power is None or u["power"] == power)]


def play(state: dict, power: str, text: str, dice=()):
    """Parse ``text`` as ``power``'s whole turn and resolve it with fixed dice (all used)."""
    parsed = G.parse(text, state)
    assert not parsed.errors, parsed.errors
    d = FixedDice(list(dice))
    res = G.resolve(state, {power: [p.order for p in parsed.orders]}, d)
    assert d.values == [], f"unused dice {d.values}"
    return res


def mv(power: str, units: dict[str, int], *path: str, given: bool = True, **kw) -> MoveRequest:
    return MoveRequest(power, tuple(U(u, n) for u, n in units.items()), tuple(path), given, **kw)


def rules_of(plan) -> list[str]:
    return [e.rule for e in plan.errors]


# --- battles --------------------------------------------------------------------------------


def army(power: str, prefix: str, landed: bool = False, **counts: int) -> tuple[Unit, ...]:
    out, n = [], 0
    for utype, count in counts.items():
        for _ in range(count):
            n += 1
            out.append(Unit(f"{prefix}{n}", power, utype, landed=landed))
    return tuple(out)


def setup_of(kind: str, att, dfn, options=("elsewhere",)) -> BattleSetup:
    return BattleSetup("here", kind, att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), tuple(options))


def orders_of(setup: BattleSetup, standing=None, instruction=None):
    return battle_orders(setup.attacker, setup.defending_powers, standing or {}, instruction)


def fight(setup, dice, rules=RULES, orders=None, bombarding=(), landing=0):
    """The dice engine on the Revised data with fixed dice; every die must be used."""
    d = FixedDice(list(dice))
    res = _Battle(ED, rules, setup, orders or orders_of(setup), d, bombarding, landing).run()
    assert d.values == [], f"unused dice {d.values}"
    return res


def exact(setup, rules=RULES, orders=None, **kw):
    return battle_odds(ED, rules, setup, orders or orders_of(setup), exact=True, **kw)


def events(res, name):
    return [e for e in res.log if e["event"] == name]
