"""The A&A Revised board (issue 11 for Revised): the drawing of ``games/aa-revised/`` as the
map draws it, the opening position, a played turn (raids that cost IPC), escaping.

The arc-level checks of the Revised geometry file (shared borders, the four drawn borders
that are no connections, the wrap, the file's size) are in ``test_aa_revised_data.py``; here
the data is checked as the drawing loads it (picture pixels, spots, labels, canal links).
Nothing in the drawing code knows which edition it draws: what differs comes from the data
and the rules (``sbr_model``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from adjudicator import service
from adjudicator.axis_allies import mapsvg
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.mapsvg import load_geometry, render_map_svg, turn_facts
from adjudicator.axis_allies.state import initial_state
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.publish import files
from adjudicator.publish.svg import css_token
from adjudicator.store import GameFolder

ED = load_edition("aa-revised")
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_id(root: ET.Element, ident: str) -> ET.Element | None:
    return root.find(f".//{SVG}g[@id='{ident}']")


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()
            and "layer" not in (g.get("class") or "").split()]


def chips(root: ET.Element, block: str) -> list[ET.Element]:
    g = by_id(root, f"block-{css_token(block)}")
    return [] if g is None else [r for r in g.iter(f"{SVG}rect") if r.get("class") == "chip"]


def blocks_with(root: ET.Element, cls: str) -> set[str]:
    """The regions whose block holds a mark of class ``cls``."""
    return {g.get("id")[len("block-"):] for g in groups(root, "block")
            if any(e.get("class") == cls for e in g.iter())}


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(f"{SVG}text")]


# --- the data, as the drawing loads it ------------------------------------------------------------
def test_every_region_of_the_revised_board_has_a_shape_and_a_spot_inside_it():
    geo = load_geometry("aa-revised")
    assert geo.edition == "aa-revised" and geo.wraps
    assert set(geo.shapes) == set(ED.map.regions)
    assert len(ED.map.regions) == 143
    for rid, shape in geo.shapes.items():
        assert shape.rings and shape.d, rid
        assert 0 <= shape.spot[0] <= geo.width and 0 <= shape.spot[1] <= geo.height, rid
        assert shape.contains(shape.spot), rid  # the counters' place is inside the region
        if ED.map.is_sea(rid):
            assert shape.label is not None, rid  # where the board prints the number


def _corners(shape: mapsvg.Shape) -> set[tuple[float, float]]:
    return {p for ring in shape.rings for p in ring}


def test_neighbours_touch_on_the_drawing():
    """Every adjacency is drawn as a border the two shapes share (the same points on both
    sides, so no gap can open), the left/right wrap of the board, or a canal link."""
    geo = load_geometry("aa-revised")
    wraps = {frozenset(p) for p in ED.map.wrap_edges}
    links = {frozenset(lk.regions) for lk in geo.links}
    assert links == {frozenset(("sz15", "sz34")), frozenset(("sz19", "sz20"))}  # Suez, Panama
    corners = {rid: _corners(s) for rid, s in geo.shapes.items()}
    apart = sorted({tuple(sorted((a, b))) for a in ED.map.regions for b in ED.map.neighbours(a)
                    if frozenset((a, b)) not in wraps | links
                    and len(corners[a] & corners[b]) < 2})
    assert apart == []
    for a, b in ED.map.wrap_edges:  # the wrap: one shape at each edge of the board
        xs = sorted((min(x for r in geo.shapes[r_].rings for x, _ in r),
                     max(x for r in geo.shapes[r_].rings for x, _ in r)) for r_ in (a, b))
        assert xs[0][0] == 0 and xs[1][1] == geo.width, (a, b)


# --- the opening --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def opening() -> ET.Element:
    return parse(render_map_svg(initial_state(ED), ED, title="Opening"))


def test_every_territory_and_sea_zone_is_drawn_with_its_name_or_number(opening):
    ids = {css_token(r) for r in ED.map.regions}
    assert {g.get("id")[len("region-"):] for g in groups(opening, "region")} == ids
    assert {g.get("id")[len("block-"):] for g in groups(opening, "block")} == ids
    assert opening.get("data-edition") == "aa-revised"


def test_the_64_sea_zones_are_numbered(opening):
    numbers = {}
    for z in ED.map.sea_zones:
        block = by_id(opening, f"block-{css_token(z)}")
        marks = [e for e in block.iter() if e.get("class") == "sea-zone-number"]
        assert len(marks) == 1, z
        numbers[z] = next(t for t in texts(block) if t.isdigit())
    assert sorted(int(n) for n in numbers.values()) == list(range(1, 65))
    assert all(numbers[z] == str(ED.map.region(z).sea_zone_number) for z in numbers)


def test_twelve_victory_cities_with_los_angeles_five_capitals_eight_complexes(opening):
    vcs = ED.map.victory_cities()
    assert len(vcs) == 12 and vcs["western_united_states"] == "Los Angeles"
    assert blocks_with(opening, "victory-city") == {css_token(t) for t in vcs}
    west = by_id(opening, "block-western-united-states")
    assert "Los Angeles" in west.findtext(f"{SVG}title")
    assert blocks_with(opening, "capital") == {css_token(t) for t in ED.map.capitals().values()}
    assert len(ED.map.capitals()) == 5
    factories = {css_token(t) for t, per in ED.setup.units.items() if any(
        "industrial_complex" in us for us in per.values())}
    assert len(factories) == 8 and blocks_with(opening, "complex") == factories
    assert not opening.findall(f".//{SVG}rect[@class='complex-damage']")
    # the IPC value of a territory and the capital in its owner's colour
    usa = by_id(opening, "block-eastern-united-states")
    assert "12" in texts(usa)
    mark = next(e for e in usa.iter() if e.get("class") == "capital")
    assert mark.get("fill") == ED.setup.powers["usa"].colour


def test_every_starting_unit_is_on_one_counter_of_its_power(opening):
    want: Counter[tuple[str, str]] = Counter()
    for per in ED.setup.units.values():
        for power, us in per.items():
            for utype, n in us.items():
                if not ED.units[utype].is_building:
                    want[(power, utype)] += n
    drawn: Counter[tuple[str, str]] = Counter()
    for c in opening.iter(f"{SVG}rect"):
        if c.get("class") == "chip" and c.get("data-count"):
            drawn[(c.get("data-power"), c.get("data-unit"))] += int(c.get("data-count"))
            for part in filter(None, (c.get("data-cargo") or "").split("; ")):
                p, t, n = part.split()
                drawn[(p, t)] += int(n)  # fighters aboard their carrier
    assert drawn == want
    assert sum(want.values()) == 205 - 8  # the setup's 205, less the 8 complexes
    caucasus = [(c.get("data-power"), c.get("data-unit"), c.get("data-count"))
                for c in chips(opening, "caucasus")]
    assert caucasus == [("ussr", "infantry", "3"), ("ussr", "artillery", "1"),
                        ("ussr", "tank", "1"), ("ussr", "aa_gun", "1")]


def test_the_legend_and_the_footer(opening):
    legend = " ".join(t for g in groups(opening, "legend-item") for t in texts(g))
    for words in ("IPC value", "capital", "victory city", "sea zone number",
                  "transport with units aboard", "connection across a canal"):
        assert words in legend
    # Revised bombing takes IPC (digest A5.4): no complex damage to explain
    assert "industrial complex (bombing costs its owner IPC)" in legend
    assert "bombing damage" not in legend
    footer = " ".join(t.text or "" for t in opening.find(f".//{SVG}g[@class='footer']")
                      .iter(f"{SVG}text"))
    for p in ED.setup.powers.values():
        assert p.name in footer
    assert "Victory cities (8 win)" in footer  # minor victory unless chosen (digest C3 #27)
    assert "Axis 6" in footer and "Allies 6" in footer and "Los Angeles" in footer
    assert "42 IPC" in footer  # the United States' treasury and production
    abbreviations = "".join(opening.find(f".//{SVG}g[@class='legend-abbreviations']")
                            .itertext())
    assert "tt transport" in abbreviations and "cruiser" not in abbreviations


@pytest.mark.parametrize("level,need", [("minor", 8), ("major", 10), ("total", 12)])
def test_the_footer_counts_the_victory_level_chosen(level, need):
    s = initial_state(ED, {"victory": level})
    root = parse(render_map_svg(s, ED))
    head = root.find(f".//{SVG}g[@class='victory-head']")
    assert f"Victory cities ({need} win)" in texts(head)


def test_1942_keeps_its_complex_damage_legend():
    ed = load_edition("aa1942")
    root = parse(render_map_svg(initial_state(ed), ed))
    legend = " ".join(t for g in groups(root, "legend-item") for t in texts(g))
    assert "industrial complex, with its bombing damage" in legend


# --- a played turn --------------------------------------------------------------------------------
USSR = """purchase: 8 inf
combat move:
3 inf, 1 art, 2 arm Russia -> West Russia
3 inf, 1 arm Archangel -> West Russia
ftr Russia -> West Russia
ftr Karelia -> West Russia
noncombat move:
2 inf Kazakh -> Russia
landing:
land ftr West Russia: West Russia, Russia
place:
8 inf Russia
"""

GERMANY = """Purchase: 6 inf, 2 arm, 1 art
Combat move:
- 2 inf, 1 arm E Europe -> Karelia
- ftr E Europe -> Karelia
- 1 inf, 1 arm Libya -> Anglo-Egypt
- bmr Germany -> Caucasus (bomb)
Non-combat move:
- 2 inf Germany -> Eastern Europe
Landing:
land ftr Karelia: Karelia, Eastern Europe
land bmr: Ukraine, Germany
Place: 6 inf, 2 arm, 1 art Germany
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> GameFolder:
    """A Revised game with a fixed dice seed: the Soviet turn, then Germany's, whose bomber
    raids the Caucasus."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("adjudicator.dice.new_seed", lambda: bytes([4]) * 32)
        folder = service.new_game(str(tmp_path_factory.mktemp("rev") / "g"), "aa-revised")
    for power, text in (("ussr", USSR), ("germany", GERMANY)):
        ack = service.submit_orders(folder, power, text, source="test")
        assert not ack.errors, [e.describe() for e in ack.errors]
        service.adjudicate(folder, force=True)
    return folder


def record_of(folder: GameFolder, phase: str) -> tuple[dict, dict]:
    return files.find_record(folder, service.game_of(folder), phase)


def test_the_soviet_turn_map(game):
    record, after = record_of(game, "r1-ussr-purchase")
    root = parse(service.game_of(game).record_map_svg(record, after, title="Revised"))
    arrows = Counter(g.get("class").split()[1] for g in groups(root, "arrow"))
    assert arrows["combat"] >= 3 and arrows["noncombat"] == 1
    battle = record["events"]["battles"][0]
    assert battle["region"] == "west_russia"
    marks = {g.get("id"): "".join(texts(g)) for g in groups(root, "battle")}
    assert set(marks) == {"battle-west-russia-0"}
    assert {g.get("id") for g in groups(root, "captured")} == {
        f"captured-{css_token(c['territory'])}" for c in record["events"]["captures"]}
    new = [(c.get("data-unit"), c.get("data-count")) for c in chips(root, "russia")
           if c.get("data-new")]
    assert new == [("infantry", "8")]
    assert root.findtext(f"{SVG}title") == \
        "Results of Round 1, Soviet Union: purchase & combat - Revised"


def test_a_raid_costs_ipc_and_the_map_says_how_many(game):
    record, after = record_of(game, "r1-germany-purchase")
    raid = next(b["raid"] for b in record["events"]["battles"] if b["kind"] == "bombing")
    assert raid["model"] == "ipc_loss"
    lost = raid["ipc_lost"]
    facts = turn_facts(record, after, ED)
    assert facts.bombing_losses == {"ussr": lost}
    root = parse(service.game_of(game).record_map_svg(record, after))
    assert "".join(texts(by_id(root, "battle-caucasus-0"))) == f"-{lost} IPC"
    arrows = [g for g in groups(root, "arrow") if "bombing" in g.get("class")]
    assert len(arrows) == 1 and "Germany - Balkans - Sea Zone 16 - Caucasus" in \
        arrows[0].findtext(f"{SVG}title")
    note = by_id(root, "power-ussr").find(f".//{SVG}text[@class='power-notes']")
    assert note.text == f"lost {lost} IPC to bombing" and note.get("data-bombing-loss") == \
        str(lost)
    assert by_id(root, "power-germany").find(f".//{SVG}text[@class='power-notes']") is None
    # no complex damage in Revised: the Caucasus complex has no damage marker
    assert after["complexes"]["caucasus"]["damage"] == 0
    assert by_id(root, "block-caucasus").find(f".//{SVG}rect[@class='complex-damage']") is None
    legend = " ".join(t for g in groups(root, "legend-item") for t in texts(g))
    assert "strategic bombing raid" in legend and "bombing damage" not in legend


def test_reports_embed_the_map_and_the_results_mail_gets_a_png(game, tmp_path):
    g = service.game_of(game)
    html = files.report_text(game, g, "r1-germany-purchase", "html")
    assert html.count("<svg") == 1 and 'data-edition="aa-revised"' in html
    assert (game.path / "reports" / "r1-germany-purchase" / "map.svg").exists()
    png = files.map_png(game, g, "r1-germany-purchase")
    assert png is not None and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    out = tmp_path / "m.png"
    res = CliRunner().invoke(main, ["map", str(game.path), "r1-ussr-purchase", "-o", str(out),
                                    "--scale", "0.3"])
    assert res.exit_code == 0, res.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_footer_states_a_known_raid_and_clears_the_victory_cities():
    """A raid record with a known loss (as ``bombing.RaidResult.to_json`` writes it): the
    loss is the complex owner's, beside its treasury; the victory-city column moves right of
    the longest note."""
    s = initial_state(ED)
    raid = {"territory": "russia", "attacker": "germany", "fates": {}, "damage_rolled": 9,
            "damage_added": 0, "damage_after": 0, "cap": 8, "log": [], "rolls": [],
            "model": "ipc_loss", "ipc_lost": 8}
    record = {"state_before": s, "results": [], "events": {"battles": [
        {"region": "russia", "kind": "bombing", "raid": raid}]}}
    after = {**s, "turn": {**s["turn"], "power": "uk"}}
    root = parse(render_map_svg(after, ED, record=record))
    note = by_id(root, "power-ussr").find(f".//{SVG}text[@class='power-notes']")
    assert note.text == "lost 8 IPC to bombing"
    assert "".join(texts(by_id(root, "battle-russia-0"))) == "-8 IPC"
    head = root.find(f".//{SVG}g[@class='victory-head']").find(f"{SVG}text")
    assert float(head.get("x")) > float(note.get("x")) + mapsvg.text_width(
        note.text, mapsvg.LEGEND_FONT)


def test_1942_raids_damage_complexes_and_cost_no_ipc():
    ed = load_edition("aa1942")
    s = initial_state(ed)
    raid = {"territory": "russia", "attacker": "germany", "fates": {}, "damage_rolled": 4,
            "damage_added": 4, "damage_after": 4, "cap": 16, "log": [], "rolls": []}
    record = {"state_before": s, "results": [], "events": {"battles": [
        {"region": "russia", "kind": "bombing", "raid": raid}]}}
    assert turn_facts(record, s, ed).bombing_losses == {}
    root = parse(render_map_svg(s, ed, record=record))
    assert "".join(texts(by_id(root, "battle-russia-0"))) == "+4 damage"
    assert not [t for t in root.iter(f"{SVG}text") if t.get("class") == "power-notes"
                and "bombing" in (t.text or "")]


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def arrow_points_outside_blocks(mod, state: dict, record: dict, title: str
                                ) -> tuple[int, int]:
    """(points of the drawn arrow ``title``, how many of them lie outside every block)."""
    facts = mod.turn_facts(record, state, ED)
    pic = mod._Picture(state, ED, mod.load_geometry("aa-revised"), "", "", facts)
    pic.build_blocks()
    pic.place_blocks()
    rects = [b.rect for b in pic.blocks.values()]
    drawn = {el.title: el for el in pic.arrows()}
    d = next(a["d"] for _, a, _ in drawn[title].shapes if a.get("class") == "casing")
    nums = [float(n) for n in _NUMBER.findall(d)]
    points = list(zip(nums[::2], nums[1::2]))
    outside = [p for p in points if not any(r[0] <= p[0] <= r[2] and r[1] <= p[1] <= r[3]
                                            for r in rects)]
    return len(points), len(outside)


def test_an_arrow_between_touching_blocks_stands_out_beside_them():
    """A bomber landing from the Caucasus in the Ukraine, whose blocks touch at the opening:
    the arrow is bowed out, so most of it lies outside every block (drawn straight, it lay
    under the Ukraine's counters)."""
    s = initial_state(ED)
    record = {"state_before": s, "results": [], "events": {"landings": [
        {"from": "caucasus", "to": "ukraine_ssr", "power": "germany",
         "units": {"bomber": 1}}]}}
    n, outside = arrow_points_outside_blocks(
        mapsvg, s, record, "aircraft landing: 1 bmr Caucasus - Ukraine S.S.R.")
    assert n > 2 and outside >= n / 2


def test_bowed_arrow_runs_from_one_block_to_the_other_above_them():
    a, b = (100.0, 100.0, 160.0, 130.0), (162.0, 100.0, 220.0, 130.0)  # side by side
    pts = mapsvg._bowed(a, b)
    assert pts is not None
    (x0, y0), mid, (x1, y1) = pts
    assert y0 < a[1] and y1 < b[1]  # from above the first block to above the second
    assert a[0] <= x0 <= a[2] and b[0] <= x1 <= b[2]
    assert mid[1] < min(y0, y1) - 20  # the arch stands out
    assert mapsvg._bowed(a, a) is None


# --- escaping -------------------------------------------------------------------------------------
def test_untrusted_text_never_reaches_the_svg_unescaped():
    s = initial_state(ED)
    evil = '<script>alert("x")</script>&"\''
    s["units"].append({**s["units"][0], "id": "u999", "power": evil, "loc": "caucasus"})
    s["controllers"]["persia"] = evil
    record = {"state_before": s, "results": [], "events": {
        "moves": [{"section": "combat", "order": evil, "path": ["germany", "balkans"],
                   "unload_to": None}],
        "battles": [{"region": "russia", "kind": "bombing", "raid": {
            "attacker": evil, "model": "ipc_loss", "ipc_lost": 2}}],
        "research": {"power": evil, "tech": evil, "tech_name": evil, "dice": evil,
                     "refused": evil}}}
    s["techs"] = {"germany": [evil, "rockets"]}
    s["complexes"]["russia"]["owner"] = evil
    svg = render_map_svg(s, ED, title=evil, record=record)
    assert "<script" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)  # still well-formed XML
    assert root.findtext(f"{SVG}title").endswith(evil)
    assert any(c.get("data-power") == evil for c in chips(root, "caucasus"))
    research = by_id(root, "weapons-research").find(f"{SVG}text")
    assert research.get("data-power") == evil and evil in research.text
    assert "".join(by_id(root, "weapons-techs").itertext()).strip() == \
        "Technologies: Germany: Rockets"  # an unknown technology key is not shown


# --- weapons development and rockets (Revised digest A5.1) ---------------------------------------
def test_the_research_roll_and_the_technologies_in_force_are_in_the_footer():
    """The research step's event (as ``techs.research`` records it) and ``state["techs"]``."""
    s = initial_state(ED)
    after = {**s, "techs": {"germany": ["heavy_bombers"], "usa": ["jet_fighters"]},
             "turn": {**s["turn"], "power": "uk"}}
    research = {"power": "germany", "tech": "heavy_bombers", "tech_name": "Heavy Bombers",
                "number": 6, "dice": 3, "cost": 15, "rolls": [2, 6, 4], "success": True,
                "treasury_before": 40, "treasury_after": 25}
    record = {"state_before": s, "results": [], "events": {"research": research}}
    assert turn_facts(record, after, ED).research == research
    root = parse(render_map_svg(after, ED, record=record))
    line = by_id(root, "weapons-research").find(f"{SVG}text")
    assert line.text == ("Research: Germany, Heavy Bombers, 3 dice (15 IPC): rolled 2, 6, 4: "
                         "Heavy Bombers developed")
    assert line.get("data-success") == "1"
    held = "".join(by_id(root, "weapons-techs").itertext()).strip()
    assert held == "Technologies: Germany: Heavy Bombers; United States: Jet Fighters"
    failed = {**research, "rolls": [1, 1, 2], "success": False}
    root = parse(render_map_svg(s, ED, record={**record, "events": {"research": failed}}))
    assert by_id(root, "weapons-research").find(f"{SVG}text").text.endswith("no result")
    assert by_id(root, "weapons-techs") is None  # nobody has a technology


def test_no_weapons_lines_without_research():
    root = parse(render_map_svg(initial_state(ED), ED))
    assert by_id(root, "weapons-research") is None and by_id(root, "weapons-techs") is None


def test_a_rocket_strike_is_an_arrow_a_mark_and_a_loss_in_the_footer():
    """A strike as ``techs.rockets`` records it: from the AA gun's territory to the complex."""
    s = initial_state(ED)
    strike = {"from": "western_europe", "from_name": "Western Europe",
              "target": "united_kingdom", "target_name": "United Kingdom", "owner": "uk",
              "die": 5, "cap": 8, "lost": 5, "treasury_after": 25}
    record = {"state_before": s, "results": [], "events": {"rockets": [strike]}}
    after = {**s, "turn": {**s["turn"], "power": "japan"}}
    facts = turn_facts(record, after, ED)
    assert facts.rocket_losses == {"uk": 5} and facts.bombing_losses == {}
    root = parse(render_map_svg(after, ED, record=record))
    arrows = [g for g in groups(root, "arrow") if "rocket" in g.get("class").split()]
    assert [a.findtext(f"{SVG}title") for a in arrows] == [
        "rocket strike: Western Europe - United Kingdom"]
    assert "".join(texts(by_id(root, "battle-united-kingdom-0"))) == "-5 IPC"
    note = by_id(root, "power-uk").find(f".//{SVG}text[@class='power-notes']")
    assert note.text == "lost 5 IPC to rockets" and note.get("data-rocket-loss") == "5"
    legend = " ".join(t for g in groups(root, "legend-item") for t in texts(g))
    assert "rocket strike" in legend


def test_a_rocket_strike_that_cost_nothing_is_not_a_loss_in_the_footer():
    """Ruling R-12: the UK had nothing left; the strike keeps its ``-0 IPC`` mark (B1)."""
    s = initial_state(ED)
    strike = {"from": "western_europe", "from_name": "Western Europe",
              "target": "united_kingdom", "target_name": "United Kingdom", "owner": "uk",
              "die": 5, "cap": 8, "lost": 0, "treasury_after": 0}
    record = {"state_before": s, "results": [], "events": {"rockets": [strike]}}
    after = {**s, "turn": {**s["turn"], "power": "japan"}}
    root = parse(render_map_svg(after, ED, record=record))
    assert "".join(texts(by_id(root, "battle-united-kingdom-0"))) == "-0 IPC"
    assert by_id(root, "power-uk").find(f".//{SVG}text[@class='power-notes']") is None


def test_a_raid_that_cost_nothing_is_still_shown():
    """Ruling B1: the bomber was shot down (or the owner had nothing): ``-0 IPC``; the
    power's line says nothing of a loss of nothing (ruling R-12)."""
    s = initial_state(ED)
    raid = {"territory": "russia", "attacker": "germany", "fates": {"u1": "destroyed"},
            "model": "ipc_loss", "ipc_lost": 0}
    record = {"state_before": s, "results": [], "events": {"battles": [
        {"region": "russia", "kind": "bombing", "raid": raid}]}}
    after = {**s, "turn": {**s["turn"], "power": "uk"}}
    root = parse(render_map_svg(after, ED, record=record))
    assert "".join(texts(by_id(root, "battle-russia-0"))) == "-0 IPC"
    assert by_id(root, "power-ussr").find(f".//{SVG}text[@class='power-notes']") is None
    assert "IPC to bombing" not in "".join(texts(root))
