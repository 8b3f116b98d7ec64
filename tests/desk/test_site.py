"""The static site (``adj site``, docs/site.md): a judge folder with a finished game of each
family, rendered, checked page by page, rebuilt incrementally and looked at in a browser."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import sitecheck

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.desk.judge import Judge
from adjudicator.desk.players import Roster
from adjudicator.desk.site import SiteError, build_site
from adjudicator.publish.chart import BACKGROUND as chart_background
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path

HOSTILE = '<script>alert("t")</script> & "Co"'

SOLO_POSITION = """Spring 1905 Movement
Units:
France: A Bur, F Nth, A Bel, F Eng, A Pic, F Mid, A Ruh
Germany: A Sil, F Bal
Russia: A War, F Sev, A Mos
Turkey: A Con, F Bla, A Bul
Austria: A Vie, A Bud, F Tri
Owners:
France: Bre, Mar, Par, Por, Spa, Bel, Hol, Lon, Lvp, Edi, Nwy, Den, Kie, Ber, Tun, Nap, Rom
Germany: Mun, Swe
Russia: War, Mos, Sev, Stp, Rum
Turkey: Con, Ank, Smy, Bul
Austria: Vie, Bud, Tri, Ser, Gre
"""


def solo_game(judge: Judge, name: str = "solo"):
    """A Diplomacy game that ends: France takes its 18th centre in Fall 1905."""
    folder = service.new_game(judge.game_path(name), "diplomacy", title=HOSTILE,
                              position=SOLO_POSITION)
    service.submit_orders(folder, "France", "A bur - mun\nA ruh S A bur - mun")
    service.submit_orders(folder, "Germany", "A sil - mun")
    service.adjudicate(folder, force=True)
    service.submit_orders(folder, "France", "A mun H")
    service.adjudicate(folder, force=True)
    assert folder.read_state()["result"] == {"type": "solo", "winner": "France"}
    return folder


def play_example_turns(folder, kind: str, turns: int) -> None:
    """The first ``turns`` phases of the bundled example orders, as ``adj demo`` plays them."""
    examples = game_data_path(get_game(kind).data) / "examples"
    for _ in range(turns):
        phase_dir = examples / folder.read_state()["phase"]
        for orders_file in sorted(phase_dir.glob("*.txt")):
            service.submit_orders(folder, orders_file.stem,
                                  orders_file.read_text(encoding="utf-8"))
        service.adjudicate(folder, force=True)


def drawn_aa_game(judge: Judge, name: str = "aa"):
    """An Axis & Allies 1942 game: two turns, then a draw of every power."""
    folder = service.new_game(judge.game_path(name), "aa1942", title="Axis & Allies test")
    play_example_turns(folder, "aa1942", 2)
    game = service.game_of(folder)
    service.declare_draw(folder, game.powers())
    return folder


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("site")
    judge, _ = Judge.init(root / "judge", name="Test <Judge>")
    solo = solo_game(judge)
    aa = drawn_aa_game(judge)
    service.new_game(judge.game_path("fresh"), "diplomacy", title="Waiting for players")
    with solo.lock():
        Roster(solo).set_player("France", "alice@example.org", "add")
    out = root / "out"
    report = build_site(judge.path, out)
    return {"judge": judge, "out": out, "report": report, "solo": solo, "aa": aa}


def pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


# --- what the site holds -------------------------------------------------------------------
def test_site_renders_every_phase_of_every_game(built) -> None:
    out, report = built["out"], built["report"]
    assert report.errors == []
    assert sorted(report.games) == ["aa", "fresh", "solo"]
    assert report.rendered[:2] == ["aa/r1-ussr-purchase", "aa/r1-germany-purchase"]
    assert {"solo/S1905M", "solo/F1905M"} <= set(report.rendered)
    for code in ("S1905M", "F1905M"):
        d = out / "games" / "solo" / code
        assert (d / "index.html").is_file() and (d / "report.html").is_file()
        assert (d / "map.svg").read_text(encoding="utf-8").startswith("<svg")
    for name in ("solo", "aa", "fresh"):
        assert (out / "games" / name / "index.html").is_file()
        assert (out / "games" / name / "current.svg").is_file()
    assert (out / "site.css").is_file() and (out / "site.js").is_file()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert set(manifest["games"]["solo"]) == {"S1905M", "F1905M"}


def test_every_page_is_well_formed_html(built) -> None:
    problems = {str(p): sitecheck.check_html(p).problems for p in pages(built["out"])}
    assert {k: v for k, v in problems.items() if v} == {}


def test_every_link_resolves_inside_the_site(built) -> None:
    assert sitecheck.broken_links(built["out"]) == []


def test_the_link_checker_can_fail(tmp_path) -> None:
    (tmp_path / "index.html").write_text(
        '<!DOCTYPE html><html><body><a href="gone.html">x</a><a href="#nowhere">y</a>'
        '<img src="https://cdn.example/x.png" alt=""></body></html>')
    assert len(sitecheck.broken_links(tmp_path)) == 3
    (tmp_path / "bad.html").write_text("<!DOCTYPE html><html><body><div></span></body>")
    assert sitecheck.check_html(tmp_path / "bad.html").problems


def test_index_lists_each_game_with_its_status(built) -> None:
    html = (built["out"] / "index.html").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(0) for m in re.finditer(
        r'<tr data-status="\w+">\s*<td><a href="games/(\w+)/index.html">.*?</tr>', html,
        re.DOTALL)}
    assert set(rows) == {"solo", "aa", "fresh"}
    assert 'data-status="finished"' in rows["solo"] and "solo victory of France" in rows["solo"]
    assert 'data-status="drawn"' in rows["aa"] and "Axis &amp; Allies 1942" in rows["aa"]
    assert 'data-status="open"' in rows["fresh"] and "Spring 1901 Movement" in rows["fresh"]
    for status in ("open", "running", "finished", "drawn"):
        assert f'id="{status}"' in html and f'data-filter="{status}"' in html
    assert "Test &lt;Judge&gt;" in html


def test_a_game_that_has_started_is_running(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    build_site(judge.path, tmp_path / "out")
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert '<tr data-status="running">' in html and "Fall 1901 Movement" in html


def test_phase_pages_chain_previous_and_next(built) -> None:
    base = built["out"] / "games" / "aa"
    order = [d.name for d in sorted(base.iterdir()) if d.is_dir()]
    codes = [r.split("/")[1] for r in built["report"].rendered if r.startswith("aa/")]
    assert sorted(codes) == order
    chain, page = [], base / codes[0] / "index.html"
    while True:
        html = page.read_text(encoding="utf-8")
        chain.append(page.parent.name)
        m = re.search(r'<a rel="next" href="../([\w-]+)/index.html" data-key="ArrowRight">',
                      html)
        if not m:
            break
        page = base / m.group(1) / "index.html"
        assert f'<a rel="prev" href="../{chain[-1]}/index.html"' in page.read_text(
            encoding="utf-8")
    assert chain == codes  # first to last, every phase once


def test_phase_page_shows_map_report_orders_and_results(built) -> None:
    html = (built["out"] / "games" / "solo" / "S1905M" / "index.html").read_text(
        encoding="utf-8")
    assert '<img src="map.svg" alt="Map of ' in html
    assert "A bur - mun" in html and "A ruh S A bur - mun" in html  # as understood
    assert "Results" in html and "bounce" in html.lower()
    assert '<pre class="report">' in html and "Spring 1905" in html
    assert 'href="report.html"' in html


def test_draw_record_page_says_so(built) -> None:
    out = built["out"] / "games" / "aa"
    last = [r.split("/")[1] for r in built["report"].rendered if r.startswith("aa/")][-1]
    html = (out / last / "index.html").read_text(encoding="utf-8")
    assert '<p class="banner">The moderator declared a draw in Round 1' in html


def test_game_page_shows_current_position_players_and_every_phase(built) -> None:
    html = (built["out"] / "games" / "solo" / "index.html").read_text(encoding="utf-8")
    assert "Final position" in html and '<img src="current.svg"' in html
    assert 'href="S1905M/index.html"' in html and 'href="F1905M/index.html"' in html
    assert "<h3>1905</h3>" in html  # jump to a year
    assert 'href="end.html"' in html


def test_addresses_never_appear(built) -> None:
    for page in pages(built["out"]):
        assert "alice@example.org" not in page.read_text(encoding="utf-8")
    html = (built["out"] / "games" / "solo" / "index.html").read_text(encoding="utf-8")
    assert "<tr><td>France</td><td>played</td></tr>" in html
    assert "<tr><td>Germany</td><td>no player</td></tr>" in html


def test_anonymous_game_shows_no_players(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    with folder.lock():
        Roster(folder).set_player("France", "alice@example.org", "add")
        settings = folder.settings()
        folder.write_settings({**settings, "site": {"anonymous": True}})
    build_site(judge.path, tmp_path / "out")
    game = (tmp_path / "out" / "games" / "g" / "index.html").read_text(encoding="utf-8")
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'id="players-h"' not in game and "<td>anonymous</td>" in index
    assert "played" not in index


def test_untrusted_text_is_escaped_everywhere(built) -> None:
    for page in pages(built["out"]):
        text = page.read_text(encoding="utf-8")
        assert 'alert("t")</script>' not in text and "<script>alert" not in text, page
    html = (built["out"] / "games" / "solo" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt; &amp; &#34;Co&#34;" in html


def test_pages_fetch_nothing_from_elsewhere(built) -> None:
    for page in pages(built["out"]):
        text = page.read_text(encoding="utf-8")
        if page.name == "report.html":
            continue  # the game's own HTML report, tested with the reports
        assert "default-src 'none'" in text and "script-src 'self'" in text
        assert not re.search(r"(?:src|href)=\"(?:https?:)?//", text), page
        assert len(re.findall(r"<script", text)) == 1 and "<script src=" in text
    css = (built["out"] / "site.css").read_text(encoding="utf-8")
    assert "@import" not in css and "url(" not in css


def test_pages_are_accessible(built) -> None:
    for page in pages(built["out"]):
        if page.name == "report.html":
            continue
        c = sitecheck.check_html(page)
        assert all(img.get("alt") for img in c.imgs), page
        text = page.read_text(encoding="utf-8")
        assert '<html lang="en">' in text and text.count("<h1>") == 1
        assert '<main id="main">' in text and 'href="#main"' in text


# --- charts --------------------------------------------------------------------------------
def test_diplomacy_chart_counts_centres_per_year(built) -> None:
    html = (built["out"] / "games" / "solo" / "index.html").read_text(encoding="utf-8")
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'class="chart"' in html
    assert "<title id=\"chart-centres-title\">Supply centres</title>" in html
    row = re.search(r'<tr><th scope="row">France</th>(.*?)</tr>', html).group(1)
    assert re.findall(r"<td>(\S+?)</td>", row) == ["17", "18"]
    assert '<th scope="col">1904</th><th scope="col">1905</th>' in html


def test_aa_charts_production_and_treasury_per_round(built) -> None:
    html = (built["out"] / "games" / "aa" / "index.html").read_text(encoding="utf-8")
    assert 'id="chart-production-title"' in html and 'id="chart-treasury-title"' in html
    assert '<th scope="col">start</th>' in html
    assert re.search(r'<tr><th scope="row">Germany</th><td>40</td>', html)


# --- the end of a game ---------------------------------------------------------------------
def test_end_page_has_result_final_map_chart_and_lateness(built) -> None:
    html = (built["out"] / "games" / "solo" / "end.html").read_text(encoding="utf-8")
    assert '<p class="banner">solo victory of France</p>' in html
    assert '<img src="current.svg" alt="Map of' in html
    assert 'id="chart-centres-title"' in html
    assert re.search(r'<tr><th scope="row">France</th><td>played</td><td>0</td><td>0</td>',
                     html)
    assert not (built["out"] / "games" / "fresh" / "end.html").exists()


def test_lateness_is_counted_on_the_end_page(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = solo_game(judge)
    with folder.lock():
        Roster(folder).set_player("Germany", "gert@example.org", "add")
        Roster(folder).record_lateness("S1905M", ["Germany"], "late")
    # the desk counted Germany's missing orders of F1905M (as every power's) when it ended
    build_site(judge.path, tmp_path / "out")
    html = (tmp_path / "out" / "games" / "solo" / "end.html").read_text(encoding="utf-8")
    assert re.search(r'<tr><th scope="row">Germany</th><td>played</td><td>1</td><td>1</td>',
                     html)
    assert "gert@example.org" not in html


# --- incremental builds --------------------------------------------------------------------
def test_rebuild_renders_nothing_new(built, tmp_path) -> None:
    out = tmp_path / "copy"
    shutil.copytree(built["out"], out)
    again = build_site(built["judge"].path, out)
    assert again.rendered == [] and again.written == 0
    assert len(again.unchanged) == len(built["report"].rendered)


def test_only_new_phases_are_rendered(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    service.adjudicate(folder, force=True)
    first = build_site(judge.path, tmp_path / "out")
    assert first.rendered == ["g/S1901M", "g/F1901M"]
    page = tmp_path / "out" / "games" / "g" / "S1901M" / "index.html"
    before = page.stat().st_mtime_ns
    service.adjudicate(folder, force=True)  # W1901A or S1902M
    second = build_site(judge.path, tmp_path / "out")
    new = folder.history()[-1]["phase"]
    # the new phase, and the one before it (its "next" link appeared)
    assert second.rendered == ["g/F1901M", f"g/{new}"]
    assert page.stat().st_mtime_ns == before
    shutil.rmtree(tmp_path / "out")
    third = build_site(judge.path, tmp_path / "out")
    assert third.rendered == ["g/S1901M", "g/F1901M", f"g/{new}"]


def test_a_rolled_back_phase_leaves_the_site(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    service.adjudicate(folder, force=True)
    build_site(judge.path, tmp_path / "out")
    service.rollback(folder, "F1901M")
    again = build_site(judge.path, tmp_path / "out")
    assert again.removed == ["g/F1901M"]
    assert not (tmp_path / "out" / "games" / "g" / "F1901M").exists()
    assert sitecheck.broken_links(tmp_path / "out") == []


def test_a_game_that_cannot_be_read_stops_no_other(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    service.new_game(judge.game_path("good"), "diplomacy")
    bad = service.new_game(judge.game_path("bad"), "diplomacy")
    state = json.loads((bad.path / "game.json").read_text())
    (bad.path / "game.json").write_text(json.dumps({**state, "schema_version": 99}))
    report = build_site(judge.path, tmp_path / "out")
    assert len(report.errors) == 1 and report.errors[0].startswith("bad: ")
    assert "schema_version 99" in report.errors[0]
    assert (tmp_path / "out" / "games" / "good" / "index.html").is_file()


def test_a_single_game_folder_makes_a_site(tmp_path) -> None:
    folder = service.new_game(tmp_path / "g", "diplomacy", title="Alone")
    service.adjudicate(folder, force=True)
    report = build_site(folder.path, tmp_path / "out")
    assert report.games == ["g"] and report.rendered == ["g/S1901M"]
    assert sitecheck.broken_links(tmp_path / "out") == []


def test_bad_sources_and_outputs_are_refused(tmp_path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(SiteError, match="neither a judge folder"):
        build_site(tmp_path / "empty", tmp_path / "out")
    folder = service.new_game(tmp_path / "g", "diplomacy")
    with pytest.raises(SiteError, match="inside"):
        build_site(folder.path, folder.path / "site")
    (tmp_path / "file").write_text("x")
    with pytest.raises(SiteError, match="is a file"):
        build_site(folder.path, tmp_path / "file")
    assert not (folder.path / "site").exists()


# --- the commands --------------------------------------------------------------------------
def run(*args, code=0):
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == code, res.output
    return res


def test_adj_site_command(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    res = json.loads(run("site", str(judge.path), "-o", str(tmp_path / "out"), "--json").output)
    assert res["rendered"] == ["g/S1901M"] and res["errors"] == []
    text = run("site", str(judge.path), "-o", str(tmp_path / "out")).output
    assert "0 phase pages rendered, 1 unchanged" in text
    run("site", str(tmp_path / "missing"), "-o", str(tmp_path / "out"), code=2)


def test_adj_tick_site_brings_the_site_up_to_date(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    judge, _ = Judge.init(tmp_path / "j")
    service.new_game(judge.game_path("g"), "diplomacy")
    res = json.loads(run("tick", str(judge.path), "--site", str(tmp_path / "out"),
                         "--json").output)
    assert res["site"]["games"] == ["g"]
    assert (tmp_path / "out" / "games" / "g" / "index.html").is_file()


# --- in a real browser ---------------------------------------------------------------------
needs_browser = pytest.mark.skipif(sitecheck.chromium() is None,
                                   reason="chromium is not installed (.ci/run installs it)")

def _sea_colour(svg: str) -> str:
    m = re.search(r'class="sea-background"[^>]*fill="(#[0-9a-fA-F]{6})"', svg) or re.search(
        r'fill="(#[0-9a-fA-F]{6})"[^>]*class="sea-background"', svg)
    assert m, "the map has a sea background"
    return m.group(1).lower()


@needs_browser
@pytest.mark.parametrize("name", ["solo", "aa"])
@pytest.mark.parametrize("width", [1280, 390])
def test_browser_shows_the_map_and_the_chart(built, tmp_path, name: str, width: int) -> None:
    """A screenshot of a game page at desktop and phone width: the map (found by its sea
    colour) fills most of the page's width and is not blank; below it, the chart's lines
    (found by the powers' colours) span most of the chart's width."""
    page = built["out"] / "games" / name / "index.html"
    svg = (page.parent / "current.svg").read_text(encoding="utf-8")
    height = 1700 if width > 1000 else 2000
    shot = sitecheck.screenshot(page, tmp_path / f"{name}-{width}.png", width, height)
    w, h, rows = sitecheck.read_png(shot)
    assert (w, h) == (width, height)
    box = sitecheck.colour_box(rows, {_sea_colour(svg)})
    assert box is not None, "no map in the screenshot"
    left, top, right, bottom = box
    assert right - left >= 0.6 * width and bottom - top >= 0.25 * (right - left)
    assert sitecheck.distinct_colours(rows, box) > 200  # land, units, names: not blank

    chart = re.search(r'<div class="chartview">(.*?)</div>', page.read_text(encoding="utf-8"),
                      re.DOTALL).group(1)
    # the powers' line colours, greys left out (the edges of dark text can take their shade)
    colours = {c for c in re.findall(r'<g class="series" stroke="(#[0-9a-fA-F]{6})"', chart)
               if max(bytes.fromhex(c[1:])) - min(bytes.fromhex(c[1:])) > 24}
    assert len(colours) >= 4
    area = sitecheck.colour_box(rows, {chart_background})
    assert area is not None, "no chart in the screenshot"
    c_left, c_top, c_right, c_bottom = area
    assert c_top > bottom  # below the map
    assert c_right - c_left >= 0.6 * min(width, 860) and c_bottom - c_top >= 120
    # the first chart's plot, left of its legend: a chart is twice as wide as it is high
    # (two charts stand side by side on a desktop, one above the other on a phone) and its
    # plot runs from 7% to 79% of its width, the legend after
    chart_w = min(c_right - c_left, 2 * (c_bottom - c_top))
    plot = [r[3 * c_left:3 * (c_left + int(0.78 * chart_w))]
            for r in rows[c_top:c_top + chart_w // 2]]
    lines = sitecheck.colour_box(plot, colours)
    assert lines is not None, "the chart has no lines"
    assert lines[2] - lines[0] >= 0.6 * chart_w and lines[3] - lines[1] > 20


# --- press and diaries, from real mail -----------------------------------------------------
def test_broadcast_press_from_mail_appears_and_nothing_private_does(desk, tmp_path) -> None:
    """Players' mail with a broadcast, a grey broadcast, a private press and a diary entry:
    the site shows the broadcasts (escaped; the grey one without its sender) on the phase
    and game pages, never the private press, and the diary only once the game is over."""
    from deskutil import order_mail

    from adjudicator.desk import press

    folder = desk.folder("g1")
    with folder.lock():
        press.configure(folder, press.parse_settings("white-grey"))
    france = desk.tokens["g1"]["France"]
    res = desk.ingest(order_mail("g1", "France", france, (
        "BROADCAST\nHello <b>all</b> & welcome\nENDPRESS\n"
        "PRESS TO ALL GREY\nsomeone is lying\nENDPRESS\n"
        "PRESS TO England\nour secret plan\nENDPRESS\n"
        "DIARY\nmy private diary\nENDDIARY\n"
        "A par - bur\n")))
    assert res.status == "accepted", res.detail
    assert len(press.public_press(folder)) == 2
    service.adjudicate(folder, force=True)
    out = tmp_path / "out"
    build_site(desk.judge.path, out)
    phase = (out / "games" / "g1" / "S1901M" / "index.html").read_text(encoding="utf-8")
    game = (out / "games" / "g1" / "index.html").read_text(encoding="utf-8")
    for html in (phase, game):
        assert "Hello &lt;b&gt;all&lt;/b&gt; &amp; welcome" in html
        assert '<div class="from">France · <span class="code">S1901M</span>' in html
        assert "someone is lying" in html and "Anonymous (grey press)" in html
    everything = "".join(p.read_text(encoding="utf-8") for p in pages(out))
    assert "our secret plan" not in everything and "my private diary" not in everything
    assert "<b>all</b>" not in everything

    service.declare_draw(folder, ["France", "Germany", "England"])
    build_site(desk.judge.path, out)
    end = (out / "games" / "g1" / "end.html").read_text(encoding="utf-8")
    assert 'id="diaries-h"' in end and "my private diary" in end
    everything = "".join(p.read_text(encoding="utf-8") for p in pages(out))
    assert "our secret plan" not in everything


def test_press_kept_from_observers_stays_off_the_site(desk, tmp_path) -> None:
    from deskutil import order_mail

    from adjudicator.desk import press

    folder = desk.folder("g1")
    res = desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"],
                                 "BROADCAST\nfor players only\nENDPRESS\nA par - bur\n"))
    assert res.status == "accepted", res.detail
    service.adjudicate(folder, force=True)
    build_site(desk.judge.path, tmp_path / "out")
    game = tmp_path / "out" / "games" / "g1" / "index.html"
    assert "for players only" in game.read_text(encoding="utf-8")
    with folder.lock():
        press.configure(folder, press.parse_settings("observers=none"))
    again = build_site(desk.judge.path, tmp_path / "out")
    assert "g1/S1901M" in again.rendered  # its press changed
    for page in pages(tmp_path / "out"):
        assert "for players only" not in page.read_text(encoding="utf-8")


def test_fsck_finds_a_misspelt_site_setting(tmp_path) -> None:
    from adjudicator.desk.fsck import check_desk_files

    folder = service.new_game(tmp_path / "g", "diplomacy")
    assert not any("site" in p for p in check_desk_files(folder))
    with folder.lock():
        folder.write_settings({**folder.settings(), "site": {"anonymus": True}})
    assert any("unknown site setting 'anonymus' (known: anonymous)" in p
               for p in check_desk_files(folder))
    with folder.lock():
        folder.write_settings({**folder.settings(), "site": {"anonymous": "yes"}})
    assert any("site setting 'anonymous' must be true or false" in p
               for p in check_desk_files(folder))


def test_a_tampered_manifest_deletes_nothing_outside_the_site(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    out = tmp_path / "out"
    build_site(judge.path, out)
    (tmp_path / "precious").mkdir()
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["games"]["g"]["../../../precious"] = "x"
    manifest["games"]["../precious"] = {}
    manifest["games"]["junk"] = "not an object"
    (out / "manifest.json").write_text(json.dumps(manifest))
    report = build_site(judge.path, out)
    assert (tmp_path / "precious").is_dir()
    assert report.errors == [] and report.rendered == []
    assert set(json.loads((out / "manifest.json").read_text())["games"]) == {"g"}


def test_a_conceded_game_says_so(tmp_path) -> None:
    judge, _ = Judge.init(tmp_path / "j")
    folder = service.new_game(judge.game_path("g"), "diplomacy")
    service.adjudicate(folder, force=True)
    service.declare_concession(folder, "France")
    build_site(judge.path, tmp_path / "out")
    page = tmp_path / "out" / "games" / "g" / "F1901M" / "index.html"
    assert ('<p class="banner">The game was conceded to France in Fall 1901 Movement.</p>'
            in page.read_text(encoding="utf-8"))
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert '<tr data-status="finished">' in index


SCRIPT_HARNESS = r"""
const listeners = {}; const out = {};
function el(attrs) {
  return { attrs: attrs, hidden: true, classes: new Set(), handlers: {},
    getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; },
    setAttribute(k, v) { this.attrs[k] = String(v); },
    addEventListener(t, f) { this.handlers[t] = f; },
    classList: null };
}
function withClasses(e) {
  e.classList = { remove: (...c) => c.forEach(x => e.classes.delete(x)),
                  add: (c) => e.classes.add(c),
                  toggle: (c, on) => on ? e.classes.add(c) : e.classes.delete(c) };
  return e;
}
const next = el({ "data-key": "ArrowRight" }); next.href = "../F1901M/index.html";
const prev = el({ "data-key": "ArrowLeft" }); prev.href = "../S1901M/index.html";
const buttons = [1, 2, 4].map(z => el({ "data-zoom": String(z) }));
const zoom = el({}); zoom.querySelectorAll = () => buttons;
const view = withClasses(el({}));
const groups = ["open", "running"].map(s => withClasses(el({ "data-status": s })));
const filters = ["all", "open", "running"].map(s => el({ "data-filter": s }));
global.window = { location: { href: "start", hash: "#running" } };
global.history = { replaceState: (a, b, h) => { out.hash = h; } };
global.document = {
  addEventListener: (t, f) => { listeners[t] = f; },
  querySelector: (q) => q === ".zoom" ? zoom : q === ".mapcard .mapview" ? view
    : q.startsWith('.phasenav a[data-key="ArrowRight"]') ? next
    : q.startsWith('.phasenav a[data-key="ArrowLeft"]') ? prev
    : q.startsWith('.filters a[data-filter="') ? filters.find(f => q.includes('"' + f.attrs["data-filter"] + '"')) || null
    : null,
  querySelectorAll: (q) => q === ".filters a[data-filter]" ? filters
    : q === ".status-group" ? groups : [],
};
eval(require("fs").readFileSync(0, "utf8"));
out.hiddenAtStart = groups.map(g => g.classes.has("hidden"));
listeners.keydown({ key: "ArrowRight", target: { tagName: "BODY" } });
out.afterRight = window.location.href;
listeners.keydown({ key: "ArrowLeft", target: { tagName: "INPUT" } });
out.inInput = window.location.href;
listeners.keydown({ key: "ArrowLeft", altKey: true, target: { tagName: "BODY" } });
out.withAlt = window.location.href;
listeners.keydown({ key: "ArrowLeft", target: { tagName: "BODY" } });
out.afterLeft = window.location.href;
out.zoomShown = !zoom.hidden;
buttons[2].handlers.click();
out.zoomed = [...view.classes];
out.pressed = buttons.map(b => b.attrs["aria-pressed"]);
filters[1].handlers.click({ preventDefault() {} });
out.hiddenAfterOpen = groups.map(g => g.classes.has("hidden"));
out.hashOpen = out.hash;
filters[0].handlers.click({ preventDefault() {} });
out.hiddenAfterAll = groups.map(g => g.classes.has("hidden"));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_site_script_steps_phases_zooms_and_filters(built) -> None:
    """site.js run by node against stand-in elements: the arrow keys follow the previous and
    next links (not while typing, not with a modifier), the zoom buttons widen the map, the
    filter shows one status (the address's fragment chooses the first)."""
    import subprocess

    script = (built["out"] / "site.js").read_text(encoding="utf-8")
    run = subprocess.run(["node", "-e", SCRIPT_HARNESS], input=script, capture_output=True,
                         text=True, timeout=60, check=True)
    out = json.loads(run.stdout)
    assert out["hiddenAtStart"] == [True, False]  # "#running"
    assert out["afterRight"] == "../F1901M/index.html"
    assert out["inInput"] == out["withAlt"] == "../F1901M/index.html"
    assert out["afterLeft"] == "../S1901M/index.html"
    assert out["zoomShown"] and out["zoomed"] == ["z4"]
    assert out["pressed"] == ["false", "false", "true"]
    assert out["hiddenAfterOpen"] == [False, True] and out["hashOpen"] == "#open"
    assert out["hiddenAfterAll"] == [False, False]
