"""National Advantages (A&A Revised optional rules, digest A7): one rule unit per file.

Each module of this package defines one advantage as ``ADVANTAGE``, an instance of a
:class:`NationalAdvantage` subclass: an :class:`~adjudicator.axis_allies.effects.Effect` that
belongs to one power and is in play when that power was given it at ``adj new``
(``--option na_ussr=russian_winter,mobile_industry``; numbers 1-6 of the power's table and
the names players use are accepted too). The package finds its modules itself, so adding an
advantage is adding its file and its test (``tests/axis_allies/test_na_<key>.py``).

The state (docs/state-format.md):

* ``state["advantages"]``: power -> the keys of its advantages, in table order (written by
  ``adj new`` through the ruleset's ``option_state``; absent when no power has any);
* ``state["advantages_used"]``: power -> the keys of its once-per-game advantages already
  used (absent until one is);
* ``state["advantage_choices"]``: advantage key -> its set-up choice (``adj new --option
  colonial_garrison=india``; an advantage with a ``setup_option``), absent when none.

How each decision is taken (automatic, a standing order, an order in the turn language, a
set-up choice) is the digest's C3 table; ``docs/aa-advantages.md`` lists all 30.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

from adjudicator.axis_allies.effects import Effect, UnitQuery
from adjudicator.axis_allies.ruleset import TurnStep
from adjudicator.game import ChoiceList, Option

#: How the advantage's decision is taken (digest C3).
Decision = Literal["automatic", "standing", "order", "setup"]

STATE_KEY = "advantages"
USED_KEY = "advantages_used"
CHOICES_KEY = "advantage_choices"
#: ``state["advantages_declared"]``: a once-a-game advantage declared by an order -> the
#: game round it was declared in
DECLARED_KEY = "advantages_declared"
#: ``state["advantage_units"]``: an advantage -> the ids of the units it marked this turn
UNITS_KEY = "advantage_units"


class NationalAdvantage(Effect):
    """One National Advantage of one power."""

    key: ClassVar[str] = ""  # "russian_winter"
    power: ClassVar[str] = ""  # the power's id in the data ("ussr")
    number: ClassVar[int] = 0  # its number in the power's table, 1-6 (digest A7)
    name: ClassVar[str] = ""  # "Russian Winter"
    decision: ClassVar[Decision] = "automatic"
    once_per_game: ClassVar[bool] = False
    #: a set-up choice of its own at ``adj new`` (option key = the advantage's key; written
    #: to ``state["advantage_choices"][key]``, played by :meth:`Effect.opening`)
    setup_option: ClassVar[Option | None] = None

    def active(self, state: Mapping[str, Any]) -> bool:
        return self.key in chosen(state, self.power)

    def mine(self, unit: UnitQuery) -> bool:
        """Whether ``unit`` belongs to the advantage's power."""
        return unit.power == self.power

    def used(self, state: Mapping[str, Any]) -> bool:
        """A once-per-game advantage already used."""
        return self.key in (state.get(USED_KEY) or {}).get(self.power, ())

    def mark_used(self, state: dict[str, Any]) -> None:
        used = state.setdefault(USED_KEY, {}).setdefault(self.power, [])
        if self.key not in used:
            used.append(self.key)
            used.sort(key=lambda k: _ORDER.get(k, 99))

    # --- played by an order in the turn language (``decision == "order"``) ---------------
    #: the part of a two-pass turn whose submission carries the order: ``first`` (with the
    #: purchase and combat move) or ``second`` (with the noncombat move and mobilisation)
    order_half: ClassVar[Literal["first", "second"]] = "first"

    # --- decided in advance (``decision == "standing"``): see :func:`standing_choice` ------
    #: the choices its standing order takes, and the one that holds without it (digest C3)
    standing_choices: ClassVar[tuple[str, ...]] = ()
    standing_default: ClassVar[str | None] = None
    #: other powers whose consent the advantage needs (USSR Lend-Lease: its allies), given
    #: by their standing order ``<name>: yes`` (default no)
    consent_by: ClassVar[tuple[str, ...]] = ()
    #: the standing order is a move ("Enigma Decoded: 2 inf Trans-Jordan -> Anglo-Egypt"),
    #: kept as its canonical text; "no" withdraws it (see :meth:`choice_problem`)
    standing_move: ClassVar[bool] = False

    def choice_problem(self, choice: str) -> str | None:
        """What is wrong with ``choice`` as this advantage's standing order (``None``:
        nothing): by default one of ``standing_choices``."""
        if choice in self.standing_choices or (self.standing_move and " -> " in choice):
            return None
        if self.standing_move:
            return (f"{self.name} takes a move (units, where from -> where to) or "
                    + " or ".join(repr(c) for c in self.standing_choices) + f", not {choice!r}")
        return (f"{self.name} takes " + " or ".join(repr(c) for c in self.standing_choices)
                + f", not {choice!r}")

    def check_order(self, board: Any, order: Any) -> str | None:
        """What is wrong with ``order`` (an ``orders.AdvantageOrder`` of this advantage),
        checked before the dice on ``board`` (``state.Board``); ``None``: nothing."""
        return None


def check_orders(board: Any, power: str, orders: Iterable[Any], power_name: str = ""
                 ) -> list[tuple[Any, str, str]]:
    """Each advantage order of ``power`` that cannot be played, as (order, message, rule):
    an advantage the power does not have in this game (named, with whose it is), one not
    played by an order, a once-per-game advantage already used, two orders of one advantage
    in a turn, and what the advantage's own :meth:`NationalAdvantage.check_order` refuses."""
    out: list[tuple[Any, str, str]] = []
    seen: set[str] = set()
    who = power_name or power
    for order in orders:
        adv = BY_KEY.get(order.key)
        if adv is None:  # pragma: no cover - the parser reads only known advantages
            out.append((order, f"unknown National Advantage {order.name!r}", "na-unknown"))
            continue
        if adv.power != power:
            out.append((order, (f"{adv.name} is a National Advantage of another power, not "
                                f"of {who}"), "na-not-yours"))
        elif adv.key not in chosen(board.state, power):
            out.append((order, (f"{who} does not have the National Advantage {adv.name} in "
                                "this game"), "na-not-chosen"))
        elif adv.decision != "order":
            how = {"automatic": "it acts by itself and takes no order",
                   "standing": "it is a standing order (under 'standing:')",
                   "setup": "it is chosen when the game is created"}.get(adv.decision, "")
            out.append((order, f"{adv.name} is not played by an order: {how}", "na-no-order"))
        elif adv.once_per_game and adv.used(board.state):
            out.append((order, f"{adv.name} may be used once per game and was already used",
                        "na-used"))
        elif adv.key in seen:
            out.append((order, f"one {adv.name} order per turn", "na-twice"))
        else:
            seen.add(adv.key)
            message = adv.check_order(board, order)
            if message:
                out.append((order, message, f"na-{adv.key}"))
    return out


# --- decided in advance by a standing order (``decision == "standing"``, digest C3) ---------
# A power answers an advantage's out-of-turn question with a standing order, "Salvaged Tank:
# no" (the parser reads yes/always as "yes", no/never as "no"), kept in
# ``state["standing"][power]["advantages"]`` (key -> choice); without one the advantage's
# ``standing_default`` holds. ``standing_choices`` on the class lists what it accepts.
# An advantage with ``standing_move`` (UK Enigma Decoded) takes a move as well: the parser
# keeps it as its canonical text ("1 infantry trans jordan -> anglo egypt").


def standing_problem(state: Mapping[str, Any], power: str, key: str, choice: str
                     ) -> str | None:
    """What is wrong with ``power``'s standing choice ``choice`` for advantage ``key``
    (``None``: nothing): another power's advantage, one the power does not have in this
    game, one not decided by a standing order, a choice it does not take."""
    adv = BY_KEY.get(key)
    if adv is None:
        return f"unknown National Advantage {key!r}"
    if adv.power != power and power in adv.consent_by:  # an ally's consent
        if adv.key not in chosen(state, adv.power):
            return f"{adv.name} is not played in this game"
        if choice not in ("yes", "no"):
            return f"consent to {adv.name} is 'yes' or 'no', not {choice!r}"
        return None
    if adv.power != power:
        return f"{adv.name} is a National Advantage of another power"
    if adv.key not in chosen(state, power):
        return f"{adv.name} is not one of this power's National Advantages in this game"
    if adv.decision != "standing" and not adv.standing_choices:  # UK Joint Strike: both
        how = {"automatic": "it acts by itself", "order": "it is played by an order in the "
               "turn ('" + adv.name + "')", "setup": "it is chosen when the game is created"}
        return f"{adv.name} takes no standing order: {how.get(adv.decision, '')}"
    return adv.choice_problem(choice)


def standing_choice(state: Mapping[str, Any], adv: NationalAdvantage,
                    power: str | None = None) -> tuple[str, str]:
    """The power's standing choice for ``adv`` and where it comes from: ``("yes",
    "standing-order")``, or the advantage's default (``"default"``). ``power``: a power
    whose consent it needs (``consent_by``; default no)."""
    who = power or adv.power
    stored = ((state.get("standing") or {}).get(who) or {}).get("advantages") or {}
    choice = stored.get(adv.key)
    if choice is not None:
        return choice, "standing-order"
    if who != adv.power:
        return "no", "default"
    return str(adv.standing_default or ""), "default"


class AdvantageStep(TurnStep):
    """A step an advantage adds to the order of play (its ``turn_steps``); it runs in the
    turn of the advantage's own power unless it says otherwise."""

    def __init__(self, advantage: NationalAdvantage) -> None:
        self.advantage = advantage

    def applies(self, turn: Any) -> bool:
        return turn.power == self.advantage.power

    def declared_order(self, turn: Any, script: Any) -> Any:
        """The turn's order playing this once-a-game advantage, taken: the advantage is
        marked used, the round it was declared in recorded and the order's result written;
        None when the turn plays no such order or the advantage was used before."""
        adv = self.advantage
        orders = [o for o in script.advantages if o.key == adv.key]
        if not orders or adv.used(turn.s):
            return None
        adv.mark_used(turn.s)
        turn.s.setdefault(DECLARED_KEY, {})[adv.key] = turn.round
        turn.result("advantages", orders[0].text(), True)
        return orders[0]

    def forget_units(self, turn: Any) -> list[str]:
        """The ids of the units this advantage marked (``UNITS_KEY``), taken out of the
        state; the table goes when it is empty."""
        table = turn.s.get(UNITS_KEY)
        if table is None:
            return []
        ids = list(table.pop(self.advantage.key, ()))
        if not table:
            del turn.s[UNITS_KEY]
        return ids


def insert_steps(steps: Iterable[TurnStep], *,
                 before: Mapping[str, Iterable[TurnStep]] | None = None,
                 after: Mapping[str, Iterable[TurnStep]] | None = None) -> tuple[TurnStep, ...]:
    """``steps`` with others put before or after the step of a key
    (``after={"mobilise": [step]}``)."""
    out: list[TurnStep] = []
    for s in steps:
        out.extend((before or {}).get(s.key, ()))
        out.append(s)
        out.extend((after or {}).get(s.key, ()))
    return tuple(out)


def chosen(state: Mapping[str, Any], power: str) -> tuple[str, ...]:
    """The keys of ``power``'s advantages in ``state``."""
    table = state.get(STATE_KEY) or {}
    return tuple(table.get(power) or ())


def _discover() -> tuple[NationalAdvantage, ...]:
    found: list[NationalAdvantage] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        adv = getattr(module, "ADVANTAGE", None)
        if isinstance(adv, NationalAdvantage):
            found.append(adv)
    return tuple(sorted(found, key=lambda a: (a.power, a.number)))


#: every advantage, by power then table number
ALL: tuple[NationalAdvantage, ...] = _discover()
BY_KEY: dict[str, NationalAdvantage] = {a.key: a for a in ALL}
_ORDER = {a.key: a.number for a in ALL}


def option_key(power: str) -> str:
    return f"na_{power}"


def options(powers: Iterable[str], names: Mapping[str, str]) -> dict[str, Option]:
    """One ``adj new`` option per power (``na_ussr``): the list of its advantages, by key,
    table number or name. ``names``: power id -> name, for the help text."""
    out: dict[str, Option] = {}
    for power in powers:
        mine = [a for a in ALL if a.power == power]
        if not mine:
            continue
        for a in mine:
            if a.setup_option is not None:
                out[a.key] = a.setup_option
        aliases = {str(a.number): a.key for a in mine} | {a.name: a.key for a in mine}
        listing = ", ".join(f"{a.number} {a.key}" for a in mine)
        out[option_key(power)] = ChoiceList(
            tuple(a.key for a in mine),
            f"{names.get(power, power)}'s National Advantages (Revised digest A7): "
            f"a comma-separated list of {listing}; default none",
            aliases)
    return out


def option_state(powers: Iterable[str]) -> dict[str, tuple[str, str]]:
    """Where ``adj new`` writes each power's choice: ``state["advantages"][power]``; an
    advantage's set-up choice: ``state["advantage_choices"][key]``."""
    powers = tuple(powers)
    out = {option_key(p): (STATE_KEY, p) for p in powers
           if any(a.power == p for a in ALL)}
    out.update({a.key: (CHOICES_KEY, a.key) for a in ALL
                if a.power in powers and a.setup_option is not None})
    return out
