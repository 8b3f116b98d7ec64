"""Axis & Allies combat: one battle at a time, as the rulebook sequences it (p.14-18).

Pure functions of (edition, rules, battle setup, orders, dice): no I/O, no state mutation,
every die from the injected :class:`~adjudicator.dice.Dice` under a label naming the battle,
round, side and purpose. The turn engine (a later layer) builds a :class:`BattleSetup` per
battle from the state, calls :func:`resolve_battle` (or :func:`resolve_amphibious`, or
:func:`adjudicator.axis_allies.bombing.resolve_raid`) in the order the rules and the attacker
give, and applies the :class:`BattleResult` (unit fates, battleship damage) to the state. It
also does captures, liberation, plunder and income: :func:`controller_after_battle` only says
whether the attacker takes the territory.

The sequence of a battle is data: the ruleset's list of battle steps
(:mod:`adjudicator.axis_allies.battle`), each deciding whether it applies. For 1942
(digest §2.3.3):

    opening:  shore bombardment (an amphibious assault without a sea battle)
              AA fire (land battles with an AA gun and attacking aircraft)
    round:    end check (condition A, defenceless transports, stalemate)
              start of the round
              step 2  submarines submerge or strike; the surprise strikes, attacker first;
                      their casualties removed (sea battles)
              step 3  attacker fires; defender's casualties go to the casualty zone
              step 4  defender fires (its casualty zone too); attacker removes casualties
              step 5  defender's casualty zone is cleared
              step 6  end check, then the attacker's retreat policy
    then:     fates, battleship repair, capture flag

Every decision (casualty, submerge, retreat) is logged with its source: the attacker's battle
instruction, a power's standing orders, or the documented default (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.step import BattleInfo
from adjudicator.axis_allies.battle_steps import RetreatPolicy, SubmergeChoice, Winner
from adjudicator.axis_allies.casualties import (
    Assignment,
    Combatant,
    Hit,
    LossPolicy,
    Side,
)
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import as_in_play
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import InPlay
from adjudicator.dice import Dice, RollLabel
from adjudicator.record import field, record

Kind = Literal["land", "sea"]
Fate = Literal["survived", "destroyed", "retreated", "submerged"]


# --- inputs ---------------------------------------------------------------------------------


@record(frozen=True)
class Unit:
    """A unit as the battle needs it (a projection of a state unit record).

    ``aboard``: the transport or carrier carrying it. Attacking units aboard anything are
    cargo (they cannot fight, p.13/p.16); defending *aircraft* aboard a carrier defend in the
    air (p.28), defending land units aboard a transport are cargo. ``landed``: came ashore in
    an amphibious assault, so it can never retreat (p.15).
    """

    id: str
    power: str
    type: str
    damage: int = 0
    aboard: str | None = None
    landed: bool = False

    @classmethod
    def from_record(cls, rec: Mapping[str, Any], *, landed: bool = False) -> Unit:
        return cls(
            id=rec["id"],
            power=rec["power"],
            type=rec["type"],
            damage=rec.get("damage", 0),
            aboard=rec.get("aboard"),
            landed=landed,
        )


@record(frozen=True)
class BattleSetup:
    """One battle: where, who attacks with what, who defends with what.

    ``defenders`` holds every enemy unit in the region (all defending powers, cargo and AA
    guns included). ``defending_powers`` orders the defending powers, lead first: the lead's
    order of loss is the side's joint list (put the territory's controller first).
    ``retreat_options`` are the legal retreat regions the caller computed (p.18: adjacent,
    friendly, a region an attacking land/sea unit came from; sea: friendly at turn start), best
    first: the first is the default destination (digest §6.4 #4). Empty means no legal
    retreat region; aircraft can still break off.
    """

    region: str
    kind: Kind
    attacker: str
    attackers: tuple[Unit, ...]
    defenders: tuple[Unit, ...]
    defending_powers: tuple[str, ...] = ()
    retreat_options: tuple[str, ...] = ()
    game_round: int = 1


@record(frozen=True)
class BattleOrders:
    """Every decision of one battle, taken in advance.

    ``defenders``: each defending power's loss policy (the lead's is the joint list).
    ``submerge``: per power (attacker and defenders); missing = default (strike).
    ``advantages``: per power, its standing choices for National Advantages decided in
    advance (advantage key -> choice; missing: the advantage's default; Revised digest C3).
    ``controllers``: who holds each territory as the battle is fought, for a rule that asks
    (Japan's Kaiten Torpedoes: a territory Japan owns next to the zone); empty: not known
    (a battle with no game around it).
    ``units``: effect key -> the unit ids it marked this turn (``state["advantage_units"]``:
    Japan's Kamikaze Attacks, the aircraft declared ``(kamikaze)`` in combat move).
    """

    attacker: LossPolicy
    defenders: Mapping[str, LossPolicy] = field(default_factory=dict)
    retreat: RetreatPolicy = field(default_factory=RetreatPolicy)
    submerge: Mapping[str, SubmergeChoice] = field(default_factory=dict)
    advantages: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    controllers: Mapping[str, str] = field(default_factory=dict)
    units: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def battle_orders(
    attacker: str,
    defending_powers: Sequence[str],
    standing: Mapping[str, StandingOrders] | None = None,
    instruction: BattleInstruction | None = None,
    controllers: Mapping[str, str] | None = None,
    units: Mapping[str, Sequence[str]] | None = None,
) -> BattleOrders:
    """Combine the attacker's battle instruction and every power's standing orders.

    The attacker's instruction overrides its standing orders field by field; defenders only
    have standing orders (they are not there to instruct, digest §6.4). The attacker keeps one
    capturing land unit by default (digest §6.4 #2).
    """
    standing = standing or {}
    att = LossPolicy.build(attacker, standing.get(attacker), instruction, default_keep=1)
    defs = {p: LossPolicy.build(p, standing.get(p)) for p in defending_powers}
    sub: dict[str, SubmergeChoice] = {}
    for p in (attacker, *defending_powers):
        ins = instruction if p == attacker else None
        if ins is not None and ins.submerge is not None:
            sub[p] = SubmergeChoice(ins.submerge, "battle-instruction")
        elif standing.get(p) is not None and standing[p].submerge is not None:
            sub[p] = SubmergeChoice(standing[p].submerge, "standing-order")
        else:
            sub[p] = SubmergeChoice(None, "default")
    adv = {p: dict(standing[p].advantages) for p in (attacker, *defending_powers)
           if standing.get(p) is not None and standing[p].advantages}
    return BattleOrders(att, defs, RetreatPolicy.from_instruction(instruction), sub, adv,
                        dict(controllers or {}),
                        {k: tuple(v) for k, v in (units or {}).items()})


# --- outputs --------------------------------------------------------------------------------


@record(frozen=True)
class BattleResult:
    """What the turn engine applies to the state, plus the report.

    ``fates``: every unit id of the setup (cargo included) -> survived / destroyed / retreated
    / submerged (submerged subs stay in the region). ``retreated_to``: region, or ``None`` for
    aircraft (they stay over the battle and land in noncombat move, p.18). ``damage``: hits
    left on surviving multi-hit units after the edition's repair rule. ``homeless_fighters``:
    defending aircraft whose carrier sank; they must reland (p.27), the turn engine's job.
    """

    region: str
    kind: Kind
    attacker: str
    winner: Winner
    end_reason: str
    rounds: int
    captures: bool
    fates: Mapping[str, Fate]
    retreated_to: Mapping[str, str | None]
    damage: Mapping[str, int]
    homeless_fighters: tuple[str, ...]
    attacker_loss_ipc: int
    defender_loss_ipc: int
    log: tuple[dict, ...]
    rolls: tuple[dict, ...]

    def ids(self, fate: Fate) -> tuple[str, ...]:
        return tuple(u for u, f in self.fates.items() if f == fate)

    def to_json(self) -> dict:
        return {
            "region": self.region,
            "kind": self.kind,
            "attacker": self.attacker,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "rounds": self.rounds,
            "captures": self.captures,
            "fates": dict(self.fates),
            "retreated_to": dict(self.retreated_to),
            "damage": dict(self.damage),
            "homeless_fighters": list(self.homeless_fighters),
            "attacker_loss_ipc": self.attacker_loss_ipc,
            "defender_loss_ipc": self.defender_loss_ipc,
            "log": list(self.log),
            "rolls": list(self.rolls),
        }


def controller_after_battle(result: BattleResult, controller: str | None) -> str | None:
    """Who holds a land territory after its battle, before liberation (the turn engine's job).

    The attacker takes it only with a surviving capturing land unit (p.18, p.24); air alone
    never captures; when both sides are wiped out the defender keeps it.
    """
    if result.kind == "land" and result.captures:
        return result.attacker
    return controller


# --- the engine -------------------------------------------------------------------------------


class _Battle:
    """Mutable working state of one battle, and the driver that runs its steps with dice.

    The steps are the ruleset's (:mod:`adjudicator.axis_allies.battle`, in the order
    ``InPlay.battle_steps`` gives); each step's :meth:`fight` uses this class's primitives:
    :meth:`volley` rolls and logs one volley, :meth:`take_hits` has the owner choose
    casualties, :meth:`kill` removes a unit and its cargo. The rules of every step are
    :mod:`~adjudicator.axis_allies.battle_steps` (shared with the exact calculator,
    :mod:`~adjudicator.axis_allies.odds`)."""

    def __init__(
        self, edition: Edition, rules: Rules | InPlay, setup: BattleSetup, orders: BattleOrders,
        dice: Dice, bombarding: Sequence[Unit] = (), landing: int = 0,
    ) -> None:
        self.ed = edition
        self.play = as_in_play(rules)
        self.rules = self.play.rules
        self.setup = setup
        self.orders = orders
        self.dice = dice
        self.bombarding = tuple(bombarding)
        self.landing = landing
        self.first_roll = len(dice.rolls)
        self.log: list[dict] = []
        self.sea = setup.kind == "sea"
        self.table_order = table_order(edition)
        self.att = [self.combatant(u, "attacker") for u in setup.attackers]
        self.dfn = [self.combatant(u, "defender") for u in setup.defenders]
        self.by_id = {c.id: c for c in self.att + self.dfn}
        self.homeless: list[str] = []
        self.retreated_to: dict[str, str | None] = {}
        self.round = 0
        self.retreat_blocked_logged = False
        #: this round's submarines that strike (by side), and their ids: they do not fire
        #: again in the main fire (set by the submarine step, cleared at each round's start)
        self.strikers: dict[Side, list[Combatant]] = {"attacker": [], "defender": []}
        self.struck: set[str] = set()
        powers = defending_powers(setup)
        self.def_powers = powers
        self.info = BattleInfo(setup.kind, setup.region, setup.attacker, self.rules,
                               bool(self.bombarding))
        self.steps = self.play.battle_steps(self.info)
        start = {"event": "start", "region": setup.region, "kind": setup.kind,
                 "attacker": setup.attacker, "defending_powers": list(powers),
                 "attacking": self.snapshot("attacker"), "defending": self.snapshot("defender")}
        changed = self.value_effects()
        if changed:
            start["effects"] = changed  # National Advantages, technologies that changed values
        self.log.append(start)
        self.choosers = steps.make_choosers(setup.attacker, orders.attacker, powers,
                                            orders.defenders, self.table_order, self.sea,
                                            self.rules)

    # --- helpers ---------------------------------------------------------------------
    def combatant(self, u: Unit, side: Side) -> Combatant:
        """``u`` on the battle board, with its combat value as the effects in play make it."""
        spec = self.ed.units[u.type]
        value = self.play.unit_value(side, u.power, u.type, spec, self.setup.region,
                                     self.setup.kind, self.setup)
        dice = self.play.dice(side, u.power, u.type, spec, self.setup.region, self.setup.kind)
        bombard = self.play.bombard(u.power, u.type, spec, self.setup.region) \
            if side == "attacker" else None
        return steps.make_combatant(u.id, u.power, u.type, spec, side, u.damage, u.aboard,
                                    u.landed, value, dice, bombard)

    def side(self, side: Side) -> list[Combatant]:
        return self.att if side == "attacker" else self.dfn

    def value_effects(self) -> list[dict[str, Any]]:
        """Each effect that changed a combat value in this battle, per side, power and unit
        type: ``{"effect", "side", "power", "type", "value"}`` (the log's start event)."""
        if not self.play.effects:
            return []
        out: list[dict[str, Any]] = []
        seen: set[tuple[str, str, str]] = set()
        for c in self.att + self.dfn:
            key = (c.side, c.power, c.type)
            if c.cargo or key in seen:
                continue
            seen.add(key)
            for name in self.play.value_changes(c.side, c.power, c.type, c.spec,
                                                self.setup.region, self.setup.kind,
                                                self.setup):
                out.append({"effect": name, "side": c.side, "power": c.power, "type": c.type,
                            "value": c.value})
        return out

    def aa_hit_on(self, gun: Combatant, target: Combatant) -> int:
        """What the AA gun hits ``target`` on with the effects in play (0: it does not fire
        at it): the ``aa_fire`` query point."""
        return self.play.aa_fire(gun.power, gun.type, gun.spec, self.setup.region,
                                 target.power, target.type, target.spec)

    def aa_effects(self, gun: Combatant, target: Combatant) -> list[str]:
        """The names of the effects that changed what the gun hits ``target`` on (the log)."""
        return self.play.aa_fire_by(gun.power, gun.type, gun.spec, self.setup.region,
                                    target.power, target.type, target.spec)[1]

    def label(self, side: str, purpose: str) -> RollLabel:
        return RollLabel(
            self.setup.game_round, self.setup.attacker, self.setup.region, self.round, side,
            purpose,
        )

    def snapshot(self, side: Side) -> list[dict]:
        return [
            {"id": c.id, "type": c.type, "power": c.power, "damage": c.damage}
            for c in self.side(side)
            if c.in_battle
        ]

    def kill(self, c: Combatant, why: str) -> None:
        """Destroy a unit and everything aboard it (cargo dies with its ship, p.16)."""
        for loss in steps.destroy(c, self.side(c.side), self.homeless):
            if loss.cargo:
                self.log.append(
                    {"event": "cargo-lost", "unit": loss.unit.id, "type": loss.unit.type,
                     "ship": c.id, "why": why}
                )
            else:
                self.log.append(
                    {"event": "carrier-lost", "unit": loss.unit.id, "carrier": c.id,
                     "why": "fighter keeps defending in the air and must reland (p.27)"}
                )

    # --- firing ----------------------------------------------------------------------
    def volley(self, side: Side, shooters: list[Combatant], purpose: str) -> list[Hit]:
        """Roll one die per shooter (one labelled roll per side and step) and log each die."""
        if not shooters:
            return []
        fired = steps.fire_values(shooters, side, purpose, self.table_order)
        dice = self.dice.roll(self.label(side, purpose), len(fired))
        hits: list[Hit] = []
        entries = []
        own = self.side(side)
        for (c, value, supported), d in zip(fired, dice, strict=True):
            hit = steps.is_hit(d, value)
            entry: dict[str, Any] = {"unit": c.id, "type": c.type, "value": value, "die": d,
                                     "hit": hit}
            if supported:
                entry["supported"] = True
            entries.append(entry)
            if hit:
                hits.append(steps.hit_of(c, own, self.rules))
        self.log.append(
            {"event": "fire", "round": self.round, "side": side, "purpose": purpose,
             "dice": entries, "hits": len(hits)}
        )
        return hits

    def take_hits(self, side: Side, hits: list[Hit], *, pending: bool) -> list[Assignment]:
        """The owner of ``side`` chooses casualties; defenders' go to the casualty zone
        (``pending``) and still fire this round, attackers' die at once (p.17)."""
        if not hits:
            return []
        chosen, wasted = steps.take_casualties(
            self.choosers[side], hits, self.side(side), pending=pending,
            kill=lambda c: self.kill(c, "its ship was sunk"), by_id=self.by_id)
        self.log.append(
            {"event": "casualties", "round": self.round, "side": side,
             "chosen": [a.to_json() for a in chosen], "wasted": wasted}
        )
        return chosen

    def clear_casualty_zone(self) -> None:
        steps.clear_casualty_zone(self.dfn, lambda c: self.kill(c, "its ship was sunk"))

    def loss_ipc(self, side: Side) -> int:
        return steps.loss_ipc(self.side(side))

    # --- driver ----------------------------------------------------------------------
    def run(self) -> BattleResult:
        """The opening steps once, then the round steps in order until one ends the
        battle."""
        for step in self.steps:
            if step.stage == "opening":
                step.fight(self)
        rounds = [s for s in self.steps if s.stage == "round"]
        if not rounds:
            raise ValueError("a battle needs round steps")
        while True:
            for step in rounds:
                end = step.fight(self)
                if end is not None:
                    return self.result(*end)

    def result(self, winner: Winner, reason: str) -> BattleResult:
        fates: dict[str, Fate] = {}
        damage: dict[str, int] = {}
        for c in self.att + self.dfn:
            fates[c.id] = {"dead": "destroyed", "retreated": "retreated",
                           "submerged": "submerged"}.get(c.status, "survived")  # type: ignore
            if c.status != "dead" and c.spec.hits > 1:
                repaired = self.rules.battleship_repair == "after_battle"
                damage[c.id] = 0 if repaired else c.damage
                if repaired and c.damage:
                    self.log.append({"event": "repair", "unit": c.id,
                                     "why": "battleship repaired after the battle (p.28)"})
        captures = steps.captures(self.att, self.sea, winner)
        self.log.append({"event": "end", "winner": winner, "reason": reason,
                         "rounds": self.round, "captures": captures})
        return BattleResult(
            region=self.setup.region,
            kind=self.setup.kind,
            attacker=self.setup.attacker,
            winner=winner,
            end_reason=reason,
            rounds=self.round,
            captures=captures,
            fates=fates,
            retreated_to=dict(self.retreated_to),
            damage=damage,
            homeless_fighters=tuple(u for u in self.homeless if fates[u] != "destroyed"),
            attacker_loss_ipc=self.loss_ipc("attacker"),
            defender_loss_ipc=self.loss_ipc("defender"),
            log=tuple(self.log),
            rolls=tuple(r.to_json() for r in self.dice.rolls[self.first_roll:]),
        )


def table_order(edition: Edition) -> dict[str, int]:
    """Unit type -> its place in the edition's unit table (dice order, default casualties)."""
    return {u.id: i for i, u in enumerate(edition.units)}


def defending_powers(setup: BattleSetup) -> tuple[str, ...]:
    """The defending powers, lead first (the setup's list, else in the defenders' order)."""
    return setup.defending_powers or tuple(dict.fromkeys(u.power for u in setup.defenders))


def check_setup(edition: Edition, setup: BattleSetup) -> None:
    """Refuse malformed input early: an unknown unit type or a duplicate id would otherwise
    produce a plausible-looking but wrong battle."""
    seen: set[str] = set()
    for u in setup.attackers + setup.defenders:
        if u.type not in edition.units.units:
            raise ValueError(f"unknown unit type {u.type!r} in battle at {setup.region}")
        if u.id in seen:
            raise ValueError(f"unit {u.id} listed twice in battle at {setup.region}")
        seen.add(u.id)
    if any(u.power != setup.attacker for u in setup.attackers):
        raise ValueError("only one power attacks in a battle (p.20)")


def resolve_battle(
    edition: Edition, rules: Rules | InPlay, setup: BattleSetup, orders: BattleOrders, dice: Dice
) -> BattleResult:
    """Resolve one land or sea battle completely (digest §2.3.3). ``rules``: the switches
    (the ruleset they name, no effects of a game), or the rules in play of a game."""
    check_setup(edition, setup)
    return _Battle(edition, rules, setup, orders, dice).run()


# --- amphibious assault ---------------------------------------------------------------------


@record(frozen=True)
class AmphibiousSetup:
    """An amphibious assault (p.15-16).

    ``sea``: the sea battle in the landing zone, or ``None`` when none is fought (no enemy
    surface warships, and the attacker did not engage lone subs/transports). Its attackers
    include the transports and their cargo (``aboard`` set). ``land``: the land battle; units
    coming ashore are listed with ``landed=True`` (and their ``aboard``), overland units and
    aircraft assigned to the land part without. ``bombarding``: the attacker's battleships and
    cruisers offering shore bombardment from the landing zone.
    """

    sea: BattleSetup | None
    land: BattleSetup
    bombarding: tuple[Unit, ...] = ()


@record(frozen=True)
class AmphibiousResult:
    sea: BattleResult | None
    land: BattleResult | None
    landed: tuple[str, ...]
    not_landed: Mapping[str, str]  # unit id -> why it did not come ashore
    log: tuple[dict, ...]

    @property
    def captures(self) -> bool:
        return self.land is not None and self.land.captures

    def to_json(self) -> dict:
        return {
            "sea": self.sea.to_json() if self.sea else None,
            "land": self.land.to_json() if self.land else None,
            "landed": list(self.landed),
            "not_landed": dict(self.not_landed),
            "log": list(self.log),
        }


def resolve_amphibious(
    edition: Edition,
    rules: Rules | InPlay,
    setup: AmphibiousSetup,
    sea_orders: BattleOrders | None,
    land_orders: BattleOrders,
    dice: Dice,
) -> AmphibiousResult:
    """Sea battle, then shore bombardment (only if there was no sea battle), then the land
    battle. Cargo whose transport sank or retreated, or that would land while enemy surface
    warships hold the zone, does not come ashore."""
    log: list[dict] = []
    sea_result: BattleResult | None = None
    not_landed: dict[str, str] = {}
    if setup.sea is not None:
        if sea_orders is None:
            raise ValueError("a sea battle needs its orders")
        sea_result = resolve_battle(edition, rules, setup.sea, sea_orders, dice)
        not_landed = not_landed_after_sea_battle(edition, setup, sea_result.fates)
        if setup.bombarding:
            log.append({"event": "no-bombardment", "ships": [u.id for u in setup.bombarding],
                        "why": "a sea battle was fought in the landing zone (p.15)"})
    land_setup, ashore = land_battle_setup(setup, not_landed)
    if not_landed:
        log.append({"event": "not-landed", "units": dict(not_landed)})
    if land_setup is None:
        log.append({"event": "assault-over", "why": "no land or air attackers left (p.15)"})
        return AmphibiousResult(sea_result, None, (), not_landed, tuple(log))
    check_setup(edition, land_setup)
    bombarding = setup.bombarding if setup.sea is None else ()
    land_result = _Battle(edition, rules, land_setup, land_orders, dice, bombarding,
                          len(ashore)).run()
    return AmphibiousResult(
        sea_result, land_result, tuple(u.id for u in ashore), not_landed, tuple(log)
    )


def not_landed_after_sea_battle(edition: Edition, setup: AmphibiousSetup,
                                fates: Mapping[str, Fate]) -> dict[str, str]:
    """Landing units that cannot come ashore after the sea battle (``fates``), and why: lost
    or retreated with their transport, or enemy surface warships still hold the zone (p.15)."""
    assert setup.sea is not None
    defenders = {d.id for d in setup.sea.defenders}
    blocked = [
        u for u, f in fates.items()
        if f == "survived" and u in defenders
        and edition.units[_type_of(setup.sea, u)].surface_warship
    ]
    not_landed: dict[str, str] = {}
    for u in setup.land.attackers:
        if not u.landed:
            continue
        fate = fates.get(u.id, "survived")
        if fate == "destroyed":
            not_landed[u.id] = "lost with its transport in the sea battle"
        elif fate == "retreated":
            not_landed[u.id] = "its transport retreated from the sea battle"
        elif blocked:
            not_landed[u.id] = "enemy surface warships still hold the landing zone"
    return not_landed


def land_battle_setup(setup: AmphibiousSetup, not_landed: Mapping[str, str]
                      ) -> tuple[BattleSetup | None, tuple[Unit, ...]]:
    """The land battle of an assault: overland units and aircraft, plus the landing units
    that came ashore (``landed``, so they never retreat); ``None`` when no attacker is left
    (the assault is over, p.15). Also returns the units that came ashore."""
    ashore = tuple(
        Unit(u.id, u.power, u.type, u.damage, None, True)
        for u in setup.land.attackers if u.landed and u.id not in not_landed
    )
    attackers = tuple(u for u in setup.land.attackers if not u.landed) + ashore
    if not attackers:
        return None, ashore
    return BattleSetup(
        setup.land.region, "land", setup.land.attacker, attackers, setup.land.defenders,
        setup.land.defending_powers, setup.land.retreat_options, setup.land.game_round,
    ), ashore


def _type_of(setup: BattleSetup, uid: str) -> str:
    for u in setup.attackers + setup.defenders:
        if u.id == uid:
            return u.type
    raise KeyError(uid)
