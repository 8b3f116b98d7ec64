"""Deadlines and ``adj tick``: per-kind lengths, grace, early processing, reminders once,
lateness per player, pause/resume, idempotence."""

from __future__ import annotations

import pytest
from deskutil import body_of, order_mail, recipients

from adjudicator import service
from adjudicator.desk import deadlines
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game, tick_judge
from adjudicator.registry import get_game


def test_parse_duration():
    assert deadlines.parse_duration("48h") == 172800
    assert deadlines.parse_duration("1d12h") == 129600
    assert deadlines.parse_duration("90m") == 5400
    assert deadlines.parse_duration("24") == 86400
    for bad in ("", "h", "-3h", "1y", "12 parsecs"):
        with pytest.raises(deadlines.DeadlineError):
            deadlines.parse_duration(bad)


def test_phase_kind_is_asked_of_the_game():
    game = get_game("diplomacy")
    assert game.phase_kind({"phase": "S1901M"}) == "movement"
    assert game.phase_kind({"phase": "F1901R"}) == "retreat"
    assert game.phase_kind({"phase": "W1901A"}) == "adjustment"
    from adjudicator.game import BaseGame

    assert BaseGame.phase_kind(game, {"phase": "x"}) == "default"  # a game keeping the default


def test_deadline_set_at_creation(desk):
    sched = deadlines.load_schedule(desk.folder())
    assert sched["deadline"] == "2025-03-03T12:00:00Z" and sched["kind"] == "movement"


def test_tick_before_deadline_does_nothing_and_is_idempotent(desk, clock):
    clock("2025-03-02T00:00:00Z")
    assert all(not r.actions for r in tick_judge(desk.judge))
    assert desk.folder().read_state()["phase"] == "S1901M"


def test_reminder_once_per_phase_to_missing_players(desk, clock):
    clock("2025-03-03T01:00:00Z")  # 11h before the deadline, reminder window is 12h
    first = tick_game(desk.folder())
    tick_game(desk.folder())
    [said] = [a for a in first.actions if a.startswith("reminded: ")]
    assert "no player: Austria" in said  # only powers with a player get mail
    reminders = [m for m in desk.outbox() if "Reminder" in str(m["Subject"])
                 and "[g1]" in str(m["Subject"])]
    assert len(reminders) == 1
    assert "alice@example.org" in recipients(reminders[0])
    assert "Still missing: Austria, England, France" in body_of(reminders[0])


def test_reminders_and_late_notices_read_in_each_players_time_zone(desk, clock):
    """Issue 13: every deadline in a reminder is in the reader's zone (and UTC). Players who
    set a zone get their own mail; the others one mail in the judge's zone (UTC here)."""
    from adjudicator.desk import timezones

    timezones.set_zone(desk.judge, "alice@example.org", "Europe/Prague")
    clock("2025-03-03T01:00:00Z")  # the deadline is 2025-03-03T12:00:00Z
    tick_game(desk.folder())
    reminders = [m for m in desk.outbox() if "Reminder" in str(m["Subject"])
                 and "[g1]" in str(m["Subject"])]
    by_reader = {tuple(recipients(m)): m for m in reminders}
    prague = by_reader[("alice@example.org",)]
    assert "Monday 3 March 2025, 13:00 CET (12:00 UTC)" in str(prague["Subject"])
    assert "due Monday 3 March 2025, 13:00 CET (12:00 UTC)" in body_of(prague)
    [others] = [m for r, m in by_reader.items() if "alice@example.org" not in r]
    assert "bob@example.org" in recipients(others)
    assert "Monday 3 March 2025, 12:00 UTC" in body_of(others) and "CET" not in body_of(others)
    with desk.folder().lock():
        deadlines.configure(desk.folder(), grace="12h")  # late first, processed at 00:00
    clock("2025-03-03T13:00:00Z")
    tick_game(desk.folder())
    late = [m for m in desk.outbox() if "LATE" in str(m["Subject"])]
    assert any(recipients(m) == ["alice@example.org"] and "processed Tuesday 4 March 2025, "
               "01:00 CET (00:00 UTC)" in body_of(m) for m in late)
    assert any("bob@example.org" in recipients(m) and "01:00 CET" not in body_of(m)
               for m in late)


def test_deadline_passed_forces_with_nmr_and_records_lateness(desk, clock):
    service.submit_orders(desk.folder(), "France", "A Par - Bur\n")
    clock("2025-03-03T12:00:00Z")
    [rep] = [r for r in tick_judge(desk.judge) if r.game == "g1"]
    assert rep.actions[0].startswith("adjudicated S1901M (deadline)")
    folder = desk.folder()
    assert folder.read_state()["phase"] == "F1901M"
    assert folder.history()[-1]["nmr"] == ["Austria", "England", "Germany", "Italy", "Russia",
                                           "Turkey"]
    late = Roster(folder).load()["lateness"]
    assert late["England"]["nmr"] == 1 and "France" not in late
    assert late["England"]["phases"]["S1901M:nmr"] == "bob@example.org"
    # the new phase got its own deadline from now
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-05T12:00:00Z"
    # idempotent: a second tick at the same moment changes nothing
    n = len(folder.history())
    tick_judge(desk.judge)
    assert len(folder.history()) == n


def test_grace_marks_late_first_then_forces(desk, clock):
    folder = desk.folder()
    with folder.lock():
        deadlines.configure(folder, grace="12h")
    clock("2025-03-03T13:00:00Z")
    rep = tick_game(folder)
    assert folder.read_state()["phase"] == "S1901M"
    assert rep.actions == ["late: Austria, England, France, Germany, Italy, Russia, Turkey"]
    assert Roster(folder).load()["lateness"]["France"]["late"] == 1
    assert any("LATE" in str(m["Subject"]) for m in desk.outbox())
    tick_game(folder)  # once per phase
    assert Roster(folder).load()["lateness"]["France"]["late"] == 1
    clock("2025-03-04T00:00:00Z")
    tick_game(folder)
    assert folder.read_state()["phase"] == "F1901M"


def test_early_processing_when_all_orders_are_in(desk, clock):
    folder = desk.folder()
    for power in service.game_of(folder).powers(folder.read_state()):
        service.submit_orders(folder, power, "# all hold\n")
    tick_game(folder)
    assert folder.read_state()["phase"] == "F1901M"
    with folder.lock():
        deadlines.configure(folder, early=False)
    for power in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
        service.submit_orders(folder, power, "# all hold\n")
    tick_game(folder)
    assert folder.read_state()["phase"] == "F1901M"


def test_pause_and_resume(desk, clock):
    folder = desk.folder()
    game = service.game_of(folder)
    clock("2025-03-02T12:00:00Z")  # 24h left
    with folder.lock():
        deadlines.pause(folder, game)
    clock("2025-03-10T00:00:00Z")
    assert tick_game(folder).actions == ["paused"]
    assert folder.read_state()["phase"] == "S1901M"
    with folder.lock():
        sched = deadlines.resume(folder, game)
    assert sched["deadline"] == "2025-03-11T00:00:00Z"


def test_moderator_moves_the_deadline(desk, clock):
    folder = desk.folder()
    game = service.game_of(folder)
    with folder.lock():
        deadlines.set_deadline(folder, game, extend="1d")
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-04T12:00:00Z"
    with folder.lock():
        deadlines.set_deadline(folder, game, at="2025-03-05T18:00+01:00")
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-05T17:00:00Z"


def test_length_follows_the_phase_kind(desk, clock):
    folder = desk.folder()
    with folder.lock():
        deadlines.configure(folder, lengths={"movement": "72h"})
    orders = {"Germany": "A Mun - Bur\nA Ber - Kie\n", "Austria": "A Vie - Tyr\n",
              "France": "A Par - Pic\n"}
    for p, o in orders.items():
        service.submit_orders(folder, p, o)
    service.adjudicate(folder, force=True)
    sched = deadlines.load_schedule(folder)
    assert (sched["kind"], sched["deadline"]) == ("movement", "2025-03-04T12:00:00Z")  # 72h


def test_late_mail_during_grace_is_recorded(desk, clock):
    folder = desk.folder()
    with folder.lock():
        deadlines.configure(folder, grace="12h")
    clock("2025-03-03T14:00:00Z")
    out = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par H\n"))
    assert out.status == "accepted"
    assert Roster(folder).load()["lateness"]["France"]["late"] == 1


# --- the idle note: a tick over many idle games reads little and writes nothing ------------
def _no_lock(monkeypatch):
    """Make taking a game's lock an error: an idle tick must not need it."""
    from adjudicator.store import GameFolder

    def refuse(self):
        raise AssertionError(f"{self.path.name}: the lock was taken")
    monkeypatch.setattr(GameFolder, "lock", refuse)


def test_an_idle_tick_takes_no_lock_and_writes_nothing(desk, clock, monkeypatch):
    clock("2025-03-02T00:00:00Z")
    tick_judge(desk.judge)  # looks at every game once and leaves its idle note
    schedules = {n: deadlines.schedule_path(desk.folder(n)) for n in ("g1", "g2")}
    before = {n: (p.read_bytes(), p.stat().st_mtime_ns) for n, p in schedules.items()}
    _no_lock(monkeypatch)
    clock("2025-03-02T06:00:00Z")
    assert all(not r.actions for r in tick_judge(desk.judge))
    assert {n: (p.read_bytes(), p.stat().st_mtime_ns) for n, p in schedules.items()} == before


def test_the_idle_note_expires_when_a_reminder_falls_due(desk, clock):
    clock("2025-03-02T00:00:00Z")
    tick_game(desk.folder())
    assert deadlines.load_schedule(desk.folder())["idle"]["until"] == "2025-03-03T00:00:00Z"
    clock("2025-03-03T00:00:00Z")  # 12h before the deadline: the reminder window opens
    assert any(a.startswith("reminded: ") for a in tick_game(desk.folder()).actions)


def test_a_submission_makes_the_next_tick_look(desk, clock):
    folder = desk.folder()
    clock("2025-03-02T00:00:00Z")
    tick_game(folder)
    assert "idle" in deadlines.load_schedule(folder)
    for power in service.game_of(folder).powers(folder.read_state()):
        service.submit_orders(folder, power, "# all hold\n")  # the API: no desk handler
    assert tick_game(folder).actions[0].startswith("adjudicated S1901M (early)")


def test_a_deadline_moved_earlier_is_never_skipped(desk, clock):
    folder = desk.folder()
    game = service.game_of(folder)
    clock("2025-03-02T00:00:00Z")
    tick_game(folder)
    with folder.lock():
        deadlines.set_deadline(folder, game, within="1h")
    assert "idle" not in deadlines.load_schedule(folder)
    clock("2025-03-02T01:00:00Z")
    assert tick_game(folder).actions[0].startswith("adjudicated S1901M (deadline)")


def test_a_paused_game_still_says_so(desk, clock, monkeypatch):
    folder = desk.folder()
    with folder.lock():
        deadlines.pause(folder, service.game_of(folder))
    assert tick_game(folder).actions == ["paused"]
    _no_lock(monkeypatch)
    clock("2025-04-01T00:00:00Z")
    assert tick_game(folder).actions == ["paused"]
