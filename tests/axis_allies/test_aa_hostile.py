"""Hostile turn texts: pathological shapes at the size limits are read in linear time and
never crash (issue 17). Work is bounded with a generous wall clock here; the benchmark
figures live in benchmarks/."""

from __future__ import annotations

import time

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.parser import parse_turn

ED = load_edition("aa1942")
LINE = 400  # the mail desk's longest line (limits.line_length)


def timed(text: str) -> float:
    start = time.perf_counter()
    parse_turn(text, ED)
    return time.perf_counter() - start


@pytest.mark.parametrize("shape", [
    "A" + " " * (LINE - 2) + "B",            # the title matcher was cubic on this
    "salt" + " " * (LINE - 5) + "x",         # the salt line was quadratic
    "Germany" + " -" * ((LINE - 7) // 2),    # separators without a turn marker
    "turn " * (LINE // 5),
])
def test_pathological_lines_take_linear_time(shape):
    assert len(shape) <= LINE
    assert timed(shape) < 0.5
    assert timed(shape * 50) < 5  # fifty such lines, a whole mail's worth


def test_a_sea_zone_number_of_thousands_of_digits_is_a_clean_error():
    r = parse_turn("1 dd sz " + "9" * 5000 + " -> sz 5", ED)
    assert not r.orders and len(r.errors) == 1
    assert "there is no sea zone 999999..." in r.errors[0].message


@pytest.mark.parametrize("title", ["Germany turn 1", "USSR R1:", "Round 2 - UK", "Japan, t3"])
def test_titles_are_still_read_as_titles(title):
    r = parse_turn(title + "\nbuy 1 inf\n", ED)
    assert not r.errors and len(r.orders) == 1
