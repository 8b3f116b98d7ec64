"""Revised digest A5.4, C1: aircraft hit submarines without a destroyer
(``air_hits_subs_need_destroyer`` false); an enemy destroyer cancels the submarines' surprise
strike and, by ruling R-1, their submerging too."""

from __future__ import annotations

from adjudicator.axis_allies.orders import StandingOrders
from adjudicator.record import replace

from .cases import RULES, RULES_1942, army, events, exact, fight, orders_of, setup_of


def test_the_switch_in_each_edition():
    assert RULES.air_hits_subs_need_destroyer is False
    assert RULES_1942.air_hits_subs_need_destroyer is True


def test_aircraft_hit_submarines_without_a_destroyer():
    s = setup_of("sea", army("uk", "a", fighter=1), army("germany", "d", submarine=1))
    # the sub's surprise strike (it cannot hit aircraft) rolls 3; the fighter rolls 1
    res = fight(s, [3, 1])
    assert res.fates == {"a1": "survived", "d1": "destroyed"}
    hit = events(res, "casualties")[0]["chosen"][0]
    assert hit["unit"] == "d1" and hit["hit_by"] == "a1"
    assert exact(s).probability(winner="attacker") == 1


def test_with_the_1942_value_aircraft_alone_cannot_hit_a_submarine():
    need = replace(RULES, air_hits_subs_need_destroyer=True)
    s = setup_of("sea", army("uk", "a", fighter=1), army("germany", "d", submarine=1))
    assert fight(s, [], rules=need).end_reason == "stalemate"
    assert exact(s, need).probability(reason="stalemate") == 1
    # with a destroyer of its own the fighter's hit may take the sub again
    s2 = setup_of("sea", army("uk", "a", fighter=1, destroyer=1),
                  army("germany", "d", submarine=1))
    res = fight(s2, [1, 6, 6], rules=need)  # fighter hits, destroyer misses; the sub misses
    assert res.fates["d1"] == "destroyed"


def test_a_destroyer_cancels_the_surprise_strike():
    s = setup_of("sea", army("uk", "a", destroyer=1), army("germany", "d", submarine=1))
    res = fight(s, [6, 1])  # no strike: the destroyer misses, the sub fires normally, hits
    subs = events(res, "submarines")[0]
    assert subs["decision"] == "fire normally" and "enemy destroyer" in subs["why"]
    assert not [e for e in events(res, "fire") if e["purpose"] == "surprise"]
    assert res.fates == {"a1": "destroyed", "d1": "survived"}


def test_without_a_destroyer_the_submarine_strikes_first():
    s = setup_of("sea", army("uk", "a", battleship=1), army("germany", "d", submarine=1))
    res = fight(s, [1, 1])  # the strike damages the battleship, which hits back
    assert events(res, "fire")[0]["purpose"] == "surprise"
    assert res.fates == {"a1": "survived", "d1": "destroyed"}


def test_ruling_r1_a_destroyer_also_stops_submerging():
    always = {"germany": StandingOrders(submerge="always")}
    with_dd = setup_of("sea", army("uk", "a", destroyer=1), army("germany", "d", submarine=1))
    res = fight(with_dd, [6, 6, 1, 6], orders=orders_of(with_dd, always))
    assert res.fates["d1"] == "destroyed" and res.rounds == 2
    assert {e["decision"] for e in events(res, "submarines")} == {"fire normally"}
    no_dd = setup_of("sea", army("uk", "a", battleship=1), army("germany", "d", submarine=1))
    res = fight(no_dd, [], orders=orders_of(no_dd, always))
    assert res.fates["d1"] == "submerged"
