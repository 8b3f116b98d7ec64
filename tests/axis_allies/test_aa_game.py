"""A&A 1942 through the command line: two full rounds from the real setup, replay, dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.resources import game_data_path

EXAMPLES = game_data_path("aa1942") / "examples"
ROUND2 = {
    "ussr": "buy 8 inf\nplace: 8 inf Russia\n",
    "germany": "buy 10 inf\nplace: 10 inf Germany\nsalt: round two\n",
    "uk": "buy 8 inf\nplace: 8 inf United Kingdom\n",
    "japan": "buy 10 inf\nplace: 10 inf Japan\n",
    "usa": "buy 12 inf\nplace: 12 inf Eastern US\n",
}


def run(*args: str, input: str | None = None, code: int = 0):
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0, input: str | None = None) -> dict:
    return json.loads(run(*args, "--json", code=code, input=input).output)


def seed_of(game: str) -> str:
    return json.loads((Path(game) / "secret" / "seed").read_text())["seed"]


def play_round_one(game: str, dice_file: str | None = None) -> None:
    round_one = [p for p in EXAMPLES.iterdir() if p.name.startswith("r1-")]
    for phase in sorted(round_one, key=lambda p: ["ussr", "germany", "uk", "japan",
                                                  "usa"].index(p.name.split("-")[1])):
        f = next(phase.glob("*.txt"))
        run("orders", game, "--power", f.stem, str(f))
        extra = ["--dice-file", dice_file] if dice_file else []
        run("adjudicate", game, *extra)


@pytest.fixture
def game(tmp_path) -> str:
    path = str(tmp_path / "aa")
    out = js("new", "aa1942", path)
    assert out["phase"] == "r1-ussr-purchase"
    return path


def test_two_rounds_through_the_cli(game):
    play_round_one(game)
    st = js("status", game)
    assert st["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}
    # the USA spent 32 of 42 and collected its production level (China may have fallen)
    assert st["treasury"]["usa"] == 10 + st["production"]["usa"]
    for power, text in ROUND2.items():
        ack = js("orders", game, "--power", power, "-", input=text)
        assert ack["errors"] == [] and ack["summary"]
        before = js("status", game)
        events = js("adjudicate", game)["record"]["events"]
        after = js("status", game)
        bought = {"ussr": 24, "germany": 30, "uk": 24, "japan": 30, "usa": 36}[power]
        if before["treasury"][power] >= bought:
            assert after["treasury"][power] == (before["treasury"][power] - bought
                                                + events.get("refund_ipc", 0)
                                                + events["income"]["amount"])
            assert events["income"]["amount"] == after["production"][power]
    st = js("status", game)
    assert st["turn"] == {"round": 3, "power": "ussr", "step": "purchase"}
    assert sum(len(c) for c in st["victory_cities"].values()) == 12
    # replay reproduces game.json byte for byte, with the recorded dice and no seed
    assert js("fsck", game)["ok"]
    hist = js("history", game)["history"]
    assert len(hist) == 10
    ok = js("dice", "verify", game, "--seed", seed_of(game))
    assert ok["ok"] and ok["rolls"] > 0
    bad = js("dice", "verify", game, "--seed", "00" * 32, code=1)
    assert not bad["ok"] and bad["problems"]
    # reports in three formats
    for fmt in ("text", "bbcode", "markdown"):
        text = run("report", game, "r1-germany-purchase", "--format", fmt).output
        assert "Germany" in text and "commitment" in text
    for line in run("report", game, "r1-germany-purchase").output.splitlines():
        assert len(line) <= 78


def test_external_dice_file_gives_exact_battles(game, tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("# every die a 1\n" + " ".join(["1"] * 40) + "\n")
    f = next((EXAMPLES / "r1-ussr-purchase").glob("*.txt"))
    run("orders", game, "--power", "ussr", str(f))
    out = js("adjudicate", game, "--dice-file", str(dice))
    assert out["record"]["dice"]["source"] == "external"
    st = js("status", game)
    # all ones: the attack on West Russia kills every defender; Moscow takes West Russia
    assert st["production"]["ussr"] == 26
    assert st["treasury"]["ussr"] == 26
    assert js("fsck", game)["ok"]
    short = tmp_path / "short.txt"
    short.write_text("1 1\n")
    f = next((EXAMPLES / "r1-germany-purchase").glob("*.txt"))
    run("orders", game, "--power", "germany", str(f))
    err = run("adjudicate", game, "--dice-file", str(short), code=1)
    assert "exhausted" in err.output
    assert js("status", game)["turn"]["power"] == "germany"  # nothing was written


def test_two_pass_turn_and_standing_orders_off_turn(game):
    # Germany sends standing orders during the USSR's turn: stored at once
    ack = js("orders", game, "--power", "germany", "-", input="standing: loss: art, inf\n")
    assert ack["applied"]
    assert js("status", game)["standing"]["germany"]["order_of_loss"] == ["artillery",
                                                                        "infantry"]
    first = "buy 8 inf\ncombat:\n3 inf, 1 art, 2 arm Russia -> West Russia\n"
    run("orders", game, "--power", "ussr", "-", input=first)
    run("adjudicate", game)
    st = js("status", game)
    assert st["turn"]["step"] == "noncombat" and st["missing"] == ["ussr"]
    run("orders", game, "--power", "ussr", "-", input="place: 8 inf Russia\n")
    run("adjudicate", game)
    assert js("status", game)["turn"]["power"] == "germany"
    # NMR: Germany sends nothing; with the default policy it collects income only
    run("adjudicate", game, code=1)
    run("adjudicate", game, "--force")
    st = js("status", game)
    assert st["turn"]["power"] == "uk" and st["treasury"]["germany"] == 40 + st["production"][
        "germany"]
    assert js("fsck", game)["ok"]


def test_check_without_a_game_and_map_of_the_position(game, tmp_path):
    f = next((EXAMPLES / "r1-germany-purchase").glob("*.txt"))
    out = js("check", "aa1942", str(f))
    assert out["errors"] == [] and len(out["understood"]) > 5
    bad = js("check", "aa1942", "-", input="3 inf Grmny -> Karelia\n", code=1)
    assert bad["errors"]
    res = CliRunner().invoke(main, ["map", game, "-o", str(tmp_path / "m.svg")])
    assert res.exit_code == 0 and (tmp_path / "m.svg").read_text().startswith("<svg")


def test_new_game_options(tmp_path):
    path = str(tmp_path / "opt")
    js("new", "aa1942", path, "--option", "victory=total", "--option", "nmr=wait")
    st = js("status", path)
    assert st["nmr"] == "wait" and st["victory_condition"].startswith("total")
    err = run("new", "aa1942", str(tmp_path / "bad"), "--option", "nmr=never", code=1)
    assert "nmr" in err.output


def test_reveal_after_rotation(game):
    play_round_one(game)
    old = seed_of(game)
    js("dice", "rotate", game)
    seeds = js("reveal", game, "--round", "1")["seeds"]
    assert seeds[0]["seed"] == old
    assert js("dice", "verify", game, "--seed", old)["ok"]


def test_a_seed_is_not_revealed_while_its_round_is_being_played(game):
    # The USSR has played round 1; rotating now retires the seed that still covers the rest
    # of round 1, so publishing it would let Germany, the UK, Japan and the USA pick dice.
    f = next((EXAMPLES / "r1-ussr-purchase").glob("*.txt"))
    run("orders", game, "--power", f.stem, str(f))
    run("adjudicate", game)
    js("dice", "rotate", game)
    err = js("reveal", game, "--round", "1", code=1)
    assert "round 1 is not over yet" in err["error"]
    assert js("reveal", game)["seeds"] == []
