"""The desk commands through the CLI, and forum posts through ``adj orders``."""

from __future__ import annotations

import json

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner


def run(*args, code=0, input=None, env=None):
    res = CliRunner().invoke(main, list(args), input=input, env=env)
    assert res.exit_code == code, res.output
    return res


def test_judge_init_player_tokens_and_names(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJ_NOW", "2025-03-01T12:00:00Z")
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    j = str(tmp_path / "j")
    out = json.loads(run("judge", "init", j, "--moderator-email", "m@x.org", "--json").output)
    assert len(out["moderator_password"]) >= 16
    secrets = (tmp_path / "j" / "secrets.json").read_text()
    assert out["moderator_password"] not in secrets
    assert oct((tmp_path / "j" / "secrets.json").stat().st_mode)[-3:] == "600"
    run("--judge", j, "new", "diplomacy", "alpha", "--deadline", "movement=72h",
        "--deadline", "retreat=1d")
    st = json.loads(run("--judge", j, "status", "alpha", "--json").output)
    assert st["phase"] == "S1901M"
    res = json.loads(run("--judge", j, "player", "add", "alpha", "france", "--email",
                         "f@x.org", "--json").output)
    token = res["password"]
    players = (tmp_path / "j" / "games" / "alpha" / "desk" / "players.json").read_text()
    assert token not in players and "f@x.org" in players
    run("--judge", j, "player", "add", "alpha", "France", "--email", "g@x.org", code=1)
    run("--judge", j, "player", "replace", "alpha", "France", "--email", "g@x.org")
    run("--judge", j, "player", "resign", "alpha", "France")
    run("--judge", j, "player", "takeover", "alpha", "France", "--email", "h@x.org")
    run("--judge", j, "observer", "add", "alpha", "--email", "o@x.org")
    listing = json.loads(run("--judge", j, "player", "list", "alpha", "--json").output)
    assert listing["powers"]["France"]["email"] == "h@x.org"
    assert "credential" not in json.dumps(listing)
    dl = json.loads(run("--judge", j, "deadline", "alpha", "--extend", "12h", "--json").output)
    assert dl["schedule"]["deadline"] == "2025-03-05T00:00:00Z"
    run("--judge", j, "pause", "alpha")
    run("--judge", j, "resume", "alpha")
    audit = json.loads(run("--judge", j, "audit", "alpha", "--json").output)["records"]
    events = [r["event"] for r in audit]
    for e in ("player-add", "player-replace", "player-resign", "player-takeover",
              "observer-add", "deadline-change", "pause", "resume"):
        assert e in events
    # hostile names are refused; env ADJ_JUDGE works like --judge
    run("status", "../alpha", code=1, env={"ADJ_JUDGE": j})
    run("new", "diplomacy", "bad..name", code=1, env={"ADJ_JUDGE": j})
    run("status", "alpha", env={"ADJ_JUDGE": j})
    run("status", "alpha", code=1, env={"ADJ_JUDGE": ""})


def test_orders_accepts_a_pasted_forum_post(tmp_path):
    g = str(tmp_path / "g")
    run("new", "diplomacy", g)
    post = ("[quote=Kaiser]A Mun - Bur\n[/quote]\nMy moves:\n[b]A Par - Pic[/b]\n"
            "[color=blue]F Bre - Eng[/color]\n")
    run("orders", g, "--power", "France", "-", input=post.replace("My moves:\n", ""))
    sub = (tmp_path / "g" / "orders" / "S1901M" / "France-1.txt").read_text()
    assert sub == "A Par - Pic\nF Bre - Eng\n"
    assert json.loads((tmp_path / "g" / "orders" / "S1901M" / "France-1.json").read_text())[
        "source"] == "forum"
    archived = list((tmp_path / "g" / "desk" / "inbox").iterdir())
    assert archived[0].read_text() == post.replace("My moves:\n", "")


def test_orders_forum_and_plain_flags(tmp_path):
    g = str(tmp_path / "g")
    run("new", "diplomacy", g)
    # no BBCode, so only --forum makes it a forum post: the "Quote from:" header goes
    run("orders", g, "--power", "France", "--forum", "-",
        input="Quote from: Kaiser on March 1\nA Par - Pic\n")
    assert (tmp_path / "g" / "orders" / "S1901M" / "France-1.txt").read_text() == "A Par - Pic\n"
    # --plain submits the text exactly as given, BBCode and all (so it does not parse)
    run("orders", g, "--power", "France", "--plain", "-", input="[b]A Par - Pic[/b]\n", code=1)
    assert (tmp_path / "g" / "orders" / "S1901M" / "France-2.txt").read_text() == \
        "[b]A Par - Pic[/b]\n"
