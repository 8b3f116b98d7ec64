"""Revised digest A6, C1: a transport defends at 1 and is chosen freely as a casualty; it is
never taken last and never sunk without dice when it is alone (``transports_casualty_last``
false). The 1942 behaviour of the switch is tested in test_rule_switches.py."""

from __future__ import annotations

from fractions import Fraction as F

from adjudicator.axis_allies.orders import StandingOrders

from .cases import RULES, army, events, exact, fight, orders_of, setup_of


def test_the_switch_is_off_in_revised():
    assert RULES.transports_casualty_last is False


def test_a_transport_fires_on_defence_at_1():
    s = setup_of("sea", army("uk", "a", destroyer=1), army("germany", "d", transport=1))
    res = fight(s, [6, 1])  # the destroyer misses; the transport rolls 1 and hits
    fire = events(res, "fire")[1]
    assert fire["side"] == "defender" and fire["dice"][0]["type"] == "transport"
    assert fire["dice"][0]["value"] == 1
    assert res.fates == {"a1": "destroyed", "d1": "survived"} and res.winner == "defender"
    o = exact(s)  # per round: the destroyer hits 1/2, the transport 1/6
    assert o.probability(winner="defender") == F(1, 7)
    assert o.probability(winner="attacker") == F(5, 7)


def test_a_lone_transport_is_fought_not_sunk_without_dice():
    s = setup_of("sea", army("uk", "a", destroyer=1), army("germany", "d", transport=1))
    res = fight(s, [6, 6, 2, 6])  # round 1: both miss; round 2 the destroyer hits
    assert not events(res, "defenceless-transports")
    assert res.rounds == 2 and res.fates["d1"] == "destroyed"
    assert exact(s).probability(reason="defenceless-transports") == 0


def test_transports_are_chosen_freely_by_default_the_cheapest_first():
    s = setup_of("sea", army("uk", "a", battleship=1),
                 army("germany", "d", destroyer=1, transport=1))
    # one hit on the defence: the transport (8 IPC) goes before the destroyer (12)
    res = fight(s, [1, 6, 6, 1, 6])
    first = events(res, "casualties")[0]["chosen"][0]
    assert first["unit"] == "d2" and first["type"] == "transport"
    assert "transports are chosen last" not in str(res.log)


def test_an_order_of_loss_may_take_the_destroyer_before_the_transport():
    s = setup_of("sea", army("uk", "a", battleship=1),
                 army("germany", "d", destroyer=1, transport=1))
    standing = {"germany": StandingOrders(order_of_loss=("destroyer", "transport"))}
    res = fight(s, [1, 6, 6, 1, 6], orders=orders_of(s, standing))
    first = events(res, "casualties")[0]["chosen"][0]
    assert first["unit"] == "d1" and first["type"] == "destroyer"
    assert first["why"]["rule"] == "order-of-loss"


def test_a_transport_is_a_casualty_like_any_other_in_the_exact_odds():
    s = setup_of("sea", army("uk", "a", destroyer=1),
                 army("germany", "d", destroyer=1, transport=1))
    free = exact(s)
    # the chooser's only rule is the owner's list: the battle ends when both are sunk
    assert free.probability(reason="defenceless-transports") == 0
    assert free.probability(winner="attacker") + free.probability(winner="defender") \
        + free.probability(winner="none") == 1
