"""``adj odds``: battles written as text, battles of a live game, errors, start-up cost."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.odds_input import (
    OddsInputError,
    parse_region,
    parse_units,
    retreat_line,
    split_versus,
    text_battle,
)
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "games" / "aa1942" / "examples"
ED = load_edition("aa1942")


def run(*args: str, code: int = 0) -> str:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == code, res.output
    return res.output


def js(*args: str, code: int = 0) -> dict:
    return json.loads(run(*args, "--json", code=code))


# --- reading battles ------------------------------------------------------------------------


def test_unit_lists_use_the_turn_parsers_names():
    assert [(u.unit, u.count) for u in parse_units("12 inf, 3 arty, 4 arm, 2 ftr", ED)] == [
        ("infantry", 12), ("artillery", 3), ("tank", 4), ("fighter", 2)]
    assert [(u.unit, u.count) for u in parse_units("2 tanks + 1 aa gun and 1 inf, 1 inf",
                                                   ED)] == [
        ("tank", 2), ("aa_gun", 1), ("infantry", 2)]
    with pytest.raises(OddsInputError, match="did you mean Artillery"):
        parse_units("2 artlery", ED)
    with pytest.raises(OddsInputError, match="take no part"):
        parse_units("1 ic", ED)
    assert split_versus("3 inf vs. 2 inf") == ("3 inf", "2 inf")
    with pytest.raises(OddsInputError):
        split_versus("3 inf and 2 inf")


def test_orders_and_regions_use_the_turn_language():
    assert retreat_line("units <= 3") == "retreat if units <= 3"
    assert retreat_line("after round 2") == "retreat after round 2"
    tb = text_battle(ED, "3 inf, 1 arm", "2 inf", attacker_orders="loss: arm, inf; keep 0 "
                     "land units", defender_orders="bb takes first hit: no",
                     retreat_if=["units <= 1", "loss > 5 ipc"])
    assert tb.orders.attacker.order == ("tank", "infantry")
    assert tb.orders.attacker.keep_land_units == 0
    assert tb.orders.retreat.units_at_most == 1 and tb.orders.retreat.loss_exceeds_ipc == 5
    assert tb.orders.defenders["defender"].battleship_first_hit is False
    assert parse_region("W Europe", ED) == "western_europe"
    assert parse_region("sz 5", ED) == "sz5"
    with pytest.raises(OddsInputError, match="did you mean Karelia"):
        parse_region("Karlea", ED)
    with pytest.raises(OddsInputError, match="--sea"):
        text_battle(ED, "1 bb", "1 dd")
    with pytest.raises(OddsInputError, match="needs --landed"):
        text_battle(ED, "1 inf", "1 inf", bombard="1 bb")
    with pytest.raises(OddsInputError, match="only the attacker retreats"):
        text_battle(ED, "1 inf", "1 inf", defender_orders="retreat after round 1")


# --- text battles ---------------------------------------------------------------------------


def test_text_battle_as_in_the_issue():
    out = js("odds", "aa1942", "12 inf, 3 art, 4 arm, 2 ftr", "vs", "10 inf, 2 art, 1 aa")
    assert out["attacking"] == {"infantry": 12, "artillery": 3, "tank": 4, "fighter": 2}
    total = out["attacker_wins"] + out["defender_holds"] + out["both_destroyed"] + out["other"]
    assert abs(total - 1) < 1e-12
    assert out["attacker_wins"] > 0.99 and out["captures"] <= out["attacker_wins"]
    assert set(out["expected_loss_ipc"]) == {"attacker", "defender"}
    assert len(out["outcomes"]) == 5 and out["outcome_count"] > 5
    text = run("odds", "aa1942", "12 inf, 3 art, 4 arm, 2 ftr vs 10 inf, 2 art, 1 aa")
    assert "attacker wins" in text and "most likely ends" in text


def test_exact_fractions_in_json():
    out = js("odds", "aa1942", "1 inf", "vs", "1 inf", "--exact")
    assert out["exact"]["attacker_wins"] == "1/4"
    assert out["exact"]["defender_holds"] == "5/8"
    assert Fraction(out["exact"]["both_destroyed"]) == Fraction(1, 8)


def test_sea_rounds_retreat_and_amphibious_options():
    out = js("odds", "aa1942", "2 bb, 1 sub", "vs", "1 bb, 1 dd, 1 tt", "--sea")
    assert out["kind"] == "sea" and out["attacker_wins"] > 0.9
    out = js("odds", "aa1942", "1 inf vs 1 inf", "--rounds", "1", "--exact")
    assert out["undecided"] == pytest.approx(20 / 36)
    out = js("odds", "aa1942", "1 inf vs 1 inf", "--retreat-if", "after round 1")
    assert any(o["reason"] == "attacker-retreated" for o in out["outcomes"])
    out = js("odds", "aa1942", "1 arm vs 2 inf", "--landed", "2 inf", "--bombard", "1 bb, 2 ca")
    assert out["kind"] == "amphibious" and out["attacking"] == {"infantry": 2, "tank": 1}


def test_text_battle_errors_are_plain():
    out = js("odds", "aa1942", "2 artlery vs 1 inf", code=1)
    assert "did you mean Artillery" in out["error"]
    out = js("odds", "aa1942", "1 inf vs 1 inf", "--retreat-if", "uints < 1", code=1)
    assert "unexpected 'uints'" in out["error"]
    out = js("odds", "diplomacy", "1 inf vs 1 inf", code=1)
    assert "Axis & Allies" in out["error"]


# --- live games -----------------------------------------------------------------------------


@pytest.fixture
def game(tmp_path) -> str:
    path = str(tmp_path / "g")
    run("new", "aa1942", path)
    return path


def test_live_game_uses_the_submitted_combat_move(game):
    out = js("odds", game, "W Russia", code=1)
    assert "has not submitted orders" in out["error"]
    run("orders", game, "--power", "ussr", str(EXAMPLES / "r1-ussr-purchase" / "ussr.txt"))
    out = js("odds", game, "West Russia")
    # 3 inf 1 art 2 arm from Russia, 3 inf 1 arm from Archangel, 2 fighters
    assert out["attacking"] == {"infantry": 6, "artillery": 1, "tank": 3, "fighter": 2}
    assert out["defending"] == {"infantry": 3, "artillery": 1, "tank": 1}
    assert "Soviet Union" in out["title"] and out["failed_orders"] == []
    # the submission's own instruction: retreat if units <= 2
    assert any(o["reason"] == "attacker-retreated" for o in
               js("odds", game, "West Russia", "--top", "1000")["outcomes"])
    out = js("odds", game, "Karelia", code=1)
    assert "makes no battle in Karelia" in out["error"] and "West Russia" in out["error"]


def test_live_game_with_a_planned_turn_file(game, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("combat move:\n3 inf Archangel -> West Russia\n"
                    "2 arm Karelia -> West Russia\n")
    out = js("odds", game, "West Russia", "--orders", str(plan))
    assert out["attacking"] == {"infantry": 3}
    assert len(out["failed_orders"]) == 1 and "2 tank" in out["failed_orders"][0]["order"]
    assert "order left out" in run("odds", game, "West Russia", "--orders", str(plan))


def test_live_game_amphibious_assault_and_its_sea_battle(tmp_path):
    pytest.importorskip("adjudicator.axis_allies.turn")
    from adjudicator.axis_allies.parser import parse_turn_script
    from adjudicator.axis_allies.turn import plan_battles
    from tests.axis_allies.aa_scenario import blank, put

    s = blank("uk", "purchase", norway="germany")
    put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "united_kingdom", 2)
    put(s, "uk", "destroyer", "sz6")
    put(s, "uk", "battleship", "sz6")
    put(s, "germany", "infantry", "norway", 2)
    script, errors = parse_turn_script(
        "tt sz 6: load 2 inf United Kingdom; -> sz 5; unload -> Norway\n"
        "bb sz 6 -> sz 5 bombard Norway\n", ED)
    assert errors == []
    battles, failed = plan_battles(s, script, ED)
    assert failed == [] and set(battles) == {"norway"}
    b = battles["norway"]
    assert b.kind == "amphibious" and b.setup.sea is None and len(b.setup.bombarding) == 1
    from adjudicator.axis_allies.editions import rules_for
    from adjudicator.axis_allies.odds import planned_odds

    odds = planned_odds(ED, rules_for("aa1942"), b)
    assert 0 < odds.attacker_wins < 1 and odds.kind == "amphibious"


def test_odds_does_not_load_axis_and_allies_at_start_up():
    code = ("import sys, adjudicator.cli.main; "
            "print([m for m in sys.modules if m.startswith('adjudicator.axis_allies')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
