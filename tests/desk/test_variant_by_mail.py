"""The desk with a Diplomacy variant game (docs/variants.md): players of the variant's own
powers order by mail in its own province names; a wrong password or another power's
orders are refused and change nothing."""

from __future__ import annotations

from deskutil import body_of, make_mail

from adjudicator import service
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.desk.players import Roster
from adjudicator.desk.tick import tick_game

POWERS = ("Carthage", "Egypt", "Greece", "Persia", "Rome")


def setup_game(desk):
    folder = service.new_game(desk.judge.game_path("anc"), "diplomacy-ancmed")
    configure_new_game(folder, ("48h",), None, None, None)
    with folder.lock():
        roster = Roster(folder)
        tokens = {p: roster.set_player(p, f"{p.lower()}@example.org", "add") for p in POWERS}
    return folder, tokens


def test_an_ancmed_game_is_played_by_mail_in_its_own_names(desk) -> None:
    folder, tokens = setup_game(desk)
    body = (f"GAME anc\nPOWER Carthage\nPASSWORD {tokens['Carthage']}\n"
            "A Carthago - Mauretania\nF Thapsus - Punic Sea\nA Cir - Num\n")
    out = desk.ingest(make_mail(body, sender="carthage@example.org"))
    assert out.status == "accepted" and out.powers == ["Carthage"]
    [ack] = desk.replies_to("carthage@example.org")
    text = body_of(ack)
    assert "Carthage, S1901M, submission 1" in text
    assert "A car - mau" in text and "F tha - pun" in text and "A cir - num" in text
    assert tokens["Carthage"] not in text and tokens["Carthage"] not in str(ack["Subject"])
    for power, orders in (("Egypt", "F Ale - Egy"), ("Greece", "A Mac - Byz"),
                          ("Persia", "F Sid - Syr"), ("Rome", "F Nea - Tyn")):
        service.submit_orders(folder, power, orders)
    tick_game(folder)  # everyone has ordered: processed early
    state = folder.read_state()
    assert state["phase"] == "F1901M"
    assert {f"{u['type']} {u['loc']}" for u in state["units"] if u["power"] == "Carthage"} == {
        "A mau", "F pun", "A num"}
    results = [m for m in desk.replies_to("carthage@example.org")
               if str(m["Subject"]).startswith("[anc] Results")]
    assert len(results) == 1
    assert "Carthage: Army Carthago -> Mauretania." in body_of(results[0])


def test_orders_for_another_power_or_with_a_wrong_password_change_nothing(desk) -> None:
    folder, tokens = setup_game(desk)
    before = folder.state_text()
    # Egypt's player sends Rome's orders with Egypt's password
    body = f"GAME anc\nPOWER Rome\nPASSWORD {tokens['Egypt']}\nF Nea - Tyn\n"
    out = desk.ingest(make_mail(body, sender="egypt@example.org"))
    assert out.status != "accepted"
    body = "GAME anc\nPOWER Rome\nPASSWORD not-the-password\nF Nea - Tyn\n"
    out = desk.ingest(make_mail(body, sender="rome@example.org"))
    assert out.status != "accepted"
    assert folder.latest_submissions("S1901M") == {}
    assert folder.state_text() == before
