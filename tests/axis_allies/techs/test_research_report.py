"""Weapons development in the turn reports, all four formats (Revised digest A5.1): the
research roll with its dice, the technology gained or not, rocket strikes, and the
technologies in force per power; the facts stay structured in the context."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import report
from adjudicator.publish import reports

from .scenario import ED, emptied, new, play, put, with_techs

FORMATS = ("text", "bbcode", "markdown", "html")


def turn_record(game, dice):
    s = with_techs(emptied(new(game), "germany"), "germany", "rockets")
    put(s, "germany", "aa_gun", "western_europe")
    out = play(game, s, "germany", "research: heavy bombers, 2 dice (10 IPC)\n"
               "rockets Western Europe -> United Kingdom\nplace:", dice)
    record = {"phase": s["phase"], "state_before": s, "events": out.events,
              "results": out.results, "dice": None, "seq": 1}
    return report.build_context(record, out.state, {"title": "Tech test"}, ED), out


def test_the_context_holds_the_roll_the_result_and_the_techs_in_force(game):
    ctx, _ = turn_record(game, [2, 6, 4])
    r = ctx["research"]
    assert {k: r[k] for k in ("power", "tech", "number", "dice", "cost", "rolls", "success")} == {
        "power": "Germany", "tech": "Heavy Bombers", "number": 6, "dice": 2, "cost": 10,
        "rolls": [2, 6], "success": True}
    assert r["text"] == ("Germany buys 2 research dice for Heavy Bombers (10 IPC) and rolls "
                         "2, 6: a 6, Heavy Bombers developed, in force at once. 30 IPC left.")
    (rocket,) = ctx["rockets"]
    assert (rocket["target"], rocket["die"], rocket["lost"]) == ("United Kingdom", 4, 4)
    techs = {p["id"]: p["techs"] for p in ctx["powers"]}
    assert techs["germany"] == ["Rockets", "Heavy Bombers"] and techs["uk"] == []


def test_a_failed_roll_is_told_too(game):
    ctx, _ = turn_record(game, [2, 3, 4])
    assert ctx["research"]["success"] is False
    assert ctx["research"]["text"].endswith("rolls 2, 3: no 6, no result. 30 IPC left.")


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_shows_the_research_the_rockets_and_the_techs(game, fmt):
    ctx, _ = turn_record(game, [2, 6, 4])
    text = reports.render("axis_allies", fmt, ctx)
    flat = " ".join(text.split())
    assert "rolls 2, 6: a 6, Heavy Bombers developed" in flat
    assert "Rocket from Western Europe at United Kingdom: rolls 4" in flat
    assert "Rockets, Heavy Bombers" in flat  # the technologies in force, per power


def test_adj_status_lists_the_technologies_in_force(game):
    s = with_techs(new(game), "germany", "rockets", "heavy_bombers")
    assert game.status(s)["techs"] == {"germany": ["Rockets", "Heavy Bombers"]}
    assert "technologies: Germany Rockets, Heavy Bombers" in game.status_lines(s)
    assert "techs" not in game.status(new(game))  # none developed: nothing to show
