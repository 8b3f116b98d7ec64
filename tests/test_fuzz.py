"""Fuzzing what reads untrusted text: both order parsers, both position readers, the mail
reader and the command line. Each property runs a few hundred examples here; run
``python tools/fuzz.py`` for tens of thousands (issue 17).

The properties: nothing raises but a clean :class:`AdjudicatorError`, errors are located
inside the input, and what is understood reads back to the same orders. Inputs mix random
text with fragments of real orders, mail headers and shapes known to hurt parsers (long
runs of spaces, deep brackets, huge numbers, invalid UTF-8).
"""

from __future__ import annotations

import email
import email.policy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.cli.testing import CliRunner
from adjudicator.errors import AdjudicatorError, ParseResult
from adjudicator.registry import get_game

DIP_WORDS = ["A", "F", "Par", "Bur", "-", "->", "S", "C", "H", "via", "convoy", "Spa/nc",
             "(sc)", "Build", "Remove", "waive", "France:", "&", "+", "and", "Hi all,",
             "Bounced", "(*Fails*)", "StP", "Mid-Atlantic", "9" * 30, "  " * 50, "((((", ")",
             "\u2192", "\u00a0", "#", "//", ";", ",", "\t", "\ufeff", "Sap", "North"]
AA_WORDS = ["Purchase:", "Combat move:", "Noncombat:", "Place:", "Landing:", "salt:",
            "2 inf", "1 arm", "3 ftr", "bmr", "tt sz 5", "sz 6", "load", "unload", "->",
            "Germany", "Karelia", "W Europe", "(attack)", "(SBR)", "+", "battle", "retreat",
            "if", "units", "<=", "2", "9" * 5000, " " * 300, "Germany turn 1", "repair",
            "standing:", "order of loss:", "\n", "bomb", "bombard", "carrier", "\ufffd"]


def _mix(words: list[str]) -> st.SearchStrategy[str]:
    pieces = st.lists(st.one_of(st.sampled_from(words), st.text(max_size=12)), max_size=30)
    return st.one_of(st.text(max_size=300),
                     pieces.map(" ".join),
                     st.lists(pieces.map(" ".join), max_size=8).map("\n".join))


DIP_TEXT = _mix(DIP_WORDS)
AA_TEXT = _mix(AA_WORDS)


def _check_parse(result: ParseResult, text: str) -> None:
    assert isinstance(result, ParseResult)
    lines = text.count("\n") + text.count("\r") + 1
    for e in result.errors:
        assert 0 <= e.line <= lines and e.column >= 0 and e.message


# --- the properties (each takes one drawn input) --------------------------------------------
def diplomacy_parser(text: str) -> None:
    game = get_game("diplomacy")
    result = game.parse(text, None)
    _check_parse(result, text)
    for p in result.orders:  # canonical text reads back to the same order
        again = game.parse(game.order_text(p.order), None)
        assert [q.order for q in again.orders] == [p.order] and not again.errors


def aa_parser(text: str) -> None:
    game = get_game("aa1942")
    result = game.parse(text, None)
    _check_parse(result, text)


def _position(kind: str, text: str) -> None:
    try:
        get_game(kind).state_from_position(text, {})
    except AdjudicatorError:
        pass


def diplomacy_position(text: str) -> None:
    _position("diplomacy", "Spring 1901 Movement\n" + text)


def aa_position(text: str) -> None:
    _position("aa1942", text)


def mail_reader(blob: bytes) -> None:
    from adjudicator.desk.mailparse import parse_mail

    parse_mail(blob)


def cli_check(blob: bytes) -> None:
    from adjudicator.cli import main

    res = CliRunner().invoke(main, ["check", "diplomacy", "-"], input=blob)
    assert res.exit_code in (0, 1) and res.exception is None or \
        isinstance(res.exception, SystemExit), res.output


def _mime(depth: int, body: str) -> bytes:
    """A message whose multipart parts nest ``depth`` deep."""
    msg = email.message.EmailMessage()
    msg["From"] = "x@example.org"
    msg["Subject"] = "[g1 France]"
    msg.set_content(body)
    for level in range(depth):
        outer = email.message.EmailMessage()
        outer["From"] = "x@example.org"
        outer.make_mixed()
        outer.set_boundary(f"level-{level}")  # fixed: email would draw one at random
        outer.attach(msg)
        msg = outer
    return msg.as_bytes(policy=email.policy.SMTP)


MAIL = st.one_of(
    st.binary(max_size=800),
    DIP_TEXT.map(lambda t: ("From: a@b.c\r\nSubject: [g1 France]\r\n\r\n" + t).encode(
        "utf-8", "surrogateescape")),
    st.builds(_mime, st.integers(0, 60), DIP_TEXT),
)
POSITION = st.one_of(DIP_TEXT, st.text(alphabet='{}[]":,0123456789 abceglnprstu\n', max_size=200))

TARGETS = [
    ("diplomacy parser", diplomacy_parser, DIP_TEXT),
    ("axis & allies parser", aa_parser, AA_TEXT),
    ("diplomacy position", diplomacy_position, DIP_TEXT),
    ("axis & allies position", aa_position, POSITION),
    ("mail reader", mail_reader, MAIL),
    ("adj check (bytes)", cli_check, st.binary(max_size=400)),
]


def _test(prop, strategy, examples: int):
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(strategy)
    def run(value):
        prop(value)
    return run


test_diplomacy_parser_is_total = _test(diplomacy_parser, DIP_TEXT, 300)
test_aa_parser_is_total = _test(aa_parser, AA_TEXT, 300)
test_diplomacy_position_reader_is_total = _test(diplomacy_position, DIP_TEXT, 150)
test_aa_position_reader_is_total = _test(aa_position, POSITION, 150)
test_mail_reader_is_total = _test(mail_reader, MAIL, 150)
test_adj_check_takes_any_bytes = _test(cli_check, st.binary(max_size=400), 60)
