"""A&A 1942 combat engine: one named test per rule, with fixed dice, plus a statistical check.

Dice order inside one volley: shooters sorted by unit-table order (infantry, artillery, tank,
AA gun, complex, fighter, bomber, battleship, carrier, cruiser, destroyer, submarine,
transport), then by id. Each test comments which die goes where.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache

import pytest

from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import (
    AmphibiousSetup,
    BattleSetup,
    Unit,
    battle_orders,
    controller_after_battle,
    resolve_amphibious,
    resolve_battle,
)
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.orders import BattleInstruction, StandingOrders
from adjudicator.dice import FixedDice, Roll, RollLabel
from adjudicator.record import replace

ED = load_edition("aa1942")
RULES = rules_for("aa1942")


def units(power: str, prefix: str, *types: str, **kw) -> tuple[Unit, ...]:
    return tuple(Unit(f"{prefix}{i}", power, t, **kw) for i, t in enumerate(types))


def fight(
    kind, attackers, defenders, dice, *, standing=None, instruction=None, options=(), rules=RULES,
    defending_powers=None,
):
    powers = defending_powers or tuple(dict.fromkeys(u.power for u in defenders))
    attacker = attackers[0].power
    setup = BattleSetup("here", kind, attacker, tuple(attackers), tuple(defenders), powers,
                        tuple(options))
    orders = battle_orders(attacker, powers, standing or {}, instruction)
    d = FixedDice(list(dice))
    res = resolve_battle(ED, rules, setup, orders, d)
    assert d.values == [], f"unused dice {d.values}"
    return res


def events(res, name):
    return [e for e in res.log if e["event"] == name]


def casualty_whys(res, side):
    return [c for e in events(res, "casualties") if e["side"] == side for c in e["chosen"]]


# --- land combat ---------------------------------------------------------------------------


def test_rulebook_example_two_artillery_support_two_of_five_infantry():
    """p.24: 2 artillery + 5 infantry attack -> 2 infantry at 2, 3 infantry at 1."""
    att = units("germany", "a", *["infantry"] * 5, "artillery", "artillery")
    dfn = units("ussr", "d", "infantry")
    ins = BattleInstruction(at="here", retreat_after_round=1)
    res = fight("land", att, dfn, [6] * 7 + [6], instruction=ins, options=("poland",))
    fire = events(res, "fire")[0]
    assert [e["value"] for e in fire["dice"]] == [2, 2, 1, 1, 1, 2, 2]
    assert sum(1 for e in fire["dice"] if e.get("supported")) == 2


def test_artillery_support_recomputed_each_round():
    att = units("germany", "a", "infantry", "artillery")
    dfn = units("ussr", "d", "infantry", "infantry")
    ins = BattleInstruction(at="here", order_of_loss=("artillery",), keep_land_units=0)
    # r1: inf(2) art(2) miss; defender hits once -> artillery dies by instruction
    # r2: infantry alone attacks at 1: die 2 misses; defender misses; r3 ... retreat instead
    ins = replace(ins, retreat_after_round=2)
    res = fight("land", att, dfn, [6, 6, 1, 6, 2, 6, 6], instruction=ins, options=("poland",))
    r2 = next(e for e in events(res, "fire") if e["round"] == 2 and e["side"] == "attacker")
    assert r2["dice"] == [{"unit": "a0", "type": "infantry", "value": 1, "die": 2, "hit": False}]


def test_defender_casualties_fire_back_and_mutual_destruction_keeps_territory():
    res = fight("land", units("germany", "a", "infantry"), units("ussr", "d", "infantry"), [1, 2])
    assert res.winner == "none" and res.end_reason == "both-eliminated"
    assert not res.captures
    assert controller_after_battle(res, "ussr") == "ussr"


def test_capture_needs_a_surviving_land_unit():
    res = fight("land", units("germany", "a", "infantry"), units("ussr", "d", "infantry"), [1, 3])
    assert res.winner == "attacker" and res.captures
    assert controller_after_battle(res, "ussr") == "germany"


def test_air_alone_never_captures():
    res = fight("land", units("germany", "a", "fighter"), units("ussr", "d", "infantry"), [1, 6])
    assert res.winner == "attacker" and not res.captures
    assert controller_after_battle(res, "ussr") == "ussr"


def test_aa_fire_once_before_round_one_one_gun_dice_per_aircraft_type():
    att = units("germany", "a", "infantry", "fighter", "fighter", "bomber")
    dfn = units("ussr", "d", "infantry", "aa_gun", "aa_gun")
    # AA: fighters [1, 3] -> one fighter down; bomber [1] -> bomber down
    # r1: inf + fighter [1, 1] -> one hit on the infantry, the other wasted (AA never a casualty)
    # defender infantry (in the casualty zone) fires [6]
    res = fight("land", att, dfn, [1, 3, 1, 1, 1, 6])
    aa = events(res, "aa")
    assert [(e["type"], e["dice"], e["guns_present"]) for e in aa] == [
        ("fighter", [1, 3], 2), ("bomber", [1], 2)]
    assert res.fates["a1"] == "destroyed" and res.fates["a3"] == "destroyed"
    assert res.fates["a2"] == "survived"
    assert [r["label"]["purpose"] for r in res.rolls][:2] == ["aa-fighter", "aa-bomber"]
    assert all(r["label"]["combat_round"] == 0 for r in res.rolls[:2])
    assert events(res, "casualties")[0]["wasted"]
    assert res.captures and res.fates["d1"] == "survived"  # the turn engine captures AA guns


def test_lone_aa_gun_fires_then_territory_is_captured():
    """Digest §6.2 #11: no combat rounds against an AA gun alone; the gun still fires."""
    res = fight("land", units("germany", "a", "infantry", "fighter"),
                units("ussr", "d", "aa_gun"), [2])
    assert res.rounds == 0 and res.captures


def test_keep_land_unit_for_capture_by_default():
    att = units("germany", "a", "infantry", "fighter")
    dfn = units("ussr", "d", "infantry", "infantry")
    ins = BattleInstruction(at="here", retreat_after_round=1)
    res = fight("land", att, dfn, [6, 6, 1, 6], instruction=ins, options=("poland",))
    assert res.fates["a1"] == "destroyed"  # the fighter, though infantry is cheaper
    why = casualty_whys(res, "attacker")[0]["why"]
    assert why["rule"] == "keep-land-units" and why["source"] == "default"
    standing = {"germany": StandingOrders(keep_land_units=0)}
    res = fight("land", att, dfn, [6, 6, 1, 6], instruction=ins, options=("poland",),
                standing=standing)
    assert res.fates["a0"] == "destroyed"


def test_casualty_reasons_instruction_standing_order_and_default():
    att = units("germany", "a", "infantry", "tank")
    dfn = units("ussr", "d", "infantry", "artillery")
    ins = BattleInstruction(at="here", order_of_loss=("tank", "infantry"), retreat_after_round=1)
    standing = {"ussr": StandingOrders(order_of_loss=("artillery", "infantry"))}
    res = fight("land", att, dfn, [1, 6, 1, 6], instruction=ins, standing=standing,
                options=("poland",))
    d_why = casualty_whys(res, "defender")[0]
    a_why = casualty_whys(res, "attacker")[0]
    assert d_why["unit"] == "d1" and d_why["why"]["source"] == "standing-order"
    assert a_why["unit"] == "a1" and a_why["why"]["source"] == "battle-instruction"
    res = fight("land", att, dfn, [1, 6, 1, 6], instruction=replace(ins, order_of_loss=()),
                options=("poland",))
    d_why = casualty_whys(res, "defender")[0]
    assert d_why["unit"] == "d0" and d_why["why"] == {
        "source": "default", "rule": "order-of-loss", "detail": "cheapest first (default)"}


def test_multinational_defence_uses_lead_powers_list_and_spares_small_contingents():
    dfn = (Unit("k0", "uk", "infantry"), Unit("s0", "usa", "infantry"),
           Unit("s1", "usa", "infantry"), Unit("s2", "usa", "fighter"))
    att = units("germany", "a", "tank")
    ins = BattleInstruction(at="here", retreat_after_round=1)
    # default: infantry first, from the power holding more infantry (usa), not the lead uk
    res = fight("land", att, dfn, [1, 6, 6, 6, 6], instruction=ins, options=("poland",),
                defending_powers=("uk", "usa"))
    assert casualty_whys(res, "defender")[0]["unit"] == "s0"
    # the lead's list is the joint list, whatever usa's own standing orders say
    standing = {"uk": StandingOrders(order_of_loss=("fighter",)),
                "usa": StandingOrders(order_of_loss=("infantry",))}
    res = fight("land", att, dfn, [1, 6, 6, 6, 6], instruction=ins, options=("poland",),
                defending_powers=("uk", "usa"), standing=standing)
    chosen = casualty_whys(res, "defender")[0]
    assert chosen["unit"] == "s2" and "uk's" in chosen["why"]["detail"]


# --- retreat ---------------------------------------------------------------------------------


def test_retreat_after_round_to_named_legal_region():
    ins = BattleInstruction(at="here", retreat_after_round=1, retreat_to="b")
    res = fight("land", units("germany", "a", "infantry", "infantry"),
                units("ussr", "d", "infantry", "infantry", "infantry"), [6, 6, 6, 6, 6],
                instruction=ins, options=("a", "b"))
    assert res.end_reason == "attacker-retreated" and res.winner == "defender"
    assert res.retreated_to == {"a0": "b", "a1": "b"}


def test_retreat_to_illegal_region_falls_back_to_first_legal_option():
    ins = BattleInstruction(at="here", retreat_after_round=1, retreat_to="nowhere")
    res = fight("land", units("germany", "a", "infantry"), units("ussr", "d", "infantry"),
                [6, 6], instruction=ins, options=("a", "b"))
    assert res.retreated_to == {"a0": "a"}
    assert "not a legal retreat region" in events(res, "retreat")[0]["why"]


def test_retreat_when_loss_exceeds_ipc_or_units_at_most():
    att = units("germany", "a", "infantry", "infantry", "infantry")
    dfn = units("ussr", "d", "infantry", "infantry", "infantry")
    ins = BattleInstruction(at="here", retreat_when_loss_exceeds_ipc=5)
    res = fight("land", att, dfn, [6, 6, 6, 1, 1, 6], instruction=ins, options=("a",))
    assert res.rounds == 1 and res.ids("retreated") == ("a2",)
    ins = BattleInstruction(at="here", retreat_when_units_at_most=2)
    res = fight("land", att, dfn, [6, 6, 6, 1, 6, 6], instruction=ins, options=("a",))
    assert res.rounds == 1 and set(res.ids("retreated")) == {"a1", "a2"}


def test_air_retreats_without_a_retreat_region():
    ins = BattleInstruction(at="here", retreat_after_round=1)
    res = fight("land", units("germany", "a", "fighter"), units("ussr", "d", "infantry"),
                [6, 6], instruction=ins)
    assert res.retreated_to == {"a0": None}


def test_no_legal_retreat_region_means_press_on():
    ins = BattleInstruction(at="here", retreat_after_round=1)
    res = fight("land", units("germany", "a", "infantry"), units("ussr", "d", "infantry"),
                [6, 6, 1, 6], instruction=ins)
    assert res.rounds == 2 and res.captures
    assert len(events(res, "no-retreat")) == 1


# --- sea combat ------------------------------------------------------------------------------


def test_sub_surprise_strike_casualties_removed_before_they_fire():
    att = units("japan", "a", "submarine")
    dfn = (Unit("d0", "uk", "cruiser"), Unit("d1", "uk", "transport"),
           Unit("d2", "uk", "infantry", aboard="d1"))
    res = fight("sea", att, dfn, [2])  # the strike hits on <= 2: the cruiser, transports last
    assert [e["purpose"] for e in events(res, "fire")] == ["surprise"]
    assert res.fates["d0"] == "destroyed"
    assert res.end_reason == "defenceless-transports"
    assert res.fates["d1"] == res.fates["d2"] == "destroyed"


def test_destroyer_cancels_surprise_strike_and_submerge():
    res = fight("sea", units("japan", "a", "submarine"), units("uk", "d", "destroyer"), [1, 1],
                standing={"japan": StandingOrders(submerge="always")})
    assert events(res, "submarines")[0]["decision"] == "fire normally"
    assert [e["purpose"] for e in events(res, "fire")] == ["fire", "fire"]
    assert res.end_reason == "both-eliminated"


def test_defending_sub_hit_by_surprise_strike_still_strikes_on_one():
    att = units("japan", "a", "submarine", "cruiser")
    dfn = units("uk", "d", "submarine")
    res = fight("sea", att, dfn, [1, 1])  # attacker strike hits, defender strike (on 1) hits
    fires = events(res, "fire")
    assert [(f["side"], f["dice"][0]["value"]) for f in fires] == [
        ("attacker", 2), ("defender", 1)]
    assert res.fates["a0"] == "destroyed"  # attacker's cheapest naval unit
    assert res.winner == "attacker"
    rules = replace(RULES, struck_subs_still_strike=False)
    res = fight("sea", att, dfn, [1], rules=rules)
    assert res.fates["a0"] == "survived"


def test_submerge_policies_always_and_when_outnumbered():
    res = fight("sea", units("uk", "a", "cruiser"), units("japan", "d", "submarine"), [],
                standing={"japan": StandingOrders(submerge="always")})
    assert res.fates["d0"] == "submerged" and res.rounds == 1
    outnumbered = {"japan": StandingOrders(submerge="when-outnumbered")}
    res = fight("sea", units("uk", "a", "cruiser", "fighter"), units("japan", "d", "submarine"),
                [], standing=outnumbered)
    assert res.fates["d0"] == "submerged"
    # one against one: not outnumbered, so it strikes (die 6 misses; cruiser 1 hits)
    res = fight("sea", units("uk", "a", "cruiser"), units("japan", "d", "submarine"), [6, 1],
                standing=outnumbered)
    assert events(res, "submarines")[0]["decision"] == "surprise strike"
    assert res.fates["d0"] == "destroyed"


def test_battleship_takes_two_hits_and_is_repaired_after_the_battle():
    att = units("usa", "a", "battleship")
    dfn = units("japan", "d", "destroyer")
    res = fight("sea", att, dfn, [6, 1, 1, 6])  # r1: bb misses, dd hits; r2: bb sinks dd
    assert res.fates["a0"] == "survived" and res.damage == {"a0": 0}
    assert events(res, "repair")
    later = replace(RULES, battleship_repair="end_of_turn")
    res = fight("sea", att, dfn, [6, 1, 1, 6], rules=later)
    assert res.damage == {"a0": 1}
    res = fight("sea", att, units("japan", "d", "destroyer", "destroyer"), [6, 1, 1])
    assert res.fates["a0"] == "destroyed"  # two hits in one volley sink it


def test_undamaged_battleship_takes_first_hit_unless_told_otherwise():
    att = units("usa", "a", "cruiser")
    dfn = units("japan", "d", "battleship", "destroyer")
    ins = BattleInstruction(at="here", retreat_after_round=1)
    res = fight("sea", att, dfn, [1, 6, 6], instruction=ins, options=("sz1",))
    chosen = casualty_whys(res, "defender")[0]
    assert chosen["unit"] == "d0" and chosen["effect"] == "damaged"
    assert chosen["why"]["rule"] == "battleship-first-hit"
    res = fight("sea", att, dfn, [1, 6, 6], instruction=ins, options=("sz1",),
                standing={"japan": StandingOrders(battleship_first_hit=False)})
    assert casualty_whys(res, "defender")[0]["unit"] == "d1"


def test_sub_hits_never_go_to_aircraft_next_legal_is_taken():
    att = units("germany", "a", "submarine")
    dfn = (Unit("d0", "uk", "carrier"), Unit("d1", "uk", "fighter", aboard="d0"),
           Unit("d2", "uk", "fighter", aboard="d0"))
    standing = {"uk": StandingOrders(order_of_loss=("fighter", "carrier"))}
    res = fight("sea", att, dfn, [2, 6, 6], standing=standing)
    chosen = casualty_whys(res, "defender")[0]
    assert chosen["unit"] == "d0" and chosen["why"]["rule"] == "next-legal"
    assert "cannot be taken by aircraft" in chosen["why"]["detail"]
    # fighters of a sunk carrier keep defending in the air, then must reland
    assert res.homeless_fighters == ("d1", "d2")
    # sub versus aircraft: neither can hit the other
    assert res.end_reason == "stalemate"


def test_aircraft_hit_submarines_only_with_a_destroyer_of_their_power():
    dfn = (Unit("d0", "japan", "submarine"), Unit("d1", "japan", "transport"))
    # no destroyer: sub strikes (wasted on air); the fighter's hit must go to the transport
    res = fight("sea", units("usa", "a", "fighter"), dfn, [1, 1])
    assert res.fates["d0"] == "survived" and res.fates["d1"] == "destroyed"
    assert res.end_reason == "stalemate"
    # with a US destroyer present the fighter may hit the sub
    res = fight("sea", units("usa", "a", "fighter", "destroyer"), dfn[:1], [1, 6, 6])
    assert res.fates["d0"] == "destroyed"
    # an allied (UK) destroyer on the defending side does not let a US fighter hit a sub
    mixed = (Unit("k0", "uk", "destroyer"), Unit("s0", "usa", "fighter", aboard="x"),
             Unit("x", "usa", "carrier"))
    # sub [6]; fighter [1] (wasted), carrier [6], destroyer [6]
    res = fight("sea", units("germany", "a", "submarine"), mixed, [6, 1, 6, 6],
                defending_powers=("uk", "usa"),
                instruction=BattleInstruction(at="here", retreat_after_round=1),
                options=("sz1",))
    assert res.fates["a0"] == "retreated"  # fighter's hit wasted, destroyer & carrier missed
    assert events(res, "casualties")[0]["wasted"]


def test_transports_chosen_last_even_against_the_order_of_loss():
    att = units("usa", "a", "cruiser")
    dfn = units("japan", "d", "destroyer", "transport")
    standing = {"japan": StandingOrders(order_of_loss=("transport", "destroyer"))}
    res = fight("sea", att, dfn, [1, 6], standing=standing)
    chosen = casualty_whys(res, "defender")[0]
    assert chosen["unit"] == "d0" and "transports are chosen last" in chosen["why"]["detail"]
    assert res.end_reason == "defenceless-transports"


def test_defenceless_transports_are_sunk_with_cargo_without_dice():
    dfn = (Unit("d0", "japan", "transport"), Unit("d1", "japan", "infantry", aboard="d0"))
    res = fight("sea", units("usa", "a", "destroyer"), dfn, [])
    assert res.rounds == 0 and res.rolls == ()
    assert res.fates == {"a0": "survived", "d0": "destroyed", "d1": "destroyed"}


def test_cargo_dies_with_its_ship_and_attacking_transports_are_not_defenceless():
    att = (Unit("a0", "usa", "destroyer"), Unit("a1", "usa", "transport"),
           Unit("a2", "usa", "infantry", aboard="a1"), Unit("a3", "usa", "tank", aboard="a1"))
    res = fight("sea", att, units("japan", "d", "cruiser"), [6, 1, 1])
    assert res.rounds == 2 and res.end_reason == "attacker-eliminated"
    assert {res.fates[u] for u in ("a1", "a2", "a3")} == {"destroyed"}
    assert len(events(res, "cargo-lost")) == 2


def test_both_sides_only_transports_attacker_stays():
    res = fight("sea", units("usa", "a", "transport"), units("japan", "d", "transport"), [])
    assert res.end_reason == "only-transports" and res.fates["a0"] == "survived"


def test_sea_retreat_takes_cargo_along():
    att = (Unit("a0", "usa", "cruiser"), Unit("a1", "usa", "transport"),
           Unit("a2", "usa", "infantry", aboard="a1"))
    ins = BattleInstruction(at="here", retreat_after_round=1, retreat_to="sz2")
    res = fight("sea", att, units("japan", "d", "cruiser"), [6, 6], instruction=ins,
                options=("sz1", "sz2"))
    assert res.retreated_to == {"a0": "sz2", "a1": "sz2", "a2": "sz2"}


# --- amphibious assault ----------------------------------------------------------------------


def amphib(sea, land, bombarding, dice, instruction=None):
    d = FixedDice(list(dice))
    sea_orders = None
    if sea is not None:
        sea_orders = battle_orders(sea.attacker, sea.defending_powers, {}, None)
    land_orders = battle_orders(land.attacker, land.defending_powers, {}, instruction)
    res = resolve_amphibious(ED, RULES, AmphibiousSetup(sea, land, bombarding), sea_orders,
                             land_orders, d)
    assert d.values == [], f"unused dice {d.values}"
    return res


def test_shore_bombardment_without_sea_battle_one_ship_per_landed_unit():
    landing = (Unit("a0", "usa", "infantry", aboard="t"), Unit("a1", "usa", "infantry",
                                                              aboard="t"))
    land = BattleSetup("norway", "land", "usa",
                       tuple(replace(u, landed=True) for u in landing),
                       units("germany", "d", "infantry", "infantry"), ("germany",))
    ships = (Unit("c1", "usa", "cruiser"), Unit("b1", "usa", "battleship"),
             Unit("c2", "usa", "cruiser"))
    # bombard: battleship 4 hits (<=4), cruiser 4 misses (<=3); d0 in the casualty zone
    # r1: attackers [6, 6]; defenders d0 + d1 fire back [1, 6]: a0 dies; d0 removed
    # r2: a1 [1] hits d1; d1 fires [6]
    res = amphib(None, land, ships, [4, 4, 6, 6, 1, 6, 1, 6])
    bomb = next(e for e in res.land.log if e["event"] == "bombardment")
    assert bomb["ships"] == ["b1", "c1"] and bomb["idle"] == ["c2"]
    fire = [e for e in res.land.log if e["event"] == "fire"]
    assert [d["value"] for d in fire[0]["dice"]] == [4, 3]
    assert len(fire[2]["dice"]) == 2  # the bombarded infantry fired back in round 1
    assert res.land.captures and res.captures


def test_amphibious_sea_battle_first_cargo_dies_and_no_bombardment():
    sea = BattleSetup("sz5", "sea", "uk",
                      (Unit("a0", "uk", "destroyer"), Unit("t", "uk", "transport"),
                       Unit("a1", "uk", "infantry", aboard="t")),
                      units("germany", "s", "destroyer"), ("germany",), ("sz6",))
    land = BattleSetup("norway", "land", "uk",
                       (Unit("a1", "uk", "infantry", aboard="t", landed=True),
                        Unit("a2", "uk", "tank")),
                       units("germany", "d", "infantry"), ("germany",))
    # sea r1: destroyer misses [6], German destroyer hits [1] -> UK destroyer (transport last)
    # sea r2: German destroyer hits [1] -> transport and its infantry sink
    # land r1: tank hits [1], infantry misses [6]
    res = amphib(sea, land, (Unit("b1", "uk", "battleship"),), [6, 1, 1, 1, 6])
    assert res.sea.fates["a1"] == "destroyed"
    assert res.not_landed == {"a1": "lost with its transport in the sea battle"}
    assert next(e["event"] for e in res.log) == "no-bombardment"
    assert res.land.captures and "a1" not in res.land.fates


def test_landed_units_never_retreat():
    land = BattleSetup("norway", "land", "uk",
                       (Unit("a0", "uk", "infantry", aboard="t", landed=True),
                        Unit("a1", "uk", "infantry")),
                       units("germany", "d", "infantry", "infantry"), ("germany",),
                       ("sweden_side",))
    ins = BattleInstruction(at="norway", retreat_after_round=1)
    # r1: all miss, overland infantry retreats; r2, r3: landed infantry fights on alone
    res = amphib(None, land, (), [6, 6, 6, 6, 1, 6, 6, 1, 6], instruction=ins)
    assert res.land.fates["a1"] == "retreated" and res.land.fates["a0"] == "survived"
    assert res.land.captures and res.land.rounds == 3


# --- strategic bombing -----------------------------------------------------------------------


def raid(dice, **kw):
    d = FixedDice(list(dice))
    setup = RaidSetup(**{"territory": "germany", "attacker": "uk", "ipc_value": 10, **kw})
    res = resolve_raid(ED, RULES, setup, d)
    assert d.values == []
    return res


def test_sbr_aa_fires_at_each_bomber_survivors_roll_damage():
    bombers = units("uk", "b", "bomber", "bomber", "bomber")
    res = raid([1, 2, 6, 4, 5], bombers=bombers, aa_gun=Unit("g", "germany", "aa_gun"))
    assert res.fates == {"b0": "destroyed", "b1": "survived", "b2": "survived"}
    assert res.damage_rolled == 9 and res.damage_after == 9
    assert [r["label"]["purpose"] for r in res.rolls] == ["sbr-aa", "sbr-damage"]


def test_sbr_damage_capped_at_twice_ipc_value_accumulated():
    res = raid([6, 6], bombers=units("uk", "b", "bomber", "bomber"), ipc_value=4,
               damage_before=6)
    assert (res.damage_rolled, res.damage_added, res.damage_after, res.cap) == (12, 2, 8, 8)


def test_sbr_refuses_a_raid_without_bombers():
    with pytest.raises(ValueError, match="cannot make a strategic bombing raid"):
        resolve_raid(ED, RULES, RaidSetup("germany", "uk", units("uk", "b", "fighter"), 10),
                     FixedDice([]))


# --- report ----------------------------------------------------------------------------------


def test_log_is_json_and_records_every_roll():
    att = units("germany", "a", "infantry", "artillery", "fighter")
    dfn = units("ussr", "d", "infantry", "aa_gun")
    res = fight("land", att, dfn, [6, 6, 6, 1, 2])
    text = json.dumps(res.to_json())
    assert json.loads(text)["winner"] == "attacker"
    assert sum(len(r["values"]) for r in res.rolls) == 5
    assert [r["label"]["purpose"] for r in res.rolls] == ["aa-fighter", "fire", "fire"]


def test_malformed_setup_is_refused():
    with pytest.raises(ValueError, match="unknown unit type"):
        fight("land", units("germany", "a", "panzer"), units("ussr", "d", "infantry"), [])
    with pytest.raises(ValueError, match="only one power attacks"):
        fight("land", (Unit("a", "germany", "tank"), Unit("b", "japan", "tank")),
              units("ussr", "d", "infantry"), [])


# --- statistics ------------------------------------------------------------------------------


class SeededDice:
    """Deterministic pseudo-random dice implementing the Dice protocol (tests only)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rolls: list[Roll] = []

    def roll(self, label: RollLabel, n: int) -> list[int]:
        out = [self.rng.randint(1, 6) for _ in range(n)]
        self.rolls.append(Roll(label, tuple(out), "fixed"))
        return out


def hit_distribution(probs: list[Fraction]) -> list[Fraction]:
    dist = [Fraction(1)]
    for p in probs:
        new = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            new[k] += q * (1 - p)
            new[k + 1] += q * p
        dist = new
    return dist


def exact_outcomes(inf: int, art: int, dinf: int) -> dict[tuple, Fraction]:
    """Exact terminal distribution of inf+art attacking dinf infantry, engine defaults
    (attacker loses infantry before artillery; one-for-one support; never retreats)."""

    @cache
    def solve(a_inf: int, a_art: int, d: int) -> dict[tuple, Fraction]:
        if d == 0 or a_inf + a_art == 0:
            return {(a_inf, a_art, d): Fraction(1)}
        sup = min(a_inf, a_art)
        att = hit_distribution(
            [Fraction(2, 6)] * sup + [Fraction(1, 6)] * (a_inf - sup) + [Fraction(2, 6)] * a_art
        )
        dfn = hit_distribution([Fraction(2, 6)] * d)
        stay = att[0] * dfn[0]
        out: dict[tuple, Fraction] = {}
        for ha, pa in enumerate(att):
            for hd, pd in enumerate(dfn):
                if ha == 0 and hd == 0:
                    continue
                ni = max(0, a_inf - hd)
                na = max(0, a_art - max(0, hd - a_inf))
                for k, v in solve(ni, na, max(0, d - ha)).items():
                    out[k] = out.get(k, Fraction(0)) + pa * pd * v / (1 - stay)
        return out

    return solve(inf, art, dinf)


@pytest.mark.parametrize("inf,art,dinf", [(1, 0, 1), (2, 1, 2)])
def test_statistical_outcomes_match_exact_markov_chain(inf, art, dinf):
    exact = exact_outcomes(inf, art, dinf)
    n = 3000
    dice = SeededDice(1942 + inf + art + dinf)
    counts: dict[tuple, int] = {}
    for _ in range(n):
        att = units("germany", "a", *["infantry"] * inf, *["artillery"] * art)
        res = resolve_battle(
            ED, RULES,
            BattleSetup("here", "land", "germany", att, units("ussr", "d", *["infantry"] * dinf),
                        ("ussr",)),
            battle_orders("germany", ("ussr",)), dice,
        )
        alive = [u for u in att if res.fates[u.id] == "survived"]
        key = (sum(u.type == "infantry" for u in alive), sum(u.type == "artillery" for u in alive),
               sum(1 for f, v in res.fates.items() if f.startswith("d") and v == "survived"))
        counts[key] = counts.get(key, 0) + 1
    assert set(counts) <= set(exact)
    for key, p in exact.items():
        emp = counts.get(key, 0) / n
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(emp - float(p)) <= 4 * sigma + 0.01, (key, emp, float(p))


def test_no_surprise_strike_dice_when_every_attacker_submerged():
    # the lone attacking sub submerges (attacker declares first): the defending sub has
    # nothing left to strike at, so no die is rolled and the battle is over
    res = fight("sea", units("japan", "a", "submarine"), units("usa", "d", "submarine", "carrier"),
                [], instruction=BattleInstruction("here", submerge="always"))
    assert res.fates["a0"] == "submerged" and res.fates["d0"] == "survived"
    assert not [e for e in events(res, "fire") if e["purpose"] == "surprise"]
