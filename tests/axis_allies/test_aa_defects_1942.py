"""Regression tests for the 1942 defects users reported (issue 10, section 4).

1. A ship move refused because a canal is closed says so, naming the canal and why, also when
   the player wrote only the start and the end (it used to say "needs 5 moves" or "no legal
   sea route").
2. A placement over an industrial complex's limit names the complex and its limit.
3. The turn language names the complex a new ship is placed from (``place 1 dd sz 5 from
   Karelia``), and a route written out region by region is used as written.
"""

from __future__ import annotations

import pytest
from aa_scenario import ED, blank, put

from adjudicator.axis_allies.orders import Move, Placement, TurnScript, UnitCount
from adjudicator.axis_allies.parser import parse_turn, parse_turn_script
from adjudicator.axis_allies.state import phase_code
from adjudicator.axis_allies.validate import (
    PlacementRequest,
    check_combat_moves,
    check_noncombat_moves,
    check_placements,
    placements_from_order,
    requests_from_orders,
    summarise,
)
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

U = UnitCount
G = get_game("aa1942")


def moves(state: dict, power: str, text: str):
    """Parse ``text`` and validate its moves (noncombat if any, else combat)."""
    script, errors = parse_turn_script(text, ED)
    assert errors == []
    if script.noncombat_moves:
        reqs = [r for m in script.noncombat_moves for r in requests_from_orders(m, power)]
        return check_noncombat_moves(state, ED, power, reqs)
    reqs = [r for m in script.combat_moves for r in requests_from_orders(m, power)]
    return check_combat_moves(state, ED, power, reqs)


def placements(state: dict, power: str, text: str):
    script, errors = parse_turn_script(text, ED)
    assert errors == []
    reqs = [r for i, p in enumerate(script.placements, start=1)
            for r in placements_from_order(p, power, line=i, text=p.text())]
    return check_placements(state, ED, power, reqs)


def errors_of(plan) -> list[tuple[str, str]]:
    return [(e.rule, e.message) for e in plan.errors]


# --- 1. closed canals are named ---------------------------------------------------------------


def test_start_and_end_through_closed_suez_names_the_canal_and_the_way_round():
    s = blank("uk", step="noncombat", trans_jordan="germany")
    put(s, "uk", "cruiser", "sz15")
    plan = moves(s, "uk", "noncombat:\n1 ca sz 15 -> sz 34")
    assert errors_of(plan) == [(
        "canal-closed",
        ("Suez Canal (Sea Zone 15 - Sea Zone 34) is closed: controlled by the enemy at the start "
        "of the turn (Germany held Trans-Jordan); the way round needs 9 moves and the Cruiser "
        "has 2 left"))]


def test_a_destination_beyond_the_canal_names_it_too():
    s = blank("uk", step="noncombat", trans_jordan="germany")
    put(s, "uk", "cruiser", "sz15")
    (err,) = moves(s, "uk", "noncombat:\n1 ca sz 15 -> sz 35").errors
    assert err.rule == "canal-closed"
    assert err.message.startswith("Suez Canal (Sea Zone 15 - Sea Zone 34) is closed")
    assert "the way round needs 10 moves" in err.message


def test_closed_panama_start_and_end_no_longer_says_needs_5_moves():
    s = blank("germany", step="noncombat")
    put(s, "germany", "destroyer", "sz19")
    (err,) = moves(s, "germany", "noncombat:\n1 dd sz 19 -> sz 20").errors
    assert err.rule == "canal-closed"
    assert err.message == (
        "Panama Canal (Sea Zone 19 - Sea Zone 20) is closed: controlled by the enemy at the "
        "start of the turn (United States held Panama); the way round needs 5 moves and the "
        "Destroyer has 2 left")


def test_no_way_round_says_the_canal_not_no_legal_sea_route():
    s = blank("uk", step="noncombat", trans_jordan="germany", anglo_egypt_sudan="germany")
    put(s, "uk", "cruiser", "sz15")
    put(s, "germany", "battleship", "sz14")  # the way out of the Mediterranean is hostile
    (err,) = moves(s, "uk", "noncombat:\n1 ca sz 15 -> sz 34").errors
    assert err.rule == "canal-closed"
    assert err.message == (
        "Suez Canal (Sea Zone 15 - Sea Zone 34) is closed: controlled by the enemy at the start "
        "of the turn (Germany held Anglo-Egypt Sudan and Trans-Jordan); there is no other legal "
        "sea route from Sea Zone 15 to Sea Zone 34")
    assert "no legal sea route" not in err.message


def test_a_bank_retaken_this_turn_still_closes_the_canal_and_the_message_says_why():
    s = blank("uk", step="noncombat", trans_jordan="germany")
    s["controllers"]["trans_jordan"] = "uk"  # retaken in combat: control at the start counts
    put(s, "uk", "cruiser", "sz15")
    (err,) = moves(s, "uk", "noncombat:\n1 ca sz 15 -> sz 34").errors
    assert err.rule == "canal-closed"
    assert "at the start of the turn (Germany held Trans-Jordan)" in err.message


def test_an_open_canal_is_crossed_with_only_start_and_end_given():
    s = blank("uk", step="noncombat")
    put(s, "uk", "cruiser", "sz15")
    plan = moves(s, "uk", "noncombat:\n1 ca sz 15 -> sz 34")
    assert plan.errors == [] and plan.moves[0].path == ("sz15", "sz34")


def test_a_route_given_through_a_closed_canal_names_the_canal_and_the_route():
    s = blank("germany", step="noncombat")
    put(s, "germany", "destroyer", "sz19")
    (err,) = moves(s, "germany", "noncombat:\n1 dd sz 19 -> sz 20 -> sz 21").errors
    assert err.rule == "canal-closed"
    assert err.message == (
        "the route given, Sea Zone 19 - Sea Zone 20 - Sea Zone 21, cannot be used: Panama Canal "
        "(Sea Zone 19 - Sea Zone 20) is closed: controlled by the enemy at the start of the turn "
        "(United States held Panama)")


def test_a_declared_carrier_move_through_a_closed_canal_names_it():
    s = blank("uk", trans_jordan="germany")
    put(s, "uk", "carrier", "sz15")
    (err,) = moves(s, "uk", "1 cv sz 15 -> sz 34 (for landing)").errors
    assert err.rule == "carrier-plan-illegal"
    assert ("Suez Canal (Sea Zone 15 - Sea Zone 34) is closed: controlled by the enemy at the "
            "start of the turn (Germany held Trans-Jordan)") in err.message


def test_adj_orders_shows_the_canal_message():
    """Through the game adapter, as ``adj orders`` validates a submission."""
    s = G.new_state(G.check_options({"passes": "one"}))
    s["units"] = [u for u in s["units"] if u["loc"] != "sz19"]
    s["turn"] = {"round": 1, "power": "germany", "step": "purchase"}
    s["phase"] = phase_code(1, "germany", "purchase")
    put(s, "germany", "submarine", "sz19")
    parsed = G.parse("combat:\n1 sub sz 19 -> sz 20", s)
    assert parsed.errors == []
    _, errors = G.validate(s, "germany", [p.order for p in parsed.orders])
    canal = [e for e in errors if e.rule == "canal-closed"]
    assert canal and canal[0].message.startswith("Panama Canal (Sea Zone 19 - Sea Zone 20) is "
                                                 "closed: controlled by the enemy")


# --- 2. the mobilisation limit names the complex ------------------------------------------------


def _ussr_with_karelia_complex(**bought: int) -> dict:
    s = blank("ussr", step="noncombat")
    s["purchased"] = dict(bought)
    s["complexes"]["karelia_ssr"] = {"owner": "ussr", "damage": 0, "new": False}
    return s


def test_over_the_limit_names_the_complex_and_the_limit():
    s = _ussr_with_karelia_complex(infantry=3)
    plan = placements(s, "ussr", "place 3 inf Karelia")
    assert errors_of(plan) == [(
        "mobilisation-limit",
        ("Karelia S.S.R.'s industrial complex can mobilise 2 units this turn (its IPC value); "
        "3 placed"))]


def test_the_limit_message_gives_the_damage_and_the_earlier_lines():
    s = _ussr_with_karelia_complex(infantry=2, destroyer=1)
    s["complexes"]["karelia_ssr"]["damage"] = 1
    plan = placements(s, "ussr", "place 2 inf Karelia")
    assert plan.errors[0].message == (
        "Karelia S.S.R.'s industrial complex can mobilise 1 unit this turn (its IPC value 2 minus "
        "1 damage); 2 placed")
    s["complexes"]["karelia_ssr"]["damage"] = 0
    plan = placements(s, "ussr", "place 2 inf Karelia\nplace 1 dd sz 4")
    assert plan.errors[0].message == (
        "Karelia S.S.R.'s industrial complex (for Sea Zone 4) can mobilise 2 units this turn "
        "(its IPC value); 3 placed, 2 of them on earlier lines")


def test_the_turn_result_of_a_line_over_the_limit_names_the_complex():
    s = G.new_state(G.check_options({"passes": "one"}))
    s["turn"] = {"round": 1, "power": "germany", "step": "purchase"}
    s["phase"] = phase_code(1, "germany", "purchase")
    s["turn_start_controllers"] = dict(s["controllers"])
    parsed = G.parse("buy 11 inf\nplace: 11 inf Germany", s)
    res = G.resolve(s, {"germany": [p.order for p in parsed.orders]}, FixedDice([]))
    (place,) = [r for r in res.results if r["section"] == "place"]
    assert place["success"]
    assert place["reason"] == (
        "Germany's industrial complex can mobilise 10 units this turn (its IPC value); 11 "
        "placed: 10 mobilised, 1 refunded")
    assert res.events["refunds"] == {"infantry": 1}


# --- 3a. the complex a new ship is placed from --------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("place 1 dd sz 5 from Karelia", Placement((U("destroyer"),), "sz5", "karelia_ssr")),
    ("Place: 1 dd sz 5 from Karelia", Placement((U("destroyer"),), "sz5", "karelia_ssr")),
    ("place 1 tt in sz 2 (from United Kingdom)",
     Placement((U("transport"),), "sz2", "united_kingdom")),
    ("mobilize 2 ss in sz 5 from W. Europe",
     Placement((U("submarine", 2),), "sz5", "western_europe")),
    ("place 1 dd sz 5", Placement((U("destroyer"),), "sz5")),
])
def test_placement_from_forms(text, expected):
    r = parse_turn(text, ED)
    assert r.errors == [] and [(p.section, p.order) for p in r.orders] == [
        ("placements", expected)]


def test_several_groups_each_with_or_without_a_complex():
    r = parse_turn("place: 2 inf Germany, 1 dd sz 5 from Western Europe, 1 tt sz 5", ED)
    assert r.errors == []
    assert [p.order for p in r.orders] == [
        Placement((U("infantry", 2),), "germany"),
        Placement((U("destroyer"),), "sz5", "western_europe"),
        Placement((U("transport"),), "sz5")]


@pytest.mark.parametrize("order", [
    Placement((U("destroyer"),), "sz5", "karelia_ssr"),
    Placement((U("transport"), U("destroyer", 2)), "sz2", "united_kingdom"),
    Placement((U("fighter", 2),), "sz5", "germany"),
    Move((U("tank"),), ("germany", "eastern_europe", "ukraine_ssr"), path_given=True),
])
def test_canonical_text_round_trips(order):
    assert order.text().startswith("place ") or isinstance(order, Move)
    r = parse_turn(order.text(), ED)
    assert r.errors == [] and [p.order for p in r.orders] == [order]


def test_turn_script_with_a_named_complex_round_trips():
    script, errors = parse_turn_script(
        "buy 2 dd\nnoncombat:\n1 arm Germany - Eastern Europe - Ukraine\n"
        "place: 1 dd sz 5 from Western Europe, 1 dd sz 5\n", ED)
    assert errors == []
    again, errors = parse_turn_script(script.text(), ED)
    assert errors == [] and again == script
    assert "place 1 destroyer sz 5 from western europe" in script.text()
    assert TurnScript(placements=(Placement((U("destroyer"),), "sz5", "germany"),)).text() == (
        "place:\nplace 1 destroyer sz 5 from germany\n")


def _error(text: str):
    r = parse_turn(text, ED)
    assert r.orders == [] and len(r.errors) == 1, (r.orders, r.errors)
    return r.errors[0]


def test_a_complex_in_a_sea_zone_is_an_error_at_its_column():
    e = _error("place 1 dd sz 5 from sz 6")
    assert (e.line, e.column) == (1, 22)
    assert "an industrial complex is on land" in e.message


def test_an_unknown_complex_territory_suggests_names():
    e = _error("place 1 dd sz 5 from Karlea")
    assert e.column == 22
    assert e.message == "unknown territory 'Karlea'" and "Karelia S.S.R." in e.suggestions
    assert "did you mean Karelia S.S.R." in e.describe()


def test_a_mistyped_complex_is_read_and_said():
    r = parse_turn("place 1 dd sz 5 from Karelai", ED)
    assert r.errors == [] and r.orders[0].order.complex == "karelia_ssr"
    assert any("read as Karelia S.S.R." in n for n in r.orders[0].notes)


@pytest.mark.parametrize("text", ["1 dd sz 5 from Karelia", "1 dd sz 5 from Karelia -> sz 6",
                                  "land ftr Karelia from Germany: Germany"])
def test_from_a_complex_outside_a_placement_is_an_error(text):
    e = _error(text)
    assert "names the industrial complex that places new units at sea" in e.message
    assert e.column == text.index("from") + 6


def test_the_named_complex_is_the_one_used():
    s = blank("germany", step="noncombat")
    s["purchased"] = {"destroyer": 1}
    s["complexes"]["western_europe"] = {"owner": "germany", "damage": 0, "new": False}
    auto = placements(s, "germany", "place 1 dd sz 5")
    assert auto.errors == [] and auto.placed == [("destroyer", 1, "sz5", "germany")]
    named = placements(s, "germany", "place 1 dd sz 5 from Western Europe")
    assert named.errors == [] and named.placed == [("destroyer", 1, "sz5", "western_europe")]
    assert named.used == {"western_europe": 1}


def test_the_named_complex_must_have_room_even_if_another_has_some():
    s = blank("germany", step="noncombat")
    s["purchased"] = {"destroyer": 7}
    s["complexes"]["western_europe"] = {"owner": "germany", "damage": 0, "new": False}
    plan = placements(s, "germany", "place 7 dd sz 5 from Western Europe")
    assert errors_of(plan) == [(
        "mobilisation-limit",
        ("Western Europe's industrial complex (for Sea Zone 5) can mobilise 6 units this turn "
        "(its IPC value); 7 placed"))]


def test_without_from_the_complex_with_most_room_left_after_earlier_lines_is_used():
    s = blank("germany", step="noncombat")
    s["purchased"] = {"destroyer": 11}
    s["complexes"]["western_europe"] = {"owner": "germany", "damage": 0, "new": False}
    plan = placements(s, "germany", "place 10 dd sz 5\nplace 1 dd sz 5")
    assert plan.errors == []
    assert plan.placed == [("destroyer", 10, "sz5", "germany"),
                           ("destroyer", 1, "sz5", "western_europe")]


def test_the_named_complex_must_border_the_zone():
    s = _ussr_with_karelia_complex(destroyer=1)
    plan = placements(s, "ussr", "place 1 dd sz 4 from Russia")
    assert errors_of(plan) == [(
        "place-complex-not-adjacent",
        ("Russia does not border Sea Zone 4: units at sea are placed from a complex on its coast "
        "(Sea Zone 4 borders Karelia S.S.R.)"))]


@pytest.mark.parametrize("text, rule", [
    ("place 1 dd sz 5 from Germany", "place-allied-complex"),  # an enemy's complex
    ("place 1 dd sz 5 from Eastern Europe", "place-needs-complex"),
])
def test_the_named_complex_must_be_the_players_own(text, rule):
    s = _ussr_with_karelia_complex(destroyer=1)
    assert [e.rule for e in placements(s, "ussr", text).errors] == [rule]


def test_a_complex_captured_this_turn_cannot_be_named():
    s = blank("germany", step="noncombat")
    s["purchased"] = {"destroyer": 1}
    s["controllers"]["karelia_ssr"] = "germany"  # taken this turn
    s["complexes"]["karelia_ssr"] = {"owner": "germany", "damage": 0, "new": True}
    plan = placements(s, "germany", "place 1 dd sz 4 from Karelia")
    assert [e.rule for e in plan.errors] == ["place-complex-not-held"]


def test_a_land_placement_names_only_its_own_complex():
    s = _ussr_with_karelia_complex(infantry=1)
    assert placements(s, "ussr", "place 1 inf Karelia from Karelia").errors == []
    plan = placements(s, "ussr", "place 1 inf Karelia from Russia")
    assert [e.rule for e in plan.errors] == ["place-complex-mismatch"]
    assert "Karelia S.S.R.'s own complex, not Russia's" in plan.errors[0].message


def test_the_request_carries_the_complex_for_api_callers():
    s = _ussr_with_karelia_complex(destroyer=1)
    plan = check_placements(s, ED, "ussr",
                            [PlacementRequest("ussr", "destroyer", 1, "sz4", "karelia_ssr")])
    assert plan.errors == [] and plan.placed == [("destroyer", 1, "sz4", "karelia_ssr")]


def test_a_turn_places_from_the_named_complex():
    """End to end: the engine mobilises against the complex named, not the roomier one."""
    s = G.new_state(G.check_options({"passes": "one"}))
    s["turn"] = {"round": 1, "power": "germany", "step": "purchase"}
    s["phase"] = phase_code(1, "germany", "purchase")
    s["complexes"]["western_europe"] = {"owner": "germany", "damage": 0, "new": False}
    s["turn_start_controllers"] = dict(s["controllers"])
    s["treasury"]["germany"] = 56
    before = sum(1 for u in s["units"] if u["loc"] == "sz5" and u["type"] == "destroyer")
    parsed = G.parse("buy 7 dd\nplace: 7 dd sz 5 from Western Europe", s)
    assert parsed.errors == []
    res = G.resolve(s, {"germany": [p.order for p in parsed.orders]}, FixedDice([]))
    after = sum(1 for u in res.state["units"] if u["loc"] == "sz5" and u["type"] == "destroyer")
    assert after - before == 6
    assert res.events["refunds"] == {"destroyer": 1}
    (place,) = [r for r in res.results if r["section"] == "place"]
    assert place["reason"].startswith("Western Europe's industrial complex (for Sea Zone 5) can "
                                      "mobilise 6 units this turn")


# --- 3b. a route written out is used as written ---------------------------------------------


@pytest.mark.parametrize("text", ["1 arm Germany - Eastern Europe - Ukraine",
                                  "1 arm Germany-E. Europe-Ukraine",
                                  "1 arm Germany -> Ukraine via Eastern Europe",
                                  "1 arm from Germany via Eastern Europe to Ukraine",
                                  "Germany - Eastern Europe - Ukraine: 1 arm"])
def test_route_forms_give_the_route(text):
    r = parse_turn(text, ED)
    assert r.errors == []
    (po,) = r.orders
    assert po.order == Move((U("tank"),), ("germany", "eastern_europe", "ukraine_ssr"),
                            path_given=True)


def test_the_route_given_is_used_not_the_one_the_referee_would_choose():
    s = blank("germany", step="noncombat")
    put(s, "germany", "tank", "germany")
    inferred = moves(s, "germany", "noncombat:\n1 arm Germany -> Ukraine")
    assert inferred.errors == [] and inferred.moves[0].path_inferred
    assert inferred.moves[0].path == ("germany", "balkans", "ukraine_ssr")
    given = moves(s, "germany", "noncombat:\n1 arm Germany - Eastern Europe - Ukraine")
    assert given.errors == [] and not given.moves[0].path_inferred
    assert given.moves[0].path == ("germany", "eastern_europe", "ukraine_ssr")
    shown = summarise(ED, noncombat=given)
    assert "  1 Tank: Germany - Eastern Europe - Ukraine S.S.R." in shown


def test_an_illegal_route_given_is_refused_with_the_route_and_why():
    s = blank("germany")
    put(s, "germany", "tank", "germany")
    (err,) = moves(s, "germany", "1 arm Germany - Karelia - Ukraine").errors
    assert err.rule == "path-not-connected"
    assert err.message == ("the route given, Germany - Karelia S.S.R. - Ukraine S.S.R., cannot "
                           "be used: Germany and Karelia S.S.R. are not adjacent")
    s = blank("germany", eastern_europe="ussr")
    put(s, "germany", "tank", "germany")
    put(s, "ussr", "infantry", "eastern_europe")
    (err,) = moves(s, "germany", "1 arm Germany - Eastern Europe - Ukraine").errors
    assert err.rule == "land-must-stop"
    assert err.message.startswith("the route given, Germany - Eastern Europe - Ukraine S.S.R., "
                                  "cannot be used: Tank must stop in Eastern Europe")
    # the referee never swaps in the free route through the Balkans
    assert moves(s, "germany", "1 arm Germany - Eastern Europe - Ukraine").moves == []


def test_a_route_given_too_long_for_the_unit():
    s = blank("germany", step="noncombat")
    put(s, "germany", "infantry", "germany")
    (err,) = moves(s, "germany", "noncombat:\n1 inf Germany - Eastern Europe - Karelia").errors
    assert err.rule == "out-of-range"
    assert "the route given, Germany - Eastern Europe - Karelia S.S.R., cannot be used" in (
        err.message)
    assert "needs 2 moves but has 1 left" in err.message
