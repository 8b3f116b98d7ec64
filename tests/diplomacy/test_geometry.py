"""The map picture's geometry agrees with the rules' map: every province is one outline
(plus, for a few, small islands off its own coast), provinces that are adjacent share a
border or a coast, provinces that are not share at most a corner, every spot and centre
marker lies inside its province, the two-coast provinces have each coast on its own water,
and the islands that belong to no province are there with their names. Plain json only: the
derivation's numpy/scipy/shapely is not needed at run time."""

from __future__ import annotations

import json
import math
from collections import defaultdict

import pytest

from adjudicator.diplomacy.map import load_map
from adjudicator.resources import game_data_path

M = load_map()
MIN_SHARED = 10.0
MAX_TOUCH = 4.0


@pytest.fixture(scope="module")
def geo() -> dict:
    with open(game_data_path("diplomacy-standard") / "geometry.json", encoding="utf-8") as fh:
        return json.load(fh)


def _inside(x: float, y: float, poly) -> bool:
    inside = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (x2 - x1) * (y - y1) / (y2 - y1):
            inside = not inside
    return inside


def _parts(p: dict) -> list[list]:
    return [p["polygon"], *p.get("islands", [])]


def _area(poly) -> float:
    return abs(sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1]
                   for i in range(len(poly)))) / 2


def _seg_dist(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _dist_to(p, poly) -> float:
    return min(_seg_dist(p, poly[i - 1], poly[i]) for i in range(len(poly)))


def _shared(geo: dict) -> dict[frozenset, float]:
    users: dict[frozenset, list[str]] = defaultdict(list)
    for pid, p in geo["provinces"].items():
        for part in _parts(p):
            poly = [tuple(pt) for pt in part]
            for i in range(len(poly)):
                users[frozenset((poly[i - 1], poly[i]))].append(pid)
    out: dict[frozenset, float] = defaultdict(float)
    for edge, names in users.items():
        if len(names) == 2 and names[0] != names[1]:
            a, b = tuple(edge)
            out[frozenset(names)] += math.dist(a, b)
    return out


def _adjacent() -> set[frozenset]:
    pairs = set()
    for src in M.provinces:
        for dst in M.army_neighbours(src):
            pairs.add(frozenset((src, dst)))
    for loc in M.fleet_locations():
        for dst in M.fleet_neighbours(loc):
            a, b = M.province_of(loc), M.province_of(dst)
            if a != b:
                pairs.add(frozenset((a, b)))
    return pairs


def test_every_province_has_an_outline_with_its_spots_inside(geo):
    assert set(geo["provinces"]) == set(M.provinces)
    for pid, p in geo["provinces"].items():
        poly = p["polygon"]
        assert len(poly) >= 3, pid
        assert all(len(pt) == 2 for pt in poly)
        assert _inside(*p["unit"], poly), f"{pid} unit spot outside"
        # a name sits in its province; in a small one crowded by its neighbours' units it
        # may reach over the border (it has a halo), its centre at most 10 px outside
        assert _inside(*p["label"], poly) or _dist_to(p["label"], poly) <= 10.5, pid
        assert (p["sc"] is not None) == M.provinces[pid].supply_centre, pid
        if p["sc"]:
            assert _inside(*p["sc"], poly), f"{pid} centre marker outside"
        kind = M.provinces[pid].kind
        assert p["kind"] == {"coastal": "land"}.get(kind, kind)


def test_switzerland_is_impassable(geo):
    assert geo["provinces"]["swi"]["kind"] == "impassable"


def test_every_coast_has_a_spot_inside_its_province(geo):
    coasts = {f"{pid}/{c}" for pid, p in M.provinces.items() for c in p.coasts}
    assert set(geo["coasts"]) == coasts
    for loc, c in geo["coasts"].items():
        assert _inside(*c["unit"], geo["provinces"][loc.split("/")[0]]["polygon"]), loc
        assert len(c["label"]) == 2 and c["text"] == loc.split("/")[1]


def test_adjacent_provinces_share_a_border(geo):
    shared = _shared(geo)
    short = {tuple(sorted(p)): round(shared.get(p, 0.0), 1) for p in _adjacent()
             if shared.get(p, 0.0) < MIN_SHARED}
    assert not short


def test_non_adjacent_provinces_touch_at_most_at_a_corner(geo):
    adjacent = _adjacent()
    wrong = {tuple(sorted(p)): round(length, 1) for p, length in _shared(geo).items()
             if p not in adjacent and "swi" not in p and length > MAX_TOUCH}
    assert not wrong


def test_spots_stay_on_the_canvas(geo):
    w, h = geo["canvas"]["width"], geo["canvas"]["height"]
    for p in geo["provinces"].values():
        for part in _parts(p):
            for x, y in part:
                assert 0 <= x <= w and 0 <= y <= h


def test_every_province_is_one_shape_with_at_most_small_islands_off_its_coast(geo):
    """The board draws each province as one piece; a land province may also own small
    islands just off its coast (Denmark's, the Greek islands, Gotland), never a second
    mainland. Sea zones are single pieces of water."""
    for pid, p in geo["provinces"].items():
        main = _area(p["polygon"])
        islands = p.get("islands", [])
        if p["kind"] == "sea":
            assert not islands, pid
        for island in islands:
            assert _area(island) < 0.25 * main, pid
            gap = min(_dist_to(q, p["polygon"]) for q in island)
            assert gap <= 15, (pid, gap)


def test_coasts_sit_on_their_own_water(geo):
    """Spain's north coast is on the Mid-Atlantic, its south coast on the Western Med and
    the Gulf of Lyon; St Petersburg's north coast on the Barents Sea, its south coast on the
    Gulf of Bothnia; Bulgaria's east coast on the Black Sea, its south coast on the Aegean:
    the sea zone nearest each coast's spot is one its fleets can sail to, and the spot is
    nearer its own seas than the seas only the other coast reaches."""
    seas = {pid: p for pid, p in geo["provinces"].items() if p["kind"] == "sea"}
    expect = {"spa/nc": "mao", "spa/sc": "wes", "stp/nc": "bar", "stp/sc": "bot",
              "bul/ec": "bla", "bul/sc": "aeg"}
    for loc, c in geo["coasts"].items():
        own = {M.province_of(d) for d in M.fleet_neighbours(loc)} & set(seas)
        dist = {s: min(_dist_to(c["unit"], part) for part in _parts(p)) for s, p in seas.items()}
        nearest = min(dist, key=dist.get)
        assert nearest in own, (loc, nearest, sorted(own))
        assert expect[loc] in own and dist[expect[loc]] < 60, (loc, dist[expect[loc]])
        pid = loc.split("/")[0]
        other = next(o for o in geo["coasts"] if o.startswith(pid + "/") and o != loc)
        only_other = ({M.province_of(d) for d in M.fleet_neighbours(other)} & set(seas)) - own
        assert all(dist[s] > min(dist[o] for o in own) for s in only_other), loc


def test_islands_of_no_province_are_named_neutral_land(geo):
    names = {a.get("name") for a in geo["neutral"]}
    assert {"Ireland", "Iceland", "Corsica", "Sardinia", "Sicily", "Crete", "Cyprus",
            "Balearics"} <= names
    w, h = geo["canvas"]["width"], geo["canvas"]["height"]
    for area in geo["neutral"]:
        assert area["kind"] in ("land", "lake")
        if area.get("name"):
            x, y = area["label"]
            assert 0 <= x <= w and 0 <= y <= h, area["name"]


def test_board_abbreviations(geo):
    abbr = {pid: p["abbr"] for pid, p in geo["provinces"].items()}
    assert abbr["stp"] == "StP" and abbr["nao"] == "NAO" and abbr["mao"] == "MAO"
    assert abbr["nwg"] == "NWG" and abbr["par"] == "Par" and abbr["lon"] == "Lon"
    assert all(a.upper() == a for pid, a in abbr.items() if geo["provinces"][pid]["kind"] == "sea")


def test_geometry_stays_small():
    """Only the derived, simplified outlines are committed (a pixel or two of tolerance)."""
    size = (game_data_path("diplomacy-standard") / "geometry.json").stat().st_size
    assert size < 120_000, size


def test_names_do_not_overlap(geo):
    """Province, coast and island names each have their own room."""
    from adjudicator.diplomacy.mapsvg import label_box

    boxes = {pid: label_box(p["abbr"], *p["label"], p["kind"] == "sea")
             for pid, p in geo["provinces"].items()}
    for loc, c in geo["coasts"].items():
        x, y = c["label"]
        boxes[loc] = (x - 9, y - 10, x + 9, y + 3)
    for area in geo["neutral"]:
        if area.get("name"):
            x, y = area["label"]
            half = len(area["name"]) * 3.6 + 2
            boxes[area["name"]] = (x - half, y - 7, x + half, y + 6)
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            x, y = boxes[a], boxes[b]
            assert not (x[0] < y[2] and y[0] < x[2] and x[1] < y[3] and y[1] < x[3]), (a, b)
