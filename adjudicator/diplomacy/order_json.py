"""Diplomacy orders as JSON: what a stored submission keeps of how its text was read.

``{"kind": "Move", "unit_type": "A", "loc": "par", "dest": "bur", "via_convoy": false}``:
the order's class and its fields, a unit type by its letter. Adjudicating reads the orders
back from the submission's meta file instead of parsing its text again (issue 16: the parser
is most of what ``adj adjudicate`` would otherwise load); ``tests/diplomacy/test_order_json``
checks that every order the parser makes comes back equal.
"""

from __future__ import annotations

from adjudicator.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
)
from adjudicator.record import fields

KINDS = {cls.__name__: cls for cls in (Hold, Move, SupportHold, SupportMove, Convoy, Retreat,
                                       Disband, Build, Remove, Waive)}
_TYPED = ("unit_type", "target_type")


def to_json(orders: list) -> list[dict] | None:
    """The orders as JSON, or None when one of them is of no kind listed here."""
    out = []
    for order in orders:
        if KINDS.get(type(order).__name__) is not type(order):
            return None
        item: dict = {"kind": type(order).__name__}
        for f in fields(order):
            value = getattr(order, f.name)
            item[f.name] = value.value if isinstance(value, UnitType) else value
        out.append(item)
    return out


def from_json(data: list) -> list:
    """The orders :func:`to_json` wrote; ``KeyError``/``TypeError``/``ValueError`` otherwise."""
    orders = []
    for item in data:
        values = dict(item)
        cls = KINDS[values.pop("kind")]
        for name in _TYPED:
            if values.get(name) is not None:
                values[name] = UnitType(values[name])
        orders.append(cls(**values))
    return orders
