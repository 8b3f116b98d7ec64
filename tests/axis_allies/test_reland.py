"""Defending fighters whose carrier sank land again (1942 p.27-28; digest §3.7, §6.4 #11;
ruling 48): ``adjudicator/axis_allies/reland.py`` and the turn engine's call to it after all
the attacker's battles."""

from __future__ import annotations

import pytest
from aa_scenario import ED, blank, put

from adjudicator.axis_allies.orders import StandingOrders
from adjudicator.axis_allies.parser import parse_turn, parse_turn_script
from adjudicator.axis_allies.reland import options, reland_defenders
from adjudicator.axis_allies.state import phase_code
from adjudicator.axis_allies.turn import set_standing, standing_from_json, standing_to_json
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

G = get_game("aa1942")


def _unit(s: dict, uid: str) -> dict | None:
    return next((u for u in s["units"] if u["id"] == uid), None)


def _homeless(s: dict, zone: str, power: str = "uk", n: int = 1) -> list[str]:
    """Fighters of ``power`` in ``zone`` whose carrier just sank (no longer aboard anything)."""
    return put(s, power, "fighter", zone, n)


# --- the default ------------------------------------------------------------------------------


def test_another_friendly_carrier_in_the_zone_comes_first_own_before_allied():
    s = blank("germany")
    (us_cv,) = put(s, "usa", "carrier", "sz4")
    (uk_cv,) = put(s, "uk", "carrier", "sz4")
    (f,) = _homeless(s, "sz4")
    landings, lost = reland_defenders(s, ED, [f], {})
    assert lost == [] and landings == [{"unit": f, "power": "uk", "to": "sz4",
                                        "source": "default (homeless defender)"}]
    assert _unit(s, f)["aboard"] == uk_cv and _unit(s, us_cv) is not None


def test_a_full_carrier_has_no_room():
    s = blank("germany")
    (cv,) = put(s, "uk", "carrier", "sz4")
    put(s, "uk", "fighter", "sz4", 2, aboard=cv)
    (f,) = _homeless(s, "sz4")
    reland_defenders(s, ED, [f], {})
    assert _unit(s, f)["loc"] != "sz4"


def test_else_the_adjacent_friendly_territory_with_most_friendly_units():
    s = blank("germany")
    put(s, "ussr", "infantry", "karelia_ssr", 2)
    put(s, "ussr", "infantry", "archangel")
    (f,) = _homeless(s, "sz4")
    landings, _ = reland_defenders(s, ED, [f], {})
    assert _unit(s, f)["loc"] == "karelia_ssr" and _unit(s, f)["aboard"] is None
    assert landings[0]["to"] == "karelia_ssr"


def test_ties_between_territories_go_by_region_id_and_enemy_territory_is_never_used():
    s = blank("germany")
    (f,) = _homeless(s, "sz4")
    assert options(s, ED, _unit(s, f)) == ["archangel", "karelia_ssr"]
    s2 = blank("germany", archangel="germany")
    (f2,) = _homeless(s2, "sz4")
    assert options(s2, ED, _unit(s2, f2)) == ["karelia_ssr"]


def test_else_a_friendly_carrier_with_room_one_zone_away():
    """1942 p.27: "move one region to a friendly territory, island or carrier"."""
    s = blank("germany", archangel="germany", karelia_ssr="germany")
    (cv,) = put(s, "usa", "carrier", "sz3")
    (f,) = _homeless(s, "sz4")
    landings, lost = reland_defenders(s, ED, [f], {})
    assert lost == [] and landings[0]["to"] == "sz3"
    assert _unit(s, f)["loc"] == "sz3" and _unit(s, f)["aboard"] == cv


def test_else_the_fighter_is_lost():
    s = blank("germany", archangel="germany", karelia_ssr="germany")
    (f,) = _homeless(s, "sz4")
    landings, lost = reland_defenders(s, ED, [f], {})
    assert landings == [] and _unit(s, f) is None
    assert lost == [{"unit": f, "power": "uk", "type": "fighter", "at": "sz4",
                     "why": "carrier sunk, no landing"}]


def test_room_is_shared_fighter_by_fighter_in_id_order():
    s = blank("germany", archangel="germany", karelia_ssr="germany")
    (cv,) = put(s, "uk", "carrier", "sz3")
    put(s, "uk", "fighter", "sz3", aboard=cv)
    a, b = _homeless(s, "sz4", n=2)
    landings, lost = reland_defenders(s, ED, [b, a], {})
    assert [x["unit"] for x in landings] == [a] and [x["unit"] for x in lost] == [b]


# --- the standing order -----------------------------------------------------------------------


def test_the_standing_order_picks_the_first_legal_region_listed():
    s = blank("germany", karelia_ssr="germany")
    put(s, "ussr", "infantry", "archangel", 3)
    (cv,) = put(s, "usa", "carrier", "sz3")
    (f,) = _homeless(s, "sz4")
    # Karelia is enemy-held, sz 5 is two moves away: the carrier in sz 3 is the first legal one
    landings, _ = reland_defenders(s, ED, [f], {"uk": ("karelia_ssr", "sz5", "sz3",
                                                       "archangel")})
    assert landings == [{"unit": f, "power": "uk", "to": "sz3",
                         "source": "standing order (homeless defender)"}]
    assert _unit(s, f)["aboard"] == cv


def test_a_standing_order_with_no_legal_region_falls_back_to_the_default():
    s = blank("germany")
    (f,) = _homeless(s, "sz4")
    landings, _ = reland_defenders(s, ED, [f], {"uk": ("germany", "sz5")})
    assert landings[0]["to"] == "archangel"
    assert landings[0]["source"] == "default (homeless defender)"


def test_another_powers_standing_order_is_not_used():
    s = blank("germany")
    (f,) = _homeless(s, "sz4")
    landings, _ = reland_defenders(s, ED, [f], {"usa": ("karelia_ssr",)})
    assert landings[0]["to"] == "archangel"


@pytest.mark.parametrize("text", ["standing:\nreland: Karelia, sz 3, Archangel",
                                  "standing: reland Karelia then sz 3 or Archangel",
                                  "reland: Karelia, sz 3, Archangel"])
def test_the_standing_order_is_read(text):
    r = parse_turn(text, ED)
    assert r.errors == []
    assert [p.order for p in r.orders] == [
        StandingOrders(reland=("karelia_ssr", "sz3", "archangel"))]


def test_the_standing_order_round_trips():
    script, errors = parse_turn_script("standing:\nloss: inf, art\nreland: Karelia, sz 3", ED)
    assert errors == []
    assert "reland: karelia ssr, sz 3" in script.text()
    again, errors = parse_turn_script(script.text(), ED)
    assert errors == [] and again == script


def test_reland_under_a_battle_header_is_an_error():
    r = parse_turn("battle sz 4:\nreland: Karelia", ED)
    assert r.orders == [] and len(r.errors) == 1
    assert "'reland' is a standing order" in r.errors[0].message


def test_an_unknown_region_in_the_standing_order_suggests_names():
    r = parse_turn("standing:\nreland: Karlea", ED)
    assert r.orders == [] and "Karelia S.S.R." in r.errors[0].suggestions


def test_the_state_stores_the_list_only_when_given():
    """States written before the standing order existed keep their bytes on replay."""
    assert "reland" not in standing_to_json(StandingOrders(keep_land_units=1))
    d = standing_to_json(StandingOrders(reland=("sz3", "archangel")))
    assert d["reland"] == ["sz3", "archangel"]
    assert standing_from_json(d) == StandingOrders(reland=("sz3", "archangel"))
    s = set_standing(blank("germany"), "uk", StandingOrders(reland=("archangel",)))
    s = set_standing(s, "uk", StandingOrders(keep_land_units=2))  # merged, kept
    assert s["standing"]["uk"]["reland"] == ["archangel"]


def test_a_position_with_the_standing_order_loads():
    s = G.new_state(G.check_options({}))
    s["standing"] = {"uk": standing_to_json(StandingOrders(reland=("archangel",)))}
    text = G.position_text(s)
    back = G.state_from_position(text, {})
    assert back["standing"]["uk"]["reland"] == ["archangel"]


# --- in a turn: after all the battles ---------------------------------------------------------


def _germany_sinks_the_uk_carrier_in_sz4() -> dict:
    """A German sub sinks a UK carrier with two UK fighters in sz 4 (Karelia and Archangel on
    its coast); a German infantry takes Karelia, defended only by a Soviet AA gun."""
    s = blank("germany", step="purchase")
    s["phase"] = phase_code(1, "germany", "purchase")
    (cv,) = put(s, "uk", "carrier", "sz4")
    put(s, "uk", "fighter", "sz4", 2, aboard=cv)
    put(s, "germany", "submarine", "sz3")
    put(s, "germany", "infantry", "norway")
    put(s, "ussr", "aa_gun", "karelia_ssr")
    return s


def _play(s: dict, text: str, dice: list[int]):
    parsed = G.parse(text, s)
    assert parsed.errors == [], parsed.errors
    return G.resolve(s, {s["turn"]["power"]: [p.order for p in parsed.orders]},
                     FixedDice(dice))


# the sub's surprise strike sinks the carrier; the fighters cannot hit a sub without a
# destroyer and the sub cannot hit aircraft: the sea battle ends in a stalemate
_SINK = [1] + [6] * 40


def test_the_fighters_land_after_all_the_battles_not_in_a_territory_lost_later():
    """1942 p.27: relanding is done after all the attacker's battles. With the sea battle
    fought first (order 1), Karelia (one friendly unit) was still Soviet when it ended; it
    falls afterwards, so the fighters go to Archangel and never defend Karelia."""
    s = _germany_sinks_the_uk_carrier_in_sz4()
    fighters = [u["id"] for u in s["units"] if u["type"] == "fighter"]
    res = _play(s, "combat:\n1 sub sz 3 -> sz 4\n1 inf Norway -> Karelia\n"
                   "battle sz 4: order 1\nplace:\n", _SINK)
    st = res.state
    assert st["controllers"]["karelia_ssr"] == "germany"
    assert [_unit(st, f)["loc"] for f in fighters] == ["archangel", "archangel"]
    karelia = next(b for b in res.events["battles"] if b["region"] == "karelia_ssr")
    assert not set(fighters) & set(karelia["result"]["fates"])
    assert [x["to"] for x in res.events["landings"] if x["unit"] in fighters] == [
        "archangel", "archangel"]


def test_the_defenders_standing_order_is_followed_in_the_turn():
    s = _germany_sinks_the_uk_carrier_in_sz4()
    (us_cv,) = put(s, "usa", "carrier", "sz3")
    s["standing"] = {"uk": standing_to_json(StandingOrders(reland=("sz3",)))}
    res = _play(s, "combat:\n1 sub sz 3 -> sz 4\n1 inf Norway -> Karelia\nplace:\n", _SINK)
    fighters = [u for u in res.state["units"] if u["type"] == "fighter"]
    assert [(u["loc"], u["aboard"]) for u in fighters] == [("sz3", us_cv), ("sz3", us_cv)]
    assert {x["source"] for x in res.events["landings"]} == {
        "standing order (homeless defender)"}
