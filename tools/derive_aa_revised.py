"""Derive games/aa-revised/{map,setup,units}.json from TripleA's "World War II Revised" map.

Run once by a maintainer (the reference files are not part of the project and are never
read at run or test time):

    python tools/derive_aa_revised.py ../shared/reference/aa-revised

(the same as ``python tools/derive_aa.py aa-revised ../shared/reference/aa-revised``).

TripleA's ``ww2v2.xml`` is Axis & Allies Revised (2004) as released. It gives the facts:
regions, connections, IPC values, capitals, victory-city territories, canals, starting owners,
starting units, unit numbers. ``centers.txt`` gives one centre point per region and
``polygons.txt`` the board's extent. (``lhtr.xml``, the tournament rules on the same board, was
compared by hand: the same board, owners and setup.)

The rules authority is the Revised digest (reference/rules/aa-revised-and-unit-profiles-digest.md:
part A, the Czech Operations Manual, and C1, every difference from 1942). Where it disagrees
with the XML, or states something the XML lacks, the override lives in the ``RULEBOOK_*``
tables below and is asserted or applied by the shared code in ``tools/derive_aa.py``; each
decision is written up in docs/aa-revised-data.md.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from derive_aa import ALIASES, Edition, derive, options, read_points

EDITION = "aa-revised"

# --- powers ---------------------------------------------------------------------------------
RULEBOOK_TURN_ORDER = ["ussr", "germany", "uk", "japan", "usa"]  # digest A3 "Turn order"
RULEBOOK_SIDES = {"axis": ["germany", "japan"], "allies": ["ussr", "uk", "usa"]}  # A3
# Starting IPC (digest A3): the cash handed out equals the starting national production level.
# Asserted against the XML's PUs and the XML-derived territory sum.
RULEBOOK_STARTING_IPC = {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
# Victory (digest A3, C1, C3 #27): the group picks the level before play, 8 (minor), 10
# (major) or 12 (total) victory cities at the end of the US turn; 8 when nothing is chosen.
# The XML's "Projection of Power" 9 / "Honorable Surrender" 10 / "Total Victory" 12 are the
# tournament (LHTR) levels and are not used (asserted below, so the override stays deliberate).
RULEBOOK_VICTORY = {"minor": 8, "major": 10, "total": 12, "default": "minor"}

# --- regions --------------------------------------------------------------------------------
# Display names where the XML spelling differs from the rulebook (digest A8, C2).
RULEBOOK_NAMES = {
    "Philipine Islands": "Philippine Islands",  # XML typo (digest C2 "Philippine Islands")
    "Kwantung": "Kwangtung",  # the manual's spelling (A8: "TripleA spells it Kwantung")
    "Anglo Egypt": "Anglo-Egypt",  # the board's name; the manual's text says "Egypt" (A4, A8)
}
# Victory cities by name (digest A3; the manual lists them, the XML flags the territories).
RULEBOOK_VICTORY_CITIES = {
    "Washington": "Eastern United States",
    "London": "United Kingdom",
    "Leningrad": "Karelia S.S.R.",
    "Moscow": "Russia",
    "Calcutta": "India",
    "Los Angeles": "Western United States",
    "Berlin": "Germany",
    "Paris": "Western Europe",
    "Rome": "Southern Europe",
    "Shanghai": "Kwantung",
    "Manila": "Philipine Islands",
    "Tokyo": "Japan",
}
# Revised has no Turkish straits rule: the manual's neutrals paragraph (A4) names Turkey only
# as an impassable neutral, and there is no such optional rule.
RULEBOOK_STRAITS: list[dict] = []
# Where the display name changed, the XML spelling stays findable as an alias.
ALIAS_OVERRIDES = {
    "Kwantung": ["Kwantung", *ALIASES["Kwantung"]],
    "Anglo Egypt": ["Anglo Egypt", "Egypt", "Anglo-Egypt Sudan", "Anglo-Egyptian Sudan", "AES"],
}

# --- units ----------------------------------------------------------------------------------
# (cost, attack, defence, move, hits): the Revised table (digest A6, C1). Every XML number is
# asserted against it. No cruiser (A1 item 4: the manual's unit list has none).
RULEBOOK_UNIT_TABLE = {
    "infantry": (3, 1, 2, 1, 1),
    "artillery": (4, 2, 2, 1, 1),
    "tank": (5, 3, 3, 2, 1),
    "aa_gun": (5, 0, 0, 1, 1),  # fires only at attacking aircraft, on a 1 (anti_aircraft)
    "industrial_complex": (15, 0, 0, 0, 1),
    "fighter": (10, 3, 4, 4, 1),
    "bomber": (15, 4, 1, 6, 1),
    "battleship": (24, 4, 4, 2, 2),
    "carrier": (16, 1, 3, 2, 1),
    "destroyer": (12, 3, 3, 2, 1),
    "submarine": (8, 2, 2, 2, 1),
    "transport": (8, 0, 1, 2, 1),  # fires on defence at 1; casualty order is a rules switch
}
# The XML's victory levels, replaced by RULEBOOK_VICTORY (see above).
XML_VICTORY = {"Projection of Power": 9, "Honorable Victory": 10, "Total Victory": 12}


def check_xml(root: ET.Element, src: Path) -> None:
    """Revised-only assertions: the overrides above meet the XML they override."""
    props = {p.get("name"): p.get("value") for p in root.find("propertyList").iter("property")}
    for level, n in XML_VICTORY.items():
        for side in ("Axis", "Allies"):
            assert int(props[f"{side} {level} VCs"]) == n, (side, level)
    # The map's own victory-city and capital markers agree with the XML's flags.
    tatt = {
        a.get("attachTo"): options(a)
        for a in root.find("attachmentList").iter("attachment")
        if a.get("name") == "territoryAttachment"
    }
    flagged = {t for t, o in tatt.items() if o.get("victoryCity") == "1"}
    assert set(read_points(src / "vc.txt")) == flagged == set(RULEBOOK_VICTORY_CITIES.values())
    capitals = {t for t, o in tatt.items() if "capital" in o}
    assert set(read_points(src / "capitols.txt")) == capitals
    # TripleA removed an erroneous sea zone 63 - Western Canada connection in 2025 (older
    # copies of ww2v2.xml, and TripleA's revised_test.xml, still have it); this file must not.
    pairs = {frozenset((c.get("t1"), c.get("t2"))) for c in root.find("map").iter("connection")}
    assert frozenset(("63 Sea Zone", "Western Canada")) not in pairs


EDITION_TABLES = Edition(
    edition=EDITION,
    name="Axis & Allies Revised (2004)",
    xml="ww2v2.xml",
    source="TripleA world_war_ii_revised (ww2v2.xml, centers.txt, polygons.txt); see NOTICE",
    turn_order=RULEBOOK_TURN_ORDER,
    sides=RULEBOOK_SIDES,
    starting_ipc=RULEBOOK_STARTING_IPC,
    victory=RULEBOOK_VICTORY,
    names=RULEBOOK_NAMES,
    victory_cities=RULEBOOK_VICTORY_CITIES,
    straits=RULEBOOK_STRAITS,
    unit_table=RULEBOOK_UNIT_TABLE,
    alias_overrides=ALIAS_OVERRIDES,
    check_xml=check_xml,
)


def main(src_dir: str) -> None:
    derive(EDITION_TABLES, src_dir)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/aa-revised")
