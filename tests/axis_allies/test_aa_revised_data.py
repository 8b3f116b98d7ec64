"""A&A Revised data (``games/aa-revised/``, derived from TripleA's ww2v2) checked against the
Revised digest (reference/rules/aa-revised-and-unit-profiles-digest.md: A3 powers, turn order,
starting IPCs and victory; A4 the board; A6 and C1 the unit table; C2 the map's adjacencies).

The checks run on the JSON files themselves, so they hold whatever the loader does; the few at
the end read the data through the project's loader (``load_edition("aa-revised")``), which
reads the Revised victory levels. Nothing here reads the TripleA reference files, and only the
loader tests import the engine.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, deque

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.resources import game_data_path
from adjudicator.suggest import normalize

EDITION = "aa-revised"
FOLDER = game_data_path(EDITION)


def _read(name: str) -> dict:
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


MAP = _read("map.json")
SETUP = _read("setup.json")
UNITS = _read("units.json")["units"]
GEO = _read("geometry.json")
R = MAP["regions"]
ADJ = {rid: set(ns) for rid, ns in MAP["adjacency"].items()}
LAND = [rid for rid, r in R.items() if r["kind"] == "land"]
SEA = [rid for rid, r in R.items() if r["kind"] == "sea"]

ED = load_edition(EDITION)

# Digest A3: starting IPCs (the treasury, and equal to the starting production level).
DIGEST_STARTING_IPC = {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
# Digest A3: the victory cities each side holds at the start, and where they lie.
DIGEST_VICTORY_CITIES = {
    "allies": {
        "Washington": "eastern_united_states",
        "London": "united_kingdom",
        "Leningrad": "karelia_ssr",
        "Moscow": "russia",
        "Calcutta": "india",
        "Los Angeles": "western_united_states",
    },
    "axis": {
        "Berlin": "germany",
        "Paris": "western_europe",
        "Rome": "southern_europe",
        "Shanghai": "kwangtung",
        "Manila": "philippine_islands",
        "Tokyo": "japan",
    },
}
# Digest A6 and C1: (cost, attack, defence, move, hits). No cruiser in Revised.
DIGEST_UNIT_TABLE = {
    "infantry": (3, 1, 2, 1, 1),
    "artillery": (4, 2, 2, 1, 1),
    "tank": (5, 3, 3, 2, 1),
    "aa_gun": (5, 0, 0, 1, 1),
    "industrial_complex": (15, 0, 0, 0, 1),
    "fighter": (10, 3, 4, 4, 1),
    "bomber": (15, 4, 1, 6, 1),
    "battleship": (24, 4, 4, 2, 2),
    "carrier": (16, 1, 3, 2, 1),
    "destroyer": (12, 3, 3, 2, 1),
    "submarine": (8, 2, 2, 2, 1),
    "transport": (8, 0, 1, 2, 1),
}
# The starting forces per power (the digest has no setup cards; A4 points to TripleA's Revised
# setup). Counted by hand from ww2v2.xml, and the same in TripleA's lhtr.xml and revised_test.xml.
TRIPLEA_STARTING_UNITS = {
    "ussr": {"infantry": 24, "artillery": 2, "tank": 4, "aa_gun": 2, "industrial_complex": 2,
             "fighter": 2, "submarine": 1},
    "germany": {"infantry": 25, "artillery": 4, "tank": 10, "aa_gun": 3,
                "industrial_complex": 2, "fighter": 6, "bomber": 1, "battleship": 1,
                "destroyer": 1, "submarine": 3, "transport": 2},
    "uk": {"infantry": 14, "artillery": 1, "tank": 3, "aa_gun": 2, "industrial_complex": 1,
           "fighter": 4, "bomber": 1, "battleship": 2, "carrier": 1, "destroyer": 2,
           "submarine": 1, "transport": 4},
    "japan": {"infantry": 21, "artillery": 1, "tank": 1, "aa_gun": 1, "industrial_complex": 1,
              "fighter": 6, "bomber": 1, "battleship": 2, "carrier": 2, "destroyer": 1,
              "submarine": 1, "transport": 2},
    "usa": {"infantry": 14, "artillery": 1, "tank": 1, "aa_gun": 2, "industrial_complex": 2,
            "fighter": 5, "bomber": 1, "battleship": 1, "carrier": 1, "destroyer": 2,
            "submarine": 1, "transport": 3},
}


def side_of(power: str) -> str:
    return SETUP["powers"][power]["side"]


def distance(start: str, goal: str, domain: str = "air") -> int | None:
    """Moves from ``start`` to ``goal`` (impassable neutrals never entered; land units stay on
    land, ships at sea; canals open): the geometry the loader's ``AAMap.distance`` computes."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return dist[here]
        for n in sorted(ADJ[here]):
            r = R[n]
            if r.get("impassable") or n in dist:
                continue
            if domain != "air" and r["kind"] != ("land" if domain == "land" else "sea"):
                continue
            dist[n] = dist[here] + 1
            queue.append(n)
    return None


def income(power: str) -> int:
    return sum(r["ipc"] for r in R.values() if r["kind"] == "land"
               and r["original_owner"] == power)


# --- files and shape ----------------------------------------------------------------------------


def test_the_edition_folder_has_the_data_and_its_notice():
    for name in ("map.json", "setup.json", "units.json", "geometry.json", "NOTICE"):
        assert (FOLDER / name).is_file(), name
    assert MAP["edition"] == SETUP["edition"] == GEO["edition"] == EDITION
    assert _read("units.json")["edition"] == EDITION
    notice = (FOLDER / "NOTICE").read_text(encoding="utf-8")
    for needed in ("TripleA", "ww2v2.xml", "polygons.txt", "geometry.json", "Hasbro",
                   "docs/aa-revised-data.md"):
        assert needed in notice, needed


def test_files_are_written_the_project_way():
    """UTF-8, ``indent=1`` and a trailing newline (geometry: compact), as the 1942 files."""
    for name in ("map.json", "setup.json", "units.json"):
        text = (FOLDER / name).read_text(encoding="utf-8")
        assert text == json.dumps(json.loads(text), indent=1, ensure_ascii=False) + "\n", name


def test_64_sea_zones_numbered_1_to_64():
    assert sorted(R[z]["sea_zone_number"] for z in SEA) == list(range(1, 65))
    assert all(z == f"sz{R[z]['sea_zone_number']}" and R[z]["name"] == f"Sea Zone {z[2:]}"
               for z in SEA)


def test_79_land_territories_including_16_neutrals():
    assert len(LAND) == 79
    assert sum(R[t]["neutral"] for t in LAND) == 16


def test_the_revised_board_has_no_iceland_and_no_formosa():
    """Both are territories of the 1942 board only."""
    assert "iceland" not in R and "formosa" not in R


def test_region_ids_are_lower_case_slugs_and_land_before_sea():
    for rid in R:
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", rid), rid
    assert list(R) == sorted(LAND) + sorted(SEA, key=lambda z: int(z[2:]))


def test_adjacency_lists_every_region_and_only_known_ones():
    assert set(ADJ) == set(R)
    assert all(ns <= set(R) for ns in ADJ.values())


def test_adjacency_is_symmetric():
    for a, ns in ADJ.items():
        for b in ns:
            assert a in ADJ[b], (a, b)


def test_no_region_is_adjacent_to_itself():
    assert all(rid not in ns for rid, ns in ADJ.items())


def test_every_sea_zone_and_passable_territory_has_a_neighbour():
    for rid, r in R.items():
        if not r.get("impassable"):
            assert ADJ[rid], rid


def test_every_region_has_a_centre_point_on_the_board():
    width, height = MAP["board"]["width"], MAP["board"]["height"]
    assert (width, height) == (3500, 1999) and MAP["board"]["wraps_horizontally"]
    for rid, r in R.items():
        x, y = r["centre"]
        assert 0 <= x <= width + 20 and 0 <= y <= height, rid


# --- names --------------------------------------------------------------------------------------


def test_names_and_aliases_are_unique_across_the_map():
    seen: dict[str, str] = {}
    for rid, r in R.items():
        for label in (rid, r["name"], r["triplea_name"], *r["aliases"]):
            assert seen.setdefault(normalize(label), rid) == rid, (label, rid)


@pytest.mark.parametrize(
    "rid, name, triplea_name, alias",
    [
        ("philippine_islands", "Philippine Islands", "Philipine Islands", "Philippines"),
        ("kwangtung", "Kwangtung", "Kwantung", "Kwantung"),
        ("anglo_egypt", "Anglo-Egypt", "Anglo Egypt", "Egypt"),
    ],
)
def test_names_follow_the_revised_rulebook_and_keep_the_triplea_spelling(
        rid, name, triplea_name, alias):
    r = R[rid]
    assert (r["name"], r["triplea_name"]) == (name, triplea_name)
    assert alias in r["aliases"]


def test_every_region_keeps_its_triplea_name():
    names = [r["triplea_name"] for r in R.values()]
    assert len(set(names)) == len(names) == 143


# --- powers, turn order, economy (digest A3) ----------------------------------------------------


def test_turn_order_is_ussr_germany_uk_japan_usa():
    assert SETUP["turn_order"] == ["ussr", "germany", "uk", "japan", "usa"]
    assert list(SETUP["powers"]) == SETUP["turn_order"]


def test_sides():
    assert SETUP["sides"] == {"axis": ["germany", "japan"], "allies": ["ussr", "uk", "usa"]}
    for side, powers in SETUP["sides"].items():
        assert all(side_of(p) == side for p in powers)


@pytest.mark.parametrize("power, ipc", DIGEST_STARTING_IPC.items())
def test_starting_treasury_and_income_are_the_digest_figures(power, ipc):
    p = SETUP["powers"][power]
    assert p["starting_treasury"] == p["starting_income"] == ipc


@pytest.mark.parametrize("power, ipc", DIGEST_STARTING_IPC.items())
def test_starting_income_is_the_sum_of_the_owned_territories(power, ipc):
    assert income(power) == ipc
    assert not SETUP["control_overrides"]


def test_gibraltar_has_no_income_and_values_run_from_0_to_12():
    assert R["gibraltar"]["ipc"] == 0
    assert {R[t]["ipc"] for t in LAND} <= set(range(13))
    assert max(R[t]["ipc"] for t in LAND) == 12  # Eastern United States
    assert R["eastern_united_states"]["ipc"] == 12


def test_victory_levels_are_8_10_12_and_8_unless_chosen():
    assert SETUP["victory_cities"] == {"minor": 8, "major": 10, "total": 12, "default": "minor"}


def test_twelve_victory_cities_six_per_side_at_the_start():
    cities = {r["victory_city"]: rid for rid, r in R.items() if r.get("victory_city")}
    assert len(cities) == 12
    for side, expected in DIGEST_VICTORY_CITIES.items():
        for city, rid in expected.items():
            assert cities[city] == rid, city
            assert side_of(R[rid]["original_owner"]) == side, city


def test_five_capitals_one_per_power_each_a_victory_city():
    capitals = {r["capital_of"]: rid for rid, r in R.items() if r.get("capital_of")}
    assert capitals == {"ussr": "russia", "germany": "germany", "uk": "united_kingdom",
                        "japan": "japan", "usa": "eastern_united_states"}
    for power, rid in capitals.items():
        assert SETUP["powers"][power]["capital"] == rid
        assert R[rid]["original_owner"] == power and R[rid]["victory_city"]


def test_power_colours_and_names():
    assert {p: v["name"] for p, v in SETUP["powers"].items()} == {
        "ussr": "Soviet Union", "germany": "Germany", "uk": "United Kingdom",
        "japan": "Japan", "usa": "United States"}
    for p in SETUP["powers"].values():
        assert re.fullmatch(r"#[0-9a-f]{6}", p["colour"])
    assert set(SETUP["side_colours"]) == {"axis", "allies"}


# --- the board (digest A4) ----------------------------------------------------------------------


@pytest.mark.parametrize("neutral", ["turkey", "mongolia", "sahara"])
def test_the_manuals_neutrals_are_impassable(neutral):
    assert R[neutral]["neutral"] and R[neutral]["impassable"]


def test_neutrals_have_no_owner_and_no_income_and_nobody_enters_them():
    for t in LAND:
        r = R[t]
        assert r["neutral"] == (r["original_owner"] is None), t
        if r["neutral"]:
            assert r["impassable"] and r["ipc"] == 0 and not r["industrial_complex"], t
    assert distance("russia", "mongolia") is None  # not even aircraft fly into one


def test_panama_canal_joins_sea_zones_19_and_20_and_panama_controls_it():
    panama = next(c for c in MAP["canals"] if c["id"] == "panama")
    assert panama["sea_zones"] == ["sz19", "sz20"] and panama["land_territories"] == ["panama"]
    assert {"sz19", "sz20"} <= ADJ["panama"]


def test_suez_canal_joins_15_and_34_and_needs_both_banks():
    suez = next(c for c in MAP["canals"] if c["id"] == "suez")
    assert suez["sea_zones"] == ["sz15", "sz34"]
    assert suez["land_territories"] == ["anglo_egypt", "trans_jordan"]
    assert "trans_jordan" in ADJ["anglo_egypt"]  # the canal never blocks land units


def test_exactly_two_canals_each_joining_adjacent_sea_zones():
    assert len(MAP["canals"]) == 2
    for c in MAP["canals"]:
        a, b = c["sea_zones"]
        assert b in ADJ[a] and R[a]["kind"] == R[b]["kind"] == "sea"


def test_revised_has_no_turkish_straits_rule():
    assert MAP["straits"] == []


def test_wrap_around_edges_cross_the_board_and_are_adjacencies():
    width = MAP["board"]["width"]
    assert len(MAP["wrap_edges"]) == 6
    for a, b in MAP["wrap_edges"]:
        assert b in ADJ[a]
        assert abs(R[a]["centre"][0] - R[b]["centre"][0]) > width / 2
    assert ["central_united_states", "eastern_united_states"] in MAP["wrap_edges"]


def test_islands_have_no_land_border_and_touch_the_sea():
    islands = {t for t in LAND if R[t]["island"]}
    assert len(islands) == 16
    for t in islands:
        assert all(R[n]["kind"] == "sea" for n in ADJ[t]) and ADJ[t], t
    assert {"hawaiian_islands", "philippine_islands", "solomon_islands", "japan",
            "wake_island", "midway"} <= islands
    assert not R["united_kingdom"]["island"]  # a land border with neutral Eire


# Digest C2 [EXT]: the Revised map's adjacencies for the examples' sea zones.
DIGEST_ADJACENCIES = [
    ("hawaiian_islands", "sz52"),
    *[("sz52", f"sz{n}") for n in (45, 51, 53, 55, 57, 44, 56)],
    *[("sz45", f"sz{n}") for n in (46, 47, 50, 51, 41, 44)], ("sz45", "solomon_islands"),
    ("sz46", "australia"), *[("sz46", f"sz{n}") for n in (38, 40, 41, 47)],
    ("sz49", "philippine_islands"), *[("sz49", f"sz{n}") for n in (50, 48, 36, 58, 59, 60)],
    *[("sz50", f"sz{n}") for n in (51, 47, 48, 58)], ("sz50", "caroline_islands"),
    ("sz51", "wake_island"), *[("sz51", f"sz{n}") for n in (57, 58, 60)],
    ("sz19", "sz20"), ("sz15", "sz34"),
]


@pytest.mark.parametrize("a, b", DIGEST_ADJACENCIES)
def test_digest_adjacency(a, b):
    assert b in ADJ[a]


def test_fighter_hawaii_to_australia_is_4_moves():
    assert distance("hawaiian_islands", "australia") == 4 == UNITS["fighter"]["move"]


def test_carrier_example_fighter_51_50_49_philippines_and_back_to_49():
    assert distance("sz51", "sz49", "sea") == 2 == UNITS["carrier"]["move"]
    assert distance("sz51", "philippine_islands") == 3
    assert 3 + distance("philippine_islands", "sz49") == UNITS["fighter"]["move"]


def test_land_units_cross_between_the_american_edges():
    assert distance("western_united_states", "eastern_united_states", "land") == 2


# --- starting setup -----------------------------------------------------------------------------


def test_setup_names_only_known_regions_powers_and_units():
    for rid, per in SETUP["units"].items():
        assert rid in R, rid
        for pid, us in per.items():
            assert pid in SETUP["powers"] and set(us) <= set(UNITS), (rid, pid)
            assert all(isinstance(n, int) and n > 0 for n in us.values()), (rid, pid)


@pytest.mark.parametrize("power", TRIPLEA_STARTING_UNITS)
def test_starting_unit_counts_per_power(power):
    got: Counter[str] = Counter()
    for per in SETUP["units"].values():
        got.update(per.get(power, {}))
    assert dict(got) == TRIPLEA_STARTING_UNITS[power]


def test_starting_forces_in_all():
    assert sum(sum(u.values()) for u in TRIPLEA_STARTING_UNITS.values()) == 205
    assert [sum(TRIPLEA_STARTING_UNITS[p].values()) for p in SETUP["turn_order"]] == [
        37, 58, 36, 40, 34]


def test_starting_complexes_in_map_and_setup_agree_and_belong_to_the_owner():
    in_setup = {rid for rid, per in SETUP["units"].items()
                for us in per.values() if us.get("industrial_complex")}
    in_map = {t for t in LAND if R[t]["industrial_complex"]}
    assert in_setup == in_map == {"russia", "caucasus", "germany", "southern_europe",
                                  "united_kingdom", "japan", "eastern_united_states",
                                  "western_united_states"}
    for rid in in_map:
        assert list(SETUP["units"][rid]) == [R[rid]["original_owner"]], rid
        assert SETUP["units"][rid][R[rid]["original_owner"]]["industrial_complex"] == 1


def test_land_and_air_units_stand_in_friendly_territories():
    for rid, per in SETUP["units"].items():
        if R[rid]["kind"] == "land":
            assert not R[rid]["neutral"], rid
            for pid in per:
                assert side_of(pid) == side_of(R[rid]["original_owner"]), (rid, pid)


def test_ships_only_at_sea_land_units_and_bombers_only_on_land():
    for rid, per in SETUP["units"].items():
        for us in per.values():
            for uid in us:
                cls = UNITS[uid]["class"]
                if cls == "sea":
                    assert R[rid]["kind"] == "sea", (rid, uid)
                if cls in ("land", "building") or uid == "bomber":
                    assert R[rid]["kind"] == "land", (rid, uid)


def test_fighters_at_sea_fit_on_their_own_carriers():
    for z in SEA:
        for pid, us in SETUP["units"].get(z, {}).items():
            assert us.get("fighter", 0) <= us.get("carrier", 0) * UNITS["carrier"][
                "carrier_capacity"], (z, pid)


# --- unit table (digest A6, C1) -----------------------------------------------------------------


def test_twelve_units_and_no_cruiser():
    assert list(UNITS) == list(DIGEST_UNIT_TABLE)
    assert "cruiser" not in UNITS


@pytest.mark.parametrize("uid, row", DIGEST_UNIT_TABLE.items())
def test_unit_cost_attack_defence_move_hits(uid, row):
    u = UNITS[uid]
    assert (u["cost"], u["attack"], u["defence"], u["move"], u["hits"]) == row


def test_schema_is_the_1942_schema():
    """Same record fields as the 1942 file (the loader reads both the same way)."""
    aa1942 = json.loads((game_data_path("aa1942") / "units.json").read_text(encoding="utf-8"))
    fields = set(next(iter(aa1942["units"].values())))
    for uid, u in UNITS.items():
        assert set(u) == fields, uid


@pytest.mark.parametrize(
    "uid, cls",
    [("infantry", "land"), ("artillery", "land"), ("tank", "land"), ("aa_gun", "land"),
     ("industrial_complex", "building"), ("fighter", "air"), ("bomber", "air"),
     ("battleship", "sea"), ("carrier", "sea"), ("destroyer", "sea"), ("submarine", "sea"),
     ("transport", "sea")],
)
def test_unit_class(uid, cls):
    assert UNITS[uid]["class"] == cls


def test_transport_fires_on_defence_at_1_and_can_be_a_casualty():
    t = UNITS["transport"]
    assert (t["cost"], t["attack"], t["defence"], t["move"]) == (8, 0, 1, 2)
    assert t["casualty"] and not t["warship"] and not t["surface_warship"]


def test_battleship_takes_two_hits_and_bombards_on_4():
    assert [uid for uid, u in UNITS.items() if u["hits"] == 2] == ["battleship"]
    assert {uid: u["bombard"] for uid, u in UNITS.items() if u["bombard"]} == {"battleship": 4}


def test_destroyer_3_3_cancels_submarines_and_does_not_bombard_without_tech():
    d = UNITS["destroyer"]
    assert (d["cost"], d["attack"], d["defence"]) == (12, 3, 3)
    assert d["anti_submarine"] and d["surface_warship"] and d["bombard"] is None
    assert [uid for uid, u in UNITS.items() if u["anti_submarine"]] == ["destroyer"]


def test_carrier_1_3_holds_two_fighters_and_no_bomber():
    c = UNITS["carrier"]
    assert (c["cost"], c["attack"], c["defence"], c["carrier_capacity"]) == (16, 1, 3, 2)
    assert UNITS["fighter"]["carrier_cost"] == 1 and UNITS["bomber"]["carrier_cost"] == 0


def test_submarine_2_2_is_a_warship_but_not_a_surface_warship():
    s = UNITS["submarine"]
    assert (s["cost"], s["attack"], s["defence"]) == (8, 2, 2)
    assert s["submarine"] and s["warship"] and not s["surface_warship"]
    assert [uid for uid, u in UNITS.items() if u["surface_warship"]] == [
        "battleship", "carrier", "destroyer"]


def test_aa_gun_costs_5_fires_at_aircraft_on_1_and_is_never_a_casualty():
    aa = UNITS["aa_gun"]
    assert aa["cost"] == 5 and aa["anti_aircraft"] == 1
    assert not aa["casualty"] and not aa["combat_move"] and aa["transportable"]


def test_industrial_complex_is_a_fixed_production_site():
    ic = UNITS["industrial_complex"]
    assert ic["production"] and not ic["casualty"] and not ic["transportable"]
    assert ic["move"] == 0 and not ic["combat_move"]


def test_land_unit_abilities():
    assert [uid for uid, u in UNITS.items() if u["can_capture"]] == [
        "infantry", "artillery", "tank"]
    assert [uid for uid, u in UNITS.items() if u["blitz"]] == ["tank"]
    assert UNITS["artillery"]["supports_infantry"] == 1 and UNITS["infantry"]["supportable"]
    assert [uid for uid, u in UNITS.items() if u["strategic_bomber"]] == ["bomber"]


def _fits(cargo: list[str]) -> bool:
    """The loader's ``UnitTable.cargo_fits('transport', cargo)``, on the JSON."""
    return (all(UNITS[c]["transportable"] for c in cargo)
            and sum(UNITS[c]["transport_cost"] for c in cargo)
            <= UNITS["transport"]["transport_capacity"])


@pytest.mark.parametrize("cargo", [["infantry", "infantry"], ["infantry", "artillery"],
                                   ["infantry", "tank"], ["infantry", "aa_gun"], ["tank"],
                                   ["infantry"]])
def test_transport_carries_one_land_unit_of_any_type_plus_one_infantry(cargo):
    assert _fits(cargo)


@pytest.mark.parametrize("cargo", [["tank", "tank"], ["artillery", "aa_gun"],
                                   ["infantry", "infantry", "infantry"],
                                   ["industrial_complex"], ["fighter"]])
def test_transport_refuses_other_loads(cargo):
    assert not _fits(cargo)


def test_unit_names_and_aliases_are_unique():
    seen: dict[str, str] = {}
    for uid, u in UNITS.items():
        for label in (uid, u["name"], u["plural"], u["triplea_name"], *u["aliases"]):
            assert seen.setdefault(normalize(label), uid) == uid, (label, uid)


# --- the map drawing (geometry.json, as tests/axis_allies/test_aa_map.py for 1942) -------------


def _arc_length(arc: list[int]) -> float:
    return sum(math.hypot(arc[i], arc[i + 1]) for i in range(2, len(arc), 2))


def _borders() -> Counter[frozenset[str]]:
    owners: dict[int, set[str]] = {}
    for rid, r in GEO["regions"].items():
        for ring in r["rings"]:
            for ref in ring:
                owners.setdefault(ref if ref >= 0 else -ref - 1, set()).add(rid)
    border: Counter[frozenset[str]] = Counter()
    for i, o in owners.items():
        if len(o) == 2:
            border[frozenset(o)] += _arc_length(GEO["arcs"][i])
    return border


def _decode(arc: list[int]) -> list[tuple[int, int]]:
    pts = [(arc[0], arc[1])]
    for i in range(2, len(arc), 2):
        pts.append((pts[-1][0] + arc[i], pts[-1][1] + arc[i + 1]))
    return pts


def _rings(rid: str) -> list[list[tuple[int, int]]]:
    """A region's outlines in board pixels (the arcs joined as the map drawing joins them)."""
    arcs = [_decode(a) for a in GEO["arcs"]]
    out = []
    for ring in GEO["regions"][rid]["rings"]:
        pts: list[tuple[int, int]] = []
        for ref in ring:
            seg = arcs[ref] if ref >= 0 else arcs[-ref - 1][::-1]
            pts += seg[1:] if pts else seg
        out.append(pts)
    return out


def _inside(rings: list[list[tuple[int, int]]], x: float, y: float) -> bool:
    """Even-odd point-in-region test."""
    inside = False
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def test_every_region_has_a_closed_shape_with_its_spot_inside():
    assert set(GEO["regions"]) == set(R)
    for rid, g in GEO["regions"].items():
        rings = _rings(rid)
        assert rings and all(r[0] == r[-1] and len(r) >= 4 for r in rings), rid
        assert _inside(rings, *g["spot"]), rid
        assert 0 < g["room"] and 0 <= g["spot"][0] <= 3500 and 0 <= g["spot"][1] <= 1999
        if R[rid]["kind"] == "sea":
            assert g["label"] == R[rid]["centre"], rid


def test_neighbours_touch_on_the_drawing():
    border = _borders()
    wraps = {frozenset(p) for p in MAP["wrap_edges"]}
    links = {frozenset(lk["regions"]) for lk in GEO["links"]}
    missing = sorted({tuple(sorted((a, b))) for a, ns in ADJ.items() for b in ns
                      if frozenset((a, b)) not in wraps | links
                      and border[frozenset((a, b))] < 2})
    assert not missing
    assert links == {frozenset(("sz15", "sz34")), frozenset(("sz19", "sz20"))}  # the canals


def test_regions_that_share_a_border_are_neighbours_but_four_known_ones():
    """TripleA's picture shows four borders that are no connections of ww2v2.xml: the Sahara
    reaches sea zone 17, the Himalaya meets Kazakh S.S.R. at a corner, neutral Mozambique
    touches sea zone 28, and Western Canada sea zone 63 (a connection TripleA removed in 2025
    as erroneous). They stay as drawn; docs/aa-revised-data.md."""
    wrong = {(a, b) for p, length in _borders().items()
             for a, b in [sorted(p)] if length > 12 and b not in ADJ[a]}
    assert wrong == {("sahara", "sz17"), ("himalaya", "kazakh_ssr"), ("mozambique", "sz28"),
                     ("sz63", "western_canada")}


def test_wrap_edges_meet_at_the_board_edge():
    width = GEO["canvas"]["width"]
    for a, b in MAP["wrap_edges"]:
        xs_a = [x for r in _rings(a) for x, _ in r]
        xs_b = [x for r in _rings(b) for x, _ in r]
        left, right = (xs_a, xs_b) if min(xs_a) < min(xs_b) else (xs_b, xs_a)
        assert min(left) == 0 and max(right) == width, (a, b)


def test_the_geometry_is_small_and_says_how_it_was_made():
    assert (FOLDER / "geometry.json").stat().st_size < 80_000
    assert GEO["tolerance"] == 1.5 and "tools/aa_geometry.py" in GEO["credit"]
    assert GEO["canvas"] == {"width": 3500, "height": 1999, "wraps": True}
    assert sum(len(a) // 2 for a in GEO["arcs"]) < 8000


# --- through the project's loader ---------------------------------------------------------------


def test_loader_reads_the_edition():
    assert ED.name == EDITION and len(ED.units) == 12
    assert ED.setup.victory_thresholds["minor"] == 8


@pytest.mark.parametrize("power, ipc", DIGEST_STARTING_IPC.items())
def test_loader_production_level(power, ipc):
    assert ED.production_level(power) == ipc


@pytest.mark.parametrize("label, rid", [("Kwantung", "kwangtung"), ("Shanghai", "kwangtung"),
                                        ("Egypt", "anglo_egypt"), ("Anglo Egypt", "anglo_egypt"),
                                        ("Philippines", "philippine_islands"), ("sz 5", "sz5")])
def test_loader_lookup(label, rid):
    assert ED.map.lookup(label) == rid


def test_loader_closed_suez_blocks_ships_but_not_aircraft():
    m = ED.map
    assert not m.step_allowed("sz15", "sz34", "sea", open_canals=())
    assert m.step_allowed("sz15", "sz34", "sea", open_canals=("suez",))
    assert m.step_allowed("sz15", "sz34", "air", open_canals=())
    assert ED.units.cargo_fits("transport", ["infantry", "tank"])
