"""A ruleset: everything one edition of Axis & Allies is, as values (docs/aa-editions.md).

The engine is one; an edition is a :class:`Ruleset` (``editions/<key>.py``): its data (map,
units, setup), its rule switches (:class:`~adjudicator.axis_allies.rules.Rules`), the order of
play (a list of :class:`TurnStep`), the steps of a battle (a list of
:class:`~adjudicator.axis_allies.battle.step.BattleStep`), the effects it knows
(:class:`~adjudicator.axis_allies.effects.Effect`), the options a moderator may set, and the
names of the steps a game waits at. Nothing outside ``editions/`` tests an edition's name.

:class:`InPlay` is the rules in force for one state: the ruleset, the switches the state
stores and the effects active in it. The engine asks it the effects' query points.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Literal

from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep
from adjudicator.axis_allies.data import Edition, UnitSpec, load_edition
from adjudicator.axis_allies.effects import Effect, PowerQuery, UnitQuery, ZoneQuery
from adjudicator.axis_allies.rules import Rules
from adjudicator.game import Option

#: The steps a game can wait at: the whole turn or its first half is expected at ``purchase``,
#: the second half of a two-pass turn at ``noncombat``. Every other step of the order of play
#: happens inside one resolution, so no stored state is ever at it.
WAITING_STEPS = ("purchase", "noncombat")
#: The values of the ``nmr`` and ``passes`` options (the first is the default).
NMR_POLICIES = ("income", "wait")
PASS_MODES = ("auto", "one", "two")

#: Options every edition's turn engine has (a ruleset lists them with its own).
NMR_OPTION = Option(NMR_POLICIES, "income: a power that sends nothing collects income only; "
                                  "wait: the turn waits for it, even with --force")
PASSES_OPTION = Option(PASS_MODES,
                       "auto: a first submission without noncombat moves, landings or "
                       "placements is half a turn; one: every submission is a whole turn; "
                       "two: always two halves")

Half = Literal["first", "second", "end"]


class TurnStep:
    """One step of the order of play, run by ``turn.resolve_turn`` on its working turn.

    ``half`` places it in a two-pass turn: ``first`` steps are answered by the first
    submission (research, purchase, combat move, battles), ``second`` steps by the second
    (noncombat move, mobilisation), ``end`` steps always run when the turn ends, also for a
    power that sent nothing (collect income, the end of the turn, the victory check)."""

    key: ClassVar[str] = ""
    name: ClassVar[str] = ""
    half: ClassVar[Half] = "first"

    def applies(self, turn: Any) -> bool:
        return True

    def run(self, turn: Any, script: Any) -> None:
        raise NotImplementedError(type(self).__name__)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"


@dataclass(frozen=True)
class Ruleset:
    """One edition (see the module docstring)."""

    key: str  # the registry key of the game (``state["game"]``) and ``Rules.edition``
    title: str
    data: str  # the data folder under games/
    rules: Rules
    turn_steps: tuple[TurnStep, ...]
    battle_steps: tuple[BattleStep, ...]
    effects: tuple[Effect, ...] = ()
    options: Mapping[str, Option] = field(default_factory=dict)
    #: the waiting steps as phase names say them ("purchase & combat")
    step_names: Mapping[str, str] = field(default_factory=dict)

    @property
    def edition(self) -> Edition:
        return load_edition(self.data)

    @property
    def colours(self) -> dict[str, str]:
        """Power id -> display colour (reports, map), from the data."""
        return {p.id: p.colour for p in self.edition.setup.powers.values()}

    @property
    def side_colours(self) -> Mapping[str, str]:
        return self.edition.setup.side_colours

    def step_name(self, step: str) -> str:
        return self.step_names.get(step, step)

    @cached_property
    def _rules_cache(self) -> dict[tuple, Rules]:
        return {}

    def rules_for(self, stored: Mapping[str, Any] | None = None) -> Rules:
        """The switches in force: the edition's, with those a state stores (or a moderator
        chose) applied."""
        if not stored:
            return self.rules
        try:
            key = tuple(sorted(stored.items()))
            hit = self._rules_cache.get(key)
        except TypeError:  # an unhashable value: a malformed state, still answered
            return self.rules.with_options(dict(stored))
        if hit is None:
            hit = self._rules_cache[key] = self.rules.with_options(dict(stored))
        return hit

    def in_play(self, state: Mapping[str, Any] | None = None) -> InPlay:
        """The rules in force for ``state`` (``None``: a battle with no game around it)."""
        state = state or {}
        rules = self.rules_for(state.get("rules"))
        effects = tuple(e for e in self.effects if e.active(state)) if self.effects else ()
        return InPlay(self, rules, effects)


class InPlay:
    """The rules in force for one state: switches, effects, steps; the effects' query points
    (:mod:`adjudicator.axis_allies.effects`) folded over the effects in play."""

    __slots__ = ("effects", "rules", "ruleset")

    def __init__(self, ruleset: Ruleset, rules: Rules, effects: tuple[Effect, ...] = ()
                 ) -> None:
        self.ruleset = ruleset
        self.rules = rules
        self.effects = effects

    @property
    def edition(self) -> Edition:
        return self.ruleset.edition

    # --- units -----------------------------------------------------------------------------
    def unit_value(self, side: str, power: str, utype: str, spec: UnitSpec,
                   region: str | None = None, battle: Any = None) -> int:
        """A unit's combat value in its role: attack for the attacker, defence otherwise."""
        if side == "attacker":
            value = spec.attack
            if self.effects:
                q = UnitQuery(power, utype, spec, region, battle, "attacker")
                for e in self.effects:
                    value = e.attack(q, value)
            return value
        value = spec.defence
        if self.effects:
            q = UnitQuery(power, utype, spec, region, battle, "defender")
            for e in self.effects:
                value = e.defence(q, value)
        return value

    def moves(self, power: str, utype: str, spec: UnitSpec, region: str | None = None) -> int:
        value = spec.move
        if self.effects:
            q = UnitQuery(power, utype, spec, region)
            for e in self.effects:
                value = e.moves(q, value)
        return value

    def cost(self, power: str, utype: str, spec: UnitSpec) -> int:
        value = spec.cost
        if self.effects:
            q = UnitQuery(power, utype, spec)
            for e in self.effects:
                value = e.cost(q, value)
        return value

    # --- the board -------------------------------------------------------------------------
    def income(self, power: str, state: Mapping[str, Any], value: int) -> int:
        if self.effects:
            q = PowerQuery(power, state, self.edition)
            for e in self.effects:
                value = e.income(q, value)
        return value

    def mobilisation_sites(self, power: str, state: Mapping[str, Any],
                           sites: dict[str, int]) -> dict[str, int]:
        if self.effects:
            q = PowerQuery(power, state, self.edition)
            for e in self.effects:
                sites = e.mobilisation_sites(q, dict(sites))
        return sites

    def sea_zone_hostile(self, zone: str, power: str, enemies: tuple, state: Mapping[str, Any],
                         hostile: bool) -> bool:
        if self.effects:
            q = ZoneQuery(zone, power, enemies, state, self.edition)
            for e in self.effects:
                hostile = e.sea_zone_hostile(q, hostile)
        return hostile

    # --- battles ---------------------------------------------------------------------------
    def battle_steps(self, info: BattleInfo) -> tuple[BattleStep, ...]:
        """The steps of one battle, in order: the ruleset's and any an effect adds, those
        that apply to it."""
        steps = self.ruleset.battle_steps
        for e in self.effects:
            steps = e.battle_steps(info, steps)
        return tuple(s for s in steps if s.applies(info))
