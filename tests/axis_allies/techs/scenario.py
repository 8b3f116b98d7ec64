"""Shared by the weapons-development tests (test_<tech>.py): the Revised ruleset with the
research step, the rocket step and every technology listed (as ``editions/revised.py`` will
list them), a game on it, an emptied board, battles with dice and exactly."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.axis_allies import editions, techs
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.game import GameSpec
from adjudicator.record import replace

BASE = editions.ruleset("aa-revised")
ED = BASE.edition
POWERS = tuple(ED.setup.turn_order)
KEY = "aa-revised-techs-test"


def tech_ruleset(key: str = KEY):
    """The Revised ruleset (weapons development: research first, rockets before the
    battles, one effect per technology and power) under a key of its own."""
    return replace(BASE, key=key, rules=replace(BASE.rules, edition=key))


RS = tech_ruleset()


@contextmanager
def tech_game() -> Iterator[AxisAlliesGame]:
    with editions.registered(RS):
        yield AxisAlliesGame(GameSpec(RS.key, "", RS.data, "test"))


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


def with_techs(state: dict, power: str, *keys: str) -> dict:
    for k in keys:
        techs.add_tech(state, power, k)
    return state


def orders(game: AxisAlliesGame, state: dict, text: str) -> list:
    parsed = game.parse(text, state)
    assert not parsed.errors, parsed.errors
    return [p.order for p in parsed.orders]


def check(game: AxisAlliesGame, state: dict, power: str, text: str) -> list:
    """The validator's errors for ``text`` (the state is untouched)."""
    return game.validate(state, power, orders(game, state, text))[1]


def play(game: AxisAlliesGame, state: dict, power: str, text: str, dice=()):
    return game.resolve(state, {power: orders(game, state, text)}, FixedDice(list(dice)))


def failed(res) -> list[dict]:
    return [r for r in res.results if not r["success"]]


def land(att, dfn, region: str = "here") -> BattleSetup:
    return BattleSetup(region, "land", att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), ("elsewhere",))


def sea(att, dfn, region: str = "sz5") -> BattleSetup:
    return BattleSetup(region, "sea", att[0].power, tuple(att), tuple(dfn),
                       tuple(dict.fromkeys(u.power for u in dfn)), ("sz6",))


def in_play(state: dict):
    return RS.in_play(state)


def fight(play_rules, setup: BattleSetup, dice):
    return resolve_battle(ED, play_rules, setup,
                          battle_orders(setup.attacker, setup.defending_powers),
                          FixedDice(list(dice)))


def exact(play_rules, setup: BattleSetup):
    return battle_odds(ED, play_rules, setup,
                       battle_orders(setup.attacker, setup.defending_powers), exact=True)


__all__ = [
    "ED",
    "KEY",
    "POWERS",
    "RS",
    "Unit",
    "check",
    "emptied",
    "exact",
    "failed",
    "fight",
    "in_play",
    "land",
    "new",
    "orders",
    "play",
    "put",
    "sea",
    "tech_game",
    "with_techs",
]
