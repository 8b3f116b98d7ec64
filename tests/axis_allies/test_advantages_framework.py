"""The National Advantages framework (issue 10): a list option per power, the choice written
into the state at ``adj new``, an advantage in play only for the power that has it, and
once-per-game advantages marked used. Each advantage has its own test_na_<key>.py."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import advantages, editions
from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.effects import UnitQuery
from adjudicator.axis_allies.game import AxisAlliesGame
from adjudicator.errors import AdjudicatorError
from adjudicator.game import ChoiceList, GameSpec
from adjudicator.record import replace


class _Sturdy(NationalAdvantage):
    key = "test_sturdy"
    power = "ussr"
    number = 1
    name = "Sturdy Infantry"

    def defence(self, unit: UnitQuery, value: int) -> int:
        return 3 if self.mine(unit) and unit.type == "infantry" else value


class _Once(NationalAdvantage):
    key = "test_once"
    power = "ussr"
    number = 2
    name = "Once Only"
    once_per_game = True


STURDY, ONCE = _Sturdy(), _Once()
CHOICES = ChoiceList(("test_sturdy", "test_once"), "test",
                     {"1": "test_sturdy", "2": "test_once", "Sturdy Infantry": "test_sturdy"})


def test_a_choice_list_reads_keys_numbers_and_names_in_table_order():
    assert CHOICES.default == []
    assert CHOICES.parse("na_ussr", "test_once, test_sturdy") == ["test_sturdy", "test_once"]
    assert CHOICES.parse("na_ussr", "2,1,1") == ["test_sturdy", "test_once"]
    assert CHOICES.parse("na_ussr", "sturdy infantry") == ["test_sturdy"]
    assert CHOICES.parse("na_ussr", "Test-Once") == ["test_once"]
    assert CHOICES.parse("na_ussr", "none") == []
    assert CHOICES.parse("na_ussr", ["test_once"]) == ["test_once"]


def test_a_choice_list_refuses_an_unknown_choice_and_names_the_choices():
    with pytest.raises(AdjudicatorError, match="no choice 'kamikaze'.*test_sturdy, test_once"):
        CHOICES.parse("na_ussr", "kamikaze")


@pytest.fixture
def game():
    base = editions.ruleset("aa1942")
    rs = replace(base, key="aa-na-test", effects=(STURDY, ONCE),
                 options={**base.options, "na_ussr": CHOICES},
                 option_state={"na_ussr": ("advantages", "ussr")})
    with editions.registered(rs):
        yield AxisAlliesGame(GameSpec("aa-na-test", "", "aa1942", "test"))


def test_adj_new_writes_the_chosen_advantages_into_the_state(game):
    state = game.new_state(game.check_options({"na_ussr": "1"}))
    assert state["advantages"] == {"ussr": ["test_sturdy"]}
    assert "na_ussr" not in state["rules"]
    plain = game.new_state(game.check_options({}))
    assert "advantages" not in plain  # nothing chosen, nothing written


def test_an_advantage_is_in_play_only_when_chosen_and_only_for_its_power(game):
    state = game.new_state(game.check_options({"na_ussr": "test_sturdy"}))
    play = game.ruleset.in_play(state)
    assert play.effects == (STURDY,)
    spec = play.edition.units["infantry"]
    assert play.unit_value("defender", "ussr", "infantry", spec) == 3
    assert play.unit_value("defender", "germany", "infantry", spec) == spec.defence
    assert game.ruleset.in_play(game.new_state(game.check_options({}))).effects == ()


def test_a_once_per_game_advantage_is_marked_used_once(game):
    state = game.new_state(game.check_options({"na_ussr": "2"}))
    assert not ONCE.used(state)
    ONCE.mark_used(state)
    ONCE.mark_used(state)
    assert ONCE.used(state)
    assert state["advantages_used"] == {"ussr": ["test_once"]}


def test_the_package_finds_each_advantage_module_once():
    keys = [a.key for a in advantages.ALL]
    assert len(keys) == len(set(keys))
    for a in advantages.ALL:
        assert a.key and a.power and 1 <= a.number <= 6 and a.name
        assert type(a).__module__.rsplit(".", 1)[1] == a.key  # one file per advantage
