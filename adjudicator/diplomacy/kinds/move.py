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
    """The outcome at once when the rule below would ask for no other order's outcome
    (about three moves in four of a random-play phase: into an empty province nobody
    else enters, against a unit that stays, head-on without supports); otherwise the
    rule itself, :func:`_rule`, as a generator.

    The shortcut follows :func:`_rule` and the strength functions step by step and
    stops wherever they would yield: it answers only where they would run to the end
    without asking anything, so the resolver meets the same decisions in the same order
    and the outcomes, cycles and backup-rule calls are the same. (Every yield-free
    attack is 1, so the comparisons reduce to "is there a strength of at least 1".)
    """
    if p in bf.paradox_armies:
        return False  # attack 0 (strength.attack)
    if bf.by_convoy[p]:
        return _rule(bf, p)
    dest = bf.move_dest[p]
    units = bf.units
    defender = units.get(dest)
    if defender is not None:
        if p in bf.head_on or dest not in bf.move_dest:
            # The defender stays (attack would not ask): its own power's unit is never
            # attacked (attack 0).
            if defender.power == units[p].power:
                return False
        else:
            return _rule(bf, p)  # attack asks whether the defender's move succeeds
    move_supports = bf.move_supports
    if (p, dest) in move_supports:
        return _rule(bf, p)  # attack asks for its supports
    # The attack is 1.
    opponent = bf.head_on.get(p)
    if opponent is not None:
        # defend(opponent) is 1 without supports, which the attack does not beat.
        # (The opponent moves into ``p``.)
        return _rule(bf, p) if (opponent, p) in move_supports else False
    if defender is not None:
        # hold(dest): the defender does not move (above), so 1 plus its hold supports.
        return _rule(bf, p) if dest in bf.hold_supports else False
    paradox, by_convoy, head_on = bf.paradox_armies, bf.by_convoy, bf.head_on
    for other in bf.moves_into[dest]:
        if other == p or other in paradox:
            continue  # (prevent 0)
        if by_convoy[other] or other in head_on or (other, dest) in move_supports:
            return _rule(bf, p)  # prevent(other) would ask
        return False  # prevent 1, not beaten
    return True


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
