"""A Revised game with some United States National Advantages in play, for the
test_na_<key>.py files of the US advantages (issue 10): a ruleset registered under a key of
its own, the game created as ``adj new`` creates it, turns played through ``parse`` and
``resolve`` with fixed dice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from adjudicator.axis_allies import advantages, editions
from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.ruleset import InPlay
from adjudicator.axis_allies.state import phase_code
from adjudicator.dice import FixedDice
from adjudicator.game import GameSpec
from adjudicator.record import replace

POWERS = ("ussr", "germany", "uk", "japan", "usa")
NAMES = {"ussr": "Soviet Union", "germany": "Germany", "uk": "United Kingdom",
         "japan": "Japan", "usa": "United States"}


@contextmanager
def na_game(*advs: NationalAdvantage) -> Iterator[AxisAlliesGame]:
    """The Revised game with ``advs`` known to its ruleset (``adj new --option
    na_usa=...`` chooses which are in play)."""
    base = editions.ruleset("aa-revised")
    key = "aa-na-test-" + "-".join(a.key for a in advs)
    # the state names its ruleset (``rules.edition``): this one, so its effects are in play
    rs = replace(base, key=key, rules=replace(base.rules, edition=key),
                 effects=(*(e for e in base.effects if e not in advs), *advs),
                 options={**base.options, **advantages.options(POWERS, NAMES)},
                 option_state=advantages.option_state(POWERS))
    with editions.registered(rs):
        yield AxisAlliesGame(GameSpec(rs.key, "", rs.data, "test"))


def new_game(game: AxisAlliesGame, **options: str) -> dict:
    """A new game, every submission a whole turn unless ``passes`` says otherwise."""
    return game.new_state(game.check_options({"passes": "one", **options}))


def turn_of(state: dict, power: str, rnd: int = 1) -> dict:
    """Make it ``power``'s turn (round ``rnd``), at its start."""
    state["turn"] = {"round": rnd, "power": power, "step": "purchase"}
    state["phase"] = phase_code(rnd, power, "purchase")
    state["turn_start_controllers"] = dict(state["controllers"])
    return state


def clear(state: dict, *regions: str) -> dict:
    """Remove every unit in ``regions``."""
    state["units"] = [u for u in state["units"] if u["loc"] not in regions]
    return state


def play(game: AxisAlliesGame, state: dict, power: str, text: str,
         dice: Iterable[int] = ()):
    """Resolve ``power``'s turn ``text`` (which must parse without errors)."""
    parsed = game.parse(text, state)
    assert not parsed.errors, parsed.errors
    return game.resolve(state, {power: [p.order for p in parsed.orders]}, FixedDice(list(dice)))


def errors(game: AxisAlliesGame, state: dict, power: str, text: str) -> list[str]:
    """The messages of every error in ``text`` (syntax, then rules)."""
    parsed = game.parse(text, state)
    out = [e.message for e in parsed.errors]
    if not out:
        out = [e.message for e in game.validate(state, power, [p.order for p in parsed.orders])[1]]
    return out


# --- battles ------------------------------------------------------------------------------


def units(power: str, *types: str, landed: bool = False, start: int = 1) -> tuple[Unit, ...]:
    """Battle units ``<p><n>`` of ``power``, one per type given."""
    return tuple(Unit(f"{power[:2]}{i}", power, t, landed=landed)
                 for i, t in enumerate(types, start))


def setup(region: str, kind: str, att: tuple[Unit, ...], dfn: tuple[Unit, ...],
          **kw) -> BattleSetup:
    return BattleSetup(region, kind, att[0].power, att, dfn,
                       tuple(dict.fromkeys(u.power for u in dfn)), (), **kw)


def fight(play_: InPlay, s: BattleSetup, dice: Iterable[int]):
    """The battle with these dice (the whole list must be used: FixedDice refuses more)."""
    return resolve_battle(play_.edition, play_, s,
                          battle_orders(s.attacker, s.defending_powers), FixedDice(list(dice)))


def exact(play_: InPlay, s: BattleSetup) -> tuple:
    """(attacker wins, both destroyed, defender holds), exactly."""
    o = battle_odds(play_.edition, play_, s, battle_orders(s.attacker, s.defending_powers),
                    exact=True)
    return o.attacker_wins, o.both_destroyed, o.defender_holds


def in_play(game: AxisAlliesGame, **options: str) -> InPlay:
    """The rules in play of a new game with these options."""
    return game.ruleset.in_play(new_game(game, **options))
