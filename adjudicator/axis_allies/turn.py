"""The A&A turn engine: one power's turn, step by step (digest §2).

:func:`resolve_turn` is pure: ``(state, script, dice, edition, part) -> TurnOutcome`` with a
new state, one result record per order and the JSON events the reports are built from. The
caller's state is never changed; every random number comes from ``dice``.

The order of play is the ruleset's list of turn steps (``Ruleset.turn_steps``,
:mod:`adjudicator.axis_allies.turn_steps`); each runs one method of :class:`_Turn`, the
working turn. A turn can be resolved in one pass or in two (the ``part`` argument, chosen by
the game adapter from the submission and the state's turn step); each step's ``half`` says
which parts run it (:data:`HALVES`):

* ``"full"``   every step: for 1942 purchase, combat move, conduct combat, noncombat move
  with landings, mobilise, aircraft landing, collect income, the end of the turn (victory
  check after the last power), next power; noncombat orders made impossible by the battles
  fail with a reason, and landing plans fall back through their lists;
* ``"first"``  the ``first`` steps (purchase, combat move, conduct combat); the state then
  waits at the same power's ``noncombat`` step so the player can answer the battle results;
* ``"second"`` the ``second`` and ``end`` steps;
* ``"nmr"``    the power sent nothing and the game's NMR policy is "income": only the ``end``
  steps, so it collects income (if its capital is free) and the turn passes.

Illegal orders never stop the turn: each fails on its own, with the validator's rule id and
message in its result record, and the rest is carried out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Literal

from adjudicator.axis_allies import capture as cap
from adjudicator.axis_allies import reland
from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleOrders,
    BattleResult,
    BattleSetup,
    Unit,
    battle_orders,
    controller_after_battle,
    resolve_amphibious,
    resolve_battle,
)
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import ruleset_of
from adjudicator.axis_allies.movement import (
    CarrierPlan,
    Illegal,
    MoveRequest,
    ResolvedMove,
    UnitCount,
)
from adjudicator.axis_allies.orders import BattleInstruction, Move, StandingOrders, TurnScript
from adjudicator.axis_allies.orders import UnitCount as OrderCount
from adjudicator.axis_allies.state import Board, add_unit, copy_state, phase_code, uid_key
from adjudicator.axis_allies.validate import (
    MovePlan,
    check_combat_moves,
    check_noncombat_moves,
    check_placements,
    check_purchase,
    placements_from_order,
    purchase_from_order,
    requests_from_orders,
)
from adjudicator.dice import Dice
from adjudicator.record import field, record, replace

Part = Literal["full", "first", "second", "nmr"]
PER_TURN_FIELDS = {"moved": 0, "moved_in": None, "loaded_this_turn": False, "unloaded": False,
                   "fought": False, "captured_this_turn": False}


# --- standing orders in the state -------------------------------------------------------------


def standing_to_json(s: StandingOrders) -> dict:
    out = {"order_of_loss": list(s.order_of_loss), "battleship_first_hit": s.battleship_first_hit,
           "keep_land_units": s.keep_land_units, "submerge": s.submerge}
    if s.reland:  # only when given: states written before it existed keep their bytes
        out["reland"] = list(s.reland)
    if s.advantages:  # National Advantages decided in advance (Revised), only when given
        out["advantages"] = dict(s.advantages)
    return out


def standing_from_json(d: dict | None) -> StandingOrders | None:
    if not d:
        return None
    return StandingOrders(tuple(d.get("order_of_loss") or ()), d.get("battleship_first_hit"),
                          d.get("keep_land_units"), d.get("submerge"),
                          tuple(d.get("reland") or ()),
                          tuple(sorted((d.get("advantages") or {}).items())))


def set_standing(state: dict, power: str, new: StandingOrders) -> dict:
    """A copy of ``state`` with ``new`` merged over the power's stored standing orders (a
    National Advantage choice the power cannot make is left out: the validator reported
    it)."""
    if new.advantages:
        from adjudicator.axis_allies import advantages

        new = replace(new, advantages=tuple(
            (k, c) for k, c in new.advantages
            if advantages.standing_problem(state, power, k, c) is None))
    out = copy_state(state)
    old = standing_from_json(out.setdefault("standing", {}).get(power)) or StandingOrders()
    out["standing"][power] = standing_to_json(old.merged(new))
    return out


# --- the outcome ------------------------------------------------------------------------------


@record(frozen=True)
class PlannedBattle:
    """One battle of a turn, set up as the turn engine fights it: a land or sea battle
    (``setup`` a :class:`BattleSetup`, ``orders`` its orders) or an amphibious assault
    (``setup`` an :class:`AmphibiousSetup`, ``orders`` the land battle's, ``sea_orders`` the
    sea battle's; ``landed`` maps each landing unit to the transport that carried it)."""

    region: str
    kind: Literal["land", "sea", "amphibious"]
    setup: BattleSetup | AmphibiousSetup
    orders: BattleOrders
    sea_orders: BattleOrders | None = None
    zone: str | None = None
    landed: dict[str, str] = field(default_factory=dict)


def _battle_key(instr: dict[str, BattleInstruction]) -> Callable[[str], tuple]:
    """Battle order within a group: the attacker's ``order N``, then region id (ruling 30)."""

    def key(r: str) -> tuple:
        ins = instr.get(r)
        return (ins.order if ins and ins.order is not None else 10**6, r)

    return key


@record
class TurnOutcome:
    state: dict
    results: list[dict] = field(default_factory=list)
    events: dict = field(default_factory=dict)


class _Turn:
    """Working data of one resolution; consumed by :func:`resolve_turn`."""

    def __init__(self, state: dict, edition: Edition, dice: Dice | None) -> None:
        self.s = copy_state(state)
        self.ed = edition
        self.m = edition.map
        self.ruleset = ruleset_of(edition, self.s)
        self.play = self.ruleset.in_play(self.s)
        self.rules = self.play.rules
        self.dice = dice
        self.power: str = self.s["turn"]["power"]
        self.round: int = self.s["turn"]["round"]
        self.results: list[dict] = []
        self.ev: dict[str, Any] = {
            "round": self.round, "power": self.power, "captures": [], "battles": [],
            "moves": [], "landings": [], "lost_aircraft": [], "placements": [], "refunds": {},
        }
        # what the combat move leaves for the battles (turn steps run in order)
        self.controllers_before_combat: dict[str, str] = {}
        self.combat_moves: list[ResolvedMove] = []
        # defending fighters whose carrier sank: they land again after all the battles
        self.homeless: list[str] = []

    @property
    def board(self) -> Board:
        return Board(self.s, self.ed)

    def result(self, section: str, text: str, ok: bool, reason: str = "",
               rule: str = "", **extra: Any) -> None:
        rec = {"power": self.power, "section": section, "order": text, "success": ok,
               "outcome": "done" if ok else "failed", "reason": reason}
        if rule:
            rec["rule"] = rule
        rec.update(extra)
        self.results.append(rec)

    def name(self, rid: str) -> str:
        return self.m.region(rid).name

    def advantage_orders(self, script: TurnScript, halves: tuple[str, ...]) -> TurnScript:
        """The script without the National Advantage orders that cannot be played (each
        reported failed: ``advantages.check_orders``, or sent with the part of a two-pass
        turn that does not carry it); the advantages' own turn steps play the others."""
        if not script.advantages:
            return script
        from adjudicator.axis_allies import advantages

        who = self.ed.setup.powers[self.power].name
        refused = set()
        for o, message, rule in advantages.check_orders(self.board, self.power,
                                                        script.advantages, who):
            self.result("advantages", o.text(), False, message, rule)
            refused.add(id(o))
        for o in script.advantages:
            adv = advantages.BY_KEY.get(o.key)
            if id(o) not in refused and adv is not None and adv.order_half not in halves:
                self.result("advantages", o.text(), False,
                            f"{adv.name} is played in the "
                            f"{'first' if adv.order_half == 'first' else 'second'} part of the "
                            "turn; this submission was the other part", "wrong-step")
                refused.add(id(o))
        return replace(script, advantages=tuple(o for o in script.advantages
                                                if id(o) not in refused))

    # --- phase 1 -------------------------------------------------------------------------
    def purchase(self, script: TurnScript) -> None:
        treasury = self.s["treasury"][self.power]
        info: dict[str, Any] = {"treasury_before": treasury, "units": {}, "repairs": {},
                                "spent": 0, "treasury_after": treasury}
        self.ev["purchase"] = info
        if self.board.capital_lost(self.power):
            info["skipped"] = "capital in enemy hands: no purchase (p.19)"
            for p in script.purchases:
                self.result("purchase", p.text(), False, info["skipped"], "purchase-capital-lost")
            return
        units: Counter[str] = Counter()
        repairs: Counter[str] = Counter()
        for p in script.purchases:
            for uc in p.units:
                units[uc.unit] += uc.count
            for t, n in p.repairs.items():
                repairs[t] += n
        if not units and not repairs:
            return
        from adjudicator.axis_allies.orders import Purchase

        merged = Purchase(tuple(UnitCount(u, n) for u, n in units.items()), dict(repairs))
        plan = check_purchase(self.s, self.ed, purchase_from_order(merged, self.power))
        texts = "; ".join(p.text() for p in script.purchases)
        if plan.errors:
            reason = "; ".join(e.message for e in plan.errors)
            info["rejected"] = reason
            self.result("purchase", texts, False, reason, plan.errors[0].rule or "")
            return
        self.s["treasury"][self.power] = plan.left
        self.s["purchased"] = dict(sorted(plan.units.items()))
        for t, n in plan.repairs.items():
            self.s["complexes"][t]["damage"] -= n
        self.s["repairs"] = dict(plan.repairs)
        info.update(units=dict(sorted(plan.units.items())), repairs=dict(plan.repairs),
                    spent=plan.spent, treasury_after=plan.left)
        self.result("purchase", texts, True, f"spent {plan.spent} IPC, {plan.left} left")

    # --- phases 2 and 4: moves, with failing requests dropped one by one --------------------
    def apply_moves(self, section: str, orders: tuple, check: Callable[..., MovePlan]
                    ) -> tuple[MovePlan | None, list[ResolvedMove]]:
        reqs: list[MoveRequest | CarrierPlan] = []
        texts: dict[int, str] = {}
        for i, o in enumerate(orders, start=1):
            texts[i] = o.text()
            try:
                reqs.extend(requests_from_orders(o, self.power, line=i, text=o.text()))
            except Illegal as exc:
                self.result(section, o.text(), False, exc.message, exc.rule)
        plan: MovePlan | None = None
        for _ in range(len(reqs) + 1):
            plan = check(self.s, self.ed, self.power, reqs)
            bad: dict[int, Any] = {}
            for e in plan.errors:
                if e.line and e.line not in bad:
                    bad[e.line] = e
            if not bad:
                break
            for line, e in sorted(bad.items()):
                self.result(section, texts[line], False, e.message, e.rule or "")
            reqs = [r for r in reqs if r.line not in bad]
        if plan is None:
            return None, []
        self.s = plan.state
        for cp in plan.carrier_plans:
            self.result(section, texts[cp.line], True, "declared: the carrier stays in combat "
                        "move and moves " + " - ".join(self.name(r) for r in cp.path)
                        + " at the start of noncombat move", path=list(cp.path))
        for mv in plan.moves:
            route = list(mv.path)
            how = f" ({', '.join(mv.effects)})" if mv.effects else ""  # Middle East Oil
            self.result(section, texts[mv.request.line], True,
                        "path " + " - ".join(self.name(r) for r in route) + how, path=route)
            entry = {"section": section, "order": texts[mv.request.line],
                     "path": route, "inferred": mv.path_inferred,
                     "unload_to": mv.unload_to, "blitzed": list(mv.blitzed)}
            if mv.effects:
                entry["effects"] = list(mv.effects)
            self.ev["moves"].append(entry)
        return plan, plan.moves

    def combat_move(self, script: TurnScript) -> None:
        self.controllers_before_combat = dict(self.s["controllers"])
        self.s = self.play.combat_position(self.power, self.s)  # effects: UK Joint Strike
        _, self.combat_moves = self.apply_moves("combat", script.combat_moves,
                                                check_combat_moves)

    def noncombat_move(self, script: TurnScript) -> None:
        declared = self.declared_carrier_moves(script.noncombat_moves)
        self.apply_moves("noncombat", declared + script.noncombat_moves, check_noncombat_moves)
        self.landings(script)
        self.default_landings()

    # --- phase 3 ---------------------------------------------------------------------------
    def combat(self, script: TurnScript, moves: list[ResolvedMove],
               controllers_before: dict[str, str]) -> None:
        """Blitz captures, then raids, amphibious assaults and general combat (p.14-18).

        ``controllers_before``: the controllers before combat move."""
        self.blitz_captures(moves, controllers_before)
        instr, standing = self.battle_instructions(script)
        bombers, assaults = self.raiders_and_assaults(moves)
        key = _battle_key(instr)

        # 3.1 strategic bombing raids
        raids: dict[str, list[str]] = {}
        for uid in sorted(bombers, key=uid_key):
            u = self._unit(uid)
            if u is not None:
                raids.setdefault(u["loc"], []).append(uid)
        for t in sorted(raids, key=key):
            self.raid(t, raids[t])
        # 3.2 amphibious assaults
        fought_zones: set[str] = set()
        for t in sorted(assaults, key=key):
            self.amphibious(t, assaults[t], moves, bombers, instr, standing, fought_zones)
        # 3.3 general combat
        for r in sorted(self.general_battles(bombers, instr, set(assaults), fought_zones),
                        key=key):
            self.general(r, moves, bombers, instr.get(r), standing)
        # empty enemy territories entered by land units are taken without dice (digest §6.2 #12)
        for t in sorted(self.m.territories):
            b = self.board
            if not b.enemy_territory(t, self.power) or b.enemy_units_at(t, self.power):
                continue
            if any(u["power"] == self.power and u["aboard"] is None
                   and self.ed.units[u["type"]].can_capture and u["moved_in"] == "combat"
                   for u in b.units_at(t)):
                self.ev["captures"].append(cap.capture(self.s, self.ed, t, self.power,
                                                       "unopposed"))
        # after all the attacker's battles: defending fighters whose carrier sank (p.27)
        self.reland_homeless(standing)

    def blitz_captures(self, moves: list[ResolvedMove], controllers_before: dict[str, str]
                       ) -> None:
        for mv in moves:
            for t in mv.blitzed:
                # the mover already flipped it in its working state; redo it with the
                # capture bookkeeping (plunder, production, events)
                self.s["controllers"][t] = controllers_before.get(t)
                self.ev["captures"].append(cap.capture(self.s, self.ed, t, self.power, "blitz"))

    def battle_instructions(self, script: TurnScript
                            ) -> tuple[dict[str, BattleInstruction], dict[str, StandingOrders]]:
        """The attacker's battle instructions by region, and every power's standing orders
        (the attacker's as updated by this script)."""
        instr = {b.at: b for b in script.battles}
        standing = {p: standing_from_json(d) for p, d in self.s.get("standing", {}).items()}
        if script.standing is not None:
            mine = standing.get(self.power) or StandingOrders()
            standing[self.power] = mine.merged(script.standing)
        return instr, {p: s for p, s in standing.items() if s is not None}

    def raiders_and_assaults(self, moves: list[ResolvedMove]
                             ) -> tuple[set[str], dict[str, list[ResolvedMove]]]:
        """The bombers flying raids, and the moves unloading into each assaulted territory."""
        bombers = {uid for mv in moves if mv.request.bombing for uid in mv.unit_ids}
        assaults: dict[str, list[ResolvedMove]] = {}
        for mv in moves:
            if mv.unload_to and self.board.enemy_territory(mv.unload_to, self.power):
                assaults.setdefault(mv.unload_to, []).append(mv)
        return bombers, assaults

    def general_battles(self, bombers: set[str], instr: dict[str, BattleInstruction],
                        assaults: set[str], fought_zones: set[str]) -> list[str]:
        b = self.board
        out = []
        for t in self.m.territories:
            if t in assaults or not b.enemy_territory(t, self.power):
                continue
            if not b.enemy_units_at(t, self.power):
                continue
            if any(u["power"] == self.power and u["aboard"] is None and u["id"] not in bombers
                   and u["moved_in"] == "combat" for u in b.units_at(t)):
                out.append(t)
        for z in self.m.sea_zones:
            if z in fought_zones:
                continue
            if not any(u["power"] == self.power and u["aboard"] is None for u in b.units_at(z)):
                continue
            ins = instr.get(z)
            if b.hostile_sea(z, self.power) or (
                b.enemy_units_at(z, self.power) and ins is not None and ins.engage
            ):
                out.append(z)
        return out

    def _unit(self, uid: str) -> dict | None:
        return next((u for u in self.s["units"] if u["id"] == uid), None)

    def _defenders(self, region: str) -> tuple[tuple[Unit, ...], tuple[str, ...]]:
        b = self.board
        enemies = sorted(b.enemy_units_at(region, self.power), key=lambda u: uid_key(u["id"]))
        powers = list(dict.fromkeys(u["power"] for u in enemies))
        ctl = b.controller(region) if self.m.is_land(region) else None
        order = self.ed.setup.turn_order
        if self.m.is_sea(region):
            # lead at sea: the power with most IPC of units there (ruling 19)
            worth = Counter()
            for u in enemies:
                worth[u["power"]] += self.ed.units[u["type"]].cost
            powers.sort(key=lambda p: (-worth[p], order.index(p)))
        else:
            powers.sort(key=lambda p: (p != ctl, order.index(p)))
        return tuple(Unit.from_record(u) for u in enemies), tuple(powers)

    def _retreat_options(self, region: str, moves: list[ResolvedMove]) -> tuple[str, ...]:
        """Adjacent friendly regions an attacking land/sea unit came from, most units first
        (digest §6.4 #4, §6.2 #15)."""
        b = self.board
        came: Counter[str] = Counter()
        for mv in moves:
            if mv.path[-1] != region or len(mv.path) < 2 or mv.unload_to:
                continue
            prev = mv.path[-2]
            if not self.m.are_adjacent(prev, region):
                continue
            for uid in mv.unit_ids:
                u = self._unit(uid)
                if u is None or self.ed.units[u["type"]].is_air:
                    continue
                came[prev] += 1
        ok = []
        for r, n in came.items():
            if self.m.is_land(r) and b.friendly_territory(r, self.power) or self.m.is_sea(r) and not b.hostile_sea(r, self.power):
                ok.append((r, n))
        return tuple(r for r, _ in sorted(ok, key=lambda x: (-x[1], x[0])))

    def raid(self, t: str, bomber_ids: list[str]) -> None:
        b = self.board
        cx = b.complex_at(t)
        bombers = tuple(Unit.from_record(self._unit(u)) for u in bomber_ids)  # type: ignore[arg-type]
        if cx is None or not b.enemy(cx["owner"], self.power):
            self.ev["battles"].append({"region": t, "kind": "bombing", "skipped":
                                       "no enemy industrial complex to bomb"})
            return
        aa = next((u for u in b.enemy_units_at(t, self.power)
                   if self.ed.units[u["type"]].anti_aircraft is not None), None)
        setup = RaidSetup(t, self.power, bombers, self.m.region(t).ipc, cx["damage"],
                          Unit.from_record(aa) if aa else None, self.round,
                          self.s["treasury"].get(cx["owner"], 0))
        res = resolve_raid(self.ed, self.play, setup, self._dice())
        cx["damage"] = res.damage_after
        if res.ipc_lost:  # sbr_model "ipc_loss": from the complex owner's treasury
            self.s["treasury"][cx["owner"]] -= res.ipc_lost
        for uid, fate in res.fates.items():
            if fate == "destroyed":
                self._remove(uid)
            else:
                self._unit(uid)["fought"] = True  # type: ignore[index]
        self.ev["battles"].append({"region": t, "name": self.name(t), "kind": "bombing",
                                   "raid": res.to_json()})

    def _dice(self) -> Dice:
        if self.dice is None:
            raise ValueError("this turn has battles but no dice source was given")
        return self.dice

    def _orders(self, defending: tuple[str, ...], ins: BattleInstruction | None,
                standing: dict[str, StandingOrders], setup: BattleSetup | None = None):
        orders = battle_orders(self.power, defending, standing, ins, self.s["controllers"],
                               self.s.get("advantage_units"))
        if setup is not None:  # effects: who chooses casualties (UK Joint Strike)
            orders = self.play.battle_orders(setup, orders, self.s)
        return orders

    def _attackers_at(self, region: str, bombers: set[str], exclude: set[str] = frozenset()
                      ) -> list[dict]:
        sea = self.m.is_sea(region)
        return [u for u in self.board.units_at(region)
                if u["power"] == self.power and u["aboard"] is None and u["id"] not in bombers
                and u["id"] not in exclude and (sea or u["moved_in"] == "combat")]

    def general_setup(self, region: str, moves: list[ResolvedMove], bombers: set[str]
                      ) -> BattleSetup:
        att = self._attackers_at(region, bombers)
        if self.m.is_sea(region):
            ids = {u["id"] for u in att}
            cargo = [u for u in self.s["units"] if u["aboard"] in ids]
            att = att + cargo
        defenders, powers = self._defenders(region)
        kind = "sea" if self.m.is_sea(region) else "land"
        return BattleSetup(region, kind, self.power,
                           tuple(Unit.from_record(u) for u in sorted(att, key=lambda u:
                                                                     uid_key(u["id"]))),
                           defenders, powers, self._retreat_options(region, moves), self.round)

    def general(self, region: str, moves: list[ResolvedMove], bombers: set[str],
                ins: BattleInstruction | None, standing: dict[str, StandingOrders]) -> None:
        setup = self.general_setup(region, moves, bombers)
        kind = setup.kind
        powers = setup.defending_powers
        res = resolve_battle(self.ed, self.play, setup,
                             self._orders(powers, ins, standing, setup),
                             self._dice())
        self.apply_result(res, {u.id for u in setup.attackers})
        self.ev["battles"].append({"region": region, "name": self.name(region), "kind": kind,
                                   "result": res.to_json(),
                                   "instruction": ins.text() if ins else None})
        self.after_land_battle(res)

    def amphibious_setup(self, t: str, assault_moves: list[ResolvedMove],
                         moves: list[ResolvedMove], bombers: set[str],
                         instr: dict[str, BattleInstruction],
                         standing: dict[str, StandingOrders], fought_zones: set[str]
                         ) -> PlannedBattle:
        """The assault on ``t`` as :func:`resolve_amphibious` fights it (its sea battle is
        fought with the first assault from the zone: ``fought_zones`` is updated)."""
        b = self.board
        landed: dict[str, str] = {}  # cargo id -> the transport that carried it
        zone = assault_moves[0].path[-1]
        for mv in assault_moves:
            for cid in mv.unloaded:
                landed[cid] = mv.carried_by.get(cid, "")
        ins_land = instr.get(t)
        ins_sea = instr.get(zone)
        overland = [u for u in self._attackers_at(t, bombers) if u["id"] not in landed]
        land_att = [Unit.from_record(u) for u in overland] + [
            Unit(cid, self.power, self._unit(cid)["type"], 0, tid or None, True)  # type: ignore[index]
            for cid, tid in sorted(landed.items(), key=lambda x: uid_key(x[0]))]
        defenders, powers = self._defenders(t)
        land = BattleSetup(t, "land", self.power, tuple(land_att), defenders, powers,
                           self._retreat_options(t, moves), self.round)
        sea = None
        sea_orders = None
        hostile = b.hostile_sea(zone, self.power) or (
            bool(b.enemy_units_at(zone, self.power)) and ins_sea is not None and ins_sea.engage)
        if hostile and zone not in fought_zones:
            fought_zones.add(zone)
            sea_att = [Unit.from_record(u) for u in self._attackers_at(zone, bombers)]
            ids = {u.id for u in sea_att}
            sea_att += [Unit.from_record(u) for u in self.s["units"] if u["aboard"] in ids]
            sea_att += [Unit(cid, self.power, self._unit(cid)["type"], 0, tid or None)  # type: ignore[index]
                        for cid, tid in landed.items()]
            sdef, spowers = self._defenders(zone)
            sea = BattleSetup(zone, "sea", self.power, tuple(sea_att), sdef, spowers,
                              self._retreat_options(zone, moves), self.round)
            sea_orders = self._orders(spowers, ins_sea, standing, sea)
        bombarding = tuple(
            Unit.from_record(self._unit(uid))  # type: ignore[arg-type]
            for mv in moves if mv.request.bombard and mv.path[-1] == zone
            and mv.request.bombard in ("*", t)
            for uid in mv.unit_ids)
        setup = AmphibiousSetup(sea, land, bombarding)
        return PlannedBattle(t, "amphibious", setup,
                             self._orders(powers, ins_land, standing, land),
                             sea_orders, zone, landed)

    def amphibious(self, t: str, assault_moves: list[ResolvedMove], moves: list[ResolvedMove],
                   bombers: set[str], instr: dict[str, BattleInstruction],
                   standing: dict[str, StandingOrders], fought_zones: set[str]) -> None:
        plan = self.amphibious_setup(t, assault_moves, moves, bombers, instr, standing,
                                     fought_zones)
        setup, sea_orders, land_orders = plan.setup, plan.sea_orders, plan.orders
        sea, land, landed, zone = setup.sea, setup.land, plan.landed, plan.zone
        bombarding, ins_land = setup.bombarding, instr.get(t)
        res = resolve_amphibious(self.ed, self.play, setup, sea_orders, land_orders,
                                 self._dice())
        if res.sea is not None:
            self.apply_result(res.sea, {u.id for u in sea.attackers})  # type: ignore[union-attr]
        for cid in res.not_landed:
            u = self._unit(cid)
            tr = self._unit(landed.get(cid, ""))
            if u is not None and tr is not None:
                u.update(loc=tr["loc"], aboard=tr["id"])
        if res.land is not None:
            self.apply_result(res.land, {u.id for u in land.attackers})
        for uid in {u.id for u in bombarding}:
            if self._unit(uid):
                self._unit(uid)["fought"] = True  # type: ignore[index]
        self.ev["battles"].append({"region": t, "name": self.name(t), "kind": "amphibious",
                                   "zone": zone, "result": res.to_json(),
                                   "instruction": ins_land.text() if ins_land else None})
        if res.land is not None:
            self.after_land_battle(res.land)

    def apply_result(self, res: BattleResult, attackers: set[str]) -> None:
        for uid in res.homeless_fighters:
            # off the sunk carrier first, so they are not removed with its cargo; they land
            # again after all the battles (reland_homeless)
            u = self._unit(uid)
            if u is not None:
                u["aboard"] = None
                self.homeless.append(uid)
        for uid, fate in res.fates.items():
            u = self._unit(uid)
            if u is None:
                continue
            if fate == "destroyed":
                self._remove(uid)
                continue
            if fate == "retreated":
                to = res.retreated_to.get(uid)
                if to is not None:
                    u["loc"] = to
            if uid in res.damage:
                u["damage"] = res.damage[uid]
            if uid in attackers:
                u["fought"] = True

    def reland_homeless(self, standing: dict[str, StandingOrders]) -> None:
        """Defending fighters whose carrier sank land again, after all the attacker's battles
        and before its noncombat move (1942 p.27; :mod:`~adjudicator.axis_allies.reland`),
        where their owners' standing orders say, else by the default (ruling 48)."""
        prefs = {p: s.reland for p, s in standing.items() if s.reland}
        landings, lost = reland.reland_defenders(self.s, self.ed, self.homeless, prefs)
        self.homeless = []
        self.ev["landings"].extend(landings)
        self.ev["lost_aircraft"].extend(lost)

    def after_land_battle(self, res: BattleResult) -> None:
        if res.kind != "land":
            return
        ctl = self.s["controllers"].get(res.region)
        if controller_after_battle(res, ctl) != ctl:
            self.ev["captures"].append(cap.capture(self.s, self.ed, res.region, self.power,
                                                   "battle"))

    def _remove(self, uid: str) -> None:
        gone = {uid} | {u["id"] for u in self.s["units"] if u["aboard"] == uid}
        self.s["units"] = [u for u in self.s["units"] if u["id"] not in gone]

    # --- landings --------------------------------------------------------------------------
    def unlanded(self, include_new_carriers: bool = True) -> list[dict]:
        """The power's aircraft not on a legal landing spot (p.21): land friendly since the
        start of the turn, or room on a friendly carrier in the zone."""
        b = self.board
        room: Counter[str] = Counter()
        for u in self.s["units"]:
            s = b.spec(u)
            if s.carrier_capacity and b.allied(u["power"], self.power):
                room[u["loc"]] += s.carrier_capacity - sum(
                    b.spec(c).carrier_cost for c in b.cargo_of(u["id"]))
        out = []
        for u in sorted(self.s["units"], key=lambda u: uid_key(u["id"])):
            s = b.spec(u)
            if u["power"] != self.power or not s.is_air or u["aboard"] is not None:
                continue
            if self.m.is_land(u["loc"]):
                if b.friendly_at_start(u["loc"], self.power):
                    continue
            elif s.carrier_cost and room[u["loc"]] >= s.carrier_cost:
                room[u["loc"]] -= s.carrier_cost
                continue
            out.append(u)
        return out

    def _try_fly(self, units: tuple[UnitCount, ...], origin: str, dest: str) -> str | None:
        """Fly ``units`` from ``origin`` to ``dest`` in noncombat move; ``None`` when legal
        (the state is updated), else the reason.

        The aircraft flown are the ones still waiting to land there (by id), never a
        fighter already on a carrier or one that landed."""
        waiting = [u for u in self.unlanded() if u["loc"] == origin]
        if origin == dest:
            return None if not waiting else f"{self.name(dest)} is not a legal landing spot"
        ids: list[str] = []
        for uc in units:
            ids += [u["id"] for u in waiting if u["type"] == uc.unit][: uc.count]
        if len(ids) != sum(uc.count for uc in units):
            return "no such aircraft waiting to land there"
        req = MoveRequest(self.power, units, (origin, dest), False, unit_ids=tuple(ids), line=1,
                          text=f"land at {dest}")
        plan = check_noncombat_moves(self.s, self.ed, self.power, [req])
        errs = [e for e in plan.errors if e.line == 1]
        if errs:
            return errs[0].message
        self.s = plan.state
        return None

    def landings(self, script: TurnScript) -> None:
        for plan in script.landings:
            origin = plan.origin or self._landing_origin(plan.units)
            if origin is None:
                self.result("landing", plan.text(), False,
                            "no aircraft of that kind waiting to land", "landing-no-aircraft")
                continue
            reasons = []
            for i, choice in enumerate(plan.choices):
                why = self._try_fly(plan.units, origin, choice)
                if why is None:
                    src = "plan" if i == 0 else f"fallback {i}"
                    self.result("landing", plan.text(), True, f"landed in {self.name(choice)}"
                                + ("" if i == 0 else f" ({src}: " + "; ".join(reasons) + ")"))
                    self.ev["landings"].append({"units": {u.unit: u.count for u in plan.units},
                                                "from": origin, "to": choice, "source": src,
                                                "power": self.power})
                    break
                reasons.append(f"{self.name(choice)}: {why}")
            else:
                self.result("landing", plan.text(), False, "; ".join(reasons), "landing-failed")

    def declared_carrier_moves(self, orders: tuple) -> tuple:
        """The carrier moves declared in combat move for fighter landings (p.26: binding) that
        the player's noncombat lines do not make themselves, as moves to carry out first."""
        committed: dict[str, list[str]] = self.s.get("committed_carriers") or {}
        mine: Counter[tuple[str, str]] = Counter()
        for o in orders:
            if isinstance(o, Move):
                for uc in o.units:
                    if self.ed.units[uc.unit].carrier_capacity:
                        mine[(o.start, o.end)] += uc.count
        todo: dict[tuple[str, ...], Counter[str]] = {}
        for uid, path in sorted(committed.items(), key=lambda x: uid_key(x[0])):
            u = self._unit(uid)
            if u is None or len(path) < 2 or u["loc"] != path[0]:
                continue  # sunk, or it stays put
            if mine[(path[0], path[-1])] > 0:
                mine[(path[0], path[-1])] -= 1
                continue
            todo.setdefault(tuple(path), Counter())[u["type"]] += 1
        return tuple(Move(tuple(OrderCount(t, n) for t, n in c.items()), path, len(path) > 2)
                     for path, c in todo.items())

    def _landing_origin(self, units: tuple[UnitCount, ...]) -> str | None:
        want = {u.unit for u in units}
        locs = sorted({u["loc"] for u in self.unlanded() if u["type"] in want})
        if not locs:
            locs = sorted({u["loc"] for u in self.s["units"] if u["power"] == self.power
                           and u["type"] in want and u["moved_in"] == "combat"})
        return locs[0] if locs else None

    def default_landings(self) -> None:
        """Aircraft still in the air get the nearest legal landing spot (digest §6.4 #15)."""
        b = self.board
        for u in self.unlanded():
            if self._unit(u["id"]) is None:
                continue
            spec = b.spec(u)
            left = b.moves(u) - u["moved"]
            reach = self.m.reachable(u["loc"], left, "air", cost=b.air_cost(u))
            cands = sorted(((d, r) for r, d in reach.items() if r != u["loc"] and (
                (self.m.is_land(r) and b.friendly_at_start(r, self.power))
                or (self.m.is_sea(r) and spec.carrier_cost))), key=lambda x: (x[0], x[1]))
            for _, r in cands:
                before = self.s  # _try_fly replaces the state; keep it to undo a bad landing
                if self._try_fly((UnitCount(u["type"], 1),), u["loc"], r) is None \
                        and not any(x["id"] == u["id"] for x in self.unlanded()):
                    self.ev["landings"].append({"units": {u["type"]: 1}, "unit": u["id"],
                                                "from": u["loc"], "to": r, "power": self.power,
                                                "source": "default: nearest legal landing"})
                    break
                self.s = before  # e.g. a sea zone with no carrier room: try the next spot

    def lose_unlanded(self) -> None:
        """Aircraft with no legal landing are destroyed at the end of noncombat move (p.21)."""
        for u in self.unlanded():
            self._remove(u["id"])
            self.ev["lost_aircraft"].append({"unit": u["id"], "power": self.power,
                                             "type": u["type"], "at": u["loc"],
                                             "why": "no legal landing spot in range"})
            self.result("landing", f"{u['type']} {u['id']} at {self.name(u['loc'])}", False,
                        "no legal landing spot: the aircraft is lost", "air-no-landing")

    def board_carriers(self) -> None:
        """Fighters that ended at sea go aboard a friendly carrier with room."""
        b = self.board
        for u in sorted(self.s["units"], key=lambda u: uid_key(u["id"])):
            if u["power"] != self.power or not b.spec(u).carrier_cost or u["aboard"]:
                continue
            if not self.m.is_sea(u["loc"]):
                continue
            for c in sorted(b.units_at(u["loc"]), key=lambda c: (c["power"] != self.power,
                                                                  uid_key(c["id"]))):
                if b.spec(c).carrier_capacity and b.allied(c["power"], self.power) \
                        and b.carrier_room(c) >= b.spec(u).carrier_cost:
                    u["aboard"] = c["id"]
                    break

    # --- phase 5 -----------------------------------------------------------------------
    def mobilise(self, script: TurnScript) -> None:
        bought = Counter(self.s.get("purchased", {}))
        if not bought:
            for p in script.placements:
                self.result("place", p.text(), False, "nothing was bought this turn",
                            "place-not-purchased")
            return
        reqs = []
        texts: dict[int, str] = {}
        for i, p in enumerate(script.placements, start=1):
            texts[i] = p.text()
            reqs.extend(placements_from_order(p, self.power, line=i, text=p.text()))
        failed: set[int] = set()
        partial: set[int] = set()
        asked: Counter[int] = Counter()
        for r in reqs:
            asked[r.line] += r.count
        limits: dict[int, str] = {}  # line -> the complex and its limit, as first refused
        plan = None
        for _ in range(sum(r.count for r in reqs) + len(reqs) + 1):
            plan = check_placements(self.s, self.ed, self.power, reqs)
            bad = {e.line: e for e in plan.errors if e.line}
            if not bad:
                break
            # over a complex's limit: place as many as fit, the rest is refunded (p.22)
            shrunk = []
            for r in reqs:
                e = bad.get(r.line)
                if e is not None and e.rule == "mobilisation-limit" and r.count > 1:
                    shrunk.append(replace(r, count=r.count - 1))
                    partial.add(r.line)
                    limits.setdefault(r.line, e.message)
                elif e is None:
                    shrunk.append(r)
            for line, e in sorted(bad.items()):
                if e.rule == "mobilisation-limit" and any(r.line == line for r in shrunk):
                    continue
                self.result("place", texts[line], False, e.message, e.rule or "")
                failed.add(line)
            reqs = shrunk
        placed = plan.placed if plan is not None else []
        for unit, n, region, _site in placed:
            if self.ed.units[unit].production:
                self.s["complexes"][region] = {"owner": self.power, "damage": 0, "new": True}
                self.s["complexes"] = dict(sorted(self.s["complexes"].items()))
            else:
                for _ in range(n):
                    add_unit(self.s, self.power, unit, region)
            bought[unit] -= n
            self.ev["placements"].append({"unit": unit, "count": n, "at": region})
        for line in sorted(set(texts) - failed):
            if line in partial:
                n = sum(r.count for r in reqs if r.line == line)
                self.result("place", texts[line], True, f"{limits[line]}: {n} mobilised, "
                            f"{asked[line] - n} refunded")
            else:
                self.result("place", texts[line], True, "placed")
        refund = 0
        for unit, n in sorted(bought.items()):
            if n > 0:
                self.ev["refunds"][unit] = n
                refund += n * self.board.cost(self.power, unit)
        if refund:
            self.s["treasury"][self.power] += refund
            self.ev["refund_ipc"] = refund
        self.s["purchased"] = {}

    # --- phase 6 and the end of the turn ---------------------------------------------------
    def collect(self) -> None:
        level = cap.income_of(self.s, self.ed, self.power)
        amount = self.play.income(self.power, self.s, level)
        self.s["treasury"][self.power] += amount
        self.ev["income"] = {"power": self.power, "amount": amount,
                             "treasury": self.s["treasury"][self.power],
                             "why": "capital in enemy hands: no income (p.23)"
                             if self.power in self.s["captured_capitals"] else
                             "production level"}
        changes = self.play.income_changes(self.power, self.s, level)
        if changes:  # an effect changed the income (U-boat Interdiction): named in the report
            self.ev["income"]["changes"] = changes

    def end_of_turn(self) -> None:
        self.ev["aa_returned"] = cap.end_of_turn_returns(self.s)
        for u in self.s["units"]:
            u.update(PER_TURN_FIELDS)
        for cx in self.s["complexes"].values():
            cx["new"] = False
        self.s["purchased"] = {}
        self.s["repairs"] = {}
        self.s["committed_carriers"] = {}

    def repair_damage(self) -> None:
        """Every damaged multi-hit unit is repaired (``battleship_repair = "end_of_turn"``)."""
        repaired = []
        for u in self.s["units"]:
            if u["damage"] and self.ed.units[u["type"]].hits > 1:
                u["damage"] = 0
                repaired.append(u["id"])
        self.ev["repaired"] = sorted(repaired, key=uid_key)

    @property
    def last_of_round(self) -> bool:
        return self.ed.setup.turn_order[-1] == self.power

    def victory_check(self) -> None:
        result = cap.victory_check(self.s, self.ed)
        self.ev["victory_check"] = {"round": self.round, "result": result,
                                    "victory_cities": cap.victory_cities(self.s, self.ed)}
        if result is not None:
            self.s["result"] = result

    def next_power(self) -> None:
        order = self.ed.setup.turn_order
        rnd = self.round + 1 if self.last_of_round else self.round
        nxt = order[(order.index(self.power) + 1) % len(order)]
        self.s["turn"] = {"round": rnd, "power": nxt, "step": "purchase"}
        self.s["phase"] = phase_code(rnd, nxt, "purchase")
        self.s["turn_start_controllers"] = dict(sorted(self.s["controllers"].items()))

    def wait_for_noncombat(self) -> None:
        self.s["turn"] = {**self.s["turn"], "step": "noncombat"}
        self.s["phase"] = phase_code(self.round, self.power, "noncombat")

    def finish(self) -> TurnOutcome:
        self.s["units"].sort(key=lambda u: uid_key(u["id"]))
        self.s["controllers"] = dict(sorted(self.s["controllers"].items()))
        self.ev["production"] = cap.production_levels(self.s, self.ed)
        self.ev["victory_cities"] = cap.victory_cities(self.s, self.ed)
        self.ev["treasury"] = dict(self.s["treasury"])
        self.ev["captured_capitals"] = dict(self.s["captured_capitals"])
        return TurnOutcome(self.s, self.results, self.ev)


#: The halves of the order of play each part of a turn runs (``TurnStep.half``).
HALVES: dict[str, tuple[str, ...]] = {
    "full": ("first", "second", "end"),
    "first": ("first",),
    "second": ("second", "end"),
    "nmr": ("end",),
}


def resolve_turn(state: dict, script: TurnScript, dice: Dice | None, edition: Edition,
                 part: Part = "full") -> TurnOutcome:
    """Resolve ``part`` of the current power's turn (see the module docstring): the
    ruleset's turn steps (``Ruleset.turn_steps``) of the halves ``part`` includes, in order,
    each that applies; after the first half alone the state waits at the power's noncombat
    step."""
    t = _Turn(state, edition, dice)
    t.ev["part"] = part
    if script.standing is not None:
        t.s = set_standing(t.s, t.power, script.standing)
        t.ev["standing_updated"] = True
    halves = HALVES[part]
    script = t.advantage_orders(script, halves)
    for step in t.play.turn_steps():  # the ruleset's, and any the effects in play add
        if step.half in halves and step.applies(t):
            step.run(t, script)
    if part == "first":
        t.wait_for_noncombat()
    return t.finish()


def plan_battles(state: dict, script: TurnScript, edition: Edition
                 ) -> tuple[dict[str, PlannedBattle], list[dict]]:
    """The battles the current power's combat move in ``script`` leads to, each set up as
    :func:`resolve_turn` would fight it, without a die rolled (``adj odds``).

    Every battle is set up from the position after the combat move and its blitzes (raids
    and earlier battles of the turn do not change who fights where; the sea battle of a
    landing zone goes with the first assault from it, as in the turn). Returns the battles
    by region, and the result records of the orders that failed (they are left out).
    """
    from adjudicator.axis_allies.turn_steps import CombatMove, ConductCombat

    t = _Turn(state, edition, None)
    if script.standing is not None:
        t.s = set_standing(t.s, t.power, script.standing)
    # the turn's own steps up to the battles, those the preview runs (``TurnStep.preview``:
    # no dice, and they change who fights where): the combat move, and National Advantages
    # such as UK Enigma Decoded and the Soviet Nonaggression Treaty (ruling R-13)
    for step in t.play.turn_steps():
        if step.key == ConductCombat.key:
            break
        # the combat move by its key too: an effect may wrap it (UK Joint Strike skips it)
        if ((step.preview or step.key == CombatMove.key) and step.half == "first"
                and step.applies(t)):
            step.run(t, script)
    moves = t.combat_moves
    t.blitz_captures(moves, t.controllers_before_combat)
    instr, standing = t.battle_instructions(script)
    bombers, assaults = t.raiders_and_assaults(moves)
    out: dict[str, PlannedBattle] = {}
    fought: set[str] = set()
    for r in sorted(assaults, key=_battle_key(instr)):
        out[r] = t.amphibious_setup(r, assaults[r], moves, bombers, instr, standing, fought)
    for r in t.general_battles(bombers, instr, set(assaults), fought):
        setup = t.general_setup(r, moves, bombers)
        out[r] = PlannedBattle(r, setup.kind, setup,
                               t._orders(setup.defending_powers, instr.get(r), standing,
                                         setup))
    return out, [r for r in t.results if not r["success"]]
