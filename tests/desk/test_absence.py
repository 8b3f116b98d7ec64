"""Absences by mail (docs/judge-lifecycle.md): SET ABSENCE moves deadlines, within limits."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from deskutil import body_of
from lifeutil import power_mail

from adjudicator import service
from adjudicator.desk import absence, deadlines, timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.tick import tick_game

# the desk fixture: g1 at 2025-03-01 12:00 UTC, deadline 2025-03-03 12:00 (48h);
# alice plays France and Germany, bob England


def absent(desk, text: str, power: str = "France", sender: str = "alice@example.org",
           game: str = "g1") -> str:
    return power_mail(desk, game, power, desk.tokens[game][power], text, sender)[1]


def test_an_absence_over_the_current_deadline_moves_it_and_everyone_is_told(desk) -> None:
    reply = absent(desk, "SET ABSENCE 2025-03-02 TO 2025-03-05")
    assert "Absence recorded for France: Sun 02 Mar 2025 to Wed 05 Mar 2025 (4 day(s))." \
        in reply
    assert "The current deadline moved to Thursday 6 March 2025, 00:00 UTC" in reply
    folder = desk.folder("g1")
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-06T00:00:00Z"
    assert game_audit(folder.path).has("deadline-change", to="2025-03-06T00:00:00Z")
    [told] = [m for m in desk.outbox() if str(m["Subject"]) == "[g1] Deadline moved"]
    assert "France declared an absence" in body_of(told)
    assert "bob@example.org" in str(told["Bcc"]) and "alice@example.org" in str(told["Bcc"])


def test_an_absence_after_the_deadline_leaves_it(desk) -> None:
    reply = absent(desk, "SET ABSENCE 10 Mar TO 12 Mar")
    assert "Absence recorded for France" in reply and "deadline moved" not in reply
    assert deadlines.load_schedule(desk.folder("g1"))["deadline"] == "2025-03-03T12:00:00Z"


def test_an_absence_over_the_maximum_is_refused(desk) -> None:
    reply = absent(desk, "SET ABSENCE 2025-03-10 TO 2025-03-30")
    assert "21 day(s) of absence would make 21 in this game; the maximum is 14" in reply
    assert absence.load(desk.folder("g1")) == {}
    absent(desk, "SET ABSENCE 2025-03-10 TO 2025-03-19")  # 10 days: fine
    reply = absent(desk, "SET ABSENCE 2025-04-01 TO 2025-04-05", power="England",
                   sender="bob@example.org")  # another player has their own 14
    assert "Absence recorded for England" in reply


def test_the_maximum_counts_every_absence_of_the_player(desk) -> None:
    absent(desk, "SET ABSENCE 2025-03-10 TO 2025-03-19")
    reply = absent(desk, "SET ABSENCE 2025-04-01 TO 2025-04-05", power="Germany")
    # alice holds Germany too, but each power of a seven-player game is its own player
    assert "Absence recorded for Germany" in reply
    reply = absent(desk, "SET ABSENCE 2025-05-01 TO 2025-05-05")
    assert "would make 15 in this game; the maximum is 14 per player (10 already declared)" \
        in reply


def test_an_absence_in_the_past_is_refused(desk) -> None:
    reply = absent(desk, "SET ABSENCE 2025-02-01 TO 2025-02-03")
    assert "is in the past" in reply
    assert absence.load(desk.folder("g1")) == {}


def test_absences_not_allowed_are_refused(desk) -> None:
    folder = desk.folder("g1")
    with folder.lock():
        absence.configure(folder, allowed=False)
    reply = absent(desk, "SET ABSENCE 2025-03-02")
    assert "absences are not allowed in this game" in reply
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-03T12:00:00Z"


def test_an_unreadable_day_is_refused_with_the_expected_form(desk) -> None:
    reply = absent(desk, "SET ABSENCE next week")
    assert "cannot read the day 'next week': write e.g. 2025-12-24 or 24 Dec" in reply \
        or "cannot read the day 'next week': write e.g. 2026-12-24 or 24 Dec" in reply
    assert absence.load(desk.folder("g1")) == {}


def test_set_no_absence_withdraws_the_absences_to_come(desk) -> None:
    absent(desk, "SET ABSENCE 2025-03-10 TO 2025-03-12")
    reply = absent(desk, "SET NO ABSENCE")
    assert "Absences withdrawn: Mon 10 Mar 2025 to Wed 12 Mar 2025 (3 day(s))." in reply
    assert absence.load(desk.folder("g1")) == {}


def test_a_new_phase_deadline_inside_an_absence_moves_across_a_tick(desk, clock) -> None:
    folder = desk.folder("g1")
    # S1901M is due 3 March 12:00; the next phase would be due 5 March 12:00
    absent(desk, "SET ABSENCE 2025-03-05 TO 2025-03-06", power="England",
           sender="bob@example.org")
    clock("2025-03-03T12:00:01Z")
    report = tick_game(folder)
    assert any(a.startswith("adjudicated S1901M") for a in report.actions)
    assert folder.read_state()["phase"] == "F1901M"
    sched = deadlines.load_schedule(folder)
    assert sched["deadline"] == "2025-03-07T00:00:00Z"
    assert game_audit(folder.path).has("deadline-set", phase="F1901M", absent=["England"])
    # nothing falls due at the old time
    clock("2025-03-06T00:00:00Z")
    tick_game(folder)
    assert folder.read_state()["phase"] == "F1901M"


def test_an_absent_power_the_phase_does_not_wait_for_moves_nothing(desk) -> None:
    folder = desk.folder("g1")
    game = service.game_of(folder)
    with folder.lock():
        absence.declare(folder, "Italy", "ivo@example.org", "2025-03-05 TO 2025-03-06",
                        datetime(2025, 3, 1, 12, tzinfo=timezone.utc), "UTC")
    at = datetime(2025, 3, 5, 12, tzinfo=timezone.utc)
    assert absence.shift(folder, at, ["France"]) == (at, [])
    moved, who = absence.shift(folder, at, game.who_must_act(folder.read_state()))
    assert who == ["Italy"] and moved == datetime(2025, 3, 7, tzinfo=timezone.utc)


def test_the_days_are_the_players_time_zone(desk) -> None:
    timezones.set_zone(desk.judge, "alice@example.org", "Asia/Tokyo")
    absent(desk, "SET ABSENCE 2025-03-10")
    [entry] = absence.load(desk.folder("g1"))["France"]
    assert entry["from"] == "2025-03-09T15:00:00Z" and entry["to"] == "2025-03-10T15:00:00Z"


@pytest.mark.parametrize("text, first, last", [
    ("2025-12-24 TO 2025-12-28", date(2025, 12, 24), date(2025, 12, 28)),
    ("24 Dec to 28 Dec", date(2025, 12, 24), date(2025, 12, 28)),
    ("Dec 24 until Jan 2", date(2025, 12, 24), date(2026, 1, 2)),
    ("24th December 2025", date(2025, 12, 24), date(2025, 12, 24)),
    ("1 Feb", date(2026, 2, 1), date(2026, 2, 1)),  # past this year: next year's
])
def test_the_forms_of_a_day(text, first, last) -> None:
    assert absence.parse_range(text, date(2025, 3, 1)) == (first, last)


@pytest.mark.parametrize("text", ["31 Feb", "2025-13-01", "soon", "2025-12-05 TO 2025-12-01"])
def test_days_that_are_not_refused(text) -> None:
    with pytest.raises(absence.AbsenceError):
        absence.parse_range(text, date(2025, 3, 1))


def test_fsck_finds_an_absence_that_ends_before_it_begins(desk) -> None:
    from adjudicator.store import atomic_write, canonical_json

    folder = desk.folder("g1")
    absent(desk, "SET ABSENCE 2025-03-10")
    assert absence.fsck_problems(folder) == []
    data = absence.load(folder)
    data["France"][0]["to"] = "2025-03-01T00:00:00Z"
    atomic_write(absence.path(folder), canonical_json(data))
    assert absence.fsck_problems(folder) == [
        "desk/absences.json: an absence of France ends before it begins"]
