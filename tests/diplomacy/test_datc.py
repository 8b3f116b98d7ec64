"""Every DATC chapter-6 case (v2.4 file), run through the engine's public API.

Cases decided differently on purpose are strict xfails, each explained in
``docs/rulings.md``; nothing is skipped.
"""

from __future__ import annotations

import pytest
from datc_cases import check_case, load_cases

from adjudicator.diplomacy.map import load_map

# case id -> why our ruling differs from the file's expectation (see docs/rulings.md)
DELIBERATE: dict[str, str] = {}

CASES = load_cases()


def _param(case):
    marks = []
    if case.id in DELIBERATE:
        marks.append(pytest.mark.xfail(strict=True, reason=DELIBERATE[case.id]))
    return pytest.param(case, id=case.id, marks=marks)


def test_file_has_every_case():
    assert len(CASES) == 167
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_datc(case):
    problems = check_case(case, load_map())
    assert not problems, "\n".join(problems)
