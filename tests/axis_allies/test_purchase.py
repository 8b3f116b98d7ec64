"""Purchase (phase 1) and mobilisation (phase 5) rules of A&A 1942, one test per rule."""

from __future__ import annotations

import json

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.state import add_unit, initial_state
from adjudicator.axis_allies.validate import (
    PlacementRequest,
    PurchaseRequest,
    check_placements,
    check_purchase,
    summarise,
)

ED = load_edition("aa1942")


def state_for(power: str, step: str = "purchase", **bought: int) -> dict:
    s = initial_state(ED)
    s["turn"].update(power=power, step=step)
    s["purchased"] = dict(bought)
    return s


def buy(s, power, units, repairs=()):
    return check_purchase(
        s, ED, PurchaseRequest(power, tuple(U(u, n) for u, n in units.items()), tuple(repairs))
    )


def place(s, power, *reqs):
    return check_placements(s, ED, power, [PlacementRequest(power, *r) for r in reqs])


def test_purchase_within_treasury():
    s = state_for("germany")  # 40 IPC
    ok = buy(s, "germany", {"tank": 5, "infantry": 5})  # 25 + 15
    assert ok.errors == [] and (ok.spent, ok.left) == (40, 0)
    bad = buy(s, "germany", {"battleship": 2, "infantry": 1})
    assert [e.rule for e in bad.errors] == ["purchase-over-budget"]


def test_purchase_includes_complex_repair_cost():
    s = state_for("germany")
    s["complexes"]["germany"]["damage"] = 6
    plan = buy(s, "germany", {"tank": 7}, repairs=[("germany", 6)])  # 35 + 6 > 40
    assert [e.rule for e in plan.errors] == ["purchase-over-budget"]
    plan = buy(s, "germany", {"tank": 7}, repairs=[("germany", 3)])
    assert plan.errors == [] and plan.spent == 38
    assert "IPC spent 38, left 2" in summarise(ED, purchase=plan)


def test_repair_only_existing_damage_on_own_complex():
    s = state_for("germany")
    s["complexes"]["germany"]["damage"] = 1
    assert [e.rule for e in buy(s, "germany", {}, repairs=[("germany", 2)]).errors] == [
        "repair-exceeds-damage"
    ]
    assert [e.rule for e in buy(s, "germany", {}, repairs=[("russia", 1)]).errors] == [
        "repair-not-own-complex"
    ]


def test_no_purchase_while_capital_is_held_by_the_enemy():
    s = state_for("ussr")
    s["captured_capitals"]["ussr"] = "germany"
    assert "purchase-capital-lost" in [e.rule for e in buy(s, "ussr", {"infantry": 1}).errors]


def test_unknown_unit_in_purchase():
    s = state_for("ussr")
    assert [e.rule for e in buy(s, "ussr", {"jet": 1}).errors] == ["unknown-unit"]


def test_purchase_validation_never_changes_state():
    s = state_for("germany")
    before = json.dumps(s, sort_keys=True)
    buy(s, "germany", {"tank": 3})
    assert json.dumps(s, sort_keys=True) == before


# --- mobilisation --------------------------------------------------------------------------------


def test_mobilisation_limit_is_ipc_value_minus_damage():
    """Worked example 8 (p.22, p.25): at most max(0, V - D) units, ships included."""
    s = state_for("germany", "mobilise", infantry=11, destroyer=1)
    over = place(s, "germany", ("infantry", 11, "germany"))
    assert [e.rule for e in over.errors] == ["mobilisation-limit"]
    assert over.refunded == {"infantry": 11, "destroyer": 1}
    ships = place(s, "germany", ("infantry", 10, "germany"), ("destroyer", 1, "sz5"))
    assert [e.rule for e in ships.errors] == ["mobilisation-limit"]
    s["complexes"]["germany"]["damage"] = 3
    dmg = place(s, "germany", ("infantry", 8, "germany"))
    assert [e.rule for e in dmg.errors] == ["mobilisation-limit"]
    assert place(s, "germany", ("infantry", 7, "germany")).errors == []


def test_placement_needs_a_complex_held_since_start_of_turn():
    s = state_for("germany", "mobilise", infantry=2)
    assert [e.rule for e in place(s, "germany", ("infantry", 1, "western_europe")).errors] == [
        "place-needs-complex"
    ]
    # captured this turn: not usable
    s2 = state_for("germany", "mobilise", infantry=1)
    s2["controllers"]["caucasus"] = "germany"
    s2["complexes"]["caucasus"].update(owner="germany", new=True)
    assert [e.rule for e in place(s2, "germany", ("infantry", 1, "caucasus")).errors] == [
        "place-complex-not-held"
    ]


def test_no_placement_at_an_allied_complex():
    s = state_for("usa", "mobilise", infantry=1)
    assert [e.rule for e in place(s, "usa", ("infantry", 1, "united_kingdom")).errors] == [
        "place-allied-complex"
    ]


def test_ships_go_into_sea_zones_adjacent_to_a_complex():
    s = state_for("germany", "mobilise", destroyer=2)
    assert place(s, "germany", ("destroyer", 1, "sz5")).errors == []
    assert [e.rule for e in place(s, "germany", ("destroyer", 1, "sz7")).errors] == [
        "ships-adjacent-to-complex"
    ]
    assert [e.rule for e in place(s, "germany", ("destroyer", 1, "germany")).errors] == [
        "ships-at-sea"
    ]


def test_ships_may_be_placed_in_a_hostile_zone():
    s = state_for("germany", "mobilise", destroyer=1)
    add_unit(s, "uk", "battleship", "sz5")
    assert place(s, "germany", ("destroyer", 1, "sz5")).errors == []


def test_new_fighters_need_room_on_own_carrier():
    s = state_for("germany", "mobilise", fighter=2, carrier=1)
    s["units"] = [u for u in s["units"] if u["loc"] != "sz5"]
    add_unit(s, "japan", "carrier", "sz5")
    assert [e.rule for e in place(s, "germany", ("fighter", 1, "sz5")).errors] == [
        "fighter-needs-own-carrier"
    ]
    ok = place(s, "germany", ("fighter", 2, "sz5"), ("carrier", 1, "sz5"))
    assert ok.errors == []


def test_new_complex_needs_owned_territory_with_ipc_value():
    s = state_for("uk", "mobilise", industrial_complex=1)
    assert place(s, "uk", ("industrial_complex", 1, "india")).errors == []
    assert [e.rule for e in place(s, "uk", ("industrial_complex", 1, "gibraltar")).errors] == [
        "complex-needs-ipc"
    ]
    assert [e.rule for e in place(s, "uk", ("industrial_complex", 1, "germany")).errors] == [
        "complex-needs-owned-territory"
    ]
    assert [e.rule for e in place(s, "uk", ("industrial_complex", 1, "united_kingdom")).errors] == [
        "one-complex-per-territory"
    ]


def test_new_complex_cannot_be_used_the_turn_it_is_placed():
    s = state_for("uk", "mobilise", industrial_complex=1, infantry=1)
    plan = place(s, "uk", ("industrial_complex", 1, "india"), ("infantry", 1, "india"))
    assert [e.rule for e in plan.errors] == ["new-complex-not-usable"]
    assert plan.refunded == {"infantry": 1}


def test_only_purchased_units_are_placed():
    s = state_for("germany", "mobilise", infantry=1)
    assert [e.rule for e in place(s, "germany", ("tank", 1, "germany")).errors] == [
        "place-not-purchased"
    ]


def test_no_mobilisation_while_capital_is_held_by_the_enemy():
    s = state_for("ussr", "mobilise", infantry=1)
    s["captured_capitals"]["ussr"] = "germany"
    plan = place(s, "ussr", ("infantry", 1, "caucasus"))
    assert [e.rule for e in plan.errors] == ["mobilise-capital-lost"]


def test_fighters_refused_for_the_complex_limit_keep_the_carrier_room_free():
    # room on a new carrier is used only by fighters actually placed: a line over the complex's
    # limit must not take the room another line needs
    s = state_for("germany", "mobilise", fighter=3, carrier=1)
    s["units"] = [u for u in s["units"] if u["loc"] != "sz5"]
    s["complexes"]["germany"]["damage"] = 8  # limit 10 - 8 = 2
    plan = place(s, "germany", ("carrier", 1, "sz5"), ("fighter", 2, "sz5"), ("fighter", 1, "sz5"))
    assert [e.rule for e in plan.errors] == ["mobilisation-limit"]
    assert [(u, n) for u, n, _r, _c in plan.placed] == [("carrier", 1), ("fighter", 1)]
