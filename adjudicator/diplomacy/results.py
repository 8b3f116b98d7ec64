"""What happened to each order: the record kept in history and fed to reports and the map."""

from __future__ import annotations

from typing import NamedTuple

from adjudicator.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)

#: The ``kind`` word of each order class.
KIND = {
    Hold: "hold", Move: "move", SupportHold: "support", SupportMove: "support",
    Convoy: "convoy", Retreat: "retreat", Disband: "disband", Build: "build",
    Remove: "remove", Waive: "waive",
}
#: Order classes with a ``target`` (the supported or convoyed unit) and with a ``dest``.
_HAS_TARGET = frozenset((SupportHold, SupportMove, Convoy))
_HAS_DEST = frozenset((Move, SupportMove, Convoy, Retreat))


class OrderResult(NamedTuple):
    """The result of one order.

    An immutable record (a named tuple: every unit gets one every phase, and a tuple costs
    a third of a frozen record to make and to free). Read it by field name; ``to_json``
    gives the dict kept in the game's history, ``from_json`` reads it back.
    """

    power: str
    order: str  # canonical text of the order as understood ("A par - bur")
    kind: str  # hold | move | support | convoy | retreat | disband | build | remove | waive
    unit_type: str | None  # "A" / "F" (None for waive)
    loc: str  # where the ordered unit stands ("" for waive)
    success: bool
    outcome: str  # short word for reports: moved, held, bounced, cut, dislodged, void, illegal, ...
    target: str | None = None  # supported / convoyed unit's location
    dest: str | None = None  # destination of a move, supported move, convoy, retreat
    via_convoy: bool = False
    reason: str | None = None  # why it failed or was void / illegal
    dislodged: bool = False  # the ordering unit was dislodged this phase
    default: bool = False  # generated for a power that sent no order (NMR / civil disorder)

    def to_json(self) -> dict:
        """The fields as a dict, in field order (all values are plain JSON scalars)."""
        return dict(zip(self._fields, self))

    @classmethod
    def from_json(cls, d: dict) -> OrderResult:
        return cls(**d)


def result_of(unit: Unit, order: Order, success: bool, outcome: str, reason: str | None = None,
              via_convoy: bool = False, dislodged: bool = False,
              default: bool = False) -> OrderResult:
    """The result of ``unit``'s ``order`` (of a movement or retreat phase)."""
    cls = order.__class__
    target = (order.target or None) if cls in _HAS_TARGET else None  # type: ignore[attr-defined]
    dest = (order.dest or None) if cls in _HAS_DEST else None  # type: ignore[attr-defined]
    return OrderResult(
        unit.power, order.text(), KIND[cls], unit.type.letter, unit.loc, success, outcome,
        target, dest, via_convoy or (cls is Move and bool(order.via_convoy)),  # type: ignore
        reason, dislodged, default,
    )
