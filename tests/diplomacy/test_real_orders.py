"""Diplomacy orders as real players write them (issue 12, part 2).

The corpus (``corpus/``, see its README) holds several hundred real lines from forum games,
game blogs, judge documentation, results mails, published game reports and the DATC, each
with its source and its meaning. The parser must understand at least 95% of its order lines
completely and correctly, and never take an order from a line of conversation. Each form real
players use then has its own test below, and the game-agnostic machinery of
``adjudicator/parsing.py`` (which the Axis & Allies parser is to reuse) is tested on its own.
"""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest

from adjudicator.diplomacy.orders import (
    Hold,
    Move,
    SupportHold,
    SupportMove,
    UnitType,
)
from adjudicator.diplomacy.parser import parse_order, parse_orders
from adjudicator.errors import ParseResult
from adjudicator.parsing import Conversation, NoteKind, is_result_note, strip_notes
from adjudicator.suggest import TypoIndex

A, F = UnitType.ARMY, UnitType.FLEET
CORPUS = Path(__file__).parent / "corpus"
POSTS = CORPUS / "posts"


def _measure():
    """corpus/measure.py, loaded by path: it is a script too, and "corpus" is no package name
    to put on sys.path (tests/desk has a corpus of its own)."""
    spec = importlib.util.spec_from_file_location("diplomacy_corpus_measure",
                                                  CORPUS / "measure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_m = _measure()
figures, load_lines, run = _m.figures, _m.load_lines, _m.run


def texts(result: ParseResult) -> list[str]:
    return [p.order.text() for p in result.orders]


def read(text: str) -> tuple[list[str], list[str], list[str]]:
    """(orders as canonical text, errors, ignored texts) of ``text``."""
    r = parse_orders(text)
    return texts(r), [e.describe() for e in r.errors], [i.text for i in r.ignored]


# --- the corpus ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def outcomes():
    return run(load_lines(), parse_orders)


def test_the_corpus_is_several_hundred_real_lines_each_with_its_source():
    lines = load_lines()
    assert len([ln for ln in lines if not ln.is_prose]) >= 400
    assert len({ln.source for ln in lines}) >= 15
    assert all(ln.source and ln.kind for ln in lines)
    # not one kind of source: at least 250 order lines come from outside the DATC
    assert len([ln for ln in lines if not ln.is_prose and ln.kind != "datc"]) >= 250


def test_at_least_95_percent_of_real_order_lines_are_understood_completely(outcomes):
    f = figures(outcomes)["all"]
    missed = [(o.line.file, o.line.lineno, o.line.text, o.orders, o.errors)
              for o in f.misses if not o.line.is_prose]
    assert f.share >= 0.95, missed
    # and it holds away from the DATC's clean wording too
    others = figures(o for o in outcomes if o.line.kind != "datc")["all"]
    assert others.share >= 0.95


def test_no_prose_line_is_ever_taken_as_an_order(outcomes):
    taken = [(o.line.file, o.line.lineno, o.line.text, o.orders)
             for o in outcomes if o.taken_as_order]
    assert taken == []


def test_conversation_in_the_corpus_is_put_aside_not_reported(outcomes):
    f = figures(outcomes)["all"]
    assert f.prose_ignored / f.prose_lines >= 0.9


def _expected_post(path: Path) -> tuple[list[tuple[int, str]], set[int], set[int]]:
    orders, ignored, errors = [], set(), set()
    for row in path.read_text(encoding="utf-8").splitlines():
        lineno, what = row.split("\t")
        if what == "ignored":
            ignored.add(int(lineno))
        elif what == "error":
            errors.add(int(lineno))
        else:
            orders.append((int(lineno), what))
    return orders, ignored, errors


@pytest.mark.parametrize("post", sorted(POSTS.glob("*.txt")), ids=lambda p: p.stem)
def test_whole_posts_read_line_by_line(post):
    orders, ignored, errors = _expected_post(post.with_suffix(".expected"))
    r = parse_orders(post.read_text(encoding="utf-8"))
    got = [(p.line, f"{p.power}: {p.order.text()}" if p.power else p.order.text())
           for p in r.orders]
    assert got == orders
    assert {i.line for i in r.ignored} == ignored
    assert {e.line for e in r.errors} == errors


# --- several units, one order -------------------------------------------------------------------

def test_several_units_sharing_one_order():
    assert texts(parse_orders("A Par & A Pic S A Gas - Bre")) == [
        "A par S A gas - bre", "A pic S A gas - bre"]
    assert texts(parse_orders("Ser and Bud S Bul - Rum")) == ["ser S bul - rum",
                                                              "bud S bul - rum"]
    assert texts(parse_orders("A Mun + A Tyr S A Boh")) == ["A mun S A boh", "A tyr S A boh"]
    assert texts(parse_orders("F Nth & F Eng C A Lon - Bel")) == [
        "F nth C A lon - bel", "F eng C A lon - bel"]
    assert texts(parse_orders("A Par and A Mar hold")) == ["A par H", "A mar H"]
    assert texts(parse_orders("Build A Par & F Bre")) == ["Build A par", "Build F bre"]
    assert texts(parse_orders("Build A Par, F Bre")) == ["Build A par", "Build F bre"]
    assert texts(parse_orders("Remove A Mun and F Kie")) == ["Remove A mun", "Remove F kie"]
    # each order keeps the line and the text it came from
    r = parse_orders("x\nA Par & A Pic S A Gas - Bre")
    assert [(p.line, p.text) for p in r.orders] == [(2, "A Par & A Pic S A Gas - Bre")] * 2


# --- arrows and VIA -----------------------------------------------------------------------------

@pytest.mark.parametrize("arrow", ["-", "->", "=>", "⇒", "→", "—>", "–", "—", "-->", ">", "to"])
def test_more_arrows(arrow):
    assert parse_order(f"A Par {arrow} Bur") == Move(A, "par", dest="bur")


def test_a_bare_via_at_the_end_of_a_convoyed_move_is_kept():
    assert parse_order("A YOR - BEL VIA") == Move(A, "yor", dest="bel", via_convoy=True)
    assert parse_order("A Lon ⇒ Nwy via") == Move(A, "lon", dest="nwy", via_convoy=True)


def test_a_judge_convoy_route_is_a_convoyed_move():
    assert parse_order("A Lon-Nth-Nwy") == Move(A, "lon", dest="nwy", via_convoy=True)
    assert parse_order("A Tun-Ion-Eas-Smy") == Move(A, "tun", dest="smy", via_convoy=True)
    assert parse_order("A Yorkshire - North Sea - Belgium") == Move(A, "yor", dest="bel",
                                                                    via_convoy=True)


# --- holds, supports of holds, moves without a dash --------------------------------------------

@pytest.mark.parametrize("text", ["A Bur S A Par holding", "A Bur supports A Par holding",
                                  "A Bur S A Par H", "A Bur S A Par"])
def test_support_of_a_hold_written_holding(text):
    assert parse_order(text) == SupportHold(A, "bur", target_type=A, target="par")


@pytest.mark.parametrize("text", ["Army Warsaw Stands", "A War stands", "A War Stand",
                                  "A WAR-hold", "A War - H", "A War holding"])
def test_holds_written_stands(text):
    assert parse_order(text) == Hold(A, "war")


def test_moves_without_a_dash():
    assert parse_order("F Bal Kie") == Move(F, "bal", dest="kie")
    assert parse_order("Paris Burgundy") == Move(None, "par", dest="bur")
    assert parse_order("F Spa SC Por") == Move(F, "spa/sc", dest="por")
    assert parse_order("A Mun S A Ber Kie") == SupportMove(A, "mun", target_type=A,
                                                           target="ber", dest="kie")


# --- what players copy from results mails ------------------------------------------------------

@pytest.mark.parametrize("text, order", [
    ("A Budapest – Vienna (NOTE: I entered the first version, and fixed it)", "A bud - vie"),
    ("A Serbia Supports F Albania (*Ordered to Move*)", "A ser S F alb"),
    ("A Constantinople – Greece (*Fails* NOT CONNECTED, KLAUS, I TOLD YOU)", "A con - gre"),
    ("Army Ruhr Stands (Retreats to Holland)", "A ruh H"),
    ("Vienna -> Galicia (bounce)", "vie - gal"),
    ("F Eng-Pic *bounce*", "F eng - pic"),
    ("A Mar-Bur *bounce, cut support*", "A mar - bur"),
    ("A spa - mar Bounced with mar (2 against 2).", "A spa - mar"),
    ("A ser - tri Bounced with tri (1 against 1). Dislodged from tri (2 against 1).",
     "A ser - tri"),
    ("A hol - bel Dislodged from lon (2 against 1).", "A hol - bel"),
    ("F tys Supports A nap - rom Support cut by Move from Tunis.", "F tys S A nap - rom"),
    ("A lon - kie Failed because England: A kie - ber failed.", "A lon - kie"),
    ("A lon -hol  Convoy path taken: lon-nth-hol.", "A lon - hol"),
    ("F bre-PIC [6 units].", "F bre - pic"),
])
def test_trailing_annotations_from_results_mails(text, order):
    orders, errors, _ = read(text)
    assert (orders, errors) == ([order], [])


def test_an_annotation_standing_alone_is_put_aside():
    orders, errors, ignored = read("A kie - ber; Bounced with pru (2 against 1).")
    assert (orders, errors) == (["A kie - ber"], [])
    assert ignored == ["Bounced with pru (2 against 1)."]
    orders, errors, ignored = read("F English Channel, no move received")  # no order given
    assert (orders, errors, ignored) == ([], [], ["F English Channel", "no move received"])


@pytest.mark.parametrize("text, power", [
    ("Russia: F sev -> bla", "Russia"), ("RUSSIA : F sev -> bla", "Russia"),
    ("Rus: F sev -> bla", "Russia"), ("Russian: F sev -> bla", "Russia"),
])
def test_a_leading_power_name(text, power):
    r = parse_orders(text)
    assert [(p.power, p.order.text()) for p in r.orders] == [(power, "F sev - bla")]


@pytest.mark.parametrize("text", ["Current orders: F Sev -> Bla", "Orders for Spring 1901: F Sev-Bla",
                                  "Moves: F Sev - Bla", "My orders: F sev => bla"])
def test_a_leading_label(text):
    assert read(text) == (["F sev - bla"], [], [])


def test_a_label_alone_is_a_heading_and_an_example_is_no_order():
    assert read("Order Results:") == ([], [], ["Order Results:"])
    assert read("Spring 1901:") == ([], [], ["Spring 1901:"])
    text = "Hold example: F London HOLD (or) F Lon HOLD"
    assert read(text) == ([], [], [text])


def test_old_zine_and_judge_notations():
    assert texts(parse_orders("A(Mun) stands")) == ["A mun H"]
    assert texts(parse_orders("A(Mar)—Pie")) == ["A mar - pie"]
    assert texts(parse_orders("F Con S (F Rum->bulg(ec))")) == ["F con S F rum - bul/ec"]
    assert texts(parse_orders("F St. Pete (s.c.) - Gulf of Bothnia")) == ["F stp/sc - bot"]
    assert texts(parse_orders("A Sil S RUSSIAN A War-Pru")) == ["A sil S A war - pru"]
    assert texts(parse_orders("Russia: A Rum S Turkish F Con-Bul(sc)")) == ["A rum S F con - bul/sc"]
    assert texts(parse_orders("<F <NTH> S *German* A hol-bel>")) == ["F nth S A hol - bel"]
    assert texts(parse_orders("----- AUSTRIA -----\nF Trieste - Albania")) == ["F tri - alb"]
    assert parse_orders("----- AUSTRIA -----\nF Trieste - Albania").orders[0].power == "Austria"


def test_two_orders_run_together_are_read_as_two():
    assert texts(parse_orders("F hol Holds;  A par Supports A bur;  A pic Holds  A spa Holds")) \
        == ["F hol H", "A par S A bur", "A pic H", "A spa H"]
    r = parse_orders("England: Builds A edi   England: Builds F lon")
    assert [(p.power, p.order.text()) for p in r.orders] == [("England", "Build A edi"),
                                                              ("England", "Build F lon")]


def test_a_player_heading_names_the_power_below_it():
    r = parse_orders("Walrein - England\nA Lon-Nwy\nF Nth C A Lon-Nwy")
    assert [(p.power, p.order.text()) for p in r.orders] == [
        ("England", "A lon - nwy"), ("England", "F nth C A lon - nwy")]
    assert r.errors == [] and r.ignored == []


# --- names players use, typos --------------------------------------------------------------------

@pytest.mark.parametrize("text, order", [
    ("F Nwg - North", Move(F, "nwg", dest="nth")),
    ("Fleet Eastern Med Supports Fleet Aegean Sea", SupportHold(F, "eas", target_type=F,
                                                                  target="aeg")),
    ("F East Med - Ion", Move(F, "eas", dest="ion")),
    ("A Paris S A Marseille-Burgundy", SupportMove(A, "par", target_type=A, target="mar",
                                                   dest="bur")),
    ("Army Sevastopol Moves to Rumania", Move(A, "sev", dest="rum")),
    ("A Sebastopol - Ukraine", Move(A, "sev", dest="ukr")),
    ("A Lpl-Bel", Move(A, "lvp", dest="bel")),
    ("A Tri-Trl", Move(A, "tri", dest="tyr")),
])
def test_aliases_players_use(text, order):
    result = parse_orders(text)
    assert [p.order for p in result.orders] == [order] and not result.errors
    assert result.orders[0].notes == ()  # known spellings, nothing to say


@pytest.mark.parametrize("text, order, note", [
    ("F Wes - Sap", Move(F, "wes", dest="spa"), "'Sap' read as Spain"),
    ("A Ank - Armnia", Move(A, "ank", dest="arm"), "'Armnia' read as Armenia"),
    ("A Ank - Armenai", Move(A, "ank", dest="arm"), "'Armenai' read as Armenia"),
    ("A Smy - Armenian", Move(A, "smy", dest="arm"), "'Armenian' read as Armenia"),
    ("A Rhur - Belgium", Move(A, "ruh", dest="bel"), "'Rhur' read as Ruhr"),
    ("A rom - api", Move(A, "rom", dest="apu"), "'api' read as Apulia"),
    ("F Nrth Atlantic - Mao", Move(F, "nao", dest="mao"), "'Nrth Atlantic' read as North Atlantic Ocean"),
])
def test_close_typos_are_read_when_one_province_fits_and_said(text, order, note):
    result = parse_orders(text)
    assert [p.order for p in result.orders] == [order] and not result.errors
    assert result.orders[0].notes == (note,)


@pytest.mark.parametrize("text, word", [
    ("A den - lie", "lie"),  # Kiel or Piedmont: one slip from both
    ("A Par - Burgundi", "Burgundi"),  # two slips away: only "did you mean"
    ("A Bud - Xyz", "Xyz"),
])
def test_a_typo_that_fits_no_single_province_stays_an_error(text, word):
    result = parse_orders(text)
    assert result.orders == []
    (err,) = result.errors
    assert word in err.message and err.column == text.index(word) + 1


def test_a_power_is_never_read_as_a_mistyped_province():
    # "Russia" is one letter from Prussia; it heads orders, it is not a place
    r = parse_orders("Russia: Removes F bal  Russia: Removes A gal")
    assert [(p.power, p.order.text()) for p in r.orders] == [("Russia", "Remove F bal"),
                                                              ("Russia", "Remove A gal")]


# --- conversation ---------------------------------------------------------------------------------

MAIL = """Hi all,

here are my orders for this turn:
A Par - Bur
A Mar S A Par - Bur
I was thinking A Ber - Sil but the Kaiser would not like it.
F Bre - Mid-Atlantic
Thanks, and good luck!
Cheers
Pierre
"""


def test_greetings_sign_offs_and_sentences_are_conversation_not_errors():
    r = parse_orders(MAIL)
    assert [(p.line, p.order.text()) for p in r.orders] == [
        (4, "A par - bur"), (5, "A mar S A par - bur"), (7, "F bre - mao")]
    assert r.errors == []
    assert sorted({i.line for i in r.ignored}) == [1, 3, 6, 8, 9, 10]


@pytest.mark.parametrize("text", [
    "I was thinking A Ber - Sil",
    "In other words the choices are disband A VEN or A VEN-PIE, disband A PIE.",
    "The Army in Serbia cannot retreat; unit destroyed.",
    "Russia has to remove one.",
    "Italy owns Naples.",
    "Please find my orders below",
    "signoff",
    "It is now Winter 1909. You have 24 hours.",
    "> A Par - Bur",  # a quoted reply: someone else's orders
    "France Occupies Iberia!",
    "Then it gets interesting: Italy+1, Russia+2.",
])
def test_lines_mentioning_orders_inside_a_sentence_are_not_orders(text):
    orders, errors, ignored = read(text)
    assert (orders, errors) == ([], [])
    assert ignored


@pytest.mark.parametrize("text, column, suggestion", [
    ("A Par - Burgundi", 9, "Burgundy"),
    ("F Lon - Englsh Chanel", 9, "English Channel"),
    ("A Par - Bur - ", 14, None),
    ("Zorglub A Par - Bur", 1, None),
])
def test_a_line_that_looks_like_an_order_but_fails_stays_an_error(text, column, suggestion):
    r = parse_orders("Hello\n" + text + "\nBye")
    assert r.orders == [] and [i.line for i in r.ignored] == [1, 3]
    (err,) = r.errors
    assert (err.line, err.column) == (2, column)
    if suggestion:
        assert suggestion in err.suggestions


def test_conversation_costs_nothing_like_an_error_path():
    # Prose is recognised by its words, never by scoring it against every province.
    paragraph = ("Rob has decided to bow out of the game and in order to keep it more interesting "
                 "I offered Pat the option to change countries since France had one piece.\n")
    text = paragraph * 40 + "A Par - Bur\n" * 34
    parse_orders(text)
    start = time.perf_counter()
    result = parse_orders(text)
    assert len(result.orders) == 34 and len(result.ignored) == 40
    assert time.perf_counter() - start < 0.1


# --- the game-agnostic machinery (parsing.py, suggest.py) ----------------------------------------

def test_conversation_knows_no_game_only_a_vocabulary():
    vocab = {"buy", "inf", "arm", "karelia", "germany", "to"}.__contains__
    conv = Conversation(vocab)
    assert conv.greeting("Hi everyone") and not conv.greeting("buy 3 inf")
    assert conv.opens_like_sentence("I think we should buy 3 inf")
    assert not conv.opens_like_sentence("buy 3 inf")
    assert conv.mostly_words("Germany will surely regret this")
    assert not conv.mostly_words("3 inf Germany to Karelia")
    assert not conv.mostly_words("3 inf Germani to Karelia")  # one stray word is a typo
    assert conv.label("Current orders: buy 3 inf") is not None
    assert conv.label("buy: 3 inf") is None


def test_remarks_are_cut_by_the_games_idea_of_order_material():
    def kind(content: str) -> NoteKind:
        return NoteKind.KEEP if content == "sc" else NoteKind.DROP
    line = "F Spa(sc) - Mao (bounce) [2 units] *cut*"
    out = strip_notes(line, kind)
    assert len(out) == len(line)  # columns kept
    assert out.split() == ["F", "Spa(sc)", "-", "Mao"]
    assert is_result_note("Bounced with mar (2 against 2).")
    assert is_result_note("Dislodged from tri") and not is_result_note("A Par - Bur")


def test_typo_index_reads_one_slip_and_only_when_one_name_fits():
    idx = TypoIndex()
    for spelling, ident in [("kie", "kie"), ("pie", "pie"), ("spa", "spa"), ("nap", "nap"),
                            ("armenia", "arm")]:
        idx.add(spelling, ident)
    assert idx.lookup("sap") == {"spa"}  # swapped letters come before a changed letter (nap)
    assert idx.lookup("lie") == {"kie", "pie"}  # two fit: the caller reads neither
    assert idx.lookup("armnia") == {"arm"} and idx.lookup("armenian") == {"arm"}
    assert idx.lookup("kie") == set()  # exact: not a typo
    assert idx.lookup("xq") == set()  # too short to guess


# --- the acknowledgement's line numbers: rule errors on the line the player wrote ---------------

def _opening_check(power: str, text: str):
    from adjudicator.diplomacy.engine import initial_state
    from adjudicator.diplomacy.map import load_map
    from adjudicator.registry import get_game
    from adjudicator.service import check_orders

    game = get_game("diplomacy")
    return check_orders(game, initial_state(load_map(), game.common_fields()), power, text)[1]


def test_a_rule_error_on_a_rewritten_order_quotes_the_players_line():
    # "Paris - Ruhr" has no unit type: validation fills in "A" before rejecting the move
    ack = _opening_check("France", "Hello\nParis - Picardy\nParis - Ruhr\n")
    (err,) = [e for e in ack.errors if "Ruhr" in e.message or "ruh" in e.message]
    assert (err.line, err.text) == (3, "Paris - Ruhr")
    assert err.rule == "unreachable" and "line 3:" in err.describe()


def test_every_rule_error_has_the_line_and_text_the_player_wrote():
    text = ("hi all\n"
            "Army Paris moves to Ruhr\n"  # rewritten (unit type, wording): unreachable
            "A Par - Ruh\n"  # the same order again, on its own line
            "F Bre - Mao ; A Mun - Ruh\n"  # two orders on one line; Munich is German
            "Build A Par\n"  # wrong phase
            "A Mar - Pie\n"  # legal
            "a mar-bur\n")  # Marseilles ordered twice: the earlier order is reported
    ack = _opening_check("France", text)
    got = [(e.line, e.text, e.rule) for e in ack.errors]
    assert got == [
        (2, "Army Paris moves to Ruhr", "unreachable"),
        (3, "A Par - Ruh", "unreachable"),
        (4, "A Mun - Ruh", "not-your-unit"),  # the order's own part of the line
        (5, "Build A Par", "wrong-phase"),
        (6, "A Mar - Pie", "duplicate-order"),
    ]
    assert all(e.line > 0 for e in ack.errors)


def test_rule_errors_in_adjustments_keep_their_lines():
    from board_builder import state

    from adjudicator.registry import get_game
    from adjudicator.service import check_orders

    winter = state("W1901A", units="France A par", centres={"par": "France", "bre": "France"},
                   adjustments={"France": 1})
    _, ack = check_orders(get_game("diplomacy"), winter, "France",
                          "Builds:\nbuild army paris\nA Par - Bur\nBuild F Brest\nwaive\n")
    assert [(e.line, e.text, e.rule) for e in ack.errors] == [
        (2, "build army paris", "build-occupied"),
        (3, "A Par - Bur", "wrong-phase"),
        (5, "waive", "too-many-builds"),
    ]


def test_a_retreat_written_as_a_move_is_reported_on_the_players_line():
    from board_builder import A as ARMY
    from board_builder import M, state

    from adjudicator.diplomacy import engine
    from adjudicator.registry import get_game
    from adjudicator.service import check_orders

    s = state(units="France A par; France A gas; Germany A bur; Germany A mun; Italy A pie;"
                    " Italy A tyr; England A bel", centres={})
    retreat_phase, _, _ = engine.adjudicate(s, {
        "France": [Move(ARMY, "par", dest="bur"), SupportMove(ARMY, "gas", target="par",
                                                               dest="bur")],
        "Italy": [Move(ARMY, "pie", dest="mar"), Move(ARMY, "tyr", dest="mun")],
        "Germany": [Move(ARMY, "mun", dest="ruh")], "England": [Move(ARMY, "bel", dest="ruh")],
    }, M)
    assert retreat_phase["phase"].endswith("R")
    _, ack = check_orders(get_game("diplomacy"), retreat_phase, "Germany",
                          "Retreats:\nA Bur - Par\n")  # Paris is the attacker's origin
    (err,) = ack.errors
    assert (err.line, err.text) == (2, "A Bur - Par")
