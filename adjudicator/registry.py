"""Which games exist: a registry key names a game family, its data and its defaults.

"Which game" is one value, the key, stored once in the state (``state["game"]``) and read
back from it, the way python-chess reads a variant from a game's headers to pick the board
class. Adding a game, an edition or a variant means adding its data and one entry here; the
core never imports a game module by name anywhere else (the family is named as text and
imported on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.game import BaseGame, GameSpec

_SPECS = (
    GameSpec("diplomacy", "adjudicator.diplomacy.game:DiplomacyGame", "diplomacy-standard",
             "Diplomacy (standard map)", aliases=("diplomacy:standard", "dip")),
    GameSpec("aa1942", "adjudicator.axis_allies.game:AxisAlliesGame", "aa1942",
             "Axis & Allies 1942", aliases=("axis-allies-1942", "a&a1942", "aa42")),
    GameSpec("aa-revised", "adjudicator.axis_allies.game:AxisAlliesGame", "aa-revised",
             "Axis & Allies Revised", aliases=("aa_revised", "axis-allies-revised",
                                               "a&a-revised", "aar")),
)

#: registry key -> entry
GAMES: Mapping[str, GameSpec] = MappingProxyType({s.key: s for s in _SPECS})
_ALIASES: Mapping[str, str] = MappingProxyType(
    {a.lower(): s.key for s in _SPECS for a in (s.key, *s.aliases)})


def canonical_key(name: str) -> str:
    """The registry key for ``name`` (a key or an alias, any case); refuses unknown names."""
    key = _ALIASES.get(str(name).strip().lower())
    if key is None:
        raise AdjudicatorError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return key


def spec(name: str) -> GameSpec:
    return GAMES[canonical_key(name)]


@cache
def get_game(name: str) -> BaseGame:
    """The game registered under ``name`` (a key or alias), bound to its entry."""
    entry = spec(name)
    module, _, factory = entry.family.partition(":")
    return getattr(importlib.import_module(module), factory)(entry)


def game_for_state(state: Mapping[str, Any]) -> BaseGame:
    """The game a state belongs to, read from the state itself."""
    key = state.get("game") if isinstance(state, Mapping) else None
    if not isinstance(key, str):
        raise AdjudicatorError("the state names no game (its 'game' field is missing)")
    return get_game(key)


def game_kinds() -> list[str]:
    """Every registry key, for ``adj new KIND`` and ``adj check KIND``."""
    return list(GAMES)
