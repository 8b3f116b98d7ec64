"""Report wording fixed while building A&A Revised (issue 10, Revised defects 2): what the
raid table says about Luftwaffe Dive Bombers and AA fire at fighters, and a wasted hit when
the other side is simply all destroyed. From hand-made logs in the engine's shapes."""

from __future__ import annotations

from adjudicator.axis_allies import report
from adjudicator.registry import get_game

ED = get_game("aa-revised").edition
UNITS = [{"id": "u1", "type": "bomber"}, {"id": "u2", "type": "fighter"},
         {"id": "u9", "type": "aa_gun"}]


def raid_card(raiders: list[str], counted: dict[str, int] | None = None) -> dict:
    bombing = {"event": "bombing", "dice": [{"unit": u, "die": 3} for u in raiders],
               "total": 3 * len(raiders)}
    if counted is not None:
        bombing.update(counted=counted, total=sum(counted.values()),
                       effects=["Luftwaffe Dive Bombers"])
    log = [{"event": "raid", "territory": "russia", "attacker": "germany", "bombers": raiders,
            "damage_before": 0},
           {"event": "aa", "gun": "u9", "dice": [6] * len(raiders), "hit_on": 1,
            "destroyed": []},
           bombing]
    raid = {"attacker": "germany", "model": "ipc_loss", "ipc_lost": bombing["total"],
            "cap": 8, "log": log}
    n = report.Names(ED, units=UNITS)
    return report.describe_battle(n, {"region": "russia", "kind": "bombing", "raid": raid})


def lines(card: dict, kind: str) -> list[dict]:
    return [line for s in card["sections"] for line in s["lines"] if line["kind"] == kind]


def test_the_dice_lead_names_dive_bombers():
    """The HTML shows a dice line's ``lead``: it says what the fighter's die counted for."""
    card = raid_card(["u1", "u2"], counted={"u1": 3, "u2": 1})
    (fire,) = lines(card, "fire")
    assert fire["lead"] == "Bombing damage: 4; counted u1 3, u2 1 (Luftwaffe Dive Bombers)"
    assert "counted u1 3, u2 1 (Luftwaffe Dive Bombers)" in fire["text"]


def test_aa_fire_at_fighters_and_bombers_is_per_aircraft():
    card = raid_card(["u1", "u2"], counted={"u1": 3, "u2": 1})
    (aa,) = lines(card, "aa")
    assert "fires one die per aircraft, hitting on 1" in aa["text"]
    assert "no aircraft shot down" in aa["text"]
    assert "bomber" not in aa["text"]


def test_aa_fire_at_bombers_alone_is_per_bomber():
    card = raid_card(["u1"])
    (aa,) = lines(card, "aa")
    assert "fires one die per bomber, hitting on 1: rolls 6; no bomber shot down." in aa["text"]


def battle(defending: list[dict], chosen: list[str]) -> dict:
    att = [{"id": "u1", "type": "fighter", "power": "germany", "damage": 0},
           {"id": "u2", "type": "fighter", "power": "germany", "damage": 0}]
    log = [
        {"event": "start", "region": "sz5", "kind": "sea", "attacker": "germany",
         "defending_powers": ["uk"], "attacking": att, "defending": defending},
        {"event": "round", "round": 1, "attacking": att, "defending": defending},
        {"event": "fire", "round": 1, "side": "attacker", "purpose": "normal",
         "dice": [{"unit": u["id"], "type": "fighter", "value": 1, "die": 1, "hit": True}
                  for u in att], "hits": 2},
        {"event": "casualties", "round": 1, "side": "defender",
         "chosen": [{"unit": c, "type": "destroyer", "power": "uk", "effect": "destroyed",
                     "hit_by": "u1", "why": {"source": "default", "rule": "order-of-loss",
                                             "detail": "cheapest first (default)"}}
                    for c in chosen],
         "wasted": [{"hit_by": "u2", "why": "no unit can legally take this hit"}]},
    ]
    n = report.Names(ED)
    return report.describe_battle(n, {"region": "sz5", "name": "Sea Zone 5", "kind": "sea",
                                      "result": {"attacker": "germany", "region": "sz5",
                                                 "log": log}})


def test_a_hit_wasted_because_every_defender_is_destroyed_says_so():
    card = battle([{"id": "u3", "type": "destroyer", "power": "uk", "damage": 0}], ["u3"])
    (w,) = lines(card, "wasted")
    assert w["text"] == "A hit by Fighter u2 is wasted: every defending unit is already destroyed."


def test_a_hit_with_no_legal_target_keeps_its_reason():
    """A submarine is left, which fighters cannot hit without a destroyer (1942 rules)."""
    card = battle([{"id": "u3", "type": "destroyer", "power": "uk", "damage": 0},
                   {"id": "u4", "type": "submarine", "power": "uk", "damage": 0}], ["u3"])
    (w,) = lines(card, "wasted")
    assert w["text"] == "A hit by Fighter u2 is wasted: no unit can legally take this hit."
