"""Revised digest A5.4, C1: a damaged battleship is repaired at the end of the turn, whoever
owns it (``battleship_repair = "end_of_turn"``), not after its battle; Revised has no complex
damage, so a repair order is a clear error (digest A5.2, ``sbr_model = "ipc_loss"``)."""

from __future__ import annotations

from adjudicator.dice import FixedDice

from .cases import RULES, G, blank, fresh, play, put, turn_of

BATTLE = "buy\ncombat:\n1 bb sz5 -> sz6\nbattle sz6: retreat after round 1 to sz5\n"
# round 1: the German battleship hits (the British one absorbs it), the British battleship
# hits back (the German one absorbs it), the destroyer misses; Germany retreats: both
# battleships end the battle damaged
DICE = [1, 1, 6]


def board() -> dict:
    s = blank("germany", "purchase")
    put(s, "germany", "battleship", "sz5")
    put(s, "uk", "destroyer", "sz6")
    put(s, "uk", "battleship", "sz6")
    return s


def damage(state: dict) -> dict[str, int]:
    return {u["power"]: u["damage"] for u in state["units"] if u["type"] == "battleship"}


def test_the_switch_in_revised():
    assert RULES.battleship_repair == "end_of_turn"


def test_battleships_stay_damaged_after_the_battle_until_the_end_of_the_turn():
    s = board()
    s["passes"] = "two"
    first = play(s, "germany", BATTLE, DICE)
    assert first.state["turn"]["step"] == "noncombat"
    assert damage(first.state) == {"germany": 1, "uk": 1}  # not repaired after the battle
    second = play(first.state, "germany", "noncombat:\nplace:\n")
    assert damage(second.state) == {"germany": 0, "uk": 0}  # every one, whoever owns it
    assert sorted(second.events["repaired"]) == sorted(
        u["id"] for u in first.state["units"] if u["type"] == "battleship")


def test_a_whole_turn_repairs_at_its_end():
    res = play(board(), "germany", BATTLE + "noncombat:\nplace:\n", DICE)
    assert damage(res.state) == {"germany": 0, "uk": 0} and len(res.events["repaired"]) == 2


def test_a_repair_order_is_a_clear_error_and_changes_nothing():
    s = fresh()
    turn_of(s, "ussr")
    parsed = G.parse("buy 2 inf\nrepair Russia 2\nplace: 2 inf Russia\n", s)
    assert parsed.errors == []
    _, errors = G.validate(s, "ussr", [p.order for p in parsed.orders])
    assert [e.rule for e in errors] == ["no-complex-repair"]
    assert "nothing to repair in Russia" in errors[0].message
    assert "takes IPC from the treasury" in errors[0].message
    before = repr(s)
    res = G.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    assert repr(s) == before  # resolution is pure
    refused = next(r for r in res.results if r["section"] == "purchase")
    assert not refused["success"] and refused["rule"] == "no-complex-repair"
    assert all(c["damage"] == 0 for c in res.state["complexes"].values())
