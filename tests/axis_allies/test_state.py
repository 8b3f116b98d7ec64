"""The A&A 1942 JSON state: opening position, determinism, and the rules object."""

from __future__ import annotations

import json
from collections import Counter

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.state import Board, initial_state
from adjudicator.store import SCHEMA_VERSION

ED = load_edition("aa1942")


def test_initial_state_common_fields():
    s = initial_state(ED)
    assert s["schema_version"] == SCHEMA_VERSION
    assert (s["game"], s["result"], s["players"]) == ("aa1942", None, {})
    assert "variant" not in s  # schema 2: the registry key alone says which game
    assert s["turn"] == {"round": 1, "power": "ussr", "step": "purchase"}
    assert s["phase"] == "r1-ussr-purchase"


def test_initial_state_is_deterministic_json():
    a = json.dumps(initial_state(ED), sort_keys=True)
    b = json.dumps(initial_state(ED), sort_keys=True)
    assert a == b


def test_treasuries_and_controllers_from_setup():
    s = initial_state(ED)
    assert s["treasury"] == {"ussr": 24, "germany": 40, "uk": 30, "japan": 30, "usa": 42}
    assert s["controllers"] == ED.starting_controllers()
    assert s["turn_start_controllers"] == s["controllers"]
    assert s["captured_capitals"] == {} and s["purchased"] == {}


def test_units_match_the_setup_and_complexes_are_separate():
    s = initial_state(ED)
    counts = Counter((u["power"], u["type"]) for u in s["units"])
    for power in ED.setup.turn_order:
        for uid in ED.units.units:
            expected = ED.setup.count(power, uid)
            if uid == "industrial_complex":
                assert sum(1 for c in s["complexes"].values() if c["owner"] == power) == expected
            else:
                assert counts[(power, uid)] == expected
    assert set(s["complexes"]) == set(ED.map.starting_complexes())
    assert len({u["id"] for u in s["units"]}) == len(s["units"])


def test_fighters_at_sea_start_aboard_their_carriers():
    s = initial_state(ED)
    board = Board(s, ED)
    for u in s["units"]:
        if u["type"] == "fighter" and ED.map.is_sea(u["loc"]):
            carrier = board.unit(u["aboard"])
            assert carrier["type"] == "carrier" and carrier["power"] == u["power"]
            assert carrier["loc"] == u["loc"]
    for u in s["units"]:
        if u["type"] == "carrier":
            assert board.carrier_room(u) >= 0


def test_rules_object_defaults_and_options():
    r = rules_for("aa1942")
    assert r.canal_control == "turn_start" and not r.turkish_straits_closed
    assert r.battleship_repair == "after_battle" and r.transports_casualty_last
    assert rules_for("aa1942", {"turkish_straits_closed": True, "bogus": 1}).turkish_straits_closed
    s = initial_state(ED, {"victory": "total"})
    assert s["rules"]["victory"] == "total"


def test_sea_zone_hostility_only_through_surface_warships():
    s = initial_state(ED)
    s["units"] = []
    board = Board(s, ED)
    from adjudicator.axis_allies.state import add_unit

    add_unit(s, "germany", "submarine", "sz7")
    add_unit(s, "germany", "transport", "sz7")
    assert not board.hostile_sea("sz7", "uk")
    add_unit(s, "germany", "destroyer", "sz7")
    assert board.hostile_sea("sz7", "uk") and not board.hostile_sea("sz7", "japan")
