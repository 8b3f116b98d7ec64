"""Derive ``games/<edition>/{map,setup,units}.json`` from a TripleA map: the code the A&A
editions share.

Run once per edition by a maintainer (the reference files are not part of the project and are
never read at run or test time):

    python tools/derive_aa.py aa1942 ../shared/reference/aa1942
    python tools/derive_aa.py aa-revised ../shared/reference/aa-revised

(``python tools/derive_aa1942.py SRC`` and ``python tools/derive_aa_revised.py SRC`` do the same.)

TripleA's map XML gives the facts: regions, connections, IPC values, capitals, victory-city
territories, canals, starting owners, starting units, unit numbers. ``centers.txt`` gives one
centre point per region (for the map drawing) and ``polygons.txt`` the board's extent.

The printed rulebook of each edition is the rules authority. Its figures and every override
where it disagrees with the XML live in that edition's module (``tools/derive_aa1942.py``,
``tools/derive_aa_revised.py``) as ``RULEBOOK_*`` tables, collected in an :class:`Edition`;
this module asserts the XML against them and applies them, so every decision is visible in one
place per edition (and written up in ``docs/<edition>-data.md``).

What the editions share lives here: the power ids and display colours, the parser aliases of
the board's regions (keyed by TripleA name; both boards descend from TripleA's ww2v2 map), the
unit ids, names, aliases and class facts.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from adjudicator.record import field, record

ROOT = Path(__file__).resolve().parent.parent

# --- powers ---------------------------------------------------------------------------------
# TripleA player name -> (id, display name, aliases). Turn order and sides come from the XML
# <playerList> and are checked against the edition's rulebook.
POWERS = {
    "Russians": ("ussr", "Soviet Union", ["USSR", "Soviets", "Russians", "SU", "Soviet"]),
    "Germans": ("germany", "Germany", ["Germans", "German", "Ger"]),
    "British": ("uk", "United Kingdom", ["UK", "Britain", "British", "Great Britain"]),
    "Japanese": ("japan", "Japan", ["Japanese", "JPN"]),
    "Americans": ("usa", "United States", ["USA", "US", "Americans", "American", "America"]),
}
# Display colours of the powers (the pieces' plastic: Soviet red-brown, German grey, British
# tan, Japanese orange, American green) and of the two sides. Not in TripleA's XML: a choice
# of this project, used by the reports and the map. The shades were chosen so that the map's
# territory tints (the colour half mixed with white), neutral land, the sea and the counters
# can be told apart with normal vision and with protanopia, deuteranopia and tritanopia
# (CIEDE2000 >= 10; tests/axis_allies/test_aa_colours.py, docs/map.md "The Axis & Allies
# map's colours"). ``TEXT_COLOURS``: the power's name written in its colour on a white page
# (the BBCode report) must read 4.5:1, which the light tan and orange do not, so those two
# have a darker shade of the same hue for text.
COLOURS = {"ussr": "#66171c", "germany": "#747678", "uk": "#bda06a", "japan": "#fa9103",
           "usa": "#326201"}
TEXT_COLOURS = {**COLOURS, "uk": "#7a6232", "japan": "#a65a00"}
SIDE_COLOURS = {"axis": "#4d4f53", "allies": "#2b4c7e"}

# --- regions --------------------------------------------------------------------------------
# Parser conveniences: common forum names and abbreviations, keyed by XML name. Each alias must
# be unique across the map (checked below and in the tests). An edition may replace a region's
# list (``Edition.alias_overrides``), e.g. where its display name differs.
ALIASES: dict[str, list[str]] = {
    "Afghanistan": [],
    "Alaska": [],
    "Algeria": [],
    "Anglo Egypt": ["Anglo Egypt", "Anglo-Egypt", "Egypt", "Anglo-Egyptian Sudan", "AES"],
    "Angola": [],
    "Archangel": ["Arch"],
    "Argentina": [],
    "Australia": ["Aus"],
    "Balkans": ["Balk"],
    "Belgian Congo": ["Congo"],
    "Belorussia": ["Belarus", "Belo"],
    "Borneo": [],
    "Brazil": [],
    "Buryatia S.S.R.": ["Buryatia", "Buryatia SSR", "Bury"],
    "Caroline Islands": ["Carolines", "Caroline Is"],
    "Caucasus": ["Cauc"],
    "Central United States": ["Central US", "C US", "CUS", "Central USA"],
    "China": [],
    "East Indies": ["E Indies", "EI"],
    "Eastern Canada": ["E Canada", "East Canada", "ECan"],
    "Eastern Europe": ["E Europe", "East Europe", "EE", "E Eur"],
    "Eastern United States": ["Eastern US", "E US", "EUS", "East US", "Eastern USA", "Washington"],
    "Eire": ["Ireland"],
    "Evenki National Okrug": ["Evenki", "Evenki NO"],
    "Formosa": [],
    "French Equatorial Africa": ["FEA", "Fr Eq Africa"],
    "French Indochina": ["FIC", "Indochina", "FIndo"],
    "French Madagascar": ["Madagascar"],
    "French West Africa": ["FWA", "Fr W Africa"],
    "Germany": ["Berlin", "Ger"],
    "Gibraltar": ["Gib"],
    "Greenland": [],
    "Hawaiian Islands": ["Hawaii", "Hawaiian Is", "Hawaiis"],
    "Himalaya": ["Himalayas"],
    "Iceland": [],
    "India": ["Calcutta"],
    "Italian East Africa": ["IEA", "It E Africa"],
    "Japan": ["Tokyo"],
    "Karelia S.S.R.": ["Karelia", "Karelia SSR", "Leningrad", "Kar"],
    "Kazakh S.S.R.": ["Kazakh", "Kazakh SSR", "Kazakhstan", "Kaz"],
    "Kenya": [],
    "Kwantung": ["Shanghai", "Kwan"],
    "Libya": [],
    "Manchuria": ["Manch"],
    "Mexico": [],
    "Midway": ["Midway Island"],
    "Mongolia": [],
    "Mozambique": [],
    "New Guinea": ["NG"],
    "New Zealand": ["NZ"],
    "Norway": ["Nor"],
    "Novosibirsk": ["Novo"],
    "Okinawa": [],
    "Panama": [],
    "Persia": [],
    "Peru": [],
    "Philipine Islands": ["Philippines", "Philipine Islands", "Phil", "Phils", "Manila"],
    "Rio De Oro": ["Rio de Oro"],
    "Russia": ["Moscow", "Mos"],
    "Sahara": [],
    "Saudi Arabia": ["Saudi"],
    "Sinkiang": [],
    "Solomon Islands": ["Solomons", "Solomon Is"],
    "Southern Europe": ["S Europe", "South Europe", "S Eur", "Rome", "Italy"],
    "Soviet Far East": ["SFE", "Sov Far East"],
    "Spain": [],
    "Sweden": [],
    "Switzerland": [],
    "Trans-Jordan": ["Trans Jordan", "TransJordan", "TJ"],
    "Turkey": [],
    "Ukraine S.S.R.": ["Ukraine", "Ukraine SSR", "Ukr"],
    "Union of South Africa": ["South Africa", "UoSA", "S Africa"],
    "United Kingdom": ["UK", "Britain", "Great Britain", "England", "London"],
    "Venezuela": [],
    "Wake Island": ["Wake"],
    "West Indies": [],
    "West Russia": ["W Russia", "WRus", "W Rus"],
    "Western Canada": ["W Canada", "West Canada", "WCan"],
    "Western Europe": ["W Europe", "West Europe", "W Eur", "France", "Paris"],
    "Western United States": [
        "Western US",
        "W US",
        "WUS",
        "West US",
        "Western USA",
        "Los Angeles",
        "San Francisco",
    ],
    "Yakut S.S.R.": ["Yakut", "Yakut SSR"],
}

# --- units ----------------------------------------------------------------------------------
# TripleA unit name -> our id, for every unit any edition has; an edition uses those its
# ``unit_table`` lists. Numbers (cost/attack/defence/move/hits/capacities) come from the XML
# and are asserted against the edition's rulebook table; the class facts are added per unit.
UNIT_IDS = {
    "infantry": "infantry",
    "artillery": "artillery",
    "armour": "tank",
    "aaGun": "aa_gun",
    "factory": "industrial_complex",
    "fighter": "fighter",
    "bomber": "bomber",
    "battleship": "battleship",
    "carrier": "carrier",
    "cruiser": "cruiser",
    "destroyer": "destroyer",
    "submarine": "submarine",
    "transport": "transport",
}
UNIT_TEXT = {
    # id: (name, plural, class, aliases)
    "infantry": ("Infantry", "Infantry", "land", ["inf", "infantries", "infantryman"]),
    "artillery": (
        "Artillery",
        "Artillery",
        "land",
        ["art", "arty", "artilleries", "artillery piece"],
    ),
    "tank": ("Tank", "Tanks", "land", ["arm", "armor", "armour", "tnk", "armors", "armours"]),
    "aa_gun": (
        "AA Gun",
        "AA Guns",
        "land",
        ["aa", "aag", "aa gun", "antiaircraft gun", "anti-aircraft gun", "flak"],
    ),
    "industrial_complex": (
        "Industrial Complex",
        "Industrial Complexes",
        "building",
        ["ic", "ics", "factory", "factories", "complex", "complexes"],
    ),
    "fighter": ("Fighter", "Fighters", "air", ["ftr", "ftrs", "fig", "figs", "ftr."]),
    "bomber": ("Bomber", "Bombers", "air", ["bmr", "bmrs", "bom", "boms", "bomb"]),
    "battleship": ("Battleship", "Battleships", "sea", ["bb", "bbs", "bs"]),
    "carrier": (
        "Aircraft Carrier",
        "Aircraft Carriers",
        "sea",
        ["cv", "cvs", "ac", "acc", "carriers", "aircraft carrier"],
    ),
    "cruiser": ("Cruiser", "Cruisers", "sea", ["ca", "cas", "cru", "crs"]),
    "destroyer": ("Destroyer", "Destroyers", "sea", ["dd", "dds", "des", "dst"]),
    "submarine": ("Submarine", "Submarines", "sea", ["ss", "sub", "subs", "u-boat", "u-boats"]),
    "transport": (
        "Transport",
        "Transports",
        "sea",
        ["tt", "tts", "trn", "trns", "tran", "trans", "tpt"],
    ),
}
# Class facts (1942 digest §3.1-3.14 and the unit-profiles digest §B4.12; the same in Revised,
# digest A6, where the unit exists). Values that differ between editions are numbers in the
# rulebook tables, not flags here; rule differences (hostile zones, casualty order, ...) belong
# to the rules object.
UNIT_FLAGS: dict[str, dict] = {
    "infantry": {"can_capture": True, "supportable": True},
    "artillery": {"can_capture": True, "supports_infantry": 1},
    "tank": {"can_capture": True, "blitz": True},
    "aa_gun": {"anti_aircraft": 1, "casualty": False, "combat_move": False},
    "industrial_complex": {
        "casualty": False,
        "combat_move": False,
        "production": True,
        "transportable": False,
    },
    "fighter": {},
    "bomber": {"strategic_bomber": True},
    "battleship": {"warship": True, "surface_warship": True, "bombard": 4},
    "carrier": {"warship": True, "surface_warship": True},
    "cruiser": {"warship": True, "surface_warship": True, "bombard": 3},
    "destroyer": {"warship": True, "surface_warship": True, "anti_submarine": True},
    "submarine": {"warship": True, "submarine": True},
    "transport": {},
}


@record(frozen=True)
class Edition:
    """One edition's rulebook figures and overrides: everything that is not shared."""

    edition: str  # the games/ folder name
    name: str  # display name of the edition
    xml: str  # the TripleA game file in the reference folder
    source: str  # map.json "source"
    turn_order: list[str]
    sides: dict[str, list[str]]
    # Starting IPC: the production level (income) and the starting treasury.
    starting_ipc: dict[str, int]
    victory: dict  # setup.json "victory_cities"
    names: dict[str, str]  # XML name -> display name, where they differ
    victory_cities: dict[str, str]  # city name -> XML territory name
    straits: list[dict]
    # our unit id -> (cost, attack, defence, move, hits) as printed; its order is the file's
    unit_table: dict[str, tuple[int, int, int, int, int]]
    alias_overrides: dict[str, list[str]] = field(default_factory=dict)
    # further edition-specific assertions on the XML root, run before anything is written
    check_xml: Callable[[ET.Element, Path], None] | None = None


def slug(name: str) -> str:
    """Stable id from a display name: ``Karelia S.S.R.`` -> ``karelia_ssr``."""
    s = name.replace("S.S.R.", "SSR").lower()
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


def read_points(path: Path) -> dict[str, tuple[int, int]]:
    points: dict[str, tuple[int, int]] = {}
    for line in path.read_text().splitlines():
        m = re.match(r"^(.*?)\s+\((\d+),\s*(\d+)\)", line)
        if m:
            points[m.group(1).strip()] = (int(m.group(2)), int(m.group(3)))
    return points


def board_extent(path: Path) -> tuple[int, int]:
    xs: list[int] = []
    ys: list[int] = []
    for line in path.read_text().splitlines():
        for x, y in re.findall(r"\((\d+),(\d+)\)", line):
            xs.append(int(x))
            ys.append(int(y))
    return max(xs) + 1, max(ys) + 1


def options(att: ET.Element) -> dict[str, str]:
    return {o.get("name"): o.get("value") for o in att.findall("option")}


def derive(ed: Edition, src_dir: str) -> None:
    src = Path(src_dir)
    out = ROOT / "games" / ed.edition
    root = ET.parse(src / ed.xml).getroot()
    centres = read_points(src / "centers.txt")
    width, height = board_extent(src / "polygons.txt")
    if ed.check_xml is not None:
        ed.check_xml(root, src)

    def region_id(xml_name: str) -> str:
        m = re.fullmatch(r"(\d+) Sea Zone", xml_name)
        if m:
            return f"sz{int(m.group(1))}"
        return slug(ed.names.get(xml_name, xml_name))

    unit_ids = {t: u for t, u in UNIT_IDS.items() if u in ed.unit_table}
    xml_units = {u.get("name") for u in root.find("unitList").iter("unit")}
    assert xml_units == set(unit_ids), xml_units ^ set(unit_ids)

    xml_regions = {
        t.get("name"): t.get("water") == "true" for t in root.find("map").iter("territory")
    }
    connections = [(c.get("t1"), c.get("t2")) for c in root.find("map").iter("connection")]
    tatt: dict[str, dict[str, str]] = {}
    uatt: dict[str, dict[str, str]] = {}
    canal_att: dict[str, dict[str, dict[str, str]]] = defaultdict(dict)
    for a in root.find("attachmentList").iter("attachment"):
        if a.get("name") == "territoryAttachment":
            tatt[a.get("attachTo")] = options(a)
        elif a.get("name") == "unitAttachment":
            uatt[a.get("attachTo")] = options(a)
        elif a.get("name") == "canalAttachment":
            o = options(a)
            canal_att[o["canalName"]][a.get("attachTo")] = o
    owners = {o.get("territory"): POWERS[o.get("owner")][0] for o in root.iter("territoryOwner")}
    costs = {
        r.find("result").get("resourceOrUnit"): int(r.find("cost").get("quantity"))
        for r in root.find("production").iter("productionRule")
        if not r.get("name").endswith(("IndustrialTechnology", "Shipyards"))
    }

    # --- adjacency ----------------------------------------------------------------------
    adj: dict[str, set[str]] = {region_id(n): set() for n in xml_regions}
    for a, b in connections:
        adj[region_id(a)].add(region_id(b))
        adj[region_id(b)].add(region_id(a))
    # Wrap-around (the board joins its left and right edges): connections whose ends sit on
    # opposite board edges.
    wraps = sorted(
        sorted((region_id(a), region_id(b)))
        for a, b in connections
        if abs(centres[a][0] - centres[b][0]) > width / 2
    )

    vc_by_territory = {t: city for city, t in ed.victory_cities.items()}
    flagged = {t for t, o in tatt.items() if o.get("victoryCity") == "1"}
    assert flagged == set(vc_by_territory), flagged ^ set(vc_by_territory)
    complexes = {
        u.get("territory") for u in root.iter("unitPlacement") if u.get("unitType") == "factory"
    }

    is_water = {region_id(n): w for n, w in xml_regions.items()}
    regions: dict[str, dict] = {}
    for name, water in xml_regions.items():
        rid = region_id(name)
        o = tatt.get(name, {})
        entry: dict = {
            "name": f"Sea Zone {rid[2:]}" if water else ed.names.get(name, name),
            "kind": "sea" if water else "land",
            "aliases": [] if water else ed.alias_overrides.get(name, ALIASES[name]),
            "triplea_name": name,
            "centre": list(centres[name]),
        }
        if water:
            entry["sea_zone_number"] = int(rid[2:])
        else:
            impassable = o.get("isImpassable") == "true"
            land_nbrs = [n for n in adj[rid] if not is_water[n]]
            entry.update(
                {
                    "ipc": int(o["production"]),
                    "original_owner": owners.get(name),
                    "neutral": name not in owners,
                    "impassable": impassable,
                    # A territory within / surrounded by sea zones. Derived as "no land border
                    # at all", so the United Kingdom (land border with Eire) is not one;
                    # AAMap.land_neighbours() is what movement uses.
                    "island": not land_nbrs,
                    "capital_of": POWERS[o["capital"]][0] if "capital" in o else None,
                    "victory_city": vc_by_territory.get(name),
                    "industrial_complex": name in complexes,
                }
            )
        regions[rid] = entry

    seen: dict[str, str] = {}
    for rid, r in regions.items():
        for label in [r["name"], *r["aliases"]]:
            key = re.sub(r"[^a-z0-9]", "", label.lower())
            assert seen.setdefault(key, rid) == rid, (label, rid, seen[key])

    canals = []
    for cname, ends in sorted(canal_att.items()):
        zones = sorted(ends, key=lambda z: int(z.split()[0]))
        lands = {tuple(sorted(e["landTerritories"].split(":"))) for e in ends.values()}
        assert len(zones) == 2 and len(lands) == 1
        a, b = (region_id(z) for z in zones)
        assert b in adj[a], (a, b)
        canals.append(
            {
                "id": slug(cname.replace(" Canal", "")),
                "name": cname,
                "sea_zones": [a, b],
                "land_territories": sorted(region_id(t) for t in next(iter(lands))),
            }
        )
    for s in ed.straits:
        assert s["sea_zone"] in adj and s["neutral"] in adj

    map_json = {
        "edition": ed.edition,
        "name": ed.name,
        "source": ed.source,
        "board": {"width": width, "height": height, "wraps_horizontally": True},
        "regions": dict(sorted(regions.items(), key=lambda kv: _region_sort(kv[0]))),
        "adjacency": {
            rid: sorted(adj[rid], key=_region_sort) for rid in sorted(adj, key=_region_sort)
        },
        "wrap_edges": wraps,
        "canals": canals,
        "straits": ed.straits,
    }

    # --- setup ----------------------------------------------------------------------------
    player_order = [POWERS[p.get("name")][0] for p in root.find("playerList").iter("player")]
    assert player_order == ed.turn_order, player_order
    sides: dict[str, list[str]] = defaultdict(list)
    for al in root.find("playerList").iter("alliance"):
        sides[al.get("alliance").lower()].append(POWERS[al.get("player")][0])
    assert {k: sorted(v) for k, v in sides.items()} == {
        k: sorted(v) for k, v in ed.sides.items()
    }
    treasury = {
        POWERS[r.get("player")][0]: int(r.get("quantity"))
        for r in root.iter("resourceGiven")
        if r.get("resource") == "PUs"
    }
    assert treasury == ed.starting_ipc, treasury
    income: dict[str, int] = defaultdict(int)
    for t, p in owners.items():
        income[p] += int(tatt[t]["production"])
    assert dict(income) == ed.starting_ipc, dict(income)

    def unit_sort(uid: str) -> int:
        return list(ed.unit_table).index(uid)

    units: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    for u in root.iter("unitPlacement"):
        rid = region_id(u.get("territory"))
        pid = POWERS[u.get("owner")][0]
        uid = unit_ids[u.get("unitType")]
        units[rid][pid][uid] = units[rid][pid].get(uid, 0) + int(u.get("quantity"))
    capitals = {POWERS[o["capital"]][0]: region_id(t) for t, o in tatt.items() if "capital" in o}
    setup_json = {
        "edition": ed.edition,
        "powers": {
            pid: {
                "name": name,
                "aliases": aliases,
                "triplea_name": tname,
                "side": next(s for s, ps in ed.sides.items() if pid in ps),
                "capital": capitals[pid],
                "starting_treasury": ed.starting_ipc[pid],
                "starting_income": ed.starting_ipc[pid],
                "colour": COLOURS[pid],
                "text_colour": TEXT_COLOURS[pid],
            }
            for tname, (pid, name, aliases) in sorted(
                POWERS.items(), key=lambda kv: ed.turn_order.index(kv[1][0])
            )
        },
        "turn_order": ed.turn_order,
        "sides": ed.sides,
        "side_colours": SIDE_COLOURS,
        "victory_cities": ed.victory,
        "control_overrides": {},
        "units": {
            rid: {
                pid: dict(sorted(units[rid][pid].items(), key=lambda kv: unit_sort(kv[0])))
                for pid in ed.turn_order
                if pid in units[rid]
            }
            for rid in sorted(units, key=_region_sort)
        },
    }

    # --- units ----------------------------------------------------------------------------
    unit_json: dict[str, dict] = {}
    for tname, uid in unit_ids.items():
        o = uatt[tname]
        derived = (
            costs[tname],
            int(o.get("attack", 0)),
            int(o.get("defense", 0)),
            int(o.get("movement", 0)),
            int(o.get("hitPoints", 1)),
        )
        assert derived == ed.unit_table[uid], (uid, derived, ed.unit_table[uid])
        name, plural, cls, aliases = UNIT_TEXT[uid]
        cost, attack, defence, move, hits = derived
        flags = {
            "can_capture": False,
            "supportable": False,
            "supports_infantry": 0,
            "blitz": False,
            "anti_aircraft": None,
            "strategic_bomber": False,
            "warship": False,
            "surface_warship": False,
            "submarine": False,
            "anti_submarine": False,
            "bombard": None,
            "casualty": True,
            "combat_move": True,
            "production": False,
            # Cargo model taken from TripleA: a transport holds ``transport_capacity`` points;
            # infantry costs 2, the other land units 3. That is exactly the rulebook's "one land
            # unit of any type plus one infantry" (tested).
            "transportable": cls == "land",
            "transport_cost": int(o["transportCost"]) if "transportCost" in o else 0,
            "transport_capacity": int(o["transportCapacity"]) if tname == "transport" else 0,
            "carrier_capacity": int(o.get("carrierCapacity", 0)),
            "carrier_cost": int(o.get("carrierCost", 0)),
        }
        flags.update(UNIT_FLAGS[uid])
        if flags["transportable"]:
            assert flags["transport_cost"] > 0, uid
        unit_json[uid] = {
            "name": name,
            "plural": plural,
            "class": cls,
            "aliases": aliases,
            "triplea_name": tname,
            "cost": cost,
            "attack": attack,
            "defence": defence,
            "move": move,
            "hits": hits,
            **flags,
        }
    units_json = {"edition": ed.edition, "units": unit_json}

    out.mkdir(parents=True, exist_ok=True)
    for fname, data in (
        ("map.json", map_json),
        ("setup.json", setup_json),
        ("units.json", units_json),
    ):
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        (out / fname).write_text(text, encoding="utf-8")
        print(f"wrote {out / fname}")


def _region_sort(rid: str) -> tuple[int, int, str]:
    """Land territories alphabetically, then sea zones by number."""
    m = re.fullmatch(r"sz(\d+)", rid)
    return (1, int(m.group(1)), "") if m else (0, 0, rid)


#: edition -> the module in tools/ that holds its tables (``EDITION_TABLES``)
EDITION_MODULES = {"aa1942": "derive_aa1942", "aa-revised": "derive_aa_revised"}


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in EDITION_MODULES:
        print("\n\n".join(__doc__.split("\n\n")[1:3]), file=sys.stderr)
        print(f"editions: {', '.join(EDITION_MODULES)}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    module = importlib.import_module(EDITION_MODULES[argv[0]])
    derive(module.EDITION_TABLES, argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
