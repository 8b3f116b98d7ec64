"""battle/surprise_strike.py: the submarines' surprise strikes, attacker then defender
(ruling 21; digest §6.2 #1)."""

from __future__ import annotations

import pytest
from battle_cases import RULES, F, army, calculated, enumerated, events, exact, fight, setup_of

from adjudicator.axis_allies.battle.step import BattleInfo
from adjudicator.axis_allies.battle.surprise_strike import SurpriseStrike
from adjudicator.record import replace


def test_applies_to_sea_battles_only():
    for side in ("attacker", "defender"):
        assert SurpriseStrike(side).applies(BattleInfo("sea", "here", "uk", RULES))
        assert not SurpriseStrike(side).applies(BattleInfo("land", "here", "uk", RULES))


@pytest.mark.parametrize("still_strike", [True, False])
def test_a_struck_defending_sub_strikes_back_only_when_strikes_are_simultaneous(still_strike):
    rules = replace(RULES, struck_subs_still_strike=still_strike)
    s = setup_of("sea", army("uk", "a", submarine=1), army("ger", "d", submarine=1))
    dice = [1, 1] if still_strike else [1]
    res = fight(s, dice, rules=rules)
    strikes = [e["side"] for e in events(res, "fire") if e["purpose"] == "surprise"]
    assert strikes == (["attacker", "defender"] if still_strike else ["attacker"])
    assert res.fates["a1"] == ("destroyed" if still_strike else "survived")


@pytest.mark.parametrize("still_strike", [True, False])
def test_exact_odds_and_every_die_through_the_engine_agree(still_strike):
    rules = replace(RULES, struck_subs_still_strike=still_strike)
    s = setup_of("sea", army("uk", "a", submarine=2, destroyer=1),
                 army("ger", "d", submarine=2, transport=1))
    assert calculated(s, rules) == enumerated(s, rules)
    one = setup_of("sea", army("uk", "a", submarine=1), army("ger", "d", submarine=1))
    assert exact(one, rules).both_destroyed == (F(1, 8) if still_strike else 0)
