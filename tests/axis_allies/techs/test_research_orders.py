"""The research and rocket lines of the turn language (Revised digest A5.1): the forms players
type, technology names with aliases and chart numbers matched case-insensitively, a misspelt
technology with its line, column and likely name, the research section."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies.orders import Research, RocketStrike

from .scenario import new


def read(game, text):
    parsed = game.parse(text, new(game))
    return [(p.section, p.order.order) for p in parsed.orders], parsed.errors


@pytest.mark.parametrize("text, tech, dice, cost", [
    ("Research: heavy bombers, 3 dice (15 IPC)", "heavy_bombers", 3, 15),
    ("research heavy bombers 3 dice", "heavy_bombers", 3, None),
    ("R&D: jets x2", "jet_fighters", 2, None),
    ("R & D: jet fighters, with 2 dice", "jet_fighters", 2, None),
    ("research 6, 3 dice", "heavy_bombers", 3, None),
    ("research super subs 2 dice", "super_submarines", 2, None),
    ("RESEARCH LRA 2x", "long_range_aircraft", 2, None),
    ("research long-range aircraft, 1 die", "long_range_aircraft", 1, None),
    ("develop weapons: combined bombardment 2 rolls", "combined_bombardment", 2, None),
    ("research rockets x3", "rockets", 3, None),
    ("research: heavies, 2 dice (10 IPC)", "heavy_bombers", 2, 10),
    ("research jets (10 ipc)", "jet_fighters", 2, 10),  # the dice from the cost
])
def test_research_forms(game, text, tech, dice, cost):
    orders, errors = read(game, text)
    assert not errors
    (section, order), = orders
    assert section == "research"
    assert (order.tech, order.dice, order.stated_cost) == (tech, dice, cost)
    assert isinstance(order, Research)


def test_a_misspelt_technology_is_an_error_at_its_column_with_the_likely_name(game):
    orders, errors = read(game, "Research: Heavy Bomberz, 2 dice")
    assert not orders
    (e,) = errors
    assert (e.line, e.column, e.message) == (1, 11, "unknown technology 'Heavy Bomberz'")
    assert e.suggestions == ("Heavy Bombers",)
    assert "a technology" in e.expected[0]


def test_research_without_dice_says_what_is_missing(game):
    _, (e,) = read(game, "research: jets")
    assert "how many research dice?" in e.message


def test_zero_dice_are_refused(game):
    _, (e,) = read(game, "research jets 0 dice")
    assert e.message == "research needs at least one die"


def test_a_research_heading_opens_a_section(game):
    orders, errors = read(game, "Research:\nheavy bombers, 3 dice\nbuy 3 inf")
    assert not errors
    assert [s for s, _ in orders] == ["research", "purchases"]
    _, errors = read(game, "Research:\nheavy bomberz, 3 dice")
    assert [(e.line, e.column, e.suggestions) for e in errors] == [(2, 1, ("Heavy Bombers",))]


@pytest.mark.parametrize("text", [
    "rockets: Germany aa -> United Kingdom",
    "rockets aa Germany -> UK",
    "rocket United Kingdom from Germany",
    "Rocket strike: Germany -> United Kingdom",
])
def test_rocket_forms(game, text):
    orders, errors = read(game, text)
    assert not errors
    assert orders == [("rockets", RocketStrike("germany", "united_kingdom"))]
