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


def test_an_empty_submission_replaces_nothing_and_is_not_ordered(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    first = service.submit_orders(folder, "France", "A Par - Bur\n")
    assert first.counted
    for empty in ("", "\n\n", "   \n"):  # an empty file, stdin at its end
        ack = service.submit_orders(folder, "France", empty)
        assert not ack.counted and "France" not in ack.waiting_for
        assert folder.latest_submissions("S1901M")["France"].version == first.version
    assert service.submit_orders(folder, "Germany", "").waiting_for.count("Germany") == 1
    deliberate = service.submit_orders(folder, "Germany", "# all hold\n")
    assert deliberate.counted and "Germany" not in deliberate.waiting_for


def test_conversation_is_listed_once_and_never_counts_as_orders(tmp_path, monkeypatch):
    from adjudicator.errors import IgnoredLine, ParseResult
    from adjudicator.registry import get_game

    game = get_game("diplomacy")
    monkeypatch.setattr(type(game), "parse", lambda self, text, state=None: ParseResult(
        ignored=[IgnoredLine(1, "Hi all,"), IgnoredLine(2, "see you tomorrow")]))
    folder = service.new_game(tmp_path / "g", "diplomacy")
    ack = service.submit_orders(folder, "France", "Hi all,\nsee you tomorrow\n")
    assert ack.ok and not ack.counted
    text = ack.describe()
    assert text.count("Ignored (not read as orders):") == 1 and "line  2: see you" in text
    assert ack.to_json()["ignored"] == [{"line": 1, "text": "Hi all,"},
                                        {"line": 2, "text": "see you tomorrow"}]


def test_a_moderator_names_a_power_exactly_or_by_abbreviation(tmp_path):
    import pytest

    from adjudicator.errors import AdjudicatorError

    folder = service.new_game(tmp_path / "g", "diplomacy")
    assert service.submit_orders(folder, "french", "A Par H\n").power == "France"
    assert service.submit_orders(folder, "Ger", "A Mun H\n").power == "Germany"
    with pytest.raises(AdjudicatorError, match="'Frnace' \\(did you mean France\\?\\)"):
        service.submit_orders(folder, "Frnace", "A Par H\n")
    with pytest.raises(AdjudicatorError, match="unknown power 'Au'"):  # too short to say
        service.submit_orders(folder, "Au", "A Vie H\n")
    game = service.game_of(folder)
    assert service.find_power(game, folder.read_state(), "Frnace") == "France"  # mail: lenient


def _two_games_ready(tmp_path, monkeypatch):
    """Two copies of a game with every power's orders in, a syntax error among them.

    The clock is fixed: the two copies are adjudicated at different moments, and their
    histories must be comparable byte for byte even when a second ticks between them."""
    import shutil

    monkeypatch.setenv("ADJ_NOW", "2025-03-01T12:00:00Z")

    folder = service.new_game(tmp_path / "a", "diplomacy")
    texts = {"France": "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao\nA Mar - Bergundy\n",
             "Germany": "A Mun - Bur\nF Kie - Den\n"}
    for power in POWERS:
        service.submit_orders(folder, power, texts.get(power, "# all hold\n"))
    shutil.copytree(folder.path, tmp_path / "b")
    return folder, GameFolder(tmp_path / "b")


def _history_bytes(folder):
    return [p.read_text() for p in folder.history_files()] + [folder.state_text()]


def test_adjudication_reads_the_orders_kept_with_each_submission(tmp_path, monkeypatch):
    """A submission keeps how its text was read; adjudicating reads that back and parses
    nothing (nor loads the parser), with the very same history as parsing the texts."""
    from adjudicator.diplomacy.game import DiplomacyGame

    kept, parsed = _two_games_ready(tmp_path, monkeypatch)
    meta = kept.path / "orders" / "S1901M" / "France-1.json"
    assert '"reader": "diplomacy ' in meta.read_text()
    for path in (parsed.path / "orders" / "S1901M").glob("*.json"):  # as an older version
        path.write_text(path.read_text().replace('"reader": "diplomacy ', '"reader": "old '))
    service.adjudicate(parsed)

    def no_parsing(self, text, state=None):
        raise AssertionError("parsed again")

    monkeypatch.setattr(DiplomacyGame, "parse", no_parsing)
    entry = service.adjudicate(kept)
    assert entry["submissions"]["France"]["syntax_errors"][0]["line"] == 4
    assert _history_bytes(kept) == _history_bytes(parsed)


def test_a_kept_reading_that_cannot_be_read_back_is_parsed_again(tmp_path, monkeypatch):
    damaged, parsed = _two_games_ready(tmp_path, monkeypatch)
    meta = damaged.path / "orders" / "S1901M" / "France-1.json"
    meta.write_text(meta.read_text().replace('"kind": "Move"', '"kind": "Teleport"'))
    service.adjudicate(damaged)
    service.adjudicate(parsed)
    assert _history_bytes(damaged) == _history_bytes(parsed)


def test_fsck_finds_kept_orders_that_are_not_what_the_text_says(tmp_path, monkeypatch):
    folder, _ = _two_games_ready(tmp_path, monkeypatch)
    assert service.verify_submissions(folder) == []
    meta = folder.path / "orders" / "S1901M" / "France-1.json"
    meta.write_text(meta.read_text().replace('"dest": "mao"', '"dest": "eng"'))
    assert service.verify_submissions(folder) == [
        ("orders/S1901M/France-1.txt: the orders kept with it are not what its text says "
         "(adjudicating would use them)")]
