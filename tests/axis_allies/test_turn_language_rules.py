"""The turn language meets the movement rules: declared carrier moves, carriers moving with
their fighters, air over amphibious assaults, which transport carried which unit, fighter
landings that end a carrier's move, and one named test for each remaining rule id.

Each test goes through the parser where the point is what a player writes, and builds a small
position on an emptied board (as in test_movement.py) so only what matters is on it."""

from __future__ import annotations

import pytest
from aa_scenario import ED, blank, mv, put, rules_of

from adjudicator.axis_allies.movement import CarrierPlan, Load
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.orders import Move
from adjudicator.axis_allies.parser import parse_turn as _parse_turn
from adjudicator.axis_allies.parser import parse_turn_script as _parse_turn_script
from adjudicator.axis_allies.turn import resolve_turn
from adjudicator.axis_allies.validate import (
    check_combat_moves,
    check_noncombat_moves,
    requests_from_orders,
)
from adjudicator.dice import FixedDice


def parse_turn(text: str):
    return _parse_turn(text, ED)


def parse_turn_script(text: str):
    return _parse_turn_script(text, ED)


def requests(text: str, power: str, section: str = "combat_moves") -> list:
    script, errors = parse_turn_script(text)
    assert errors == []
    out = []
    for i, o in enumerate(getattr(script, section), start=1):
        out.extend(requests_from_orders(o, power, line=i, text=o.text()))
    return out


def combat_text(s: dict, power: str, text: str):
    return check_combat_moves(s, ED, power, requests(text, power))


def noncombat_text(s: dict, power: str, text: str):
    return check_noncombat_moves(s, ED, power, requests(text, power, "noncombat_moves"))


def unit(state: dict, uid: str) -> dict:
    return next(u for u in state["units"] if u["id"] == uid)


# --- gap 1: declared carrier moves ------------------------------------------------------------


def _philippines() -> tuple[dict, str, str]:
    s = blank("usa")
    (cv,) = put(s, "usa", "carrier", "sz51")
    (f,) = put(s, "usa", "fighter", "sz51", aboard=cv)
    put(s, "japan", "infantry", "philippine_islands")
    return s, cv, f


EXAMPLE_5 = """combat:
ftr sz 51 -> sz 50 -> sz 49 -> Philippines
1 cv sz 51 -> sz 50 -> sz 49 (for landing)
"""


def test_declared_carrier_move_parses_and_reads_back():
    script, errors = parse_turn_script(EXAMPLE_5)
    assert errors == []
    decl = script.combat_moves[1]
    assert isinstance(decl, Move) and decl.for_landing
    assert decl.text() == "1 carrier sz 51 -> sz 50 -> sz 49 (for landing)"
    again, errors = parse_turn_script(script.text())
    assert errors == [] and again == script
    # written under noncombat it is still part of the combat move (declared before any dice)
    for text in ("noncombat:\n1 cv sz 51 -> sz 49 (for landing)",
                 "ncm:\ncarrier sz51 -> sz49 (ncm)", "cv sz 51 -> sz 49 (noncombat)"):
        res = parse_turn(text)
        assert [(o.section, o.order.for_landing) for o in res.orders] == [("combat_moves", True)]
    bad = parse_turn("2 ftr sz 51 -> sz 49 (for landing)")
    assert "name only the carriers" in bad.errors[0].message


def test_rulebook_carrier_landing_example_through_the_parser():
    """Worked example 5 (p.26) as a player writes it: the declared carrier move proves the
    fighter's landing; without it the attack is a suicide mission."""
    s, cv, _ = _philippines()
    plan = combat_text(s, "usa", EXAMPLE_5)
    assert plan.errors == []
    assert plan.committed_carriers == {cv: ["sz51", "sz50", "sz49"]}
    refused = combat_text(s, "usa", EXAMPLE_5.splitlines()[0] + "\n" + EXAMPLE_5.splitlines()[1])
    assert rules_of(refused) == ["air-no-landing"]
    # start and end only: the carrier's route is inferred (51 -> 50 -> 49 or another 2-step)
    short = combat_text(s, "usa", "ftr sz 51 -> sz 50 -> sz 49 -> Philippines\n"
                                  "cv sz 51 -> sz 49 (for landing)")
    assert short.errors == [] and short.committed_carriers[cv][-1] == "sz49"


def test_declared_carrier_move_is_carried_out_in_noncombat():
    """One-pass turn: the engine makes the declared move itself, then the fighter lands."""
    s, cv, f = _philippines()
    s["turn"]["step"] = "purchase"
    script, errors = parse_turn_script(EXAMPLE_5)
    assert errors == []
    # fighter attacks on 3 (rolls 1: hit); the defending infantry rolls 6 (miss)
    out = resolve_turn(s, script, FixedDice([1, 6]), ED, "full")
    st = out.state
    assert unit(st, cv)["loc"] == "sz49"
    assert unit(st, f)["loc"] == "sz49" and unit(st, f)["aboard"] == cv
    assert not out.events["lost_aircraft"]
    declared = [r for r in out.results if r["order"].endswith("(for landing)")]
    assert declared and declared[0]["success"] and "declared" in declared[0]["reason"]
    moved = [m for m in out.events["moves"] if m["section"] == "noncombat"]
    assert moved and moved[0]["path"] == ["sz51", "sz50", "sz49"]


def test_declared_carrier_may_not_go_elsewhere_in_noncombat():
    s, _cv, _ = _philippines()
    plan = combat_text(s, "usa", EXAMPLE_5)
    after = plan.state
    after["turn"]["step"] = "noncombat"
    wrong = noncombat_text(after, "usa", "noncombat:\ncv sz 51 -> sz 52")
    assert "carrier-plan-not-followed" in rules_of(wrong)
    right = noncombat_text(after, "usa", "noncombat:\ncv sz 51 -> sz 49\n"
                                         "ftr Philippines -> sz 49")
    assert right.errors == []


# --- gap 2: a carrier moving with its fighters aboard -------------------------------------------


@pytest.mark.parametrize("line", ["1 cv, 2 ftr sz 7 -> sz 8", "cv sz 7 with 2 ftr -> sz 8",
                                  "cv sz 7 -> sz 8"])
def test_own_fighters_ride_a_carrier_in_noncombat(line):
    s = blank("uk", step="noncombat")
    (cv,) = put(s, "uk", "carrier", "sz7")
    fs = put(s, "uk", "fighter", "sz7", 2, aboard=cv)
    plan = noncombat_text(s, "uk", "noncombat:\n" + line)
    assert plan.errors == []
    for f in fs:
        assert unit(plan.state, f)["loc"] == "sz8" and unit(plan.state, f)["aboard"] == cv


def test_fighters_named_aboard_must_be_aboard():
    s = blank("uk", step="noncombat")
    (cv,) = put(s, "uk", "carrier", "sz7")
    put(s, "uk", "fighter", "sz7", aboard=cv)
    plan = noncombat_text(s, "uk", "noncombat:\ncv sz 7 with 2 ftr -> sz 8")
    assert rules_of(plan) == ["cargo-not-aboard"]


def test_own_fighters_named_with_an_attacking_carrier_take_off_and_fly_with_it():
    """p.13: own fighters take off before the carrier moves; named with it, they attack the
    same zone as air units. Not named, they stay airborne where they were."""
    s = blank("uk")
    (cv,) = put(s, "uk", "carrier", "sz7")
    fs = put(s, "uk", "fighter", "sz7", 2, aboard=cv)
    put(s, "germany", "destroyer", "sz6")
    plan = combat_text(s, "uk", "1 cv, 2 ftr sz 7 -> sz 6")
    assert plan.errors == []
    for f in fs:
        u = unit(plan.state, f)
        assert (u["loc"], u["aboard"], u["moved"], u["moved_in"]) == ("sz6", None, 1, "combat")
    alone = combat_text(s, "uk", "cv sz 7 -> sz 6")
    assert alone.errors == []
    assert {(unit(alone.state, f)["loc"], unit(alone.state, f)["aboard"]) for f in fs} == {
        ("sz7", None)}


def test_allied_fighters_named_on_an_attacking_carrier_stay_cargo():
    s = blank("uk")
    (cv,) = put(s, "uk", "carrier", "sz7")
    (f,) = put(s, "usa", "fighter", "sz7", aboard=cv)
    put(s, "germany", "destroyer", "sz6")
    plan = combat_text(s, "uk", "cv sz 7 with 1 ftr -> sz 6")
    assert plan.errors == []
    assert (unit(plan.state, f)["loc"], unit(plan.state, f)["aboard"]) == ("sz6", cv)


# --- gap 3: air over an amphibious assault declares its battle ---------------------------------


def _assault() -> dict:
    s = blank("uk")
    (tr,) = put(s, "uk", "transport", "sz8")
    put(s, "uk", "infantry", "sz8", aboard=tr)
    put(s, "uk", "fighter", "united_kingdom")
    put(s, "germany", "destroyer", "sz7")
    put(s, "germany", "infantry", "western_europe")
    return s


ASSAULT = "tt sz 8 -> sz 7: unload W Europe\n"


@pytest.mark.parametrize("air, rules", [
    ("ftr UK -> sz 7", ["air-battle-undeclared"]),
    ("ftr UK -> W Europe", ["air-battle-undeclared"]),
    ("ftr UK -> sz 7 (sea)", []),
    ("ftr UK -> W Europe (land)", []),
    ("ftr UK -> W Europe (sea)", ["air-battle-mismatch"]),
])
def test_air_over_amphibious_assault_with_sea_battle_must_declare(air, rules):
    plan = combat_text(_assault(), "uk", ASSAULT + air)
    assert rules_of(plan) == rules
    if rules == ["air-battle-undeclared"]:
        assert "(sea)" in plan.errors[0].message and "(land)" in plan.errors[0].message


def test_no_declaration_needed_without_a_sea_battle():
    s = _assault()
    s["units"] = [u for u in s["units"] if u["type"] != "destroyer"]
    assert combat_text(s, "uk", ASSAULT + "ftr UK -> W Europe").errors == []


# --- gap 4: which transport carried which unit -------------------------------------------------


def test_unload_records_the_transport_of_each_cargo_unit():
    """Packing by capacity would put the first infantry on the tank's transport; the record
    says where each unit really was, so it dies with the right transport."""
    s = blank("uk")
    t1, t2 = put(s, "uk", "transport", "sz7", 2)
    (tank,) = put(s, "uk", "tank", "sz7", aboard=t1)
    inf1, inf2 = put(s, "uk", "infantry", "sz7", 2, aboard=t2)
    put(s, "germany", "infantry", "western_europe")
    plan = combat_text(s, "uk", "2 tt sz 7: unload W Europe")
    assert plan.errors == []
    (res,) = plan.moves
    assert res.carried_by == {tank: t1, inf1: t2, inf2: t2}
    alone = check_combat_moves(s, ED, "uk", [mv("uk", {"infantry": 2}, "sz7", "western_europe")])
    assert alone.errors == [] and alone.moves[0].carried_by == {inf1: t2, inf2: t2}


def test_amphibious_cargo_stays_with_its_own_transport_in_the_turn_engine():
    """A sea battle the attacker retreats from: cargo that did not land goes back aboard the
    transport that carried it (ruling 31), not the first transport with room."""
    s = blank("uk", step="purchase")
    t1, t2 = put(s, "uk", "transport", "sz7", 2)
    (tank,) = put(s, "uk", "tank", "sz7", aboard=t1)
    inf1, inf2 = put(s, "uk", "infantry", "sz7", 2, aboard=t2)
    put(s, "uk", "destroyer", "sz8")
    put(s, "germany", "submarine", "sz7")
    put(s, "germany", "infantry", "western_europe")
    script, errors = parse_turn_script(
        "combat:\n2 tt sz 7: unload W Europe\ndd sz 8 -> sz 7\n"
        "battle sz 7: engage; retreat after round 1 to sz 8\n")
    assert errors == []
    # round 1 of the sea battle: sub surprise strike misses (6), destroyer misses (6),
    # then the attackers retreat: nobody lands, the cargo goes back aboard
    out = resolve_turn(s, script, FixedDice([6, 6] + [6] * 20), ED, "first")
    st = out.state
    for cargo, tr in ((tank, t1), (inf1, t2), (inf2, t2)):
        u = unit(st, cargo)
        assert u["aboard"] == tr and u["loc"] == unit(st, tr)["loc"]


# --- gap 5: one named test per remaining rule id -------------------------------------------------


def test_rule_unload_not_adjacent():
    s = blank("uk")
    (tr,) = put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "sz7", aboard=tr)
    put(s, "germany", "infantry", "norway")
    plan = check_combat_moves(s, ED, "uk", [mv("uk", {"transport": 1}, "sz7", unload="norway")])
    assert rules_of(plan) == ["unload-not-adjacent"]


def test_rule_load_not_adjacent():
    s = blank("uk", step="noncombat")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "norway")
    plan = check_noncombat_moves(s, ED, "uk", [
        mv("uk", {"transport": 1}, "sz7", loads=(Load("sz7", "norway", (U("infantry", 1),)),))])
    assert rules_of(plan) == ["load-not-adjacent"]


def test_rule_load_off_path():
    s = blank("uk", step="noncombat")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "norway")
    plan = check_noncombat_moves(s, ED, "uk", [
        mv("uk", {"transport": 1}, "sz7", "sz8",
           loads=(Load("sz6", "norway", (U("infantry", 1),)),))])
    assert rules_of(plan) == ["load-off-path"]


def test_rule_board_in_combat():
    s = blank("uk")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "united_kingdom")
    plan = check_combat_moves(s, ED, "uk", [mv("uk", {"infantry": 1}, "united_kingdom", "sz7")])
    assert rules_of(plan) == ["board-in-combat"]


def test_rule_load_is_whole_move():
    s = blank("uk", step="noncombat", norway="uk")
    put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "karelia_ssr")
    s["controllers"]["karelia_ssr"] = s["turn_start_controllers"]["karelia_ssr"] = "uk"
    plan = check_noncombat_moves(s, ED, "uk", [
        mv("uk", {"infantry": 1}, "karelia_ssr", "norway"),
        mv("uk", {"infantry": 1}, "norway", "sz6")])
    assert rules_of(plan) == ["load-is-whole-move"]


def test_rule_captured_aa_cannot_move():
    s = blank("germany", step="noncombat")
    (aa,) = put(s, "germany", "aa_gun", "germany")
    unit(s, aa)["captured_this_turn"] = True
    plan = check_noncombat_moves(s, ED, "germany", [
        mv("germany", {"aa_gun": 1}, "germany", "western_europe")])
    assert rules_of(plan) == ["captured-aa-cannot-move"]


def test_rule_bombard_needs_assault():
    s = blank("uk")
    put(s, "uk", "battleship", "sz6")
    put(s, "germany", "infantry", "western_europe")
    plan = check_combat_moves(s, ED, "uk", [
        mv("uk", {"battleship": 1}, "sz6", "sz7", bombard="western_europe")])
    assert rules_of(plan) == ["bombard-needs-assault"]


def test_rule_carrier_plan_illegal():
    s, _, _ = _philippines()
    too_far = combat_text(s, "usa", "ftr sz 51 -> sz 50 -> sz 49 -> Philippines\n"
                                    "cv sz 51 -> sz 50 -> sz 49 -> sz 36 (for landing)")
    assert rules_of(too_far)[0] == "carrier-plan-illegal"
    assert "at most 2 sea zones" in too_far.errors[0].message
    put(s, "japan", "battleship", "sz50")
    hostile = check_combat_moves(s, ED, "usa", [], [CarrierPlan("usa", ("sz51", "sz50", "sz49"))])
    assert rules_of(hostile) == ["carrier-plan-illegal"]


def test_rule_transport_fought():
    s = blank("uk", step="noncombat")
    (tr,) = put(s, "uk", "transport", "sz7")
    unit(s, tr)["fought"] = True
    plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"transport": 1}, "sz7", "sz8")])
    assert rules_of(plan) == ["transport-fought"]


# --- gap 6: parser forms --------------------------------------------------------------------


def test_unload_needs_a_territory_and_the_message_lists_the_coast():
    res = parse_turn("tt sz 5: load 2 inf Germany; -> sz 6; unload")
    (err,) = res.errors
    assert err.column == 39  # the "unload" word
    assert "say where the units go ashore" in err.message
    assert "Norway, United Kingdom, Western Europe" in err.message


@pytest.mark.parametrize("text", ["1 arm Ukraine -> West Russia via Belorussia",
                                  "1 arm Ukraine via Belorussia -> West Russia",
                                  "1 arm Ukraine -> Belorussia -> West Russia"])
def test_via_names_the_region_on_the_way(text):
    (po,) = parse_turn(text).orders
    assert po.order.path == ("ukraine_ssr", "belorussia", "west_russia")
    assert po.order.path_given


def test_via_on_transport_and_without_destination():
    (po,) = parse_turn("tt sz 5 -> sz 7 via sz 6: unload W Europe").orders
    assert po.order.path == ("sz5", "sz6", "sz7")
    err = parse_turn("1 arm Ukraine via Belorussia").errors[0]
    assert "say where the units go too" in err.message


@pytest.mark.parametrize("text", ["landing:\nftr Karelia -> Germany or W Russia",
                                  "noncombat:\nftr Karelia -> Germany, else W Russia",
                                  "land ftr Karelia -> Germany or W Russia"])
def test_landing_fallbacks_written_with_an_arrow(text):
    (po,) = parse_turn(text).orders
    assert po.section == "landings"
    assert (po.order.origin, po.order.choices) == ("karelia_ssr", ("germany", "west_russia"))


def test_fallbacks_outside_landing_are_refused_with_the_working_form():
    err = parse_turn("ftr Karelia -> Germany or W Russia").errors[0]
    assert "put the line under 'landing:'" in err.message


def test_move_without_start_says_what_is_missing():
    err = parse_turn("2 inf -> Karelia").errors[0]
    assert err.message.startswith("say where the units start: '2 infantry <territory or sea "
                                  "zone> -> Karelia S.S.R.'")
    assert "one move away: Archangel, Belorussia" in err.message


# --- gap 7: fighter landings and carriers ----------------------------------------------------


def test_fighter_landing_ends_the_carriers_noncombat_move():
    """p.21: a fighter landing ends the carrier's movement. Landing first, then sailing away,
    is refused; sailing first, then landing where it ends, is fine."""
    s = blank("uk", step="noncombat")
    put(s, "uk", "carrier", "sz7")
    put(s, "uk", "fighter", "united_kingdom")
    landed_first = noncombat_text(s, "uk", "noncombat:\nftr UK -> sz 7\ncv sz 7 -> sz 8")
    assert rules_of(landed_first)[0] == "carrier-landed-on"
    sailed_first = noncombat_text(s, "uk", "noncombat:\ncv sz 7 -> sz 8\nftr UK -> sz 8")
    assert sailed_first.errors == []
    # a second carrier with room stays behind for the fighter: the first may sail
    put(s, "uk", "carrier", "sz7")
    assert noncombat_text(s, "uk", "noncombat:\nftr UK -> sz 7\ncv sz 7 -> sz 8").errors == []


def test_fighter_staying_on_its_carrier_needs_no_order():
    """A fighter aboard a carrier that does not move simply stays (digest §2.2.1 [I])."""
    s = blank("uk", step="purchase")
    (cv,) = put(s, "uk", "carrier", "sz7")
    (f,) = put(s, "uk", "fighter", "sz7", aboard=cv)
    out = resolve_turn(s, parse_turn_script("buy\n")[0], FixedDice([]), ED, "full")
    assert (unit(out.state, f)["loc"], unit(out.state, f)["aboard"]) == ("sz7", cv)
    assert not out.events["lost_aircraft"]


def test_fighter_left_over_the_old_zone_lands_on_its_carrier_where_it_ends():
    """Combat: the carrier sails to battle without naming its fighter, which stays airborne
    in the old zone; in noncombat it flies to the carrier and lands (landing plan)."""
    s = blank("uk", step="purchase")
    (cv,) = put(s, "uk", "carrier", "sz7")
    (f,) = put(s, "uk", "fighter", "sz7", aboard=cv)
    put(s, "germany", "transport", "sz6")
    script, errors = parse_turn_script(
        "combat:\ncv sz 7 -> sz 6\nbattle sz 6: engage\nlanding:\nftr sz 7 -> sz 6\n")
    assert errors == []
    out = resolve_turn(s, script, FixedDice([1] * 5), ED, "full")
    assert (unit(out.state, f)["loc"], unit(out.state, f)["aboard"]) == ("sz6", cv)
