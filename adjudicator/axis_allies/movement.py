"""Movement requests and the per-move rules of A&A 1942 (combat and noncombat move).

A :class:`MoveRequest` is the engine's own form of one movement order: unit types and counts,
a path of region ids, and flags. The order parser's objects are adapted to it in
``validate.py``, so the rules below never depend on the order grammar.

:class:`MoveChecker` checks one request against a *working copy* of the state and, when the
request is legal, applies it to that copy, so later requests see earlier ones (a unit cannot
move twice, a transport's room shrinks, a blitzed territory is now ours). The caller's state is
never touched: ``validate.py`` makes the copy.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any, Literal

from adjudicator.axis_allies.data import Canal, Domain
from adjudicator.axis_allies.state import Board, select_units
from adjudicator.errors import OrderError
from adjudicator.record import field, record

Step = Literal["combat", "noncombat"]


@record(frozen=True)
class UnitCount:
    unit: str  # unit id from the unit table ("infantry")
    count: int


@record(frozen=True)
class Load:
    """Transport step: take units from ``territory`` aboard while in ``zone``."""

    zone: str
    territory: str
    units: tuple[UnitCount, ...]


@record(frozen=True)
class MoveRequest:
    """One movement order in engine terms.

    ``path`` runs from the start region to the destination. With ``path_given`` false only
    ``(start, destination)`` is known and the checker infers a shortest legal path.
    A land-unit path of ``(territory, sea zone)`` boards a transport there; ``(sea zone,
    territory)`` unloads land units from transports in that zone.
    """

    power: str
    units: tuple[UnitCount, ...]
    path: tuple[str, ...]
    path_given: bool = True
    bombing: bool = False  # strategic bombing raid on the destination's complex
    air_joins: Literal["sea", "land"] | None = None  # amphibious assault: which battle
    bombard: str | None = None  # territory this battleship/cruiser will bombard
    loads: tuple[Load, ...] = ()
    unload: str | None = None  # territory the moving transports unload into
    # Units the order says ride aboard the moving ships ("cv sz 37 with 2 ftr", "1 cv, 2 ftr
    # sz 37 -> sz 35"): checked to be aboard, so a wrong count is reported, not ignored.
    riders: tuple[UnitCount, ...] = ()
    # The exact units to move, by id, when the engine itself moves them (default landings):
    # "freshest first" selection could otherwise launch a fighter already on a carrier.
    unit_ids: tuple[str, ...] = ()
    line: int = 0
    text: str = ""
    # A transport line with a second unload (Japanese Lightning Strikes, Revised digest A7)
    # is two requests: the second ``continues`` the first one's transports from where they
    # unloaded; ``unload_units``: the units the unload names (empty: all own cargo aboard).
    continues: bool = False
    unload_units: tuple[UnitCount, ...] = ()
    # "(kamikaze)": aircraft attacking with no landing afterwards (the ``one_way`` query
    # point; Japanese Kamikaze Attacks, Revised digest A7)
    kamikaze: bool = False


@record(frozen=True)
class CarrierPlan:
    """A carrier noncombat move declared during combat move to prove fighter landings
    (p.26): the carrier may then not move in combat and must follow this path later."""

    power: str
    path: tuple[str, ...]
    count: int = 1
    line: int = 0
    text: str = ""
    path_given: bool = True  # False: only start and end named, shortest safe route used


@record
class ResolvedMove:
    request: MoveRequest
    step: Step
    path: tuple[str, ...]
    path_inferred: bool
    unit_ids: tuple[str, ...]
    blitzed: tuple[str, ...] = ()
    loaded: tuple[str, ...] = ()
    unloaded: tuple[str, ...] = ()
    unload_to: str | None = None
    exceptions: list[str] = field(default_factory=list)  # combat-end exceptions used
    # cargo unit id -> id of the transport it left (unloads): cargo dies with *its* transport
    carried_by: dict[str, str] = field(default_factory=dict)
    #: effects whose route-dependent allowance the move needed (UK Middle East Oil)
    effects: tuple[str, ...] = ()


class Illegal(Exception):
    """Raised inside the checker; turned into an :class:`OrderError` with its rule id."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


def canal_closed_text(board: Board, power: str, canal: Canal) -> str:
    """Why ``canal`` is closed to ``power``'s ships, naming the canal, its zones and the banks
    held against them: ``Suez Canal (Sea Zone 15 - Sea Zone 34) is closed: controlled by the
    enemy at the start of the turn (Germany held Trans-Jordan)`` (p.9, ruling 3)."""
    at_start = board.rules.canal_control == "turn_start"
    ctl = board.state["turn_start_controllers" if at_start else "controllers"]
    m = board.map
    held: dict[str, list[str]] = {}  # who held them -> banks not held by the mover's side
    for t in canal.land_territories:
        owner = ctl.get(t)
        if not board.allied(owner, power):
            spec = board.edition.setup.powers.get(owner) if owner else None
            who = spec.name if spec else owner or "no power of your side"
            held.setdefault(who, []).append(m.region(t).name)
    a, b = canal.sea_zones
    when = " at the start of the turn" if at_start else ""
    why = ", ".join(f"{who} held {' and '.join(banks)}" for who, banks in held.items())
    return (f"{canal.name} ({m.region(a).name} - {m.region(b).name}) is closed: controlled by "
            f"the enemy{when} ({why})")


def closed_canals_on(board: Board, power: str, path: tuple[str, ...] | list[str]) -> list[Canal]:
    """The canals closed to ``power``'s ships that a sea route passes, in route order."""
    open_canals = board.open_canals(power)
    closed: list[Canal] = []
    for a, b in pairwise(path):
        canal = board.map.canal_between(a, b)
        if canal is not None and canal.id not in open_canals and canal not in closed:
            closed.append(canal)
    return closed


def order_error(req: MoveRequest | CarrierPlan | Any, exc: Illegal) -> OrderError:
    return OrderError(
        line=getattr(req, "line", 0),
        column=0,
        text=getattr(req, "text", ""),
        message=exc.message,
        rule=exc.rule,
    )


class MoveChecker:
    """Checks and applies movement requests for one power in one movement step."""

    def __init__(self, board: Board, power: str, step: Step) -> None:
        self.b = board
        self.power = power
        self.step = step
        self.m = board.map
        self.open_canals = board.open_canals(power)
        self.closed_straits = board.closed_straits()
        # sea zone -> fighters that landed there in this noncombat move: a carrier they need
        # may not move on (p.21: a fighter landing ends the carrier's movement)
        self.landed: dict[str, list[str]] = {}
        # the last move that unloaded transports, and each transport's amphibious assaults in
        # this step (a ``continues`` request goes on from it: Lightning Strikes)
        self._last_unload: ResolvedMove | None = None
        self.assaults: dict[str, int] = {}

    # --- naming helpers for messages ---------------------------------------------------
    def name(self, rid: str) -> str:
        return self.m.region(rid).name

    def uname(self, utype: str) -> str:
        return self.b.units_table[utype].name

    def pname(self, power: str) -> str:
        """A power as the reports name it ("Soviet Union", not ``ussr``)."""
        spec = self.b.edition.setup.powers.get(power)
        return spec.name if spec is not None else power

    # --- entry point ---------------------------------------------------------------------
    def apply(self, req: MoveRequest) -> ResolvedMove:
        """Check ``req``; on success apply it to the board's (working) state and return how
        it resolved. Raises :class:`Illegal` naming the rule, the unit and the place."""
        if req.power != self.power:
            raise Illegal("not-your-turn", f"it is {self.pname(self.power)}'s turn, not "
                          f"{self.pname(req.power)}'s")
        if not req.path:
            raise Illegal("path-empty", "the move names no regions")
        for rid in req.path:
            if rid not in self.m:
                raise Illegal("unknown-region", f"unknown region {rid!r}")
        for uc in req.units:
            if uc.unit not in self.b.units_table.units:
                raise Illegal("unknown-unit", f"unknown unit {uc.unit!r}")
            if uc.count < 1:
                raise Illegal("unit-count", f"{self.uname(uc.unit)}: count must be at least 1")
        prev, self._last_unload = self._last_unload, None
        if req.continues:
            return self._strike_again(req, prev)
        start = req.path[0]
        specs = [self.b.units_table[uc.unit] for uc in req.units]
        for s in specs:
            if s.is_building:
                raise Illegal(
                    "complex-cannot-move", f"an {s.name} never moves ({self.name(start)})"
                )
        classes = {s.unit_class for s in specs}
        if len(classes) > 1:
            raise Illegal(
                "mixed-domains",
                "land, air and naval units move in separate orders "
                f"({', '.join(sorted(classes))} from {self.name(start)})",
            )
        domain: Domain = specs[0].unit_class  # type: ignore[assignment]
        if domain == "land" and len(req.path) == 2 and self.m.is_sea(req.path[1]):
            return self._board_transport(req)
        if domain == "land" and self.m.is_sea(start):
            return self._unload_from_zone(req)
        units = self._select(req, start, aboard_ok=domain == "air")
        self._check_not_moved(units, start)
        if domain == "sea":
            self._check_riders(req, units, start)
            self._check_landed_on(units, start)
        if domain == "sea" and (req.loads or req.unload) and len(req.path) == 1:
            path, inferred = req.path, False
        else:
            path, inferred = self._resolve_path(req, units, domain)
        try:
            self._check_range(units, path, domain)
            blitzed = self._check_stops(units, path, domain, req)
        except Illegal as exc:
            raise self._on_given_route(exc, req, path) from None
        if domain == "air":
            self._check_air_end(req, path)
            if self.step == "noncombat" and self.m.is_sea(path[-1]):
                self.landed.setdefault(path[-1], []).extend(
                    u["id"] for u in units if self.b.spec(u).carrier_cost
                )
        resolved = ResolvedMove(req, self.step, path, inferred, tuple(u["id"] for u in units))
        resolved.blitzed = tuple(blitzed)
        resolved.effects = self._route_effects(units, path)
        if domain == "sea":
            self._transport_ops(req, units, path, resolved)
        self._move(units, path)
        for t in blitzed:
            self._capture(t)
        if resolved.unload_to:
            self._do_unload(units, resolved)
            self._count_assault(units)
            self._last_unload = resolved
        return resolved

    # --- selection -----------------------------------------------------------------------
    def _select(self, req: MoveRequest, region: str, *, aboard_ok: bool) -> list[dict]:
        if req.unit_ids:
            by_id = {u["id"]: u for u in self.b.units_at(region) if u["power"] == self.power}
            missing = [i for i in req.unit_ids if i not in by_id]
            if missing:
                raise Illegal("unit-not-available",
                              f"{', '.join(missing)} not in {self.name(region)}")
            return [by_id[i] for i in req.unit_ids]
        chosen: list[dict] = []
        committed = self.b.state.get("committed_carriers") or {}
        for uc in req.units:
            spec = self.b.units_table[uc.unit]
            got = select_units(
                self.b,
                self.power,
                region,
                uc.unit,
                len(self.b.state["units"]) if committed else uc.count,
                exclude=[u["id"] for u in chosen],
                aboard_ok=aboard_ok,
            )
            if committed:
                # A carrier promised for fighter landings is the one that makes its declared
                # move; another move takes an unpromised carrier first (stable sort).
                dest = req.path[-1]
                got.sort(
                    key=lambda u: (
                        0
                        if u["id"] in committed and committed[u["id"]][-1] == dest
                        else 2
                        if u["id"] in committed
                        else 1
                    )
                )
                got = got[: uc.count]
            # Fresh units first, so a unit that already moved is never picked over one that
            # did not; only then do the moved-twice rules speak.
            if len(got) < uc.count:
                allied = [
                    u
                    for u in self.b.units_at(region)
                    if u["type"] == uc.unit
                    and u["power"] != self.power
                    and self.b.allied(u["power"], self.power)
                ]
                extra = (
                    f" ({len(allied)} there belong to an ally and move only in its turn)"
                    if allied
                    else ""
                )
                raise Illegal(
                    "unit-not-available",
                    f"{self.pname(self.power)} has {len(got)} "
                    f"{spec.plural if len(got) != 1 else spec.name}"
                    f" free to move in {self.name(region)}, not {uc.count}{extra}",
                )
            chosen.extend(got)
        return chosen

    def _check_not_moved(self, units: list[dict], region: str) -> None:
        for u in units:
            spec = self.b.spec(u)
            if u.get("captured_this_turn"):
                raise Illegal(
                    "captured-aa-cannot-move",
                    f"the {spec.name} in {self.name(region)} was captured this turn",
                )
            if self.step == "combat" and not spec.combat_move:
                old_cargo = u["aboard"] is not None and not u["loaded_this_turn"]
                if not old_cargo:  # riding aboard since an earlier turn (1942 p.25)
                    raise Illegal(
                        "aa-gun-noncombat-only",
                        f"an {spec.name} moves only in noncombat move ({self.name(region)})",
                    )
            if self.step == "noncombat" and u["moved_in"] == "combat" and not spec.is_air:
                raise Illegal(
                    "moved-in-combat",
                    f"the {spec.name} moved in combat move and cannot move again "
                    f"in noncombat move ({self.name(region)})",
                )
            if spec.is_sea and u["unloaded"]:
                raise Illegal(
                    "transport-unloaded",
                    f"the {spec.name} in {self.name(region)} has unloaded this turn and "
                    "cannot move again",
                )
            if self.step == "noncombat" and spec.transport_capacity and u["fought"]:
                raise Illegal(
                    "transport-fought",
                    f"the {spec.name} in {self.name(region)} took part in a battle this turn",
                )
            if self.step == "noncombat" and u["fought"] and not spec.is_air:
                # p.21: noncombat move is for units that neither moved in combat move nor
                # took part in combat (a ship that fought or bombarded where it stood)
                raise Illegal(
                    "fought-this-turn",
                    f"the {spec.name} in {self.name(region)} took part in a battle this turn "
                    "and cannot move in noncombat move",
                )

    def _check_riders(self, req: MoveRequest, ships: list[dict], region: str) -> None:
        """Units named as riding ("with 2 ftr") must be aboard the ships that move."""
        aboard = [c for s in ships for c in self.b.cargo_of(s["id"])]
        for uc in req.riders:
            have = sum(1 for c in aboard if c["type"] == uc.unit)
            if have < uc.count:
                spec = self.b.units_table[uc.unit]
                raise Illegal(
                    "cargo-not-aboard",
                    f"the ships moving from {self.name(region)} carry {have} "
                    f"{spec.name if have == 1 else spec.plural}, not {uc.count}; units that "
                    "are not aboard move in their own order",
                )

    def _check_landed_on(self, ships: list[dict], region: str) -> None:
        """p.21: "a fighter landing ends any noncombat movement of that carrier". Carriers may
        leave only if the carriers staying behind still hold every fighter that landed here
        in this noncombat move."""
        landed = [
            self.b.unit(uid)
            for uid in self.landed.get(region, ())
            if self.b.unit(uid)["loc"] == region
        ]
        leaving = {s["id"] for s in ships if self.b.spec(s).carrier_capacity}
        if not landed or not leaving:
            return
        staying = sum(
            self.b.carrier_room(c)
            for c in self.b.units_at(region)
            if self.b.spec(c).carrier_capacity
            and self.b.allied(c["power"], self.power)
            and c["id"] not in leaving
        )
        need = sum(self.b.spec(f).carrier_cost for f in landed)
        if staying < need:
            raise Illegal(
                "carrier-landed-on",
                f"fighters landed on the carrier in {self.name(region)} this noncombat move: "
                "a fighter landing ends the carrier's movement (move the carrier first, then "
                "land the fighters where it ends)",
            )

    # --- paths ---------------------------------------------------------------------------
    def _through(self, units: list[dict], domain: Domain) -> Callable[[str], bool]:
        """Regions the group may continue from (what a shortest path may pass through)."""
        p = self.power
        if domain == "land":
            if self.step == "combat":
                return lambda r: self.b.friendly_territory(r, p) and not self.b.enemy_occupied(r, p)
            return lambda r: self.b.friendly_territory(r, p) and not self.b.enemy_occupied(r, p)
        if domain == "sea":
            if (
                all(self.b.spec(u).submarine for u in units)
                and self.b.rules.subs_pass_hostile_zones
            ):
                return lambda r: not self.b.enemy_destroyer(r, p)
            if self.step == "combat":
                return lambda r: not self.b.hostile_sea(r, p)
            return lambda r: not self.b.hostile_sea(r, p)
        return lambda r: True

    def _cost(self, u: dict, path: tuple[str, ...]) -> int:
        """The moves ``path`` takes from the unit: one per region entered, or for aircraft
        what the effects say each step costs (the ``air_step`` query point)."""
        if not self.b.spec(u).is_air:
            return len(path) - 1
        return self.m.path_cost(path, self.b.air_cost(u))

    def _route_effects(self, units: list[dict], path: tuple[str, ...]) -> tuple[str, ...]:
        """The effects that let a unit make this move only because of its route (its
        ordinary allowance would not reach): named in the move's result."""
        names: dict[str, None] = {}
        for u in units:
            if self._cost(u, path) > self.b.moves(u) - u["moved"]:
                names.update(dict.fromkeys(self.b.route_effects(u, path, self.step)))
        return tuple(names)

    def _remaining(self, units: list[dict]) -> int:
        return min(self.b.moves(u) - u["moved"] for u in units)

    def _resolve_path(
        self, req: MoveRequest, units: list[dict], domain: Domain
    ) -> tuple[tuple[str, ...], bool]:
        if req.path_given or len(req.path) == 1:
            return req.path, False
        start, goal = req.path[0], req.path[-1]
        through = self._through(units, domain)
        path = self.m.shortest_path(
            start,
            goal,
            domain,
            open_canals=self.open_canals,
            closed_straits=self.closed_straits,
            through=through,
            # what a step of a flight costs, as the effects say (US Island Bases)
            cost=self.b.air_cost(units[0]) if domain == "air" else None,
        )
        if (
            domain == "land"
            and self.step == "combat"
            and all(self.b.blitz(u) for u in units)
            and (path is None or len(path) - 1 > self._remaining(units))
        ):
            path = self._blitz_path(start, goal) or path
        if domain == "sea" and (path is None or len(path) - 1 > self._remaining(units)):
            self._closed_canal_in_the_way(start, goal, units, through, path)
        if domain == "land" and path is not None and self.b.play.effects:
            path = self._route_in_range(path, units, through) or path
        if path is None:
            raise Illegal(
                "no-path",
                f"no legal {domain} route from {self.name(start)} to {self.name(goal)}",
            )
        return path, True

    def _route_in_range(self, path: tuple[str, ...], units: list[dict],
                        through: Callable[[str], bool]) -> tuple[str, ...] | None:
        """When the units lack the moves for the shortest land route found, another route
        as short on which they have them (an allowance an effect grants only on some routes:
        Trans-Siberian Railway, Revised digest A7), first step in alphabetical order; else
        ``None``."""

        def fits(route: tuple[str, ...]) -> bool:
            return all(len(route) - 1 <= self.b.moves(u, route, self.step) - u["moved"] for u in units)

        if fits(path) or len(path) < 3:
            return None
        start, goal = path[0], path[-1]
        for n in sorted(self.m.land_neighbours(start)):
            if not through(n):
                continue
            rest = self.m.shortest_path(n, goal, "land", closed_straits=self.closed_straits,
                                        through=through)
            if rest is not None and len(rest) == len(path) - 1 and fits((start, *rest)):
                return (start, *rest)
        return None

    def _closed_canal_in_the_way(
        self,
        start: str,
        goal: str,
        units: list[dict],
        through: Callable[[str], bool],
        way_round: tuple[str, ...] | None,
    ) -> None:
        """A move written with only its start and end that fails because a canal is closed
        says so (not "no legal sea route" or "needs 9 moves"): raises ``canal-closed`` when
        the routes that fit the ships' movement all pass a closed canal, naming the canal,
        why it is closed and how far the way round is."""
        left = self._remaining(units)
        direct = self.m.shortest_path(
            start, goal, "sea", open_canals=None, closed_straits=self.closed_straits,
            through=through,
        )
        if direct is None or (way_round is not None and len(direct) - 1 > left):
            return  # the canal is not what stops this move
        closed = closed_canals_on(self.b, self.power, direct)
        if not closed:
            return
        message = "; ".join(canal_closed_text(self.b, self.power, c) for c in closed)
        if way_round is None:
            message += (f"; there is no other legal sea route from {self.name(start)} to "
                        f"{self.name(goal)}")
        else:
            slowest = min(units, key=lambda u: self.b.moves(u) - u["moved"])
            message += (f"; the way round needs {len(way_round) - 1} moves and the "
                        f"{self.b.spec(slowest).name} has {left} left")
        raise Illegal("canal-closed", message)

    def _on_given_route(self, exc: Illegal, req: MoveRequest, path: tuple[str, ...]) -> Illegal:
        """A route the player wrote out region by region is used as written (never replaced
        by another): when it breaks a rule, the message quotes it, so the player sees which
        route was refused and why."""
        if not req.path_given or len(path) < 3 or path != req.path:
            return exc
        route = " - ".join(self.name(r) for r in path)
        return Illegal(exc.rule, f"the route given, {route}, cannot be used: {exc.message}")

    def _blitz_path(self, start: str, goal: str) -> tuple[str, ...] | None:
        for n in sorted(self.m.land_neighbours(start)):
            if goal in self.m.land_neighbours(n) and self._blitzable(n):
                return (start, n, goal)
        return None

    def _blitzable(self, t: str) -> bool:
        return self.b.enemy_territory(t, self.power) and not self.b.enemy_occupied(t, self.power)

    def _check_range(self, units: list[dict], path: tuple[str, ...], domain: Domain) -> None:
        for a, b in pairwise(path):
            if b not in self.m.neighbours(a):
                raise Illegal(
                    "path-not-connected", f"{self.name(a)} and {self.name(b)} are not adjacent"
                )
            if self.m.region(b).impassable:
                raise Illegal(
                    "neutral-impassable",
                    f"{self.name(b)} is neutral: no unit may enter or fly over it",
                )
            if domain == "sea":
                if not (self.m.is_sea(a) and self.m.is_sea(b)):
                    raise Illegal("naval-on-land", f"ships cannot enter {self.name(b)}")
                canal = self.m.canal_between(a, b)
                if canal is not None and canal.id not in self.open_canals:
                    raise Illegal("canal-closed", canal_closed_text(self.b, self.power, canal))
                if not self.m.step_allowed(
                    a, b, "sea", open_canals=None, closed_straits=self.closed_straits
                ):
                    raise Illegal(
                        "strait-closed",
                        f"the straits at {self.name(b if self.m.strait_at(b) else a)} are closed",
                    )
            if domain == "land" and not (self.m.is_land(a) and self.m.is_land(b)):
                raise Illegal(
                    "land-needs-transport",
                    f"land units reach {self.name(b)} only aboard a transport",
                )
        for u in units:
            spec = self.b.spec(u)
            steps = self._cost(u, path)
            left = self.b.moves(u, path, self.step) - u["moved"]
            if steps > left:
                rule = "air-out-of-range" if spec.is_air else "out-of-range"
                raise Illegal(
                    rule,
                    f"{spec.name} from {self.name(path[0])} to {self.name(path[-1])} needs "
                    f"{steps} moves but has {left} left",
                )

    def _check_stops(
        self, units: list[dict], path: tuple[str, ...], domain: Domain, req: MoveRequest
    ) -> list[str]:
        """Stop rules for every region entered before the last; returns blitzed territories."""
        p = self.power
        blitzed: list[str] = []
        inner = path[1:-1]
        if domain == "land":
            for i, r in enumerate(inner, start=1):
                if self.step == "noncombat":
                    if not self.b.friendly_territory(r, p) or self.b.enemy_occupied(r, p):
                        raise Illegal(
                            "noncombat-into-hostile",
                            f"in noncombat move land units pass only friendly territories, "
                            f"not {self.name(r)}",
                        )
                    continue
                if self.b.enemy_occupied(r, p):
                    raise Illegal(
                        "land-must-stop",
                        f"{self.uname(units[0]['type'])} must stop in {self.name(r)}: enemy "
                        "units, an AA gun or an industrial complex are there",
                    )
                if self.b.enemy_territory(r, p):
                    non_blitz = [u for u in units if not self.b.blitz(u)]
                    if non_blitz or i != 1:
                        raise Illegal(
                            "land-must-stop",
                            f"{self.uname((non_blitz or units)[0]['type'])} must stop on "
                            f"entering enemy {self.name(r)}",
                        )
                    blitzed.append(r)
            if self.step == "noncombat":
                dest = path[-1]
                if len(path) > 1 and (
                    not self.b.friendly_territory(dest, p) or self.b.enemy_occupied(dest, p)
                ):
                    raise Illegal(
                        "noncombat-into-hostile",
                        f"in noncombat move land units may only enter friendly territory, "
                        f"not {self.name(dest)}",
                    )
            return blitzed
        if domain == "sea":
            for u in units:
                s = self.b.spec(u)
                sub = s.submarine and self.b.rules.subs_pass_hostile_zones
                for r in inner:
                    if sub and self.b.enemy_destroyer(r, p):
                        raise Illegal(
                            "sub-stops-at-destroyer",
                            f"{s.name} must stop in {self.name(r)}: an enemy destroyer is there",
                        )
                    if not sub and self.b.hostile_sea(r, p):
                        rule = "transport-must-stop" if s.transport_capacity else "naval-must-stop"
                        what = ("enemy surface warships" if any(
                            self.b.spec(e).surface_warship for e in self.b.enemy_units_at(r, p))
                            else "enemy ships")
                        raise Illegal(
                            rule,
                            f"{s.name} must stop in {self.name(r)}: {what} are there",
                        )
                if (
                    self.step == "noncombat"
                    and not sub
                    and len(path) > 1
                    and self.b.hostile_sea(path[-1], p)
                ):
                    raise Illegal(
                        "noncombat-into-hostile",
                        f"in noncombat move {s.plural.lower()} may not enter hostile "
                        f"{self.name(path[-1])}",
                    )
        return blitzed

    def _check_air_end(self, req: MoveRequest, path: tuple[str, ...]) -> None:
        dest = path[-1]
        if req.bombing:
            cx = self.b.complex_at(dest)
            if not all(self.b.raider(self.power, uc.unit) for uc in req.units):
                raise Illegal("bombing-bombers-only", "only bombers make strategic bombing raids")
            if self.step != "combat":
                raise Illegal("bombing-in-combat-move", "bombing raids are combat moves")
            if cx is None or not self.b.enemy(cx["owner"], self.power):
                raise Illegal(
                    "bombing-needs-complex",
                    f"{self.name(dest)} has no enemy industrial complex to bomb",
                )
        if (
            self.step == "noncombat"
            and self.m.is_land(dest)
            and not self.b.friendly_at_start(dest, self.power)
        ):
            raise Illegal(
                "air-landing-not-friendly",
                f"aircraft may land only in territory friendly since the start of the turn, "
                f"not {self.name(dest)}",
            )
        if self.step == "noncombat" and self.m.is_sea(dest):
            for uc in req.units:
                if not self.b.units_table[uc.unit].carrier_cost:
                    raise Illegal(
                        "air-landing-not-friendly",
                        f"{self.b.units_table[uc.unit].plural} cannot land on a carrier "
                        f"({self.name(dest)})",
                    )

    # --- transports ------------------------------------------------------------------------
    def _transport_ops(
        self, req: MoveRequest, units: list[dict], path: tuple[str, ...], res: ResolvedMove
    ) -> None:
        transports = [u for u in units if self.b.transport_capacity(u)]  # effects: Tokyo Express
        if (req.loads or req.unload) and not transports:
            raise Illegal("not-a-transport", "only transports load and unload land units")
        if not transports:
            return
        if self.step == "noncombat":  # ruling 9 (digest §6.1 #11)
            for t in transports:
                if t["moved_in"] == "combat" or t["fought"]:
                    raise Illegal(
                        "moved-in-combat",
                        f"the transport in {self.name(path[0])} was used in combat move",
                    )
        used: set[str] = set()
        loaded: list[dict] = []
        for ld in req.loads:
            if ld.zone not in path:
                raise Illegal("load-off-path", f"the transports do not pass {self.name(ld.zone)}")
            if self.m.is_sea(ld.territory):
                raise Illegal(
                    "no-cargo-transfer",
                    f"cargo cannot cross from ship to ship ({self.name(ld.territory)} to "
                    f"{self.name(ld.zone)})",
                )
            if ld.territory not in self.m.neighbours(ld.zone):
                raise Illegal(
                    "load-not-adjacent",
                    f"{self.name(ld.territory)} does not border {self.name(ld.zone)}",
                )
            if self.b.hostile_sea(ld.zone, self.power):
                raise Illegal(
                    "load-in-hostile-zone",
                    f"transports cannot load in hostile {self.name(ld.zone)}",
                )
            if not self.b.friendly_territory(ld.territory, self.power):
                raise Illegal(
                    "load-from-hostile",
                    f"cannot load from enemy-held {self.name(ld.territory)}",
                )
            for uc in ld.units:
                spec = self.b.units_table[uc.unit]
                if not spec.transportable:
                    raise Illegal("transport-capacity", f"{spec.plural} cannot be transported")
                got = [
                    u
                    for u in select_units(
                        self.b,
                        self.power,
                        ld.territory,
                        uc.unit,
                        uc.count + len(used),
                        exclude=used,
                    )
                    if u["moved"] == 0 and u["moved_in"] is None
                ][: uc.count]
                if len(got) < uc.count:
                    raise Illegal(
                        "unit-not-available",
                        f"{self.pname(self.power)} has only {len(got)} unmoved {spec.plural} in "
                        f"{self.name(ld.territory)} to load",
                    )
                if self.step == "combat" and not spec.combat_move:
                    raise Illegal(
                        "aa-gun-noncombat-only",
                        f"an {spec.name} cannot be loaded in combat move ({self.name(ld.territory)})",
                    )
                used.update(u["id"] for u in got)
                loaded.extend(got)
        self._pack(transports, loaded, path)
        res.loaded = tuple(u["id"] for u in loaded)
        if self.step == "combat" and loaded and not req.unload:
            raise Illegal(
                "combat-cargo-must-assault",
                "land units loaded in combat move must unload in an amphibious assault this phase",
            )
        if req.unload:
            self._check_unload(req, transports, path[-1], loaded, res)

    def _pack(self, transports: list[dict], loaded: list[dict], path: tuple[str, ...]) -> None:
        """Share new cargo among the transports; biggest items first so a tank never ends up
        with no room next to two infantry. Existing (even allied) cargo keeps its place."""
        table = self.b.units_table
        other = self._other_room(transports)
        holds = {t["id"]: [c["type"] for c in self.b.cargo_of(t["id"])] for t in transports}
        for u in sorted(loaded, key=lambda u: -table[u["type"]].transport_cost):
            for t in transports:
                if self.b.cargo_fits(t, [*holds[t["id"]], u["type"]]):
                    holds[t["id"]].append(u["type"])
                    u["aboard"] = t["id"]
                    u["loaded_this_turn"] = True
                    u["moved_in"] = self.step
                    u["moved"] = 1
                    break
            else:
                raise Illegal(
                    "transport-capacity",
                    f"{len(transports)} {'transport' if not other else 'ship'}(s) from "
                    f"{self.name(path[0])} cannot carry that load: each "
                    f"{'transport ' if other else ''}takes one land unit plus one infantry"
                    + other,
                )

    def _other_room(self, vessels: list[dict]) -> str:
        """What ships that carry land units only through an effect hold (Japanese Tokyo
        Express: "; a destroyer takes one infantry"), for the capacity message."""
        table = self.b.units_table
        out = []
        for v in {v["type"]: v for v in vessels if not self.b.spec(v).transport_capacity
                  }.values():
            fits = [u.name.lower() for u in table if u.transportable
                    and self.b.cargo_fits(v, [u.id]) and not self.b.cargo_fits(v, [u.id] * 2)]
            if fits:
                out.append(f"; a {self.b.spec(v).name.lower()} takes one {' or '.join(fits)}")
        return "".join(out)

    def _check_unload(
        self,
        req: MoveRequest,
        transports: list[dict],
        zone: str,
        loaded: list[dict],
        res: ResolvedMove,
        again: bool = False,
    ) -> None:
        target = req.unload
        assert target is not None
        if target not in self.m.neighbours(zone) or not self.m.is_land(target):
            raise Illegal(
                "unload-not-adjacent", f"{self.name(target)} does not border {self.name(zone)}"
            )
        for t in transports:
            if t["unloaded"] and not again:  # again: a second assault (Lightning Strikes)
                raise Illegal(
                    "unload-once", "a transport unloads only once per turn, into one territory"
                )
        own = [c for t in transports for c in self.b.cargo_of(t["id"]) if c["power"] == self.power]
        own += [u for u in loaded if u not in own]
        if req.unload_units:
            own = self._unload_choice(req.unload_units, own, target)
        res.carried_by = {c["id"]: c["aboard"] for c in own}
        if not own:
            raise Illegal("unload-nothing",
                          f"the transports carry none of {self.pname(self.power)}'s units")
        if self.step == "combat":
            if not self.b.enemy_territory(target, self.power):
                raise Illegal(
                    "combat-move-must-end-in-combat",
                    f"an amphibious unload in combat move must target enemy territory, not "
                    f"{self.name(target)}",
                )
            for c in own:
                spec = self.b.spec(c)
                if not spec.combat_move:
                    raise Illegal(
                        "aa-gun-noncombat-only",
                        f"an {spec.name} cannot take part in an amphibious assault "
                        f"({self.name(target)})",
                    )
        else:
            if not self.b.friendly_territory(target, self.power):
                raise Illegal(
                    "noncombat-into-hostile",
                    f"in noncombat move transports unload only into friendly territory, not "
                    f"{self.name(target)}",
                )
        res.unload_to = target
        res.unloaded = tuple(c["id"] for c in own)

    def _count_assault(self, units: list[dict]) -> None:
        if self.step == "combat":
            for t in units:
                if self.b.spec(t).transport_capacity:
                    self.assaults[t["id"]] = self.assaults.get(t["id"], 0) + 1

    def _unload_choice(self, wanted: tuple[UnitCount, ...], own: list[dict], target: str
                       ) -> list[dict]:
        """The units an unload names, from the mover's cargo aboard (a transport line that
        unloads twice says what goes ashore where: Lightning Strikes)."""
        picked: list[dict] = []
        # units loaded this turn first: cargo loaded in combat move must land, cargo aboard
        # since an earlier turn may stay aboard (rulings 52, R-11)
        own = sorted(own, key=lambda c: not c.get("loaded_this_turn"))
        for uc in wanted:
            got = [c for c in own if c["type"] == uc.unit and c not in picked][: uc.count]
            if len(got) < uc.count:
                spec = self.b.units_table[uc.unit]
                raise Illegal(
                    "unload-not-aboard",
                    f"the transports carry {len(got)} {spec.name if len(got) == 1 else spec.plural}"
                    f" of {self.pname(self.power)}'s to unload into {self.name(target)}, not "
                    f"{uc.count}",
                )
            picked.extend(got)
        return picked

    def _strike_again(self, req: MoveRequest, prev: ResolvedMove | None) -> ResolvedMove:
        """The second part of a transport line that unloads twice: the transports of the
        first part move on from where they unloaded and make another amphibious assault
        (Japanese Lightning Strikes, Revised digest A7: the ``amphibious_assaults`` query
        point; ruling NA-lightning_strikes). Without it: one unload a turn (p.15)."""
        once = Illegal("unload-once", "a transport unloads only once per turn, into one territory")
        if prev is None or prev.request.line != req.line or prev.request.text != req.text:
            raise Illegal("unload-once", "the transports' first unload on this line was "
                          "refused, so they make no second one")
        units = [self.b.unit(uid) for uid in prev.unit_ids]
        transports = [u for u in units if self.b.spec(u).transport_capacity]
        if self.step != "combat" or not transports:
            raise once
        names: list[str] = []
        for t in transports:
            allowed, by = self.b.play.amphibious_assaults_by(
                t["power"], t["type"], self.b.spec(t), t["loc"])
            if self.assaults.get(t["id"], 0) >= allowed:
                raise once
            names.extend(n for n in by if n not in names)
        zone = prev.path[-1]
        if self.b.hostile_sea(zone, self.power):
            raise Illegal(
                "transport-must-stop",
                f"the transports must stop in {self.name(zone)}, the first hostile sea zone "
                "they entered: they make no further move or assault",
            )
        if req.loads:
            raise Illegal(
                "load-after-assault",
                "transports that make a second amphibious assault load only before the first "
                "one (ruling NA-lightning_strikes)",
            )
        path = req.path
        try:
            self._check_range(units, path, "sea")
            self._check_stops(units, path, "sea", req)
        except Illegal as exc:
            raise self._on_given_route(exc, req, path) from None
        resolved = ResolvedMove(req, self.step, path, False, prev.unit_ids)
        resolved.effects = tuple(names)
        self._check_unload(req, transports, path[-1], [], resolved, again=True)
        self._move(units, path)
        self._do_unload(units, resolved)
        self._count_assault(units)
        self._last_unload = resolved
        return resolved

    def _do_unload(self, units: list[dict], res: ResolvedMove) -> None:
        for uid in res.unloaded:
            c = self.b.unit(uid)
            c["aboard"] = None
            c["loc"] = res.unload_to
            c["moved_in"] = self.step
            c["moved"] = max(c["moved"], 1)
        for u in units:
            if self.b.transport_capacity(u):
                u["unloaded"] = True

    # --- land units boarding / leaving transports without the transport moving ----------
    def _board_transport(self, req: MoveRequest) -> ResolvedMove:
        terr, zone = req.path
        if self.step == "combat":
            raise Illegal(
                "board-in-combat",
                "in combat move, name the loading as part of the transport's move",
            )
        if zone not in self.m.neighbours(terr):
            raise Illegal(
                "load-not-adjacent", f"{self.name(terr)} does not border {self.name(zone)}"
            )
        if self.b.hostile_sea(zone, self.power):
            raise Illegal(
                "load-in-hostile-zone", f"transports cannot load in hostile {self.name(zone)}"
            )
        units = self._select(req, terr, aboard_ok=False)
        self._check_not_moved(units, terr)
        for u in units:
            if u["moved"]:
                raise Illegal(
                    "load-is-whole-move",
                    f"a {self.b.spec(u).name} that has moved cannot also board a transport",
                )
        table = self.b.units_table
        transports = sorted(
            (
                t
                for t in self.b.units_at(zone)
                if self.b.transport_capacity(t)
                and self.b.allied(t["power"], self.power)
                and not t["unloaded"]
            ),
            key=lambda t: (t["power"] != self.power, t["id"]),
        )
        holds = {t["id"]: [c["type"] for c in self.b.cargo_of(t["id"])] for t in transports}
        for u in sorted(units, key=lambda u: -table[u["type"]].transport_cost):
            for t in transports:
                if self.b.cargo_fits(t, [*holds[t["id"]], u["type"]]):
                    holds[t["id"]].append(u["type"])
                    u.update(
                        aboard=t["id"], loc=zone, moved=1, moved_in=self.step, loaded_this_turn=True
                    )
                    break
            else:
                raise Illegal(
                    "transport-capacity",
                    f"no friendly transport in {self.name(zone)} has room for a "
                    f"{table[u['type']].name}",
                )
        return ResolvedMove(
            req,
            self.step,
            req.path,
            False,
            tuple(u["id"] for u in units),
            loaded=tuple(u["id"] for u in units),
        )

    def _unload_from_zone(self, req: MoveRequest) -> ResolvedMove:
        zone, terr = req.path[0], req.path[-1]
        if len(req.path) != 2 or terr not in self.m.neighbours(zone) or not self.m.is_land(terr):
            raise Illegal(
                "unload-not-adjacent", f"{self.name(terr)} does not border {self.name(zone)}"
            )
        units = self._select(req, zone, aboard_ok=True)
        ships = {u["aboard"] for u in units}
        for sid in ships:
            ship = self.b.unit(sid)
            if ship["unloaded"]:
                raise Illegal("unload-once", "a transport unloads only once per turn")
        if self.step == "combat" and not self.b.enemy_territory(terr, self.power):
            raise Illegal(
                "combat-move-must-end-in-combat",
                f"a combat unload must target enemy territory, not {self.name(terr)}",
            )
        if self.step == "combat":
            # the same rule as an unload named with the transport's move (ruling 11): an AA
            # gun cannot attack or capture, so it never lands in an assault (1942 p.25)
            for u in units:
                spec = self.b.spec(u)
                if not spec.combat_move:
                    raise Illegal(
                        "aa-gun-noncombat-only",
                        f"an {spec.name} cannot take part in an amphibious assault "
                        f"({self.name(terr)}); it may be unloaded in noncombat move into "
                        "friendly territory",
                    )
        if self.step == "noncombat" and not self.b.friendly_territory(terr, self.power):
            raise Illegal(
                "noncombat-into-hostile",
                f"in noncombat move units unload only into friendly territory, not {self.name(terr)}",
            )
        if self.b.hostile_sea(zone, self.power):
            raise Illegal("unload-in-hostile-zone", f"cannot unload in hostile {self.name(zone)}")
        carried_by = {u["id"]: u["aboard"] for u in units}
        for u in units:
            u.update(aboard=None, loc=terr, moved=max(u["moved"], 1), moved_in=self.step)
        for sid in ships:
            self.b.unit(sid)["unloaded"] = True
        return ResolvedMove(
            req,
            self.step,
            req.path,
            False,
            tuple(u["id"] for u in units),
            unloaded=tuple(u["id"] for u in units),
            unload_to=terr,
            carried_by=carried_by,
        )

    # --- applying ------------------------------------------------------------------------
    def _move(self, units: list[dict], path: tuple[str, ...]) -> None:
        steps = len(path) - 1
        dest = path[-1]
        moving = {u["id"] for u in units}
        for u in units:
            spec = self.b.spec(u)
            if steps == 0 and not spec.is_air:
                continue
            for c in self.b.cargo_of(u["id"]):
                if c["id"] in moving:
                    continue
                own_fighter = c["power"] == self.power and self.b.spec(c).is_air
                if spec.carrier_capacity and own_fighter and self.step == "combat":
                    # In combat move own fighters take off before their carrier moves (p.13):
                    # those not sent with it (see validate.check_combat_moves) stay airborne
                    # in the zone and must land somewhere by the end of the turn. In
                    # noncombat move they ride aboard as cargo (ruling 8).
                    c["aboard"] = None
                else:
                    c["loc"] = dest  # cargo (land units, allied fighters) rides along
            u["loc"] = dest
            u["moved"] += self._cost(u, path) if spec.is_air else steps
            u["moved_in"] = self.step
            if spec.is_air:
                u["aboard"] = None

    def _capture(self, t: str) -> None:
        """A blitzing tank takes an empty enemy territory at once (p.13). A territory that
        originally belonged to an ally is liberated instead (p.19)."""
        orig = self.m.region(t).original_owner
        new = self.power
        if (
            orig
            and orig != self.power
            and self.b.allied(orig, self.power)
            and not self.b.capital_lost(orig)
        ):
            new = orig
        self.b.state["controllers"][t] = new
        cx = self.b.complex_at(t)
        if cx is not None:
            cx["owner"] = new
            cx["new"] = True
