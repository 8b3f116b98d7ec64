"""Lightning Strikes (Japan 4, Revised digest A7): Japanese transports may make a second
amphibious assault in a turn (move, assault, move again, assault), still stopping in the
first hostile sea zone, capacity unchanged; ruling NA-lightning_strikes."""

from __future__ import annotations

from na_scenario import emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.lightning_strikes import ADVANTAGE
from adjudicator.axis_allies.validate import check_combat_moves, requests_from_orders

TWO = ("tt sz 61: load 1 inf, 1 art Japan; unload 1 inf Manchuria; -> sz 59; "
       "unload 1 art Kwangtung")


def board(game, with_na=True, power="japan"):
    s = emptied(new(game, **({"na_japan": "lightning_strikes"} if with_na else {})), power)
    s["controllers"].update(manchuria="ussr", kwangtung="uk", buryatia_ssr="ussr")
    s["turn_start_controllers"] = dict(s["controllers"])
    put(s, power, "transport", "sz61")
    put(s, power, "infantry", "japan")
    put(s, power, "artillery", "japan")
    put(s, "ussr", "infantry", "manchuria")
    put(s, "uk", "infantry", "kwangtung")
    return s


def checked(game, s, text, power="japan", step="combat"):
    """The move plan of one transport line (validation only, no dice)."""
    order = game.parse(f"{step}:\n{text}", s).orders[0].order.order
    return check_combat_moves(s, game.edition, power, requests_from_orders(order, power))


def test_a_transport_assaults_two_territories_in_one_turn():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        # each assault: attacker hits (1), defender misses (6)
        out = play(game, s, "japan", f"combat:\n{TWO}", [1, 6, 1, 6])
        assert [(m["path"], m["unload_to"], m.get("effects")) for m in out.events["moves"]] == [
            (["sz61"], "manchuria", None),
            (["sz61", "sz59"], "kwangtung", ["Lightning Strikes"])]
        assert sorted(b["region"] for b in out.events["battles"]) == ["kwangtung", "manchuria"]
        assert out.state["controllers"]["manchuria"] == "japan"
        assert out.state["controllers"]["kwangtung"] == "japan"
        at = {u["type"]: u["loc"] for u in out.state["units"] if u["power"] == "japan"}
        assert at == {"transport": "sz59", "infantry": "manchuria", "artillery": "kwangtung"}
        assert all(r["success"] for r in out.results if r["section"] == "combat")
        assert "Sea Zone 59 (Lightning Strikes)" in str(report(game, s, out))


def test_without_the_advantage_a_transport_unloads_once():
    with game_with(ADVANTAGE) as game:
        s = board(game, with_na=False)
        out = play(game, s, "japan", f"combat:\n{TWO}", [])
        bad = [r for r in out.results if r["section"] == "combat"]
        assert [(r["success"], r["reason"]) for r in bad] == [
            (False, "a transport unloads only once per turn, into one territory")]
        assert out.events["battles"] == []
        assert {u["loc"] for u in out.state["units"] if u["power"] == "japan"} == {
            "sz61", "japan"}


def test_not_for_another_powers_transports():
    with game_with(ADVANTAGE) as game:
        s = board(game, power="usa")
        s["controllers"].update(japan="usa", manchuria="germany", kwangtung="germany")
        plan = checked(game, s, TWO, power="usa")
        assert [e.rule for e in plan.errors] == ["unload-once"]


def test_the_first_zone_must_not_be_hostile():
    """The transports stop in the first hostile sea zone they enter (digest A7)."""
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "usa", "destroyer", "sz61")
        s["units"][0]["loc"] = "sz60"  # the transport: loads in sz 60, enters sz 61
        plan = checked(game, s, "tt sz 60: load 1 inf, 1 art Japan; -> sz 61; unload 1 inf "
                                "Manchuria; -> sz 59; unload 1 art Kwangtung")
        assert plan.errors[0].rule == "transport-must-stop"
        assert "Sea Zone 61" in plan.errors[0].message


def test_the_second_assault_may_start_from_a_hostile_zone():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "usa", "destroyer", "sz59")
        plan = checked(game, s, TWO)
        assert plan.errors == []
        assert [m.unload_to for m in plan.moves] == ["manchuria", "kwangtung"]


def test_at_most_two_assaults():
    """Ruling NA-lightning_strikes: a second assault, not a third."""
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "japan", "transport", "sz61")
        put(s, "japan", "infantry", "japan", 2)
        three = ("2 tt sz 61: load 3 inf, 1 art Japan; unload 1 inf Manchuria; -> sz 59; "
                 "unload 1 inf Kwangtung; -> sz 60; unload 1 inf, 1 art Buryatia")
        plan = checked(game, s, three)
        assert [e.rule for e in plan.errors] == ["unload-once"]
        two = ("2 tt sz 61: load 3 inf, 1 art Japan; unload 1 inf Manchuria; -> sz 59; "
               "-> sz 60; unload 2 inf, 1 art Buryatia")
        assert checked(game, s, two).errors == []


def test_loading_only_before_the_first_assault():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        plan = checked(game, s, "tt sz 61: load 1 inf Japan; unload Manchuria; -> sz 60; "
                                "load 1 art Japan; -> sz 59; unload Kwangtung")
        assert [e.rule for e in plan.errors] == ["load-after-assault"]


def test_each_unload_names_units_aboard():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        plan = checked(game, s, "tt sz 61: load 1 inf, 1 art Japan; unload 1 tank Manchuria; "
                                "-> sz 59; unload 1 art Kwangtung")
        assert plan.errors[0].rule == "unload-not-aboard"
        assert plan.errors[0].message.endswith("to unload into Manchuria, not 1")


def test_everything_loaded_goes_ashore():
    """Units loaded in combat move must land in an assault (p.13): nothing loaded stays
    aboard; the last unload without units takes what is left."""
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "japan", "infantry", "japan")
        plan = checked(game, s, "tt sz 61: load 1 inf, 1 art Japan; unload 1 inf Manchuria; "
                                "-> sz 59; unload Kwangtung")
        assert plan.errors == []
        assert [len(m.unloaded) for m in plan.moves] == [1, 1]
        s = board(game)
        plan = checked(game, s, "tt sz 61: load 1 inf, 1 art Japan; unload 1 inf Manchuria; "
                                "-> sz 59; unload 1 inf Kwangtung")
        assert plan.errors[0].rule == "unload-not-aboard"
        s = board(game)
        put(s, "japan", "transport", "sz61")
        put(s, "japan", "infantry", "japan")
        plan = checked(game, s, "2 tt sz 61: load 2 inf, 1 art Japan; unload 1 inf Manchuria; "
                                "-> sz 59; unload 1 art Kwangtung")
        assert [e.rule for e in plan.errors] == ["combat-cargo-must-assault"]
        assert plan.errors[0].message.endswith("still aboard: Infantry")


def test_no_second_unload_in_noncombat_move():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        s["controllers"].update(manchuria="japan", kwangtung="japan")
        s["units"] = [u for u in s["units"] if u["power"] == "japan"]
        s["turn"]["step"] = "noncombat"
        out = play(game, s, "japan", f"noncombat:\n{TWO}", [])
        assert [(r["success"], r["reason"]) for r in out.results
                if r["section"] == "noncombat"] == [
            (False, "a transport unloads only once per turn, into one territory")]


def test_it_takes_no_order_of_its_own():
    with game_with(ADVANTAGE) as game:
        s = board(game)
        parsed = game.parse("Lightning Strikes", s)
        out = game.resolve(s, {"japan": [p.order for p in parsed.orders]}, None) \
            if not parsed.errors else None
        messages = [e.message for e in parsed.errors] + (
            [r["reason"] for r in out.results if not r["success"]] if out else [])
        assert any("acts by itself" in m for m in messages), messages


def test_a_refused_second_unload_refuses_the_whole_line_before_the_dice():
    """`adj orders` shows what the turn will do: no first assault left over from the line."""
    with game_with(ADVANTAGE) as game:
        s = board(game, with_na=False)
        orders = [p.order for p in game.parse(f"combat:\n{TWO}", s).orders]
        assert [e.rule for e in game.validate(s, "japan", orders)[1]] == ["unload-once"]
        lines = game.describe_orders(s, "japan", orders)
        assert "Battles: none" in lines and not any("Manchuria" in x for x in lines)
        s = board(game)
        lines = game.describe_orders(s, "japan", orders)
        assert "  Manchuria (amphibious): 1 Infantry against 1 Infantry" in lines
        assert "  Kwangtung (amphibious): 1 Artillery against 1 Infantry" in lines


def test_a_transport_sunk_in_the_second_zone_loses_only_the_cargo_still_aboard():
    """The second assault's sea battle (an American destroyer in sz 59) sinks the transport
    with the artillery; the infantry landed in Manchuria from sz 61 fights on."""
    with game_with(ADVANTAGE) as game:
        s = board(game)
        put(s, "usa", "destroyer", "sz59")
        # sz 59: the destroyer hits (1); Manchuria: the Japanese infantry hits (1), the
        # Soviet one misses (6)
        out = play(game, s, "japan", f"combat:\n{TWO}", [1, 1, 6])
        assert [(b["region"], b["kind"]) for b in out.events["battles"]] == [
            ("kwangtung", "amphibious"), ("manchuria", "amphibious")]
        japanese = [(u["type"], u["loc"]) for u in out.state["units"] if u["power"] == "japan"]
        assert japanese == [("infantry", "manchuria")]
        assert out.state["controllers"]["manchuria"] == "japan"
        assert out.state["controllers"]["kwangtung"] == "uk"
