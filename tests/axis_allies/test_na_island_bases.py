"""United States 1, Island Bases (Revised digest A7, US 1): a US aircraft's step between a
friendly island group and the sea zone it lies in costs no move (ruling NA-island_bases):
in range checks, inferred paths, landing proofs and default landings; not for enemy island
groups, islands that border several sea zones, other powers' aircraft, or without the
advantage."""

from __future__ import annotations

import pytest
from na_usa_game import clear, errors, na_game, new_game, play, turn_of

from adjudicator.axis_allies.advantages.island_bases import ADVANTAGE, zone_of
from adjudicator.axis_allies.movement import MoveRequest, UnitCount
from adjudicator.axis_allies.state import add_unit
from adjudicator.axis_allies.validate import check_noncombat_moves

EXAMPLE = "noncombat:\n1 ftr Hawaiian Islands -> East Indies"  # digest A7's example


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


def pacific(game, power: str = "usa", step: str = "noncombat", **options: str) -> dict:
    """Hawaii with one fighter of ``power`` and nothing else; the East Indies American."""
    s = turn_of(new_game(game, **options), power)
    s["turn"]["step"] = step
    clear(s, "hawaiian_islands", "sz52", "sz51", "sz56", "wake_island", "midway",
          "east_indies", "sz37", "sz45", "sz47")
    s["controllers"]["east_indies"] = s["turn_start_controllers"]["east_indies"] = "usa"
    s["fighter"] = add_unit(s, power, "fighter", "hawaiian_islands")
    return s


def unit(state: dict, uid: str) -> dict:
    return next(u for u in state["units"] if u["id"] == uid)


def test_hawaii_to_the_east_indies_in_one_fighter_move(game):
    """The digest's example: Hawaii - 52 - 45 - 47 - 37 - East Indies is 5 regions, 3 moves
    when both island groups are friendly."""
    s = pacific(game, na_usa="island_bases")
    fighter = s.pop("fighter")
    assert errors(game, s, "usa", EXAMPLE) == []
    out = play(game, s, "usa", EXAMPLE)
    assert unit(out.state, fighter)["loc"] == "east_indies"
    assert [m["path"] for m in out.events["moves"]] == [
        ["hawaiian_islands", "sz52", "sz45", "sz47", "sz37", "east_indies"]]


def test_the_moves_counted_are_the_moves_paid(game):
    """Hawaii - 52 - 56 - Midway, both islands American: 1 move paid, 1 move counted."""
    s = pacific(game, na_usa="island_bases")
    fighter = s.pop("fighter")
    plan = check_noncombat_moves(s, game.edition, "usa", [MoveRequest(
        "usa", (UnitCount("fighter", 1),), ("hawaiian_islands", "sz52", "sz56", "midway"),
        True)])
    assert plan.errors == [] and unit(plan.state, fighter)["moved"] == 1
    plain = pacific(game)
    plan = check_noncombat_moves(plain, game.edition, "usa", [MoveRequest(
        "usa", (UnitCount("fighter", 1),), ("hawaiian_islands", "sz52", "sz56", "midway"),
        True)])
    assert unit(plan.state, plain["fighter"])["moved"] == 3


def test_without_the_advantage_the_example_is_too_far(game):
    s = pacific(game)
    msgs = errors(game, s, "usa", EXAMPLE)
    assert msgs and "needs 5 moves but has 4 left" in msgs[0]


def test_an_enemy_island_group_is_not_a_base(game):
    s = pacific(game, na_usa="island_bases")
    s["controllers"]["east_indies"] = s["turn_start_controllers"]["east_indies"] = "japan"
    add_unit(s, "japan", "infantry", "east_indies")
    s["turn"]["step"] = "purchase"
    # attacking: Hawaii (free) - 52 - 45 - 47 - 37 - East Indies (1, enemy) is 4 moves; the
    # fighter would have none left to land: the landing proof refuses it
    msgs = errors(game, s, "usa", "combat:\n1 ftr Hawaiian Islands -> East Indies")
    assert msgs and "could not reach a landing spot with 0 moves left" in msgs[0]


def test_attack_wake_and_fly_home(game):
    """Hawaii (free) - 52 - 51 - Wake (enemy: 1) is 2 moves; back to Hawaii 2 more: legal,
    and the fighter lands there by default. Without the advantage it would need 3 + 3."""
    s = pacific(game, step="purchase", na_usa="island_bases")
    fighter = s.pop("fighter")
    add_unit(s, "japan", "infantry", "wake_island")
    text = "combat:\n1 ftr Hawaiian Islands -> sz52 -> sz51 -> Wake Island"
    assert errors(game, s, "usa", text) == []
    out = play(game, s, "usa", text, dice=[1, 6])  # the fighter hits, the infantry misses
    assert unit(out.state, fighter)["loc"] == "hawaiian_islands"
    assert out.events["landings"][0]["to"] == "hawaiian_islands"
    plain = pacific(game, step="purchase")
    add_unit(plain, "japan", "infantry", "wake_island")
    msgs = errors(game, plain, "usa", text)
    assert msgs and "could not reach a landing spot" in msgs[0]


def test_only_us_aircraft(game):
    s = pacific(game, "uk", na_usa="island_bases")
    msgs = errors(game, s, "uk", EXAMPLE)
    assert msgs and "needs 5 moves but has 4 left" in msgs[0]


def test_an_island_group_lies_in_one_sea_zone():
    from adjudicator.axis_allies.data import load_edition

    ed = load_edition("aa-revised")
    assert zone_of(ed, "hawaiian_islands") == "sz52"
    assert zone_of(ed, "east_indies") == "sz37"
    for not_a_group in ("australia", "japan", "french_madagascar", "united_kingdom", "china",
                        "sz52"):
        assert zone_of(ed, not_a_group) is None


def test_bombers_too_and_ships_never(game):
    play_ = game.ruleset.in_play(new_game(game, na_usa="island_bases"))
    ed = game.edition
    state = new_game(game, na_usa="island_bases")
    for utype, cost in (("bomber", 0), ("fighter", 0)):
        assert play_.air_step("usa", utype, ed.units[utype], "hawaiian_islands", "sz52",
                              state) == cost
        assert play_.air_step("usa", utype, ed.units[utype], "sz52", "hawaiian_islands",
                              state) == cost
        assert play_.air_step("usa", utype, ed.units[utype], "sz52", "sz45", state) == 1
    assert play_.air_step("usa", "carrier", ed.units["carrier"], "hawaiian_islands", "sz52",
                          state) == 1
