"""The board of one movement phase, indexed for the order kinds.

Every unit has exactly one (validated) order, keyed by its province. The indexes here
answer the questions the success rules ask: who moves into a province, which supports
match which orders, which fleets convoy which army, whether an army travels by convoy
at all, and which moves meet head-on. Nothing here decides success; that is the job of
``kinds/`` with the resolver.

Everything is indexed once, when the battlefield is built, in province order: the rules
then look facts up (the success rules ask them many times over) and every list is in a
fixed order, so the resolver visits decisions in the same order on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import (
    ARMY,
    Convoy,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Unit,
)

_NONE: tuple[str, ...] = ()
_EMPTY: frozenset[str] = frozenset()


class Battlefield:
    """The units and orders of one movement phase, with the indexes the rules ask.

    A plain class (one is built per phase): every index is filled in ``__init__``.
    """

    dmap: DiplomacyMap
    units: dict[str, Unit]  # province -> unit
    orders: dict[str, Order]  # province -> order of the unit there, in province order
    #: armies whose convoy the Szykman rule has cancelled (a paradox): they stay, no effect
    paradox_armies: set[str]
    #: moving unit's province -> the province it moves into
    move_dest: dict[str, str]
    #: province -> the units moving into it
    moves_into: dict[str, list[str]]
    #: (supported unit's province, destination province) -> supporters of that move
    move_supports: dict[tuple[str, str], list[str]]
    #: province -> supporters of the unit holding there
    hold_supports: dict[str, list[str]]
    #: army's province -> the fleets convoying its move
    convoyers: dict[str, list[str]]
    #: supporter -> the province its support goes into (only supports that match the
    #: supported unit's order; any other support is void)
    support_into: dict[str, str]
    #: moving unit's province -> whether it goes by convoy (see _travels_by_convoy)
    by_convoy: dict[str, bool]
    #: move -> the move it meets head-on (see head_to_head)
    head_on: dict[str, str]
    #: order -> its success, once known for good: from the start for the orders whose
    #: rule needs no other order's outcome whatever happens (see ``__init__``; the
    #: resolver never decides them), then the resolver adds each outcome as it becomes
    #: final (``Resolver.of``), so a rule may read here what it would ask for
    settled: dict[str, bool]
    #: the other orders' provinces, in province order: what the resolver decides
    unsettled: list[str]

    def __init__(self, dmap: DiplomacyMap, units: dict[str, Unit],
                 orders: dict[str, Order]) -> None:
        """``units`` is only read; the battlefield keeps its own copy of ``orders``."""
        self.dmap = dmap
        self.units = units
        self.paradox_armies = set()
        loc_province = dmap.loc_province
        # From here on the orders are in province order, and so is every list below.
        # (Sorting the keys alone: comparing (province, order) pairs costs more. The
        # units' keys are the same as the orders', every unit having one order, and come
        # in province order already from a state: sorted, they cost the least. A loop, not
        # a comprehension: in Python 3.11 each run of one makes a function.)
        given = orders
        self.orders = orders = {}
        for p in sorted(units):
            orders[p] = given[p]
        self.move_dest = move_dest = {}
        self.moves_into = moves_into = {}
        self.move_supports = move_supports = {}
        self.hold_supports = hold_supports = {}
        self.convoyers = {}
        self.support_into = support_into = {}
        self._convoys: set[str] = set()  # fleets whose convoy matches an army's move
        # Whether each move goes by convoy (see _travels_by_convoy) is settled here at
        # once for the commonest cases, a fleet or an army moving over land to a
        # neighbour, unless a convoy is ordered for it (known only after the next loop).
        self.by_convoy = by_convoy = {}
        army_adjacency = dmap.army_adjacency
        pending: list[str] = []  # armies moving to a province they do not border
        pairs: list[str] = []  # moves whose destination's unit moves into their province
        for p, o in orders.items():
            if o.__class__ is Move:
                move_dest[p] = dest = loc_province[o.dest]
                movers = moves_into.get(dest)
                if movers is None:
                    moves_into[dest] = [p]
                else:
                    movers.append(p)
                if units[p].type is not ARMY or dest in army_adjacency.get(p, _EMPTY):
                    by_convoy[p] = False
                else:
                    pending.append(p)
                if move_dest.get(dest) == p:
                    pairs.append(p)
        # Some outcomes are known now, whatever the other orders do: a void support fails,
        # and a hold, convoy or support that no move enters (or, for a support, only its
        # own power's moves: they never cut it) succeeds. These are the orders whose rule
        # (``kinds/``) answers at once without reading anything the resolution changes,
        # so settling them here gives the resolver the very outcomes it would find, and
        # it skips them (most orders of a random-play phase: void supports are common).
        self.settled = settled = {}
        self.unsettled = unsettled = []
        for p, o in orders.items():
            kind = o.__class__
            if kind is Move:
                unsettled.append(p)
                continue
            if kind is SupportMove:
                # A move support counts only for the very move ordered (coast too, if
                # given); validation left the supported unit's own location as target.
                target = loc_province.get(o.target) or prov(o.target)
                dest = move_dest.get(target)
                if dest is not None and dest == (loc_province.get(o.dest) or prov(o.dest)) \
                        and ("/" not in o.dest or o.dest == orders[target].dest):
                    supporters = move_supports.get((target, dest))
                    if supporters is None:
                        move_supports[target, dest] = [p]
                    else:
                        supporters.append(p)
                    support_into[p] = dest
                else:
                    settled[p] = False  # void (kinds.support)
                    continue
            elif kind is SupportHold:
                # Hold support goes to any unit not ordered to move (hold, support, convoy).
                target = loc_province.get(o.target) or prov(o.target)
                if target in units and target not in move_dest:
                    supporters = hold_supports.get(target)
                    if supporters is None:
                        hold_supports[target] = [p]
                    else:
                        supporters.append(p)
                    support_into[p] = target
                else:
                    settled[p] = False  # void (kinds.support)
                    continue
            elif kind is Convoy and self._convoy_matches(p, o):
                self.convoyers.setdefault(loc_province[o.target], []).append(p)
                self._convoys.add(p)
            attackers = moves_into.get(p)
            if attackers is None:
                settled[p] = True  # nobody even tries to dislodge it (or cut it)
            elif kind is SupportMove or kind is SupportHold:
                me = units[p].power
                for a in attackers:
                    if units[a].power != me:
                        unsettled.append(p)
                        break
                else:
                    settled[p] = True  # attacked by its own power's units alone
            else:
                unsettled.append(p)
        # The armies left, and those a convoy is ordered for.
        for p in (*pending, *self.convoyers):
            dest = move_dest.get(p)
            if dest is not None:  # (a convoyed army is always moving)
                by_convoy[p] = self._travels_by_convoy(p, dest)
        self.head_on = head_on = {}
        for p in pairs:  # both moves of a pair meet head-on if neither goes by convoy
            dest = move_dest[p]
            if not by_convoy[p] and not by_convoy[dest]:
                head_on[p] = dest
                head_on[dest] = p

    # --- matching ------------------------------------------------------------
    def move_of(self, p: str) -> Move | None:
        o = self.orders.get(p)
        return o if isinstance(o, Move) else None

    def convoy_matches(self, p: str) -> bool:
        """A convoy counts only by a fleet at sea for the very army move ordered."""
        return p in self._convoys

    def _convoy_matches(self, p: str, o: Convoy) -> bool:
        if self.dmap.kind_of(p) != "sea":
            return False
        mv = self.move_of(prov(o.target))
        army = self.units.get(prov(o.target))
        return (
            mv is not None
            and army is not None
            and army.type is ARMY
            and prov(mv.dest) == prov(o.dest)
        )

    # --- convoy routes ------------------------------------------------------------
    def convoy_route(self, army: str) -> Generator[str, bool, bool]:
        """Whether a chain of convoying fleets links the army to its destination.

        A generator for the resolver: it yields each fleet whose success (not being
        dislodged) the route needs and receives the answer; it returns the verdict. Any
        one route suffices (2000 rules: a convoy fails only if every route is broken).
        The search takes fleets in province order and costs O(fleets x neighbours), so
        a long chain of convoying fleets stays linear.
        """
        dest = self.move_dest.get(army)
        if dest is None:
            return False
        fleets = self.convoyers.get(army, _NONE)
        if not fleets:
            return False
        reach = self.dmap.fleet_reach
        members = set(fleets)
        seen: set[str] = set()
        frontier = [f for f in fleets if army in reach.get(f, _NONE)]
        while frontier:
            f = frontier.pop()
            if f in seen:
                continue
            if not (yield f):
                continue
            seen.add(f)
            touching = reach.get(f, _NONE)
            if dest in touching:
                return True
            frontier.extend(sorted(g for g in touching if g in members and g not in seen))
        return False

    def convoy_route_exists(self, army: str,
                            fleets_ok: Callable[[str], bool] | None = None) -> bool:
        """:meth:`convoy_route` answered by ``fleets_ok`` (None: every fleet counts)."""
        if army not in self.convoyers:
            return False  # no fleet convoys it (what the search finds without asking)
        search = self.convoy_route(army)
        try:
            fleet = next(search)
            while True:
                fleet = search.send(True if fleets_ok is None else fleets_ok(fleet))
        except StopIteration as done:
            return done.value

    def _travels_by_convoy(self, p: str, dest: str) -> bool:
        """Does the move from ``p`` into province ``dest`` go by convoy (2000 rules on
        convoying to an adjacent province)?

        Fleets move only by themselves. An army that cannot reach by land must be
        convoyed. One that can is convoyed only if a full convoy route is ordered and
        either the army's order says "via convoy" or one of the convoying fleets is of
        the army's own power (any legal convoy order shows intent, DATC 6.G.6); otherwise it
        takes the land route (so a foreign power
        cannot kidnap it, and "via convoy" with no convoy ordered falls back to land).
        """
        unit = self.units[p]
        if unit.type is not ARMY:
            return False
        if dest not in self.dmap.army_neighbours(p):
            return True
        if p not in self.convoyers or not self.convoy_route_exists(p):
            return False
        if self.orders[p].via_convoy:  # type: ignore[attr-defined]
            return True
        return any(self.units[f].power == unit.power for f in self.convoyers[p])

    # --- relations between moves ----------------------------------------------
    def head_to_head(self, p: str) -> str | None:
        """The unit this move meets head-on (both by land, into each other's province)."""
        return self.head_on.get(p)
