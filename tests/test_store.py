"""The game folder: atomic writes, locking, verbatim submissions, history archive."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest

from adjudicator import store
from adjudicator.store import GameFolder, StoreError, atomic_write, canonical_json

STATE = {"schema_version": 1, "game": "diplomacy", "phase": "S1901M", "units": []}


@pytest.fixture
def folder(tmp_path):
    return GameFolder.create(tmp_path / "g1", STATE, {"game": "diplomacy", "title": "g1"})


def test_create_writes_canonical_state(folder):
    assert folder.state_text() == canonical_json(STATE)
    assert folder.read_state() == STATE
    assert (folder.path / "history").is_dir() and (folder.path / "orders").is_dir()


def test_create_refuses_existing_game(folder):
    with pytest.raises(StoreError):
        GameFolder.create(folder.path, STATE, {})


@pytest.mark.parametrize("name", ["../evil", "a/b", "", ".hidden", "x" * 65, "sp ace", "nul\0"])
def test_hostile_game_names_are_rejected(tmp_path, name):
    with pytest.raises(StoreError):
        store.validate_game_name(name)


def test_unknown_schema_version_is_refused(folder):
    atomic_write(folder.path / "game.json", canonical_json({**STATE, "schema_version": 99}))
    with pytest.raises(StoreError, match="schema_version"):
        folder.read_state()


def test_atomic_write_failure_leaves_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    atomic_write(target, "old\n")

    def boom(fd):
        raise OSError("disk died")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]  # no temp file left behind


def _killed_writer(path: str) -> None:
    # Write a large file and get killed half-way: the rename never happens.
    atomic_write(Path(path), "x" * 50_000_000)


def test_process_killed_mid_write_leaves_previous_state(folder):
    ctx = multiprocessing.get_context("fork")
    proc = ctx.Process(target=_killed_writer, args=(str(folder.path / "game.json"),))
    proc.start()
    proc.join(0.05)
    proc.kill()
    proc.join()
    text = folder.state_text()
    assert text == canonical_json(STATE) or len(text) == 50_000_000


def test_resubmission_adds_a_version_and_never_overwrites(folder):
    a = folder.submit("S1901M", "France", "A par - bur\n")
    b = folder.submit("S1901M", "France", "A par - pic\n")
    assert (a.version, b.version) == (1, 2)
    assert (folder.path / "orders/S1901M/France-1.txt").read_text() == "A par - bur\n"
    assert folder.latest_submissions("S1901M")["France"].text == "A par - pic\n"
    meta = json.loads((folder.path / "orders/S1901M/France-2.json").read_text())
    assert meta["received"] and meta["sha256"]


def test_submission_is_kept_verbatim_byte_for_byte(folder):
    text = "  A Par - Bur  \r\n# comment ÄÖ\n\n"
    folder.submit("S1901M", "France", text)
    assert (folder.path / "orders/S1901M/France-1.txt").read_bytes() == text.encode()


def _submit_many(path: str, power: str, n: int) -> None:
    f = GameFolder(path)
    for i in range(n):
        with f.lock():
            f.submit("S1901M", power, f"{power} order {i}\n")


def test_concurrent_submissions_from_processes_all_land(folder):
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_submit_many, args=(str(folder.path), p, 15))
             for p in ("France", "Germany", "France")]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
        assert p.exitcode == 0
    subs = sorted((folder.path / "orders/S1901M").glob("*.txt"))
    assert len(subs) == 45
    versions = sorted(int(p.stem.split("-")[1]) for p in subs if p.name.startswith("France"))
    assert versions == list(range(1, 31))


def test_history_append_and_archive(folder):
    folder.append_history({"kind": "x", "phase": "S1901M"})
    folder.append_history({"kind": "x", "phase": "F1901M"})
    folder.append_history({"kind": "x", "phase": "W1901A"})
    assert [h["seq"] for h in folder.history()] == [1, 2, 3]
    dest = folder.archive_history_from(2)
    assert [h["phase"] for h in folder.history()] == ["S1901M"]
    assert sorted(p.name for p in dest.iterdir()) == ["0002-F1901M.json", "0003-W1901A.json"]


def test_lock_refuses_a_missing_folder_instead_of_creating_it(tmp_path):
    ghost = GameFolder(tmp_path / "ghost")
    with pytest.raises(StoreError, match="no game at"):
        ghost.lock()
    assert not ghost.path.exists()


def test_damaged_state_is_a_store_error(folder):
    (folder.path / "game.json").write_text("{torn", encoding="utf-8")
    with pytest.raises(StoreError, match="cannot be read"):
        folder.read_state()
    (folder.path / "settings.json").unlink()
    with pytest.raises(StoreError, match="missing"):
        folder.settings()


def test_latest_submissions_keeps_powers_with_a_common_prefix_apart(folder):
    with folder.lock():
        folder.submit("S1901M", "Soviet", "a\n")
        folder.submit("S1901M", "Soviet-Union", "b\n")
        folder.submit("S1901M", "Soviet", "c\n")
    latest = folder.latest_submissions("S1901M")
    assert {p: (s.version, s.text) for p, s in latest.items()} == {
        "Soviet": (2, "c\n"), "Soviet-Union": (1, "b\n")}
    assert (folder.next_version("S1901M", "Soviet"), folder.next_version("S1901M", "Soviet-Union"),
            folder.next_version("F1901M", "Soviet")) == (3, 2, 1)


def test_files_and_folders_are_private_unless_meant_to_be_served(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "g" / "orders" / "S1901M" / "France-1.txt", "secret\n")
        atomic_write(tmp_path / "site" / "index.html", "public\n", public=True)
    finally:
        os.umask(old)
    assert (tmp_path / "g" / "orders" / "S1901M" / "France-1.txt").stat().st_mode & 0o777 \
        == 0o600
    for d in ("g", "g/orders", "g/orders/S1901M"):
        assert (tmp_path / d).stat().st_mode & 0o777 == 0o700, d
    assert (tmp_path / "site" / "index.html").stat().st_mode & 0o777 == 0o644


def test_a_new_game_folder_is_readable_by_its_owner_only(tmp_path):
    from adjudicator import service

    old = os.umask(0o022)
    try:
        game = service.new_game(tmp_path / "g", "diplomacy")
        service.submit_orders(game, "France", "A Par - Bur\n")
    finally:
        os.umask(old)
    for p in [game.path, *game.path.rglob("*")]:
        assert p.stat().st_mode & 0o077 == 0, p


def test_latest_submissions_skip_ones_that_do_not_count_and_read_only_the_latest(folder,
                                                                                   monkeypatch):
    with folder.lock():
        folder.submit("S1901M", "France", "A par - bur\n")
        folder.submit("S1901M", "France", "A par - pic\n")
        folder.submit("S1901M", "France", "my orders follow tomorrow\n", counts=False)
        folder.submit("S1901M", "Italy", "thinking\n", counts=False)
    read = []
    real = Path.read_text

    def spy(self, *args, **kwargs):
        read.append(self.name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", spy)
    latest = folder.latest_submissions("S1901M")
    assert {p: (s.version, s.text) for p, s in latest.items()} == {"France": (2, "A par - pic\n")}
    assert [n for n in read if n.endswith(".txt")] == ["France-2.txt"]
    assert folder.has_submissions("S1901M") and not folder.has_submissions("F1901M")
