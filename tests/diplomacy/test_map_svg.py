"""The map picture: well-formed SVG, one element per unit/order, the drawing conventions
(failed orders, dislodged units, retreat options, builds and removals) and escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.mapsvg import phase_title, render_map_svg
from adjudicator.diplomacy.results import OrderResult

NS = "{http://www.w3.org/2000/svg}"
M = load_map()


# --- fixtures (built by hand) ---------------------------------------------------------------
def opening_state() -> dict:
    units = []
    for power, data in M.powers.items():
        for u in data["starting_units"]:
            utype, loc = u.split()
            units.append({"power": power, "type": utype, "loc": loc})
    centres = {c: p for p, d in M.powers.items() for c in d["home_centres"]}
    return {"phase": "S1901M", "units": sorted(units, key=lambda u: u["loc"]),
            "centres": centres, "dislodged": []}


def R(power, order, kind, utype, loc, success=True, outcome="", **kw) -> OrderResult:
    return OrderResult(power=power, order=order, kind=kind, unit_type=utype, loc=loc,
                       success=success, outcome=outcome or ("moved" if success else "bounced"),
                       **kw)


def busy_state() -> dict:
    """Fall 1901: a convoy to Belgium, a supported attack on Munich, a bounce, holds."""
    units = [
        ("England", "F", "nth"), ("England", "A", "lon"), ("England", "F", "eng"),
        ("France", "A", "par"), ("France", "A", "bur"), ("France", "F", "mao"),
        ("France", "F", "gas"),
        ("Germany", "A", "mun"), ("Germany", "A", "ruh"), ("Germany", "F", "den"),
        ("Italy", "A", "ven"), ("Italy", "F", "ion"), ("Italy", "A", "apu"),
        ("Austria", "A", "vie"), ("Austria", "A", "ser"), ("Austria", "F", "alb"),
        ("Russia", "F", "stp/sc"), ("Russia", "A", "war"), ("Russia", "F", "sev"),
        ("Turkey", "F", "bla"), ("Turkey", "A", "bul"), ("Turkey", "A", "con"),
    ]
    centres = dict(opening_state()["centres"])
    centres.update({"den": "Germany", "ser": "Austria", "bul": "Turkey"})
    return {"phase": "F1901M", "units": [{"power": p, "type": t, "loc": loc}
                                         for p, t, loc in units],
            "centres": centres, "dislodged": []}


def busy_results() -> list[OrderResult]:
    return [
        R("England", "A lon - por", "move", "A", "lon", dest="por", via_convoy=True),
        R("England", "F eng C A lon - por", "convoy", "F", "eng", target="lon", dest="por",
          outcome="convoyed"),
        R("France", "F mao C A lon - por", "convoy", "F", "mao", target="lon", dest="por",
          outcome="convoyed"),
        R("England", "F nth - nwy", "move", "F", "nth", dest="nwy"),
        R("France", "A bur - mun", "move", "A", "bur", dest="mun"),
        R("France", "A par S A bur - mun", "support", "A", "par", target="bur", dest="mun",
          outcome="supported"),
        R("France", "F gas - spa/nc", "move", "F", "gas", dest="spa/nc"),
        R("Germany", "A mun H", "hold", "A", "mun", success=False, outcome="dislodged",
          dislodged=True),
        R("Germany", "A ruh S A mun", "support", "A", "ruh", success=False, outcome="cut",
          target="mun"),
        R("Germany", "F den H", "hold", "F", "den", outcome="held"),
        R("Italy", "A ven - tri", "move", "A", "ven", dest="tri", success=False),
        R("Italy", "A apu - tun", "move", "A", "apu", dest="tun", via_convoy=True),
        R("Italy", "F ion C A apu - tun", "convoy", "F", "ion", target="apu", dest="tun"),
        R("Austria", "A vie - tri", "move", "A", "vie", dest="tri", success=False),
        R("Austria", "A ser S A vie - tri", "support", "A", "ser", target="vie", dest="tri",
          success=False, outcome="void", reason="ser cannot reach tri"),
        R("Austria", "F alb - gre", "move", "F", "alb", dest="gre"),
        R("Russia", "F stp/sc - bot", "move", "F", "stp/sc", dest="bot"),
        R("Russia", "A war - gal", "move", "A", "war", dest="gal"),
        R("Russia", "F sev - rum", "move", "F", "sev", dest="rum"),
        R("Turkey", "F bla S F sev - rum", "support", "F", "bla", target="sev", dest="rum",
          outcome="supported"),
        R("Turkey", "A bul H", "hold", "A", "bul", outcome="held"),
        R("Turkey", "A con S A bul", "support", "A", "con", target="bul", outcome="supported"),
        R("Turkey", "", "waive", None, "", outcome="waived"),
    ]


def retreat_state() -> dict:
    st = busy_state()
    st["phase"] = "F1901R"
    st["units"] = [u for u in st["units"] if u["loc"] not in ("mun", "bur")] + [
        {"power": "France", "type": "A", "loc": "mun"}]
    st["dislodged"] = [{"power": "Germany", "type": "A", "loc": "mun", "attacker_from": "bur",
                        "retreats": ["boh", "kie", "sil"]}]
    return st


def adjustment_state() -> dict:
    st = opening_state()
    st["phase"] = "W1901A"
    st["centres"].update({"bel": "France", "spa": "France", "nwy": "Russia"})
    st["centres"].pop("mun")
    st["adjustments"] = {"France": 2, "Germany": -1, "Russia": 1}
    return st


def adjustment_results() -> list[OrderResult]:
    return [
        R("France", "Build A par", "build", "A", "par", outcome="built"),
        R("France", "Build F bre", "build", "F", "bre", outcome="built"),
        R("Russia", "Build F stp/nc", "build", "F", "stp/nc", outcome="built"),
        R("Germany", "Remove A mun", "remove", "A", "mun", outcome="removed"),
        R("Italy", "Build A mos", "build", "A", "mos", success=False, outcome="illegal"),
    ]


# --- helpers -------------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, *classes: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g")
            if set(classes) <= set((g.get("class") or "").split())]


# --- tests ---------------------------------------------------------------------------------
def test_phase_titles():
    assert phase_title("S1901M") == "Spring 1901 Movement"
    assert phase_title("F1902R") == "Fall 1902 Retreats"
    assert phase_title("W1901A") == "Winter 1901 Adjustments"
    assert phase_title("odd") == "odd"


def test_opening_position_one_element_per_unit():
    st = opening_state()
    root = parse(render_map_svg(st, None, title="Example"))
    units = groups(root, "unit")
    assert len(units) == 22
    assert {u.get("id") for u in units} == {f"unit-{u['loc'].replace('/', '-')}"
                                            for u in st["units"]}
    par = root.find(f".//{NS}g[@id='unit-par']")
    assert par.get("class") == "unit army france"
    assert "fleet" in root.find(f".//{NS}g[@id='unit-stp-sc']").get("class").split()
    assert len(groups(root, "order")) == 0
    # title line names the phase and the game
    heading = "".join(root.find(f"{NS}g[@class='header']").itertext())
    assert "Spring 1901 Movement" in heading and "Example" in heading


def test_every_province_drawn_and_centres_marked():
    root = parse(render_map_svg(opening_state()))
    provs = groups(root, "province")
    assert len(provs) == len(M.provinces)
    assert len(groups(root, "sc")) == 34
    assert len(groups(root, "sc", "unowned")) == 34 - 22
    assert len(groups(root, "province", "owned")) == 22
    assert groups(root, "province", "impassable")[0].get("id") == "prov-swi"
    legend = [" ".join(g.itertext()).strip() for g in groups(root, "legend-item")]
    assert "Russia 4" in legend and len(legend) == 7
    # the three two-coast provinces show their coasts
    assert {g.get("id") for g in groups(root, "coast-label")} == {
        "coast-spa-nc", "coast-spa-sc", "coast-stp-nc", "coast-stp-sc", "coast-bul-ec",
        "coast-bul-sc"}


def test_orders_one_element_each():
    results = busy_results()
    root = parse(render_map_svg(busy_state(), results, title="Busy"))
    moves = groups(root, "order", "move")
    assert len(moves) == sum(r.kind == "move" for r in results)
    assert len(groups(root, "order", "move", "convoyed")) == 2
    assert len(groups(root, "order", "support")) == 5
    assert len(groups(root, "order", "support", "support-hold")) == 2
    assert len(groups(root, "order", "support", "support-move")) == 3
    assert len(groups(root, "order", "convoy")) == 3
    assert len(groups(root, "order", "hold")) == 3
    assert len(groups(root, "order")) == len(results) - 1  # the waive draws nothing
    assert len(groups(root, "unit")) == 22


def test_convoyed_move_runs_through_the_fleets():
    root = parse(render_map_svg(busy_state(), busy_results()))
    (convoyed,) = [g for g in groups(root, "order", "move", "convoyed")
                   if "england" in g.get("class").split()]
    d = convoyed.find(f"{NS}path").get("d")
    assert d.count("L") == 3  # lon -> eng -> mao -> por


def marks(g: ET.Element) -> set[str]:
    """The class words of the marks drawn in an element (fail-mark, bounce-mark, ...)."""
    return {w for el in g.iter() for w in (el.get("class") or "").split()
            if w.endswith("-mark")}


def test_failed_orders_look_distinct():
    """Every failed order carries a mark: a cross, the bar of a bounce or, for a unit that
    was dislodged, the star round it; successful orders carry none."""
    root = parse(render_map_svg(busy_state(), busy_results()))
    failed = groups(root, "order", "failed")
    assert len(failed) == 5
    for g in failed:
        assert marks(g) & {"fail-mark", "dislodged-mark"}, g.get("id")
    ok = [g for g in groups(root, "order") if "failed" not in g.get("class").split()]
    assert ok and all(not marks(g) for g in ok)


def test_show_orders_false_draws_position_only():
    root = parse(render_map_svg(busy_state(), busy_results(), show_orders=False))
    assert groups(root, "order") == [] and len(groups(root, "unit")) == 22


def test_results_as_json_dicts_from_history():
    dicts = [r.to_json() for r in busy_results()]
    a = render_map_svg(busy_state(), dicts)
    b = render_map_svg(busy_state(), busy_results())
    assert a == b


def test_retreat_phase_dislodged_unit_and_options():
    st = retreat_state()
    retreat = [R("Germany", "A mun - kie", "retreat", "A", "mun", dest="kie", dislodged=True)]
    root = parse(render_map_svg(st, retreat))
    (dis,) = groups(root, "dislodged", "unit")
    assert dis.get("id") == "dislodged-mun" and "germany" in dis.get("class").split()
    assert dis.find(f"{NS}circle[@class='dislodged-mark']") is not None
    # offset from the spot where the attacker now stands
    attacker = root.find(f".//{NS}g[@id='unit-mun']")
    assert "france" in attacker.get("class").split()

    def cx(g: ET.Element) -> float:
        return float(g.find(f"{NS}circle[@r]").get("cx"))

    assert abs(cx(dis) - cx(attacker)) > 10
    options = groups(root, "retreat-option")
    assert sorted(g.get("id") for g in options) == [
        "retreat-mun-boh", "retreat-mun-kie", "retreat-mun-sil"]
    assert len(groups(root, "order", "retreat")) == 1
    assert "Fall 1901 Retreats" in "".join(root.find(f"{NS}title").itertext())


def test_retreat_disband_marked():
    st = retreat_state()
    root = parse(render_map_svg(st, [R("Germany", "A mun D", "disband", "A", "mun",
                                       outcome="disbanded", dislodged=True)]))
    assert len(groups(root, "order", "disband")) == 1


def test_adjustments_builds_and_removals():
    root = parse(render_map_svg(adjustment_state(), adjustment_results()))
    builds = groups(root, "order", "build")
    assert len(builds) == 4
    assert len(groups(root, "order", "build", "failed")) == 1
    assert len(groups(root, "order", "remove")) == 1
    assert root.find(f".//{NS}g[@id='order-2']").find(f".//{NS}polygon") is not None  # fleet
    legend = " ".join(" ".join(g.itertext()) for g in groups(root, "legend-item"))
    assert "France 5 (+2)" in legend and "Germany 2 (-1)" in legend


HOSTILE = '<script>alert("x")</script> & "quotes" \'single\' ]]> <!--'


def test_hostile_text_is_escaped():
    st = busy_state()
    st["units"].append({"power": HOSTILE, "type": "A", "loc": "pic"})
    st["centres"]["bel"] = HOSTILE
    st["phase"] = HOSTILE
    res = busy_results() + [R(HOSTILE, HOSTILE, "move", "A", "pic", dest="bre",
                              reason=HOSTILE)]
    svg = render_map_svg(st, res, title=HOSTILE)
    root = parse(svg)  # still well-formed
    assert "<script" not in svg
    assert not list(root.iter(f"{NS}script")) and not list(root.iter("script"))
    assert HOSTILE in "".join(root.find(f"{NS}title").itertext())
    (u,) = [g for g in groups(root, "unit") if g.get("id") == "unit-pic"]
    assert all(c.replace("-", "").isalnum() for c in u.get("class").split())
    assert any(HOSTILE in "".join(g.itertext()) for g in groups(root, "legend-item"))


def test_unknown_locations_are_skipped_not_fatal():
    st = opening_state()
    st["units"].append({"power": "France", "type": "A", "loc": "atlantis"})
    res = [R("France", "A par - atlantis", "move", "A", "par", dest="atlantis")]
    root = parse(render_map_svg(st, res))
    assert len(groups(root, "unit")) == 22 and groups(root, "order") == []


def test_png_export_has_png_header():
    pytest.importorskip("resvg_py")
    from adjudicator.publish.png import svg_to_png

    svg = render_map_svg(busy_state(), busy_results(), title="PNG")
    png = svg_to_png(svg)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    assert width == 1835
    half = svg_to_png(svg, scale=0.5)
    assert half[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(half[16:20], "big") == 918
    with pytest.raises(ValueError):
        svg_to_png(svg, scale=0)


def test_order_lines_have_a_dark_casing():
    """Every order line is drawn twice: a dark, wider casing under the power's colour, so
    light colours (Russia's white) read on land and sea."""
    root = parse(render_map_svg(busy_state(), busy_results()))
    for g in groups(root, "order"):
        if not {"move", "support", "convoy"} & set(g.get("class").split()):
            continue
        casings = g.findall(f"{NS}path[@class='casing']")
        assert casings, g.get("id")
        for casing in casings:
            line = [p for p in g.findall(f"{NS}path")
                    if p.get("d") == casing.get("d") and p.get("class") != "casing"]
            assert line, g.get("id")
            assert float(casing.get("stroke-width")) >= float(line[0].get("stroke-width")) + 3
            assert casing.get("stroke") == "#111111"


def _path_ends(g: ET.Element) -> tuple[tuple[float, float], tuple[float, float]]:
    nums = [tuple(map(float, pt.split(","))) for pt in
            g.find(f"{NS}path[@class='casing']").get("d").replace("M", "").split(" L")]
    return nums[0], nums[-1]


def test_chained_moves_read_as_two_arrows():
    """A ber -> kie and F kie -> hol: the first arrowhead stops clear of the unit in Kiel and
    the second arrow starts clear of it, so they do not join into one ber -> hol arrow."""
    from adjudicator.diplomacy.mapsvg import load_geometry

    kie = load_geometry()["provinces"]["kie"]["unit"]
    st = opening_state()
    res = [R("Germany", "A ber - kie", "move", "A", "ber", dest="kie"),
           R("Germany", "F kie - hol", "move", "F", "kie", dest="hol")]
    root = parse(render_map_svg(st, res))
    first, second = groups(root, "order", "move")
    tip = tuple(map(float, first.find(f"{NS}polygon").get("points").split()[0].split(",")))
    start, _ = _path_ends(second)
    assert ((tip[0] - kie[0]) ** 2 + (tip[1] - kie[1]) ** 2) ** 0.5 >= 24  # outside the fleet
    assert ((start[0] - kie[0]) ** 2 + (start[1] - kie[1]) ** 2) ** 0.5 >= 20
    assert ((tip[0] - start[0]) ** 2 + (tip[1] - start[1]) ** 2) ** 0.5 >= 30


def test_labels_clear_of_unit_tokens():
    """No province name sits under a unit token: its box (estimated from the drawn text)
    keeps clear of a 19 px circle round every unit spot (a fleet reaches ~19 px)."""
    from adjudicator.diplomacy.mapsvg import load_geometry

    geo = load_geometry()
    spots = [p["unit"] for p in geo["provinces"].values()]
    spots += [c["unit"] for c in geo["coasts"].values()]
    root = parse(render_map_svg(opening_state()))
    seen = 0
    for g in groups(root, "label"):
        t = g.find(f"{NS}text")
        sea = "sea" in g.get("class").split()
        x, base = float(t.get("x")), float(t.get("y"))
        half = (len(t.text) * (9.0 if sea else 10.0) + 2) / 2
        box = (x - half, base - 11, x + half, base + 3.5)
        for sx, sy in spots:
            dx = max(box[0] - sx, 0, sx - box[2])
            dy = max(box[1] - sy, 0, sy - box[3])
            assert (dx * dx + dy * dy) ** 0.5 > 19, (t.text, (sx, sy))
        seen += 1
    assert seen == len(M.provinces)


# --- the symbols players read (issue 14) -------------------------------------------------------
def _spot(loc: str) -> tuple[float, float]:
    from adjudicator.diplomacy.mapsvg import load_geometry

    geo = load_geometry()
    if loc in geo["coasts"]:
        return tuple(geo["coasts"][loc]["unit"])
    return tuple(geo["provinces"][loc]["unit"])


def _nums(d: str) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in d.replace("M", " ").replace("L", " ").split()]


def test_a_bounce_is_not_drawn_like_a_dislodgement():
    root = parse(render_map_svg(busy_state(), busy_results()))
    bounced = groups(root, "order", "move", "bounced")
    assert {g.get("title") is None for g in bounced}  # groups exist
    assert len(bounced) == 2  # A ven - tri and A vie - tri
    for g in bounced:
        assert "bounce-mark" in marks(g) and "dislodged-mark" not in marks(g)
    (dislodged,) = groups(root, "order", "dislodged")
    assert dislodged.get("id") == "order-7"  # Germany's A mun H
    assert "dislodged-mark" in marks(dislodged) and "bounce-mark" not in marks(dislodged)


def test_ordered_unordered_and_missed_holds_differ():
    st = opening_state()
    res = [R("France", "A par H", "hold", "A", "par", outcome="held"),
           R("France", "A mar H", "hold", "A", "mar", outcome="held", default=True),
           R("Germany", "A mun H", "hold", "A", "mun", outcome="held", default=True)]
    root = parse(render_map_svg(st, res, nmr=["Germany"]))
    ordered, unordered, missed = (root.find(f".//{NS}g[@id='order-{n}']") for n in range(3))
    assert ordered.get("class").split()[:2] == ["order", "hold"]
    assert "unordered" in unordered.get("class").split()
    assert "nmr" in missed.get("class").split()
    assert not {"unordered", "nmr"} & set(ordered.get("class").split())

    def look(g):
        p = g.findall(f"{NS}polygon")[-1]
        return p.get("stroke"), p.get("stroke-dasharray")

    assert len({look(ordered), look(unordered), look(missed)}) == 3
    assert all(not marks(g) - {"default-mark"} for g in (ordered, unordered, missed))


def test_a_dislodged_unit_never_sits_under_its_attacker():
    """Whatever the province and wherever the attacker came from, the dislodged unit is
    drawn clear of the unit now standing on its spot."""
    from adjudicator.diplomacy.mapsvg import ARMY_R

    checked = 0
    for pid, p in M.provinces.items():
        if p.kind not in ("land", "coastal"):
            continue
        for src in sorted(M.army_neighbours(pid))[:2]:
            st = {"phase": "F1901R", "centres": {},
                  "units": [{"power": "France", "type": "A", "loc": pid}],
                  "dislodged": [{"power": "Germany", "type": "A", "loc": pid,
                                 "attacker_from": src, "retreats": []}]}
            root = parse(render_map_svg(st, []))
            (dis,) = groups(root, "dislodged", "unit")
            c = dis.find(f"{NS}circle[@class='token']")
            pos = (float(c.get("cx")), float(c.get("cy")))
            spot = _spot(pid)
            assert ((pos[0] - spot[0]) ** 2 + (pos[1] - spot[1]) ** 2) ** 0.5 >= 2 * ARMY_R + 4
            checked += 1
    assert checked > 80


def test_a_convoyed_move_follows_its_route_through_the_fleets():
    root = parse(render_map_svg(busy_state(), busy_results()))
    (convoyed,) = [g for g in groups(root, "order", "move", "convoyed")
                   if "england" in g.get("class").split()]
    route = _nums(convoyed.find(f"{NS}path[@class='casing']").get("d"))
    assert route[1:3] == [_spot("eng"), _spot("mao")]  # lon -> eng -> mao -> por
    # a longer chain given in scrambled order still runs army -> fleets -> destination
    st = opening_state()
    st["units"] += [{"power": "England", "type": "F", "loc": loc}
                    for loc in ("nth", "eng", "mao", "wes")]
    st["units"] = [u for u in st["units"] if u["loc"] != "lon"] + [
        {"power": "England", "type": "A", "loc": "yor"}]
    res = [R("England", f"F {f} C A yor - tun", "convoy", "F", f, target="yor", dest="tun")
           for f in ("wes", "nth", "mao", "eng")]
    res.append(R("England", "A yor - tun", "move", "A", "yor", dest="tun", via_convoy=True))
    root = parse(render_map_svg(st, res))
    (move,) = groups(root, "order", "move", "convoyed")
    route = _nums(move.find(f"{NS}path[@class='casing']").get("d"))
    assert route[1:5] == [_spot(f) for f in ("nth", "eng", "mao", "wes")]


def test_a_support_line_ends_at_the_unit_it_supports():
    from adjudicator.diplomacy.mapsvg import SUPPORT_END

    root = parse(render_map_svg(busy_state(), busy_results()))
    arrows = [_nums(g.find(f"{NS}path[@class='casing']").get("d"))
              for g in groups(root, "order", "move")]
    mids = [((a[0][0] + a[-1][0]) / 2, (a[0][1] + a[-1][1]) / 2) for a in arrows]
    results = {f"order-{n}": r for n, r in enumerate(busy_results())}
    for g in groups(root, "order", "support", "support-move"):
        end = _nums(g.find(f"{NS}path[@class='casing']").get("d"))[-1]
        target = _spot(results[g.get("id")].target)
        dist = ((end[0] - target[0]) ** 2 + (end[1] - target[1]) ** 2) ** 0.5
        assert abs(dist - SUPPORT_END) < 1.5, g.get("id")
        assert all(((end[0] - m[0]) ** 2 + (end[1] - m[1]) ** 2) ** 0.5 > 15 for m in mids)


def _label_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    from adjudicator.diplomacy.mapsvg import label_box

    out = []
    for g in groups(root, "label"):
        t = g.find(f"{NS}text")
        out.append(label_box(t.text, float(t.get("x")), float(t.get("y")) - 5,
                             "sea" in g.get("class").split()))
    for g in groups(root, "coast-label"):
        t = g.find(f"{NS}text")
        x, y = float(t.get("x")), float(t.get("y"))
        out.append((x - len(t.text) * 4 - 1, y - 10, x + len(t.text) * 4 + 1, y + 3))
    return out


def _box_dist(pt, box) -> float:
    dx = max(box[0] - pt[0], 0, pt[0] - box[2])
    dy = max(box[1] - pt[1], 0, pt[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


def test_build_markers_never_cover_labels():
    """A build anywhere it can happen (every home centre, every coast) keeps its ring and
    its plus badge off every province and coast name."""
    from adjudicator.diplomacy.mapsvg import BUILD_RING

    st = opening_state()
    st["phase"], st["units"], st["adjustments"] = "W1901A", [], {}
    res = []
    for power, data in M.powers.items():
        for c in data["home_centres"]:
            for loc in [c, *(f"{c}/{k}" for k in M.provinces[c].coasts)]:
                kind = "F" if "/" in loc or M.provinces[c].kind == "coastal" else "A"
                res.append(R(power, f"Build {kind} {loc}", "build", kind, loc, outcome="built"))
    root = parse(render_map_svg(st, res))
    boxes = _label_boxes(root)
    builds = groups(root, "order", "build")
    assert len(builds) == len(res)
    for g in builds:
        badge = g.find(f"{NS}circle[@class='build-badge']")
        bx, by, br = (float(badge.get(k)) for k in ("cx", "cy", "r"))
        assert all(_box_dist((bx, by), b) > br for b in boxes), g.get("id")
        ring = next(c for c in g.findall(f"{NS}circle") if c.get("r") == str(BUILD_RING))
        cx, cy = float(ring.get("cx")), float(ring.get("cy"))
        reach = BUILD_RING + float(ring.get("stroke-width")) / 2
        own = [b for b in boxes if _box_dist((cx, cy), b) < reach]
        assert not own, g.get("id")


def _area(points: str) -> float:
    p = [tuple(map(float, q.split(","))) for q in points.split()]
    return abs(sum(p[i - 1][0] * p[i][1] - p[i][0] * p[i - 1][1] for i in range(len(p)))) / 2


def test_armies_and_fleets_have_the_same_visual_weight():
    root = parse(render_map_svg(opening_state()))
    army = root.find(f".//{NS}g[@id='unit-par']/{NS}circle[@class='token']")
    fleet = root.findall(f".//{NS}g[@id='unit-bre']/{NS}polygon[@class='token']")
    army_area = 3.14159 * float(army.get("r")) ** 2
    fleet_area = sum(_area(p.get("points")) for p in fleet)
    assert 0.9 < fleet_area / army_area < 1.1
    xs = [float(q.split(",")[0]) for p in fleet for q in p.get("points").split()]
    ys = [float(q.split(",")[1]) for p in fleet for q in p.get("points").split()]
    diameter = 2 * float(army.get("r"))
    assert 0.8 < (max(ys) - min(ys)) / diameter < 1.3
    assert (max(xs) - min(xs)) / diameter < 1.5


def test_labels_use_the_board_abbreviations():
    root = parse(render_map_svg(opening_state()))
    text = {g.get("id"): g.find(f"{NS}text").text for g in groups(root, "label")}
    assert text["label-stp"] == "StP" and text["label-nao"] == "NAO"
    assert text["label-mao"] == "MAO" and text["label-nwg"] == "NWG"
    assert text["label-par"] == "Par" and text["label-lyo"] == "LYO"


#: Which key entry explains each class word the map uses.
KEY_FOR = {"army": "army", "fleet": "fleet", "sc": "sc", "move": "move", "bounced": "bounce",
           "dislodged": "dislodged", "failed": "failed", "hold": "hold",
           "unordered": "hold-unordered", "nmr": "hold-nmr", "support-move": "support",
           "support-hold": "support-hold", "convoy": "convoy", "retreat-option": "retreat",
           "retreat": "retreat", "build": "build", "remove": "remove", "disband": "remove"}


def test_the_key_explains_every_symbol():
    drawn: set[str] = set()
    keys: set[str] = set()
    st = retreat_state()
    maps = [(busy_state(), busy_results(), ()),
            (st, [R("Germany", "A mun - kie", "retreat", "A", "mun", dest="kie",
                    dislodged=True)], ()),
            (st, [R("Germany", "A mun D", "disband", "A", "mun", outcome="disbanded")], ()),
            (adjustment_state(), adjustment_results(), ()),
            (opening_state(), [R("France", "A par H", "hold", "A", "par", default=True),
                               R("Italy", "A rom H", "hold", "A", "rom", default=True)],
             ["Italy"])]
    for state, res, nmr in maps:
        root = parse(render_map_svg(state, res, nmr=nmr))
        for g in root.iter(f"{NS}g"):
            words = set((g.get("class") or "").split())
            if words & {"order", "unit", "sc"}:
                drawn |= words & set(KEY_FOR)
        items = groups(root, "key-item")
        keys = {w[4:] for g in items for w in g.get("class").split() if w.startswith("key-")
                and w != "key-item"}
        assert all("".join(g.itertext()).strip() for g in items)
    assert set(KEY_FOR) <= drawn  # the maps above use every symbol ...
    assert {KEY_FOR[w] for w in drawn} <= keys  # ... and the key explains each


def test_a_played_phase_draws_missed_orders_as_such(tmp_path):
    """Through the game: France orders one unit, the others send nothing. France's other
    units hold without an order; every unit of the powers that sent nothing is NMR."""
    from adjudicator import service
    from adjudicator.publish import files
    from adjudicator.registry import get_game

    folder = service.new_game(tmp_path / "g", "diplomacy")
    service.submit_orders(folder, "France", "A par - bur")
    service.adjudicate(folder, force=True)
    game = get_game("diplomacy")
    record, after = files.find_record(folder, game, "S1901M")
    root = parse(game.record_map_svg(record, after))
    holds = groups(root, "order", "hold")
    unordered = {g.get("class").split()[2] for g in holds if "unordered" in g.get("class")}
    missed = {g.get("class").split()[2] for g in holds if "nmr" in g.get("class")}
    assert unordered == {"france"}
    assert missed == {"austria", "england", "germany", "italy", "russia", "turkey"}
    assert len([g for g in holds if "nmr" in g.get("class")]) == 19
