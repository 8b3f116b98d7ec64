"""Effects: what technologies and National Advantages change, and where the rules ask.

An effect changes a rule in play without the rules code knowing it exists. The engine reads
the things effects may change through a small set of *query points*, each a method of
:class:`Effect` whose default changes nothing (python-chess and godip style: a subclass
overrides the few it needs, the engine never asks whether an effect "has" a method):

========================  ============================================================
query point               asked by
========================  ============================================================
``attack``, ``defence``   every battle (dice and odds), per unit type and side
``moves``                 movement range, landing proofs, default landings
``cost``                  purchase, refunds of unplaced units
``income``                collect income
``mobilisation_sites``    where (and how many) new units may be placed
``sea_zone_hostile``      whether a sea zone stops ships (movement, loading, retreats)
``battle_steps``          the list of steps of one battle (an effect may add steps)
========================  ============================================================

Each query gets the value the rules (and the effects before it) arrived at and returns the
value it wants; :class:`adjudicator.axis_allies.ruleset.InPlay` folds the effects in play over
each query. Which effects are in play is the ruleset's list filtered by :meth:`Effect.active`
on the state (a technology a power developed, a National Advantage chosen at set-up).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from adjudicator.axis_allies.battle.step import BattleInfo, BattleStep
    from adjudicator.axis_allies.data import Edition, UnitSpec


@dataclass(frozen=True)
class UnitQuery:
    """One unit type of one power, where the question is asked: ``region`` (a battle's, or
    where a moving unit is), ``battle`` (``land``/``sea``) and ``side`` in a battle."""

    power: str
    type: str
    spec: UnitSpec
    region: str | None = None
    battle: Literal["land", "sea"] | None = None
    side: Literal["attacker", "defender"] | None = None


@dataclass(frozen=True)
class PowerQuery:
    """A power's question about the whole board (income, mobilisation sites)."""

    power: str
    state: Mapping[str, Any]
    edition: Edition


@dataclass(frozen=True)
class ZoneQuery:
    """Whether ``zone`` is hostile to ``power``; ``enemies`` are the enemy unit records
    there."""

    zone: str
    power: str
    enemies: tuple[Mapping[str, Any], ...]
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

    def moves(self, unit: UnitQuery, value: int) -> int:
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

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>".replace(" >", ">")
