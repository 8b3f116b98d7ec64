"""Every value of every rule switch works (docs/aa-editions.md): the 1942 default of each is
tested throughout; here each switch's other values, one test each. The switches with their
own files: ``battleship_repair`` (test_turn_steps.py), ``sbr_model`` (test_sbr_models.py),
``struck_subs_still_strike`` (test_battle_surprise_strike.py), ``victory`` (test_turn.py),
``turkish_straits_closed`` (test_movement.py), ``complex_repair_cost`` (test_purchase.py);
the switches Revised brought, both values each, in ``tests/axis_allies/revised/``:
``transports_make_zone_hostile`` (test_revised_hostility.py), ``air_hits_subs_need_destroyer``
(test_revised_submarines.py), ``bombard_one_ship_per_landed_unit``
(test_revised_bombardment.py)."""

from __future__ import annotations

from aa_scenario import ED, blank, mv, put, rules_of
from battle_cases import army, events, exact, fight, setup_of

from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import Unit
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.rules import RETIRED, Rules
from adjudicator.axis_allies.state import Board
from adjudicator.axis_allies.validate import (
    PlacementRequest,
    check_noncombat_moves,
    check_placements,
)
from adjudicator.dice import FixedDice
from adjudicator.record import fields, replace

RULES = rules_for("aa1942")


def with_rule(state: dict, **switches) -> dict:
    state["rules"] = {**state["rules"], **switches}
    return state


def test_the_switches_are_these():
    assert [f.name for f in fields(Rules)] == [
        "edition", "canal_control", "subs_make_zone_hostile", "transports_make_zone_hostile",
        "subs_pass_hostile_zones", "air_hits_subs_need_destroyer", "transports_casualty_last",
        "bombard_one_ship_per_landed_unit", "battleship_repair", "sbr_model",
        "complex_repair_cost", "sbr_damage_cap_multiple", "struck_subs_still_strike",
        "new_complex_min_ipc", "turkish_straits_closed", "victory"]
    assert not set(RETIRED) & {f.name for f in fields(Rules)}


def test_canal_control_at_the_start_of_the_turn_or_live():
    s = blank("uk", "combat")
    s["turn_start_controllers"]["trans_jordan"] = "germany"  # retaken during this turn
    assert "suez" not in Board(s, ED).open_canals("uk")
    assert "suez" in Board(with_rule(s, canal_control="live"), ED).open_canals("uk")
    s["controllers"]["trans_jordan"] = "germany"
    s["turn_start_controllers"]["trans_jordan"] = "uk"  # lost during this turn
    assert "suez" not in Board(s, ED).open_canals("uk")


def test_submarines_make_a_zone_hostile():
    for hostile in (False, True):
        s = with_rule(blank("uk", "noncombat"), subs_make_zone_hostile=hostile)
        put(s, "uk", "destroyer", "sz7")
        put(s, "germany", "submarine", "sz6")
        assert Board(s, ED).hostile_sea("sz6", "uk") is hostile
        plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"destroyer": 1}, "sz7", "sz6",
                                                      "sz5")])
        assert ("naval-must-stop" in rules_of(plan)) is hostile


def test_submarines_pass_hostile_zones_or_stop_like_other_ships():
    for passes in (True, False):
        s = with_rule(blank("uk", "noncombat"), subs_pass_hostile_zones=passes)
        put(s, "uk", "submarine", "sz7")
        put(s, "germany", "cruiser", "sz6")
        plan = check_noncombat_moves(s, ED, "uk", [mv("uk", {"submarine": 1}, "sz7", "sz6",
                                                      "sz5")])
        assert ("naval-must-stop" in rules_of(plan)) is not passes, rules_of(plan)


def test_transports_chosen_last_or_freely():
    free = replace(RULES, transports_casualty_last=False)
    s = setup_of("sea", army("uk", "a", destroyer=1), army("ger", "d", destroyer=1,
                                                           transport=1))
    # one hit: 1942 takes the destroyer (transports last); freely, the cheaper transport
    last = fight(s, [1, 6])
    assert last.fates["d1"] == "destroyed"
    assert events(last, "defenceless-transports")
    chosen = fight(s, [1, 6, 1, 6], rules=free)
    assert chosen.fates["d2"] == "destroyed" and chosen.fates["d1"] == "destroyed"
    assert not events(chosen, "defenceless-transports")
    # a lone transport is not sunk without dice: it is fought (and cannot hit back)
    alone = setup_of("sea", army("uk", "a", destroyer=1), army("ger", "d", transport=1))
    assert exact(alone).probability(reason="defenceless-transports") == 1
    o = exact(alone, free)
    assert o.probability(reason="defender-eliminated") == 1 and o.states > 0
    assert fight(alone, [6, 1], rules=free).rounds == 2


def test_the_sbr_damage_cap_multiple():
    setup = RaidSetup("germany", "uk", (Unit("b1", "uk", "bomber"),), 2, damage_before=3)
    two = resolve_raid(ED, RULES, setup, FixedDice([6]))
    three = resolve_raid(ED, replace(RULES, sbr_damage_cap_multiple=3), setup, FixedDice([6]))
    assert (two.cap, two.damage_after) == (4, 4) and (three.cap, three.damage_after) == (6, 6)


def test_the_smallest_territory_for_a_new_complex():
    s = blank("ussr", "mobilise", buryatia_ssr="ussr")
    s["purchased"] = {"industrial_complex": 1}
    req = [PlacementRequest("ussr", "industrial_complex", 1, "buryatia_ssr", line=1)]
    assert check_placements(s, ED, "ussr", req).errors == []  # worth 1 IPC
    plan = check_placements(with_rule(s, new_complex_min_ipc=2), ED, "ussr", req)
    assert rules_of(plan) == ["complex-needs-ipc"]
