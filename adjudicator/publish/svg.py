"""Drawing primitives every map shares: elements, arrows with a casing, halos, crosses,
labels, unit tokens, and the autoescaping environment that writes them as SVG.

A map is built as a list of :class:`Element` groups holding plain shapes; :func:`group` and
:func:`shapes` write them (a map's template calls them), and the template writes the frame.
Tag and attribute *names* come from this code; every tag, name, attribute value and text is
escaped exactly as the template's autoescape escapes an expression (:func:`escape`), so a
power or place name from a user-supplied variant can never inject markup. The look follows the
conventions players know from webDiplomacy and TripleA: a dark casing under every order line
so light colours read on land and sea alike, red crosses on failed orders, round tokens.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from adjudicator.cache import jinja_bytecode_cache
from adjudicator.publish import templaterun
from adjudicator.record import field, record
from adjudicator.resources import templates_path

if TYPE_CHECKING:
    from jinja2 import Environment

Point = tuple[float, float]

FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
FAILED = "#d11a1a"  # failed orders: crosses, dislodged rings
CASING = "#111111"  # dark outline under every order line
INK = "#1a1a1a"  # outlines of tokens
HEAD = 18.0  # arrowhead length


@cache
def environment() -> Environment:
    """The Jinja environment for SVG templates: autoescape always on; :func:`group`,
    :func:`groups` and :func:`shapes` are its globals."""
    from jinja2 import Environment, FileSystemLoader

    env = Environment(loader=FileSystemLoader(str(templates_path())),
                      bytecode_cache=jinja_bytecode_cache(), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True)
    env.globals.update(_globals())
    return env


def _globals() -> dict[str, Any]:
    return {"group": group, "groups": groups, "shapes": shapes}


@cache
def compiled_environment() -> templaterun.Environment:
    """:func:`environment` for the map templates compiled ahead of time (no Jinja)."""
    return templaterun.Environment(autoescape=True, globals=_globals())


def render(template: str, **context: Any) -> str:
    """Render the map template ``template`` (``diplomacy/map.svg.j2``): compiled ahead of
    time when it is current (:func:`templaterun.render`), else by Jinja."""
    text = templaterun.render(template, compiled_environment(), context)
    if text is None:
        text = environment().get_template(template).render(**context)
    return text


# --- writing elements ----------------------------------------------------------------------
# A map has a thousand or more shapes and ten thousand attribute values. They were written by
# Jinja macros (templates/publish/svg.j2, until issue 16), which cost about two thirds of
# drawing a map: a macro call per group and an autoescape call per value. They are written
# here instead, byte for byte as the macros wrote them (tests/test_svg_writer.py compares).
def escape(value: object) -> str:
    """``value`` as Jinja's autoescape writes ``{{ value }}``: markupsafe's ``escape`` (the
    five characters ``& > < ' "``; an object with ``__html__`` is already markup)."""
    if type(value) is not str:
        html = getattr(value, "__html__", None)
        if html is not None:
            return str(html())
        value = str(value)
    if "&" in value or "<" in value or ">" in value or "'" in value or '"' in value:
        return (value.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
                .replace("'", "&#39;").replace('"', "&#34;"))
    return value


_NAMES: dict[str, str] = {}  # attribute names, escaped once each


def _shape(tag: str, attrs: dict[str, str], text: str) -> str:
    names = _NAMES
    parts = [f"<{escape(tag)}"]
    for k, v in attrs.items():
        name = names.get(k)
        if name is None:
            name = names[k] = escape(k)
        parts.append(f' {name}="{escape(v)}"')
    parts.append(f">{escape(text)}</{escape(tag)}>\n" if text else "/>\n")
    return "".join(parts)


def shapes(el: Element) -> Markup:
    """An element's ``<title>`` (when it has one) and its shapes, one a line."""
    head = f"<title>{escape(el.title)}</title>" if el.title else ""
    return Markup(head + "".join([_shape(*s) for s in el.shapes]))


def group(el: Element) -> Markup:
    """An element as a ``<g>`` with its class and id holding :func:`shapes`."""
    ident = f' id="{escape(el.id)}"' if el.id else ""
    return Markup(f'<g class="{escape(el.cls)}"{ident}>\n{shapes(el)}</g>\n')


def groups(els: Iterable[Element]) -> Markup:
    """:func:`group` of every element, one after the other (a template's layer)."""
    return Markup("".join([group(el) for el in els]))


# --- numbers and names -----------------------------------------------------------------------
def fmt(v: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros: small, stable files."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


# A map's outlines repeat a few thousand coordinates about ten times over (neighbours share
# borders): formatting each value once saves most of the drawing's time (issue 16).
_COORDS: dict[float, str] = {}


def _coord(v: float) -> str:
    """:func:`fmt`, remembered. Zero is not: 0.0 and -0.0 are one key but print apart."""
    s = _COORDS.get(v)
    if s is None or not v:
        s = fmt(v)
        if v and len(_COORDS) < 1 << 16:  # a bound for long-running processes
            _COORDS[v] = s
    return s


def pts(points: Iterable[Point]) -> str:
    """``points="..."`` of a polygon or polyline."""
    # _coord inlined: a remembered value is looked up without a call (never "": see fmt)
    get = _COORDS.get
    return " ".join([f"{get(x) or _coord(x)},{get(y) or _coord(y)}" for x, y in points])


def path_d(points: Iterable[Point]) -> str:
    """``d="..."`` of a path through ``points``."""
    get = _COORDS.get
    return "M" + " L".join([f"{get(x) or _coord(x)},{get(y) or _coord(y)}" for x, y in points])


def css_token(text: str) -> str:
    """A class/id-safe token: power names come from files that players can influence."""
    return re.sub(r"[^a-z0-9-]+", "-", str(text).lower()).strip("-") or "x"


def text_colour(fill: str) -> str:
    """Dark or light lettering, whichever reads better on ``fill`` (``#rrggbb``)."""
    r, g, b = (int(fill[i: i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


# --- elements ----------------------------------------------------------------------------------
@record
class Element:
    """One drawable item: a ``<g>`` with a class and id holding plain shapes.

    Shapes are ``(tag, attributes, text)``; ``add("circle", cx=1, stroke_width=2)`` writes
    ``stroke-width`` (a trailing underscore, as in ``class_``, is dropped).
    """

    cls: str
    id: str = ""
    shapes: list[tuple[str, dict[str, str], str]] = field(default_factory=list)
    title: str = ""

    def add(self, tag: str, text: str = "", **attrs: Any) -> Element:
        self.shapes.append(
            (tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}, text)
        )
        return self


# --- geometry ----------------------------------------------------------------------------------
def shorten(a: Point, b: Point, start: float, end: float) -> tuple[Point, Point]:
    """The segment a->b trimmed so it starts and ends clear of the tokens at both ends
    (never by more than 30% of its length at either end)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    start, end = min(start, length * 0.3), min(end, length * 0.3)
    return (
        (a[0] + dx / length * start, a[1] + dy / length * start),
        (b[0] - dx / length * end, b[1] - dy / length * end),
    )


def arrow_head(tip: Point, frm: Point, size: float = HEAD) -> list[Point]:
    """The triangle of an arrowhead at ``tip``, pointing away from ``frm``."""
    dx, dy = tip[0] - frm[0], tip[1] - frm[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    w = size * 0.5
    return [tip, (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)]


def octagon(c: Point, r: float) -> list[Point]:
    angles = [math.pi / 8 + k * math.pi / 4 for k in range(8)]
    return [(c[0] + r * math.cos(a), c[1] + r * math.sin(a)) for a in angles]


def along(points: Sequence[Point], frac: float) -> Point:
    """The point at ``frac`` of the length of a polyline."""
    segs = [(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(math.dist(a, b) for a, b in segs) or 1.0
    want = total * frac
    for a, b in segs:
        length = math.dist(a, b)
        if want <= length and length > 0:
            t = want / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        want -= length
    return points[-1]


# --- marks ---------------------------------------------------------------------------------------
def cross(el: Element, c: Point, r: float, colour: str = FAILED, width: float = 4.0) -> None:
    """An X with a white halo: a failed order, a removed or disbanded unit."""
    d = f"M{fmt(c[0] - r)},{fmt(c[1] - r)} L{fmt(c[0] + r)},{fmt(c[1] + r)} " \
        f"M{fmt(c[0] - r)},{fmt(c[1] + r)} L{fmt(c[0] + r)},{fmt(c[1] - r)}"
    el.add("path", d=d, stroke="#ffffff", stroke_width=width + 2.5, stroke_linecap="round",
           fill="none")
    el.add("path", d=d, stroke=colour, stroke_width=width, stroke_linecap="round", fill="none",
           class_="fail-mark")


def line(el: Element, points: Sequence[Point], colour: str, width: float,
         opacity: float = 1.0, dash: str | None = None, head: bool = True) -> None:
    """A line with a dark casing and, with ``head``, an arrowhead whose tip is the last
    point; the shaft stops inside the head so it never pokes out past the tip."""
    shaft = list(points)
    if head:
        tri = arrow_head(points[-1], points[-2])
        _, shaft[-1] = shorten(points[-2], points[-1], 0, HEAD * 0.6)
    d = path_d(shaft)
    dashes = {"stroke_dasharray": dash} if dash else {}
    el.add("path", d=d, stroke=CASING, stroke_width=width + 3.5, fill="none",
           stroke_opacity=opacity, stroke_linecap="round", stroke_linejoin="round",
           class_="casing", **dashes)
    el.add("path", d=d, stroke=colour, stroke_width=width, fill="none",
           stroke_opacity=opacity, stroke_linecap="round", stroke_linejoin="round", **dashes)
    if head:
        el.add("polygon", points=pts(tri), fill=colour, fill_opacity=opacity, stroke=CASING,
               stroke_width=1.8, stroke_linejoin="round", stroke_opacity=opacity)


def ring(el: Element, c: Point, r: float, colour: str, width: float, opacity: float = 1.0,
         dash: str | None = None) -> None:
    """A cased circle round a point (a supported unit, a build)."""
    dashes = {"stroke_dasharray": dash} if dash else {}
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=r, fill="none", stroke=CASING,
           stroke_width=fmt(width + 3.5), stroke_opacity=opacity, **dashes)
    el.add("circle", cx=fmt(c[0]), cy=fmt(c[1]), r=r, fill="none", stroke=colour,
           stroke_width=width, stroke_opacity=opacity, **dashes)


def cased_polygon(el: Element, points: Iterable[Point], colour: str, width: float,
                  opacity: float = 1.0) -> None:
    """An outline (hold octagon, convoy triangle) with a dark casing under it."""
    p = pts(points)
    el.add("polygon", points=p, fill="none", stroke=CASING, stroke_width=fmt(width + 3.5),
           stroke_opacity=opacity, stroke_linejoin="round")
    el.add("polygon", points=p, fill="none", stroke=colour, stroke_width=width,
           stroke_opacity=opacity, stroke_linejoin="round")


def halo_text(el: Element, text: str, at: Point, *, size: float, colour: str,
              halo: str = "#ffffff", halo_width: float = 2.5, halo_opacity: float = 0.6,
              anchor: str = "middle", weight: str = "normal", style: str = "normal") -> None:
    """A label with a halo of the background colour, readable over borders and lines."""
    el.add("text", text, x=fmt(at[0]), y=fmt(at[1]), text_anchor=anchor, font_family=FONT,
           font_size=fmt(size), font_style=style, font_weight=weight, fill=colour,
           stroke=halo, stroke_width=halo_width, stroke_opacity=halo_opacity,
           paint_order="stroke")


# --- unit tokens ----------------------------------------------------------------------------------
def round_token(el: Element, at: Point, fill: str, letter: str, scale: float = 1.0,
                **extra: Any) -> None:
    """A round counter with a letter (a Diplomacy army, a unit type)."""
    x, y = at
    el.add("circle", cx=fmt(x), cy=fmt(y), r=fmt(12 * scale), fill=fill, stroke=INK,
           stroke_width=2, **extra)
    el.add("text", letter, x=fmt(x), y=fmt(y + 5 * scale), text_anchor="middle",
           font_family=FONT, font_size=fmt(14 * scale), font_weight="bold",
           fill=text_colour(fill))


def ship_token(el: Element, at: Point, fill: str, scale: float = 1.0, **extra: Any) -> None:
    """A hull with a sail (a fleet)."""
    x, y = at
    hull = [(-15, -1), (15, -1), (10, 8), (-10, 8)]
    sail = [(-2, -15), (-2, -3), (10, -3)]
    el.add("polygon", points=pts((x + a * scale, y + b * scale) for a, b in hull), fill=fill,
           stroke=INK, stroke_width=2, stroke_linejoin="round", **extra)
    el.add("polygon", points=pts((x + a * scale, y + b * scale) for a, b in sail), fill=fill,
           stroke=INK, stroke_width=1.6, stroke_linejoin="round", **extra)
