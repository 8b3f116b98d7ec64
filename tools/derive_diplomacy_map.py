"""Derive games/diplomacy-standard/map.json from a DPjudge-format standard.map.

Run once by a maintainer (the reference file is not part of the project):

    python tools/derive_diplomacy_map.py ../shared/reference/diplomacy/standard.map

Only facts are taken (names, aliases, adjacency, home centres, starting units), plus the
spellings in ``EXTRA_ALIASES``: names players really write that the DPjudge table lacks.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

KIND = {"WATER": "sea", "COAST": "coastal", "LAND": "land", "SHUT": "impassable"}
POWER_ORDER = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
# Power colours: the traditional families (Austria red, England navy, France light blue,
# Germany near-black, Italy green, Russia white, Turkey yellow) in the shades that keep all
# seven and neutral land apart for normal vision and the three common colour-vision
# deficiencies (docs/map.md; checked by tests/diplomacy/test_map_colours.py). "colour" fills
# the map, "text_colour" is a shade that stays legible as text on white in reports.
COLOURS = {
    "Austria": ("#cf6159", "#c0392b"),
    "England": ("#372e9e", "#372e9e"),
    "France": ("#338ccc", "#1f6fa8"),
    "Germany": ("#2e2e2e", "#2e2e2e"),
    "Italy": ("#316c13", "#316c13"),
    "Russia": ("#f0f0f0", "#6b6b6b"),
    "Turkey": ("#f9d006", "#8a6d00"),
}


# Spellings seen in real submissions (tests/diplomacy/corpus/) and not in the DPjudge table.
# Each is unambiguous on the standard map; a mistyped name is the parser's business (it reads
# one only when exactly one province fits, and says so), so only real spellings belong here.
EXTRA_ALIASES = {
    "eas": ["eastern med", "east med"],  # "Fleet Eastern Med Supports ..."
    "mar": ["marseille"],  # the French spelling
    "nth": ["north"],  # "F Nwg - North"; after a province, "north" still names its coast
    "sev": ["sebastopol"],  # the older English spelling
}


def main(src: str) -> None:
    lines = Path(src).read_text().splitlines()
    powers: dict[str, dict] = {}
    names: dict[str, str] = {}
    aliases: dict[str, list[str]] = {}
    abuts: list[tuple[str, str, list[str]]] = []
    current = None
    for raw in lines:
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip() or line.startswith("BEGIN"):
            continue
        m = re.match(r"^(\w+)\s+\((\w+)\)\s+(.*)$", line)
        if m and m.group(1).title() in POWER_ORDER:
            current = m.group(1).title()
            powers[current] = {
                "adjective": m.group(2).title(),
                "home_centres": [c.lower() for c in m.group(3).split()],
                "starting_units": [],
                "colour": COLOURS[current][0],
                "text_colour": COLOURS[current][1],
            }
            continue
        if line.startswith("UNOWNED"):
            current = None
            continue
        m = re.match(r"^([AF])\s+(\S+)$", line)
        if m and current:
            powers[current]["starting_units"].append(f"{m.group(1)} {m.group(2).lower()}")
            continue
        m = re.match(r"^(WATER|COAST|LAND|SHUT)\s+(\S+)\s+ABUTS\s+(.*)$", line)
        if m:
            abuts.append((m.group(1), m.group(2), m.group(3).split()))
            continue
        m = re.match(r"^(.+?)\s*=\s*(.*)$", line)
        if m:
            full = m.group(1).strip()
            words = [w.replace("+", " ").lower() for w in m.group(2).split()]
            loc = words[0]
            names[loc] = full
            aliases[loc] = words[1:] + EXTRA_ALIASES.get(loc, [])
            continue
    provinces: dict[str, dict] = {}
    kinds: dict[str, str] = {}
    for typ, loc, _ in abuts:
        base = loc.lower().split("/")[0]
        if "/" not in loc:
            kinds[base] = KIND[typ]
    sc = {c for p in powers.values() for c in p["home_centres"]}
    unowned = re.search(r"^UNOWNED\s+(.*)$", "\n".join(lines), re.MULTILINE)
    sc |= {c.lower() for c in unowned.group(1).split()}
    for base, kind in sorted(kinds.items()):
        home = next((p for p, d in powers.items() if base in d["home_centres"]), None)
        provinces[base] = {
            "name": names[base],
            "kind": kind,
            "supply_centre": base in sc,
            "home_of": home,
            "coasts": {},
            "aliases": sorted(set(aliases.get(base, []))),
        }
    for loc, full in names.items():
        if "/" in loc:
            base, coast = loc.split("/")
            provinces[base]["coasts"][coast] = {
                "name": full,
                "aliases": sorted(set(aliases[loc])),
            }
    army: dict[str, set[str]] = {p: set() for p in provinces if kinds[p] in ("land", "coastal")}
    fleet: dict[str, set[str]] = {}
    for typ, loc, nbrs in abuts:
        if typ == "SHUT":
            continue
        if typ in ("LAND", "COAST") and "/" not in loc:
            for n in nbrs:
                b = n.lower().split("/")[0]
                if kinds[b] in ("land", "coastal"):
                    army[loc.lower()].add(b)
        if typ in ("WATER", "COAST") and loc == loc.upper():
            for n in nbrs:
                b = n.lower().split("/")[0]
                if n == n.upper() and kinds[b] in ("sea", "coastal"):
                    fleet.setdefault(loc.lower(), set()).add(n.lower())
    data = {
        "name": "Standard",
        "powers": {p: powers[p] for p in POWER_ORDER},
        "provinces": provinces,
        "army_adjacency": {k: sorted(v) for k, v in sorted(army.items())},
        "fleet_adjacency": {k: sorted(v) for k, v in sorted(fleet.items())},
        "victory_centres": 18,
    }
    out = Path(__file__).resolve().parent.parent / "games/diplomacy-standard/map.json"
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}: {len(provinces)} provinces, {len(sc)} centres")


if __name__ == "__main__":
    main(sys.argv[1])
