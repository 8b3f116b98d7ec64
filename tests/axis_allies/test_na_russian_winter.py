"""Russian Winter (Soviet Union 1, Revised digest A7): once per game, declared in the Soviet
Collect Income phase; until the Soviet turn of the next round, Soviet infantry defend at 3;
ruling NA-russian_winter."""

from __future__ import annotations

import copy

import pytest
from na_scenario import ED, emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.russian_winter import ADVANTAGE
from adjudicator.axis_allies.state import Board
from adjudicator.dice import FixedDice


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True) -> dict:
    s = new(g, **({"na_ussr": "russian_winter"} if chosen else {}))
    s["controllers"].update(west_russia="ussr", ukraine_ssr="germany")
    emptied(s, "ussr")
    put(s, "ussr", "infantry", "west_russia")
    put(s, "germany", "infantry", "ukraine_ssr")
    return s


def results(out) -> list[dict]:
    return [r if isinstance(r, dict) else r.to_json() for r in out.results]


def german_attack(g, s: dict, dice=(6, 3)):
    """Germany attacks the Soviet infantry in West Russia with one infantry."""
    out = play(g, s, "germany", "combat:\n1 inf Ukraine -> West Russia", dice)
    log = out.events["battles"][0]["result"]["log"]
    return out, [d["value"] for e in log if e["event"] == "fire" and e["side"] == "defender"
                 for d in e["dice"]]


def test_declared_in_the_soviet_income_phase_and_reported(g):
    s = start(g)
    before = copy.deepcopy(s)
    out = play(g, s, "ussr", "Russian Winter")
    assert out.state["advantages_used"] == {"ussr": ["russian_winter"]}
    assert out.state["advantages_declared"] == {"russian_winter": 1}
    event = out.events["advantages"][0]
    assert event["advantage"] == "russian_winter" and event["until_round"] == 2
    assert any(r["section"] == "advantages" and r["success"] for r in results(out))
    text = report(g, before, out)["advantages"]
    assert text == [("Russian Winter: declared; Soviet Union's infantry defend at 3 until "
                    "Soviet Union's turn of round 2 begins.")]


def test_soviet_infantry_defend_at_3_until_the_next_soviet_turn(g):
    s = play(g, start(g), "ussr", "Russian Winter").state
    out, values = german_attack(g, copy.deepcopy(s))
    assert values == [3] and out.state["controllers"]["west_russia"] == "ussr"
    ctx = report(g, s, out)
    lines = [x["text"] for b in ctx["battles"] for sec in b["sections"] for x in sec["lines"]]
    assert "Russian Winter: Soviet Union's Infantry defend at 3." in lines
    # still in force in the UK's, Japan's and the US's turns of that round
    for power in ("uk", "japan", "usa"):
        s2 = copy.deepcopy(s)
        s2["turn"]["power"] = power
        assert ADVANTAGE in Board(s2, ED).play.effects
    # over when the Soviet turn of the next round begins, and in the rounds after
    s3 = copy.deepcopy(s)
    s3["turn"].update(round=2, power="ussr")
    assert ADVANTAGE not in Board(s3, ED).play.effects
    s3["turn"]["power"] = "germany"
    s3["phase"] = "r2-germany-purchase"
    _, values = german_attack(g, s3, (6, 3, 6, 2))
    assert values[0] == 2


def test_not_declared_infantry_defend_at_2(g):
    s = play(g, start(g), "ussr", "pass").state
    assert "advantages_used" not in s and "advantages_declared" not in s
    _, values = german_attack(g, s, (6, 3, 6, 2))
    assert values[0] == 2


def test_once_per_game(g):
    s = play(g, start(g), "ussr", "Russian Winter").state
    s["turn"].update(round=2, power="ussr")
    parsed = g.parse("Russian Winter", s)
    out = g.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    refused = [r for r in results(out) if r["section"] == "advantages"]
    assert refused[0]["success"] is False and refused[0]["rule"] == "na-used"
    assert out.state["advantages_declared"] == {"russian_winter": 1}


def test_refused_from_another_power_or_without_the_advantage(g):
    s = start(g)
    s["turn"]["power"] = "germany"
    parsed = g.parse("Russian Winter", s)
    out = g.resolve(s, {"germany": [p.order for p in parsed.orders]}, FixedDice([]))
    bad = next(r for r in results(out) if r["section"] == "advantages")
    assert bad["rule"] == "na-not-yours" and "Russian Winter" in bad["reason"]
    s = start(g, chosen=False)
    parsed = g.parse("Russian Winter", s)
    out = g.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    bad = next(r for r in results(out) if r["section"] == "advantages")
    assert bad["rule"] == "na-not-chosen"
    assert "advantages_declared" not in out.state


def test_an_order_naming_units_is_refused(g):
    s = start(g)
    parsed = g.parse("Russian Winter: 2 inf Russia", s)
    out = g.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    bad = next(r for r in results(out) if r["section"] == "advantages")
    assert bad["rule"] == "na-russian_winter" and "name alone" in bad["reason"]
    assert "advantages_declared" not in out.state


def test_a_misspelt_name_is_an_error_with_the_likely_name(g):
    parsed = g.parse("Rusian Winter:", start(g))
    assert len(parsed.errors) == 1
    err = parsed.errors[0]
    assert "Rusian Winter" in err.message and "Russian Winter" in err.suggestions
    assert (err.line, err.column) == (1, 1)


def test_a_territory_before_a_colon_is_not_a_misspelt_russian_winter(g):
    parsed = g.parse("place:\nRussia: 2 infantry", start(g))
    assert parsed.errors == [] and parsed.orders[0].order.order.at == "russia"
