"""Move: succeeds if its attack beats everything standing in its way.

In a head-to-head battle the opponent's move strength is what must be beaten; otherwise
the strength holding the destination. Every other move into the same province must
also be beaten (equal strengths stand each other off).
"""

from __future__ import annotations

from collections.abc import Generator

from adjudicator.diplomacy import strength
from adjudicator.diplomacy.battlefield import Battlefield


def decide(bf: Battlefield, p: str) -> bool | Generator[str, bool, bool]:
    """The outcome at once when the rule would ask only for outcomes already known for
    good (``bf.settled``), which is about nine moves in ten of a random-play phase;
    otherwise the rule itself, :func:`_rule`, as a generator.

    The shortcut follows :func:`_rule` and the strength functions step by step, and
    reads in ``bf.settled`` each outcome they would ask for (the resolver answers a
    question about a resolved decision with its outcome and nothing else). It gives up
    at the first question whose answer is not final there: the rule then runs from the
    start and asks it, so the resolver meets the same decisions in the same order, and
    the outcomes, cycles and backup-rule calls are the same.
    """
    if p in bf.paradox_armies:
        return False  # attack 0 (strength.attack)
    if bf.by_convoy[p]:
        if p not in bf.convoyers:
            return False  # no fleet convoys it: no route (convoy_route asks nothing)
        return _rule(bf, p)  # the route asks for the fleets
    known = bf.settled.get
    dest = bf.move_dest[p]
    units = bf.units
    defender = units.get(dest)
    exclude = None
    if defender is not None:
        if p in bf.head_on or dest not in bf.move_dest:
            stays = True  # attack does not ask
        else:
            left = known(dest)  # attack asks whether the defender's move succeeds
            if left is None:
                return _rule(bf, p)
            stays = not left
        if stays:
            if defender.power == units[p].power:
                return False  # a power's own unit is never attacked (attack 0)
            exclude = defender.power
    move_supports = bf.move_supports
    atk = 1
    supporters = move_supports.get((p, dest))
    if supporters is not None:
        for s in supporters:  # strength._supports
            if units[s].power != exclude:
                ok = known(s)
                if ok is None:
                    return _rule(bf, p)
                if ok:
                    atk += 1
    opponent = bf.head_on.get(p)
    if opponent is not None:
        # defend(opponent): its move (into ``p``) and its supports.
        supporters = move_supports.get((opponent, p))
        if supporters is None:
            if atk <= 1:
                return False
        else:
            n = _supports(bf, supporters)
            if n is None:
                return _rule(bf, p)
            if atk <= 1 + n:
                return False
    elif defender is not None:
        # hold(dest)
        if dest in bf.move_dest:
            held = 0 if known(dest) else 1  # (known above: the defender's move)
        else:
            supporters = bf.hold_supports.get(dest)
            if supporters is None:
                held = 1
            else:
                n = _supports(bf, supporters)
                if n is None:
                    return _rule(bf, p)
                held = 1 + n
        if atk <= held:
            return False
    paradox, by_convoy, head_on = bf.paradox_armies, bf.by_convoy, bf.head_on
    for other in bf.moves_into[dest]:
        if other == p or other in paradox:
            continue  # (prevent 0)
        # prevent(other)
        if by_convoy[other]:
            if other not in bf.convoyers:
                continue  # no route: prevent 0
            return _rule(bf, p)  # the route asks for the fleets
        q = head_on.get(other)
        if q is not None:
            beaten = known(q)
            if beaten is None:
                return _rule(bf, p)
            if beaten:
                continue  # prevent 0
        supporters = move_supports.get((other, dest))
        if supporters is None:
            prevent = 1
        else:
            n = _supports(bf, supporters)
            if n is None:
                return _rule(bf, p)
            prevent = 1 + n
        if atk <= prevent:
            return False
    return True


def _supports(bf: Battlefield, supporters: list[str]) -> int | None:
    """strength._supports (with no power left out) from final outcomes; None if one is
    not final yet."""
    known = bf.settled.get
    n = 0
    for s in supporters:
        ok = known(s)
        if ok is None:
            return None
        if ok:
            n += 1
    return n


def _rule(bf: Battlefield, p: str) -> Generator[str, bool, bool]:
    dest = bf.move_dest[p]
    atk = yield from strength.attack(bf, p)
    if atk == 0:
        return False
    opponent = bf.head_on.get(p)
    if opponent is not None:
        if atk <= (yield from strength.defend(bf, opponent)):
            return False
    elif dest in bf.units and atk <= (yield from strength.hold(bf, dest)):
        return False  # (an empty province holds with strength 0: no need to ask)
    for other in bf.moves_into[dest]:
        if other != p and atk <= (yield from strength.prevent(bf, other)):
            return False
    return True
