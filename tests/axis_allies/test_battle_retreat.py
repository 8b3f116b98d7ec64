"""battle/retreat.py: the attacker's retreat decision after each round (ruling 23)."""

from __future__ import annotations

from battle_cases import F, army, calculated, enumerated, events, exact, fight, orders_of, setup_of

from adjudicator.axis_allies.orders import BattleInstruction


def test_retreat_after_a_round_to_the_named_region():
    s = setup_of("land", army("ger", "a", infantry=1, fighter=1), army("rus", "d", infantry=2),
                 options=("poland", "romania"))
    orders = orders_of(s, instruction=BattleInstruction("here", retreat_after_round=1,
                                                        retreat_to="romania"))
    res = fight(s, [6, 6, 6, 6], orders=orders)
    assert res.end_reason == "attacker-retreated"
    assert res.retreated_to == {"a1": "romania", "a2": None}  # aircraft land later
    assert events(res, "retreat")[0]["to"] == "romania"


def test_landed_units_never_retreat():
    s = setup_of("land", army("ger", "a", landed=True, infantry=1), army("rus", "d", infantry=1))
    orders = orders_of(s, instruction=BattleInstruction("here", retreat_after_round=1))
    res = fight(s, [6, 6, 1, 6], orders=orders)
    assert events(res, "no-retreat") and res.winner == "attacker"


def test_exact_odds_and_every_die_through_the_engine_agree():
    s = setup_of("land", army("ger", "a", infantry=2), army("rus", "d", infantry=1))
    orders = orders_of(s, instruction=BattleInstruction("here", retreat_when_units_at_most=1))
    assert calculated(s, orders=orders, last_round=2) == enumerated(s, orders=orders,
                                                                    last_round=2)
    o = exact(s, orders=orders)
    assert o.probability(reason="attacker-retreated") > 0
    assert sum(x.probability for x in o.outcomes) == F(1)
