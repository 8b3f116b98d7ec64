"""Hypothesis: arbitrary bytes to intake and arbitrary text to the Diplomacy parser."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.desk.intake import Intake
from adjudicator.errors import AdjudicatorError, ParseResult
from adjudicator.registry import get_game

WORDS = st.sampled_from(["GAME g1", "POWER France", "PASSWORD x", "STATUS", "PAUSE", "A Par - Bur",
                         "> quoted", "-- ", "Subject: [g1 France]", "MODERATOR x", "PROCESS",
                         "[quote]", "\r\n", "=?utf-8?b?w6k=?=", "Content-Type: text/html",
                         "charset=koi8-r", "<p>", "\x00", "END"])
TEXT = st.one_of(st.text(max_size=400), st.lists(WORDS, max_size=20).map("\n".join))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.one_of(st.binary(max_size=600), TEXT.map(lambda t: t.encode("utf-8", "replace")),
                      TEXT.map(lambda t: ("From: x@y.z\r\nSubject: [g1 France]\r\n\r\n" + t)
                               .encode("utf-8", "replace"))))
def test_intake_survives_anything_and_changes_no_state(desk, blob):
    folder = desk.folder()
    before = folder.state_text()
    out = Intake(desk.judge).ingest(blob, "fuzz")
    # ("command": a text that happens to hold a look-up such as HELP or LIST is answered)
    assert out.status in {"unmatched", "denied", "status", "rejected", "duplicate", "command"}
    assert folder.state_text() == before
    assert folder.latest_submissions("S1901M") == {}


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_diplomacy_parser_is_total(text):
    game = get_game("diplomacy")
    state = game.new_state({})
    before = repr(state)
    try:
        result = game.parse(text, state)
    except AdjudicatorError:
        return  # the documented error type
    assert isinstance(result, ParseResult)
    for p in result.orders:
        game.validate(state, "France", [p.order])
    assert repr(state) == before
