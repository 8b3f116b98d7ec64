"""Kaiten Torpedoes (Japan 3, Revised digest A7; C3 #23): with the standing order, Japanese
submarines defending a sea zone next to an orange territory Japan holds fire first in round
1 at 3 (4 with Super Subs), then are lost; default never (ruling NA-kaiten_torpedoes)."""

from __future__ import annotations

from fractions import Fraction as F

from na_scenario import BASE, ED, emptied, game_with, new, play, put, ruleset_with

from adjudicator.axis_allies.advantages import NationalAdvantage
from adjudicator.axis_allies.advantages.kaiten_torpedoes import ADVANTAGE
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.odds import battle_odds
from adjudicator.axis_allies.orders import StandingOrders
from adjudicator.dice import FixedDice

ON = {"advantages": {"japan": ["kaiten_torpedoes"]}}
PLAY = ruleset_with(ADVANTAGE).in_play(ON)
HELD = {"japan": "japan", "buryatia_ssr": "ussr"}
ALWAYS = {"japan": StandingOrders(advantages=(("kaiten_torpedoes", "yes"),))}
NEVER = {"japan": StandingOrders(advantages=(("kaiten_torpedoes", "no"),))}


def sea(zone: str, att: tuple[str, ...], dfn: tuple[str, ...]) -> BattleSetup:
    a = tuple(Unit(f"a{i}", "usa", t) for i, t in enumerate(att, 1))
    d = tuple(Unit(f"d{i}", "japan", t) for i, t in enumerate(dfn, 1))
    return BattleSetup(zone, "sea", "usa", a, d, ("japan",), ("sz51",))


def orders(standing=ALWAYS, controllers=HELD):
    return battle_orders("usa", ("japan",), standing, None, controllers)


def fight(play_, setup, dice, **kw):
    return resolve_battle(ED, play_, setup, orders(**kw), FixedDice(list(dice)))


def odds(play_, setup, **kw):
    o = battle_odds(ED, play_, setup, orders(**kw), exact=True)
    return o.attacker_wins, o.both_destroyed, o.defender_holds


DD_V_SUB = sea("sz60", ("destroyer",), ("submarine",))


def kaiten_event(res):
    return next((e for e in res.log if e["event"] == "advantage"), None)


def test_a_kaiten_fires_first_at_3_and_is_lost():
    res = fight(PLAY, DD_V_SUB, [3])
    ev = kaiten_event(res)
    assert (ev["name"], ev["units"], ev["defend_at"], ev["round"]) == (
        "Kaiten Torpedoes", ["d1"], 3, 1)
    fire = next(e for e in res.log if e["event"] == "fire")
    assert [(d["unit"], d["value"], d["die"]) for d in fire["dice"]] == [("d1", 3, 3)]
    assert res.fates == {"a1": "destroyed", "d1": "destroyed"}
    # exactly: the destroyer is hit with 1/2; the submarine is lost either way
    assert odds(PLAY, DD_V_SUB) == (F(1, 2), F(1, 2), 0)


def test_a_miss_still_loses_the_kaiten():
    res = fight(PLAY, DD_V_SUB, [4])
    assert res.fates == {"a1": "survived", "d1": "destroyed"} and res.winner == "attacker"


def test_its_hits_never_fall_on_aircraft():
    setup = sea("sz60", ("fighter", "destroyer"), ("submarine",))
    res = fight(PLAY, setup, [1])
    assert res.fates["a1"] == "survived" and res.fates["a2"] == "destroyed"


def test_4_with_super_subs():
    class SuperSubs(NationalAdvantage):  # a stand-in for the technology: subs attack at 3
        key, power, number, name = "test_super_subs", "japan", 6, "Super Subs"

        def attack(self, unit, value):
            return value + 1 if unit.power == "japan" and unit.spec.submarine else value

    play_ = ruleset_with(ADVANTAGE, SuperSubs()).in_play(
        {"advantages": {"japan": ["kaiten_torpedoes", "test_super_subs"]}})
    assert kaiten_event(fight(play_, DD_V_SUB, [4]))["defend_at"] == 4
    assert odds(play_, DD_V_SUB) == (F(1, 3), F(2, 3), 0)


def test_only_next_to_an_orange_territory_japan_holds():
    """Ruling NA-kaiten_torpedoes: printed orange and held by Japan when the battle is
    fought."""
    far = sea("sz7", ("destroyer",), ("submarine",))
    assert kaiten_event(fight(PLAY, far, [6, 6, 3, 6])) is None
    lost = {"japan": "usa"}
    assert kaiten_event(fight(PLAY, DD_V_SUB, [6, 6, 3, 6], controllers=lost)) is None
    assert odds(PLAY, DD_V_SUB, controllers=lost) == odds(BASE.in_play({}), DD_V_SUB)


def test_never_by_default_and_when_the_standing_order_says_never():
    plain = odds(BASE.in_play({}), DD_V_SUB)
    assert odds(PLAY, DD_V_SUB, standing={}) == plain
    assert odds(PLAY, DD_V_SUB, standing=NEVER) == plain
    assert kaiten_event(fight(PLAY, DD_V_SUB, [6, 6, 3, 6], standing={})) is None


def test_only_in_round_1_and_only_defending():
    # two subs: both are kaiten in round 1; none left for round 2
    setup = sea("sz60", ("destroyer", "destroyer"), ("submarine", "submarine"))
    res = fight(PLAY, setup, [6, 6, 6, 6])
    assert res.fates["d1"] == res.fates["d2"] == "destroyed" and res.rounds == 1
    jp = BattleSetup("sz60", "sea", "japan", (Unit("a1", "japan", "submarine"),),
                     (Unit("d1", "usa", "destroyer"),), ("usa",), ("sz61",))
    o = battle_orders("japan", ("usa",), ALWAYS, None, HELD)
    res = resolve_battle(ED, PLAY, jp, o, FixedDice([6, 6, 1, 6]))
    assert kaiten_event(res) is None


def test_in_a_turn_with_the_standing_order():
    with game_with(ADVANTAGE) as game:
        s = new(game, na_japan="kaiten_torpedoes")
        parsed = game.parse("Kaiten Torpedoes: always", s)
        assert not parsed.errors, parsed.errors
        s = game.apply_standing(s, "japan", [p.order for p in parsed.orders])
        assert s["standing"]["japan"]["advantages"] == {"kaiten_torpedoes": "yes"}
        s = emptied(s, "usa")
        put(s, "usa", "destroyer", "sz61")
        put(s, "japan", "submarine", "sz60")
        put(s, "japan", "infantry", "japan")
        out = play(game, s, "usa", "combat:\n1 dd sz61 -> sz60", [2])
        log = out.events["battles"][0]["result"]["log"]
        assert kaiten_event_of(log)["defend_at"] == 3
        assert not [u for u in out.state["units"] if u["loc"] == "sz60"]
        record = {"phase": s["phase"], "state_before": s, "results": out.results,
                  "events": out.events}
        text = str(game.report_context(record, out.state, {}))
        assert "Kaiten Torpedoes: Submarine" in text and "defends at 3 in round 1" in text


def kaiten_event_of(log):
    return next(e for e in log if e["event"] == "advantage")


def test_a_standing_order_of_a_power_without_it_is_refused_with_why():
    with game_with(ADVANTAGE) as game:
        s = new(game, na_japan="kaiten_torpedoes")

        def refused(power: str, state: dict) -> list[str]:
            parsed = game.parse("Kaiten Torpedoes: always", state)
            assert not parsed.errors
            return [e.message for e in game.validate(state, power,
                                                     [p.order for p in parsed.orders])[1]]

        assert refused("ussr", s) == [("Kaiten Torpedoes is a National Advantage of another "
                                      "power")]
        assert refused("japan", new(game)) == [
            "Kaiten Torpedoes is not one of this power's National Advantages in this game"]
        [e] = game.parse("Kaiten Torpedos: always", s).errors
        assert "unknown National Advantage 'Kaiten Torpedos'" in e.message
