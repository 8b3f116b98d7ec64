"""Draw and concession votes by mail (docs/judge-lifecycle.md), end to end."""

from __future__ import annotations

from deskutil import body_of
from lifeutil import command_mail, power_mail

from adjudicator import service
from adjudicator.desk import votes
from adjudicator.desk.audit import game_audit
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game

POSITION = """Fall 1905 Movement
France: A Par, F Bre, A Mar
England: F Lon, F Edi
Turkey: A Con, F Ank
Owners:
France: Par, Bre, Mar
England: Lon, Edi
Turkey: Con, Ank
"""
PLAYERS = {"France": "fra@example.org", "England": "eng@example.org",
           "Turkey": "tur@example.org"}


def three(desk, name: str = "late") -> tuple:
    """A game in 1905 where only France, England and Turkey survive, each with a player."""
    folder = service.new_game(desk.judge.game_path(name), "diplomacy", position=POSITION)
    configure_new_game(folder, ("48h",), None, None, None)
    tokens = {}
    with folder.lock():
        for power, addr in PLAYERS.items():
            tokens[power] = Roster(folder).set_player(power, addr, "add")
    return folder, tokens


def vote(desk, power: str, tokens: dict, text: str, game: str = "late") -> str:
    return power_mail(desk, game, power, tokens[power], text, PLAYERS[power])[1]


def test_a_draw_takes_effect_when_every_surviving_power_votes_for_it(desk, clock) -> None:
    folder, tokens = three(desk)
    reply = vote(desk, "France", tokens, "SET DRAW")
    assert "Your votes: draw England, France, Turkey." in reply
    assert "Votes are secret" in reply
    vote(desk, "England", tokens, "SET DRAW England, France, Turkey")
    assert folder.read_state()["result"] is None  # Turkey has not voted yet
    reply = vote(desk, "Turkey", tokens, "set draw: E F T")
    assert "the game has ended in a draw (England, France, Turkey)" in reply
    state = folder.read_state()
    assert state["result"] == {"type": "draw", "powers": ["England", "France", "Turkey"]}
    record = folder.history()[-1]
    assert (record["kind"], record["by"]) == ("draw", "vote")
    assert service.verify_replay(folder) == []
    assert game_audit(folder.path).has("draw", by="vote")
    [results] = [m for m in desk.outbox() if str(m["Subject"]).startswith("[late] Results")]
    assert "The players have agreed to a draw" in body_of(results)
    clock("2025-04-01T00:00:00Z")
    assert tick_game(folder).actions == []  # over: not ticked
    # the game is over: no more votes
    reply = vote(desk, "France", tokens, "SET NO DRAW")
    assert "late is over" in reply


def test_different_draws_do_not_end_the_game_and_a_new_vote_replaces_the_old(desk) -> None:
    folder, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW France, England")
    vote(desk, "England", tokens, "SET DRAW France, England")
    vote(desk, "Turkey", tokens, "SET DRAW")
    assert folder.read_state()["result"] is None
    reply = vote(desk, "France", tokens, "SET DRAW")  # France changes its vote...
    assert "Your votes: draw England, France, Turkey." in reply
    assert folder.read_state()["result"] is None  # ... England still wants the other
    vote(desk, "England", tokens, "SET DRAW")
    assert folder.read_state()["result"]["powers"] == ["England", "France", "Turkey"]


def test_set_no_draw_withdraws_the_vote(desk) -> None:
    folder, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW")
    reply = vote(desk, "France", tokens, "SET NO DRAW")
    assert "Your votes: no draw." in reply
    vote(desk, "England", tokens, "SET DRAW")
    vote(desk, "Turkey", tokens, "SET DRAW")
    assert folder.read_state()["result"] is None
    assert "France" not in votes.load(folder)["draw"]


def test_a_vote_without_the_password_is_refused(desk) -> None:
    folder, _ = three(desk)
    _, reply = command_mail(desk, "GAME late\nPOWER France\nSET DRAW", "fra@example.org")
    assert "SET DRAW: not done: SET DRAW acts for a power" in reply
    _, reply = command_mail(desk, "GAME late\nPOWER France\nPASSWORD wrong-one\nSET DRAW",
                            "mallory@example.org")
    assert "SET DRAW: not done" in reply
    assert votes.load(folder)["draw"] == {}


def test_a_vote_for_a_power_not_in_the_game_is_refused(desk) -> None:
    folder, tokens = three(desk)
    reply = vote(desk, "France", tokens, "SET DRAW France, Spain")
    assert "unknown power 'Spain'" in reply
    assert votes.load(folder)["draw"] == {}


def test_an_eliminated_power_cannot_be_in_the_draw_nor_vote(desk) -> None:
    folder, tokens = three(desk)
    reply = vote(desk, "France", tokens, "SET DRAW France, Italy")
    assert "Italy no longer in the game; the surviving powers are England, France, Turkey" \
        in reply
    with folder.lock():
        italy = Roster(folder).set_player("Italy", "ita@example.org", "add")
    _, reply = power_mail(desk, "late", "Italy", italy, "SET DRAW", "ita@example.org")
    assert "Italy has been eliminated and no longer votes" in reply
    # and the three survivors are enough
    for power in ("France", "England", "Turkey"):
        vote(desk, power, tokens, "SET DRAW")
    assert folder.read_state()["result"]["type"] == "draw"


def test_a_power_whose_player_resigned_no_longer_counts(desk) -> None:
    folder, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW France, England")
    vote(desk, "England", tokens, "SET DRAW France, England")
    with folder.lock():
        Roster(folder).resign("Turkey")
    assert votes.agreed_draw(folder, service.game_of(folder), folder.read_state()) == [
        "England", "France"]
    # a new player's vote is theirs to cast: the old player's does not carry over
    with folder.lock():
        t2 = Roster(folder).set_player("Turkey", "new@example.org", "takeover")
    assert votes.agreed_draw(folder, service.game_of(folder), folder.read_state()) is None
    power_mail(desk, "late", "Turkey", t2, "SET DRAW France, England", "new@example.org")
    assert folder.read_state()["result"] == {"type": "draw", "powers": ["England", "France"]}


def test_public_votes_are_listed_in_the_reply(desk) -> None:
    folder, tokens = three(desk)
    with folder.lock():
        votes.configure(folder, "public")
    vote(desk, "France", tokens, "SET DRAW")
    reply = vote(desk, "England", tokens, "SET CONCEDE France")
    assert "Votes (this game's votes are public):" in reply
    assert "France: draw England/France/Turkey" in reply
    assert "England: no draw, concedes to France" in reply


def test_secret_votes_are_not_shown_to_others(desk) -> None:
    _, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW France, Turkey")
    reply = vote(desk, "England", tokens, "SET DRAW")
    assert "draw France, Turkey" not in reply and "Your votes: draw England, France, Turkey." in reply


def test_a_concession_ends_the_game_with_the_winner(desk) -> None:
    folder, tokens = three(desk)
    reply = vote(desk, "France", tokens, "SET CONCEDE France")
    assert "you cannot concede to yourself" in reply
    vote(desk, "England", tokens, "SET CONCEDE Turkey")
    vote(desk, "Turkey", tokens, "SET CONCEDE England")  # refused: England is not Turkey
    vote(desk, "France", tokens, "SET CONCEDE Turkey")
    assert folder.read_state()["result"] is None  # Turkey's own vote is for England
    reply = vote(desk, "Turkey", tokens, "SET NO CONCEDE")
    assert "Every other surviving power agreed: Turkey wins the game." in reply
    assert folder.read_state()["result"] == {"type": "concession", "winner": "Turkey"}
    record = folder.history()[-1]
    assert record["kind"] == "concession" and record["winner"] == "Turkey"
    assert service.verify_replay(folder) == []
    outcome = service.game_of(folder).outcome(folder.read_state())
    assert outcome.powers == ("Turkey",)
    [results] = [m for m in desk.outbox() if str(m["Subject"]).startswith("[late] Results")]
    assert "conceded the game to Turkey" in body_of(results)


def test_a_player_holding_several_powers_votes_for_all_of_them(desk) -> None:
    folder = service.new_game(desk.judge.game_path("duo"), "diplomacy", {"players": "2"})
    configure_new_game(folder, ("48h",), None, None, None)
    game = service.game_of(folder)
    sides = game.sides(folder.read_state())
    tokens = {}
    with folder.lock():
        for side, addr in zip(sides, ("ann@example.org", "bob@example.org")):
            for power in side:
                tokens[power] = (addr, Roster(folder).set_player(power, addr, "add"))
    first = sides[0][0]
    power_mail(desk, "duo", first, tokens[first][1], "SET DRAW", tokens[first][0])
    assert sorted(votes.load(folder)["draw"]) == sorted(sides[0])
    other = sides[1][-1]
    power_mail(desk, "duo", other, tokens[other][1], "SET DRAW", tokens[other][0])
    assert folder.read_state()["result"]["type"] == "draw"


def test_fsck_finds_a_vote_for_a_power_not_in_the_game(desk) -> None:
    from adjudicator.desk.fsck import check_game
    from adjudicator.store import atomic_write, canonical_json

    folder, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW")
    assert votes.fsck_problems(folder) == []
    data = votes.load(folder)
    data["draw"]["France"]["powers"] = ["France", "Spain"]
    atomic_write(votes.path(folder), canonical_json(data))
    assert any("names a power that is not in the game" in p
               for p in check_game(folder)["audit"])


def test_status_lists_public_votes_and_never_secret_ones(desk) -> None:
    folder, tokens = three(desk)
    vote(desk, "France", tokens, "SET DRAW France, England")
    _, reply = command_mail(desk, "GAME late\nSTATUS", "new@example.org")
    assert "Draw votes" not in reply and "France, England" not in reply
    with folder.lock():
        votes.configure(folder, "public")
    _, reply = command_mail(desk, "GAME late\nSTATUS", "new2@example.org")
    assert "Draw votes: France for England, France" in reply
