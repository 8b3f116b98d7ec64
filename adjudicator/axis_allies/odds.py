"""The exact outcome distribution of an Axis & Allies battle (``adj odds``).

Online calculators answer "what are my chances?" with a few thousand random battles (about
one percentage point of error). This module computes the distribution exactly: a Markov
chain whose states are the units left on each side, with the transition probabilities of
one combat round. It takes the same inputs as the battle engine
(:class:`~.combat.BattleSetup`, :class:`~.combat.BattleOrders`, or an
:class:`~.combat.AmphibiousSetup`) and asks the same rules code,
:mod:`~adjudicator.axis_allies.battle_steps` and :mod:`~adjudicator.axis_allies.casualties`,
every question a real battle asks: who fires at what value, what each hit may take and who
the owner's order of loss picks, what the submarines do, when the battle ends, when the
attacker retreats. Only the dice are replaced: a volley's hits are counted with their exact
probabilities instead of being rolled. The battle runs the same list of steps the engine
runs (the ruleset's, :mod:`adjudicator.axis_allies.battle`): each step spreads the
distribution (``BattleStep.spread``) using this module's primitives.

How it stays exact and fast:

* **States are kinds, not unit ids.** Units of one power and type that no rule tells apart
  (same landed flag, no cargo) are one *run*; a state counts the units of each run by damage
  and status. Runs keep the id order of the real units, so every tie the engine breaks by id
  is broken the same way (the synthetic ids handed to the rules code sort like the real ones).
* **A volley's hits are grouped, not enumerated.** Hits whose legal targets are the same
  (aircraft against a side without submarines, say) are interchangeable; consecutive hits of
  one such class form a run whose count is a convolution of binomials, and casualties are
  taken one hit at a time along a memoised chain (hit k of a volley is chosen exactly as the
  engine's ``assign_hits`` chooses it: the tests check the two agree).
* **A round's distribution stays factored**: after a volley the two sides are independent
  until a step joins them, so a round is a few (probability, attacker distribution,
  defender distribution) parts; a side whose casualties still fire is read once, from the
  state before they were hit. The steps that are plain functions of the board (end check,
  retreat) are memoised per board.
* **Probability mass flows forward** in a topological order (units and hit points only ever
  decrease), so every state is expanded once; a round in which nothing changes is a
  self-loop, removed by dividing by ``1 - p``.

Probabilities are floats by default; ``exact=True`` computes with :class:`fractions.Fraction`
(for tests and small battles). See docs/aa-odds.md for what is and is not modelled.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from adjudicator.axis_allies import battle_steps as steps
from adjudicator.axis_allies.battle.round_start import UNDECIDED
from adjudicator.axis_allies.battle.step import BattleInfo, Ended, Part
from adjudicator.axis_allies.casualties import Chooser, Combatant, Hit, Side
from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleOrders,
    BattleSetup,
    Unit,
    check_setup,
    defending_powers,
    land_battle_setup,
    not_landed_after_sea_battle,
    table_order,
)
from adjudicator.axis_allies.data import Edition, UnitSpec
from adjudicator.axis_allies.editions import as_in_play
from adjudicator.axis_allies.rules import Rules
from adjudicator.axis_allies.ruleset import InPlay
from adjudicator.record import field, record, replace

if TYPE_CHECKING:
    from adjudicator.axis_allies.turn import PlannedBattle

Prob = Any  # float, or Fraction with exact=True
Status = Literal["active", "pending", "submerged", "retreated"]
Kind = tuple[int, int, str, bool]  # (run, damage, status, struck this round)
SideKey = tuple[tuple[Kind, int], ...]
Select = Callable[[Sequence[Combatant], frozenset[str]], list[Combatant]]

_BITS = 24
_MASK = (1 << _BITS) - 1


# --- results --------------------------------------------------------------------------------


@record(frozen=True)
class Outcome:
    """One way the battle can end, with its probability.

    ``attacker``/``defender``: the units left on the board by type (cargo included, aboard
    the ships that survived); ``retreated``: the attacker's units that retreated (the rest of
    its units are left in the battle); ``submerged``: each side's submerged submarines.
    """

    probability: Prob
    winner: str  # attacker, defender, none, undecided
    reason: str
    captures: bool
    attacker: Mapping[str, int]
    defender: Mapping[str, int]
    retreated: Mapping[str, int]
    submerged: Mapping[str, Mapping[str, int]]
    attacker_loss_ipc: int
    defender_loss_ipc: int

    def to_json(self) -> dict:
        return {
            "probability": float(self.probability),
            "winner": self.winner,
            "reason": self.reason,
            "captures": self.captures,
            "attacker": dict(self.attacker),
            "defender": dict(self.defender),
            "retreated": dict(self.retreated),
            "submerged": {k: dict(v) for k, v in self.submerged.items()},
            "attacker_loss_ipc": self.attacker_loss_ipc,
            "defender_loss_ipc": self.defender_loss_ipc,
        }


@record(frozen=True)
class Odds:
    """The outcome distribution of one battle (or of an amphibious assault's land battle,
    with its sea battle in ``sea``).

    ``outcomes`` are every distinct end (winner, reason, survivors), most likely first; they
    sum to 1 (exactly, with ``exact=True``). ``states`` counts the chain's states.
    """

    region: str
    kind: str
    attacker: str
    attacking: Mapping[str, int]
    defending: Mapping[str, int]
    outcomes: tuple[Outcome, ...]
    states: int
    sea: Odds | None = None
    assault_over: Prob = 0

    def probability(self, *, winner: str | None = None, reason: str | None = None,
                    captures: bool | None = None) -> Prob:
        total: Prob = 0
        for o in self.outcomes:
            if ((winner is None or o.winner == winner) and (reason is None or o.reason == reason)
                    and (captures is None or o.captures == captures)):
                total += o.probability
        return total

    @property
    def attacker_wins(self) -> Prob:
        return self.probability(winner="attacker")

    @property
    def defender_holds(self) -> Prob:
        return self.probability(winner="defender")

    @property
    def both_destroyed(self) -> Prob:
        return self.probability(reason="both-eliminated")

    @property
    def captures(self) -> Prob:
        return self.probability(captures=True)

    @property
    def undecided(self) -> Prob:
        return self.probability(winner=UNDECIDED)

    def expected_survivors(self, side: Side) -> dict[str, Prob]:
        """Expected number of each unit type left on the board (retreated and submerged
        units included: they survive)."""
        out: dict[str, Prob] = {}
        for o in self.outcomes:
            groups = [o.attacker if side == "attacker" else o.defender, o.submerged.get(side, {})]
            if side == "attacker":
                groups.append(o.retreated)
            for g in groups:
                for t, n in g.items():
                    out[t] = out.get(t, 0) + o.probability * n
        return out

    def expected_loss_ipc(self, side: Side) -> Prob:
        attr = "attacker_loss_ipc" if side == "attacker" else "defender_loss_ipc"
        return sum((o.probability * getattr(o, attr) for o in self.outcomes), 0)

    def most_likely(self, n: int = 5) -> list[Outcome]:
        return list(self.outcomes[:n])

    def to_json(self, top: int | None = None) -> dict:
        outs = self.outcomes if top is None else self.outcomes[:top]
        return {
            "region": self.region,
            "kind": self.kind,
            "attacker": self.attacker,
            "attacking": dict(self.attacking),
            "defending": dict(self.defending),
            "attacker_wins": float(self.attacker_wins),
            "captures": float(self.captures),
            "defender_holds": float(self.defender_holds),
            "both_destroyed": float(self.both_destroyed),
            "other": max(0.0, float(1 - self.attacker_wins - self.defender_holds
                                    - self.both_destroyed - self.undecided)),
            "undecided": float(self.undecided),
            "assault_over": float(self.assault_over),
            "expected_survivors": {
                s: {t: float(v) for t, v in self.expected_survivors(s).items()}
                for s in ("attacker", "defender")},
            "expected_loss_ipc": {s: float(self.expected_loss_ipc(s))
                                  for s in ("attacker", "defender")},
            "outcomes": [o.to_json() for o in outs],
            "outcome_count": len(self.outcomes),
            "states": self.states,
            "sea": self.sea.to_json(top) if self.sea is not None else None,
        }


# --- public functions -----------------------------------------------------------------------


def battle_odds(edition: Edition, rules: Rules | InPlay, setup: BattleSetup,
                orders: BattleOrders, *,
                bombarding: Sequence[Unit] = (), landing: int = 0,
                max_rounds: int | None = None, exact: bool = False) -> Odds:
    """The exact outcome distribution of :func:`~.combat.resolve_battle` on ``setup`` with
    ``orders``. ``bombarding`` ships fire before the battle at the ``landing`` units' target
    (an amphibious assault without a sea battle). ``max_rounds``: stop after that many rounds
    (the battles still going on are ``undecided``)."""
    chain = _Chain(edition, rules, setup, orders, exact=exact, max_rounds=max_rounds,
                   bombarding=bombarding, landing=landing)
    chain.run()
    return chain.odds()


def amphibious_odds(edition: Edition, rules: Rules | InPlay, setup: AmphibiousSetup,
                    sea_orders: BattleOrders | None, land_orders: BattleOrders, *,
                    max_rounds: int | None = None, exact: bool = False) -> Odds:
    """The exact outcome distribution of :func:`~.combat.resolve_amphibious`: the sea battle
    (if any), then for each of its ends the land battle with the units that came ashore
    (with shore bombardment when no sea battle was fought). The result describes the land
    battle; ``Odds.sea`` the sea battle; ``Odds.assault_over`` the chance that no attacker
    was left to fight on land."""
    land = setup.land
    if setup.sea is None:
        land_setup, ashore = land_battle_setup(setup, {})
        if land_setup is None:
            return _empty_land(edition, land)
        out = battle_odds(edition, rules, land_setup, land_orders, bombarding=setup.bombarding,
                          landing=len(ashore), max_rounds=max_rounds, exact=exact)
        return Odds(out.region, "amphibious", out.attacker, out.attacking, out.defending,
                    out.outcomes, out.states)
    if sea_orders is None:
        raise ValueError("a sea battle needs its orders")
    sea = _Chain(edition, rules, setup.sea, sea_orders, exact=exact, max_rounds=max_rounds)
    sea.run()
    sea_odds = sea.odds()
    mixed: dict[tuple, list] = {}
    cache: dict[tuple[str, ...], tuple[Odds, int]] = {}
    over: Prob = 0
    states = sea.states
    for (a, d, _winner, _reason), p in sea.terminal.items():
        fates = sea.fates(a, d)
        not_landed = not_landed_after_sea_battle(edition, setup, fates)
        land_setup, _ashore = land_battle_setup(setup, not_landed)
        if land_setup is None:
            over += p
            continue
        ids = tuple(u.id for u in land_setup.attackers)
        if ids not in cache:
            odds = battle_odds(edition, rules, land_setup, land_orders, max_rounds=max_rounds,
                               exact=exact)
            cache[ids] = (odds, odds.states)
            states += odds.states
        for o in cache[ids][0].outcomes:
            _add_outcome(mixed, o, p * o.probability)
    if over:
        _add_outcome(mixed, Outcome(over, "defender", "assault-over", False, {},
                                    _count_units(edition, land.defenders), {}, {}, 0, 0), over)
    outcomes = _sorted_outcomes(mixed)
    return Odds(land.region, "amphibious", land.attacker, _count_units(edition, land.attackers),
                _count_units(edition, land.defenders), outcomes, states, sea_odds, over)


def planned_odds(edition: Edition, rules: Rules | InPlay, battle: PlannedBattle, *,
                 retreat: steps.RetreatPolicy | None = None, sea_only: bool = False,
                 max_rounds: int | None = None, exact: bool = False) -> Odds:
    """The odds of a battle of a live game, set up by
    :func:`~adjudicator.axis_allies.turn.plan_battles`. ``retreat`` replaces the attacker's
    retreat policy for the battle (the land battle of an assault); ``sea_only``: only the
    sea battle of an assault (its landing zone was asked for)."""
    orders = battle.orders if retreat is None else replace(battle.orders, retreat=retreat)
    setup = battle.setup
    if isinstance(setup, AmphibiousSetup):
        if sea_only:
            if setup.sea is None or battle.sea_orders is None:
                raise ValueError("this assault has no sea battle")
            sea_orders = (battle.sea_orders if retreat is None
                          else replace(battle.sea_orders, retreat=retreat))
            return battle_odds(edition, rules, setup.sea, sea_orders, max_rounds=max_rounds,
                               exact=exact)
        return amphibious_odds(edition, rules, setup, battle.sea_orders, orders,
                               max_rounds=max_rounds, exact=exact)
    return battle_odds(edition, rules, setup, orders, max_rounds=max_rounds, exact=exact)


# --- the chain ------------------------------------------------------------------------------


@record
class _Run:
    """Units of one side that no rule tells apart, consecutive in id order."""

    seq: int
    side: Side
    power: str
    type: str
    spec: UnitSpec
    landed: bool
    aboard: str | None  # a ship not in the battle (the unit is then cargo that never fights)
    cargo: tuple[Unit, ...]  # aboard each unit of the run (runs with cargo hold one unit)
    value: int | None = None  # combat value in its role with the effects in play
    dice: int = 1  # dice rolled per shot with the effects in play (Heavy Bombers)
    ids: list[str] = field(default_factory=list)
    uids: list[str] = field(default_factory=list)  # the synthetic ids handed to the rules


class _Chain:
    """One battle's Markov chain; build, :meth:`run`, then read :meth:`odds`.

    :meth:`run` drives the battle's steps (the ruleset's, as the engine's ``_Battle`` runs
    them); the steps' :meth:`~.battle.step.BattleStep.spread` and ``advance`` use this class's
    primitives: side states (:meth:`build`, :meth:`view`, :meth:`canon`), one hit and one
    volley (:meth:`chain`, :meth:`volley`, :meth:`volley_parts`), the casualty zone
    (:meth:`clear`), ``memo`` for their own memoisation, and ``ended`` for battles that end
    inside a round."""

    def __init__(self, edition: Edition, rules: Rules | InPlay, setup: BattleSetup,
                 orders: BattleOrders, *, exact: bool, max_rounds: int | None,
                 bombarding: Sequence[Unit] = (), landing: int = 0) -> None:
        check_setup(edition, setup)
        if max_rounds is not None and max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.ed = edition
        self.play = as_in_play(rules)
        self.rules = self.play.rules
        self.bombarding = tuple(bombarding)
        self.landing = landing
        self.setup = setup
        self.orders = orders
        self.exact = exact
        self.one: Prob = Fraction(1) if exact else 1.0
        self.zero: Prob = Fraction(0) if exact else 0.0
        self.sea = setup.kind == "sea"
        self.table_order = table_order(edition)
        self.powers = defending_powers(setup)
        self.choosers = steps.make_choosers(setup.attacker, orders.attacker, self.powers,
                                            orders.defenders, self.table_order, self.sea,
                                            self.rules)
        self.info = BattleInfo(setup.kind, setup.region, setup.attacker, self.rules,
                               bool(self.bombarding))
        self.steps = self.play.battle_steps(self.info)
        self.max_rounds = max_rounds
        track = [r for r in (max_rounds, orders.retreat.after_round if orders.retreat.active
                             else None) if r is not None]
        track += [s.rounds for s in self.steps if s.rounds]  # steps that change by round
        self.round_cap = max(track) if track else 0
        self.runs: list[_Run] = []
        self.side_runs: dict[Side, list[int]] = {"attacker": [], "defender": []}
        self.initial: dict[Side, SideKey] = {
            "attacker": self._make_runs(setup.attackers, "attacker"),
            "defender": self._make_runs(setup.defenders, "defender"),
        }
        self.keys: list[SideKey] = []
        self.key_side: list[Side] = []
        self.ids: dict[tuple[Side, SideKey], int] = {}
        self.potential: list[tuple[int, int]] = []
        self.flagged: list[bool] = []
        self.unflagged: dict[int, int] = {}
        self.views: dict[int, tuple[list[Combatant], frozenset[str]]] = {}
        self.memo: dict[tuple, Any] = {}
        self.chains: dict[int, list[int]] = {}
        self.legal: dict[int, frozenset[int]] = {}
        self.cleared: dict[int, int] = {}
        self.targets: dict[int, bool] = {}
        self.profiles: list[tuple[tuple, tuple]] = [((), ())]
        self.profile_ids: dict[tuple, int] = {(): 0}
        self.profile_of: dict[tuple[int, str, str], int] = {}
        self.runs_of: dict[tuple, list] = {}
        self.terminal: dict[tuple[int, int, str, str], Prob] = {}
        self.ended: dict[Ended, Prob] = {}
        self.mapped: dict[tuple, tuple[tuple[int, ...] | None, bool]] = {}
        self.volleys: dict[int, dict[int, Prob]] = {}  # profile, target -> distribution
        self.pending_sides: set[Side] = set()  # a side with a state holding casualties
        self.any_flagged = False  # some state marks units as having struck this round
        #: read a side's shooters once from its base when the step allows (a speed-up;
        #: tests switch it off to check it changes nothing)
        self.trust_base = True
        self.states = 0

    # --- runs and side states ----------------------------------------------------------
    def _make_runs(self, units: Sequence[Unit], side: Side) -> SideKey:
        """Split a side into runs (see :class:`_Run`) and count its starting kinds."""
        by_id = {u.id: u for u in units}
        free: list[Unit] = []
        cargo_of: dict[str, list[Unit]] = {}
        for u in units:
            spec = self.ed.units[u.type]
            probe = steps.make_combatant(u.id, u.power, u.type, spec, side, u.damage, u.aboard)
            if probe.cargo and u.aboard in by_id:
                cargo_of.setdefault(u.aboard, []).append(u)  # goes down with its ship
            else:
                free.append(u)
        free.sort(key=lambda u: _sort_key(u.id))
        counts: Counter[Kind] = Counter()
        last: dict[tuple[str, str], _Run] = {}  # (power, type) -> its latest run
        for u in free:
            spec = self.ed.units[u.type]
            cargo = tuple(sorted(cargo_of.get(u.id, ()), key=lambda c: _sort_key(c.id)))
            # kept only for cargo whose ship is not in the battle (it never fights); a
            # defending aircraft on a carrier fights in the air like any other
            probe = steps.make_combatant(u.id, u.power, u.type, spec, side, u.damage, u.aboard)
            aboard = u.aboard if probe.cargo else None
            prev = last.get((u.power, u.type))
            if (prev is not None and not cargo and not prev.cargo and prev.landed == u.landed
                    and prev.aboard == aboard):
                run = prev
            else:
                value = self.play.unit_value(side, u.power, u.type, spec, self.setup.region,
                                             self.setup.kind, self.setup)
                dice = self.play.dice(side, u.power, u.type, spec, self.setup.region,
                                      self.setup.kind)
                run = _Run(len(self.runs), side, u.power, u.type, spec, u.landed, aboard, cargo,
                           value, dice)
                self.runs.append(run)
                self.side_runs[side].append(run.seq)
                last[(u.power, u.type)] = run
            run.ids.append(u.id)
            counts[(run.seq, u.damage, "active", False)] += 1
        return tuple(sorted(counts.items()))

    def intern(self, side: Side, key: SideKey) -> int:
        sid = self.ids.get((side, key))
        if sid is None:
            sid = self.ids[(side, key)] = len(self.keys)
            self.keys.append(key)
            self.key_side.append(side)
            hp = inb = 0
            for (seq, dmg, status, _struck), n in key:
                hp += n * (self.runs[seq].spec.hits - dmg)
                if status in ("active", "pending"):
                    inb += n
                if status == "pending":
                    self.pending_sides.add(side)
            self.potential.append((hp, inb))
            flagged = any(k[3] for k, _ in key)
            self.flagged.append(flagged)
            self.any_flagged = self.any_flagged or flagged
        return sid

    def build(self, sid: int) -> tuple[list[Combatant], frozenset[str]]:
        """A fresh battle board for one side: its units as the engine holds them, with ids
        that sort like the real ones, destroyed units (and cargo) included as dead."""
        key = self.keys[sid]
        units: list[Combatant] = []
        struck: set[str] = set()
        used: Counter[int] = Counter()
        for (seq, dmg, status, hit_this_round), n in key:
            run = self.runs[seq]
            for _ in range(n):
                uid = self._unit(units, run, used, dmg, status)
                if hit_this_round:
                    struck.add(uid)
        for seq in self.side_runs[self.key_side[sid]]:
            run = self.runs[seq]
            while used[seq] < len(run.ids):
                self._unit(units, run, used, run.spec.hits, "dead")
        return units, frozenset(struck)

    def _unit(self, units: list[Combatant], run: _Run, used: Counter[int], dmg: int,
              status: str) -> str:
        i = used[run.seq]
        used[run.seq] += 1
        uids = run.uids
        if not uids:
            uids = run.uids = [f"u{run.seq:05d}{k:04d}" for k in range(len(run.ids))]
        uid = uids[i]
        c = steps.make_combatant(uid, run.power, run.type, run.spec, run.side, dmg, run.aboard,
                                 run.landed, run.value, run.dice)
        c.status = status  # type: ignore[assignment]
        units.append(c)
        for k, cu in enumerate(run.cargo):
            cc = steps.make_combatant(f"c{run.seq:05d}{k:03d}", cu.power, cu.type,
                                      self.ed.units[cu.type], run.side, cu.damage, uid)
            cc.status = ("dead" if status == "dead" else
                         "retreated" if status == "retreated" else "active")  # type: ignore
            units.append(cc)
        return uid

    def view(self, sid: int) -> tuple[list[Combatant], frozenset[str]]:
        """A cached board for the rules code that only reads it."""
        v = self.views.get(sid)
        if v is None:
            v = self.views[sid] = self.build(sid)
        return v

    def canon(self, side: Side, units: Iterable[Combatant], struck: Iterable[str],
              submerged: Iterable[str] = ()) -> int:
        """The side state of a board (``submerged``: ids to count as submerged)."""
        done = set(struck)
        down = set(submerged)
        counts: Counter[Kind] = Counter()
        for c in units:
            if c.status == "dead" or c.id[0] == "c":
                continue
            status = "submerged" if c.id in down else c.status
            counts[(int(c.id[1:6]), c.damage, status, c.id in done)] += 1
        return self.intern(side, tuple(sorted(counts.items())))

    # --- one hit, one volley -----------------------------------------------------------
    def one_hit(self, sid: int, role: Side, hitkey: tuple[bool, bool]) -> int:
        mk = ("hit", sid, role, hitkey)
        out = self.memo.get(mk)
        if out is None:
            units, struck = self.build(sid)
            steps.take_casualties(self.choosers[role], [Hit("odds", *hitkey)], units,
                                  pending=role == "defender",
                                  kill=lambda c: steps.destroy(c, units, []))
            out = self.memo[mk] = self.canon(self.key_side[sid], units, struck)
        return out

    def chain(self, sid: int, role: Side, hitkey: tuple[bool, bool]) -> list[int]:
        """The side after 0, 1, 2, ... hits of one kind, up to the first wasted hit."""
        mk = sid << 2 | hitkey[0] << 1 | hitkey[1]
        out = self.chains.get(mk)
        if out is None:
            out = [sid]
            cur = sid
            while True:
                nxt = self.one_hit(cur, role, hitkey)
                if nxt == cur:
                    break
                out.append(nxt)
                cur = nxt
            self.chains[mk] = out
        return out

    def profile(self, sid: int, role: Side, purpose: str, select: Select) -> int:
        """The shooters of one volley (``select`` picks them from the side's units and the
        ids marked as having struck this round) as (hit restrictions, value), in the order
        the engine assigns their hits (restricted hits first, then dice order); an index into
        ``self.profiles`` (0: nobody fires). ``purpose`` names the volley (one selection per
        role and purpose)."""
        mk = (sid, role, purpose)
        out = self.profile_of.get(mk)
        if out is None:
            units, struck = self.view(sid)
            shooters = select(units, struck)
            fired = [(steps.hit_of(c, units, self.rules), value)
                     for c, value, _ in steps.fire_values(shooters, role, purpose,
                                                          self.table_order)]
            fired.sort(key=lambda hv: hv[0].restriction_rank)  # as assign_hits orders hits
            prof = tuple(((h.no_air, h.no_subs), v) for h, v in fired)
            out = self.profile_ids.get(prof)
            if out is None:
                out = self.profile_ids[prof] = len(self.profiles)
                self.profiles.append((prof, tuple(dict.fromkeys(hk for hk, _ in prof))))
            self.profile_of[mk] = out
        return out

    def legal_class(self, sid: int, hitkey: tuple[bool, bool]) -> frozenset[int]:
        """The runs of side ``sid`` a hit with these restrictions may take: hits with the
        same class are interchangeable for the rest of the volley."""
        mk = sid << 2 | hitkey[0] << 1 | hitkey[1]
        out = self.legal.get(mk)
        if out is None:
            units, _ = self.view(sid)
            hit = Hit("odds", *hitkey)
            out = self.legal[mk] = frozenset(
                int(c.id[1:6]) for c in steps.targets(units)
                if Chooser.illegal_reason(c, hit) is None)
        return out

    def count_dist(self, values: tuple[int, ...]) -> list[Prob]:
        """Probability of 0, 1, ... hits from one die per value."""
        mk = ("count", values)
        out = self.memo.get(mk)
        if out is None:
            out = [self.one]
            for v in values:
                p = steps.hit_chance(v, self.exact)
                q = self.one - p
                new = [self.zero] * (len(out) + 1)
                for k, w in enumerate(out):
                    new[k] += w * q
                    new[k + 1] += w * p
                out = new
            self.memo[mk] = out
        return out

    def volley(self, shooter: int, role: Side, purpose: str, select: Select, target: int
               ) -> dict[int, Prob]:
        """The target side after one volley of ``shooter``'s units: its distribution
        (memoised: the same volley at the same side recurs; callers never change it)."""
        pid = self.profile(shooter, role, purpose, select)
        if not pid:
            return {target: self.one}
        vk = pid << _BITS | target
        out = self.volleys.get(vk)
        if out is None:
            out = self.volleys[vk] = self._volley(pid, role, target)
        return out

    def _volley(self, pid: int, role: Side, target: int) -> dict[int, Prob]:
        prof, hitkeys = self.profiles[pid]
        if len(hitkeys) == 1:
            classes: tuple = (self.legal_class(target, hitkeys[0]),)
        else:
            classes = tuple(self.legal_class(target, hk) for hk in hitkeys)
        mk = (pid, classes)
        dists = self.runs_of.get(mk)
        if dists is None:
            cls_of = dict(zip(hitkeys, classes, strict=True))
            runs: list[tuple[frozenset[int], tuple[bool, bool], list[int]]] = []
            for hitkey, value in prof:
                cls = cls_of[hitkey]
                if runs and runs[-1][0] == cls:
                    runs[-1][2].append(value)
                else:
                    runs.append((cls, hitkey, [value]))
            dists = self.runs_of[mk] = [(hk, self.count_dist(tuple(sorted(vals))))
                                        for _, hk, vals in runs]
        trole = steps.other(role)
        if len(dists) == 1:  # the usual case: every hit may take the same units
            hitkey, dist = dists[0]
            ch = self.chain(target, trole, hitkey)
            if len(dist) <= len(ch):
                return dict(zip(ch, dist))
            last = len(ch) - 1
            out = dict(zip(ch[:last], dist[:last]))
            out[ch[last]] = sum(dist[last:], self.zero)
            return out
        out = {}
        self._spread(out, target, trole, dists, 0, self.one)
        return out

    def volley_parts(self, parts: list[Part], role: Side, purpose: str, select: Select, *,
                     fire_back: bool = False, need_targets: bool = False) -> list[Part]:
        """One volley of ``role``'s side at the other, on a factored distribution. The
        shooters' side is read per state, or once from its ``base`` when ``fire_back`` (the
        volley's shooters include casualties that still fire, so every variant fires as
        the base did); ``need_targets``: no volley at a side with nothing to hit. The hit
        side's casualties are pending when it is the defender's (they keep the base)."""
        out: list[Part] = []
        one, zero = self.one, self.zero
        by_attacker = role == "attacker"
        volley = self.volley
        for part in parts:
            if by_attacker:
                shooters, sbase, target, tbase = part.att, part.att_base, part.dfn, part.dfn_base
            else:
                shooters, sbase, target, tbase = part.dfn, part.dfn_base, part.att, part.att_base
            if len(shooters) == 1 and len(target) == 1:  # the usual case, made quick
                (x,), (t,) = shooters, target
                if need_targets and not self.has_targets(t):
                    out.append(part)
                    continue
                hit = volley(x, role, purpose, select, t)
                w = target[t]
                if w is not one:
                    hit = {t2: w * q for t2, q in hit.items()}
                if by_attacker:
                    out.append(Part(part.p, shooters, hit, x, t))
                else:
                    out.append(Part(part.p, hit, shooters, None, x))
                continue
            if len(shooters) == 1:
                groups = [(next(iter(shooters)), part.p, shooters, sbase)]
            elif fire_back and sbase is not None and self.trust_base:
                groups = [(sbase, part.p, shooters, sbase)]
            else:
                groups = [(x, part.p * q, {x: one}, x) for x, q in shooters.items()]
            # the hit side's variants stay grouped by the state they came from, so a later
            # volley of theirs can read its shooters from that state (its base)
            if len(target) == 1 or tbase is not None:
                aims = [(target, one, tbase)]
            else:
                aims = [({t: one}, pt, t) for t, pt in target.items()]
            for shooter, p, sdist, sb in groups:
                for tdist, pt, tb in aims:
                    if len(tdist) == 1:
                        t = next(iter(tdist))
                        if need_targets and not self.has_targets(t):
                            hit = tdist
                        else:
                            hit = self.volley(shooter, role, purpose, select, t)
                        if tdist[t] is not one:
                            w = tdist[t]
                            hit = {t2: w * q for t2, q in hit.items()}
                    else:
                        hit = {}
                        for t, w in tdist.items():
                            if need_targets and not self.has_targets(t):
                                hit[t] = hit.get(t, zero) + w
                                continue
                            for t2, q in self.volley(shooter, role, purpose, select, t).items():
                                hit[t2] = hit.get(t2, zero) + w * q
                    nbase = tb if by_attacker else None  # defender's hits: casualty zone
                    if by_attacker:
                        out.append(Part(p * pt, sdist, hit, sb, nbase))
                    else:
                        out.append(Part(p * pt, hit, sdist, nbase, sb))
        return out

    def clear_side(self, dist: dict[int, Prob], side: Side) -> dict[int, Prob]:
        """A side's distribution with its casualty zone cleared (:meth:`clear`)."""
        return self.map_side(dist, self.clear) if side in self.pending_sides else dist

    def map_side(self, dist: dict[int, Prob], f: Callable[[int], int]) -> dict[int, Prob]:
        """A side's distribution with ``f`` (a memoised function of a side state) applied to
        every state, merged. Memoised on the states (the same volleys recur)."""
        if len(dist) == 1:
            for x, p in dist.items():
                y = f(x)
                return dist if y == x else {y: p}
        keys = tuple(dist)
        mk = (f, keys)
        hit = self.mapped.get(mk)
        if hit is None:
            ys = tuple(f(x) for x in keys)
            hit = self.mapped[mk] = (None if ys == keys else ys, len(set(ys)) == len(ys))
        ys, distinct = hit
        if ys is None:
            return dist
        if distinct:
            return dict(zip(ys, dist.values()))
        out: dict[int, Prob] = {}
        for y, p in zip(ys, dist.values()):
            out[y] = out.get(y, self.zero) + p
        return out

    def aa_hit_on(self, gun: Combatant, target: Combatant) -> int:
        """What the AA gun hits ``target`` on with the effects in play (0: it does not fire
        at it): the ``aa_fire`` query point."""
        return self.play.aa_fire(gun.power, gun.type, gun.spec, self.setup.region,
                                 target.power, target.type, target.spec)

    def combatant(self, u: Unit, side: Side) -> Combatant:
        """``u`` on a battle board (shore bombardment's ships, which are not in the battle)."""
        spec = self.ed.units[u.type]
        bombard = self.play.bombard(u.power, u.type, spec, self.setup.region) \
            if side == "attacker" else None
        return steps.make_combatant(u.id, u.power, u.type, spec, side, u.damage, u.aboard,
                                    u.landed, bombard=bombard)

    def _spread(self, out: dict[int, Prob], sid: int, role: Side, dists: list, i: int,
                p: Prob) -> None:
        hitkey, dist = dists[i]
        ch = self.chain(sid, role, hitkey)
        last = len(ch) - 1
        tail = self.zero
        for k, q in enumerate(dist):
            if k >= last:
                tail += q
                continue
            if i + 1 == len(dists):
                nxt = ch[k]
                out[nxt] = out.get(nxt, self.zero) + p * q
            else:
                self._spread(out, ch[k], role, dists, i + 1, p * q)
        if tail:
            if i + 1 == len(dists):
                out[ch[last]] = out.get(ch[last], self.zero) + p * tail
            else:
                self._spread(out, ch[last], role, dists, i + 1, p * tail)

    # --- steps of a round --------------------------------------------------------------
    def clear(self, sid: int) -> int:
        """Step 5 (and the end of step 2): the casualty zone is emptied."""
        out = self.cleared.get(sid)
        if out is None:
            if not any(k[2] == "pending" for k, _ in self.keys[sid]):
                out = sid
            else:
                units, struck = self.build(sid)
                steps.clear_casualty_zone(units, lambda c: steps.destroy(c, units, []))
                out = self.canon(self.key_side[sid], units, struck)
            self.cleared[sid] = out
        return out

    def has_targets(self, sid: int) -> bool:
        out = self.targets.get(sid)
        if out is None:
            out = self.targets[sid] = bool(steps.targets(self.view(sid)[0]))
        return out

    def unflag(self, sid: int) -> int:
        """The side at the end of the round: no unit has struck in it any more."""
        if not self.flagged[sid]:
            return sid
        out = self.unflagged.get(sid)
        if out is None:
            counts: Counter[Kind] = Counter()
            for (seq, dmg, status, _), n in self.keys[sid]:
                counts[(seq, dmg, status, False)] += n
            out = self.unflagged[sid] = self.intern(self.key_side[sid],
                                                    tuple(sorted(counts.items())))
        return out

    # --- the whole battle --------------------------------------------------------------
    def run(self) -> None:
        """Push the probability mass through the chain, states in topological order (fewer
        hit points and units on the board, or a later tracked round, come later), each
        state expanded once; collects ``self.terminal``.

        The battle's steps run as the engine runs them: the opening steps once; then per
        round the leading ``per_state`` steps (end check, start of round) on the state, the
        other steps on a factored distribution, and the trailing ``per_state`` steps (end
        check, retreat) memoised per board after the round."""
        opening = [s for s in self.steps if s.stage == "opening"]
        rounds = [s for s in self.steps if s.stage == "round"]
        i = 0
        while i < len(rounds) and rounds[i].per_state:
            i += 1
        j = len(rounds)
        while j > i and rounds[j - 1].per_state:
            j -= 1
        lead, body, tail = rounds[:i], rounds[i:j], rounds[j:]
        one, zero = self.one, self.zero
        mass: dict[int, Prob] = {}  # state code -> probability of reaching it
        heap: list[tuple[int, int, int, int]] = []
        potential = self.potential
        terminal: list[Prob] = []  # by index into ends
        ends: list[tuple[int, int, str, str]] = []
        end_index: dict[tuple[int, int, str, str], int] = {}
        follow: dict[int, int] = {}  # (round, a, d) after a round -> state code or ~end index

        def push(code: int, p: Prob) -> None:
            v = mass.get(code)
            if v is None:
                mass[code] = p
                a, d = (code >> _BITS) & _MASK, code & _MASK
                pa, pd = potential[a], potential[d]
                heapq.heappush(heap, (code >> 2 * _BITS, -(pa[0] + pd[0]), -(pa[1] + pd[1]),
                                      code))
            else:
                mass[code] = v + p

        def end_of(key: tuple[int, int, str, str]) -> int:
            i = end_index.get(key)
            if i is None:
                i = end_index[key] = len(ends)
                ends.append(key)
                terminal.append(zero)
            return ~i

        def after_round(code: int, rnd: int) -> int:
            """Where (round, a, d) goes after a round: an end, or the next state."""
            a, d = (code >> _BITS) & _MASK, code & _MASK
            x: Any = (a, d)
            for step in tail:
                x = step.advance(self, rnd, x[0], x[1])
                if type(x) is Ended:
                    out = follow[code] = end_of(tuple(x))
                    return out
            if x[0] == a and x[1] == d:
                out = code
            else:
                out = (code >> 2 * _BITS) << 2 * _BITS | x[0] << _BITS | x[1]
            follow[code] = out
            return out

        a0 = self.intern("attacker", self.initial["attacker"])
        d0 = self.intern("defender", self.initial["defender"])
        self.ended = {}
        parts = [Part.joint(one, a0, d0, one)]
        for step in opening:
            parts = step.spread(self, parts, 0)
        for key, p in self.ended.items():
            terminal[~end_of(tuple(key))] += p
        for part in parts:
            for a, pa in part.att.items():
                for d, pd in part.dfn.items():
                    push(a << _BITS | d, part.p * pa * pd)
        cap = self.round_cap
        lead_advance = [s.advance for s in lead]
        body_spread = [s.spread for s in body]
        unflag = self.unflag
        map_side = self.map_side
        while heap:
            code = heapq.heappop(heap)[3]
            m = mass.pop(code)
            self.states += 1
            r, a, d = code >> 2 * _BITS, (code >> _BITS) & _MASK, code & _MASK
            rnd = r + 1
            x: Any = (a, d)
            for advance in lead_advance:
                x = advance(self, rnd, x[0], x[1])
                if type(x) is Ended:
                    break
            if type(x) is Ended:
                terminal[~end_of(tuple(x))] += m
                continue
            nr = min(r + 1, cap) if cap else 0
            high = nr << 2 * _BITS
            self.ended = {}
            parts = [Part(one, {x[0]: one}, {x[1]: one}, x[0], x[1])]
            for spread in body_spread:
                parts = spread(self, parts, rnd)
            # between rounds no unit is marked as having struck
            if self.any_flagged:
                rounds_out = [(part.p, map_side(part.att, unflag), map_side(part.dfn, unflag))
                              for part in parts]
            else:
                rounds_out = [(part.p, part.att, part.dfn) for part in parts]
            stay = zero
            if nr == r:
                me = high | a << _BITS | d
                if follow.get(me, None) is None:
                    after_round(me, rnd)
                if follow[me] == code:
                    for p, a_out, d_out in rounds_out:
                        stay += p * a_out.get(a, zero) * d_out.get(d, zero)
            if stay == one or (not self.exact and stay > 1 - 1e-15):
                terminal[~end_of((a, d, "none", "no-progress"))] += m  # defensive
                continue
            scale = m / (one - stay)
            for key, p in self.ended.items():
                terminal[~end_of(tuple(key))] += scale * p
            fget = follow.get
            mget = mass.get
            for p, a_out, d_out in rounds_out:
                rows = [(high | a3 << _BITS, scale * p * q) for a3, q in a_out.items()]
                for d4, pd in d_out.items():
                    for hi, w in rows:
                        c = hi | d4
                        t = fget(c)
                        if t is None:
                            t = after_round(c, rnd)
                        if t < 0:
                            terminal[~t] += w * pd
                        elif t != code:
                            v = mget(t)
                            if v is None:
                                push(t, w * pd)
                            else:
                                mass[t] = v + w * pd
        for key, p in zip(ends, terminal, strict=True):
            if p:
                self.terminal[key] = self.terminal.get(key, zero) + p

    # --- reading the result ------------------------------------------------------------
    def survivors(self, sid: int) -> tuple[Counter[str], Counter[str], Counter[str], int]:
        """(on the board, retreated, submerged) unit counts by type, and IPC of survivors,
        cargo going with its ship."""
        board: Counter[str] = Counter()
        retreated: Counter[str] = Counter()
        submerged: Counter[str] = Counter()
        ipc = 0
        for (seq, _dmg, status, _), n in self.keys[sid]:
            run = self.runs[seq]
            where = (retreated if status == "retreated" else
                     submerged if status == "submerged" else board)
            where[run.type] += n
            ipc += n * run.spec.cost
            for cu in run.cargo:
                where[cu.type] += n
                ipc += n * self.ed.units[cu.type].cost
        return board, retreated, submerged, ipc

    def initial_ipc(self, side: Side) -> int:
        return self.survivors(self.intern(side, self.initial[side]))[3]

    def fates(self, a: int, d: int) -> dict[str, str]:
        """Unit id -> fate in an end state: within a run the first ids survive (its units are
        interchangeable); cargo shares its ship's fate."""
        out: dict[str, str] = {}
        for sid in (a, d):
            by_run: dict[int, list[str]] = {}
            for (seq, _dmg, status, _), n in self.keys[sid]:
                fate = {"active": "survived", "pending": "destroyed"}.get(status, status)
                by_run.setdefault(seq, []).extend([fate] * n)
            for seq in self.side_runs[self.key_side[sid]]:
                run = self.runs[seq]
                fl = by_run.get(seq, [])
                for i, uid in enumerate(run.ids):
                    fate = fl[i] if i < len(fl) else "destroyed"
                    out[uid] = fate
                    for cu in run.cargo:
                        out[cu.id] = fate
        return out

    def odds(self) -> Odds:
        ipc_a = self.initial_ipc("attacker")
        ipc_d = self.initial_ipc("defender")
        grouped: dict[tuple, list] = {}
        for (a, d, winner, reason), p in self.terminal.items():
            board_a, retreated, sub_a, left_a = self.survivors(a)
            board_d, _, sub_d, left_d = self.survivors(d)
            captures = (winner == "attacker"
                        and steps.captures(self.view(a)[0], self.sea, winner))  # type: ignore
            submerged = {s: dict(c) for s, c in (("attacker", sub_a), ("defender", sub_d)) if c}
            o = Outcome(p, winner, reason, captures, dict(board_a), dict(board_d),
                        dict(retreated), submerged, ipc_a - left_a, ipc_d - left_d)
            _add_outcome(grouped, o, p)
        return Odds(self.setup.region, self.setup.kind, self.setup.attacker,
                    _count_units(self.ed, self.setup.attackers),
                    _count_units(self.ed, self.setup.defenders),
                    _sorted_outcomes(grouped), self.states)


# --- helpers --------------------------------------------------------------------------------


def _sort_key(uid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in uid if ch.isdigit())
    return (int(digits) if digits else 0, uid)


def _count_units(edition: Edition, units: Iterable[Unit]) -> dict[str, int]:
    order = table_order(edition)
    c = Counter(u.type for u in units)
    return {t: c[t] for t in sorted(c, key=order.__getitem__)}


def _outcome_key(o: Outcome) -> tuple:
    def items(m: Mapping[str, int]) -> tuple:
        return tuple(sorted(m.items()))

    return (o.winner, o.reason, o.captures, items(o.attacker), items(o.defender),
            items(o.retreated), tuple(sorted((s, items(v)) for s, v in o.submerged.items())),
            o.attacker_loss_ipc, o.defender_loss_ipc)


def _add_outcome(grouped: dict[tuple, list], o: Outcome, p: Prob) -> None:
    k = _outcome_key(o)
    if k in grouped:
        grouped[k][0] += p
    else:
        grouped[k] = [p, o]


def _sorted_outcomes(grouped: dict[tuple, list]) -> tuple[Outcome, ...]:
    outs = [Outcome(p, o.winner, o.reason, o.captures, o.attacker, o.defender, o.retreated,
                    o.submerged, o.attacker_loss_ipc, o.defender_loss_ipc)
            for p, o in grouped.values()]
    return tuple(sorted(outs, key=lambda o: (-o.probability, _outcome_key(o))))


def _empty_land(edition: Edition, land: BattleSetup) -> Odds:
    defending = _count_units(edition, land.defenders)
    o = Outcome(Fraction(1), "defender", "assault-over", False, {}, defending, {}, {}, 0, 0)
    return Odds(land.region, "amphibious", land.attacker, {}, defending, (o,), 0,
                assault_over=Fraction(1))
