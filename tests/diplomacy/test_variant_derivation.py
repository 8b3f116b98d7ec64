"""tools/derive_diplomacy_map.py: the variants' data is derived from the DPjudge .map files
in tools/sources/diplomacy/, reruns without the network to the same bytes, and refuses what
our engine does not play instead of dropping it (docs/variants.md)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "tools" / "sources" / "diplomacy"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location(
        "derive_diplomacy_map", ROOT / "tools" / "derive_diplomacy_map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["standard", "ancmed", "fleetrome", "pure"])
def test_rerunning_the_derivation_gives_the_shipped_files(tool, tmp_path, monkeypatch, name):
    games = tmp_path / "games"
    (games / "diplomacy-standard").mkdir(parents=True)
    shutil.copy(ROOT / "games/diplomacy-standard/map.json", games / "diplomacy-standard")
    monkeypatch.setattr(tool, "GAMES", games)
    written = tool.derive(SOURCES / f"{name}.map")
    assert written
    for path in written:
        shipped = ROOT / "games" / path.relative_to(games)
        assert path.read_bytes() == shipped.read_bytes(), path.name


def test_every_source_is_described_in_the_readme():
    readme = (SOURCES / "README.md").read_text()
    for source in sorted(SOURCES.glob("*.map")):
        assert source.name in readme


def test_abuts_case_means_unit_kind(tool):
    """Capitals: both kinds; lower case: armies only; Title case: fleets only."""
    text = """
    ENGLAND (ENGLISH) AAA
    A AAA
    UNOWNED BBB
    Aaa = aaa
    Bbb = bbb
    Ccc = ccc
    Sea = sss
    COAST AAA ABUTS bbb Ccc SSS
    COAST BBB ABUTS aaa SSS
    COAST CCC ABUTS Aaa SSS
    WATER SSS ABUTS AAA BBB CCC
    """
    facts = tool.read_dpjudge(text, "t.map")
    config = {"colours": {"England": ("#000000", "#000000")}}
    data, notes = tool.build_map(facts, "t", config, "t.map")
    assert data["army_adjacency"]["aaa"] == ["bbb"]
    assert data["fleet_adjacency"]["aaa"] == ["ccc", "sss"]
    assert data["fleet_adjacency"]["bbb"] == ["sss"]
    assert data["victory_centres"] == 2  # a majority of the two centres
    assert notes == []


@pytest.mark.parametrize("line, message", [
    ("PORT BAL ABUTS LIG", ("BAL is a PORT (a coast whose fleet may convoy); our engine "
                           "convoys through sea areas only")),
    ("COAST AAA ABUTS R:BBB", "a special adjacency rule our engine does not play: 'R:BBB'"),
    ("COAST AAA ABUTS BBB(CON)", ("a special adjacency rule our engine does not play: "
                                 "'BBB(CON)'")),
    ("COAST AAA ABUTS *BBB", "a special adjacency rule our engine does not play: '*BBB'"),
])
def test_rules_the_engine_does_not_play_are_refused_not_dropped(tool, line, message):
    text = f"ENGLAND (ENGLISH) AAA\nA AAA\nAaa = aaa\nBbb = bbb\nBal = bal\n{line}\n"
    facts = tool.read_dpjudge(text, "t.map")
    with pytest.raises(tool.DeriveError, match=f"^t.map:6: {message}".replace("(", r"\(")
                       .replace(")", r"\)").replace("*", r"\*")):
        tool.build_map(facts, "t", {"colours": {"England": ("#0", "#0")}}, "t.map")


@pytest.mark.parametrize("line, message", [
    ("DUMMY", "a DPjudge directive our engine does not play: 'DUMMY'"),
    ("RULE CONVOY_BACK", "a DPjudge directive our engine does not play: 'RULE CONVOY_BACK'"),
    ("IN S1903M: DROP BBB", "a DPjudge directive our engine does not play"),
    ("VICTORY 18 17 16", "expected 'VICTORY <centres>' \\(one number\\)"),
    ("BEGIN FALL 1901 MOVEMENT", "only 'BEGIN SPRING <year> MOVEMENT' is supported"),
])
def test_directives_the_engine_does_not_play_are_refused(tool, line, message):
    with pytest.raises(tool.DeriveError, match=f"^t.map:3: {message}"):
        tool.read_dpjudge(f"ENGLAND (ENGLISH) AAA\nA AAA\n{line}\n", "t.map")


def test_ancmed_plays_baleares_as_a_coast_and_says_so(tool):
    facts = tool.read_dpjudge((SOURCES / "ancmed.map").read_text(), "ancmed.map")
    with pytest.raises(tool.DeriveError, match="BAL is a PORT"):
        tool.build_map(facts, "ancmed", {**tool.VARIANTS["ancmed"], "port_as_coastal": {}},
                       "ancmed.map")
    data, notes = tool.build_map(facts, "ancmed", tool.VARIANTS["ancmed"], "ancmed.map")
    assert data["provinces"]["bal"]["kind"] == "coastal"
    assert data["army_adjacency"]["bal"] == []  # Tar and Sag are Title case: fleets only
    assert notes and "Baleares" in notes[0]


def test_a_variant_of_another_map_changing_more_than_units_is_refused(tool, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setattr(tool, "GAMES", ROOT / "games")
    src = tmp_path / "fleetrome.map"
    src.write_text("MAP standard\nITALY\nF ROM\nVICTORY 17\n")
    with pytest.raises(tool.DeriveError, match="this script derives unit changes only"):
        tool.derive(src)
