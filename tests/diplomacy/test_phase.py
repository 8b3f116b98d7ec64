"""Phase codes, names and the calendar."""

import pytest

from adjudicator.diplomacy.phase import FIRST_PHASE, Phase, PhaseType, Season


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
