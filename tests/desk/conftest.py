"""Shared fixtures for the moderator's desk: a judge folder with games and players."""

from __future__ import annotations

from pathlib import Path

import pytest
from deskutil import T0, Desk

from adjudicator import service
from adjudicator.desk.judge import Judge
from adjudicator.desk.players import Roster


@pytest.fixture
def clock(monkeypatch):
    """Set the injectable clock: ``clock("2025-03-02T00:00:00Z")``."""
    def set_(when: str) -> None:
        monkeypatch.setenv("ADJ_NOW", when)
    set_(T0)
    return set_


@pytest.fixture
def desk(tmp_path: Path, clock, monkeypatch) -> Desk:
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    judge, mod = Judge.init(tmp_path / "judge", moderator_email="mod@example.org",
                            judge_address="judge@example.org")
    d = Desk(judge, mod)
    from adjudicator.desk.deadlines import configure_new_game

    for name in ("g1", "g2"):
        folder = service.new_game(judge.game_path(name), "diplomacy")
        configure_new_game(folder, ("48h", "retreat=24h", "adjustment=24h"), None, None, None)
        d.tokens[name] = {}
        with folder.lock():
            roster = Roster(folder)
            for power in ("France", "Germany", "England"):
                who = "alice" if power in ("France", "Germany") else "bob"
                d.tokens[name][power] = roster.set_player(power, f"{who}@example.org", "add")
    return d


@pytest.fixture(autouse=True)
def cheap_kdf(monkeypatch):
    """scrypt at full cost takes ~60 ms a check; the tests use a lower (stored) cost."""
    monkeypatch.setattr("adjudicator.desk.players.SCRYPT_N", 2**8)
