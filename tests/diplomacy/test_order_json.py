"""Orders kept as JSON come back equal to what the parser made (adjudicator/diplomacy/
order_json.py): every order of the DATC cases and of the real-text corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.diplomacy import order_json
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.orders import Hold, Move, UnitType, Waive
from adjudicator.diplomacy.parser import parse_orders
from tests.diplomacy.datc_cases import load_cases, orders_for

DMAP = load_map()
CORPUS = sorted((Path(__file__).parent / "corpus" / "lines").glob("*.txt"))


def _round_trip(orders: list) -> list:
    data = order_json.to_json(orders)
    assert data is not None
    return order_json.from_json(data)


def _corpus_orders(path: Path) -> list:
    """Every order the parser reads in a corpus file: each line as found (left of the arrow)
    and as a moderator reads it (right, the canonical notation), each on its own."""
    orders = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if "\u27f6" not in line or line.startswith("##"):
            continue
        for side in line.split("\u27f6"):
            orders += [p.order for p in parse_orders(side.strip(), DMAP).orders]
    return orders


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_every_order_the_parser_reads_in_the_corpus_comes_back_equal(path):
    orders = _corpus_orders(path)
    assert orders, "the corpus file yields orders"
    back = _round_trip(orders)
    assert back == orders
    assert [type(o) for o in back] == [type(o) for o in orders]


def test_every_kind_of_order_comes_back_equal():
    """The corpus has no retreat written as one, nor a waived build: those too."""
    written = "Waive\nA mun R boh\nF stp/nc R bar\nA mun D\nBuild F stp/sc\nRemove A war\n"
    orders = [p.order for p in parse_orders(written, DMAP).orders]
    orders += [o for path in CORPUS for o in _corpus_orders(path)]
    assert {type(o).__name__ for o in orders} == set(order_json.KINDS)
    assert _round_trip(orders) == orders


def test_every_order_of_the_datc_comes_back_equal():
    seen = set()
    for case in load_cases():
        for orders in orders_for(case, DMAP).values():
            assert _round_trip(orders) == orders
            seen |= {type(o).__name__ for o in orders}
    assert seen >= {"Hold", "Move", "SupportHold", "SupportMove", "Convoy", "Build",
                    "Remove"}  # retreats are written as moves there


def test_unit_types_are_letters_and_missing_ones_stay_missing():
    data = order_json.to_json([Move(None, "par", "bur"), Hold(UnitType.FLEET, "bre"), Waive()])
    assert data == [
        {"kind": "Move", "unit_type": None, "loc": "par", "dest": "bur", "via_convoy": False},
        {"kind": "Hold", "unit_type": "F", "loc": "bre"},
        {"kind": "Waive", "unit_type": None, "loc": ""}]
    assert order_json.from_json(data)[1].unit_type is UnitType.FLEET


def test_an_order_of_another_kind_is_not_kept():
    class Odd(Hold):
        pass

    assert order_json.to_json([Hold(UnitType.ARMY, "par"), Odd(UnitType.ARMY, "mar")]) is None


@pytest.mark.parametrize("bad", [
    [{"kind": "Teleport", "loc": "par"}],
    [{"kind": "Move", "unit_type": "Z", "loc": "par"}],
    [{"kind": "Move", "loc": "par", "speed": 3}],
])
def test_anything_else_is_refused(bad):
    with pytest.raises((KeyError, TypeError, ValueError)):
        order_json.from_json(bad)
