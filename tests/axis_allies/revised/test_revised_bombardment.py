"""Revised digest A5.4, C1: battleships bombard at 4 with no one-ship-per-landed-unit cap
(``bombard_one_ship_per_landed_unit`` false); ships in a landing zone where a sea battle was
fought do not bombard."""

from __future__ import annotations

from adjudicator.axis_allies.combat import AmphibiousSetup, Unit, resolve_amphibious
from adjudicator.dice import FixedDice
from adjudicator.record import replace

from .cases import ED, RULES, RULES_1942, army, events, exact, fight, orders_of, setup_of


def test_the_switch_in_each_edition():
    assert RULES.bombard_one_ship_per_landed_unit is False
    assert RULES_1942.bombard_one_ship_per_landed_unit is True


def test_every_battleship_bombards_whatever_lands():
    s = setup_of("land", army("uk", "a", landed=True, infantry=1),
                 army("germany", "d", infantry=3))
    ships = (Unit("s1", "uk", "battleship"), Unit("s2", "uk", "battleship"),
             Unit("s3", "uk", "battleship"))
    # three battleships for one landing infantry: all fire at 4 (two hit, one misses); the
    # two casualties fire back in round 1 with the third defender
    res = fight(s, [4, 4, 5, 1, 6, 6, 6], bombarding=ships, landing=1)
    bomb = events(res, "bombardment")[0]
    assert bomb["ships"] == ["s1", "s2", "s3"] and bomb["idle"] == []
    fire = next(e for e in events(res, "fire") if e["purpose"] == "bombard")
    assert [d["value"] for d in fire["dice"]] == [4, 4, 4] and fire["hits"] == 2
    assert res.fates["d1"] == "destroyed" and res.fates["d2"] == "destroyed"


def test_with_the_1942_value_one_ship_per_landed_unit():
    capped = replace(RULES, bombard_one_ship_per_landed_unit=True)
    s = setup_of("land", army("uk", "a", landed=True, infantry=1),
                 army("germany", "d", infantry=1))
    ships = (Unit("s1", "uk", "battleship"), Unit("s2", "uk", "battleship"))
    res = fight(s, [6, 1, 6], rules=capped, bombarding=ships, landing=1)
    bomb = events(res, "bombardment")[0]
    assert bomb["ships"] == ["s1"] and bomb["idle"] == ["s2"]


def test_the_calculator_counts_every_bombarding_ship():
    s = setup_of("land", army("uk", "a", landed=True, infantry=1),
                 army("germany", "d", infantry=1))
    ships = (Unit("s1", "uk", "battleship"), Unit("s2", "uk", "battleship"))
    free = exact(s, bombarding=ships, landing=1, max_rounds=1)
    capped = exact(s, replace(RULES, bombard_one_ship_per_landed_unit=True),
                   bombarding=ships, landing=1, max_rounds=1)
    # two dice at 4 kill the lone defender more often than one
    assert free.probability(winner="attacker") > capped.probability(winner="attacker")


def test_no_bombardment_after_a_sea_battle_in_the_landing_zone():
    sea = setup_of("sea", (Unit("t1", "uk", "transport"), Unit("b1", "uk", "battleship"),
                           Unit("c1", "uk", "infantry", aboard="t1")),
                   army("germany", "d", submarine=1))
    land = setup_of("land", (Unit("c1", "uk", "infantry", aboard="t1", landed=True),),
                    army("germany", "g", infantry=1))
    setup = AmphibiousSetup(sea, land, (Unit("b1", "uk", "battleship"),))
    # sea battle: the sub's strike misses; the battleship sinks it (the transport rolls
    # nothing on attack); land battle: no bombardment, infantry 1 vs infantry 6
    dice = FixedDice([6, 1, 1, 6])
    res = resolve_amphibious(ED, RULES, setup, orders_of(sea), orders_of(land), dice)
    assert dice.values == []
    assert res.sea is not None and res.sea.fates["d1"] == "destroyed"
    assert next(e for e in res.log if e["event"] == "no-bombardment")["ships"] == ["b1"]
    assert not events(res.land, "bombardment")
    assert res.land.winner == "attacker"
