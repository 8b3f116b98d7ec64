"""Lend-Lease (Soviet Union 5, Revised digest A7, C3 #16): the Soviet Union converts allied
units in territories it holds into Soviet units, by order, when the ally agreed in advance
(standing order, default no); ruling NA-lend_lease."""

from __future__ import annotations

import copy

import pytest
from na_scenario import emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.lend_lease import ADVANTAGE
from adjudicator.dice import FixedDice
from adjudicator.errors import GameError


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True, consent: str | None = "yes") -> dict:
    """The Soviet turn: 2 British infantry and a British fighter in Russia."""
    s = emptied(new(g, **({"na_ussr": "lend_lease"} if chosen else {})), "ussr")
    put(s, "uk", "infantry", "russia", 2)
    put(s, "uk", "fighter", "russia")
    put(s, "usa", "infantry", "russia")
    if consent is not None:
        s = g.apply_standing(s, "uk", [p.order for p in g.parse(f"Lend-Lease: {consent}",
                                                                 s).orders])
    return s


def owners(state, utype: str) -> list[str]:
    return sorted(u["power"] for u in state["units"] if u["type"] == utype)


def failed(out) -> dict:
    return next(r for r in out.results if r["section"] == "advantages")


def test_units_of_an_ally_that_agreed_become_soviet(g):
    s = start(g)
    before = copy.deepcopy(s)
    out = play(g, s, "ussr", "Lend-Lease: 1 inf, 1 ftr Russia")
    assert owners(out.state, "infantry") == ["uk", "usa", "ussr"]
    assert owners(out.state, "fighter") == ["ussr"]
    assert failed(out)["success"]
    assert report(g, before, out)["advantages"] == [
        ("Lend-Lease: 1 Infantry and 1 Fighter of United Kingdom in Russia become "
        "Soviet Union's.")]


def test_not_without_the_allys_consent(g):
    for consent in (None, "no"):
        s = start(g, consent=consent)
        out = play(g, s, "ussr", "Lend-Lease: 1 inf Russia")
        assert "no ally has agreed" in failed(out)["reason"]
        assert owners(out.state, "infantry") == ["uk", "uk", "usa"]
    # the US did not agree: its infantry stays American
    out = play(g, start(g), "ussr", "Lend-Lease: 3 inf Russia")
    assert "only 2 Infantry of an ally that agreed" in failed(out)["reason"]
    assert owners(out.state, "infantry") == ["uk", "uk", "usa"]


def test_only_in_territories_the_soviet_union_holds(g):
    s = start(g)
    s["controllers"]["russia"] = "uk"
    out = play(g, s, "ussr", "Lend-Lease: 1 inf Russia")
    assert "not a territory the Soviet Union holds" in failed(out)["reason"]


def test_the_order_names_units_and_one_territory(g):
    out = play(g, start(g), "ussr", "Lend-Lease: Russia")
    assert "names the units and one territory" in failed(out)["reason"]


def test_consent_only_from_an_ally_and_only_when_played(g):
    s = start(g, consent=None)
    order = [p.order for p in g.parse("Lend-Lease: yes", s).orders]
    with pytest.raises(GameError, match="Lend-Lease is a National Advantage of another power"):
        g.apply_standing(s, "germany", order)
    plain = start(g, chosen=False, consent=None)
    with pytest.raises(GameError, match="Lend-Lease is not played in this game"):
        g.apply_standing(plain, "uk", order)


def test_only_the_soviet_union_orders_it(g):
    s = start(g)
    s["turn"]["power"] = "uk"
    parsed = g.parse("Lend-Lease: 1 inf Russia", s)
    out = g.resolve(s, {"uk": [p.order for p in parsed.orders]}, FixedDice([]))
    assert failed(out)["rule"] == "na-not-yours"
