"""The board of one movement phase, indexed for the order kinds.

Every unit has exactly one (validated) order, keyed by its province. The indexes here
answer the questions the success rules ask: who moves into a province, which supports
match which orders, which fleets convoy which army, and whether an army travels by
convoy at all. Nothing here decides success; that is the job of ``kinds/`` with the
resolver.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from adjudicator.diplomacy.map import DiplomacyMap, prov
from adjudicator.diplomacy.orders import (
    Convoy,
    Move,
    Order,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
)


@dataclass
class Battlefield:
    dmap: DiplomacyMap
    units: dict[str, Unit]  # province -> unit
    orders: dict[str, Order]  # province -> order of the unit there
    # Armies whose convoy the Szykman rule has cancelled (a paradox): they stay, no effect.
    paradox_armies: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.moves_into: dict[str, list[str]] = defaultdict(list)
        self.move_supports: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.hold_supports: dict[str, list[str]] = defaultdict(list)
        self.convoyers: dict[str, list[str]] = defaultdict(list)  # army province -> fleets
        for p, o in sorted(self.orders.items()):
            if isinstance(o, Move):
                self.moves_into[prov(o.dest)].append(p)
        for p, o in sorted(self.orders.items()):
            if isinstance(o, SupportMove) and self._support_move_matches(o):
                self.move_supports[(prov(o.target), prov(o.dest))].append(p)
            elif isinstance(o, SupportHold) and self._support_hold_matches(o):
                self.hold_supports[prov(o.target)].append(p)
            elif isinstance(o, Convoy) and self.convoy_matches(p):
                self.convoyers[prov(o.target)].append(p)
        self.by_convoy: dict[str, bool] = {
            p: self._travels_by_convoy(p, o)
            for p, o in self.orders.items()
            if isinstance(o, Move)
        }

    # --- matching ------------------------------------------------------------
    def move_of(self, p: str) -> Move | None:
        o = self.orders.get(p)
        return o if isinstance(o, Move) else None

    def _support_move_matches(self, o: SupportMove) -> bool:
        """A move support counts only for the very move ordered (coast too, if given)."""
        mv = self.move_of(prov(o.target))
        if mv is None or prov(mv.dest) != prov(o.dest):
            return False
        return "/" not in o.dest or o.dest == mv.dest

    def _support_hold_matches(self, o: SupportHold) -> bool:
        """Hold support goes to any unit not ordered to move (hold, support, convoy)."""
        t = prov(o.target)
        return t in self.units and self.move_of(t) is None

    def convoy_matches(self, p: str) -> bool:
        o = self.orders[p]
        if not isinstance(o, Convoy) or not self.dmap.is_sea(p):
            return False
        mv = self.move_of(prov(o.target))
        army = self.units.get(prov(o.target))
        return (
            mv is not None
            and army is not None
            and army.type is UnitType.ARMY
            and prov(mv.dest) == prov(o.dest)
        )

    # --- convoy routes ------------------------------------------------------------
    def convoy_route_exists(self, army: str, fleets_ok: Callable[[str], bool] | None = None) -> bool:
        """Whether a chain of convoying fleets links the army to its destination.

        ``fleets_ok`` filters the fleets (the resolver passes "not dislodged"); any one
        route suffices (2000 rules: a convoy fails only if every route is broken).
        """
        mv = self.move_of(army)
        if mv is None:
            return False
        dest = prov(mv.dest)
        fleets = self.convoyers.get(army, [])
        seen: set[str] = set()
        frontier = [f for f in fleets if army in self._touching(f)]
        while frontier:
            f = frontier.pop()
            if f in seen:
                continue
            if fleets_ok is not None and not fleets_ok(f):
                continue
            seen.add(f)
            touching = self._touching(f)
            if dest in touching:
                return True
            frontier.extend(g for g in fleets if g not in seen and g in touching)
        return False

    def _touching(self, sea: str) -> set[str]:
        return {prov(n) for n in self.dmap.fleet_neighbours(sea)}

    def _travels_by_convoy(self, p: str, mv: Move) -> bool:
        """Does this move go by convoy (2000 rules on convoying to an adjacent province)?

        Fleets move only by themselves. An army that cannot reach by land must be
        convoyed. One that can is convoyed only if a full convoy route is ordered and
        either the army's order says "via convoy" or one of the convoying fleets is of
        the army's own power (any legal convoy order shows intent, DATC 6.G.6); otherwise it
        takes the land route (so a foreign power
        cannot kidnap it, and "via convoy" with no convoy ordered falls back to land).
        """
        unit = self.units[p]
        if unit.type is not UnitType.ARMY:
            return False
        if not self.dmap.army_can_move(p, mv.dest):
            return True
        if not self.convoy_route_exists(p):
            return False
        if mv.via_convoy:
            return True
        return any(self.units[f].power == unit.power for f in self.convoyers[p])

    # --- relations between moves ----------------------------------------------
    def head_to_head(self, p: str) -> str | None:
        """The unit this move meets head-on (both by land, into each other's province)."""
        mv = self.move_of(p)
        if mv is None or self.by_convoy.get(p):
            return None
        q = prov(mv.dest)
        other = self.move_of(q)
        if other is None or self.by_convoy.get(q) or prov(other.dest) != p:
            return None
        return q
