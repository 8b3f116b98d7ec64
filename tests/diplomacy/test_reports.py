"""Turn reports: golden files per format, escaping of hostile text, layout limits.

Golden files live in ``tests/diplomacy/golden/``; regenerate them after an intended
change with ``UPDATE_GOLDEN=1 pytest tests/diplomacy/test_reports.py`` and review the diff.
The golden HTML is rendered without the map so that it does not change whenever the
map renderer's drawing does; the map's presence is tested separately.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from adjudicator import service
from adjudicator.diplomacy import report
from adjudicator.errors import ReportError
from adjudicator.publish import files, reports
from adjudicator.registry import get_game
from adjudicator.store import GameFolder

G = get_game("diplomacy")

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
FORMATS = list(reports.FORMATS)
HOSTILE_TITLE = (
    '<script>alert(1)</script> "quoted" & \'single\' [url=http://evil]x[/url] *b* {{ 7*7 }}'
)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> GameFolder:
    """The bundled example game, played to Spring 1902 with a fixed clock."""
    old = os.environ.get("ADJ_NOW")
    os.environ["ADJ_NOW"] = "2024-03-01T12:00:00Z"
    try:
        folder = service.play_examples(tmp_path_factory.mktemp("g") / "example", "diplomacy",
                                       log=lambda *_: None)
    finally:
        if old is None:
            del os.environ["ADJ_NOW"]
        else:
            os.environ["ADJ_NOW"] = old
    settings = folder.settings()
    settings["title"] = "Example Game"
    folder.write_settings(settings)
    return folder


def _context(game: GameFolder, phase: str, deadline: str | None = None
             ) -> tuple[dict, dict, dict]:
    record, after = find_record(game, phase)
    meta = {"title": game.settings()["title"], "deadline": deadline}
    return G.report_context(record, after, meta), record, after


def find_record(folder: GameFolder, phase: str | None = None) -> tuple[dict, dict]:
    return files.find_record(folder, G, phase)


def render_context(ctx: dict, fmt: str, svg: str | None = None) -> str:
    return files.render_context(G, ctx, fmt, None, svg)


def render_report(folder: GameFolder, phase: str | None = None, fmt: str = "text",
                  template: Path | None = None) -> str:
    return files.report_text(folder, G, phase, fmt, template)


def _check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"golden file {path} missing; run with UPDATE_GOLDEN=1 to create it")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from the golden file; if intended, rerun with UPDATE_GOLDEN=1"
    )


# --- golden files ------------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["F1901M", "W1901A"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_golden(game: GameFolder, phase: str, fmt: str) -> None:
    ctx, _, _ = _context(game, phase, deadline="2024-03-08 23:00 UTC")
    text = render_context(ctx, fmt, svg=None)
    _check_golden(f"report-{phase}.{reports.FORMATS[fmt]}", text)


# --- content -----------------------------------------------------------------------------
def test_fall_movement_context(game: GameFolder) -> None:
    ctx, _, _ = _context(game, "F1901M")
    assert ctx["phase"]["name"] == "Fall 1901 Movement"
    assert ctx["phase"]["results_title"] == "Movement results for Fall of 1901"
    assert [p["name"] for p in ctx["powers"]] == [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    by_loc = {o["loc"]: o for o in ctx["orders"]}
    assert by_loc["bur"]["marker"] == "bounce" and by_loc["ruh"]["marker"] == "bounce"
    assert by_loc["gal"]["marker"] == "dislodged" and by_loc["gal"]["status"] == "failure"
    assert by_loc["apu"]["description"] == "Army Apulia -> Tunis by convoy"
    assert by_loc["ion"]["description"] == "Fleet Ionian Sea CONVOY Army Apulia -> Tunis"
    assert by_loc["nwg"]["description"] == "Fleet Norwegian Sea SUPPORT Army Yorkshire -> Norway"
    assert by_loc["yor"]["marker"] is None and by_loc["yor"]["via_convoy"]
    [d] = ctx["dislodged"]
    assert (d["power"], d["loc_name"], d["attacker_from_name"]) == ("Austria", "Galicia", "Warsaw")
    assert d["retreat_names"] == ["Bohemia", "Budapest", "Silesia", "Vienna"]
    assert ctx["next_phase"]["code"] == "F1901R"
    assert ctx["result"] is None and ctx["nmr"] == []
    austria = ctx["powers"][0]
    assert (austria["centres"], austria["units"]) == (3, 2)


def test_retreat_context_has_centre_changes_and_builds(game: GameFolder) -> None:
    ctx, _, _ = _context(game, "F1901R")
    changes = {c["name"]: (c["old"], c["new"]) for c in ctx["centre_changes"]}
    assert changes["Tunis"] == (None, "Italy") and changes["Greece"] == (None, "Austria")
    assert changes["Norway"] == (None, "England")
    owed = {a["power"]: (a["kind"], a["count"]) for a in ctx["adjustments"]}
    assert owed["France"] == ("build", 2)
    assert {kind for kind, _ in owed.values()} == {"build"}
    assert ctx["next_phase"]["name"] == "Winter 1901 Adjustments"


def test_adjustment_text(game: GameFolder) -> None:
    text = render_report(game, "W1901A")
    assert "Adjustment results for Winter of 1901." in text
    assert "Austria: BUILD Army Budapest." in text
    assert "Russia:  BUILD Fleet St Petersburg (north coast)." in text
    assert "Spring 1902 Movement" in text


def test_spring_bounce_in_black_sea(game: GameFolder) -> None:
    text = render_report(game, "s1901m")
    assert "Russia:  Fleet Sevastopol -> Black Sea.  (bounce)" in text
    assert "Turkey:  Fleet Ankara -> Black Sea.  (bounce)" in text


def test_latest_phase_is_default(game: GameFolder) -> None:
    latest = game.history()[-1]["phase"]
    assert f"({latest})" in render_report(game)


def test_unknown_phase(game: GameFolder) -> None:
    with pytest.raises(ReportError, match="S1905M"):
        render_report(game, "S1905M")


@pytest.mark.parametrize("phase", ["S1901M", "F1901M", "F1901R", "W1901A"])
def test_text_lines_under_78_columns(game: GameFolder, phase: str) -> None:
    for title in ("Example Game", HOSTILE_TITLE * 3, "x" * 200):
        ctx, _, _ = _context(game, phase, deadline="Friday 8 March 2024, 23:00 UTC " * 3)
        ctx["title"] = title
        text = render_context(ctx, "text")
        long = [line for line in text.splitlines() if len(line) >= 78]
        assert not long, long


# --- special records ---------------------------------------------------------------------
def _f1901m(game: GameFolder) -> tuple[dict, dict]:
    record, after = find_record(game, "F1901M")
    return copy.deepcopy(record), copy.deepcopy(after)


def test_nmr_default_orders_are_marked(game: GameFolder) -> None:
    record, after = _f1901m(game)
    record["nmr"] = ["Turkey"]
    for r in record["results"]:
        if r["power"] == "Turkey":
            r["default"] = True
    ctx = report.build_context(record, after, title="t")
    turkey = next(p for p in ctx["powers"] if p["name"] == "Turkey")
    assert turkey["nmr"] and all(o["marker"] == "NMR default" for o in turkey["orders"])
    text = render_context(ctx, "text")
    assert "No orders were received from Turkey" in text
    assert "Turkey:  Fleet Ankara HOLD.  (NMR default)" in text


def test_unit_without_retreat_is_destroyed(game: GameFolder) -> None:
    record, after = _f1901m(game)
    after["dislodged"] = []
    ctx = report.build_context(record, after, title="t")
    [d] = ctx["dislodged"]
    assert d["destroyed"] and d["retreats"] == []
    text = " ".join(render_context(ctx, "text").split())
    assert "Galicia (dislodged from Warsaw) had no valid retreat and was destroyed" in text


def test_solo_victory_and_elimination(game: GameFolder) -> None:
    record, after = _f1901m(game)
    after["result"] = {"type": "solo", "winner": "Russia"}
    after["eliminated"] = ["Turkey"]
    ctx = report.build_context(record, after, title="t")
    assert ctx["result"]["new"] and ctx["next_phase"] is None
    assert ctx["eliminated"] == ["Turkey"]
    for fmt in FORMATS:
        out = render_context(ctx, fmt)
        assert "Russia has won the game with 4 supply centres." in out
        assert "Turkey has been eliminated." in out


def test_draw_record(game: GameFolder, tmp_path: Path) -> None:
    folder = GameFolder(tmp_path / "drawn")
    shutil.copytree(game.path, folder.path)
    service.declare_draw(folder, ["France", "Russia", "Germany"])
    for fmt in FORMATS:
        out = render_report(folder, fmt=fmt)
        assert "draw between France, Germany and Russia" in out
    assert "Adjustment results for Winter of 1901" in render_report(folder, "W1901A")


# --- escaping ----------------------------------------------------------------------------
def _hostile_context(game: GameFolder) -> dict:
    """A custom-variant-like record: hostile title, player name and power name."""
    record, after = _f1901m(game)
    evil_power = "[url=http://evil]Ev*il[/url]<img src=x onerror=alert(2)>"
    for state in (record["state_before"], after):
        state["players"] = {"France": {"name": "<b>Bob</b> & \"Al\" [b]x[/b]", "email": "b@x"}}
        for u in state["units"]:
            if u["power"] == "Turkey":
                u["power"] = evil_power
        state["centres"] = {c: (evil_power if o == "Turkey" else o)
                            for c, o in state["centres"].items()}
    for r in record["results"]:
        if r["power"] == "Turkey":
            r["power"] = evil_power
    return report.build_context(record, after, title=HOSTILE_TITLE, deadline="<i>soon</i>")


def test_html_escapes_untrusted_text(game: GameFolder) -> None:
    html = render_context(_hostile_context(game), "html", svg=None)
    assert "<script>" not in html and "<img" not in html and "<b>Bob" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&#34;quoted&#34; &amp; &#39;single&#39;" in html
    assert "&lt;i&gt;soon&lt;/i&gt;" in html
    assert "{{ 7*7 }}" in html  # data is never compiled as a template
    assert "b@x" not in html  # e-mail addresses are never published
    assert "Content-Security-Policy" in html


def test_bbcode_neutralises_tags(game: GameFolder) -> None:
    out = render_context(_hostile_context(game), "bbcode")
    assert "[url" not in out and "[/url]" not in out and "[b]x[/b]" not in out
    assert "\uff3burl=http://evil\uff3d" in out
    assert "{{ 7*7 }}" in out


def test_markdown_escapes_markup(game: GameFolder) -> None:
    out = render_context(_hostile_context(game), "markdown")
    assert not re.search(r"(?<!\\)<", out)  # every "<" is backslash-escaped
    assert r"\<script>" in out and r"\[url=http://evil\]" in out and r"\*b\*" in out
    assert r"Ev\*il" in out
    assert "{{ 7\\*7 }}" in out


def test_text_drops_control_characters(game: GameFolder) -> None:
    ctx, _, _ = _context(game, "F1901M")
    ctx["title"] = "Evil\x1b[31m title\rMovement results for Spring of 2001."
    out = render_context(ctx, "text")
    assert "\x1b" not in out and "\r" not in out


@pytest.mark.parametrize(("text", "expected"), [
    ("# Head", r"\# Head"),
    ("1. item", r"1\. item"),
    ("- item\n> quote", "\\- item\n\\> quote"),
    ("a_b*c`d|e~f", r"a\_b\*c\`d\|e\~f"),
    ("&amp; & x", r"\&amp; & x"),
    ("A Serbia -> Greece", "A Serbia -> Greece"),
])
def test_markdown_escape(text: str, expected: str) -> None:
    assert reports.markdown_escape(text) == expected
    assert reports.markdown_escape(reports.markdown_escape(text)) == expected  # not twice


def test_illegal_and_void_orders_give_reasons(game: GameFolder) -> None:
    record, after = _f1901m(game)
    ven = next(r for r in record["results"] if r["loc"] == "ven")
    ven.update(outcome="illegal", success=False, reason="Venice is not adjacent to Moscow")
    den = next(r for r in record["results"] if r["loc"] == "den")
    den.update(outcome="void", success=False, reason="the supported unit was not ordered so")
    ctx = report.build_context(record, after, title="t")
    by_loc = {o["loc"]: o for o in ctx["orders"]}
    assert by_loc["ven"]["marker"] == "illegal: Venice is not adjacent to Moscow"
    assert by_loc["den"]["status"] == "void"
    text = " ".join(render_context(ctx, "text").split())
    assert "(void: the supported unit was not ordered so)" in text


def test_bbcode_escape() -> None:
    assert reports.bbcode_escape("[b]x[/b]") == "\uff3bb\uff3dx\uff3b/b\uff3d"


def test_wrap_breaks_long_words_and_hangs() -> None:
    out = reports.wrap("Austria: " + "word " * 40 + "y" * 120, width=40, hang=9)
    lines = out.splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert all(line.startswith(" " * 9) for line in lines[1:])


# --- templates ---------------------------------------------------------------------------
def test_user_template(game: GameFolder, tmp_path: Path) -> None:
    tpl = tmp_path / "mine.md.j2"
    tpl.write_text("{{ title }} / {{ phase.name }} / {{ orders | length }}\n", encoding="utf-8")
    out = render_report(game, "F1901M", "markdown", tpl)
    assert out == "Example Game / Fall 1901 Movement / 22\n"


def test_user_template_extends_builtin(game: GameFolder, tmp_path: Path) -> None:
    tpl = tmp_path / "mine.html.j2"
    tpl.write_text('{% extends "diplomacy/report.html.j2" %}'
                   "{% block style %}body { color: red; }{% endblock %}", encoding="utf-8")
    out = render_report(game, "F1901M", "html", tpl)
    assert "body { color: red; }" in out and "Fleet Albania" in out


def test_user_template_undefined_field_is_an_error(game: GameFolder, tmp_path: Path) -> None:
    tpl = tmp_path / "bad.txt.j2"
    tpl.write_text("{{ phase.nonsense }}", encoding="utf-8")
    with pytest.raises(reports.ReportError, match="nonsense"):
        render_report(game, "F1901M", "text", tpl)


def test_unknown_format(game: GameFolder) -> None:
    with pytest.raises(reports.ReportError, match="unknown report format"):
        render_report(game, "F1901M", "pdf")


def test_write_reports(game: GameFolder, tmp_path: Path) -> None:
    folder = GameFolder(tmp_path / "copy")
    shutil.copytree(game.path, folder.path)
    record, _ = find_record(folder, "F1901M")
    paths = files.write_reports(folder, G, record)
    names = sorted(p.name for p in paths)
    assert names == ["map.svg", "report.bbcode", "report.html", "report.md", "report.txt"]
    assert all(p.parent == folder.path / "reports" / "F1901M" for p in paths)
    assert (folder.path / "reports/F1901M/report.txt").read_text().startswith("Example Game\n")


def test_the_png_is_drawn_when_asked_for_and_once(game: GameFolder, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Adjudication writes no PNG (it costs more than the rest); the results mail asks for
    one, which is drawn from map.svg once and reused."""
    from adjudicator.publish import png

    folder = GameFolder(tmp_path / "copy")
    shutil.copytree(game.path, folder.path)
    (folder.path / "reports" / "F1901M" / "map.png").unlink(missing_ok=True)
    drawn = []
    real = png.svg_to_png
    monkeypatch.setattr(png, "svg_to_png", lambda svg, scale=1.0: drawn.append(scale)
                        or real(svg, scale=scale))
    first = files.map_png(folder, G, "F1901M")
    assert first == folder.path / "reports" / "F1901M" / "map.png"
    assert first.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert files.map_png(folder, G, "F1901M") == first
    assert drawn == [G.mail_map_scale]
    assert files.map_png(folder, G, "S1905M") is None  # no such phase, no map


def test_html_embeds_map_when_renderer_exists(game: GameFolder) -> None:
    pytest.importorskip("adjudicator.diplomacy.mapsvg")
    html = render_report(game, "F1901M", "html")
    assert "<svg" in html
    assert "http://" not in html.replace("http://www.w3.org/", "")  # nothing external


# --- browser -----------------------------------------------------------------------------
def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(not _chromium(), reason="chromium is not installed")
@pytest.mark.parametrize("phase", ["F1901M", "W1901A"])
def test_html_screenshot(game: GameFolder, tmp_path: Path, phase: str) -> None:
    html = tmp_path / f"{phase}.html"
    html.write_text(render_report(game, phase, "html"), encoding="utf-8")
    png = tmp_path / f"{phase}.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [_chromium(), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             f"--screenshot={png}", "--window-size=1280,1800", html.as_uri()],
            check=True, capture_output=True, timeout=120,
        )
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 20_000  # a blank page compresses to a few kilobytes


def test_html_embeds_svg_unescaped(game: GameFolder, monkeypatch: pytest.MonkeyPatch) -> None:
    """The renderer's SVG is trusted markup (it escapes its own text) and goes in inline."""
    calls = []

    def render_map_svg(state, results=None, *, title="", show_orders=True, **_):
        calls.append((state["phase"], len(results or []), title, show_orders))
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>'

    monkeypatch.setattr("adjudicator.diplomacy.mapsvg.render_map_svg", render_map_svg)
    html = render_report(game, "F1901M", "html")
    assert '<div class="mapview"><svg xmlns=' in html
    assert calls == [("F1901M", 22, "", True)]
    assert "<svg" not in render_report(game, "F1901M", "markdown")


def test_html_map_zooms_with_its_one_hashed_script(game: GameFolder) -> None:
    """The map can be zoomed and panned: without script by the zoom buttons (CSS widths)
    and scrolling, with script by the viewBox. The page's policy allows that one script by
    its hash and no other."""
    import base64
    import hashlib
    import re

    html = render_report(game, "F1901M", "html")
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(scripts) == 1 and "viewBox" in scripts[0]
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    (csp,) = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert f"script-src 'sha256-{digest}'" in csp and "default-src 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1]
    for level in ("1", "2", "4"):
        assert f'id="zoom-{level}"' in html and f'label for="zoom-{level}"' in html
    assert "#zoom-4:checked ~ .mapview svg { width: 400%; }" in html
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    # narrow screens: no grid column wider than the screen
    assert "minmax(340px" not in html and "minmax(300px" not in html


def test_html_no_order_is_not_a_success(tmp_path) -> None:
    """A unit left without an order and a power that sent none hold by default: the report
    marks those orders with a hollow circle, not the tick of an order that succeeded."""
    folder = service.new_game(tmp_path / "g", "diplomacy")
    service.submit_orders(folder, "France", "A par - bur")
    service.adjudicate(folder, force=True)
    html = render_report(folder, "S1901M", "html")
    cards = {m.group(1): m.group(0) for m in re.finditer(
        r'<section class="power"[^>]*>\s*<h3>(\w+).*?</section>', html, re.DOTALL)}
    assert cards["France"].count('<li class="success"><span class="mark">✓</span>') == 1
    assert cards["France"].count('<li class="noorder"><span class="mark">○</span>') == 2
    assert "no orders received" in cards["Germany"]
    assert cards["Germany"].count('<li class="noorder"><span class="mark">○</span>') == 3
    assert "✓" not in cards["Germany"]


def test_units_left_without_orders_are_not_called_nmr_when_the_power_did_order(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy")
    service.submit_orders(folder, "France", "A Par - Bur\n")  # F bre and A mar left out
    service.adjudicate(folder, force=True)
    text = render_report(folder, "S1901M", "text")
    france = [line for line in text.splitlines() if line.startswith("France:")]
    assert any("Brest HOLD" in line and "(no order)" in line for line in france)
    assert not any("NMR" in line for line in france)
    assert any("Kiel HOLD" in line and "(NMR default)" in line
               for line in text.splitlines() if line.startswith("Germany:"))


def test_a_user_template_runs_in_the_sandbox(game: GameFolder, tmp_path: Path) -> None:
    tpl = tmp_path / "evil.txt.j2"
    tpl.write_text("{{ title.__class__.__mro__[1].__subclasses__() }}\n")
    with pytest.raises(ReportError, match="refused"):
        render_report(game, "F1901M", "text", tpl)


ZOOM_HARNESS = r"""
const handlers = {}; let vb = null;
const svg = { viewBox: { baseVal: { x: 0, y: 0, width: 1835, height: 1554 } },
  getBoundingClientRect: () => ({ left: 0, top: 0, width: 917.5, height: 777 }),
  addEventListener: (t, f) => { handlers[t] = f; }, setAttribute: (k, v) => { vb = v; },
  setPointerCapture: () => {} };
global.document = { querySelector: () => ({ querySelector: () => svg }) };
eval(require("fs").readFileSync(0, "utf8"));
const out = [];
handlers.wheel({ deltaY: 100, ctrlKey: false, clientX: 100, clientY: 100,
                 preventDefault() { throw new Error("page scroll taken"); } });
out.push(vb);
handlers.wheel({ deltaY: -100, ctrlKey: true, clientX: 458.75, clientY: 388.5,
                 preventDefault() {} });
out.push(vb);
handlers.pointerdown({ pointerType: "mouse", clientX: 100, clientY: 100, pointerId: 1 });
handlers.pointermove({ clientX: 150, clientY: 100 });
handlers.pointerup({});
out.push(vb);
handlers.dblclick({});
out.push(vb);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_html_map_zoom_script_zooms_pans_and_resets(game: GameFolder) -> None:
    """The zoom script, run by node against a stand-in SVG: a plain wheel leaves the page
    to scroll, Ctrl+wheel zooms about the pointer, a drag pans, a double-click resets."""
    import json

    html = render_report(game, "F1901M", "html")
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    run = subprocess.run(["node", "-e", ZOOM_HARNESS], input=script, capture_output=True,
                         text=True, timeout=60, check=True)
    plain, zoomed, dragged, reset = json.loads(run.stdout)
    assert plain is None  # nothing changed
    x, y, w, h = map(float, zoomed.split())
    assert w == pytest.approx(1835 * 0.8) and x + w / 2 == pytest.approx(917.5)
    assert h == pytest.approx(1554 * 0.8) and y + h / 2 == pytest.approx(777)
    assert float(dragged.split()[0]) == pytest.approx(x - 50 * w / 917.5)
    assert reset == "0 0 1835 1554"
