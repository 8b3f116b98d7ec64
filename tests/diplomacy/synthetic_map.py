"""Large synthetic Diplomacy maps and positions, to test (and time) boards of any size.

The map is a grid of ``rows`` x ``cols`` provinces, built as the dict ``map.json`` holds
and read by the real :class:`~adjudicator.diplomacy.map.DiplomacyMap`. Columns repeat a
band of four: a sea column, a coastal column, a land column, a coastal column::

    col % 4:   0     1        2      3
              sea  coastal   land  coastal   (then the next band's sea)

Every tenth row (``row % 10 == 5``) the land cell is an inlet (a sea area), so the two
coastal cells beside it border seas on both sides and have two coasts (``/wc``, ``/ec``),
like Spain or Bulgaria; the land cells above and below the inlet become coastal.

Borders are the four grid neighbours. Armies cross any border between two provinces that
are not seas. Fleets sail sea to sea, sea to the coast facing it, and along a coast from
one coastal cell to the next one in the same column when both face the same sea column.
All borders are symmetric, as in the real map.

Province ids are ``r<row>c<col>`` (``r12c5``); :func:`cell` spells them. Every fifth
non-sea province is a supply centre. The powers (``P0``, ``P1``, ...) have no home centres
or starting units: positions are written directly as state dicts (:func:`state`).
"""

from __future__ import annotations

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.map import DiplomacyMap
from adjudicator.diplomacy.orders import UnitType

A, F = UnitType.ARMY, UnitType.FLEET
_SIDES = {"wc": -1, "ec": +1}  # a two-coast cell's coasts, by the column of their sea


def cell(row: int, col: int) -> str:
    return f"r{row}c{col}"


def kind_of(row: int, col: int) -> str:
    """The kind of the cell (before coasts are worked out): "sea" or "land"."""
    band = col % 4
    if band == 0 or (band == 2 and row % 10 == 5):
        return "sea"
    return "land"


def grid_data(rows: int, cols: int, powers: int = 8) -> dict:
    """The ``map.json``-shaped dict of the grid (see the module docstring)."""

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols

    def sea(r: int, c: int) -> bool:
        return inside(r, c) and kind_of(r, c) == "sea"

    def neighbours(r: int, c: int):
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if inside(r + dr, c + dc):
                yield r + dr, c + dc

    def coasts(r: int, c: int) -> list[str]:
        """A cell facing seas west and east (and none north or south) has two coasts."""
        if sea(r, c - 1) and sea(r, c + 1) and not sea(r - 1, c) and not sea(r + 1, c):
            return list(_SIDES)
        return []

    def facing(r: int, c: int, side: int) -> str:
        """The location of cell (r, c) that faces the sea on column ``c + side``."""
        cs = coasts(r, c)
        if not cs:
            return cell(r, c)
        return f"{cell(r, c)}/{'wc' if side < 0 else 'ec'}"

    provinces: dict[str, dict] = {}
    army: dict[str, list[str]] = {}
    fleet: dict[str, set[str]] = {}
    centre_count = 0
    for r in range(rows):
        for c in range(cols):
            pid = cell(r, c)
            if sea(r, c):
                kind = "sea"
            elif any(sea(nr, nc) for nr, nc in neighbours(r, c)):
                kind = "coastal"
            else:
                kind = "land"
            centre = kind != "sea" and (r * cols + c) % 5 == 0
            centre_count += centre
            provinces[pid] = {
                "name": pid.upper(), "kind": kind, "supply_centre": centre, "home_of": None,
                "coasts": {cs: {"name": f"{pid.upper()} ({cs})", "aliases": []}
                           for cs in coasts(r, c)},
                "aliases": [],
            }
            if kind != "sea":
                army[pid] = [cell(nr, nc) for nr, nc in neighbours(r, c) if not sea(nr, nc)]

    def link(a: str, b: str) -> None:
        fleet.setdefault(a, set()).add(b)
        fleet.setdefault(b, set()).add(a)

    for r in range(rows):
        for c in range(cols):
            if sea(r, c):
                for nr, nc in neighbours(r, c):
                    if sea(nr, nc):
                        link(cell(r, c), cell(nr, nc))
                    else:  # the coast of (nr, nc) that faces this sea
                        link(cell(r, c), facing(nr, nc, c - nc) if nr == r else cell(nr, nc))
            elif provinces[cell(r, c)]["kind"] == "coastal" and inside(r + 1, c) \
                    and not sea(r + 1, c):
                # Along the coast: to the cell below when both face the same sea column.
                for side in (-1, 1):
                    if sea(r, c + side) and sea(r + 1, c + side) \
                            and kind_of(r, c + side) == kind_of(r + 1, c + side):
                        link(facing(r, c, side), facing(r + 1, c, side))

    names = [f"P{i}" for i in range(powers)]
    return {
        "name": f"Grid {rows}x{cols}",
        "victory_centres": centre_count // 2 + 1,
        "powers": {p: {"adjective": p, "home_centres": [], "starting_units": [],
                       "colour": "#000000", "text_colour": "#000000"} for p in names},
        "provinces": provinces,
        "army_adjacency": army,
        "fleet_adjacency": {loc: sorted(ns) for loc, ns in fleet.items()},
    }


def grid_map(rows: int, cols: int, powers: int = 8) -> DiplomacyMap:
    return DiplomacyMap(grid_data(rows, cols, powers))


def state(dmap: DiplomacyMap, units: list[tuple[str, UnitType, str]],
          phase: str = "S1901M") -> dict:
    """A state with ``units`` as (power, type, location) and no centres owned."""
    s = engine.initial_state(dmap)
    s["phase"] = phase
    s["units"] = sorted(({"power": p, "type": t.value, "loc": loc} for p, t, loc in units),
                        key=lambda u: u["loc"])
    s["centres"] = {}
    return s


# --- positions ------------------------------------------------------------------------
# Each builder returns (units, orders by power, expected) where ``units`` feeds
# :func:`state`, the orders are typed orders ready for ``engine.adjudicate`` and
# ``expected`` maps a unit's location to the outcome word of its result.

from adjudicator.diplomacy.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove


def fleet_loc(dmap: DiplomacyMap, row: int, col: int, sea_col: int) -> str:
    """Where a fleet in cell (row, col) stands to border the sea cell (row, sea_col)."""
    sea = cell(row, sea_col)
    base = cell(row, col)
    for loc in (base, f"{base}/wc", f"{base}/ec"):
        if sea in dmap.fleet_neighbours(loc):
            return loc
    raise ValueError(f"{base} does not border {sea}")


def chain(length: int, col: int = 1, blocked: bool = False):
    """``length`` armies in column ``col``, rows 0..length-1, each moving one row down.

    The head moves into row ``length``: empty (every move succeeds), or ``blocked`` by a
    holding army (then every move of the chain bounces, one after the other).
    """
    units, orders, expected = [], {}, {}
    for r in range(length):
        power = f"P{r % 8}"
        units.append((power, A, cell(r, col)))
        orders.setdefault(power, []).append(Move(A, cell(r, col), dest=cell(r + 1, col)))
        expected[cell(r, col)] = "bounced" if blocked else "moved"
    if blocked:
        units.append(("P7", A, cell(length, col)))
        orders.setdefault("P7", []).append(Hold(A, cell(length, col)))
        expected[cell(length, col)] = "held"
    return units, orders, expected


def ring(rows: int):
    """Armies all around the ring down column 1, across row ``rows`` to column 3, up
    column 3 and back across row 0, each moving to the next cell: a circular movement of
    ``2 * rows + 4`` units (every move succeeds)."""
    path = [(r, 1) for r in range(rows + 1)] + [(rows, 2)]
    path += [(r, 3) for r in range(rows, -1, -1)] + [(0, 2)]
    assert all(r % 10 != 5 for r, c in path if c == 2), "the crossings must not be inlets"
    units, orders, expected = [], {}, {}
    for i, (r, c) in enumerate(path):
        power = f"P{i % 8}"
        nr, nc = path[(i + 1) % len(path)]
        units.append((power, A, cell(r, c)))
        orders.setdefault(power, []).append(Move(A, cell(r, c), dest=cell(nr, nc)))
        expected[cell(r, c)] = "moved"
    return units, orders, expected


def convoy_position(dmap: DiplomacyMap, rows: int, cols: int):
    """Convoys all over the grid, in motifs of five rows beside each sea column ``s``
    (west coast ``w = s - 1``, east coast ``e = s + 1``), rotating over three kinds:

    0. an army on ``w`` convoyed by three fleets down ``s`` to the east coast: it arrives;
    1. the same, but an enemy fleet, supported, dislodges the middle fleet: no convoy;
    2. the same, with support, onto an enemy army on the east coast: dislodged.

    Every land cell not used by a motif holds an army, which supports its neighbour
    below when that one holds too (so supports, holds and moves all appear).
    """
    units: list[tuple[str, UnitType, str]] = []
    orders: dict[str, list[Order]] = {}
    expected: dict[str, str] = {}
    used: set[str] = set()

    def put(power: str, utype: UnitType, loc: str, order: Order, outcome: str) -> None:
        units.append((power, utype, loc))
        orders.setdefault(power, []).append(order)
        expected[loc] = outcome
        used.add(loc.split("/")[0])

    motif = 0
    for s in range(4, cols - 2, 4):  # the motifs need columns s - 1 to s + 2
        w, e = s - 1, s + 1
        for r0 in range(0, rows - 4, 5):
            kind = motif % 3
            a, b = f"P{motif % 8}", f"P{(motif + 1) % 8}"
            motif += 1
            army, dest = cell(r0, w), cell(r0 + 2, e)
            used.add(dest)  # empty, or the enemy army of kind 2
            fleets = [cell(r0 + i, s) for i in range(3)]
            army_word = {0: "moved", 1: "no convoy", 2: "moved"}[kind]
            put(a, A, army, Move(A, army, dest=dest, via_convoy=True), army_word)
            for i, f in enumerate(fleets):
                word = "dislodged" if (kind == 1 and i == 1) else "convoyed"
                put(a, F, f, Convoy(F, f, target_type=A, target=army, dest=dest), word)
            if kind == 1:
                attacker = fleet_loc(dmap, r0 + 1, e, s)
                helper = fleet_loc(dmap, r0 + 1, w, s)
                put(b, F, attacker, Move(F, attacker, dest=fleets[1]), "moved")
                put(b, F, helper, SupportMove(F, helper, target_type=F, target=attacker,
                                              dest=fleets[1]), "supported")
            elif kind == 2:
                put(b, A, dest, Hold(A, dest), "dislodged")
                helper = cell(r0 + 2, e + 1)
                put(a, A, helper, SupportMove(A, helper, target_type=A, target=army,
                                              dest=dest), "supported")
    # Fillers: an army on every free land cell; it supports the one below if that holds.
    free = [(r, c) for c in range(cols) for r in range(rows)
            if dmap.provinces[cell(r, c)].kind != "sea" and cell(r, c) not in used]
    free_set = {cell(r, c) for r, c in free}
    for r, c in free:
        power = f"P{(r + c) % 8}"
        below = cell(r + 1, c)
        if below in free_set and r % 2 == 0:
            put(power, A, cell(r, c), SupportHold(A, cell(r, c), target_type=A, target=below),
                "supported")
        else:
            put(power, A, cell(r, c), Hold(A, cell(r, c)), "held")
    return units, orders, expected
