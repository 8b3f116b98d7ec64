"""The map picture's geometry agrees with the rules' map: every province has an outline,
provinces that are adjacent share a border, provinces that are not share at most a corner,
and every coast has a unit spot. Plain json only: the derivation's numpy/scipy is not
needed at run time."""

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


def _shared(geo: dict) -> dict[frozenset, float]:
    users: dict[frozenset, list[str]] = defaultdict(list)
    for pid, p in geo["provinces"].items():
        poly = [tuple(pt) for pt in p["polygon"]]
        for i in range(len(poly)):
            users[frozenset((poly[i - 1], poly[i]))].append(pid)
    out: dict[frozenset, float] = defaultdict(float)
    for edge, names in users.items():
        if len(names) == 2:
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
        assert _inside(*p["label"], poly), f"{pid} label outside"
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
        for x, y in p["polygon"]:
            assert 0 <= x <= w and 0 <= y <= h
