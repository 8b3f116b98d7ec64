"""Shared by the Soviet and German National Advantage tests (test_na_<key>.py): the Revised
ruleset with advantages in play, a game on it, an emptied board, a battle with dice and
exactly."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.axis_allies import advantages, editions
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.game import GameSpec
from adjudicator.record import replace

BASE = editions.ruleset("aa-revised")
ED = BASE.edition
POWERS = tuple(ED.setup.powers)
_serial = itertools.count()


def ruleset_with(*effects):
    """The Revised ruleset with ``effects`` (advantages, stand-ins) listed, under a new key."""
    names = {p: ED.setup.powers[p].name for p in POWERS}
    key = f"aa-na-test-{next(_serial)}"
    return replace(BASE, key=key, rules=replace(BASE.rules, edition=key),
                   effects=(*(e for e in BASE.effects if e not in effects), *effects),
                   options={**BASE.options, **advantages.options(POWERS, names)},
                   option_state=advantages.option_state(POWERS))


@contextmanager
def game_with(*effects) -> Iterator[AxisAlliesGame]:
    rs = ruleset_with(*effects)
    with editions.registered(rs):
        yield AxisAlliesGame(GameSpec(rs.key, "", rs.data, "test"))


def new(game: AxisAlliesGame, **options: str) -> dict:
    return game.new_state(game.check_options({"passes": "one", **options}))


def emptied(state: dict, power: str, step: str = "purchase", rnd: int = 1) -> dict:
    """``state`` with no units, ``power`` to move at ``step``."""
    state["units"] = []
    state["turn"] = {"round": rnd, "power": power, "step": step}
    state["phase"] = phase_code(rnd, power, step)
    state["turn_start_controllers"] = dict(state["controllers"])
    return state


def put(state: dict, power: str, utype: str, loc: str, n: int = 1, aboard=None) -> list:
    return [add_unit(state, power, utype, loc, aboard=aboard) for _ in range(n)]


def play(game: AxisAlliesGame, state: dict, power: str, text: str, dice=()):
    parsed = game.parse(text, state)
    assert not parsed.errors, parsed.errors
    return game.resolve(state, {power: [p.order for p in parsed.orders]}, FixedDice(list(dice)))


def units(power: str, *types: str, landed: bool = False, start: int = 1) -> tuple[Unit, ...]:
    return tuple(Unit(f"{power[0]}{i}", power, t, landed=landed)
                 for i, t in enumerate(types, start))


def setup(region: str, kind: str, att: tuple[Unit, ...], dfn: tuple[Unit, ...]) -> BattleSetup:
    return BattleSetup(region, kind, att[0].power, att, dfn,
                       tuple(dict.fromkeys(u.power for u in dfn)), ())


def fight(play_, s: BattleSetup, dice):
    return resolve_battle(ED, play_, s, battle_orders(s.attacker, s.defending_powers),
                          FixedDice(list(dice)))


def odds(play_, s: BattleSetup):
    o = battle_odds(ED, play_, s, battle_orders(s.attacker, s.defending_powers), exact=True)
    return o.attacker_wins, o.both_destroyed, o.defender_holds


def fire_values(result, side: str) -> list[int]:
    """The values each die of ``side`` was rolled at, in the first volley of that side."""
    fire = next(e for e in result.log if e["event"] == "fire" and e["side"] == side)
    return [d["value"] for d in fire["dice"]]


def report(game: AxisAlliesGame, before: dict, out) -> dict:
    """The report context of the turn ``out`` resolved from ``before``."""
    record = {"phase": before["phase"], "state_before": before, "events": out.events,
              "results": [r.to_json() if hasattr(r, "to_json") else r for r in out.results]}
    return game.report_context(record, out.state, {"title": "t"})
