"""The rules of each step of an Axis & Allies battle, as pure functions over the battle board.

One copy of every combat rule, called by both users of it:

* :mod:`adjudicator.axis_allies.combat` fights a battle with dice, one volley at a time, and
  logs every decision;
* :mod:`adjudicator.axis_allies.odds` computes the exact outcome distribution of the same
  battle, asking these functions the same questions about every position it reaches.

The *sequence* of a battle is not here: it is the ruleset's list of steps
(:mod:`adjudicator.axis_allies.battle`), one small module per step, each running these rules
in both engines.

So a rule lives here once: which units fire and at what value (artillery support), what a
hit may take (submarines, aircraft, transports: through :class:`~.casualties.Chooser`), who
is a target, when a battle ends (condition A, defenceless transports, stalemate), what the
submarines do (surprise strike or submerge), what AA guns and bombarding ships fire at, when
and where the attacker retreats, what cargo goes down with its ship, who captures. Functions
that change the board (a unit destroyed, a retreat) change the :class:`~.casualties.Combatant`
objects they are given and return what happened; the callers log it (combat) or count it
(odds). Nothing here rolls a die or writes a log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

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
from adjudicator.axis_allies.data import UnitSpec
from adjudicator.axis_allies.orders import BattleInstruction, SubmergePolicy
from adjudicator.axis_allies.rules import Rules
from adjudicator.record import record

Winner = Literal["attacker", "defender", "none"]

DIE_FACES = 6


# --- dice -----------------------------------------------------------------------------------


def is_hit(die: int, value: int) -> bool:
    """A die scores a hit when it shows the unit's value or less (p.16-17)."""
    return die <= value


def hit_chance(value: int, exact: bool = False) -> float | Fraction:
    """The probability that one die scores a hit at ``value``: the faces :func:`is_hit`
    accepts, out of six."""
    faces = sum(1 for die in range(1, DIE_FACES + 1) if is_hit(die, value))
    return Fraction(faces, DIE_FACES) if exact else faces / DIE_FACES


# --- the battle board -----------------------------------------------------------------------


def other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def make_combatant(uid: str, power: str, utype: str, spec: UnitSpec, side: Side,
                   damage: int = 0, aboard: str | None = None, landed: bool = False,
                   value: int | None = None, dice: int = 1,
                   bombard: int | None = None) -> Combatant:
    """A unit on the battle board. Attacking units aboard anything are cargo (p.13, p.16);
    defending aircraft aboard a carrier defend in the air (p.28), other defending units
    aboard are cargo. ``value``: its combat value with the effects in play (default: the
    printed one); ``dice``: how many dice it rolls each time it fires (Heavy Bombers);
    ``bombard``: its shore bombardment value with the effects in play (default: the
    printed one)."""
    cargo = aboard is not None and (side == "attacker" or not spec.is_air)
    return Combatant(uid, power, utype, spec, side, damage, aboard, cargo, landed, "active",
                     value, dice, bombard)


def make_choosers(attacker: str, attacker_policy: LossPolicy, defending_powers: Sequence[str],
                  defender_policies: Mapping[str, LossPolicy], table_order: Mapping[str, int],
                  sea: bool, rules: Rules) -> dict[Side, Chooser]:
    """Who chooses each side's casualties: the attacker, and for the defence the lead power's
    list as the side's joint list (ruling 19)."""
    lead = defending_powers[0] if defending_powers else ""
    lead_policy = defender_policies.get(lead) or LossPolicy(lead)
    return {
        "attacker": Chooser(attacker_policy, (attacker,), table_order, not sea, rules,
                            "attacker"),
        "defender": Chooser(lead_policy, tuple(defending_powers), table_order, not sea, rules,
                            "defender"),
    }


def targets(units: Iterable[Combatant]) -> list[Combatant]:
    """Units that can be chosen as casualties now (not cargo, not AA guns, not in the
    casualty zone)."""
    return [c for c in units if c.status == "active" and not c.cargo and c.spec.casualty]


def has_destroyer(units: Iterable[Combatant], power: str) -> bool:
    return any(c.in_battle and c.spec.anti_submarine and c.power == power for c in units)


def enemy_destroyer(enemy: Iterable[Combatant]) -> bool:
    return any(c.in_battle and c.spec.anti_submarine for c in enemy)


def hit_of(shooter: Combatant, own: Iterable[Combatant], rules: Rules) -> Hit:
    """The hit ``shooter`` scores, with its restrictions: a submarine's never falls on
    aircraft, nor a kamikaze's (``ships_only``, Revised digest C4 #3); an aircraft's falls on submarines only with a destroyer of its own power in the
    battle (1942 p.17, p.30), or freely (Revised digest A5.4: ``air_hits_subs_need_destroyer``
    false)."""
    return Hit(
        shooter.id,
        no_air=shooter.spec.submarine or shooter.ships_only,
        no_subs=(shooter.spec.is_air and rules.air_hits_subs_need_destroyer
                 and not has_destroyer(own, shooter.power)),
    )


def can_hit(own: Sequence[Combatant], enemy: Sequence[Combatant], rules: Rules) -> bool:
    """Whether any unit of ``own`` able to fire could legally hit any unit of ``enemy``."""
    marks = [c for c in enemy if c.in_battle and c.spec.casualty]
    for s in own:
        if s.combat_capable and s.status == "active":
            hit = hit_of(s, own, rules)
            if any(Chooser.illegal_reason(t, hit) is None for t in marks):
                return True
    return False


def fire_order(shooters: Iterable[Combatant], table_order: Mapping[str, int]) -> list[Combatant]:
    """The order dice go to the shooters of one volley: unit-table order, then unit id."""
    return sorted(shooters, key=lambda c: (table_order[c.type], c.sort_key()))


def fire_values(shooters: Iterable[Combatant], side: Side, purpose: str,
                table_order: Mapping[str, int]) -> list[tuple[Combatant, int, bool]]:
    """Each shooter of one volley, in dice order, with the value it hits at and whether
    artillery supports it: one supportable unit per supporting unit firing in the same
    attack (digest §3.2, §6.2 #9); no support on defence or in surprise strikes. A variant
    of the main fire (``fire:<name>``: the calculator's key for a round whose values differ,
    US Marines) is the main fire."""
    ordered = fire_order(shooters, table_order)
    supported: set[str] = set()
    if side == "attacker" and (purpose == "fire" or purpose.startswith("fire:")):
        support = sum(c.spec.supports_infantry for c in ordered)
        for c in ordered:
            if support and c.spec.supportable:
                supported.add(c.id)
                support -= 1
    # a unit that rolls several dice (Heavy Bombers, Revised digest A5.1 #6) is listed once
    # per die: every die counts, each may score a hit
    return [(c, c.value + (1 if c.id in supported else 0), c.id in supported)
            for c in ordered for _ in range(max(1, c.dice))]


def main_shooters(units: Iterable[Combatant], side: Side, struck: Iterable[str] = ()
                  ) -> list[Combatant]:
    """Who fires in steps 3 and 4: every combat-capable unit that did not surprise-strike
    this round; the attacker's units still on the board, the defender's casualty zone too."""
    done = set(struck)
    if side == "attacker":
        return [c for c in units if c.combat_capable and c.status == "active"
                and c.id not in done]
    return [c for c in units if c.combat_capable and c.id not in done]


# --- casualties -----------------------------------------------------------------------------


@record(frozen=True)
class Loss:
    """A unit aboard a destroyed ship: cargo lost with it, or (``cargo`` false) a defending
    aircraft whose carrier sank and which fights on, then must reland (p.27)."""

    unit: Combatant
    ship: Combatant
    cargo: bool


def destroy(c: Combatant, side_units: Iterable[Combatant], homeless: list[str]) -> list[Loss]:
    """Remove ``c`` and everything aboard it (cargo dies with its ship, p.16). Defending
    aircraft aboard keep fighting; their ids are added to ``homeless`` once."""
    c.status = "dead"
    out: list[Loss] = []
    for u in side_units:
        if u.aboard == c.id and u.status != "dead":
            if u.cargo:
                u.status = "dead"
                out.append(Loss(u, c, True))
            elif u.id not in homeless:
                homeless.append(u.id)
                out.append(Loss(u, c, False))
    return out


def take_casualties(chooser: Chooser, hits: Sequence[Hit], side_units: Sequence[Combatant], *,
                    pending: bool, kill: Callable[[Combatant], object],
                    by_id: Mapping[str, Combatant] | None = None
                    ) -> tuple[list[Assignment], list[dict]]:
    """The owner chooses casualties for ``hits`` (:func:`~.casualties.assign_hits`) and they
    are applied: a battleship's first hit damages it; a destroyed defender goes to the
    casualty zone (``pending``: it still fires this round, p.17), a destroyed attacker is
    removed at once through ``kill``."""
    chosen, wasted = assign_hits(chooser, hits, side_units)
    units = by_id if by_id is not None else {c.id: c for c in side_units}
    for a in chosen:
        c = units[a.unit]
        c.damage += 1
        if a.effect == "destroyed":
            if pending:
                c.status = "pending"
            else:
                kill(c)
    return chosen, wasted


def clear_casualty_zone(defenders: Iterable[Combatant], kill: Callable[[Combatant], object]
                        ) -> None:
    """Step 5: the defender's casualties leave the board (with their cargo)."""
    for c in defenders:
        if c.status == "pending":
            kill(c)


def loss_ipc(units: Iterable[Combatant]) -> int:
    """IPC value of a side's destroyed units, cargo included."""
    return sum(c.spec.cost for c in units if c.status == "dead")


# --- end of the battle ----------------------------------------------------------------------


@record(frozen=True)
class End:
    """How a battle ended; ``defenceless``: defending transports sunk without dice."""

    winner: Winner
    reason: str
    defenceless: tuple[Combatant, ...] = ()


def end_check(att: Sequence[Combatant], dfn: Sequence[Combatant], sea: bool, rules: Rules
              ) -> End | None:
    """Condition A, defenceless transports, both-only-transports, stalemate (p.17-18);
    ``None`` while the battle goes on. The caller destroys ``End.defenceless``."""
    a = [c for c in att if c.in_battle]
    d = [c for c in dfn if c.in_battle and c.spec.casualty]
    if not a and not d:
        return End("none", "both-eliminated")
    if not d:
        return End("attacker", "defender-eliminated")
    if not a:
        gone = any(c.status == "retreated" for c in att)
        return End("defender", "attacker-retreated" if gone else "attacker-eliminated")
    a_cc = any(c.combat_capable for c in a)
    d_cc = any(c.combat_capable for c in d)
    if sea and rules.transports_casualty_last and not d_cc:
        if a_cc:
            return End("attacker", "defenceless-transports", tuple(d))
        return End("none", "only-transports")
    if not can_hit(att, dfn, rules) and not can_hit(dfn, att, rules):
        return End("none", "stalemate")
    return None


def captures(att: Iterable[Combatant], sea: bool, winner: Winner) -> bool:
    """Step 7: a won land battle with a surviving capturing land unit (p.18, p.24)."""
    return (not sea and winner == "attacker"
            and any(c.status == "active" and c.spec.can_capture and not c.cargo for c in att))


# --- submarines -----------------------------------------------------------------------------


@record(frozen=True)
class SubmergeChoice:
    policy: SubmergePolicy | None
    source: Source


@record(frozen=True)
class SubDecision:
    side: Side
    units: tuple[Combatant, ...]
    decision: str  # "fire normally", "submerge", "surprise strike"
    why: str


def submarine_decisions(att: Sequence[Combatant], dfn: Sequence[Combatant],
                        submerge: Mapping[str, SubmergeChoice]
                        ) -> tuple[list[SubDecision], dict[Side, list[Combatant]],
                                   list[Combatant]]:
    """Step 2 decisions, attacker first (p.17): with an enemy destroyer present subs fire
    normally; otherwise each power's subs submerge or make a surprise strike, by its policy
    (default never submerge, digest §6.4 #6). Returns the decisions, the strikers of each
    side and the submarines that submerge (the caller takes them off the board: the
    defender already decides without the attacker's)."""
    strikers: dict[Side, list[Combatant]] = {"attacker": [], "defender": []}
    decisions: list[SubDecision] = []
    divers: list[Combatant] = []
    gone: set[str] = set()
    for side in ("attacker", "defender"):
        own, enemy = (att, dfn) if side == "attacker" else (dfn, att)
        subs = [c for c in own if c.spec.submarine and c.status == "active"]
        if not subs or not any(c.in_battle and c.id not in gone for c in enemy):
            continue  # e.g. every attacker submerged: nothing left to strike at
        if enemy_destroyer(enemy):
            decisions.append(SubDecision(side, tuple(subs), "fire normally",
                                         "enemy destroyer present: no surprise strike, "
                                         "no submerge"))
            continue
        n_own = sum(1 for c in own if c.combat_capable and c.id not in gone)
        n_enemy = sum(1 for c in enemy if c.combat_capable and c.id not in gone)
        for power in dict.fromkeys(c.power for c in subs):
            choice = submerge.get(power, SubmergeChoice(None, "default"))
            mine = [c for c in subs if c.power == power]
            pol = choice.policy or "never"
            dive = pol == "always" or (pol == "when-outnumbered" and n_own < n_enemy)
            if dive:
                divers.extend(mine)
                gone.update(c.id for c in mine)
            else:
                strikers[side].extend(mine)
            decisions.append(SubDecision(
                side, tuple(mine), "submerge" if dive else "surprise strike",
                f"submerge: {pol} ({choice.source}); own combat units {n_own} vs enemy "
                f"{n_enemy}"))
    return decisions, strikers, divers


def defender_strikers(strikers: Iterable[Combatant], rules: Rules) -> list[Combatant]:
    """The defending subs that strike: those hit by the attacker's strike still do when the
    strikes are simultaneous (digest §6.2 #1, ``struck_subs_still_strike``)."""
    return [c for c in strikers
            if c.status == "active" or (c.status == "pending" and rules.struck_subs_still_strike)]


# --- before round 1: AA guns, shore bombardment ---------------------------------------------


@record(frozen=True)
class AAFire:
    """One AA gun fires (``guns`` stand there); one die per aircraft, rolled per type, hits
    on ``value`` (the printed one); the first ``n`` of a group (in id order) are destroyed by
    ``n`` hits. ``hit_on``: per group, what its dice hit on with the effects in play (UK
    Radar: 2, Revised digest A7); a type the gun does not fire at has no group."""

    gun: Combatant
    guns: int
    value: int
    groups: tuple[tuple[str, tuple[Combatant, ...]], ...]
    hit_on: tuple[int, ...] = ()
    #: the aircraft the gun does not fire at, by type (US Superfortresses: bombers)
    spared: tuple[tuple[str, tuple[Combatant, ...]], ...] = ()

    def value_of(self, i: int) -> int:
        """What group ``i``'s dice hit on."""
        return self.hit_on[i] if self.hit_on else self.value


#: what an AA gun hits an attacking aircraft on, with the effects in play (the engines'
#: ``aa_hit_on`` primitive: ``InPlay.aa_fire``); 0: it does not fire at it
AAValue = Callable[[Combatant, Combatant], int]


def aa_fire(att: Sequence[Combatant], dfn: Sequence[Combatant], sea: bool,
            table_order: Mapping[str, int], hit_on: AAValue | None = None) -> AAFire | None:
    """AA fire before round 1 (p.25): land battles only, one gun however many stand there,
    at every attacking aircraft (those ``hit_on`` gives a value, when given); ``None`` when
    no gun fires."""
    guns = sorted((c for c in dfn if c.spec.anti_aircraft and not c.cargo), key=Combatant.sort_key)
    air = [c for c in att if c.spec.is_air and c.status == "active"]
    if sea or not guns or not air:
        return None
    groups = tuple(
        (utype, tuple(sorted((c for c in air if c.type == utype), key=Combatant.sort_key)))
        for utype in sorted({c.type for c in air}, key=table_order.__getitem__)
    )
    printed = guns[0].spec.anti_aircraft or 0
    if hit_on is None:
        return AAFire(guns[0], len(guns), printed, groups)
    # the attacker is one power, so one value per aircraft type
    values = [hit_on(guns[0], group[0]) for _, group in groups]
    kept = [(g, v) for g, v in zip(groups, values, strict=True) if v > 0]
    spared = tuple(g for g, v in zip(groups, values, strict=True) if v <= 0)
    # the gun may fire at none of them (US Superfortresses, Revised digest A7): no dice
    return AAFire(guns[0], len(guns), printed, tuple(g for g, _ in kept),
                  tuple(v for _, v in kept), spared)


def bombarding_ships(vessels: Iterable[Combatant], landing: int, rules: Rules
                     ) -> list[Combatant]:
    """Shore bombardment (p.15, p.28-29): at most one ship per land unit landing; the
    strongest fire (battleship on 4 before cruiser on 3). Without that cap (Revised digest
    A5.4: ``bombard_one_ship_per_landed_unit`` false) every ship able to bombard fires."""
    able = sorted((v for v in vessels if bombard_value(v)),
                  key=lambda v: (-bombard_value(v), v.sort_key()))
    if not rules.bombard_one_ship_per_landed_unit:
        return able
    return able[: max(0, landing)]


def bombard_value(ship: Combatant) -> int:
    """The ship's bombardment value: the printed one, or as the effects in play make it
    (Combined Bombardment: destroyers at 3, Revised digest A5.1 #5)."""
    if ship.bombard_rating is not None:
        return ship.bombard_rating
    return ship.spec.bombard or 0


# --- retreat --------------------------------------------------------------------------------


@record(frozen=True)
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


@record(frozen=True)
class Retreat:
    """A retreat the policy calls for: ``blocked`` says why nobody moves (press on)."""

    why: tuple[str, ...]
    movable: tuple[Combatant, ...] = ()
    to: str | None = None
    to_source: str = ""
    blocked: str | None = None


def retreat_reasons(policy: RetreatPolicy, round_no: int, att: Sequence[Combatant]
                    ) -> list[str]:
    """The attacker's conditions that hold after round ``round_no`` (step 6, condition B)."""
    if not policy.active:
        return []
    why = []
    if policy.after_round is not None and round_no >= policy.after_round:
        why.append(f"after round {policy.after_round}")
    left = sum(1 for c in att if c.in_battle)
    if policy.units_at_most is not None and left <= policy.units_at_most:
        why.append(f"{left} units left <= {policy.units_at_most}")
    lost = loss_ipc(att)
    if policy.loss_exceeds_ipc is not None and lost > policy.loss_exceeds_ipc:
        why.append(f"lost {lost} IPC > {policy.loss_exceeds_ipc}")
    return why


def retreat_plan(policy: RetreatPolicy, round_no: int, att: Sequence[Combatant],
                 options: Sequence[str]) -> Retreat | None:
    """Whether the attacker retreats now, who goes and where (digest §6.4 #3-#4): all movable
    units together; landed units never (p.15); aircraft break off in place; with ships or land
    units and no legal region nobody retreats."""
    why = tuple(retreat_reasons(policy, round_no, att))
    if not why:
        return None
    movable = tuple(c for c in att if c.in_battle and not c.landed)
    if not movable:
        return Retreat(why, blocked="only landed units remain; they never retreat (p.15)")
    dest: str | None = None
    if any(not c.spec.is_air for c in movable):
        if policy.retreat_to is not None and policy.retreat_to in options:
            dest, dsrc = policy.retreat_to, "battle instruction"
        elif options:
            dest = options[0]
            dsrc = "default: first legal retreat region" + (
                f" ({policy.retreat_to} is not a legal retreat region)"
                if policy.retreat_to else "")
        else:
            return Retreat(why, movable, blocked="no legal retreat region: pressing on")
    else:
        dsrc = "aircraft only: they break off and land in noncombat move"
    return Retreat(why, movable, dest, dsrc)


def do_retreat(plan: Retreat, att: Iterable[Combatant]) -> dict[str, str | None]:
    """Move the retreating units (and their cargo) off the board; unit id -> destination
    (``None`` for aircraft: they land in noncombat move, p.18)."""
    att = list(att)
    out: dict[str, str | None] = {}
    for c in plan.movable:
        c.status = "retreated"
        to = None if c.spec.is_air else plan.to
        out[c.id] = to
        for u in att:
            if u.aboard == c.id and u.cargo and u.status == "active":
                u.status = "retreated"
                out[u.id] = to
    return out
