"""The Diplomacy map as the rules see it: provinces, coasts, adjacency, home centres.

Locations are lower-case ids: a province (``par``) or a province with a coast
(``spa/nc``). Armies always stand in a province; fleets in a two-coast province
stand on one of its coasts. All facts come from ``games/<variant>/`` (``map.json``, or ``variant.json`` extending
another variant; see docs/variants.md).
"""

from __future__ import annotations

from functools import cache, cached_property

from adjudicator.diplomacy.variants import resolved_map
from adjudicator.record import record

#: The data folder of the standard map: the default of the helpers that take a variant.
STANDARD = "diplomacy-standard"


def prov(loc: str) -> str:
    """The province of a location: ``spa/nc`` -> ``spa``."""
    return loc.split("/", 1)[0]


_NOTHING: frozenset[str] = frozenset()


@record(frozen=True)
class Province:
    id: str
    name: str
    kind: str  # "land", "coastal", "sea" or "impassable"
    supply_centre: bool
    home_of: str | None
    coasts: tuple[str, ...]
    aliases: tuple[str, ...]


class DiplomacyMap:
    """Read-only map facts with the adjacency queries the rules need."""

    def __init__(self, data: dict) -> None:
        self.name: str = data["name"]
        self.victory_centres: int = data["victory_centres"]
        self.powers: dict[str, dict] = data["powers"]
        #: the powers in alphabetical order (the order of every per-power listing)
        self.power_order: tuple[str, ...] = tuple(sorted(self.powers))
        self.provinces: dict[str, Province] = {
            pid: Province(
                id=pid,
                name=p["name"],
                kind=p["kind"],
                supply_centre=p["supply_centre"],
                home_of=p["home_of"],
                coasts=tuple(sorted(p["coasts"])),
                aliases=tuple(p["aliases"]),
            )
            for pid, p in data["provinces"].items()
        }
        self.coast_names: dict[str, str] = {
            f"{pid}/{c}": cd["name"]
            for pid, p in data["provinces"].items()
            for c, cd in p["coasts"].items()
        }
        self.coast_aliases: dict[str, tuple[str, ...]] = {
            f"{pid}/{c}": tuple(cd["aliases"])
            for pid, p in data["provinces"].items()
            for c, cd in p["coasts"].items()
        }
        self._army = {k: frozenset(v) for k, v in data["army_adjacency"].items()}
        self._fleet = {k: frozenset(v) for k, v in data["fleet_adjacency"].items()}
        self._fleet_locations = frozenset(self._fleet)
        # Indexes built once per map, so the rules look facts up instead of recomputing
        # them for every order of every phase (the engine's hot path asks these questions
        # hundreds of times a phase).
        #: every location id (province or coast) -> its province: ``spa/nc`` -> ``spa``
        self.loc_province: dict[str, str] = {pid: pid for pid in self.provinces}
        self.loc_province.update((loc, prov(loc)) for loc in self.coast_names)
        self.loc_province.update((loc, prov(loc)) for loc in self._fleet)
        #: the supply centres
        self.supply_centre_set: frozenset[str] = frozenset(
            pid for pid, p in self.provinces.items() if p.supply_centre)
        #: province -> its kind ("land", "coastal", "sea" or "impassable")
        self.kind: dict[str, str] = {pid: p.kind for pid, p in self.provinces.items()}
        #: province -> the provinces an army there can move into
        self.army_adjacency: dict[str, frozenset[str]] = self._army
        #: whether locations sort as their provinces do (``a < b`` exactly when
        #: ``prov(a) < prov(b)``, for locations of different provinces): true when no
        #: province id has a character that sorts before the coast separator "/" (a
        #: variant's ids are letters and digits), as then "/" ends a province id in a
        #: comparison as the end of the string does. The engine then takes a list in
        #: province order as one in location order.
        self.locations_sort_as_provinces: bool = all(
            c > "/" for pid in self.provinces for c in pid)
        #: fleet location -> the provinces a fleet there can move into (coasts dropped)
        self.fleet_reach: dict[str, frozenset[str]] = {
            loc: frozenset(prov(n) for n in ns) for loc, ns in self._fleet.items()
        }

    # --- basic facts -------------------------------------------------------
    province_of = staticmethod(prov)

    def location_name(self, loc: str) -> str:
        return self.coast_names.get(loc) or self.provinces[self.province_of(loc)].name

    def label(self, loc: str) -> str:
        """A location for messages: name and id, ``Marseilles (mar)``, ``Spain (spa/nc)``;
        an unknown location is shown as written."""
        info = self.provinces.get(prov(loc))
        return f"{info.name} ({loc})" if info else loc

    def kind_of(self, loc: str) -> str:
        """The kind of the province of ``loc``; ``KeyError`` if there is no such province."""
        p = self.loc_province.get(loc)
        return self.kind[p if p is not None else prov(loc)]

    def is_sea(self, loc: str) -> bool:
        return self.kind_of(loc) == "sea"

    def is_land(self, loc: str) -> bool:
        return self.kind_of(loc) == "land"

    def is_coastal(self, loc: str) -> bool:
        return self.kind_of(loc) == "coastal"

    def supply_centres(self) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.supply_centre)

    def home_centres(self, power: str) -> list[str]:
        return list(self.powers[power]["home_centres"])

    def fleet_locations(self) -> frozenset[str]:
        return self._fleet_locations

    @cached_property
    def bordering_seas(self) -> dict[str, frozenset[str]]:
        """Province -> the sea areas a fleet can sail from into it (so an army there can
        board, or land, by convoy)."""
        out: dict[str, set[str]] = {}
        for sea, k in self.kind.items():
            if k == "sea":
                for p in self.fleet_reach.get(sea, _NOTHING):
                    out.setdefault(p, set()).add(sea)
        return {p: frozenset(seas) for p, seas in out.items()}

    @cached_property
    def sea_region(self) -> dict[str, int]:
        """Sea area -> the number of its region: sea areas joined by a chain of sea
        borders share a region (fleet adjacency is symmetric, so regions are connected
        components). Found once per map, by one search."""
        region: dict[str, int] = {}
        n = -1
        for start in sorted(p for p, k in self.kind.items() if k == "sea"):
            if start in region:
                continue
            n += 1
            region[start] = n
            frontier = [start]
            while frontier:
                s = frontier.pop()
                for t in self.fleet_reach.get(s, _NOTHING):
                    if self.kind.get(t) == "sea" and t not in region:
                        region[t] = n
                        frontier.append(t)
        return region

    @cached_property
    def coast_regions(self) -> dict[str, frozenset[int]]:
        """Province -> the sea regions (see :attr:`sea_region`) it borders: a convoy can
        run between two coasts only within a region both border."""
        out: dict[str, set[int]] = {}
        for sea, n in self.sea_region.items():
            for p in self.fleet_reach.get(sea, _NOTHING):
                out.setdefault(p, set()).add(n)
        return {p: frozenset(ns) for p, ns in out.items()}

    @cached_property
    def army_moves(self) -> dict[str, dict[str, str]]:
        """Province -> {destination as an order may write it -> the province an army
        there moves into by land}: every location id (a coast too: an army ignores it)
        of each neighbouring province that is not a sea area. Validation looks a move up
        here first (``Checker._check_move``); anything else takes the full check."""
        locs_of: dict[str, list[str]] = {}
        for loc, p in self.loc_province.items():
            locs_of.setdefault(p, []).append(loc)
        kind = self.kind
        return {
            here: {loc: to for to in sorted(near) if to != here and kind.get(to, "sea") != "sea"
                   for loc in locs_of.get(to, ())}
            for here, near in self._army.items()
        }

    @cached_property
    def army_support_reach(self) -> dict[str, frozenset[str]]:
        """Province -> the provinces an army there can support into: its neighbours
        by land that are not sea areas (a fleet's are :attr:`fleet_reach`)."""
        return {here: frozenset(q for q in near if q in self.kind and self.kind[q] != "sea")
                for here, near in self._army.items()}

    @cached_property
    def fleet_moves(self) -> dict[str, dict[str, str]]:
        """Fleet location -> {destination as an order may write it -> the exact location
        a fleet there moves to}: each fleet location it borders as itself, and a
        province with coasts written without one when exactly one of its coasts is in
        reach (DATC 4.B.2). Validation looks a move up here first (see
        :attr:`army_moves`)."""
        out: dict[str, dict[str, str]] = {}
        for src, near in self._fleet.items():
            here = prov(src)
            table = {n: n for n in sorted(near) if prov(n) != here}
            coasts_in_reach: dict[str, list[str]] = {}
            for n in sorted(near):
                if "/" in n:
                    coasts_in_reach.setdefault(prov(n), []).append(n)
            for p, coasts in coasts_in_reach.items():
                info = self.provinces.get(p)
                if (len(coasts) == 1 and p != here and p not in table and info is not None
                        and info.coasts and info.kind != "land"):
                    table[p] = coasts[0]
            out[src] = table
        return out

    # --- adjacency ---------------------------------------------------------
    def army_neighbours(self, province: str) -> frozenset[str]:
        p = self.loc_province.get(province)
        return self._army.get(p if p is not None else prov(province), _NOTHING)

    def fleet_neighbours(self, loc: str) -> frozenset[str]:
        """Fleet locations (with coasts) reachable in one move from ``loc``."""
        return self._fleet.get(loc, _NOTHING)

    def army_can_move(self, src: str, dst: str) -> bool:
        p = self.loc_province.get(dst)
        return (p if p is not None else prov(dst)) in self.army_neighbours(src)

    def fleet_can_move(self, src: str, dst: str) -> bool:
        """Exact-coast move: ``dst`` must be a fleet location."""
        return dst in self.fleet_neighbours(src)

    def fleet_can_reach_province(self, src: str, province: str) -> bool:
        """Whether a fleet at ``src`` can reach any coast of ``province`` (used by supports)."""
        return province in self.fleet_reach.get(src, _NOTHING)

    def fleet_coasts_reachable(self, src: str, province: str) -> list[str]:
        return sorted(n for n in self.fleet_neighbours(src) if self.province_of(n) == province)


@cache
def load_map(variant: str = STANDARD) -> DiplomacyMap:
    """The map of the variant in ``games/<variant>/``: its ``map.json``, or the variant it
    extends with its changes, validated (:mod:`adjudicator.diplomacy.variants`)."""
    return DiplomacyMap(resolved_map(variant))
