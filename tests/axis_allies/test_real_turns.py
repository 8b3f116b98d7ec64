"""Axis & Allies turn texts as forum players and game reporters write them (issue 12, part 3).

The corpus (``corpus/``, see its README) holds real turn texts, whole posts and single lines,
from game write-ups, forum threads, TripleA summaries pasted into threads and rules prose, each
with its source and its meaning. The parser must understand at least 95% of the realistic turn
texts completely and correctly and never take an order from prose. Each form players use then
has its own test below.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.orders import (
    BattleInstruction,
    LandingPlan,
    Move,
    Pass,
    Placement,
    Purchase,
    TransportMove,
    TransportStep,
    UnitCount,
)
from adjudicator.axis_allies.parser import parse_turn as _parse_turn
from adjudicator.errors import ParseResult

ED = load_edition("aa1942")
U = UnitCount
CORPUS = Path(__file__).parent / "corpus"


def _measure():
    """corpus/measure.py, loaded by path (it is a script too; tests/diplomacy has its own)."""
    spec = importlib.util.spec_from_file_location("aa_corpus_measure", CORPUS / "measure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_m = _measure()


def parse(text: str) -> ParseResult:
    return _parse_turn(text, ED)


def read(text: str) -> tuple[list[tuple[str, object]], list[str], list[str]]:
    """((section, order) pairs, errors described, ignored texts) of ``text``."""
    r = parse(text)
    return ([(p.section, p.order) for p in r.orders], [e.describe() for e in r.errors],
            [i.text for i in r.ignored])


def one(text: str) -> object:
    orders, errors, _ = read(text)
    assert not errors and len(orders) == 1, (orders, errors)
    return orders[0][1]


# --- the corpus -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def outcomes():
    return _m.run(_m.load_lines(), parse)


def test_the_corpus_is_real_turn_texts_each_with_its_source():
    lines = _m.load_lines()
    assert len(lines) >= 180
    assert len([ln for ln in lines if ln.expected]) >= 45
    assert len({ln.source for ln in lines}) >= 15
    assert all(ln.source and ln.kind for ln in lines)
    posts = [p for p in _m.load_posts() if not p.name.startswith("examples-")]
    assert len(posts) >= 4 and sum(len(p.orders) for p in posts) >= 30


def test_at_least_95_percent_of_realistic_turn_texts_are_understood_completely(outcomes):
    f = _m.figures(outcomes)["all"]
    missed = [(o.line.file, o.line.lineno, o.line.text, o.orders, o.errors)
              for o in f.misses if not o.line.is_prose]
    assert f.share >= 0.95, missed
    posts = _m.load_posts()
    good = [p.name for p in posts if not _m.post_differences(p, parse)]
    assert len(good) / len(posts) >= 0.95, {p.name: _m.post_differences(p, parse)
                                            for p in posts if p.name not in good}


def test_no_prose_line_is_ever_taken_as_an_order(outcomes):
    taken = [(o.line.file, o.line.lineno, o.line.text, o.orders)
             for o in outcomes if o.taken_as_order]
    assert taken == []


def test_conversation_in_the_corpus_is_put_aside_not_reported(outcomes):
    f = _m.figures(outcomes)["all"]
    assert f.prose_ignored / f.prose_lines >= 0.9


@pytest.mark.parametrize("post", _m.load_posts(), ids=lambda p: p.name)
def test_whole_posts_read_line_by_line(post):
    assert _m.post_differences(post, parse) == []


# --- several section headers on one line ------------------------------------------------------

def test_several_section_headers_on_one_line():
    orders, errors, _ = read("Purchase: 2 tanks, 10 inf. Place: 2 tanks, 8 inf in Germany")
    assert errors == []
    assert orders == [
        ("purchases", Purchase(units=(U("tank", 2), U("infantry", 10)))),
        ("placements", Placement((U("tank", 2), U("infantry", 8)), "germany"))]
    orders, errors, _ = read("Buy: 8 inf. Combat move: 3 inf Norway -> Karelia. "
                             "Noncombat: 2 inf Germany -> Eastern Europe")
    assert errors == [] and [s for s, _ in orders] == ["purchases", "combat_moves",
                                                       "noncombat_moves"]
    # a colon after a territory is no header: the landing plan stays whole
    assert isinstance(one("land ftr Karelia: Germany. Russia"), LandingPlan)


# --- "+", short notes in brackets, long remarks -----------------------------------------------

def test_plus_between_units():
    assert one("2 inf + 1 art Germany -> Karelia") == Move(
        (U("infantry", 2), U("artillery", 1)), ("germany", "karelia_ssr"))
    assert one("buy ftr + bmr") == Purchase(units=(U("fighter"), U("bomber")))


@pytest.mark.parametrize("note", ["(attack)", "(blitz)", "(3 spaces)", "[attack]",
                                  "(cost 12, left with 2)"])
def test_short_notes_in_brackets_are_dropped(note):
    assert one(f"1 arm Ukraine -> West Russia {note}") == Move((U("tank"),),
                                                               ("ukraine_ssr", "west_russia"))


@pytest.mark.parametrize("flag", ["(SBR)", "(sbr)", "(bomb)", "(strategic bombing)"])
def test_flags_in_brackets_are_kept(flag):
    move = one(f"bmr Germany -> Russia {flag}") if flag != "(strategic bombing)" else None
    if move is None:  # a note that is no flag of the language: dropped, not guessed
        assert one(f"bmr Germany -> Russia {flag}") == Move((U("bomber"),),
                                                            ("germany", "russia"))
    else:
        assert move == Move((U("bomber"),), ("germany", "russia"), bombing=True)


def test_stated_cost_in_brackets_is_kept():
    assert one("buy 8 inf (24 IPC)") == Purchase(units=(U("infantry", 8),), stated_cost=24)


def test_long_bracketed_remarks_are_comments():
    assert one("2 ftr Germany -> Karelia (these two should be enough, I hope)") == Move(
        (U("fighter", 2),), ("germany", "karelia_ssr"))
    # a name in brackets is order material: unwrapped, not dropped
    assert one("3 inf (Germany) -> Karelia") == Move((U("infantry", 3),),
                                                     ("germany", "karelia_ssr"))


def test_comparisons_in_battle_instructions_are_no_brackets():
    orders, errors, _ = read("battle Karelia: retreat if units < 3\nretreat if loss > 20 ipc")
    assert errors == []
    assert [o for _, o in orders] == [
        BattleInstruction("karelia_ssr", retreat_when_units_at_most=2),
        BattleInstruction("karelia_ssr", retreat_when_loss_exceeds_ipc=20)]


# --- prose forms of orders ---------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "bmr Germany: strategic bombing raid on Russia",
    "strategic bombing raid on Russia with bmr from Germany",
    "bmr Germany bombing raid on Russia",
    "bomb Russia with bmr from Germany",
])
def test_strategic_bombing_raid_written_out(text):
    assert one(text) == Move((U("bomber"),), ("germany", "russia"), bombing=True)


def test_a_raid_without_bombers_is_an_error_never_a_guess():
    _, errors, _ = read("strategic bombing raid on Russia")
    assert len(errors) == 1 and "column" in errors[0]


def test_amphibious_assault_written_out():
    expected = TransportMove((U("transport"),), "sz5",
                             (TransportStep("unload", "norway"),), cargo=(U("infantry", 2),))
    assert one("1 tt, 2 inf amphibious assault on Norway from sz 5") == expected
    assert one("tt sz 5 with 2 inf: amphibious assault on Norway") == expected
    # without the transports the referee does not pick them: an error with the form to use
    _, errors, _ = read("2 inf amphibious assault on Norway from sz 5")
    assert len(errors) == 1 and "name the transports" in errors[0]
    assert "'1 tt sz 5 with 2 infantry: amphibious assault on Norway'" in errors[0]


@pytest.mark.parametrize("text", ["bb sz 5 bombards Norway", "bb sz 5 bombard Norway",
                                  "bb sz 5 bombarding Norway", "bb sz 5 bombards on Norway"])
def test_bombards(text):
    assert one(text) == Move((U("battleship"),), ("sz5",), bombard=True,
                             bombard_target="norway")


@pytest.mark.parametrize("text", ["repair 4 damage on Germany", "repair 4 damage in Germany",
                                  "repair Germany 4 damage"])
def test_repair_damage(text):
    assert one(text) == Purchase(repairs={"germany": 4})


@pytest.mark.parametrize("text", ["No orders this turn (pass)", "pass", "I pass this turn",
                                  "Nothing this turn."])
def test_an_explicit_pass_is_a_pass_order(text):
    orders, errors, ignored = read(text)
    assert orders == [("pass", Pass())] and errors == [] and ignored == []


def test_an_aircraft_that_stays_lands_where_it_is():
    assert one("fighter stays in West Russia") == LandingPlan(
        (U("fighter"),), "west_russia", (), "west_russia")
    assert one("2 ftr remain in Karelia") == LandingPlan((U("fighter", 2),), "karelia_ssr",
                                                         (), "karelia_ssr")
    # other units that stay need no order
    orders, errors, _ = read("3 inf stay in Germany")
    assert orders == [] and errors == []


def test_landing_written_out():
    assert one("1 fighter lands in Caucasus") == LandingPlan((U("fighter"),), "caucasus")
    assert one("Bomber returns to Germany") == LandingPlan((U("bomber"),), "germany")
    assert one("ftr Karelia lands in Germany") == LandingPlan((U("fighter"),), "germany", (),
                                                              "karelia_ssr")
    _, errors, _ = read("2 inf lands in Germany")
    assert len(errors) == 1 and "only aircraft land" in errors[0]


def test_retreat_to_before_the_condition():
    orders, errors, _ = read("battle West Russia:\nretreat to Russia after round 1")
    assert errors == [] and orders == [("battles", BattleInstruction(
        "west_russia", retreat_after_round=1, retreat_to="russia"))]
    # outside a battle section it is an error that says where it belongs
    _, errors, _ = read("retreat to Russia after round 1")
    assert len(errors) == 1 and "battle <territory>:" in errors[0]


def test_write_up_forms():
    """Game write-ups list the path first, then the units; and the placement by place."""
    assert one("Caucasus into Ukraine: 3 infantry, 1 armor") == Move(
        (U("infantry", 3), U("tank")), ("caucasus", "ukraine_ssr"))
    assert one("Sea zone-11 into sz-9: 1 sub") == Move((U("submarine"),), ("sz11", "sz9"))
    assert one("Seazone-4 to sz-6: 1 sub") == Move((U("submarine"),), ("sz4", "sz6"))
    assert one("With 7 IPC, acquires 2 infantry (cost 6, left with 1)") == Purchase(
        units=(U("infantry", 2),))
    assert one("With 12 IPC, Germany purchases: 4 infantry") == Purchase(
        units=(U("infantry", 4),))
    assert one("Mobilize and collect income\nCaucasus: 2 infantry") == Placement(
        (U("infantry", 2),), "caucasus")
    _, errors, _ = read("Caucasus: 2 infantry")
    assert len(errors) == 1 and "placement" in errors[0]
    assert one("6 bombers moved from France to Turkey") == Move(
        (U("bomber", 6),), ("western_europe", "turkey"))


def test_a_remark_after_a_complete_order_is_dropped():
    assert one("Norway into Karelia: 2 infantry, uncontested, captures Karelia") == Move(
        (U("infantry", 2),), ("norway", "karelia_ssr"))
    # but a sentence that merely starts with units is no order
    orders, errors, ignored = read("Tanks may move up to two spaces.")
    assert orders == [] and errors == [] and ignored


# --- conversation ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Hi all", "Good luck everyone!", "Cheers, Bob", "Thanks for the game",
    "I purchased eight infantry and placed them all in Karelia.",
    "Germany repels the Soviet advance.  All attackers lost.",
    "Soviets RETREAT to Russia", "GE left with 2 infantry",
    "Japan then buys four tanks and a fighter.",
    "rolled 3 hits with 6 dice, lucky me",
    "With 1 IPC in hand, collects 8 for a total of 9 IPC.",
    "Example: 3 inf Germany -> Karelia",
    "> 3 inf Germany -> Karelia",
])
def test_conversation_goes_to_ignored_never_an_error(text):
    orders, errors, ignored = read(text)
    assert orders == [] and errors == [] and ignored == [text.strip()]


def test_a_whole_forum_post_with_chatter():
    post = ("Hi all, here is my turn.\n"
            "Germany R1\n"
            "Purchase: 6 inf, 2 arm (30 IPC). Combat move: 3 inf Norway -> Karelia (attack)\n"
            "I think Karelia will fall this time, the dice have been kind lately.\n"
            "- bmr Germany: strategic bombing raid on Russia\n"
            "Noncombat:\n"
            "ftr stays in Norway\n"
            "Place: 6 inf, 2 arm in Germany\n"
            "Good luck!\n")
    orders, errors, ignored = read(post)
    assert errors == []
    assert [s for s, _ in orders] == ["purchases", "combat_moves", "combat_moves", "landings",
                                      "placements"]
    assert ignored == ["Hi all, here is my turn.",
                       "I think Karelia will fall this time, the dice have been kind lately.",
                       "Good luck!"]


def test_an_order_that_fails_stays_an_error_with_column_and_suggestion():
    r = parse("2 inf Germany -> Atlantis")
    assert not r.orders and len(r.errors) == 1
    e = r.errors[0]
    assert (e.line, e.column) == (1, 18) and e.suggestions
    r = parse("Attack West Russia with everything else.")
    assert not r.orders and len(r.errors) == 1 and r.errors[0].column > 1


# --- typos ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, note", [
    ("3 inf Germny -> Karelia", "'Germny' read as Germany"),
    ("2 inf Germany -> Karelai", "'Karelai' read as Karelia S.S.R."),
    ("buy 3 inf 2 artilery", "'artilery' read as Artillery"),
    ("1 arm Ukriane -> West Russia", "'Ukriane' read as Ukraine S.S.R."),
])
def test_a_close_typo_is_read_when_one_name_fits_and_said(text, note):
    r = parse(text)
    assert not r.errors and len(r.orders) == 1
    assert r.orders[0].notes == (note,)


def test_a_typo_that_fits_no_name_or_several_stays_an_error():
    r = parse("2 inf Germany -> Karlea")  # two slips: only a suggestion
    assert not r.orders and r.errors[0].suggestions[0] == "Karelia S.S.R."
    r = parse("3 ftr Germany -> Westt")  # "West..." what?
    assert not r.orders and r.errors


# --- speed and linearity --------------------------------------------------------------------

@pytest.mark.parametrize("shape", [
    "(" * 200 + "3 inf Germany -> Karelia" + ")" * 170,
    "Purchase: 1 inf. " * 23,
    "3 inf Germany -> Karelia, " + "uncontested " * 30,
    "Hi " * 130,
])
def test_new_forms_stay_linear(shape):
    start = time.perf_counter()
    parse("\n".join([shape[:400]] * 50))
    assert time.perf_counter() - start < 5


def test_an_explicit_pass_counts_and_ends_the_turn(tmp_path):
    from adjudicator import service

    folder = service.new_game(tmp_path / "g", "aa1942")
    ack = service.submit_orders(folder, "ussr", "Hi all.\nNo orders this turn (pass)\n")
    assert ack.counted and ack.understood[0]["order"] == "pass"
    service.adjudicate(folder)  # no --force: the pass is the Soviet Union's orders
    state = folder.read_state()
    assert state["turn"]["power"] == "germany" and state["treasury"]["ussr"] == 24 + 24
    r = _parse_turn("passing through Karelia, we hold", ED)
    assert not r.orders  # only a whole line that says so is a pass
