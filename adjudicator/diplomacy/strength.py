"""The strengths a move's success rule compares (DATC section 5 definitions).

* attack: the moving unit plus its successful supports, against the destination. It is
  zero if the army's convoy is broken, and a unit may not dislodge (or help dislodge) a
  unit of its own power, so those supports do not count against it.
* hold: what holds the destination: 0 if empty or the unit there moves away, 1 if it
  tried to move but failed, otherwise 1 plus successful hold supports.
* defend: the head-on opponent's own move strength in a head-to-head battle.
* prevent: how strongly another move into the same province stops this one; a unit
  beaten in a head-to-head battle has no effect on the province its beater came from.
"""

from __future__ import annotations

from adjudicator.diplomacy.battlefield import Battlefield
from adjudicator.diplomacy.map import prov
from adjudicator.diplomacy.resolver import Resolver


def path_ok(r: Resolver, bf: Battlefield, p: str) -> bool:
    """The move from ``p`` can reach its destination: by land, or by an unbroken convoy."""
    if p in bf.paradox_armies:
        return False
    if not bf.by_convoy.get(p):
        return True
    return bf.convoy_route_exists(p, fleets_ok=r.resolve)


def _supports(r: Resolver, bf: Battlefield, supporters: list[str], exclude: str | None) -> int:
    return sum(1 for s in supporters if bf.units[s].power != exclude and r.resolve(s))


def attack(r: Resolver, bf: Battlefield, p: str) -> int:
    mv = bf.move_of(p)
    dest = prov(mv.dest)
    if not path_ok(r, bf, p):
        return 0
    supporters = bf.move_supports.get((p, dest), [])
    defender = bf.units.get(dest)
    if defender is None:
        return 1 + _supports(r, bf, supporters, None)
    if bf.head_to_head(p) is None and bf.move_of(dest) is not None and r.resolve(dest):
        return 1 + _supports(r, bf, supporters, None)  # the defender left
    if defender.power == bf.units[p].power:
        return 0
    return 1 + _supports(r, bf, supporters, defender.power)


def hold(r: Resolver, bf: Battlefield, dest: str) -> int:
    if dest not in bf.units:
        return 0
    if bf.move_of(dest) is not None:
        return 0 if r.resolve(dest) else 1
    return 1 + _supports(r, bf, bf.hold_supports.get(dest, []), None)


def defend(r: Resolver, bf: Battlefield, q: str) -> int:
    mv = bf.move_of(q)
    return 1 + _supports(r, bf, bf.move_supports.get((q, prov(mv.dest)), []), None)


def prevent(r: Resolver, bf: Battlefield, p: str) -> int:
    mv = bf.move_of(p)
    if not path_ok(r, bf, p):
        return 0
    q = bf.head_to_head(p)
    if q is not None and r.resolve(q):
        return 0
    return 1 + _supports(r, bf, bf.move_supports.get((p, prov(mv.dest)), []), None)
