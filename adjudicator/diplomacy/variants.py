"""Diplomacy variants as data: ``games/diplomacy-<name>/`` (docs/variants.md).

A variant folder holds ``variant.json`` (``name``, ``title``, ``description``, ``source``,
optionally ``notes``) and either its own ``map.json`` or ``extends``: the name of another
variant plus the changes it makes (``starting_units``, ``powers``, ``provinces``,
``army_adjacency``/``fleet_adjacency`` ``add``/``remove``, ``victory_centres``). This module
resolves ``extends`` (recursively, refusing a cycle) into one complete map dict and
validates it; every error names the variant, the file and the offending province or power.

Pure: it reads the bundled data folders only (through :func:`game_data_path`), writes
nothing and imports no other Diplomacy module.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from typing import Any

from adjudicator.errors import AdjudicatorError
from adjudicator.resources import game_data_path

#: data folders of Diplomacy variants start with this
PREFIX = "diplomacy-"
#: the keys a map dict must have
MAP_KEYS = ("name", "powers", "provinces", "army_adjacency", "fleet_adjacency",
            "victory_centres")
POWER_KEYS = ("adjective", "home_centres", "starting_units", "colour", "text_colour")
PROVINCE_KEYS = ("name", "kind", "supply_centre", "home_of", "coasts", "aliases")
KINDS = ("land", "coastal", "sea", "impassable")
#: the changes variant.json may make to the variant it extends
CHANGE_KEYS = ("starting_units", "powers", "provinces", "army_adjacency", "fleet_adjacency",
               "victory_centres")
INFO_KEYS = ("name", "title", "description", "source", "notes", "extends", "map_name")


_ID = re.compile(r"[a-z0-9]+")
_POWER = re.compile(r"[A-Z][A-Za-z]*")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class VariantError(AdjudicatorError):
    """A variant's data is missing or inconsistent (the message says which and where)."""


def folder_of(name: str) -> str:
    """The data folder of variant ``name``: ``ancmed`` -> ``diplomacy-ancmed``."""
    return name if name.startswith(PREFIX) else PREFIX + name


def _rel(folder: str, file: str) -> str:
    return f"games/{folder}/{file}"


def _read_json(folder: str, file: str, variant: str) -> Any:
    path = game_data_path(folder) / file
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise VariantError(f"variant {variant!r}: {_rel(folder, file)} is missing") from None
    except json.JSONDecodeError as exc:
        raise VariantError(f"variant {variant!r} ({_rel(folder, file)}): not valid JSON: "
                           f"{exc}") from None


def has_geometry(folder: str) -> bool:
    return (game_data_path(folder) / "geometry.json").is_file()


@cache
def read_info(folder: str) -> dict:
    """The variant's ``variant.json``, checked for its own keys (not the map)."""
    name = folder.removeprefix(PREFIX)
    info = _read_json(folder, "variant.json", name)
    where = f"variant {name!r} ({_rel(folder, 'variant.json')})"
    if not isinstance(info, dict):
        raise VariantError(f"{where}: expected a JSON object")
    for key in ("name", "title", "description", "source"):
        if not isinstance(info.get(key), str) or not info[key].strip():
            raise VariantError(f"{where}: the required key {key!r} is missing or empty")
    if info["name"] != name:
        raise VariantError(f"{where}: 'name' is {info['name']!r} but the folder is "
                           f"{folder!r} (expected {name!r})")
    unknown = sorted(set(info) - set(INFO_KEYS) - set(CHANGE_KEYS))
    if unknown:
        raise VariantError(f"{where}: unknown key {unknown[0]!r}; expected one of "
                           f"{', '.join(INFO_KEYS + CHANGE_KEYS)}")
    own_map = (game_data_path(folder) / "map.json").is_file()
    if "extends" in info:
        if own_map:
            raise VariantError(f"{where}: has both 'extends' and its own map.json; a "
                               "variant either extends another or brings its own map")
    else:
        if not own_map:
            raise VariantError(f"variant {name!r}: {_rel(folder, 'map.json')} is missing "
                               "(a variant needs its own map.json or 'extends')")
        changes = sorted(set(info) & set(CHANGE_KEYS))
        if changes:
            raise VariantError(f"{where}: {changes[0]!r} is a change to another variant; "
                               "it needs 'extends' (or belongs in map.json)")
    return info


def _resolve(folder: str, chain: tuple[str, ...]) -> tuple[dict, str]:
    """The complete map dict of ``folder`` and the file the last facts came from."""
    name = folder.removeprefix(PREFIX)
    if folder in chain:
        loop = " -> ".join(f.removeprefix(PREFIX) for f in (*chain, folder))
        raise VariantError(f"variant {name!r}: 'extends' makes a cycle: {loop}")
    if not game_data_path(folder).is_dir():
        if chain:
            raise VariantError(f"variant {chain[-1].removeprefix(PREFIX)!r} "
                               f"({_rel(chain[-1], 'variant.json')}): extends {name!r}, "
                               f"which does not exist (no games/{folder}/)")
        raise VariantError(f"no variant {name!r} (no games/{folder}/)")
    if not (game_data_path(folder) / "variant.json").is_file():
        # a folder with a map and no variant.json reads as a self-contained variant
        return _read_json(folder, "map.json", name), "map.json"
    info = read_info(folder)
    if "extends" not in info:
        return _read_json(folder, "map.json", name), "map.json"
    base = info["extends"]
    if not isinstance(base, str) or not base:
        raise VariantError(f"variant {name!r} ({_rel(folder, 'variant.json')}): 'extends' "
                           "must name a variant")
    data, _ = _resolve(folder_of(base), (*chain, folder))
    data = copy.deepcopy(data)
    _apply(data, info, f"variant {name!r} ({_rel(folder, 'variant.json')})")
    data["name"] = info.get("map_name") or info["title"]
    return data, "variant.json"


def _pairs(value: Any, where: str, key: str) -> list[tuple[str, str]]:
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in value):
        raise VariantError(f"{where}: {key} must be a list of [location, location] pairs")
    return [(a, b) for a, b in value]


def _apply(data: dict, info: dict, where: str) -> None:
    """Apply variant.json's changes to ``data`` (a copy of the base's map) in place."""
    powers, provinces = data["powers"], data["provinces"]
    for power, change in (info.get("powers") or {}).items():
        if change is None:  # the power is removed; its home centres stay, unowned
            if power not in powers:
                raise VariantError(f"{where}: removes power {power!r}, which the base has "
                                   f"not (powers: {', '.join(powers)})")
            del powers[power]
            for p in provinces.values():
                if p.get("home_of") == power:
                    p["home_of"] = None
            continue
        if not isinstance(change, dict):
            raise VariantError(f"{where}: powers.{power} must be an object or null")
        powers[power] = {**powers.get(power, {}), **change}
    for pid, change in (info.get("provinces") or {}).items():
        if change is None:
            if pid not in provinces:
                raise VariantError(f"{where}: removes province {pid!r}, which the base has "
                                   "not")
            del provinces[pid]
            for key in ("army_adjacency", "fleet_adjacency"):
                adj = data[key]
                for loc in [loc for loc in adj if loc.split("/")[0] == pid]:
                    del adj[loc]
                for loc, ns in adj.items():
                    adj[loc] = [n for n in ns if n.split("/")[0] != pid]
            continue
        provinces[pid] = change
    for key in ("army_adjacency", "fleet_adjacency"):
        change = info.get(key)
        if change is None:
            continue
        if not isinstance(change, dict) or set(change) - {"add", "remove"}:
            raise VariantError(f"{where}: {key} must be an object with 'add' and/or "
                               "'remove' lists of pairs")
        adj = data[key]
        for a, b in _pairs(change.get("remove", []), where, f"{key}.remove"):
            if b not in adj.get(a, ()) or a not in adj.get(b, ()):
                raise VariantError(f"{where}: {key}.remove: {a} and {b} are not adjacent "
                                   "in the base")
            adj[a] = [n for n in adj[a] if n != b]
            adj[b] = [n for n in adj[b] if n != a]
        for a, b in _pairs(change.get("add", []), where, f"{key}.add"):
            adj[a] = sorted({*adj.get(a, []), b})
            adj[b] = sorted({*adj.get(b, []), a})
    units = info.get("starting_units")
    if units is not None:
        if not isinstance(units, dict):
            raise VariantError(f"{where}: starting_units must map powers to unit lists")
        for power, placed in units.items():
            if power not in powers:
                raise VariantError(f"{where}: starting_units names {power!r}, which is not "
                                   f"a power (powers: {', '.join(powers)})")
            for unit in placed:
                if not isinstance(unit, str) or len(unit.split()) != 2:
                    raise VariantError(f"{where}: starting unit {unit!r} of {power}: "
                                       "expected 'A loc' or 'F loc'")
                province = unit.split()[1].split("/")[0]
                # a placed unit replaces any unit in its province (DPjudge's rule)
                for p in powers.values():
                    p["starting_units"] = [u for u in p.get("starting_units", [])
                                           if str(u).split()[-1].split("/")[0] != province]
                powers[power]["starting_units"].append(unit)
    if "victory_centres" in info:
        data["victory_centres"] = info["victory_centres"]


def validate_map(data: Any, variant: str, file: str) -> None:
    """Refuse an incomplete or inconsistent map; ``file`` is named in the message."""
    where = f"variant {variant!r} ({file})"

    def fail(msg: str) -> None:
        raise VariantError(f"{where}: {msg}")

    if not isinstance(data, dict):
        fail("expected a JSON object")
    for key in MAP_KEYS:
        if key not in data:
            fail(f"the required key {key!r} is missing")
    powers, provinces = data["powers"], data["provinces"]
    if not isinstance(powers, dict) or not powers:
        fail("'powers' must be a non-empty object")
    if not isinstance(provinces, dict) or not provinces:
        fail("'provinces' must be a non-empty object")
    for pid, p in provinces.items():
        if not _ID.fullmatch(pid):
            fail(f"province id {pid!r}: expected lower-case letters and digits (such as "
                 "'spa')")
        if not isinstance(p, dict):
            fail(f"province {pid!r} must be an object")
        for key in PROVINCE_KEYS:
            if key not in p:
                fail(f"province {pid!r}: the required key {key!r} is missing")
        if not isinstance(p["aliases"], list) or not all(
                isinstance(a, str) for a in p["aliases"]):
            fail(f"province {pid!r}: 'aliases' must be a list of names")
        if not isinstance(p["coasts"], dict):
            fail(f"province {pid!r}: 'coasts' must be an object")
        for c, cd in p["coasts"].items():
            if not _ID.fullmatch(c):
                fail(f"province {pid!r}: coast id {c!r}: expected lower-case letters and "
                     "digits (such as 'nc')")
            if not isinstance(cd, dict) or not isinstance(cd.get("name"), str) or not \
                    isinstance(cd.get("aliases"), list):
                fail(f"coast {pid}/{c}: expected an object with 'name' and 'aliases'")
        if p["kind"] not in KINDS:
            fail(f"province {pid!r}: kind {p['kind']!r} is not one of {', '.join(KINDS)}")
        if p["coasts"] and p["kind"] != "coastal":
            fail(f"province {pid!r}: only a coastal province has coasts, not a "
                 f"{p['kind']} one")
        if p["supply_centre"] and p["kind"] in ("sea", "impassable"):
            fail(f"province {pid!r}: a {p['kind']} province cannot be a supply centre")
    for power, info in powers.items():
        if not isinstance(info, dict):
            fail(f"power {power!r} must be an object")
        for key in POWER_KEYS:
            if key not in info:
                fail(f"power {power!r}: the required key {key!r} is missing")
        if not _POWER.fullmatch(power):
            fail(f"power name {power!r}: expected one word of letters (such as 'France')")
        for key in ("colour", "text_colour"):
            if not isinstance(info[key], str) or not _COLOUR.fullmatch(info[key]):
                fail(f"power {power!r}: {key} {info[key]!r} is not a colour like '#1f6fa8'")
        for key in ("home_centres", "starting_units"):
            if not isinstance(info[key], list):
                fail(f"power {power!r}: {key!r} must be a list")
    # locations: provinces and coasts
    locations = set(provinces)
    for pid, p in provinces.items():
        for c in p["coasts"]:
            locations.add(f"{pid}/{c}")
    army, fleet = data["army_adjacency"], data["fleet_adjacency"]
    for loc, ns in army.items():
        if loc not in provinces:
            fail(f"army_adjacency: unknown province {loc!r}")
        if provinces[loc]["kind"] not in ("land", "coastal"):
            fail(f"army_adjacency: {loc!r} is {provinces[loc]['kind']}; armies stand on "
                 "land and coastal provinces only")
        for n in ns:
            if n not in provinces:
                fail(f"army_adjacency of {loc!r}: unknown province {n!r}")
            if provinces[n]["kind"] not in ("land", "coastal"):
                fail(f"army_adjacency of {loc!r}: {n!r} is {provinces[n]['kind']}")
            if loc not in army.get(n, ()):
                fail(f"army_adjacency is not symmetric: {loc!r} lists {n!r} but {n!r} does "
                     f"not list {loc!r}")
    for loc, ns in fleet.items():
        if "/" in loc and loc.split("/")[0] in provinces and loc not in locations:
            fail(f"fleet_adjacency: the coast {loc!r} is not a coast of province "
                 f"{loc.split('/')[0]!r} (its coasts: "
                 f"{', '.join(provinces[loc.split('/')[0]]['coasts']) or 'none'})")
        if loc not in locations:
            fail(f"fleet_adjacency: unknown location {loc!r}")
        if not _fleet_can_stand(loc, provinces):
            fail(f"fleet_adjacency: a fleet cannot stand on {loc!r} "
                 f"({provinces[loc.split('/')[0]]['kind']})")
        for n in ns:
            if "/" in n and n.split("/")[0] in provinces and n not in locations:
                fail(f"fleet_adjacency of {loc!r}: the coast {n!r} is not a coast of "
                     f"province {n.split('/')[0]!r}")
            if n not in locations:
                fail(f"fleet_adjacency of {loc!r}: unknown location {n!r}")
            if loc not in fleet.get(n, ()):
                fail(f"fleet_adjacency is not symmetric: {loc!r} lists {n!r} but {n!r} "
                     f"does not list {loc!r}")
    centres = [pid for pid, p in provinces.items() if p["supply_centre"]]
    for pid, p in provinces.items():
        if p["home_of"] is not None and p["home_of"] not in powers:
            fail(f"province {pid!r}: home_of {p['home_of']!r} is not a power")
    occupied: dict[str, str] = {}
    for power, info in powers.items():
        for c in info["home_centres"]:
            if c not in provinces:
                fail(f"power {power!r}: home centre {c!r} is not a province")
            if not provinces[c]["supply_centre"]:
                fail(f"power {power!r}: home centre {c!r} is not a supply centre")
            if provinces[c]["home_of"] != power:
                fail(f"power {power!r}: home centre {c!r} is not {power}'s (its home_of is "
                     f"{provinces[c]['home_of']!r})")
        for unit in info["starting_units"]:
            parts = str(unit).split()
            if len(parts) != 2 or parts[0] not in ("A", "F"):
                fail(f"power {power!r}: starting unit {unit!r}: expected 'A loc' or 'F loc'")
            kind, loc = parts
            base = loc.split("/")[0]
            if loc not in locations:
                fail(f"power {power!r}: starting unit {unit!r} is on an unknown location "
                     f"{loc!r}")
            if kind == "A" and ("/" in loc or provinces[base]["kind"] not in ("land",
                                                                            "coastal")):
                fail(f"power {power!r}: starting unit {unit!r}: an army cannot stand on "
                     f"{loc!r} ({provinces[base]['kind']}{', a coast' if '/' in loc else ''})")
            if kind == "F" and (not _fleet_can_stand(loc, provinces) or loc not in fleet):
                fail(f"power {power!r}: starting unit {unit!r}: a fleet cannot stand on "
                     f"{loc!r} ({provinces[base]['kind']}"
                     f"{', name a coast' if provinces[base]['coasts'] else ''})")
            if base in occupied:
                fail(f"power {power!r}: starting unit {unit!r} shares province {base!r} "
                     f"with a unit of {occupied[base]}")
            occupied[base] = power
    # names: a spelling names one thing
    spelling: dict[str, str] = {}

    def claim(word: str, owner: str, what: str) -> None:
        key = str(word).strip().lower()
        if not key:
            fail(f"{what} has an empty alias")
        if spelling.get(key, owner) != owner:
            fail(f"the alias {word!r} of {owner!r} clashes with {spelling[key]!r} "
                 f"(a spelling must name one location)")
        spelling[key] = owner

    for pid, p in provinces.items():
        claim(pid, pid, f"province {pid!r}")
        if len({a.lower() for a in p["aliases"]}) != len(p["aliases"]):
            fail(f"province {pid!r}: duplicate alias in {p['aliases']}")
    for pid, p in provinces.items():
        claim(p["name"], pid, f"province {pid!r}")
        for a in p["aliases"]:
            claim(a, pid, f"province {pid!r}")
        for c, cd in p["coasts"].items():
            for a in cd.get("aliases", []):
                claim(a, f"{pid}/{c}", f"coast {pid}/{c}")
    victory = data["victory_centres"]
    if not isinstance(victory, int) or isinstance(victory, bool) or victory < 1:
        fail(f"victory_centres must be a positive whole number, not {victory!r}")
    if victory > len(centres):
        fail(f"victory_centres is {victory}, more than the {len(centres)} supply centres "
             "on the map")


def _fleet_can_stand(loc: str, provinces: dict) -> bool:
    base, _, coast = loc.partition("/")
    p = provinces.get(base)
    if p is None:
        return False
    if p["kind"] == "sea":
        return not coast
    if p["kind"] == "coastal":
        return coast in p["coasts"] if p["coasts"] else not coast
    return False


@cache
def resolved_map(folder: str) -> dict:
    """The complete, validated map dict of the variant in ``games/<folder>/``."""
    data, file = _resolve(folder, ())
    validate_map(data, folder.removeprefix(PREFIX), _rel(folder, file))
    return data


def geometry_folder(folder: str) -> str | None:
    """The folder whose ``geometry.json`` draws ``folder``'s map: its own, else that of the
    variant it extends when the extension keeps the same provinces; None when nothing
    fits (the picture is then generated from the adjacency, see ``layout``)."""
    if has_geometry(folder):
        return folder
    if not (game_data_path(folder) / "variant.json").is_file():
        return None
    info = read_info(folder)
    if "extends" not in info or info.get("provinces"):
        return None
    return geometry_folder(folder_of(info["extends"]))


def discover() -> list[str]:
    """The variant names found under ``games/`` (a directory listing; nothing is parsed)."""
    try:
        root = game_data_path("")
        names = sorted(p.name for p in root.iterdir()
                       if p.name.startswith(PREFIX) and (p / "variant.json").is_file())
    except FileNotFoundError:
        return []
    return [n.removeprefix(PREFIX) for n in names]


def summary(name: str) -> dict:
    """What ``adj new diplomacy --list`` shows of a variant."""
    folder = folder_of(name)
    info = read_info(folder)
    data = resolved_map(folder)
    return {
        "name": name,
        "title": info["title"],
        "description": info["description"],
        "powers": list(data["powers"]),
        "victory_centres": data["victory_centres"],
        "supply_centres": sum(1 for p in data["provinces"].values() if p["supply_centre"]),
        "provinces": len(data["provinces"]),
        "extends": info.get("extends"),
        "geometry": "generated" if geometry_folder(folder) is None else "drawn",
        "source": info["source"],
        "notes": list(info.get("notes") or []),
    }


def variant_title(folder: str) -> str | None:
    """The title a report or map names a variant game by (``variant.json`` ``title``, e.g.
    ``Ancient Mediterranean``); ``None`` for the standard map (its reports name no variant)
    and for a data folder without ``variant.json``."""
    folder = folder_of(folder)
    if folder == PREFIX + "standard" or not (game_data_path(folder) / "variant.json").is_file():
        return None
    return read_info(folder)["title"]
