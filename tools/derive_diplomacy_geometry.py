"""Derive ``games/diplomacy-standard/geometry.json``: the picture geometry of the standard map.

Run once by a maintainer (the reference file is not part of the project, and numpy/scipy
are only needed here, never at run time):

    python tools/derive_diplomacy_geometry.py ../shared/reference/diplomacy/province-positions.csv

Why a derivation instead of hand-drawn artwork: the only figures we may use are the
coordinates of each province's unit spot (read off jDip's map, GPL) plus the adjacency
facts in ``map.json``. From those we build a Voronoi tessellation:

* every province contributes its unit spot as a seed, plus a few hand-placed helper seeds
  (``EXTRA``) that pull borders to where the board has them;
* ``FILLER`` seeds make neutral areas (Ireland, North Africa, Asia) that belong to no
  province, so the outer provinces do not stretch to the canvas edge;
* cells of one province are merged, then every edge is subdivided and relaxed (Laplacian
  smoothing) and land/sea borders get a deterministic wiggle so the coast reads as a coast.
  Vertices are shared between neighbours, so borders stay gap-free after smoothing.

Finally the script checks that provinces that are adjacent (army or fleet) share a border
of real length and that non-adjacent ones share at most a corner (the same check runs in
``tests/diplomacy/test_geometry.py``). It writes the file either way, so a maintainer can
look at a half-tuned map, but lists every problem and exits non-zero until there are none.
"""

from __future__ import annotations

import csv
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
from scipy.spatial import Voronoi

ROOT = Path(__file__).resolve().parent.parent
MAP_JSON = ROOT / "games" / "diplomacy-standard" / "map.json"
OUT = ROOT / "games" / "diplomacy-standard" / "geometry.json"

W, H = 1835.0, 1360.0
# godip/DPjudge synonyms present in the positions file: their points become extra seeds.
SYNONYMS = {"gol": "lyo", "mid": "mao", "nat": "nao", "nrg": "nwg", "tyn": "tys"}

MIN_SHARED = 10.0  # adjacent provinces must share at least this much border (px)
MAX_TOUCH = 4.0  # non-adjacent provinces may share at most this much (a corner touch)

# Coastlines drawn by hand, as closed loops: (interior kind, forced land owner, points).
# Points on both sides of every loop become seeds, so the land/sea border follows the loop;
# each seed belongs to the nearest province spot of the right kind (or the forced owner).
Loop = tuple[str, "str | None", list[tuple[float, float]]]
COASTS: list[Loop] = [
    # the continent, clockwise from Gibraltar, closing round the east edge of the canvas
    ("land", None, [
        (255, 1200), (200, 1175), (160, 1130), (140, 1060), (150, 990), (165, 950),
        (200, 930), (260, 935), (330, 935), (385, 935), (395, 900), (385, 860),
        (370, 842), (345, 828), (315, 805), (340, 785), (390, 785), (420, 790), (450, 780),
        (470, 765), (505, 748), (535, 728), (565, 705), (585, 685), (610, 670), (640, 665),
        (660, 668), (665, 640), (668, 600), (678, 560), (705, 540), (718, 556), (728, 578),
        (760, 586), (792, 580), (782, 560), (770, 530), (760, 500), (735, 480), (700, 470),
        (670, 455), (645, 430), (640, 390), (660, 340), (700, 290), (750, 230), (810, 170),
        (870, 130), (930, 115), (990, 130), (1050, 145), (1110, 160), (1150, 180),
        (1210, 195), (1260, 200), (1300, 230), (1320, 270), (1350, 240), (1340, 200),
        (1400, 185), (1500, 170), (1600, 160), (1700, 150), (1840, 140), (1900, 140),
        (1900, 1450), (1520, 1450), (1500, 1360), (1490, 1300), (1480, 1270), (1400, 1260),
        (1300, 1275), (1200, 1260), (1170, 1230), (1160, 1190), (1150, 1165), (1100, 1160),
        (1060, 1165), (1020, 1160), (990, 1180), (985, 1220), (960, 1265), (930, 1270),
        (910, 1230), (895, 1190), (880, 1150), (875, 1110), (865, 1075), (840, 1040),
        (810, 1015), (780, 1005), (750, 1010), (745, 1030), (765, 1060), (800, 1085),
        (830, 1110), (865, 1145), (860, 1165), (830, 1160), (825, 1185), (820, 1225),
        (800, 1250), (780, 1230), (770, 1195), (745, 1160), (720, 1130), (700, 1105),
        (675, 1075), (660, 1050), (640, 1020), (615, 1005), (590, 1000), (555, 1010),
        (520, 1015), (490, 1020), (460, 1040), (430, 1080), (400, 1120), (380, 1150),
        (340, 1180), (300, 1195),
    ]),
    # the Baltic and the Gulf of Bothnia (interior is sea)
    ("sea", None, [
        (738, 605), (728, 640), (722, 660), (745, 665), (790, 655), (830, 650), (870, 645),
        (920, 640), (960, 610), (985, 580), (1000, 520), (1015, 498), (1040, 488), (1050, 470),
        (1035, 455), (1000, 450), (965, 445), (950, 420), (945, 380), (955, 330), (965, 290),
        (945, 270), (915, 285), (890, 330), (880, 380), (870, 430), (860, 480), (845, 530),
        (825, 560), (810, 590), (790, 598), (760, 600),
    ]),
    # the Black Sea (interior is sea)
    ("sea", None, [
        (1160, 1090), (1150, 1070), (1150, 1030), (1160, 990), (1175, 950), (1200, 920),
        (1240, 900), (1280, 895), (1300, 910), (1290, 930), (1320, 940), (1370, 930),
        (1410, 950), (1430, 990), (1420, 1030), (1380, 1050), (1330, 1060), (1280, 1065),
        (1230, 1070), (1180, 1085),
    ]),
    # Great Britain
    ("land", None, [
        (420, 430), (465, 425), (490, 450), (500, 485), (505, 515), (510, 545), (525, 580),
        (535, 615), (540, 650), (545, 680), (540, 690), (510, 700), (470, 705), (430, 700),
        (395, 705), (370, 710), (380, 690), (410, 680), (395, 650), (405, 625), (420, 610),
        (430, 590), (420, 560), (410, 535), (395, 510), (395, 475), (405, 445),
    ]),
    # North Africa
    ("land", None, [
        (60, 1450), (60, 1360), (120, 1300), (200, 1250), (260, 1225), (330, 1230),
        (420, 1235), (520, 1240), (600, 1230), (640, 1225), (670, 1240), (690, 1280),
        (700, 1330), (760, 1380), (800, 1450),
    ]),
    # neutral islands
    ("land", "~ireland", [
        (300, 520), (345, 515), (375, 540), (380, 580), (360, 620), (320, 630), (280, 610),
        (270, 570),
    ]),
    ("land", "~iceland", [(290, 170), (340, 160), (370, 180), (340, 205), (295, 200)]),
    ("land", "~corsica", [(620, 1040), (635, 1045), (638, 1075), (625, 1082), (615, 1060)]),
    ("land", "~sardinia", [(612, 1095), (640, 1098), (645, 1150), (620, 1160), (608, 1130)]),
    ("land", "~sicily", [(710, 1255), (770, 1258), (765, 1290), (720, 1285)]),
    ("land", "~crete", [(1010, 1300), (1060, 1295), (1100, 1305), (1060, 1315), (1015, 1312)]),
]

# Helper seeds per province: pull borders to where the board has them. Tuned by eye.
EXTRA: dict[str, list[tuple[float, float]]] = {
    "eng": [(450, 740), (515, 722), (360, 745)],
    "mao": [(280, 810), (330, 890), (250, 760), (80, 1000), (100, 1150), (60, 1280), (190, 690)],
    "nao": [(360, 505), (392, 548), (250, 480), (200, 600), (120, 620), (330, 420), (250, 450)],
    "iri": [(400, 600), (330, 660), (270, 680)],
    "nwg": [(450, 395), (520, 420), (610, 370), (560, 300), (380, 330)],
    "nth": [(600, 460), (640, 520), (645, 560), (590, 660), (555, 700), (580, 620)],
    "bal": [(760, 625), (800, 630), (740, 648)],
    "ska": [(745, 565)],
    "swe": [(850, 300), (900, 295)],
    "fin": [(980, 270)],
    "kie": [(745, 680)],
    "nwy": [(800, 200), (860, 175), (930, 160), (990, 170), (1030, 185)],
    "stp": [(1050, 200), (1100, 220)],
    "mos": [(1080, 660)],
    "mun": [(740, 760), (640, 865)],
    "gal": [(920, 820)],
    "boh": [(870, 815)],
    "bur": [(590, 800), (500, 920), (600, 850)],
    "gas": [(460, 930)],
    "mar": [(460, 1000)],
    "spa": [(420, 990)],
    "pie": [(680, 940)],
    "tyr": [(700, 930)],
    "ser": [(1000, 1000)],
    "rum": [(1030, 960)],
    "apu": [(752, 1060), (840, 1130)],
    "ven": [(725, 1025)],
    "rom": [(725, 1070)],
    "tri": [(775, 985)],
    "ion": [(840, 1175), (870, 1180), (1000, 1340)],
    "naf": [(250, 1260), (180, 1290), (120, 1340)],
    "bel": [(550, 732), (580, 770)],
    "hel": [(635, 652)],
    "lyo": [(465, 1055)],
    "sil": [(900, 765)],
    "swi": [(615, 915), (660, 905)],
    "eas": [(1100, 1345)],
    "smy": [(1185, 1200), (1190, 1240), (1350, 1200), (1380, 1170)],
    "arm": [(1420, 1150)],
    "con": [(1200, 1110)],
    "ank": [(1240, 1095)],
}

# Neutral land seeds (non-province), e.g. the far east of the canvas.
FILLER: list[tuple[float, float]] = [(1790, y) for y in range(250, 1360, 90)]


def load_positions(path: str) -> tuple[dict[str, tuple[float, float]], dict, list]:
    """Return province spots, coast spots and synonym spots from the positions CSV."""
    provs: dict[str, tuple[float, float]] = {}
    coasts: dict[str, tuple[float, float]] = {}
    synonyms: list[tuple[str, tuple[float, float]]] = []
    with open(path, encoding="utf-8") as fh:
        rows = [r for r in csv.reader(fh) if r and not r[0].startswith("#")]
    for name, x, y in rows[1:]:
        pt = (float(x), float(y))
        if "-" in name:
            p, c = name.split("-")
            coasts[f"{p}/{c}"] = pt
        elif name in SYNONYMS:
            synonyms.append((SYNONYMS[name], pt))
        else:
            provs[name] = pt
    return provs, coasts, synonyms


# --- polygon helpers -------------------------------------------------------------------
def clip_convex(poly: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Sutherland-Hodgman clip of a polygon to the canvas rectangle."""

    def clip(pts, inside, inter):
        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(inter(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(inter(prev, cur))
        return out

    def ix(x0):
        return lambda a, b: (x0, a[1] + (b[1] - a[1]) * (x0 - a[0]) / (b[0] - a[0]))

    def iy(y0):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y0 - a[1]) / (b[1] - a[1]), y0)

    pts = poly
    for inside, inter in (
        (lambda p: p[0] >= 0, ix(0.0)),
        (lambda p: p[0] <= W, ix(W)),
        (lambda p: p[1] >= 0, iy(0.0)),
        (lambda p: p[1] <= H, iy(H)),
    ):
        pts = clip(pts, inside, inter)
        if not pts:
            break
    return pts


def signed_area(poly) -> float:
    return 0.5 * sum(
        poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly))
    )


def point_in_poly(x: float, y: float, poly) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i - 1]
        x2, y2 = poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (x2 - x1) * (y - y1) / (y2 - y1):
            inside = not inside
    return inside


def dist_to_border(x: float, y: float, poly) -> float:
    best = math.inf
    for i in range(len(poly)):
        ax, ay = poly[i - 1]
        bx, by = poly[i]
        dx, dy = bx - ax, by - ay
        L = dx * dx + dy * dy
        t = 0.0 if L == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / L))
        best = min(best, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return best


# --- the tessellation --------------------------------------------------------------------
class Mesh:
    """Planar mesh of region loops over shared vertex ids, so edits keep borders matched."""

    def __init__(self) -> None:
        self.pts: list[list[float]] = []
        self.key: dict[tuple[int, int], int] = {}
        self.loops: dict[str, list[int]] = {}
        self.stray: dict[str, list[list[int]]] = {}
        self.problems: list[str] = []

    def vid(self, p: tuple[float, float]) -> int:
        k = (round(p[0] * 100), round(p[1] * 100))
        if k not in self.key:
            self.key[k] = len(self.pts)
            self.pts.append([p[0], p[1]])
        return self.key[k]


def build_mesh(seeds: list[tuple[float, float]], owner: list[str]) -> Mesh:
    far = [(-5000, -5000), (W + 5000, -5000), (-5000, H + 5000), (W + 5000, H + 5000)]
    far += [(W / 2, -6000), (W / 2, H + 6000), (-6000, H / 2), (W + 6000, H / 2)]
    vor = Voronoi(np.array(list(seeds) + far))
    mesh = Mesh()
    # directed edges per region (union of its cells, internal edges cancel out)
    edges: dict[str, dict[tuple[int, int], int]] = defaultdict(dict)
    for i, region_name in enumerate(owner):
        region = vor.regions[vor.point_region[i]]
        assert -1 not in region, f"unbounded cell for {region_name}"
        poly = [tuple(vor.vertices[v]) for v in region]
        if signed_area(poly) < 0:
            poly.reverse()
        poly = clip_convex(poly)
        ids = [mesh.vid(p) for p in poly]
        ids = [v for j, v in enumerate(ids) if v != ids[j - 1]]
        e = edges[region_name]
        for j in range(len(ids)):
            a, b = ids[j - 1], ids[j]
            if (b, a) in e:
                del e[(b, a)]
            else:
                e[(a, b)] = 1
    for name, e in edges.items():
        nxt: dict[int, list[int]] = defaultdict(list)
        for a, b in e:
            nxt[a].append(b)
        if any(len(v) > 1 for v in nxt.values()):
            mesh.problems.append(f"{name}: pinched outline")
        parts = []
        while nxt:
            start = min(nxt)
            loop = [start]
            while True:
                cur = loop[-1]
                b = nxt[cur].pop()
                if not nxt[cur]:
                    del nxt[cur]
                if b == start:
                    break
                loop.append(b)
            parts.append(loop)
        # keep the biggest part; report the rest (the check below must come out clean)
        parts.sort(key=lambda lp: -abs(signed_area([mesh.pts[v] for v in lp])))
        # a part wound the other way is a hole (an island drawn on top): drop it
        sign = signed_area([mesh.pts[v] for v in parts[0]]) > 0
        parts = [parts[0]] + [
            lp for lp in parts[1:] if (signed_area([mesh.pts[v] for v in lp]) > 0) == sign
        ]
        if len(parts) > 1:
            mesh.problems.append(f"{name}: outline falls into {len(parts)} parts")
            mesh.stray[name] = parts[1:]
        mesh.loops[name] = parts[0]
    return mesh


def refine(mesh: Mesh, kinds: dict[str, str], rounds: int = 3) -> None:
    """Subdivide and relax the outlines; wiggle the coasts. Shared vertices keep borders tight."""
    rng = random.Random(1901)

    def on_frame(p) -> bool:
        return p[0] <= 0.01 or p[0] >= W - 0.01 or p[1] <= 0.01 or p[1] >= H - 0.01

    for r in range(rounds):
        # which regions use each undirected edge
        users: dict[frozenset, list[str]] = defaultdict(list)
        for name, loop in mesh.loops.items():
            for j in range(len(loop)):
                users[frozenset((loop[j - 1], loop[j]))].append(name)
        mid: dict[frozenset, int] = {}
        for e, names in users.items():
            a, b = tuple(e)
            pa, pb = mesh.pts[a], mesh.pts[b]
            m = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2]
            seas = {kinds.get(n) == "sea" for n in names}
            if len(seas) == 2 and not (on_frame(pa) and on_frame(pb)):
                L = math.hypot(pb[0] - pa[0], pb[1] - pa[1])
                off = rng.uniform(-0.22, 0.22) * L / (r + 1) ** 0.3
                m[0] += -(pb[1] - pa[1]) / (L or 1) * off
                m[1] += (pb[0] - pa[0]) / (L or 1) * off
            mesh.pts.append(m)
            mid[e] = len(mesh.pts) - 1
        for name, loop in mesh.loops.items():
            new = []
            for j in range(len(loop)):
                new.append(mid[frozenset((loop[j - 1], loop[j]))])
                new.append(loop[j])
            mesh.loops[name] = new[1:] + new[:1]
        # neighbours of each vertex; junctions (3+ neighbours) and frame points stay put
        nb: dict[int, set[int]] = defaultdict(set)
        for loop in mesh.loops.values():
            for j in range(len(loop)):
                nb[loop[j]].add(loop[j - 1])
                nb[loop[j - 1]].add(loop[j])
        moved = {}
        for v, ns in nb.items():
            if len(ns) != 2 or on_frame(mesh.pts[v]):
                continue
            a, b = tuple(ns)
            p, pa, pb = mesh.pts[v], mesh.pts[a], mesh.pts[b]
            moved[v] = [
                0.5 * p[0] + 0.25 * (pa[0] + pb[0]),
                0.5 * p[1] + 0.25 * (pa[1] + pb[1]),
            ]
        for v, p in moved.items():
            mesh.pts[v] = p


def simplify(mesh: Mesh, tolerance: float = 0.6) -> None:
    """Drop near-collinear border vertices. A vertex is dropped from every outline that uses
    it, so neighbouring outlines still share exactly the same edges."""
    nb: dict[int, set[int]] = defaultdict(set)
    for loop in mesh.loops.values():
        for j in range(len(loop)):
            nb[loop[j]].add(loop[j - 1])
            nb[loop[j - 1]].add(loop[j])
    dropped: set[int] = set()
    for v in sorted(nb):
        if len(nb[v]) != 2:
            continue
        a, b = tuple(nb[v])
        pa, pb, p = mesh.pts[a], mesh.pts[b], mesh.pts[v]
        L = math.dist(pa, pb)
        if L == 0 or L > 40:
            continue
        dev = abs((pb[0] - pa[0]) * (pa[1] - p[1]) - (pa[0] - p[0]) * (pb[1] - pa[1])) / L
        if dev < tolerance:
            dropped.add(v)
            nb[a].discard(v)
            nb[a].add(b)
            nb[b].discard(v)
            nb[b].add(a)
    for name, loop in mesh.loops.items():
        mesh.loops[name] = [v for v in loop if v not in dropped]


def polygons(mesh: Mesh) -> dict[str, list[tuple[float, float]]]:
    out = {}
    for name, loop in mesh.loops.items():
        pts = [(round(mesh.pts[v][0], 1), round(mesh.pts[v][1], 1)) for v in loop]
        pts = [p for j, p in enumerate(pts) if p != pts[j - 1]]
        out[name] = pts
    return out


def shared_lengths(polys: dict[str, list]) -> dict[frozenset, float]:
    """Length of border shared by each pair of regions (edges present in both outlines)."""
    owner: dict[frozenset, list[str]] = defaultdict(list)
    for name, poly in polys.items():
        for j in range(len(poly)):
            owner[frozenset((poly[j - 1], poly[j]))].append(name)
    out: dict[frozenset, float] = defaultdict(float)
    for e, names in owner.items():
        if len(names) == 2:
            a, b = tuple(e)
            out[frozenset(names)] += math.dist(a, b)
    return out


def check(polys, adjacent: set[frozenset], provinces: set[str]) -> list[str]:
    problems = []
    shared = shared_lengths(polys)
    for pair in sorted(adjacent, key=sorted):
        if shared.get(pair, 0.0) < MIN_SHARED:
            problems.append(f"adjacent but border {shared.get(pair, 0.0):.1f}: {sorted(pair)}")
    for pair, length in shared.items():
        if pair <= provinces and pair not in adjacent and "swi" not in pair and length > MAX_TOUCH:
            problems.append(f"not adjacent but border {length:.1f}: {sorted(pair)}")
    return problems


def best_spot(poly, avoid: list[tuple[float, float]], near, radius: float) -> tuple[float, float]:
    """A roomy point inside ``poly`` clear of ``avoid`` (unit, SC marker), preferring ``near``."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    best, best_score = near, -math.inf
    step = 6.0
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + step / 2
        while x < max(xs):
            if point_in_poly(x, y, poly):
                room = min(dist_to_border(x, y, poly), 30.0)
                clear = min((math.dist((x, y), a) for a in avoid), default=99.0)
                score = room + min(clear, radius) * 1.5 - 0.08 * math.dist((x, y), near)
                if clear < radius * 0.75:
                    score -= 100
                if score > best_score:
                    best, best_score = (x, y), score
            x += step
        y += step
    return (round(best[0], 1), round(best[1], 1))


# A province name must not sit under a unit token: its box (as the renderer draws it, see
# ``label_box``) keeps LABEL_CLEAR from every unit spot (the token reaches ~19 px, hold
# octagons and support rings ~24) and LABEL_CLEAR_SC from every supply-centre marker.
LABEL_CLEAR = 24.0
LABEL_CLEAR_SC = 10.0


def label_box(text: str, x: float, y: float, sea: bool) -> tuple[float, float, float, float]:
    """Approximate box of a province label centred at (x, y): mapsvg.py draws it with its
    baseline at y + 5, 14 px bold (land) or 15 px italic (sea)."""
    half = (len(text) * (9.0 if sea else 10.0) + 2.0) / 2
    return (x - half, y - 6.0, x + half, y + 8.5)


def box_distance(pt, box) -> float:
    dx = max(box[0] - pt[0], 0.0, pt[0] - box[2])
    dy = max(box[1] - pt[1], 0.0, pt[1] - box[3])
    return math.hypot(dx, dy)


def clear_label(pid: str, sea: bool, start, poly, spots, markers) -> tuple[float, float]:
    """``start`` if the name's box there is clear of units and centre markers and inside the
    province; otherwise the nearby point that does best on those (clearance first, then
    staying inside the outline, then staying close to ``start``)."""

    def score(x, y):
        box = label_box(pid, x, y, sea)
        uc = min((box_distance(s, box) for s in spots), default=99.0)
        mc = min((box_distance(m, box) for m in markers), default=99.0)
        corners = sum(point_in_poly(cx, cy, poly) for cx, cy in
                      ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])))
        ok = uc >= LABEL_CLEAR and mc >= LABEL_CLEAR_SC and corners == 4
        return ok, (3 * min(uc, LABEL_CLEAR) + 2 * min(mc, LABEL_CLEAR_SC) + 8 * corners
                    + 0.5 * min(dist_to_border(x, y, poly), 12.0)
                    - 0.08 * math.dist((x, y), start))

    ok, _ = score(*start)
    if ok:
        return start
    best, best_score = start, -math.inf
    for dx in range(-66, 67, 3):
        for dy in range(-51, 52, 3):
            x, y = start[0] + dx, start[1] + dy
            if not point_in_poly(x, y, poly):
                continue
            _, sc = score(x, y)
            if sc > best_score:
                best, best_score = (x, y), sc
    return (round(best[0], 1), round(best[1], 1))


def on_land(pt: tuple[float, float]) -> bool:
    """Whether a point is land according to the hand-drawn coast loops (last loop wins)."""
    land = False
    for kind, _owner, pts in COASTS:
        if point_in_poly(pt[0], pt[1], pts):
            land = kind == "land"
    return land


def nearest(pt, spots) -> str:
    return min(spots, key=lambda s: (s[1][0] - pt[0]) ** 2 + (s[1][1] - pt[1]) ** 2)[0]


def coast_seeds(land_spots, sea_spots, step: float = 11.0, off: float = 6.0):
    """Seeds on both sides of every drawn coast, so Voronoi borders follow the coast."""
    out = []
    for _kind, forced, pts in COASTS:
        for i in range(len(pts)):
            a, b = pts[i - 1], pts[i]
            L = math.dist(a, b)
            nx, ny = -(b[1] - a[1]) / L, (b[0] - a[0]) / L
            for k in range(max(1, int(L // step))):
                t = (k + 0.5) / max(1, int(L // step))
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                if not (-30 < x < W + 30 and -30 < y < H + 30):
                    continue
                for sx, sy in ((x + nx * off, y + ny * off), (x - nx * off, y - ny * off)):
                    if on_land((sx, sy)):
                        out.append(((sx, sy), forced or nearest((sx, sy), land_spots)))
                    else:
                        out.append(((sx, sy), nearest((sx, sy), sea_spots)))
    return out


def main(positions_csv: str) -> int:
    data = json.loads(MAP_JSON.read_text(encoding="utf-8"))
    provs, coast_pts, synonyms = load_positions(positions_csv)
    missing = set(data["provinces"]) - set(provs)
    assert not missing, f"no position for {sorted(missing)}"
    seeds: list[tuple[float, float]] = []
    owner: list[str] = []
    for pid in sorted(data["provinces"]):
        seeds.append(provs[pid])
        owner.append(pid)
    for pid, pt in synonyms:
        seeds.append(pt)
        owner.append(pid)
    for loc, pt in coast_pts.items():
        seeds.append(pt)
        owner.append(loc.split("/")[0])
    land_spots = [(pid, pt) for pid, pt in provs.items() if data["provinces"][pid]["kind"] != "sea"]
    land_spots += [("~east", pt) for pt in FILLER]
    land_spots += [(loc.split("/")[0], pt) for loc, pt in coast_pts.items()]
    sea_spots = [(pid, pt) for pid, pt in provs.items() if data["provinces"][pid]["kind"] == "sea"]
    sea_spots += synonyms
    for pid, pts in EXTRA.items():
        for pt in pts:
            (sea_spots if data["provinces"][pid]["kind"] == "sea" else land_spots).append((pid, pt))
    for pt, name in coast_seeds(land_spots, sea_spots):
        seeds.append(pt)
        owner.append(name)
    for pid, pts in EXTRA.items():
        for pt in pts:
            seeds.append(pt)
            owner.append(pid)
    for k, pt in enumerate(FILLER):
        seeds.append(pt)
        owner.append("~east")
    for pid, pt in provs.items():
        want = data["provinces"][pid]["kind"] != "sea"
        if on_land(pt) != want:
            print(f"WARNING: {pid} spot {pt} is on the wrong side of the drawn coast")
    kinds = {
        pid: {"coastal": "land"}.get(p["kind"], p["kind"]) for pid, p in data["provinces"].items()
    }
    for name in owner:
        kinds.setdefault(name, "land")
    mesh = build_mesh(seeds, owner)
    refine(mesh, kinds)
    simplify(mesh)
    polys = polygons(mesh)

    adjacent: set[frozenset] = set()
    for table in (data["army_adjacency"], data["fleet_adjacency"]):
        for src, dsts in table.items():
            for d in dsts:
                a, b = src.split("/")[0], d.split("/")[0]
                if a != b:
                    adjacent.add(frozenset((a, b)))
    problems = mesh.problems + check(polys, adjacent, set(data["provinces"]))
    for name, parts in mesh.stray.items():
        for part in parts:
            c = np.mean([mesh.pts[v] for v in part], axis=0)
            problems.append(f"{name}: stray part near ({c[0]:.0f}, {c[1]:.0f})")

    centres = {}
    for pid in sorted(data["provinces"]):
        unit = provs[pid]
        if data["provinces"][pid]["supply_centre"]:
            centres[pid] = best_spot(polys[pid], [unit], (unit[0] + 22, unit[1] + 22), 26.0)
    all_spots = list(provs.values()) + list(coast_pts.values())
    out_provs = {}
    for pid in sorted(data["provinces"]):
        p = data["provinces"][pid]
        poly = polys[pid]
        unit = provs[pid]
        if not point_in_poly(*unit, poly):
            problems.append(f"{pid}: unit spot outside its outline")
        sc = centres.get(pid)
        avoid = [unit] + ([sc] if sc else [])
        if pid in coast_pts_parent(coast_pts):
            avoid += [c for loc, c in coast_pts.items() if loc.startswith(pid + "/")]
        label = best_spot(poly, avoid, (unit[0], unit[1] - 28), 30.0)
        label = clear_label(pid, kinds[pid] == "sea", label, poly, all_spots,
                            list(centres.values()))
        out_provs[pid] = {
            "name": p["name"],
            "kind": kinds[pid],
            "polygon": [list(pt) for pt in poly],
            "unit": list(unit),
            "label": list(label),
            "sc": list(sc) if sc else None,
        }
    out_coasts = {}
    for loc, pt in sorted(coast_pts.items()):
        pid = loc.split("/")[0]
        poly = polys[pid]
        if not point_in_poly(*pt, poly):
            problems.append(f"{loc}: coast spot outside {pid}")
        # coast label sits just beside its unit spot, pushed away from the province centre
        cx, cy = provs[pid]
        dx, dy = pt[0] - cx, pt[1] - cy
        L = math.hypot(dx, dy) or 1.0
        label = (round(pt[0] + dx / L * 24, 1), round(pt[1] + dy / L * 24 + 4, 1))
        out_coasts[loc] = {"unit": list(pt), "label": list(label), "text": loc.split("/")[1]}
    fillers = [
        {"kind": "land", "polygon": [list(p) for p in poly]}
        for name, poly in sorted(polys.items())
        if name.startswith("~")
    ]
    geometry = {
        "canvas": {"width": W, "height": H},
        "credit": "Derived by tools/derive_diplomacy_geometry.py; see NOTICE.",
        "provinces": out_provs,
        "coasts": out_coasts,
        "neutral": fillers,
    }
    OUT.write_text(json.dumps(geometry, separators=(",", ":")) + "\n", encoding="utf-8")
    for p in problems:
        print("PROBLEM:", p)
    print(f"wrote {OUT} ({len(problems)} problems)")
    return 1 if problems else 0


def coast_pts_parent(coast_pts: dict) -> set[str]:
    return {loc.split("/")[0] for loc in coast_pts}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else str(
        ROOT.parent / "shared" / "reference" / "diplomacy" / "province-positions.csv")))
