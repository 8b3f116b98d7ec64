"""Written positions of A&A Revised games (issue 10, Revised defects 4; docs/position-aa.md):
a position carries the National Advantages chosen, used, declared and marked as it carries
``techs``, ships carry what the position's advantages let them (Japanese Tokyo Express: a
destroyer with one infantry), and ``adj new aa-revised DIR --from FILE`` loads back what
``adj status DIR --position`` writes."""

from __future__ import annotations

import json

import pytest

from adjudicator import dice as dice_mod
from adjudicator.axis_allies.position import dump_position, load_position
from adjudicator.axis_allies.state import add_unit
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.errors import PositionError
from adjudicator.registry import get_game
from adjudicator.store import GameFolder

G = get_game("aa-revised")
ED = G.edition
G42 = get_game("aa1942")
COMMON = ("schema_version", "game", "players", "result")
SEED = bytes(range(32))


def base_of(state: dict) -> dict:
    return {k: state[k] for k in COMMON if k in state}


def run(*args: str) -> str:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return res.output


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> GameFolder:
    """``adj demo aa-revised``: two rounds with advantages and weapons development."""
    path = tmp_path_factory.mktemp("rev") / "revised-demo"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dice_mod, "new_seed", lambda: SEED)
        run("demo", "aa-revised", str(path), "--json")
    folder = GameFolder(str(path))
    folder.path_of_game = path  # type: ignore[attr-defined]
    return folder


def with_advantages(**more) -> dict:
    s = G.new_state(G.check_options({"na_japan": "tokyo_express,kamikaze_attacks",
                                     "na_ussr": "russian_winter", "na_uk": "enigma_decoded",
                                     **more}))
    s["techs"] = {"germany": ["rockets", "heavy_bombers"]}
    s["advantages_used"] = {"ussr": ["russian_winter"]}
    s["advantages_declared"] = {"russian_winter": 1}
    s["standing"] = {"uk": {"order_of_loss": [], "battleship_first_hit": None,
                            "keep_land_units": None, "submerge": None,
                            "advantages": {"enigma_decoded": "no"}}}
    return s


def problems(state_or_text, game=G) -> list[tuple[str, str]]:
    text = state_or_text if isinstance(state_or_text, str) else json.dumps(state_or_text)
    with pytest.raises(PositionError) as exc:
        load_position(text, game.edition, base_of(game.new_state({})))
    return [(p.rule, p.message) for p in exc.value.problems]


def test_every_state_of_the_revised_demo_round_trips(demo):
    states = [r["state_before"] for r in demo.history()] + [demo.read_state()]
    assert any(s.get("advantages") for s in states)
    assert any(s.get("advantages_used") for s in states)
    assert any(s.get("advantages_declared") for s in states)
    assert any(s.get("techs") for s in states)
    for s in states:
        assert load_position(dump_position(s), ED, base_of(s)) == s, s["phase"]


def test_adj_new_from_a_position_written_by_adj_status(demo, tmp_path):
    """Export with ``adj status --position``, start a game from it, compare the states."""
    text = run("status", str(demo.path_of_game), "--position")
    (tmp_path / "position.json").write_text(text)
    run("new", "aa-revised", str(tmp_path / "copy"), "--from", str(tmp_path / "position.json"))
    before, after = demo.read_state(), GameFolder(str(tmp_path / "copy")).read_state()
    assert before["advantages"] and before["advantages_used"] and before["techs"]
    assert {k: v for k, v in after.items() if k != "players"} == {
        k: v for k, v in before.items() if k != "players"}


def test_advantages_techs_and_standing_choices_round_trip():
    s = with_advantages()
    assert load_position(dump_position(s), ED, base_of(s)) == s


def test_a_set_up_choice_round_trips_and_needs_its_complex():
    s = with_advantages(na_uk="enigma_decoded,colonial_garrison",
                        colonial_garrison="union_of_south_africa")
    assert s["advantage_choices"] == {"colonial_garrison": "union_of_south_africa"}
    assert load_position(dump_position(s), ED, base_of(s)) == s
    del s["complexes"]["union_of_south_africa"]
    assert [r for r, _ in problems(s)] == ["advantage-choice"]


def test_units_marked_by_an_advantage_load_back_within_a_turn():
    """Panzerblitz tanks wait for the noncombat move of a two-pass turn."""
    s = with_advantages(na_germany="panzerblitz")
    s["turn"] = {"round": 1, "power": "germany", "step": "noncombat"}
    s["phase"] = "r1-germany-noncombat"
    tank = next(u["id"] for u in s["units"] if u["power"] == "germany" and u["type"] == "tank")
    s["advantage_units"] = {"panzerblitz": [tank]}
    assert load_position(dump_position(s), ED, base_of(s)) == s


def test_a_tokyo_express_destroyer_with_an_infantry_loads_back():
    s = with_advantages()
    dd = add_unit(s, "japan", "destroyer", "sz60")
    add_unit(s, "japan", "infantry", "sz60", aboard=dd)
    assert load_position(dump_position(s), ED, base_of(s)) == s


def test_without_tokyo_express_a_destroyer_carries_nothing():
    s = with_advantages(na_japan="kamikaze_attacks")
    dd = add_unit(s, "japan", "destroyer", "sz60")
    add_unit(s, "japan", "infantry", "sz60", aboard=dd)
    [(rule, message)] = problems(dump_position(s))
    assert rule == "aboard-not-a-carrier" and "a destroyer carries nothing" in message


def test_tokyo_express_room_is_one_infantry():
    s = with_advantages()
    dd = add_unit(s, "japan", "destroyer", "sz60")
    add_unit(s, "japan", "infantry", "sz60", aboard=dd)
    add_unit(s, "japan", "infantry", "sz60", aboard=dd)
    assert [r for r, _ in problems(dump_position(s))] == ["aboard-over-capacity"]


def test_an_edition_without_national_advantages_refuses_them():
    s = G42.new_state({})
    s["advantages"] = {"japan": ["tokyo_express"]}
    [(rule, message)] = problems(s, G42)
    assert rule == "advantages-not-in-game"
    assert message.startswith("advantages: ") and message.endswith("has no National Advantages")


def test_unknown_and_misplaced_advantages():
    s = with_advantages()
    s["advantages"] = {"japan": ["tokyo_expres", "russian_winter"], "ussr": ["russian_winter"],
                       "uk": ["enigma_decoded"]}
    got = problems(s)
    assert [r for r, _ in got] == ["unknown-advantage", "advantage-not-yours"]
    assert "tokyo_expres" in got[0][1]


def test_used_declared_and_standing_need_the_advantage_chosen():
    s = with_advantages()
    s["advantages"] = {"japan": ["tokyo_express"]}  # no Russian Winter, no Enigma Decoded
    assert sorted(r for r, _ in problems(s)) == [
        "advantage-not-chosen", "advantage-not-chosen", "standing-advantage"]


def test_a_standing_choice_the_advantage_does_not_take():
    s = with_advantages()
    s["standing"]["uk"]["advantages"] = {"enigma_decoded": "maybe"}
    assert [r for r, _ in problems(s)] == ["standing-advantage"]


def test_marked_units_only_within_a_turn():
    s = with_advantages()
    s["advantage_units"] = {"kamikaze_attacks": ["u3"]}
    assert [r for r, _ in problems(s)] == ["mid-turn-at-purchase-step"]
