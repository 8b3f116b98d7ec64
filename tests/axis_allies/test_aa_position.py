"""Written A&A positions (``adj new aa1942 DIR --from FILE``): defaults, round trips, and one
named test per validation rule (``docs/position-aa.md``).

Each rule test starts from a valid minimal position, breaks exactly one thing and asserts
that exactly the expected problem comes back, so a check that is missing, misfiring or
reporting echoes fails the test.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.parser import parse_turn_script
from adjudicator.axis_allies.position import dump_position, load_position
from adjudicator.axis_allies.state import initial_state
from adjudicator.axis_allies.turn import resolve_turn
from adjudicator.dice import FixedDice
from adjudicator.errors import OrderError, PositionError
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path
from adjudicator.store import canonical_json

ED = load_edition("aa1942")
G = get_game("aa1942")
COMMON = ("schema_version", "game", "players", "result")
DOC = Path(__file__).resolve().parents[2] / "docs" / "position-aa.md"


def base_of(state: dict) -> dict:
    return {k: state[k] for k in COMMON if k in state}


BASE = base_of(G.new_state({}))


def minimal() -> dict[str, Any]:
    """Round 3, Germany to purchase: a few units on the opening controllers."""
    return {
        "turn": {"round": 3, "power": "germany"},
        "treasury": {"ussr": 12, "germany": 30, "uk": 20, "japan": 25, "usa": 40},
        "controllers": dict(ED.starting_controllers()),
        "units": [
            {"power": "germany", "type": "infantry", "loc": "eastern_europe"},
            {"power": "germany", "type": "infantry", "loc": "eastern_europe"},
            {"power": "germany", "type": "tank", "loc": "eastern_europe"},
            {"power": "germany", "type": "fighter", "loc": "germany"},
            {"id": "u10", "power": "germany", "type": "transport", "loc": "sz5"},
            {"power": "germany", "type": "infantry", "loc": "sz5", "aboard": "u10"},
            {"power": "ussr", "type": "infantry", "loc": "karelia_ssr"},
            {"power": "ussr", "type": "infantry", "loc": "russia"},
            {"id": "u20", "power": "uk", "type": "carrier", "loc": "sz6"},
            {"power": "uk", "type": "fighter", "loc": "sz6", "aboard": "u20"},
            {"power": "uk", "type": "infantry", "loc": "united_kingdom"},
            {"power": "japan", "type": "infantry", "loc": "japan"},
            {"power": "usa", "type": "infantry", "loc": "eastern_united_states"},
        ],
        "complexes": {"germany": {}, "russia": {}, "united_kingdom": {}, "japan": {},
                      "eastern_united_states": {}},
    }


def text_of(position: dict | str) -> str:
    return position if isinstance(position, str) else json.dumps(position, indent=1)


def load(position: dict | str) -> dict:
    return load_position(text_of(position), ED, BASE)


def problems(position: dict | str) -> list[OrderError]:
    with pytest.raises(PositionError) as exc:
        load(position)
    return exc.value.problems


def only(position: dict | str, rule: str, path: str | None = None) -> OrderError:
    """The single problem the position has; it must carry ``rule`` (and start with ``path``)."""
    found = problems(position)
    assert [p.rule for p in found] == [rule], [p.describe() for p in found]
    if path is not None:
        assert found[0].message.startswith(path + ":"), found[0].message
    return found[0]


def unit(position: dict, index: int) -> dict:
    return position["units"][index]


# --- the minimal position and its defaults ---------------------------------------------------


def test_minimal_position_is_completed_with_documented_defaults():
    s = load(minimal())
    assert s["turn"] == {"round": 3, "power": "germany", "step": "purchase"}
    assert s["phase"] == "r3-germany-purchase"
    assert s["rules"] == initial_state(ED)["rules"]
    assert s["turn_start_controllers"] == s["controllers"]
    assert s["captured_capitals"] == {}
    assert (s["purchased"], s["repairs"], s["committed_carriers"]) == ({}, {}, {})
    assert (s["nmr"], s["passes"], s["standing"]) == ("income", "auto", {})
    assert s["complexes"]["germany"] == {"owner": "germany", "damage": 0, "new": False}
    for k, v in BASE.items():
        assert s[k] == v
    # ids: given ones kept; the others in list order after the largest given id (u20)
    ids = [u["id"] for u in s["units"]]
    assert ids == ["u10", "u20", "u21", "u22", "u23", "u24", "u25", "u26", "u27", "u28",
                   "u29", "u30", "u31"]
    by_id = {u["id"]: u for u in s["units"]}
    assert by_id["u21"]["loc"] == "eastern_europe" and by_id["u25"]["aboard"] == "u10"
    assert by_id["u28"] == {"id": "u28", "power": "uk", "type": "fighter", "loc": "sz6",
                            "damage": 0, "moved": 0, "moved_in": None, "aboard": "u20",
                            "loaded_this_turn": False, "unloaded": False, "fought": False,
                            "captured_this_turn": False}
    assert s["next_unit_id"] == 32
    assert "pending_aa_return" not in s and "variant" not in s


def test_minimal_position_can_be_played_with_the_game():
    s = load(minimal())
    text = "buy 2 inf\ncombat:\n2 inf, 1 arm Eastern Europe -> Karelia\nplace: 2 inf Germany\n"
    parsed = G.parse(text, s)
    assert not parsed.errors, parsed.errors
    orders = [p.order for p in parsed.orders]
    _, errors = G.validate(s, "germany", orders)
    assert errors == []
    # attackers roll 1, 1, 1 (three hits), the defending infantry rolls a 6
    res = G.resolve(s, {"germany": orders}, FixedDice([1, 1, 1, 6]))
    after = res.state
    assert after["controllers"]["karelia_ssr"] == "germany"
    assert not [u for u in after["units"] if u["power"] == "ussr" and u["loc"] == "karelia_ssr"]
    assert after["turn"] == {"round": 3, "power": "uk", "step": "purchase"}
    income = ED.production_level("germany", after["controllers"])
    assert after["treasury"]["germany"] == 30 - 6 + income
    assert sum(1 for u in after["units"] if u["loc"] == "germany"
               and u["type"] == "infantry") == 2
    assert after["next_unit_id"] == 34  # the two new infantry are u32 and u33
    # and the state reached loads back as a position
    assert load_position(dump_position(after), ED, base_of(after)) == after


def test_documented_example_loads_and_is_the_minimal_position():
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "docs/position-aa.md has no json example"
    assert load(blocks[0]) == load(minimal())


def test_base_fields_win_over_the_text():
    pos = {**minimal(), "players": {"germany": "someone"}, "schema_version": 1}
    s = load(pos)
    assert s["players"] == BASE["players"] and s["schema_version"] == BASE["schema_version"]


def test_legacy_variant_is_checked_and_dropped():
    assert "variant" not in load({**minimal(), "variant": "aa1942"})
    only({**minimal(), "variant": "aa1940"}, "wrong-game", "variant")


def test_load_does_not_change_its_input_and_dump_is_canonical():
    s = load(minimal())
    before = copy.deepcopy(s)
    text = dump_position(s)
    assert text == canonical_json(s) and json.loads(text) == before
    assert load_position(text, ED, BASE) == s == before


# --- round trips --------------------------------------------------------------------------------


def test_opening_state_round_trips():
    s = G.new_state({})
    assert load_position(dump_position(s), ED, base_of(s)) == s


def test_opening_state_with_options_round_trips():
    s = G.new_state({"victory": "total", "nmr": "wait", "passes": "two",
                     "turkish_straits_closed": True})
    assert load_position(dump_position(s), ED, base_of(s)) == s


def test_every_state_of_a_played_game_round_trips(tmp_path):
    from adjudicator import service

    folder = service.play_examples(tmp_path / "g", "aa1942", log=lambda *a: None)
    states = [r["state_before"] for r in folder.history()] + [folder.read_state()]
    assert len(states) >= 10
    for s in states:
        assert load_position(dump_position(s), ED, base_of(s)) == s, s["phase"]


def _two_pass_states() -> list[dict]:
    """Round 1 of the bundled examples in two passes (each power stops at its noncombat
    step, with units moved, battles fought, purchases waiting), then round 2 in one pass."""
    s = G.new_state({})
    examples = game_data_path("aa1942") / "examples"
    dice = FixedDice(random.Random(7).choices(range(1, 7), k=20000))
    states = []
    while (folder := examples / s["phase"]).is_dir():
        script, errors = parse_turn_script(next(folder.glob("*.txt")).read_text(), ED)
        assert not errors
        parts = ("first", "second") if s["turn"]["round"] == 1 else ("full",)
        for part in parts:
            states.append(s)
            s = resolve_turn(s, script, dice, ED, part).state  # type: ignore[arg-type]
    return states + [s]


def test_every_state_of_a_two_pass_game_round_trips():
    states = _two_pass_states()
    waiting = [s for s in states if s["turn"]["step"] == "noncombat"]
    assert len(waiting) == 5
    assert any(u["moved_in"] == "combat" for s in waiting for u in s["units"])
    assert all(s["purchased"] for s in waiting)
    for s in states:
        assert load_position(dump_position(s), ED, base_of(s)) == s, s["phase"]


# --- the text ---------------------------------------------------------------------------------


def test_json_syntax_error_gives_line_and_column():
    text = '{\n "turn": {"round": 3, "power": "germany"},\n "treasury": {"ussr": 12,}\n}'
    p = only(text, "position-json")
    assert (p.line, p.column) == (3, 26)
    assert '"treasury"' in p.text and "not valid JSON" in p.message


def test_position_must_be_an_object():
    only("[1, 2]", "position-not-object")


def test_content_problems_carry_path_line_and_column():
    pos = minimal()
    unit(pos, 2)["loc"] = "eastern_erope"
    text = text_of(pos)
    p = only(text, "unknown-region", "units[2].loc")
    line = text.splitlines()[p.line - 1]
    assert '"loc": "eastern_erope"' in line and line.index('"loc"') + 1 == p.column
    assert p.text == line.strip()


def test_duplicate_key():
    text = text_of(minimal()).replace('"usa": 40', '"usa": 40, "usa": 41')
    p = only(text, "duplicate-key", "treasury.usa")
    assert p.line > 0


def test_unknown_top_level_key_lists_known_keys():
    p = only({**minimal(), "untis": []}, "unknown-field", "untis")
    assert "units" in p.suggestions and "next_unit_id" in p.message and "treasury" in p.message


def test_required_fields():
    pos = minimal()
    del pos["complexes"], pos["treasury"]
    assert sorted(p.message for p in problems(pos)) == ["complexes: missing (required)",
                                                        "treasury: missing (required)"]


def test_field_of_the_wrong_kind():
    only({**minimal(), "units": {"a": 1}}, "field-type", "units")


def test_all_problems_are_reported_at_once():
    pos = minimal()
    unit(pos, 0)["power"] = "germny"
    unit(pos, 1)["type"] = "infantery"
    pos["treasury"]["uk"] = -1
    pos["turn"]["step"] = "combat"
    rules = sorted(p.rule for p in problems(pos))
    assert rules == ["treasury-value", "unknown-power", "unknown-step", "unknown-unit-type"]


# --- names --------------------------------------------------------------------------------------


def test_unknown_power_suggests():
    pos = minimal()
    unit(pos, 0)["power"] = "germny"
    assert only(pos, "unknown-power", "units[0].power").suggestions == ("germany",)


def test_power_name_instead_of_id_points_to_the_id():
    pos = minimal()
    unit(pos, 0)["power"] = "Germans"
    p = only(pos, "unknown-power")
    assert p.suggestions == ("germany",) and "id" in p.message


def test_unknown_region_suggests():
    pos = minimal()
    unit(pos, 6)["loc"] = "Karelia S.S.R."
    assert only(pos, "unknown-region", "units[6].loc").suggestions == ("karelia_ssr",)


def test_unknown_unit_type_suggests():
    pos = minimal()
    unit(pos, 2)["type"] = "tanks"
    assert only(pos, "unknown-unit-type", "units[2].type").suggestions == ("tank",)


def test_industrial_complex_is_not_a_unit():
    pos = minimal()
    pos["units"].append({"power": "germany", "type": "industrial_complex", "loc": "germany"})
    only(pos, "complex-as-unit", "units[13].type")


# --- where units may be -------------------------------------------------------------------------


def test_land_unit_at_sea_not_aboard_a_transport():
    pos = minimal()
    del unit(pos, 5)["aboard"]
    assert only(pos, "land-unit-at-sea", "units[5].aboard").suggestions == ("u10",)


def test_ship_on_land():
    pos = minimal()
    unit(pos, 4)["loc"] = "germany"
    pos["units"].pop(5)  # its cargo
    only(pos, "ship-on-land", "units[4].loc")


def test_fighter_at_sea_must_be_aboard_a_carrier():
    pos = minimal()
    del unit(pos, 9)["aboard"]
    assert only(pos, "aircraft-not-landed", "units[9].aboard").suggestions == ("u20",)


def test_bomber_never_waits_over_a_sea_zone():
    pos = minimal()
    pos["units"].append({"power": "uk", "type": "bomber", "loc": "sz6"})
    only(pos, "aircraft-not-landed", "units[13].loc")


def test_aircraft_only_in_territory_its_side_controls():
    pos = minimal()
    unit(pos, 3)["loc"] = "karelia_ssr"
    only(pos, "aircraft-not-landed", "units[3].loc")


def test_allied_territory_and_allied_carrier_are_fine_for_aircraft():
    pos = minimal()
    pos["units"].append({"power": "usa", "type": "fighter", "loc": "united_kingdom"})
    pos["units"].append({"power": "usa", "type": "fighter", "loc": "sz6", "aboard": "u20"})
    pos["units"].pop(9)  # room on the UK carrier for the US fighter
    load(pos)


def test_moving_powers_aircraft_may_be_airborne_at_the_noncombat_step():
    pos = minimal()
    pos["turn"]["step"] = "noncombat"
    unit(pos, 3).update(loc="sz6", moved=2, moved_in="combat")  # over the UK fleet
    s = load(pos)
    assert s["phase"] == "r3-germany-noncombat"
    # the same fighter belonging to a power whose turn it is not has to be landed
    pos["turn"]["power"] = "japan"
    only(pos, "aircraft-not-landed", "units[3].aboard")


def test_land_unit_in_enemy_territory():
    pos = minimal()
    unit(pos, 7)["loc"] = "eastern_europe"
    only(pos, "land-unit-in-enemy-territory", "units[7].loc")


def test_no_unit_in_an_impassable_neutral():
    pos = minimal()
    unit(pos, 0)["loc"] = "sweden"
    only(pos, "impassable-region", "units[0].loc")


# --- cargo --------------------------------------------------------------------------------------


def test_aboard_names_a_unit_that_does_not_exist():
    pos = minimal()
    unit(pos, 5)["aboard"] = "u11"
    assert only(pos, "aboard-unknown", "units[5].aboard").suggestions == ("u10",)


def test_aboard_a_unit_that_is_not_a_transport_or_carrier():
    pos = minimal()
    pos["units"].append({"id": "u40", "power": "germany", "type": "battleship", "loc": "sz5"})
    unit(pos, 5)["aboard"] = "u40"
    p = only(pos, "aboard-not-a-carrier", "units[5].aboard")
    assert "a battleship carries nothing" in p.message and p.suggestions == ("u10",)


def test_aboard_the_wrong_kind_of_vessel():
    pos = minimal()
    pos["units"].append({"power": "uk", "type": "infantry", "loc": "sz6", "aboard": "u20"})
    assert "cannot carry" in only(pos, "aboard-not-a-carrier", "units[13].aboard").message


def test_aboard_a_vessel_in_another_sea_zone():
    pos = minimal()
    unit(pos, 5)["loc"] = "sz6"
    only(pos, "aboard-elsewhere", "units[5].aboard")


def test_aboard_while_on_land():
    pos = minimal()
    unit(pos, 5)["loc"] = "germany"
    only(pos, "aboard-elsewhere", "units[5].aboard")


def test_aboard_an_enemy_vessel():
    pos = minimal()
    pos["units"].append({"power": "germany", "type": "fighter", "loc": "sz6", "aboard": "u20"})
    only(pos, "aboard-enemy", "units[13].aboard")


def test_transport_over_capacity():
    pos = minimal()
    pos["units"] += [{"power": "germany", "type": "tank", "loc": "sz5", "aboard": "u10"},
                     {"power": "germany", "type": "artillery", "loc": "sz5", "aboard": "u10"}]
    p = only(pos, "aboard-over-capacity", "units[4]")
    assert "units[13]" in p.message and "units[14]" in p.message


def test_carrier_over_capacity():
    pos = minimal()
    pos["units"] += [{"power": "uk", "type": "fighter", "loc": "sz6", "aboard": "u20"}] * 2
    only(pos, "aboard-over-capacity", "units[8]")


def test_full_transport_is_fine():
    pos = minimal()
    pos["units"].append({"power": "germany", "type": "tank", "loc": "sz5", "aboard": "u10"})
    load(pos)


# --- ids ----------------------------------------------------------------------------------------


def test_duplicate_unit_ids():
    pos = minimal()
    unit(pos, 8)["id"] = "u10"
    unit(pos, 9)["aboard"] = "u10"
    pos["units"].pop(9)  # the UK fighter would now be aboard the German transport
    p = only(pos, "duplicate-unit-id", "units[8].id")
    assert "units[4]" in p.message


def test_unit_id_format():
    pos = minimal()
    unit(pos, 0)["id"] = "17"
    only(pos, "unit-id", "units[0].id")


def test_next_unit_id_must_be_above_every_id():
    only({**minimal(), "next_unit_id": 31}, "next-unit-id", "next_unit_id")
    assert load({**minimal(), "next_unit_id": 40})["next_unit_id"] == 40


# --- turn -------------------------------------------------------------------------------------


def test_turn_power_not_in_turn_order():
    pos = minimal()
    pos["turn"]["power"] = "italy"
    only(pos, "unknown-power", "turn.power")


def test_unknown_step():
    for step in ("combat", "mobilise", "purchse"):
        pos = minimal()
        pos["turn"]["step"] = step
        p = only(pos, "unknown-step", "turn.step")
        assert "purchase or noncombat" in p.message
    assert p.suggestions == ("purchase",)


def test_turn_round_must_be_a_positive_whole_number():
    for bad in (0, 2.5, "3", True):
        pos = minimal()
        pos["turn"]["round"] = bad
        only(pos, "turn-round", "turn.round")


def test_phase_must_match_turn():
    assert load({**minimal(), "phase": "r3-germany-purchase"})["phase"] == "r3-germany-purchase"
    only({**minimal(), "phase": "r2-germany-purchase"}, "phase-mismatch", "phase")


def test_result_must_be_null():
    assert load({**minimal(), "result": None})["result"] is None
    only({**minimal(), "result": {"type": "draw", "powers": ["uk"]}}, "result-not-null",
         "result")


def test_position_of_another_game():
    only({**minimal(), "game": "diplomacy"}, "wrong-game", "game")


# --- treasury -----------------------------------------------------------------------------------


def test_treasury_negative_or_not_a_whole_number():
    for bad in (-1, 2.5, "12", None, True):
        pos = minimal()
        pos["treasury"]["uk"] = bad
        only(pos, "treasury-value", "treasury.uk")


def test_treasury_for_unknown_power():
    pos = minimal()
    pos["treasury"]["italy"] = 10
    only(pos, "unknown-power", "treasury.italy")


def test_treasury_missing_a_power():
    pos = minimal()
    del pos["treasury"]["japan"]
    assert "japan" in only(pos, "treasury-missing", "treasury").message


# --- controllers --------------------------------------------------------------------------------


def test_controller_of_unknown_territory():
    pos = minimal()
    pos["controllers"]["atlantis"] = "uk"
    only(pos, "unknown-region", "controllers.atlantis")


def test_controller_of_sea_zone_or_neutral():
    for region in ("sz5", "switzerland"):
        pos = minimal()
        pos["controllers"][region] = "germany"
        only(pos, "controller-not-territory", f"controllers.{region}")


def test_controller_unknown_power():
    pos = minimal()
    pos["controllers"]["norway"] = "Germans"
    assert only(pos, "unknown-power", "controllers.norway").suggestions == ("germany",)


def test_controller_missing():
    pos = minimal()
    del pos["controllers"]["norway"], pos["controllers"]["iceland"]
    p = only(pos, "controller-missing", "controllers")
    assert "2 territories" in p.message and "norway" in p.message and "iceland" in p.message


def test_turn_start_controllers_checked_and_equal_at_purchase_step():
    pos = minimal()
    pos["turn_start_controllers"] = {**pos["controllers"], "karelia_ssr": "germany"}
    only(pos, "mid-turn-at-purchase-step", "turn_start_controllers.karelia_ssr")
    pos["turn"]["step"] = "noncombat"
    assert load(pos)["turn_start_controllers"]["karelia_ssr"] == "germany"
    pos["turn_start_controllers"]["sz5"] = "germany"
    only(pos, "controller-not-territory", "turn_start_controllers.sz5")


# --- complexes ----------------------------------------------------------------------------------


def test_complex_at_sea():
    pos = minimal()
    pos["complexes"]["sz5"] = {}
    only(pos, "complex-at-sea", "complexes.sz5")


def test_complex_damage_beyond_the_cap():
    pos = minimal()
    pos["complexes"]["russia"] = {"damage": 16}  # 2 x 8 IPC: the most allowed
    assert load(pos)["complexes"]["russia"]["damage"] == 16
    pos["complexes"]["russia"] = {"damage": 17}
    assert "0 to 16" in only(pos, "complex-damage", "complexes.russia.damage").message
    pos["complexes"]["russia"] = {"damage": -1}
    only(pos, "complex-damage", "complexes.russia.damage")


def test_complex_owner_is_the_territory_controller():
    pos = minimal()
    pos["complexes"]["russia"] = {"owner": "germany"}
    only(pos, "complex-owner", "complexes.russia.owner")


def test_complex_on_a_territory_that_cannot_hold_one():
    pos = minimal()
    pos["complexes"]["gibraltar"] = {}  # 0 IPC
    only(pos, "complex-territory", "complexes.gibraltar")


def test_new_complex_only_mid_turn():
    pos = minimal()
    pos["complexes"]["germany"] = {"new": True}
    only(pos, "mid-turn-at-purchase-step", "complexes.germany.new")
    pos["turn"]["step"] = "noncombat"
    assert load(pos)["complexes"]["germany"]["new"] is True


# --- captured capitals ------------------------------------------------------------------------


def _moscow_taken(pos: dict) -> dict:
    pos["controllers"]["russia"] = "germany"
    pos["complexes"]["russia"] = {"owner": "germany"}
    pos["units"].pop(7)  # the Soviet infantry in Moscow
    return pos


def test_captured_capitals_derived_from_controllers():
    assert load(_moscow_taken(minimal()))["captured_capitals"] == {"ussr": "germany"}


def test_captured_capitals_inconsistent_with_controllers():
    pos = _moscow_taken(minimal())
    pos["captured_capitals"] = {}
    only(pos, "captured-capitals", "captured_capitals")
    pos["captured_capitals"] = {"ussr": "germany", "uk": "japan"}
    only(pos, "captured-capitals", "captured_capitals.uk")
    pos["captured_capitals"] = {"ussr": "germany"}
    assert load(pos)["captured_capitals"] == {"ussr": "germany"}


def test_capital_held_by_an_ally():
    pos = minimal()
    pos["controllers"]["russia"] = "uk"
    pos["complexes"]["russia"] = {"owner": "uk"}
    pos["units"].pop(7)
    only(pos, "capital-held-by-ally", "controllers.russia")


# --- per-turn fields and bookkeeping -----------------------------------------------------------


def test_per_turn_unit_fields_are_reset_at_the_purchase_step():
    pos = minimal()
    unit(pos, 2).update(moved=1, moved_in="combat")
    found = problems(pos)
    assert [p.rule for p in found] == ["mid-turn-at-purchase-step"] * 2
    pos["turn"]["step"] = "noncombat"
    assert load(pos)["units"][4]["moved"] == 1


def test_unit_field_values():
    pos = minimal()
    pos["turn"]["step"] = "noncombat"
    unit(pos, 2).update(moved_in="attack")
    only(pos, "field-type", "units[2].moved_in")
    unit(pos, 2).update(moved_in="combat", moved=3)
    only(pos, "unit-moved", "units[2].moved")


def test_unknown_unit_field():
    pos = minimal()
    unit(pos, 5)["abord"] = "u10"
    assert only(pos, "unknown-field", "units[5].abord").suggestions == ("aboard",)


def test_battleship_damage():
    pos = minimal()
    pos["units"].append({"power": "germany", "type": "battleship", "loc": "sz5", "damage": 1})
    only(pos, "unit-damage", "units[13].damage")  # 1942 repairs after every battle
    pos["rules"] = {"battleship_repair": "end_of_turn"}
    assert load(pos)["units"][-1]["damage"] == 1
    unit(pos, 13)["damage"] = 2
    only(pos, "unit-damage", "units[13].damage")


def test_bookkeeping_only_mid_turn():
    pos = minimal()
    pos.update(purchased={"infantry": 2}, repairs={"germany": 1},
               committed_carriers={"u77": ["sz5", "sz6"]})
    assert [p.rule for p in problems(pos)] == ["mid-turn-at-purchase-step"] * 3


def _noncombat() -> dict:
    pos = minimal()
    pos["turn"]["step"] = "noncombat"
    return pos


def test_purchased_units_at_the_noncombat_step():
    pos = _noncombat()
    pos["purchased"] = {"infantry": 2, "fighter": 1}
    assert load(pos)["purchased"] == {"fighter": 1, "infantry": 2}
    pos["purchased"] = {"infantry": 0, "tanks": 1}
    assert sorted(p.rule for p in problems(pos)) == ["field-type", "unknown-unit-type"]


def test_committed_carriers():
    pos = _noncombat()
    pos["committed_carriers"] = {"u77": ["sz5", "sz6"]}  # sunk since: the engine skips it
    assert load(pos)["committed_carriers"] == {"u77": ["sz5", "sz6"]}
    pos["committed_carriers"] = {"u20": ["sz6", "sz7"]}  # the UK's, in Germany's turn
    only(pos, "committed-carrier", "committed_carriers.u20")
    pos["committed_carriers"] = {"u77": ["sz5", "germany"]}
    only(pos, "committed-carrier", "committed_carriers.u77[1]")


def test_pending_aa_return():
    pos = _noncombat()
    pos["pending_aa_return"] = {"u99": "ussr"}
    assert load(pos)["pending_aa_return"] == {"u99": "ussr"}
    pos["pending_aa_return"] = {"u21": "ussr"}  # an infantry
    only(pos, "pending-aa-return", "pending_aa_return.u21")


def test_repairs_need_a_complex_of_the_moving_power():
    pos = minimal()
    pos["turn"]["step"] = "noncombat"
    pos["repairs"] = {"russia": 1}
    only(pos, "repair-without-complex", "repairs.russia")


# --- rules, options, standing orders ------------------------------------------------------------


def test_partial_rules_are_completed_from_the_edition():
    s = load({**minimal(), "rules": {"victory": "total"}})
    assert s["rules"] == {**initial_state(ED)["rules"], "victory": "total"}


def test_unknown_rule_or_bad_rule_value():
    only({**minimal(), "rules": {"victroy": "total"}}, "unknown-rule", "rules.victroy")
    only({**minimal(), "rules": {"victory": "most"}}, "rule-value", "rules.victory")
    only({**minimal(), "rules": {"fighters_in_sbr": "yes"}}, "rule-value",
         "rules.fighters_in_sbr")
    only({**minimal(), "rules": {"edition": "revised"}}, "rule-value", "rules.edition")


def test_nmr_and_passes_values():
    s = load({**minimal(), "nmr": "wait", "passes": "two"})
    assert (s["nmr"], s["passes"]) == ("wait", "two")
    only({**minimal(), "nmr": "never"}, "option-value", "nmr")
    assert only({**minimal(), "passes": "tow"}, "option-value", "passes").suggestions == (
        "two",)


def test_standing_orders():
    s = load({**minimal(), "standing": {"ussr": {"order_of_loss": ["infantry", "tank"]}}})
    assert s["standing"] == {"ussr": {"order_of_loss": ["infantry", "tank"],
                                      "battleship_first_hit": None, "keep_land_units": None,
                                      "submerge": None}}
    bad = {"ussr": {"order_of_loss": ["infantery"], "submerge": "sometimes",
                    "keep_land_units": -1, "first_hit": True}}
    assert sorted(p.rule for p in problems({**minimal(), "standing": bad})) == [
        "field-type", "option-value", "unknown-field", "unknown-unit-type"]
