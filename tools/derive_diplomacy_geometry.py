"""Derive ``games/diplomacy-standard/geometry.json``: the picture geometry of the standard map.

Run by a maintainer, never at run or test time (numpy, scipy and shapely are needed only
here, in a throwaway environment):

    python3 -m venv /tmp/geovenv && /tmp/geovenv/bin/pip install numpy scipy shapely
    (cd /tmp && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz)
    /tmp/geovenv/bin/python tools/derive_diplomacy_geometry.py \\
        --atlas /tmp/package/land-50m.json \\
        --positions ../shared/reference/diplomacy/province-positions.csv

Last run with world-atlas 2.0.2 (Natural Earth 4.1.0, 1:50m land, public domain), numpy
2.4, scipy 1.17, shapely 2.2 (GEOS 3.14). The output is deterministic for those inputs.

How the board is made:

1. **Projection fitted to the board.** Every province's unit spot on the board (the
   positions file: figures read off jDip's map) is paired with a place in the real world
   (``GEO`` below: the city or the middle of the sea the spot stands for). The places are
   projected with a Lambert conformal conic (standard parallels 40N and 60N, centred 15E 50N),
   then a thin-plate spline with a quadratic trend, fitted by regularised least squares,
   maps the projection onto the board. The board is not a true map (Britain and the Balkans
   are drawn larger), and the spline bends the real coasts just enough to keep the spots
   where players expect them. The script prints the residuals (4.4 px rms, 22 px at most).
2. **Land and sea.** Natural Earth's land, densified, projected, warped and clipped to the
   canvas, is the land; the rest of the canvas is the sea. Islands smaller than
   ``MIN_ISLAND`` square pixels are dropped. ``BRIDGES`` close the straits the board closes
   (Denmark touches Sweden; Constantinople parts the Black Sea from the Aegean). Spots that
   fall on the wrong side of the real coast (the board's coasts are not the world's) are
   moved to the nearest point ``SPOT_MARGIN`` inside the right side; the moves are printed.
3. **Provinces.** Land provinces are Voronoi cells of the land spots (plus ``EXTRA`` helper
   seeds that pull borders to where the board has them) clipped to the land; sea zones are
   Voronoi cells of the sea spots clipped to the sea. A piece cut off from its province's
   spot (across a strait) goes to the neighbour it shares most border with; an island goes
   to the nearest land province when it lies within ``ISLAND_REACH`` of it (Denmark's
   islands, Gotland, the Greek islands), or becomes neutral land. ``NAMED_ISLANDS`` are
   neutral land with a name (Ireland, Iceland, Corsica, ...); water cut off from every sea
   zone (the Caspian) is a lake.
4. **One coverage, simplified.** All outlines are noded together so neighbours share exactly
   the same vertices, simplified as a coverage (GEOS coverage simplification, ``TOLERANCE``
   pixels) so shared borders stay shared, and rounded to whole pixels.
5. **Checks.** Adjacent provinces (army or fleet) must share at least ``MIN_SHARED`` px of
   border, non-adjacent ones at most ``MAX_TOUCH`` (the same checks run in
   ``tests/diplomacy/test_geometry.py``); every spot must lie inside its province; every coast
   spot must be nearest to one of its own seas. Names are placed small provinces first,
   clear of unit spots, centre markers and each other. The file is written either way; the
   script lists every problem and exits non-zero until there are none. See docs/map.md.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import shapely
from scipy.interpolate import RBFInterpolator
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, unary_union

ROOT = Path(__file__).resolve().parent.parent
MAP_JSON = ROOT / "games" / "diplomacy-standard" / "map.json"
OUT = ROOT / "games" / "diplomacy-standard" / "geometry.json"

W, H = 1835.0, 1360.0
SYNONYMS = {"gol": "lyo", "mid": "mao", "nat": "nao", "nrg": "nwg", "tyn": "tys"}
MIN_SHARED = 10.0  # adjacent provinces must share at least this much border (px)
MAX_TOUCH = 4.0  # non-adjacent provinces may share at most this much (a corner touch)
MIN_ISLAND = 40.0  # islands smaller than this (px^2) are not drawn
ISLAND_REACH = 14.0  # an island this close to a land province belongs to it
TOLERANCE = 1.5  # coverage simplification (px)
SPOT_MARGIN = 9.0  # a spot moved to the right side of a coast lands this far inside
SMOOTHING = 0.005  # thin-plate spline regularisation (0: through every spot exactly)

# Where each spot of the board is in the world: (longitude, latitude). Land: the city or the
# middle of the region; sea: the middle of the water the board's spot stands in.
GEO: dict[str, tuple[float, float]] = {
    "adr": (15.5, 43.0), "aeg": (25.0, 38.5), "alb": (20.0, 41.0), "ank": (33.5, 40.8),
    "apu": (16.5, 41.0), "arm": (41.0, 40.0), "bal": (18.0, 55.5), "bar": (40.0, 72.0),
    "bel": (4.5, 50.7), "ber": (13.4, 52.5), "bla": (34.0, 43.5), "boh": (14.5, 49.8),
    "bot": (20.5, 62.0), "bre": (-3.0, 48.2), "bud": (19.5, 47.3), "bul": (25.0, 42.7),
    "bul-ec": (27.8, 42.8), "bul-sc": (25.5, 41.0), "bur": (4.8, 47.0), "cly": (-5.0, 57.0),
    "con": (28.5, 40.8), "den": (9.3, 56.0), "eas": (32.0, 34.0), "edi": (-3.0, 56.6),
    "eng": (-2.5, 50.0), "fin": (26.0, 62.5), "gal": (23.5, 49.5), "gas": (-0.5, 44.3),
    "gol": (4.5, 42.5), "gre": (22.0, 39.5), "hel": (7.5, 54.3), "hol": (5.5, 52.2),
    "ion": (18.5, 36.5), "iri": (-6.5, 52.0), "kie": (10.0, 53.8), "lon": (-0.5, 51.5),
    "lvn": (24.5, 57.0), "lvp": (-3.0, 54.5), "lyo": (4.5, 42.5), "mao": (-14.0, 44.0),
    "mar": (5.4, 43.9), "mid": (-13.0, 41.0), "mos": (37.6, 55.7), "mun": (11.5, 48.3),
    "naf": (-1.0, 34.5), "nao": (-25.0, 57.0), "nap": (15.8, 40.5), "nat": (-20.0, 54.0),
    "nrg": (3.0, 65.0), "nth": (3.0, 56.0), "nwg": (5.0, 67.0), "nwy": (9.0, 61.0),
    "par": (2.3, 48.0), "pic": (2.3, 50.0), "pie": (7.7, 44.8), "por": (-8.0, 39.5),
    "pru": (20.5, 54.3), "rom": (12.5, 42.0), "ruh": (7.2, 51.2), "rum": (25.5, 45.3),
    "ser": (20.8, 43.5), "sev": (36.0, 47.0), "sil": (17.0, 51.0), "ska": (9.5, 57.8),
    "smy": (30.0, 38.5), "spa": (-3.7, 40.4), "spa-nc": (-5.5, 43.0), "spa-sc": (-3.5, 37.0),
    "stp": (32.0, 61.0), "stp-nc": (38.0, 67.5), "stp-sc": (29.0, 60.0), "swe": (15.5, 61.0),
    "swi": (8.2, 46.8), "syr": (38.0, 35.5), "tri": (15.5, 45.3), "tun": (9.5, 35.5),
    "tus": (11.0, 43.5), "tyn": (12.0, 39.5), "tyr": (12.0, 47.0), "tys": (12.0, 39.5),
    "ukr": (30.0, 49.0), "ven": (11.5, 45.4), "vie": (16.4, 48.0), "wal": (-3.8, 52.2),
    "war": (21.0, 52.2), "wes": (3.0, 38.5), "yor": (-1.2, 53.9),
}

# Islands that belong to no province, drawn as neutral land with their name: a point on
# each (longitude, latitude); the Balearics are one name over several islands.
NAMED_ISLANDS: dict[str, list[tuple[float, float]]] = {
    "Ireland": [(-8.0, 53.3)],
    "Iceland": [(-19.0, 64.9)],
    "Corsica": [(9.1, 42.2)],
    "Sardinia": [(9.0, 40.0)],
    "Sicily": [(14.2, 37.5)],
    "Crete": [(24.9, 35.2)],
    "Cyprus": [(33.2, 35.0)],
    "Balearics": [(3.0, 39.6), (4.1, 40.0), (1.4, 39.0)],
}

# Helper seeds (board pixels) that pull borders to where the board has them. Tuned by eye.
EXTRA: dict[str, list[tuple[float, float]]] = {
    "edi": [(485, 545)], "yor": [(480, 585)], "wal": [(445, 625)], "lvp": [(455, 600)],
    "nao": [(400, 470), (405, 520), (415, 560), (300, 420)],
    "iri": [(420, 625)],
    "nwg": [(470, 410), (540, 400), (600, 390), (800, 120)],
    "nth": [(640, 570), (660, 520), (580, 660), (555, 690)],
    "eng": [(470, 740), (515, 725)],
    "mao": [(350, 850), (380, 890), (330, 940), (250, 800)],
    "bar": [(1000, 60), (1100, 150)],
    "nwy": [(880, 140), (950, 110), (1020, 150), (800, 200), (850, 190), (760, 250)],
    "fin": [(950, 250)], "swe": [(860, 330)],
    "stp": [(1100, 200), (1200, 230), (1300, 200), (1450, 150), (1600, 120), (1650, 250),
            (1800, 350)],
    "war": [(930, 720), (905, 738)], "mos": [(1080, 640), (1750, 560)],
    "sev": [(1180, 880), (1150, 900), (1750, 760)], "rum": [(1110, 930)],
    "ser": [(990, 990), (960, 1090)], "tri": [(870, 1060)],
    "ank": [(1220, 1080)], "con": [(1165, 1120)],
    "smy": [(1380, 1170), (1350, 1200), (1190, 1190), (1180, 1230)],
    "arm": [(1420, 1150)], "syr": [(1410, 1260), (1400, 1320)],
    "eas": [(1100, 1345), (1350, 1330)], "ion": [(720, 1300), (760, 1250)],
    "apu": [(760, 1075), (835, 1135)], "ven": [(745, 1040)], "nap": [(780, 1160)],
    "rom": [(765, 1130)], "tus": [(665, 1010)],
    "pie": [(650, 960), (610, 985), (670, 975)], "mar": [(590, 950)], "tyr": [(700, 950)],
    "bur": [(560, 800), (500, 900), (610, 845)], "pic": [(470, 790)],
    "mun": [(740, 760)], "gal": [(940, 850), (900, 800)], "boh": [(850, 830)],
}

# Straits the board closes (land bridges, in degrees): Denmark touches Sweden and holds the
# Skagerrak apart from the Baltic; Constantinople holds the Black Sea apart from the Aegean.
BRIDGES: list[tuple[tuple[float, float], tuple[float, float]]] = [
    ((12.55, 56.03), (12.75, 56.05)),  # Oresund
    ((10.8, 55.3), (11.15, 55.33)),  # Great Belt
    ((9.7, 55.55), (9.9, 55.5)),  # Little Belt
    ((28.95, 41.1), (29.12, 41.1)),  # Bosporus
]

# Board abbreviations that the rule in ``abbreviation`` does not give.
ABBR = {"stp": "StP"}


# --- inputs ------------------------------------------------------------------------------
def load_positions(path: str) -> dict[str, tuple[float, float]]:
    with open(path, encoding="utf-8") as fh:
        rows = [r for r in csv.reader(fh) if r and not r[0].startswith("#")]
    return {name: (float(x), float(y)) for name, x, y in rows[1:]}


def load_land(path: str) -> MultiPolygon:
    """Natural Earth land from a world-atlas TopoJSON file, in degrees, clipped to Europe."""
    topo = json.loads(Path(path).read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(ids):
        out: list[tuple[float, float]] = []
        for i in ids:
            pts = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(pts if not out else pts[1:])
        # points far east or west of the frame are dropped: what lies in the frame is
        # unchanged, and rings that run along the antimeridian seam (Eurasia's Chukotka)
        # cannot fold over Europe
        return [(x, y) for x, y in out if -100 < x < 100]

    polys = []
    for geom in topo["objects"]["land"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for rings in parts:
            outer = ring(rings[0])
            if len(outer) >= 4:
                polys.append(Polygon(outer, [h for h in map(ring, rings[1:]) if len(h) >= 4]))
    # not Greenland, Svalbard or Novaya Zemlya
    frame = box(-25, 22, 85, 71.3).difference(box(-25, 67.5, -10, 72)).difference(
        box(50, 70, 85, 72))
    polys += [LineString(ends).buffer(0.06) for ends in BRIDGES]
    return unary_union([shapely.make_valid(p).intersection(frame) for p in polys
                        if p.intersects(frame)])


def lcc(lon, lat):
    """Lambert conformal conic, standard parallels 40N/60N, origin 15E 50N (unit sphere)."""
    lon, lat = np.radians(lon), np.radians(lat)
    p1, p2, l0, f0 = map(math.radians, (40, 60, 15, 50))
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho = f / np.tan(np.pi / 4 + lat / 2) ** n
    rho0 = f / math.tan(math.pi / 4 + f0 / 2) ** n
    return rho * np.sin(n * (lon - l0)), rho0 - rho * np.cos(n * (lon - l0))


class Warp:
    """Degrees -> board pixels: the projection, then a smoothed thin-plate spline fitted to
    the board's spots."""

    def __init__(self, spots: dict[str, tuple[float, float]]) -> None:
        names = sorted(set(spots) & set(GEO))
        geo = np.array([GEO[n] for n in names])
        board = np.array([spots[n] for n in names])
        x, y = lcc(geo[:, 0], geo[:, 1])
        p = np.stack([x, y], 1)
        self.mean, self.scale = p.mean(0), p.std()
        self.f = RBFInterpolator((p - self.mean) / self.scale, board,
                                 kernel="thin_plate_spline", degree=2, smoothing=SMOOTHING)
        res = np.linalg.norm(self(geo) - board, axis=1)
        worst = ", ".join(f"{names[i]} {res[i]:.0f}" for i in np.argsort(-res)[:5])
        print(f"fit: {len(names)} spots, residual rms {np.sqrt((res ** 2).mean()):.1f} px, "
              f"max {res.max():.1f} px ({worst})")

    def __call__(self, lonlat: np.ndarray) -> np.ndarray:
        x, y = lcc(lonlat[:, 0], lonlat[:, 1])
        return np.round(self.f((np.stack([x, y], 1) - self.mean) / self.scale), 6)


# --- geometry helpers ----------------------------------------------------------------------
def polys_of(g) -> list[Polygon]:
    if g.is_empty:
        return []
    if isinstance(g, Polygon):
        return [g]
    if hasattr(g, "geoms"):
        return [p for part in g.geoms for p in polys_of(part)]
    return []


def move_inside(pt: tuple[float, float], region, margin: float) -> tuple[float, float]:
    """``pt`` if it lies ``margin`` inside ``region``; else the nearest point that does."""
    inner = region.buffer(-margin)
    p = Point(pt)
    if inner.contains(p):
        return pt
    q = nearest_points(inner, p)[0]
    return (round(q.x, 1), round(q.y, 1))


def shared_lengths(polys: dict[str, list[list]]) -> dict[frozenset, float]:
    """Border shared by each pair of regions: edges present in both outlines (all parts)."""
    owner: dict[frozenset, list[str]] = defaultdict(list)
    for name, parts in polys.items():
        for poly in parts:
            for j in range(len(poly)):
                owner[frozenset((tuple(poly[j - 1]), tuple(poly[j])))].append(name)
    out: dict[frozenset, float] = defaultdict(float)
    for e, names in owner.items():
        if len(names) == 2 and names[0] != names[1]:
            a, b = tuple(e)
            out[frozenset(names)] += math.dist(a, b)
    return out


def ring_coords(poly: Polygon) -> list[list[float]]:
    pts = [[round(x), round(y)] for x, y in list(poly.exterior.coords)[:-1]]
    return [p for j, p in enumerate(pts) if p != pts[j - 1]]


def best_spot(poly: Polygon, avoid: list[tuple[float, float]], near, radius: float):
    """A roomy point inside ``poly`` clear of ``avoid``, preferring ``near``."""
    minx, miny, maxx, maxy = poly.bounds
    best, best_score = near, -math.inf
    boundary = poly.exterior
    for y in np.arange(miny + 3, maxy, 6.0):
        for x in np.arange(minx + 3, maxx, 6.0):
            p = Point(x, y)
            if not poly.contains(p):
                continue
            room = min(boundary.distance(p), 30.0)
            clear = min((math.dist((x, y), a) for a in avoid), default=99.0)
            score = room + min(clear, radius) * 1.5 - 0.08 * math.dist((x, y), near)
            if clear < radius * 0.75:
                score -= 100
            if score > best_score:
                best, best_score = (x, y), score
    return (round(float(best[0]), 1), round(float(best[1]), 1))


# Labels: the box a name takes as mapsvg.py draws it (baseline at y + 5, 14 px bold land,
# 15 px italic sea) must stay clear of unit spots and centre markers.
LABEL_CLEAR = 24.0
LABEL_CLEAR_SC = 10.0
LABEL_REACH = 10.0


def label_box(text: str, x: float, y: float, sea: bool) -> tuple[float, float, float, float]:
    half = (len(text) * (9.0 if sea else 10.0) + 2.0) / 2
    return (x - half, y - 6.0, x + half, y + 8.5)


def box_distance(pt, b) -> float:
    dx = max(b[0] - pt[0], 0.0, pt[0] - b[2])
    dy = max(b[1] - pt[1], 0.0, pt[1] - b[3])
    return math.hypot(dx, dy)


def clear_label(text: str, sea: bool, start, poly: Polygon, spots, markers, taken):
    """Where a province's name goes: near ``start``, its box at least LABEL_CLEAR from every
    unit spot, LABEL_CLEAR_SC from every centre marker and clear of the names ``taken``
    already; inside the province if it can be, else (a small province crowded by its
    neighbours' spots) reaching over its border, the centre at most LABEL_REACH outside."""

    def score(x, y):
        b = label_box(text, x, y, sea)
        uc = min((box_distance(sp, b) for sp in spots), default=99.0)
        mc = min((box_distance(m, b) for m in markers), default=99.0)
        free = not any(b[0] < t[2] and t[0] < b[2] and b[1] < t[3] and t[1] < b[3]
                       for t in taken)
        corners = sum(poly.contains(Point(cx, cy)) for cx, cy in
                      ((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])))
        inside = poly.contains(Point(x, y))
        ok = uc >= LABEL_CLEAR and mc >= LABEL_CLEAR_SC and free
        return ok, (3 * min(uc, LABEL_CLEAR) + 2 * min(mc, LABEL_CLEAR_SC) + 8 * corners
                    + 20 * inside + 0.5 * min(poly.exterior.distance(Point(x, y)), 12.0)
                    - 0.08 * math.dist((x, y), start))

    best, best_key = start, score(*start)
    for dx in range(-66, 67, 3):
        for dy in range(-51, 52, 3):
            x, y = start[0] + dx, start[1] + dy
            if poly.distance(Point(x, y)) > LABEL_REACH:
                continue
            key = score(x, y)
            if key > best_key:
                best, best_key = (x, y), key
    return (round(best[0], 1), round(best[1], 1))


def abbreviation(pid: str, kind: str) -> str:
    """The name printed on the board: sea zones in capitals (NAO, MAO, NWG), land with a
    capital initial (Par, Lon), and the board's own spellings in ``ABBR``."""
    return ABBR.get(pid) or (pid.upper() if kind == "sea" else pid.capitalize())


def island_label(name: str, poly: Polygon, taken: list, spots: list) -> list[float]:
    """Where an island's name goes (12 px italic, drawn with its baseline at y + 4): on the
    island when it is roomy, else beside it; never on a province name or a unit spot."""
    half = len(name) * 3.6 + 2
    c = poly.representative_point() if poly.area < 400 else poly.centroid
    minx, miny, maxx, maxy = poly.bounds
    cands = [(c.x, c.y), (c.x, maxy + 10), (c.x, miny - 10), (maxx + half + 4, c.y),
             (minx - half - 4, c.y), (c.x + half, maxy + 10), (c.x - half, maxy + 10)]
    for x, y in cands:
        b = (x - half, y - 7, x + half, y + 6)
        if all(not (b[0] < t[2] and t[0] < b[2] and b[1] < t[3] and t[1] < b[3]) for t in taken) \
                and all(box_distance(sp, b) > 20 for sp in spots):
            taken.append(b)
            return [round(x, 1), round(y, 1)]
    return [round(c.x, 1), round(c.y, 1)]


# --- the derivation ------------------------------------------------------------------------
def main(atlas: str, positions_csv: str) -> int:
    data = json.loads(MAP_JSON.read_text(encoding="utf-8"))
    kinds = {pid: {"coastal": "land"}.get(p["kind"], p["kind"])
             for pid, p in data["provinces"].items()}
    spots = load_positions(positions_csv)
    warp = Warp(spots)
    problems: list[str] = []

    # 1-2. land and sea on the board
    land_deg = shapely.segmentize(load_land(atlas), 0.2)
    land = shapely.transform(land_deg, warp)
    land = shapely.make_valid(land).intersection(box(0, 0, W, H))
    parts = [p for p in polys_of(land) if p.area >= MIN_ISLAND]
    land = shapely.make_valid(unary_union(
        [Polygon(p.exterior, [r for r in p.interiors if Polygon(r).area >= MIN_ISLAND * 20])
         for p in parts]))
    sea = box(0, 0, W, H).difference(land)
    named = {name: [Point(*warp(np.array([ll]))[0]) for ll in lls]
             for name, lls in NAMED_ISLANDS.items()}
    neutral: dict[str, list[Polygon]] = defaultdict(list)
    for p in polys_of(land):
        for name, pts in named.items():
            if any(p.contains(q) for q in pts):
                neutral[name].append(p)
    for name in NAMED_ISLANDS:
        if not neutral[name]:
            problems.append(f"island {name} not found")
    land = land.difference(unary_union([p for ps in neutral.values() for p in ps]))

    unit: dict[str, tuple[float, float]] = {}
    coast_spot: dict[str, tuple[float, float]] = {}
    for name, pt in sorted(spots.items()):
        if name in SYNONYMS:
            continue
        pid = name.split("-")[0]
        region = sea if kinds[pid] == "sea" else land
        new = move_inside(pt, region, SPOT_MARGIN)
        if new != pt:
            print(f"moved {name} {pt} -> {new} ({math.dist(pt, new):.0f} px)")
        if "-" in name:
            coast_spot[name.replace("-", "/")] = new
        else:
            unit[name] = new

    # 3. provinces: Voronoi cells clipped to land / sea
    def cells(seeds: list[tuple[tuple[float, float], str]], within) -> dict[str, list]:
        vor = shapely.voronoi_polygons(MultiPoint([s for s, _ in seeds]),
                                       extend_to=box(-W, -H, 2 * W, 2 * H))
        out: dict[str, list] = defaultdict(list)
        tree = shapely.STRtree([Point(s) for s, _ in seeds])
        for cell in vor.geoms:
            i = next(i for i in tree.query(cell) if cell.contains(Point(seeds[i][0])))
            out[seeds[i][1]].append(cell)
        return {name: polys_of(unary_union(cs).intersection(within)) for name, cs in out.items()}

    land_seeds = [(unit[p], p) for p in unit if kinds[p] != "sea"]
    land_seeds += [(pt, loc.split("/")[0]) for loc, pt in coast_spot.items()]
    land_seeds += [(pt, p) for p, pts in EXTRA.items() if kinds[p] != "sea" for pt in pts]
    sea_seeds = [(unit[p], p) for p in unit if kinds[p] == "sea"]
    sea_seeds += [(move_inside(spots[s], sea, SPOT_MARGIN), p) for s, p in SYNONYMS.items()]
    sea_seeds += [(pt, p) for p, pts in EXTRA.items() if kinds[p] == "sea" for pt in pts]

    pieces = {**cells(land_seeds, land), **cells(sea_seeds, sea)}
    seeds_of: dict[str, list] = defaultdict(list)
    for s, p in land_seeds + sea_seeds:
        seeds_of[p].append(Point(s))

    main_part: dict[str, Polygon] = {}
    orphans: list[tuple[Polygon, str]] = []
    for name, ps in pieces.items():
        merged = polys_of(unary_union(ps))
        if not merged:
            problems.append(f"{name}: nothing left")
            continue
        home = [p for p in merged if any(p.buffer(0.01).contains(s) for s in seeds_of[name])]
        if not home:
            problems.append(f"{name}: no piece holds its spot")
            home = [max(merged, key=lambda p: p.area)]
        main_part[name] = unary_union(home)
        orphans += [(p, name) for p in merged if not any(p.equals(h) for h in home)]

    islands: dict[str, list[Polygon]] = defaultdict(list)
    for piece, was in orphans:
        is_land = kinds.get(was, "land") != "sea"
        same = [n for n, g in main_part.items() if (kinds.get(n, "land") != "sea") == is_land]
        touching = {n: piece.boundary.intersection(main_part[n].boundary).length for n in same}
        touching = {n: v for n, v in touching.items() if v > 0.5}
        if touching:
            best = max(touching, key=touching.get)
            main_part[best] = unary_union([main_part[best], piece])
        elif is_land:
            near = min(same, key=lambda n: main_part[n].distance(piece))
            if main_part[near].distance(piece) <= ISLAND_REACH and not near.startswith("~"):
                islands[near].append(piece)
            else:
                neutral["~"].append(piece)
        else:  # a bay cut off by the clip or the simplification: the nearest sea's
            near = min(same, key=lambda n: main_part[n].distance(piece))
            if main_part[near].distance(piece) <= ISLAND_REACH:
                islands[near].append(piece)
            else:  # a lake (the Caspian): water that is no sea zone
                neutral["~lake"].append(piece)

    # 4. one coverage: node every outline together, then simplify it as a coverage
    regions: list[tuple[str, Polygon]] = []
    for name, g in main_part.items():
        for p in polys_of(g):
            regions.append((name, p))
    for name, ps in islands.items():
        regions += [(name, p) for p in ps]
    for name, ps in neutral.items():
        regions += [(f"~{name}" if not name.startswith("~") else name, p) for p in ps]
    faces = list(shapely.polygonize([unary_union([p.boundary for _, p in regions])]).geoms)
    tree = shapely.STRtree([p for _, p in regions])
    owned: dict[str, list[Polygon]] = defaultdict(list)
    for f in faces:
        rp = f.representative_point()
        hit = [i for i in tree.query(rp) if regions[i][1].contains(rp)]
        if hit:
            owned[regions[hit[0]][0]].append(f)
    names, geoms = [], []
    for name, fs in owned.items():
        for p in polys_of(unary_union(fs)):
            names.append(name)
            geoms.append(Polygon(p.exterior))
    simple = shapely.coverage_simplify(np.array(geoms, dtype=object), TOLERANCE)

    out_parts: dict[str, list[list[list[float]]]] = defaultdict(list)
    shapes: dict[str, list[Polygon]] = defaultdict(list)
    for name, g in sorted(zip(names, simple, strict=True), key=lambda t: -t[1].area):
        ring = ring_coords(g)
        if len(ring) >= 3:
            out_parts[name].append(ring)
            shapes[name].append(Polygon(ring))

    # 5. checks
    adjacent: set[frozenset] = set()
    for table in (data["army_adjacency"], data["fleet_adjacency"]):
        for src, dsts in table.items():
            for d in dsts:
                a, b = src.split("/")[0], d.split("/")[0]
                if a != b:
                    adjacent.add(frozenset((a, b)))
    provinces = set(data["provinces"])
    shared = shared_lengths({n: ps for n, ps in out_parts.items() if n in provinces})
    for pair in sorted(adjacent, key=sorted):
        if shared.get(pair, 0.0) < MIN_SHARED:
            problems.append(f"adjacent but border {shared.get(pair, 0.0):.1f}: {sorted(pair)}")
    for pair, length in sorted(shared.items(), key=lambda kv: sorted(kv[0])):
        if pair not in adjacent and "swi" not in pair and length > MAX_TOUCH:
            problems.append(f"not adjacent but border {length:.1f}: {sorted(pair)}")

    out_provs = {}
    centres = {}
    all_spots = list(unit.values()) + list(coast_spot.values())
    for pid in sorted(provinces):
        p = data["provinces"][pid]
        main = shapes[pid][0]
        u = unit[pid]
        if not main.contains(Point(u)):
            problems.append(f"{pid}: unit spot outside its outline")
        sc = None
        if p["supply_centre"]:
            sc = best_spot(main, [u], (u[0] + 22, u[1] + 22), 26.0)
            centres[pid] = sc
    taken: list[tuple[float, float, float, float]] = []
    labels = {}
    for pid in sorted(provinces, key=lambda q: shapes[q][0].area):  # small provinces first
        main = shapes[pid][0]
        u = unit[pid]
        sc = centres.get(pid)
        avoid = [u] + ([sc] if sc else []) + [c for loc, c in coast_spot.items()
                                             if loc.startswith(pid + "/")]
        text = abbreviation(pid, kinds[pid])
        label = best_spot(main, avoid, (u[0], u[1] - 28), 30.0)
        label = clear_label(text, kinds[pid] == "sea", label, main, all_spots,
                            list(centres.values()), taken)
        taken.append(label_box(text, *label, kinds[pid] == "sea"))
        labels[pid] = label
    for pid in sorted(provinces):
        p = data["provinces"][pid]
        u = unit[pid]
        sc = centres.get(pid)
        label = labels[pid]
        entry = {"name": p["name"], "abbr": abbreviation(pid, kinds[pid]), "kind": kinds[pid],
                 "polygon": out_parts[pid][0],
                 "unit": list(u), "label": list(label), "sc": list(sc) if sc else None}
        if len(out_parts[pid]) > 1:
            entry["islands"] = out_parts[pid][1:]
        out_provs[pid] = entry
    out_coasts = {}
    for loc, pt in sorted(coast_spot.items()):
        pid = loc.split("/")[0]
        if not shapes[pid][0].contains(Point(pt)):
            problems.append(f"{loc}: coast spot outside {pid}")
        own = {d.split("/")[0] for d in data["fleet_adjacency"].get(loc, [])}
        seas = {n: min(s.exterior.distance(Point(pt)) for s in shapes[n])
                for n in provinces if kinds[n] == "sea"}
        nearest_sea = min(seas, key=seas.get)
        if nearest_sea not in own:
            problems.append(f"{loc}: nearest sea is {nearest_sea}, not one of {sorted(own)}")
        cx, cy = unit[pid]
        dx, dy = pt[0] - cx, pt[1] - cy
        L = math.hypot(dx, dy) or 1.0
        label = (round(pt[0] + dx / L * 36, 1), round(pt[1] + dy / L * 36 + 4, 1))
        out_coasts[loc] = {"unit": list(pt), "label": list(label), "text": loc.split("/")[1]}

    taken = [label_box(out_provs[pid]["abbr"], *out_provs[pid]["label"], kinds[pid] == "sea")
             for pid in out_provs]
    taken += [(x - 12, y - 10, x + 12, y + 3) for x, y in (c["label"] for c in out_coasts.values())]
    out_neutral = []
    for name, ps in sorted(out_parts.items()):
        if name in provinces:
            continue
        label_name = name.lstrip("~")
        for k, ring in enumerate(ps):
            entry: dict = {"kind": "lake" if name == "~lake" else "land", "polygon": ring}
            if name[1:] in NAMED_ISLANDS and k == 0:
                entry["name"] = label_name
                entry["label"] = island_label(label_name, Polygon(ring), taken, all_spots)
            out_neutral.append(entry)

    geometry = {
        "canvas": {"width": W, "height": H},
        "credit": "Derived by tools/derive_diplomacy_geometry.py from Natural Earth; see NOTICE.",
        "provinces": out_provs,
        "coasts": out_coasts,
        "neutral": out_neutral,
    }
    OUT.write_text(json.dumps(geometry, separators=(",", ":")) + "\n", encoding="utf-8")
    for p in problems:
        print("PROBLEM:", p)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {len(problems)} problems)")
    return 1 if problems else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--atlas", default="/tmp/package/land-50m.json",
                    help="land-50m.json of the world-atlas npm package (Natural Earth)")
    ap.add_argument("--positions", default=str(
        ROOT.parent / "shared" / "reference" / "diplomacy" / "province-positions.csv"))
    args = ap.parse_args()
    sys.exit(main(args.atlas, args.positions))
