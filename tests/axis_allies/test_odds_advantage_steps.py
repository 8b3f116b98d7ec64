"""The battle preview (``turn.plan_battles``, ``adj odds``) runs the turn's own steps up to
the battles that roll no dice and change who fights where (``TurnStep.preview``; issue 10,
Revised defects 5; ruling R-13): the combat move, UK Enigma Decoded's special move and the
Soviet Nonaggression Treaty's infantry, as the turn then fights them."""

from __future__ import annotations

import copy

from na_scenario import emptied, game_with, new, play, put

from adjudicator.axis_allies.advantages.enigma_decoded import ADVANTAGE as ENIGMA
from adjudicator.axis_allies.advantages.nonaggression_treaty import ADVANTAGE as TREATY
from adjudicator.axis_allies.game import script_of
from adjudicator.axis_allies.turn import plan_battles


def preview(game, s, text):
    parsed = game.parse(text, s)
    assert not parsed.errors, parsed.errors
    return plan_battles(s, script_of([p.order for p in parsed.orders]), game.edition)


def defenders(battle) -> list[tuple[str, str]]:
    return sorted((u.power, u.type) for u in battle.setup.defenders)


def test_the_preview_meets_the_nonaggression_treaty_infantry():
    with game_with(TREATY) as game:
        s = new(game, na_ussr="nonaggression_treaty")
        s["controllers"].update(manchuria="japan", buryatia_ssr="ussr")
        emptied(s, "japan")
        put(s, "japan", "infantry", "manchuria")
        before = copy.deepcopy(s)
        battles, failed = preview(game, s, "combat:\n1 inf Manchuria -> Buryatia")
        assert failed == []
        assert defenders(battles["buryatia_ssr"]) == [("ussr", "infantry")] * 4
        assert s == before  # the preview changes nothing
        # the turn fights the same defenders
        out = play(game, s, "japan", "combat:\n1 inf Manchuria -> Buryatia", (6, 1, 6, 6, 6))
        start = out.events["battles"][0]["result"]["log"][0]
        assert sorted((d["power"], d["type"]) for d in start["defending"]) == [
            ("ussr", "infantry")] * 4


def test_the_preview_meets_the_enigma_decoded_reinforcement():
    with game_with(ENIGMA) as game:
        s = emptied(new(game, na_uk="enigma_decoded"), "germany")
        put(s, "germany", "infantry", "libya", 2)
        put(s, "uk", "infantry", "anglo_egypt")
        put(s, "uk", "infantry", "trans_jordan", 2)
        parsed = game.parse("Enigma Decoded: 1 inf Trans-Jordan -> Anglo-Egypt", s)
        s = game.apply_standing(s, "uk", [p.order for p in parsed.orders])
        battles, failed = preview(game, s, "combat:\n2 inf Libya -> Anglo-Egypt")
        assert failed == []
        assert defenders(battles["anglo_egypt"]) == [("uk", "infantry")] * 2
        assert "advantages_used" not in s  # spent only when the turn is played


def test_without_the_advantages_the_preview_is_the_board():
    with game_with(TREATY, ENIGMA) as game:
        s = new(game)
        s["controllers"].update(manchuria="japan", buryatia_ssr="ussr")
        emptied(s, "japan")
        put(s, "japan", "infantry", "manchuria")
        put(s, "ussr", "infantry", "buryatia_ssr")
        battles, _ = preview(game, s, "combat:\n1 inf Manchuria -> Buryatia")
        assert defenders(battles["buryatia_ssr"]) == [("ussr", "infantry")]
