"""Derive a Diplomacy variant's data folder (games/diplomacy-<name>/) from a DPjudge .map file.

Rerunnable without the network: the source files are kept in tools/sources/diplomacy/ (see
the README there). Run by a maintainer:

    python tools/derive_diplomacy_map.py tools/sources/diplomacy/standard.map
    python tools/derive_diplomacy_map.py tools/sources/diplomacy/ancmed.map
    python tools/derive_diplomacy_map.py tools/sources/diplomacy/fleetrome.map
    python tools/derive_diplomacy_map.py tools/sources/diplomacy/pure.map

The variant's name is the file's stem; what the file cannot say (title, description, power
colours, extra spellings) comes from ``VARIANTS`` below. A file with its own map gives
``map.json`` and ``variant.json``; a file that starts ``MAP <base>`` (a variant of another
map, such as Fleet Rome) gives a ``variant.json`` that ``extends`` the base with only the
changes the file makes (docs/variants.md).

Only facts are taken (names, aliases, adjacency, home centres, starting units, victory
centres), plus the spellings in ``EXTRA_ALIASES``: names players really write that the
DPjudge table lacks. Anything the DPjudge format expresses that our engine does not play
(special adjacency rules, dynamic map changes, dummies, reserves, ...) stops the derivation
with an error naming the line, rather than being dropped; the one exception a variant may
opt into is listed in its ``VARIANTS`` entry and written into its ``variant.json`` ``notes``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"

KIND = {"WATER": "sea", "COAST": "coastal", "LAND": "land", "SHUT": "impassable"}
# Standard power colours: the traditional families (Austria red, England navy, France light
# blue, Germany near-black, Italy green, Russia white, Turkey yellow) in the shades that keep
# all seven and neutral land apart for normal vision and the three common colour-vision
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

#: What each variant's .map file cannot say. ``port_as_coastal``: DPjudge PORT provinces
#: (a coast whose fleet may also convoy) that this variant plays as ordinary coastal
#: provinces, with the reason (our engine convoys through sea areas only; docs/rulings.md).
VARIANTS: dict[str, dict] = {
    "standard": {
        "title": "Diplomacy (standard map)",
        "description": "The standard map of 1901 Europe: seven powers, 34 supply centres.",
        "colours": COLOURS,
        "extra_aliases": EXTRA_ALIASES,
        "map_name": "Standard",
    },
    "ancmed": {
        "title": "Ancient Mediterranean",
        "description": "Five ancient powers (Carthage, Egypt, Greece, Persia, Rome) round "
                       "the Mediterranean; 34 supply centres, 18 to win.",
        "colours": {
            "Carthage": ("#2e2e2e", "#2e2e2e"),
            "Egypt": ("#f9d006", "#8a6d00"),
            "Greece": ("#338ccc", "#1f6fa8"),
            "Persia": ("#316c13", "#316c13"),
            "Rome": ("#cf6159", "#c0392b"),
        },
        "port_as_coastal": {
            "bal": "Baleares is a DPjudge PORT (a coastal province whose fleet may also "
                   "convoy); here it is an ordinary coastal province: a fleet there moves "
                   "and supports as usual but cannot convoy (docs/rulings.md, V-3)",
        },
        "map_name": "Ancient Mediterranean",
    },
    "fleetrome": {
        "title": "Fleet Rome",
        "description": "The standard game with Italy's army in Rome replaced by a fleet.",
    },
    "pure": {
        "title": "Pure",
        "description": "Seven powers, one province each, every province next to every "
                       "other: pure diplomacy; 4 centres win.",
        "colours": COLOURS,
        "map_name": "Pure",
    },
}

_NAME_LINE = re.compile(r"^(.+?)\s*=\s*(.*)$")
_POWER_LINE = re.compile(r"^([A-Za-z]\w*)(?:\s+\((\w+)\))?((?:\s+\w+)*)$")
_UNIT_LINE = re.compile(r"^([AF])\s+(\S+)$", re.IGNORECASE)
_ABUTS_LINE = re.compile(r"^(WATER|COAST|LAND|SHUT|PORT)\s+(\S+)\s+ABUTS\s+(.*)$",
                         re.IGNORECASE)
_BEGIN = re.compile(r"^BEGIN\s+SPRING\s+(\d+)\s+MOVEMENT$", re.IGNORECASE)


class DeriveError(Exception):
    """A .map file says something this derivation cannot turn into our data."""


def read_dpjudge(text: str, where: str) -> dict:
    """The facts of a DPjudge .map file: powers (in file order) with adjective, home
    centres and unit lines; names and aliases; ABUTS rows; unowned centres; the base map
    (``MAP``), the victory line and the first year. Refuses what it cannot represent."""
    out: dict = {"powers": {}, "names": {}, "aliases": {}, "abuts": [], "unowned": [],
                 "base": None, "victory": None, "begin_year": None, "notes": []}
    current = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        first = line.split()[0].upper()
        if first == "BEGIN":
            m = _BEGIN.match(line)
            if not m:
                raise DeriveError(f"{where}:{n}: only 'BEGIN SPRING <year> MOVEMENT' is "
                                  f"supported, not {line!r}")
            out["begin_year"] = int(m.group(1))
            continue
        if first == "MAP":
            if len(line.split()) != 2 or out["base"]:
                raise DeriveError(f"{where}:{n}: expected one 'MAP <base>' line")
            out["base"] = line.split()[1].split(".")[0].lower()
            continue
        if first == "VICTORY":
            try:
                values = [int(v) for v in line.split()[1:]]
            except ValueError:
                values = []
            if len(values) != 1:
                raise DeriveError(f"{where}:{n}: expected 'VICTORY <centres>' (one number); "
                                  "varying victory conditions are not supported")
            out["victory"] = values[0]
            continue
        if first in ("UNOWNED", "NEUTRAL", "CENTERS") and "=" not in line:
            out["unowned"] += [c.lower() for c in line.split()[1:]]
            current = None
            continue
        m = _ABUTS_LINE.match(line)
        if m:
            out["abuts"].append((m.group(1).upper(), m.group(2), m.group(3).split(), n))
            continue
        m = _NAME_LINE.match(line)
        if m:
            words = [w.replace("+", " ").lower() for w in m.group(2).split()]
            if not words:
                raise DeriveError(f"{where}:{n}: a name with no abbreviation: {line!r}")
            out["names"][words[0]] = m.group(1).strip()
            out["aliases"][words[0]] = words[1:]
            continue
        m = _UNIT_LINE.match(line)
        if m:
            if current is None:
                raise DeriveError(f"{where}:{n}: a unit before any power: {line!r}")
            out["powers"][current]["units"].append(f"{m.group(1).upper()} {m.group(2).lower()}")
            continue
        m = _POWER_LINE.match(line)
        if m and first not in _REFUSED:
            current = m.group(1).title()
            entry = out["powers"].setdefault(current, {"adjective": None, "homes": None,
                                                       "units": [], "line": n})
            if m.group(2):
                entry["adjective"] = m.group(2).title()
                entry["homes"] = [c.lower() for c in m.group(3).split()]
            elif m.group(3).strip():
                raise DeriveError(f"{where}:{n}: a power line with centres but no "
                                  f"(ADJECTIVE): {line!r}")
            continue
        raise DeriveError(f"{where}:{n}: a DPjudge directive our engine does not play: "
                          f"{line!r}")
    return out


# Directives that would otherwise read as a power's name: none of them is supported.
_REFUSED = {"AMEND", "DROP", "RULE", "RULES", "IN", "FROM", "DUMMY", "DUMMIES", "UNPLAYED",
            "RESERVES", "MILITIA", "CONTROL", "LEAGUE", "OWNS", "INHABITS", "HOME", "HOMES",
            "UNITS", "FLAG", "FLAGS", "FLOW", "NOTIFY", "USE", "USES", "TEXTONLY", "END"}


def _check_abut(word: str, where: str, n: int) -> None:
    if not re.fullmatch(r"[A-Za-z]{3}(/[A-Za-z]{2})?", word):
        raise DeriveError(f"{where}:{n}: a special adjacency rule our engine does not play: "
                          f"{word!r} (power, ownership or '*' restrictions)")


def build_map(facts: dict, name: str, config: dict, where: str) -> tuple[dict, list[str]]:
    """map.json's dict from the facts of a self-contained .map file, and the notes (rules
    of the file played differently here, each opted into in ``VARIANTS``)."""
    notes = []
    ports = config.get("port_as_coastal", {})
    abuts = []
    for typ, loc, nbrs, n in facts["abuts"]:
        if typ == "PORT":
            if loc.lower() not in ports:
                raise DeriveError(f"{where}:{n}: {loc} is a PORT (a coast whose fleet may "
                                  "convoy); our engine convoys through sea areas only")
            notes.append(ports[loc.lower()])
            typ = "COAST"
        for w in nbrs:
            _check_abut(w, where, n)
        abuts.append((typ, loc, nbrs))
    colours = config["colours"]
    extra = config.get("extra_aliases", {})
    powers: dict[str, dict] = {}
    for power, p in facts["powers"].items():
        if p["homes"] is None:
            raise DeriveError(f"{where}:{p['line']}: power {power} has no '(ADJECTIVE) "
                              "home centres' line")
        if power not in colours:
            raise DeriveError(f"{where}: no colour for {power} in VARIANTS[{name!r}]")
        powers[power] = {
            "adjective": p["adjective"],
            "home_centres": p["homes"],
            "starting_units": _place_units([], p["units"]),
            "colour": colours[power][0],
            "text_colour": colours[power][1],
        }
    kinds: dict[str, str] = {}
    for typ, loc, _ in abuts:
        base = loc.lower().split("/")[0]
        if "/" not in loc:
            kinds[base] = KIND[typ]
    sc = {c for p in powers.values() for c in p["home_centres"]} | set(facts["unowned"])
    provinces: dict[str, dict] = {}
    for base, kind in sorted(kinds.items()):
        if base not in facts["names"]:
            raise DeriveError(f"{where}: province {base.upper()} has adjacency but no name")
        home = next((p for p, d in powers.items() if base in d["home_centres"]), None)
        provinces[base] = {
            "name": facts["names"][base],
            "kind": kind,
            "supply_centre": base in sc,
            "home_of": home,
            "coasts": {},
            "aliases": sorted(set(facts["aliases"].get(base, []) + extra.get(base, []))),
        }
    for loc, full in facts["names"].items():
        if "/" in loc:
            base, coast = loc.split("/")
            provinces[base]["coasts"][coast] = {
                "name": full,
                "aliases": sorted(set(facts["aliases"][loc])),
            }
        elif loc not in provinces:
            raise DeriveError(f"{where}: {full} ({loc.upper()}) is named but has no "
                              "ABUTS line")
    army: dict[str, set[str]] = {p: set() for p in provinces if kinds[p] in ("land", "coastal")}
    fleet: dict[str, set[str]] = {}
    for typ, loc, nbrs in abuts:
        if typ == "SHUT":
            continue
        # DPjudge: a neighbour in capitals is next to both unit kinds, in lower case to
        # armies only, in Title case (Bal) to fleets only.
        if typ in ("LAND", "COAST") and "/" not in loc:
            for n in nbrs:
                b = n.lower().split("/")[0]
                if kinds[b] in ("land", "coastal") and n != n.title():
                    army[loc.lower()].add(b)
        if typ in ("WATER", "COAST") and loc == loc.upper():
            for n in nbrs:
                b = n.lower().split("/")[0]
                if n[0].isupper() and kinds[b] in ("sea", "coastal"):
                    fleet.setdefault(loc.lower(), set()).add(n.lower())
    victory = facts["victory"] or len(sc) // 2 + 1
    data = {
        "name": config.get("map_name", name.title()),
        "powers": powers,
        "provinces": provinces,
        "army_adjacency": {k: sorted(v) for k, v in sorted(army.items())},
        "fleet_adjacency": {k: sorted(v) for k, v in sorted(fleet.items())},
        "victory_centres": victory,
    }
    return data, notes


def _place_units(units: list[str], placed: list[str]) -> list[str]:
    """DPjudge's rule for a unit line: it replaces any unit already in its province."""
    out = list(units)
    for u in placed:
        province = u.split()[1].split("/")[0]
        out = [x for x in out if x.split()[1].split("/")[0] != province]
        out.append(u)
    return out


def derive(src: Path) -> list[Path]:
    """Write games/diplomacy-<stem>/ from ``src``; returns the files written."""
    name = src.stem.lower()
    if name not in VARIANTS:
        raise DeriveError(f"{src}: no entry for {name!r} in VARIANTS (title, colours)")
    config = VARIANTS[name]
    facts = read_dpjudge(src.read_text(encoding="latin-1"), str(src))
    notes = []
    if facts["begin_year"] not in (None, 1901):
        notes.append(f"the source starts in Spring {facts['begin_year']}; our phase codes "
                     "count years from 1901, so the game starts in Spring 1901 "
                     "(docs/rulings.md, V-2)")
    folder = GAMES / f"diplomacy-{name}"
    folder.mkdir(exist_ok=True)
    variant = {"name": name, "title": config["title"], "description": config["description"],
               "source": f"DPjudge {src.name} (tools/sources/diplomacy/README.md), derived "
                         "by tools/derive_diplomacy_map.py"}
    written = []
    if facts["base"]:
        variant["extends"] = facts["base"]
        variant.update(_changes(facts, name, str(src)))
    else:
        data, port_notes = build_map(facts, name, config, str(src))
        notes += port_notes
        out = folder / "map.json"
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        written.append(out)
    if notes:
        variant["notes"] = notes
    out = folder / "variant.json"
    out.write_text(json.dumps(variant, indent=1, ensure_ascii=False) + "\n")
    written.append(out)
    return written


def _changes(facts: dict, name: str, where: str) -> dict:
    """What a ``MAP <base>`` file changes, in variant.json's terms. Only replaced starting
    units are supported (Fleet Rome); anything else is refused."""
    if facts["abuts"] or facts["names"] or facts["unowned"] or facts["victory"]:
        raise DeriveError(f"{where}: a variant of {facts['base']} that changes the map, "
                          "names or victory: write those changes into variant.json by hand "
                          "(docs/variants.md); this script derives unit changes only")
    base = json.loads((GAMES / f"diplomacy-{facts['base']}" / "map.json").read_text())
    changes: dict[str, list[str]] = {}
    for power, p in facts["powers"].items():
        if power not in base["powers"]:
            raise DeriveError(f"{where}:{p['line']}: {power} is not a power of "
                              f"{facts['base']}")
        if p["homes"] is not None:
            raise DeriveError(f"{where}:{p['line']}: {power}'s home centres are redefined; "
                              "only replaced starting units are derived")
        if p["units"]:
            changes[power] = p["units"]
    return {"starting_units": changes}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    for src in argv:
        try:
            for out in derive(Path(src)):
                print(f"wrote {out.relative_to(ROOT)}")
        except DeriveError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
