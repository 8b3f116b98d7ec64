"""The A&A 1942 turn engine: captures, capitals, liberation, income, victory, NMR, modes.

Scenarios start from the real opening setup and clear or add the few units a rule needs.
Dice come from :class:`FixedDice` through the dice interface, so every outcome is exact.
"""

from __future__ import annotations

import copy

import pytest

from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.errors import GameError
from adjudicator.registry import get_game

G = get_game("aa1942")


def fresh(**opts) -> dict:
    return G.new_state(G.check_options({"passes": "one", **opts}))


def clear(state: dict, *regions: str) -> None:
    state["units"] = [u for u in state["units"] if u["loc"] not in regions]


def turn_of(state: dict, power: str, rnd: int = 1, step: str = "purchase") -> None:
    state["turn"] = {"round": rnd, "power": power, "step": step}
    state["phase"] = phase_code(rnd, power, step)
    state["turn_start_controllers"] = dict(state["controllers"])


def play(state: dict, power: str, text: str, dice=None):
    parsed = G.parse(text, state)
    assert not parsed.errors, parsed.errors
    return G.resolve(state, {power: [p.order for p in parsed.orders]}, dice or FixedDice([]))


def units_at(state: dict, region: str, power: str | None = None) -> list[dict]:
    return [u for u in state["units"] if u["loc"] == region
            and (power is None or u["power"] == power)]


def test_capture_needs_a_surviving_land_unit_both_wiped_out_defender_keeps():
    s = fresh()
    clear(s, "west_russia", "russia")
    add_unit(s, "germany", "infantry", "west_russia")
    add_unit(s, "ussr", "infantry", "russia")
    # attacker infantry rolls 1 (hit), defender infantry rolls 1 (hit): both gone
    res = play(s, "ussr", "buy\ncombat:\n1 inf Russia -> West Russia\nplace:\n", FixedDice([1, 1]))
    assert res.state["controllers"]["west_russia"] == "germany"
    assert not units_at(res.state, "west_russia")
    assert not res.events["captures"]


def test_captured_aa_gun_and_complex_change_hands_keeping_damage():
    s = fresh()
    turn_of(s, "germany")
    clear(s, "caucasus")
    add_unit(s, "ussr", "aa_gun", "caucasus")
    s["complexes"]["caucasus"]["damage"] = 3
    res = play(s, "germany", "combat:\n1 arm Ukraine -> Caucasus\nplace:\n")
    st = res.state
    assert st["controllers"]["caucasus"] == "germany"
    assert st["complexes"]["caucasus"] == {"owner": "germany", "damage": 3, "new": False}
    aa = [u for u in units_at(st, "caucasus") if u["type"] == "aa_gun"]
    assert aa and aa[0]["power"] == "germany"
    cap = res.events["captures"][0]
    assert cap["complex"] == {"from": "ussr", "to": "germany", "damage": 3}


def test_capital_capture_plunders_the_treasury_and_blocks_purchase_and_income():
    s = fresh()
    turn_of(s, "germany")
    clear(s, "russia")
    s["treasury"]["ussr"] = 18
    res = play(s, "germany", "combat:\n1 arm West Russia -> Russia\nplace:\n")
    st = res.state
    assert st["controllers"]["russia"] == "germany"
    assert st["captured_capitals"] == {"ussr": "germany"}
    assert st["treasury"]["ussr"] == 0
    germany_income = res.events["income"]["amount"]
    assert st["treasury"]["germany"] == 40 + 18 + germany_income
    assert res.events["captures"][0]["plunder"] == 18
    # the USSR still takes its turn (movement) but cannot buy and collects nothing
    turn_of(st, "ussr", 2)
    assert G.who_must_act(st) == ["ussr"]
    out = play(st, "ussr", "buy 1 inf\ncombat:\nplace:\n")
    assert out.state["treasury"]["ussr"] == 0
    assert out.events["income"]["amount"] == 0
    assert not out.results[0]["success"]  # the purchase
    _, errors = G.validate(st, "ussr", [p.order for p in G.parse("buy 1 inf", st).orders])
    assert any(e.rule == "purchase-capital-lost" for e in errors)


def test_liberation_returns_territory_unless_owner_capital_is_held():
    s = fresh()
    turn_of(s, "uk")
    s["controllers"]["persia"] = "germany"  # pretend Germany took Persia (originally UK's)
    s["controllers"]["caucasus"] = "germany"  # and Caucasus (originally the USSR's)
    clear(s, "caucasus", "persia")
    add_unit(s, "uk", "infantry", "persia")
    s["controllers"]["persia"] = "uk"
    s["turn_start_controllers"] = dict(s["controllers"])
    res = play(s, "uk", "combat:\n1 inf Persia -> Caucasus\nplace:\n")
    assert res.state["controllers"]["caucasus"] == "ussr"  # liberated for its owner
    assert res.events["captures"][0]["liberated"] is True
    # with Moscow in German hands the liberator keeps it
    s2 = copy.deepcopy(s)
    s2["captured_capitals"]["ussr"] = "germany"
    s2["controllers"]["russia"] = "germany"
    res2 = play(s2, "uk", "combat:\n1 inf Persia -> Caucasus\nplace:\n")
    assert res2.state["controllers"]["caucasus"] == "uk"


def test_liberating_a_capital_returns_the_owners_territories():
    s = fresh()
    turn_of(s, "uk")
    clear(s, "russia", "persia")
    s["controllers"]["russia"] = "germany"
    s["captured_capitals"]["ussr"] = "germany"
    s["controllers"]["kazakh_ssr"] = "uk"  # held by the UK while Moscow was lost
    add_unit(s, "uk", "tank", "kazakh_ssr")
    s["turn_start_controllers"] = dict(s["controllers"])
    res = play(s, "uk", "combat:\n1 arm Kazakh -> Russia\nplace:\n")
    st = res.state
    assert st["controllers"]["russia"] == "ussr"
    assert "ussr" not in st["captured_capitals"]
    assert st["controllers"]["kazakh_ssr"] == "ussr"
    assert res.events["captures"][0]["returned"] == ["kazakh_ssr"]


def test_income_is_the_production_level_after_captures():
    s = fresh()
    clear(s, "west_russia")
    res = play(s, "ussr", "combat:\n1 arm Russia -> West Russia\nplace:\n")
    assert res.state["controllers"]["west_russia"] == "ussr"
    assert res.events["income"]["amount"] == 24 + 2
    assert res.state["treasury"]["ussr"] == 24 + 26
    assert res.events["production"]["germany"] == 40 - 2


@pytest.mark.parametrize("victory,over", [("standard", True), ("total", False)])
def test_victory_check_after_the_us_turn(victory, over):
    s = fresh(victory=victory)
    turn_of(s, "usa")
    for t in ("russia", "karelia_ssr", "india"):  # Axis 6 + 3 = 9 victory cities
        s["controllers"][t] = "germany"
    res = G.resolve(s, {}, FixedDice([]))
    if over:
        assert res.state["result"]["side"] == "axis"
        assert G.is_over(res.state) and G.who_must_act(res.state) == []
    else:
        assert res.state["result"] is None
        assert res.state["turn"] == {"round": 2, "power": "ussr", "step": "purchase"}
    # a check happens only at the end of the round
    s["turn"]["power"] = "japan"
    assert G.resolve(s, {}, FixedDice([])).state["result"] is None


def test_nmr_setting_income_or_wait():
    s = fresh()
    res = G.resolve(s, {}, FixedDice([]))
    assert res.state["treasury"]["ussr"] == 48
    assert res.results[0]["outcome"] == "nmr"
    assert res.state["turn"]["power"] == "germany"
    w = fresh(nmr="wait")
    with pytest.raises(GameError, match="waits"):
        G.resolve(w, {}, FixedDice([]))


TURN = """buy 8 inf
combat:
3 inf, 1 art, 2 arm Russia -> West Russia
ftr Karelia -> West Russia
"""
SECOND = """noncombat:
2 inf Kazakh -> Russia
land ftr West Russia: Russia
place: 8 inf Russia
"""


def test_two_pass_gives_the_same_turn_as_one_pass():
    dice = [1] * 7 + [6] * 5  # attackers hit with everything, defenders miss
    s = fresh(passes="auto")
    one = play(s, "ussr", TURN + SECOND, FixedDice(list(dice)))
    first = play(s, "ussr", TURN, FixedDice(list(dice)))
    assert first.state["turn"]["step"] == "noncombat"
    assert first.state["phase"] == "r1-ussr-noncombat"
    assert G.who_must_act(first.state) == ["ussr"]
    second = play(first.state, "ussr", SECOND)
    assert second.state == one.state
    assert second.state["phase"] == "r1-germany-purchase"


def test_noncombat_move_made_impossible_by_combat_fails_with_a_reason():
    s = fresh()
    clear(s, "west_russia")
    add_unit(s, "germany", "infantry", "west_russia")
    text = "combat:\n1 inf Russia -> West Russia\nnoncombat:\n1 arm Russia -> West Russia\n"
    res = play(s, "ussr", text, FixedDice([6, 1]))  # attacker misses, defender hits
    failed = [r for r in res.results if r["section"] == "noncombat"]
    assert failed and not failed[0]["success"] and failed[0]["reason"]
    assert res.state["controllers"]["west_russia"] == "germany"


def test_aircraft_with_no_legal_landing_are_lost_and_reported():
    s = fresh()
    turn_of(s, "ussr", 1, "noncombat")
    uid = add_unit(s, "ussr", "fighter", "sz7")
    next(u for u in s["units"] if u["id"] == uid).update(moved=4, moved_in="combat")
    res = play(s, "ussr", "noncombat:\n")
    assert all(u["id"] != uid for u in res.state["units"])
    assert res.events["lost_aircraft"][0]["unit"] == uid


def test_landing_fallback_is_used_when_the_first_choice_is_illegal():
    s = fresh()
    clear(s, "west_russia")
    res = play(s, "ussr", "combat:\nftr Karelia -> West Russia\n1 arm Russia -> West Russia\n"
               "landing:\nland ftr West Russia: West Russia, Russia\n")
    land = next(r for r in res.results if r["section"] == "landing")
    assert land["success"] and "fallback" in land["reason"]
    assert any(u["type"] == "fighter" for u in units_at(res.state, "russia", "ussr"))


def test_unplaceable_purchases_are_refunded():
    s = fresh()
    res = play(s, "ussr", "buy 8 inf\nplace: 8 inf Karelia\n")  # Karelia has no complex
    assert res.events["refunds"] == {"infantry": 8}
    assert res.state["treasury"]["ussr"] == 24 + 24  # refund + income
    assert not next(r for r in res.results if r["section"] == "place")["success"]


def test_standing_orders_are_stored_and_used_by_the_defender():
    s = fresh()
    orders = [p.order for p in G.parse("standing: loss: art, inf", s).orders]
    new = G.apply_standing(s, "germany", orders)
    assert new["standing"]["germany"]["order_of_loss"] == ["artillery", "infantry"]
    assert s["standing"] == {}  # input untouched
    assert G.apply_standing(s, "germany", [p.order for p in G.parse("buy 1 inf", s).orders]) \
        is None
    clear(new, "west_russia")
    add_unit(new, "germany", "infantry", "west_russia")
    add_unit(new, "germany", "artillery", "west_russia")
    res = play(new, "ussr", "combat:\n1 arm Russia -> West Russia\n", FixedDice([1, 6, 6, 1, 6]))
    battle = res.events["battles"][0]["result"]
    chosen = [c for e in battle["log"] if e["event"] == "casualties" for c in e["chosen"]]
    assert chosen[0]["type"] == "artillery" and chosen[0]["why"]["source"] == "standing-order"


def test_resolution_never_mutates_its_input():
    s = fresh()
    before = copy.deepcopy(s)
    play(s, "ussr", TURN + SECOND, FixedDice([1] * 7 + [6] * 5))
    assert s == before


def test_default_landing_never_strands_an_aircraft_or_launches_one_from_a_carrier():
    # A fighter attacks a lone transport in a zone where its own full carrier waits: with no
    # landing plan it must land on the nearest legal spot (the UK), not in an empty sea zone
    # that sorts first, and the fighters aboard the carrier must stay aboard.
    s = fresh()
    turn_of(s, "uk")
    clear(s, "sz2", "sz3", "sz5", "sz6", "sz7", "sz8")
    cv = add_unit(s, "uk", "carrier", "sz6")
    aboard = {add_unit(s, "uk", "fighter", "sz6", aboard=cv) for _ in range(2)}
    add_unit(s, "germany", "transport", "sz6")
    res = play(s, "uk", "combat:\nftr United Kingdom -> sz 6\n", FixedDice([1] * 20))
    assert res.events["lost_aircraft"] == []
    assert [(x["to"], x["source"]) for x in res.events["landings"]] == [
        ("united_kingdom", "default: nearest legal landing")]
    still = {u["id"] for u in res.state["units"] if u["aboard"] == cv}
    assert still == aboard


def test_a_ship_that_fought_without_moving_cannot_move_in_noncombat():
    # digest §2.4 (p.21): noncombat move is for units that did not move in combat move *and did
    # not take part in any combat*; a destroyer that stays in a contested zone and wins its
    # battle there stays put.
    s = fresh()
    turn_of(s, "uk")
    clear(s, "sz7", "sz6")
    add_unit(s, "uk", "destroyer", "sz7")
    add_unit(s, "germany", "destroyer", "sz7")
    # the UK destroyer hits (1), the German one misses (6)
    res = play(s, "uk", "noncombat:\n1 dd sz 7 -> sz 6\n", FixedDice([1, 6]))
    assert res.events["battles"] and res.events["battles"][0]["region"] == "sz7"
    move = next(r for r in res.results if r["section"] == "noncombat")
    assert not move["success"] and move["rule"] == "fought-this-turn"
    assert [u["loc"] for u in units_at(res.state, "sz7", "uk")] == ["sz7"]


def test_a_bombarding_ship_that_stayed_put_cannot_move_in_noncombat():
    s = fresh()
    turn_of(s, "japan", step="purchase")
    res = play(s, "japan", "combat:\n1 tt sz 60: load 2 inf Japan; unload Buryatia\n"
               "1 bb sz 60 bombard Buryatia\nnoncombat:\n1 bb sz 60 -> sz 59\n",
               FixedDice([1] * 40))
    move = next(r for r in res.results if r["section"] == "noncombat")
    assert not move["success"] and move["rule"] == "fought-this-turn"


def test_placement_lines_are_a_priority_list_at_a_shared_complex():
    # Germany's complex mobilises 10: the first line (11 infantry, one over) keeps 10, and the
    # later submarine line at the same complex gets no room; both leftovers are refunded.
    s = fresh()
    turn_of(s, "germany")
    def count(state: dict, region: str, utype: str) -> int:
        return sum(1 for u in units_at(state, region, "germany") if u["type"] == utype)

    res = play(s, "germany", "buy 11 inf, 1 sub\nplace: 11 inf Germany\nplace: 1 sub sz 5\n")
    assert count(res.state, "germany", "infantry") - count(s, "germany", "infantry") == 10
    assert count(res.state, "sz5", "submarine") == count(s, "sz5", "submarine")
    assert res.events["refunds"] == {"infantry": 1, "submarine": 1}
