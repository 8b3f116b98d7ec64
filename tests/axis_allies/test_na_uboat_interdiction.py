"""U-boat Interdiction (Germany 1, Revised digest A7): the UK and the US each lose 1 IPC of
income per German submarine on the board, never below 0; ruling NA-uboat_interdiction."""

from __future__ import annotations

import copy

from na_scenario import emptied, game_with, new, play, put, report

from adjudicator.axis_allies.advantages.uboat_interdiction import ADVANTAGE
from adjudicator.dice import FixedDice


def collect(power: str, subs: int, *, chosen: bool = True):
    with game_with(ADVANTAGE) as g:
        s = new(g, **({"na_germany": "uboat_interdiction"} if chosen else {}))
        emptied(s, power)
        level = g.resolve(copy.deepcopy(s), {}, FixedDice([])).events["income"]["amount"]
        if subs:
            put(s, "germany", "submarine", "sz7", subs - 1)
            put(s, "germany", "submarine", "sz55")  # anywhere on the board counts
        before = copy.deepcopy(s)
        out = play(g, s, power, "pass")
        return level, out, report(g, before, out)


def test_the_uk_loses_one_ipc_per_german_submarine():
    level, out, ctx = collect("uk", 3)
    income = out.events["income"]
    assert income["amount"] == level - 3
    assert income["changes"] == [{"effect": "U-boat Interdiction", "by": -3}]
    assert "U-boat Interdiction -3 IPC" in ctx["income"]


def test_the_us_too():
    level, out, _ = collect("usa", 2)
    assert out.events["income"]["amount"] == level - 2


def test_not_the_soviet_union():
    level, out, _ = collect("ussr", 4)
    assert out.events["income"]["amount"] == level and "changes" not in out.events["income"]


def test_never_below_zero():
    level, out, _ = collect("uk", 60)
    assert level < 60 and out.events["income"]["amount"] == 0


def test_without_the_advantage_or_submarines_nothing_changes():
    level, out, _ = collect("uk", 3, chosen=False)
    assert out.events["income"]["amount"] == level and "changes" not in out.events["income"]
    level, out, _ = collect("uk", 0)
    assert out.events["income"]["amount"] == level and "changes" not in out.events["income"]
