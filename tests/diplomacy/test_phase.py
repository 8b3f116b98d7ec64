"""Phase codes, names and the calendar."""

import pytest

from adjudicator.diplomacy.phase import FIRST_PHASE, Phase, PhaseType, Season, read_phase
from adjudicator.errors import PhaseNameError


def test_phase_code_round_trips():
    for code in ("S1901M", "S1901R", "F1901M", "F1901R", "W1901A"):
        assert Phase.parse(code).code == code


def test_phase_human_name():
    assert Phase.parse("S1901M").name == "Spring 1901 Movement"
    assert Phase.parse("W1905A").name == "Winter 1905 Adjustments"
    assert Phase.parse("F1902R").name == "Fall 1902 Retreats"


def test_calendar_order_and_year_rollover():
    seq = [FIRST_PHASE]
    for _ in range(5):
        seq.append(seq[-1].next())
    assert [p.code for p in seq] == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]


def test_sort_key_is_chronological():
    codes = ["W1901A", "S1902M", "F1901M", "S1901R"]
    ordered = sorted((Phase.parse(c) for c in codes), key=lambda p: p.sort_key)
    assert [p.code for p in ordered] == ["S1901R", "F1901M", "W1901A", "S1902M"]


@pytest.mark.parametrize("bad", ["", "S1901", "X1901M", "W1901M", "S1901A"])
def test_invalid_codes_are_rejected(bad):
    with pytest.raises(ValueError):
        Phase.parse(bad)


def test_phase_kind_flags():
    p = Phase(1901, Season.FALL, PhaseType.RETREATS)
    assert p.is_retreats and not p.is_movement and not p.is_adjustments


# --- phases as people write them (one reader: positions, the command line, PHASE lines) ------

@pytest.mark.parametrize("written, code", [
    ("Fall 1901 Movement", "F1901M"), ("Spring 1902 retreats", "S1902R"),
    ("Winter 1901 adjustments", "W1901A"), ("F1901M", "F1901M"), ("fall 1901", "F1901M"),
    ("S1901R", "S1901R"), ("1901 Fall Moves", "F1901M"), ("Autumn 1901", "F1901M"),
    ("f1901m", "F1901M"), (" W1901B ", "W1901A"), ("Winter 1901", "W1901A"),
    ("Spring 1901", "S1901M"), ("Phase: Fall, 1903 (Retreats)", "F1903R"),
    ("1902 Winter Builds", "W1902A"), ("S 1903 M", "S1903M"), ("Autumn 1905 Retreat", "F1905R"),
])
def test_normalise_phase_reads_the_forms_people_write(written, code):
    from adjudicator.registry import get_game

    assert read_phase(written).code == code
    assert get_game("diplomacy").normalise_phase(written) == code


@pytest.mark.parametrize("written, rule, words", [
    ("Sprnig 1901", "phase-unreadable", ["unknown season 'Sprnig'", "did you mean Spring"]),
    ("Fall 1901 Retraets", "phase-unreadable",
     ["unknown phase 'Retraets'", "expected Movement, Retreats or Adjustments",
      "did you mean Retreats"]),
    ("next turn", "phase-unreadable", ["write it like 'Spring 1905 Movement' or 'S1905M'"]),
    ("", "phase-unreadable", ["write it like"]),
    ("W1901M", "phase-impossible", ["there is no Winter movement phase"]),
    ("Spring 1901 Builds", "phase-impossible", ["adjustments are in Winter"]),
    ("Fall 1899", "year-before-1901", ["before the game starts (1901)"]),
])
def test_unknown_phase_names_say_what_was_expected(written, rule, words):
    from adjudicator.errors import AdjudicatorError
    from adjudicator.registry import get_game

    with pytest.raises(PhaseNameError) as e:
        get_game("diplomacy").normalise_phase(written)
    assert e.value.rule == rule and isinstance(e.value, AdjudicatorError)
    assert all(w in str(e.value) for w in words), str(e.value)
    assert e.value.expected or rule != "phase-unreadable"


def test_the_position_reader_uses_the_same_phase_reader():
    from adjudicator.diplomacy import position

    assert not hasattr(position, "_SEASON_WORDS") and not hasattr(position, "_PHASE_LINE")
    assert position.read_phase is read_phase
