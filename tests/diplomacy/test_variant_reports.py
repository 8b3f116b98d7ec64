"""A variant game's reports and map name the variant (docs/report-context.md
``variant_title``, docs/variants.md): the title from its ``variant.json`` in the heading of
the text, BBCode, Markdown and HTML reports and in the map's title band; the standard game
names none (its golden reports are unchanged: tests/diplomacy/test_reports.py)."""

from __future__ import annotations

import pytest

from adjudicator import service
from adjudicator.diplomacy.variants import variant_title
from adjudicator.publish import files, reports
from adjudicator.registry import get_game

TITLES = {"diplomacy": None, "diplomacy-ancmed": "Ancient Mediterranean",
          "diplomacy-fleetrome": "Fleet Rome", "diplomacy-pure": "Pure"}
# what each format shows for Ancient Mediterranean, just under the game's title
HEADINGS = {
    "text": "My game\nVariant: Ancient Mediterranean\n",
    "bbcode": "[b]My game[/b]\n[i]Variant: Ancient Mediterranean[/i]\n",
    "markdown": "# My game\n\n*Variant: Ancient Mediterranean*\n\n",
    "html": "<h1>My game</h1>\n  <div class=\"sub variant\">Variant: <b>Ancient "
            "Mediterranean</b></div>\n",
}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """One Spring 1901 adjudication per game (every unit holds), titled 'My game'."""
    out = {}
    for kind in TITLES:
        folder = service.new_game(tmp_path_factory.mktemp("g") / "g", kind)
        settings = folder.settings()
        settings["title"] = "My game"
        folder.write_settings(settings)
        service.adjudicate(folder, force=True)
        out[kind] = folder
    return out


def test_variant_title_reads_variant_json():
    assert {kind: variant_title(get_game(kind).data) for kind in TITLES} == TITLES
    assert variant_title("ancmed") == "Ancient Mediterranean"


@pytest.mark.parametrize("kind", TITLES)
def test_the_report_context_names_the_variant(games, kind):
    game = get_game(kind)
    record, after = files.find_record(games[kind], game, "S1901M")
    ctx = game.report_context(record, after, {"title": "My game", "deadline": None})
    assert ctx["variant_title"] == TITLES[kind]


@pytest.mark.parametrize("fmt", list(reports.FORMATS))
def test_each_report_format_shows_the_variant_under_the_title(games, fmt):
    text = files.report_text(games["diplomacy-ancmed"], get_game("diplomacy-ancmed"),
                             "S1901M", fmt, None)
    assert HEADINGS[fmt] in text
    if fmt == "html":  # the inline map's title band too
        assert ('<tspan class="variant" font-weight="normal" fill="#555555">Ancient '
                'Mediterranean</tspan>') in text
    else:
        assert text.count("Ancient Mediterranean") == 1


@pytest.mark.parametrize("fmt", list(reports.FORMATS))
def test_the_standard_game_report_names_no_variant(games, fmt):
    text = files.report_text(games["diplomacy"], get_game("diplomacy"), "S1901M", fmt, None)
    assert "Variant" not in text and "variant" not in text.split("<body>")[-1]


def test_the_map_title_band_names_the_variant(games):
    game = get_game("diplomacy-pure")
    record, after = files.find_record(games["diplomacy-pure"], game, "S1901M")
    svg = game.record_map_svg(record, after, title="My game")
    assert "<title>Spring 1901 Movement - My game (Pure)</title>" in svg
    assert ('&#160;—&#160;<tspan font-weight="normal" fill="#555555">My game</tspan>'
            '&#160;·&#160;<tspan class="variant" font-weight="normal" fill="#555555">Pure'
            '</tspan></text>') in svg


def test_the_standard_map_title_band_names_no_variant(games):
    game = get_game("diplomacy")
    record, after = files.find_record(games["diplomacy"], game, "S1901M")
    svg = game.record_map_svg(record, after, title="My game")
    assert "<title>Spring 1901 Movement - My game</title>" in svg
    assert 'class="variant"' not in svg


def test_a_variant_title_is_escaped_in_every_format(games):
    """The title is repository data, but it goes through the same escaping as any name."""
    game = get_game("diplomacy-ancmed")
    record, after = files.find_record(games["diplomacy-ancmed"], game, "S1901M")
    ctx = game.report_context(record, after, {"title": "My game", "deadline": None})
    ctx["variant_title"] = "<b>[url=x]*Mare*[/url]</b>"
    html = files.render_context(game, ctx, "html", None, None)
    assert "Variant: <b>&lt;b&gt;[url=x]*Mare*[/url]&lt;/b&gt;</b>" in html
    bb = files.render_context(game, ctx, "bbcode", None, None)
    assert "[url=x]" not in bb and "［url=x］" in bb
    md = files.render_context(game, ctx, "markdown", None, None)
    assert "\\*Mare\\*" in md and "\\[url=x\\]" in md
