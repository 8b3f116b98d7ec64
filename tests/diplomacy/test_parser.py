"""The Diplomacy order language: lenient reading, precise errors, never a crash."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
)
from adjudicator.diplomacy.parser import (
    OrderSyntaxError,
    ParsedOrder,
    parse_order,
    parse_orders,
    resolve_location,
    resolve_power,
)
from adjudicator.errors import ParseResult
from adjudicator.suggest import Suggester, suggest

A, F = UnitType.ARMY, UnitType.FLEET
DATC = Path(__file__).parent / "data" / "datc_v2.4_06.txt"


def one_error(text: str):
    result = parse_orders(text)
    assert not result.orders, result.orders
    assert len(result.errors) == 1, result.errors
    return result.errors[0]


# --- every order type -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, order",
    [
        ("A Par H", Hold(A, "par")),
        ("A Par - Bur", Move(A, "par", dest="bur")),
        ("A Bur S A Par", SupportHold(A, "bur", target_type=A, target="par")),
        ("A Bur S A Par - Mar", SupportMove(A, "bur", target_type=A, target="par", dest="mar")),
        ("F Lon C A Yor - Bel", Convoy(F, "lon", target_type=A, target="yor", dest="bel")),
        ("A Yor - Bel via convoy", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Mun R Boh", Retreat(A, "mun", dest="boh")),
        ("A Mun D", Disband(A, "mun")),
        ("Build F StP nc", Build(F, "stp/nc")),
        ("Remove A Mun", Remove(A, "mun")),
        ("waive", Waive()),
    ],
)
def test_every_order_type(text, order):
    assert parse_order(text) == order


# --- lenient forms ----------------------------------------------------------------------------

PAR_BUR = Move(A, "par", dest="bur")


@pytest.mark.parametrize(
    "text",
    ["A Par - Bur", "a par-bur", "A PAR -> BUR", "A Par => Bur", "Army Paris moves to Burgundy",
     "A Paris to Burgundy", "  A   par  -  bur  ", "A Par – Bur", "A Par move Bur",
     "A Par attacks Burgundy", "army paris - burgundy.", "A Par > Bur", "A Par → Bur!", "A Par - Burgandy", "A Par - Burg"],
)
def test_move_spellings(text):
    assert parse_order(text) == PAR_BUR


def test_unit_type_may_be_left_out():
    assert parse_order("Paris - Burgundy") == Move(None, "par", dest="bur")
    assert parse_order("A Bur supports Paris") == SupportHold(A, "bur", target_type=None,
                                                                target="par")
    assert parse_order("Remove gol") == Remove(None, "lyo")


@pytest.mark.parametrize(
    "text, order",
    [
        ("F Lon C A Yor - Bel", Convoy(F, "lon", target_type=A, target="yor", dest="bel")),
        ("F London convoys Yorkshire to Belgium",
         Convoy(F, "lon", target_type=None, target="yor", dest="bel")),
        ("F nth convoys A yor - yor", Convoy(F, "nth", target_type=A, target="yor", dest="yor")),
        ("A Bur S A Par - Mar", SupportMove(A, "bur", target_type=A, target="par", dest="mar")),
        ("A Bur supports Paris", SupportHold(A, "bur", target_type=None, target="par")),
        ("A Bur S Par H", SupportHold(A, "bur", target_type=None, target="par")),
        ("A lvp supports A yor-yor",
         SupportMove(A, "lvp", target_type=A, target="yor", dest="yor")),
        ("F spa/nc supports F mid", SupportHold(F, "spa/nc", target_type=F, target="mao")),
        ("A Yor - Bel via convoy", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Yor - Bel by convoy", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Yor - Bel VIA CONVOY", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Yor - Bel (via convoy)", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Yor - Bel(by convoy)", Move(A, "yor", dest="bel", via_convoy=True)),
        # DAIDE and the diplomacy package (research bots) write a bare VIA
        ("A YOR - BEL VIA", Move(A, "yor", dest="bel", via_convoy=True)),
        ("A Yor - Bel via", Move(A, "yor", dest="bel", via_convoy=True)),
    ],
)
def test_support_and_convoy_spellings(text, order):
    assert parse_order(text) == order


@pytest.mark.parametrize("text", ["Hold A Par", "A Par holds", "A Par H", "A Par stands",
                                  "A Par hold", "a paris HOLD"])
def test_hold_spellings(text):
    assert parse_order(text) == Hold(A, "par")


@pytest.mark.parametrize("text", ["A Mun R Boh", "A mun retreats to boh", "A Mun retreat Bohemia"])
def test_retreat_spellings(text):
    assert parse_order(text) == Retreat(A, "mun", dest="boh")


def test_dash_in_a_retreat_phase_is_a_move_for_the_engine_to_reinterpret():
    assert parse_order("A mun - boh") == Move(A, "mun", dest="boh")


@pytest.mark.parametrize("text", ["A Mun D", "Disband A Mun", "A mun disbands", "disband munich"])
def test_disband_spellings(text):
    order = parse_order(text)
    assert isinstance(order, Disband) and order.loc == "mun"


@pytest.mark.parametrize(
    "text, order",
    [
        ("Build A Par", Build(A, "par")),
        ("Build F StP nc", Build(F, "stp/nc")),
        ("build fleet st petersburg north coast", Build(F, "stp/nc")),
        ("Build F stp/nc", Build(F, "stp/nc")),
        ("BUILD F St. Petersburg (North Coast)", Build(F, "stp/nc")),
        ("Remove A Mun", Remove(A, "mun")),
        ("remove fleet Gulf of Lyon", Remove(F, "lyo")),
        ("waive", Waive()),
        ("Build waive", Waive()),
    ],
)
def test_adjustment_orders(text, order):
    assert parse_order(text) == order


@pytest.mark.parametrize(
    "text",
    ["F Spa(sc) H", "F Spa/sc H", "F Spa SC H", "F spa south coast H", "F Spa (South Coast) H",
     "F Spain/sc H", "F spa/wc H", "F Spain (sc) holds"],
)
def test_coast_spellings(text):
    assert parse_order(text) == Hold(F, "spa/sc")


def test_coast_in_a_move_and_map_coast_aliases():
    assert parse_order("F Spa (South Coast) - MAO") == Move(F, "spa/sc", dest="mao")
    assert parse_order("F spa/sc-por") == Move(F, "spa/sc", dest="por")
    assert parse_order("F mao - spa nc") == Move(F, "mao", dest="spa/nc")
    assert parse_order("F bul/nc - bla") == Move(F, "bul/ec", dest="bla")  # map alias
    assert parse_order("F Con - Bul EC") == Move(F, "con", dest="bul/ec")


@pytest.mark.parametrize(
    "name, loc",
    [
        ("North Atlantic Ocean", "nao"), ("north atlantic", "nao"), ("NAT", "nao"),
        ("St. Petersburg", "stp"), ("St Petersburg", "stp"), ("saint petersburg", "stp"),
        ("stp", "stp"), ("Gulf of Lyon", "lyo"), ("GoL", "lyo"), ("lyo", "lyo"),
        ("Mid-Atlantic Ocean", "mao"), ("mid atlantic", "mao"), ("mid-atlantic", "mao"),
        ("mid", "mao"), ("MAO", "mao"), ("nwg", "nwg"), ("nrg", "nwg"), ("Norwegian Sea", "nwg"),
        ("tys", "tys"), ("English Channel", "eng"), ("eng", "eng"), ("Helgoland Bight", "hel"),
        ("east", "eas"), ("Eastern Mediterranean", "eas"), ("North Sea", "nth"),
        ("St. Petersburg (south coast)", "stp/sc"), ("stp/nc", "stp/nc"),
        ("  bUrGuNdY  ", "bur"),
    ],
)
def test_full_names_and_aliases(name, loc):
    assert resolve_location(name) == loc


def test_full_names_inside_orders():
    assert parse_order("F North Atlantic Ocean - Mid-Atlantic Ocean") == Move(F, "nao", dest="mao")
    assert parse_order("F Gulf of Lyon S F Tyrrhenian Sea - Western Mediterranean") == \
        SupportMove(F, "lyo", target_type=F, target="tys", dest="wes")
    assert parse_order("F St. Petersburg (north coast) - Barents Sea") == \
        Move(F, "stp/nc", dest="bar")
    assert parse_order("F Eas - East") == Move(F, "eas", dest="eas")


def test_every_map_name_and_alias_resolves_to_its_province():
    from adjudicator.diplomacy.map import load_map

    dmap = load_map()
    for pid, prov in dmap.provinces.items():
        for spelling in (pid, prov.name, *prov.aliases):
            assert resolve_location(spelling) == pid, spelling
    for loc, aliases in dmap.coast_aliases.items():
        for spelling in aliases:
            assert resolve_location(spelling) == loc, spelling


# --- lines, separators, comments, powers --------------------------------------------------------

def test_several_orders_per_line_comments_and_blank_lines():
    text = """
# my orders for spring
A Par - Bur; A Mar - Spa, F Bre - MAO
// second comment

F Lon - Nth   # and a trailing comment, with a comma
"""
    result = parse_orders(text)
    assert result.errors == []
    assert [(o.line, o.text) for o in result.orders] == [
        (3, "A Par - Bur"), (3, "A Mar - Spa"), (3, "F Bre - MAO"), (6, "F Lon - Nth")]
    assert all(isinstance(o, ParsedOrder) and o.power is None for o in result.orders)


@pytest.mark.parametrize("prefix, power", [
    ("France: ", "France"), ("FRANCE : ", "France"), ("french: ", "France"),
    ("Germnay: ", "Germany"), ("england:", "England"), ("Turkish ", "Turkey"),
])
def test_power_prefix(prefix, power):
    result = parse_orders(prefix + "A Par - Bur")
    assert result.errors == []
    assert result.orders[0].power == power
    assert result.orders[0].order == PAR_BUR


def test_power_prefix_carries_along_its_line_and_header_lines_apply_below():
    text = "France: A Par - Bur; A Mar - Spa\nA Mun - Ruh\nGermany:\nA Ber - Kie\nF Kie - Den"
    result = parse_orders(text)
    assert result.errors == []
    assert [o.power for o in result.orders] == ["France", "France", None, "Germany", "Germany"]


def test_bullets_and_numbering_are_ignored():
    for text in ("- A Par - Bur", "* A Par - Bur", "1. A Par - Bur", "2) A Par - Bur"):
        assert parse_order(text) == PAR_BUR, text


def test_parse_order_rejects_empty_and_multiple():
    with pytest.raises(OrderSyntaxError, match="no order"):
        parse_order("   ")
    with pytest.raises(OrderSyntaxError, match="more than one"):
        parse_order("A Par - Bur; A Mar - Spa")


def test_resolve_power():
    assert resolve_power("french") == "France"
    assert resolve_power("Germnay") == "Germany"
    assert resolve_power("Narnia") is None


# --- the DATC file ------------------------------------------------------------------------------

def _datc_order_lines() -> list[str]:
    out: list[str] = []
    in_orders = False
    for line in DATC.read_text(encoding="utf-8").splitlines():
        if re.match(r"^[A-Z_]+", line):
            in_orders = line.startswith("ORDERS")
            continue
        if in_orders and line.strip():
            out.append(line)
    return out


@pytest.mark.skipif(not DATC.exists(), reason=f"DATC file not yet copied to {DATC}")
def test_every_datc_orders_line_parses():
    lines = _datc_order_lines()
    assert len(lines) > 600
    for line in lines:
        result = parse_orders(line)
        assert result.errors == [], (line, [e.describe() for e in result.errors])
        if line.strip().startswith("#"):
            assert result.orders == []
            continue
        assert len(result.orders) == 1, line
        power = line.split(":", 1)[0].strip()  # the file itself misspells "Germnay" once
        assert result.orders[0].power == resolve_power(power), line
        assert result.orders[0].power in {"Austria", "England", "France", "Germany", "Italy",
                                          "Russia", "Turkey"}


# --- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Burgundi", "Bergundy", "Burgundee"])
def test_unknown_name_suggests_the_closest(name):
    err = one_error(f"A Par - {name}")
    assert (err.line, err.column) == (1, 9)
    assert "unknown province" in err.message and name in err.message
    assert err.suggestions[0] == "Burgundy"
    assert "did you mean Burgundy" in err.describe()
    assert err.expected == ("a province name",)


def test_unknown_multiword_name_suggests_full_name():
    err = one_error("F North Atlantik Ocean - Nwg")
    assert err.column == 3
    assert err.suggestions[0] == "North Atlantic Ocean"


def test_bad_line_in_the_middle_keeps_good_lines():
    result = parse_orders("A Par - Bur\nA Mar - Burgundi\nF Bre - MAO")
    assert [o.line for o in result.orders] == [1, 3]
    assert len(result.errors) == 1
    assert result.errors[0].line == 2 and result.errors[0].column == 9
    assert result.errors[0].text == "A Mar - Burgundi"


def test_bad_order_in_a_line_keeps_the_others_with_exact_column():
    result = parse_orders("A Par - Bur; A Mar - Spx; F Bre - MAO")
    assert len(result.orders) == 2
    (err,) = result.errors
    assert err.column == len("A Par - Bur; A Mar - ") + 1


def test_missing_operator_says_what_was_expected_in_plain_words():
    err = one_error("A Par : Bur")  # ("A Par Bur" is a move: the arrow may be left out)
    assert err.column == 7
    for words in ("'-'", "'S'", "'C'", "'H'"):
        assert words in err.expected
    assert not any(re.fullmatch(r"_?[A-Z_]+", w) for w in err.expected)  # no terminal names
    assert "'-' or 'S' or 'C' or 'H'" in err.message


def test_incomplete_order_points_past_the_end():
    err = one_error("A Par -   ")
    assert err.column == 8
    assert "incomplete" in err.message and err.expected == ("a province name",)


def test_unknown_coast_lists_legal_coasts():
    err = one_error("F spa/ec - mao")
    assert err.column == 7
    assert "east coast" in err.message
    assert set(err.suggestions) == {"Spain (north coast)", "Spain (south coast)"}


def test_coast_on_a_province_without_coasts():
    err = one_error("F Par/nc H")
    assert "no separate coasts" in err.message


def test_unknown_power_and_odd_characters():
    err = one_error("Narnia: A Par - Bur")
    assert (err.column, err.message) == (1, "unknown power 'Narnia'")
    err = one_error("A Par @ Bur")
    assert err.column == 7 and "'@'" in err.message


def test_garbage_line_is_an_error_not_a_crash():
    # Conversation is put aside (test_real_orders.py has the rules); what looks like an order is not.
    result = parse_orders("Hi there here are my orders")
    assert (result.orders, result.errors) == ([], [])
    assert [i.text for i in result.ignored] == ["Hi there here are my orders"]
    result = parse_orders("Hi all, A Par - Bur, ok")
    assert len(result.orders) == 1 and result.errors == []
    assert [i.text for i in result.ignored] == ["Hi all", "ok"]
    err = one_error("Zorglub A Par - Bur")
    assert (err.line, err.column) == (1, 1)
    assert err.message == "'Zorglub' is not a province, unit type or order word"


def test_only_syntax_is_checked_not_legality():
    # No unit, not adjacent, fleet inland: all for the engine.
    assert parse_order("F Mun - Vie") == Move(F, "mun", dest="vie")
    assert parse_order("Build F stp") == Build(F, "stp")


def test_resolve_location_errors_carry_suggestions():
    with pytest.raises(OrderSyntaxError) as info:
        resolve_location("Burgundi")
    assert info.value.error.suggestions[0] == "Burgundy"


# --- robustness and speed -----------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_never_raises(text):
    result = parse_orders(text)
    assert isinstance(result, ParseResult)
    for err in result.errors:
        assert err.line >= 1 and err.column >= 1


_WORDS = st.sampled_from(["A", "F", "Par", "-", "S", "C", "H", "via", "convoy", "spa", "/", "(",
                          ")", "sc", "north", "coast", ";", ",", "France:", "Build", "waive",
                          "#", "Burgundi", "to", "R", "D", "mid-atlantic", "st.", "1."])


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=12))
def test_order_like_word_salad_never_raises(words):
    result = parse_orders(" ".join(words))
    assert isinstance(result, ParseResult)


def test_34_orders_parse_in_milliseconds():
    lines = ["France: A Par - Bur", "F Bre - Mid-Atlantic Ocean", "A Mar S A Par - Bur",
             "England: F nth C A yor - nwy", "F St. Petersburg (south coast) - Gulf of Bothnia",
             "A Bur supports Paris", "F Spa (South Coast) - MAO"]
    text = "\n".join((lines * 5)[:34])
    parse_orders(text)  # warm-up builds the parser once
    start = time.perf_counter()
    result = parse_orders(text)
    elapsed = time.perf_counter() - start
    assert len(result.orders) == 34 and not result.errors
    assert elapsed < 0.1


# --- suggest.py ---------------------------------------------------------------------------------

def test_suggester_is_game_agnostic_and_returns_display_names():
    names = {"bur": "Burgundy", "burg": "Burgundy", "bel": "Belgium", "Western Germany": "W Ger"}
    assert suggest("Burgundi", names) == ["Burgundy"]
    assert suggest("westerngermany", names) == ["W Ger"]
    assert suggest("zzz", names) == []
    assert Suggester(["Moscow", "Karelia"]).suggest("karelai") == ["Karelia"]
    assert Suggester(["Moscow"]).exact("MOSCOW") == "Moscow"


def test_phone_typography_is_read_as_plain_text():
    # Smart quotes around an order, an em dash before '>', an en dash as the move arrow.
    res = parse_orders("\u201cA Mar - Gas\u201d\nA Par \u2014> Bur\nF Bre \u2013 MAO\n")
    assert not res.errors
    assert [p.order.text() for p in res.orders] == ["A mar - gas", "A par - bur", "F bre - mao"]
