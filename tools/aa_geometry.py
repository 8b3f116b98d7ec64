"""Derive ``games/<edition>/geometry.json``: the outlines and drawing spots of an A&A board.

Run by a maintainer, once per edition (the reference files are not part of the project and
are never read at run or test time; only the standard library is needed):

    python tools/aa_geometry.py aa1942 ../shared/reference/aa1942
    python tools/aa_geometry.py aa-revised ../shared/reference/aa-revised

Input: TripleA's ``polygons.txt`` (region outlines in board pixels) and ``centers.txt``, plus
the edition's own ``games/<edition>/map.json`` (region ids, kinds, adjacency, wrap edges).

TripleA traces every region separately, one pixel inside its own border, so two neighbours
never share a vertex and simplifying each outline on its own would open slivers between
them. Instead the outlines are rebuilt as a shared topology:

1. every region is rasterised onto one label grid (sea zones first, then land);
2. the pixels no outline covers (the one-pixel seams between neighbours) are given to the
   neighbouring region that surrounds them most, and specks of a region cut off from its
   main body (a few pixels) are given to their surroundings;
3. the borders between differently labelled pixels are traced into *arcs*, each running
   from one junction (where three regions meet) to the next and separating exactly two
   regions; each arc is simplified once (Douglas-Peucker, ``TOLERANCE`` pixels), so both
   neighbours use the very same simplified line and stay gap-free;
4. each region is stored as rings of arc references, as TopoJSON does (``~i``, written
   ``-i-1``, is arc ``i`` reversed); arcs are stored once, delta-encoded.

Besides outlines the file holds, per region, the spot where the drawing puts its block of
labels and unit counters (the point farthest from the region's border, with that distance as
``room``) and the sea-zone number spot (TripleA's centre point). Adjacencies of the board whose
regions do not touch on the drawing (a canal across a territory, a strait) are listed as
``links`` with the two nearest border points, so the map can draw them as connectors.

The script checks what ``tests/axis_allies/test_aa_map.py`` checks (every region has a shape;
every adjacency touches, wraps or is a link) and prints the figures: points in, points out,
file size.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Douglas-Peucker tolerance in board pixels: below a pixel and a half the simplification is
#: invisible at the board's own size (and the map is mostly shown smaller).
TOLERANCE = 1.5
#: A piece of a region smaller than this (pixels) that is not its largest piece is a speck
#: left by rasterising two overlapping outlines; it goes to the region around it.
SPECK = 24
#: Grid step (pixels) of the distance transform that finds the spot farthest from a border.
STEP = 2


# --- reading ----------------------------------------------------------------------------------
def read_polygons(path: Path) -> dict[str, list[list[tuple[int, int]]]]:
    """``name < (x,y) (x,y) ... > < ... >`` per line: one or more rings per region."""
    out: dict[str, list[list[tuple[int, int]]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "<" not in line:
            continue
        name, rest = line.split("<", 1)
        rings = []
        for part in re.findall(r"<([^<>]*)>", "<" + rest):
            ring = [(int(x), int(y)) for x, y in re.findall(r"\((-?\d+),\s*(-?\d+)\)", part)]
            if len(ring) >= 3:
                rings.append(ring)
        out[name.strip()] = rings
    return out


def read_points(path: Path) -> dict[str, list[tuple[int, int]]]:
    """``name (x,y) (x,y) ...`` per line (centers.txt, place.txt, ...)."""
    out: dict[str, list[tuple[int, int]]] = {}
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*([^(]+?)\s*\((.*)$", line)
        if not m:
            continue
        pts = [(int(x), int(y)) for x, y in re.findall(r"\((-?\d+),\s*(-?\d+)\)", "(" + m[2])]
        out[m[1].strip()] = pts
    return out


# --- 1. rasterising ---------------------------------------------------------------------------
def rasterise(grid: list[bytearray], rings: list[list[tuple[int, int]]], label: int) -> int:
    """Fill ``rings`` (even-odd, so holes and separate islands both work) with ``label``;
    a pixel is inside when its centre is. Returns the pixels written."""
    h, w = len(grid), len(grid[0])
    edges = []
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            if y1 != y2:
                edges.append((x1, y1, x2, y2))
    if not edges:
        return 0
    ys = [y for e in edges for y in (e[1], e[3])]
    written = 0
    fill = bytes([label]) * w
    for y in range(max(0, min(ys)), min(h, max(ys) + 1)):
        yc = y + 0.5
        xs = sorted(x1 + (yc - y1) * (x2 - x1) / (y2 - y1)
                    for x1, y1, x2, y2 in edges if (y1 <= yc < y2) or (y2 <= yc < y1))
        row = grid[y]
        for a, b in zip(xs[::2], xs[1::2]):
            lo, hi = max(0, math.ceil(a - 0.5)), min(w, math.ceil(b - 0.5))
            if hi > lo:
                row[lo:hi] = fill[: hi - lo]
                written += hi - lo
    return written


# --- 2. seams and specks ----------------------------------------------------------------------
def fill_seams(grid: list[bytearray]) -> int:
    """Give every unlabelled pixel (0) to the most common labelled 4-neighbour, growing in
    from the labelled side until none is left. Returns how many pixels were filled."""
    h, w = len(grid), len(grid[0])
    todo = [(x, y) for y in range(h) for x, v in enumerate(grid[y]) if v == 0]
    filled = len(todo)
    while todo:
        assign, rest = [], []
        for x, y in todo:
            c: Counter[int] = Counter()
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if 0 <= nx < w and 0 <= ny < h and grid[ny][nx]:
                    c[grid[ny][nx]] += 1
            if c:
                best = max(c.items(), key=lambda kv: (kv[1], -kv[0]))[0]
                assign.append((x, y, best))
            else:
                rest.append((x, y))
        if not assign:
            raise SystemExit("unlabelled pixels with no labelled neighbour")
        for x, y, v in assign:
            grid[y][x] = v
        todo = rest
    return filled


def remove_specks(grid: list[bytearray]) -> int:
    """Relabel small cut-off pieces of a region (not its largest piece) to their
    surroundings. Returns the pixels relabelled."""
    h, w = len(grid), len(grid[0])
    seen = [bytearray(w) for _ in range(h)]
    pieces: dict[int, list[list[tuple[int, int]]]] = defaultdict(list)
    for y0 in range(h):
        row = grid[y0]
        for x0 in range(w):
            if seen[y0][x0]:
                continue
            lab = row[x0]
            stack, comp = [(x0, y0)], []
            seen[y0][x0] = 1
            while stack:
                x, y = stack.pop()
                comp.append((x, y))
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] \
                            and grid[ny][nx] == lab:
                        seen[ny][nx] = 1
                        stack.append((nx, ny))
            pieces[lab].append(comp)
    moved = 0
    for lab, comps in pieces.items():
        comps.sort(key=len, reverse=True)
        for comp in comps[1:]:
            if len(comp) >= SPECK:
                continue
            inside = set(comp)
            c: Counter[int] = Counter()
            for x, y in comp:
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in inside:
                        c[grid[ny][nx]] += 1
            if c:
                new = max(c.items(), key=lambda kv: (kv[1], -kv[0]))[0]
                for x, y in comp:
                    grid[y][x] = new
                moved += len(comp)
    return moved


# --- 3. arcs ----------------------------------------------------------------------------------
def trace_arcs(grid: list[bytearray]) -> list[tuple[list[tuple[int, int]], int, int]]:
    """Every border between two labels as ``(points, left, right)``: lattice points from one
    junction to the next (or a closed loop), with the label on each side when walking the
    points in order (label 0: outside the board)."""
    h, w = len(grid), len(grid[0])

    def lab(x: int, y: int) -> int:
        return grid[y][x] if 0 <= x < w and 0 <= y < h else 0

    # boundary edges keyed by their lattice endpoints (unordered)
    adj: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for y in range(h + 1):
        for x in range(w):
            if lab(x, y - 1) != lab(x, y):  # horizontal edge (x,y)-(x+1,y)
                adj[(x, y)].append((x + 1, y))
                adj[(x + 1, y)].append((x, y))
    for y in range(h):
        row = grid[y]
        prev = 0
        for x in range(w + 1):
            cur = row[x] if x < w else 0
            if cur != prev:  # vertical edge (x,y)-(x,y+1)
                adj[(x, y)].append((x, y + 1))
                adj[(x, y + 1)].append((x, y))
            prev = cur

    def sides(p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int]:
        """(left, right) labels of the unit step p -> q (y grows downwards)."""
        (x1, y1), (x2, y2) = p, q
        if y1 == y2:  # horizontal
            x = min(x1, x2)
            up, down = lab(x, y1 - 1), lab(x, y1)
            return (up, down) if x2 > x1 else (down, up)
        y = min(y1, y2)
        left, right = lab(x1 - 1, y), lab(x1, y)
        return (right, left) if y2 > y1 else (left, right)

    nodes = {p for p, ns in adj.items() if len(ns) != 2}
    used: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    arcs: list[tuple[list[tuple[int, int]], int, int]] = []

    def walk(start: tuple[int, int], nxt: tuple[int, int]) -> list[tuple[int, int]]:
        pts = [start]
        prev, cur = start, nxt
        used.add((start, nxt))
        used.add((nxt, start))
        while True:
            pts.append(cur)
            if cur in nodes or cur == start:
                return pts
            a, b = adj[cur]
            step = b if a == prev else a
            if (cur, step) in used:
                return pts
            used.add((cur, step))
            used.add((step, cur))
            prev, cur = cur, step

    for p in sorted(nodes):
        for q in adj[p]:
            if (p, q) not in used:
                pts = walk(p, q)
                arcs.append((pts, *sides(pts[0], pts[1])))
    for p in sorted(adj):
        for q in adj[p]:
            if (p, q) not in used:
                pts = walk(p, q)
                arcs.append((pts, *sides(pts[0], pts[1])))
    return arcs


def corners(pts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop the points in the middle of straight runs."""
    out = [pts[0]]
    for i in range(1, len(pts) - 1):
        (ax, ay), (bx, by), (cx, cy) = out[-1], pts[i], pts[i + 1]
        if (bx - ax) * (cy - by) != (by - ay) * (cx - bx):
            out.append(pts[i])
    out.append(pts[-1])
    return out


def douglas_peucker(pts: list[tuple[int, int]], tol: float) -> list[tuple[int, int]]:
    if len(pts) < 3:
        return list(pts)
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, at = -1.0, -1
        for k in range(i + 1, j):
            px, py = pts[k]
            d = (abs(dy * (px - ax) - dx * (py - ay)) / norm if norm
                 else math.hypot(px - ax, py - ay))
            if d > best:
                best, at = d, k
        if best > tol:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(pts, keep) if k]


def simplify(pts: list[tuple[int, int]], tol: float) -> list[tuple[int, int]]:
    """Simplify an arc, keeping its ends; a closed loop is split at its farthest point and
    keeps at least four points so a small island stays an island."""
    pts = corners(pts)
    if pts[0] != pts[-1]:
        return douglas_peucker(pts, tol)
    far = max(range(len(pts)), key=lambda k: math.dist(pts[0], pts[k]))
    t = tol
    while True:
        out = douglas_peucker(pts[: far + 1], t)[:-1] + douglas_peucker(pts[far:], t)
        if len(out) >= 5 or t < 0.2:
            return out
        t /= 2


# --- 4. rings ---------------------------------------------------------------------------------
def region_rings(arcs: list[tuple[list[tuple[int, int]], int, int]], label: int
                 ) -> list[list[int]]:
    """The rings of ``label`` as lists of arc references (``-i-1``: arc ``i`` reversed),
    each walked with the region on its left."""
    pieces = []
    for i, (pts, left, right) in enumerate(arcs):
        if left == label:
            pieces.append((pts[0], pts[-1], i))
        if right == label:
            pieces.append((pts[-1], pts[0], -i - 1))
    by_start: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k, (s, _, _) in enumerate(pieces):
        by_start[s].append(k)
    done: set[int] = set()
    rings = []
    for k in range(len(pieces)):
        if k in done:
            continue
        ring, cur = [], k
        while cur not in done:
            done.add(cur)
            s, e, ref = pieces[cur]
            ring.append(ref)
            nxt = [c for c in by_start[e] if c not in done]
            if not nxt:
                break
            cur = nxt[0]
        rings.append(ring)
    return rings


def ring_points(arcs_pts: list[list[tuple[int, int]]], ring: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for ref in ring:
        pts = arcs_pts[ref] if ref >= 0 else arcs_pts[-ref - 1][::-1]
        out += pts[1:] if out else pts
    return out


def area(pts: list[tuple[float, float]]) -> float:
    return 0.5 * sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))


# --- spots ------------------------------------------------------------------------------------
def far_spots(grid: list[bytearray]) -> dict[int, tuple[int, int, float]]:
    """Per label the pixel farthest from any other label or the board's edge (chamfer
    distance on a grid of ``STEP`` pixels): where its block of counters goes."""
    h, w = len(grid), len(grid[0])
    gw, gh = w // STEP, h // STEP
    lab = [[grid[y * STEP][x * STEP] for x in range(gw)] for y in range(gh)]
    big = 10 ** 9
    dist = [[big] * gw for _ in range(gh)]
    for y in range(gh):
        for x in range(gw):
            v = lab[y][x]
            if x in (0, gw - 1) or y in (0, gh - 1) or any(
                    lab[ny][nx] != v for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1),
                                                     (x, y + 1)) if 0 <= nx < gw and 0 <= ny < gh):
                dist[y][x] = 1
    for y in range(gh):
        for x in range(gw):
            d = dist[y][x]
            if y:
                d = min(d, dist[y - 1][x] + 3)
                if x:
                    d = min(d, dist[y - 1][x - 1] + 4)
                if x < gw - 1:
                    d = min(d, dist[y - 1][x + 1] + 4)
            if x:
                d = min(d, dist[y][x - 1] + 3)
            dist[y][x] = d
    for y in range(gh - 1, -1, -1):
        for x in range(gw - 1, -1, -1):
            d = dist[y][x]
            if y < gh - 1:
                d = min(d, dist[y + 1][x] + 3)
                if x < gw - 1:
                    d = min(d, dist[y + 1][x + 1] + 4)
                if x:
                    d = min(d, dist[y + 1][x - 1] + 4)
            if x < gw - 1:
                d = min(d, dist[y][x + 1] + 3)
            dist[y][x] = d
    best: dict[int, tuple[int, int, float]] = {}
    for y in range(gh):
        for x in range(gw):
            v = lab[y][x]
            d = dist[y][x] / 3 * STEP
            if v not in best or d > best[v][2]:
                best[v] = (x * STEP + STEP // 2, y * STEP + STEP // 2, d)
    return best


# --- checks -----------------------------------------------------------------------------------
def touching(rings_of: dict[str, list[list[int]]]) -> set[frozenset[str]]:
    """Pairs of regions that share an arc."""
    owners: dict[int, set[str]] = defaultdict(set)
    for rid, rings in rings_of.items():
        for ring in rings:
            for ref in ring:
                owners[ref if ref >= 0 else -ref - 1].add(rid)
    return {frozenset(o) for o in owners.values() if len(o) == 2}


def nearest_points(a: list[tuple[int, int]], b: list[tuple[int, int]]
                   ) -> tuple[tuple[int, int], tuple[int, int]]:
    return min(((p, q) for p in a for q in b), key=lambda pq: math.dist(*pq))


def encode(pts: list[tuple[int, int]]) -> list[int]:
    out = [pts[0][0], pts[0][1]]
    for (x1, y1), (x2, y2) in pairwise(pts):
        out += [x2 - x1, y2 - y1]
    return out


# --- main -------------------------------------------------------------------------------------
def main(edition: str, src_dir: str) -> int:
    src = Path(src_dir)
    out_dir = ROOT / "games" / edition
    mp = json.loads((out_dir / "map.json").read_text(encoding="utf-8"))
    polys = read_polygons(src / "polygons.txt")
    centres = read_points(src / "centers.txt")
    by_tname = {r["triplea_name"]: rid for rid, r in mp["regions"].items()}
    missing = sorted(set(by_tname) - set(polys))
    if missing:
        raise SystemExit(f"regions without an outline in polygons.txt: {missing}")
    w, h = mp["board"]["width"], mp["board"]["height"]
    ids = sorted(mp["regions"], key=lambda r: (mp["regions"][r]["kind"] != "sea", r))
    if len(ids) > 254:
        raise SystemExit("more than 254 regions do not fit the byte grid")
    label_of = {rid: i + 1 for i, rid in enumerate(ids)}
    grid = [bytearray(w) for _ in range(h)]
    for rid in ids:  # seas first: land drawn over an overlapping sea outline wins
        rasterise(grid, polys[mp["regions"][rid]["triplea_name"]], label_of[rid])
    seams = fill_seams(grid)
    specks = remove_specks(grid)
    arcs = trace_arcs(grid)
    raw_points = sum(len(p) for ps in polys.values() for p in ps)
    simple = [simplify(pts, TOLERANCE) for pts, _, _ in arcs]
    rings_of = {rid: region_rings(arcs, label_of[rid]) for rid in ids}
    spots = far_spots(grid)

    problems = []
    regions_out = {}
    for rid in ids:
        rings = rings_of[rid]
        if not rings:
            problems.append(f"{rid}: no shape")
            continue
        pts_rings = [ring_points(simple, r) for r in rings]
        if not any(abs(area(p)) > 0 for p in pts_rings):
            problems.append(f"{rid}: zero area")
        x, y, room = spots[label_of[rid]]
        entry: dict = {"rings": rings, "spot": [x, y], "room": round(room)}
        tname = mp["regions"][rid]["triplea_name"]
        if mp["regions"][rid]["kind"] == "sea" and centres.get(tname):
            entry["label"] = list(centres[tname][0])
        regions_out[rid] = entry

    touch = touching({rid: rings_of[rid] for rid in ids})
    wraps = {frozenset(p) for p in mp["wrap_edges"]}
    links = []
    for a, ns in sorted(mp["adjacency"].items()):
        for b in sorted(ns):
            if a >= b:
                continue
            pair = frozenset((a, b))
            if pair in touch or pair in wraps:
                continue
            pa = [p for r in rings_of[a] for p in ring_points(simple, r)]
            pb = [p for r in rings_of[b] for p in ring_points(simple, r)]
            p, q = nearest_points(pa, pb)
            links.append({"regions": [a, b], "line": [list(p), list(q)],
                          "gap": round(math.dist(p, q), 1)})
    for link in links:
        if link["gap"] > 120:
            problems.append(f"link {link['regions']} spans {link['gap']} px: check the data")

    geometry = {
        "edition": edition,
        "credit": "Derived by tools/aa_geometry.py from TripleA map outlines; see NOTICE.",
        "canvas": {"width": w, "height": h, "wraps": bool(mp["board"]["wraps_horizontally"])},
        "tolerance": TOLERANCE,
        "arcs": [encode(p) for p in simple],
        "regions": {rid: regions_out[rid] for rid in sorted(regions_out)},
        "links": links,
    }
    text = json.dumps(geometry, separators=(",", ":"), sort_keys=False) + "\n"
    (out_dir / "geometry.json").write_text(text, encoding="utf-8")
    out_points = sum(len(p) for p in simple)
    print(f"{edition}: {len(ids)} regions, {raw_points} outline points in, "
          f"{len(arcs)} arcs with {out_points} points out (tolerance {TOLERANCE} px); "
          f"{seams} seam pixels filled, {specks} speck pixels moved; "
          f"{len(links)} links; {len(text)} bytes")
    for link in links:
        print(f"  link {link['regions'][0]} - {link['regions'][1]}: {link['gap']} px")
    for p in problems:
        print("PROBLEM", p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    sys.exit(main(sys.argv[1], sys.argv[2]))
