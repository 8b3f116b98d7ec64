"""United States 4, Mechanized Infantry (Revised digest A7, US 4): US infantry move 2 and
blitz like tanks; automatic, for the US only, and only in a game that chose it."""

from __future__ import annotations

import pytest
from na_usa_game import clear, errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.mechanized_infantry import ADVANTAGE
from adjudicator.axis_allies.state import add_unit

ASIA = ("sinkiang", "china", "kwangtung", "manchuria", "french_indochina")
BLITZ = "combat:\n1 inf Sinkiang -> China -> Manchuria"


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def asia(state: dict, power: str = "usa", *, china: str = "japan") -> dict:
    """Sinkiang, China, Kwangtung, Manchuria emptied: one infantry of ``power`` in
    Sinkiang (its own), China held by ``china`` and empty, one Japanese infantry in a
    Japanese Manchuria."""
    turn_of(clear(state, *ASIA), power)
    for t, who in (("sinkiang", power), ("china", china), ("manchuria", "japan"),
                   ("kwangtung", power)):
        state["controllers"][t] = state["turn_start_controllers"][t] = who
    add_unit(state, power, "infantry", "sinkiang")
    add_unit(state, "japan", "infantry", "manchuria")
    return state


def units_at(state: dict, loc: str) -> list[tuple[str, str]]:
    return sorted((u["power"], u["type"]) for u in state["units"] if u["loc"] == loc)


def test_us_infantry_blitz_through_an_empty_enemy_territory(game):
    s = asia(new_game(game, na_usa="mechanized_infantry"))
    assert errors(game, s, "usa", BLITZ) == []
    out = play(game, s, "usa", BLITZ, dice=[1, 6])  # the US infantry hits, Japan misses
    assert out.state["controllers"]["china"] == "usa"  # taken on the way
    assert any(c["territory"] == "china" for c in out.events["captures"])
    assert out.state["controllers"]["manchuria"] == "usa"
    assert units_at(out.state, "manchuria") == [("usa", "infantry")]


def test_us_infantry_move_two_in_noncombat(game):
    s = asia(new_game(game, na_usa="4"), china="usa")
    text = "noncombat:\n1 inf Sinkiang -> China -> Kwangtung"
    s["turn"]["step"] = "noncombat"
    assert errors(game, s, "usa", text) == []
    out = play(game, s, "usa", text)
    assert units_at(out.state, "kwangtung") == [("usa", "infantry")]


def test_a_blitz_stops_in_an_occupied_enemy_territory(game):
    s = asia(new_game(game, na_usa="mechanized_infantry"))
    add_unit(s, "japan", "infantry", "china")
    msgs = errors(game, s, "usa", BLITZ)
    assert msgs and "must stop in China" in msgs[0]


def test_three_territories_are_too_far(game):
    s = asia(new_game(game, na_usa="mechanized_infantry"), china="usa")
    s["turn"]["step"] = "noncombat"
    s["controllers"]["manchuria"] = "usa"
    clear(s, "manchuria")
    msgs = errors(game, s, "usa", "noncombat:\n1 inf Sinkiang -> China -> Manchuria -> "
                                  "Kwangtung")
    assert msgs and "needs 3 moves but has 2 left" in msgs[0]


def test_without_the_advantage_infantry_move_one_and_never_blitz(game):
    s = asia(new_game(game))
    msgs = errors(game, s, "usa", BLITZ)
    assert msgs and "needs 2 moves but has 1 left" in msgs[0]


def test_other_powers_infantry_keep_move_one(game):
    s = asia(new_game(game, na_usa="mechanized_infantry"), "uk")
    msgs = errors(game, s, "uk", BLITZ)
    assert msgs and "needs 2 moves but has 1 left" in msgs[0]
