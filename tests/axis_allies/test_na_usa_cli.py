"""A Revised game with United States National Advantages chosen at `adj new`, played through
the command line (issue 10): Chinese Divisions, Mechanized Infantry and Superfortresses given
by key, number and name; an order for an advantage the US was not given is refused; the
turn places the Chinese infantry and moves the mechanized infantry 2; the report says so;
the game replays byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.axis_allies import advantages, editions
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.record import replace

NAMES = {"ussr": "Soviet Union", "germany": "Germany", "uk": "United Kingdom",
         "japan": "Japan", "usa": "United States"}


def run(*args: str, input: str | None = None, code: int = 0):
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0, input: str | None = None) -> dict:
    return json.loads(run(*args, "--json", code=code, input=input).output)


@pytest.fixture
def revised_with_advantages():
    """The Revised ruleset as it ships with the National Advantages wired in (the effects and
    the ``na_<power>`` options); while it is not, a copy so wired stands in for it here."""
    rs = editions.ruleset("aa-revised")
    if advantages.option_key("usa") in rs.options:
        yield rs
        return
    powers = tuple(NAMES)
    wired = replace(rs, effects=(*rs.effects, *advantages.ALL),
                    options={**rs.options, **advantages.options(powers, NAMES)},
                    option_state={**rs.option_state, **advantages.option_state(powers)})
    with editions.registered(wired):
        yield wired


TURN = """United States, round 1
noncombat move:
1 inf Alaska -> Western Canada -> Western US
place:
Chinese Divisions: Sinkiang
"""


def test_a_revised_game_with_us_advantages_through_the_cli(revised_with_advantages, tmp_path):
    game = str(tmp_path / "g")
    js("new", "aa-revised", game, "--option",
       "na_usa=mechanized_infantry,2,Superfortresses", "--option", "passes=one")
    state = json.loads((Path(game) / "game.json").read_text())
    assert state["advantages"] == {"usa": ["chinese_divisions", "mechanized_infantry",
                                           "superfortresses"]}
    for _ in ("ussr", "germany", "uk", "japan"):  # they send nothing: income only
        js("adjudicate", game, "--force")
    assert js("status", game)["turn"]["power"] == "usa"
    sinkiang = _count(game, "sinkiang", "usa", "infantry")

    ack = js("orders", game, "--power", "usa", "-", input=TURN + "Fast Carriers\n", code=1)
    assert [e["message"] for e in ack["errors"]] == [
        "United States does not have the National Advantage Fast Carriers in this game"]
    ack = js("orders", game, "--power", "usa", "-", input=TURN)
    assert ack["errors"] == []
    record = js("adjudicate", game)["record"]
    assert record["events"]["advantages"][0]["at"] == "sinkiang"

    assert _count(game, "sinkiang", "usa", "infantry") == sinkiang + 1
    assert _count(game, "alaska", "usa", "infantry") == 0
    assert _count(game, "western_united_states", "usa", "infantry") == 3
    report = run("report", game, "r1-usa-purchase").output
    assert "Chinese Divisions: 1 Infantry placed in Sinkiang." in " ".join(report.split())
    assert js("fsck", game)["ok"]


def _count(game: str, loc: str, power: str, utype: str) -> int:
    state = json.loads((Path(game) / "game.json").read_text())
    return sum(1 for u in state["units"]
               if u["loc"] == loc and u["power"] == power and u["type"] == utype)
