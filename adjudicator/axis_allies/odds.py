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
probabilities instead of being rolled.

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
* **Probability mass flows forward** in a topological order (units and hit points only ever
  decrease), so every state is expanded once; a round in which nothing changes is a
  self-loop, removed by dividing by ``1 - p``.

Probabilities are floats by default; ``exact=True`` computes with :class:`fractions.Fraction`
(for tests and small battles). See docs/aa-odds.md for what is and is not modelled.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from adjudicator.axis_allies import battle_steps as steps
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
from adjudicator.axis_allies.rules import Rules

if TYPE_CHECKING:
    from adjudicator.axis_allies.turn import PlannedBattle

Prob = Any  # float, or Fraction with exact=True
Status = Literal["active", "pending", "submerged", "retreated"]
Kind = tuple[int, int, str, bool]  # (run, damage, status, struck this round)
SideKey = tuple[tuple[Kind, int], ...]

_BITS = 24
_MASK = (1 << _BITS) - 1

UNDECIDED = "undecided"
"""The winner of a battle still going on after ``max_rounds`` rounds."""


# --- results --------------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def battle_odds(edition: Edition, rules: Rules, setup: BattleSetup, orders: BattleOrders, *,
                bombarding: Sequence[Unit] = (), landing: int = 0,
                max_rounds: int | None = None, exact: bool = False) -> Odds:
    """The exact outcome distribution of :func:`~.combat.resolve_battle` on ``setup`` with
    ``orders``. ``bombarding`` ships fire before the battle at the ``landing`` units' target
    (an amphibious assault without a sea battle). ``max_rounds``: stop after that many rounds
    (the battles still going on are ``undecided``)."""
    chain = _Chain(edition, rules, setup, orders, exact=exact, max_rounds=max_rounds)
    chain.run(bombarding, landing)
    return chain.odds()


def amphibious_odds(edition: Edition, rules: Rules, setup: AmphibiousSetup,
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


def planned_odds(edition: Edition, rules: Rules, battle: PlannedBattle, *,
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


@dataclass
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
    ids: list[str] = field(default_factory=list)


class _Chain:
    """One battle's Markov chain; build, :meth:`run`, then read :meth:`odds`."""

    def __init__(self, edition: Edition, rules: Rules, setup: BattleSetup, orders: BattleOrders,
                 *, exact: bool, max_rounds: int | None) -> None:
        check_setup(edition, setup)
        if max_rounds is not None and max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.ed = edition
        self.rules = rules
        self.setup = setup
        self.orders = orders
        self.exact = exact
        self.one: Prob = Fraction(1) if exact else 1.0
        self.zero: Prob = Fraction(0) if exact else 0.0
        self.sea = setup.kind == "sea"
        self.table_order = table_order(edition)
        self.powers = defending_powers(setup)
        self.choosers = steps.make_choosers(setup.attacker, orders.attacker, self.powers,
                                            orders.defenders, self.table_order, self.sea, rules)
        self.max_rounds = max_rounds
        track = [r for r in (max_rounds, orders.retreat.after_round if orders.retreat.active
                             else None) if r is not None]
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
        self.finished_chains: dict[int, list[int]] = {}
        self.legal: dict[int, frozenset[int]] = {}
        self.cleared: dict[int, int] = {}
        self.targets: dict[int, bool] = {}
        self.profiles: list[tuple[tuple, tuple]] = [((), ())]
        self.profile_ids: dict[tuple, int] = {(): 0}
        self.profile_of: dict[tuple[int, str, str], int] = {}
        self.runs_of: dict[tuple, list] = {}
        self.terminal: dict[tuple[int, int, str, str], Prob] = {}
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
                run = _Run(len(self.runs), side, u.power, u.type, spec, u.landed, aboard, cargo)
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
            self.potential.append((hp, inb))
            self.flagged.append(any(k[3] for k, _ in key))
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
        uid = f"u{run.seq:05d}{i:04d}"
        c = steps.make_combatant(uid, run.power, run.type, run.spec, run.side, dmg, run.aboard,
                                 run.landed)
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

    def profile(self, sid: int, role: Side, purpose: str) -> int:
        """The shooters of one volley as (hit restrictions, value), in the order the engine
        assigns their hits (restricted hits first, then dice order); an index into
        ``self.profiles`` (0: nobody fires)."""
        mk = (sid, role, purpose)
        out = self.profile_of.get(mk)
        if out is None:
            units, struck = self.view(sid)
            if purpose == "fire":
                shooters = steps.main_shooters(units, role, struck)
            else:
                flagged = [c for c in units if c.id in struck]
                shooters = (flagged if role == "attacker"
                            else steps.defender_strikers(flagged, self.rules))
            fired = [(steps.hit_of(c, units), value)
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

    def volley(self, shooter: int, role: Side, purpose: str, target: int,
               finish: bool = False) -> dict[int, Prob]:
        """The target side after one volley: its distribution. ``finish``: as it is at the
        end of the round (casualty zone cleared, nobody marked as having struck)."""
        pid = self.profile(shooter, role, purpose)
        if not pid:
            return {self.finished(target) if finish else target: self.one}
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
            ch = (self.finished_chain(target, trole, hitkey) if finish
                  else self.chain(target, trole, hitkey))
            if len(dist) <= len(ch):
                return dict(zip(ch, dist))
            last = len(ch) - 1
            out = dict(zip(ch[:last], dist[:last]))
            out[ch[last]] = sum(dist[last:], self.zero)
            return out
        out = {}
        self._spread(out, target, trole, dists, 0, self.one)
        if not finish:
            return out
        done: dict[int, Prob] = {}
        for sid, p in out.items():
            f = self.finished(sid)
            done[f] = done.get(f, self.zero) + p
        return done

    def finished(self, sid: int) -> int:
        """The side at the end of the round: casualty zone cleared, no strike marks."""
        return self.unflag(self.clear(sid))

    def finished_chain(self, sid: int, role: Side, hitkey: tuple[bool, bool]) -> list[int]:
        """:meth:`chain` at the end of the round (distinct states stay distinct: every hit
        took a hit point)."""
        mk = sid << 2 | hitkey[0] << 1 | hitkey[1]
        out = self.finished_chains.get(mk)
        if out is None:
            out = self.finished_chains[mk] = [self.finished(x)
                                              for x in self.chain(sid, role, hitkey)]
        return out

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
                out = self.canon("defender", units, struck)
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

    def submarines(self, a: int, d: int) -> dict[tuple[int, int], Prob]:
        """Step 2: decisions, the attacker's strike, then the defender's."""
        ua, _ = self.view(a)
        ud, _ = self.view(d)
        _, strikers, divers = steps.submarine_decisions(ua, ud, self.orders.submerge)
        if not strikers["attacker"] and not strikers["defender"] and not divers:
            return {(a, d): self.one}
        down = {c.id for c in divers}
        a1 = self.canon("attacker", ua, {c.id for c in strikers["attacker"]}, down)
        d1 = self.canon("defender", ud, {c.id for c in strikers["defender"]}, down)
        if not strikers["attacker"] and not strikers["defender"]:
            return {(a1, d1): self.one}
        out: dict[tuple[int, int], Prob] = {}
        for d2, p in self.volley(a1, "attacker", "surprise", d1).items():
            d3 = self.clear(d2)
            for a2, q in self.volley(d2, "defender", "surprise", a1).items():
                k = (a2, d3)
                out[k] = out.get(k, self.zero) + p * q
        return out

    def round_parts(self, a: int, d: int) -> list[tuple[Prob, list, list]]:
        """One combat round from (a, d), steps 2 to 5 as ``_Battle.run`` fights them, as a
        list of (probability of the step-2 outcome, attacker outcomes, defender outcomes):
        after step 2 the two sides' losses are independent (both fire at the board as it
        was: the defender's casualties of step 3 still fire in step 4)."""
        start = self.submarines(a, d) if self.sea else {(a, d): self.one}
        parts = []
        for (a2, d2), p in start.items():
            if self.has_targets(d2):
                d_out = self.volley(a2, "attacker", "fire", d2, finish=True)
            else:
                d_out = {self.finished(d2): self.one}
            if self.has_targets(a2):
                # the defender's shooters are the same whatever step 3 did (see above)
                a_out = self.volley(d2, "defender", "fire", a2, finish=True)
            else:
                a_out = {self.finished(a2): self.one}
            parts.append((p, list(a_out.items()), list(d_out.items())))
        return parts

    def end(self, a: int, d: int) -> tuple[str, str, int] | None:
        """The engine's end check: (winner, reason, defender after defenceless transports
        are sunk) or None while the battle goes on."""
        mk = ("end", a, d)
        if mk in self.memo:
            return self.memo[mk]
        ua, _ = self.view(a)
        ud, _ = self.view(d)
        e = steps.end_check(ua, ud, self.sea, self.rules)
        out = None
        if e is not None:
            d2 = d
            if e.defenceless:
                units, struck = self.build(d)
                gone = {c.id for c in e.defenceless}
                for c in units:
                    if c.id in gone:
                        steps.destroy(c, units, [])
                d2 = self.canon("defender", units, struck)
            out = (e.winner, e.reason, d2)
        self.memo[mk] = out
        return out

    def retreat(self, a: int, round_no: int) -> int:
        """Step 6, condition B: the attacker's policy after round ``round_no``."""
        if not self.orders.retreat.active:
            return a
        mk = ("retreat", a, round_no)
        out = self.memo.get(mk)
        if out is None:
            units, struck = self.build(a)
            plan = steps.retreat_plan(self.orders.retreat, round_no, units,
                                      self.setup.retreat_options)
            if plan is None or plan.blocked is not None:
                out = a
            else:
                steps.do_retreat(plan, units)
                out = self.canon("attacker", units, struck)
            self.memo[mk] = out
        return out

    # --- before round 1 ----------------------------------------------------------------
    def prologue(self, bombarding: Sequence[Unit], landing: int) -> dict[tuple[int, int], Prob]:
        a0 = self.intern("attacker", self.initial["attacker"])
        d0 = self.intern("defender", self.initial["defender"])
        dist: dict[tuple[int, int], Prob] = {(a0, d0): self.one}
        if bombarding:
            vessels = [steps.make_combatant(u.id, u.power, u.type, self.ed.units[u.type],
                                            "attacker", u.damage) for u in bombarding]
            values = tuple(sorted(steps.bombard_value(v)
                                  for v in steps.bombarding_ships(vessels, landing)))
            if values:
                dist = {}
                ch = self.chain(d0, "defender", (False, False))
                for k, p in enumerate(self.count_dist(values)):
                    key = (a0, ch[min(k, len(ch) - 1)])
                    dist[key] = dist.get(key, self.zero) + p
        out: dict[tuple[int, int], Prob] = {}
        for (a, d), p in dist.items():
            for a2, q in self.aa_fire(a, d).items():
                out[(a2, d)] = out.get((a2, d), self.zero) + p * q
        return out

    def aa_fire(self, a: int, d: int) -> dict[int, Prob]:
        ua, _ = self.view(a)
        ud, _ = self.view(d)
        plan = steps.aa_fire(ua, ud, self.sea, self.table_order)
        if plan is None:
            return {a: self.one}
        dist: dict[int, Prob] = {a: self.one}
        for utype, group in plan.groups:
            shots = self.count_dist((plan.value,) * len(group))
            new: dict[int, Prob] = {}
            for sid, p in dist.items():
                for n, q in enumerate(shots):
                    units, struck = self.build(sid)
                    air = sorted((c for c in units if c.type == utype and c.spec.is_air
                                  and c.status == "active"), key=Combatant.sort_key)
                    for c in air[:n]:
                        steps.destroy(c, units, [])
                    k = self.canon("attacker", units, struck)
                    new[k] = new.get(k, self.zero) + p * q
            dist = new
        return dist

    # --- the whole battle --------------------------------------------------------------
    def run(self, bombarding: Sequence[Unit] = (), landing: int = 0) -> None:
        """Push the probability mass through the chain, states in topological order (fewer
        hit points and units on the board, or a later tracked round, come later), each
        state expanded once; collects ``self.terminal``."""
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
                terminal.append(self.zero)
            return ~i

        def after_round(code: int, round_no: int) -> int:
            """Where (round, a, d) goes after a round: an end, or the next state."""
            a, d = (code >> _BITS) & _MASK, code & _MASK
            e = self.end(a, d)
            if e is not None:
                out = end_of((a, e[2], e[0], e[1]))
            else:
                a2 = self.retreat(a, round_no)
                out = code if a2 == a else (code >> 2 * _BITS) << 2 * _BITS | a2 << _BITS | d
            follow[code] = out
            return out

        for (a, d), p in self.prologue(bombarding, landing).items():
            push(a << _BITS | d, p)
        cap = self.round_cap
        limit = self.max_rounds
        while heap:
            code = heapq.heappop(heap)[3]
            m = mass.pop(code)
            self.states += 1
            r, a, d = code >> 2 * _BITS, (code >> _BITS) & _MASK, code & _MASK
            e = self.end(a, d)
            if e is not None:
                terminal[~end_of((a, e[2], e[0], e[1]))] += m
                continue
            if limit is not None and r >= limit:
                terminal[~end_of((a, d, UNDECIDED,
                                  f"still fighting after round {limit}"))] += m
                continue
            nr = min(r + 1, cap) if cap else 0
            high = nr << 2 * _BITS
            parts = self.round_parts(a, d)
            stay = self.zero
            if nr == r:
                me = high | a << _BITS | d
                if follow.get(me, None) is None:
                    after_round(me, r + 1)
                if follow[me] == code:
                    for p, a_out, d_out in parts:
                        pa = sum((q for a3, q in a_out if a3 == a), self.zero)
                        pd = sum((q for d4, q in d_out if d4 == d), self.zero)
                        stay += p * pa * pd
            if stay == self.one or (not self.exact and stay > 1 - 1e-15):
                terminal[~end_of((a, d, "none", "no-progress"))] += m  # defensive
                continue
            scale = m / (self.one - stay)
            fget = follow.get
            mget = mass.get
            for p, a_out, d_out in parts:
                rows = [(high | a3 << _BITS, scale * p * q) for a3, q in a_out]
                for d4, pd in d_out:
                    for hi, w in rows:
                        c = hi | d4
                        t = fget(c)
                        if t is None:
                            t = after_round(c, r + 1)
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
                self.terminal[key] = self.terminal.get(key, self.zero) + p

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
