"""``adj demo`` on each shipped Diplomacy variant (docs/variants.md, "Examples and adj
demo"): the variant's own ``examples/`` play two full years through the second Winter with
no order refused or illegal, the moves, supports, convoy, bounce, dislodgement, retreat,
builds and removal the examples were written to show happen, and replay reproduces the
state. A game without examples says so in the log and in ``--json``."""

from __future__ import annotations

import json

import pytest

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.diplomacy.variants import folder_of
from adjudicator.resources import game_data_path

VARIANTS = ("diplomacy-ancmed", "diplomacy-fleetrome", "diplomacy-pure")
#: the only ways an example order may fail: what the examples show on purpose
INTENDED_FAILURES = {"bounced", "dislodged"}
NO_EXAMPLES = ("no example orders ship for {kind} (games/{kind}/examples/ is missing): the "
               "game was created and nothing was played")


@pytest.fixture(scope="module", params=VARIANTS)
def demo(request, tmp_path_factory):
    kind = request.param
    log: list[str] = []
    folder = service.play_examples(tmp_path_factory.mktemp("demo") / "g", kind,
                                   log=log.append)
    return kind, folder, log


def results(folder, phase_type: str | None = None) -> list[dict]:
    return [r for h in folder.history() if phase_type is None or h["phase"].endswith(phase_type)
            for r in h["results"]]


def test_each_variant_ships_its_own_examples():
    for kind in VARIANTS:
        examples = game_data_path(folder_of(kind)) / "examples"
        assert service.has_examples(kind) and examples.is_dir(), kind
        assert {p.name for p in examples.iterdir() if p.is_dir()} >= {
            "S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "W1902A"}, kind


def test_the_demo_plays_through_the_second_winter(demo):
    kind, folder, _log = demo
    phases = [h["phase"] for h in folder.history()]
    assert phases[0] == "S1901M" and "W1902A" in phases, (kind, phases)
    assert folder.read_state()["phase"] == "S1903M"


def test_no_example_order_is_refused(demo):
    kind, folder, log = demo
    assert not [line for line in log if "ERROR" in line], (kind, log)
    for h in folder.history():
        assert h["submissions"], (kind, h["phase"])


def test_no_example_order_fails_but_by_a_bounce_or_a_dislodgement(demo):
    kind, folder, _log = demo
    failed = [(r["order"], r["outcome"], r.get("reason")) for r in results(folder)
              if not r["success"] and r["outcome"] not in INTENDED_FAILURES]
    assert failed == [], kind


def test_the_examples_show_the_game(demo):
    """Moves, supports, a bounce, a dislodgement and a retreat and builds on every variant;
    a convoy and a removal where the map allows (Pure has no sea, and every Pure province
    is a supply centre, so a unit always stands on a centre its power owns after Fall:
    nobody can owe a removal)."""
    kind, folder, _log = demo
    moves = [r for r in results(folder, "M") if r["kind"] == "move"]
    assert any(r["success"] for r in moves), kind
    assert any(r["kind"] == "support" and r["success"] for r in results(folder, "M")), kind
    assert any(r["outcome"] == "bounced" for r in moves), kind
    assert any(r["outcome"] == "dislodged" for r in results(folder, "M")), kind
    assert any(r["success"] for r in results(folder, "R")), kind
    adjustments = results(folder, "A")
    assert any(r["order"].startswith("Build") and r["success"] for r in adjustments), kind
    if kind != "diplomacy-pure":
        assert any(r.get("via_convoy") and r["success"] for r in moves), kind
        assert any(r["kind"] == "convoy" and r["success"] for r in results(folder, "M")), kind
        assert any(r["order"].startswith("Remove") and r["success"]
                   for r in adjustments), kind


def test_replay_reproduces_the_demo_state(demo):
    _kind, folder, _log = demo
    assert service.verify_replay(folder) == []


def test_the_examples_use_the_variants_own_names():
    """Ancient Mediterranean's orders are written in its own place names, in full and
    abbreviated; Fleet Rome's Italy opens with the fleet in Rome."""
    ancmed = game_data_path("diplomacy-ancmed") / "examples"
    spring = "".join(p.read_text(encoding="utf-8") for p in (ancmed / "S1901M").glob("*.txt"))
    assert "Carthago" in spring and "Tyrrhenean Sea" in spring and "A Mem - Cyr" in spring
    italy = (game_data_path("diplomacy-fleetrome") / "examples" / "S1901M" / "Italy.txt")
    assert "F Rome" in italy.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", VARIANTS)
def test_adj_demo_runs_the_variant_examples(tmp_path, kind):
    res = CliRunner().invoke(main, ["demo", kind, str(tmp_path / "g"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["examples"] is True and out["phases_played"] >= 7
    assert out["status"]["phase"] == "S1903M"
    assert not [line for line in out["log"] if "ERROR" in line or "no example" in line]


def test_a_game_without_examples_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(service, "examples_dir", lambda kind: tmp_path / "no-examples")
    log: list[str] = []
    folder = service.play_examples(tmp_path / "g", "diplomacy-pure", log=log.append)
    assert folder.history() == [] and folder.read_state()["phase"] == "S1901M"
    assert log == [NO_EXAMPLES.format(kind="diplomacy-pure")]


def test_adj_demo_without_examples_says_so_in_text_and_json(tmp_path, monkeypatch):
    monkeypatch.setattr(service, "examples_dir", lambda kind: tmp_path / "no-examples")
    res = CliRunner().invoke(main, ["demo", "diplomacy-ancmed", str(tmp_path / "t")])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("no example orders ship for diplomacy-ancmed")
    assert "now: Spring 1901 Movement (S1901M)" in res.output
    res = CliRunner().invoke(main, ["demo", "diplomacy-ancmed", str(tmp_path / "j"),
                                         "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["examples"] is False and out["phases_played"] == 0
    assert out["log"] == [NO_EXAMPLES.format(kind="diplomacy-ancmed")]
