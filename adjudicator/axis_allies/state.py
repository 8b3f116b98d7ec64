"""The Axis & Allies game state as one JSON-serialisable dict, and a read-only view of it.

Units are stored individually (with ids) rather than as counted stacks, because the rules
track per-unit facts that a count cannot carry: movement used this turn, the phase in which
a unit moved, which transport or carrier it rides on, and battleship damage. Orders still
speak in counts ("2 inf"); :func:`select_units` turns a count into ids deterministically.

Industrial complexes are kept apart from units (``complexes``): they never move, are never
casualties, change owner with their territory and carry damage and a "new this turn" flag
that only matter for mobilisation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import for_data, ruleset_of
from adjudicator.axis_allies.ruleset import Ruleset
from adjudicator.game import common_fields


def phase_code(round_no: int, power: str, step: str) -> str:
    """``r1-ussr-purchase``: round, power, step (sortable within a round)."""
    return f"r{round_no}-{power}-{step}"


def new_unit(uid: str, power: str, utype: str, loc: str) -> dict[str, Any]:
    """A unit record with all per-turn fields reset."""
    return {
        "id": uid,
        "power": power,
        "type": utype,
        "loc": loc,
        "damage": 0,  # hits taken (battleship) since the last repair
        "moved": 0,  # movement points used this turn
        "moved_in": None,  # "combat" / "noncombat": the phase in which it last moved
        "aboard": None,  # id of the transport or carrier carrying it
        "loaded_this_turn": False,  # cargo: boarded this turn (AA-gun exception, assaults)
        "unloaded": False,  # transport: has unloaded this turn (once per turn)
        "fought": False,  # took part in a battle this turn
        "captured_this_turn": False,  # AA gun captured this turn cannot move (p.18)
    }


def initial_state(edition: Edition, options: dict[str, Any] | None = None,
                  base: dict[str, Any] | None = None, ruleset: Ruleset | None = None
                  ) -> dict[str, Any]:
    """The opening position: setup units, controllers, treasuries, round 1, USSR to purchase.

    ``base`` holds the common fields (``BaseGame.common_fields``; default: those of a game
    whose registry key is the edition's name). ``ruleset``: the rules the game is played with
    (default: the edition data's own).

    Unit ids are assigned in a fixed order (map order, then turn order, then unit-table order)
    so that two runs give byte-identical states. Fighters listed in a sea zone are put aboard
    their power's carriers there, two per carrier.
    """
    rules = (ruleset or for_data(edition.name)).rules_for(options)
    setup = edition.setup
    unit_order = [u.id for u in edition.units]
    units: list[dict[str, Any]] = []
    complexes: dict[str, dict[str, Any]] = {}
    n = 0
    for region in edition.map.regions:
        per_power = setup.units_in(region)
        for power in setup.turn_order:
            counts = per_power.get(power, {})
            carriers: list[dict[str, Any]] = []
            # carriers before fighters, so fighters at sea can be put aboard
            order = sorted(
                counts, key=lambda t: (not edition.units[t].carrier_capacity, unit_order.index(t))
            )
            for utype in order:
                spec = edition.units[utype]
                for _ in range(counts[utype]):
                    if spec.production:
                        complexes[region] = {"owner": power, "damage": 0, "new": False}
                        continue
                    n += 1
                    u = new_unit(f"u{n}", power, utype, region)
                    if spec.carrier_capacity:
                        carriers.append(u)
                    if spec.carrier_cost and edition.map.is_sea(region):
                        u["aboard"] = _carrier_with_room(edition, carriers, units)
                    units.append(u)
    controllers = edition.starting_controllers()
    first = setup.turn_order[0]
    return {
        **(base or common_fields(edition.name)),
        "phase": phase_code(1, first, "purchase"),
        "rules": rules.to_json(),
        "turn": {"round": 1, "power": first, "step": "purchase"},
        "controllers": dict(sorted(controllers.items())),
        "turn_start_controllers": dict(sorted(controllers.items())),
        "treasury": {p: setup.powers[p].starting_treasury for p in setup.turn_order},
        "captured_capitals": {},
        "complexes": dict(sorted(complexes.items())),
        "units": units,
        "next_unit_id": n + 1,
        "purchased": {},
        "repairs": {},
        "committed_carriers": {},
    }


def _carrier_with_room(
    edition: Edition, carriers: list[dict[str, Any]], units: list[dict[str, Any]]
) -> str | None:
    for c in carriers:
        load = sum(1 for u in units if u["aboard"] == c["id"])
        if load < edition.units[c["type"]].carrier_capacity:
            return c["id"]
    return None


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy: validation works on one so that it never changes the caller's state.

    The state is JSON data (dicts, lists, scalars; tuples inside are immutable), so a plain
    recursive copy does what ``copy.deepcopy`` does, several times faster: it is taken once
    per move checked."""
    return _copy_json(state)


_ATOMS = (str, int, float, bool, type(None))


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: v if isinstance(v, _ATOMS) else _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if isinstance(v, _ATOMS) else _copy_json(v) for v in value]
    if isinstance(value, (set, tuple)):
        return type(value)(_copy_json(v) for v in value)
    return value


class Board:
    """Read-only questions about a state: sides, friendliness, hostility, occupation.

    Every rule about *who is where* goes through here so that "hostile" means the same thing
    in movement, combat-end and landing checks.
    """

    def __init__(self, state: dict[str, Any], edition: Edition) -> None:
        self.state = state
        self.edition = edition
        self.map = edition.map
        self.units_table = edition.units
        #: the rules in force: switches and effects (their query points are asked here)
        self.play = ruleset_of(edition, state).in_play(state)
        self.rules = self.play.rules

    # --- sides -------------------------------------------------------------------------
    def side(self, power: str) -> str:
        return self.edition.setup.side_of(power)

    def allied(self, a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and self.side(a) == self.side(b)

    def enemy(self, a: str | None, b: str | None) -> bool:
        return a is not None and b is not None and self.side(a) != self.side(b)

    # --- territories -------------------------------------------------------------------
    def controller(self, t: str) -> str | None:
        return self.state["controllers"].get(t)

    def start_controller(self, t: str) -> str | None:
        return self.state["turn_start_controllers"].get(t)

    def friendly_territory(self, t: str, power: str) -> bool:
        return self.allied(self.controller(t), power)

    def enemy_territory(self, t: str, power: str) -> bool:
        return self.enemy(self.controller(t), power)

    def friendly_at_start(self, t: str, power: str) -> bool:
        """Friendly when the turn began: air landing and mobilisation key on this (p.21)."""
        return self.allied(self.start_controller(t), power) and self.allied(
            self.controller(t), power
        )

    def complex_at(self, t: str) -> dict[str, Any] | None:
        return self.state["complexes"].get(t)

    # --- units -------------------------------------------------------------------------
    def units_at(self, region: str) -> list[dict[str, Any]]:
        return [u for u in self.state["units"] if u["loc"] == region]

    def unit(self, uid: str) -> dict[str, Any]:
        for u in self.state["units"]:
            if u["id"] == uid:
                return u
        raise KeyError(uid)

    def cargo_of(self, uid: str) -> list[dict[str, Any]]:
        return [u for u in self.state["units"] if u["aboard"] == uid]

    def spec(self, u: dict[str, Any]):  # -> UnitSpec
        return self.units_table[u["type"]]

    def moves(self, u: dict[str, Any], path: tuple[str, ...] | None = None,
              step: str | None = None) -> int:
        """The unit's movement allowance this turn (printed, or as the effects make it);
        ``path``: the route of the move being checked (an allowance may hold only on some
        routes), in movement ``step`` (``combat``/``noncombat``)."""
        spec = self.units_table[u["type"]]
        if not self.play.effects:
            return spec.move
        if path is None:
            return self.play.moves(u["power"], u["type"], spec, u["loc"])
        return self.play.moves(u["power"], u["type"], spec, u["loc"], tuple(path),
                               int(u.get("moved") or 0), step, self.state)

    def air_cost(self, u: dict[str, Any]) -> Callable[[str, str], int] | None:
        """What each step of the aircraft's flight costs, as the effects in play say (the
        ``air_step`` query point: US Island Bases); ``None``: one per step (no effects)."""
        if not self.play.effects:
            return None
        spec, power, utype = self.units_table[u["type"]], u["power"], u["type"]
        play, state = self.play, self.state
        return lambda a, b: play.air_step(power, utype, spec, a, b, state)

    def route_effects(self, u: dict[str, Any], path: tuple[str, ...], step: str | None = None
                      ) -> list[str]:
        """The names of the effects the unit's allowance on ``path`` owes to the route (the
        move's result names them: "Middle East Oil")."""
        if not self.play.effects:
            return []
        spec = self.units_table[u["type"]]
        return self.play.moves_changes(u["power"], u["type"], spec, u["loc"], tuple(path),
                                       int(u.get("moved") or 0), step, self.state)

    def raider(self, power: str, utype: str) -> bool:
        """Whether ``power``'s unit type may make a strategic bombing raid (printed:
        bombers; or as the effects say)."""
        spec = self.units_table[utype]
        if not self.play.effects:
            return spec.strategic_bomber
        return self.play.raider(power, utype, spec)

    def blitz(self, u: dict[str, Any]) -> bool:
        """Whether the land unit may blitz (printed: tanks; or as the effects say)."""
        spec = self.units_table[u["type"]]
        if not self.play.effects:
            return spec.blitz
        return self.play.blitz(u["power"], u["type"], spec, u["loc"])

    def transport_capacity(self, u: dict[str, Any]) -> int:
        """The room the ship offers land units (printed: the data's ``transport_capacity``;
        or as the effects say: Japanese Tokyo Express gives a destroyer room for one
        infantry). 0: it carries no land units (not a transport)."""
        spec = self.units_table[u["type"]]
        if not self.play.effects:
            return spec.transport_capacity
        return self.play.transport_capacity(u["power"], u["type"], spec)

    def cargo_fits(self, vessel: dict[str, Any], cargo: Iterable[str]) -> bool:
        """Whether ``cargo`` (unit types) can ride on the ``vessel`` (a unit record) at the
        same time, with the room the effects in play give it."""
        if not self.play.effects:
            return self.units_table.cargo_fits(vessel["type"], cargo)
        return self.units_table.cargo_fits(vessel["type"], cargo,
                                           self.transport_capacity(vessel))

    def amphibious_assaults(self, u: dict[str, Any]) -> int:
        """How many amphibious assaults the transport may make this turn (printed: one,
        p.15; or as the effects say: Japanese Lightning Strikes)."""
        spec = self.units_table[u["type"]]
        if not self.play.effects:
            return 1
        return self.play.amphibious_assaults(u["power"], u["type"], spec, u["loc"])

    def cost(self, power: str, utype: str) -> int:
        """What one unit costs ``power`` (printed, or as the effects make it)."""
        spec = self.units_table[utype]
        if not self.play.effects:
            return spec.cost
        return self.play.cost(power, utype, spec)

    def enemy_units_at(self, region: str, power: str) -> list[dict[str, Any]]:
        return [u for u in self.units_at(region) if self.enemy(u["power"], power)]

    def enemy_occupied(self, t: str, power: str) -> bool:
        """Enemy units, an enemy AA gun or an enemy complex stand here (stops land units)."""
        cx = self.complex_at(t)
        return bool(self.enemy_units_at(t, power)) or (
            cx is not None and self.enemy(cx["owner"], power)
        )

    def hostile_sea(self, zone: str, power: str) -> bool:
        """A zone is hostile only through enemy surface warships (p.8, p.28), unless the
        edition lets submarines and transports count too (Revised digest A4: any enemy unit);
        effects in play may say otherwise."""
        enemies = self.enemy_units_at(zone, power)
        hostile = False
        rules = self.rules
        for u in enemies:
            s = self.spec(u)
            if (s.surface_warship or (rules.subs_make_zone_hostile and s.submarine)
                    or (rules.transports_make_zone_hostile and s.is_sea
                        and bool(s.transport_capacity))):
                hostile = True
                break
        if self.play.effects:
            return self.play.sea_zone_hostile(zone, power, tuple(enemies), self.state, hostile)
        return hostile

    def enemy_destroyer(self, zone: str, power: str) -> bool:
        return any(self.spec(u).anti_submarine for u in self.enemy_units_at(zone, power))

    def contested_at_start(self, zone: str, power: str) -> bool:
        """Used for combat-move exception 3: enemy fleet shares the zone when the turn began.
        Enemy units cannot move during our turn, so the live view equals the start view."""
        return self.hostile_sea(zone, power)

    # --- canals ------------------------------------------------------------------------
    def open_canals(self, power: str) -> frozenset[str]:
        """Canals whose every land territory the power's side held at the start of the turn."""
        ctl = (
            self.state["turn_start_controllers"]
            if self.rules.canal_control == "turn_start"
            else self.state["controllers"]
        )
        return frozenset(
            c.id
            for c in self.map.canals
            if all(self.allied(ctl.get(t), power) for t in c.land_territories)
        )

    def closed_straits(self) -> tuple[str, ...]:
        if not self.rules.turkish_straits_closed:
            return ()
        return tuple(s.id for s in self.map.straits if s.optional)

    # --- capacity ----------------------------------------------------------------------
    def carrier_room(self, carrier: dict[str, Any]) -> int:
        spec = self.spec(carrier)
        used = sum(self.spec(u).carrier_cost for u in self.cargo_of(carrier["id"]))
        return spec.carrier_capacity - used

    def usable_complex(self, power: str, t: str) -> bool:
        """Own complex, territory held since before the turn began, not captured or built
        this turn (p.22)."""
        cx = self.complex_at(t)
        return (
            cx is not None
            and cx["owner"] == power
            and not cx.get("new", False)
            and self.controller(t) == power
            and self.start_controller(t) == power
        )

    def complex_capacity(self, t: str) -> int:
        """max(0, IPC value - damage) (p.22, p.25)."""
        cx = self.complex_at(t)
        if cx is None:
            return 0
        return max(0, self.map.region(t).ipc - cx["damage"])

    def mobilisation_sites(self, power: str) -> dict[str, int]:
        """Where ``power`` may mobilise this turn, and how many units each site takes: its
        usable complexes (IPC value minus damage), as the effects in play change them."""
        sites = {t: self.complex_capacity(t) for t in self.state["complexes"]
                 if self.usable_complex(power, t)}
        if self.play.effects:
            sites = self.play.mobilisation_sites(power, self.state, sites)
        return sites

    def mobilisation_capacity(self, t: str) -> int:
        """How many units the site ``t`` mobilises this turn for the power whose turn it is
        (a complex: max(0, IPC value - damage), p.22, p.25)."""
        power = self.state.get("turn", {}).get("power")
        if power is not None and self.play.effects:
            sites = self.mobilisation_sites(power)
            if t in sites:
                return sites[t]
        return self.complex_capacity(t)

    def capital_lost(self, power: str) -> bool:
        return power in self.state["captured_capitals"]


def select_units(
    board: Board,
    power: str,
    region: str,
    utype: str,
    count: int,
    *,
    exclude: Iterable[str] = (),
    aboard_ok: bool = False,
) -> list[dict[str, Any]]:
    """Pick ``count`` of the power's units of one type in a region, freshest first.

    Preference (unmoved, then least movement used, then id) makes the choice reproducible and
    keeps units with range left for later orders. Cargo is skipped unless ``aboard_ok``
    (fighters on a carrier take off; land units on a transport only move with it).
    """
    skip = set(exclude)
    cands = [
        u
        for u in board.units_at(region)
        if u["power"] == power
        and u["type"] == utype
        and u["id"] not in skip
        and (aboard_ok or u["aboard"] is None)
    ]
    cands.sort(key=lambda u: (u["moved"], uid_key(u["id"])))
    return cands[:count]


def uid_key(uid: str) -> tuple[int, str]:
    """Sort key for unit ids: ``u9`` before ``u10``."""
    digits = uid[1:]
    return (int(digits) if digits.isdigit() else 0, uid)


def add_unit(
    state: dict[str, Any], power: str, utype: str, loc: str, *, aboard: str | None = None
) -> str:
    """Put a new unit on the board (scenario building, mobilisation); returns its id."""
    uid = f"u{state['next_unit_id']}"
    state["next_unit_id"] += 1
    u = new_unit(uid, power, utype, loc)
    u["aboard"] = aboard
    state["units"].append(u)
    return uid
