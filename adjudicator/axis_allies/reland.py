"""Defending fighters whose carrier sank land again (1942 p.27-28; digest §3.7, §6.4 #11).

A fighter aboard a defending carrier defends in the air; if the carrier is sunk, the fighter
(if it survived) must land elsewhere: on another friendly carrier in the same zone, or one
move away on a friendly territory (island) or friendly carrier; otherwise it is destroyed.
This is done **after all the attacker's battles and before the attacker's noncombat move**,
so the turn engine collects these fighters during combat (they leave the sunk carrier at
once, so they are not removed with its cargo) and calls :func:`reland_defenders` once at the
end of the conduct-combat step: what is friendly, and which carriers have room, is then
judged on the board the battles left.

The choice is the defender's, made out of turn, so it comes from the fighter owner's
standing order ``reland: <region>, <region>, ...`` (the first region of the list that is a
legal landing for that fighter), else the default (ruling 48): another friendly carrier with
room in the same zone; else the adjacent friendly territory with the most friendly units
(ties by region id); else a friendly carrier with room in an adjacent zone (most room first,
then zone id); else the fighter is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.state import Board, uid_key


def _carrier_with_room(b: Board, zone: str, fighter: dict) -> dict | None:
    """The friendly carrier in ``zone`` with room for ``fighter``: the fighter's own
    power's carriers first, then by unit id."""
    cost = b.spec(fighter).carrier_cost
    carriers = [c for c in b.units_at(zone)
                if c["aboard"] is None and b.spec(c).carrier_capacity
                and b.allied(c["power"], fighter["power"]) and b.carrier_room(c) >= cost]
    carriers.sort(key=lambda c: (c["power"] != fighter["power"], uid_key(c["id"])))
    return carriers[0] if carriers else None


def options(state: dict, edition: Edition, fighter: dict) -> list[str]:
    """Where ``fighter`` (a defending fighter whose carrier sank) may land, in the default
    order: its own zone (another carrier with room), adjacent friendly territories (most
    friendly units first, then id), adjacent zones with a friendly carrier with room (most
    room first, then id)."""
    b = Board(state, edition)
    m = edition.map
    zone = fighter["loc"]
    power = fighter["power"]
    out: list[str] = []
    if _carrier_with_room(b, zone, fighter) is not None:
        out.append(zone)
    lands = [t for t in m.neighbours(zone) if m.is_land(t) and b.friendly_territory(t, power)]
    lands.sort(key=lambda t: (-sum(1 for x in b.units_at(t) if b.allied(x["power"], power)), t))
    out += lands
    seas = []
    for z in m.neighbours(zone):
        if m.is_sea(z) and _carrier_with_room(b, z, fighter) is not None:
            room = sum(b.carrier_room(c) for c in b.units_at(z)
                       if c["aboard"] is None and b.spec(c).carrier_capacity
                       and b.allied(c["power"], power))
            seas.append((-room, z))
    out += [z for _, z in sorted(seas)]
    return out


def reland_defenders(state: dict, edition: Edition, fighters: Sequence[str],
                     preferences: Mapping[str, Sequence[str]]) -> tuple[list[dict], list[dict]]:
    """Land each fighter of ``fighters`` (unit ids, in id order) again, changing ``state`` in
    place; ``preferences``: power -> its standing ``reland`` list of region ids.

    Returns ``(landings, lost)``: JSON events (``landings``: unit, power, from, to, source;
    ``lost``: unit, power, type, at, why), as the turn's ``landings`` / ``lost_aircraft``."""
    landings: list[dict] = []
    lost: list[dict] = []
    by_id = {u["id"]: u for u in state["units"]}
    for uid in sorted(dict.fromkeys(fighters), key=uid_key):
        u = by_id.get(uid)
        if u is None:
            continue
        u["aboard"] = None
        legal = options(state, edition, u)
        prefs = [r for r in preferences.get(u["power"], ()) if r in legal]
        if prefs:
            dest, source = prefs[0], "standing order (homeless defender)"
        elif legal:
            dest, source = legal[0], "default (homeless defender)"
        else:
            state["units"] = [x for x in state["units"] if x["id"] != uid]
            lost.append({"unit": uid, "power": u["power"], "type": u["type"], "at": u["loc"],
                         "why": "carrier sunk, no landing"})
            continue
        _land(state, edition, u, dest)
        landings.append({"unit": uid, "power": u["power"], "to": dest, "source": source})
    return landings, lost


def _land(state: dict, edition: Edition, u: dict[str, Any], dest: str) -> None:
    b = Board(state, edition)
    u["loc"] = dest
    if edition.map.is_sea(dest):
        carrier = _carrier_with_room(b, dest, u)
        assert carrier is not None  # dest came from options()
        u["aboard"] = carrier["id"]
