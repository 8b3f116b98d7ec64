"""The editions of Axis & Allies, each one :class:`~adjudicator.axis_allies.ruleset.Ruleset`.

``EDITIONS`` maps a ruleset's key (the registry key of the game, also ``Rules.edition`` in
every state) to the module that builds it, named as text and imported on first use, like
:mod:`adjudicator.registry` names game families: an edition's module lists the engine's turn
and battle steps, and naming it as text keeps the engine free of import cycles. Adding an
edition is one module here and one line below (docs/aa-editions.md).

This package is the only place where an edition's name may decide anything
(``tests/axis_allies/test_editions.py`` scans the rest of the source for such tests).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import InPlay, Ruleset

#: ruleset key -> "module:attribute" of its ruleset
EDITIONS: Mapping[str, str] = {
    "aa1942": "adjudicator.axis_allies.editions.aa1942:RULESET",
    "aa-revised": "adjudicator.axis_allies.editions.revised:RULESET",
}

_loaded: dict[str, Ruleset] = {}
_extra: dict[str, Ruleset] = {}  # registered at run time (tests: rulesets with test effects)


def ruleset(key: str) -> Ruleset:
    """The ruleset registered under ``key``; refuses an unknown key."""
    hit = _extra.get(key) or _loaded.get(key)
    if hit is not None:
        return hit
    target = EDITIONS.get(key)
    if target is None:
        known = ", ".join([*EDITIONS, *_extra])
        raise KeyError(f"no Axis & Allies ruleset {key!r}; known: {known}")
    module, _, attr = target.partition(":")
    out = getattr(importlib.import_module(module), attr)
    _loaded[key] = out
    return out


def registered_keys() -> list[str]:
    return [*EDITIONS, *(k for k in _extra if k not in EDITIONS)]


def for_data(name: str) -> Ruleset:
    """The ruleset of the data folder ``name`` (its edition's own rules)."""
    for key in registered_keys():
        rs = ruleset(key)
        if rs.data == name:
            return rs
    raise KeyError(f"no Axis & Allies ruleset plays the data in games/{name}/")


def ruleset_of(edition: Edition, state: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset a state is played with: the one its rules name (``state["rules"]
    ["edition"]``) when it plays this data, else the edition data's own."""
    stored = (state or {}).get("rules") or {}
    key = stored.get("edition") if isinstance(stored, Mapping) else None
    if isinstance(key, str) and (key in EDITIONS or key in _extra):
        rs = ruleset(key)
        if rs.data == edition.name:
            return rs
    return for_data(edition.name)


def rules_for(key: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The switches of ruleset ``key`` with ``options`` (a state's stored rules, or a
    moderator's choices) applied."""
    return ruleset(key).rules_for(options)


def in_play(edition: Edition, state: Mapping[str, Any] | None = None) -> InPlay:
    """The rules in force for ``state`` (see :class:`~adjudicator.axis_allies.ruleset.InPlay`)."""
    return ruleset_of(edition, state).in_play(state)


def as_in_play(rules: Rules | InPlay) -> InPlay:
    """Battle functions take the switches alone (a battle with no game around it) or the
    rules in play; the switches alone mean the ruleset they name, without state effects."""
    if isinstance(rules, InPlay):
        return rules
    rs = ruleset(rules.edition)
    return InPlay(rs, rules, tuple(e for e in rs.effects if e.active({})))


def register(rs: Ruleset) -> None:
    """Make ``rs`` known under its key (for tests and experiments; the shipped editions are
    ``EDITIONS``)."""
    _extra[rs.key] = rs


def unregister(key: str) -> None:
    _extra.pop(key, None)


@contextmanager
def registered(rs: Ruleset) -> Iterator[Ruleset]:
    register(rs)
    try:
        yield rs
    finally:
        unregister(rs.key)
