"""Draw an Axis & Allies position, and optionally what one turn did, as an SVG picture.

The board follows what players know from the printed map and TripleA: every territory filled
in a light shade of its controller's colour (stripes of the original owner's colour where
someone else holds it), sea zones blue with their numbers, and in each region one *block*:
the region's name and IPC value, its capital, victory city and industrial-complex markers
(with bombing damage), then the units as counters, one row per power and one counter per
unit type with its count (``3 inf`` ``1 art`` ``2 arm``). A damaged battleship, a loaded
transport and a carrier with fighters aboard each get a counter of their own showing the
damage or the cargo.

A turn's map draws the position *after* the turn with what the turn did on top: combat moves
as solid arrows, noncombat moves and aircraft landings as dashed ones, the landing leg of an
amphibious assault as a dotted arrow, strategic bombing raids in red, retreats in grey, a
marker with the outcome on every battle, a yellow outline on every territory that changed
hands, and the units placed this turn as counters marked ``+``. A legend explains every
symbol and a footer gives treasuries, production and victory cities. Where the rules make a
raid cost IPC instead of damaging the complex (``sbr_model`` "ipc_loss": Revised), the raid's
mark reads ``-3 IPC`` and the footer says beside the victim's treasury what it lost; rocket
strikes (the Rockets weapon) are red arrows read the same way, and a line under the powers
gives the turn's research roll and the technologies each power holds. An arrow between two
blocks that touch is bowed out beside them so that it never hides beneath them.

All geometry comes from ``games/<edition>/geometry.json`` (derived offline by
``tools/aa_geometry.py``), so drawing needs nothing but the standard library and Jinja2; the
board's facts (names, IPC values, colours, unit abbreviations) come from the edition data, so
another edition only brings its own files. Facts stay structured (:class:`RegionView`,
:class:`Element`) until the autoescaping template writes them: a game title, a power or
region name from a hand-edited state can never inject markup.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import ruleset_of
from adjudicator.axis_allies.report import (
    Names,
    RegionView,
    Stack,
    region_line,
    region_views,
    short_name,
    tech_names,
)
from adjudicator.publish.svg import (
    FAILED,
    FONT,
    INK,
    Element,
    Point,
    along,
    css_token,
    fmt,
    line,
    path_d,
    pts,
    text_colour,
)
from adjudicator.publish.svg import (
    render as render_svg_template,
)
from adjudicator.record import field, record
from adjudicator.resources import game_data_path

#: Board pixels (TripleA's) to picture pixels: the board is 3500 wide, the picture 1750, the
#: width at which the Diplomacy map's marks (arrow widths, heads) were tuned.
SCALE = 0.5
HEADER = 40.0  # title band above the map
PAD = 16.0  # left and right margin of the header and footer

SEA = "#b7d5ec"
LEGEND_SYMBOL = 118.0  # width of the symbol column of a legend entry
LEGEND_FONT = 14.0
FOOTER_FONT = 16.0
SEA_BORDER = "#7fa5c6"
LAND_BORDER = "#3b3328"
NEUTRAL = "#ecebe6"
UNKNOWN = "#d5d5d5"
PAPER = "#f7f3e8"
HIGHLIGHT = "#ffd21f"  # captured this turn, units placed this turn
SBR = "#b3140f"  # strategic bombing raids
RETREAT = "#ffffff"
IPC_FILL = "#ffffff"
#: how far a territory's fill is mixed towards white from its controller's colour, and a
#: cargo segment's from its power's (the palette is checked with these: docs/map.md)
TERRITORY_TINT = 0.5
CARGO_TINT = 0.62

# counters and labels (picture pixels)
CHIP_FONT = 14.0
CHIP_H = 19.0
CHIP_PAD = 4.0
GAP = 3.0  # between counters in a row
ROW_GAP = 3.0
NAME_FONT = 11.0
MARK_H = 19.0  # the row of markers (IPC, capital, victory city, complex)
MIN_ROW = 110.0  # a block may always be this wide
MAX_ROW = 190.0  # ... and never wider

# arrows (picture pixels)
ARROW_GAP = 5.0  # an arrow starts and stops this far outside a block


# --- text widths ---------------------------------------------------------------------------------
# Advance widths (em) of DejaVu Sans, the font the PNG renderer is given: enough to size a
# counter round its text without a font library. Other characters count as an average one.
_REGULAR = dict(zip("0123456789 abcdefghijklmnopqrstuvwxyz.,-+()'",
                    [0.636] * 10 + [0.318, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634,
                                    0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635,
                                    0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
                                    0.318, 0.318, 0.361, 0.838, 0.39, 0.39, 0.275]))
_BOLD = dict(zip("0123456789 abcdefghijklmnopqrstuvwxyz.,-+()'",
                 [0.696] * 10 + [0.348, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712,
                                 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687, 0.716, 0.716,
                                 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645, 0.652, 0.582,
                                 0.38, 0.38, 0.415, 0.838, 0.457, 0.457, 0.33]))


def text_width(text: str, size: float, bold: bool = False) -> float:
    table = _BOLD if bold else _REGULAR
    upper = 0.78 if bold else 0.72
    return size * sum(table.get(c, upper if c.isupper() else 0.7) for c in text)


# --- colours -------------------------------------------------------------------------------------
def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: ``amount`` 0 is the colour, 1 is white."""
    try:
        r, g, b = (int(colour[i: i + 2], 16) for i in (1, 3, 5))
    except (ValueError, TypeError):
        return UNKNOWN
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


# --- geometry ------------------------------------------------------------------------------------
@record(frozen=True)
class Shape:
    """One region's outline and drawing spots, in picture pixels."""

    rings: tuple[tuple[Point, ...], ...]
    d: str  # SVG path data of every ring (fill-rule evenodd)
    spot: Point  # the point farthest from the region's border
    room: float  # ... and that distance
    label: Point | None  # sea zones: where the board prints the number

    def contains(self, p: Point) -> bool:
        """Even-odd point-in-region test."""
        x, y = p
        inside = False
        for ring in self.rings:
            n = len(ring)
            for i in range(n):
                (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
        return inside


@record(frozen=True)
class Link:
    """An adjacency whose regions do not touch on the drawing (a canal): drawn as a line."""

    regions: tuple[str, str]
    line: tuple[Point, Point]


@record(frozen=True)
class Geometry:
    edition: str
    width: float
    height: float
    wraps: bool
    tolerance: float  # of the simplification, in board pixels
    shapes: Mapping[str, Shape] = field(repr=False)
    links: tuple[Link, ...] = ()


def _decode(arc: Sequence[int]) -> list[tuple[int, int]]:
    x, y = arc[0], arc[1]
    out = [(x, y)]
    for i in range(2, len(arc), 2):
        x += arc[i]
        y += arc[i + 1]
        out.append((x, y))
    return out


@cache
def load_geometry(edition: str) -> Geometry:
    """``games/<edition>/geometry.json`` as picture-pixel shapes (read once per process)."""
    with open(game_data_path(edition) / "geometry.json", encoding="utf-8") as fh:
        data = json.load(fh)
    return geometry_from_json(data)


def geometry_from_json(data: Mapping[str, Any]) -> Geometry:
    arcs = [_decode(a) for a in data["arcs"]]

    def scaled(p: Sequence[float]) -> Point:
        return (p[0] * SCALE, p[1] * SCALE)

    shapes = {}
    for rid, r in data["regions"].items():
        rings = []
        for ring in r["rings"]:
            pts_: list[tuple[int, int]] = []
            for ref in ring:
                seg = arcs[ref] if ref >= 0 else arcs[-ref - 1][::-1]
                pts_ += seg[1:] if pts_ else seg
            if len(pts_) > 1 and pts_[0] == pts_[-1]:
                pts_.pop()
            rings.append(tuple(scaled(p) for p in pts_))
        d = "".join(path_d(ring) + "Z" for ring in rings if len(ring) >= 3)
        shapes[rid] = Shape(tuple(rings), d, scaled(r["spot"]), r["room"] * SCALE,
                            scaled(r["label"]) if r.get("label") else None)
    c = data["canvas"]
    links = tuple(Link((lk["regions"][0], lk["regions"][1]),
                       (scaled(lk["line"][0]), scaled(lk["line"][1])))
                  for lk in data.get("links", []))
    return Geometry(str(data.get("edition", "")), c["width"] * SCALE, c["height"] * SCALE,
                    bool(c.get("wraps")), float(data.get("tolerance", 0)), shapes, links)


# --- what a turn did ------------------------------------------------------------------------------
@record
class Arrow:
    kind: str  # combat, noncombat, amphibious, landing, bombing, retreat, load
    path: list[str]  # region ids
    power: str
    label: str = ""
    success: bool = True


@record
class Battle:
    region: str
    kind: str  # land, sea, amphibious, bombing
    outcome: str  # one or two words: won, held, retreated, ...
    attacker: str
    text: str  # the tooltip


@record
class TurnFacts:
    """What one history record did, as the map draws it."""

    arrows: list[Arrow] = field(default_factory=list)
    battles: list[Battle] = field(default_factory=list)
    captured: dict[str, str] = field(default_factory=dict)  # territory -> new controller
    power: str = ""  # whose turn it was
    new_ids: frozenset[str] = frozenset()
    #: power -> IPC its treasury lost to strategic bombing this turn (``sbr_model``
    #: "ipc_loss", Revised digest A5.4: the raid's victim is the complex's owner)
    bombing_losses: dict[str, int] = field(default_factory=dict)
    #: power -> IPC lost to rocket strikes this turn (the Rockets weapon, Revised digest A5.1)
    rocket_losses: dict[str, int] = field(default_factory=dict)
    #: the turn's weapons development roll as the research step records it (or None)
    research: dict[str, Any] | None = None


_END_OUTCOME = {
    "defender-eliminated": "won",
    "defenceless-transports": "won",
    "attacker-eliminated": "repelled",
    "attacker-retreated": "retreated",
    "both-eliminated": "both destroyed",
    "stalemate": "stalemate",
    "only-transports": "no winner",
}
_PREFIX = {"combat": "combat move: ", "noncombat": "noncombat move: "}


def _outcome(res: Mapping) -> str:
    word = _END_OUTCOME.get(str(res.get("end_reason", "")))
    if word:
        return word
    return {"attacker": "won", "defender": "held"}.get(str(res.get("winner")), "no winner")


def _move_units(edition: Edition, order: Any) -> str:
    """``3 inf, 1 arm`` of a parsed move, ``2 tt: 2 inf, 1 arm`` of a transport move."""
    from adjudicator.axis_allies.orders import Move, TransportMove

    def words(units: Iterable) -> str:
        return ", ".join(f"{u.count} {short_name(edition, u.unit)}" for u in units)

    if isinstance(order, Move):
        text = words(order.units)
        return text + (f" + {words(order.cargo)}" if order.cargo else "")
    if isinstance(order, TransportMove):
        cargo = list(order.cargo) + [u for s in order.steps if s.action == "load"
                                     for u in s.units]
        return words(order.transports) + (f" + {words(cargo)}" if cargo else "")
    return ""


def turn_facts(record: Mapping, after: Mapping, edition: Edition) -> TurnFacts:
    """The arrows, battles, captures and new units of one history record."""
    from adjudicator.axis_allies.parser import parse_turn

    ev = record.get("events") or {}
    power = str((record.get("state_before") or {}).get("turn", {}).get("power", ""))
    facts = TurnFacts(power=power)
    m = edition.map
    for mv in ev.get("moves") or []:
        path = [r for r in mv.get("path") or [] if r in m]
        section = str(mv.get("section", ""))
        order_text = str(mv.get("order", ""))
        parsed = None
        if section in _PREFIX:
            got = parse_turn(_PREFIX[section] + order_text, edition).orders
            parsed = got[0].order if len(got) == 1 else None
        label = _move_units(edition, parsed) if parsed is not None else ""
        bombing = bool(getattr(parsed, "bombing", False)) or "(bomb" in order_text
        kind = "bombing" if bombing else ("combat" if section == "combat" else "noncombat")
        steps = getattr(parsed, "steps", ())
        at = path[0] if path else None
        for s in steps:  # transports: where each load happened
            if s.action == "move":
                at = s.region
            elif s.action == "load" and at and s.region in m and s.region != at:
                facts.arrows.append(Arrow("load", [s.region, at], power,
                                          ", ".join(f"{u.count} {short_name(edition, u.unit)}"
                                                    for u in s.units)))
        if len(path) >= 2:
            facts.arrows.append(Arrow(kind, path, power, label))
        unload = mv.get("unload_to")
        if unload in m and path:
            assault = any(b.get("region") == unload and b.get("kind") == "amphibious"
                          for b in ev.get("battles") or [])
            facts.arrows.append(Arrow("amphibious" if assault else "unload",
                                      [path[-1], unload], power))
    for x in ev.get("landings") or []:
        src, dst = x.get("from"), x.get("to")
        if src in m and dst in m and src != dst:
            units = x.get("units") or {}
            label = ", ".join(f"{n} {short_name(edition, t)}" for t, n in units.items())
            facts.arrows.append(Arrow("landing", [src, dst], str(x.get("power") or power),
                                      label))
    for b in ev.get("battles") or []:
        region = b.get("region")
        if region not in m:
            continue
        kind = str(b.get("kind", ""))
        name = m.region(region).name
        if kind == "bombing":
            raid = b.get("raid")
            if raid:
                out = (f"-{raid.get('ipc_lost', 0)} IPC" if raid.get("model") == "ipc_loss"
                       else f"+{raid.get('damage_added', 0)} damage")
                if raid.get("model") == "ipc_loss":
                    owner = (((record.get("state_before") or {}).get("complexes") or {})
                             .get(region) or {}).get("owner")
                    if owner:
                        facts.bombing_losses[str(owner)] = (
                            facts.bombing_losses.get(str(owner), 0)
                            + int(raid.get("ipc_lost") or 0))
                facts.battles.append(Battle(region, kind, out, str(raid.get("attacker", "")),
                                            f"Strategic bombing raid on {name}: {out}"))
            continue
        res = b.get("result") or {}
        parts = []
        if kind == "amphibious":
            sea = res.get("sea")
            if sea and sea.get("region") in m:
                facts.battles.append(Battle(sea["region"], "sea", _outcome(sea),
                                            str(sea.get("attacker", "")),
                                            f"Sea battle before the landing in {name}"))
            parts = [res["land"]] if res.get("land") else []
            out = _outcome(res["land"]) if res.get("land") else "no landing"
        else:
            parts = [res]
            out = _outcome(res)
        attacker = str(next((p.get("attacker") for p in parts if p.get("attacker")), power))
        rounds = sum(int(p.get("rounds") or 0) for p in parts)
        text = f"{name}: {kind} battle, {out}" + (f" after {rounds} round"
                                                    f"{'s' if rounds != 1 else ''}"
                                                    if rounds else "")
        facts.battles.append(Battle(region, kind, out, attacker, text))
        for p in parts:  # unit id -> where it retreated (None: aircraft, landing later)
            for to in sorted({t for t in (p.get("retreated_to") or {}).values()
                              if isinstance(t, str)}):
                if to in m and to != region:
                    facts.arrows.append(Arrow("retreat", [region, to], attacker))
    for x in ev.get("rockets") or []:  # rocket strikes: launch site -> struck complex
        src, dst = x.get("from"), x.get("target")
        if src in m and dst in m:
            lost = int(x.get("lost") or 0)
            facts.arrows.append(Arrow("rocket", [src, dst], power, ""))
            facts.battles.append(Battle(dst, "rocket", f"-{lost} IPC", power,
                                        f"Rocket strike on {m.region(dst).name}: "
                                        f"-{lost} IPC"))
            owner = str(x.get("owner") or "")
            if owner:
                facts.rocket_losses[owner] = facts.rocket_losses.get(owner, 0) + lost
    research = ev.get("research")
    if isinstance(research, Mapping):
        facts.research = dict(research)
    for c in ev.get("captures") or []:
        t = c.get("territory")
        if t in m:
            facts.captured[t] = str(c.get("to") or c.get("captor") or "")
    facts.arrows = _merge_arrows(facts.arrows)
    before = {u.get("id") for u in (record.get("state_before") or {}).get("units") or []}
    facts.new_ids = frozenset(u.get("id") for u in after.get("units") or []
                              if u.get("id") not in before)
    return facts


def _merge_arrows(arrows: list[Arrow]) -> list[Arrow]:
    """One arrow per kind and route: ``3 inf`` and ``1 ftr`` from Norway to Karelia are
    one arrow labelled ``3 inf, 1 ftr`` (counts of one type added up)."""
    merged: dict[tuple, Arrow] = {}
    for a in arrows:
        key = (a.kind, tuple(a.path), a.power)
        if key not in merged:
            merged[key] = Arrow(a.kind, list(a.path), a.power, a.label, a.success)
            continue
        m = merged[key]
        m.label = _add_labels(m.label, a.label)
    return list(merged.values())


def _add_labels(a: str, b: str) -> str:
    if not a or not b:
        return a or b
    if "+" in a or "+" in b:
        return f"{a}; {b}"
    counts: dict[str, int] = {}
    for part in (a + ", " + b).split(", "):
        n, _, unit = part.partition(" ")
        if not n.isdigit():
            return f"{a}; {b}"
        counts[unit] = counts.get(unit, 0) + int(n)
    return ", ".join(f"{n} {u}" for u, n in counts.items())


# --- blocks: a region's label and counters --------------------------------------------------------
@record
class _Item:
    kind: str  # name, ipc, capital, vc, complex, seazone, chip
    width: float
    height: float
    data: Any = None


@record
class _Block:
    view: RegionView
    rows: list[list[_Item]]
    width: float
    height: float
    x: float = 0.0  # top-left corner once placed
    y: float = 0.0

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.x + self.width, self.y + self.height)

    @property
    def centre(self) -> Point:
        return (self.x + self.width / 2, self.y + self.height / 2)


@record(frozen=True)
class _Segment:
    text: str
    fill: str
    ink: str


def chip_segments(edition: Edition, stack: Stack, colour_of) -> list[_Segment]:
    """The parts of one counter: the units in their power's colour, then the damage or the
    cargo (each cargo power in a light shade of its colour)."""
    main = colour_of(stack.power)
    text = f"{'+' if stack.new else ''}{stack.count} {short_name(edition, stack.unit)}"
    segs = [_Segment(text, main, text_colour(main))]
    if stack.damaged:
        segs.append(_Segment("hit", FAILED, "#ffffff"))
    by_power: dict[str, list[str]] = {}
    for p, t, n in stack.cargo:
        by_power.setdefault(p, []).append(f"{n} {short_name(edition, t)}")
    for p, words in by_power.items():
        shade = tint(colour_of(p), CARGO_TINT)
        segs.append(_Segment(" ".join(words), shade, text_colour(shade)))
    return segs


def _segments_width(segs: Sequence[_Segment]) -> float:
    return sum(text_width(s.text, CHIP_FONT, bold=True) + 2 * CHIP_PAD for s in segs)


def _flow(items: list[_Item | None], limit: float) -> list[list[_Item]]:
    """Items into rows no wider than ``limit`` (one item may be wider); ``None`` breaks."""
    rows: list[list[_Item]] = [[]]
    width = 0.0
    for it in items:
        if it is None:
            if rows[-1]:
                rows.append([])
                width = 0.0
            continue
        if rows[-1] and width + GAP + it.width > limit:
            rows.append([])
            width = 0.0
        width += (GAP if rows[-1] else 0) + it.width
        rows[-1].append(it)
    return [r for r in rows if r]


def _row_width(row: list[_Item]) -> float:
    return sum(i.width for i in row) + GAP * (len(row) - 1)


# --- the picture ----------------------------------------------------------------------------------
class _Picture:
    def __init__(self, state: Mapping, edition: Edition, geo: Geometry, title: str,
                 heading: str, turn: TurnFacts | None) -> None:
        self.state = state
        self.ed = edition
        self.geo = geo
        self.title = title
        self.heading = heading
        self.turn = turn
        self.names = Names(edition)
        self.views = region_views(state, edition, turn.new_ids if turn else ())
        self.blocks: dict[str, _Block] = {}
        self._labels: list[tuple[list[Point], str, str]] = []
        self.mover = turn.power if turn else ""

    def sbr_model(self) -> str:
        """What a strategic bombing raid does under the rules the state is played with."""
        return ruleset_of(self.ed, self.state).rules_for(self.state.get("rules")).sbr_model

    # colours
    def colour(self, power: str | None) -> str:
        if not power:
            return UNKNOWN
        return self.names.colour(power)

    def land_fill(self, v: RegionView) -> str:
        if v.controller:
            return tint(self.colour(v.controller), TERRITORY_TINT)
        return NEUTRAL if v.neutral else UNKNOWN

    # regions
    def regions(self) -> tuple[list[Element], list[Element]]:
        seas, lands = [], []
        for v in self.views:
            shape = self.geo.shapes.get(v.id)
            if shape is None or not shape.d:
                continue
            el = Element(f"region {v.kind}", id=f"region-{css_token(v.id)}", title=v.name)
            if v.kind == "sea":
                el.add("path", d=shape.d, fill=SEA, fill_rule="evenodd", stroke=SEA_BORDER,
                       stroke_width=1, stroke_linejoin="round")
                seas.append(el)
                continue
            if v.controller:
                el.cls += f" controlled {css_token(v.controller)}"
            overlay = None
            if v.impassable:
                el.cls += " impassable"
                overlay = "url(#impassable)"
            elif v.controller and v.original_owner and v.original_owner != v.controller:
                el.cls += f" held-from {css_token(v.original_owner)}"
                overlay = f"url(#orig-{css_token(v.original_owner)})"
            # one path filled and outlined; a pattern (stripes, hatching) is a second path
            # with the outline drawn again over it
            el.add("path", d=shape.d, fill=self.land_fill(v), fill_rule="evenodd",
                   stroke=LAND_BORDER if overlay is None else "none", stroke_width=1.1,
                   stroke_linejoin="round")
            if overlay is not None:
                el.add("path", d=shape.d, fill=overlay, fill_rule="evenodd",
                       stroke=LAND_BORDER, stroke_width=1.1, stroke_linejoin="round")
            lands.append(el)
        return seas, lands

    def stripe_patterns(self) -> list[dict[str, str]]:
        owners = {v.original_owner for v in self.views
                  if v.controller and v.original_owner and v.original_owner != v.controller}
        owners |= set(self.ed.setup.powers)  # the legend shows one
        return [{"id": f"orig-{css_token(p)}", "colour": self.colour(p)}
                for p in sorted(owners)]

    def links(self) -> list[Element]:
        out = []
        for lk in self.geo.links:
            a, b = lk.line
            names = " - ".join(self.ed.map.region(r).name if r in self.ed.map else r
                               for r in lk.regions)
            el = Element("link", title=f"connected: {names}")
            el.add("path", d=path_d([a, b]), stroke="#1f4e79", stroke_width=2.5,
                   stroke_dasharray="4 3", fill="none")
            for p in (a, b):
                el.add("circle", cx=fmt(p[0]), cy=fmt(p[1]), r=2.5, fill="#1f4e79")
            out.append(el)
        return out

    def captured(self) -> list[Element]:
        if not self.turn:
            return []
        out = []
        for t, holder in sorted(self.turn.captured.items()):
            shape = self.geo.shapes.get(t)
            if shape is None:
                continue
            el = Element(f"captured {css_token(holder)}", id=f"captured-{css_token(t)}",
                         title=f"{self.ed.map.region(t).name} captured by "
                               f"{self.names.power(holder)}")
            el.add("path", d=shape.d, fill="none", stroke=HIGHLIGHT, stroke_width=7,
                   stroke_opacity=0.95, stroke_linejoin="round")
            el.add("path", d=shape.d, fill="none", stroke=self.colour(holder),
                   stroke_width=2.5, stroke_linejoin="round")
            out.append(el)
        return out

    # blocks
    def build_blocks(self) -> None:
        for v in self.views:
            shape = self.geo.shapes.get(v.id)
            if shape is None:
                continue
            items: list[_Item | None] = []
            if v.kind == "sea":
                if v.sea_zone_number is not None:
                    w = max(CHIP_H, text_width(str(v.sea_zone_number), 13, True) + 8)
                    items.append(_Item("seazone", w, CHIP_H, str(v.sea_zone_number)))
            else:
                name = v.name
                items.append(_Item("name", text_width(name, NAME_FONT) + 2, NAME_FONT + 2,
                                   name))
                items.append(None)
                if v.ipc:
                    items.append(_Item("ipc", text_width(str(v.ipc), 13, True) + 9, MARK_H,
                                       v.ipc))
                if v.capital_of:
                    items.append(_Item("capital", MARK_H, MARK_H, v.capital_of))
                if v.victory_city:
                    items.append(_Item("vc", MARK_H, MARK_H, v.victory_city))
                if v.complex_owner:
                    w = 22 + (text_width(str(v.complex_damage), 12, True) + 8
                              if v.complex_damage else 0)
                    items.append(_Item("complex", w, MARK_H, v.complex_damage))
            limit = max(MIN_ROW, min(MAX_ROW, shape.room * 2.1))
            last = None
            for s in v.stacks:
                if s.power != last:
                    items.append(None)
                    last = s.power
                segs = chip_segments(self.ed, s, self.colour)
                items.append(_Item("chip", _segments_width(segs), CHIP_H, (s, segs)))
            rows = _flow(items, limit)
            if not rows:
                continue
            width = max(_row_width(r) for r in rows)
            height = sum(max(i.height for i in r) for r in rows) + ROW_GAP * (len(rows) - 1)
            self.blocks[v.id] = _Block(v, rows, width, height)

    def place_blocks(self) -> None:
        """Centre each block on its region's spot; move it aside (nearest free place, inside
        the region when possible) where it would cover a block already placed."""
        W, H = self.geo.width, self.geo.height
        cell = 120.0
        grid: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

        def cells(r):
            for gx in range(int(r[0] // cell), int(r[2] // cell) + 1):
                for gy in range(int(r[1] // cell), int(r[3] // cell) + 1):
                    yield gx, gy

        def free(r) -> bool:
            m = 2.0
            for c in cells(r):
                for o in grid.get(c, ()):
                    if r[0] < o[2] + m and o[0] < r[2] + m and r[1] < o[3] + m and \
                            o[1] < r[3] + m:
                        return False
            return True

        order = sorted(self.blocks.values(), key=lambda b: (
            -(b.width * b.height) / max(1.0, self.geo.shapes[b.view.id].room) ** 2, b.view.id))
        offsets = [(0.0, 0.0)] + [
            (r * math.cos(a), r * math.sin(a))
            for r in range(8, 400, 8) for a in
            (k * math.pi / (4 + r // 24) for k in range(2 * (4 + r // 24)))]
        for b in order:
            shape = self.geo.shapes[b.view.id]
            sx, sy = shape.spot
            chosen = None
            fallback = None
            for dx, dy in offsets:
                x = min(max(1.0, sx + dx - b.width / 2), W - b.width - 1)
                y = min(max(1.0, sy + dy - b.height / 2), H - b.height - 1)
                r = (x, y, x + b.width, y + b.height)
                if not free(r):
                    continue
                if fallback is None:
                    fallback = (x, y)
                if math.hypot(dx, dy) <= shape.room or shape.contains(
                        (x + b.width / 2, y + b.height / 2)):
                    chosen = (x, y)
                    break
                if math.hypot(dx, dy) > shape.room + 160:
                    break
            b.x, b.y = chosen or fallback or (min(max(1.0, sx - b.width / 2), W - b.width - 1),
                                              min(max(1.0, sy - b.height / 2),
                                                  H - b.height - 1))
            for c in cells(b.rect):
                grid.setdefault(c, []).append(b.rect)

    def block_elements(self) -> tuple[list[Element], list[Element]]:
        blocks, leaders = [], []
        for rid, b in self.blocks.items():
            v = b.view
            shape = self.geo.shapes[rid]
            el = Element(f"block {v.kind}", id=f"block-{css_token(rid)}",
                         title=region_line(self.ed, v, self.names)
                         + (f"; victory city {v.victory_city}" if v.victory_city else ""))
            y = b.y
            for row in b.rows:
                h = max(i.height for i in row)
                x = b.x + (b.width - _row_width(row)) / 2
                for it in row:
                    self.draw_item(el, it, x, y + (h - it.height) / 2, v)
                    x += it.width + GAP
                y += h + ROW_GAP
            blocks.append(el)
            sx, sy = shape.spot
            x0, y0, x1, y1 = b.rect
            if not (x0 - 4 <= sx <= x1 + 4 and y0 - 4 <= sy <= y1 + 4) and \
                    not shape.contains(b.centre):
                a = _rect_exit(b.rect, (sx, sy), 2)
                lead = Element("leader", id=f"leader-{css_token(rid)}")
                lead.add("path", d=path_d([a, (sx, sy)]), stroke=INK, stroke_width=1.2,
                         fill="none")
                lead.add("circle", cx=fmt(sx), cy=fmt(sy), r=2.5, fill=INK)
                leaders.append(lead)
        return blocks, leaders

    def draw_item(self, el: Element, it: _Item, x: float, y: float, v: RegionView) -> None:
        if it.kind == "name":
            el.add("text", it.data, x=fmt(x + it.width / 2), y=fmt(y + NAME_FONT - 1),
                   text_anchor="middle", font_family=FONT, font_size=fmt(NAME_FONT),
                   fill="#2b2419", stroke="#ffffff", stroke_width=2.2, stroke_opacity=0.55,
                   paint_order="stroke", class_="name")
        elif it.kind == "ipc":
            ipc_badge(el, x, y, it.width, it.height, str(it.data))
        elif it.kind == "capital":
            capital_mark(el, (x + it.width / 2, y + it.height / 2), self.colour(it.data))
        elif it.kind == "vc":
            vc_mark(el, (x + it.width / 2, y + it.height / 2))
        elif it.kind == "complex":
            complex_mark(el, x, y, it.data)
        elif it.kind == "seazone":
            sea_number(el, (x + it.width / 2, y + it.height / 2), it.data)
        elif it.kind == "chip":
            stack, segs = it.data
            chip(el, x, y, segs, stack, self.names.power(stack.power),
                 new=stack.new)

    # turn marks
    def anchor(self, rid: str) -> Point | None:
        b = self.blocks.get(rid)
        if b is not None:
            return b.centre
        s = self.geo.shapes.get(rid)
        return s.spot if s else None

    def spot(self, rid: str) -> Point | None:
        s = self.geo.shapes.get(rid)
        return s.spot if s else None

    def unwrap(self, points: list[Point]) -> list[Point]:
        """Consecutive points more than half the board apart cross the wrap: shift them."""
        if not self.geo.wraps:
            return points
        out = [points[0]]
        W = self.geo.width
        for x, y in points[1:]:
            px = out[-1][0]
            while x - px > W / 2:
                x -= W
            while px - x > W / 2:
                x += W
            out.append((x, y))
        return out

    def arrows(self) -> list[Element]:
        if not self.turn:
            return []
        out = []
        style = ARROW_STYLES
        rank = {k: i for i, k in enumerate(("load", "retreat", "landing", "noncombat", "unload",
                                             "combat", "amphibious", "bombing", "rocket"))}
        for n, a in enumerate(sorted(self.turn.arrows, key=lambda a: rank.get(a.kind, 9))):
            raw = [self.anchor(r) if i in (0, len(a.path) - 1) else self.spot(r)
                   for i, r in enumerate(a.path)]
            if any(p is None for p in raw):
                continue
            points = self.unwrap([p for p in raw if p is not None])
            points = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
            if len(points) < 2:
                continue
            first, last = self.blocks.get(a.path[0]), self.blocks.get(a.path[-1])
            if first is not None:
                points[0] = _rect_exit(first.rect, points[1], ARROW_GAP)
            if last is not None:
                dx = points[-1][0] - self.anchor(a.path[-1])[0]  # type: ignore[index]
                rect = last.rect
                if dx:
                    rect = (rect[0] + dx, rect[1], rect[2] + dx, rect[3])
                points[-1] = _rect_exit(rect, points[-2], ARROW_GAP + 2)
            if len(points) == 2 and (first is None or last is None) and \
                    math.dist(points[0], points[-1]) < SHORT_ARROW:
                continue
            if len(points) == 2 and first is not None and last is not None and (
                    math.dist(points[0], points[-1]) < SHORT_ARROW
                    or _inside(rect, points[0]) or _inside(first.rect, points[-1])):
                # the two blocks (nearly) touch or overlap: a straight arrow would vanish
                # between or under them; bow it out beside them
                bowed = _bowed(first.rect, rect)
                if bowed is None:
                    continue
                points = bowed
            points = smooth(points)
            st = style[a.kind]
            colour = st.get("colour") or self.colour(a.power)
            names = " - ".join(self.ed.map.region(r).name for r in a.path)
            el = Element(f"arrow {a.kind} {css_token(a.power)}", id=f"arrow-{n}",
                         title=f"{st['words']}: {a.label + ' ' if a.label else ''}{names}")
            copies = [0.0]
            if self.geo.wraps:
                xs = [p[0] for p in points]
                if min(xs) < 0:
                    copies.append(self.geo.width)
                if max(xs) > self.geo.width:
                    copies.append(-self.geo.width)
            for shift in copies:
                p = [(x + shift, y) for x, y in points]
                draw_arrow(el, p, a.kind, colour)
            if a.label and a.kind in LABELLED:
                self._labels.append((points, a.label, colour))
            out.append(el)
        return out

    def arrow_labels(self) -> list[Element]:
        """What each arrow moved (``3 inf, 1 arm``), on the arrow where no block is; an
        arrow with no free place along it keeps its units in its tooltip only."""
        taken = [b.rect for b in self.blocks.values()]
        out = []
        for n, (points, text, colour) in enumerate(self._labels):
            w = text_width(text, LABEL_FONT, bold=True) + 8
            for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78):
                cx, cy = along(points, frac)
                r = (cx - w / 2, cy - 8, cx + w / 2, cy + 8)
                if all(r[2] < o[0] or o[2] < r[0] or r[3] < o[1] or o[3] < r[1]
                       for o in taken) and 0 <= r[0] and r[2] <= self.geo.width:
                    taken.append(r)
                    el = Element("arrow-label", id=f"arrow-label-{n}")
                    arrow_label(el, (cx, cy), text, colour)
                    out.append(el)
                    break
        return out

    def battle_marks(self) -> list[Element]:
        if not self.turn:
            return []
        out = []
        seen: dict[str, int] = {}
        for b in self.turn.battles:
            block = self.blocks.get(b.region)
            if block is not None:
                x0, y0, x1, _ = block.rect
                wide = 20 + text_width(b.outcome, 12, True) + 8
                at = ((x0 + x1 - wide) / 2, y0 - 21)  # centred on top of the block
            else:
                at = self.anchor(b.region) or (0.0, 0.0)
            k = seen.get(b.region, 0)
            seen[b.region] = k + 1
            at = (min(at[0], self.geo.width - 60), max(2.0, at[1] - 22 * k))
            el = Element(f"battle {b.kind}", id=f"battle-{css_token(b.region)}-{k}",
                         title=b.text)
            battle_mark(el, at, b.outcome, bombing=b.kind in ("bombing", "rocket"))
            out.append(el)
        return out

    # frame
    def footer(self, top: float) -> tuple[list[Element], float]:
        """Powers (treasury, production, units), victory cities, and the legend; returns
        the elements and the footer's height."""
        els: list[Element] = []
        st = self.state
        ed = self.ed
        y = top + 16
        size = FOOTER_FONT
        cols = (PAD, PAD + 250, PAD + 370, PAD + 500)
        head = Element("footer-head")
        for x, text in zip(cols, ("Power", "Treasury", "Production", "Units")):
            head.add("text", text, x=fmt(x), y=fmt(y + 12), font_family=FONT,
                     font_size=12, font_weight="bold", fill="#5f5a50")
        els.append(head)
        y += 20
        captured = st.get("captured_capitals") or {}
        counts: dict[str, int] = {}
        for u in st.get("units") or []:
            counts[str(u.get("power"))] = counts.get(str(u.get("power")), 0) + 1
        current = (st.get("turn") or {}).get("power")
        controllers = st.get("controllers") or {}
        # a raid or strike that cost nothing keeps its "-0 IPC" marker (ruling B1) but the
        # power's line says nothing about it (ruling R-12)
        lost = {p: v for p, v in (self.turn.bombing_losses if self.turn else {}).items() if v}
        rockets = {p: v for p, v in (self.turn.rocket_losses if self.turn else {}).items() if v}
        notes_of = {p: (["to play"] if p == current else []) + (
            [f"capital held by {self.names.power(captured[p])}"] if p in captured else []
        ) + ([f"lost {lost[p]} IPC to bombing"] if p in lost else []) + (
            [f"lost {rockets[p]} IPC to rockets"] if p in rockets else [])
            for p in ed.setup.turn_order}
        widest = max((text_width("; ".join(n), LEGEND_FONT) for n in notes_of.values()),
                     default=0.0)
        for p in ed.setup.turn_order:
            el = Element(f"power {css_token(p)}" + (" current" if p == current else ""),
                         id=f"power-{css_token(p)}")
            el.add("rect", x=fmt(PAD), y=fmt(y + 2), width=16, height=16, rx=3,
                   fill=self.colour(p), stroke=INK, stroke_width=1)
            name = self.names.power(p)
            el.add("text", name, x=fmt(PAD + 24), y=fmt(y + 15), font_family=FONT,
                   font_size=fmt(size), font_weight="bold" if p == current else "normal",
                   fill="#1d1d1d")
            prod = ed.production_level(p, controllers)
            treasury = (st.get("treasury") or {}).get(p, 0)
            for x, text in ((cols[1], f"{treasury} IPC"), (cols[2], f"{prod} IPC"),
                            (cols[3], str(counts.get(p, 0)))):
                el.add("text", text, x=fmt(x), y=fmt(y + 15), font_family=FONT,
                       font_size=fmt(size), fill="#1d1d1d")
            notes = notes_of[p]
            if notes:
                el.add("text", "; ".join(notes), x=fmt(cols[3] + 50), y=fmt(y + 15),
                       font_family=FONT, font_size=fmt(LEGEND_FONT),
                       fill=FAILED if p in captured or lost.get(p) or rockets.get(p)
                       else "#1d1d1d", class_="power-notes",
                       **({"data_bombing_loss": lost[p]} if p in lost else {}),
                       **({"data_rocket_loss": rockets[p]} if p in rockets else {}))
            els.append(el)
            y += 23
        table_bottom = y
        # victory cities, to the right of the table
        kind = (st.get("rules") or {}).get("victory", ed.setup.default_victory)
        need = ed.setup.victory_thresholds.get(kind, 0)
        vx = max(PAD + 680, cols[3] + 50 + widest + 30)  # clear of the powers' notes
        vy = top + 16
        el = Element("victory-head")
        el.add("text", f"Victory cities ({need} win)", x=fmt(vx), y=fmt(vy + 12),
               font_family=FONT, font_size=12, font_weight="bold", fill="#5f5a50")
        els.append(el)
        vy += 20
        cities: dict[str, list[str]] = {s: [] for s in ed.setup.sides}
        for t, city in sorted(ed.map.victory_cities().items()):
            holder = controllers.get(t)
            if holder in ed.setup.powers:
                cities.setdefault(ed.setup.side_of(holder), []).append(city)
        total = len(ed.map.victory_cities())
        for side, held in cities.items():
            colour = ed.setup.side_colours.get(side, "#555555")
            el = Element(f"side {css_token(side)}", id=f"side-{css_token(side)}")
            el.add("text", f"{side.capitalize()} {len(held)}", x=fmt(vx), y=fmt(vy + 15),
                   font_family=FONT, font_size=fmt(size), font_weight="bold", fill=colour)
            bar_x, bar_w = vx + 100, 220.0
            el.add("rect", x=fmt(bar_x), y=fmt(vy + 5), width=fmt(bar_w), height=9, rx=4,
                   fill="#e3ddcc")
            if total:
                el.add("rect", x=fmt(bar_x), y=fmt(vy + 5),
                       width=fmt(bar_w * min(1.0, len(held) / max(1, total))), height=9,
                       rx=4, fill=colour)
                mark = bar_x + bar_w * need / total
                el.add("path", d=path_d([(mark, vy + 1), (mark, vy + 18)]), stroke=INK,
                       stroke_width=2)
            el.add("text", ", ".join(held) or "none", x=fmt(bar_x + bar_w + 12),
                   y=fmt(vy + 15), font_family=FONT, font_size=fmt(LEGEND_FONT),
                   fill="#3a3a3a")
            els.append(el)
            vy += 23
        y = max(table_bottom, vy) + 14
        weapons = self.weapons_lines(y)
        els += weapons
        y += 22 * len(weapons) + (8 if weapons else 0)
        legend, height = self.legend(y)
        els += legend
        return els, y + height - top

    def weapons_lines(self, top: float) -> list[Element]:
        """Weapons development: the turn's research roll, and every power's technologies
        (``state["techs"]``); nothing when there is neither."""
        lines: list[tuple[str, str, dict[str, Any]]] = []
        r = self.turn.research if self.turn else None
        if r:
            who = self.names.power(r.get("power"))
            tech = str(r.get("tech_name") or r.get("tech") or "")
            dice = r.get("dice")
            if r.get("refused"):
                text = f"Research: {who}, {tech}, {dice} dice refused: {r['refused']}"
            else:
                rolled = ", ".join(str(d) for d in r.get("rolls") or [])
                text = (f"Research: {who}, {tech}, {dice} dice ({r.get('cost')} IPC): rolled "
                        f"{rolled}: " + (f"{tech} developed" if r.get("success")
                                         else "no result"))
            lines.append(("research", text, {"data_power": r.get("power"),
                                             "data_success": int(bool(r.get("success")))}))
        held = [(p, tech_names(self.state, p)) for p in self.ed.setup.turn_order]
        held = [(p, names) for p, names in held if names]
        if held:
            lines.append(("techs", "Technologies: " + "; ".join(
                f"{self.names.power(p)}: {', '.join(names)}" for p, names in held), {}))
        out = []
        for i, (cls, text, data) in enumerate(lines):
            el = Element(f"weapons {cls}", id=f"weapons-{cls}")
            el.add("text", text, x=fmt(PAD), y=fmt(top + i * 22 + 15), font_family=FONT,
                   font_size=fmt(LEGEND_FONT), fill="#1d1d1d", **data)
            out.append(el)
        return out

    def legend(self, top: float) -> tuple[list[Element], float]:
        """Every symbol of the map with what it means, four to a row."""
        ed = self.ed
        p0 = ed.setup.turn_order[0] if ed.setup.turn_order else ""
        p1 = ed.setup.turn_order[1] if len(ed.setup.turn_order) > 1 else p0
        col = self.colour
        entries: list[tuple[str, Any]] = [
            ("territory: light shade of its controller's colour", ("fill", p1, None)),
            ("stripes: original owner, where another power holds it",
             ("fill", p1, p0)),
            ("neutral territory (hatched: impassable)", ("neutral",)),
            ("IPC value of the territory", ("ipc",)),
            ("capital, in its owner's colour", ("capital", p0)),
            ("victory city", ("vc",)),
            # complex damage only where bombing damages complexes (1942); with "ipc_loss"
            # (Revised digest A5.4) a raid takes IPC from the treasury and leaves no marker
            (("industrial complex, with its bombing damage", ("complex", 3))
             if self.sbr_model() == "complex_damage" else
             ("industrial complex (bombing costs its owner IPC)", ("complex", 0))),
            ("sea zone number", ("sea",)),
            ("units: count and type, one row per power", ("chip", p1, "3 inf")),
            ("damaged battleship", ("chip-hit", p1)),
            ("transport with units aboard; carrier with fighters", ("chip-cargo", p1)),
            ("region with no room for its counters", ("leader",)),
            ("connection across a canal or strait", ("link",)),
        ]
        if self.turn is not None:
            entries += [
                ("combat move", ("arrow", "combat")),
                ("noncombat move, aircraft landing", ("arrow", "noncombat")),
                ("amphibious assault (units going ashore)", ("arrow", "amphibious")),
                ("transport loading / unloading", ("arrow", "load")),
                ("strategic bombing raid", ("arrow", "bombing")),
                *([("rocket strike (Rockets weapon)", ("arrow", "rocket"))]
                  if any(a.kind == "rocket" for a in self.turn.arrows) else []),
                ("retreat", ("arrow", "retreat")),
                ("battle, with its outcome", ("battle",)),
                ("captured or liberated this turn", ("captured",)),
                ("units placed this turn", ("chip-new", p1)),
            ]
        abbr = ", ".join(f"{short_name(ed, u.id)} {u.name.lower()}" for u in ed.units
                         if not u.is_building)
        per_row = 3
        colw = (self.geo.width - 2 * PAD) / per_row
        rowh = 25.0
        els = []
        title = Element("legend-head")
        title.add("text", "Legend", x=fmt(PAD), y=fmt(top + 12), font_family=FONT,
                  font_size=12, font_weight="bold", fill="#5f5a50")
        els.append(title)
        top += 18
        for i, (text, sym) in enumerate(entries):
            x = PAD + (i % per_row) * colw
            y = top + (i // per_row) * rowh
            el = Element("legend-item")
            self.legend_symbol(el, sym, x, y, col)
            el.add("text", text, x=fmt(x + LEGEND_SYMBOL), y=fmt(y + 14), font_family=FONT,
                   font_size=fmt(LEGEND_FONT), fill="#2b2b2b")
            els.append(el)
        rows = (len(entries) + per_row - 1) // per_row
        y = top + rows * rowh + 4
        el = Element("legend-abbreviations")
        el.add("text", "Units: " + abbr, x=fmt(PAD), y=fmt(y + 14), font_family=FONT,
               font_size=fmt(LEGEND_FONT), fill="#2b2b2b")
        els.append(el)
        return els, y + 24 - (top - 18)

    def legend_symbol(self, el: Element, sym: tuple, x: float, y: float, col) -> None:
        kind = sym[0]
        cx, cy = x + 30, y + 9
        if kind == "fill":
            el.add("rect", x=fmt(x), y=fmt(y), width=58, height=18,
                   fill=tint(col(sym[1]), TERRITORY_TINT), stroke=LAND_BORDER, stroke_width=1)
            if sym[2]:
                el.add("rect", x=fmt(x), y=fmt(y), width=58, height=18,
                       fill=f"url(#orig-{css_token(sym[2])})", stroke="none")
        elif kind == "neutral":
            el.add("rect", x=fmt(x), y=fmt(y), width=28, height=18, fill=NEUTRAL,
                   stroke=LAND_BORDER, stroke_width=1)
            el.add("rect", x=fmt(x + 30), y=fmt(y), width=28, height=18, fill=NEUTRAL,
                   stroke=LAND_BORDER, stroke_width=1)
            el.add("rect", x=fmt(x + 30), y=fmt(y), width=28, height=18,
                   fill="url(#impassable)", stroke="none")
        elif kind == "ipc":
            ipc_badge(el, cx - 12, y, 24, MARK_H, "10")
        elif kind == "capital":
            capital_mark(el, (cx, cy + 0.5), col(sym[1]))
        elif kind == "vc":
            vc_mark(el, (cx, cy + 0.5))
        elif kind == "complex":
            complex_mark(el, cx - 20, y, sym[1])
        elif kind == "sea":
            el.add("rect", x=fmt(x), y=fmt(y - 1), width=58, height=20, fill=SEA)
            sea_number(el, (cx, cy), "5")
        elif kind.startswith("chip"):
            p = sym[1]
            c = col(p)
            if kind == "chip":
                segs = [_Segment("3 inf", c, text_colour(c))]
            elif kind == "chip-hit":
                segs = [_Segment("1 bb", c, text_colour(c)), _Segment("hit", FAILED, "#ffffff")]
            elif kind == "chip-new":
                segs = [_Segment("+2 arm", c, text_colour(c))]
            else:
                shade = tint(c, CARGO_TINT)
                segs = [_Segment("1 tt", c, text_colour(c)),
                        _Segment("2 inf", shade, text_colour(shade))]
            chip(el, x, y, segs, None, self.names.power(p), new=kind == "chip-new")
        elif kind == "leader":
            el.add("path", d=path_d([(x + 4, y + 9), (x + 40, y + 9)]), stroke=INK,
                   stroke_width=1.2)
            el.add("circle", cx=fmt(x + 40), cy=fmt(y + 9), r=2.5, fill=INK)
        elif kind == "link":
            el.add("path", d=path_d([(x + 4, y + 9), (x + 54, y + 9)]), stroke="#1f4e79",
                   stroke_width=2.5, stroke_dasharray="4 3")
        elif kind == "arrow":
            colour = ARROW_STYLES[sym[1]].get("colour") or col(
                self.mover or ed_first(self.ed))
            draw_arrow(el, [(x + 2, y + 9), (x + 60, y + 9)], sym[1], colour, legend=True)
        elif kind == "battle":
            battle_mark(el, (x + 10, y), "won")
        elif kind == "captured":
            el.add("rect", x=fmt(x + 2), y=fmt(y + 1), width=54, height=16, fill=tint(
                col(ed_first(self.ed)), TERRITORY_TINT), stroke=HIGHLIGHT, stroke_width=5)

    def render(self) -> str:
        self.build_blocks()
        self.place_blocks()
        seas, lands = self.regions()
        blocks, leaders = self.block_elements()
        W, H = self.geo.width, self.geo.height
        footer, fh = self.footer(HEADER + H)
        return render_svg_template("axis_allies/map.svg.j2", 
            width=fmt(W), height=fmt(HEADER + H + fh), map_width=fmt(W), map_height=fmt(H),
            header=fmt(HEADER), font=FONT, heading=self.heading, title=self.title,
            phase=str(self.state.get("phase", "")), edition=self.ed.name,
            sea=SEA, paper=PAPER, stripes=self.stripe_patterns(),
            seas=seas, lands=lands, links=self.links(), captured=self.captured(),
            arrows=self.arrows(), leaders=leaders, blocks=blocks,
            arrow_labels=self.arrow_labels(),
            battles=self.battle_marks(), footer=footer,
        )


def ed_first(ed: Edition) -> str:
    return ed.setup.turn_order[0] if ed.setup.turn_order else ""


# --- marks (shared by the map and its legend) -----------------------------------------------------
ARROW_STYLES: dict[str, dict[str, Any]] = {
    "combat": {"width": 5.0, "dash": None, "words": "combat move"},
    "noncombat": {"width": 3.5, "dash": "9 5", "words": "noncombat move"},
    "landing": {"width": 3.0, "dash": "9 5", "words": "aircraft landing"},
    "amphibious": {"width": 5.0, "dash": "1 7", "words": "amphibious assault"},
    "unload": {"width": 3.0, "dash": "2 5", "words": "unloading"},
    "load": {"width": 3.0, "dash": "2 5", "words": "loading"},
    "bombing": {"width": 3.5, "dash": "7 4", "colour": SBR, "words": "strategic bombing raid"},
    "retreat": {"width": 3.5, "dash": "5 4", "colour": RETREAT, "words": "retreat"},
    "rocket": {"width": 3.0, "dash": "3 3", "colour": SBR, "words": "rocket strike"},
}


#: arrows whose moving units are written on them
LABELLED = ("combat", "noncombat", "bombing", "landing")
LABEL_FONT = 11.0


def arrow_label(el: Element, at: Point, text: str, colour: str) -> None:
    """``3 inf, 1 arm`` on a pale box edged in the mover's colour, centred on ``at``."""
    w = text_width(text, LABEL_FONT, bold=True) + 8
    x, y = at[0] - w / 2, at[1] - 8
    el.add("rect", x=fmt(x), y=fmt(y), width=fmt(w), height=16, rx=3, fill="#ffffff",
           fill_opacity=0.88, stroke=colour, stroke_width=1.5)
    el.add("text", text, x=fmt(at[0]), y=fmt(y + 12), text_anchor="middle", font_family=FONT,
           font_size=fmt(LABEL_FONT), font_weight="bold", fill="#1a1a1a")


def draw_arrow(el: Element, points: list[Point], kind: str, colour: str,
               legend: bool = False) -> None:
    """An arrow of one kind (:data:`ARROW_STYLES`) over a pale halo, so that it stands out
    on dark and light regions alike."""
    st = ARROW_STYLES[kind]
    width = 6.5 if kind == "amphibious" else st["width"]
    _, end = shorten_end(points, 12)
    el.add("path", d=path_d(points[:-1] + [end]), stroke="#ffffff", stroke_width=fmt(width + 7),
           stroke_opacity=0.55, stroke_linecap="round", stroke_linejoin="round", fill="none",
           class_="halo")
    if kind == "amphibious":  # a thick line of round dots: units going ashore
        line(el, points, colour, 6.5, 1.0, head=True)
        shaft = list(points)
        el.add("path", d=path_d(shaft[:-1] + [along(shaft, 0.9 if not legend else 0.7)]),
               stroke="#ffffff", stroke_width=2.6, stroke_dasharray="1 6",
               stroke_linecap="round", fill="none", class_="amphibious-dots")
        return
    line(el, points, colour, st["width"], 1.0, dash=st["dash"], head=True)


#: an arrow between two blocks shorter than this (picture pixels) is bowed out (:func:`_bowed`)
SHORT_ARROW = 30.0
BOW = 34.0  # how far a bowed arrow stands out from the line between its ends


def _inside(rect: tuple[float, float, float, float], p: Point) -> bool:
    return rect[0] <= p[0] <= rect[2] and rect[1] <= p[1] <= rect[3]


def _bowed(ra: tuple[float, float, float, float], rb: tuple[float, float, float, float]
           ) -> list[Point] | None:
    """A short arrow from block ``ra`` to block ``rb`` as an arch: from the middle of
    ``ra``'s upper side (for blocks side by side; the right side for blocks one above the
    other) over to the same side of ``rb``, standing :data:`BOW` pixels out, so that its
    shaft and head show beside the two blocks instead of in the gap between them."""
    ca = ((ra[0] + ra[2]) / 2, (ra[1] + ra[3]) / 2)
    cb = ((rb[0] + rb[2]) / 2, (rb[1] + rb[3]) / 2)
    dx, dy = cb[0] - ca[0], cb[1] - ca[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    nx, ny = -dy / length, dx / length
    if ny > 0 or (ny == 0 and nx < 0):  # bulge upward, or to the right
        nx, ny = -nx, -ny
    far = 10_000.0
    start = _rect_exit(ra, (ca[0] + nx * far, ca[1] + ny * far), ARROW_GAP)
    end = _rect_exit(rb, (cb[0] + nx * far, cb[1] + ny * far), ARROW_GAP + 2)
    lift = BOW + max(0.0, abs(start[0] - end[0]) * 0.1)
    mid = ((start[0] + end[0]) / 2 + nx * lift, (start[1] + end[1]) / 2 + ny * lift)
    return [start, mid, end]  # the caller smooths it


def smooth(points: list[Point], samples: int = 6) -> list[Point]:
    """A Catmull-Rom curve through ``points`` as a polyline (so the shared line primitive
    draws it): a route through several regions reads as one movement, not a zig-zag."""
    if len(points) < 3:
        return points
    ext = [points[0]] + points + [points[-1]]
    out = [points[0]]
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(1, samples + 1):
            t = k / samples
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t
                                    + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3)
                             for j in (0, 1)))  # type: ignore[arg-type]
    return out


def shorten_end(points: Sequence[Point], by: float) -> tuple[Point, Point]:
    """The last segment of ``points`` with its end pulled back by ``by``."""
    a, b = points[-2], points[-1]
    d = math.dist(a, b) or 1.0
    t = max(0.0, (d - by) / d)
    return a, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def chip(el: Element, x: float, y: float, segs: Sequence[_Segment], stack: Stack | None,
         power_name: str, *, new: bool = False) -> float:
    """One counter: rounded segments with a dark outline; returns its width. The first
    rectangle carries the stack's facts as ``data-*`` attributes (tests, scripts)."""
    w = _segments_width(segs)
    data = {}
    if stack is not None:
        data = {"data_power": stack.power, "data_unit": stack.unit,
                "data_count": stack.count}
        if stack.damaged:
            data["data_damaged"] = 1
        if stack.cargo:
            data["data_cargo"] = "; ".join(f"{p} {t} {n}" for p, t, n in stack.cargo)
        if stack.new:
            data["data_new"] = 1
    if new:
        el.add("rect", x=fmt(x - 2.5), y=fmt(y - 2.5), width=fmt(w + 5), height=fmt(CHIP_H + 5),
               rx=6, fill=HIGHLIGHT, stroke=INK, stroke_width=0.8)
    el.add("rect", x=fmt(x), y=fmt(y), width=fmt(w), height=fmt(CHIP_H), rx=4,
           fill=segs[0].fill, stroke=INK, stroke_width=1.2, class_="chip",
           **data)
    sx = x
    for i, s in enumerate(segs):
        sw = text_width(s.text, CHIP_FONT, bold=True) + 2 * CHIP_PAD
        if i:
            el.add("rect", x=fmt(sx), y=fmt(y + 1), width=fmt(sw - 1), height=fmt(CHIP_H - 2),
                   rx=3, fill=s.fill, stroke="none")
            el.add("path", d=path_d([(sx, y), (sx, y + CHIP_H)]), stroke=INK, stroke_width=1)
        el.add("text", s.text, x=fmt(sx + sw / 2), y=fmt(y + CHIP_H / 2 + CHIP_FONT * 0.36),
               text_anchor="middle", font_family=FONT, font_size=fmt(CHIP_FONT),
               font_weight="bold", fill=s.ink)
        sx += sw
    return w


def ipc_badge(el: Element, x: float, y: float, w: float, h: float, text: str) -> None:
    el.add("rect", x=fmt(x), y=fmt(y + 1), width=fmt(w), height=fmt(h - 2), rx=3,
           fill=IPC_FILL, stroke=INK, stroke_width=1.2, class_="ipc")
    el.add("text", text, x=fmt(x + w / 2), y=fmt(y + h / 2 + 4.6), text_anchor="middle",
           font_family=FONT, font_size=13, font_weight="bold", fill="#111111")


def _star(c: Point, r: float, inner: float) -> list[Point]:
    out = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rad = r if k % 2 == 0 else inner
        out.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
    return out


def capital_mark(el: Element, c: Point, colour: str) -> None:
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=9, fill=colour, stroke=INK,
           stroke_width=1.2, class_="capital")
    el.add("polygon", points=pts(_star(c, 7, 2.9)), fill="#ffffff", stroke="none")


def vc_mark(el: Element, c: Point) -> None:
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=8.5, fill="#ffffff", stroke=INK,
           stroke_width=2, class_="victory-city")
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=4, fill=INK)


def complex_mark(el: Element, x: float, y: float, damage: int) -> None:
    """A factory (saw-tooth roof and chimney); bombing damage in red beside it."""
    b = y + 16
    roof = [(x + 1, b), (x + 1, y + 8), (x + 6, y + 4), (x + 6, y + 8), (x + 11, y + 4),
            (x + 11, y + 8), (x + 16, y + 4), (x + 16, y + 1), (x + 19, y + 1), (x + 19, b)]
    el.add("polygon", points=pts(roof), fill="#3a3a3a", stroke=INK, stroke_width=1,
           stroke_linejoin="round", class_="complex")
    if damage:
        w = text_width(str(damage), 12, True) + 8
        el.add("rect", x=fmt(x + 22), y=fmt(y + 2), width=fmt(w), height=15, rx=3, fill=FAILED,
               stroke=INK, stroke_width=1, class_="complex-damage", data_damage=damage)
        el.add("text", str(damage), x=fmt(x + 22 + w / 2), y=fmt(y + 14), text_anchor="middle",
               font_family=FONT, font_size=12, font_weight="bold", fill="#ffffff")


def sea_number(el: Element, c: Point, text: str) -> None:
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=fmt(CHIP_H / 2), fill="#e8f2fa",
           stroke="#3d6f98", stroke_width=1.2, class_="sea-zone-number")
    el.add("text", text, x=fmt(c[0]), y=fmt(c[1] + 4.6), text_anchor="middle",
           font_family=FONT, font_size=13, font_weight="bold", font_style="italic",
           fill="#1d4a70")


def battle_mark(el: Element, at: Point, outcome: str, bombing: bool = False) -> None:
    """A burst with the outcome beside it (``won``, ``repelled``, ``+3 damage``)."""
    x, y = at
    c = (x + 10, y + 10)
    el.add("polygon", points=pts(_star_n(c, 11, 6, 8)), fill=SBR if bombing else "#ffb000",
           stroke=INK, stroke_width=1.3, stroke_linejoin="round", class_="battle-mark")
    w = text_width(outcome, 12, True) + 8
    el.add("rect", x=fmt(x + 20), y=fmt(y + 2), width=fmt(w), height=16, rx=3,
           fill="#fffbe6", stroke=INK, stroke_width=1)
    el.add("text", outcome, x=fmt(x + 24), y=fmt(y + 14), font_family=FONT, font_size=12,
           font_weight="bold", fill="#1a1a1a", class_="battle-outcome")


def _star_n(c: Point, r: float, inner: float, n: int) -> list[Point]:
    out = []
    for k in range(2 * n):
        a = -math.pi / 2 + k * math.pi / n
        rad = r if k % 2 == 0 else inner
        out.append((c[0] + rad * math.cos(a), c[1] + rad * math.sin(a)))
    return out


def _rect_exit(rect: tuple[float, float, float, float], toward: Point, gap: float) -> Point:
    """Where the segment from the rectangle's centre toward ``toward`` leaves the rectangle,
    ``gap`` further out (the centre itself when ``toward`` is inside)."""
    x0, y0, x1, y1 = rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    tx = (x1 - x0) / 2 / abs(dx) if dx else math.inf
    ty = (y1 - y0) / 2 / abs(dy) if dy else math.inf
    t = min(tx, ty)
    length = math.hypot(dx, dy)
    if t >= 1:  # the target is inside the block
        return (cx, cy)
    t += gap / length
    return (cx + dx * min(t, 0.9), cy + dy * min(t, 0.9))


# --- entry points ---------------------------------------------------------------------------------
def heading_of(state: Mapping, edition: Edition, names: Names | None = None) -> str:
    """``Round 3, Germany: purchase & combat``."""
    t = state.get("turn") or {}
    n = names or Names(edition)
    step = str(t.get("step", ""))
    return f"Round {t.get('round', '?')}, {n.power(t.get('power'))}: " \
           f"{ruleset_of(edition, state).step_name(step)}"


def render_map_svg(state: Mapping, edition: Edition, *, title: str = "",
                   record: Mapping | None = None, show_orders: bool = True) -> str:
    """The board as a standalone SVG document (no XML declaration, so it can be inlined in
    HTML). ``state`` is the position drawn; with a history ``record`` (whose turn led to
    ``state``) and ``show_orders``, what that turn did is drawn on top."""
    geo = load_geometry(edition.name)
    names = Names(edition)
    turn = None
    heading = heading_of(state, edition, names)
    if record is not None:
        before = record.get("state_before") or {}
        heading = "Results of " + heading_of(before, edition, names)
        if show_orders:
            turn = turn_facts(record, state, edition)
    return _Picture(state, edition, geo, str(title or ""), heading, turn).render()
