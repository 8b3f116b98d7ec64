"""Effects: what technologies and National Advantages change, and where the rules ask.

An effect changes a rule in play without the rules code knowing it exists. The engine reads
the things effects may change through a small set of *query points*, each a method of
:class:`Effect` whose default changes nothing (python-chess and godip style: a subclass
overrides the few it needs, the engine never asks whether an effect "has" a method):

========================  ============================================================
query point               asked by
========================  ============================================================
``attack``, ``defence``   every battle (dice and odds), per unit type and side
``dice``                  dice a unit rolls per shot (battles, dice and odds; bombing raids)
``bombard``               a ship's shore bombardment value (0: it does not bombard)
``aa_fire``               what an AA gun hits an attacking aircraft on (0: it does not fire at it)
``moves``                 movement range, landing proofs, default landings
``blitz``                 whether a land unit may blitz (combat move validation)
``one_way``               which effect lets an aircraft attack with no landing afterwards
``transport_capacity``    the room a ship offers land units (loading, boarding, unloading)
``amphibious_assaults``  how many amphibious assaults a transport may make in a turn
``air_step``              what one step of a flight costs (air range, paths, landings)
``raider``                whether a unit may make a strategic bombing raid
``raid_damage``           what one raider's dice count for in a bombing raid
``cost``                  purchase, refunds of unplaced units
``income``                collect income
``mobilisation_sites``    where (and how many) new units may be placed
``sea_zone_hostile``      whether a sea zone stops ships (movement, loading, retreats)
``battle_steps``          the list of steps of one battle (an effect may add steps)
``turn_steps``            the order of play of a turn (an effect may add a step)
``combat_position``       the position a power's combat move is checked and played on
``battle_orders``         the decisions of one battle taken in advance (who chooses losses)
``opening``               the opening position at ``adj new`` (a set-up choice)
========================  ============================================================

Each query gets the value the rules (and the effects before it) arrived at and returns the
value it wants; :class:`adjudicator.axis_allies.ruleset.InPlay` folds the effects in play over
each query. Which effects are in play is the ruleset's list filtered by :meth:`Effect.active`
on the state (a technology a power developed, a National Advantage chosen at set-up).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from adjudicator.record import record

if TYPE_CHECKING:
    from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep
    from adjudicator.axis_allies.data import Edition, UnitSpec


@record(frozen=True)
class UnitQuery:
    """One unit type of one power, where the question is asked: ``region`` (a battle's, or
    where a moving unit is), ``battle`` (``land``/``sea``) and ``side`` in a battle.

    In a battle's ``attack``/``defence`` query, ``setup`` is the whole battle as it starts
    (:class:`~adjudicator.axis_allies.combat.BattleSetup`: every attacking and defending unit,
    ``landed`` marking an amphibious assault) and ``edition`` the data (a region's original
    owner): context for a value that depends on the battle (National Advantages: Wolf Packs,
    Fortress Europe). Both engines (dice and odds) pass them; elsewhere they are ``None``.

    In a ``moves`` query asked while checking one move, ``path`` is that move's route (start
    first) and ``moved`` the moves the unit already made this turn (Trans-Siberian Railway:
    an allowance that holds only along certain routes); ``None`` when no route is asked
    about (what a unit may still reach: landings, carriers). ``step`` is then the movement
    step (``combat``/``noncombat``) and ``state`` the position the move is checked on (UK
    Middle East Oil: an aircraft landing in noncombat move in a friendly territory moves
    again)."""

    power: str
    type: str
    spec: UnitSpec
    region: str | None = None
    battle: Literal["land", "sea"] | None = None
    side: Literal["attacker", "defender"] | None = None
    setup: Any = None
    edition: Edition | None = None
    path: tuple[str, ...] | None = None
    moved: int = 0
    step: str | None = None
    state: Any = None


@record(frozen=True)
class AAQuery:
    """One AA gun firing at one attacking aircraft: the gun's ``power`` and ``type``, the
    ``region`` it defends, the ``target`` aircraft (power, type, spec) and ``raid``: a
    strategic bombing raid (else AA fire before round 1 of a land battle)."""

    power: str
    type: str
    spec: UnitSpec
    region: str
    target: UnitQuery
    edition: Edition
    raid: bool = False


@record(frozen=True)
class PowerQuery:
    """A power's question about the whole board (income, mobilisation sites)."""

    power: str
    state: Mapping[str, Any]
    edition: Edition


@record(frozen=True)
class ZoneQuery:
    """Whether ``zone`` is hostile to ``power``; ``enemies`` are the enemy unit records
    there."""

    zone: str
    power: str
    enemies: tuple[Mapping[str, Any], ...]
    state: Mapping[str, Any]
    edition: Edition


@record(frozen=True)
class StepQuery:
    """One step of an aircraft's flight, ``frm`` -> ``to`` (adjacent regions): the
    aircraft's ``power``, ``type`` and ``spec``, and the position it flies over."""

    power: str
    type: str
    spec: UnitSpec
    frm: str
    to: str
    state: Mapping[str, Any]
    edition: Edition


class Effect:
    """A rule change in play. Every query point returns its input unchanged; subclasses
    override the ones they change."""

    #: what players call it ("Jet Fighters", "Russian Winter")
    name: str = ""

    def active(self, state: Mapping[str, Any]) -> bool:
        """Whether the effect is in play for this state (default: always, once listed)."""
        return True

    def attack(self, unit: UnitQuery, value: int) -> int:
        return value

    def defence(self, unit: UnitQuery, value: int) -> int:
        return value

    def dice(self, unit: UnitQuery, value: int) -> int:
        """How many dice the unit rolls each time it fires (``side``: its role; ``battle``
        ``None`` in a strategic bombing raid). Every die counts: each may score a hit."""
        return value

    def bombard(self, unit: UnitQuery, value: int) -> int:
        """The unit's shore bombardment value (``0``: it does not bombard)."""
        return value

    def aa_fire(self, q: AAQuery, value: int) -> int:
        """What the AA gun hits the target aircraft on (a die <= ``value``); ``0``: the gun
        does not fire at that aircraft (no die is rolled for it)."""
        return value

    def moves(self, unit: UnitQuery, value: int) -> int:
        return value

    def amphibious_assaults(self, unit: UnitQuery, value: int) -> int:
        """How many amphibious assaults (unloads into enemy territory in combat move) the
        transport may make in one turn (printed: 1, p.15; Japanese Lightning Strikes: 2)."""
        return value

    def air_step(self, q: StepQuery, cost: int) -> int:
        """What the step costs the aircraft's movement (printed: 1 per region entered)."""
        return cost

    def blitz(self, unit: UnitQuery, value: bool) -> bool:
        """Whether the land unit may blitz: in combat move, pass one empty enemy territory
        (taking it) and go on (printed: tanks)."""
        return value

    def transport_capacity(self, unit: UnitQuery, value: int) -> int:
        """The room the ship offers land units, counted in their ``transport_cost`` (printed:
        the data's ``transport_capacity``, 0 for ships that carry no land units). Japanese
        Tokyo Express (Revised digest A7): a destroyer takes one infantry."""
        return value

    def one_way(self, unit: UnitQuery, value: str | None) -> str | None:
        """Which effect (its key) lets the aircraft be declared, in combat move, to attack
        with no landing spot afterwards (``(kamikaze)`` on the move); ``None``: none (printed:
        no suicide missions, 1942 p.26). Japanese Kamikaze Attacks (Revised digest A7)."""
        return value

    def raider(self, unit: UnitQuery, value: bool) -> bool:
        """Whether the unit may make a strategic bombing raid (printed: the data's
        ``strategic_bomber``; German Luftwaffe Dive Bombers: fighters too)."""
        return value

    def raid_damage(self, unit: UnitQuery, value: int) -> int:
        """What one raider's dice in a bombing raid count for (``value``: their sum;
        ``region``: the raided territory, ``edition`` the data). Luftwaffe Dive Bombers:
        a fighter's die halved, rounded up, at most the territory's income."""
        return value

    def cost(self, unit: UnitQuery, value: int) -> int:
        return value

    def income(self, q: PowerQuery, value: int) -> int:
        return value

    def mobilisation_sites(self, q: PowerQuery, sites: dict[str, int]) -> dict[str, int]:
        """``sites``: territory -> units that may be mobilised there this turn."""
        return sites

    def sea_zone_hostile(self, q: ZoneQuery, hostile: bool) -> bool:
        return hostile

    def battle_steps(self, battle: BattleInfo, steps: tuple[BattleStep, ...]
                     ) -> tuple[BattleStep, ...]:
        """The steps of one battle (insert a step to add one)."""
        return steps

    def turn_steps(self, steps: tuple[Any, ...]) -> tuple[Any, ...]:
        """The order of play of a turn, ``ruleset.TurnStep``s (insert a step to add one: a
        National Advantage acting in a phase of its own, US Chinese Divisions after the
        mobilisation)."""
        return steps

    def combat_position(self, q: PowerQuery, state: dict[str, Any]) -> dict[str, Any]:
        """The position ``q.power``'s combat move is checked and played on (pre-dice checks,
        the turn, ``adj odds``): ``state`` itself, or a changed copy, never ``state`` changed
        in place. UK Joint Strike (Revised digest A7): in the US turn after the UK declared
        it, British units as American."""
        return state

    def battle_orders(self, q: PowerQuery, setup: Any, orders: Any) -> Any:
        """The decisions of one battle taken in advance (``combat.BattleOrders``), given the
        battle as it starts (``combat.BattleSetup``; ``q``: the attacker and the position,
        ``state`` as the battle is fought): an effect may change
        who chooses a side's casualties (UK Joint Strike: without the UK's agreement the
        defender chooses the attacker's casualties in a battle with British units)."""
        return orders

    def opening(self, state: dict[str, Any], edition: Edition) -> dict[str, Any]:
        """The opening position ``adj new`` writes, changed by a set-up choice (UK Colonial
        Garrison: one more industrial complex). Asked of every effect the ruleset lists,
        active or not, so a set-up choice given without its effect is refused; raise
        :class:`~adjudicator.errors.AdjudicatorError` for a choice that cannot be played."""
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>".replace(" >", ">")
