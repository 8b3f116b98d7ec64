"""A whole A&A Revised game through the command line (``adj new aa-revised``, ``adj orders``,
``adj adjudicate``): from the opening setup, two rounds, to a minor victory of the Axis
(8 cities, Revised digest A3) at the end of round 2; then replay (``adj fsck``) reproduces
the state byte for byte and the dice verify against the seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner

# A short scripted game: the Soviet Union gives up Karelia in round 1 and Moscow in round 2;
# Germany walks in; the other powers buy and place, the British bomb Germany and the
# Germans the United Kingdom (dice from the game's seed: the raids decide nothing here).
ROUND_1 = {
    "ussr": "buy\nnoncombat:\n3 inf Karelia -> Archangel\n1 ftr Karelia -> Archangel\n"
            "place:\n",
    "germany": "buy 5 inf\ncombat:\n2 inf West Russia -> Karelia\n"
               "1 bmr Germany -> United Kingdom (bomb)\nlanding:\n"
               "land 1 bmr: Germany, Western Europe\nplace: 5 inf Germany\n",
    "uk": "buy 2 inf\ncombat:\n1 bmr United Kingdom -> Germany (bomb)\nlanding:\n"
          "land 1 bmr: United Kingdom\nplace: 2 inf United Kingdom\n",
    "japan": "buy 3 inf\nplace: 3 inf Japan\n",
    "usa": "buy 4 inf\nplace: 4 inf Eastern US\n",
}
ROUND_2 = {
    "ussr": "buy\nnoncombat:\n3 inf, 1 art, 2 arm, 1 aa Russia -> Kazakh\n"
            "1 ftr Russia -> Kazakh\nplace:\n",
    "germany": "buy 5 inf\ncombat:\n1 arm West Russia -> Russia\nplace: 5 inf Germany\n",
    "uk": "buy 2 inf\nplace: 2 inf United Kingdom\n",
    "japan": "buy 3 inf\nplace: 3 inf Japan\n",
    "usa": "buy 4 inf\nplace: 4 inf Eastern US\n",
}


def run(*args: str, input: str | None = None, code: int = 0):
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0, input: str | None = None) -> dict:
    return json.loads(run(*args, "--json", code=code, input=input).output)


@pytest.fixture
def game(tmp_path) -> str:
    path = str(tmp_path / "rev")
    out = js("new", "aa-revised", path)
    assert out["phase"] == "r1-ussr-purchase"
    return path


def play_round(game: str, orders: dict[str, str]) -> None:
    for power, text in orders.items():
        assert js("status", game)["turn"]["power"] == power
        ack = js("orders", game, "--power", power, "-", input=text)
        assert ack["errors"] == [], ack
        run("adjudicate", game)


def test_a_revised_game_from_the_setup_to_a_minor_victory(game):
    st = js("status", game)
    assert st["treasury"] == {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
    assert st["victory_needed"] == 8
    play_round(game, ROUND_1)
    st = js("status", game)
    assert st["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}
    assert "Leningrad" in st["victory_cities"]["axis"] and st["result"] is None  # 7 of 8
    play_round(game, ROUND_2)
    st = js("status", game)
    assert st["result"]["type"] == "victory" and st["result"]["side"] == "axis"
    assert len(st["victory_cities"]["axis"]) == 8 and "Moscow" in st["victory_cities"]["axis"]
    assert st["missing"] == []
    run("adjudicate", game, code=1)  # the game is over
    hist = js("history", game)["history"]
    assert len(hist) == 10
    # the raids rolled the game's own dice, which verify against its seed
    seed = json.loads((Path(game) / "secret" / "seed").read_text())["seed"]
    ok = js("dice", "verify", game, "--seed", seed)
    assert ok["ok"] and ok["rolls"] > 0
    # replay reproduces game.json byte for byte
    assert js("fsck", game)["ok"]


def test_the_victory_level_is_an_option_of_adj_new(tmp_path):
    path = str(tmp_path / "major")
    js("new", "aa-revised", path, "--option", "victory=major")
    assert js("status", path)["victory_needed"] == 10
    play_round(path, ROUND_1)
    play_round(path, ROUND_2)
    st = js("status", path)
    assert st["result"] is None and len(st["victory_cities"]["axis"]) == 8  # 8 of 10
    assert st["turn"] == {"round": 3, "power": "ussr", "step": "purchase"}
    assert js("fsck", path)["ok"]
    bad = run("new", "aa-revised", str(tmp_path / "bad"), "--option", "victory=standard",
              code=1)
    assert "minor" in bad.output
