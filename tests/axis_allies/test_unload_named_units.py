"""An unload that names units lands exactly those units (issue 10, Revised defects 1;
rulings 52 and R-11).

``tt sz 5: load 2 inf Karelia; unload 1 inf Norway`` used to land both infantry without a
word. The rules (1942 p.13, digest §2.2.5; Revised digest A6 "Amphibious assault": "must
either unload everything loaded in Combat Move, or retreat ... It may also unload any of its
own power's units that were already aboard at the start of the turn"; "In Noncombat Move any
number of the units aboard may unload") let cargo aboard since an earlier turn stay aboard,
but not cargo loaded in combat move: such a line is refused with the reason.
"""

from __future__ import annotations

import pytest

from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.parser import parse_turn_script
from adjudicator.axis_allies.state import add_unit, initial_state, phase_code
from adjudicator.axis_allies.validate import (
    check_combat_moves,
    check_noncombat_moves,
    requests_from_orders,
)
from adjudicator.dice import FixedDice
from adjudicator.registry import get_game

EDITIONS = ["aa1942", "aa-revised"]


def position(key: str, step: str = "combat", norway: str = "germany") -> tuple[dict, object]:
    ed = load_edition(key)
    s = initial_state(ed)
    s["units"] = []
    s["turn"].update(power="ussr", step=step)
    s["controllers"]["norway"] = s["turn_start_controllers"]["norway"] = norway
    s["controllers"]["karelia_ssr"] = s["turn_start_controllers"]["karelia_ssr"] = "ussr"
    return s, ed


def put(s: dict, utype: str, loc: str, n: int = 1, aboard: str | None = None, power="ussr"):
    return [add_unit(s, power, utype, loc, aboard=aboard) for _ in range(n)]


def plan_of(s: dict, ed, text: str):
    script, errors = parse_turn_script(text, ed)
    assert errors == []
    if script.noncombat_moves:
        reqs = [r for m in script.noncombat_moves
                for r in requests_from_orders(m, "ussr", line=1, text=m.text())]
        return check_noncombat_moves(s, ed, "ussr", reqs)
    reqs = [r for m in script.combat_moves
            for r in requests_from_orders(m, "ussr", line=1, text=m.text())]
    return check_combat_moves(s, ed, "ussr", reqs)


def where(plan, ids) -> list[tuple[str, str | None]]:
    units = {u["id"]: u for u in plan.state["units"]}
    return [(units[i]["loc"], units[i]["aboard"]) for i in ids]


@pytest.mark.parametrize("key", EDITIONS)
def test_cargo_loaded_in_combat_move_not_named_is_refused(key):
    s, ed = position(key)
    put(s, "transport", "sz5")
    put(s, "infantry", "karelia_ssr", 2)
    plan = plan_of(s, ed, "combat:\ntt sz 5: load 2 inf Karelia; unload 1 inf Norway")
    assert [e.rule for e in plan.errors] == ["combat-cargo-must-assault"]
    assert plan.errors[0].message.endswith("still aboard: Infantry")


@pytest.mark.parametrize("key", EDITIONS)
def test_the_turn_refuses_the_line_and_moves_nothing(key):
    """In a turn the refused line is reported with its reason and nothing of it moves."""
    game = get_game(key)
    s = game.new_state(game.check_options({"passes": "one"}))
    s["units"] = []
    s["turn"] = {"round": 1, "power": "ussr", "step": "purchase"}
    s["phase"] = phase_code(1, "ussr", "purchase")
    s["controllers"]["norway"] = "germany"
    s["turn_start_controllers"] = dict(s["controllers"])
    put(s, "transport", "sz5")
    put(s, "infantry", "karelia_ssr", 2)
    text = "combat:\ntt sz 5: load 2 inf Karelia; unload 1 inf Norway"
    parsed = game.parse(text, s)
    assert not parsed.errors
    out = game.resolve(s, {"ussr": [p.order for p in parsed.orders]}, FixedDice([]))
    bad = [r for r in out.results if r["section"] == "combat"]
    assert [(r["success"], r["reason"]) for r in bad] == [
        (False, ("land units loaded in combat move must unload in an amphibious assault "
                 "this phase; still aboard: Infantry"))]
    assert out.events["battles"] == []
    assert sorted(u["loc"] for u in out.state["units"] if u["type"] == "infantry") == [
        "karelia_ssr", "karelia_ssr"]


@pytest.mark.parametrize("key", EDITIONS)
def test_cargo_aboard_since_an_earlier_turn_may_stay_aboard(key):
    s, ed = position(key)
    (tt,) = put(s, "transport", "sz5")
    (old,) = put(s, "infantry", "sz5", aboard=tt)
    (new,) = put(s, "infantry", "karelia_ssr")
    plan = plan_of(s, ed, "combat:\ntt sz 5: load 1 inf Karelia; unload 1 inf Norway")
    assert plan.errors == []
    assert plan.moves[0].unloaded == (new,)  # the one loaded in combat move goes ashore
    assert where(plan, [new, old]) == [("norway", None), ("sz5", tt)]


@pytest.mark.parametrize("key", EDITIONS)
def test_noncombat_unload_lands_only_the_units_named(key):
    s, ed = position(key, step="noncombat", norway="ussr")
    (tt,) = put(s, "transport", "sz5")
    inf = put(s, "infantry", "sz5", 1, aboard=tt)
    (art,) = put(s, "artillery", "sz5", aboard=tt)
    plan = plan_of(s, ed, "noncombat:\ntt sz 5: unload 1 art Norway")
    assert plan.errors == []
    assert where(plan, [art, *inf]) == [("norway", None), ("sz5", tt)]


@pytest.mark.parametrize("key", EDITIONS)
def test_an_unload_naming_no_units_lands_them_all(key):
    s, ed = position(key)
    put(s, "transport", "sz5")
    ids = put(s, "infantry", "karelia_ssr", 2)
    plan = plan_of(s, ed, "combat:\ntt sz 5: load 2 inf Karelia; unload Norway")
    assert plan.errors == []
    assert where(plan, ids) == [("norway", None), ("norway", None)]


@pytest.mark.parametrize("key", EDITIONS)
def test_naming_more_than_aboard_is_refused(key):
    s, ed = position(key)
    put(s, "transport", "sz5")
    put(s, "infantry", "karelia_ssr")
    plan = plan_of(s, ed, "combat:\ntt sz 5: load 1 inf Karelia; unload 1 inf, 1 art Norway")
    assert [e.rule for e in plan.errors] == ["unload-not-aboard"]
