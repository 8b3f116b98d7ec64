"""Nonaggression Treaty (Soviet Union 2, Revised digest A7): the first Japanese attack on
Soviet red land gets 4 free Soviet infantry there before it is fought; attacking Japan first
loses it; a standing order, default yes (digest C3 #13); ruling NA-nonaggression_treaty."""

from __future__ import annotations

import copy

import pytest
from na_scenario import emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.nonaggression_treaty import ADVANTAGE


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True, power: str = "japan") -> dict:
    """Manchuria Japanese with one Japanese infantry; Buryatia Soviet and empty."""
    s = new(g, **({"na_ussr": "nonaggression_treaty"} if chosen else {}))
    s["controllers"].update(manchuria="japan", buryatia_ssr="ussr")
    emptied(s, power)
    put(s, "japan", "infantry", "manchuria")
    return s


def soviet_infantry(state, where="buryatia_ssr") -> int:
    return sum(1 for u in state["units"]
               if u["power"] == "ussr" and u["type"] == "infantry" and u["loc"] == where)


ATTACK = "combat:\n1 inf Manchuria -> Buryatia"


def test_the_first_japanese_attack_meets_four_free_soviet_infantry(g):
    s = start(g)
    before = copy.deepcopy(s)
    out = play(g, s, "japan", ATTACK, (6, 1, 6, 6, 6))
    battle = out.events["battles"][0]["result"]
    assert battle["winner"] == "defender"
    assert out.state["controllers"]["buryatia_ssr"] == "ussr"
    assert soviet_infantry(out.state) == 4
    assert out.state["advantages_used"] == {"ussr": ["nonaggression_treaty"]}
    assert report(g, before, out)["advantages"] == [
        "Nonaggression Treaty: 4 Infantry placed in Buryatia S.S.R. (by default)."]


def test_only_the_first_time(g):
    s = play(g, start(g), "japan", ATTACK, (1, 6, 6, 6, 6, 1, 1, 1, 1)).state
    # Japan's infantry hit one and died; three Soviet infantry are left; next time: none
    s["turn"].update(power="japan", round=2)
    put(s, "japan", "infantry", "manchuria")
    n = soviet_infantry(s)
    out = play(g, s, "japan", ATTACK, (6, 1, 1, 1))
    assert soviet_infantry(out.state) == n and "advantages" not in out.events


def test_declined_by_a_standing_order_it_is_still_spent(g):
    s = start(g)
    s = g.apply_standing(s, "ussr", [p.order for p in g.parse("Nonaggression Treaty: no",
                                                               s).orders])
    out = play(g, s, "japan", ATTACK)
    assert out.state["controllers"]["buryatia_ssr"] == "japan"  # taken unopposed
    assert soviet_infantry(out.state) == 0
    assert out.events["advantages"][0]["by"] == "standing-order"
    assert out.state["advantages_used"] == {"ussr": ["nonaggression_treaty"]}


def test_attacking_japan_first_loses_it(g):
    s = start(g, power="ussr")
    put(s, "ussr", "infantry", "buryatia_ssr")
    before = copy.deepcopy(s)
    out = play(g, s, "ussr", "combat:\n1 inf Buryatia -> Manchuria", (6, 1))
    assert out.state["advantages_used"] == {"ussr": ["nonaggression_treaty"]}
    assert report(g, before, out)["advantages"][0].startswith(
        "Nonaggression Treaty: nothing done: lost: the Soviet Union attacked Japan first")
    s = out.state
    s["turn"].update(power="japan")
    out = play(g, s, "japan", ATTACK)
    assert soviet_infantry(out.state) == 0 and "advantages" not in out.events


def test_not_for_land_that_is_not_red(g):
    """Manchuria is printed Japanese: a Japanese attack on it, Soviet-held, is not the one."""
    s = start(g)
    s["controllers"]["manchuria"] = "ussr"
    s["controllers"]["kwangtung"] = "japan"
    s["units"] = []
    put(s, "japan", "infantry", "kwangtung")
    put(s, "ussr", "infantry", "manchuria")
    out = play(g, s, "japan", "combat:\n1 inf Kwangtung -> Manchuria", (6, 6, 1, 6))
    assert "advantages" not in out.events and "advantages_used" not in out.state


def test_without_the_advantage(g):
    out = play(g, start(g, chosen=False), "japan", ATTACK)
    assert out.state["controllers"]["buryatia_ssr"] == "japan" and soviet_infantry(out.state) == 0
