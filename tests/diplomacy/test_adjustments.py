"""Builds, removals, waived builds and civil disorder."""

from __future__ import annotations

from board_builder import A, F, M, state, units_of

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.adjustments import civil_disorder_removals
from adjudicator.diplomacy.orders import Build, Disband, Remove, Unit, Waive


def _winter(units: str, centres: dict) -> dict:
    s = state("F1901M", units=units, centres=centres)
    new, _, _ = engine.adjudicate(s, {}, M)
    assert new["phase"] == "W1901A"
    return new


def test_builds_owed_is_centres_minus_units():
    s = _winter("France A par", {"par": "France", "bre": "France", "mar": "France"})
    assert s["adjustments"] == {"France": 2}
    assert engine.powers_to_act(s, M) == ["France"]


def test_build_only_in_owned_vacant_home_centre():
    s = _winter("France A par; Germany A bur",
                {"par": "France", "bre": "France", "spa": "France", "mar": "Germany"})
    accepted, errors = engine.validate_orders(
        s, "France", [Build(A, "spa"), Build(A, "par"), Build(A, "mar"), Build(F, "bre")], M)
    assert [e.rule for e in errors] == ["build-not-home", "build-occupied", "build-not-owned"]
    assert accepted == [Build(F, "bre")]


def test_no_more_builds_than_owed_first_ones_count():
    s = _winter("France A par", {"par": "France", "bre": "France"})
    accepted, errors = engine.validate_orders(s, "France", [Build(A, "bre"), Waive()], M)
    assert accepted == [Build(A, "bre")] and errors[0].rule == "too-many-builds"


def test_build_fleet_on_multi_coast_needs_coast():
    s = _winter("Russia A mos", {"mos": "Russia", "stp": "Russia"})
    _, errors = engine.validate_orders(s, "Russia", [Build(F, "stp")], M)
    assert errors[0].rule == "coast-unspecified"
    accepted, _ = engine.validate_orders(s, "Russia", [Build(F, "stp/nc")], M)
    assert accepted == [Build(F, "stp/nc")]


def test_builds_and_next_spring():
    s = _winter("France A par", {"par": "France", "bre": "France", "mar": "France"})
    new, res, _ = engine.adjudicate(s, {"France": [Build(F, "bre")]}, M)
    assert ("France", "F", "bre") in units_of(new) and new["phase"] == "S1902M"
    waived = [r for r in res if r.kind == "waive"]
    assert len(waived) == 1 and waived[0].default


def test_nmr_builds_are_waived():
    s = _winter("France A par", {"par": "France", "bre": "France"})
    new, res, _ = engine.adjudicate(s, {}, M)
    assert units_of(new) == {("France", "A", "par")}
    assert [(r.kind, r.default) for r in res] == [("waive", True)]


def test_disband_is_read_as_remove_in_adjustments():
    s = _winter("France A par; France A pic", {"par": "France"})
    new, res, _ = engine.adjudicate(s, {"France": [Disband(A, "pic")]}, M)
    assert units_of(new) == {("France", "A", "par")}
    assert res[0].kind == "remove" and not res[0].default


def test_civil_disorder_removes_farthest_unit():
    s = state("W1901A", units="Russia A lvn; Russia A swe", centres={"stp": "Russia"},
              adjustments={"Russia": -1})
    new, res, _ = engine.adjudicate(s, {}, M)
    assert units_of(new) == {("Russia", "A", "lvn")}
    assert res[0].default and res[0].reason.startswith("civil disorder")


def test_civil_disorder_prefers_fleet_at_equal_distance_then_name():
    units = [Unit("Russia", A, "boh"), Unit("Russia", F, "ska"), Unit("Russia", F, "nth")]
    # nth ("North Sea") and ska are both two from a home centre, like the army in Bohemia.
    assert civil_disorder_removals(M, units, "Russia", 1) == [Unit("Russia", F, "nth")]


def test_under_ordered_removals_are_completed_by_civil_disorder():
    s = _winter("France A par; France A pic; France A bur", {"par": "France"})
    new, res, _ = engine.adjudicate(s, {"France": [Remove(A, "pic")]}, M)
    assert len(new["units"]) == 1
    by_loc = {r.loc: r.default for r in res if r.kind == "remove"}
    assert by_loc["pic"] is False and list(by_loc.values()).count(True) == 1
