"""``adj status`` for A&A: every region with units grouped by power, treasuries, production,
victory cities; ``--json`` the same; one set of power names in everything people read."""

from __future__ import annotations

import json
import re

from adjudicator import service
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.report import region_line, region_views
from adjudicator.axis_allies.state import add_unit, initial_state
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.registry import get_game

ED = load_edition("aa1942")
GAME = get_game("aa1942")


def run(*args: str, input: str | None = None, code: int = 0) -> str:
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res.output


def test_opening_position_by_region():
    lines = GAME.status_lines(initial_state(ED))
    assert lines[:5] == [
        "  Soviet Union    24 IPC, production 24",
        "  Germany         40 IPC, production 40",
        "  United Kingdom  30 IPC, production 30",
        "  Japan           30 IPC, production 30",
        "  United States   42 IPC, production 42",
    ]
    assert lines[5].startswith("victory cities: Axis 6 (") and lines[5].endswith("(9 win)")
    units = lines[lines.index("units:") + 1:]
    # one line per region with units, in map order; counts from the setup
    assert "  Karelia S.S.R. (Soviet Union, 2 IPC): 3 inf, 1 ftr" in units
    assert ("  Germany (Germany, 10 IPC, industrial complex): "
            "3 inf, 2 arm, 1 aa, 1 ftr, 1 bmr") in units
    assert "  Sea Zone 5: Germany 1 dd, 2 ss, 1 tt" in units
    assert "  Sea Zone 37: Japan 1 bb, 1 cv (2 ftr)" in units  # fighters on their carrier
    with_units = [r for r in region_views(initial_state(ED), ED) if r.stacks]
    assert len(units) == len(with_units)
    # every unit is counted once (cargo inside its vessel's brackets)
    total = 0
    for line in units:
        body = line.split(": ", 1)[1]
        total += sum(int(n) for n in re.findall(r"(?:^|[ (,;])(\d+) [a-z]", body))
    assert total == len(initial_state(ED)["units"])


def test_several_powers_damage_and_cargo():
    s = initial_state(ED)
    s["units"] = []
    for _ in range(3):
        add_unit(s, "germany", "infantry", "karelia_ssr")
    add_unit(s, "germany", "tank", "karelia_ssr")
    s["controllers"]["karelia_ssr"] = "germany"
    bb = add_unit(s, "uk", "battleship", "sz2")
    s["units"][-1]["damage"] = 1
    tt = add_unit(s, "uk", "transport", "sz2")
    add_unit(s, "uk", "infantry", "sz2", aboard=tt)
    add_unit(s, "uk", "tank", "sz2", aboard=tt)
    cv = add_unit(s, "usa", "carrier", "sz2")
    add_unit(s, "uk", "fighter", "sz2", aboard=cv)
    add_unit(s, "usa", "fighter", "united_kingdom")
    s["complexes"]["germany"]["damage"] = 3
    assert bb
    lines = GAME.status_lines(s)
    assert "  Karelia S.S.R. (Germany, 2 IPC): 3 inf, 1 arm" in lines
    assert ("  Sea Zone 2: United Kingdom 1 bb damaged, 1 tt (1 inf, 1 arm); "
            "United States 1 cv (1 ftr United Kingdom)") in lines
    assert ("  United Kingdom (United Kingdom, 8 IPC, industrial complex): "
            "United States 1 ftr") in lines
    views = {v.id: v for v in region_views(s, ED)}
    assert region_line(ED, views["germany"]) == \
        "Germany (Germany, 10 IPC, industrial complex, 3 damage): "
    st = GAME.status(s)
    regions = {r["region"]: r for r in st["regions"]}
    assert regions["sz2"]["units"] == {"uk": {"battleship": 1, "transport": 1},
                                       "usa": {"carrier": 1}}
    assert regions["sz2"]["stacks"][0] == {"power": "uk", "unit": "battleship", "count": 1,
                                          "damaged": True, "cargo": []}
    assert regions["sz2"]["stacks"][1]["cargo"] == [
        {"power": "uk", "unit": "infantry", "count": 1},
        {"power": "uk", "unit": "tank", "count": 1}]
    assert "germany" not in regions  # no units there: the complex alone is not listed


def test_status_command_text_and_json_say_the_same(tmp_path):
    game = str(tmp_path / "g")
    run("new", "aa1942", game)
    text = run("status", game)
    data = json.loads(run("status", game, "--json"))
    assert data["power_names"]["ussr"] == "Soviet Union"
    for r in data["regions"]:
        assert f"  {r['text']}\n" in text
    assert data["treasury"] == {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
    assert data["production"]["germany"] == 40 and data["victory_needed"] == 9
    assert data["victory_cities"]["axis"] and data["victory_cities"]["allies"]
    assert "missing: Soviet Union" in text
    karelia = next(r for r in data["regions"] if r["region"] == "karelia_ssr")
    assert karelia["controller"] == "ussr" and karelia["ipc"] == 2
    assert karelia["units"] == {"ussr": {"infantry": 3, "fighter": 1}}


def _no_ids(text: str) -> None:
    """No bare power id (``ussr``, ``uk``, ``usa``) outside phase codes (``r1-ussr-...``)."""
    plain = re.sub(r"r\d+-[a-z]+-[a-z]+", "", text)
    for pid in ("ussr", "uk", "usa"):
        assert not re.search(rf"\b{pid}\b", plain), (pid, text)


def test_one_set_of_power_names(tmp_path):
    """Acknowledgements, status, history and the demo log name powers as the reports do."""
    game = str(tmp_path / "g")
    run("new", "aa1942", game)
    ack = run("orders", game, "--power", "ussr", "-", input="buy 8 inf\n")
    assert ack.startswith("Soviet Union, r1-ussr-purchase, submission 1:")
    _no_ids(ack)
    other = run("orders", game, "--power", "UK", "-", input="loss: inf\n")
    assert other.startswith("United Kingdom, ")
    _no_ids(other)
    run("adjudicate", game, "--force")
    _no_ids(run("status", game))
    _no_ids(run("history", game, "r1-ussr-purchase"))
    report = run("report", game, "r1-ussr-purchase")
    assert "Soviet Union" in report
    log: list[str] = []
    service.play_examples(str(tmp_path / "demo"), "aa1942", log=log.append)
    _no_ids("\n".join(log))
