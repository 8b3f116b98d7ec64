"""The A&A map's colours can be told apart at a glance, also with the common colour-vision
deficiencies, in both editions (thresholds and their reasons: docs/map.md, "The Axis & Allies
map's colours"; the same kind of checks as tests/diplomacy/test_map_colours.py).

What is checked is what the map draws: a territory is its controller's colour mixed with
white by ``mapsvg.TERRITORY_TINT``, unowned neutral land ``mapsvg.NEUTRAL``, sea
``mapsvg.SEA``; a counter is the power's colour with dark or light lettering
(``text_colour``) inside a dark outline (``INK``).

* the five territory tints and neutral land, pairwise, and each against the sea: CIEDE2000
  >= 10 for normal vision and simulated protanopia, deuteranopia and tritanopia (Machado et
  al. 2009, full severity); the five counter colours likewise;
* a counter's lettering reads 4.5:1 on its fill (WCAG text contrast), also on a cargo
  segment, and the counter stands out 3:1 (WCAG non-text) on every land, the sea and its own
  tint through its fill or its dark outline;
* the report's text colours (a power's name in colour in the BBCode report) and the side
  colours (side names on the map's footer, the report's meters) read 4.5:1 on white.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from adjudicator.axis_allies import mapsvg
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.state import initial_state
from adjudicator.publish.colours import VISION, contrast, delta_e, over, parse, simulate
from adjudicator.publish.svg import INK, css_token, text_colour

EDITIONS = ("aa1942", "aa-revised")
MIN_DELTA_E = 10.0  # "a different colour at a glance" (docs/map.md)
MIN_NON_TEXT = 3.0  # WCAG 2.1 SC 1.4.11, non-text contrast
MIN_TEXT = 4.5  # WCAG 2.1 SC 1.4.3, text contrast
WHITE = "#ffffff"
SVG = "{http://www.w3.org/2000/svg}"


def colours(edition: str) -> dict[str, str]:
    return {p: d.colour for p, d in load_edition(edition).setup.powers.items()}


def tints(edition: str) -> dict[str, str]:
    """What a reader sees: each power's territory fill, and neutral land."""
    out = {p: mapsvg.tint(c, mapsvg.TERRITORY_TINT) for p, c in colours(edition).items()}
    return {"neutral land": mapsvg.NEUTRAL, **out}


def close_pairs(named: dict[str, str], vision: str) -> dict[tuple[str, str], float]:
    seen = {k: simulate(v, vision) for k, v in named.items()}
    return {(a, b): round(delta_e(seen[a], seen[b]), 1)
            for a, b in itertools.combinations(seen, 2)
            if delta_e(seen[a], seen[b]) < MIN_DELTA_E}


def test_tint_is_the_colour_over_white():
    """``mapsvg.tint`` (mixing with white) is the colour painted over white at the rest's
    opacity, so the checks below see what the renderer draws."""
    for c in colours("aa1942").values():
        for amount in (mapsvg.TERRITORY_TINT, mapsvg.CARGO_TINT):
            mixed = mapsvg.tint(c, amount)
            painted = over(c, WHITE, 1 - amount)
            assert all(abs(a - b) <= 1 / 255 + 1e-9
                       for a, b in zip(parse(mixed), parse(painted), strict=True))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("vision", VISION)
def test_territory_tints_and_neutral_land_differ_for_every_vision(edition, vision):
    assert not close_pairs(tints(edition), vision)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("vision", VISION)
def test_land_is_not_sea(edition, vision):
    sea = simulate(mapsvg.SEA, vision)
    for name, fill in tints(edition).items():
        assert delta_e(simulate(fill, vision), sea) >= MIN_DELTA_E, name


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("vision", VISION)
def test_counter_colours_differ_for_every_vision(edition, vision):
    assert not close_pairs(colours(edition), vision)


@pytest.mark.parametrize("edition", EDITIONS)
def test_counters_are_readable_on_their_land(edition):
    grounds = {**tints(edition), "sea": mapsvg.SEA}
    for power, fill in colours(edition).items():
        assert contrast(fill, text_colour(fill)) >= MIN_TEXT, power
        cargo = mapsvg.tint(fill, mapsvg.CARGO_TINT)
        assert contrast(cargo, text_colour(cargo)) >= MIN_TEXT, power
        for name, ground in grounds.items():
            best = max(contrast(fill, ground), contrast(INK, ground))
            assert best >= MIN_NON_TEXT, (power, name)


@pytest.mark.parametrize("edition", EDITIONS)
def test_report_text_and_side_colours_read_on_white(edition):
    setup = load_edition(edition).setup
    for power, d in setup.powers.items():
        assert contrast(d.text_colour, WHITE) >= MIN_TEXT, power
        # the same family: a darker shade of the power's own colour, not another hue
        assert delta_e(d.text_colour, d.colour) < 25, power
    for side, c in setup.side_colours.items():
        assert contrast(c, WHITE) >= MIN_TEXT, side
        assert contrast(c, mapsvg.PAPER) >= MIN_TEXT, side


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_map_draws_these_colours(edition):
    """The opening map fills each capital with its power's tint and counters with its
    colour; the checks above are about what is really drawn."""
    ed = load_edition(edition)
    root = ET.fromstring(mapsvg.render_map_svg(initial_state(ed), ed))
    for power, d in ed.setup.powers.items():
        region = root.find(f".//{SVG}g[@id='region-{css_token(d.capital)}']")
        assert region is not None
        fills = [p.get("fill") for p in region.iter(f"{SVG}path")]
        assert fills[0] == mapsvg.tint(d.colour, mapsvg.TERRITORY_TINT), power
        counters = [r for r in root.iter(f"{SVG}rect")
                    if r.get("class") == "chip" and r.get("data-power") == power]
        assert counters and all(r.get("fill") == d.colour and r.get("stroke") == INK
                                for r in counters), power
    neutral = [v for v in ed.map.regions.values() if getattr(v, "neutral", False)]
    assert neutral
    region = root.find(f".//{SVG}g[@id='region-{css_token(neutral[0].id)}']")
    assert region is not None and next(region.iter(f"{SVG}path")).get("fill") == mapsvg.NEUTRAL
