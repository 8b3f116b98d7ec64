"""The Diplomacy map as the rules see it: provinces, coasts, adjacency, home centres.

Locations are lower-case ids: a province (``par``) or a province with a coast
(``spa/nc``). Armies always stand in a province; fleets in a two-coast province
stand on one of its coasts. All facts come from ``games/<variant>/map.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from adjudicator.resources import game_data_path


#: The data folder of the standard map: the default of the helpers that take a variant.
STANDARD = "diplomacy-standard"


def prov(loc: str) -> str:
    """The province of a location: ``spa/nc`` -> ``spa``."""
    return loc.split("/", 1)[0]


@dataclass(frozen=True)
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

    # --- basic facts -------------------------------------------------------
    province_of = staticmethod(prov)

    def location_name(self, loc: str) -> str:
        return self.coast_names.get(loc) or self.provinces[self.province_of(loc)].name

    def label(self, loc: str) -> str:
        """A location for messages: name and id, ``Marseilles (mar)``, ``Spain (spa/nc)``;
        an unknown location is shown as written."""
        info = self.provinces.get(prov(loc))
        return f"{info.name} ({loc})" if info else loc

    def is_sea(self, loc: str) -> bool:
        return self.provinces[self.province_of(loc)].kind == "sea"

    def is_land(self, loc: str) -> bool:
        return self.provinces[self.province_of(loc)].kind == "land"

    def is_coastal(self, loc: str) -> bool:
        return self.provinces[self.province_of(loc)].kind == "coastal"

    def supply_centres(self) -> list[str]:
        return sorted(p.id for p in self.provinces.values() if p.supply_centre)

    def home_centres(self, power: str) -> list[str]:
        return list(self.powers[power]["home_centres"])

    def fleet_locations(self) -> frozenset[str]:
        return self._fleet_locations

    # --- adjacency ---------------------------------------------------------
    def army_neighbours(self, province: str) -> frozenset[str]:
        return self._army.get(self.province_of(province), frozenset())

    def fleet_neighbours(self, loc: str) -> frozenset[str]:
        """Fleet locations (with coasts) reachable in one move from ``loc``."""
        return self._fleet.get(loc, frozenset())

    def army_can_move(self, src: str, dst: str) -> bool:
        return self.province_of(dst) in self.army_neighbours(src)

    def fleet_can_move(self, src: str, dst: str) -> bool:
        """Exact-coast move: ``dst`` must be a fleet location."""
        return dst in self.fleet_neighbours(src)

    def fleet_can_reach_province(self, src: str, province: str) -> bool:
        """Whether a fleet at ``src`` can reach any coast of ``province`` (used by supports)."""
        return any(self.province_of(n) == province for n in self.fleet_neighbours(src))

    def fleet_coasts_reachable(self, src: str, province: str) -> list[str]:
        return sorted(n for n in self.fleet_neighbours(src) if self.province_of(n) == province)


@cache
def load_map(variant: str = STANDARD) -> DiplomacyMap:
    with open(game_data_path(variant) / "map.json", encoding="utf-8") as fh:
        return DiplomacyMap(json.load(fh))
