"""Small line charts as SVG text: one line per power over the years or rounds of a game.

The static site (docs/site.md) draws supply centres per year for Diplomacy and production
and treasury per round for Axis & Allies. A dozen points and seven lines need no library:
this module writes the SVG itself, escaping every piece of text (power names and titles
come from data a moderator may edit). Pure: text in, text out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT = 720, 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 150, 40, 48
#: The chart's background: near white, and a colour nothing else on the site uses, so a
#: test can find the chart in a screenshot.
BACKGROUND = "#fafdfb"
#: Dash patterns cycled through the lines, so lines of similar colours stay apart.
_DASHES = ("", "7 4", "2 3", "10 3 2 3", "4 4", "1 5", "12 5")


def _nice_top(value: float) -> int:
    """A round upper bound for the y axis (at least 1)."""
    if value <= 0:
        return 1
    step = 10 ** math.floor(math.log10(value))
    for k in (1, 2, 2.5, 5, 10):
        if value <= k * step:
            return max(1, math.ceil(k * step))
    return math.ceil(value)


def _ticks(top: int) -> list[int]:
    raw = top / 5
    step = max(1, _nice_top(raw))
    return list(range(0, top + 1, step))


def line_chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[float | None]],
               colours: Mapping[str, str], names: Mapping[str, str] | None = None,
               unit: str = "", chart_id: str = "chart") -> str:
    """An SVG line chart: ``labels`` along the x axis, one line per entry of ``series``
    (values in the order of ``labels``; None leaves a gap), drawn in ``colours[key]`` and
    named ``names[key]`` in the legend. ``chart_id`` prefixes the ids of the title and
    description so several charts can share a page."""
    names = names or {}
    n = len(labels)
    values = [v for vs in series.values() for v in vs if v is not None]
    top = _nice_top(max(values, default=0))
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + (plot_w / 2 if n < 2 else i * plot_w / (n - 1))

    def y(v: float) -> float:
        return _TOP + plot_h - v / top * plot_h

    tid, did = f"{chart_id}-title", f"{chart_id}-desc"
    desc = "; ".join(
        f"{names.get(k, k)}: " + ", ".join(
            f"{lab} {'-' if v is None else _num(v)}" for lab, v in zip(labels, vs))
        for k, vs in series.items())
    heading = title if not unit or unit.lower() in title.lower() else f"{title} ({unit})"
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="{tid} {did}" '
            f'class="chart" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">'),
           f'<title id="{tid}">{escape(heading)}</title>',
           f'<desc id="{did}">{escape(desc)}</desc>',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>',
           (f'<text x="{_LEFT}" y="24" font-size="16" font-weight="bold" fill="#1d2330">'
            f'{escape(heading)}</text>')]
    for t in _ticks(top):
        yy = y(t)
        out.append(f'<line x1="{_LEFT}" y1="{yy:.1f}" x2="{_LEFT + plot_w}" y2="{yy:.1f}" '
                   'stroke="#dfe3ea" stroke-width="1"/>')
        out.append(f'<text x="{_LEFT - 8}" y="{yy + 4:.1f}" font-size="12" text-anchor="end" '
                   f'fill="#4a5566">{t}</text>')
    every = max(1, math.ceil(n / 12))
    for i, lab in enumerate(labels):
        if i % every == 0 or i == n - 1:
            out.append(f'<text x="{x(i):.1f}" y="{_TOP + plot_h + 20}" font-size="12" '
                       f'text-anchor="middle" fill="#4a5566">{escape(lab)}</text>')
    out.append(f'<line x1="{_LEFT}" y1="{_TOP + plot_h}" x2="{_LEFT + plot_w}" '
               f'y2="{_TOP + plot_h}" stroke="#5f6b7a" stroke-width="1.5"/>')
    for k, (key, vs) in enumerate(series.items()):
        colour = quoteattr(colours.get(key, "#333333"))
        dash = _DASHES[k % len(_DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        runs: list[list[str]] = [[]]
        for i, v in enumerate(vs):
            if v is None:
                runs.append([])
            else:
                runs[-1].append(f"{x(i):.1f},{y(v):.1f}")
        out.append(f'<g class="series" stroke={colour} fill={colour}>')
        for run in runs:
            if len(run) > 1:
                out.append(f'<polyline points="{" ".join(run)}" fill="none" stroke-width="2.5"'
                           f'{dash_attr} stroke-linejoin="round"/>')
            for pt in run:
                px, py = pt.split(",")
                out.append(f'<circle cx="{px}" cy="{py}" r="3.2"/>')
        ly = _TOP + 8 + k * 22
        lx = WIDTH - _RIGHT + 16
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 26}" y2="{ly}" stroke-width="3"'
                   f'{dash_attr}/>')
        last = next((v for v in reversed(vs) if v is not None), None)
        label = names.get(key, key) + ("" if last is None else f" {_num(last)}")
        out.append(f'<text x="{lx + 32}" y="{ly + 4}" font-size="13" stroke="none" '
                   f'fill="#1d2330">{escape(label)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"
