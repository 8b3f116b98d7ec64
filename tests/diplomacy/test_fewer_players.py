"""Diplomacy for fewer than seven players (``--option players=N``; docs/rulings.md)."""

from __future__ import annotations

import json

import pytest

from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.diplomacy import engine
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.parser import parse_orders
from adjudicator.diplomacy.position import parse_position
from adjudicator.diplomacy.setups import setup_for
from adjudicator.errors import AdjudicatorError
from adjudicator.game import common_fields
from adjudicator.publish import files
from adjudicator.registry import get_game


def render_report(folder, phase: str, fmt: str = "text") -> str:
    return files.report_text(folder, get_game("diplomacy"), phase, fmt, None)


POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]

#: players -> (powers not played, the powers each player holds, first phase)
EXPECTED = {
    7: ([], None, "S1901M"),
    6: (["Italy"], [[p] for p in POWERS if p != "Italy"], "S1901M"),
    5: (["Germany", "Italy"], [[p] for p in POWERS if p not in ("Germany", "Italy")],
        "S1901M"),
    4: ([], [["England"], ["Austria", "France"], ["Germany", "Turkey"], ["Italy", "Russia"]],
        "S1901M"),
    3: ([], [["Austria", "England", "Germany"], ["Italy", "Russia"], ["France", "Turkey"]],
        "S1901M"),
    2: (["Italy"], [["England", "France", "Russia"], ["Austria", "Germany", "Turkey"]],
        "S1914M"),
}

#: Spring orders that move one unit of every played power, so a phase really resolves.
SPRING = {"Austria": "A Vie - Gal", "England": "F Lon - Nth", "France": "A Par - Bur",
          "Germany": "A Mun - Ruh", "Italy": "A Ven - Pie", "Russia": "A War - Ukr",
          "Turkey": "A Con - Bul"}


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_the_setup_is_stored_in_the_state_and_replays(tmp_path, players) -> None:
    cd, sides, phase = EXPECTED[players]
    folder = service.new_game(tmp_path / "g", "diplomacy", {"players": str(players)})
    state = folder.read_state()
    assert state["phase"] == phase
    assert json.loads((tmp_path / "g" / "settings.json").read_text())["options"] == {
        "players": players}
    if players == 7:
        assert "setup" not in state  # seven-player states are as they always were
    else:
        assert state["setup"]["players"] == players
        assert state["setup"]["civil_disorder"] == cd
        assert state["setup"]["sides"] == sides
        assert state["setup"].get("victory_centres") == (24 if players == 2 else None)
    game = service.game_of(folder)
    assert game.who_must_act(state) == [p for p in POWERS if p not in cd]
    assert len(state["units"]) == 22  # every power's units are on the board

    for power in POWERS:
        if power in cd:
            with pytest.raises(AdjudicatorError, match="not played in this game"):
                service.submit_orders(folder, power, SPRING[power])
            with pytest.raises(AdjudicatorError, match="not played in this game"):
                service.submit_orders(folder, power, SPRING[power], phase="F" + phase[1:])
        else:
            service.submit_orders(folder, power, SPRING[power])
    record = service.adjudicate(folder)  # nobody missing: no --force needed
    assert record["nmr"] == []
    by_loc = {r["loc"]: r for r in record["results"]}
    for power in POWERS:
        loc = SPRING[power].split()[1].lower()
        if power in cd:  # civil disorder: the unit held
            assert by_loc[loc]["kind"] == "hold" and by_loc[loc]["default"]
        else:
            assert by_loc[loc]["kind"] == "move" and by_loc[loc]["success"]
    after = folder.read_state()
    assert after["phase"] == phase.replace("S", "F")
    assert after.get("setup") == state.get("setup")
    assert service.verify_replay(folder) == []


def test_a_power_not_played_is_named_in_status_and_reports(tmp_path) -> None:
    folder = service.new_game(tmp_path / "g", "diplomacy", {"players": "5"})
    service.adjudicate(folder, force=True)
    text = render_report(folder, "S1901M", "text")
    assert "Germany: civil disorder (not played)" in text
    assert "Italy: civil disorder (not played)" in text
    assert "Italy:   Army Venice HOLD.  (civil disorder)" in text
    assert "No orders were received" in text and "Italy" not in text.split(
        "No orders were received")[1].split(";")[0]
    html = render_report(folder, "S1901M", "html")
    assert "<li>Italy: civil disorder (not played)</li>" in html
    lines = service.game_of(folder).status_lines(folder.read_state())
    assert "  Italy: civil disorder (not played)" in lines


def test_a_player_holding_several_powers_is_named(tmp_path) -> None:
    folder = service.new_game(tmp_path / "g", "diplomacy", {"players": "3"})
    service.adjudicate(folder, force=True)
    md = render_report(folder, "S1901M", "markdown")
    assert "- Player 1: Austria, England, Germany" in md
    assert "- Player 3: France, Turkey" in md


def test_unknown_player_counts_are_refused(tmp_path) -> None:
    for bad in ("1", "8", "seven"):
        with pytest.raises(AdjudicatorError, match="players must be one of 7, 6, 5, 4, 3, 2"):
            service.new_game(tmp_path / f"g{bad}", "diplomacy", {"players": bad})


def test_no_player_can_take_a_power_not_played(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("ADJ_NOW", "2025-03-01T12:00:00Z")
    monkeypatch.delenv("ADJ_JUDGE", raising=False)
    j = str(tmp_path / "j")

    def run(*args, code=0):
        res = CliRunner().invoke(main, list(args))
        assert res.exit_code == code, res.output
        return res

    run("judge", "init", j, "--moderator-email", "m@x.org")
    run("--judge", j, "new", "diplomacy", "six", "--option", "players=6")
    res = run("--judge", j, "player", "add", "six", "Italy", "--email", "i@x.org", code=1)
    assert "Italy is not played in this game" in res.output
    run("--judge", j, "player", "add", "six", "France", "--email", "f@x.org")


# --- the engine, from written positions ----------------------------------------------------
DMAP = load_map("diplomacy-standard")


def _state(players: int, position: str) -> dict:
    state = parse_position(position, DMAP, common_fields("diplomacy"))
    state["setup"] = setup_for(players, list(DMAP.power_order))
    return state


def _adjudicate(state: dict, orders: dict[str, str]):
    parsed = {p: [o.order for o in parse_orders(text, DMAP).orders]
              for p, text in orders.items()}
    return engine.adjudicate(state, parsed, DMAP)


def test_civil_disorder_units_hold_are_supported_and_are_disbanded_when_dislodged() -> None:
    state = _state(6, """Spring 1902 Movement
Austria: F Tri, A Tyr, A Vie
Italy: A Ven, A Rom, F Nap
France: A Pie
Owners:
Austria: Tri, Vie, Bud
Italy: Ven, Rom, Nap
France: Par, Mar, Bre
""")
    # Orders sent for Italy anyway (say, stored before the game was set up) are not used.
    new, results, events = _adjudicate(state, {
        "Austria": "F Tri - Ven\nA Tyr S F Tri - Ven", "France": "A Pie S A Ven",
        "Italy": "A Ven - Apu"})
    by_loc = {r.loc: r for r in results}
    assert by_loc["ven"].kind == "hold" and by_loc["ven"].default
    assert by_loc["tri"].success is False  # 2 against 2: the French support holds Venice
    new, results, events = _adjudicate(state, {
        "Austria": "F Tri - Ven\nA Tyr S F Tri - Ven"})
    # Dislodged with retreats open (Apulia, Piedmont, Tuscany...): disbanded at once, and
    # no retreat phase is made for a power nobody plays.
    assert {"power": "Italy", "type": "A", "loc": "ven", "reason": "civil disorder"} \
        in events["disbanded"]
    assert new["phase"] == "F1902M" and new["dislodged"] == []
    assert not any(u["power"] == "Italy" and u["loc"] == "ven" for u in new["units"])


def test_civil_disorder_never_builds_but_removes() -> None:
    state = _state(5, """Fall 1902 Movement
Germany: A Mun
Italy: A Ven, A Rom, A Tyr
Austria: A Vie
Owners:
Germany: Ber, Kie, Mun
Italy: Ven, Rom
Austria: Vie
""")
    new, _, _ = _adjudicate(state, {"Austria": "A Vie H"})
    # Germany would owe two builds and Italy one removal: only the removal is kept, and
    # it is made by the civil-disorder rule (the unit farthest from home: Tyrolia).
    assert new["phase"] == "W1902A" and new["adjustments"] == {"Italy": -1}
    assert engine.powers_to_act(new) == []
    new, results, _ = _adjudicate(new, {})
    assert [(r.power, r.kind, r.loc) for r in results] == [("Italy", "remove", "tyr")]
    assert new["phase"] == "S1903M"

    only_builds = _state(6, """Fall 1902 Movement
Italy: A Ven
Austria: A Vie
Owners:
Italy: Ven, Rom, Nap
Austria: Vie
""")
    new, _, _ = _adjudicate(only_builds, {"Austria": "A Vie H"})
    assert new["phase"] == "S1903M" and new["adjustments"] == {}  # no Winter for Italy


TWO_PLAYER = """Fall 1916 Movement
England: F Nth, A Bel
France: A Bur, A Par
Russia: A War
Owners:
England: Lon, Edi, Lvp, Nwy, Swe, Den, Hol, Bel, Kie
France: Par, Bre, Mar, Spa, Por, Tun
Russia: Mos, War, Sev, Stp, Rum, Bul, Ser, Gre
Germany: Mun, Ber
"""


def test_two_players_win_with_24_centres_of_their_powers_together() -> None:
    state = _state(2, TWO_PLAYER)  # England, France and Russia own 23 centres
    new, _, events = _adjudicate(state, {"France": "A Bur - Mun\nA Par S A Bur - Mun"})
    assert new["result"] == {"type": "victory", "powers": ["England", "France", "Russia"]}
    assert events["side_winner"] == ["England", "France", "Russia"]
    assert engine.powers_to_act(new) == []
    game = get_game("diplomacy")
    assert game.outcome(new).kind == "victory"
    assert game.outcome(new).powers == ("England", "France", "Russia")

    # 23 centres after a Spring: nothing is counted before the end of a Fall.
    spring = _state(2, TWO_PLAYER.replace("Fall 1916", "Spring 1916"))
    new, _, _ = _adjudicate(spring, {"France": "A Bur - Mun\nA Par S A Bur - Mun"})
    assert new["result"] is None and new["phase"] == "F1916M"


ENGLAND_17 = """Fall 1918 Movement
England: A Bur, A Ruh
France: A Gas
Owners:
England: Lon, Edi, Lvp, Nwy, Swe, Den, Hol, Bel, Kie, Bre, Mar, Spa, Por, Tun, Stp, Mos, War
France: Par
Germany: Mun, Ber
"""


def test_two_players_one_power_with_18_centres_does_not_win() -> None:
    state = _state(2, ENGLAND_17)
    new, _, events = _adjudicate(state, {"England": "A Bur - Mun\nA Ruh S A Bur - Mun"})
    counts = events["centre_counts"]
    assert counts["England"] == 18 and counts["England"] + counts["France"] < 24
    assert new["result"] is None and events["winner"] is None
    # In the seven-player game the same position is England's solo victory.
    seven = parse_position(ENGLAND_17, DMAP, common_fields("diplomacy"))
    new, _, _ = _adjudicate(seven, {"England": "A Bur - Mun\nA Ruh S A Bur - Mun"})
    assert new["result"] == {"type": "solo", "winner": "England"}


def test_two_player_victory_in_the_report(tmp_path) -> None:
    folder = service.new_game(tmp_path / "g", "diplomacy", {"players": "2"})
    service.adjudicate(folder, force=True)
    text = render_report(folder, "S1914M", "text")
    assert "Spring of 1914" in text
    assert "Player 1: England, France, Russia" in text
    assert "Victory: 24 supply centres owned by one player's powers together" in text
    from adjudicator.diplomacy.report import _result_info

    info = _result_info({"type": "victory", "powers": ["England", "France", "Russia"]}, True,
                        {"centres": {"lon": "England", "par": "France"}}, DMAP)
    assert info["text"] == ("The player holding England, France and Russia has won the "
                            "game with 2 supply centres.")


def test_the_report_says_a_civil_disorder_unit_was_disbanded(tmp_path) -> None:
    folder = service.new_game(tmp_path / "g", "diplomacy", {"players": "6"})
    service.submit_orders(folder, "Austria", "A Vie - Tyr\nF Tri - Adr")
    service.adjudicate(folder, force=True)
    service.submit_orders(folder, "Austria", "A Tyr - Ven\nF Adr S A Tyr - Ven")
    service.adjudicate(folder, force=True)
    text = render_report(folder, "F1901M", "text")
    assert "The Italian Army in Venice (dislodged from Tyrolia) was disbanded (civil" in text
    assert "no valid retreat" not in text
    assert service.verify_replay(folder) == []


def test_a_game_for_fewer_players_restarts_from_its_written_position(tmp_path) -> None:
    """The written position says how many play ("Players: 5"), so ``adj new --from`` gives
    the game its setup back (before, the setup was lost)."""
    first = service.new_game(tmp_path / "g", "diplomacy", {"players": "5"})
    text = service.position_text(first)
    assert text.splitlines()[1] == "Players: 5"
    again = service.new_game(tmp_path / "h", "diplomacy", position=text)
    assert again.read_state()["setup"] == first.read_state()["setup"]
    assert again.read_state()["units"] == first.read_state()["units"]
    seven = text.replace("Players: 5\n", "")
    assert "setup" not in service.new_game(tmp_path / "i", "diplomacy",
                                           position=seven).read_state()


@pytest.mark.parametrize("line", ["Players: 8", "Players: five", "Players:"])
def test_a_bad_players_line_is_refused_with_the_counts(line) -> None:
    dmap = load_map()
    with pytest.raises(AdjudicatorError) as err:
        parse_position(f"Spring 1901\n{line}\nFrance: A Par\n", dmap, common_fields("diplomacy"))
    assert "the number of players must be one of 7, 6, 5, 4, 3, 2" in str(err.value)
