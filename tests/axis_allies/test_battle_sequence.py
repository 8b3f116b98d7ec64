"""A battle is the ruleset's list of steps, run alike by the dice engine (combat.py) and the
exact calculator (odds.py); another edition's timing is another list."""

from __future__ import annotations

from battle_cases import ED, RULES, army, calculated, enumerated, orders_of, setup_of

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.battle.fire import Fire
from adjudicator.axis_allies.battle.submerge import Submerge
from adjudicator.axis_allies.battle.surprise_strike import SurpriseStrike
from adjudicator.axis_allies.combat import Unit, _Battle
from adjudicator.axis_allies.odds import _Chain
from adjudicator.axis_allies.rules import Rules
from adjudicator.dice import FixedDice
from adjudicator.record import replace


def test_both_engines_run_the_same_steps():
    cases = [(setup_of("land", army("ger", "a", infantry=1), army("rus", "d", infantry=1)), ()),
             (setup_of("sea", army("uk", "a", submarine=1), army("ger", "d", destroyer=1)), ()),
             (setup_of("land", army("uk", "a", landed=True, infantry=1),
                       army("ger", "d", infantry=1)), (Unit("s", "uk", "battleship"),))]
    for s, ships in cases:
        battle = _Battle(ED, RULES, s, orders_of(s), FixedDice([]), ships, len(ships))
        chain = _Chain(ED, RULES, s, orders_of(s), exact=True, max_rounds=None,
                       bombarding=ships, landing=len(ships))
        assert battle.steps == chain.steps
        names = [type(x).__name__ for x in battle.steps]
        assert ("Submerge" in names) is (s.kind == "sea")
        assert ("AAFire" in names) is (s.kind == "land")
        assert ("Bombard" in names) is bool(ships)


def test_another_list_is_another_battle_in_both_engines():
    """Without the submarine steps, subs fire with everyone else: a different battle, still
    the same in the dice engine and the calculator."""
    rs = editions.ruleset("aa1942")
    plain = tuple(s for s in rs.battle_steps if not isinstance(s, (Submerge, SurpriseStrike)))
    assert sum(isinstance(s, Fire) for s in plain) == 2
    other = replace(rs, key="test-no-surprise", battle_steps=plain)
    with editions.registered(other):
        rules = Rules(edition=other.key)
        s = setup_of("sea", army("uk", "a", submarine=2, cruiser=1),
                     army("ger", "d", submarine=1, destroyer=1))
        assert calculated(s, rules) == enumerated(s, rules)
        assert calculated(s, rules) != calculated(s, RULES)
