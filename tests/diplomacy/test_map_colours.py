"""The map's colours can be told apart at a glance, also with the common colour-vision
deficiencies (thresholds and their reasons: docs/map.md, "Colours").

Every pair among the seven powers' centre tints and neutral land, and every pair of unit
colours, must differ by at least MIN_DELTA_E (CIEDE2000) for normal vision and as simulated
for protanopia, deuteranopia and tritanopia (Machado et al. 2009); Russia's tint must also
differ from neutral land in luminance (WCAG contrast), since a pale colour that differs
only in hue is what made Russian land look unowned; unit tokens and order lines must stand
out 3:1 (WCAG non-text contrast) on land, sea and their own colour, so white fleets do not
vanish; the report's text colours read 4.5:1 on white."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from adjudicator.diplomacy import mapsvg
from adjudicator.diplomacy.map import load_map
from adjudicator.publish.colours import (
    VISION,
    contrast,
    delta_e,
    delta_e_lab,
    luminance,
    over,
    simulate,
)
from adjudicator.publish.svg import CASING, INK

M = load_map()
MIN_DELTA_E = 10.0  # "a different colour at a glance" (docs/map.md)
MIN_TINT_CONTRAST = 1.4  # Russia's pale tint against neutral land, in luminance alone
MIN_NON_TEXT = 3.0  # WCAG 2.1 SC 1.4.11, non-text contrast
MIN_TEXT = 4.5  # WCAG 2.1 SC 1.4.3, text contrast


def tints() -> dict[str, str]:
    """What a reader sees: each power's colour over land at the map's tint opacity."""
    out = {p: over(d["colour"], mapsvg.LAND, mapsvg.TINT) for p, d in M.powers.items()}
    return {"neutral land": mapsvg.LAND, **out}


def test_colour_science_reference_values():
    # CIEDE2000: pairs 1, 7 and 34 of Sharma, Wu and Dalal's test data
    assert delta_e_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_lab((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e_lab((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(
        0.9082, abs=1e-4)
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert luminance("#ffffff") == pytest.approx(1.0)
    # dichromats cannot tell pure red from a dark yellow-olive; white and black are unchanged
    assert simulate("#ffffff", "deuteranopia") == "#ffffff"
    assert simulate("#000000", "tritanopia") == "#000000"
    assert delta_e(simulate("#ff0000", "protanopia"), simulate("#6b5f00", "protanopia")) < 5


@pytest.mark.parametrize("vision", VISION)
def test_centre_tints_and_neutral_land_differ_for_every_vision(vision):
    seen = {k: simulate(v, vision) for k, v in tints().items()}
    close = {(a, b): round(delta_e(seen[a], seen[b]), 1)
             for a, b in itertools.combinations(seen, 2)
             if delta_e(seen[a], seen[b]) < MIN_DELTA_E}
    assert not close


@pytest.mark.parametrize("vision", VISION)
def test_unit_colours_differ_for_every_vision(vision):
    seen = {p: simulate(d["colour"], vision) for p, d in M.powers.items()}
    close = {(a, b): round(delta_e(seen[a], seen[b]), 1)
             for a, b in itertools.combinations(seen, 2)
             if delta_e(seen[a], seen[b]) < MIN_DELTA_E}
    assert not close


@pytest.mark.parametrize("vision", VISION)
def test_owned_land_is_not_sea(vision):
    """A tinted province never looks like water (France's light blue least of all)."""
    sea = simulate(mapsvg.SEA, vision)
    for power, tint in tints().items():
        if power != "neutral land":
            assert delta_e(simulate(tint, vision), sea) >= MIN_DELTA_E, power


def test_russia_is_not_neutral():
    russia = tints()["Russia"]
    assert contrast(russia, mapsvg.LAND) >= MIN_TINT_CONTRAST
    for vision in VISION:
        assert delta_e(simulate(russia, vision), simulate(mapsvg.LAND, vision)) >= MIN_DELTA_E


def test_units_stand_out_on_land_sea_and_their_own_colour():
    """A token is its colour inside a dark outline inside a light rim: the fill, the outline
    or the rim stands out 3:1 against whatever it stands on, so a white fleet on a pale sea
    and a navy army on navy-tinted land both stay visible."""
    for power, d in M.powers.items():
        fill = d["colour"]
        for ground in (mapsvg.LAND, mapsvg.SEA, tints()[power]):
            best = max(contrast(fill, ground), contrast(INK, ground),
                       contrast(mapsvg.HALO, ground))
            assert best >= MIN_NON_TEXT, (power, ground)
        # order lines: the power's colour on a dark casing
        assert max(contrast(fill, CASING), contrast(CASING, mapsvg.SEA)) >= MIN_NON_TEXT


def test_rendered_tokens_have_the_dark_outline():
    from tests.diplomacy.test_map_svg import opening_state

    root = ET.fromstring(mapsvg.render_map_svg(opening_state()))
    ns = "{http://www.w3.org/2000/svg}"
    russia = [g for g in root.iter(f"{ns}g") if "russia" in (g.get("class") or "").split()
              and "unit" in (g.get("class") or "").split()]
    assert len(russia) == 4
    for g in russia:
        tokens = [e for e in g if e.get("class") == "token"]
        assert tokens and all(t.get("stroke") == INK and float(t.get("stroke-width")) >= 2
                              for t in tokens)
        rims = [e for e in g if e.get("class") == "token-halo"]
        assert len(rims) == len(tokens) and all(r.get("stroke") == mapsvg.HALO for r in rims)


def test_report_text_colours_read_on_white():
    for power, d in M.powers.items():
        assert contrast(d["text_colour"], "#ffffff") >= MIN_TEXT, power


def test_map_legend_uses_the_map_colours():
    from adjudicator.diplomacy.report import power_map_colour

    for power, d in M.powers.items():
        assert power_map_colour(power, M) == d["colour"]
