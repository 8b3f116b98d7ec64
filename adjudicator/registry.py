"""Which games exist: a registry key names a game family, its data and its defaults.

"Which game" is one value, the key, stored once in the state (``state["game"]``) and read
back from it, the way python-chess reads a variant from a game's headers to pick the board
class. Adding a game or an edition means adding its data and one entry here; a Diplomacy
variant is only its data folder (found by a directory listing, docs/variants.md). The core
never imports a game module by name anywhere else (the family is named as text and imported
on first use).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.game import BaseGame, GameSpec
from adjudicator.resources import game_data_path

_SPECS = (
    GameSpec("diplomacy", "adjudicator.diplomacy.game:DiplomacyGame", "diplomacy-standard",
             "Diplomacy (standard map)", aliases=("diplomacy:standard", "dip")),
    GameSpec("aa1942", "adjudicator.axis_allies.game:AxisAlliesGame", "aa1942",
             "Axis & Allies 1942", aliases=("axis-allies-1942", "a&a1942", "aa42")),
    GameSpec("aa-revised", "adjudicator.axis_allies.game:AxisAlliesGame", "aa-revised",
             "Axis & Allies Revised", aliases=("aa_revised", "axis-allies-revised",
                                               "a&a-revised", "aar")),
)

#: Diplomacy variants: every ``games/diplomacy-<name>/`` folder with a ``variant.json``
#: (docs/variants.md) is registered as key ``diplomacy-<name>``, alias ``diplomacy:<name>``;
#: the standard map stays key ``diplomacy`` (its folder is the static entry above).
_VARIANT_FAMILY = "adjudicator.diplomacy.game:DiplomacyGame"
_VARIANT_PREFIX = "diplomacy-"
_STATIC: dict[str, GameSpec] = {s.key: s for s in _SPECS}
_STATIC_ALIASES: dict[str, str] = {a.lower(): s.key for s in _SPECS for a in (s.key, *s.aliases)}
_found: dict[str, GameSpec] | None = None


def _variants() -> dict[str, GameSpec]:
    """The Diplomacy variants under ``games/``: one directory listing, the first time a
    name is not a static key or the keys are listed (no file is parsed)."""
    global _found
    if _found is None:
        taken = {s.data for s in _SPECS}
        try:
            folders = sorted(p for p in game_data_path("").iterdir()
                             if p.name.startswith(_VARIANT_PREFIX) and p.name not in taken
                             and (p / "variant.json").is_file())
        except FileNotFoundError:
            folders = []
        _found = {
            p.name: GameSpec(p.name, _VARIANT_FAMILY, p.name, _variant_title(p),
                             aliases=(f"diplomacy:{p.name.removeprefix(_VARIANT_PREFIX)}",))
            for p in folders
        }
    return _found


def _variant_title(folder) -> str:
    """``Diplomacy (Ancient Mediterranean)``: the title its ``variant.json`` gives (the
    loader validates the file; a folder it cannot read is still named, by its name)."""
    import json

    name = folder.name.removeprefix(_VARIANT_PREFIX)
    try:
        title = json.loads((folder / "variant.json").read_text(encoding="utf-8"))["title"]
    except (OSError, ValueError, KeyError, TypeError):
        return f"Diplomacy variant {name}"
    return f"Diplomacy ({title})" if isinstance(title, str) and title.strip() else \
        f"Diplomacy variant {name}"


class _Games(Mapping[str, GameSpec]):
    """registry key -> entry: the static entries, then the variants found under games/
    (looked for only when a key is not static, or when the keys are listed)."""

    def __getitem__(self, key: str) -> GameSpec:
        if key in _STATIC:
            return _STATIC[key]
        return _variants()[key]

    def __iter__(self):
        yield from _STATIC
        yield from _variants()

    def __len__(self) -> int:
        return len(_STATIC) + len(_variants())


#: registry key -> entry
GAMES: Mapping[str, GameSpec] = _Games()


def canonical_key(name: str) -> str:
    """The registry key for ``name`` (a key or an alias, any case); refuses unknown names."""
    wanted = str(name).strip().lower()
    key = _STATIC_ALIASES.get(wanted)
    if key is None:
        key = next((s.key for s in _variants().values()
                    if wanted in (s.key.lower(), *(a.lower() for a in s.aliases))), None)
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
