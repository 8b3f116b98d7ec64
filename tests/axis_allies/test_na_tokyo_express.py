"""Tokyo Express (Japan 1, Revised digest A7; C3: automatic): each Japanese destroyer carries
one infantry under the normal transport load/unload rules (the ``transport_capacity`` query
point; ruling NA-tokyo_express)."""

from __future__ import annotations

from na_scenario import emptied, game_with, new, play, put

from adjudicator.axis_allies.advantages.tokyo_express import ADVANTAGE
from adjudicator.axis_allies.state import Board

KEY = "tokyo_express"
ASSAULT = "combat:\ndd sz 60: load 1 inf Japan; unload Buryatia"


def board_state(game, *, advantage: bool = True, power: str = "japan") -> dict:
    """Japan's turn: a Japanese destroyer in sz 60 next to Japan and Buryatia (Soviet)."""
    s = emptied(new(game, na_japan=KEY) if advantage else new(game), power)
    put(s, "japan", "destroyer", "sz60")
    put(s, "japan", "infantry", "japan", 2)
    put(s, "japan", "artillery", "japan")
    put(s, "ussr", "infantry", "buryatia_ssr")
    return s


def refused(game, s, power, text) -> list[tuple[str, str]]:
    parsed = game.parse(text, s)
    assert not parsed.errors, parsed.errors
    return [(e.message, e.rule) for e in game.validate(s, power, [p.order for p in parsed.orders])[1]]


def test_a_destroyer_carries_one_infantry_into_an_amphibious_assault():
    with game_with(ADVANTAGE) as game:
        s = board_state(game)
        assert refused(game, s, "japan", ASSAULT) == []
        out = play(game, s, "japan", ASSAULT, [1, 6])  # Japan's infantry hits, Soviet misses
        [battle] = out.events["battles"]
        assert (battle["kind"], battle["zone"]) == ("amphibious", "sz60")
        ashore = [u for u in out.state["units"] if u["loc"] == "buryatia_ssr"]
        assert [(u["power"], u["type"], u["aboard"]) for u in ashore] == [
            ("japan", "infantry", None)]
        assert out.state["controllers"]["buryatia_ssr"] == "japan"


def test_no_other_land_unit_and_no_second_infantry():
    with game_with(ADVANTAGE) as game:
        s = board_state(game)
        for text in ("combat:\ndd sz 60: load 2 inf Japan; unload Buryatia",
                     "combat:\ndd sz 60: load 1 art Japan; unload Buryatia",
                     "combat:\ndd sz 60: load 1 inf, 1 art Japan; unload Buryatia"):
            [(message, rule)] = refused(game, s, "japan", text)
            assert rule == "transport-capacity"
            assert "a destroyer takes one infantry" in message
        board = Board(s, game.edition)
        dd = next(u for u in s["units"] if u["type"] == "destroyer")
        assert board.transport_capacity(dd) == game.edition.units["infantry"].transport_cost
        assert board.cargo_fits(dd, ["infantry"]) and not board.cargo_fits(dd, ["tank"])


def test_only_japanese_destroyers_and_only_with_the_advantage():
    with game_with(ADVANTAGE) as game:
        plain = board_state(game, advantage=False)
        [(_, rule)] = refused(game, plain, "japan", ASSAULT)
        assert rule == "not-a-transport"
        s = emptied(new(game, na_japan=KEY), "usa")
        put(s, "usa", "destroyer", "sz60")
        put(s, "usa", "infantry", "japan")  # not a legal position; only the load matters
        board = Board(s, game.edition)
        assert board.transport_capacity(s["units"][0]) == 0
        jp = board_state(game)
        assert Board(jp, game.edition).transport_capacity(
            next(u for u in jp["units"] if u["type"] == "infantry")) == 0


def test_boarding_and_unloading_in_noncombat_move():
    with game_with(ADVANTAGE) as game:
        s = board_state(game)
        out = play(game, s, "japan", "noncombat:\n1 inf Japan -> sz 60")
        aboard = [u for u in out.state["units"] if u["aboard"]]
        dd = next(u for u in out.state["units"] if u["type"] == "destroyer")
        assert [(u["type"], u["aboard"], u["loc"]) for u in aboard] == [
            ("infantry", dd["id"], "sz60")]
        s = board_state(game)
        s["controllers"]["manchuria"] = "japan"
        s["turn_start_controllers"]["manchuria"] = "japan"
        out = play(game, s, "japan", "noncombat:\ndd sz 60: load 1 inf Japan; -> sz 61; "
                   "unload Manchuria")
        assert all(r["success"] for r in out.results), out.results
        assert [u["type"] for u in out.state["units"] if u["loc"] == "manchuria"] == [
            "infantry"]


def test_after_unloading_the_destroyer_moves_no_more_this_turn():
    with game_with(ADVANTAGE) as game:
        s = board_state(game)
        out = play(game, s, "japan", ASSAULT + "\nnoncombat:\n1 dd sz 60 -> sz 61", [1, 6])
        [failed] = [r for r in out.results if not r["success"]]
        assert failed["section"] == "noncombat" and "unloaded" in failed["reason"]


def test_the_infantry_is_lost_with_its_destroyer():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_japan=KEY), "usa")
        [dd] = put(s, "japan", "destroyer", "sz60")
        put(s, "japan", "infantry", "sz60", aboard=dd)
        put(s, "usa", "destroyer", "sz61")
        out = play(game, s, "usa", "combat:\n1 dd sz 61 -> sz 60", [1, 6])
        assert not [u for u in out.state["units"] if u["power"] == "japan"]
        log = out.events["battles"][0]["result"]["log"]
        assert any(e["event"] == "cargo-lost" for e in log)


def test_the_amphibious_assault_form_names_the_destroyer():
    with game_with(ADVANTAGE) as game:
        s = board_state(game)
        put(s, "japan", "infantry", "sz60", aboard=s["units"][0]["id"])  # already aboard
        text = "combat:\n1 dd, 1 inf amphibious assault on Buryatia from sz 60"
        assert refused(game, s, "japan", text) == []
