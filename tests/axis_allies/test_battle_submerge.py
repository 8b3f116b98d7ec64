"""battle/submerge.py: the submarines' decision in step 2 (ruling 21)."""

from __future__ import annotations

from battle_cases import RULES, F, army, events, exact, fight, orders_of, setup_of

from adjudicator.axis_allies.battle.step import BattleInfo
from adjudicator.axis_allies.battle.submerge import Submerge
from adjudicator.axis_allies.orders import StandingOrders


def test_applies_to_sea_battles_only():
    assert Submerge().applies(BattleInfo("sea", "here", "uk", RULES))
    assert not Submerge().applies(BattleInfo("land", "here", "uk", RULES))


def test_an_enemy_destroyer_makes_subs_fire_normally():
    s = setup_of("sea", army("uk", "a", submarine=1), army("ger", "d", destroyer=1))
    res = fight(s, [1, 6])
    assert events(res, "submarines")[0]["decision"] == "fire normally"
    assert [e["purpose"] for e in events(res, "fire")] == ["fire", "fire"]


def test_submerge_policy_takes_the_sub_out_of_the_battle():
    s = setup_of("sea", army("uk", "a", destroyer=1), army("ger", "d", submarine=1,
                                                           transport=1))
    orders = orders_of(s, {"ger": StandingOrders(submerge="always")})
    # the destroyer cancels submerging: its sub fires normally
    assert events(fight(s, [1, 6], orders=orders), "submarines")[0]["decision"] == \
        "fire normally"
    s = setup_of("sea", army("uk", "a", submarine=1), army("ger", "d", submarine=1,
                                                           transport=1))
    orders = orders_of(s, {"ger": StandingOrders(submerge="always")})
    res = fight(s, [6], orders=orders)  # the attacker's strike misses; the transport is alone
    assert res.fates["d1"] == "submerged" and res.end_reason == "defenceless-transports"
    o = exact(s, orders=orders)
    assert o.probability(reason="defenceless-transports") == F(2, 3)
    assert all(x.submerged == {"defender": {"submarine": 1}} for x in o.outcomes)
