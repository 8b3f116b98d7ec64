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
from collections.abc import Mapping
from functools import cache
from typing import Any

from adjudicator.diplomacy.map import STANDARD, DiplomacyMap, load_map, prov
from adjudicator.diplomacy.phase import Phase
from adjudicator.diplomacy.results import OrderResult
from adjudicator.publish.svg import (
    FAILED,
    FONT,
    Element,
    along,
    cased_polygon,
    cross,
    css_token,
    environment,
    fmt,
    halo_text,
    line,
    octagon,
    path_d,
    pts,
    ring,
    round_token,
    ship_token,
    shorten,
)
from adjudicator.resources import game_data_path

UNKNOWN_COLOUR = "#9a9a9a"
HEADER = 44.0  # title band above the map
FOOTER = 40.0  # legend band below the map


LAND = "#efe4c4"
SEA = "#b5d3ea"
NEUTRAL = "#d8d2c2"
BORDER = "#5a5043"

# Clearances around a unit spot (map pixels). A unit token reaches about 19 px from its spot
# (the fleet's hull); hold octagons, support rings and build rings about 24.
ARROW_START = 21.0  # order lines start just outside the unit that gives the order
ARROW_END_UNIT = 26.0  # an arrowhead stops short of a unit standing at its destination
ARROW_END_EMPTY = 12.0  # ... or a little before the centre of an empty province


# --- data ------------------------------------------------------------------------------
@cache
def load_geometry(variant: str = STANDARD) -> dict:
    """The picture geometry of a variant (outlines, unit spots, label spots)."""
    with open(game_data_path(variant) / "geometry.json", encoding="utf-8") as fh:
        return json.load(fh)


def phase_title(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 Movement``; anything unexpected is shown as it is."""
    try:
        return Phase.parse(phase).name
    except (ValueError, AttributeError):  # not a phase code (AttributeError: None)
        return phase or ""


# --- the renderer --------------------------------------------------------------------------
class _Picture:
    def __init__(self, state: Mapping, results: list[OrderResult], dmap: DiplomacyMap,
                 geo: dict, title: str, show_orders: bool) -> None:
        self.state = state
        self.results = results
        self.dmap = dmap
        self.geo = geo
        self.title = title
        self.show_orders = show_orders
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

    def dislodged_pos(self, loc: str) -> tuple[float, float]:
        """Where a dislodged unit is drawn: beside its spot, on the side clearest of the
        province label, the centre marker and the unit that dislodged it."""
        x, y = self.anchor(loc)
        p = self.provs.get(loc.split("/", 1)[0].lower(), {})
        avoid = [tuple(p["label"])] if p.get("label") else []
        if p.get("sc"):
            avoid.append(tuple(p["sc"]))
        cands = [(x + 27 * math.cos(a), y + 27 * math.sin(a))
                 for a in (k * math.pi / 4 - math.pi / 4 for k in range(8))]
        return max(cands, key=lambda c: min((math.dist(c, q) for q in avoid), default=0))

    def colour(self, power: str | None) -> str:
        info = self.dmap.powers.get(str(power))
        return info["colour"] if info else UNKNOWN_COLOUR

    # layers
    def regions(self) -> tuple[list[Element], list[Element]]:
        centres = self.state.get("centres") or {}
        base, neutral = [], []
        for area in self.geo.get("neutral", []):
            neutral.append(Element("neutral").add("polygon", points=pts(area["polygon"]),
                                                  fill=NEUTRAL, stroke=BORDER, stroke_width=1))
        for pid, p in sorted(self.provs.items(), key=lambda kv: kv[1]["kind"] != "sea"):
            kind = p["kind"]
            el = Element(f"province {kind}", id=f"prov-{css_token(pid)}", title=p["name"])
            if kind == "sea":
                fill = SEA
            elif kind == "impassable":
                fill = "url(#impassable)"
            else:
                fill = LAND
            el.add("polygon", points=pts(p["polygon"]), fill=fill, stroke=BORDER,
                   stroke_width=1.2 if kind != "sea" else 0.8, stroke_linejoin="round")
            owner = centres.get(pid)
            if owner and kind != "sea":
                el.cls += f" owned {css_token(owner)}"
                el.add("polygon", points=pts(p["polygon"]), fill=self.colour(owner),
                       fill_opacity=0.55, stroke="none")
            base.append(el)
        return base, neutral

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
        out = []
        for pid, p in sorted(self.provs.items()):
            x, y = p["label"]
            sea = p["kind"] == "sea"
            el = Element("label" + (" sea" if sea else ""))
            halo_text(el, pid.capitalize(), (x, y + 5), size=15 if sea else 14,
                      style="italic" if sea else "normal",
                      weight="normal" if sea else "bold",
                      colour="#2a4f73" if sea else "#3b3226",
                      halo=SEA if sea else "#ffffff", halo_width=3 if sea else 2.5,
                      halo_opacity=0.85 if sea else 0.6)
            out.append(el)
        for loc, c in sorted(self.coasts.items()):
            x, y = c["label"]
            ux, uy = c["unit"]
            el = Element("coast-label", id=f"coast-{css_token(loc)}")
            el.add("circle", cx=fmt(ux), cy=fmt(uy), r=3, fill="#2a4f73", stroke="none")
            el.add("text", c["text"], x=fmt(x), y=fmt(y), text_anchor="middle",
                   font_family=FONT, font_size=12, font_style="italic", fill="#1d3b57")
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
        x, y = pos
        s = 1.0 if dislodged else 1.25
        extra = {"stroke_dasharray": "3 2", "fill_opacity": 0.45} if ghost else {}
        if dislodged:
            el.add("circle", cx=fmt(x), cy=fmt(y), r=17, fill="none", stroke=FAILED,
                   stroke_width=2.5, stroke_dasharray="4 3", class_="dislodged-mark")
        if kind == "army":
            round_token(el, (x, y), fill, "A", s, **extra)
        else:
            ship_token(el, (x, y), fill, s, **extra)
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
                out.append(el)
        # supports and convoys under moves so arrows stay on top
        rank = {"support": 0, "convoy": 0, "hold": 1}
        out.sort(key=lambda e: rank.get(e.cls.split()[1], 2))
        return out

    def _style(self, r: OrderResult) -> dict[str, Any]:
        colour = self.colour(r.power)
        return {"colour": colour, "opacity": 1.0 if r.success else 0.55}

    def _move_path(self, r: OrderResult) -> list[tuple[float, float]] | None:
        a, b = self.anchor(r.loc), self.anchor(r.dest)
        if r.kind == "retreat" and a is not None and self._is_dislodged(r.loc):
            a = self.dislodged_pos(r.loc)
        if a is None or b is None:
            return None
        pts = [a]
        if r.via_convoy:
            fleets = [self.anchor(c.loc) for c in self.results
                      if c.kind == "convoy" and c.target == r.loc and c.dest == r.dest]
            fleets = [f for f in fleets if f]
            cur = a
            while fleets:  # the chain from the army's end, nearest fleet first
                nxt = min(fleets, key=lambda f: math.dist(cur, f))
                fleets.remove(nxt)
                pts.append(nxt)
                cur = nxt
        pts.append(b)
        start = 16.0 if r.kind == "retreat" and self._is_dislodged(r.loc) else ARROW_START
        end = ARROW_END_UNIT if self.occupied(r.dest) else ARROW_END_EMPTY
        s, _ = shorten(pts[0], pts[1], start, 0)
        _, e = shorten(pts[-2], pts[-1], 0, end)
        return [s] + pts[1:-1] + [e]

    def _order_move(self, el, r, moves):
        pts = self._move_path(r)
        if not pts:
            return False
        st = self._style(r)
        if r.via_convoy:
            el.cls += " convoyed"
        line(el, pts, st["colour"], 5.5, st["opacity"],
                   dash="10 5" if r.via_convoy else None)
        if not r.success:
            cross(el, along(pts, 0.72), 8)
        return True

    _order_retreat = _order_move

    def _order_hold(self, el, r, moves):
        c = self.anchor(r.loc)
        if c is None:
            return False
        st = self._style(r)
        cased_polygon(el, octagon(c, 19), st["colour"], 3, st["opacity"])
        if not r.success:
            cross(el, (c[0] + 16, c[1] - 16), 6)
        return True

    def _order_support(self, el, r, moves):
        a, t = self.anchor(r.loc), self.anchor(r.target)
        if a is None or t is None:
            return False
        st = self._style(r)
        mv = moves.get(r.target)
        if r.dest and self.dmap.province_of(r.dest) != self.dmap.province_of(r.target):
            el.cls += " support-move"
            # aim at the middle of the supported move's arrow (drawn or not)
            path = self._move_path(mv) if mv and mv.dest and \
                self.dmap.province_of(mv.dest) == self.dmap.province_of(r.dest) else None
            if path is None:
                d = self.anchor(r.dest)
                if d is None:
                    return False
                path = [t, d]
            mid = along(path, 0.5)
            s, e = shorten(a, mid, ARROW_START, 3)
            line(el, [s, e], st["colour"], 3, st["opacity"], dash="8 5", head=False)
            el.add("circle", cx=fmt(mid[0]), cy=fmt(mid[1]), r=4, fill=st["colour"],
                   stroke="#1a1a1a", stroke_width=1.2, fill_opacity=st["opacity"])
            fail_at = along([s, e], 0.5)
        else:
            el.cls += " support-hold"
            s, e = shorten(a, t, ARROW_START, 21)
            line(el, [s, e], st["colour"], 3, st["opacity"], dash="8 5", head=False)
            ring(el, t, 21, st["colour"], 2.5, st["opacity"], dash="7 5")
            fail_at = along([s, e], 0.5)
        if not r.success:
            cross(el, fail_at, 6)
        return True

    def _order_convoy(self, el, r, moves):
        f, t, d = self.anchor(r.loc), self.anchor(r.target), self.anchor(r.dest)
        if f is None or t is None or d is None:
            return False
        st = self._style(r)
        # a dashed path army -> fleet -> destination, and a triangle round the fleet
        s, _ = shorten(t, f, ARROW_START, 0)
        _, e = shorten(f, d, 0, ARROW_END_UNIT if self.occupied(r.dest) else ARROW_END_EMPTY)
        line(el, [s, f, e], st["colour"], 2.5, st["opacity"], dash="3 5", head=False)
        tri = [(f[0], f[1] - 24), (f[0] + 21, f[1] + 13), (f[0] - 21, f[1] + 13)]
        cased_polygon(el, tri, st["colour"], 2.5, st["opacity"])
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
        ring(el, c, 22, st["colour"], 3, st["opacity"])
        px, py = c[0] + 18, c[1] - 18
        el.add("circle", cx=fmt(px), cy=fmt(py), r=8, fill="#ffffff", stroke="#1a1a1a",
               stroke_width=1.5)
        el.add("path", d=f"M{fmt(px - 5)},{fmt(py)} H{fmt(px + 5)} M{fmt(px)},{fmt(py - 5)} "
                         f"V{fmt(py + 5)}", stroke="#1a1a1a", stroke_width=2.2)
        if not r.success:
            cross(el, c, 10)
        return True

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

    def render(self) -> str:
        base, neutral = self.regions()
        dis_units, options = self.dislodged()
        canvas = self.geo["canvas"]
        w, h = float(canvas["width"]), float(canvas["height"])
        phase = str(self.state.get("phase", ""))
        heading = phase_title(phase)
        return environment().get_template("diplomacy/map.svg.j2").render(
            width=fmt(w), height=fmt(h + HEADER + FOOTER), map_height=fmt(h),
            header=fmt(HEADER), footer_y=fmt(HEADER + h), font=FONT,
            heading=heading, title=self.title, phase=phase,
            sea=SEA, regions=base, neutral=neutral, centres=self.centres(),
            labels=self.labels(), units=self.units(), dislodged=dis_units,
            retreat_options=options, orders=self.orders(), legend=self.legend(),
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
) -> str:
    """Draw ``state`` (the position the orders were given in) and, when ``show_orders``,
    the ``results`` of its phase. Results may be OrderResult objects or their JSON dicts
    (as kept in history). ``data`` is the variant's data folder (``dmap`` its map, when
    already loaded). Returns a standalone SVG document (no XML declaration, so it can
    also be inlined in HTML)."""
    dmap = dmap or load_map(data)
    geo = load_geometry(data)
    res = [_as_result(r) for r in (results or [])]
    return _Picture(state, res, dmap, geo, str(title or ""), show_orders).render()
