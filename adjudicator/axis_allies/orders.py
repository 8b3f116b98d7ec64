"""Typed orders of one Axis & Allies turn, as read from a power's turn script.

These objects say *what the player asked for*, nothing more: whether a move is legal, whether a
landing spot is in range, whether a purchase is affordable is decided later by the validator and
the resolver. That is why most fields are plain region and unit ids (``germany``, ``sz5``,
``infantry``) and why partial information is kept as given (``Move.path_given``,
``LandingPlan.origin`` may be ``None``): the validator fills gaps with the rules, the parser must
not guess.

Every order has ``text()``, a canonical one-line form the parser reads back to an equal object
(tested). The canonical forms use ids with ``_`` shown as spaces (``karelia ssr``, ``sz 5``,
``aa gun``) so they need no edition to print and stay readable in reports.

Per-line orders that only *configure* something (a loss list, a retreat condition) are partial
:class:`StandingOrders` / :class:`BattleInstruction` objects; :class:`TurnScript` merges them, so
a player may spread a battle's instructions over several lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal

from adjudicator.record import field, fields, record, replace

AirJoins = Literal["sea", "land"]
SubmergePolicy = Literal["always", "never", "when-outnumbered"]
TransportAction = Literal["load", "move", "unload"]


def region_text(rid: str) -> str:
    """Canonical spelling of a region id: ``sz5`` -> ``sz 5``, ``karelia_ssr`` -> ``karelia ssr``."""
    if rid.startswith("sz") and rid[2:].isdigit():
        return f"sz {rid[2:]}"
    return rid.replace("_", " ")


def unit_text(uid: str) -> str:
    return uid.replace("_", " ")


@record(frozen=True)
class UnitCount:
    """``count`` units of one type (unit id from the edition's unit table)."""

    unit: str
    count: int = 1

    def text(self) -> str:
        return f"{self.count} {unit_text(self.unit)}"


def units_text(units: Iterable[UnitCount]) -> str:
    return ", ".join(u.text() for u in units)


def merge_counts(units: Iterable[UnitCount]) -> tuple[UnitCount, ...]:
    """Add up repeated unit types, keeping first-mention order (``2 inf, 1 inf`` = ``3 inf``)."""
    totals: dict[str, int] = {}
    for u in units:
        totals[u.unit] = totals.get(u.unit, 0) + u.count
    return tuple(UnitCount(k, v) for k, v in totals.items())


# --- phase 1: purchase ----------------------------------------------------------------------


@record(frozen=True)
class Purchase:
    """Units bought and industrial-complex repairs paid for (rulebook p.10).

    ``repairs`` maps territory id -> IPC spent there (1 IPC per damage point). ``stated_cost`` is
    the total the player wrote (``buy 8 inf (24 ipc)``), kept so the validator can point out a
    player's arithmetic slip instead of silently charging a different sum.
    """

    units: tuple[UnitCount, ...] = ()
    repairs: Mapping[str, int] = field(default_factory=dict)
    stated_cost: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "repairs", MappingProxyType(dict(self.repairs)))

    def __hash__(self) -> int:
        return hash((self.units, tuple(sorted(self.repairs.items())), self.stated_cost))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Purchase):
            return NotImplemented
        return (self.units, dict(self.repairs), self.stated_cost) == (
            other.units, dict(other.repairs), other.stated_cost)

    def text(self) -> str:
        parts = []
        if self.units:
            parts.append("buy " + units_text(self.units))
        parts += [f"repair {region_text(t)} {ipc}" for t, ipc in self.repairs.items()]
        text = "; ".join(parts) or "buy"
        if self.stated_cost is not None:
            text += f" ({self.stated_cost} ipc)"
        return text


# --- phases 2 and 4: movement ---------------------------------------------------------------


@record(frozen=True)
class Move:
    """Units moving together from ``path[0]`` to ``path[-1]``.

    ``path`` holds region ids. ``path_given`` is true when the player named intermediate
    regions (``Ukraine -> Belorussia -> West Russia``); with only start and end the validator
    picks the shortest legal route. A one-region path means the units stay (a battleship
    bombarding from its own zone). ``cargo`` rides aboard (fighters on a carrier, units already
    on a transport). ``air_joins`` says which half of an amphibious assault an aircraft fights in
    (p.13: declared in advance); ``bombing`` marks a strategic bombing raid; ``bombard`` marks
    ships giving shore bombardment, against ``bombard_target`` when named.

    ``for_landing`` marks a carrier move *declared during combat move* for fighter landings
    (p.26, no suicide missions): it is not a combat move; the carriers stay put in combat move
    and make exactly this move at the start of noncombat move, so fighters may count on them.
    """

    units: tuple[UnitCount, ...]
    path: tuple[str, ...]
    path_given: bool = False
    bombing: bool = False
    air_joins: AirJoins | None = None
    bombard: bool = False
    bombard_target: str | None = None
    cargo: tuple[UnitCount, ...] = ()
    for_landing: bool = False
    #: ``(kamikaze)``: aircraft attacking a sea zone with no landing afterwards (Japan's
    #: Kamikaze Attacks, Revised digest A7; the ``one_way`` query point)
    kamikaze: bool = False

    @property
    def start(self) -> str:
        return self.path[0]

    @property
    def end(self) -> str:
        return self.path[-1]

    def text(self) -> str:
        out = units_text(self.units) + " " + " -> ".join(region_text(r) for r in self.path)
        if self.cargo:
            out += " with " + units_text(self.cargo)
        if self.bombard_target:
            out += " bombard " + region_text(self.bombard_target)
        flags = []
        if self.bombing:
            flags.append("bomb")
        if self.air_joins:
            flags.append(self.air_joins)
        if self.bombard and not self.bombard_target:
            flags.append("bombard")
        if self.for_landing:
            flags.append("for landing")
        if self.kamikaze:
            flags.append("kamikaze")
        if flags:
            out += " (" + ", ".join(flags) + ")"
        return out


@record(frozen=True)
class TransportStep:
    """One step of a transport's turn: ``load`` units from a territory, ``move`` to a sea zone,
    ``unload`` units into a territory (empty ``units`` on unload: everything aboard)."""

    action: TransportAction
    region: str
    units: tuple[UnitCount, ...] = ()

    def text(self) -> str:
        if self.action == "move":
            return "-> " + region_text(self.region)
        body = (units_text(self.units) + " ") if self.units else ""
        return f"{self.action} {body}{region_text(self.region)}"


@record(frozen=True)
class TransportMove:
    """Transports (``transports`` at ``transport_at``) and their loading, moving and unloading.

    Steps are kept in the order the player wrote them because the order matters (loading along
    the way, p.13). An ``unload`` into an enemy territory during combat move is an amphibious
    assault. ``cargo`` is already aboard at the start of the turn. ``escorts`` are warships
    named in the same line that move along with the transports.
    """

    transports: tuple[UnitCount, ...]
    transport_at: str
    steps: tuple[TransportStep, ...]
    cargo: tuple[UnitCount, ...] = ()

    @property
    def path(self) -> tuple[str, ...]:
        """Sea zones visited, start included."""
        return (self.transport_at,) + tuple(s.region for s in self.steps if s.action == "move")

    def text(self) -> str:
        head = units_text(self.transports) + " " + region_text(self.transport_at)
        if self.cargo:
            head += " with " + units_text(self.cargo)
        return head + ": " + "; ".join(s.text() for s in self.steps)


# --- landing and mobilization ---------------------------------------------------------------


@record(frozen=True)
class LandingPlan:
    """Where aircraft land after combat: ``at`` first, else each of ``fallbacks`` in turn.

    ``origin`` is where the aircraft are (the battle they fought in), ``None`` when the player
    left it out and only one group can be meant. A sea zone as a landing spot means a carrier
    there. Fallbacks make one-pass play-by-email turns possible (rulebook digest §6.4 #15).
    """

    units: tuple[UnitCount, ...]
    at: str
    fallbacks: tuple[str, ...] = ()
    origin: str | None = None

    @property
    def choices(self) -> tuple[str, ...]:
        return (self.at, *self.fallbacks)

    def text(self) -> str:
        origin = f" {region_text(self.origin)}" if self.origin else ""
        return (f"land {units_text(self.units)}{origin}: "
                + ", ".join(region_text(r) for r in self.choices))


@record(frozen=True)
class Placement:
    """Newly bought units mobilized in one territory or sea zone (p.22).

    ``complex`` is the territory whose industrial complex mobilises units placed at sea, when
    the player names it (``place 1 dd sz 5 from Karelia``: a zone may border several
    complexes); ``None`` lets the validator use the bordering complex with the most room.
    """

    units: tuple[UnitCount, ...]
    at: str
    complex: str | None = None

    def text(self) -> str:
        out = f"place {units_text(self.units)} {region_text(self.at)}"
        if self.complex is not None:
            out += f" from {region_text(self.complex)}"
        return out


# --- decisions taken in advance -------------------------------------------------------------


def _merge(a, b):
    """Fields set in ``b`` (not ``None``/empty) override ``a``: later lines win."""
    changes = {}
    for f in fields(b):
        v = getattr(b, f.name)
        if v is not None and v != ():
            changes[f.name] = v
    return replace(a, **changes)


def _policy_lines(order_of_loss: tuple[str, ...], battleship_first_hit: bool | None,
                  keep_land_units: int | None, submerge: SubmergePolicy | None) -> list[str]:
    lines = []
    if order_of_loss:
        lines.append("loss: " + ", ".join(unit_text(u) for u in order_of_loss))
    if battleship_first_hit is not None:
        lines.append("bb takes first hit: " + ("yes" if battleship_first_hit else "no"))
    if keep_land_units is not None:
        lines.append(f"keep {keep_land_units} land unit{'' if keep_land_units == 1 else 's'}")
    if submerge is not None:
        lines.append("submerge: " + submerge.replace("-", " "))
    return lines


@record(frozen=True)
class StandingOrders:
    """A power's defaults for decisions taken during other powers' turns (digest §6.4).

    ``None`` means "not said": the engine default applies. ``order_of_loss`` lists unit ids,
    first to die first. ``reland``: where a defending fighter whose carrier sank lands again,
    region ids in order of preference (digest §6.4 #11; the first legal one is used).
    """

    order_of_loss: tuple[str, ...] = ()
    battleship_first_hit: bool | None = None
    keep_land_units: int | None = None
    submerge: SubmergePolicy | None = None
    reland: tuple[str, ...] = ()
    #: National Advantages decided in advance (Revised digest C3: "Salvaged Tank: no"):
    #: (advantage key, choice) pairs, sorted by key; a later line changes only its own key
    advantages: tuple[tuple[str, str], ...] = ()

    def merged(self, other: StandingOrders) -> StandingOrders:
        out = _merge(self, other)
        if self.advantages and other.advantages:
            both = dict(self.advantages) | dict(other.advantages)
            out = replace(out, advantages=tuple(sorted(both.items())))
        return out

    def lines(self) -> list[str]:
        lines = _policy_lines(self.order_of_loss, self.battleship_first_hit,
                              self.keep_land_units, self.submerge)
        if self.reland:
            lines.append("reland: " + ", ".join(region_text(r) for r in self.reland))
        lines += [f"{unit_text(key)}: {choice}" for key, choice in self.advantages]
        return lines

    def text(self) -> str:
        return "standing: " + "; ".join(self.lines())


@record(frozen=True)
class BattleInstruction:
    """The attacker's policy for one battle (digest §6.4 #2-#8).

    Retreat conditions are alternatives: the attacker retreats (to ``retreat_to`` when given)
    as soon as any one holds. ``order`` is the battle's position in the resolution order (1 =
    first). ``engage`` answers whether to attack lone enemy submarines/transports there.
    """

    at: str
    retreat_after_round: int | None = None
    retreat_when_units_at_most: int | None = None
    retreat_when_loss_exceeds_ipc: int | None = None
    retreat_to: str | None = None
    order_of_loss: tuple[str, ...] = ()
    battleship_first_hit: bool | None = None
    keep_land_units: int | None = None
    submerge: SubmergePolicy | None = None
    engage: bool | None = None
    order: int | None = None

    def merged(self, other: BattleInstruction) -> BattleInstruction:
        return _merge(self, other)

    def lines(self) -> list[str]:
        lines = []
        conds = []
        if self.retreat_after_round is not None:
            conds.append(f"after round {self.retreat_after_round}")
        if self.retreat_when_units_at_most is not None:
            conds.append(f"if units <= {self.retreat_when_units_at_most}")
        if self.retreat_when_loss_exceeds_ipc is not None:
            conds.append(f"if loss > {self.retreat_when_loss_exceeds_ipc} ipc")
        if conds or self.retreat_to:
            line = "retreat " + " or ".join(conds)
            if self.retreat_to:
                line += (" " if conds else "") + "to " + region_text(self.retreat_to)
            lines.append(line)
        lines += _policy_lines(self.order_of_loss, self.battleship_first_hit,
                               self.keep_land_units, self.submerge)
        if self.engage is not None:
            lines.append("engage" if self.engage else "ignore")
        if self.order is not None:
            lines.append(f"order {self.order}")
        return lines

    def text(self) -> str:
        return f"battle {region_text(self.at)}: " + "; ".join(self.lines())


@record(frozen=True)
class Salt:
    """Free text the player adds to the dice seed, so no single party controls the dice."""

    value: str

    def text(self) -> str:
        return f"salt: {self.value}"


@record(frozen=True)
class Pass:
    """An explicit pass: the power does nothing this turn (or this half of it) on purpose.
    It counts as orders, so the turn is resolved now (income only) rather than waiting."""

    def text(self) -> str:
        return "pass"


# --- weapons development (Revised digest A5.1) ----------------------------------------------


@record(frozen=True)
class Research:
    """Phase 1 of a Revised turn: ``dice`` research dice bought for the technology ``tech``
    (a key of :mod:`adjudicator.axis_allies.techs`, written by its ``name``).
    ``stated_cost``: the IPC total the player wrote, checked against the dice bought."""

    tech: str
    name: str
    dice: int
    stated_cost: int | None = None

    def text(self) -> str:
        text = f"research {self.name}, {self.dice} {'die' if self.dice == 1 else 'dice'}"
        if self.stated_cost is not None:
            text += f" ({self.stated_cost} ipc)"
        return text


@record(frozen=True)
class RocketStrike:
    """Rockets (Revised digest A5.1 tech 2): an AA gun in ``launch`` fires at the enemy
    industrial complex in ``target``."""

    launch: str
    target: str

    def text(self) -> str:
        return f"rockets {region_text(self.launch)} -> {region_text(self.target)}"


# --- National Advantages (Revised digest A7) ------------------------------------------------


@record(frozen=True)
class AdvantageOrder:
    """An order of a National Advantage played by order (digest C3): the advantage's ``key``
    (``adjudicator.axis_allies.advantages``), its ``name`` as players write it, and the
    regions the order names, in order ("Chinese Divisions: China")."""

    key: str
    name: str
    regions: tuple[str, ...] = ()
    units: tuple[UnitCount, ...] = ()  # units the order names ("1 inf"), if any

    def text(self) -> str:
        words = [units_text(self.units)] if self.units else []
        words += [", ".join(region_text(r) for r in self.regions)] if self.regions else []
        return f"{self.name}: {' '.join(words)}" if words else self.name


Order = (Purchase | Move | TransportMove | LandingPlan | Placement | StandingOrders
         | BattleInstruction | Salt | Pass | Research | RocketStrike | AdvantageOrder)


@record(frozen=True)
class TurnScript:
    """A whole turn, grouped by phase. ``standing`` and ``battles`` are already merged."""

    purchases: tuple[Purchase, ...] = ()
    combat_moves: tuple[Move | TransportMove, ...] = ()
    noncombat_moves: tuple[Move | TransportMove, ...] = ()
    landings: tuple[LandingPlan, ...] = ()
    placements: tuple[Placement, ...] = ()
    standing: StandingOrders | None = None
    battles: tuple[BattleInstruction, ...] = ()
    salt: Salt | None = None
    passed: bool = False  # an explicit pass was written
    research: tuple[Research, ...] = ()  # weapons development (one per turn is carried out)
    rockets: tuple[RocketStrike, ...] = ()  # rocket strikes (with the Rockets technology)
    advantages: tuple[AdvantageOrder, ...] = ()  # National Advantage orders (Revised)

    def battle(self, at: str) -> BattleInstruction | None:
        return next((b for b in self.battles if b.at == at), None)

    def text(self) -> str:
        """The whole turn in canonical form, one section per phase (parses back equal)."""
        out: list[str] = []

        def section(title: str, items: Iterable[str]) -> None:
            items = list(items)
            if items:
                out.append(title)
                out.extend(items)

        out.extend(r.text() for r in self.research)  # each line names its section
        section("purchase:", (p.text() for p in self.purchases))
        section("combat move:", (m.text() for m in self.combat_moves))
        out.extend(r.text() for r in self.rockets)
        section("noncombat move:", (m.text() for m in self.noncombat_moves))
        section("landing:", (x.text() for x in self.landings))
        section("place:", (x.text() for x in self.placements))
        out.extend(a.text() for a in self.advantages)  # each line names its advantage
        if self.standing is not None:
            section("standing:", self.standing.lines())
        for b in self.battles:
            section(f"battle {region_text(b.at)}:", b.lines())
        if self.salt is not None:
            out.append(self.salt.text())
        if self.passed:
            out.append(Pass().text())
        return "\n".join(out) + ("\n" if out else "")
