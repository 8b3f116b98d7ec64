"""The moderator's operations under concurrency and replay."""

from __future__ import annotations

import multiprocessing

from adjudicator import service
from adjudicator.store import GameFolder, canonical_json

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def _submit(path: str, power: str, barrier) -> None:
    barrier.wait()
    for _ in range(5):
        service.submit_orders(GameFolder(path), power, "# nothing but holds\n")


def test_simultaneous_submissions_for_different_powers_all_land(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(len(POWERS))
    procs = [ctx.Process(target=_submit, args=(str(folder.path), p, barrier)) for p in POWERS]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        assert p.exitcode == 0
    latest = folder.latest_submissions("S1901M")
    assert sorted(latest) == POWERS
    assert all(s.version == 5 for s in latest.values())
    assert service.status(folder)["missing"] == []


def test_validation_never_changes_state(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    before = folder.state_text()
    ack = service.submit_orders(folder, "France", "A Par - Mos\nF Lon - Nth\nA Mar - Bergundy\n")
    assert len(ack.errors) == 3
    assert folder.state_text() == before


def test_replaying_history_reproduces_game_json_byte_for_byte(tmp_path):
    folder = service.play_examples(tmp_path / "g", "diplomacy", log=lambda *_: None)
    assert len(folder.history()) == 8
    assert service.verify_replay(folder) == []
    # Re-resolving a phase twice from the same record gives identical bytes.
    game = service.game_of(folder)
    record = folder.history()[1]
    a = service.replay_state(folder, record, game, record["state_before"])
    b = service.replay_state(folder, record, game, record["state_before"])
    assert canonical_json(a) == canonical_json(b) == canonical_json(folder.history()[2]["state_before"])


def test_standing_orders_ack_lists_only_powers_still_missing(tmp_path):
    folder = service.new_game(tmp_path / "aa", "aa1942")
    service.submit_orders(folder, "ussr", "buy 8 inf\nplace: 8 inf Russia\n")
    ack = service.submit_orders(folder, "ussr", "standing: loss: art, inf\n")
    assert ack.applied and ack.waiting_for == []  # the USSR's turn is already in


def test_a_transition_killed_before_game_json_was_written_is_finished(tmp_path, monkeypatch):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    service.submit_orders(folder, "France", "A Par - Bur\n")
    real = GameFolder.write_state

    def killed(self, state):
        raise KeyboardInterrupt  # the process dies after the history record, before game.json

    monkeypatch.setattr(GameFolder, "write_state", killed)
    try:
        service.adjudicate(folder, force=True)
    except KeyboardInterrupt:
        pass
    monkeypatch.setattr(GameFolder, "write_state", real)
    assert folder.read_state()["phase"] == "S1901M"  # game.json still the old state
    assert len(folder.history()) == 1
    service.submit_orders(folder, "France", "A Bur - Mar\n")  # the next operation finishes it
    assert folder.read_state()["phase"] == "F1901M"
    assert service.verify_replay(folder) == []
    assert (folder.path / "reports" / "S1901M" / "report.txt").exists()
