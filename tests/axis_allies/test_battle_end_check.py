"""battle/end_check.py: condition A, defenceless transports, only transports, stalemate
(ruling 22)."""

from __future__ import annotations

from battle_cases import F, army, events, exact, fight, setup_of


def test_defenceless_transports_are_sunk_without_dice():
    s = setup_of("sea", army("uk", "a", destroyer=1), army("ger", "d", transport=2))
    res = fight(s, [])
    assert res.end_reason == "defenceless-transports" and res.rounds == 0
    assert events(res, "defenceless-transports")[0]["units"] == ["d1", "d2"]
    assert [(x.reason, x.probability) for x in exact(s).outcomes] == [
        ("defenceless-transports", 1)]


def test_only_transports_on_both_sides_and_stalemate():
    s = setup_of("sea", army("uk", "a", transport=1), army("ger", "d", transport=1))
    assert fight(s, []).end_reason == "only-transports"
    s = setup_of("sea", army("uk", "a", fighter=1), army("ger", "d", submarine=1))
    assert fight(s, []).end_reason == "stalemate"
    assert exact(s).probability(reason="stalemate") == 1


def test_checked_after_each_round():
    s = setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    res = fight(s, [6, 6, 1, 6])  # round 1 nothing, round 2 the attacker hits
    assert (res.winner, res.end_reason, res.rounds) == ("attacker", "defender-eliminated", 2)
    assert exact(s).attacker_wins == F(1, 4)
