"""Where press lives (desk/press/, desk/diary/), what adj fsck says of it, the settings."""

from __future__ import annotations

import json
import stat

import pytest
from presskit import press_game, press_mail

from adjudicator.desk import fsck, press


def _send(desk, t, body="PRESS TO England\nhi\nENDPRESS\n"):
    desk.ingest(press_mail("p1", "France", t["France"], body))


def test_press_files_are_private_numbered_and_complete(desk):
    t = press_game(desk)
    _send(desk, t)
    _send(desk, t, "BROADCAST\nall\nENDPRESS\n")
    folder = desk.folder("p1")
    files = sorted((folder.path / "desk" / "press").glob("*.json"))
    assert [f.name for f in files] == ["000001.json", "000002.json"]
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    rec = json.loads(files[0].read_text())
    assert {"id", "phase", "time", "sender", "to", "grey", "fake", "fake_to", "text",
            "source", "moderator", "observers"} <= set(rec)
    assert rec["source"].startswith("mail:<") and rec["time"] == "2025-03-01T12:00:00Z"


def test_fsck_is_clean_after_press_and_diary(desk):
    t = press_game(desk)
    _send(desk, t)
    _send(desk, t, "DIARY\nnote\nENDPRESS\n")
    result = fsck.check_game(desk.folder("p1"))
    assert result["audit"] == []


def test_fsck_finds_a_press_changed_after_the_fact(desk):
    t = press_game(desk)
    _send(desk, t)
    p = desk.folder("p1").path / "desk" / "press" / "000001.json"
    rec = json.loads(p.read_text())
    rec["text"] = "something else"
    p.write_text(json.dumps(rec))
    assert any("not the one the audit log recorded" in x
               for x in fsck.check_game(desk.folder("p1"))["audit"])


def test_fsck_finds_a_press_file_gone_or_broken(desk):
    t = press_game(desk)
    _send(desk, t)
    _send(desk, t)
    d = desk.folder("p1").path / "desk" / "press"
    (d / "000001.json").unlink()
    assert any("press 1: recorded in the audit log but its file is gone" in x
               for x in fsck.check_game(desk.folder("p1"))["audit"])
    (d / "000002.json").write_text("{not json")
    assert any("000002.json unreadable" in x for x in fsck.check_game(desk.folder("p1"))["audit"])


def test_public_press_and_diaries_shapes(desk):
    t = press_game(desk)
    _send(desk, t, "BROADCAST\nhello\nENDPRESS\n")
    _send(desk, t)  # partial: never public
    folder = desk.folder("p1")
    assert press.public_press(folder) == [{"id": 1, "phase": "S1901M",
                                           "time": "2025-03-01T12:00:00Z", "text": "hello",
                                           "sender": "France"}]
    assert press.diaries(folder, folder.read_state()) == {}


@pytest.mark.parametrize("words, expected", [
    ("grey", {"mode": "grey"}),
    ("gray", {"mode": "grey"}),
    ("white/grey", {"mode": "white-grey"}),
    ("no-press", {"mode": "none"}),
    ("broadcast-only", {"partial": False}),
    ("retreat=no, adjustment=no", {"retreat": False, "adjustment": False}),
    ("observers=all late=yes fake=on", {"observers": "all", "late": True, "fake": True}),
])
def test_settings_words(words, expected):
    assert press.parse_settings(words) == expected


@pytest.mark.parametrize("words, message", [
    ("blue", "unknown press setting 'blue'"),
    ("retreat=perhaps", "retreat='perhaps': expected yes or no"),
    ("observers=some", "expected one of all, broadcast, none"),
    ("fakes=yes", "did you mean fake?"),
])
def test_bad_settings_words_are_refused_with_what_is_expected(words, message):
    with pytest.raises(press.PressError, match=message.replace("(", r"\(").replace("?", r"\?")):
        press.parse_settings(words)


def test_settings_change_is_audited(desk):
    press_game(desk)
    folder = desk.folder("p1")
    with folder.lock():
        press.configure(folder, {"mode": "grey"})
    from adjudicator.desk.audit import game_audit

    assert any(r["event"] == "press-settings" and r["data"]["press"]["mode"] == "grey"
               for r in game_audit(folder.path).records())


def test_fsck_finds_invalid_press_settings(desk):
    press_game(desk)
    folder = desk.folder("p1")
    settings = folder.settings()
    settings.setdefault("desk", {})["press"] = {"mode": "purple", "late": "sometimes"}
    with folder.lock():
        folder.write_settings(settings)
    found = fsck.check_game(folder)["audit"]
    assert "settings.json desk.press: invalid mode='purple'" in found
    assert "settings.json desk.press: invalid late='sometimes'" in found


@pytest.mark.parametrize("header, to, fake_to", [
    ("TO England, Germany", ["England", "Germany"], "-"),
    ("TO Eng ger", ["England", "Germany"], "-"),
    ("TO FRG", ["France", "Russia", "Germany"], "-"),
    ("TO ALL", None, "-"),
    ("TO ALL BUT R T", ["Austria", "England", "France", "Germany", "Italy"], "-"),
    ("+EG", ["England", "Germany"], "-"),
    ("TO R FAKE BROADCAST", ["Russia"], None),
    ("FAKE TO F R", None, ["France", "Russia"]),
    ("FAKE BROADCAST TO F R G", ["France", "Russia", "Germany"], None),
    ("TO E FAKE TO F G", ["England"], ["France", "Germany"]),
])
def test_njudge_headers(header, to, fake_to):
    from adjudicator.registry import get_game

    game = get_game("diplomacy")
    spec = press.parse_header(game, game.new_state({}), "PRESS", header)
    assert spec.to == to
    if fake_to != "-":
        assert spec.fake and spec.fake_to == fake_to


@pytest.mark.parametrize("header, message", [
    ("", "PRESS needs its recipients"),
    ("TO", "TO needs the recipients"),
    ("TO ALL BUT", "TO ALL BUT needs the powers left out"),
    ("TO Englnd", "did you mean England?"),
    ("TO E FAKE TO M", "cannot be faked as going to the moderator"),
])
def test_bad_headers_are_refused_with_what_is_expected(header, message):
    from adjudicator.registry import get_game

    game = get_game("diplomacy")
    with pytest.raises(press.PressError, match=message.replace("?", r"\?")):
        press.parse_header(game, game.new_state({}), "PRESS", header)
