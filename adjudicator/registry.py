"""Which games exist. The core finds a game only through this table.

Adding a game or an edition means adding its package and one line here; the
core never imports a game module by name anywhere else.
"""

from __future__ import annotations

import importlib
from functools import cache

from adjudicator.errors import AdjudicatorError
from adjudicator.game import Game

# registry key -> "module:factory"
GAMES: dict[str, str] = {
    "diplomacy": "adjudicator.diplomacy.game:DiplomacyGame",
    "aa1942": "adjudicator.axis_allies.game:AxisAlliesGame",
}


@cache
def get_game(kind: str) -> Game:
    """Instantiate the game registered under ``kind`` (``diplomacy``, ``aa1942``...)."""
    try:
        target = GAMES[kind]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise AdjudicatorError(f"unknown game {kind!r}; known games: {known}") from None
    module, _, factory = target.partition(":")
    return getattr(importlib.import_module(module), factory)()


def game_kinds() -> list[str]:
    return sorted(GAMES)
