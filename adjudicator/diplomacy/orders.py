"""Typed Diplomacy orders.

The parser builds these from player text; validation and the resolver consume
them. Locations are map ids (``par``, ``spa/nc``). A unit type may be ``None``
when the player left it out ("Paris - Burgundy"); validation fills it in from
the unit actually standing there.
"""

from __future__ import annotations

from enum import Enum

from adjudicator.record import record, replace


class UnitType(str, Enum):
    ARMY = "A"
    FLEET = "F"

    def __init__(self, letter: str) -> None:
        #: the letter as a plain ``str``: the same as ``.value``, but a plain attribute,
        #: which matters where every unit of every phase is written out
        self.letter = letter


#: The two unit types as plain module names, for the rules' hot paths: looking a member up
#: on the Enum class (``UnitType.ARMY``) costs several times a global name lookup.
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET
#: Their letters as plain module names too: ``t.letter`` on an Enum member (a ``str``
#: subclass) is a slow attribute lookup, ``ARMY_LETTER if t is ARMY else FLEET_LETTER`` a
#: fast test. Where every unit or order of every phase is written out, the engine uses
#: the test (``_A``/``_F``: the same, short, for the ``text`` methods below).
ARMY_LETTER, FLEET_LETTER = ARMY.letter, FLEET.letter
_A, _F = ARMY_LETTER, FLEET_LETTER


@record(frozen=True)
class Unit:
    power: str
    type: UnitType
    loc: str

    def __str__(self) -> str:
        return f"{self.type.letter} {self.loc}"


def _u(t: UnitType | None, loc: str) -> str:
    """``A par``, or ``par`` when the type was left out. (The ``text`` methods spell the
    usual case, every type known, in one f-string: results need the text of every order.)"""
    return f"{t.letter} {loc}" if t else loc


@record(frozen=True)
class Order:
    """Base: every order names the unit (or location) it is for."""

    unit_type: UnitType | None
    loc: str

    def with_type(self, t: UnitType) -> Order:
        return replace(self, unit_type=t)

    def text(self) -> str:  # canonical judge notation
        raise NotImplementedError


@record(frozen=True)
class Hold(Order):
    def text(self) -> str:
        t = self.unit_type
        return f"{_A if t is ARMY else _F} {self.loc} H" if t else f"{self.loc} H"


@record(frozen=True)
class Move(Order):
    dest: str = ""
    via_convoy: bool = False

    def text(self) -> str:
        t = self.unit_type
        if t:
            move = f"{_A if t is ARMY else _F} {self.loc} - {self.dest}"
        else:
            move = f"{self.loc} - {self.dest}"
        return move + " via convoy" if self.via_convoy else move


@record(frozen=True)
class SupportHold(Order):
    target_type: UnitType | None = None
    target: str = ""

    def text(self) -> str:
        t, tt = self.unit_type, self.target_type
        if t and tt:
            a, b = (_A if t is ARMY else _F), (_A if tt is ARMY else _F)
            return f"{a} {self.loc} S {b} {self.target}"
        return f"{_u(t, self.loc)} S {_u(tt, self.target)}"


@record(frozen=True)
class SupportMove(Order):
    target_type: UnitType | None = None
    target: str = ""
    dest: str = ""

    def text(self) -> str:
        t, tt = self.unit_type, self.target_type
        if t and tt:
            a, b = (_A if t is ARMY else _F), (_A if tt is ARMY else _F)
            return f"{a} {self.loc} S {b} {self.target} - {self.dest}"
        return f"{_u(t, self.loc)} S {_u(tt, self.target)} - {self.dest}"


@record(frozen=True)
class Convoy(Order):
    target_type: UnitType | None = None
    target: str = ""
    dest: str = ""

    def text(self) -> str:
        t, tt = self.unit_type, self.target_type
        if t and tt:
            a, b = (_A if t is ARMY else _F), (_A if tt is ARMY else _F)
            return f"{a} {self.loc} C {b} {self.target} - {self.dest}"
        return f"{_u(t, self.loc)} C {_u(tt, self.target)} - {self.dest}"


@record(frozen=True)
class Retreat(Order):
    dest: str = ""

    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} R {self.dest}"


@record(frozen=True)
class Disband(Order):
    def text(self) -> str:
        return f"{_u(self.unit_type, self.loc)} D"


@record(frozen=True)
class Build(Order):
    def text(self) -> str:
        return f"Build {_u(self.unit_type, self.loc)}"


@record(frozen=True)
class Remove(Order):
    def text(self) -> str:
        return f"Remove {_u(self.unit_type, self.loc)}"


@record(frozen=True)
class Waive(Order):
    """Decline one owed build. ``loc`` is empty."""

    unit_type: UnitType | None = None
    loc: str = ""

    def text(self) -> str:
        return "Waive"


MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Remove, Waive)
