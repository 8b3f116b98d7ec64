"""The desk with a Diplomacy game for fewer than seven players (docs/moderator-desk.md)."""

from __future__ import annotations

from deskutil import body_of, make_mail

from adjudicator import service
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game


def test_a_player_holding_two_powers_orders_both_in_one_mail(desk) -> None:
    """Four players: Ann holds Austria and France. One mail, one section per power, one
    acknowledgement; when every player has ordered, the game is processed early, nobody
    is called missing, and the results go to Ann once."""
    folder = service.new_game(desk.judge.game_path("four"), "diplomacy", {"players": "4"})
    configure_new_game(folder, ("48h",), None, None, None)
    tokens = {}
    with folder.lock():
        roster = Roster(folder)
        for power, who in (("Austria", "ann"), ("France", "ann"), ("England", "bob"),
                           ("Germany", "cid"), ("Turkey", "cid"), ("Italy", "dee"),
                           ("Russia", "dee")):
            tokens[power] = roster.set_player(power, f"{who}@example.org", "add")
    body = (f"GAME four\nPOWER Austria\nPASSWORD {tokens['Austria']}\nA Vie - Gal\n\n"
            f"POWER France\nPASSWORD {tokens['France']}\nA Par - Bur\n")
    out = desk.ingest(make_mail(body, sender="ann@example.org"))
    assert out.status == "accepted" and out.powers == ["Austria", "France"]
    [ack] = desk.replies_to("ann@example.org")
    text = body_of(ack)
    assert "Austria, S1901M, submission 1" in text and "France, S1901M, submission 1" in text
    for power, who, orders in (("England", "bob", "F Lon - Nth"),
                               ("Germany", "cid", "A Mun - Ruh"),
                               ("Turkey", "cid", "A Con - Bul"),
                               ("Italy", "dee", "A Ven - Pie"),
                               ("Russia", "dee", "A War - Ukr")):
        service.submit_orders(folder, power, orders)
    tick_game(folder)
    state = folder.read_state()
    assert state["phase"] == "F1901M"
    record = folder.history()[-1]
    assert record["nmr"] == []
    results = [m for m in desk.replies_to("ann@example.org")
               if str(m["Subject"]).startswith("[four] Results")]
    assert len(results) == 1  # one results mail for both of Ann's powers
    assert "ann@example.org" in str(results[0]["Bcc"])
    assert "Player 2: Austria, France" in body_of(results[0])


def test_a_player_holding_three_powers_orders_all_three_in_one_mail(desk) -> None:
    """Three players: one holds Austria, England and Germany. The judge checks at most two
    passwords per message by default (limits.password_checks); in this game a player holds
    three powers, so one mail with three sections is checked in full."""
    assert desk.judge.limits()["password_checks"] == 2
    folder = service.new_game(desk.judge.game_path("three"), "diplomacy", {"players": "3"})
    configure_new_game(folder, ("48h",), None, None, None)
    with folder.lock():
        roster = Roster(folder)
        tokens = {p: roster.set_player(p, "ann@example.org", "add")
                  for p in ("Austria", "England", "Germany")}
    body = "GAME three\n" + "".join(
        f"POWER {p}\nPASSWORD {tokens[p]}\n{orders}\n\n"
        for p, orders in (("Austria", "A Vie - Gal"), ("England", "F Lon - Nth"),
                          ("Germany", "A Mun - Ruh")))
    out = desk.ingest(make_mail(body, sender="ann@example.org"))
    assert out.status == "accepted" and out.powers == ["Austria", "England", "Germany"]
    # the budget is three, never more: a fourth password in one message is not checked
    four = body.replace("GAME three\n", "GAME three\nPOWER Austria\nPASSWORD wrong\n"
                        "A Vie H\n\n")
    mail = make_mail(four, sender="ann@example.org")
    desk.ingest(mail)
    [reply] = [body_of(m) for m in desk.replies_to("ann@example.org")
               if m["In-Reply-To"] == mail["Message-ID"]]
    assert "at most 3 passwords are checked per message" in reply


def test_a_power_not_played_is_never_waited_for(desk) -> None:
    folder = service.new_game(desk.judge.game_path("six"), "diplomacy", {"players": "6"})
    configure_new_game(folder, ("48h",), None, None, None)
    for power, orders in (("Austria", "A Vie H"), ("England", "F Lon H"), ("France", "A Par H"),
                          ("Germany", "A Mun H"), ("Russia", "A War H"),
                          ("Turkey", "A Con H")):
        service.submit_orders(folder, power, orders)
    tick_game(folder)  # everyone who plays has ordered: processed early
    assert folder.read_state()["phase"] == "F1901M"
    assert folder.history()[-1]["nmr"] == []
