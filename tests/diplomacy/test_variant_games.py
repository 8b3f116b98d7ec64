"""Variants play end to end from data alone (docs/variants.md): a game on each shipped
variant through the service, past the second Winter adjustments, with moves, supports, a
convoy, a retreat and builds in the variant's own names; replay, reports and the map."""

from __future__ import annotations

import itertools
import math

import pytest

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.diplomacy import variants
from adjudicator.diplomacy.layout import generate_geometry
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.mapsvg import LAND, TINT, label_box, label_text, load_geometry
from adjudicator.publish import files
from adjudicator.publish.colours import VISION, contrast, delta_e, over, simulate
from adjudicator.registry import get_game

# (phase, {power: orders}) in the turn language, with each variant's own province names.
ANCMED = [
    ("S1901M", {"Carthage": "A Cirta - Numidia\nA Carthago - Mauretania\nF Tha - Punic Sea",
                "Egypt": "F Ale - Egy\nA Mem - Cyr\nA Thebes - SII",  # SII: Sinai's alias
                "Greece": "A Mac - Byz\nA Ath - Epi\nF Spa - Aeg",
                "Persia": "F Sid - Syr\nA Dam - Ara\nA Ant - Cap",
                "Rome": "F Neapolis - Tyrrhenean Sea\nA Rav - Ven\nA Roma H"}),
    ("F1901M", {"Carthage": "F Pun - Sic\nA Mau - Sag\nA Num H",
                "Egypt": "A Sin - Jer\nA Cyr H\nF Egy H",
                "Greece": "A Epi - Dal\nF Aeg - Cre\nA Byz H",
                "Persia": "F Syr - Cyp\nA Ara - Tye\nA Cap - Sip",
                "Rome": "F Tyn C A Rom - Sad\nA Rom - Sad\nA Ven - Vin"}),
    ("W1901A", {"Carthage": "Build A Car\nBuild F Tha\nBuild A Cir",
                "Egypt": "Build F Ale\nBuild A Mem",
                "Greece": "Build A Ath\nBuild F Spa\nBuild A Mac",
                "Persia": "Build F Sid\nBuild A Dam\nBuild A Ant",
                "Rome": "Build A Rom\nBuild F Nea"}),
    ("S1902M", {"Egypt": "F Egy - Syr"}),
    ("F1902M", {"Egypt": "A Jer - Tye\nF Syr S A Jer - Tye", "Persia": "A Tye H"}),
    ("F1902R", {"Persia": "A Tye - Ara"}),
    ("W1902A", {"Egypt": "Build A Thb", "Persia": "Remove A Ara"}),
]

FLEETROME = [
    ("S1901M", {"Italy": "F Rom - Tys\nF Nap - Ion\nA Ven - Apu",
                "France": "A Par - Bur\nF Bre - Mao\nA Mar S A Par - Bur",
                "Germany": "A Mun - Ruh\nA Ber - Mun\nF Kie - Den"}),
    ("F1901M", {"Italy": "F Ion C A Apu - Tun\nA Apu - Tun\nF Tys S F Ion",
                "France": "A Bur H\nF Mao - Spa/nc\nA Mar H",
                "Germany": "A Mun - Bur\nA Ruh S A Mun - Bur\nF Den H"}),
    ("F1901R", {"France": "A Bur - Par"}),
    ("W1901A", {"Italy": "Build F Rom", "France": "Build A Bre", "Germany": "Build F Kie"}),
    ("S1902M", {"Italy": "F Ion - Aeg\nF Tys - Ion"}),
    ("F1902M", {"Italy": "F Aeg - Gre\nF Ion S F Aeg - Gre"}),
    ("W1902A", {"Italy": "Build A Ven"}),
]

PURE = [
    ("S1901M", {"Austria": "A Vienna - Berlin", "Italy": "A Rome S A Vienna - Berlin",
                "Germany": "A Berlin - Paris", "France": "A Paris H"}),
    ("F1901M", {"Russia": "A Moscow - Vienna", "England": "A London - Rome",
                "France": "A Paris S A London - Rome", "Italy": "A Rome H"}),
    ("F1901R", {"Italy": "A Rome - Moscow"}),
    ("W1901A", {"England": "Build A London"}),
    ("S1902M", {}),
    ("F1902M", {"Turkey": "A Constantinople - Vienna",
                "Italy": "A Moscow S A Constantinople - Vienna"}),
    ("W1902A", {"Turkey": "Build A Con"}),
]


def play(tmp_path, kind: str, script) -> tuple:
    folder = service.new_game(tmp_path / "g", kind)
    records = []
    for phase, orders in script:
        assert folder.read_state()["phase"] == phase
        for power, text in orders.items():
            ack = service.submit_orders(folder, power, text, phase=phase)
            assert not ack.errors, (phase, power, ack.errors)
        records.append(service.adjudicate(folder, force=True))
    return folder, records


def units(state) -> set[str]:
    return {f"{u['power']} {u['type']} {u['loc']}" for u in state["units"]}


def result(record, order: str) -> dict:
    (found,) = [r for r in record["results"] if r["order"] == order]
    return found


def check_reports_and_maps(folder, records, kind: str) -> None:
    game = get_game(kind)
    for record in records:
        text = files.report_text(folder, game, record["phase"], "text", None)
        assert f"({record['phase']})" in text
        html = files.report_text(folder, game, record["phase"], "html", None)
        assert "<html" in html.lower()
        svg = game.record_map_svg(record, folder.read_state(), title="t")
        assert svg.startswith("<svg") and svg.count('class="province') == len(game.map.provinces)
    assert service.verify_replay(folder) == []


def test_ancient_mediterranean_plays_two_years(tmp_path):
    folder, records = play(tmp_path, "diplomacy-ancmed", ANCMED)
    s1901, f1901, w1901, _s1902, f1902, r1902, w1902 = records
    assert result(s1901, "A thb - sin")["success"]
    convoyed = result(f1901, "A rom - sad")  # across the Tyrrhenean Sea
    assert convoyed["success"] and convoyed["via_convoy"]
    assert result(f1901, "F tyn C A rom - sad")["success"]
    assert [r["order"] for r in w1901["results"] if r["power"] == "Egypt"] == [
        "Build F ale", "Build A mem"]
    tye = result(f1902, "A tye H")
    assert not tye["success"] and tye["reason"] == "dislodged from jer"
    assert result(f1902, "F syr S A jer - tye")["success"]
    assert result(r1902, "A tye R ara")["success"]
    assert result(w1902, "Build A thb")["success"]
    assert result(w1902, "Remove A ara")["success"]
    state = folder.read_state()
    assert state["phase"] == "S1903M"
    assert units(state) == {
        "Carthage A car", "Carthage A cir", "Carthage A num", "Carthage A sag",
        "Carthage F sic", "Carthage F tha",
        "Egypt A cyr", "Egypt A mem", "Egypt A thb", "Egypt A tye", "Egypt F ale",
        "Egypt F syr",
        "Greece A ath", "Greece A byz", "Greece A dal", "Greece A mac", "Greece F cre",
        "Greece F spa",
        "Persia A ant", "Persia A dam", "Persia A sip", "Persia F cyp", "Persia F sid",
        "Rome A rom", "Rome A sad", "Rome A vin", "Rome F nea", "Rome F tyn"}
    owned = {}
    for centre, power in state["centres"].items():
        owned.setdefault(power, set()).add(centre)
    assert owned["Egypt"] == {"ale", "cyr", "jer", "mem", "thb", "tye"}
    assert owned["Persia"] == {"ant", "cyp", "dam", "sid", "sip"}
    assert owned["Rome"] == {"nea", "rav", "rom", "sad", "vin"}
    check_reports_and_maps(folder, records, "diplomacy-ancmed")
    text = files.report_text(folder, get_game("diplomacy-ancmed"), "F1902M", "text", None)
    assert "Egypt:    Army Jerusalem -> Tyre." in text
    assert "The Persian Army in Tyre (dislodged from Jerusalem) can retreat to Arabia." in text


def test_fleet_rome_plays_two_years_on_the_standard_map(tmp_path):
    folder, records = play(tmp_path, "diplomacy-fleetrome", FLEETROME)
    s1901, f1901, r1901, w1901, _s1902, f1902, w1902 = records
    assert result(s1901, "F rom - tys")["success"]  # Rome's fleet: the variant's point
    assert result(s1901, "A par - bur")["success"]
    convoyed = result(f1901, "A apu - tun")
    assert convoyed["success"] and convoyed["via_convoy"]
    assert result(f1901, "A mun - bur")["success"]
    assert result(f1901, "A ruh S A mun - bur")["success"]
    assert result(r1901, "A bur R par")["success"]
    assert {r["order"] for r in w1901["results"]} == {"Build F rom", "Build A bre",
                                                      "Build F kie"}
    assert result(f1902, "F aeg - gre")["success"]
    assert result(w1902, "Build A ven")["success"]
    state = folder.read_state()
    assert state["phase"] == "S1903M"
    italy = {u for u in units(state) if u.startswith("Italy")}
    assert italy == {"Italy A tun", "Italy A ven", "Italy F gre", "Italy F ion",
                     "Italy F rom"}
    assert sum(1 for p in state["centres"].values() if p == "Italy") == 5
    check_reports_and_maps(folder, records, "diplomacy-fleetrome")


def test_pure_plays_two_years(tmp_path):
    folder, records = play(tmp_path, "diplomacy-pure", PURE)
    s1901, _f1901, r1901, w1901, _s1902, _f1902, w1902 = records
    assert result(s1901, "A vie - ber")["success"]
    assert result(s1901, "A ber - par")["reason"] == "dislodged from vie"
    assert result(r1901, "A rom R mos")["success"]
    assert result(w1901, "Build A lon")["success"]
    assert result(w1902, "Build A con")["success"]
    state = folder.read_state()
    assert units(state) == {"Austria A ber", "England A lon", "England A rom",
                            "France A par", "Italy A mos", "Turkey A con", "Turkey A vie"}
    assert state["centres"] == {"ber": "Austria", "con": "Turkey", "lon": "England",
                                "mos": "Italy", "par": "France", "rom": "England",
                                "vie": "Turkey"}
    assert "Germany" in state.get("eliminated", []) and "Russia" in state.get("eliminated", [])
    check_reports_and_maps(folder, records, "diplomacy-pure")


def test_four_centres_win_pure(tmp_path):
    """Pure's victory line is the DPjudge default, a majority of its seven centres."""
    assert get_game("diplomacy-pure").map.victory_centres == 4
    position = ("Fall 1903 Movement\n"
                "England: A Lon, A Par, A Ber\nRussia: A Mos\nTurkey: A Con\n"
                "Owners:\nEngland: Lon, Par, Ber\nRussia: Mos, Vie\nTurkey: Con, Rom\n")
    folder = service.new_game(tmp_path / "g", "diplomacy-pure", position=position)
    service.submit_orders(folder, "England", "A Ber - Vie\nA Par S A Ber - Vie")
    service.adjudicate(folder, force=True)
    outcome = get_game("diplomacy-pure").outcome(folder.read_state())
    assert outcome is not None and (outcome.kind, outcome.powers) == ("solo", ("England",))


# --- the turn language reads each variant's names ------------------------------------------
def test_the_parser_reads_ancmed_names_and_aliases():
    game = get_game("diplomacy-ancmed")
    parsed = game.parse("A Carthago - Mauretania\nF Thapsus - Punic Sea\nA Thebes - SII\n"
                        "F Tha S A car - mau\nA Par - Bur\n")
    assert [p.order.text() for p in parsed.orders] == [
        "A car - mau", "F tha - pun", "A thb - sin", "F tha S A car - mau"]
    # a standard name means nothing on this map: the line is set aside, and said so
    assert [i.text for i in parsed.ignored] == ["A Par - Bur"]


def test_a_standard_name_is_not_an_order_on_ancmed(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy-ancmed")
    ack = service.submit_orders(folder, "Rome", "A Rom - Apu\nA Rav - Pie\nA Par - Bur\n")
    assert [u["order"] for u in ack.understood] == ["A rom - apu"]
    (error,) = ack.errors
    assert (error.line, error.message) == (2, "unknown province 'Pie'")
    assert "Epirus" in error.suggestions  # the ancmed names, not the standard ones
    assert [i["text"] for i in ack.ignored] == ["A Par - Bur"]  # and the reply says so
    assert "Ignored (not read as orders):\n  line  3: A Par - Bur" in ack.describe()


def test_the_parser_reads_pure_names():
    parsed = get_game("diplomacy-pure").parse("A Constantinople - Moscow\nA vie S A ber - par")
    assert [p.order.text() for p in parsed.orders] == ["A con - mos", "A vie S A ber - par"]


# --- the generated drawing ------------------------------------------------------------------
def test_a_variant_without_geometry_gets_a_generated_layout():
    assert variants.geometry_folder("diplomacy-ancmed") is None
    assert variants.geometry_folder("diplomacy-pure") is None
    assert variants.geometry_folder("diplomacy-standard") == "diplomacy-standard"
    geo = load_geometry("diplomacy-ancmed")
    assert geo.get("generated") is True
    assert set(geo["provinces"]) == set(load_map("diplomacy-ancmed").provinces)


def test_the_generated_layout_is_stable():
    dmap = load_map("diplomacy-ancmed")
    assert generate_geometry(dmap, "diplomacy-ancmed") == generate_geometry(
        dmap, "diplomacy-ancmed")


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[i - 1]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


@pytest.mark.parametrize("variant", ["diplomacy-ancmed", "diplomacy-pure"])
def test_every_generated_province_holds_its_unit_and_names_do_not_overlap(variant):
    geo = load_geometry(variant)
    w, h = geo["canvas"]["width"], geo["canvas"]["height"]
    boxes = []
    for pid, p in geo["provinces"].items():
        assert len(p["polygon"]) >= 3, pid
        assert _inside(p["unit"], p["polygon"]), pid
        x, y = p["unit"]
        assert 20 < x < w - 20 and 20 < y < h - 20, pid
        if p["sc"]:
            assert _inside(p["sc"], p["polygon"]), pid
        boxes.append((pid, label_box(label_text(pid, p), *p["label"], p["kind"] == "sea")))
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            assert not (ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]), (
                a, b)
    spots = [p["unit"] for p in geo["provinces"].values()]
    assert min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]) >= 90


def test_seas_and_land_are_drawn_apart_on_a_generated_map(tmp_path):
    folder = service.new_game(tmp_path / "g", "diplomacy-ancmed")
    svg = get_game("diplomacy-ancmed").map_svg(folder.read_state(), title="x")
    assert 'class="province sea" id="prov-tyn"' in svg
    assert 'class="province coastal owned rome" id="prov-rom"' in svg
    assert 'class="province land" id="prov-gau"' in svg


def test_adj_map_draws_a_png_of_an_ancmed_position(tmp_path):
    folder, _ = play(tmp_path, "diplomacy-ancmed", ANCMED[:2])
    out = CliRunner().invoke(main, ["map", str(folder.path), "F1901M", "-o",
                                    str(tmp_path / "m.png")])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "m.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("variant", ["diplomacy-ancmed", "diplomacy-fleetrome",
                                     "diplomacy-pure"])
def test_every_variants_owner_tints_differ_for_every_vision(variant):
    """As test_map_colours.py for the standard map: centre tints and neutral land at least
    CIEDE2000 10 apart for normal vision and simulated colour-vision deficiencies."""
    dmap = load_map(variant)
    tints = {"neutral land": LAND, **{p: over(d["colour"], LAND, TINT)
                                      for p, d in dmap.powers.items()}}
    for vision in VISION:
        for a, b in itertools.combinations(tints, 2):
            assert delta_e(simulate(tints[a], vision), simulate(tints[b], vision)) >= 10, (
                vision, a, b)
    for power, info in dmap.powers.items():
        assert contrast(info["text_colour"], "#ffffff") >= 4.5, power

