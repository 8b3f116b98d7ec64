"""Middle East Oil (United Kingdom 4, Revised digest A7): a British aircraft that lands in
Egypt, Trans-Jordan or Persia in noncombat move may move again by its normal movement;
ruling NA-middle_east_oil."""

from __future__ import annotations

from na_scenario import ED, emptied, game_with, new, play, put, ruleset_with

from adjudicator.axis_allies import editions
from adjudicator.axis_allies.advantages.middle_east_oil import ADVANTAGE
from adjudicator.axis_allies.movement import MoveRequest
from adjudicator.axis_allies.movement import UnitCount as U
from adjudicator.axis_allies.state import Board
from adjudicator.axis_allies.validate import check_noncombat_moves

RS = ruleset_with(ADVANTAGE)
#: India -> Persia (its last move), then four more: Trans-Jordan, Egypt, French Equatorial
#: Africa, Belgian Congo
ROUTE = ("india", "persia", "trans_jordan", "anglo_egypt", "french_equatorial_africa",
         "belgian_congo")


def position(with_na: bool = True, moved: int = 3, utype: str = "fighter", power: str = "uk"
             ) -> dict:
    s = emptied(new_state(with_na), "uk", step="noncombat")
    s["rules"] = {**s["rules"], "edition": RS.key}
    uid = put(s, power, utype, "india")[0]
    u = next(x for x in s["units"] if x["id"] == uid)
    u["moved"] = moved
    u["moved_in"] = "combat"
    return s


def new_state(with_na: bool) -> dict:
    with game_with(ADVANTAGE) as game:
        return new(game, **({"na_uk": "middle_east_oil"} if with_na else {}))


def errors(s: dict, route=ROUTE, utype: str = "fighter", power: str = "uk") -> list[str]:
    with editions.registered(RS):
        plan = check_noncombat_moves(s, ED, power, [
            MoveRequest(power, (U(utype, 1),), route, True)])
    return [e.rule for e in plan.errors]


def test_an_aircraft_landing_in_persia_flies_on_with_its_normal_movement():
    assert errors(position()) == []
    assert errors(position(with_na=False)) == ["air-out-of-range"]


def test_egypt_and_trans_jordan_too():
    s = position(moved=2)  # two moves left: Persia, then Trans-Jordan; then four more
    route = ("india", "persia", "trans_jordan", "anglo_egypt", "italian_east_africa", "kenya",
             "union_of_south_africa")
    assert errors(s, route) == []
    s = position(moved=3)  # one move left: Persia; Egypt is the fourth after it
    route = ("india", "persia", "trans_jordan", "anglo_egypt", "italian_east_africa", "kenya",
             "union_of_south_africa")
    assert errors(s, route) == ["air-out-of-range"]


def test_it_must_reach_the_oil_field_with_the_moves_it_has_left():
    assert errors(position(moved=4)) == ["air-out-of-range"]


def test_only_where_it_could_land():
    """Ruling NA-middle_east_oil: friendly since the start of the turn."""
    s = position()
    s["turn_start_controllers"]["persia"] = "germany"
    assert errors(s) == ["air-out-of-range"]


def test_only_british_aircraft_in_noncombat_move():
    s = position()
    with editions.registered(RS):
        b = Board(s, ED)
        u = s["units"][0]
        assert b.moves(u, ROUTE, "noncombat") == 8
        assert b.moves(u, ROUTE, "combat") == 4
        assert b.moves(u) == 4  # what it may reach without a route: its ordinary range
    assert errors(position(power="usa"), power="usa") == ["air-out-of-range"]
    s = position(utype="tank", moved=0)
    with editions.registered(RS):
        assert Board(s, ED).moves(s["units"][0], ROUTE[:3], "noncombat") == 2


def test_without_the_advantage_the_normal_range():
    s = position(with_na=False)
    with editions.registered(RS):
        assert Board(s, ED).moves(s["units"][0], ROUTE, "noncombat") == 4


def test_in_a_turn():
    with game_with(ADVANTAGE) as game:
        s = emptied(new(game, na_uk="middle_east_oil"), "uk")
        put(s, "uk", "fighter", "india")
        # noncombat: 6 moves, landing in Persia after 1
        route = "India -> Persia -> Trans-Jordan -> Anglo-Egypt -> French Equatorial Africa"
        out = play(game, s, "uk", f"noncombat:\n1 ftr {route} -> Belgian Congo")
        assert [r for r in out.results if not r["success"]] == []
        move = next(r for r in out.results if r["section"] == "noncombat")
        assert move["reason"].endswith("Belgian Congo (Middle East Oil)")
        assert out.events["moves"][0]["effects"] == ["Middle East Oil"]
        assert [u["loc"] for u in out.state["units"] if u["type"] == "fighter"] == [
            "belgian_congo"]
        s2 = emptied(new(game), "uk")
        put(s2, "uk", "fighter", "india")
        parsed = game.parse(f"noncombat:\n1 ftr {route} -> Belgian Congo", s2)
        bad = game.resolve(s2, {"uk": [p.order for p in parsed.orders]}, None)
        assert [r["rule"] for r in bad.results if not r["success"]] == ["air-out-of-range"]
