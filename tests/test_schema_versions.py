"""Games created with state format 1 (before 0.2.0) keep working: they are read, resolved in
their own format, and still replay byte for byte (docs/state-format.md, version history)."""

from __future__ import annotations

import json

import pytest

from adjudicator import service
from adjudicator.canonical import canonical_json
from adjudicator.desk.fsck import check_game
from adjudicator.store import SCHEMA_VERSION, GameFolder, StoreError, atomic_write


def _as_version_1(folder: GameFolder, data: str) -> None:
    """Rewrite a fresh game as 0.1.0 wrote it: schema 1, ``variant``, the game in settings."""
    for name in ("initial.json", "game.json"):
        state = json.loads((folder.path / name).read_text())
        state.update(schema_version=1, variant=data)
        atomic_write(folder.path / name, canonical_json(state))
    settings = folder.settings()
    settings["game"] = folder.read_state()["game"]
    folder.write_settings(settings)


@pytest.mark.parametrize("kind, data", [("diplomacy", "diplomacy-standard"),
                                        ("aa1942", "aa1942")])
def test_a_version_1_game_plays_on_in_its_own_format(tmp_path, kind, data):
    folder = service.new_game(tmp_path / "old", kind)
    assert folder.read_state()["schema_version"] == SCHEMA_VERSION == 2
    assert "variant" not in folder.read_state() and "game" not in folder.settings()
    _as_version_1(folder, data)
    service.adjudicate(folder, force=True)
    service.adjudicate(folder, force=True)
    state = folder.read_state()
    assert state["schema_version"] == 1 and state["variant"] == data
    assert check_game(folder) == {"schema": [], "replay": [], "audit": []}


def test_an_unknown_version_is_refused(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    state = folder.read_state()
    atomic_write(folder.path / "game.json", canonical_json({**state, "schema_version": 3}))
    with pytest.raises(StoreError, match="reads 1, 2"):
        folder.read_state()
