"""Look-up commands by mail: LIST, LIST game, SUMMARY, HISTORY, MAP, HELP (end to end)."""

from __future__ import annotations

from deskutil import body_of, make_mail

from adjudicator import service
from adjudicator.desk.players import Roster


def reply_text(desk, addr):
    [reply] = desk.replies_to(addr)
    return body_of(reply)


def play_spring(desk):
    """S1901M resolved with real orders: France and Germany order, the rest hold."""
    folder = desk.folder()
    service.submit_orders(folder, "France", "A Par - Bur\nA Mar - Spa\nF Bre - Mao\n")
    service.submit_orders(folder, "Germany", "A Mun - Ruh\n")
    service.adjudicate(folder, force=True)


def test_list_game_shows_one_game_in_detail(desk):
    desk.ingest(make_mail("LIST g1\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "Game g1:" in text and "Stage: running" in text
    assert "Phase: Spring 1901 Movement (S1901M)" in text
    assert "Deadline: Monday 3 March 2025, 12:00 UTC" in text
    assert "vacant: Austria, Italy, Russia, Turkey" in text
    assert "alice@example.org" not in text  # addresses are never listed


def test_list_of_an_unknown_game_is_refused_with_the_likely_name(desk):
    desk.ingest(make_mail("LIST g1x\n", sender="new@example.org"))
    assert "LIST: not done: there is no game 'g1x' on this judge (did you mean g1?)" \
        in reply_text(desk, "new@example.org")


def test_list_shows_finished_games_apart(desk):
    service.declare_draw(desk.folder("g2"), ["France", "Germany"])
    desk.ingest(make_mail("LIST\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    running, finished = text.split("Finished:")
    assert "g1:" in running and "g2:" not in running and "g2:" in finished


def test_summary_shows_powers_centres_and_lateness(desk):
    play_spring(desk)
    folder = desk.folder()
    service.submit_orders(folder, "France", "A Bur - Mun\nA Spa H\nF Mao - Por\n")
    service.adjudicate(folder, force=True)
    with folder.lock():
        Roster(folder).record_lateness("F1901M", ["Germany"], "nmr")
    desk.ingest(make_mail("SUMMARY g1\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "France: played (since 2025-03-01)" in text and "Austria: vacant" in text
    assert "Supply centres:" in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()
            if line.startswith(("  start", "  1901"))}
    assert rows["start"][:3] == ["3", "3", "3"]  # Austria, England, France
    assert rows["1901"][2] == "6"  # France took Spain, Portugal and Munich
    assert "Germany: 0 / 1" in text  # late / missed
    assert "alice@example.org" not in text and "bob@example.org" not in text


def test_summary_of_an_anonymous_game_names_nobody(desk):
    folder = desk.folder()
    settings = folder.settings()
    settings["site"] = {"anonymous": True}
    with folder.lock():
        folder.write_settings(settings)
        data = Roster(folder).load()
        data["powers"]["France"]["name"] = "Alice Liddell"
        Roster(folder).save(data)
    desk.ingest(make_mail("SUMMARY g1\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "France: played" in text and "Alice" not in text


def test_summary_takes_the_game_from_the_subject(desk):
    desk.ingest(make_mail("SUMMARY\n", subject="[g1] summary", sender="new@example.org"))
    assert "Summary of g1" in reply_text(desk, "new@example.org")


def test_history_sends_the_public_report(desk):
    play_spring(desk)
    desk.ingest(make_mail("HISTORY g1 S1901M\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "Resolved phases: S1901M" in text and "Report of S1901M" in text
    report = (desk.folder().path / "reports" / "S1901M" / "report.txt").read_text()
    assert report.strip().splitlines()[0] in text


def test_history_of_a_phase_not_resolved_is_refused(desk):
    play_spring(desk)
    desk.ingest(make_mail("HISTORY g1 F1905M\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "HISTORY: not done: no resolved phase 'F1905M'" in text and "S1901M" in text


def test_history_before_anything_is_resolved(desk):
    desk.ingest(make_mail("HISTORY g1\n", sender="new@example.org"))
    assert "nothing has been resolved yet in g1" in reply_text(desk, "new@example.org")


def test_map_attaches_a_png(desk):
    play_spring(desk)
    desk.ingest(make_mail("MAP g1 S1901M\n", sender="new@example.org"))
    [reply] = desk.replies_to("new@example.org")
    [part] = [p for p in reply.iter_attachments()]
    assert part.get_content_type() == "image/png" and part.get_filename() == "g1-S1901M.png"
    assert part.get_content()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Attached: the map of S1901M" in body_of(reply)


def test_help_for_one_command(desk):
    desk.ingest(make_mail("HELP SET\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    assert "SET TIMEZONE <zone>" in text and "SUMMARY [game]" not in text


def test_list_shows_games_open_for_sign_up_with_players_wanted(desk):
    from adjudicator.desk import signup
    from adjudicator.desk.deadlines import configure_new_game

    folder = service.new_game(desk.judge.game_path("open1"), "diplomacy")
    configure_new_game(folder, ("48h",), None, None, None)
    signup.open_game(folder)
    desk.ingest(make_mail("JOIN open1\n", sender="p1@example.org"))
    desk.ingest(make_mail("LIST\n", sender="new@example.org"))
    text = reply_text(desk, "new@example.org")
    open_part = text.split("Running:")[0]
    assert "Open for sign-up:" in open_part and "open1:" in open_part
    assert "6 of 7 players wanted" in open_part
    assert "paused" in open_part  # the clock waits until the game is full
