"""Casualty selection for Axis & Allies battles: who dies when a side takes hits.

The rulebook lets the *owner* choose casualties (p.15-17); in play-by-email the owner is not
there, so the choice comes from, in this order: the attacker's per-battle instruction, the
owner's standing orders, then the engine's documented default (cheapest first, digest §6.4
#1-#2). Rules constrain every choice and are never overridden by a policy: submarine hits
never go to aircraft, aircraft hit submarines only when a destroyer of their own power is in
the battle, transports are chosen last, cargo is never a target, AA guns are never casualties.
When the owner's preferred unit is illegal for a hit, the next legal unit in the same order
is taken and the log says why.

Every decision returns a JSON-ready ``why`` record, because players must be able to check
from the battle report that the engine followed their orders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from adjudicator.axis_allies.data import UnitSpec
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders
from adjudicator.axis_allies.rules import Rules
from adjudicator.record import field, record

Source = Literal["battle-instruction", "standing-order", "default"]
Side = Literal["attacker", "defender"]
Status = Literal["active", "pending", "dead", "submerged", "retreated"]


# --- units in battle ------------------------------------------------------------------------


@record
class Combatant:
    """One unit on the battle board (mutable: damage and status change during the battle).

    ``cargo`` units ride aboard a ship and are never targets; they die with the ship. A
    defending fighter aboard a carrier is *not* cargo: it defends in the air (p.28).
    ``status``: ``pending`` = in the defender's casualty zone (hit, still fires this round).
    """

    id: str
    power: str
    type: str
    spec: UnitSpec
    side: Side
    damage: int = 0
    aboard: str | None = None
    cargo: bool = False
    landed: bool = False
    status: Status = "active"
    #: the combat value in its role with the effects in play (``None``: the printed one)
    rated: int | None = None
    #: dice it rolls each time it fires, with the effects in play (Heavy Bombers: 2)
    dice: int = 1
    #: its shore bombardment value with the effects in play (``None``: the printed one)
    bombard_rating: int | None = None
    #: its hits fall on ships only (a kamikaze aircraft, Revised digest C4 #3)
    ships_only: bool = False

    @property
    def value(self) -> int:
        """Combat value in this unit's role (attack or defence): the printed one, or as the
        effects in play make it (``rated``)."""
        if self.rated is not None:
            return self.rated
        return self.spec.attack if self.side == "attacker" else self.spec.defence

    @property
    def in_battle(self) -> bool:
        """On the board: active, or hit but still firing back this round."""
        return self.status in ("active", "pending") and not self.cargo

    @property
    def combat_capable(self) -> bool:
        """Can roll in this battle (digest §6.2 #10): not cargo, not an AA gun, value > 0."""
        return self.in_battle and self.value > 0 and self.spec.anti_aircraft is None

    @property
    def noncombat(self) -> bool:
        """A unit that never rolls but can be a casualty: a transport (attack/defence 0)."""
        return self.spec.casualty and self.spec.attack == 0 and self.spec.defence == 0

    def sort_key(self) -> tuple[int, str]:
        """Natural id order (``u2`` before ``u10``) so every tie-break is reproducible."""
        digits = "".join(ch for ch in self.id if ch.isdigit())
        return (int(digits) if digits else 0, self.id)


@record(frozen=True)
class Hit:
    """One hit to be assigned, with the restrictions of the unit that scored it.

    ``no_air``: scored by a submarine (p.30: subs cannot hit aircraft).
    ``no_subs``: scored by an aircraft with no destroyer of its power present (p.17, p.30).
    """

    by: str  # unit id (or "bombard"/"aa") that rolled the hit
    no_air: bool = False
    no_subs: bool = False

    @property
    def restriction_rank(self) -> int:
        """Restricted hits are assigned first so that a flexible hit never takes the only
        unit a restricted hit could have hit (maximises hits placed, as the rules intend)."""
        return 0 if (self.no_air or self.no_subs) else 1


# --- policies -------------------------------------------------------------------------------


@record(frozen=True)
class LossPolicy:
    """How one power chooses its own casualties, with where each setting came from.

    ``order``: unit type ids, first to die first; unlisted types follow in default order.
    ``battleship_first_hit``: an undamaged battleship absorbs a hit before the list is read.
    ``keep_land_units``: attacker in a land battle keeps this many capturing land units as
    long as any other legal casualty exists (so a win can capture, digest §6.4 #2).
    """

    power: str
    order: tuple[str, ...] = ()
    order_source: Source = "default"
    battleship_first_hit: bool = True
    battleship_source: Source = "default"
    keep_land_units: int = 0
    keep_source: Source = "default"

    @classmethod
    def build(
        cls,
        power: str,
        standing: StandingOrders | None = None,
        instruction: BattleInstruction | None = None,
        *,
        default_keep: int = 0,
    ) -> LossPolicy:
        """Per-battle instruction over standing orders over defaults, field by field."""

        def pick(name: str, default: Any) -> tuple[Any, Source]:
            for src, obj in (("battle-instruction", instruction), ("standing-order", standing)):
                if obj is None:
                    continue
                v = getattr(obj, name)
                if v is not None and v != ():
                    return v, src  # type: ignore[return-value]
            return default, "default"

        order, osrc = pick("order_of_loss", ())
        bb, bsrc = pick("battleship_first_hit", True)
        keep, ksrc = pick("keep_land_units", default_keep)
        return cls(power, tuple(order), osrc, bool(bb), bsrc, int(keep), ksrc)


@record
class Chooser:
    """Chooses one side's casualties.

    For a multinational defence (p.20: the co-defenders agree, else the attacker decides)
    the *lead* power's list is the side's joint list (the lead is the first of the side's
    powers: the turn engine lists the territory's controller first). Same-type ties go to
    the power that has more of that type left, so a small allied contingent is not wiped
    out first. See docs/rulings.md, Combat.
    """

    policy: LossPolicy
    powers: tuple[str, ...]
    table_order: Mapping[str, int]
    land_battle: bool
    rules: Rules
    role: Side
    notes: list[str] = field(default_factory=list)

    # --- ranking ---------------------------------------------------------------------
    def _type_rank(self, c: Combatant) -> tuple:
        order = self.policy.order
        if c.type in order:
            return (0, order.index(c.type))
        # default: cheapest first; then the weaker unit in its role; then table order
        return (1, c.spec.cost, c.value, self.table_order.get(c.type, 99))

    def ranked(self, cands: Iterable[Combatant], everyone: Sequence[Combatant]) -> list[Combatant]:
        per_power_type = Counter((u.power, u.type) for u in everyone if u.status == "active")
        cargo = Counter(u.aboard for u in everyone if u.aboard and u.status != "dead")
        power_pos = {p: i for i, p in enumerate(self.powers)}

        def key(c: Combatant) -> tuple:
            return (
                self._type_rank(c),
                c.damage,  # an undamaged battleship before a damaged one: damage, not a loss
                -per_power_type[(c.power, c.type)],
                power_pos.get(c.power, 99),
                cargo[c.id],  # an empty transport before a loaded one
                c.sort_key(),
            )

        return sorted(cands, key=key)

    # --- legality --------------------------------------------------------------------
    @staticmethod
    def illegal_reason(c: Combatant, hit: Hit) -> str | None:
        if hit.no_air and c.spec.is_air:
            return "submarine hits cannot be taken by aircraft"
        if hit.no_subs and c.spec.submarine:
            return "aircraft cannot hit submarines without a destroyer of their own power"
        return None

    def legal_for(self, hit: Hit, pool: Sequence[Combatant]) -> tuple[list[Combatant], dict]:
        """Units that may take this hit, and why each excluded one may not."""
        why_not: dict[str, str] = {}
        ok = []
        for c in pool:
            reason = self.illegal_reason(c, hit)
            if reason:
                why_not[c.id] = reason
            else:
                ok.append(c)
        if self.rules.transports_casualty_last and any(not c.noncombat for c in ok):
            for c in ok:
                if c.noncombat:
                    why_not[c.id] = "transports are chosen last"
            ok = [c for c in ok if not c.noncombat]
        return ok, why_not

    # --- choice ----------------------------------------------------------------------
    def choose(
        self, hit: Hit, pool: Sequence[Combatant], everyone: Sequence[Combatant]
    ) -> tuple[Combatant, dict] | None:
        """The unit that takes ``hit`` (from ``pool``, the units still able to), and why."""
        legal, why_not = self.legal_for(hit, pool)
        if not legal:
            return None
        p = self.policy
        ranked_all = self.ranked(pool, everyone)
        legal_ids = {c.id for c in legal}
        ranked = [c for c in ranked_all if c.id in legal_ids]
        src = p.order_source
        list_text = (
            "order of loss " + ", ".join(p.order) if p.order else "cheapest first"
        ) + f" ({src})"
        lead = f"{p.power}'s " if len(self.powers) > 1 else ""
        if p.battleship_first_hit:
            for c in ranked:
                if c.spec.hits > 1 and c.damage == 0:
                    return c, {
                        "source": p.battleship_source,
                        "rule": "battleship-first-hit",
                        "detail": f"{lead}undamaged {c.type} absorbs the hit "
                        f"(battleship takes first hit: {p.battleship_source})",
                    }
        chosen = ranked[0]
        kept = ""
        if self.role == "attacker" and self.land_battle and p.keep_land_units > 0:
            capturers = sum(
                1 for u in everyone if u.status == "active" and u.spec.can_capture and not u.cargo
            )
            if capturers <= p.keep_land_units:
                others = [c for c in ranked if not c.spec.can_capture]
                if chosen.spec.can_capture and others:
                    chosen = others[0]
                    kept = (
                        f"; kept {p.keep_land_units} land unit(s) to capture "
                        f"({p.keep_source})"
                    )
        first = ranked_all[0]
        if first is not chosen and first.id in why_not:
            return chosen, {
                "source": src,
                "rule": "next-legal",
                "detail": f"{lead}{list_text}: first choice {first.type} {first.id} cannot "
                f"take it ({why_not[first.id]}); next legal is {chosen.type}{kept}",
            }
        return chosen, {
            "source": p.keep_source if kept else src,
            "rule": "keep-land-units" if kept else "order-of-loss",
            "detail": f"{lead}{list_text}{kept}",
        }


@record(frozen=True)
class Assignment:
    unit: str
    type: str
    power: str
    effect: Literal["damaged", "destroyed"]
    hit_by: str
    why: dict

    def to_json(self) -> dict:
        return {
            "unit": self.unit,
            "type": self.type,
            "power": self.power,
            "effect": self.effect,
            "hit_by": self.hit_by,
            "why": self.why,
        }


def assign_hits(
    chooser: Chooser, hits: Sequence[Hit], side_units: Sequence[Combatant]
) -> tuple[list[Assignment], list[dict]]:
    """Assign ``hits`` to ``side_units`` (which the caller then updates from the result).

    Works on a scratch copy of damage and status so several hits on one battleship within one
    volley are counted right. Restricted hits go first (see :class:`Hit`); a hit with no
    legal target is wasted and reported.
    """
    scratch = {
        c.id: Combatant(
            c.id, c.power, c.type, c.spec, c.side, c.damage, c.aboard, c.cargo, c.landed, c.status,
            c.rated,
        )
        for c in side_units
    }
    everyone = list(scratch.values())
    out: list[Assignment] = []
    wasted: list[dict] = []
    for hit in sorted(hits, key=lambda h: h.restriction_rank):
        pool = [c for c in everyone if c.status == "active" and not c.cargo and c.spec.casualty]
        got = chooser.choose(hit, pool, everyone)
        if got is None:
            wasted.append({"hit_by": hit.by, "why": "no unit can legally take this hit"})
            continue
        c, why = got
        if c.damage + 1 < c.spec.hits:
            c.damage += 1
            out.append(Assignment(c.id, c.type, c.power, "damaged", hit.by, why))
        else:
            c.damage += 1
            c.status = "dead"
            out.append(Assignment(c.id, c.type, c.power, "destroyed", hit.by, why))
    return out, wasted
