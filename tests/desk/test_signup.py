"""Sign-up by mail (docs/judge-lifecycle.md): JOIN, preferences, OBSERVE, LEAVE, the start
with welcome mails, and the whole life of a game nobody set up by hand."""

from __future__ import annotations

import json

from deskutil import body_of, make_mail, order_mail
from lifeutil import command_mail, fill, open_game, passwords, power_mail

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.desk import deadlines, signup, timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game

SEVEN = {"ann@example.org": "France, England", "bob@example.org": "Germany",
         "cid@example.org": "France, Italy", "dee@example.org": "",
         "eve@example.org": "Turkey, Russia", "fay@example.org": "Austria",
         "gus@example.org": "England, Germany"}


def test_a_game_opened_for_signup_does_not_run(desk, clock) -> None:
    folder = open_game(desk, "open1")
    sched = deadlines.load_schedule(folder)
    assert sched["paused"] is True
    clock("2025-03-20T00:00:00Z")  # long past the 48h the game would have had
    report = tick_game(folder)
    assert report.actions == ["paused"] and folder.history() == []
    assert signup.load(folder)["status"] == "open"


def test_join_mails_fill_the_game_and_start_it_with_welcome_mails(desk) -> None:
    folder = open_game(desk, "open1")
    out, reply = command_mail(desk, "JOIN open1 France, England", "ann@example.org")
    assert out.status == "command"
    assert "You have joined open1 as player 1 (1 of 7 places taken)" in reply
    assert "Your preferences: France, England." in reply
    seed_sha = signup.load(folder)["seed_sha256"]
    assert seed_sha in reply and signup.load(folder)["seed"] not in reply
    rest = {k: v for k, v in SEVEN.items() if k != "ann@example.org"}
    tokens = fill(desk, "open1", rest)
    # started: seven powers, one per player, each with a password that works
    assert sorted(tokens) == sorted(service.game_of(folder).powers())
    assert len({addr for addr, _ in tokens.values()}) == 7
    roster = Roster(folder)
    for power, (addr, token) in tokens.items():
        assert roster.holder(power)["email"] == addr
        assert roster.authenticate(power, token)
        assert token not in (folder.path / "desk" / "players.json").read_text()
        assert token not in (folder.path / "desk" / "audit.jsonl").read_text()
    # first choices that nobody else wanted first are honoured
    held = {addr: power for power, (addr, _) in tokens.items()}
    assert held["bob@example.org"] == "Germany"
    assert held["eve@example.org"] == "Turkey"
    assert held["fay@example.org"] == "Austria"
    assert held["gus@example.org"] == "England"
    assert "France" in (held["ann@example.org"], held["cid@example.org"])
    if held["cid@example.org"] != "France":
        assert held["cid@example.org"] == "Italy"  # the second choice, free at level 2
    # the clock runs from the start, with the game's deadline settings (48h)
    sched = deadlines.load_schedule(folder)
    assert sched["paused"] is False and sched["deadline"] == "2025-03-03T12:00:00Z"
    data = signup.load(folder)
    assert data["status"] == "started" and len(data["assignment"]) == 7
    [start] = [m for m in desk.outbox() if str(m["Subject"]) == "[open1] The game has started"]
    assert sorted(str(start["Bcc"]).split(", ")) == sorted(SEVEN)
    assert data["seed"] in body_of(start)
    # the last JOIN reply says so; the welcome mail's subject holds no password
    last = [m for m in desk.outbox() if "Welcome" in str(m["Subject"])]
    assert all(t not in str(m["Subject"]) for m in last for _, t in tokens.values())
    # a player orders with the mailed password
    power, (addr, token) = next(iter(sorted(tokens.items())))
    orders = {"Austria": "A Vie H", "England": "F Lon H", "France": "A Par H",
              "Germany": "A Ber H", "Italy": "A Rom H", "Russia": "A Mos H",
              "Turkey": "A Con H"}
    out = desk.ingest(order_mail("open1", power, token, orders[power], sender=addr))
    assert out.status == "accepted" and out.powers == [power]


def test_the_assignment_honours_first_choices_then_the_draw() -> None:
    seats = [["England"], ["France"], ["Germany"]]
    players = [{"n": 1, "preferences": ["France"]}, {"n": 2, "preferences": []},
               {"n": 3, "preferences": ["France", "England"]}]
    for seed in ("a", "b", "c", "d", "e"):
        got = signup.assign(seats, players, seed)
        assert sorted(got.values()) == [0, 1, 2]
        assert got == signup.assign(seats, players, seed)  # deterministic
        # France goes to 1 or 3 (both first choices); 3 then gets England
        if got[3] != 1:
            assert got[1] == 1 and got[3] == 0
        assert got[2] not in (got[1], got[3])
    # with different seeds, the contested seat does not always go the same way
    winners = {signup.assign(seats, players, s)[1] == 1 for s in map(str, range(20))}
    assert winners == {True, False}


def test_fewer_player_games_fill_by_sides(desk) -> None:
    folder = open_game(desk, "duo", {"players": "2"})
    tokens = fill(desk, "duo", {"ann@example.org": "France", "bob@example.org": "Turkey"})
    sides = service.game_of(folder).sides(folder.read_state())
    assert len(tokens) == 6
    for side in sides:
        assert len({tokens[p][0] for p in side}) == 1  # one player holds the whole side
    assert tokens["France"][0] == "ann@example.org"
    assert tokens["Turkey"][0] == "bob@example.org"
    [welcome] = [m for m in desk.replies_to("ann@example.org") if "Welcome" in str(
        m["Subject"])]
    assert body_of(welcome).count("Its password:") == 3


def test_joining_a_running_game_is_refused(desk) -> None:
    _, reply = command_mail(desk, "JOIN g1", "zed@example.org")
    assert "JOIN: not done: g1 is not open for sign-up" in reply
    assert not signup.signup_path(desk.folder("g1")).exists()


def test_joining_a_game_that_has_started_is_refused(desk) -> None:
    open_game(desk, "duo", {"players": "2"})
    fill(desk, "duo", {"ann@example.org": "", "bob@example.org": ""})
    _, reply = command_mail(desk, "JOIN duo", "cid@example.org")
    assert "duo has already started; it takes no more players" in reply
    assert len(signup.load(desk.folder("duo"))["players"]) == 2


def test_joining_twice_is_refused(desk) -> None:
    folder = open_game(desk, "open1")
    command_mail(desk, "JOIN open1", "ann@example.org")
    _, reply = command_mail(desk, "JOIN open1 France", "ANN@example.org")
    assert "ANN@example.org has already joined open1" in reply
    assert len(signup.load(folder)["players"]) == 1
    assert signup.load(folder)["players"][0]["preferences"] == []


def test_an_unknown_power_in_the_preferences_is_refused_with_the_likely_name(desk) -> None:
    folder = open_game(desk, "open1")
    _, reply = command_mail(desk, "JOIN open1 Frnace, Italy", "ann@example.org")
    assert "unknown power 'Frnace' (did you mean France?)" in reply
    assert signup.load(folder)["players"] == []  # invalid input changes nothing


def test_set_preference_changes_the_list_before_the_start(desk) -> None:
    folder = open_game(desk, "open1")
    command_mail(desk, "JOIN open1 France", "ann@example.org")
    _, reply = command_mail(desk, "SET PREFERENCE open1 T, R, a", "ann@example.org")
    assert "Your preferences in open1: Turkey, Russia, Austria." in reply
    assert signup.load(folder)["players"][0]["preferences"] == ["Turkey", "Russia", "Austria"]
    _, reply = command_mail(desk, "SET PREFERENCE open1 Italy", "bob@example.org")
    assert "bob@example.org has not joined open1" in reply


def test_unplayed_powers_cannot_be_preferred(desk) -> None:
    open_game(desk, "six", {"players": "6"})
    _, reply = command_mail(desk, "JOIN six Italy", "ann@example.org")
    assert "Italy is not played in this game" in reply


def test_leave_before_the_start_and_after_it(desk) -> None:
    folder = open_game(desk, "open1")
    command_mail(desk, "JOIN open1", "ann@example.org")
    _, reply = command_mail(desk, "LEAVE open1", "ann@example.org")
    assert "You have left the sign-up of open1." in reply
    assert signup.load(folder)["players"] == []
    _, reply = command_mail(desk, "LEAVE open1", "ann@example.org")
    assert "has not joined nor observes open1" in reply
    # (a refusal is answered once per address and hour: the next ones come from others)
    open_game(desk, "duo", {"players": "2"})
    fill(desk, "duo", {"bob@example.org": "", "cid@example.org": ""})
    _, reply = command_mail(desk, "LEAVE duo", "bob@example.org")
    assert "send RESIGN with your power's credentials" in reply


def test_observe_and_stop_observing(desk) -> None:
    folder = open_game(desk, "open1")
    _, reply = command_mail(desk, "OBSERVE open1", "obs@example.org")
    assert "You now observe open1" in reply
    assert "obs@example.org" in Roster(folder).recipients()
    _, reply = command_mail(desk, "OBSERVE open1", "obs@example.org")
    assert "already observes" in reply
    _, reply = command_mail(desk, "LEAVE open1", "obs@example.org")
    assert "You no longer observe open1." in reply
    assert "obs@example.org" not in Roster(folder).recipients()
    # a game the moderator set up by hand takes no self-service observers
    _, reply = command_mail(desk, "OBSERVE g1", "obs2@example.org")
    assert "g1 was not opened for sign-up" in reply


def test_open_refuses_a_game_that_has_players(desk) -> None:
    import pytest

    with pytest.raises(signup.SignupError, match="already has players"):
        signup.open_game(desk.folder("g1"))


def test_the_moderator_adding_a_player_mails_a_welcome(desk, monkeypatch) -> None:
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    res = CliRunner().invoke(main, ["player", "add", "g1", "Italy", "--email",
                                    "ivo@example.org", "--json"])
    assert res.exit_code == 0, res.output
    token = json.loads(res.output)["password"]
    [mail] = desk.replies_to("ivo@example.org")
    assert str(mail["Subject"]) == "[g1] Welcome: you play Italy"
    assert f"You play Italy. Its password: {token}" in body_of(mail)
    assert token not in (desk.folder("g1").path / "desk" / "audit.jsonl").read_text()


def test_cli_new_with_signup(desk, monkeypatch) -> None:
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    res = CliRunner().invoke(main, ["new", "diplomacy", "fresh", "--deadline", "48h",
                                    "--signup", "--votes", "public", "--absence-max", "7",
                                    "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["desk"]["signup"]["status"] == "open"
    folder = desk.judge.game("fresh")
    assert signup.is_open(folder)
    assert folder.settings()["desk"]["votes"] == "public"
    assert folder.settings()["desk"]["absences"] == {"allowed": True, "max_days": 7}
    res = CliRunner().invoke(main, ["open", "fresh"])
    assert res.exit_code == 1 and "already opened for sign-up" in res.output


def test_a_whole_game_without_the_moderator(desk, clock) -> None:
    """Opened for sign-up, filled by JOIN mails with preferences, started with welcome
    mails; a player's absence moves a deadline across a tick; a draw voted by mail ends
    the game. The moderator does nothing after opening it."""
    folder = open_game(desk, "life")
    tokens = fill(desk, "life", {a: p for a, p in SEVEN.items()})
    assert len(tokens) == 7
    assert deadlines.load_schedule(folder)["deadline"] == "2025-03-03T12:00:00Z"
    # France will be away from 4 to 7 March: the deadline of the next phase (set when
    # S1901M is processed at 3 March 12:00, due 5 March 12:00) falls inside it
    addr, token = tokens["France"]
    _, reply = power_mail(desk, "life", "France", token,
                          "SET ABSENCE 2025-03-04 TO 2025-03-07", addr)
    assert "Absence recorded for France" in reply
    clock("2025-03-03T12:00:01Z")
    report = tick_game(folder)
    assert any(a.startswith("adjudicated S1901M") for a in report.actions)
    state = folder.read_state()
    assert state["phase"] == "F1901M"
    sched = deadlines.load_schedule(folder)
    assert sched["deadline"] == "2025-03-08T00:00:00Z"  # the end of France's absence
    assert game_audit(folder.path).has("deadline-set", phase="F1901M",
                                       deadline="2025-03-08T00:00:00Z")
    results = [m for m in desk.outbox() if str(m["Subject"]).startswith("[life] Results")]
    # the results mail announces the moved deadline
    assert "The deadline for orders is Saturday 8 March 2025, 00:00 UTC." in body_of(results[-1])
    # a draw voted by every power ends the game
    for power, (addr, token) in sorted(tokens.items()):
        _, reply = power_mail(desk, "life", power, token, "SET DRAW", addr)
    assert "the game has ended in a draw" in reply
    state = folder.read_state()
    assert state["result"] == {"type": "draw", "powers": sorted(tokens)}
    record = folder.history()[-1]
    assert record["kind"] == "draw" and record["by"] == "vote"
    clock("2025-03-30T00:00:00Z")
    assert tick_game(folder).actions == []  # no longer ticked
    assert service.verify_replay(folder) == []
    ended = [m for m in desk.outbox() if str(m["Subject"]).startswith("[life] Results")][-1]
    assert "The players have agreed to a draw" in body_of(ended)


def test_welcome_mail_to_an_address_with_a_time_zone(desk) -> None:
    open_game(desk, "duo", {"players": "2"})
    timezones.set_zone(desk.judge, "ann@example.org", "Europe/Prague")
    fill(desk, "duo", {"ann@example.org": "", "bob@example.org": ""})
    [welcome] = [m for m in desk.replies_to("ann@example.org") if "Welcome" in str(
        m["Subject"])]
    assert "Deadline: Monday 3 March 2025, 13:00 CET (12:00 UTC)." in body_of(welcome)
    assert passwords(desk, "duo")


def test_a_join_mail_is_never_read_as_orders(desk) -> None:
    open_game(desk, "open1")
    out = desk.ingest(make_mail("GAME open1\nJOIN open1 France\n", sender="ann@example.org"))
    assert out.status == "command"


def test_fsck_finds_a_changed_assignment_seed_and_a_running_clock(desk) -> None:
    from adjudicator.desk.fsck import check_game
    from adjudicator.store import atomic_write, canonical_json

    folder = open_game(desk, "open1")
    assert signup.fsck_problems(folder) == []
    data = signup.load(folder)
    atomic_write(signup.signup_path(folder), canonical_json({**data, "seed": "0" * 32}))
    assert any("does not match its SHA-256" in p for p in check_game(folder)["audit"])
    atomic_write(signup.signup_path(folder), canonical_json(data))
    with folder.lock():
        deadlines.resume(folder, service.game_of(folder))
    assert signup.fsck_problems(folder) == [
        "desk/signup.json: the game is open for sign-up but its clock runs"]


def test_help_documents_the_lifecycle_commands(desk) -> None:
    _, reply = command_mail(desk, "HELP", "new@example.org")
    for usage in ("JOIN game [power, power, ...]", "SET PREFERENCE [game] power, power, ...",
                  "LEAVE game", "OBSERVE game", "SET DRAW [power, power, ...]", "SET NO DRAW",
                  "SET CONCEDE power", "SET NO CONCEDE", "SET ABSENCE day [TO day]",
                  "SET NO ABSENCE"):
        assert usage in reply, usage
    assert "Example: JOIN autumn France, Italy, England" in reply


def test_a_start_interrupted_after_registering_players_is_completed(desk) -> None:
    """The process died in the middle of the start: the sign-up is full, one power has a
    player whose password was never mailed. The next JOIN completes the start (fresh
    passwords, welcome mails) and is itself refused."""
    from adjudicator.store import atomic_write, canonical_json

    folder = open_game(desk, "duo", {"players": "2"})
    data = signup.load(folder)
    data["players"] = [{"n": 1, "email": "ann@example.org", "joined": "x", "preferences": []},
                       {"n": 2, "email": "bob@example.org", "joined": "x", "preferences": []}]
    atomic_write(signup.signup_path(folder), canonical_json(data))
    seat = signup.assign(service.game_of(folder).sides(folder.read_state()), data["players"],
                         data["seed"])
    first = service.game_of(folder).sides(folder.read_state())[seat[1]][0]
    with folder.lock():
        lost = Roster(folder).set_player(first, "ann@example.org", "add")
    _, reply = command_mail(desk, "JOIN duo", "cid@example.org")
    assert "duo has already started; it takes no more players" in reply
    tokens = passwords(desk, "duo")
    assert len(tokens) == 6 and tokens[first][0] == "ann@example.org"
    assert not Roster(folder).authenticate(first, lost)
    assert Roster(folder).authenticate(first, tokens[first][1])
    assert signup.load(folder)["status"] == "started"
    assert deadlines.load_schedule(folder)["paused"] is False


def test_status_shows_how_far_the_signup_has_come(desk) -> None:
    open_game(desk, "open1")
    command_mail(desk, "JOIN open1", "ann@example.org")
    _, reply = command_mail(desk, "GAME open1\nSTATUS", "new@example.org")
    assert "Open for sign-up: 1 of 7 places taken (JOIN open1 to play)" in reply


def test_the_moderators_views_signups_votes_absences(desk, monkeypatch) -> None:
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    folder = open_game(desk, "open1")
    command_mail(desk, "JOIN open1 Italy", "ann@example.org")

    def run(*args: str) -> str:
        res = CliRunner().invoke(main, list(args))
        assert res.exit_code == 0, res.output
        return res.output

    out = run("signups", "open1")
    assert "sign-up open" in out and "ann@example.org  Italy" in out
    assert signup.load(folder)["seed"] not in run("signups", "open1", "--json")
    assert "votes are secret" in run("votes", "g1")
    run("votes", "g1", "--public")
    assert desk.folder("g1").settings()["desk"]["votes"] == "public"
    out = run("absences", "g1", "--max-days", "3")
    assert "absences allowed, at most 3 day(s) per player" in out
    assert "not allowed" in run("absences", "g1", "--forbid")


def test_players_are_named_in_public_by_their_join_mails_from_name(desk, clock) -> None:
    """The From name of a JOIN mail becomes the player's public name (SUMMARY, the site);
    their address never does. Control characters are dropped, the length is capped."""
    open_game(desk, "named")
    fill(desk, "named", SEVEN)
    roster = Roster(desk.judge.game("named")).load()["powers"]
    assert {rec["name"] for rec in roster.values()} == {"Alice"}  # make_mail's From name
    _, reply = command_mail(desk, "SUMMARY named", "zed@example.org")
    assert "Alice" in reply and "@example.org" not in reply


def test_player_names_are_cleaned_and_given_by_the_moderator(desk) -> None:
    from adjudicator.desk.players import player_name

    assert player_name("  Pierre\x07 \n Dupont\u202e ") == "Pierre Dupont"
    assert player_name("x" * 100) == "x" * 60
    assert player_name("\x00\x01") is None and player_name(None) is None
    service.new_game(desk.judge.game_path("byhand"), "diplomacy", {})
    res = CliRunner().invoke(main, ["--judge", str(desk.judge.path), "player", "add", "byhand",
                                    "France", "--email", "p@example.org", "--name",
                                    "Pierre <b>D</b>"])
    assert res.exit_code == 0, res.output
    rec = Roster(desk.judge.game("byhand")).load()["powers"]["France"]
    assert rec["name"] == "Pierre <b>D</b>"  # stored as given; escaped wherever shown


def test_a_start_interrupted_after_the_last_join_is_finished_by_the_next_tick(
        desk, clock, monkeypatch) -> None:
    """The process stops between the last JOIN and the start (here: the start fails): the
    game is full but not started, and no further JOIN can come. adj tick starts it."""
    open_game(desk, "cut")
    tick_game(desk.judge.game("cut"))  # an idle note while the sign-up is open

    def crash(*args, **kwargs):
        raise RuntimeError("power failure")

    monkeypatch.setattr(signup, "_start", crash)
    fill(desk, "cut", SEVEN)
    monkeypatch.undo()
    assert signup.load(desk.judge.game("cut"))["status"] == "open"
    assert len(signup.load(desk.judge.game("cut"))["players"]) == 7
    report = tick_game(desk.judge.game("cut"))
    assert "started (sign-up full)" in report.actions
    assert signup.load(desk.judge.game("cut"))["status"] == "started"
    assert len(passwords(desk, "cut")) == 7  # the welcome mails went out
    assert not deadlines.load_schedule(desk.judge.game("cut")).get("paused")
