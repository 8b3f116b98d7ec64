"""Movement rules of A&A 1942: one named test per rule, plus the rulebook's worked examples
(digest §7). Positions are built on an emptied board so each test shows only what matters."""

from __future__ import annotations

import json

import pytest
from aa_scenario import ED, blank, mv, put, rules_of

from adjudicator.axis_allies.movement import CarrierPlan, Load
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.state import Board
from adjudicator.axis_allies.validate import (
    check_air_landed,
    check_combat_moves,
    check_noncombat_moves,
    pending_battles,
    summarise,
)


def combat(s, power, *reqs, plans=()):
    return check_combat_moves(s, ED, power, list(reqs), list(plans))


def noncombat(s, power, *reqs):
    return check_noncombat_moves(s, ED, power, list(reqs))


# --- general ----------------------------------------------------------------------------------


def test_unit_not_available():
    s = blank("germany")
    put(s, "ussr", "infantry", "karelia_ssr")
    assert rules_of(
        combat(s, "germany", mv("germany", {"infantry": 1}, "eastern_europe", "karelia_ssr"))
    ) == ["unit-not-available"]


def test_allied_units_move_only_in_their_owners_turn():
    s = blank("uk", step="noncombat")
    put(s, "usa", "infantry", "united_kingdom")
    plan = noncombat(s, "uk", mv("uk", {"infantry": 1}, "united_kingdom", "sz7"))
    assert rules_of(plan) == ["unit-not-available"]
    assert "ally" in plan.errors[0].message


def test_path_not_connected():
    s = blank("germany")
    put(s, "germany", "tank", "germany")
    put(s, "ussr", "infantry", "russia")
    plan = combat(s, "germany", mv("germany", {"tank": 1}, "germany", "russia"))
    assert rules_of(plan) == ["path-not-connected"]


def test_neutrals_are_impassable_to_land_and_air():
    s = blank("germany")
    put(s, "germany", "infantry", "western_europe")
    put(s, "germany", "fighter", "western_europe")
    put(s, "uk", "infantry", "gibraltar")
    plan = combat(
        s,
        "germany",
        mv("germany", {"infantry": 1}, "western_europe", "spain"),
        mv("germany", {"fighter": 1}, "western_europe", "spain", "gibraltar"),
    )
    assert rules_of(plan) == ["neutral-impassable", "neutral-impassable"]


def test_out_of_range():
    s = blank("germany", step="noncombat")
    put(s, "germany", "infantry", "germany")
    plan = noncombat(
        s, "germany", mv("germany", {"infantry": 1}, "germany", "eastern_europe", "belorussia")
    )
    assert rules_of(plan) == ["out-of-range"]


def test_mixed_domains_move_separately():
    s = blank("uk")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "uk", "fighter", "united_kingdom")
    plan = combat(s, "uk", mv("uk", {"infantry": 1, "fighter": 1}, "united_kingdom", "sz7"))
    assert rules_of(plan) == ["mixed-domains"]


def test_path_inferred_and_returned():
    """Shortest legal path inference when no path is given; the report shows it."""
    s = blank("usa", step="noncombat")
    put(s, "usa", "fighter", "hawaiian_islands")
    plan = noncombat(
        s, "usa", mv("usa", {"fighter": 1}, "hawaiian_islands", "australia", given=False)
    )
    assert plan.errors == []
    (res,) = plan.moves
    assert res.path_inferred and len(res.path) == 5
    assert res.path[0] == "hawaiian_islands" and res.path[-1] == "australia"
    assert any("(path inferred)" in line for line in summarise(ED, noncombat=plan))


def test_validation_never_changes_state():
    s = blank("germany")
    put(s, "germany", "tank", "eastern_europe")
    put(s, "germany", "fighter", "germany")
    put(s, "ussr", "infantry", "archangel")
    before = json.dumps(s, sort_keys=True)
    plan = combat(
        s,
        "germany",
        mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr", "archangel"),
        mv("germany", {"fighter": 1}, "germany", "eastern_europe", "karelia_ssr", "archangel"),
    )
    assert plan.errors == []
    assert json.dumps(s, sort_keys=True) == before
    assert plan.state["controllers"]["karelia_ssr"] == "germany"  # only the working copy


# --- land units -------------------------------------------------------------------------------


def test_land_units_stop_on_entering_enemy_territory():
    s = blank("germany")
    put(s, "germany", "tank", "belorussia")
    put(s, "ussr", "infantry", "karelia_ssr")
    plan = combat(
        s, "germany", mv("germany", {"tank": 1}, "belorussia", "karelia_ssr", "archangel")
    )
    assert rules_of(plan) == ["land-must-stop"]


def test_land_units_stop_at_a_lone_aa_gun_or_complex():
    s = blank("germany")
    put(s, "germany", "tank", "eastern_europe", 2)
    put(s, "ussr", "aa_gun", "karelia_ssr")
    s["complexes"]["archangel"] = {"owner": "ussr", "damage": 0, "new": False}
    put(s, "ussr", "infantry", "russia")
    plan = combat(
        s,
        "germany",
        mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr", "archangel"),
    )
    assert rules_of(plan) == ["land-must-stop"]
    s2 = blank("germany")
    s2["controllers"]["karelia_ssr"] = s2["turn_start_controllers"]["karelia_ssr"] = "germany"
    put(s2, "germany", "tank", "karelia_ssr")
    s2["complexes"]["archangel"] = {"owner": "ussr", "damage": 0, "new": False}
    put(s2, "ussr", "infantry", "russia")
    plan = combat(s2, "germany", mv("germany", {"tank": 1}, "karelia_ssr", "archangel", "russia"))
    assert rules_of(plan) == ["land-must-stop"]


def test_tank_blitz_through_empty_enemy_territory():
    s = blank("germany")
    put(s, "germany", "tank", "eastern_europe")
    put(s, "ussr", "infantry", "archangel")
    plan = combat(
        s, "germany", mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr", "archangel")
    )
    assert plan.errors == []
    assert plan.moves[0].blitzed == ("karelia_ssr",)
    assert plan.state["controllers"]["karelia_ssr"] == "germany"


def test_only_tanks_blitz():
    s = blank("germany", step="combat")
    put(s, "germany", "infantry", "eastern_europe")
    plan = combat(
        s, "germany", mv("germany", {"infantry": 1}, "eastern_europe", "karelia_ssr", "archangel")
    )
    assert rules_of(plan) == ["out-of-range"]


def test_noncombat_land_moves_only_through_friendly_territory():
    s = blank("germany", step="noncombat")
    put(s, "germany", "tank", "eastern_europe")
    plan = noncombat(s, "germany", mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr"))
    assert rules_of(plan) == ["noncombat-into-hostile"]


def test_aa_guns_move_only_in_noncombat():
    s = blank("germany")
    put(s, "germany", "aa_gun", "germany")
    plan = combat(s, "germany", mv("germany", {"aa_gun": 1}, "germany", "eastern_europe"))
    assert rules_of(plan) == ["aa-gun-noncombat-only"]
    s["turn"]["step"] = "noncombat"
    assert (
        noncombat(s, "germany", mv("germany", {"aa_gun": 1}, "germany", "eastern_europe")).errors
        == []
    )


def test_aa_gun_loaded_last_turn_may_ride_in_combat():
    """Digest §6.1 item 2: an AA gun already aboard may travel with its transport."""
    s = blank("uk")
    (tr,) = put(s, "uk", "transport", "sz7")
    put(s, "uk", "aa_gun", "sz7", aboard=tr)
    put(s, "germany", "destroyer", "sz6")
    plan = combat(s, "uk", mv("uk", {"transport": 1}, "sz7", "sz6"))
    assert plan.errors == []
    assert [u["loc"] for u in plan.state["units"] if u["type"] == "aa_gun"] == ["sz6"]


def test_units_moved_in_combat_do_not_move_in_noncombat():
    s = blank("germany")
    put(s, "germany", "infantry", "eastern_europe")
    put(s, "ussr", "infantry", "karelia_ssr")
    plan = combat(s, "germany", mv("germany", {"infantry": 1}, "eastern_europe", "karelia_ssr"))
    after = plan.state
    after["turn"]["step"] = "noncombat"
    after["controllers"]["karelia_ssr"] = "germany"  # as if the battle was won
    after["units"] = [u for u in after["units"] if u["power"] == "germany"]
    plan2 = noncombat(after, "germany", mv("germany", {"infantry": 1}, "karelia_ssr", "belorussia"))
    assert rules_of(plan2) == ["moved-in-combat"]


def test_air_units_land_in_noncombat_after_combat():
    s = blank("germany")
    put(s, "germany", "fighter", "germany")
    put(s, "ussr", "infantry", "karelia_ssr")
    plan = combat(
        s, "germany", mv("germany", {"fighter": 1}, "germany", "eastern_europe", "karelia_ssr")
    )
    assert plan.errors == []
    after = plan.state
    after["turn"]["step"] = "noncombat"
    plan2 = noncombat(
        after, "germany", mv("germany", {"fighter": 1}, "karelia_ssr", "eastern_europe", "germany")
    )
    assert plan2.errors == []
    # 2 + 3 > 4: the whole-turn range is counted
    plan3 = noncombat(
        after,
        "germany",
        mv("germany", {"fighter": 1}, "karelia_ssr", "eastern_europe", "germany", "western_europe"),
    )
    assert "air-out-of-range" in rules_of(plan3)


# --- naval units ------------------------------------------------------------------------------


def test_destroyer_stops_in_hostile_zone_sub_passes():
    """Worked example 7 (p.12): a destroyer must stop at an enemy surface ship; a submarine
    passes because the enemy vessel is not a destroyer."""
    s = blank("germany")
    put(s, "germany", "destroyer", "sz5")
    put(s, "germany", "submarine", "sz5")
    put(s, "uk", "battleship", "sz6")
    put(s, "uk", "cruiser", "sz7")
    dd = combat(s, "germany", mv("germany", {"destroyer": 1}, "sz5", "sz6", "sz7"))
    assert rules_of(dd) == ["naval-must-stop"]
    ss = combat(s, "germany", mv("germany", {"submarine": 1}, "sz5", "sz6", "sz7"))
    assert ss.errors == []


def test_submarine_stops_at_enemy_destroyer():
    s = blank("germany")
    put(s, "germany", "submarine", "sz5")
    put(s, "uk", "destroyer", "sz6")
    put(s, "uk", "cruiser", "sz7")
    plan = combat(s, "germany", mv("germany", {"submarine": 1}, "sz5", "sz6", "sz7"))
    assert rules_of(plan) == ["sub-stops-at-destroyer"]


def test_enemy_subs_and_transports_do_not_make_a_zone_hostile():
    s = blank("germany", step="noncombat")
    put(s, "germany", "battleship", "sz5")
    put(s, "uk", "submarine", "sz6")
    put(s, "uk", "transport", "sz6")
    plan = noncombat(s, "germany", mv("germany", {"battleship": 1}, "sz5", "sz6", "sz7"))
    assert plan.errors == []


def test_transport_stops_on_meeting_enemy_warships_after_starting():
    s = blank("germany")
    put(s, "germany", "transport", "sz5")
    put(s, "uk", "cruiser", "sz5")  # the start zone does not count
    put(s, "uk", "cruiser", "sz6")
    put(s, "uk", "infantry", "united_kingdom")
    plan = combat(s, "germany", mv("germany", {"transport": 1}, "sz5", "sz6", "sz7"))
    assert rules_of(plan) == ["transport-must-stop"]


def test_noncombat_naval_moves_avoid_hostile_zones():
    s = blank("uk", step="noncombat")
    put(s, "uk", "cruiser", "sz7")
    put(s, "germany", "destroyer", "sz6")
    plan = noncombat(s, "uk", mv("uk", {"cruiser": 1}, "sz7", "sz6"))
    assert rules_of(plan) == ["noncombat-into-hostile"]


def test_panama_destroyer():
    """Worked example 6 (p.9): a British destroyer crosses Panama while the Allies hold it."""
    s = blank("uk", step="noncombat")
    put(s, "uk", "destroyer", "sz19")
    assert noncombat(s, "uk", mv("uk", {"destroyer": 1}, "sz19", "sz20")).errors == []
    s2 = blank("germany", step="noncombat")
    put(s2, "germany", "destroyer", "sz19")
    plan = noncombat(s2, "germany", mv("germany", {"destroyer": 1}, "sz19", "sz20"))
    assert rules_of(plan) == ["canal-closed"]


def test_suez_needs_both_banks_at_start_of_turn():
    s = blank("uk", step="noncombat", trans_jordan="germany")
    put(s, "uk", "cruiser", "sz15")
    assert rules_of(noncombat(s, "uk", mv("uk", {"cruiser": 1}, "sz15", "sz34"))) == [
        "canal-closed"
    ]
    # recaptured during this turn: still closed, control counts at the start of the turn
    s["controllers"]["trans_jordan"] = "uk"
    assert rules_of(noncombat(s, "uk", mv("uk", {"cruiser": 1}, "sz15", "sz34"))) == [
        "canal-closed"
    ]


def test_turkish_straits_optional_rule():
    s = blank("ussr", step="noncombat")
    put(s, "ussr", "submarine", "sz16")
    assert noncombat(s, "ussr", mv("ussr", {"submarine": 1}, "sz16", "sz15")).errors == []
    s["rules"]["turkish_straits_closed"] = True
    assert rules_of(noncombat(s, "ussr", mv("ussr", {"submarine": 1}, "sz16", "sz15"))) == [
        "strait-closed"
    ]


# --- transports -------------------------------------------------------------------------------


def test_transport_capacity_one_unit_plus_one_infantry():
    s = blank("uk", step="noncombat")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "tank", "united_kingdom", 2)
    put(s, "uk", "infantry", "united_kingdom", 3)
    ok = noncombat(
        s,
        "uk",
        mv(
            "uk",
            {"transport": 1},
            "sz7",
            "sz8",
            loads=(Load("sz7", "united_kingdom", (U("tank", 1), U("infantry", 1))),),
        ),
    )
    assert ok.errors == []
    bad = noncombat(
        s,
        "uk",
        mv(
            "uk",
            {"transport": 1},
            "sz7",
            "sz8",
            loads=(Load("sz7", "united_kingdom", (U("tank", 2),)),),
        ),
    )
    assert rules_of(bad) == ["transport-capacity"]


def test_transports_load_only_in_friendly_zones():
    s = blank("uk", step="noncombat")
    put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "germany", "battleship", "sz6")
    plan = noncombat(
        s,
        "uk",
        mv(
            "uk",
            {"transport": 1},
            "sz6",
            loads=(Load("sz6", "united_kingdom", (U("infantry", 1),)),),
        ),
    )
    assert rules_of(plan) == ["load-in-hostile-zone"]


def test_transport_unloads_once_per_turn():
    s = blank("uk", step="noncombat", norway="uk")
    (tr,) = put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "sz6", 2, aboard=tr)
    plan = noncombat(
        s,
        "uk",
        mv("uk", {"infantry": 1}, "sz6", "united_kingdom"),
        mv("uk", {"infantry": 1}, "sz6", "norway"),
    )
    assert rules_of(plan) == ["unload-once"]


def test_transport_does_not_move_after_unloading():
    s = blank("uk", step="noncombat")
    (tr,) = put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "sz7", aboard=tr)
    plan = noncombat(
        s,
        "uk",
        mv("uk", {"transport": 1}, "sz7", unload="united_kingdom"),
        mv("uk", {"transport": 1}, "sz7", "sz8"),
    )
    assert rules_of(plan) == ["transport-unloaded"]


def test_no_cargo_crosses_between_transports():
    s = blank("uk", step="noncombat")
    put(s, "uk", "transport", "sz7")
    (t2,) = put(s, "uk", "transport", "sz6")
    put(s, "uk", "infantry", "sz6", aboard=t2)
    plan = noncombat(
        s, "uk", mv("uk", {"transport": 1}, "sz7", loads=(Load("sz7", "sz6", (U("infantry", 1),)),))
    )
    assert rules_of(plan) == ["no-cargo-transfer"]


def test_cargo_loaded_in_combat_must_assault():
    s = blank("uk")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "germany", "submarine", "sz6")
    plan = combat(
        s,
        "uk",
        mv(
            "uk",
            {"transport": 1},
            "sz7",
            "sz6",
            loads=(Load("sz7", "united_kingdom", (U("infantry", 1),)),),
        ),
    )
    assert "combat-cargo-must-assault" in rules_of(plan)


def test_amphibious_assault_with_bombardment_from_friendly_zone():
    """Combat-move exception 2: transports and bombarding ships in a friendly zone."""
    s = blank("uk")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "battleship", "sz6")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "germany", "infantry", "western_europe")
    assault = mv(
        "uk",
        {"transport": 1},
        "sz7",
        unload="western_europe",
        loads=(Load("sz7", "united_kingdom", (U("infantry", 1),)),),
    )
    bb = mv("uk", {"battleship": 1}, "sz6", "sz7", bombard="western_europe")
    plan = combat(s, "uk", assault, bb)
    assert plan.errors == []
    assert plan.moves[1].exceptions == ["bombard"]
    (battle,) = pending_battles(plan.state, ED, "uk", plan.moves)
    assert (battle.region, battle.kind) == ("western_europe", "amphibious")
    assert battle.attacker == {"infantry": 1} and battle.defender == {"infantry": 1}


# --- combat move must end in combat -------------------------------------------------------


def test_combat_move_must_end_in_combat():
    s = blank("germany")
    put(s, "germany", "infantry", "germany")
    plan = combat(s, "germany", mv("germany", {"infantry": 1}, "germany", "western_europe"))
    assert rules_of(plan) == ["combat-move-must-end-in-combat"]


def test_exception_blitzing_tank_may_end_in_friendly_territory():
    s = blank("germany")
    put(s, "germany", "tank", "eastern_europe")
    plan = combat(
        s, "germany", mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr", "belorussia")
    )
    assert plan.errors == [] and plan.moves[0].exceptions == ["blitz"]


def test_exception_ships_leaving_a_contested_zone():
    s = blank("uk")
    put(s, "uk", "destroyer", "sz6")
    put(s, "germany", "battleship", "sz6")
    plan = combat(s, "uk", mv("uk", {"destroyer": 1}, "sz6", "sz7"))
    assert plan.errors == [] and plan.moves[0].exceptions == ["left-contested-zone"]


def test_exception_zone_with_only_enemy_subs_or_transports():
    s = blank("uk")
    put(s, "uk", "destroyer", "sz7")
    put(s, "germany", "transport", "sz6")
    assert combat(s, "uk", mv("uk", {"destroyer": 1}, "sz7", "sz6")).errors == []


# --- air units --------------------------------------------------------------------------------


def test_us_fighter_hawaii_to_australia_uses_full_range():
    """Worked example 4 (p.26): Hawaiian Islands -> 52 -> 45 -> 46 -> Australia is 4."""
    s = blank("usa", step="noncombat")
    put(s, "usa", "fighter", "hawaiian_islands")
    ok = noncombat(
        s, "usa", mv("usa", {"fighter": 1}, "hawaiian_islands", "sz52", "sz45", "sz46", "australia")
    )
    assert ok.errors == []
    too_far = noncombat(
        s,
        "usa",
        mv("usa", {"fighter": 1}, "hawaiian_islands", "sz52", "sz45", "sz47", "sz46", "australia"),
    )
    assert rules_of(too_far) == ["air-out-of-range"]


def _carrier_example():
    s = blank("usa")
    (cv,) = put(s, "usa", "carrier", "sz51")
    put(s, "usa", "fighter", "sz51", aboard=cv)
    put(s, "japan", "infantry", "philippine_islands")
    attack = mv("usa", {"fighter": 1}, "sz51", "sz50", "sz49", "philippine_islands")
    return s, attack


def test_carrier_landing_example():
    """Worked example 5 (p.26): fighter leaves the carrier in 51, attacks the Philippines via
    50 and 49; the carrier's declared noncombat move 51 -> 50 -> 49 catches it."""
    s, attack = _carrier_example()
    plan = combat(s, "usa", attack, plans=[CarrierPlan("usa", ("sz51", "sz50", "sz49"))])
    assert plan.errors == []
    after = plan.state
    after["turn"]["step"] = "noncombat"
    plan2 = noncombat(
        after,
        "usa",
        mv("usa", {"carrier": 1}, "sz51", "sz50", "sz49"),
        mv("usa", {"fighter": 1}, "philippine_islands", "sz49"),
    )
    assert plan2.errors == []


def test_no_suicide_missions():
    """Without the declared carrier move the fighter has nowhere to land: refused."""
    s, attack = _carrier_example()
    plan = combat(s, "usa", attack)
    assert rules_of(plan) == ["air-no-landing"]


def test_declared_carrier_may_not_move_in_combat_and_must_follow_its_plan():
    s, attack = _carrier_example()
    put(s, "japan", "destroyer", "sz52")
    cv_attack = mv("usa", {"carrier": 1}, "sz51", "sz52")
    plan = combat(s, "usa", attack, cv_attack, plans=[CarrierPlan("usa", ("sz51", "sz50", "sz49"))])
    assert "carrier-committed" in rules_of(plan)
    ok = combat(s, "usa", attack, plans=[CarrierPlan("usa", ("sz51", "sz50", "sz49"))])
    after = ok.state
    after["turn"]["step"] = "noncombat"
    plan2 = noncombat(after, "usa", mv("usa", {"carrier": 1}, "sz51", "sz50"))
    assert "carrier-plan-not-followed" in rules_of(plan2)


def test_air_lands_only_where_friendly_at_start_of_turn():
    s = blank("germany")
    put(s, "germany", "tank", "eastern_europe")
    put(s, "germany", "fighter", "germany")
    put(s, "ussr", "infantry", "archangel")
    plan = combat(
        s,
        "germany",
        mv("germany", {"tank": 1}, "eastern_europe", "karelia_ssr", "archangel"),
        mv("germany", {"fighter": 1}, "germany", "eastern_europe", "karelia_ssr", "archangel"),
    )
    after = plan.state
    after["turn"]["step"] = "noncombat"
    plan2 = noncombat(after, "germany", mv("germany", {"fighter": 1}, "archangel", "karelia_ssr"))
    assert rules_of(plan2)[0] == "air-landing-not-friendly"


def test_fighters_need_carrier_room_to_land_at_sea():
    s = blank("uk", step="noncombat")
    (cv,) = put(s, "uk", "carrier", "sz7")
    put(s, "uk", "fighter", "sz7", 2, aboard=cv)
    put(s, "uk", "fighter", "united_kingdom")
    plan = noncombat(s, "uk", mv("uk", {"fighter": 1}, "united_kingdom", "sz7"))
    assert rules_of(plan) == ["air-no-landing"]
    bomber = put(s, "uk", "bomber", "united_kingdom")
    assert bomber
    plan = noncombat(s, "uk", mv("uk", {"bomber": 1}, "united_kingdom", "sz8"))
    assert rules_of(plan)[0] == "air-landing-not-friendly"


def test_bombing_raid_needs_an_enemy_complex():
    s = blank("uk")
    put(s, "uk", "bomber", "united_kingdom")
    ok = combat(
        s,
        "uk",
        mv("uk", {"bomber": 1}, "united_kingdom", "sz6", "western_europe", "germany", bombing=True),
    )
    assert ok.errors == []
    assert [b.kind for b in pending_battles(ok.state, ED, "uk", ok.moves)] == ["bombing"]
    bad = combat(
        s, "uk", mv("uk", {"bomber": 1}, "united_kingdom", "sz6", "western_europe", bombing=True)
    )
    assert "bombing-needs-complex" in rules_of(bad)


# --- allied sharing ---------------------------------------------------------------------------


def test_allied_land_units_board_an_allied_transport():
    """p.20: in its own turn a power loads its land units on a friendly power's transport."""
    s = blank("usa", step="noncombat")
    put(s, "uk", "transport", "sz7")
    put(s, "usa", "infantry", "united_kingdom")
    plan = noncombat(s, "usa", mv("usa", {"infantry": 1}, "united_kingdom", "sz7"))
    assert plan.errors == []
    inf = next(u for u in plan.state["units"] if u["type"] == "infantry")
    assert inf["loc"] == "sz7" and inf["aboard"] is not None


def test_allied_fighters_ride_as_cargo_on_a_moving_carrier():
    s = blank("uk", step="noncombat")
    (cv,) = put(s, "uk", "carrier", "sz7")
    (f,) = put(s, "usa", "fighter", "sz7", aboard=cv)
    plan = noncombat(s, "uk", mv("uk", {"carrier": 1}, "sz7", "sz8"))
    assert plan.errors == []
    assert [u["loc"] for u in plan.state["units"] if u["id"] == f] == ["sz8"]


def test_summary_lists_paths_and_battles():
    s = blank("germany")
    put(s, "germany", "infantry", "eastern_europe", 2)
    put(s, "ussr", "infantry", "karelia_ssr")
    plan = combat(s, "germany", mv("germany", {"infantry": 2}, "eastern_europe", "karelia_ssr"))
    lines = summarise(ED, combat=plan, power="germany")
    assert "  2 Infantry: Eastern Europe - Karelia S.S.R." in lines
    assert any("Karelia" in ln and "(land)" in ln and "against 1 Infantry" in ln for ln in lines)


@pytest.mark.parametrize("step", ["combat", "noncombat"])
def test_industrial_complex_never_moves(step):
    s = blank("germany", step=step)
    plan = (combat if step == "combat" else noncombat)(
        s, "germany", mv("germany", {"industrial_complex": 1}, "germany", "eastern_europe")
    )
    assert rules_of(plan) == ["complex-cannot-move"]


def test_air_landed_check_flags_stranded_fighter():
    s = blank("uk", step="noncombat")
    put(s, "uk", "fighter", "sz12")
    assert [e.rule for e in check_air_landed(Board(s, ED), "uk")] == ["air-no-landing"]


def test_adapter_from_parsed_orders():
    from adjudicator.axis_allies import orders as o
    from adjudicator.axis_allies.validate import requests_from_orders

    tm = o.TransportMove(
        transports=(o.UnitCount("transport", 1),),
        transport_at="sz7",
        steps=(
            o.TransportStep("load", "united_kingdom", (o.UnitCount("infantry", 1),)),
            o.TransportStep("unload", "western_europe"),
        ),
    )
    (req,) = requests_from_orders(tm, "uk")
    assert req.path == ("sz7",) and req.unload == "western_europe"
    assert req.loads[0].territory == "united_kingdom"
    s = blank("uk")
    put(s, "uk", "transport", "sz7")
    put(s, "uk", "infantry", "united_kingdom")
    put(s, "germany", "infantry", "western_europe")
    assert combat(s, "uk", req).errors == []
    m = o.Move(units=(o.UnitCount("fighter", 1),), path=("united_kingdom", "western_europe"))
    (req2,) = requests_from_orders(m, "uk")
    assert req2.path_given is False
