"""Derive games/aa1942/{map,setup,units}.json from TripleA's "World War II v4" map.

Run once by a maintainer (the reference files are not part of the project and are never
read at run or test time):

    python tools/derive_aa1942.py ../shared/reference/aa1942

(the same as ``python tools/derive_aa.py aa1942 ../shared/reference/aa1942``).

TripleA's ``WW2v4.xml`` is A&A 1942 (2009, 1st edition) on a Revised-derived board. It gives
the facts: regions, connections, IPC values, capitals, victory cities, canals, starting owners,
starting units, unit numbers. ``centers.txt`` gives one centre point per region (for the later
map drawing) and ``polygons.txt`` the board's extent.

The printed rulebook is the rules authority. Where it disagrees with the XML, or states something
the XML lacks, the override lives in the ``RULEBOOK_*`` tables below and is asserted or applied
by the shared code in ``tools/derive_aa.py``, so every decision is visible in one place (and
written up in docs/aa1942-data.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from derive_aa import Edition, derive

EDITION = "aa1942"

# --- powers ---------------------------------------------------------------------------------
RULEBOOK_TURN_ORDER = ["ussr", "germany", "uk", "japan", "usa"]  # digest §1.1, p.10
RULEBOOK_SIDES = {"axis": ["germany", "japan"], "allies": ["ussr", "uk", "usa"]}  # p.6
# Starting IPC: the same figure is the production level (income) and the starting treasury
# (digest §1.1, p.6-7). The income is asserted against the XML-derived territory sum.
RULEBOOK_STARTING_IPC = {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
RULEBOOK_VICTORY = {"standard": 9, "total": 12, "default": "standard"}  # p.6, p.23

# --- regions --------------------------------------------------------------------------------
# Display-name corrections where the XML spelling differs from the rulebook (digest §4.4, §5.1).
RULEBOOK_NAMES = {
    "Philipine Islands": "Philippine Islands",  # XML typo; rulebook "Philippine Islands"
    "Anglo Egypt": "Anglo-Egypt Sudan",  # rulebook p.9 names the Suez bank "Anglo-Egypt Sudan"
}
# Victory cities by name (rulebook p.6); the XML flags the territories but names no cities.
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
# Optional rule p.9: Turkey closes the straits; no naval unit may enter or leave sea zone 16.
# Absent from the XML.
RULEBOOK_STRAITS = [
    {
        "id": "turkish_straits",
        "name": "Turkish Straits",
        "sea_zone": "sz16",
        "neutral": "turkey",
        "optional": True,
    }
]

# --- units ----------------------------------------------------------------------------------
# (cost, attack, defence, move, hits) as printed in the rulebook (digest §3.1; transport from
# the unit-profiles digest §B4.12). Every XML number is asserted against it.
RULEBOOK_UNIT_TABLE = {
    "infantry": (3, 1, 2, 1, 1),
    "artillery": (4, 2, 2, 1, 1),
    "tank": (5, 3, 3, 2, 1),
    # p.25 prints «Obrana: 2» but the body says the gun never fights as a normal unit and is never
    # destroyed: treated as a transcription error (digest §6.1 item 1). The XML agrees: no values.
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

EDITION_TABLES = Edition(
    edition=EDITION,
    name="Axis & Allies 1942 (2009, 1st edition)",
    xml="WW2v4.xml",
    source="TripleA world_war_ii_v4 (WW2v4.xml, centers.txt, polygons.txt); see NOTICE",
    turn_order=RULEBOOK_TURN_ORDER,
    sides=RULEBOOK_SIDES,
    starting_ipc=RULEBOOK_STARTING_IPC,
    victory=RULEBOOK_VICTORY,
    names=RULEBOOK_NAMES,
    victory_cities=RULEBOOK_VICTORY_CITIES,
    straits=RULEBOOK_STRAITS,
    unit_table=RULEBOOK_UNIT_TABLE,
)


def main(src_dir: str) -> None:
    derive(EDITION_TABLES, src_dir)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/aa1942")
