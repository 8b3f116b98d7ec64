"""The strengths a move's success rule compares (DATC section 5 definitions).

* attack: the moving unit plus its successful supports, against the destination. It is
  zero if the army's convoy is broken, and a unit may not dislodge (or help dislodge) a
  unit of its own power, so those supports do not count against it.
* hold: what holds the destination: 0 if empty or the unit there moves away, 1 if it
  tried to move but failed, otherwise 1 plus successful hold supports.
* defend: the head-on opponent's own move strength in a head-to-head battle.
* prevent: how strongly another move into the same province stops this one; a unit
  beaten in a head-to-head battle has no effect on the province its beater came from.

Each function is a generator in the resolver's style (``resolver.py``): it yields the
province of every order whose success it needs, receives the answer, and returns the
strength. Callers use ``yield from``. The common cheap cases (a move over land, a unit
without supports) are tested before a nested generator is started: most moves of a phase
need no other generator at all.
"""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy.battlefield import Battlefield

Needs = Generator[str, bool, int]


def path_ok(bf: Battlefield, p: str) -> Generator[str, bool, bool]:
    """The move from ``p`` can reach its destination: by land, or by an unbroken convoy."""
    if p in bf.paradox_armies:
        return False
    if not bf.by_convoy[p]:
        return True
    return (yield from bf.convoy_route(p))


def _supports(bf: Battlefield, supporters: list[str], exclude: str | None) -> Needs:
    """How many of the supports succeed, not counting those of power ``exclude``."""
    n = 0
    units = bf.units
    for s in supporters:
        if units[s].power != exclude and (yield s):
            n += 1
    return n


def attack(bf: Battlefield, p: str) -> Needs:
    if p in bf.paradox_armies or (bf.by_convoy[p] and not (yield from bf.convoy_route(p))):
        return 0  # no path: see path_ok
    dest = bf.move_dest[p]
    supporters = bf.move_supports.get((p, dest))
    defender = bf.units.get(dest)
    exclude = None
    if defender is not None and not (
            p not in bf.head_on and dest in bf.move_dest and (yield dest)):
        # The defender stays (it was ordered to, or its own move failed).
        if defender.power == bf.units[p].power:
            return 0
        exclude = defender.power
    if supporters is None:
        return 1
    return 1 + (yield from _supports(bf, supporters, exclude))


def hold(bf: Battlefield, dest: str) -> Needs:
    if dest not in bf.units:
        return 0
    if dest in bf.move_dest:
        return 0 if (yield dest) else 1
    supporters = bf.hold_supports.get(dest)
    if supporters is None:
        return 1
    return 1 + (yield from _supports(bf, supporters, None))


def defend(bf: Battlefield, q: str) -> Needs:
    supporters = bf.move_supports.get((q, bf.move_dest[q]))
    if supporters is None:
        return 1
    return 1 + (yield from _supports(bf, supporters, None))


def prevent(bf: Battlefield, p: str) -> Needs:
    if p in bf.paradox_armies or (bf.by_convoy[p] and not (yield from bf.convoy_route(p))):
        return 0  # no path: see path_ok
    q = bf.head_on.get(p)
    if q is not None and (yield q):
        return 0
    supporters = bf.move_supports.get((p, bf.move_dest[p]))
    if supporters is None:
        return 1
    return 1 + (yield from _supports(bf, supporters, None))
