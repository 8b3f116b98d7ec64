"""Colonial Garrison (United Kingdom 6, Revised digest A7): the UK starts with one extra
industrial complex in a tan territory of income 1 or more, chosen at adj new; ruling
NA-colonial_garrison."""

from __future__ import annotations

import pytest
from na_scenario import emptied, game_with, new, play

from adjudicator.axis_allies import advantages, editions
from adjudicator.axis_allies.advantages.colonial_garrison import ADVANTAGE
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.errors import AdjudicatorError
from adjudicator.game import GameSpec


def test_the_uk_starts_with_a_complex_where_the_moderator_chose():
    with game_with(ADVANTAGE) as game:
        s = new(game, na_uk="colonial_garrison", colonial_garrison="Anglo Egypt")
        assert s["complexes"]["anglo_egypt"] == {"owner": "uk", "damage": 0, "new": False}
        assert s["advantage_choices"] == {"colonial_garrison": "anglo_egypt"}
        plain = new(game)
        assert "anglo_egypt" not in plain["complexes"] and "advantage_choices" not in plain
        # the numbers and the name of the table choose it too
        s2 = new(game, na_uk="6", colonial_garrison="persia")
        assert s2["complexes"]["persia"]["owner"] == "uk"


def test_the_uk_mobilises_there_in_its_first_turn_up_to_the_income():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_uk="colonial_garrison", colonial_garrison="Anglo-Egypt"),
                    "uk")
        s["treasury"]["uk"] = 30
        out = play(game, s, "uk", "buy 2 inf\nplace: 2 inf Anglo-Egypt")
        assert len([u for u in out.state["units"] if u["loc"] == "anglo_egypt"]) == 2
        s = emptied(new(game, na_uk="colonial_garrison", colonial_garrison="Anglo-Egypt"),
                    "uk")
        s["treasury"]["uk"] = 30
        out = play(game, s, "uk", "buy 3 inf\nplace: 3 inf Anglo-Egypt")  # income 2
        assert len([u for u in out.state["units"] if u["loc"] == "anglo_egypt"]) == 2
        assert out.events["refunds"] == {"infantry": 1}


def test_the_choice_is_required_with_the_advantage():
    with game_with(ADVANTAGE) as game, pytest.raises(
            AdjudicatorError, match="add --option colonial_garrison=<territory>, one of "
            "Anglo-Egypt, Australia"):
        new(game, na_uk="colonial_garrison")


def test_a_choice_without_the_advantage_is_refused():
    with game_with(ADVANTAGE) as game, pytest.raises(
            AdjudicatorError, match="does not have Colonial Garrison; add it with --option "
            "na_uk=colonial_garrison"):
        new(game, colonial_garrison="India")


@pytest.mark.parametrize(("given", "why"), [
    ("Germany", "Germany is not a tan"),
    ("Gibraltar", "Gibraltar has no income"),
    ("United Kingdom", "already has an industrial complex"),
    ("sz 7", "is not a tan"),
    ("Persai", r"unknown territory 'Persai' \(did you mean Persia"),
])
def test_a_territory_that_cannot_take_it_is_refused_with_the_reason(given, why):
    with game_with(ADVANTAGE) as game, pytest.raises(AdjudicatorError, match=why):
        new(game, na_uk="colonial_garrison", colonial_garrison=given)


def test_the_option_exists_only_where_the_uk_has_advantages():
    assert "colonial_garrison" in advantages.options(("uk",), {})
    assert "colonial_garrison" not in advantages.options(("ussr",), {})
    assert advantages.option_state(("uk",))["colonial_garrison"] == ("advantage_choices",
                                                                     "colonial_garrison")


def test_an_unknown_option_is_still_refused_in_a_ruleset_without_it():
    rs = editions.ruleset("aa-revised")
    if "colonial_garrison" in rs.options:  # the lead wired the advantages in
        return
    game = AxisAlliesGame(GameSpec(rs.key, "", rs.data, "test"))
    with pytest.raises(AdjudicatorError, match="unknown option"):
        game.check_options({"colonial_garrison": "india"})
