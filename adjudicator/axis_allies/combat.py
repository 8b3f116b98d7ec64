"""Axis & Allies combat: one battle at a time, as the rulebook sequences it (p.14-18).

Pure functions of (edition, rules, battle setup, orders, dice): no I/O, no state mutation,
every die from the injected :class:`~adjudicator.dice.Dice` under a label naming the battle,
round, side and purpose. The turn engine (a later layer) builds a :class:`BattleSetup` per
battle from the state, calls :func:`resolve_battle` (or :func:`resolve_amphibious`, or
:func:`adjudicator.axis_allies.bombing.resolve_raid`) in the order the rules and the attacker
give, and applies the :class:`BattleResult` (unit fates, battleship damage) to the state. It
also does captures, liberation, plunder and income: :func:`controller_after_battle` only says
whether the attacker takes the territory.

Sequence of one general battle (digest §2.3.3):

    [bombardment casualties from an amphibious assault, if any]
    AA fire, once, before round 1 (land battles with an AA gun and attacking aircraft)
    repeat:  end check (condition A, defenceless transports, stalemate)
             step 2  submarines: submerge or surprise strike (sea battles)
             step 3  attacker fires; defender's casualties go to the casualty zone
             step 4  defender fires (its casualty zone too); attacker removes casualties
             step 5  defender's casualty zone is cleared
             step 6  end check, then the attacker's retreat policy
    step 7: fates, battleship repair, capture flag

Every decision (casualty, submerge, retreat) is logged with its source: the attacker's battle
instruction, a power's standing orders, or the documented default (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.axis_allies.casualties import (
    Assignment,
    Chooser,
    Combatant,
    Hit,
    LossPolicy,
    Side,
    Source,
    assign_hits,
)
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders, SubmergePolicy
from adjudicator.axis_allies.rules import Rules
from adjudicator.dice import Dice, RollLabel

Kind = Literal["land", "sea"]
Fate = Literal["survived", "destroyed", "retreated", "submerged"]
Winner = Literal["attacker", "defender", "none"]

MAX_ROUNDS = 10_000
"""A battle in which some side can hit ends with probability 1; a source that never rolls a
hit (a broken dice source) must fail loudly instead of hanging the turn."""


# --- inputs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class RetreatPolicy:
    """The attacker's retreat conditions (digest §6.4 #3): alternatives, default press on."""

    after_round: int | None = None
    units_at_most: int | None = None
    loss_exceeds_ipc: int | None = None
    retreat_to: str | None = None
    source: Source = "default"

    @classmethod
    def from_instruction(cls, ins: BattleInstruction | None) -> RetreatPolicy:
        if ins is None:
            return cls()
        pol = cls(
            ins.retreat_after_round,
            ins.retreat_when_units_at_most,
            ins.retreat_when_loss_exceeds_ipc,
            ins.retreat_to,
            "battle-instruction",
        )
        return pol if pol.active else cls(retreat_to=ins.retreat_to)

    @property
    def active(self) -> bool:
        return any(
            v is not None for v in (self.after_round, self.units_at_most, self.loss_exceeds_ipc)
        )


@dataclass(frozen=True)
class SubmergeChoice:
    policy: SubmergePolicy | None
    source: Source


@dataclass(frozen=True)
class BattleOrders:
    """Every decision of one battle, taken in advance.

    ``defenders``: each defending power's loss policy (the lead's is the joint list).
    ``submerge``: per power (attacker and defenders); missing = default (strike).
    """

    attacker: LossPolicy
    defenders: Mapping[str, LossPolicy] = field(default_factory=dict)
    retreat: RetreatPolicy = RetreatPolicy()
    submerge: Mapping[str, SubmergeChoice] = field(default_factory=dict)


def battle_orders(
    attacker: str,
    defending_powers: Sequence[str],
    standing: Mapping[str, StandingOrders] | None = None,
    instruction: BattleInstruction | None = None,
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
    return BattleOrders(att, defs, RetreatPolicy.from_instruction(instruction), sub)


# --- outputs --------------------------------------------------------------------------------


@dataclass(frozen=True)
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


# --- the engine -----------------------------------------------------------------------------


class _Battle:
    """Mutable working state of one battle; built and consumed by :func:`resolve_battle`."""

    def __init__(
        self, edition: Edition, rules: Rules, setup: BattleSetup, orders: BattleOrders, dice: Dice
    ) -> None:
        self.ed = edition
        self.rules = rules
        self.setup = setup
        self.orders = orders
        self.dice = dice
        self.first_roll = len(dice.rolls)
        self.log: list[dict] = []
        self.sea = setup.kind == "sea"
        self.table_order = {u.id: i for i, u in enumerate(edition.units)}
        self.att = [self._combatant(u, "attacker") for u in setup.attackers]
        self.dfn = [self._combatant(u, "defender") for u in setup.defenders]
        self.by_id = {c.id: c for c in self.att + self.dfn}
        self.homeless: list[str] = []
        self.retreated_to: dict[str, str | None] = {}
        self.round = 0
        self.retreat_blocked_logged = False
        powers = setup.defending_powers or tuple(dict.fromkeys(u.power for u in setup.defenders))
        self.def_powers = powers
        lead = powers[0] if powers else ""
        lead_policy = orders.defenders.get(lead) or LossPolicy(lead)
        self.log.append(
            {"event": "start", "region": setup.region, "kind": setup.kind,
             "attacker": setup.attacker, "defending_powers": list(powers),
             "attacking": self.snapshot("attacker"), "defending": self.snapshot("defender")}
        )
        self.choosers: dict[Side, Chooser] = {
            "attacker": Chooser(
                orders.attacker, (setup.attacker,), self.table_order, not self.sea, rules,
                "attacker",
            ),
            "defender": Chooser(
                lead_policy, powers, self.table_order, not self.sea, rules, "defender"
            ),
        }

    # --- helpers ---------------------------------------------------------------------
    def _combatant(self, u: Unit, side: Side) -> Combatant:
        spec = self.ed.units[u.type]
        cargo = u.aboard is not None and (side == "attacker" or not spec.is_air)
        return Combatant(u.id, u.power, u.type, spec, side, u.damage, u.aboard, cargo, u.landed)

    def side(self, side: Side) -> list[Combatant]:
        return self.att if side == "attacker" else self.dfn

    @staticmethod
    def other(side: Side) -> Side:
        return "defender" if side == "attacker" else "attacker"

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

    def has_destroyer(self, side: Side, power: str) -> bool:
        return any(
            c.in_battle and c.spec.anti_submarine and c.power == power for c in self.side(side)
        )

    def enemy_destroyer(self, side: Side) -> bool:
        return any(c.in_battle and c.spec.anti_submarine for c in self.side(self.other(side)))

    def hit_of(self, shooter: Combatant) -> Hit:
        return Hit(
            shooter.id,
            no_air=shooter.spec.submarine,
            no_subs=shooter.spec.is_air and not self.has_destroyer(shooter.side, shooter.power),
        )

    def targets(self, side: Side) -> list[Combatant]:
        return [
            c for c in self.side(side) if c.status == "active" and not c.cargo and c.spec.casualty
        ]

    def can_hit(self, side: Side) -> bool:
        shooters = [c for c in self.side(side) if c.combat_capable and c.status == "active"]
        targets = [c for c in self.side(self.other(side)) if c.in_battle and c.spec.casualty]
        return any(
            Chooser.illegal_reason(t, self.hit_of(s)) is None for s in shooters for t in targets
        )

    def kill(self, c: Combatant, why: str) -> None:
        """Destroy a unit and everything aboard it (cargo dies with its ship, p.16)."""
        c.status = "dead"
        for u in self.side(c.side):
            if u.aboard == c.id and u.status != "dead":
                if u.cargo:
                    u.status = "dead"
                    self.log.append(
                        {"event": "cargo-lost", "unit": u.id, "type": u.type, "ship": c.id,
                         "why": why}
                    )
                elif u.id not in self.homeless:
                    self.homeless.append(u.id)
                    self.log.append(
                        {"event": "carrier-lost", "unit": u.id, "carrier": c.id,
                         "why": "fighter keeps defending in the air and must reland (p.27)"}
                    )

    # --- firing ----------------------------------------------------------------------
    def volley(self, side: Side, shooters: list[Combatant], purpose: str) -> list[Hit]:
        """Roll one die per shooter (one labelled roll per side and step) and log each die."""
        if not shooters:
            return []
        shooters = sorted(shooters, key=lambda c: (self.table_order[c.type], c.sort_key()))
        supported: set[str] = set()
        if side == "attacker" and purpose == "fire":
            # artillery support, one for one, with the units firing now (digest §3.2, §6.2 #9)
            support = sum(c.spec.supports_infantry for c in shooters)
            for c in shooters:
                if support and c.spec.supportable:
                    supported.add(c.id)
                    support -= 1
        dice = self.dice.roll(self.label(side, purpose), len(shooters))
        hits: list[Hit] = []
        entries = []
        for c, d in zip(shooters, dice, strict=True):
            value = c.value + (1 if c.id in supported else 0)
            hit = d <= value
            entry: dict[str, Any] = {"unit": c.id, "type": c.type, "value": value, "die": d,
                                     "hit": hit}
            if c.id in supported:
                entry["supported"] = True
            entries.append(entry)
            if hit:
                hits.append(self.hit_of(c))
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
        chosen, wasted = assign_hits(self.choosers[side], hits, self.side(side))
        for a in chosen:
            c = self.by_id[a.unit]
            c.damage += 1
            if a.effect == "destroyed":
                if pending:
                    c.status = "pending"
                else:
                    self.kill(c, "its ship was sunk")
        self.log.append(
            {"event": "casualties", "round": self.round, "side": side,
             "chosen": [a.to_json() for a in chosen], "wasted": wasted}
        )
        return chosen

    def clear_casualty_zone(self) -> None:
        for c in self.dfn:
            if c.status == "pending":
                self.kill(c, "its ship was sunk")

    # --- phases ----------------------------------------------------------------------
    def bombard(self, ships: Sequence[Unit], landing: int) -> None:
        """Shore bombardment before the land battle (p.15, p.28-29): at most one ship per
        land unit landing; the strongest ships fire (battleship 4 before cruiser 3)."""
        vessels = [self._combatant(u, "attacker") for u in ships]
        able = sorted(
            (v for v in vessels if v.spec.bombard),
            key=lambda v: (-(v.spec.bombard or 0), v.sort_key()),
        )
        firing = able[: max(0, landing)]
        self.log.append(
            {"event": "bombardment", "ships": [v.id for v in firing],
             "idle": [v.id for v in vessels if v.id not in {f.id for f in firing}],
             "why": f"at most one bombarding ship per land unit landing ({landing})"}
        )
        if not firing:
            return
        dice = self.dice.roll(self.label("attacker", "bombard"), len(firing))
        entries, hits = [], []
        for v, d in zip(firing, dice, strict=True):
            value = v.spec.bombard or 0
            entries.append({"unit": v.id, "type": v.type, "value": value, "die": d,
                            "hit": d <= value})
            if d <= value:
                hits.append(Hit(v.id))
        self.log.append({"event": "fire", "round": 0, "side": "attacker", "purpose": "bombard",
                         "dice": entries, "hits": len(hits)})
        self.take_hits("defender", hits, pending=True)

    def aa_fire(self) -> None:
        """One AA gun per battle, one die per attacking aircraft, rolled per aircraft type; a
        hit destroys an aircraft of the type it was rolled for: no choice (p.25)."""
        guns = sorted(
            (c for c in self.dfn if c.spec.anti_aircraft and not c.cargo),
            key=Combatant.sort_key,
        )
        air = [c for c in self.att if c.spec.is_air and c.status == "active"]
        if self.sea or not guns or not air:
            return
        gun = guns[0]
        aa = gun.spec.anti_aircraft or 0
        for utype in sorted({c.type for c in air}, key=self.table_order.__getitem__):
            group = sorted((c for c in air if c.type == utype), key=Combatant.sort_key)
            dice = self.dice.roll(self.label("defender", f"aa-{utype}"), len(group))
            n = sum(1 for d in dice if d <= aa)
            for c in group[:n]:
                self.kill(c, "shot down by AA fire")
            self.log.append(
                {"event": "aa", "gun": gun.id, "guns_present": len(guns), "type": utype,
                 "dice": dice, "hit_on": aa, "destroyed": [c.id for c in group[:n]],
                 "why": "one AA gun fires per battle; hits fall on the type rolled for"}
            )

    def submarines(self) -> set[str]:
        """Step 2: each side's subs submerge or strike (attacker declares first); strikes
        resolve; casualties sunk here are removed before they can fire (p.16-17)."""
        strikers: dict[Side, list[Combatant]] = {"attacker": [], "defender": []}
        for side in ("attacker", "defender"):
            subs = [c for c in self.side(side) if c.spec.submarine and c.status == "active"]
            if not subs or not any(c.in_battle for c in self.side(self.other(side))):
                continue  # e.g. every attacker submerged: nothing left to strike at
            if self.enemy_destroyer(side):
                self.log.append(
                    {"event": "submarines", "round": self.round, "side": side,
                     "units": [c.id for c in subs], "decision": "fire normally",
                     "why": "enemy destroyer present: no surprise strike, no submerge"}
                )
                continue
            own = sum(1 for c in self.side(side) if c.combat_capable)
            enemy = sum(1 for c in self.side(self.other(side)) if c.combat_capable)
            for power in dict.fromkeys(c.power for c in subs):
                choice = self.orders.submerge.get(power, SubmergeChoice(None, "default"))
                mine = [c for c in subs if c.power == power]
                pol = choice.policy or "never"
                dive = pol == "always" or (pol == "when-outnumbered" and own < enemy)
                if dive:
                    for c in mine:
                        c.status = "submerged"
                else:
                    strikers[side].extend(mine)
                self.log.append(
                    {"event": "submarines", "round": self.round, "side": side,
                     "units": [c.id for c in mine],
                     "decision": "submerge" if dive else "surprise strike",
                     "why": f"submerge: {pol} ({choice.source}); "
                     f"own combat units {own} vs enemy {enemy}"}
                )
        hits = self.volley("attacker", strikers["attacker"], "surprise")
        self.take_hits("defender", hits, pending=True)
        d_strikers = [
            c for c in strikers["defender"]
            if c.status == "active"
            or (c.status == "pending" and self.rules.struck_subs_still_strike)
        ]
        hits = self.volley("defender", d_strikers, "surprise")
        self.take_hits("attacker", hits, pending=False)
        self.clear_casualty_zone()
        return {c.id for s in strikers.values() for c in s}

    def end_check(self) -> tuple[Winner, str] | None:
        """Condition A, defenceless transports, both-only-transports, stalemate (p.17-18)."""
        att = [c for c in self.att if c.in_battle]
        dfn = [c for c in self.dfn if c.in_battle and c.spec.casualty]
        if not att and not dfn:
            return "none", "both-eliminated"
        if not dfn:
            return "attacker", "defender-eliminated"
        if not att:
            gone = any(c.status == "retreated" for c in self.att)
            return "defender", "attacker-retreated" if gone else "attacker-eliminated"
        att_cc = any(c.combat_capable for c in att)
        dfn_cc = any(c.combat_capable for c in dfn)
        if self.sea and self.rules.transports_casualty_last and not dfn_cc:
            if att_cc:
                for c in dfn:
                    self.kill(c, "defenceless transport sunk")
                self.log.append(
                    {"event": "defenceless-transports", "units": [c.id for c in dfn],
                     "why": "defender has only transports left and the attacker can still "
                     "fight: sunk with their cargo, no dice (p.17)"}
                )
                return "attacker", "defenceless-transports"
            return "none", "only-transports"
        if not self.can_hit("attacker") and not self.can_hit("defender"):
            return "none", "stalemate"
        return None

    def retreat(self) -> bool:
        """Step 6, condition B: the attacker's policy; all movable units go together."""
        pol = self.orders.retreat
        if not pol.active:
            return False
        why = []
        if pol.after_round is not None and self.round >= pol.after_round:
            why.append(f"after round {pol.after_round}")
        left = sum(1 for c in self.att if c.in_battle)
        if pol.units_at_most is not None and left <= pol.units_at_most:
            why.append(f"{left} units left <= {pol.units_at_most}")
        lost = self.loss_ipc("attacker")
        if pol.loss_exceeds_ipc is not None and lost > pol.loss_exceeds_ipc:
            why.append(f"lost {lost} IPC > {pol.loss_exceeds_ipc}")
        if not why:
            return False
        movable = [c for c in self.att if c.in_battle and not c.landed]
        if not movable:
            if not self.retreat_blocked_logged:
                self.log.append({"event": "no-retreat", "round": self.round,
                                 "why": "only landed units remain; they never retreat (p.15)"})
                self.retreat_blocked_logged = True
            return False
        dest: str | None = None
        opts = self.setup.retreat_options
        if any(not c.spec.is_air for c in movable):
            if pol.retreat_to is not None and pol.retreat_to in opts:
                dest, dsrc = pol.retreat_to, "battle instruction"
            elif opts:
                dest = opts[0]
                dsrc = "default: first legal retreat region" + (
                    f" ({pol.retreat_to} is not a legal retreat region)" if pol.retreat_to else ""
                )
            else:
                if not self.retreat_blocked_logged:
                    self.log.append({"event": "no-retreat", "round": self.round,
                                     "why": "no legal retreat region: pressing on"})
                    self.retreat_blocked_logged = True
                return False
        else:
            dsrc = "aircraft only: they break off and land in noncombat move"
        for c in movable:
            c.status = "retreated"
            to = None if c.spec.is_air else dest
            self.retreated_to[c.id] = to
            for u in self.att:
                if u.aboard == c.id and u.cargo and u.status == "active":
                    u.status = "retreated"
                    self.retreated_to[u.id] = to
        self.log.append(
            {"event": "retreat", "round": self.round, "units": [c.id for c in movable],
             "to": dest, "why": "; ".join(why) + f" (battle instruction); destination: {dsrc}"}
        )
        return True

    def loss_ipc(self, side: Side) -> int:
        return sum(c.spec.cost for c in self.side(side) if c.status == "dead")

    # --- driver ----------------------------------------------------------------------
    def run(self) -> BattleResult:
        self.aa_fire()
        while True:
            end = self.end_check()
            if end is not None:
                break
            self.round += 1
            if self.round > MAX_ROUNDS:
                raise RuntimeError(f"battle at {self.setup.region} did not end in {MAX_ROUNDS} "
                                   "rounds: the dice source is not random")
            self.log.append(
                {"event": "round", "round": self.round, "attacking": self.snapshot("attacker"),
                 "defending": self.snapshot("defender")}
            )
            struck = self.submarines() if self.sea else set()
            shooters = [
                c for c in self.att if c.combat_capable and c.status == "active"
                and c.id not in struck
            ]
            if self.targets("defender"):
                self.take_hits("defender", self.volley("attacker", shooters, "fire"),
                               pending=True)
            shooters = [c for c in self.dfn if c.combat_capable and c.id not in struck]
            if self.targets("attacker"):
                self.take_hits("attacker", self.volley("defender", shooters, "fire"),
                               pending=False)
            self.clear_casualty_zone()
            end = self.end_check()
            if end is not None:
                break
            self.retreat()
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
        captures = (
            not self.sea
            and winner == "attacker"
            and any(c.status == "active" and c.spec.can_capture and not c.cargo for c in self.att)
        )
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


def _check_setup(edition: Edition, setup: BattleSetup) -> None:
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
    edition: Edition, rules: Rules, setup: BattleSetup, orders: BattleOrders, dice: Dice
) -> BattleResult:
    """Resolve one land or sea battle completely (digest §2.3.3)."""
    _check_setup(edition, setup)
    return _Battle(edition, rules, setup, orders, dice).run()


# --- amphibious assault ---------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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
    rules: Rules,
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
    landing = [u for u in setup.land.attackers if u.landed]
    if setup.sea is not None:
        if sea_orders is None:
            raise ValueError("a sea battle needs its orders")
        sea_result = resolve_battle(edition, rules, setup.sea, sea_orders, dice)
        blocked = [
            u for u, f in sea_result.fates.items()
            if f == "survived" and u in {d.id for d in setup.sea.defenders}
            and edition.units[_type_of(setup.sea, u)].surface_warship
        ]
        for u in landing:
            fate = sea_result.fates.get(u.id, "survived")
            if fate == "destroyed":
                not_landed[u.id] = "lost with its transport in the sea battle"
            elif fate == "retreated":
                not_landed[u.id] = "its transport retreated from the sea battle"
            elif blocked:
                not_landed[u.id] = "enemy surface warships still hold the landing zone"
        if setup.bombarding:
            log.append({"event": "no-bombardment", "ships": [u.id for u in setup.bombarding],
                        "why": "a sea battle was fought in the landing zone (p.15)"})
    ashore = [
        Unit(u.id, u.power, u.type, u.damage, None, True) for u in landing if u.id not in not_landed
    ]
    attackers = tuple(u for u in setup.land.attackers if not u.landed) + tuple(ashore)
    if not_landed:
        log.append({"event": "not-landed", "units": dict(not_landed)})
    if not attackers:
        log.append({"event": "assault-over", "why": "no land or air attackers left (p.15)"})
        return AmphibiousResult(sea_result, None, (), not_landed, tuple(log))
    land_setup = BattleSetup(
        setup.land.region, "land", setup.land.attacker, attackers, setup.land.defenders,
        setup.land.defending_powers, setup.land.retreat_options, setup.land.game_round,
    )
    _check_setup(edition, land_setup)
    battle = _Battle(edition, rules, land_setup, land_orders, dice)
    if setup.sea is None and setup.bombarding:
        battle.bombard(setup.bombarding, len(ashore))
    land_result = battle.run()
    return AmphibiousResult(
        sea_result, land_result, tuple(u.id for u in ashore), not_landed, tuple(log)
    )


def _type_of(setup: BattleSetup, uid: str) -> str:
    for u in setup.attackers + setup.defenders:
        if u.id == uid:
            return u.type
    raise KeyError(uid)
