"""Develop Weapons, the research step (Revised digest A5.1): dice at 5 IPC each from the game's
verifiable dice, any die showing the technology's number develops it, the dice are spent
either way, a technology already owned is refused, purchase spends what is left; only where
the order of play has the step (a 1942 game refuses research orders)."""

from __future__ import annotations

import pytest

from adjudicator.axis_allies import techs
from adjudicator.axis_allies.techs.research import Research
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

from .scenario import RS, check, failed, new, orders, play, with_techs


def test_the_ruleset_lists_research_first_and_rockets_before_the_battles():
    keys = [s.key for s in RS.turn_steps]
    assert keys[0] == "research" and keys[1] == "purchase"
    assert keys.index("rockets") == keys.index("battles") - 1
    assert isinstance(RS.turn_steps[0], Research) and RS.turn_steps[0].half == "first"
    # one effect per technology and power
    assert len([e for e in RS.effects if isinstance(e, techs.Tech)]) == 6 * 5


def test_a_die_showing_the_number_develops_the_technology(game):
    s = new(game)
    out = play(game, s, "ussr", "research: heavy bombers, 3 dice (15 IPC)", [2, 6, 4])
    ev = out.events["research"]
    assert ev == {"power": "ussr", "tech": "heavy_bombers", "tech_name": "Heavy Bombers",
                  "number": 6, "dice": 3, "cost": 15, "rolls": [2, 6, 4], "success": True,
                  "treasury_before": 24, "treasury_after": 9}
    assert out.state["techs"] == {"ussr": ["heavy_bombers"]}
    assert out.state["treasury"]["ussr"] == 9 + out.events["income"]["amount"]
    assert out.results[0]["success"] and "Heavy Bombers developed" in out.results[0]["reason"]


def test_no_die_showing_the_number_spends_the_dice_for_nothing(game):
    s = new(game)
    out = play(game, s, "ussr", "research super subs, 2 dice", [1, 2])
    assert out.events["research"]["success"] is False
    assert "techs" not in out.state  # nothing developed: the state has no techs yet
    assert out.state["treasury"]["ussr"] == 24 - 10 + out.events["income"]["amount"]


def test_the_roll_is_one_labelled_roll_of_the_games_dice(game):
    s = new(game)
    dice = FixedDice([5, 5, 5, 5])
    game.resolve(s, {"ussr": orders(game, s, "research jets 4 dice")}, dice)
    research = [r for r in dice.rolls if r.label.purpose == "research"]
    assert len(research) == 1 and research[0].values == (5, 5, 5, 5)
    assert (research[0].label.round, research[0].label.power) == (1, "ussr")


def test_purchase_spends_what_research_left(game):
    s = new(game)  # the USSR has 24 IPC
    errors = check(game, s, "ussr", "research jets, 2 dice\nbuy 5 inf")
    assert [e.rule for e in errors] == ["purchase-over-budget"]
    assert not check(game, s, "ussr", "research jets, 2 dice\nbuy 4 inf")
    out = play(game, s, "ussr", "research jets, 2 dice\nbuy 5 inf\nplace:", [2, 3])
    assert out.events["purchase"]["rejected"].startswith("the purchase costs 15 IPC")


def test_more_dice_than_the_treasury_pays_for_are_refused_and_nothing_is_spent(game):
    s = new(game)
    errors = check(game, s, "ussr", "research jets, 5 dice")
    assert [e.rule for e in errors] == ["research-treasury"]
    assert "at most 4 dice" in errors[0].message
    out = play(game, s, "ussr", "research jets, 5 dice", [1, 1, 1, 1, 1])
    assert [r["rule"] for r in failed(out)] == ["research-treasury"]
    assert "techs" not in out.state
    assert out.state["treasury"]["ussr"] == 24 + out.events["income"]["amount"]


def test_a_technology_already_owned_is_refused(game):
    s = with_techs(new(game), "ussr", "jet_fighters")
    assert [e.rule for e in check(game, s, "ussr", "research jets 1 die")] == ["research-owned"]
    out = play(game, s, "ussr", "research jets 1 die", [1])
    assert [r["rule"] for r in failed(out)] == ["research-owned"]
    assert out.state["techs"] == {"ussr": ["jet_fighters"]}


def test_a_stated_total_must_be_the_dice_cost(game):
    s = new(game)
    errors = check(game, s, "ussr", "research jets, 2 dice (15 ipc)")
    assert [e.rule for e in errors] == ["research-cost"]
    assert "2 research dice cost 10 IPC, not 15" in errors[0].message


def test_only_one_development_a_turn(game):
    s = new(game)
    text = "research jets 1 die\nresearch rockets 1 die"
    assert [e.rule for e in check(game, s, "ussr", text)] == ["research-one-per-turn"]
    out = play(game, s, "ussr", text, [1])
    assert [r["rule"] for r in failed(out)] == ["research-one-per-turn"]
    assert out.state["techs"] == {"ussr": ["jet_fighters"]}
    assert out.state["treasury"]["ussr"] == 24 - 5 + out.events["income"]["amount"]


def test_technologies_are_per_power_and_kept_in_chart_order(game):
    s = with_techs(new(game), "ussr", "heavy_bombers")
    out = play(game, s, "ussr", "research jets 1 die", [1])
    assert out.state["techs"] == {"ussr": ["jet_fighters", "heavy_bombers"]}
    assert techs.techs_of(out.state, "germany") == ()


def test_research_is_answered_by_the_first_half_of_a_two_pass_turn(game):
    s = new(game, passes="two")
    first = play(game, s, "ussr", "research jets 1 die\nbuy 1 inf", [1])
    assert first.state["techs"] == {"ussr": ["jet_fighters"]}
    assert first.state["turn"]["step"] == "noncombat"
    second = play(game, first.state, "ussr", "research rockets 1 die\nplace: 1 inf Russia")
    assert "research" not in second.events
    assert [r["rule"] for r in failed(second)] == ["wrong-step"]
    assert second.state["techs"] == {"ussr": ["jet_fighters"]}


def test_the_canonical_text_reads_back(game):
    s = new(game)
    for text in ("research: heavy bombers, 3 dice (15 IPC)", "R&D: jets x2", "research 6, 1 die"):
        (o,) = orders(game, s, text)
        assert orders(game, s, o.text()) == [o]


def test_a_1942_game_refuses_research_orders():
    g = get_game("aa1942")
    s = g.new_state(g.check_options({"passes": "one"}))
    parsed = g.parse("research: jets, 2 dice\nbuy 1 inf\nplace: 1 inf Russia", s)
    assert not parsed.errors
    errors = g.validate(s, "ussr", [p.order for p in parsed.orders])[1]
    assert [e.rule for e in errors] == ["research-no-step"]
    assert "Axis & Allies 1942 has no weapons development" in errors[0].message
    out = g.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    assert [r["rule"] for r in out.results if not r["success"]] == ["research-no-step"]
    assert "techs" not in out.state and "research" not in out.events
    assert out.state["treasury"]["ussr"] == 24 - 3 + out.events["income"]["amount"]


def test_a_written_position_keeps_the_technologies(game):
    import json

    from adjudicator.errors import PositionError

    s = with_techs(new(game), "germany", "rockets")
    loaded = game.state_from_position(game.position_text(s), {})
    assert loaded["techs"] == {"germany": ["rockets"]}
    bad = json.loads(game.position_text(s))
    bad["techs"] = {"germany": ["rockets", "jetz"]}
    with pytest.raises(PositionError) as exc:
        game.state_from_position(json.dumps(bad), {})
    assert "jet_fighters" in str(exc.value.problems[0].suggestions)
    g = get_game("aa1942")
    plain = json.loads(g.position_text(g.new_state(g.check_options({}))))
    plain["techs"] = {"germany": ["rockets"]}
    with pytest.raises(PositionError) as exc:
        g.state_from_position(json.dumps(plain), {})
    assert exc.value.problems[0].rule == "techs-no-research"


def test_replay_from_the_canonical_texts_gives_the_same_state_byte_for_byte(game):
    from adjudicator.canonical import canonical_json

    from .scenario import emptied, put

    s = with_techs(emptied(new(game), "germany"), "germany", "rockets")
    put(s, "germany", "aa_gun", "western_europe")
    put(s, "germany", "bomber", "germany")
    text = ("Research: heavies, 2 dice (10 IPC)\nrockets Western Europe -> UK\n"
            "bomb United Kingdom with 1 bmr from Germany\nbuy 1 inf\nplace: 1 inf Germany")
    first = orders(game, s, text)
    dice = [6, 1, 3, 2, 5]
    out = game.resolve(s, {"germany": first}, FixedDice(list(dice)))
    again = [o for t in (game.order_text(o) for o in first) for o in orders(game, s, t)]
    assert again == first
    replay = game.resolve(s, {"germany": again}, FixedDice(list(dice)))
    assert canonical_json(replay.state) == canonical_json(out.state)
    assert out.state["techs"] == {"germany": ["rockets", "heavy_bombers"]}
    assert out.events["rockets"][0]["lost"] == 3
    assert out.events["battles"][0]["raid"]["ipc_lost"] == 7  # 2 + 5, both dice


def test_the_acknowledgement_says_what_will_be_rolled(game):
    s = new(game)
    lines = game.describe_orders(s, "ussr", orders(game, s, "research heavies 3 dice\nbuy 1 inf"))
    assert lines[0] == ("Research: Heavy Bombers, 3 dice (15 IPC), rolled before the purchase: "
                        "any 6 develops it.")
