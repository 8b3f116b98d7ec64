"""Mobile Industry (Soviet Union 3, Revised digest A7): a Soviet industrial complex moves one
territory in the noncombat move, by order; ruling NA-mobile_industry."""

from __future__ import annotations

import copy

import pytest
from na_scenario import emptied, game_with, new, play, report

from adjudicator.axis_allies.advantages.mobile_industry import ADVANTAGE
from adjudicator.dice import FixedDice


@pytest.fixture
def g():
    with game_with(ADVANTAGE) as game:
        yield game


def start(g, chosen: bool = True) -> dict:
    return emptied(new(g, **({"na_ussr": "mobile_industry"} if chosen else {})), "ussr")


def results(out, section="advantages") -> list[dict]:
    return [r for r in out.results if r["section"] == section]


def move(g, s, text, power="ussr"):
    parsed = g.parse(text, s)
    assert not parsed.errors, parsed.errors
    return g.resolve(s, {power: [p.order for p in parsed.orders]}, FixedDice([]))


def test_a_complex_moves_one_territory_and_is_reported(g):
    s = start(g)
    before = copy.deepcopy(s)
    out = play(g, s, "ussr", "buy 2 inf\nnoncombat:\nMobile Industry: Russia -> Novosibirsk\n"
                             "place: 2 inf Russia")
    assert "russia" not in out.state["complexes"]
    assert out.state["complexes"]["novosibirsk"] == {"owner": "ussr", "damage": 0,
                                                     "new": False}
    # this turn's units are placed where the complex stood when the turn began
    assert [u["loc"] for u in out.state["units"]] == ["russia", "russia"]
    assert results(out)[0]["success"]
    assert report(g, before, out)["advantages"] == [
        "Mobile Industry: industrial complex moved from Russia to Novosibirsk."]


def test_next_turn_it_mobilises_where_it_went(g):
    s = play(g, start(g), "ussr", "Mobile Industry: Russia -> Novosibirsk").state
    s["turn"].update(round=2, power="ussr")
    s["turn_start_controllers"] = dict(s["controllers"])
    out = play(g, s, "ussr", "buy 2 inf\nplace: 2 inf Novosibirsk")
    assert sorted(u["loc"] for u in out.state["units"]) == ["novosibirsk", "novosibirsk"]


def test_several_complexes_in_one_order(g):
    out = play(g, start(g), "ussr",
               "Mobile Industry: Russia -> Novosibirsk, Caucasus to Kazakh")
    assert {"novosibirsk", "kazakh_ssr"} <= set(out.state["complexes"])
    assert not {"russia", "caucasus"} & set(out.state["complexes"])


@pytest.mark.parametrize("text, why", [
    ("Mobile Industry: Russia -> Yakut", "not a territory next to Russia"),
    ("Mobile Industry: Russia -> West Russia", "not held by the Soviet Union"),
    ("Mobile Industry: Archangel -> Karelia", "no industrial complex in Archangel"),
    ("Mobile Industry: Russia -> Caucasus", "has an industrial complex already"),
    ("Mobile Industry: Russia", "'from -> to'"),
    ("Mobile Industry: 2 inf Russia -> Novosibirsk", "industrial complexes only"),
])
def test_a_move_that_cannot_be_made_is_refused_and_nothing_moves(g, text, why):
    s = start(g)
    s["controllers"]["west_russia"] = "germany"
    out = move(g, s, text)
    failed = results(out)[0]
    assert failed["success"] is False and why in failed["reason"], failed
    assert set(out.state["complexes"]) == set(s["complexes"])


def test_a_captured_complex_cannot_be_moved(g):
    s = start(g)
    s["controllers"]["caucasus"] = "germany"
    s["complexes"]["caucasus"]["owner"] = "germany"
    out = move(g, s, "Mobile Industry: Caucasus -> Kazakh")
    assert "captured complex cannot be moved" in results(out)[0]["reason"]
    assert "caucasus" in out.state["complexes"]


def test_only_the_soviet_union_and_only_with_the_advantage(g):
    s = start(g)
    s["turn"]["power"] = "germany"
    out = move(g, s, "Mobile Industry: Germany -> Poland".replace("Poland", "Eastern Europe"),
               power="germany")
    assert results(out)[0]["rule"] == "na-not-yours"
    out = move(g, start(g, chosen=False), "Mobile Industry: Russia -> Novosibirsk")
    assert results(out)[0]["rule"] == "na-not-chosen" and "russia" in out.state["complexes"]
