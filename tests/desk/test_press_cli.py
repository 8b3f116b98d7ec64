"""Press from the command line: adj new --press, adj press-settings, adj press."""

from __future__ import annotations

import json

from deskutil import body_of, recipients
from presskit import OBSERVER, PLAYERS, press_game, relayed

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.desk import press


def run(desk, *args, code=0, input=None):
    res = CliRunner().invoke(main, ["--judge", str(desk.judge.path), *args], input=input)
    assert res.exit_code == code, res.output
    return res


def test_new_game_takes_press_settings(desk):
    out = json.loads(run(desk, "new", "diplomacy", "gp", "--press", "grey",
                         "--press-option", "retreat=no", "--press-option", "observers=none",
                         "--json").output)
    assert out["desk"]["press"]["mode"] == "grey"
    s = press.settings_of(desk.folder("gp"))
    assert (s["mode"], s["retreat"], s["observers"], s["partial"]) == ("grey", False, "none",
                                                                      True)


def test_new_game_refuses_a_bad_press_setting_and_creates_nothing(desk):
    res = run(desk, "new", "diplomacy", "gq", "--press", "gray-ish", code=1)
    assert "unknown press setting 'gray-ish'" in res.output
    res = run(desk, "new", "diplomacy", "gq", "--press-option", "retreats=no", code=1)
    assert "did you mean retreat?" in res.output
    assert not (desk.judge.path / "games" / "gq").exists()


def test_press_settings_shows_and_changes(desk):
    press_game(desk)
    assert "white press (the sender is named)" in run(desk, "press-settings", "p1").output
    res = run(desk, "press-settings", "p1", "white-grey", "fake=yes", "late=no")
    assert "white or grey press" in res.output and "fake press allowed" in res.output
    s = press.settings_of(desk.folder("p1"))
    assert (s["mode"], s["fake"], s["late"]) == ("white-grey", True, False)
    run(desk, "press-settings", "p1", "late=maybe", code=1)
    assert press.settings_of(desk.folder("p1"))["late"] is False  # unchanged by bad input


def test_cli_press_from_a_power(desk, tmp_path):
    press_game(desk)
    f = tmp_path / "note.txt"
    f.write_text("Greetings from Paris.\n")
    res = run(desk, "press", "p1", "--from", "France", "--to", "England,Germany", str(f))
    assert "press 1 sent to England, Germany" in res.output
    [msg] = relayed(desk)
    assert sorted(recipients(msg)) == sorted([PLAYERS["England"], PLAYERS["Germany"]])
    assert "Greetings from Paris." in body_of(msg) and "from France" in str(msg["Subject"])


def test_cli_broadcast_and_grey_follow_the_settings(desk, tmp_path):
    press_game(desk)
    f = tmp_path / "note.txt"
    f.write_text("hello\n")
    res = run(desk, "press", "p1", "--from", "France", "--to", "all", "--grey", str(f), code=1)
    assert "white press only" in res.output
    run(desk, "press", "p1", "--from", "France", "--to", "all", str(f))
    [msg] = relayed(desk)
    assert OBSERVER in recipients(msg) and str(msg["Subject"]) == "[p1] Broadcast from France"


def test_cli_press_from_the_moderator_is_always_allowed(desk, tmp_path):
    press_game(desk, settings="none")
    res = run(desk, "press", "p1", "--to", "all", "-", input="The deadline moves.\n")
    assert "press 1 sent to everyone" in res.output
    [msg] = relayed(desk)
    assert "from the moderator" in str(msg["Subject"])
    assert press.public_press(desk.folder("p1"))[0]["sender"] == press.MODERATOR


def test_cli_press_unknown_power_is_refused(desk, tmp_path):
    press_game(desk)
    res = run(desk, "press", "p1", "--from", "France", "--to", "Englnd", "-", input="x\n",
              code=1)
    assert "did you mean England?" in res.output
    assert relayed(desk) == []


def test_cli_press_list_is_the_moderators_record(desk):
    press_game(desk, settings="grey")
    run(desk, "press", "p1", "--from", "Russia", "--to", "E", "-", input="psst\n")
    out = run(desk, "press", "p1", "--list").output
    assert "Russia (grey) -> England" in out and "psst" in out


def test_history_of_a_phase_shows_its_press(desk):
    press_game(desk, settings="grey")
    run(desk, "press", "p1", "--from", "Russia", "--to", "E", "-", input="psst\n")
    run(desk, "adjudicate", "p1", "--force")
    out = run(desk, "history", "p1", "S1901M").output
    assert "Press:" in out and "Russia (grey) -> England" in out and "psst" in out
