"""``adj status`` for an A&A Revised game: every region with units grouped by power, the
treasuries, production and the victory cities at the Revised level (8 unless chosen; digest
A3, C3 #27); ``--json`` says the same. A raid costs IPC, never complex damage (digest A5.4)."""

from __future__ import annotations

import json
import re

import pytest

from adjudicator import service
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.report import region_views
from adjudicator.axis_allies.state import add_unit, initial_state
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.registry import get_game

ED = load_edition("aa-revised")
GAME = get_game("aa-revised")


def run(*args: str, code: int = 0) -> str:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == code, res.output
    return res.output


def test_opening_position_by_region():
    s = initial_state(ED)
    lines = GAME.status_lines(s)
    assert lines[:5] == [
        "  Soviet Union    24 IPC, production 24",
        "  Germany         40 IPC, production 40",
        "  United Kingdom  30 IPC, production 30",
        "  Japan           30 IPC, production 30",
        "  United States   42 IPC, production 42",
    ]
    assert lines[5].startswith("victory cities: Axis 6 (") and lines[5].endswith("(8 win)")
    assert "Los Angeles" in lines[5]
    units = lines[lines.index("units:") + 1:]
    assert ("  Caucasus (Soviet Union, 4 IPC, industrial complex): "
            "3 inf, 1 art, 1 arm, 1 aa") in units
    assert ("  Western United States (United States, 10 IPC, industrial complex): "
            "2 inf, 1 aa, 1 ftr") in units
    assert "  Sea Zone 37: Japan 1 bb, 1 cv (2 ftr)" in units  # fighters on their carrier
    assert "  Sea Zone 35: United Kingdom 1 cv (1 ftr), 1 dd, 1 tt" in units
    assert len(units) == len([r for r in region_views(s, ED) if r.stacks])
    total = 0
    for line in units:  # every unit counted once (cargo inside its vessel's brackets)
        body = line.split(": ", 1)[1]
        total += sum(int(n) for n in re.findall(r"(?:^|[ (,;])(\d+) [a-z]", body))
    assert total == len(s["units"]) == 205 - 8  # the setup less its 8 complexes


def test_several_powers_in_one_region():
    s = initial_state(ED)
    s["units"] = []
    for _ in range(2):
        add_unit(s, "germany", "infantry", "caucasus")
    add_unit(s, "ussr", "infantry", "caucasus")
    tt = add_unit(s, "uk", "transport", "sz15")
    add_unit(s, "uk", "infantry", "sz15", aboard=tt)
    add_unit(s, "usa", "destroyer", "sz15")
    lines = GAME.status_lines(s)
    # powers in turn order, each named when the region holds more than one power's units
    assert ("  Caucasus (Soviet Union, 4 IPC, industrial complex): "
            "Soviet Union 1 inf; Germany 2 inf") in lines
    assert "  Sea Zone 15: United Kingdom 1 tt (1 inf); United States 1 dd" in lines


@pytest.mark.parametrize("level,need", [("minor", 8), ("major", 10), ("total", 12)])
def test_status_command_text_and_json_at_each_victory_level(tmp_path, level, need):
    game = str(tmp_path / "g")
    run("new", "aa-revised", game, "--option", f"victory={level}")
    text = run("status", game)
    data = json.loads(run("status", game, "--json"))
    assert data["game"] == "aa-revised" and data["victory_needed"] == need
    assert f"({need} win)" in text
    for r in data["regions"]:
        assert f"  {r['text']}\n" in text
    assert data["treasury"] == {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
    west = next(r for r in data["regions"] if r["region"] == "western_united_states")
    assert west["controller"] == "usa" and west["ipc"] == 10
    assert west["units"] == {"usa": {"infantry": 2, "aa_gun": 1, "fighter": 1}}
    assert "Los Angeles" in data["victory_cities"]["allies"]


def test_after_a_raid_the_treasury_is_lower_and_no_complex_is_damaged(tmp_path):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("adjudicator.dice.new_seed", lambda: bytes([4]) * 32)
        folder = service.new_game(str(tmp_path / "g"), "aa-revised")
    for power, text in (("ussr", "buy 8 inf\nplace 8 inf Russia\n"),
                        ("germany", ("combat move:\nbmr Germany -> Caucasus (bomb)\n"
                                     "landing:\nland bmr: Ukraine, Germany\n"))):
        ack = service.submit_orders(folder, power, text, source="test")
        assert not ack.errors, [e.describe() for e in ack.errors]
        service.adjudicate(folder, force=True)
    records = sorted((folder.path / "history").glob("*.json"))
    before = json.loads(records[-1].read_text())
    raid = next(b["raid"] for b in before["events"]["battles"] if b["kind"] == "bombing")
    assert raid["model"] == "ipc_loss" and 0 <= raid["ipc_lost"] <= 4  # digest A5.4
    text = run("status", str(folder.path))
    data = json.loads(run("status", str(folder.path), "--json"))
    assert data["treasury"]["ussr"] == before["state_before"]["treasury"]["ussr"] \
        - raid["ipc_lost"]
    assert f"  Soviet Union    {data['treasury']['ussr']} IPC, production 24" in text
    assert "  Caucasus (Soviet Union, 4 IPC, industrial complex): " in text  # no "damage"
