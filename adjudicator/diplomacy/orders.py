"""Typed Diplomacy orders.

The parser builds these from player text; validation and the resolver consume
them. Locations are map ids (``par``, ``spa/nc``). A unit type may be ``None``
when the player left it out ("Paris - Burgundy"); validation fills it in from
the unit actually standing there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class UnitType(str, Enum):
    ARMY = "A"
    FLEET = "F"


@dataclass(frozen=True)
class Unit:
    power: str
    type: UnitType
    loc: str

    def __str__(self) -> str:
        return f"{self.type.value} {self.loc}"


def _u(t: UnitType | None, loc: str) -> str:
    return f"{t.value} {loc}" if t else loc


@dataclass(frozen=True)
class Order:
    """Base: every order names the unit (or location) it is for."""

    unit_type: UnitType | None
    loc: str

    def with_type(self, t: UnitType) -> Order:
        return replace(self, unit_type=t)

    def text(self) -> str:  # canonical judge notation
        raise NotImplementedError


@dataclass(frozen=True)
class Hold(Order):
    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} H"


@dataclass(frozen=True)
class Move(Order):
    dest: str = ""
    via_convoy: bool = False

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} - {self.dest}" + (" via convoy" if self.via_convoy else "")


@dataclass(frozen=True)
class SupportHold(Order):
    target_type: UnitType | None = None
    target: str = ""

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} S {_u(self.target_type, self.target)}"


@dataclass(frozen=True)
class SupportMove(Order):
    target_type: UnitType | None = None
    target: str = ""
    dest: str = ""

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} S {_u(self.target_type, self.target)} - {self.dest}"


@dataclass(frozen=True)
class Convoy(Order):
    target_type: UnitType | None = None
    target: str = ""
    dest: str = ""

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} C {_u(self.target_type, self.target)} - {self.dest}"


@dataclass(frozen=True)
class Retreat(Order):
    dest: str = ""

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} R {self.dest}"


@dataclass(frozen=True)
class Disband(Order):
    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} D"


@dataclass(frozen=True)
class Build(Order):
    def text(self) -> str:
        return f"Build {_u(self.unit_type, self.loc)}"


@dataclass(frozen=True)
class Remove(Order):
    def text(self) -> str:
        return f"Remove {_u(self.unit_type, self.loc)}"


@dataclass(frozen=True)
class Waive(Order):
    """Decline one owed build. ``loc`` is empty."""

    unit_type: UnitType | None = None
    loc: str = ""

    def text(self) -> str:
        return "Waive"


MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
