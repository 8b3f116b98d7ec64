"""Revised digest A5.4, C1: a strategic bombing raid takes IPC from the complex owner's
treasury, at most the territory's IPC value per territory per turn; no damage markers
(``sbr_model = "ipc_loss"``). The model itself is tested in test_sbr_models.py; here a
Revised turn."""

from __future__ import annotations

from .cases import RULES, blank, play, put, turn_of

TURN = ("buy\ncombat:\n2 bmr germany -> russia (bomb)\n1 bmr ukraine ssr -> russia (bomb)\n"
        "2 bmr ukraine ssr -> caucasus (bomb)\nnoncombat:\nlanding:\n"
        "land 5 bmr: ukraine ssr, germany\nplace:\n")


def test_the_switch_in_revised():
    assert RULES.sbr_model == "ipc_loss"


def test_the_loss_is_capped_at_the_territory_income_per_territory_per_turn():
    s = blank("germany", "purchase")
    put(s, "germany", "bomber", "germany", 2)
    put(s, "germany", "bomber", "ukraine_ssr", 3)
    put(s, "ussr", "infantry", "russia")
    s["treasury"]["ussr"] = 30
    res = play(s, "germany", TURN, [6] * 5)
    raids = {b["region"]: b["raid"] for b in res.events["battles"] if b["kind"] == "bombing"}
    # the three bombers over Russia are one raid: 18 rolled, Russia is worth 8
    assert raids["russia"]["damage_rolled"] == 18 and raids["russia"]["ipc_lost"] == 8
    # Caucasus has its own cap: 12 rolled, worth 4
    assert raids["caucasus"]["damage_rolled"] == 12 and raids["caucasus"]["ipc_lost"] == 4
    assert res.state["treasury"]["ussr"] == 30 - 8 - 4
    # no damage markers in Revised
    assert res.state["complexes"]["russia"]["damage"] == 0
    assert res.state["complexes"]["caucasus"]["damage"] == 0


def test_the_next_turn_has_a_cap_of_its_own():
    s = blank("germany", "purchase")
    put(s, "germany", "bomber", "germany", 2)
    put(s, "ussr", "infantry", "russia")
    s["treasury"]["ussr"] = 30
    res = play(s, "germany", "buy\ncombat:\n2 bmr germany -> russia (bomb)\nnoncombat:\n"
               "landing:\nland 2 bmr: germany\nplace:\n", [6, 6])
    after = res.state
    assert after["treasury"]["ussr"] == 22
    turn_of(after, "japan")
    put(after, "japan", "bomber", "manchuria", 2)
    res2 = play(after, "japan", "buy\ncombat:\n2 bmr manchuria -> russia (bomb)\n"
                "noncombat:\nlanding:\nland 2 bmr: manchuria\nplace:\n", [6, 6])
    assert res2.state["treasury"]["ussr"] == 14


def test_the_loss_never_exceeds_the_treasury():
    s = blank("germany", "purchase")
    put(s, "germany", "bomber", "germany", 2)
    put(s, "ussr", "infantry", "russia")
    s["treasury"]["ussr"] = 3
    res = play(s, "germany", "buy\ncombat:\n2 bmr germany -> russia (bomb)\nnoncombat:\n"
               "landing:\nland 2 bmr: germany\nplace:\n", [6, 6])
    assert res.state["treasury"]["ussr"] == 0
