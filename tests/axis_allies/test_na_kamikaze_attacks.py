"""Kamikaze Attacks (Japan 2, Revised digest A7; C3 #22; C4 #3): Japanese aircraft declared
``(kamikaze)`` in the combat move need no landing spot; in round 1 of the sea battle they fire
first at their attack value, their hits fall on ships only and are removed at once, then they
are lost (ruling NA-kamikaze_attacks)."""

from __future__ import annotations

from fractions import Fraction as F

from na_scenario import ED, emptied, game_with, new, play, put, report, ruleset_with

from adjudicator.axis_allies.advantages.kamikaze_attacks import ADVANTAGE, KEY
from adjudicator.axis_allies.combat import BattleSetup, Unit, battle_orders, resolve_battle
from adjudicator.axis_allies.game import script_of
from adjudicator.axis_allies.movement import MoveRequest
from adjudicator.axis_allies.odds import battle_odds, planned_odds
from adjudicator.axis_allies.orders import Move, UnitCount
from adjudicator.axis_allies.turn import plan_battles
from adjudicator.axis_allies.validate import check_noncombat_moves
from adjudicator.dice import FixedDice
from adjudicator.record import replace

ON = {"advantages": {"japan": [KEY]}}
PLAY = ruleset_with(ADVANTAGE).in_play(ON)
FAR = "sz53"  # four moves from Japan: a fighter there has no move left to land


def sea(att: tuple[str, ...], dfn: tuple[str, ...], kamikaze: int) -> tuple:
    """A sea battle of Japan against the US in sz 60; the first ``kamikaze`` attackers are
    declared kamikaze."""
    a = tuple(Unit(f"a{i}", "japan", t) for i, t in enumerate(att, 1))
    d = tuple(Unit(f"d{i}", "usa", t) for i, t in enumerate(dfn, 1))
    setup = BattleSetup("sz60", "sea", "japan", a, d, ("usa",), ("sz61",))
    orders = battle_orders("japan", ("usa",), units={KEY: [u.id for u in a[:kamikaze]]})
    return setup, orders


def fight(setup, orders, dice):
    return resolve_battle(ED, PLAY, setup, orders, FixedDice(list(dice)))


def odds(setup, orders):
    o = battle_odds(ED, PLAY, setup, orders, exact=True)
    return o.attacker_wins, o.both_destroyed, o.defender_holds


def events(log):
    return [e for e in log if e["event"] == "advantage"]


def game_state(game, *, kamikaze_for: str = "japan"):
    s = emptied(new(game, na_japan=KEY) if kamikaze_for == "japan" else new(game), "japan")
    put(s, "japan", "infantry", "japan")
    return s


def errors(game, s, power, text):
    parsed = game.parse(text, s)
    assert not parsed.errors, parsed.errors
    return [(e.message, e.rule) for e in game.validate(s, power, [p.order for p in parsed.orders])[1]]


def test_a_kamikaze_fires_first_at_ships_and_is_lost():
    setup, orders = sea(("fighter",), ("destroyer",), 1)
    res = fight(setup, orders, [3])
    [ev] = events(res.log)
    assert (ev["name"], ev["units"], ev["attack_at"], ev["round"]) == (
        "Kamikaze Attacks", ["a1"], 3, 1)
    fire = next(e for e in res.log if e["event"] == "fire")
    assert fire["purpose"] == "kamikaze" and fire["side"] == "attacker"
    # the destroyer is removed at once: it never fires back
    assert [e["side"] for e in res.log if e["event"] == "fire"] == ["attacker"]
    assert res.fates == {"a1": "destroyed", "d1": "destroyed"}
    res = fight(setup, orders, [4, 1])
    assert res.fates == {"a1": "destroyed", "d1": "survived"} and res.winner == "defender"
    # exactly: the destroyer sinks with 1/2; the fighter is lost either way
    assert odds(setup, orders) == (0, F(1, 2), F(1, 2))


def test_a_bomber_kamikaze_fires_at_4():
    setup, orders = sea(("bomber",), ("destroyer",), 1)
    assert events(fight(setup, orders, [4]).log)[0]["attack_at"] == 4
    assert odds(setup, orders) == (0, F(2, 3), F(1, 3))


def test_its_hits_fall_on_ships_only():
    """Digest C4 #3: a kamikaze hit never takes the defending fighter, though the order of
    loss would give it first."""
    setup, orders = sea(("fighter",), ("fighter", "carrier"), 1)
    res = fight(setup, orders, [1])
    assert res.fates["d2"] == "destroyed"  # the carrier, not the cheaper fighter
    assert res.fates["d1"] == "survived"
    plain = battle_orders("japan", ("usa",))  # an ordinary fighter's hit takes the fighter
    res = fight(setup, plain, [1, 6, 6, 1, 6])
    first = next(e for e in res.log if e["event"] == "casualties")
    assert [c["unit"] for c in first["chosen"]] == ["d1"]


def test_only_declared_aircraft_are_kamikaze_the_others_fight_on():
    """A kamikaze fighter and an ordinary bomber against a destroyer (3 on defence): the
    kamikaze sinks it with 1/2; else bomber (4) and destroyer (3) fight it out."""
    setup, orders = sea(("fighter", "bomber"), ("destroyer",), 1)
    res = fight(setup, orders, [5, 6, 6, 1, 6])  # kamikaze misses, then both miss, then...
    assert res.fates["a1"] == "destroyed" and res.fates["a2"] == "survived"
    assert res.winner == "attacker" and res.rounds == 2
    # bomber v destroyer per round: 1/3 wins, 1/6 loses, 1/3 both go, 1/6 again
    assert odds(setup, orders) == (F(1, 2) + F(1, 2) * F(2, 5), F(1, 2) * F(2, 5),
                                   F(1, 2) * F(1, 5))


def test_without_the_declaration_aircraft_fight_as_usual():
    setup, _ = sea(("fighter",), ("destroyer",), 0)
    plain = battle_orders("japan", ("usa",))
    res = fight(setup, plain, [1, 6])
    assert events(res.log) == [] and res.fates == {"a1": "survived", "d1": "destroyed"}
    assert odds(setup, plain) == odds(setup, battle_orders("japan", ("usa",),
                                                           units={KEY: []}))


def test_only_when_japan_attacks_a_sea_zone():
    a = (Unit("a1", "japan", "fighter"),)
    land = BattleSetup("buryatia_ssr", "land", "japan", a, (Unit("d1", "ussr", "infantry"),),
                       ("ussr",), ("manchuria",))
    res = resolve_battle(ED, PLAY, land, battle_orders("japan", ("ussr",), units={KEY: ["a1"]}),
                         FixedDice([1, 6]))
    assert events(res.log) == [] and res.fates["a1"] == "survived"


def test_in_a_turn_the_kamikaze_need_no_landing_and_are_lost():
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        put(s, "japan", "fighter", "japan", 2)
        put(s, "usa", "destroyer", FAR)
        put(s, "usa", "transport", FAR)
        refused = errors(game, s, "japan", f"combat:\n2 ftr Japan -> {FAR}")
        assert {r for _, r in refused} == {"air-no-landing"}
        text = f"combat:\n2 ftr Japan -> {FAR} (kamikaze)"
        assert errors(game, s, "japan", text) == []
        out = play(game, s, "japan", text, [1, 6])
        [battle] = out.events["battles"]
        [ev] = events(battle["result"]["log"])
        assert ev["units"] == sorted(ev["units"]) and len(ev["units"]) == 2
        left = sorted(u["type"] for u in out.state["units"] if u["loc"] == FAR)
        assert left == ["destroyer"]  # the transport was hit; both fighters are lost
        assert not any(u["type"] == "fighter" for u in out.state["units"])
        assert "advantage_units" not in out.state  # forgotten after the battles
        ctx = str(report(game, s, out))
        assert "Kamikaze Attacks: " in ctx and "attack at 3 in round 1" in ctx


def test_adj_odds_of_the_live_battle_counts_the_kamikaze():
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        put(s, "japan", "fighter", "japan")
        put(s, "usa", "destroyer", "sz60")
        parsed = game.parse("combat:\n1 ftr Japan -> sz 60 (kamikaze)", s)
        battles, failed = plan_battles(s, script_of([p.order for p in parsed.orders]), ED)
        assert not failed
        assert battles["sz60"].orders.units[KEY]
        o = planned_odds(ED, PLAY, battles["sz60"], exact=True)
        assert (o.attacker_wins, o.both_destroyed, o.defender_holds) == (0, F(1, 2), F(1, 2))


def test_the_flag_is_read_and_written_back():
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        [p] = game.parse("combat:\nattack sz 60 with 1 bmr Japan (kamikaze)", s).orders
        move = p.order.order
        assert isinstance(move, Move) and move.kamikaze
        assert move.text() == "1 bomber japan -> sz 60 (kamikaze)"
        [p] = game.parse("combat:\n2 ftr Japan -> sz 60", s).orders
        assert not p.order.order.kamikaze


def test_refused_without_the_advantage_naming_it():
    with game_with(ADVANTAGE) as game:
        s = game_state(game, kamikaze_for="nobody")
        put(s, "japan", "fighter", "japan")
        put(s, "usa", "destroyer", "sz60")
        [(message, rule)] = errors(game, s, "japan", "combat:\n1 ftr Japan -> sz 60 (kamikaze)")
        assert rule == "kamikaze-not-yours" and "Kamikaze Attacks" in message
        assert "Japan does not have it" in message
        g = emptied(new(game, na_japan=KEY), "germany")
        put(g, "germany", "fighter", "western_europe")
        put(g, "uk", "destroyer", "sz7")
        [(message, rule)] = errors(game, g, "germany",
                                   "combat:\n1 ftr Western Europe -> sz 7 (kamikaze)")
        assert rule == "kamikaze-not-yours" and "Germany does not have it" in message


def test_refused_for_other_units_targets_and_phases():
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        put(s, "japan", "fighter", "japan", 2)
        put(s, "japan", "destroyer", "sz60")
        put(s, "usa", "destroyer", "sz61")
        put(s, "ussr", "infantry", "buryatia_ssr")

        def rules(text):
            return [r for _, r in errors(game, s, "japan", text)]

        assert "kamikaze-aircraft" in rules("combat:\n1 dd sz 60 -> sz 61 (kamikaze)")
        assert "kamikaze-ships" in rules("combat:\n1 ftr Japan -> Buryatia (kamikaze)")
        assert "kamikaze-ships" in rules("combat:\n1 ftr Japan -> sz 62 (kamikaze)")
        assert "kamikaze-ships" in rules("combat:\n1 ftr Japan -> sz 61 (bomb, kamikaze)")
        assert rules("combat:\n1 ftr Japan -> sz 61 (kamikaze)") == []
        [e] = game.parse("noncombat:\n1 ftr Japan -> sz 60 (kamikaze)", s).errors
        assert (e.line, e.column) == (2, 1) and "declared in the combat move" in e.message
        # the advantage's name as an order says how it is played
        [(message, rule)] = errors(game, s, "japan", "Kamikaze Attacks: 1 ftr sz 61")
        assert rule == "na-kamikaze_attacks" and "(kamikaze)" in message


def test_a_landing_plan_never_takes_the_flag():
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        [e] = game.parse("landing:\nftr Japan -> Manchuria (kamikaze)", s).errors
        assert "landing plan" in e.message


def test_the_noncombat_check_refuses_a_kamikaze_move_too():
    """Not only the parser: a ``(kamikaze)`` request reaching the noncombat check is refused."""
    with game_with(ADVANTAGE) as game:
        s = game_state(game)
        s["turn"]["step"] = "noncombat"
        put(s, "japan", "fighter", "japan")
        req = MoveRequest("japan", (UnitCount("fighter", 1),), ("japan", "manchuria"), False,
                          kamikaze=True, line=1)
        plan = check_noncombat_moves(s, game.edition, "japan", [req])
        assert [e.rule for e in plan.errors] == ["kamikaze-combat-only"]
        plan = check_noncombat_moves(s, game.edition, "japan", [replace(req, kamikaze=False)])
        assert plan.errors == []
