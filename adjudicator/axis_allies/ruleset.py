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
from functools import cached_property
from typing import Any, ClassVar, Literal

from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep
from adjudicator.axis_allies.data import Edition, UnitSpec, load_edition
from adjudicator.axis_allies.effects import (
    AAQuery,
    Effect,
    PowerQuery,
    StepQuery,
    UnitQuery,
    ZoneQuery,
)
from adjudicator.axis_allies.rules import Rules
from adjudicator.game import Option
from adjudicator.record import field, record

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
    #: the battle preview (``turn.plan_battles``, ``adj odds``) runs this step too: it comes
    #: before the battles, rolls no dice and changes who fights where (the combat move; UK
    #: Enigma Decoded's special move, the Nonaggression Treaty's Soviet infantry; ruling R-13)
    preview: ClassVar[bool] = False

    def applies(self, turn: Any) -> bool:
        return True

    def run(self, turn: Any, script: Any) -> None:
        raise NotImplementedError(type(self).__name__)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"


@record(frozen=True)
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
    #: options whose value is a fact of the game rather than a rule switch: option key ->
    #: (state key, field) where ``adj new`` writes a non-empty value (``na_ussr`` ->
    #: ``state["advantages"]["ussr"]``)
    option_state: Mapping[str, tuple[str, str]] = field(default_factory=dict)

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

    def opening(self, state: dict[str, Any]) -> dict[str, Any]:
        """The opening position with every listed effect's set-up choice applied
        (``Effect.opening``, asked of each effect, active or not)."""
        for e in self.effects:
            state = e.opening(state, self.edition)
        return state

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
                   region: str | None = None, battle: Any = None, setup: Any = None) -> int:
        """A unit's combat value in its role: attack for the attacker, defence otherwise.
        ``setup``: the battle (``combat.BattleSetup``) the effects may read."""
        if side == "attacker":
            value = spec.attack
            if self.effects:
                q = UnitQuery(power, utype, spec, region, battle, "attacker", setup,
                              self.edition)
                for e in self.effects:
                    value = e.attack(q, value)
            return value
        value = spec.defence
        if self.effects:
            q = UnitQuery(power, utype, spec, region, battle, "defender", setup, self.edition)
            for e in self.effects:
                value = e.defence(q, value)
        return value

    def value_changes(self, side: str, power: str, utype: str, spec: UnitSpec,
                      region: str | None = None, battle: Any = None, setup: Any = None
                      ) -> list[str]:
        """The names of the effects that changed the unit's combat value in its role, in the
        order :meth:`unit_value` folds them (the battle log and the report name them:
        "Banzai Attacks: Japanese infantry attack at 2")."""
        out: list[str] = []
        if self.effects:
            attacking = side == "attacker"
            value = spec.attack if attacking else spec.defence
            q = UnitQuery(power, utype, spec, region, battle,
                          "attacker" if attacking else "defender", setup, self.edition)
            for e in self.effects:
                after = e.attack(q, value) if attacking else e.defence(q, value)
                if after != value:
                    out.append(e.name)
                value = after
        return out

    def dice(self, side: str, power: str, utype: str, spec: UnitSpec,
             region: str | None = None, battle: Any = None) -> int:
        """Dice the unit rolls each time it fires in its role (``battle`` ``None``: a
        strategic bombing raid); 1 unless an effect says otherwise."""
        value = 1
        if self.effects:
            q = UnitQuery(power, utype, spec, region, battle, side)  # type: ignore[arg-type]
            for e in self.effects:
                value = e.dice(q, value)
        return value

    def bombard(self, power: str, utype: str, spec: UnitSpec, region: str | None = None
                ) -> int:
        """The unit's shore bombardment value (0: it does not bombard)."""
        value = spec.bombard or 0
        if self.effects:
            q = UnitQuery(power, utype, spec, region, "land", "attacker")
            for e in self.effects:
                value = e.bombard(q, value)
        return value

    def transport_capacity(self, power: str, utype: str, spec: UnitSpec) -> int:
        """The room ``power``'s ship offers land units (in their ``transport_cost``): the
        printed capacity unless an effect says otherwise."""
        value = spec.transport_capacity
        if self.effects:
            q = UnitQuery(power, utype, spec, edition=self.edition)
            for e in self.effects:
                value = e.transport_capacity(q, value)
        return value

    def one_way(self, power: str, utype: str, spec: UnitSpec) -> str | None:
        """The key of the effect that lets this aircraft attack with no landing afterwards
        (declared ``(kamikaze)`` in combat move); ``None``: no effect does (1942 p.26)."""
        value: str | None = None
        if self.effects:
            q = UnitQuery(power, utype, spec, edition=self.edition)
            for e in self.effects:
                value = e.one_way(q, value)
        return value

    def aa_fire(self, power: str, utype: str, spec: UnitSpec, region: str, target_power: str,
                target_type: str, target_spec: UnitSpec, raid: bool = False) -> int:
        """What the AA gun (``power``'s ``utype`` defending ``region``) hits the attacking
        aircraft on: the printed value unless an effect says otherwise; 0: it does not fire
        at it."""
        return self.aa_fire_by(power, utype, spec, region, target_power, target_type,
                               target_spec, raid)[0]

    def aa_fire_by(self, power: str, utype: str, spec: UnitSpec, region: str,
                   target_power: str, target_type: str, target_spec: UnitSpec,
                   raid: bool = False) -> tuple[int, list[str]]:
        """:meth:`aa_fire`, and the names of the effects that changed it (the battle log and
        the report name them: "hitting on 2 (Radar)")."""
        value = spec.anti_aircraft or 0
        names: list[str] = []
        if self.effects:
            target = UnitQuery(target_power, target_type, target_spec, region,
                               None if raid else "land", "attacker", None, self.edition)
            q = AAQuery(power, utype, spec, region, target, self.edition, raid)
            for e in self.effects:
                after = e.aa_fire(q, value)
                if after != value:
                    # an effect that stops the gun firing is the one to name
                    names = [e.name] if after <= 0 else [*names, e.name]
                value = after
        return value, names

    def moves(self, power: str, utype: str, spec: UnitSpec, region: str | None = None,
              path: tuple[str, ...] | None = None, moved: int = 0, step: str | None = None,
              state: Any = None) -> int:
        """The movement allowance; ``path``/``moved``: the move being checked, if any, in
        movement ``step`` on ``state``."""
        value = spec.move
        if self.effects:
            q = UnitQuery(power, utype, spec, region, edition=self.edition, path=path,
                          moved=moved, step=step, state=state)
            for e in self.effects:
                value = e.moves(q, value)
        return value

    def moves_changes(self, power: str, utype: str, spec: UnitSpec, region: str | None,
                      path: tuple[str, ...], moved: int, step: str | None, state: Any
                      ) -> list[str]:
        """The names of the effects that change the allowance on this route but not without
        one (Middle East Oil, Trans-Siberian Railway): the move's result names them."""
        def changed(q: UnitQuery) -> list[str]:
            value, names = spec.move, []
            for e in self.effects:
                after = e.moves(q, value)
                if after != value:
                    names.append(e.name)
                value = after
            return names

        if not self.effects:
            return []
        plain = changed(UnitQuery(power, utype, spec, region))
        routed = changed(UnitQuery(power, utype, spec, region, edition=self.edition,
                                   path=path, moved=moved, step=step, state=state))
        return [n for n in routed if n not in plain]

    def raider(self, power: str, utype: str, spec: UnitSpec) -> bool:
        """Whether the unit may make a strategic bombing raid (printed: bombers)."""
        value = spec.strategic_bomber
        if self.effects:
            q = UnitQuery(power, utype, spec)
            for e in self.effects:
                value = e.raider(q, value)
        return value

    def raid_damage(self, power: str, utype: str, spec: UnitSpec, region: str, value: int
                    ) -> tuple[int, list[str]]:
        """What one raider's dice (their sum ``value``) count for in a raid on ``region``,
        and the names of the effects that changed it (the raid's log)."""
        names: list[str] = []
        if self.effects:
            q = UnitQuery(power, utype, spec, region, edition=self.edition)
            for e in self.effects:
                after = e.raid_damage(q, value)
                if after != value:
                    names.append(e.name)
                value = after
        return value, names

    def blitz(self, power: str, utype: str, spec: UnitSpec, region: str | None = None) -> bool:
        """Whether the land unit may blitz (printed: the data's ``blitz``)."""
        value = spec.blitz
        if self.effects:
            q = UnitQuery(power, utype, spec, region)
            for e in self.effects:
                value = e.blitz(q, value)
        return value

    def amphibious_assaults(self, power: str, utype: str, spec: UnitSpec,
                            region: str | None = None) -> int:
        """How many amphibious assaults the transport may make in a turn (printed: 1)."""
        return self.amphibious_assaults_by(power, utype, spec, region)[0]

    def amphibious_assaults_by(self, power: str, utype: str, spec: UnitSpec,
                               region: str | None = None) -> tuple[int, list[str]]:
        """:meth:`amphibious_assaults`, and the names of the effects that changed it (the
        move's result names them: "Lightning Strikes")."""
        value, names = 1, []
        if self.effects:
            q = UnitQuery(power, utype, spec, region)
            for e in self.effects:
                after = e.amphibious_assaults(q, value)
                if after != value:
                    names.append(e.name)
                value = after
        return value, names

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

    def income_changes(self, power: str, state: Mapping[str, Any], value: int
                       ) -> list[dict[str, Any]]:
        """What each effect in play did to ``power``'s income (``value``: the production
        level): ``{"effect": name, "by": change}`` for each effect that changed it, in the
        order :meth:`income` folds them (the income event and the report name them)."""
        out: list[dict[str, Any]] = []
        if self.effects:
            q = PowerQuery(power, state, self.edition)
            for e in self.effects:
                after = e.income(q, value)
                if after != value:
                    out.append({"effect": e.name, "by": after - value})
                value = after
        return out

    def mobilisation_sites(self, power: str, state: Mapping[str, Any],
                           sites: dict[str, int]) -> dict[str, int]:
        if self.effects:
            q = PowerQuery(power, state, self.edition)
            for e in self.effects:
                sites = e.mobilisation_sites(q, dict(sites))
        return sites

    def air_step(self, power: str, utype: str, spec: UnitSpec, frm: str, to: str,
                 state: Mapping[str, Any]) -> int:
        """What one step of a flight ``frm`` -> ``to`` costs the aircraft (printed: 1)."""
        cost = 1
        if self.effects:
            q = StepQuery(power, utype, spec, frm, to, state, self.edition)
            for e in self.effects:
                cost = e.air_step(q, cost)
        return cost

    def sea_zone_hostile(self, zone: str, power: str, enemies: tuple, state: Mapping[str, Any],
                         hostile: bool) -> bool:
        if self.effects:
            q = ZoneQuery(zone, power, enemies, state, self.edition)
            for e in self.effects:
                hostile = e.sea_zone_hostile(q, hostile)
        return hostile

    # --- the turn ------------------------------------------------------------------------------
    def turn_steps(self) -> tuple[TurnStep, ...]:
        """The order of play: the ruleset's turn steps and any the effects in play add."""
        steps = self.ruleset.turn_steps
        for e in self.effects:
            steps = e.turn_steps(steps)
        return steps

    def combat_position(self, power: str, state: dict[str, Any]) -> dict[str, Any]:
        """The position ``power``'s combat move is checked and played on (``state`` unless
        an effect changes a copy: UK Joint Strike)."""
        if self.effects:
            q = PowerQuery(power, state, self.edition)
            for e in self.effects:
                state = e.combat_position(q, state)
        return state

    # --- battles ---------------------------------------------------------------------------
    def battle_orders(self, setup: Any, orders: Any, state: Mapping[str, Any]) -> Any:
        """One battle's decisions taken in advance (``combat.BattleOrders``) as the effects
        in play make them (UK Joint Strike: who chooses the attacker's casualties)."""
        if self.effects:
            q = PowerQuery(setup.attacker, state, self.edition)
            for e in self.effects:
                orders = e.battle_orders(q, setup, orders)
        return orders

    def battle_steps(self, info: BattleInfo) -> tuple[BattleStep, ...]:
        """The steps of one battle, in order: the ruleset's and any an effect adds, those
        that apply to it."""
        steps = self.ruleset.battle_steps
        for e in self.effects:
            steps = e.battle_steps(info, steps)
        return tuple(s for s in steps if s.applies(info))
