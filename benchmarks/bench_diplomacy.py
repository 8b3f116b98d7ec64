"""Time the Diplomacy engine: the whole DATC, and a busy mid-game movement phase.

Run: ``python benchmarks/bench_diplomacy.py``. Only the engine is timed: DATC cases
are loaded and their orders parsed once, before the clock starts.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "diplomacy"))

from datc_cases import initial_state_for, load_cases, orders_for, split_power

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.orders import (
    Convoy,
    Hold,
    Move,
    SupportHold,
    SupportMove,
    UnitType,
)

A, F = UnitType.ARMY, UnitType.FLEET

# 34 units, Fall 1905: fronts in the west, the Balkans and Scandinavia.
UNITS = """
England F nth; England F nwg; England F eng; England A yor; England F bar; England A nwy
France A bur; France A pic; France F mao; France A gas; France F bre
Germany A mun; Germany A ruh; Germany F hel; Germany A kie; Germany F den
Italy A tyr; Italy A ven; Italy F ion; Italy F tys; Italy A tun
Austria A vie; Austria A bud; Austria A ser; Austria F gre; Austria A gal
Russia A war; Russia A ukr; Russia F sev; Russia A stp; Russia F swe
Turkey A bul; Turkey F bla; Turkey A arm
"""

ORDERS = {
    "England": [Move(A, "yor", dest="bel"), Convoy(F, "nth", target="yor", dest="bel"),
                SupportMove(F, "eng", target="yor", dest="bel"), Hold(F, "nwg"),
                SupportHold(F, "bar", target="nwy"), Move(A, "nwy", dest="swe")],
    "France": [Move(A, "pic", dest="bel"), SupportMove(A, "bur", target="pic", dest="bel"),
               Move(F, "mao", dest="spa/nc"), SupportHold(A, "gas", target="bur"),
               Move(F, "bre", dest="eng")],
    "Germany": [Move(A, "ruh", dest="bur"), SupportMove(A, "mun", target="ruh", dest="bur"),
                Move(F, "hel", dest="hol"), SupportMove(F, "den", target="kie", dest="swe"),
                Hold(A, "kie")],
    "Italy": [Move(A, "ven", dest="tri"), SupportMove(A, "tyr", target="ven", dest="tri"),
              Move(A, "tun", dest="gre"), Convoy(F, "ion", target="tun", dest="gre"),
              Move(F, "tys", dest="wes")],
    "Austria": [Move(A, "vie", dest="tyr"), SupportHold(A, "gal", target="bud"),
                SupportHold(A, "ser", target="gre"), SupportMove(A, "bud", target="ser",
                                                                 dest="rum"), Hold(F, "gre")],
    "Russia": [Move(A, "war", dest="gal"), SupportMove(A, "ukr", target="war", dest="gal"),
               Move(F, "sev", dest="rum"), SupportHold(F, "swe", target="nwy"),
               Move(A, "stp", dest="nwy")],
    "Turkey": [Move(A, "bul", dest="ser"), SupportMove(F, "bla", target="sev", dest="rum"),
               Move(A, "arm", dest="sev")],
}


def busy_state(dmap) -> dict:
    s = engine.initial_state(dmap)
    s["phase"] = "F1905M"
    s["units"] = sorted(
        ({"power": p, "type": t, "loc": loc}
         for p, t, loc in (spec.split() for spec in UNITS.replace("\n", ";").split(";")
                           if spec.strip())),
        key=lambda u: u["loc"],
    )
    assert len(s["units"]) == 34
    return s


def bench(label: str, fn, phases_per_call: int, repeat: int) -> None:
    fn()  # warm caches
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    dt = time.perf_counter() - t0
    n = phases_per_call * repeat
    print(f"{label}: {n} phases in {dt:.3f}s = {n / dt:,.0f} phases/s")


def main() -> None:
    dmap = load_map()
    prepared = []
    for case in load_cases():
        state = initial_state_for(case, dmap)
        orders = orders_for(case, dmap)
        for line in case.prestate + case.dislodged:
            orders.setdefault(split_power(dmap, line)[0], [])
        prepared.append((state, orders))

    def datc() -> None:
        for state, orders in prepared:
            engine.adjudicate(state, orders, dmap)

    state = busy_state(dmap)

    def busy() -> None:
        engine.adjudicate(state, ORDERS, dmap)

    bench(f"DATC suite ({len(prepared)} cases)", datc, len(prepared), 10)
    bench("busy movement phase (34 units)", busy, 1, 500)


if __name__ == "__main__":
    main()
