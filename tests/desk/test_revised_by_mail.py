"""A&A Revised through the mail desk (issue 10): players mail turns with research and
National Advantage orders and standing orders, the judge adjudicates when the power to move
has sent its turn, and every player gets the results; the game replays byte for byte."""

from __future__ import annotations

import email
import email.policy
import json

import pytest
from deskutil import body_of, order_mail

from adjudicator import service
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.fsck import check_game, problems_of
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game

PLAYERS = {"ussr": "ivan", "germany": "fritz", "uk": "tom", "japan": "hiro", "usa": "sam"}
OPTIONS = {"na_ussr": "russian_winter,salvaged_tank", "na_germany": "uboat_interdiction",
           "na_usa": "chinese_divisions", "passes": "one"}

TURNS = {
    "ussr": "Research: super subs, 2 dice (10 IPC)\n"
            "Purchase: 4 inf (12 IPC)\n"
            "Place: 4 inf Russia\n"
            "Russian Winter\n"
            "standing: Salvaged Tank: no\n",
    "germany": "research jets x1\n"
               "buy 5 inf (15 IPC)\n"
               "place 5 inf Germany\n",
    "uk": "Purchase: 2 inf (6 IPC)\nPlace: 2 inf United Kingdom\n",
    "japan": "Purchase: 3 inf (9 IPC)\nPlace: 3 inf Japan\n",
    "usa": "R&D: heavy bombers, 1 die (5 IPC)\n"
           "Purchase: 2 inf (6 IPC)\n"
           "Place: 2 inf Eastern United States\n"
           "Chinese Divisions: Sinkiang\n",
}


def reply_text(desk, out) -> str:
    """The body of the reply to an ingested message."""
    raw = (desk.judge.outbox / out.reply).read_bytes()
    return body_of(email.message_from_bytes(raw, policy=email.policy.default))


@pytest.fixture
def war(desk):
    folder = service.new_game(desk.judge.game_path("rev"), "aa-revised", OPTIONS)
    configure_new_game(folder, ("48h",), None, None, None)
    tokens = {}
    with folder.lock():
        roster = Roster(folder)
        for power, who in PLAYERS.items():
            tokens[power] = roster.set_player(power, f"{who}@example.org", "add")
    return folder, tokens


def test_a_revised_round_by_mail_with_research_and_advantages(desk, war):
    folder, tokens = war
    for power in ("ussr", "germany", "uk", "japan", "usa"):
        state = folder.read_state()
        assert state["turn"]["power"] == power
        out = desk.ingest(order_mail("rev", power, tokens[power], TURNS[power],
                                     sender=f"{PLAYERS[power]}@example.org"))
        assert out.status.startswith("accepted"), reply_text(desk, out)
        ack = reply_text(desk, out)
        assert "ERROR" not in ack and tokens[power] not in ack
        tick_game(folder)  # the one power to move has sent its turn: adjudicated early
    state = folder.read_state()
    assert state["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}
    # research rolled from the game's dice, advantages acted, standing order kept
    history = folder.history()
    events = [h.get("events", {}) for h in history]
    assert sum(1 for e in events if e.get("research")) == 3
    assert state["standing"]["ussr"]["advantages"]["salvaged_tank"] == "no"
    assert "russian_winter" in state.get("advantages_used", {}).get("ussr", [])
    income = {h["phase"]: h.get("events", {}).get("income") for h in history}
    assert any("U-boat Interdiction" in json.dumps(i) for i in income.values() if i)
    # every player got the results of the Soviet turn, naming the research and the winter
    results = [m for m in desk.outbox() if "r1-ussr-purchase" in str(m["Subject"])
               and "Results" in str(m["Subject"])]
    assert results
    text = body_of(results[0])
    assert "DEVELOP WEAPONS" in text and "Russian Winter" in text
    assert all(t not in text for t in tokens.values())
    # the game replays byte for byte
    assert problems_of(check_game(folder)) == []
