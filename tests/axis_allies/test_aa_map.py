"""The A&A map: its geometry data, the board it draws, a turn's marks, escaping, the wiring.

Nothing here reads the TripleA reference files: the data checks run on the derived
``games/aa1942/geometry.json`` alone (``tools/aa_geometry.py`` makes the same checks).
"""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from adjudicator import service
from adjudicator.axis_allies import mapsvg
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.mapsvg import load_geometry, render_map_svg, turn_facts
from adjudicator.axis_allies.state import add_unit, initial_state
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.publish import files
from adjudicator.publish.svg import css_token
from adjudicator.resources import game_data_path
from adjudicator.store import GameFolder

ED = load_edition("aa1942")
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_id(root: ET.Element, ident: str) -> ET.Element | None:
    return root.find(f".//{SVG}g[@id='{ident}']")


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """The drawn items of one class (not the layers that hold them)."""
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()
            and "layer" not in (g.get("class") or "").split()]


def chips(root: ET.Element, block: str) -> list[ET.Element]:
    g = by_id(root, f"block-{css_token(block)}")
    return [] if g is None else [r for r in g.iter(f"{SVG}rect") if r.get("class") == "chip"]


# --- the data ------------------------------------------------------------------------------------
def raw_geometry() -> dict:
    return json.loads((game_data_path("aa1942") / "geometry.json").read_text(encoding="utf-8"))


def test_every_region_of_the_game_has_a_shape():
    geo = load_geometry("aa1942")
    assert set(geo.shapes) == set(ED.map.regions)
    for rid, shape in geo.shapes.items():
        assert shape.rings and shape.d, rid
        area = sum(abs(_area(r)) for r in shape.rings)
        assert area > 40, (rid, area)  # the smallest islands are a few board pixels wide
        assert 0 <= shape.spot[0] <= geo.width and 0 <= shape.spot[1] <= geo.height
        assert shape.contains(shape.spot), rid  # the spot for the counters is inside
        if ED.map.is_sea(rid):
            assert shape.label is not None, rid


def _area(ring) -> float:
    return 0.5 * sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))


def _arc_owners(data: dict) -> dict[int, set[str]]:
    owners: dict[int, set[str]] = {}
    for rid, r in data["regions"].items():
        for ring in r["rings"]:
            for ref in ring:
                owners.setdefault(ref if ref >= 0 else -ref - 1, set()).add(rid)
    return owners


def _arc_length(arc: list[int]) -> float:
    return sum(math.hypot(arc[i], arc[i + 1]) for i in range(2, len(arc), 2))


def test_neighbours_touch_on_the_drawing():
    """Every adjacency of the board is a border the two regions share (the same simplified
    line on both sides: no gap can open), the left/right wrap of the board, or a link the map
    draws (canals)."""
    data = raw_geometry()
    border: Counter[frozenset[str]] = Counter()
    for i, owners in _arc_owners(data).items():
        if len(owners) == 2:
            border[frozenset(owners)] += _arc_length(data["arcs"][i])
    wraps = {frozenset(p) for p in ED.map.wrap_edges}
    links = {frozenset(lk["regions"]) for lk in data["links"]}
    missing = []
    for a in ED.map.regions:
        for b in ED.map.neighbours(a):
            pair = frozenset((a, b))
            if pair in wraps or pair in links:
                continue
            if border[pair] < 2:
                missing.append(tuple(sorted(pair)))
    assert not missing, sorted(set(missing))
    assert links == {frozenset(("sz15", "sz34")), frozenset(("sz19", "sz20"))}  # Suez, Panama
    for c in ED.map.canals:  # every canal is drawn
        assert frozenset(c.sea_zones) in links | {p for p in border if border[p] >= 2}


def test_regions_that_share_a_border_are_neighbours():
    """The converse: a border of real length on the drawing is an adjacency of the game (a
    corner touch is not), so the picture never shows a connection the rules do not have."""
    data = raw_geometry()
    border: Counter[frozenset[str]] = Counter()
    for i, owners in _arc_owners(data).items():
        if len(owners) == 2:
            border[frozenset(owners)] += _arc_length(data["arcs"][i])
    wrong = {tuple(sorted(p)) for p, length in border.items()
             if length > 12 and not ED.map.are_adjacent(*p)}
    # TripleA's board itself: the Sahara reaches the Atlantic for a few miles (sea zone 17)
    # and the Himalaya meets Kazakh S.S.R. at a corner, with no connection in the game
    assert wrong == {("sahara", "sz17"), ("himalaya", "kazakh_ssr")}


def test_wrap_edges_meet_at_the_board_edge():
    geo = load_geometry("aa1942")
    for a, b in ED.map.wrap_edges:
        xs_a = [x for r in geo.shapes[a].rings for x, _ in r]
        xs_b = [x for r in geo.shapes[b].rings for x, _ in r]
        left, right = (a, b) if min(xs_a) < min(xs_b) else (b, a)
        assert min(x for r in geo.shapes[left].rings for x, _ in r) == 0
        assert max(x for r in geo.shapes[right].rings for x, _ in r) == geo.width


def test_the_data_is_small_and_says_how_it_was_made():
    path = game_data_path("aa1942") / "geometry.json"
    data = raw_geometry()
    assert path.stat().st_size < 80_000
    assert data["tolerance"] == 1.5 and "tools/aa_geometry.py" in data["credit"]
    assert sum(len(a) // 2 for a in data["arcs"]) < 8000
    notice = (game_data_path("aa1942") / "NOTICE").read_text(encoding="utf-8")
    assert "geometry.json" in notice and "TripleA" in notice


# --- the board ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def opening_svg() -> str:
    return render_map_svg(initial_state(ED), ED, title="Opening")


def test_every_territory_and_sea_zone_is_drawn(opening_svg):
    root = parse(opening_svg)
    ids = {css_token(r) for r in ED.map.regions}
    assert len(ids) == len(ED.map.regions)
    drawn = {g.get("id")[len("region-"):] for g in groups(root, "region")}
    assert drawn == ids
    blocks = {g.get("id")[len("block-"):] for g in groups(root, "block")}
    assert blocks == ids  # every region has its name or number
    numbers = {t.text for t in root.iter(f"{SVG}text")}
    assert {str(ED.map.region(z).sea_zone_number) for z in ED.map.sea_zones} <= numbers


def test_controllers_ipc_capitals_victory_cities_complexes(opening_svg):
    root = parse(opening_svg)
    germany = by_id(root, "region-germany")
    assert "controlled" in germany.get("class") and "germany" in germany.get("class")
    block = by_id(root, "block-germany")
    classes = [e.get("class") for e in block.iter()]
    assert {"ipc", "capital", "victory-city", "complex"} <= set(classes)
    assert "10" in [t.text for t in block.iter(f"{SVG}text")]
    capitals = [g for g in groups(root, "block") if any(
        e.get("class") == "capital" for e in g.iter())]
    assert len(capitals) == len(ED.map.capitals())
    vcs = [g for g in groups(root, "block") if any(
        e.get("class") == "victory-city" for e in g.iter())]
    assert len(vcs) == len(ED.map.victory_cities())
    # a territory held by another power than its original owner is striped
    held = [t for t in ED.map.territories if ED.starting_controller(t) and
            ED.map.region(t).original_owner not in (None, ED.starting_controller(t))]
    for t in held:
        g = by_id(root, f"region-{css_token(t)}")
        assert "held-from" in g.get("class"), t


def test_units_are_counted_per_power_and_type_on_a_known_position():
    s = initial_state(ED)
    s["units"] = []
    put = lambda p, t, loc, n=1, aboard=None: [add_unit(s, p, t, loc, aboard=aboard)
                                               for _ in range(n)]
    put("germany", "infantry", "karelia_ssr", 3)
    put("germany", "artillery", "karelia_ssr", 1)
    put("germany", "tank", "karelia_ssr", 2)
    put("ussr", "infantry", "karelia_ssr", 1)  # a second power in the same territory
    bb = put("uk", "battleship", "sz2", 2)
    s["units"][-1]["damage"] = 1  # one of the two battleships is damaged
    tt = put("uk", "transport", "sz2", 2)
    put("uk", "infantry", "sz2", 2, aboard=tt[0])
    cv = put("usa", "carrier", "sz2", 1)
    put("usa", "fighter", "sz2", 1, aboard=cv[0])
    put("uk", "fighter", "sz2", 1, aboard=cv[0])  # an allied fighter on the carrier
    s["controllers"]["karelia_ssr"] = "germany"
    s["complexes"]["germany"]["damage"] = 4
    assert bb
    root = parse(render_map_svg(s, ED))
    karelia = [(c.get("data-power"), c.get("data-unit"), c.get("data-count"))
               for c in chips(root, "karelia_ssr")]
    assert karelia == [("germany", "infantry", "3"), ("germany", "artillery", "1"),
                       ("germany", "tank", "2"), ("ussr", "infantry", "1")]
    block = by_id(root, "block-karelia-ssr")
    texts = [t.text for t in block.iter(f"{SVG}text")]
    assert ["3 inf", "1 art", "2 arm", "1 inf"] == [t for t in texts if t and t[0].isdigit()
                                                    and " " in t]
    sea = {(c.get("data-power"), c.get("data-unit"), c.get("data-count"),
            c.get("data-damaged"), c.get("data-cargo")) for c in chips(root, "sz2")}
    assert sea == {("uk", "battleship", "1", None, None),
                   ("uk", "battleship", "1", "1", None),  # the damaged one, marked "hit"
                   ("uk", "transport", "1", None, None),
                   ("uk", "transport", "1", None, "uk infantry 2"),
                   ("usa", "carrier", "1", None, "usa fighter 1; uk fighter 1")}
    sz2 = [t.text for t in by_id(root, "block-sz2").iter(f"{SVG}text")]
    assert "hit" in sz2 and "2 inf" in sz2 and "1 ftr" in sz2
    # every unit on the board is on exactly one counter
    total = sum(int(c.get("data-count")) for c in root.iter(f"{SVG}rect")
                if c.get("class") == "chip" and c.get("data-count"))  # not the legend's
    aboard = sum(1 for u in s["units"] if u["aboard"])
    assert total == len(s["units"]) - aboard
    dmg = by_id(root, "block-germany").find(f".//{SVG}rect[@class='complex-damage']")
    assert dmg is not None and dmg.get("data-damage") == "4"


def test_the_legend_and_the_footer(opening_svg):
    root = parse(opening_svg)
    legend = " ".join(t.text or "" for g in groups(root, "legend-item")
                      for t in g.iter(f"{SVG}text"))
    for words in ("IPC value", "capital", "victory city", "industrial complex",
                  "sea zone number", "damaged battleship", "transport with units aboard"):
        assert words in legend
    assert "combat move" not in legend  # the turn's symbols only on a turn's map
    footer = " ".join(t.text or "" for t in root.find(f".//{SVG}g[@class='footer']")
                      .iter(f"{SVG}text"))
    for p in ED.setup.powers.values():
        assert p.name in footer
    assert "Victory cities (9 win)" in footer and "Axis 6" in footer and "Allies 6" in footer
    assert "40 IPC" in footer  # Germany's treasury and production
    abbreviations = root.find(f".//{SVG}g[@class='legend-abbreviations']")
    assert "inf infantry" in "".join(abbreviations.itertext())


# --- a played turn --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> GameFolder:
    """The bundled sample game (two rounds), with a fixed dice seed."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("adjudicator.dice.new_seed", lambda: bytes(range(32)))
        return service.play_examples(str(tmp_path_factory.mktemp("aa") / "demo"), "aa1942",
                                     log=lambda *_: None)


#: how the map words a battle's end (the battle engine's ``end_reason``)
OUTCOME = {"defender-eliminated": "won", "defenceless-transports": "won",
           "attacker-eliminated": "repelled", "attacker-retreated": "retreated",
           "both-eliminated": "both destroyed"}


def events(folder: GameFolder, phase: str) -> dict:
    record, _ = files.find_record(folder, service.game_of(folder), phase)
    return record["events"]


def record_svg(folder: GameFolder, phase: str, **kw) -> str:
    game = service.game_of(folder)
    record, after = files.find_record(folder, game, phase)
    return game.record_map_svg(record, after, **kw)


def test_a_turn_map_has_arrows_battles_captures_and_new_units(demo):
    root = parse(record_svg(demo, "r1-germany-purchase", title="Demo"))
    arrows = Counter(g.get("class").split()[1] for g in groups(root, "arrow"))
    assert arrows["combat"] >= 2 and arrows["bombing"] == 1 and arrows["noncombat"] >= 1
    assert arrows["landing"] >= 1
    assert all("germany" in g.get("class") for g in groups(root, "arrow"))
    titles = [g.findtext(f"{SVG}title") for g in groups(root, "arrow")]
    assert any(t.startswith("combat move: 3 inf, 1 ftr Norway - Karelia") for t in titles)
    labels = {"".join(g.itertext()).strip() for g in groups(root, "arrow-label")}
    assert "3 inf, 1 ftr" in labels
    battles = {g.get("id"): "".join(t.text or "" for t in g.iter(f"{SVG}text"))
               for g in groups(root, "battle")}
    ev = events(demo, "r1-germany-purchase")
    for b in ev["battles"]:
        mark = battles[f"battle-{css_token(b['region'])}-0"]
        if b["kind"] == "bombing":
            assert mark == f"+{b['raid']['damage_added']} damage"
        else:
            assert mark == OUTCOME[b["result"]["end_reason"]]
    assert len(battles) == 3  # Karelia, Anglo-Egypt Sudan, the raid on Russia
    assert {g.get("id") for g in groups(root, "captured")} == {
        f"captured-{css_token(c['territory'])}" for c in ev["captures"]}
    new = [(c.get("data-unit"), c.get("data-count")) for c in chips(root, "germany")
           if c.get("data-new")]
    assert sorted(new) == [("artillery", "1"), ("infantry", "6"), ("tank", "2")]
    legend = " ".join(t.text or "" for g in groups(root, "legend-item")
                      for t in g.iter(f"{SVG}text"))
    for words in ("combat move", "noncombat move", "amphibious assault",
                  "strategic bombing raid", "battle", "captured", "placed this turn"):
        assert words in legend
    heading = root.findtext(f"{SVG}title")
    assert heading == "Results of Round 1, Germany: purchase & combat - Demo"


def test_amphibious_assault_and_loading(demo):
    root = parse(record_svg(demo, "r2-usa-purchase"))
    kinds = Counter(g.get("class").split()[1] for g in groups(root, "arrow"))
    assert kinds["amphibious"] == 1 and kinds["load"] == 1 and kinds["combat"] == 2
    amph = next(g for g in groups(root, "arrow") if "amphibious" in g.get("class"))
    assert amph.findtext(f"{SVG}title").endswith("Sea Zone 12 - Algeria")
    landed = events(demo, "r2-usa-purchase")["captures"]
    assert {g.get("id") for g in groups(root, "captured")} == {
        f"captured-{css_token(c['territory'])}" for c in landed}


def test_without_orders_the_turn_map_is_the_position(demo):
    root = parse(record_svg(demo, "r1-germany-purchase", show_orders=False))
    assert not groups(root, "arrow") and not groups(root, "battle")


def test_turn_facts_are_plain_data(demo):
    game = service.game_of(demo)
    record, after = files.find_record(demo, game, "r1-japan-purchase")
    facts = turn_facts(record, after, ED)
    assert {b.region for b in facts.battles} == {"china", "sz35"}
    assert facts.captured == {c["territory"]: c["to"] for c in record["events"]["captures"]}
    assert facts.power == "japan" and len(facts.new_ids) == 7  # 5 inf, 1 arm, 1 art placed
    assert {a.kind for a in facts.arrows} >= {"combat", "noncombat"}


def test_arrows_across_the_edge_of_the_board_are_drawn_on_both_sides():
    s = initial_state(ED)
    record = {"state_before": s, "results": [], "events": {
        "moves": [{"section": "combat", "order": "1 battleship sz 20 -> sz 54",
                   "path": ["sz20", "sz54"], "unload_to": None}]}}
    root = parse(render_map_svg(s, ED, record=record))
    arrow = groups(root, "arrow")[0]
    paths = [p for p in arrow.iter(f"{SVG}path") if p.get("class") == "casing"]
    assert len(paths) == 2  # one copy leaving the left edge, one entering from the right


# --- escaping -------------------------------------------------------------------------------------
def test_untrusted_text_never_reaches_the_svg_unescaped():
    s = initial_state(ED)
    evil = '<script>alert("x")</script>&"\''
    s["units"].append({**s["units"][0], "id": "u999", "power": evil, "loc": "germany"})
    s["controllers"]["norway"] = evil
    svg = render_map_svg(s, ED, title=evil)
    assert "<script" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)  # still well-formed XML
    assert root.findtext(f"{SVG}title").endswith(evil)
    assert any(c.get("data-power") == evil for c in chips(root, "germany"))


def test_html_report_embeds_the_map_and_reports_write_map_svg(demo):
    game = service.game_of(demo)
    html = files.report_text(demo, game, "r1-germany-purchase", "html")
    assert html.count("<svg") == 1 and 'class="card map"' in html
    text = files.report_text(demo, game, "r1-germany-purchase", "text")
    assert "<svg" not in text
    assert (demo.path / "reports" / "r1-germany-purchase" / "map.svg").exists()


def test_results_mail_png(demo):
    png = files.map_png(demo, service.game_of(demo), "r2-japan-purchase")
    assert png is not None and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_adj_map_svg_and_png(demo, tmp_path):
    for name in ("m.svg", "m.png"):
        out = tmp_path / name
        res = CliRunner().invoke(main, ["map", str(demo.path), "r1-ussr-purchase", "-o",
                                        str(out), "--scale", "0.3"])
        assert res.exit_code == 0, res.output
        assert out.stat().st_size > 1000
    res = CliRunner().invoke(main, ["map", str(demo.path), "-o", str(tmp_path / "now.svg")])
    assert res.exit_code == 0
    head = (tmp_path / "now.svg").read_text(encoding="utf-8")[:600]
    assert "Round 3, Soviet Union: purchase &amp; combat" in head


def test_another_edition_only_brings_data(tmp_path):
    """The drawing reads nothing edition-specific from code: a made-up two-region board
    in the same format draws."""
    data = {"edition": "x", "canvas": {"width": 100, "height": 50, "wraps": False},
            "tolerance": 1, "arcs": [[0, 0, 50, 0, 0, 50], [50, 50, -50, 0, 0, -50],
                                     [50, 0, 50, 0, 0, 50, -50, 0]],
            "regions": {"a": {"rings": [[0, 1]], "spot": [25, 25], "room": 20},
                        "b": {"rings": [[2, -1]], "spot": [75, 25], "room": 20,
                              "label": [70, 20]}},
            "links": []}
    geo = mapsvg.geometry_from_json(data)
    assert geo.shapes["a"].contains((10 * mapsvg.SCALE, 10 * mapsvg.SCALE))
    assert not geo.shapes["a"].contains((80 * mapsvg.SCALE, 10 * mapsvg.SCALE))
    assert geo.shapes["b"].contains((80 * mapsvg.SCALE, 10 * mapsvg.SCALE))
    assert geo.shapes["b"].label == (35.0, 10.0)
    assert Path(mapsvg.__file__).read_text(encoding="utf-8").count("aa1942") == 0


# --- the derivation script, on a made-up board -------------------------------------------------
def _tool():
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("aa_geometry", root / "tools" / "aa_geometry.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_derivation_closes_seams_and_shares_borders():
    """Two squares traced one pixel apart (as TripleA does) and an island in a sea: after
    rasterising, closing the seam and tracing, each border is one arc both sides use."""
    tool = _tool()
    grid = [bytearray(40) for _ in range(20)]
    tool.rasterise(grid, [[(0, 0), (40, 0), (40, 20), (0, 20)]], 1)  # the sea
    tool.rasterise(grid, [[(2, 2), (18, 2), (18, 18), (2, 18)]], 2)  # land, a seam at 18-19
    tool.rasterise(grid, [[(19, 2), (30, 2), (30, 18), (19, 18)]], 3)
    for y in range(2, 18):
        grid[y][18] = 0  # the seam: a column of pixels no outline covers
    assert tool.fill_seams(grid) == 16 and grid[10][18] in (2, 3)
    arcs = tool.trace_arcs(grid)
    rings = {lab: tool.region_rings(arcs, lab) for lab in (1, 2, 3)}
    simple = [tool.simplify(p, 1.5) for p, _, _ in arcs]
    for lab, rs in rings.items():
        assert rs, lab
        for r in rs:
            pts = tool.ring_points(simple, r)
            assert pts[0] == pts[-1]  # every ring closes
    shared = {i for r in rings[2] for ref in r for i in [ref if ref >= 0 else -ref - 1]} & \
        {i for r in rings[3] for ref in r for i in [ref if ref >= 0 else -ref - 1]}
    assert shared  # the two lands share their border arc(s)
    area = sum(tool.area(tool.ring_points(simple, r)) for r in rings[2])
    assert 250 < abs(area) < 300  # 16 x 16, plus the seam it took
    assert tool.encode([(3, 4), (5, 4), (5, 9)]) == [3, 4, 2, 0, 0, 5]
    assert mapsvg._decode([3, 4, 2, 0, 0, 5]) == [(3, 4), (5, 4), (5, 9)]
