"""Axis & Allies edition data as typed, read-only objects: map, unit table, starting setup.

Everything here is *facts* from ``games/<edition>/{map,setup,units}.json`` (derived offline by
``tools/derive_<edition>.py``); nothing here decides a rule. Edition rule switches (battleship
repair timing, which victory condition is in force, whether the Turkish straits are closed, ...)
belong to a separate rules object, so that A&A Revised can reuse this loader with its own data
folder. The graph helpers take the rule-dependent inputs (which canals are open, which straits
are closed, which regions a unit may pass through) as arguments for the same reason.

Region ids are lower-case slugs: ``germany``, ``western_europe``, ``sz5``.
"""

from __future__ import annotations

import heapq
import itertools
import json
import re
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import cache, cached_property
from itertools import pairwise
from types import MappingProxyType
from typing import Any, Literal

from adjudicator.record import field, record
from adjudicator.resources import game_data_path
from adjudicator.suggest import normalize

Domain = Literal["land", "sea", "air"]
"""Which movement graph to use: land units, naval units, or aircraft."""

UnitClass = Literal["land", "air", "sea", "building"]


def _frozen(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


def _name_index(labelled: Iterable[tuple[str, Iterable[str]]]) -> Mapping[str, str]:
    """``normalize(label) -> id`` for every ``(id, labels)``: the one lookup regions and units
    share. The first id to claim a label keeps it, so a clash resolves the same on every load."""
    index: dict[str, str] = {}
    for rid, labels in labelled:
        for label in labels:
            index.setdefault(normalize(label), rid)
    return MappingProxyType(index)


# --- map ------------------------------------------------------------------------------------


@record(frozen=True)
class Territory:
    """One region of the board: a land territory or a sea zone.

    The name says "territory" because that is the rulebook's word for most spaces; sea zones use
    the same record with ``kind == "sea"`` and only the sea-relevant fields set.
    """

    id: str
    name: str
    kind: Literal["land", "sea"]
    aliases: tuple[str, ...]
    triplea_name: str
    centre: tuple[int, int]  # board-image pixel coordinates, for the later map drawing
    ipc: int = 0
    original_owner: str | None = None  # decides liberation (rulebook p.19)
    neutral: bool = False  # owned by nobody, never changes hands
    impassable: bool = False  # no unit may enter or overfly (neutrals in 1942, p.9)
    island: bool = False  # no land border at all (p.9: "within a sea zone")
    capital_of: str | None = None
    victory_city: str | None = None  # city name, e.g. "Paris"
    industrial_complex: bool = False  # a complex stands here at the start of the game
    sea_zone_number: int | None = None

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_victory_city(self) -> bool:
        return self.victory_city is not None


@record(frozen=True)
class Canal:
    """A canal joins two sea zones; passage depends on who controls its land territories.

    The rule (rulebook p.9: your side must have controlled *all* ``land_territories`` at the
    start of your turn; air and land units are unaffected) is applied by the caller, which passes
    the open canals to the path helpers.
    """

    id: str
    name: str
    sea_zones: tuple[str, str]
    land_territories: tuple[str, ...]

    def joins(self, a: str, b: str) -> bool:
        return {a, b} == set(self.sea_zones)


@record(frozen=True)
class Strait:
    """A sea zone that an optional rule can close to naval units entering or leaving it."""

    id: str
    name: str
    sea_zone: str
    neutral: str  # the neutral territory whose neutrality closes it (Turkey)
    optional: bool


@record(frozen=True)
class AAMap:
    """The board graph with the queries movement validation needs.

    Adjacency is stored exactly as the board shows it, including canal edges and the
    left/right wrap-around; canals and straits are then applied as edge filters.
    """

    edition: str
    name: str
    regions: Mapping[str, Territory] = field(repr=False)
    adjacency: Mapping[str, frozenset[str]] = field(repr=False)
    wrap_edges: tuple[tuple[str, str], ...] = field(repr=False)
    canals: tuple[Canal, ...] = field(repr=False)
    straits: tuple[Strait, ...] = field(repr=False)
    board_size: tuple[int, int] = (0, 0)
    wraps_horizontally: bool = True

    # --- basic facts ---------------------------------------------------------------------
    def region(self, rid: str) -> Territory:
        return self.regions[rid]

    def __contains__(self, rid: object) -> bool:
        return rid in self.regions

    def __iter__(self) -> Iterator[Territory]:
        return iter(self.regions.values())

    @cached_property
    def territories(self) -> tuple[str, ...]:
        """Land territory ids (neutrals included), in file order."""
        return tuple(r.id for r in self if r.is_land)

    @cached_property
    def sea_zones(self) -> tuple[str, ...]:
        """Sea zone ids, by number."""
        return tuple(r.id for r in self if r.is_sea)

    def is_land(self, rid: str) -> bool:
        return self.regions[rid].is_land

    def is_sea(self, rid: str) -> bool:
        return self.regions[rid].is_sea

    def is_island(self, rid: str) -> bool:
        return self.regions[rid].island

    def is_coastal(self, rid: str) -> bool:
        """A land territory touching at least one sea zone (amphibious targets, naval placement)."""
        return self.is_land(rid) and bool(self.sea_neighbours(rid))

    def victory_cities(self) -> dict[str, str]:
        """Territory id -> victory city name."""
        return {r.id: r.victory_city for r in self if r.victory_city}

    def capitals(self) -> dict[str, str]:
        """Power id -> capital territory id."""
        return {r.capital_of: r.id for r in self if r.capital_of}

    def starting_complexes(self) -> tuple[str, ...]:
        return tuple(r.id for r in self if r.industrial_complex)

    # --- names ---------------------------------------------------------------------------
    @cached_property
    def _names(self) -> Mapping[str, str]:
        return _name_index((r.id, (r.id, r.name, r.triplea_name, *r.aliases)) for r in self)

    def lookup(self, label: str) -> str | None:
        """Region id for an id, display name, alias or sea-zone form (``sz 5``, ``5 Sea Zone``).

        The order parser has its own, richer matching; this is the exact-match core it and the
        tests share.
        """
        key = normalize(label)
        m = re.fullmatch(r"(?:seazone|sz)?(\d+)(?:seazone|sz)?", key)
        if m and f"sz{int(m.group(1))}" in self.regions:
            return f"sz{int(m.group(1))}"
        return self._names.get(key)

    # --- adjacency -----------------------------------------------------------------------
    def neighbours(self, rid: str) -> frozenset[str]:
        """Every adjacent region, land or sea, passable or not."""
        return self.adjacency[rid]

    def land_neighbours(self, rid: str) -> frozenset[str]:
        """Adjacent land territories a land unit could enter (impassable neutrals excluded)."""
        return frozenset(
            n for n in self.adjacency[rid] if self.is_land(n) and not self.regions[n].impassable
        )

    def sea_neighbours(self, rid: str) -> frozenset[str]:
        """Adjacent sea zones: for a territory its coastal zones, for a zone its neighbours."""
        return frozenset(n for n in self.adjacency[rid] if self.is_sea(n))

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency[a]

    # --- canals and straits ----------------------------------------------------------------
    def canal(self, cid: str) -> Canal:
        for c in self.canals:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def canal_between(self, a: str, b: str) -> Canal | None:
        """The canal a naval move from ``a`` to ``b`` goes through, if any."""
        for c in self.canals:
            if c.joins(a, b):
                return c
        return None

    def strait_at(self, sea_zone: str) -> Strait | None:
        for s in self.straits:
            if s.sea_zone == sea_zone:
                return s
        return None

    def step_allowed(
        self,
        a: str,
        b: str,
        domain: Domain,
        *,
        open_canals: Collection[str] | None = None,
        closed_straits: Collection[str] = (),
    ) -> bool:
        """Whether one move ``a`` -> ``b`` is geometrically possible for that kind of unit.

        ``open_canals``: ids of canals the moving side may use (``None``: treat all as open,
        i.e. pure geometry). ``closed_straits``: ids of straits closed by an optional rule.
        Hostility and stopping are the validator's business, not this function's.
        """
        if b not in self.adjacency[a]:
            return False
        dest = self.regions[b]
        if dest.impassable:
            return False
        if domain == "air":
            return True  # canals and straits never affect aircraft (p.9)
        if domain == "land":
            return self.regions[a].is_land and dest.is_land
        if not (self.regions[a].is_sea and dest.is_sea):
            return False
        canal = self.canal_between(a, b)
        if canal is not None and open_canals is not None and canal.id not in open_canals:
            return False
        for s in self.straits:
            if s.id in closed_straits and s.sea_zone in (a, b):
                return False
        return True

    def _steps(
        self,
        rid: str,
        domain: Domain,
        open_canals: Collection[str] | None,
        closed_straits: Collection[str],
    ) -> list[str]:
        return sorted(
            n
            for n in self.adjacency[rid]
            if self.step_allowed(
                rid, n, domain, open_canals=open_canals, closed_straits=closed_straits
            )
        )

    def reachable(
        self,
        start: str,
        max_steps: int,
        domain: Domain = "air",
        *,
        open_canals: Collection[str] | None = None,
        closed_straits: Collection[str] = (),
        through: Callable[[str], bool] | None = None,
        cost: Callable[[str, str], int] | None = None,
    ) -> dict[str, int]:
        """Every region within ``max_steps`` moves of ``start``, with its distance.

        ``through`` says which regions a unit may continue *from* (e.g. not hostile ones for a
        ship); a region that fails it can still be reached as an end point. The start always
        counts as passable. Air range is counted the rulebook's way (p.26): one step per region
        entered, so the island-group example Hawaii -> 52 -> 45 -> 46 -> Australia is 4.
        ``cost``: what one step ``a`` -> ``b`` costs, when not 1 (US Island Bases: 0 between a
        friendly island group and its sea zone).
        """
        if cost is not None:
            return self._weighted(start, domain, open_canals, closed_straits, through, cost,
                                  limit=max_steps)[0]
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if dist[here] >= max_steps:
                continue
            if here != start and through is not None and not through(here):
                continue
            for n in self._steps(here, domain, open_canals, closed_straits):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return dist

    def shortest_path(
        self,
        start: str,
        goal: str,
        domain: Domain = "air",
        *,
        open_canals: Collection[str] | None = None,
        closed_straits: Collection[str] = (),
        through: Callable[[str], bool] | None = None,
        cost: Callable[[str, str], int] | None = None,
    ) -> tuple[str, ...] | None:
        """A shortest path ``(start, ..., goal)``, or ``None``. Ties break alphabetically so the
        same question always gets the same answer (reports are reproducible). ``cost``: what
        one step costs, when not 1 (the cheapest path; with every step at 1 the same path)."""
        if cost is not None:
            dist, prev_w = self._weighted(start, domain, open_canals, closed_straits, through,
                                          cost, goal=goal)
            if goal not in dist:
                return None
            out = [goal]
            while (before := prev_w[out[-1]]) is not None:
                out.append(before)
            return tuple(reversed(out))
        prev: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                path = [here]
                while (p := prev[path[-1]]) is not None:
                    path.append(p)
                return tuple(reversed(path))
            if here != start and through is not None and not through(here):
                continue
            for n in self._steps(here, domain, open_canals, closed_straits):
                if n not in prev:
                    prev[n] = here
                    queue.append(n)
        return None

    def _weighted(
        self,
        start: str,
        domain: Domain,
        open_canals: Collection[str] | None,
        closed_straits: Collection[str],
        through: Callable[[str], bool] | None,
        cost: Callable[[str, str], int],
        *,
        limit: int | None = None,
        goal: str | None = None,
    ) -> tuple[dict[str, int], dict[str, str | None]]:
        """Cheapest distances (and predecessors) from ``start`` when a step costs ``cost(a,
        b)`` (0 or more). Regions are settled cheapest first, equal costs in the order they
        were found, and a predecessor changes only for a cheaper way: with every step at 1
        this is the breadth-first search of :meth:`shortest_path`, path for path."""
        dist: dict[str, int] = {start: 0}
        prev: dict[str, str | None] = {start: None}
        done: set[str] = set()
        order = itertools.count()
        heap = [(0, next(order), start)]
        while heap:
            d, _, here = heapq.heappop(heap)
            if here in done or d > dist[here]:
                continue
            done.add(here)
            if here == goal:
                break
            if here != start and through is not None and not through(here):
                continue
            for n in self._steps(here, domain, open_canals, closed_straits):
                nd = d + cost(here, n)
                if limit is not None and nd > limit:
                    continue
                if n not in dist or nd < dist[n]:
                    dist[n] = nd
                    prev[n] = here
                    heapq.heappush(heap, (nd, next(order), n))
        return dist, prev

    def path_cost(self, path: Iterable[str], cost: Callable[[str, str], int] | None = None
                  ) -> int:
        """What a route costs: one per step, or ``cost`` for each step."""
        p = list(path)
        if cost is None:
            return max(0, len(p) - 1)
        return sum(cost(a, b) for a, b in pairwise(p))

    def distance(
        self,
        start: str,
        goal: str,
        domain: Domain = "air",
        *,
        open_canals: Collection[str] | None = None,
        closed_straits: Collection[str] = (),
        through: Callable[[str], bool] | None = None,
    ) -> int | None:
        """Number of moves on a shortest path, or ``None`` when unreachable."""
        path = self.shortest_path(
            start,
            goal,
            domain,
            open_canals=open_canals,
            closed_straits=closed_straits,
            through=through,
        )
        return None if path is None else len(path) - 1

    def path_is_connected(
        self,
        path: Iterable[str],
        domain: Domain,
        *,
        open_canals: Collection[str] | None = None,
        closed_straits: Collection[str] = (),
    ) -> bool:
        """Whether every consecutive pair of a stated route is a legal step (orders give routes)."""
        p = list(path)
        return all(
            self.step_allowed(a, b, domain, open_canals=open_canals, closed_straits=closed_straits)
            for a, b in pairwise(p)
        )


# --- units ----------------------------------------------------------------------------------


@record(frozen=True)
class UnitSpec:
    """One row of the unit table, plus the class facts the rules key on.

    Flags rather than unit names are what later rules code should test (``spec.surface_warship``
    not ``uid in {...}``), so a new edition only changes data.
    """

    id: str
    name: str
    plural: str
    unit_class: UnitClass
    aliases: tuple[str, ...]
    triplea_name: str
    cost: int
    attack: int
    defence: int
    move: int
    hits: int  # hits to destroy: battleship 2
    can_capture: bool  # only infantry, artillery, tanks take territory (p.24)
    supportable: bool  # gets +1 attack when paired with a supporting unit (infantry)
    supports_infantry: int  # how many supportable units each one boosts (artillery: 1)
    blitz: bool
    anti_aircraft: int | None  # AA fire hits on <= this, one die per attacking aircraft
    strategic_bomber: bool
    warship: bool
    surface_warship: bool  # makes a sea zone hostile and blocks naval movement (p.28)
    submarine: bool
    anti_submarine: bool  # destroyer: cancels enemy sub abilities, stops enemy subs
    bombard: int | None  # shore bombardment hits on <= this
    casualty: bool  # can be taken as a combat casualty (AA guns, complexes: no)
    combat_move: bool  # may move in combat move (AA gun: no, p.25)
    production: bool  # mobilization site (industrial complex)
    transportable: bool
    transport_cost: int  # space taken on a transport
    transport_capacity: int  # space offered by a transport
    carrier_capacity: int  # fighters a carrier holds
    carrier_cost: int  # space taken on a carrier
    #: what positions and the map write (``3 inf, 1 art, 2 arm``): the data's ``short``, or
    #: else the first alias, the abbreviation forum players use most
    short: str = ""

    @property
    def is_land(self) -> bool:
        return self.unit_class == "land"

    @property
    def is_air(self) -> bool:
        return self.unit_class == "air"

    @property
    def is_sea(self) -> bool:
        return self.unit_class == "sea"

    @property
    def is_building(self) -> bool:
        return self.unit_class == "building"


@record(frozen=True)
class UnitTable:
    """The edition's units with alias lookup and cargo checks."""

    units: Mapping[str, UnitSpec] = field(repr=False)

    def __getitem__(self, uid: str) -> UnitSpec:
        return self.units[uid]

    def __iter__(self) -> Iterator[UnitSpec]:
        return iter(self.units.values())

    def __len__(self) -> int:
        return len(self.units)

    @cached_property
    def _names(self) -> Mapping[str, str]:
        return _name_index((u.id, (u.id, u.name, u.plural, u.triplea_name, *u.aliases))
                           for u in self)

    def lookup(self, label: str) -> str | None:
        """Unit id for a name, plural or abbreviation (``inf``, ``arm``, ``ac``, ``trn``)."""
        return self._names.get(normalize(label))

    def cargo_fits(self, vessel: str, cargo: Iterable[str],
                   transport_capacity: int | None = None) -> bool:
        """Whether ``cargo`` (unit ids) can ride on one ``vessel`` at the same time.

        Transports count ``transport_cost`` against ``transport_capacity`` (in 1942: infantry 2,
        other land units 3, capacity 5 = "one unit of any type plus one infantry"); carriers
        count ``carrier_cost`` against ``carrier_capacity`` (2 fighters).
        ``transport_capacity``: the vessel's room for land units as the effects in play make
        it (``Board.cargo_fits``; Japanese Tokyo Express), instead of the printed one.
        """
        v = self.units[vessel]
        items = [self.units[c] for c in cargo]
        room = v.transport_capacity if transport_capacity is None else transport_capacity
        if room:
            return (
                all(c.transportable for c in items)
                and sum(c.transport_cost for c in items) <= room
            )
        if v.carrier_capacity:
            return (
                all(c.carrier_cost for c in items)
                and sum(c.carrier_cost for c in items) <= v.carrier_capacity
            )
        return not items


# --- setup ----------------------------------------------------------------------------------


@record(frozen=True)
class Power:
    id: str
    name: str
    aliases: tuple[str, ...]
    triplea_name: str
    side: str
    capital: str
    starting_treasury: int  # IPC in hand at the start
    starting_income: int  # production level at the start (p.6: the same figure in 1942)
    colour: str  # display colour (reports, map): "#rrggbb"
    text_colour: str  # the power's name written on a white page (4.5:1; docs/map.md)


@record(frozen=True)
class Setup:
    """Powers, sides, turn order, victory thresholds and the starting units.

    ``units`` is region id -> power id -> unit id -> count. Fighters listed in a sea zone are
    aboard their power's carriers there.
    """

    powers: Mapping[str, Power] = field(repr=False)
    turn_order: tuple[str, ...]
    sides: Mapping[str, tuple[str, ...]]
    victory_thresholds: Mapping[str, int]  # 1942 "standard": 9, "total": 12; Revised 8/10/12
    default_victory: str
    control_overrides: Mapping[str, str]  # territory -> starting controller, if not its owner
    side_colours: Mapping[str, str]  # side -> display colour
    units: Mapping[str, Mapping[str, Mapping[str, int]]] = field(repr=False)

    def side_of(self, power: str) -> str:
        return self.powers[power].side

    def same_side(self, a: str, b: str) -> bool:
        return self.side_of(a) == self.side_of(b)

    def units_in(self, region: str) -> Mapping[str, Mapping[str, int]]:
        return self.units.get(region, MappingProxyType({}))

    def count(self, power: str, unit: str | None = None) -> int:
        """Number of a power's starting units (of one type, or all)."""
        return sum(
            n
            for per_power in self.units.values()
            for uid, n in per_power.get(power, {}).items()
            if unit is None or uid == unit
        )


@record(frozen=True)
class Edition:
    """Everything one edition's data folder holds."""

    name: str
    map: AAMap
    units: UnitTable
    setup: Setup

    def starting_controller(self, territory: str) -> str | None:
        return self.setup.control_overrides.get(
            territory, self.map.regions[territory].original_owner
        )

    def starting_controllers(self) -> dict[str, str]:
        """Territory id -> controlling power at the start (neutrals absent)."""
        out = {}
        for t in self.map.territories:
            owner = self.starting_controller(t)
            if owner is not None:
                out[t] = owner
        return out

    def production_level(self, power: str, controllers: Mapping[str, str] | None = None) -> int:
        """Sum of the IPC values of the territories ``power`` controls (p.6).

        With no ``controllers`` given, the starting position is used.
        """
        ctl = self.starting_controllers() if controllers is None else controllers
        return sum(self.map.regions[t].ipc for t, p in ctl.items() if p == power)


# --- loading --------------------------------------------------------------------------------


def _read(edition: str, fname: str) -> dict[str, Any]:
    path = game_data_path(edition) / fname
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def _build_map(data: dict[str, Any]) -> AAMap:
    regions = {}
    for rid, r in data["regions"].items():
        regions[rid] = Territory(
            id=rid,
            name=r["name"],
            kind=r["kind"],
            aliases=tuple(r["aliases"]),
            triplea_name=r["triplea_name"],
            centre=(r["centre"][0], r["centre"][1]),
            ipc=r.get("ipc", 0),
            original_owner=r.get("original_owner"),
            neutral=r.get("neutral", False),
            impassable=r.get("impassable", False),
            island=r.get("island", False),
            capital_of=r.get("capital_of"),
            victory_city=r.get("victory_city"),
            industrial_complex=r.get("industrial_complex", False),
            sea_zone_number=r.get("sea_zone_number"),
        )
    adjacency = {rid: frozenset(ns) for rid, ns in data["adjacency"].items()}
    board = data["board"]
    m = AAMap(
        edition=data["edition"],
        name=data["name"],
        regions=_frozen(regions),
        adjacency=_frozen(adjacency),
        wrap_edges=tuple((a, b) for a, b in data["wrap_edges"]),
        canals=tuple(
            Canal(
                id=c["id"],
                name=c["name"],
                sea_zones=(c["sea_zones"][0], c["sea_zones"][1]),
                land_territories=tuple(c["land_territories"]),
            )
            for c in data["canals"]
        ),
        straits=tuple(
            Strait(
                id=s["id"],
                name=s["name"],
                sea_zone=s["sea_zone"],
                neutral=s["neutral"],
                optional=s["optional"],
            )
            for s in data["straits"]
        ),
        board_size=(board["width"], board["height"]),
        wraps_horizontally=board["wraps_horizontally"],
    )
    _check_map(m)
    return m


def _check_map(m: AAMap) -> None:
    """Refuse inconsistent data at load time: a broken map must not reach adjudication."""
    if set(m.adjacency) != set(m.regions):
        raise ValueError("adjacency and regions list different region ids")
    for a, ns in m.adjacency.items():
        for b in ns:
            if b not in m.regions or a not in m.adjacency[b]:
                raise ValueError(f"adjacency {a} -> {b} is not symmetric")
    for a, b in m.wrap_edges:
        if b not in m.adjacency[a]:
            raise ValueError(f"wrap edge {a}-{b} is not an adjacency")
    for c in m.canals:
        a, b = c.sea_zones
        if not (m.is_sea(a) and m.is_sea(b) and b in m.adjacency[a]):
            raise ValueError(f"canal {c.id} does not join two adjacent sea zones")
        if not all(m.is_land(t) for t in c.land_territories):
            raise ValueError(f"canal {c.id} is controlled by a non-land region")
    for s in m.straits:
        if not m.is_sea(s.sea_zone) or s.neutral not in m.regions:
            raise ValueError(f"strait {s.id} refers to unknown regions")


def _build_units(data: dict[str, Any]) -> UnitTable:
    specs = {}
    for uid, u in data["units"].items():
        specs[uid] = UnitSpec(
            id=uid,
            name=u["name"],
            plural=u["plural"],
            unit_class=u["class"],
            aliases=tuple(u["aliases"]),
            triplea_name=u["triplea_name"],
            cost=u["cost"],
            attack=u["attack"],
            defence=u["defence"],
            move=u["move"],
            hits=u["hits"],
            can_capture=u["can_capture"],
            supportable=u["supportable"],
            supports_infantry=u["supports_infantry"],
            blitz=u["blitz"],
            anti_aircraft=u["anti_aircraft"],
            strategic_bomber=u["strategic_bomber"],
            warship=u["warship"],
            surface_warship=u["surface_warship"],
            submarine=u["submarine"],
            anti_submarine=u["anti_submarine"],
            bombard=u["bombard"],
            casualty=u["casualty"],
            combat_move=u["combat_move"],
            production=u["production"],
            transportable=u["transportable"],
            transport_cost=u["transport_cost"],
            transport_capacity=u["transport_capacity"],
            carrier_capacity=u["carrier_capacity"],
            carrier_cost=u["carrier_cost"],
            short=u.get("short") or (u["aliases"][0] if u["aliases"] else uid),
        )
    return UnitTable(units=_frozen(specs))


def _build_setup(data: dict[str, Any], m: AAMap, units: UnitTable) -> Setup:
    powers = {
        pid: Power(
            id=pid,
            name=p["name"],
            aliases=tuple(p["aliases"]),
            triplea_name=p["triplea_name"],
            side=p["side"],
            capital=p["capital"],
            starting_treasury=p["starting_treasury"],
            starting_income=p["starting_income"],
            colour=p["colour"],
            text_colour=p.get("text_colour", p["colour"]),
        )
        for pid, p in data["powers"].items()
    }
    placed = {
        rid: _frozen({pid: _frozen(us) for pid, us in per.items()})
        for rid, per in data["units"].items()
    }
    for rid, per in placed.items():
        if rid not in m.regions:
            raise ValueError(f"setup places units in unknown region {rid}")
        for pid, us in per.items():
            if pid not in powers or any(u not in units.units for u in us):
                raise ValueError(f"setup in {rid}: unknown power or unit {pid} {dict(us)}")
    v = data["victory_cities"]
    return Setup(
        powers=_frozen(powers),
        turn_order=tuple(data["turn_order"]),
        sides=_frozen({s: tuple(ps) for s, ps in data["sides"].items()}),
        # every level the edition offers (1942: standard 9, total 12; Revised: minor 8,
        # major 10, total 12), by name; "default" names the level played when none is chosen
        victory_thresholds=_frozen({k: n for k, n in v.items() if k != "default"}),
        default_victory=v["default"],
        control_overrides=_frozen(data["control_overrides"]),
        side_colours=_frozen(data["side_colours"]),
        units=_frozen(placed),
    )


def load_edition(name: str) -> Edition:
    """Load ``games/<name>/`` (through :func:`game_data_path`, so checkouts and wheels agree).

    Loaded once per process: the data is read-only, and every caller should see the same
    objects.
    """
    return _load(name)


@cache
def _load(name: str) -> Edition:
    m = _build_map(_read(name, "map.json"))
    units = _build_units(_read(name, "units.json"))
    setup = _build_setup(_read(name, "setup.json"), m, units)
    return Edition(name=name, map=m, units=units, setup=setup)
