"""A picture layout for a variant that ships no ``geometry.json`` (docs/variants.md).

The drawing we had before the Natural Earth board, generated: every province gets a spot
from a force-directed layout of the adjacency graph (Fruchterman-Reingold, started from a
seeded pseudo-random placement, so the same map always gives the same picture), and its
region is the Voronoi cell of that spot, bounded to a disc round it so the outermost
provinces do not run to the edge of the canvas. Sea cells are drawn as sea and land cells
as land with a coastline (the renderer's usual layers), so the picture shows seas, land,
supply centres, units and orders like the standard board, only schematically.

The result has the shape of ``geometry.json`` (see ``tools/derive_diplomacy_geometry.py``)
and goes through the same renderer. Pure standard library; about a second for 80
provinces, once per process (``mapsvg.load_geometry`` caches it).
"""

from __future__ import annotations

import math
import random
import zlib

from adjudicator.diplomacy.map import DiplomacyMap

WIDTH = 1835.0  # the standard board's width, so the key below the map has the same room
MARGIN = 70.0
ITERATIONS = 300
SIDES = 28  # the bounding disc of a cell, as a polygon
MIN_GAP = 95.0  # no two province spots closer than this (map pixels)


def _graph(dmap: DiplomacyMap) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {p: set() for p in dmap.provinces}
    for loc, ns in dmap.army_adjacency.items():
        for n in ns:
            edges[loc].add(n)
            edges[n].add(loc)
    for loc, ns in dmap.fleet_reach.items():
        src = dmap.province_of(loc)
        for n in ns:
            if n != src:
                edges[src].add(n)
                edges[n].add(src)
    return edges


def spots(dmap: DiplomacyMap, seed: str) -> dict[str, tuple[float, float]]:
    """Province -> position in the unit square, from the adjacency alone."""
    edges = _graph(dmap)
    nodes = sorted(edges)
    n = len(nodes)
    rng = random.Random(zlib.crc32(seed.encode("utf-8")))
    pos = {p: [rng.random(), rng.random()] for p in nodes}
    if n == 1:
        return {nodes[0]: (0.5, 0.5)}
    k = math.sqrt(1.0 / n)  # the ideal distance between neighbours
    pairs = [(a, b) for i, a in enumerate(nodes) for b in nodes[i + 1:]]
    linked = [(a, b) for a, b in pairs if b in edges[a]]
    temp = 0.1
    for _ in range(ITERATIONS):
        disp = {p: [0.0, 0.0] for p in nodes}
        for a, b in pairs:  # every pair repels
            pa, pb = pos[a], pos[b]
            dx, dy = pa[0] - pb[0], pa[1] - pb[1]
            d2 = dx * dx + dy * dy or 1e-9
            f = k * k / d2
            da, db = disp[a], disp[b]
            da[0] += dx * f
            da[1] += dy * f
            db[0] -= dx * f
            db[1] -= dy * f
        for a, b in linked:  # neighbours attract
            pa, pb = pos[a], pos[b]
            dx, dy = pa[0] - pb[0], pa[1] - pb[1]
            d = math.sqrt(dx * dx + dy * dy) or 1e-9
            f = d / k
            da, db = disp[a], disp[b]
            da[0] -= dx * f
            da[1] -= dy * f
            db[0] += dx * f
            db[1] += dy * f
        for p in nodes:  # a little gravity keeps loose parts near the middle
            dx, dy = disp[p]
            dx -= (pos[p][0] - 0.5) * 0.5 * k
            dy -= (pos[p][1] - 0.5) * 0.5 * k
            d = math.sqrt(dx * dx + dy * dy) or 1e-9
            step = min(d, temp)
            pos[p][0] += dx / d * step
            pos[p][1] += dy / d * step
        temp = max(temp * 0.985, 0.002)
    return {p: (xy[0], xy[1]) for p, xy in pos.items()}


def _clip(poly: list[tuple[float, float]], nx: float, ny: float,
          c: float) -> list[tuple[float, float]]:
    """The part of ``poly`` where nx*x + ny*y <= c (Sutherland-Hodgman, one edge)."""
    out = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        fp, fq = nx * p[0] + ny * p[1] - c, nx * q[0] + ny * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out


def _spread(at: dict[str, tuple[float, float]], gap: float, width: float,
            height: float) -> None:
    """Push apart spots closer than ``gap`` (each pair half the shortfall, rounds until
    none is left), keeping them MARGIN inside the canvas, so no two provinces' units,
    labels and markers fall on each other."""
    names = sorted(at)

    def inside(x: float, y: float) -> tuple[float, float]:
        return (min(max(x, MARGIN), width - MARGIN), min(max(y, MARGIN), height - MARGIN))

    for p in names:
        at[p] = inside(*at[p])
    for _ in range(400):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                (ax, ay), (bx, by) = at[a], at[b]
                d = math.dist((ax, ay), (bx, by))
                if d >= gap:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 0.0
                else:
                    dx, dy = (bx - ax) / d, (by - ay) / d
                push = (gap - d) / 2 + 0.5
                at[a] = inside(ax - dx * push, ay - dy * push)
                at[b] = inside(bx + dx * push, by + dy * push)
                moved = True
        if not moved:
            break
    for p, (x, y) in at.items():
        at[p] = (round(x, 1), round(y, 1))


def generate_geometry(dmap: DiplomacyMap, seed: str) -> dict:
    """A ``geometry.json``-shaped picture of ``dmap``; ``seed`` (the variant's name) makes
    the layout stable."""
    raw = spots(dmap, seed)
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    scale = (WIDTH - 2 * MARGIN) / span_x
    height = min(max(span_y * scale + 2 * MARGIN, 700.0), 1400.0)
    scale = min(scale, (height - 2 * MARGIN) / span_y)
    off_x = (WIDTH - span_x * scale) / 2
    off_y = (height - span_y * scale) / 2
    at = {p: (round(off_x + (x - min(xs)) * scale, 1), round(off_y + (y - min(ys)) * scale, 1))
          for p, (x, y) in raw.items()}
    _spread(at, MIN_GAP, WIDTH, height)
    # the bounding disc: a little more than half the typical distance to the nearest spot
    nearest = []
    for p, (x, y) in at.items():
        d = min((math.dist((x, y), q) for o, q in at.items() if o != p), default=200.0)
        nearest.append(d)
    nearest.sort()
    radius = max(70.0, min(nearest[len(nearest) // 2] * 0.95, 420.0))
    provinces: dict[str, dict] = {}
    coasts: dict[str, dict] = {}
    for pid, info in sorted(dmap.provinces.items()):
        x, y = at[pid]
        poly = [(x + radius * math.cos(2 * math.pi * i / SIDES),
                 y + radius * math.sin(2 * math.pi * i / SIDES)) for i in range(SIDES)]
        for bx, by, c in ((1, 0, WIDTH - 4), (-1, 0, -4), (0, 1, height - 4), (0, -1, -4)):
            poly = _clip(poly, bx, by, c)
        for other, (ox, oy) in at.items():
            if other == pid or math.dist((x, y), (ox, oy)) > 2 * radius:
                continue
            nx, ny = ox - x, oy - y
            poly = _clip(poly, nx, ny, nx * (x + ox) / 2 + ny * (y + oy) / 2)
            if not poly:
                break
        sea = info.kind == "sea"
        provinces[pid] = {
            "name": info.name,
            "abbr": pid.upper() if sea else pid.capitalize(),
            "kind": info.kind,
            "polygon": [[round(px, 1), round(py, 1)] for px, py in poly],
            "unit": [x, y],
            "label": [x, round(y - 31, 1)],
            "sc": [round(x + 24, 1), round(y + 18, 1)] if info.supply_centre else None,
        }
        for coast in info.coasts:
            loc = f"{pid}/{coast}"
            seas = [at[dmap.province_of(n)] for n in dmap.fleet_neighbours(loc)]
            mx = sum(s[0] for s in seas) / len(seas) if seas else x
            my = sum(s[1] for s in seas) / len(seas) if seas else y + 1
            d = math.dist((x, y), (mx, my)) or 1.0
            ux, uy = x + (mx - x) / d * radius * 0.55, y + (my - y) / d * radius * 0.55
            coasts[loc] = {"unit": [round(ux, 1), round(uy, 1)],
                           "label": [round(ux, 1), round(uy + 30, 1)], "text": coast}
    return {
        "canvas": {"width": WIDTH, "height": round(height, 1)},
        "credit": "Generated from the map's adjacency by adjudicator/diplomacy/layout.py "
                  "(no geometry.json shipped); see docs/variants.md.",
        "provinces": provinces,
        "coasts": coasts,
        "neutral": [],
        "generated": True,
    }
