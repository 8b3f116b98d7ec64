"""Revised digest A6 and C1: the unit table, no cruiser, starting IPCs, the ruleset itself."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.state import Board
from adjudicator.errors import AdjudicatorError

from .cases import ED, KEY, RS, G, fresh

# Revised digest A6 / C1: cost, attack, defence, move
TABLE = {
    "infantry": (3, 1, 2, 1), "artillery": (4, 2, 2, 1), "tank": (5, 3, 3, 2),
    "aa_gun": (5, 0, 0, 1), "industrial_complex": (15, 0, 0, 0), "fighter": (10, 3, 4, 4),
    "bomber": (15, 4, 1, 6), "battleship": (24, 4, 4, 2), "destroyer": (12, 3, 3, 2),
    "carrier": (16, 1, 3, 2), "submarine": (8, 2, 2, 2), "transport": (8, 0, 1, 2),
}


def test_the_ruleset_is_registered_under_its_key_with_its_data():
    assert editions.ruleset(KEY) is RS
    assert (RS.key, RS.data, RS.title) == ("aa-revised", "aa-revised", "Axis & Allies Revised")
    assert editions.for_data("aa-revised") is RS
    assert G.key == KEY and G.ruleset is RS and G.edition.name == "aa-revised"
    assert fresh()["rules"]["edition"] == KEY


@pytest.mark.parametrize("unit", TABLE)
def test_unit_table(unit):
    u = ED.units[unit]
    assert (u.cost, u.attack, u.defence, u.move) == TABLE[unit]
    assert Board(fresh(), ED).cost("usa", unit) == TABLE[unit][0]  # what a purchase pays


def test_the_battleship_takes_two_hits_and_bombards_at_4():
    assert (ED.units["battleship"].hits, ED.units["battleship"].bombard) == (2, 4)
    assert ED.units["destroyer"].bombard is None  # only with Combined Bombardment (A5.1)


def test_no_cruiser_an_order_for_one_is_a_clear_error_naming_the_units():
    assert "cruiser" not in ED.units.units
    res = G.parse("buy 1 cruiser, 2 infantry\ncombat move:\n1 cruiser sz 7 -> sz 6\n", fresh())
    assert [(e.line, e.column) for e in res.errors] == [(1, 7), (3, 3)]
    for e in res.errors:
        assert "no cruiser in Axis & Allies Revised" in e.message
        for name in ("Infantry", "Battleship", "Destroyer", "Submarine", "Transport"):
            assert name in e.message
        assert e.expected == ("a unit type",)
        assert not e.suggestions  # no misleading "did you mean Aircraft Carrier?"
    # a misspelt unit the game has is still read as that unit
    typo = G.parse("buy 1 destroyr\n", fresh())
    assert typo.errors == [] and "destroyer" in typo.orders[0].order.text()


def test_starting_treasury_and_production():
    s = fresh()
    want = {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
    assert s["treasury"] == want
    st = G.status(s)
    assert st["production"] == want


def test_options_victory_levels_and_no_turkish_straits():
    assert set(G.options) == {"victory", "nmr", "passes", "colonial_garrison",
                              *(f"na_{p}" for p in ("ussr", "germany", "uk", "japan", "usa"))}
    assert G.options["victory"].values == ("minor", "major", "total")
    assert fresh()["rules"]["victory"] == "minor"  # digest C3 #27: 8 when nothing is chosen
    assert fresh(victory="total")["rules"]["victory"] == "total"
    with pytest.raises(AdjudicatorError):
        G.check_options({"turkish_straits_closed": True})
    with pytest.raises(AdjudicatorError):
        G.check_options({"victory": "standard"})
