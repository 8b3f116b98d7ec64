"""Weapons development (A&A Revised, digest A5.1): the six technologies as effects.

A power names one technology it does not have, buys research dice at
:data:`RESEARCH_DIE_COST` IPC each and rolls them all at once; any die showing the
technology's number develops it (:mod:`.research`, the turn step). From then on, *including
this turn*, the power's units have it (digest A5.1 #4); technologies are never shared.

Each technology is one module, an :class:`~adjudicator.axis_allies.effects.Effect` subclass
of :class:`Tech` overriding only the query points it changes. A :class:`Tech` is bound to one
power: it is in play when ``state["techs"][power]`` lists its key (:meth:`Tech.active`) and
changes only that power's units (:meth:`Tech.mine`), so the effect needs no state in its
queries. A ruleset lists one instance per technology and power (:func:`for_powers`), and
adds the research step (and the rocket step) to its order of play (:func:`turn_steps`).

=====  ========================  =========================================================
 no.   technology                what it changes
=====  ========================  =========================================================
 1     Jet Fighters              fighters defend at 5
 2     Rockets                   AA guns strike enemy complexes within 3 (:mod:`.rockets`)
 3     Super Submarines          submarines attack at 3
 4     Long-Range Aircraft       fighters move 6, bombers 8
 5     Combined Bombardment      destroyers bombard at 3 in amphibious assaults
 6     Heavy Bombers             bombers roll 2 dice attacking and bombing, 1 defending
=====  ========================  =========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from adjudicator.axis_allies.techs.chart import ALL, BY_KEY, BY_NUMBER, add_tech, for_powers
from adjudicator.axis_allies.techs.research import Research
from adjudicator.axis_allies.techs.rockets import RocketStrikes
from adjudicator.axis_allies.techs.tech import RESEARCH_DIE_COST, Tech, has_tech, techs_of

__all__ = ["ALL", "BY_KEY", "BY_NUMBER", "RESEARCH_DIE_COST", "Research", "RocketStrikes",
           "Tech", "add_tech", "for_powers", "has_research", "has_rockets", "has_tech",
           "techs_of", "turn_steps"]


def turn_steps(steps: Sequence[Any]) -> tuple[Any, ...]:
    """An order of play with weapons development: the research step first (digest A5.1,
    phase 1) and the rocket strikes just before the battles (``battles``: conduct combat).
    """
    out: list[Any] = [Research()]
    for s in steps:
        if s.key == "battles":
            out.append(RocketStrikes())
        out.append(s)
    return tuple(out)


def has_research(steps: Iterable[Any]) -> bool:
    """Whether an order of play includes weapons development (research orders are valid)."""
    return any(s.key == "research" for s in steps)


def has_rockets(steps: Iterable[Any]) -> bool:
    """Whether an order of play includes rocket strikes (rocket orders are valid)."""
    return any(s.key == "rockets" for s in steps)
