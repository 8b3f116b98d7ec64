"""Build small Diplomacy states and orders for rule tests without the parser."""

from __future__ import annotations

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.orders import UnitType

M = load_map()
A, F = UnitType.ARMY, UnitType.FLEET


def state(phase: str = "S1901M", units: str = "", centres: dict | None = None, **extra) -> dict:
    """``units`` like ``"England F nth; France A bel"``; centres default to home centres."""
    s = engine.initial_state(M)
    s["phase"] = phase
    s["units"] = []
    for spec in filter(None, (x.strip() for x in units.split(";"))):
        power, letter, loc = spec.split()
        s["units"].append({"power": power, "type": letter, "loc": loc})
    s["units"].sort(key=lambda u: u["loc"])
    if centres is not None:
        s["centres"] = dict(sorted(centres.items()))
    s.update(extra)
    return s


def units_of(s: dict) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["loc"]) for u in s["units"]}


def result_at(results, loc: str):
    return next(r for r in results if r.loc == loc)
