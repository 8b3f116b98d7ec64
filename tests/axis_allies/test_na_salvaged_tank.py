"""Salvaged Tank (Soviet Union 4, Revised digest A7): a Soviet tank, free, in a red territory
where the Soviet Union won its defence against attacking tanks and destroyed at least one;
a standing order, default yes (digest C3 #14); ruling NA-salvaged_tank."""

from __future__ import annotations

import copy

import pytest
from na_scenario import emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.salvaged_tank import ADVANTAGE
from adjudicator.errors import GameError


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True, where: str = "karelia_ssr") -> dict:
    """Germany to move: a tank in Eastern Europe, a Soviet infantry in ``where``."""
    s = new(g, **({"na_ussr": "salvaged_tank"} if chosen else {}))
    s["controllers"].update({where: "ussr", "eastern_europe": "germany"})
    emptied(s, "germany")
    put(s, "germany", "tank", "eastern_europe")
    put(s, "ussr", "infantry", where)
    return s


def attack(g, s, where="karelia_ssr", dice=(6, 1), units="1 tank"):
    before = copy.deepcopy(s)
    out = play(g, s, "germany", f"combat:\n{units} Eastern Europe -> {where}", dice)
    return out, report(g, before, out)


def soviet_tanks(state, where="karelia_ssr") -> int:
    return sum(1 for u in state["units"]
               if u["power"] == "ussr" and u["type"] == "tank" and u["loc"] == where)


def test_a_tank_destroyed_in_a_won_defence_of_red_land_gives_a_soviet_tank(g):
    out, ctx = attack(g, start(g))
    assert soviet_tanks(out.state) == 1
    event = out.events["advantages"][0]
    assert (event["advantage"], event["by"], event["placed"]) == ("salvaged_tank", "default",
                                                                  {"tank": 1})
    assert ctx["advantages"] == [("Salvaged Tank: 1 Tank placed in Karelia S.S.R. "
                                 "(by default).")]


def test_declined_by_a_standing_order(g):
    s = start(g)
    parsed = g.parse("Salvaged Tank: no", s)
    s = g.apply_standing(s, "ussr", [p.order for p in parsed.orders])
    assert s["standing"]["ussr"]["advantages"] == {"salvaged_tank": "no"}
    out, ctx = attack(g, s)
    assert soviet_tanks(out.state) == 0
    assert out.events["advantages"][0]["by"] == "standing-order"
    assert ctx["advantages"][0].startswith("Salvaged Tank: nothing done: declined")
    # and taken again: a later line changes only this advantage's choice
    parsed = g.parse("standing:\nSalvaged Tank: yes", s)
    s = g.apply_standing(s, "ussr", [p.order for p in parsed.orders])
    out, _ = attack(g, s)
    assert soviet_tanks(out.state) == 1 and out.events["advantages"][0]["by"] == "standing-order"


def test_not_when_no_attacking_tank_is_destroyed(g):
    s = start(g)
    put(s, "germany", "infantry", "eastern_europe")
    text = ("combat:\n1 inf, 1 tank Eastern Europe -> Karelia\n"
            "battle Karelia: retreat after round 1 to Eastern Europe")
    out = play(g, s, "germany", text, (6, 6, 1))  # the infantry is lost, the tank retreats
    res = out.events["battles"][0]["result"]
    assert res["winner"] == "defender" and "retreated" in res["fates"].values()
    assert soviet_tanks(out.state) == 0 and "advantages" not in out.events
    # nor when only infantry attacked
    s = start(g)
    s["units"] = [u for u in s["units"] if u["type"] != "tank"]
    put(s, "germany", "infantry", "eastern_europe")
    out, _ = attack(g, s, units="1 inf")
    assert soviet_tanks(out.state) == 0 and "advantages" not in out.events


def test_not_outside_red_territory(g):
    """West Russia is printed German in Revised: not red, though the Soviet Union holds it."""
    s = start(g, where="west_russia")
    s["units"] = [u for u in s["units"] if u["type"] != "tank"]
    put(s, "germany", "tank", "belorussia")
    s["controllers"]["belorussia"] = "germany"
    out = play(g, s, "germany", "combat:\n1 tank Belorussia -> West Russia", (6, 1))
    assert out.events["battles"][0]["result"]["winner"] == "defender"
    assert soviet_tanks(out.state, "west_russia") == 0 and "advantages" not in out.events


def test_not_when_the_defence_is_lost(g):
    out, _ = attack(g, start(g), dice=(1, 6))
    assert out.state["controllers"]["karelia_ssr"] == "germany"
    assert soviet_tanks(out.state) == 0 and "advantages" not in out.events


def test_without_the_advantage(g):
    out, _ = attack(g, start(g, chosen=False))
    assert soviet_tanks(out.state) == 0 and "advantages" not in out.events


def test_a_standing_order_of_another_power_or_without_the_advantage_is_refused(g):
    s = start(g)
    parsed = g.parse("Salvaged Tank: no", s)
    with pytest.raises(GameError, match="Salvaged Tank is a National Advantage of another"):
        g.apply_standing(s, "germany", [p.order for p in parsed.orders])
    plain = start(g, chosen=False)
    with pytest.raises(GameError, match="not one of this power's National Advantages"):
        g.apply_standing(plain, "ussr", [p.order for p in parsed.orders])
    assert "advantages" not in (plain.get("standing") or {}).get("ussr", {})
    # checked with the orders, the validator says so (the service finds the line)
    _, errors = g.validate(plain, "ussr", [p.order for p in g.parse("Salvaged Tank: no",
                                                                     plain).orders])
    assert [e.rule for e in errors] == ["na-standing"]
    assert errors[0].order_index == 0 and "not one of this power's" in errors[0].message


def test_a_choice_it_does_not_take_and_the_canonical_text():
    from adjudicator.axis_allies.advantages import standing_problem

    state = {"advantages": {"ussr": ["salvaged_tank"]}}
    assert standing_problem(state, "ussr", "salvaged_tank", "maybe") is not None
    assert standing_problem(state, "ussr", "salvaged_tank", "no") is None


def test_the_standing_order_reads_back_and_is_stored_as_given(g):
    from adjudicator.axis_allies.turn import standing_from_json, standing_to_json

    s = start(g)
    order = g.parse("standing:\nsalvaged tank: never", s).orders[0].order.order
    assert order.advantages == (("salvaged_tank", "no"),)
    again = g.parse(order.text(), s).orders[0].order.order
    assert again == order
    assert standing_from_json(standing_to_json(order)) == order
    assert "advantages" not in standing_to_json(type(order)())  # old states keep their bytes
