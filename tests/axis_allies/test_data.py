"""A&A 1942 data (derived from TripleA's WW2v4) checked against the rulebook digest.

Page numbers are the rulebook's (see reference/rules/aa1942-rulebook-digest.md); the transport
profile comes from the unit-profiles digest §B4.12.
"""

from __future__ import annotations

import re

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.resources import game_data_path
from adjudicator.suggest import normalize

E = load_edition("aa1942")
M = E.map
U = E.units
S = E.setup

RULEBOOK_STARTING_IPC = {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}


# --- data files and shape -------------------------------------------------------------------


def test_data_files_are_found_through_game_data_path():
    folder = game_data_path("aa1942")
    for name in ("map.json", "setup.json", "units.json", "NOTICE"):
        assert (folder / name).is_file(), name


def test_load_edition_is_cached():
    assert load_edition("aa1942") is E
    assert E.name == "aa1942"


def test_map_has_64_sea_zones_numbered_1_to_64():
    assert sorted(M.region(z).sea_zone_number for z in M.sea_zones) == list(range(1, 65))
    assert all(z == f"sz{M.region(z).sea_zone_number}" for z in M.sea_zones)


def test_map_has_81_land_territories_including_16_neutrals():
    assert len(M.territories) == 81
    assert sum(M.region(t).neutral for t in M.territories) == 16


def test_region_ids_are_lower_case_slugs():
    for rid in M.regions:
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", rid), rid


def test_adjacency_is_symmetric():
    for a in M.regions:
        for b in M.neighbours(a):
            assert a in M.neighbours(b), (a, b)


def test_no_region_is_adjacent_to_itself():
    assert all(rid not in M.neighbours(rid) for rid in M.regions)


def test_every_sea_zone_and_passable_territory_has_a_neighbour():
    for r in M:
        if not r.impassable:
            assert M.neighbours(r.id), r.id


def test_every_region_has_a_centre_point_on_the_board():
    width, height = M.board_size
    for r in M:
        x, y = r.centre
        # TripleA puts a few centres a hair past the right edge of the drawn polygons.
        assert 0 <= x <= width + 20 and 0 <= y <= height, r.id


# --- names ----------------------------------------------------------------------------------


def test_names_and_aliases_are_unique_across_the_map():
    seen: dict[str, str] = {}
    for r in M:
        for label in (r.id, r.name, r.triplea_name, *r.aliases):
            assert seen.setdefault(normalize(label), r.id) == r.id, (label, r.id)


def test_every_name_and_alias_resolves_to_its_region():
    for r in M:
        for label in (r.id, r.name, r.triplea_name, *r.aliases):
            assert M.lookup(label) == r.id, label


@pytest.mark.parametrize(
    "label, rid",
    [
        ("Karelia", "karelia_ssr"),
        ("Karelia S.S.R.", "karelia_ssr"),
        ("W Europe", "western_europe"),
        ("W. Europe", "western_europe"),
        ("UK", "united_kingdom"),
        ("Philippines", "philippine_islands"),
        ("Anglo Egypt", "anglo_egypt_sudan"),
        ("Hawaii", "hawaiian_islands"),
        ("Moscow", "russia"),
    ],
)
def test_common_name_alias_resolves(label, rid):
    assert M.lookup(label) == rid


@pytest.mark.parametrize("label", ["sz 5", "SZ5", "5 Sea Zone", "sea zone 5", "Sea Zone 5"])
def test_sea_zone_forms_resolve(label):
    assert M.lookup(label) == "sz5"


# --- powers, turn order, economy (§1) -------------------------------------------------------


def test_turn_order_is_ussr_germany_uk_japan_usa():
    assert S.turn_order == ("ussr", "germany", "uk", "japan", "usa")


def test_axis_is_germany_and_japan():
    assert set(S.sides["axis"]) == {"germany", "japan"}


def test_allies_are_ussr_uk_and_usa():
    assert set(S.sides["allies"]) == {"ussr", "uk", "usa"}


@pytest.mark.parametrize("power, ipc", sorted(RULEBOOK_STARTING_IPC.items()))
def test_starting_production_level_equals_rulebook_income(power, ipc):
    # p.6: the starting IPC is the power's production level = sum of its territories' values.
    assert E.production_level(power) == ipc
    assert S.powers[power].starting_income == ipc


@pytest.mark.parametrize("power, ipc", sorted(RULEBOOK_STARTING_IPC.items()))
def test_starting_treasury_equals_rulebook_starting_ipc(power, ipc):
    # p.6-7: the same amount is also in hand at the start.
    assert S.powers[power].starting_treasury == ipc


def test_gibraltar_has_no_income_value():
    assert M.region("gibraltar").ipc == 0


def test_territory_ipc_values_run_up_to_12():
    values = {M.region(t).ipc for t in M.territories}
    assert max(values) == 12 and min(values) == 0


def test_neutral_territories_have_no_owner_and_no_income():
    for t in M.territories:
        r = M.region(t)
        if r.neutral:
            assert r.original_owner is None and r.ipc == 0, t
        else:
            assert r.original_owner in S.powers, t


# --- capitals and victory cities (§1.2, §1.3, §2.3.5) ---------------------------------------


def test_twelve_victory_cities():
    assert len(M.victory_cities()) == 12


def test_victory_cities_are_the_rulebook_twelve():
    assert set(M.victory_cities().values()) == {
        "Washington",
        "London",
        "Leningrad",
        "Moscow",
        "Calcutta",
        "Los Angeles",
        "Berlin",
        "Paris",
        "Rome",
        "Shanghai",
        "Manila",
        "Tokyo",
    }


def test_allies_start_with_six_victory_cities():
    allied = {
        city
        for t, city in M.victory_cities().items()
        if S.side_of(E.starting_controller(t)) == "allies"
    }
    assert allied == {"Washington", "London", "Leningrad", "Moscow", "Calcutta", "Los Angeles"}


def test_axis_start_with_six_victory_cities():
    axis = {
        city
        for t, city in M.victory_cities().items()
        if S.side_of(E.starting_controller(t)) == "axis"
    }
    assert axis == {"Berlin", "Paris", "Rome", "Shanghai", "Manila", "Tokyo"}


def test_victory_thresholds_are_9_standard_and_12_total():
    assert dict(S.victory_thresholds) == {"standard": 9, "total": 12}
    assert S.default_victory == "standard"


def test_five_capitals_one_per_power():
    assert M.capitals() == {
        "ussr": "russia",
        "germany": "germany",
        "uk": "united_kingdom",
        "japan": "japan",
        "usa": "eastern_united_states",
    }
    assert {p.id: p.capital for p in S.powers.values()} == M.capitals()


def test_capitals_are_the_victory_cities_washington_london_moscow_berlin_tokyo():
    cities = {M.region(t).victory_city for t in M.capitals().values()}
    assert cities == {"Washington", "London", "Moscow", "Berlin", "Tokyo"}


# --- neutrals, canals, straits, wrap-around (§4.3-4.5, §4.8) --------------------------------


@pytest.mark.parametrize("neutral", ["turkey", "mongolia", "sahara"])
def test_rulebook_neutral_is_impassable(neutral):
    r = M.region(neutral)
    assert r.neutral and r.impassable


def test_land_units_cannot_enter_a_neutral():
    assert "switzerland" in M.neighbours("germany")
    assert "switzerland" not in M.land_neighbours("germany")
    assert not M.step_allowed("germany", "switzerland", "land")


def test_aircraft_cannot_overfly_a_neutral():
    assert not M.step_allowed("caucasus", "turkey", "air")
    assert "turkey" not in M.reachable("caucasus", 6, "air")


def test_panama_canal_joins_sea_zones_19_and_20_controlled_by_panama():
    c = M.canal("panama")
    assert set(c.sea_zones) == {"sz19", "sz20"} and c.land_territories == ("panama",)
    assert M.canal_between("sz20", "sz19") is c


def test_panama_borders_both_canal_sea_zones():
    assert {"sz19", "sz20"} <= M.sea_neighbours("panama")


def test_suez_canal_joins_sea_zones_15_and_34_controlled_by_both_banks():
    c = M.canal("suez")
    assert set(c.sea_zones) == {"sz15", "sz34"}
    assert set(c.land_territories) == {"trans_jordan", "anglo_egypt_sudan"}


def test_suez_banks_are_land_adjacent_so_the_canal_never_blocks_land_units():
    assert M.step_allowed("trans_jordan", "anglo_egypt_sudan", "land")


def test_exactly_two_canals():
    assert {c.id for c in M.canals} == {"panama", "suez"}


def test_closed_canal_blocks_ships_but_not_aircraft():
    assert not M.step_allowed("sz15", "sz34", "sea", open_canals=())
    assert M.step_allowed("sz15", "sz34", "sea", open_canals=("suez",))
    assert M.step_allowed("sz15", "sz34", "air", open_canals=())


def test_british_destroyer_crosses_panama_while_the_allies_control_it():
    # p.9 example: the canal is usable by the whole side of Panama's controller.
    controller = E.starting_controller("panama")
    assert S.same_side(controller, "uk")
    open_canals = [
        c.id
        for c in M.canals
        if all(S.same_side(E.starting_controller(t), "uk") for t in c.land_territories)
    ]
    assert "panama" in open_canals
    assert M.distance("sz19", "sz20", "sea", open_canals=open_canals) == 1


def test_axis_ship_cannot_use_panama_and_must_go_round():
    open_canals = [
        c.id
        for c in M.canals
        if all(S.same_side(E.starting_controller(t), "germany") for t in c.land_territories)
    ]
    assert open_canals == []
    assert M.distance("sz19", "sz20", "sea", open_canals=open_canals) > 2


def test_turkish_straits_rule_is_optional_and_closes_sea_zone_16():
    s = M.strait_at("sz16")
    assert s is not None and s.optional and s.neutral == "turkey"


def test_closed_straits_stop_ships_entering_or_leaving_sea_zone_16_but_not_aircraft():
    closed = (M.strait_at("sz16").id,)
    assert M.step_allowed("sz15", "sz16", "sea")
    assert not M.step_allowed("sz15", "sz16", "sea", closed_straits=closed)
    assert not M.step_allowed("sz16", "sz15", "sea", closed_straits=closed)
    assert M.step_allowed("sz15", "sz16", "air", closed_straits=closed)


def test_map_wraps_left_to_right():
    width, _ = M.board_size
    assert M.wraps_horizontally and M.wrap_edges
    for a, b in M.wrap_edges:
        assert M.are_adjacent(a, b)
        xs = sorted((M.region(a).centre[0], M.region(b).centre[0]))
        assert xs[0] < width / 4 and xs[1] > 3 * width / 4, (a, b)


def test_wrap_around_joins_the_american_west_and_east():
    assert ("central_united_states", "western_united_states") in M.wrap_edges


# --- islands and coasts (§4.7) --------------------------------------------------------------


def test_islands_have_no_land_border_and_touch_the_sea():
    for t in M.territories:
        if M.is_island(t):
            assert not any(M.is_land(n) for n in M.neighbours(t)), t
            assert M.sea_neighbours(t), t


@pytest.mark.parametrize("island", ["hawaiian_islands", "philippine_islands", "australia", "japan"])
def test_rulebook_example_island(island):
    assert M.is_island(island)


def test_western_europe_is_coastal_for_the_amphibious_example():
    assert M.is_coastal("western_europe")


# --- the rulebook's worked examples (§4.6, §5.3) --------------------------------------------


def test_us_fighter_route_hawaii_52_45_46_australia_is_connected():
    route = ["hawaiian_islands", "sz52", "sz45", "sz46", "australia"]
    assert M.path_is_connected(route, "air")


def test_us_fighter_hawaii_to_australia_uses_its_full_range_of_4():
    assert M.distance("hawaiian_islands", "australia", "air") == 4
    assert "australia" in M.reachable("hawaiian_islands", U["fighter"].move, "air")


def test_carrier_example_fighter_51_50_49_philippines_is_3_moves():
    assert M.path_is_connected(["sz51", "sz50", "sz49", "philippine_islands"], "air")
    assert M.distance("sz51", "philippine_islands", "air") == 3


def test_carrier_example_carrier_reaches_49_from_51_in_its_2_moves():
    assert M.path_is_connected(["sz51", "sz50", "sz49"], "sea")
    assert M.distance("sz51", "sz49", "sea") == U["carrier"].move


def test_carrier_example_fighter_lands_on_the_carrier_with_its_4th_move():
    assert (
        M.distance("sz51", "philippine_islands", "air")
        + M.distance("philippine_islands", "sz49", "air")
        == U["fighter"].move
    )


# --- starting setup -------------------------------------------------------------------------


def test_starting_complexes_in_map_and_setup_agree():
    in_setup = {
        rid for rid, per in S.units.items() for us in per.values() if us.get("industrial_complex")
    }
    assert in_setup == set(M.starting_complexes())


def test_each_starting_complex_belongs_to_its_territorys_owner():
    for rid in M.starting_complexes():
        assert list(S.units_in(rid)) == [E.starting_controller(rid)], rid


def test_setup_land_and_air_units_stand_in_friendly_territories():
    for rid, per in S.units.items():
        if M.is_land(rid):
            for pid in per:
                assert S.same_side(pid, E.starting_controller(rid)), (rid, pid)


def test_setup_ships_are_only_at_sea_and_land_units_only_on_land():
    for rid, per in S.units.items():
        for us in per.values():
            for uid in us:
                spec = U[uid]
                if spec.is_sea:
                    assert M.is_sea(rid), (rid, uid)
                if spec.is_land or spec.is_building or uid == "bomber":
                    assert M.is_land(rid), (rid, uid)


def test_setup_fighters_at_sea_fit_on_their_own_carriers():
    for rid in M.sea_zones:
        for pid, us in S.units_in(rid).items():
            fighters = us.get("fighter", 0)
            assert fighters <= us.get("carrier", 0) * U["carrier"].carrier_capacity, (rid, pid)


def test_setup_powers_are_the_five_in_turn_order():
    assert tuple(S.powers) == S.turn_order


# --- unit table (§3.1) ----------------------------------------------------------------------

DIGEST_UNIT_TABLE = {
    # unit: (cost, attack, defence, move, hits)
    "infantry": (3, 1, 2, 1, 1),
    "artillery": (4, 2, 2, 1, 1),
    "tank": (5, 3, 3, 2, 1),
    "aa_gun": (6, 0, 0, 1, 1),
    "industrial_complex": (15, 0, 0, 0, 1),
    "fighter": (10, 3, 4, 4, 1),
    "bomber": (12, 4, 1, 6, 1),
    "battleship": (20, 4, 4, 2, 2),
    "carrier": (14, 1, 2, 2, 1),
    "cruiser": (12, 3, 3, 2, 1),
    "destroyer": (8, 2, 2, 2, 1),
    "submarine": (6, 2, 1, 2, 1),
    "transport": (7, 0, 0, 2, 1),
}


def test_unit_table_has_the_thirteen_rulebook_units():
    assert {u.id for u in U} == set(DIGEST_UNIT_TABLE)


@pytest.mark.parametrize("uid, row", sorted(DIGEST_UNIT_TABLE.items()))
def test_unit_cost_attack_defence_move_hits_match_the_rulebook(uid, row):
    u = U[uid]
    assert (u.cost, u.attack, u.defence, u.move, u.hits) == row


@pytest.mark.parametrize(
    "uid, cls",
    [
        ("infantry", "land"),
        ("artillery", "land"),
        ("tank", "land"),
        ("aa_gun", "land"),
        ("industrial_complex", "building"),
        ("fighter", "air"),
        ("bomber", "air"),
        ("battleship", "sea"),
        ("carrier", "sea"),
        ("cruiser", "sea"),
        ("destroyer", "sea"),
        ("submarine", "sea"),
        ("transport", "sea"),
    ],
)
def test_unit_class(uid, cls):
    assert U[uid].unit_class == cls


def test_battleship_takes_two_hits_and_is_the_only_one():
    assert [u.id for u in U if u.hits > 1] == ["battleship"]


def test_artillery_supports_one_infantry():
    assert U["artillery"].supports_infantry == 1
    assert [u.id for u in U if u.supportable] == ["infantry"]


def test_only_infantry_artillery_and_tanks_capture_territory():
    assert {u.id for u in U if u.can_capture} == {"infantry", "artillery", "tank"}


def test_only_tanks_blitz():
    assert [u.id for u in U if u.blitz] == ["tank"]


def test_aa_gun_hits_aircraft_on_1_and_is_never_a_casualty():
    aa = U["aa_gun"]
    assert aa.anti_aircraft == 1 and not aa.casualty
    assert [u.id for u in U if u.anti_aircraft] == ["aa_gun"]


def test_aa_gun_does_not_move_in_combat_move():
    assert not U["aa_gun"].combat_move


def test_industrial_complex_is_a_fixed_production_site():
    ic = U["industrial_complex"]
    assert ic.production and not ic.transportable and not ic.casualty and ic.move == 0


def test_surface_warships_are_battleship_carrier_cruiser_destroyer():
    assert {u.id for u in U if u.surface_warship} == {
        "battleship",
        "carrier",
        "cruiser",
        "destroyer",
    }


def test_submarine_is_a_warship_but_not_a_surface_warship():
    sub = U["submarine"]
    assert sub.submarine and sub.warship and not sub.surface_warship


def test_transport_is_not_a_warship():
    assert not U["transport"].warship and not U["transport"].surface_warship


def test_destroyer_is_the_anti_submarine_unit():
    assert [u.id for u in U if u.anti_submarine] == ["destroyer"]


def test_battleship_bombards_on_4_and_cruiser_on_3():
    assert {u.id: u.bombard for u in U if u.bombard} == {"battleship": 4, "cruiser": 3}


def test_bomber_is_the_strategic_bomber():
    assert [u.id for u in U if u.strategic_bomber] == ["bomber"]


def test_carrier_holds_two_fighters():
    assert U.cargo_fits("carrier", ["fighter", "fighter"])
    assert not U.cargo_fits("carrier", ["fighter", "fighter", "fighter"])


def test_bombers_cannot_land_on_carriers():
    assert not U.cargo_fits("carrier", ["bomber"])


@pytest.mark.parametrize(
    "cargo",
    [
        ["infantry", "infantry"],
        ["infantry", "artillery"],
        ["infantry", "tank"],
        ["infantry", "aa_gun"],
        ["tank"],
        ["artillery"],
        ["aa_gun"],
        ["infantry"],
    ],
)
def test_transport_carries_one_land_unit_of_any_type_plus_one_infantry(cargo):
    assert U.cargo_fits("transport", cargo)


@pytest.mark.parametrize(
    "cargo",
    [
        ["tank", "tank"],
        ["artillery", "tank"],
        ["artillery", "aa_gun"],
        ["infantry", "infantry", "infantry"],
        ["industrial_complex"],
        ["fighter"],
    ],
)
def test_transport_refuses_more_than_one_non_infantry_or_non_land_cargo(cargo):
    assert not U.cargo_fits("transport", cargo)


@pytest.mark.parametrize(
    "alias, uid",
    [
        ("inf", "infantry"),
        ("art", "artillery"),
        ("arm", "tank"),
        ("tank", "tank"),
        ("armour", "tank"),
        ("aa", "aa_gun"),
        ("ic", "industrial_complex"),
        ("ftr", "fighter"),
        ("bmr", "bomber"),
        ("bb", "battleship"),
        ("cv", "carrier"),
        ("ac", "carrier"),
        ("ca", "cruiser"),
        ("dd", "destroyer"),
        ("ss", "submarine"),
        ("sub", "submarine"),
        ("tt", "transport"),
        ("trn", "transport"),
        ("Infantry", "infantry"),
        ("Tanks", "tank"),
        ("Fighters", "fighter"),
        ("Aircraft Carrier", "carrier"),
        ("AA Guns", "aa_gun"),
        ("Industrial Complexes", "industrial_complex"),
        ("transports", "transport"),
        ("subs", "submarine"),
    ],
)
def test_unit_alias_resolves(alias, uid):
    assert U.lookup(alias) == uid


def test_unit_names_and_aliases_are_unique():
    seen: dict[str, str] = {}
    for u in U:
        for label in (u.id, u.name, u.plural, u.triplea_name, *u.aliases):
            assert seen.setdefault(normalize(label), u.id) == u.id, (label, u.id)
