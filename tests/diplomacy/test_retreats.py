"""Retreat options and retreat resolution."""

from __future__ import annotations

from board_builder import A, F, M, result_at, state, units_of

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.orders import Disband, Move, Retreat, SupportMove, Unit
from adjudicator.diplomacy.retreats import retreat_options


def _dislodge_bur():
    """France dislodges Germany's army in Burgundy from Paris (Spring 1901)."""
    s = state(units="France A par; France A gas; Germany A bur; Germany A mun; Italy A pie;"
                    " Italy A tyr; England A bel",
              centres={})
    return engine.adjudicate(s, {
        "France": [Move(A, "par", dest="bur"), SupportMove(A, "gas", target="par", dest="bur")],
        "Italy": [Move(A, "pie", dest="mar"), Move(A, "tyr", dest="mun")],
        "Germany": [Move(A, "mun", dest="ruh")],
        "England": [Move(A, "bel", dest="ruh")],
    }, M)


def test_retreat_options_exclude_attacker_origin_occupied_and_standoff():
    new, _, ev = _dislodge_bur()
    (d,) = new["dislodged"]
    assert d["loc"] == "bur" and d["attacker_from"] == "par"
    # par: attacker's origin; gas, bel, mun: occupied; ruh: standoff; mar: now Italian.
    assert d["retreats"] == ["pic"]
    assert ev["dislodged"] == new["dislodged"]


def test_retreat_to_the_convoyed_attackers_origin_is_allowed():
    opts = retreat_options(M, Unit("Germany", A, "bel"), "lon", True, {}, set())
    assert "pic" in opts
    assert "lon" not in opts  # armies still cannot cross water
    opts = retreat_options(M, Unit("Germany", F, "bel"), "eng", True, {}, set())
    assert "eng" in opts


def test_retreat_moves_unit_and_advances_phase():
    after, _, _ = _dislodge_bur()
    new, res, _ = engine.adjudicate(after, {"Germany": [Move(A, "bur", dest="pic")]}, M)
    assert ("Germany", "A", "pic") in units_of(new)
    assert new["phase"] == "F1901M" and new["dislodged"] == []
    assert result_at(res, "bur").kind == "retreat" and result_at(res, "bur").success


def test_invalid_retreat_disbands_the_unit():
    after, _, _ = _dislodge_bur()
    new, res, _ = engine.adjudicate(after, {"Germany": [Retreat(A, "bur", dest="par")]}, M)
    assert not any(u["loc"] in ("bur", "par") and u["power"] == "Germany" for u in new["units"])
    assert result_at(res, "bur").outcome == "illegal"


def test_no_retreat_order_means_disband():
    after, _, _ = _dislodge_bur()
    new, res, ev = engine.adjudicate(after, {}, M)
    r = result_at(res, "bur")
    assert r.kind == "disband" and r.default
    assert [d["loc"] for d in ev["disbanded"]] == ["bur"]
    assert all(u["power"] != "Germany" or u["loc"] != "bur" for u in new["units"])


def test_two_retreats_to_one_province_both_disband():
    s = state("S1901R", units="France A pic", centres={}, dislodged=[
        {"power": "Germany", "type": "A", "loc": "bur", "attacker_from": "mar",
         "retreats": ["par"]},
        {"power": "Italy", "type": "A", "loc": "gas", "attacker_from": "spa",
         "retreats": ["par"]},
    ])
    new, res, _ = engine.adjudicate(s, {"Germany": [Retreat(A, "bur", dest="par")],
                                        "Italy": [Retreat(A, "gas", dest="par")]}, M)
    assert units_of(new) == {("France", "A", "pic")}
    assert {r.outcome for r in res} == {"bounced"}


def test_explicit_disband_and_remove_synonym_in_retreats():
    after, _, _ = _dislodge_bur()
    _, res, _ = engine.adjudicate(after, {"Germany": [Disband(A, "bur")]}, M)
    assert result_at(res, "bur").outcome == "disbanded" and not result_at(res, "bur").default


def test_unit_without_retreat_is_destroyed_at_once():
    s = state(units="France A par; France A gas; France A pic; France A mar; Germany A bur;"
                    " Germany A mun; Germany A ruh; Germany A bel", centres={})
    new, _, ev = engine.adjudicate(s, {
        "France": [Move(A, "par", dest="bur"), SupportMove(A, "gas", target="par", dest="bur")],
        "Germany": []}, M)
    assert new["dislodged"] == [] and new["phase"] == "F1901M"
    assert ev["disbanded"][0]["loc"] == "bur"
