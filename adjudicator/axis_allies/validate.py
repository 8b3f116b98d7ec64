"""Turn-level validation for A&A 1942: purchase, combat move, noncombat move, mobilisation.

Each ``check_*`` function takes the state and requests, works on a deep copy, and returns a
plan: the errors (each an :class:`OrderError` naming its rule), how every legal request
resolved (paths actually used, so reports can show inferred paths) and the working state
after the legal requests. The caller's state is never changed.

Rules that need the whole phase rather than one move live here: "combat moves must end in
combat" (the bombard exception depends on the transports' moves), the no-suicide landing
proof, end-of-turn air landing, and the per-complex mobilisation limit.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.movement import (
    CarrierPlan,
    Illegal,
    Load,
    MoveChecker,
    MoveRequest,
    ResolvedMove,
    UnitCount,
    canal_closed_text,
    closed_canals_on,
    order_error,
)
from adjudicator.axis_allies.state import Board, copy_state
from adjudicator.errors import OrderError
from adjudicator.record import field, record, replace

# --- purchase -------------------------------------------------------------------------------


@record(frozen=True)
class PurchaseRequest:
    power: str
    units: tuple[UnitCount, ...]
    repairs: tuple[tuple[str, int], ...] = ()  # (territory, damage points to repair)
    line: int = 0
    text: str = ""


@record
class PurchasePlan:
    errors: list[OrderError]
    spent: int
    left: int
    units: dict[str, int]
    repairs: dict[str, int]


def _pname(edition: Edition, power: str) -> str:
    """A power as the reports name it ("Soviet Union", not ``ussr``)."""
    spec = edition.setup.powers.get(power)
    return spec.name if spec is not None else power


def _err(req: Any, rule: str, message: str) -> OrderError:
    return order_error(req, Illegal(rule, message))


def check_purchase(state: dict, edition: Edition, req: PurchaseRequest) -> PurchasePlan:
    """Cost of units plus repairs must fit the treasury (p.10); a power whose capital is held
    by the enemy cannot buy or repair (p.19). Over-buying for placement capacity is *not* an
    error: unplaceable units are refunded at mobilisation (p.22)."""
    board = Board(state, edition)
    errors: list[OrderError] = []
    treasury = state["treasury"][req.power]
    units: Counter[str] = Counter()
    cost = 0
    if state["turn"]["power"] != req.power:
        errors.append(_err(req, "not-your-turn",
                           f"it is {_pname(edition, state['turn']['power'])}'s turn"))
    if board.capital_lost(req.power):
        errors.append(
            _err(
                req,
                "purchase-capital-lost",
                f"{_pname(edition, req.power)}'s capital is in enemy hands: it cannot purchase or "
                "repair",
            )
        )
    for uc in req.units:
        if uc.unit not in edition.units.units or uc.count < 1:
            errors.append(_err(req, "unknown-unit", f"cannot buy {uc.count} {uc.unit!r}"))
            continue
        units[uc.unit] += uc.count
        cost += board.cost(req.power, uc.unit) * uc.count
    repairs: dict[str, int] = {}
    for terr, points in req.repairs:
        if board.rules.sbr_model != "complex_damage":
            # no damage markers, nothing to repair (Revised digest A5.2, A5.4)
            errors.append(
                _err(
                    req,
                    "no-complex-repair",
                    f"there is nothing to repair in "
                    f"{edition.map.region(terr).name if terr in edition.map else terr}: in this "
                    "game strategic bombing takes IPC from the treasury and never damages "
                    "a complex",
                )
            )
            continue
        cx = board.complex_at(terr)
        if cx is None or cx["owner"] != req.power:
            errors.append(
                _err(
                    req,
                    "repair-not-own-complex",
                    f"{_pname(edition, req.power)} has no industrial complex in "
                    f"{edition.map.region(terr).name if terr in edition.map else terr} to "
                    "repair",
                )
            )
            continue
        if points < 1 or points > cx["damage"]:
            errors.append(
                _err(
                    req,
                    "repair-exceeds-damage",
                    f"the complex in {edition.map.region(terr).name} has {cx['damage']} "
                    f"damage, cannot repair {points}",
                )
            )
            continue
        repairs[terr] = points
        cost += points * board.rules.complex_repair_cost
    if cost > treasury:
        errors.append(
            _err(
                req,
                "purchase-over-budget",
                f"the purchase costs {cost} IPC but {_pname(edition, req.power)} has {treasury}",
            )
        )
    return PurchasePlan(errors, cost, treasury - cost, dict(units), repairs)


# --- movement phases ------------------------------------------------------------------------


@record
class MovePlan:
    step: str
    errors: list[OrderError]
    moves: list[ResolvedMove]
    state: dict  # working copy after the legal requests
    committed_carriers: dict[str, list[str]] = field(default_factory=dict)
    carrier_plans: list[CarrierPlan] = field(default_factory=list)  # the accepted ones


def _split_plans(
    requests: list[MoveRequest | CarrierPlan], carrier_plans: list[CarrierPlan]
) -> tuple[list[MoveRequest], list[CarrierPlan]]:
    """Carrier plans may come in the request list (``requests_from_orders`` turns a ``(for
    landing)`` line into one), so every caller of the checkers gets them without extra
    plumbing."""
    plans = list(carrier_plans) + [r for r in requests if isinstance(r, CarrierPlan)]
    return [r for r in requests if not isinstance(r, CarrierPlan)], plans


def _with_riders(board: Board, req: MoveRequest) -> MoveRequest:
    """``1 cv, 2 ftr sz 37 -> sz 35``: fighters named with their carrier ride aboard it.

    The order grammar gives one unit list; the movement rules move domains separately, so
    the fighters become the carrier move's riders when a carrier moves with them."""
    table = board.units_table
    specs = {uc.unit: table[uc.unit] for uc in req.units if uc.unit in table.units}
    if len(specs) < len(req.units):
        return req
    if not any(s.carrier_capacity for s in specs.values()):
        return req
    air = tuple(uc for uc in req.units if specs[uc.unit].is_air)
    if not air or not all(specs[uc.unit].carrier_cost for uc in air):
        return req
    sea = tuple(uc for uc in req.units if specs[uc.unit].is_sea)
    if len(sea) + len(air) != len(req.units):
        return req
    return replace(req, units=sea, riders=req.riders + air)


def _launch(board: Board, req: MoveRequest) -> list[MoveRequest]:
    """Combat move: the mover's own fighters named aboard a moving carrier take off before it
    moves (p.13) and fly with it as air units, so they fight where it fights and need a
    landing like any attacker; allied fighters stay cargo (p.13, p.20)."""
    table = board.units_table
    air: list[UnitCount] = []
    rest: list[UnitCount] = []
    start = req.path[0]
    for uc in req.riders:
        spec = table[uc.unit]
        own = 0
        if spec.is_air:
            own = sum(
                1
                for u in board.units_at(start)
                if u["power"] == req.power and u["type"] == uc.unit
            )
        n = min(own, uc.count)
        if n:
            air.append(UnitCount(uc.unit, n))
        if uc.count > n:
            rest.append(UnitCount(uc.unit, uc.count - n))
    if not air:
        return [req]
    fly = MoveRequest(
        req.power,
        tuple(air),
        req.path,
        req.path_given,
        air_joins=req.air_joins,
        line=req.line,
        text=req.text,
    )
    return [fly, replace(req, riders=tuple(rest))]


def check_combat_moves(
    state: dict,
    edition: Edition,
    power: str,
    requests: list[MoveRequest | CarrierPlan],
    carrier_plans: list[CarrierPlan] = (),  # type: ignore[assignment]
) -> MovePlan:
    """Validate the whole combat move: per-move rules, then "must end in combat" with its four
    exceptions, then the no-suicide landing proof for every aircraft that moved.

    ``requests`` may hold :class:`CarrierPlan` objects (declared carrier moves) as well."""
    work = copy_state(state)
    board = Board(work, edition)
    checker = MoveChecker(board, power, "combat")
    plan = MovePlan("combat", [], [], work)
    committed: dict[str, list[str]] = {}
    move_reqs, plans = _split_plans(list(requests), list(carrier_plans))
    for cp in plans:
        try:
            promised, resolved = _commit_carriers(board, power, cp, committed)
            committed.update(promised)
            plan.carrier_plans.append(resolved)
        except Illegal as exc:
            plan.errors.append(order_error(cp, exc))
    start_contested = {z for z in edition.map.sea_zones if board.contested_at_start(z, power)}
    expanded: list[MoveRequest] = []
    for req in move_reqs:
        req = _with_riders(board, req)
        expanded.extend(_launch(board, req) if req.riders else [req])
    one_way: dict[str, str] = {}  # aircraft declared (kamikaze) -> the effect's key
    line_start = (copy_state(work), len(plan.moves))
    for req in expanded:
        try:
            _refuse_committed(board, req, committed)
            way = _check_one_way(board, req) if req.kamikaze else None
            snapshot = copy_state(work)
            if not req.continues:  # where a line unloading twice starts (Lightning Strikes)
                line_start = (snapshot, len(plan.moves))
            try:
                res = checker.apply(req)
            except Illegal:
                _undo(work, snapshot, req, line_start, plan.moves)
                raise
            plan.moves.append(res)
            if way is not None:
                one_way.update(dict.fromkeys(res.unit_ids, way))
        except Illegal as exc:
            plan.errors.append(order_error(req, exc))
    plan.errors.extend(_check_cargo_ashore(board, power, plan.moves, plan.errors))
    plan.errors.extend(_check_combat_ends(board, power, plan.moves, start_contested))
    plan.errors.extend(_check_air_declared(board, power, plan.moves))
    plan.errors.extend(_check_air_landing_possible(board, power, plan.moves, committed,
                                                   set(one_way)))
    for uid, key in sorted(one_way.items()):  # for the battles (the effect's own key)
        work.setdefault("advantage_units", {}).setdefault(key, []).append(uid)
    plan.committed_carriers = committed
    work["committed_carriers"] = committed
    return plan


def _check_one_way(board: Board, req: MoveRequest) -> str:
    """A ``(kamikaze)`` move: aircraft only, attacking a sea zone with enemy ships in it, and
    an effect in play lets each of them attack with no landing afterwards (the ``one_way``
    query point: Japan's Kamikaze Attacks, Revised digest A7; ruling NA-kamikaze_attacks).
    Returns that effect's key."""
    table = board.units_table
    who = _pname(board.edition, req.power)
    if not all(table[uc.unit].is_air for uc in req.units if uc.unit in table.units):
        raise Illegal("kamikaze-aircraft", "'(kamikaze)' is for aircraft only: give the "
                      "other units a line of their own")
    keys = {board.play.one_way(req.power, uc.unit, table[uc.unit]) for uc in req.units
            if uc.unit in table.units}
    if None in keys or not keys:
        raise Illegal("kamikaze-not-yours",
                      "'(kamikaze)' is Japan's National Advantage Kamikaze Attacks: "
                      f"{who} does not have it in this game (its aircraft need a landing "
                      "spot after combat)")
    dest = req.path[-1]
    if req.bombing or req.air_joins == "land":
        raise Illegal("kamikaze-ships", "kamikaze aircraft attack ships only: not with "
                      "'(bomb)' or '(land)'")
    if not board.map.is_sea(dest) or not any(
            board.spec(u).is_sea for u in board.enemy_units_at(dest, req.power)):
        raise Illegal("kamikaze-ships", "kamikaze aircraft attack ships only: "
                      f"{board.map.region(dest).name} has no enemy ship to attack")
    return min(keys)  # type: ignore[type-var]


def _check_cargo_ashore(board: Board, power: str, moves: list[ResolvedMove],
                        errors: list[OrderError]) -> list[OrderError]:
    """Land units loaded in combat move must go ashore in an amphibious assault (p.13): a
    transport line whose unloads name units (Lightning Strikes: what goes ashore where) must
    not leave any of them aboard."""
    out: list[OrderError] = []
    refused = {(e.line, e.text) for e in errors}  # a part of the line was refused already
    for mv in moves:
        if not mv.request.unload_units or (mv.request.line, mv.request.text) in refused:
            continue
        later = [m for m in moves if m.request.continues and m.request.line == mv.request.line
                 and m.request.text == mv.request.text and m is not mv
                 and moves.index(m) > moves.index(mv)]
        if later:
            continue  # the line's last unload says
        left = [c for uid in mv.unit_ids for c in board.cargo_of(uid)
                if c["power"] == power and c["loaded_this_turn"]]
        if left:
            out.append(order_error(mv.request, Illegal(
                "combat-cargo-must-assault",
                "land units loaded in combat move must unload in an amphibious assault this "
                f"phase; still aboard: {', '.join(board.spec(c).name for c in left)}")))
    return out


def _undo(work: dict, snapshot: dict, req: MoveRequest, line_start: tuple[dict, int],
          moves: list[ResolvedMove]) -> None:
    """A refused request leaves the position as it was; a refused second part of a transport
    line (``continues``: Lightning Strikes) undoes the line's first part too."""
    if req.continues:
        _restore(work, line_start[0])
        del moves[line_start[1]:]
    else:
        _restore(work, snapshot)


def _restore(work: dict, snapshot: dict) -> None:
    work.clear()
    work.update(snapshot)


def _commit_carriers(
    board: Board, power: str, cp: CarrierPlan, already: dict[str, list[str]]
) -> tuple[dict[str, list[str]], CarrierPlan]:
    """Promise ``cp.count`` free carriers for a declared noncombat move (p.26); returns the
    promised carrier ids with their route and the plan with its route filled in."""
    start = cp.path[0]
    free = [
        u
        for u in board.units_at(start)
        if u["power"] == power and board.spec(u).carrier_capacity and u["id"] not in already
    ]
    if len(free) < cp.count:
        raise Illegal(
            "unit-not-available",
            f"{_pname(board.edition, power)} has no carrier free in "
            f"{board.map.region(start).name} for that landing plan",
        )
    path = tuple(cp.path)
    if not cp.path_given and len(path) == 2 and path[0] != path[1]:
        found = board.map.shortest_path(
            path[0],
            path[1],
            "sea",
            open_canals=board.open_canals(power),
            closed_straits=board.closed_straits(),
            through=lambda r: not board.hostile_sea(r, power),
        )
        if found is not None:
            path = tuple(found)
    cp = replace(cp, path=path)
    if (
        not board.map.path_is_connected(
            cp.path,
            "sea",
            open_canals=board.open_canals(power),
            closed_straits=board.closed_straits(),
        )
        or len(cp.path) - 1 > board.moves(free[0])
    ):
        raise Illegal(
            "carrier-plan-illegal",
            "the declared carrier move is not a legal naval move: "
            + " - ".join(board.map.region(r).name for r in cp.path)
            + f" (a carrier moves at most {board.moves(free[0])} sea zones, each next to "
            "the one before, through open canals)"
            + _canal_note(board, power, cp, board.moves(free[0])),
        )
    for r in cp.path[1:]:
        if board.hostile_sea(r, power):
            raise Illegal(
                "carrier-plan-illegal",
                f"the declared carrier move enters hostile {board.map.region(r).name}",
            )
    return {u["id"]: list(cp.path) for u in free[: cp.count]}, cp


def _canal_note(board: Board, power: str, cp: CarrierPlan, move: int) -> str:
    """``; Suez Canal (...) is closed: ...`` when a closed canal is what makes the declared
    route illegal (the route given, or the only one within the carrier's move)."""
    canals = closed_canals_on(board, power, cp.path)
    if not canals and not cp.path_given:
        direct = board.map.shortest_path(
            cp.path[0], cp.path[-1], "sea", open_canals=None,
            closed_straits=board.closed_straits(),
            through=lambda r: not board.hostile_sea(r, power),
        )
        if direct is not None and len(direct) - 1 <= move:
            canals = closed_canals_on(board, power, direct)
    return "".join("; " + canal_closed_text(board, power, c) for c in canals)


def _check_air_declared(board: Board, power: str, moves: list[ResolvedMove]) -> list[OrderError]:
    """Air over an amphibious assault with a sea battle says which half it joins (p.13, p.16:
    announced in advance, cannot be changed; digest §6.4 #9: reject when missing).

    It is needed when both battles happen: an unload into the target and enemy surface
    warships in the landing zone. The flag must agree with where the aircraft ends: ``(sea)``
    over the zone, ``(land)`` over the target, so a typo in either is caught."""
    errors: list[OrderError] = []
    m = board.map
    target_zone: dict[str, str] = {}
    for mv in moves:
        if mv.unload_to and board.hostile_sea(mv.path[-1], power):
            target_zone.setdefault(mv.unload_to, mv.path[-1])
    if not target_zone:
        return errors
    zones = {z: t for t, z in target_zone.items()}
    for mv in moves:
        req = mv.request
        if req.bombing or not mv.unit_ids:
            continue
        if not all(board.spec(board.unit(uid)).is_air for uid in mv.unit_ids):
            continue
        dest = mv.path[-1]
        if dest in target_zone:
            target, zone, here = dest, target_zone[dest], "land"
        elif dest in zones:
            target, zone, here = zones[dest], dest, "sea"
        else:
            continue
        tname, zname = m.region(target).name, m.region(zone).name
        if req.air_joins is None:
            errors.append(
                order_error(
                    req,
                    Illegal(
                        "air-battle-undeclared",
                        f"the amphibious assault on {tname} has a sea battle in {zname}: say "
                        f"which battle these aircraft join, add '({here})' (or '(sea)' and end "
                        f"over {zname}, '(land)' and end over {tname})",
                    ),
                )
            )
        elif req.air_joins != here:
            where = zname if req.air_joins == "sea" else tname
            errors.append(
                order_error(
                    req,
                    Illegal(
                        "air-battle-mismatch",
                        f"aircraft joining the {req.air_joins} battle of the assault on {tname} "
                        f"must end over {where}, not {m.region(dest).name}",
                    ),
                )
            )
    return errors


def _refuse_committed(board: Board, req: MoveRequest, committed: dict[str, list[str]]) -> None:
    """A carrier named in a landing plan may not move in combat move (p.26)."""
    if not committed or not req.units:
        return
    start = req.path[0]
    here = [u for u in board.units_at(start) if u["power"] == req.power and u["id"] in committed]
    for uc in req.units:
        if not board.units_table[uc.unit].carrier_capacity:
            continue
        free = [
            u
            for u in board.units_at(start)
            if u["power"] == req.power and u["type"] == uc.unit and u["id"] not in committed
        ]
        if here and len(free) < uc.count:
            raise Illegal(
                "carrier-committed",
                f"the carrier in {board.map.region(start).name} is promised for a fighter "
                "landing and cannot move in combat move",
            )


def _check_combat_ends(
    board: Board, power: str, moves: list[ResolvedMove], start_contested: set[str]
) -> list[OrderError]:
    """Combat moves must end in combat (p.11) unless one of the four exceptions applies."""
    errors: list[OrderError] = []
    m = board.map
    assault_zones = {mv.path[-1]: mv.unload_to for mv in moves if mv.unload_to}
    for mv in moves:
        dest = mv.path[-1]
        req = mv.request
        if mv.unload_to or (mv.loaded and not mv.path[1:]):
            continue  # transports in an assault (exception 2) / boarding handled elsewhere
        if m.is_land(dest):
            if board.enemy_territory(dest, power) and dest not in mv.blitzed:
                continue
            if mv.blitzed:
                mv.exceptions.append("blitz")  # exception 1
                continue
            if (req.air_joins == "land" or req.bombing) and board.enemy_territory(dest, power):
                continue
        else:
            if board.enemy_units_at(dest, power):
                continue  # includes exception 4: only enemy subs/transports
            if req.air_joins == "sea" and dest in assault_zones:
                continue
            if mv.path[0] in start_contested and len(mv.path) > 1:
                mv.exceptions.append("left-contested-zone")  # exception 3
                continue
            if req.bombard and dest in assault_zones and req.bombard in ("*", assault_zones[dest]):
                mv.exceptions.append("bombard")  # exception 2
                continue
            if req.bombard:
                errors.append(
                    order_error(
                        req,
                        Illegal(
                            "bombard-needs-assault",
                            f"no amphibious assault unloads from {m.region(dest).name} into "
                            f"{m.region(req.bombard).name}",
                        ),
                    )
                )
                continue
        errors.append(
            order_error(
                req,
                Illegal(
                    "combat-move-must-end-in-combat",
                    f"a combat move must end in combat, but {m.region(dest).name} holds no enemy "
                    "(move it in noncombat move instead)",
                ),
            )
        )
    return errors


def _carrier_spots(board: Board, power: str, committed: dict[str, list[str]]) -> dict[str, int]:
    """Sea zone -> fighter room expected at the end of the turn.

    Carriers that stay put count where they are; a carrier that will still move counts only at
    the end of its declared landing plan (p.26: no relying on undeclared carrier moves).
    Newly bought carriers count next to the power's usable complexes."""
    room: Counter[str] = Counter()
    for u in board.state["units"]:
        spec = board.spec(u)
        if not spec.carrier_capacity or not board.allied(u["power"], power):
            continue
        zone = committed[u["id"]][-1] if u["id"] in committed else u["loc"]
        free = spec.carrier_capacity - sum(
            board.spec(c).carrier_cost for c in board.cargo_of(u["id"])
        )
        room[zone] += free
    bought = (
        board.state["purchased"].get("carrier", 0) if board.state["turn"]["power"] == power else 0
    )
    if bought:
        for t in board.state["complexes"]:
            if _usable_complex(board, power, t):
                for z in board.map.sea_neighbours(t):
                    room[z] += bought * board.units_table["carrier"].carrier_capacity
    # fighters already airborne in a zone (took off, did not move) need room too
    for u in board.state["units"]:
        if (
            u["power"] == power
            and board.spec(u).carrier_cost
            and u["aboard"] is None
            and board.map.is_sea(u["loc"])
            and u["moved"] == 0
        ):
            room[u["loc"]] -= board.spec(u).carrier_cost
    return dict(room)


def _check_air_landing_possible(
    board: Board, power: str, moves: list[ResolvedMove], committed: dict[str, list[str]],
    one_way: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[OrderError]:
    """No suicide missions (p.26): every aircraft that moved in combat must still reach a
    landing spot with its remaining movement, assuming the best dice; except those declared
    ``(kamikaze)`` (``one_way``: Revised digest A7, Japan's Kamikaze Attacks)."""
    errors: list[OrderError] = []
    m = board.map
    spots = _carrier_spots(board, power, committed)
    needs_carrier: list[tuple[dict, set[str], MoveRequest]] = []
    for mv in moves:
        for uid in mv.unit_ids:
            u = board.unit(uid)
            spec = board.spec(u)
            if not spec.is_air or uid in one_way:
                continue
            left = board.moves(u) - u["moved"]
            reach = m.reachable(u["loc"], left, "air", cost=board.air_cost(u))
            if any(m.is_land(r) and board.friendly_at_start(r, power) for r in reach):
                continue
            zones = {r for r in reach if m.is_sea(r) and spots.get(r, 0) > 0}
            if spec.carrier_cost and zones:
                needs_carrier.append((u, zones, mv.request))
                continue
            errors.append(
                order_error(
                    mv.request,
                    Illegal(
                        "air-no-landing",
                        f"{spec.name} attacking {m.region(u['loc']).name} could not reach a landing "
                        f"spot with {left} moves left (no suicide missions; declare a carrier move "
                        "if a carrier is to catch it)",
                    ),
                )
            )
    for u, zones, req in sorted(needs_carrier, key=lambda x: len(x[1])):
        z = next((z for z in sorted(zones) if spots.get(z, 0) > 0), None)
        if z is None:
            errors.append(
                order_error(
                    req,
                    Illegal(
                        "air-no-landing",
                        f"{board.spec(u).name} from {m.region(u['loc']).name}: every reachable "
                        "carrier is full",
                    ),
                )
            )
            continue
        spots[z] -= board.spec(u).carrier_cost
    return errors


def check_noncombat_moves(
    state: dict, edition: Edition, power: str, requests: list[MoveRequest | CarrierPlan]
) -> MovePlan:
    """Validate noncombat move on the state after combat, then land every aircraft.

    A carrier promised for fighter landings must end where it was declared to (ruling 7);
    the route may differ, since only where it ends matters to the fighters."""
    work = copy_state(state)
    board = Board(work, edition)
    checker = MoveChecker(board, power, "noncombat")
    plan = MovePlan("noncombat", [], [], work)
    committed = work.get("committed_carriers", {})
    done: set[str] = set()
    line_start = (copy_state(work), len(plan.moves))
    for req in requests:
        if getattr(req, "kamikaze", False):
            plan.errors.append(order_error(req, Illegal(
                "kamikaze-combat-only", "'(kamikaze)' is declared in the combat move (Revised "
                "digest A7, Kamikaze Attacks); in noncombat move aircraft fly to land")))
            continue
        if isinstance(req, CarrierPlan):
            plan.errors.append(
                order_error(
                    req,
                    Illegal(
                        "carrier-plan-too-late",
                        "a carrier move for fighter landings is declared in the combat move "
                        "(before any dice, p.26); in noncombat move just move the carrier",
                    ),
                )
            )
            continue
        snapshot = copy_state(work)
        if not req.continues:  # where a line unloading twice starts (Lightning Strikes)
            line_start = (snapshot, len(plan.moves))
        try:
            res = checker.apply(_with_riders(board, req))
            for uid in res.unit_ids:
                if uid in committed:
                    if committed[uid][-1] != res.path[-1]:
                        raise Illegal(
                            "carrier-plan-not-followed",
                            "a carrier promised for a fighter landing must make the declared "
                            "move " + " - ".join(committed[uid]),
                        )
                    done.add(uid)
            plan.moves.append(res)
        except Illegal as exc:
            _undo(work, snapshot, req, line_start, plan.moves)
            plan.errors.append(order_error(req, exc))
    for uid, path in committed.items():
        if uid not in done and len(path) > 1:
            plan.errors.append(
                order_error(
                    None,
                    Illegal(
                        "carrier-plan-not-followed",
                        "a carrier promised for a fighter landing did not make its declared move "
                        + " - ".join(path),
                    ),
                )
            )
    plan.errors.extend(check_air_landed(board, power))
    return plan


def check_air_landed(board: Board, power: str) -> list[OrderError]:
    """At the end of noncombat move every aircraft of the power must be on a territory
    friendly since the start of the turn or on a friendly carrier with room (p.21). New
    carriers to be mobilised next to a usable complex count (p.21, p.22)."""
    errors: list[OrderError] = []
    m = board.map
    room: Counter[str] = Counter()
    for u in board.state["units"]:
        s = board.spec(u)
        if s.carrier_capacity and board.allied(u["power"], power):
            room[u["loc"]] += s.carrier_capacity - sum(
                board.spec(c).carrier_cost for c in board.cargo_of(u["id"])
            )
    bought = board.state["purchased"].get("carrier", 0)
    new_zones = (
        {
            z
            for t in board.state["complexes"]
            if _usable_complex(board, power, t)
            for z in m.sea_neighbours(t)
        }
        if bought
        else set()
    )
    for u in sorted(board.state["units"], key=lambda u: u["id"]):
        s = board.spec(u)
        if u["power"] != power or not s.is_air or u["aboard"] is not None:
            continue
        loc = u["loc"]
        if m.is_land(loc):
            if board.friendly_at_start(loc, power):
                continue
        elif s.carrier_cost and room[loc] >= s.carrier_cost:
            room[loc] -= s.carrier_cost
            continue
        elif s.carrier_cost and loc in new_zones:
            continue
        errors.append(
            order_error(
                None,
                Illegal(
                    "air-no-landing",
                    f"{s.name} {u['id']} ends the turn in {m.region(loc).name} with nowhere to land "
                    "and would be lost",
                ),
            )
        )
    return errors


# --- mobilisation ---------------------------------------------------------------------------


@record(frozen=True)
class PlacementRequest:
    power: str
    unit: str
    count: int
    region: str
    complex: str | None = None  # for ships/fighters at sea: which complex's limit to use
    line: int = 0
    text: str = ""


@record
class PlacementPlan:
    errors: list[OrderError]
    placed: list[tuple[str, int, str, str | None]]  # unit, count, region, complex used
    refunded: dict[str, int]
    used: dict[str, int]  # complex territory -> units placed against it


def _usable_complex(board: Board, power: str, t: str) -> bool:
    """A site where ``power`` may mobilise this turn: its own complex, held since before the
    turn began, not captured or built this turn (``Board.usable_complex``), or a site an
    effect in play adds (``Board.mobilisation_sites``)."""
    return t in board.mobilisation_sites(power)


def check_placements(
    state: dict, edition: Edition, power: str, requests: list[PlacementRequest]
) -> PlacementPlan:
    """Phase 5 (p.22): where purchased units may appear, and how many per complex."""
    work = copy_state(state)
    board = Board(work, edition)
    m = edition.map
    left = Counter(work["purchased"])
    used: Counter[str] = Counter()
    new_carrier_room: Counter[str] = Counter()
    plan = PlacementPlan([], [], {}, {})
    placed_complexes: set[str] = set()
    if board.capital_lost(power):
        plan.errors.append(
            _err(
                None,
                "mobilise-capital-lost",
                f"{_pname(edition, power)}'s capital is in enemy hands: it cannot mobilise",
            )
        )
        plan.refunded = dict(left)
        return plan
    # carriers first, so fighters may be placed on them whatever the order of the lines
    ordered = sorted(requests, key=lambda r: 0 if edition.units[r.unit].carrier_capacity else 1)
    for req in ordered:
        try:
            spec = edition.units[req.unit] if req.unit in edition.units.units else None
            if spec is None:
                raise Illegal("unknown-unit", f"unknown unit {req.unit!r}")
            if req.region not in m:
                raise Illegal("unknown-region", f"unknown region {req.region!r}")
            if left[req.unit] < req.count:
                raise Illegal(
                    "place-not-purchased",
                    f"{_pname(edition, power)} bought {left[req.unit]} {spec.plural}, cannot "
                    f"place {req.count}",
                )
            name = m.region(req.region).name
            if spec.production:
                if (
                    not m.is_land(req.region)
                    or m.region(req.region).ipc < board.rules.new_complex_min_ipc
                ):
                    raise Illegal(
                        "complex-needs-ipc",
                        f"a new industrial complex needs a territory with an IPC "
                        f"value; {name} has none",
                    )
                if not (
                    board.controller(req.region) == power
                    and board.start_controller(req.region) == power
                ):
                    raise Illegal(
                        "complex-needs-owned-territory",
                        f"{name} has not been {_pname(edition, power)}'s since the start of "
                        "the turn",
                    )
                if board.complex_at(req.region) or req.region in placed_complexes or req.count > 1:
                    raise Illegal(
                        "one-complex-per-territory", f"{name} already has an industrial complex"
                    )
                placed_complexes.add(req.region)
                left[req.unit] -= req.count
                plan.placed.append((req.unit, req.count, req.region, None))
                continue
            site = _placement_site(
                board, power, req, spec, new_carrier_room, placed_complexes, used
            )
            cap = board.mobilisation_capacity(site)
            if used[site] + req.count > cap:
                raise Illegal("mobilisation-limit", _limit_text(board, site, req, used[site]))
            if spec.carrier_capacity:
                new_carrier_room[req.region] += spec.carrier_capacity * req.count
            if spec.is_air and m.is_sea(req.region):
                new_carrier_room[req.region] -= req.count * spec.carrier_cost
            used[site] += req.count
            left[req.unit] -= req.count
            plan.placed.append((req.unit, req.count, req.region, site))
        except Illegal as exc:
            plan.errors.append(order_error(req, exc))
    plan.refunded = {u: n for u, n in left.items() if n > 0}
    plan.used = dict(used)
    return plan


def _limit_text(board: Board, site: str, req: PlacementRequest, before: int) -> str:
    """``Karelia S.S.R.'s industrial complex can mobilise 2 units this turn (its IPC value);
    3 placed``: which complex, its limit and why, and how many the lines put on it (p.22)."""
    m = board.map
    cx = board.complex_at(site) or {"damage": 0}
    cap = board.mobilisation_capacity(site)
    why = "its IPC value"
    if cx["damage"]:
        why = f"its IPC value {m.region(site).ipc} minus {cx['damage']} damage"
    zone = f" (for {m.region(req.region).name})" if req.region != site else ""
    earlier = f", {before} of them on earlier lines" if before else ""
    return (f"{m.region(site).name}'s industrial complex{zone} can mobilise {cap} "
            f"unit{'' if cap == 1 else 's'} this turn ({why}); {before + req.count} "
            f"placed{earlier}")


def _named_complex(
    board: Board, power: str, req: PlacementRequest, usable: list[str], placed_complexes: set[str]
) -> str:
    """The complex the player named for a ship or fighter at sea (``place 1 dd sz 5 from
    Karelia``): it must border the zone and be one ``power`` may mobilise at this turn."""
    m = board.map
    t = req.complex
    assert t is not None
    name = m.region(req.region).name
    if t not in m or not m.is_land(t):
        raise Illegal("unknown-region", f"no territory {t!r} to place from")
    cname = m.region(t).name
    if t not in m.neighbours(req.region):
        others = ", ".join(m.region(c).name for c in usable)
        raise Illegal(
            "place-complex-not-adjacent",
            f"{cname} does not border {name}: units at sea are placed from a complex on its "
            "coast" + (f" ({name} borders {others})" if others else ""),
        )
    cx = board.complex_at(t)
    if t in placed_complexes:
        raise Illegal(
            "new-complex-not-usable",
            f"the complex placed in {cname} this turn cannot mobilise units yet",
        )
    if cx is None:
        raise Illegal("place-needs-complex", f"{cname} has no industrial complex")
    if cx["owner"] != power:
        raise Illegal(
            "place-allied-complex", f"the complex in {cname} belongs to "
            f"{_pname(board.edition, cx['owner'])}, not {_pname(board.edition, power)}"
        )
    if not _usable_complex(board, power, t):
        raise Illegal(
            "place-complex-not-held",
            f"the complex in {cname} was not {_pname(board.edition, power)}'s since the start "
            "of the turn",
        )
    return t


def _placement_site(
    board: Board,
    power: str,
    req: PlacementRequest,
    spec: Any,
    new_carrier_room: Counter[str],
    placed_complexes: set[str],
    used: Counter[str] | None = None,
) -> str:
    m = board.map
    name = m.region(req.region).name
    if m.is_land(req.region):
        if spec.is_sea:
            raise Illegal("ships-at-sea", f"naval units are placed in sea zones, not {name}")
        if req.complex and req.complex != req.region:
            other = m.region(req.complex).name if req.complex in m else req.complex
            raise Illegal(
                "place-complex-mismatch",
                f"units placed in {name} are mobilised by {name}'s own complex, not {other}'s "
                "('from' names the complex only for units placed at sea)",
            )
        if req.region in placed_complexes:
            raise Illegal(
                "new-complex-not-usable",
                f"the complex placed in {name} this turn cannot mobilise units yet",
            )
        if board.play.effects and _usable_complex(board, power, req.region):
            return req.region  # a site an effect in play adds (no complex of its own)
        cx = board.complex_at(req.region)
        if cx is None:
            raise Illegal("place-needs-complex", f"{name} has no industrial complex")
        if cx["owner"] != power:
            raise Illegal(
                "place-allied-complex",
                f"the complex in {name} belongs to {_pname(board.edition, cx['owner'])}, not "
                f"{_pname(board.edition, power)}",
            )
        if not _usable_complex(board, power, req.region):
            raise Illegal(
                "place-complex-not-held",
                f"the complex in {name} was not {_pname(board.edition, power)}'s since the start "
                "of the turn",
            )
        return req.region
    # a sea zone
    if spec.is_land or (spec.is_air and not spec.carrier_cost):
        raise Illegal("place-on-land", f"{spec.plural} are placed on land, not in {name}")
    cands = sorted(
        t for t in m.neighbours(req.region) if m.is_land(t) and _usable_complex(board, power, t)
    )
    if req.complex:
        cands = [_named_complex(board, power, req, cands, placed_complexes)]
    if not cands:
        raise Illegal(
            "ships-adjacent-to-complex",
            f"{name} does not border a complex {_pname(board.edition, power)} may use this "
            "turn",
        )
    if spec.is_air:
        own_room = (
            sum(
                board.carrier_room(u)
                for u in board.units_at(req.region)
                if u["power"] == power and board.spec(u).carrier_capacity
            )
            + new_carrier_room[req.region]
        )
        if own_room < req.count * spec.carrier_cost:
            raise Illegal(
                "fighter-needs-own-carrier",
                f"new fighters in {name} need room on {_pname(board.edition, power)}'s own "
                "carrier",
            )
    # the complex with the most room left (digest §6.4 #18), after the lines before this one
    used = used or Counter()
    return max(cands, key=lambda t: (board.mobilisation_capacity(t) - used[t], t))


# --- battles and the summary ------------------------------------------------------------------


@record
class Battle:
    region: str
    kind: str  # "land", "sea", "amphibious", "bombing", "uncontested"
    attacker: dict[str, int]
    defender: dict[str, int]


def pending_battles(
    state: dict, edition: Edition, power: str, moves: list[ResolvedMove]
) -> list[Battle]:
    """Battles the combat move sets up, read from the working state after combat move."""
    board = Board(state, edition)
    m = edition.map
    out: list[Battle] = []
    bombers = {uid for mv in moves if mv.request.bombing for uid in mv.unit_ids}
    raids: dict[str, Counter[str]] = {}
    for uid in sorted(bombers):
        u = board.unit(uid)
        raids.setdefault(u["loc"], Counter())[u["type"]] += 1
    for r, c in sorted(raids.items()):
        out.append(Battle(r, "bombing", dict(c), {}))
    amphib = {mv.unload_to for mv in moves if mv.unload_to}
    for rid in list(m.territories) + list(m.sea_zones):
        att = Counter(
            u["type"]
            for u in board.units_at(rid)
            if u["power"] == power
            and u["aboard"] is None
            and u["id"] not in bombers
            and (u["moved_in"] == "combat" or m.is_sea(rid))
        )
        if not att:
            continue
        enemies = board.enemy_units_at(rid, power)
        if m.is_land(rid):
            if not board.enemy_territory(rid, power):
                continue
            dfn = Counter(u["type"] for u in enemies)
            kind = "amphibious" if rid in amphib else ("land" if dfn else "uncontested")
        else:
            if not board.hostile_sea(rid, power):
                continue
            dfn = Counter(u["type"] for u in enemies if u["aboard"] is None)
            kind = "sea"
        out.append(Battle(rid, kind, dict(att), dict(dfn)))
    return out


def summarise(
    edition: Edition,
    purchase: PurchasePlan | None = None,
    combat: MovePlan | None = None,
    noncombat: MovePlan | None = None,
    placement: PlacementPlan | None = None,
    power: str | None = None,
) -> list[str]:
    """Lines for ``adj orders``: resolved paths, IPC spent and left, and the battles."""
    m = edition.map
    lines: list[str] = []

    def units_text(c: dict[str, int]) -> str:
        return (
            ", ".join(
                f"{n} {edition.units[u].name if n == 1 else edition.units[u].plural}"
                for u, n in sorted(c.items())
            )
            or "nothing"
        )

    if purchase is not None:
        lines.append(
            f"Purchase: {units_text(purchase.units)}"
            + (f"; repairs {purchase.repairs}" if purchase.repairs else "")
        )
        lines.append(f"IPC spent {purchase.spent}, left {purchase.left}")
    for plan in (combat, noncombat):
        if plan is None:
            continue
        lines.append(f"{plan.step.capitalize()} move:")
        for mv in plan.moves:
            counts = {uc.unit: uc.count for uc in mv.request.units}
            route = " - ".join(m.region(r).name for r in mv.path)
            note = " (path inferred)" if mv.path_inferred else ""
            if mv.unload_to:
                note += f", unloading into {m.region(mv.unload_to).name}"
            if mv.blitzed:
                note += ", blitzing " + ", ".join(m.region(t).name for t in mv.blitzed)
            lines.append(f"  {units_text(counts)}: {route}{note}")
        for e in plan.errors:
            lines.append(f"  ! {e.message} [{e.rule}]")
    if combat is not None and power is not None:
        battles = pending_battles(combat.state, edition, power, combat.moves)
        lines.append("Battles:" if battles else "Battles: none")
        for bt in battles:
            lines.append(
                f"  {m.region(bt.region).name} ({bt.kind}): {units_text(bt.attacker)} "
                f"against {units_text(bt.defender)}"
            )
    if placement is not None:
        for unit, n, region, _ in placement.placed:
            lines.append(f"Mobilise {units_text({unit: n})} in {m.region(region).name}")
        if placement.refunded:
            lines.append(f"Refunded: {units_text(placement.refunded)}")
        for e in placement.errors:
            lines.append(f"  ! {e.message} [{e.rule}]")
    return lines


# --- adapter from the order parser's objects ------------------------------------------------


def _counts(ucs: Any) -> tuple[UnitCount, ...]:
    return tuple(UnitCount(uc.unit, uc.count) for uc in ucs)


def requests_from_orders(
    orders: Any, power: str, line: int = 0, text: str = ""
) -> list[MoveRequest | CarrierPlan]:
    """Turn one parsed ``Move`` or ``TransportMove`` (``adjudicator.axis_allies.orders``) into
    engine requests. Duck-typed on purpose: the rules must not depend on the grammar.

    A transport line with unloads into two territories becomes one request per unload, the
    second ``continues`` the first (the move checker refuses it, "unload-once", unless an
    effect allows a second amphibious assault: Lightning Strikes).

    ``cargo`` ("with 2 ftr") becomes the request's ``riders`` (checked to be aboard; own
    fighters named in combat move take off and fly with their carrier). A ``(for landing)``
    carrier move becomes a :class:`CarrierPlan`, which the combat-move checker accepts in the
    same list.
    """
    if hasattr(orders, "steps"):  # TransportMove
        zone = orders.transport_at
        path = [zone]
        loads = []
        unloads = []
        named: list[tuple[UnitCount, ...]] = []  # the units each unload names
        for st in orders.steps:
            if st.action == "move":
                zone = st.region
                path.append(zone)
            elif st.action == "load":
                loads.append(Load(zone, st.region, _counts(st.units)))
            elif st.action == "unload":
                unloads.append(st.region)
                named.append(_counts(st.units))
        if len(set(unloads)) > 1:
            # unloads into several territories: one request per unload, each going on from
            # where the one before unloaded (``continues``); the move checker allows it only
            # where an effect says so (Japanese Lightning Strikes, Revised digest A7), else
            # "unload-once" (p.15)
            return _strike_requests(orders, power, line, text)
        return [
            MoveRequest(
                power,
                _counts(orders.transports),
                tuple(path),
                True,
                loads=tuple(loads),
                unload=unloads[0] if unloads else None,
                riders=_counts(getattr(orders, "cargo", ())),
                line=line,
                text=text,
                # exactly the units the unload names go ashore, the rest stays aboard (an
                # unload naming none: all own cargo); cargo loaded in combat move must all
                # land (``_check_cargo_ashore``; rulings 52, R-11)
                unload_units=() if any(not n for n in named)
                else tuple(uc for n in named for uc in n),
            )
        ]
    if getattr(orders, "for_landing", False):
        return [
            CarrierPlan(
                power,
                tuple(orders.path),
                sum(uc.count for uc in orders.units),
                line=line,
                text=text,
                path_given=bool(orders.path_given),
            )
        ]
    bombard = orders.bombard_target or ("*" if orders.bombard else None)
    out = [
        MoveRequest(
            power,
            _counts(orders.units),
            tuple(orders.path),
            bool(orders.path_given),
            bombing=orders.bombing,
            air_joins=orders.air_joins,
            bombard=bombard,
            riders=_counts(getattr(orders, "cargo", ())),
            line=line,
            text=text,
            kamikaze=bool(getattr(orders, "kamikaze", False)),
        )
    ]
    return out


def _strike_requests(orders: Any, power: str, line: int, text: str) -> list[MoveRequest]:
    """A transport line with unloads into several territories, as one request per unload:
    the steps up to each unload (the steps after the last belong to the last request)."""
    parts: list[list[Any]] = [[]]
    for st in orders.steps:
        parts[-1].append(st)
        if st.action == "unload":
            parts.append([])
    if not parts[-1]:
        parts.pop()
    else:
        parts[-2].extend(parts.pop())
    out: list[MoveRequest] = []
    zone = orders.transport_at
    for i, steps in enumerate(parts):
        path = [zone]
        loads = []
        unload = None
        unload_units: tuple[UnitCount, ...] = ()
        for st in steps:
            if st.action == "move":
                zone = st.region
                path.append(zone)
            elif st.action == "load":
                loads.append(Load(zone, st.region, _counts(st.units)))
            elif st.action == "unload":
                unload, unload_units = st.region, _counts(st.units)
        out.append(MoveRequest(
            power, _counts(orders.transports), tuple(path), True, loads=tuple(loads),
            unload=unload, riders=_counts(getattr(orders, "cargo", ())) if i == 0 else (),
            line=line, text=text, continues=i > 0, unload_units=unload_units))
    return out


def purchase_from_order(order: Any, power: str, line: int = 0, text: str = "") -> PurchaseRequest:
    return PurchaseRequest(
        power, _counts(order.units), tuple(sorted(dict(order.repairs).items())), line, text
    )


def placements_from_order(
    order: Any, power: str, line: int = 0, text: str = ""
) -> list[PlacementRequest]:
    complex_ = getattr(order, "complex", None)  # "place 1 dd sz 5 from Karelia"
    return [
        PlacementRequest(power, uc.unit, uc.count, order.at, complex_, line=line, text=text)
        for uc in order.units
    ]
