"""Draw a Diplomacy position, and optionally a phase's orders, as an SVG picture.

The picture follows the conventions players know from webDiplomacy and jDip: supply-centre
provinces tinted in their owner's colour, armies and fleets as coloured tokens, moves as
arrows, supports as dashed lines to the supported arrow (or a ring round a held unit),
convoys as dashed paths through the convoying fleets, holds as octagons, failed orders faded
with a red cross, dislodged units pushed aside with their retreat options, builds as rings
and removals as crosses.

All geometry comes from ``games/<variant>/geometry.json`` (derived offline by
``tools/derive_diplomacy_geometry.py``), so rendering needs nothing but the standard library
and Jinja2. Everything that could carry player-supplied text (titles, power names, order
text) goes through an autoescaping Jinja2 environment; the numbers and tag names the
template writes are produced here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from adjudicator.diplomacy.map import STANDARD, DiplomacyMap, load_map, prov
from adjudicator.diplomacy.phase import Phase
from adjudicator.diplomacy.results import OrderResult
from adjudicator.diplomacy.variants import variant_title
from adjudicator.publish.colours import luminance, over
from adjudicator.publish.svg import (
    CASING,
    FAILED,
    FONT,
    INK,
    Element,
    Point,
    along,
    cased_polygon,
    cross,
    css_token,
    fmt,
    halo_text,
    line,
    octagon,
    path_d,
    pts,
    ring,
    shorten,
    text_colour,
)
from adjudicator.publish.svg import (
    render as render_svg_template,
)
from adjudicator.resources import game_data_path

UNKNOWN_COLOUR = "#9a9a9a"
HEADER = 44.0  # title band above the map
FOOTER = 150.0  # powers and the key below the map

# The palette (docs/map.md): checked by tests/diplomacy/test_map_colours.py together with the
# power colours of map.json, for normal vision and the three common colour-vision deficiencies.
LAND = "#baafa1"  # land nobody owns
SEA = "#b5d3ea"
COAST = "#3d6685"  # the coastline: a darker, wider line than a land border
BORDER = "#5a5043"  # borders between land provinces
SEA_LINE = "#86abc8"  # borders between sea zones
TINT = 0.65  # opacity of an owner's colour over the land of a province whose centre it owns
LABEL_INK = "#2b2418"
SEA_INK = "#22476a"
UNORDERED = "#4a4a4a"  # the dashed octagon of a unit that was given no order
NMR = "#b3261e"  # ... and of a unit whose power sent no orders at all
HALO = "#ffffff"  # a light rim round every unit token: dark units stay visible on dark land

# Unit tokens (map pixels): an army is a disc of radius ARMY_R, a fleet a hull and sail of
# the same inked area (docs/map.md), so neither reads heavier than the other.
ARMY_R = 13.5
FLEET_SCALE = 1.25
HULL = [(-15.0, -2.0), (15.0, -2.0), (11.0, 9.0), (-11.0, 9.0)]
SAIL = [(-2.0, -16.0), (-2.0, -4.0), (11.0, -4.0)]

# Clearances around a unit spot (map pixels). A unit token reaches about 19 px from its spot
# (the fleet's hull); hold octagons and support rings about 24.
ARROW_START = 21.0  # order lines start just outside the unit that gives the order
ARROW_END_UNIT = 26.0  # an arrowhead stops short of a unit standing at its destination
ARROW_END_EMPTY = 12.0  # ... or a little before the centre of an empty province
SUPPORT_END = 23.0  # a support line ends at the edge of the unit it supports
DISLODGED_OFFSET = 36.0  # a dislodged unit is drawn this far from its spot
BUILD_RING = 20.0


# --- data ------------------------------------------------------------------------------
@cache
def load_geometry(variant: str = STANDARD) -> dict:
    """The picture geometry of a variant (outlines, unit spots, label spots): its
    ``geometry.json``, or that of the variant it extends when the provinces are the same,
    else a layout generated from the adjacency (:mod:`adjudicator.diplomacy.layout`)."""
    from adjudicator.diplomacy.variants import geometry_folder

    folder = geometry_folder(variant)
    if folder is None:
        from adjudicator.diplomacy.layout import generate_geometry

        return generate_geometry(load_map(variant), variant)
    with open(game_data_path(folder) / "geometry.json", encoding="utf-8") as fh:
        return json.load(fh)


def phase_title(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 Movement``; anything unexpected is shown as it is."""
    try:
        return Phase.parse(phase).name
    except (ValueError, AttributeError):  # not a phase code (AttributeError: None)
        return phase or ""


# --- the renderer --------------------------------------------------------------------------
def label_text(pid: str, p: Mapping) -> str:
    """The name printed on the board: the geometry's ``abbr`` (StP, NAO, Par), else sea
    zones in capitals and land with a capital initial."""
    return str(p.get("abbr") or (pid.upper() if p.get("kind") == "sea" else pid.capitalize()))


def label_box(text: str, x: float, y: float, sea: bool) -> tuple[float, float, float, float]:
    """The box a province name takes when drawn at its label spot (x, y): baseline at
    y + 5, 14 px bold (land) or 15 px italic (sea). The same estimate places the labels in
    ``tools/derive_diplomacy_geometry.py``."""
    half = (len(text) * (9.0 if sea else 10.0) + 2.0) / 2
    return (x - half, y - 6.0, x + half, y + 8.5)


def _boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def army_token(el: Element, at: Point, fill: str, scale: float = 1.0, **extra: Any) -> None:
    """A disc with an A (an army)."""
    x, y = at
    el.add("circle", cx=fmt(x), cy=fmt(y), r=fmt(ARMY_R * scale), fill="none", stroke=HALO,
           stroke_width=5.5, stroke_opacity=0.85, class_="token-halo")
    el.add("circle", cx=fmt(x), cy=fmt(y), r=fmt(ARMY_R * scale), fill=fill, stroke=INK,
           stroke_width=2, class_="token", **extra)
    el.add("text", "A", x=fmt(x), y=fmt(y + 5 * scale), text_anchor="middle",
           font_family=FONT, font_size=fmt(14 * scale), font_weight="bold",
           fill=text_colour(fill))


def fleet_token(el: Element, at: Point, fill: str, scale: float = 1.0, **extra: Any) -> None:
    """A hull with a sail (a fleet), of the same inked area as an army's disc."""
    x, y = at
    k = FLEET_SCALE * scale
    outlines = [pts((x + a * k, y + b * k) for a, b in shape) for shape in (HULL, SAIL)]
    for outline in outlines:
        el.add("polygon", points=outline, fill=HALO, stroke=HALO, stroke_width=5.5,
               stroke_opacity=0.85, stroke_linejoin="round", class_="token-halo")
    for outline in outlines:
        el.add("polygon", points=outline, fill=fill, stroke=INK, stroke_width=2,
               stroke_linejoin="round", class_="token", **extra)


def burst(c: Point, inner: float, outer: float, n: int = 10) -> list[Point]:
    """A star round a point: the mark of a dislodged unit."""
    out = []
    for k in range(2 * n):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / n - math.pi / 2
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


class _Picture:
    def __init__(self, state: Mapping, results: list[OrderResult], dmap: DiplomacyMap,
                 geo: dict, title: str, show_orders: bool, nmr: frozenset[str],
                 variant: str | None = None) -> None:
        self.state = state
        self.variant = variant  # the variant's title for the title band; None: standard
        self.results = results
        self.dmap = dmap
        self.geo = geo
        self.title = title
        self.show_orders = show_orders
        self.nmr = nmr
        self.provs = geo["provinces"]
        self.coasts = geo["coasts"]
        self._occupied: set[str] | None = None

    # where things are
    def anchor(self, loc: str | None) -> tuple[float, float] | None:
        if not loc:
            return None
        loc = loc.lower()
        if loc in self.coasts:
            return tuple(self.coasts[loc]["unit"])
        pid = loc.split("/", 1)[0]
        if pid in self.provs:
            return tuple(self.provs[pid]["unit"])
        return None

    def occupied(self, loc: str | None) -> bool:
        """Whether a unit is drawn in ``loc``'s province (any coast)."""
        if not loc:
            return False
        if self._occupied is None:
            self._occupied = {str(u.get("loc", "")).lower().split("/", 1)[0]
                              for u in self.state.get("units") or []}
        return loc.lower().split("/", 1)[0] in self._occupied

    def _is_dislodged(self, loc: str) -> bool:
        return any(str(d.get("loc", "")).lower() == loc.lower()
                   for d in self.state.get("dislodged") or [])

    def label_boxes(self) -> list[tuple[float, float, float, float]]:
        """The boxes of every province and coast name (nothing drawn later may cover one)."""
        out = []
        for pid, p in self.provs.items():
            out.append(label_box(label_text(pid, p), *p["label"], p["kind"] == "sea"))
        for c in self.coasts.values():
            x, y = c["label"]
            half = len(c["text"]) * 4.0 + 1
            out.append((x - half, y - 10, x + half, y + 3))
        return out

    def dislodged_pos(self, loc: str) -> tuple[float, float]:
        """Where a dislodged unit is drawn: DISLODGED_OFFSET from its spot, never under the
        unit that now stands there, on the side facing away from where the attacker came
        from and clear of the province label, the centre marker and other units."""
        x, y = self.anchor(loc)
        pid = loc.split("/", 1)[0].lower()
        p = self.provs.get(pid, {})
        avoid = [tuple(p["label"])] if p.get("label") else []
        if p.get("sc"):
            avoid.append(tuple(p["sc"]))
        avoid += [a for u in self.state.get("units") or []
                  if (a := self.anchor(str(u.get("loc", "")))) and a != (x, y)]
        away = None
        for d in self.state.get("dislodged") or []:
            if str(d.get("loc", "")).lower() == loc.lower():
                src = self.anchor(d.get("attacker_from"))
                if src:
                    away = math.atan2(y - src[1], x - src[0])
        cands = []
        for k in range(12):
            a = k * math.pi / 6
            c = (x + DISLODGED_OFFSET * math.cos(a), y + DISLODGED_OFFSET * math.sin(a))
            clear = min((math.dist(c, q) for q in avoid), default=99.0)
            # facing the attacker's approach costs; the label and markers cost when close
            facing = 0.0 if away is None else max(0.0, math.cos(a - away + math.pi)) * 25
            cands.append((min(clear, 40.0) - facing, c))
        return max(cands)[1]

    def colour(self, power: str | None) -> str:
        info = self.dmap.powers.get(str(power))
        return info["colour"] if info else UNKNOWN_COLOUR

    # layers
    def regions(self) -> dict[str, list[Element]]:
        """Sea zones, the coastline, land provinces (tinted by owner), neutral islands.

        Each piece of land is written once, in ``<defs>``, and drawn three times by ``<use>``:
        wide in the coast colour (the coastline), filled with land and its border, and
        tinted by its owner. That keeps the document half the size of drawing it thrice."""
        centres = self.state.get("centres") or {}
        seas, coast, land, neutral = [], [], [], []
        shapes = Element("shapes")
        shore = Element("coastline")

        def shape(key: str, poly) -> str:
            ref = f"shape-{key}"
            shapes.add("polygon", id=ref, points=pts(poly))
            shore.add("use", href=f"#{ref}")  # drawn wide in COAST (see the template)
            return f"#{ref}"

        for pid, p in sorted(self.provs.items()):
            parts = [p["polygon"], *p.get("islands", [])]
            if p["kind"] == "sea":
                el = Element("province sea", id=f"prov-{css_token(pid)}", title=p["name"])
                for poly in parts:  # SEA with a SEA_LINE border (see the template)
                    el.add("polygon", points=pts(poly))
                seas.append(el)
                continue
            el = Element(f"province {p['kind']}", id=f"prov-{css_token(pid)}", title=p["name"])
            fill = "url(#impassable)" if p["kind"] == "impassable" else LAND
            owner = centres.get(pid)
            if owner:
                el.cls += f" owned {css_token(owner)}"
            for n, poly in enumerate(parts):
                ref = shape(f"{css_token(pid)}-{n}", poly)
                el.add("use", href=ref, fill=fill)  # with a BORDER (see the template)
                if owner:
                    el.add("use", href=ref, fill=self.colour(owner), fill_opacity=TINT,
                           stroke="none", class_="tint")
            land.append(el)
        for n, area in enumerate(self.geo.get("neutral", [])):
            lake = area.get("kind") == "lake"
            el = Element("lake" if lake else "neutral", title=area.get("name", ""))
            if lake:
                el.add("polygon", points=pts(area["polygon"]), fill=SEA, stroke="none")
            else:
                el.add("use", href=shape(f"neutral-{n}", area["polygon"]), fill=LAND,
                       stroke="none")
            if area.get("name") and area.get("label"):
                x, y = area["label"]
                halo_text(el, area["name"], (x, y + 4), size=12, style="italic",
                          colour="#4d4537", halo=LAND, halo_width=2.5, halo_opacity=0.9)
            neutral.append(el)
        coast.append(shore)
        return {"land_shapes": [shapes], "seas": seas, "coast": coast, "land": land,
                "neutral": neutral, "coast_colour": COAST, "border": BORDER,
                "sea_line": SEA_LINE}

    def centres(self) -> list[Element]:
        owned = self.state.get("centres") or {}
        out = []
        for pid, p in sorted(self.provs.items()):
            if not p.get("sc"):
                continue
            x, y = p["sc"]
            owner = owned.get(pid)
            el = Element("sc" + (f" {css_token(owner)}" if owner else " unowned"), id=f"sc-{pid}")
            el.add("circle", cx=fmt(x), cy=fmt(y), r=7.5, fill="#ffffff", stroke="#222222",
                   stroke_width=1.5)
            el.add("circle", cx=fmt(x), cy=fmt(y), r=4,
                   fill=self.colour(owner) if owner else "#ffffff", stroke="#222222",
                   stroke_width=1)
            out.append(el)
        return out

    def labels(self) -> list[Element]:
        owners = self.state.get("centres") or {}
        out = []
        for pid, p in sorted(self.provs.items()):
            x, y = p["label"]
            sea = p["kind"] == "sea"
            ink, halo, halo_opacity = (SEA_INK, SEA, 0.85) if sea else (LABEL_INK, "#ffffff", 0.6)
            owner = owners.get(pid)
            if owner and not sea and luminance(over(self.colour(owner), LAND, TINT)) < 0.2:
                ink, halo, halo_opacity = "#ffffff", "#1a1a1a", 0.55  # on a dark tint
            el = Element("label" + (" sea" if sea else ""), id=f"label-{css_token(pid)}")
            halo_text(el, label_text(pid, p), (x, y + 5), size=15 if sea else 14,
                      style="italic" if sea else "normal",
                      weight="normal" if sea else "bold", colour=ink, halo=halo,
                      halo_width=3 if sea else 2.5, halo_opacity=halo_opacity)
            out.append(el)
        for loc, c in sorted(self.coasts.items()):
            x, y = c["label"]
            ux, uy = c["unit"]
            el = Element("coast-label", id=f"coast-{css_token(loc)}")
            el.add("circle", cx=fmt(ux), cy=fmt(uy), r=3, fill=SEA_INK, stroke="none")
            halo_text(el, c["text"], (x, y), size=12, style="italic", colour=SEA_INK,
                      halo="#ffffff", halo_width=2.5, halo_opacity=0.7)
            out.append(el)
        return out

    def unit(self, power: str, utype: str, loc: str, *, dislodged: bool = False,
             ghost: bool = False, where=None) -> Element | None:
        pos = where or self.anchor(loc)
        if pos is None:
            return None
        kind = "army" if str(utype).upper().startswith("A") else "fleet"
        prefix = "dislodged" if dislodged else "build" if ghost else "unit"
        cls = f"unit {kind} {css_token(power)}" + (" dislodged" if dislodged else "")
        if ghost:
            cls = f"ghost {kind} {css_token(power)}"
        el = Element(cls, id=f"{prefix}-{css_token(loc)}",
                     title=f"{power} {'Army' if kind == 'army' else 'Fleet'} {self._name(loc)}")
        fill = self.colour(power)
        s = 0.85 if dislodged else 1.0
        extra = {"stroke_dasharray": "3 2", "fill_opacity": 0.45} if ghost else {}
        if dislodged:
            el.add("circle", cx=fmt(pos[0]), cy=fmt(pos[1]), r=17, fill="none", stroke=FAILED,
                   stroke_width=2.5, stroke_dasharray="4 3", class_="dislodged-mark")
        (army_token if kind == "army" else fleet_token)(el, pos, fill, s, **extra)
        return el

    def _name(self, loc: str) -> str:
        """The location's name, or the location as written if this map does not know it."""
        low = loc.lower()
        return self.dmap.location_name(low) if prov(low) in self.dmap.provinces else loc

    def units(self) -> list[Element]:
        out = []
        for u in self.state.get("units") or []:
            el = self.unit(u.get("power", "?"), u.get("type", "A"), str(u.get("loc", "")))
            if el:
                out.append(el)
        return out

    def dislodged(self) -> tuple[list[Element], list[Element]]:
        units, options = [], []
        for d in self.state.get("dislodged") or []:
            loc = str(d.get("loc", ""))
            base = self.anchor(loc)
            if base is None:
                continue
            pos = self.dislodged_pos(loc)
            el = self.unit(d.get("power", "?"), d.get("type", "A"), loc, dislodged=True,
                           where=pos)
            el.add("path", d=path_d([base, pos]), stroke=FAILED, stroke_width=1.5,
                   stroke_dasharray="2 3", fill="none", class_="dislodged-link")
            units.append(el)
            for r in d.get("retreats") or []:
                dst = self.anchor(r)
                if dst is None:
                    continue
                a, b = shorten(pos, dst, 14, 10)
                opt = Element(f"order retreat-option {css_token(d.get('power', '?'))}",
                              id=f"retreat-{css_token(loc)}-{css_token(r)}",
                              title=f"may retreat to {self._name(r)}")
                opt.add("path", d=path_d([a, b]), stroke=FAILED, stroke_width=2,
                        stroke_dasharray="2 4", stroke_linecap="round", fill="none",
                        stroke_opacity=0.8)
                opt.add("circle", cx=fmt(dst[0]), cy=fmt(dst[1]), r=6, fill="none",
                        stroke=FAILED, stroke_width=1.5, stroke_opacity=0.8)
                options.append(opt)
        return units, options

    # orders
    def orders(self) -> list[Element]:
        if not self.show_orders:
            return []
        out: list[Element] = []
        moves = {r.loc: r for r in self.results if r.kind == "move"}
        self.label_box_list = self.label_boxes()
        for n, r in enumerate(self.results):
            draw = getattr(self, f"_order_{r.kind}", None)
            if draw is None:
                continue
            el = Element(
                f"order {r.kind} {css_token(r.power)}" + ("" if r.success else " failed"),
                id=f"order-{n}",
                title=f"{r.power}: {r.order} ({r.outcome})",
            )
            if draw(el, r, moves) is not False and el.shapes:
                if r.dislodged and r.kind not in ("retreat", "disband"):
                    self._dislodged_mark(el, r)
                out.append(el)
        # supports and convoys under moves so arrows stay on top
        rank = {"support": 0, "convoy": 0, "hold": 1}
        out.sort(key=lambda e: rank.get(e.cls.split()[1], 2))
        return out

    def _dislodged_mark(self, el: Element, r: OrderResult) -> None:
        """A red star round a unit dislodged this phase (a bounce has a bar instead)."""
        c = self.anchor(r.loc)
        if c is None:
            return
        el.cls += " dislodged"
        star = pts(burst(c, 20, 27))
        el.add("polygon", points=star, fill="none", stroke="#ffffff", stroke_width=5,
               stroke_linejoin="round")
        el.add("polygon", points=star, fill="none", stroke=FAILED, stroke_width=2.5,
               stroke_linejoin="round", class_="dislodged-mark")

    def _style(self, r: OrderResult) -> dict[str, Any]:
        colour = self.colour(r.power)
        return {"colour": colour, "opacity": 1.0 if r.success else 0.55}

    def convoy_route(self, r: OrderResult) -> list[str]:
        """The convoying fleets' locations in the order the army passes them: the shortest
        chain of adjacent sea zones from the army's coast to its destination among the
        fleets ordered to convoy this move (nearest first if there is no such chain)."""
        fleets = [c.loc for c in self.results
                  if c.kind == "convoy" and c.target == r.loc and c.dest == r.dest
                  and self.anchor(c.loc)]
        src, dst = prov(r.loc or ""), prov(r.dest or "")
        reach = self.dmap.fleet_reach
        frontier: list[list[str]] = [[f] for f in fleets if src in reach.get(f, ())]
        seen = {f for (f,) in frontier}
        while frontier:
            nxt = []
            for path in frontier:
                if dst in reach.get(path[-1], ()):
                    return path
                for f in fleets:
                    if f not in seen and prov(f) in reach.get(path[-1], ()):
                        seen.add(f)
                        nxt.append(path + [f])
            frontier = nxt
        out, cur, left = [], self.anchor(r.loc), list(fleets)
        while left and cur:
            f = min(left, key=lambda f: math.dist(cur, self.anchor(f)))
            left.remove(f)
            out.append(f)
            cur = self.anchor(f)
        return out

    def _move_path(self, r: OrderResult) -> list[tuple[float, float]] | None:
        a, b = self.anchor(r.loc), self.anchor(r.dest)
        if r.kind == "retreat" and a is not None and self._is_dislodged(r.loc):
            a = self.dislodged_pos(r.loc)
        if a is None or b is None:
            return None
        points = [a]
        if r.via_convoy:
            points += [self.anchor(f) for f in self.convoy_route(r)]
        points.append(b)
        start = 16.0 if r.kind == "retreat" and self._is_dislodged(r.loc) else ARROW_START
        end = ARROW_END_UNIT if self.occupied(r.dest) else ARROW_END_EMPTY
        s, _ = shorten(points[0], points[1], start, 0)
        _, e = shorten(points[-2], points[-1], 0, end)
        return [s] + points[1:-1] + [e]

    def _order_move(self, el, r, moves):
        path = self._move_path(r)
        if not path:
            return False
        st = self._style(r)
        if r.via_convoy:
            el.cls += " convoyed"
        line(el, path, st["colour"], 5.5, st["opacity"],
             dash="10 5" if r.via_convoy else None)
        if r.success:
            return True
        if r.outcome in ("bounced", "dislodged") or (r.kind == "retreat" and r.outcome != "void"
                                                     and r.outcome != "illegal"):
            el.cls += " bounced"
            self._bounce_bar(el, path)
        else:
            cross(el, along(path, 0.72), 8)
        return True

    _order_retreat = _order_move

    def _bounce_bar(self, el: Element, path: list[Point]) -> None:
        """A bar across the tip of an arrow that bounced: it went no further."""
        (ax, ay), (bx, by) = path[-2], path[-1]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        cx, cy = bx + ux * 3, by + uy * 3
        d = (f"M{fmt(cx - uy * 13)},{fmt(cy + ux * 13)} "
             f"L{fmt(cx + uy * 13)},{fmt(cy - ux * 13)}")
        el.add("path", d=d, stroke="#ffffff", stroke_width=8.5, stroke_linecap="round",
               fill="none")
        el.add("path", d=d, stroke=FAILED, stroke_width=5, stroke_linecap="round", fill="none",
               class_="fail-mark bounce-mark")

    def _order_hold(self, el, r, moves):
        c = self.anchor(r.loc)
        if c is None:
            return False
        st = self._style(r)
        if r.default:
            missed = r.power in self.nmr
            el.cls += " nmr" if missed else " unordered"
            el.add("polygon", points=pts(octagon(c, 19)), fill="none", stroke="#ffffff",
                   stroke_width=5.5, stroke_opacity=0.9)
            el.add("polygon", points=pts(octagon(c, 19)), fill="none",
                   stroke=NMR if missed else UNORDERED, stroke_width=3,
                   stroke_dasharray="2 4" if missed else "6 4", stroke_linecap="round",
                   class_="default-mark")
        else:
            cased_polygon(el, octagon(c, 19), st["colour"], 3, st["opacity"])
        if not r.success and not r.dislodged:
            cross(el, (c[0] + 16, c[1] - 16), 6)
        return True

    def _order_support(self, el, r, moves):
        a, t = self.anchor(r.loc), self.anchor(r.target)
        if a is None or t is None:
            return False
        st = self._style(r)
        if r.dest and prov(r.dest) != prov(r.target):
            el.cls += " support-move"
            # the line ends at the unit it supports; where that unit goes is its own arrow
            s, e = shorten(a, t, ARROW_START, SUPPORT_END)
            line(el, [s, e], st["colour"], 3, st["opacity"], dash="8 5", head=False)
            el.add("circle", cx=fmt(e[0]), cy=fmt(e[1]), r=4.5, fill=st["colour"],
                   stroke=CASING, stroke_width=1.5, fill_opacity=st["opacity"],
                   class_="support-end")
            mv = moves.get(r.target)
            d = self.anchor(r.dest)
            if d is not None and not (mv and mv.dest and prov(mv.dest) == prov(r.dest)):
                # the supported unit is not ordered there: show the move the support meant
                p, q = shorten(t, d, ARROW_START, ARROW_END_EMPTY)
                el.add("path", d=path_d([p, q]), stroke=st["colour"], stroke_width=2,
                       stroke_dasharray="2 4", stroke_opacity=st["opacity"], fill="none",
                       class_="support-aim")
        else:
            el.cls += " support-hold"
            s, e = shorten(a, t, ARROW_START, 21)
            line(el, [s, e], st["colour"], 3, st["opacity"], dash="8 5", head=False)
            ring(el, t, 21, st["colour"], 2.5, st["opacity"], dash="7 5")
        if not r.success:
            cross(el, along([s, e], 0.5), 6)
        return True

    def _order_convoy(self, el, r, moves):
        f = self.anchor(r.loc)
        if f is None or self.anchor(r.target) is None or self.anchor(r.dest) is None:
            return False
        st = self._style(r)
        # a triangle round the fleet; the army's arrow runs through it (see _move_path)
        tri = [(f[0], f[1] - 25), (f[0] + 22, f[1] + 14), (f[0] - 22, f[1] + 14)]
        line(el, tri + [tri[0]], st["colour"], 2.5, st["opacity"], head=False)
        mv = moves.get(r.target)
        if not (mv and mv.via_convoy and mv.dest == r.dest):  # no convoyed move is drawn
            t, d = self.anchor(r.target), self.anchor(r.dest)
            s, _ = shorten(t, f, ARROW_START, 0)
            _, e = shorten(f, d, 0, ARROW_END_UNIT if self.occupied(r.dest) else ARROW_END_EMPTY)
            el.add("path", d=path_d([s, f, e]), stroke=st["colour"], stroke_width=2,
                   stroke_dasharray="2 4", stroke_opacity=st["opacity"], fill="none",
                   class_="convoy-aim")
        if not r.success:
            cross(el, (f[0] + 18, f[1] - 18), 6)
        return True

    def _order_disband(self, el, r, moves):
        c = self.anchor(r.loc)
        if c is None:
            return False
        if self._is_dislodged(r.loc):  # a dislodged unit is drawn aside
            c = self.dislodged_pos(r.loc)
        cross(el, c, 13, colour="#222222" if r.success else FAILED, width=4.5)
        if r.default:
            el.cls += " nmr" if r.power in self.nmr else " unordered"
        return True

    _order_remove = _order_disband

    def _order_build(self, el, r, moves):
        c = self.anchor(r.loc)
        if c is None:
            return False
        st = self._style(r)
        ghost = self.unit(r.power, r.unit_type or "A", r.loc, ghost=True)
        if ghost:
            el.shapes.extend(ghost.shapes)
        ring(el, c, BUILD_RING, st["colour"], 3, st["opacity"])
        px, py = self._badge_spot(c)
        el.add("circle", cx=fmt(px), cy=fmt(py), r=8, fill="#ffffff", stroke="#1a1a1a",
               stroke_width=1.5, class_="build-badge")
        el.add("path", d=f"M{fmt(px - 5)},{fmt(py)} H{fmt(px + 5)} M{fmt(px)},{fmt(py - 5)} "
                         f"V{fmt(py + 5)}", stroke="#1a1a1a", stroke_width=2.2)
        if not r.success:
            cross(el, c, 10)
        return True

    def _badge_spot(self, c: Point) -> Point:
        """Where a build's plus badge goes: on the ring, clear of every name."""
        boxes = getattr(self, "label_box_list", None) or self.label_boxes()
        best = None
        for k in range(16):
            a = -math.pi / 4 + k * math.pi / 8
            p = (c[0] + BUILD_RING * math.cos(a), c[1] + BUILD_RING * math.sin(a))
            badge = (p[0] - 10, p[1] - 10, p[0] + 10, p[1] + 10)
            if not any(_boxes_meet(badge, b) for b in boxes):
                return p
            if best is None:
                best = p
        return best

    # frame
    def legend(self) -> list[dict[str, Any]]:
        centres = self.state.get("centres") or {}
        counts: dict[str, int] = {}
        for owner in centres.values():
            counts[owner] = counts.get(owner, 0) + 1
        units: dict[str, int] = {}
        for u in self.state.get("units") or []:
            units[u.get("power", "?")] = units.get(u.get("power", "?"), 0) + 1
        powers = list(self.dmap.powers) + sorted(
            {str(p) for p in list(counts) + list(units)} - set(self.dmap.powers))
        adj = self.state.get("adjustments") or {}
        out = []
        for p in powers:
            n = adj.get(p)
            extra = f" ({'+' if n > 0 else ''}{n})" if isinstance(n, int) and n else ""
            out.append({"power": p, "cls": css_token(p), "colour": self.colour(p),
                        "text": f"{p} {counts.get(p, 0)}{extra}"})
        return out

    def key(self, top: float, width: float) -> list[Element]:
        """The key: one sample of every symbol the map draws, with what it means."""
        grey = "#7a7a7a"
        items: list[tuple[str, str, Any]] = [
            ("army", "Army", lambda el, c: army_token(el, c, "#ffffff")),
            ("fleet", "Fleet", lambda el, c: fleet_token(el, c, "#ffffff")),
            ("sc", "Supply centre", lambda el, c: (
                el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=7.5, fill="#ffffff",
                       stroke="#222222", stroke_width=1.5),
                el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=4, fill=grey,
                       stroke="#222222", stroke_width=1))),
            ("move", "Move", lambda el, c: line(el, [(c[0] - 22, c[1]), (c[0] + 24, c[1])],
                                                grey, 5.5)),
            ("bounce", "Move that bounced", lambda el, c: (
                line(el, [(c[0] - 22, c[1]), (c[0] + 18, c[1])], grey, 5.5, 0.55),
                self._bounce_bar(el, [(c[0] - 22, c[1]), (c[0] + 18, c[1])]))),
            ("dislodged", "Dislodged", lambda el, c: (
                army_token(el, c, "#ffffff", 0.85),
                el.add("polygon", points=pts(burst(c, 14, 19)), fill="none", stroke=FAILED,
                       stroke_width=2.5, stroke_linejoin="round"))),
            ("failed", "Failed, cut or void", lambda el, c: cross(el, c, 8)),
            ("hold", "Hold", lambda el, c: cased_polygon(el, octagon(c, 15), grey, 3)),
            ("hold-unordered", "No order: holds", lambda el, c: el.add(
                "polygon", points=pts(octagon(c, 15)), fill="none", stroke=UNORDERED,
                stroke_width=3, stroke_dasharray="6 4")),
            ("hold-nmr", "No orders sent (NMR)", lambda el, c: el.add(
                "polygon", points=pts(octagon(c, 15)), fill="none", stroke=NMR,
                stroke_width=3, stroke_dasharray="2 4", stroke_linecap="round")),
            ("support", "Support a move", lambda el, c: (
                line(el, [(c[0] - 24, c[1]), (c[0] + 18, c[1])], grey, 3, dash="8 5",
                     head=False),
                el.add("circle", cx=fmt(c[0] + 18), cy=fmt(c[1]), r=4.5, fill=grey,
                       stroke=CASING, stroke_width=1.5))),
            ("support-hold", "Support a hold", lambda el, c: (
                line(el, [(c[0] - 26, c[1]), (c[0] - 2, c[1])], grey, 3, dash="8 5",
                     head=False),
                ring(el, (c[0] + 12, c[1]), 12, grey, 2.5, dash="7 5"))),
            ("convoy", "Convoy", lambda el, c: line(
                el, [(c[0], c[1] - 15), (c[0] + 14, c[1] + 9), (c[0] - 14, c[1] + 9),
                     (c[0], c[1] - 15)], grey, 2.5, head=False)),
            ("retreat", "May retreat to", lambda el, c: (
                el.add("path", d=path_d([(c[0] - 24, c[1]), (c[0] + 12, c[1])]),
                       stroke=FAILED, stroke_width=2, stroke_dasharray="2 4", fill="none"),
                el.add("circle", cx=fmt(c[0] + 18), cy=fmt(c[1]), r=6, fill="none",
                       stroke=FAILED, stroke_width=1.5))),
            ("build", "Build", lambda el, c: (
                ring(el, c, 14, grey, 3),
                el.add("circle", cx=fmt(c[0] + 12), cy=fmt(c[1] - 10), r=7, fill="#ffffff",
                       stroke="#1a1a1a", stroke_width=1.5),
                el.add("path", d=f"M{fmt(c[0] + 8)},{fmt(c[1] - 10)} H{fmt(c[0] + 16)} "
                                 f"M{fmt(c[0] + 12)},{fmt(c[1] - 14)} V{fmt(c[1] - 6)}",
                       stroke="#1a1a1a", stroke_width=2))),
            ("remove", "Removed or disbanded", lambda el, c: cross(el, c, 11,
                                                                 colour="#222222", width=4.5)),
        ]
        per_row = 8
        col = width / per_row
        out = []
        for n, (key, text, draw) in enumerate(items):
            x = 16 + (n % per_row) * col
            y = top + (n // per_row) * 44
            el = Element(f"key-item key-{key}")
            draw(el, (x + 26, y + 18))
            el.add("text", text, x=fmt(x + 58), y=fmt(y + 23), font_family=FONT, font_size=14,
                   fill="#2b2b2b")
            out.append(el)
        return out

    def render(self) -> str:
        layers = self.regions()
        dis_units, options = self.dislodged()
        canvas = self.geo["canvas"]
        w, h = float(canvas["width"]), float(canvas["height"])
        phase = str(self.state.get("phase", ""))
        heading = phase_title(phase)
        orders = self.orders()
        return render_svg_template("diplomacy/map.svg.j2", 
            width=fmt(w), height=fmt(h + HEADER + FOOTER), map_height=fmt(h),
            header=fmt(HEADER), footer_y=fmt(HEADER + h), font=FONT,
            heading=heading, title=self.title, variant=self.variant, phase=phase,
            sea=SEA, **layers, centres=self.centres(),
            labels=self.labels(), units=self.units(), dislodged=dis_units,
            retreat_options=options, orders=orders, legend=self.legend(),
            key=self.key(HEADER + h + 58, w - 32),
        )


def _as_result(r: OrderResult | Mapping) -> OrderResult:
    if isinstance(r, OrderResult):
        return r
    return OrderResult.from_json(dict(r))


def render_map_svg(
    state: dict,
    results: list[OrderResult] | list[Mapping] | None = None,
    *,
    dmap: DiplomacyMap | None = None,
    data: str = STANDARD,
    title: str = "",
    show_orders: bool = True,
    nmr: Iterable[str] = (),
) -> str:
    """Draw ``state`` (the position the orders were given in) and, when ``show_orders``,
    the ``results`` of its phase. Results may be OrderResult objects or their JSON dicts
    (as kept in history). ``nmr`` names the powers that sent no orders (their units' default
    holds are drawn as missed orders, not as units left without an order). ``data`` is the
    variant's data folder (``dmap`` its map, when already loaded). Returns a standalone SVG
    document (no XML declaration, so it can also be inlined in HTML)."""
    dmap = dmap or load_map(data)
    geo = load_geometry(data)
    res = [_as_result(r) for r in (results or [])]
    return _Picture(state, res, dmap, geo, str(title or ""), show_orders,
                    frozenset(nmr), variant=variant_title(data)).render()
