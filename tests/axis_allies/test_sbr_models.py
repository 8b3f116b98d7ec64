"""Strategic bombing: the two values of ``Rules.sbr_model`` (docs/rulings.md 26).

``complex_damage`` (1942): damage markers on the complex, capped at twice its IPC value.
``ipc_loss`` (Revised, digest A5.4): the owner loses the total from its treasury, at most the
territory's IPC value per turn, never more than it has; no markers.
"""

from __future__ import annotations

from adjudicator.axis_allies.bombing import RaidSetup, resolve_raid
from adjudicator.axis_allies.combat import Unit
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.editions import rules_for
from adjudicator.axis_allies.state import add_unit, phase_code
from adjudicator.dice import FixedDice
from adjudicator.record import replace
from adjudicator.registry import get_game

ED = load_edition("aa1942")
DAMAGE = rules_for("aa1942")
LOSS = replace(DAMAGE, sbr_model="ipc_loss")
G = get_game("aa1942")


def bombers(n: int) -> tuple[Unit, ...]:
    return tuple(Unit(f"b{i}", "uk", "bomber") for i in range(n))


def raid(rules, dice, **kw):
    d = FixedDice(list(dice))
    setup = RaidSetup(**{"territory": "germany", "attacker": "uk", "ipc_value": 4, **kw})
    res = resolve_raid(ED, rules, setup, d)
    assert d.values == []
    return res


def test_ipc_loss_takes_the_total_from_the_treasury_capped_at_the_ipc_value():
    res = raid(LOSS, [3], bombers=bombers(1), treasury=30)
    assert (res.model, res.ipc_lost, res.damage_added, res.damage_after) == ("ipc_loss", 3, 0, 0)
    res = raid(LOSS, [6, 5], bombers=bombers(2), treasury=30)
    assert (res.damage_rolled, res.ipc_lost, res.cap) == (11, 4, 4)
    assert res.to_json()["model"] == "ipc_loss" and res.to_json()["ipc_lost"] == 4


def test_ipc_loss_never_takes_more_than_the_owner_has():
    res = raid(LOSS, [4], bombers=bombers(1), treasury=2)
    assert res.ipc_lost == 2
    assert next(e for e in res.log if e["event"] == "ipc-loss")["treasury"] == 2


def test_aa_fire_is_the_same_in_both_models():
    for rules in (DAMAGE, LOSS):
        res = raid(rules, [1, 6, 2], bombers=bombers(2), aa_gun=Unit("g", "germany", "aa_gun"),
                   treasury=30)
        assert res.fates == {"b0": "destroyed", "b1": "survived"} and res.damage_rolled == 2


def test_complex_damage_keeps_its_json_unchanged():
    res = raid(DAMAGE, [5], bombers=bombers(1), damage_before=2)
    assert (res.damage_added, res.damage_after, res.ipc_lost) == (5, 7, 0)
    assert "model" not in res.to_json() and "ipc_lost" not in res.to_json()


def _raid_turn(model: str, die: int, treasury: int = 40):
    s = G.new_state(G.check_options({"passes": "one"}))
    s["units"] = [u for u in s["units"] if u["loc"] not in ("germany", "united_kingdom")]
    s["turn"] = {"round": 1, "power": "uk", "step": "purchase"}
    s["phase"] = phase_code(1, "uk", "purchase")
    s["rules"] = {**s["rules"], "sbr_model": model}
    s["treasury"]["germany"] = treasury
    add_unit(s, "uk", "bomber", "united_kingdom")
    add_unit(s, "germany", "aa_gun", "germany")
    parsed = G.parse("combat:\nbmr United Kingdom -> Germany (bomb)\n"
                     "landing:\nbmr Germany -> United Kingdom", s)
    assert not parsed.errors, parsed.errors
    return G.resolve(s, {"uk": [p.order for p in parsed.orders]}, FixedDice([6, die]))


def test_a_raid_in_the_turn_damages_the_complex_or_takes_ipc():
    hit = _raid_turn("complex_damage", 5)
    assert hit.state["complexes"]["germany"]["damage"] == 5
    assert hit.state["treasury"]["germany"] == 40
    loss = _raid_turn("ipc_loss", 5)
    assert loss.state["complexes"]["germany"]["damage"] == 0
    assert loss.state["treasury"]["germany"] == 35
    assert loss.events["battles"][0]["raid"]["ipc_lost"] == 5
    broke = _raid_turn("ipc_loss", 6, treasury=4)
    assert broke.state["treasury"]["germany"] == 0


def test_reports_and_the_map_say_what_an_ipc_loss_raid_did():
    from adjudicator.axis_allies import report

    loss = _raid_turn("ipc_loss", 5)
    card = report.describe_battle(report.Names(ED), loss.events["battles"][0])
    assert card["summary"] == "5 IPC lost (at most 10)"
    text = " ".join(line["text"] for s in card["sections"] for line in s["lines"])
    assert "5 IPC lost from the treasury" in text
    hit = _raid_turn("complex_damage", 5)
    card = report.describe_battle(report.Names(ED), hit.events["battles"][0])
    assert card["summary"].startswith("5 damage to the complex")
