"""battle/fire.py: steps 3 and 4, the attacker fires, then the defender (its casualties of
this round too)."""

from __future__ import annotations

import random

import pytest
from battle_cases import (
    ED,
    RULES,
    F,
    army,
    calculated,
    enumerated,
    events,
    exact,
    fight,
    orders_of,
    setup_of,
)

from adjudicator.axis_allies.odds import _Chain


def test_artillery_supports_one_infantry_each_on_attack_only():
    s = setup_of("land", army("ger", "a", infantry=2, artillery=1), army("rus", "d", infantry=1,
                                                                      artillery=1))
    res = fight(s, [1, 1, 1, 6, 6])
    att, dfn = events(res, "fire")[:2]
    assert [d["value"] for d in att["dice"]] == [2, 1, 2]
    assert [d["value"] for d in dfn["dice"]] == [2, 2]


def test_the_defenders_casualties_fire_back_the_attackers_do_not():
    s = setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1))
    res = fight(s, [1, 2])
    assert res.end_reason == "both-eliminated"
    assert exact(s).both_destroyed == F(1, 8)


def test_exact_odds_and_every_die_through_the_engine_agree():
    s = setup_of("land", army("ger", "a", infantry=2, artillery=1, tank=1),
                 army("rus", "d", infantry=2, fighter=1))
    assert calculated(s) == enumerated(s)


def _random(rng, sea, power, prefix):
    kinds = (["battleship", "carrier", "cruiser", "destroyer", "submarine", "fighter"] if sea
             else ["infantry", "artillery", "tank", "fighter", "bomber"])
    return army(power, prefix, **{k: rng.randint(0, 2) for k in kinds})


@pytest.mark.parametrize("seed", range(6))
def test_reading_the_defenders_shooters_once_changes_nothing(seed):
    """The calculator reads the shooters of a side whose casualties still fire from the state
    before they were hit (a speed-up); reading every variant gives the same distribution."""
    rng = random.Random(seed)
    sea = seed % 2 == 0
    att = _random(rng, sea, "uk", "a") or army("uk", "a", fighter=1)
    dfn = _random(rng, sea, "ger", "d") or army("ger", "d", fighter=1)
    s = setup_of("sea" if sea else "land", att, dfn)
    out = []
    for trust in (True, False):
        chain = _Chain(ED, RULES, s, orders_of(s), exact=True, max_rounds=3)
        chain.trust_base = trust
        chain.run()
        out.append({(o.winner, o.reason, tuple(sorted(o.attacker.items())),
                     tuple(sorted(o.defender.items()))): o.probability
                    for o in chain.odds().outcomes})
    assert out[0] == out[1]
