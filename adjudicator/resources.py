"""Where the bundled data lives: ``games/``, ``grammar/`` and ``templates/``.

In a checkout they sit beside the package; in an installed wheel they are
packaged as ``adjudicator/_data/...`` (see ``pyproject.toml``). Looking in both
places lets ``pip install -e .`` and ``pip install .`` behave the same.
"""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _root(kind: str) -> Path:
    for candidate in (_PKG / "_data" / kind, _PKG.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled {kind}/ folder not found next to {_PKG}")


def game_data_path(name: str) -> Path:
    return _root("games") / name


def grammar_path(family: str) -> Path:
    return _root("grammar") / f"{family}.lark"


def templates_path() -> Path:
    return _root("templates")
