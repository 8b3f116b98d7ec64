"""The base of a technology (weapons development, Revised digest A5.1): a :class:`Tech` is an
:class:`~adjudicator.axis_allies.effects.Effect` bound to one power, in play when
``state["techs"][power]`` lists its key. See the package docstring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from adjudicator.axis_allies.effects import Effect, UnitQuery

#: IPC per research die (Revised digest A5.1: "5 IPC per research die").
RESEARCH_DIE_COST = 5


def techs_of(state: Mapping[str, Any], power: str) -> tuple[str, ...]:
    """The technology keys ``power`` has developed (``state["techs"]``, absent: none)."""
    techs = state.get("techs") or {}
    got = techs.get(power) if isinstance(techs, Mapping) else None
    return tuple(got) if isinstance(got, (list, tuple)) else ()


def has_tech(state: Mapping[str, Any], power: str, key: str) -> bool:
    return key in techs_of(state, power)


class Tech(Effect):
    """One technology of one power (see the package docstring)."""

    #: the state's key (``state["techs"][power]``) and the order's canonical name
    key: ClassVar[str] = ""
    #: the die number that develops it, also its number on the chart (digest A5.1)
    number: ClassVar[int] = 0
    #: other names players write for it (matched case-insensitively)
    aliases: ClassVar[tuple[str, ...]] = ()

    def __init__(self, power: str) -> None:
        self.power = power

    def active(self, state: Mapping[str, Any]) -> bool:
        return has_tech(state, self.power, self.key)

    def mine(self, unit: UnitQuery) -> bool:
        """Whether ``unit`` belongs to the power that has the technology."""
        return unit.power == self.power

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.power}>"
