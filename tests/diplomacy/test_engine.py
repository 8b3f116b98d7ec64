"""Movement rules, validation and phase sequencing through the engine's public API."""

from __future__ import annotations

import copy
import json

from board_builder import A, F, M, result_at, state, units_of

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.orders import (
    Build,
    Convoy,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
)
from adjudicator.diplomacy.resolver import Resolver


def run(s, orders):
    return engine.adjudicate(s, orders, M)


# --- the generic resolver ------------------------------------------------------------


class _Same:
    """Toy decision: succeeds iff another decision does (a two-way cycle)."""

    def __init__(self, other):
        self.other = other

    def adjudicate(self, r):
        return r.resolve(self.other)


def test_resolver_hands_unsettled_cycles_to_the_backup_rule():
    seen = []

    def backup(r, cycle):
        seen.append(sorted(cycle))
        for k in cycle:
            r.fix(k, True)

    r = Resolver({"a": _Same("b"), "b": _Same("a")}, backup)
    assert r.resolve_all() == {"a": True, "b": True}
    assert seen == [["a", "b"]]


# --- movement ------------------------------------------------------------------------


def test_initial_state_has_22_units_and_home_centres():
    s = engine.initial_state(M)
    assert s["phase"] == "S1901M" and len(s["units"]) == 22 and len(s["centres"]) == 22
    assert s["players"] == {} and s["result"] is None and s["dislodged"] == []
    assert engine.powers_to_act(s, M) == sorted(M.powers)


def test_equal_strength_moves_stand_off():
    s = state(units="France A par; Germany A mun")
    new, res, _ = run(s, {"France": [Move(A, "par", dest="bur")],
                          "Germany": [Move(A, "mun", dest="bur")]})
    assert units_of(new) == {("France", "A", "par"), ("Germany", "A", "mun")}
    assert result_at(res, "par").outcome == "bounced"


def test_head_to_head_without_support_both_fail():
    s = state(units="France A par; Germany A bur")
    new, _, _ = run(s, {"France": [Move(A, "par", dest="bur")],
                        "Germany": [Move(A, "bur", dest="par")]})
    assert units_of(new) == units_of(s)


def test_supported_head_to_head_dislodges_loser():
    s = state(units="France A par; France A pic; Germany A bur")
    new, _, ev = run(s, {"France": [Move(A, "par", dest="bur"),
                                    SupportMove(A, "pic", target=" par".strip(), dest="bur")],
                         "Germany": [Move(A, "bur", dest="par")]})
    assert ("France", "A", "bur") in units_of(new)
    assert [d["loc"] for d in ev["dislodged"]] == ["bur"]
    assert new["phase"] == "S1901R"


def test_beleaguered_garrison_survives_equal_attacks():
    s = state(units="France A par; France A gas; Germany A mun; Germany A ruh; Italy A bur")
    new, _, _ = run(s, {
        "France": [Move(A, "par", dest="bur"), SupportMove(A, "gas", target="par", dest="bur")],
        "Germany": [Move(A, "mun", dest="bur"), SupportMove(A, "ruh", target="mun", dest="bur")],
        "Italy": [],
    })
    assert ("Italy", "A", "bur") in units_of(new) and new["dislodged"] == []


def test_self_dislodgement_is_not_allowed():
    s = state(units="France A par; France A pic; France A bur")
    new, res, _ = run(s, {"France": [Move(A, "par", dest="bur"),
                                     SupportMove(A, "pic", target="par", dest="bur")]})
    assert units_of(new) == units_of(s)
    assert result_at(res, "par").outcome == "bounced"


def test_support_does_not_help_dislodge_own_unit():
    s = state(units="France A bur; Germany A mun; France A par")
    new, _, _ = run(s, {"Germany": [Move(A, "mun", dest="bur")],
                        "France": [SupportMove(A, "par", target="mun", dest="bur")]})
    assert ("France", "A", "bur") in units_of(new)


def test_support_is_cut_by_attack_from_elsewhere():
    s = state(units="France A par; France A pic; Germany A bur; Germany A bel")
    _, res, _ = run(s, {"France": [Move(A, "par", dest="bur"),
                                   SupportMove(A, "pic", target="par", dest="bur")],
                        "Germany": [Move(A, "bel", dest="pic")]})
    assert result_at(res, "pic").outcome == "cut"
    assert result_at(res, "par").outcome == "bounced"


def test_support_not_cut_by_unit_it_supports_against():
    s = state(units="France A par; France A pic; Germany A bur")
    new, res, _ = run(s, {"France": [Move(A, "par", dest="bur"),
                                     SupportMove(A, "pic", target="par", dest="bur")],
                          "Germany": [Move(A, "bur", dest="pic")]})
    assert result_at(res, "pic").success
    assert ("France", "A", "bur") in units_of(new)


def test_convoy_through_several_fleets():
    s = state(units="England A lon; England F eng; England F mao")
    new, res, _ = run(s, {"England": [Move(A, "lon", dest="por"),
                                      Convoy(F, "eng", target="lon", dest="por"),
                                      Convoy(F, "mao", target="lon", dest="por")]})
    assert ("England", "A", "por") in units_of(new)
    assert result_at(res, "lon").via_convoy


def test_dislodged_convoying_fleet_disrupts_convoy():
    s = state(units="England A lon; England F nth; France F eng; France F bel")
    new, res, _ = run(s, {"England": [Move(A, "lon", dest="hol"),
                                      Convoy(F, "nth", target="lon", dest="hol")],
                          "France": [Move(F, "eng", dest="nth"),
                                     SupportMove(F, "bel", target="eng", dest="nth")]})
    assert ("England", "A", "lon") in units_of(new)
    assert result_at(res, "lon").outcome in ("no convoy", "bounced")


def test_convoyed_attacker_cuts_support():
    s = state(units="England A lon; England F eng; France A bel; France A pic; Germany A bur")
    _, res, _ = run(s, {"England": [Move(A, "lon", dest="pic"),
                                    Convoy(F, "eng", target="lon", dest="pic")],
                        "France": [Move(A, "bel", dest="bur"),
                                   SupportMove(A, "pic", target="bel", dest="bur")],
                        "Germany": []})
    assert result_at(res, "pic").outcome == "cut"


def test_circular_movement_succeeds():
    s = state(units="Turkey F ank; Turkey A con; Turkey A smy")
    new, _, _ = run(s, {"Turkey": [Move(F, "ank", dest="con"), Move(A, "con", dest="smy"),
                                   Move(A, "smy", dest="ank")]})
    assert units_of(new) == {("Turkey", "F", "con"), ("Turkey", "A", "smy"),
                             ("Turkey", "A", "ank")}


def test_foreign_convoy_cannot_kidnap_army_into_a_swap():
    s = state(units="Germany A nwy; Russia A swe; England F ska")
    new, _, _ = run(s, {"Germany": [Move(A, "nwy", dest="swe")],
                        "Russia": [Move(A, "swe", dest="nwy")],
                        "England": [Convoy(F, "ska", target="nwy", dest="swe")]})
    assert units_of(new) == units_of(s)  # head-to-head: both bounce


def test_via_convoy_swaps_with_a_foreign_fleet():
    s = state(units="Germany A nwy; Russia A swe; England F ska")
    new, _, _ = run(s, {"Germany": [Move(A, "nwy", dest="swe", via_convoy=True)],
                        "Russia": [Move(A, "swe", dest="nwy")],
                        "England": [Convoy(F, "ska", target="nwy", dest="swe")]})
    assert {("Germany", "A", "swe"), ("Russia", "A", "nwy")} <= units_of(new)


def test_convoy_paradox_uses_szykman_rule():
    # DATC 6.F.14: the convoyed army has no effect; the fleet attacking the convoy wins.
    s = state(units="England F lon; England F wal; France A bre; France F eng")
    new, res, _ = run(s, {"England": [SupportMove(F, "lon", target="wal", dest="eng"),
                                      Move(F, "wal", dest="eng")],
                          "France": [Move(A, "bre", dest="lon"),
                                     Convoy(F, "eng", target="bre", dest="lon")]})
    assert ("England", "F", "eng") in units_of(new)
    assert result_at(res, "bre").outcome == "void"


def test_illegal_order_holds_and_is_recorded():
    s = state(units="England F nth; Germany A ruh; Germany A hol")
    new, res, _ = run(s, {"England": [Move(F, "nth", dest="pic")],
                          "Germany": []})
    r = result_at(res, "nth")
    assert r.outcome == "illegal" and not r.success and r.reason
    assert ("England", "F", "nth") in units_of(new)


def test_illegal_order_unit_can_receive_hold_support():
    s = state(units="England F nth; England F edi; Germany F hel; Germany F den")
    new, _, _ = run(s, {"England": [Move(F, "nth", dest="pic"), SupportHold(F, "edi", target="nth")],
                        "Germany": [Move(F, "hel", dest="nth"),
                                    SupportMove(F, "den", target="hel", dest="nth")]})
    assert ("England", "F", "nth") in units_of(new)


def test_missing_power_is_nmr_and_holds_by_default():
    s = engine.initial_state(M)
    _, res, _ = run(s, {"France": [Move(A, "par", dest="bur")]})
    english = [r for r in res if r.power == "England"]
    assert english and all(r.default and r.kind == "hold" for r in english)
    assert not result_at(res, "par").default


def test_later_order_for_a_unit_wins_and_is_reported():
    s = state(units="France A par")
    accepted, errors = engine.validate_orders(
        s, "France", [Move(A, "par", dest="bur"), Move(A, "par", dest="pic")], M)
    assert accepted == [Move(A, "par", dest="pic")]
    assert [e.rule for e in errors] == ["duplicate-order"]


def test_unit_type_is_filled_in_from_the_board():
    s = state(units="France A par")
    accepted, _ = engine.validate_orders(s, "France", [Move(None, "par", dest="bur")], M)
    assert accepted[0].unit_type is A


def test_only_reachable_coast_is_filled_in():
    s = state(units="France F gas")
    accepted, _ = engine.validate_orders(s, "France", [Move(F, "gas", dest="spa")], M)
    assert accepted[0].dest == "spa/nc"


def test_two_reachable_coasts_need_a_coast():
    s = state(units="France F mao")
    accepted, errors = engine.validate_orders(s, "France", [Move(F, "mao", dest="spa")], M)
    assert not accepted and errors[0].rule == "coast-unspecified"


def test_validation_rejects_missing_and_foreign_units_and_wrong_phase():
    s = state(units="France A par; Germany A mun")
    _, errors = engine.validate_orders(
        s, "France",
        [Hold(A, "bur"), Hold(A, "mun"), Build(A, "par"), Retreat(A, "par", dest="bur")], M)
    assert [e.rule for e in errors] == ["unit-not-found", "not-your-unit", "wrong-phase",
                                       "wrong-phase"]


def test_validation_never_mutates_its_inputs():
    s = state(units="France A par")
    orders = [Move(None, "par", dest="bur")]
    before = (copy.deepcopy(s), list(orders))
    engine.validate_orders(s, "France", orders, M)
    assert (s, orders) == before


# --- phases --------------------------------------------------------------------------


def test_spring_without_dislodgement_goes_to_fall_movement():
    new, _, ev = run(engine.initial_state(M), {})
    assert new["phase"] == "F1901M" and ev["next_phase"] == "F1901M"


def test_fall_without_adjustments_goes_to_next_spring():
    new, _, _ = run(state("F1901M", units="France A par", centres={"par": "France"}), {})
    assert new["phase"] == "S1902M"


def test_centres_change_owner_only_after_fall():
    s = state(units="France A par", centres={"par": "France"})
    spring, _, _ = run(s, {"France": [Move(A, "par", dest="bur")]})
    spring2, _, _ = run(dict(spring, phase="S1902M", units=[
        {"power": "France", "type": "A", "loc": "bel"}]), {})
    assert "bel" not in spring2["centres"]
    fall, _, ev = run(dict(spring2, phase="F1902M"), {})
    assert fall["centres"]["bel"] == "France"
    assert ev["centre_changes"] == [{"province": "bel", "from": None, "to": "France"}]
    assert fall["phase"] == "W1902A" and fall["adjustments"] == {"France": 1}


def test_centres_after_fall_retreats():
    s = state("F1901M", units="France A bur; France A pic; Germany A bel; England F nth",
              centres={"par": "France", "bel": "Germany"})
    after_move, _, _ = run(s, {"France": [Move(A, "pic", dest="bel"),
                                          SupportMove(A, "bur", target="pic", dest="bel")],
                               "Germany": [], "England": []})
    assert after_move["phase"] == "F1901R" and after_move["centres"]["bel"] == "Germany"
    after_retreat, _, ev = run(after_move, {"Germany": [Move(A, "bel", dest="hol")]})
    assert after_retreat["centres"]["bel"] == "France"
    assert after_retreat["centres"]["hol"] == "Germany"
    assert ev["centre_counts"]["France"] == 2


def test_solo_victory_at_18_centres():
    centres = {c: "France" for c in M.supply_centres()[:17]}
    spare = next(c for c in M.supply_centres() if c not in centres)
    s = state("F1910M", units=f"France A {spare}", centres=centres)
    new, _, ev = run(s, {})
    assert ev["winner"] == "France" and new["result"] == {"type": "solo", "winner": "France"}
    assert engine.powers_to_act(new, M) == []


def test_power_with_no_units_and_no_centres_is_eliminated():
    s = state("W1901A", units="France A par", centres={"par": "Germany"},
              adjustments={"France": -1, "Germany": 1})
    new, _, ev = run(s, {"France": [], "Germany": []})
    assert "France" in ev["eliminated"] and "France" in new["eliminated"]
    assert "Germany" not in new["eliminated"]
    _, _, start = run(engine.initial_state(M), {})
    assert start["eliminated"] == []


def test_adjudicate_is_pure_and_deterministic():
    s = engine.initial_state(M)
    frozen = json.dumps(s, sort_keys=True)
    orders = {"France": [Move(A, "par", dest="bur")], "Germany": [Move(A, "mun", dest="bur")]}
    out1 = run(s, orders)
    out2 = run(copy.deepcopy(s), orders)
    assert json.dumps(s, sort_keys=True) == frozen

    def dump(o):
        return json.dumps([o[0], [r.to_json() for r in o[1]], o[2]], sort_keys=True)

    assert dump(out1) == dump(out2)


# --- corner cases of the phase sequence (not in the DATC) ------------------------------


def _dislodge_bel(phase: str, centres: dict) -> dict:
    s = state(phase, units="France A bur; France A pic; Germany A bel", centres=centres)
    new, _, _ = run(s, {"France": [Move(A, "pic", dest="bel"),
                                   SupportMove(A, "bur", target="pic", dest="bel")]})
    assert new["phase"] == phase[:-1] + "R"
    return new


def test_spring_retreats_lead_to_fall_and_change_no_centre():
    s = _dislodge_bel("S1901M", {"par": "France", "bel": "Germany"})
    new, _, ev = run(s, {"Germany": [Retreat(A, "bel", dest="hol")]})
    assert new["phase"] == "F1901M" and new["centres"] == {"bel": "Germany", "par": "France"}
    assert ev["centre_changes"] == [] and ("Germany", "A", "hol") in units_of(new)


def test_power_eliminated_in_the_fall_retreat_phase():
    s = _dislodge_bel("F1901M", {"par": "France", "bel": "Germany"})
    assert "Germany" not in s["eliminated"]  # its dislodged unit still counts
    new, _, ev = run(s, {})  # NMR: the dislodged army is disbanded, Belgium falls
    assert ev["eliminated"] == ["Germany"] and "Germany" in new["eliminated"]
    assert new["phase"] == "S1902M" and engine.powers_to_act(new, M) == ["France"]


def test_solo_victory_reached_exactly_after_fall_retreats():
    centres = {c: "France" for c in M.supply_centres() if c not in ("bel", "hol")}
    centres = dict(sorted(centres.items())[:17], bel="Germany")
    s = _dislodge_bel("F1905M", centres)
    assert s["result"] is None  # not before the retreats
    new, _, ev = run(s, {"Germany": [Retreat(A, "bel", dest="hol")]})
    assert ev["winner"] == "France" and new["result"] == {"type": "solo", "winner": "France"}
    assert sum(1 for o in new["centres"].values() if o == "France") == 18


def test_no_winter_when_surplus_centres_have_no_free_home_centre():
    s = state("F1901M", units="France A par; France A bre; France A mar",
              centres={"par": "France", "bre": "France", "mar": "France", "bel": "France"})
    new, _, _ = run(s, {})
    assert new["adjustments"] == {} and new["phase"] == "S1902M"


def test_rejections_name_the_province():
    s = engine.initial_state(M)
    _, errors = engine.validate_orders(
        s, "France", [Hold(A, "gas"), Move(A, "mun", dest="ruh"), Move(A, "mar", dest="kie")], M)
    assert [e.message for e in errors] == [
        "there is no unit in Gascony (gas)",
        "the unit in Munich (mun) belongs to Germany",
        "A mar cannot reach Kiel (kie), not even by convoy",
    ]


# --- who must act: one implementation -----------------------------------------------------


def test_powers_to_act_has_one_implementation_read_from_the_state():
    from adjudicator.diplomacy import phase
    from adjudicator.registry import get_game

    assert engine.phase_powers_to_act is phase.powers_to_act  # the engine only delegates
    game = get_game("diplomacy")
    movement = state(units="France A par; France A gas; Germany A bur; Italy A pie; "
                           "England A bel", centres={})
    retreats, _, _ = run(movement, {"France": [Move(A, "par", dest="bur"),
                                               SupportMove(A, "gas", target="par",
                                                           dest="bur")]})
    adjustments = state("W1901A", units="France A par",
                        centres={"par": "France", "bre": "France", "mun": "Germany"},
                        adjustments={"France": 1, "Germany": 1, "Italy": 0, "Russia": -1})
    over = {**engine.initial_state(M), "result": {"type": "solo", "winner": "France"}}
    expected = [
        (movement, ["England", "France", "Germany", "Italy"]),
        (retreats, ["Germany"]),
        (adjustments, ["France", "Germany", "Russia"]),
        (over, []),
    ]
    assert retreats["phase"] == "S1901R"
    for s, powers in expected:
        assert engine.powers_to_act(s, M) == powers
        assert engine.powers_to_act(s) == powers  # the map is not needed
        assert phase.powers_to_act(s) == powers
        assert game.who_must_act(s) == powers
