"""This engine against the ``diplomacy`` package, on phases the package played.

``data/reference_phases.json.gz`` (written by ``tools/reference_fixture.py``; see there)
holds several hundred movement phases of random games, many with whole convoys and
supported attacks, and the retreat phases that followed, each with the orders as the
package wrote them and what the package made of them. Every phase is replayed through this
project's parser and engine, and the outcome must be the package's:

* movement: the same units where they ended, the same units dislodged with somewhere to
  retreat, each with the same retreat options (a unit with none is disbanded by both);
* retreats: the same units where they ended (retreated, disbanded or bounced).

No network and no package are needed: the fixture is the reference. This guards the speed
work on the engine (and the parser's reading of the package's notation).

Where the two engines disagree, the phase was examined against the DATC and the 2000 rules.
Each disagreement found so far is an error of the package (version 1.1.2), reproduced in a
few units at the bottom of this file (with one more, found by the benchmark's games): those
phases are strict xfails, so a change on either side shows up. A new disagreement after
regenerating the fixture must be examined the same way, never simply listed.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from adjudicator.diplomacy import engine
from adjudicator.diplomacy.map import load_map
from adjudicator.diplomacy.parser import parse_orders
from adjudicator.game import common_fields

FIXTURE = Path(__file__).parent / "data" / "reference_phases.json.gz"
DMAP = load_map()
POWERS = {p.upper(): p for p in DMAP.powers}


_SELF_DISLODGE = ("the package counts a power's support for a convoyed attack that dislodges "
                  "that power's own unit; DATC 6.D.12 and the 2000 rules forbid it (see "
                  "test_no_support_for_dislodging_an_own_unit_even_by_convoy)")
_OCCUPIED_RETREAT = ("after a convoyed attack the package offers occupied provinces as retreats "
                     "(see test_no_retreat_into_an_occupied_province_after_a_convoyed_attack)")

#: fixture phase -> why the package is wrong there (see the module docstring)
REFERENCE_ERRORS = {
    "g4 F1904M": _SELF_DISLODGE + ": the French F gas supports England's A lvp - bre",
    "g18 S1910M": _SELF_DISLODGE + ": Russian armies support Germany's A ber - lvn",
    "g14 S1913M": _OCCUPIED_RETREAT + ": F smy may not retreat to aeg, where the Russian "
                  "fleet stayed",
}


def _load() -> list[dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as fh:
        return json.load(fh)


PHASES = _load()


def _unit(power: str, spec: str) -> tuple[str, str, str]:
    """``("FRANCE", "F BUL/SC")`` -> ``("France", "F", "bul/sc")``; a leading ``*``
    (dislodged) is dropped."""
    kind, loc = spec.lstrip("*").split()
    return POWERS[power], kind, loc.lower()


def _state(entry: dict) -> dict:
    """Our state for the phase: its units (and, in retreats, the dislodged units with the
    package's retreat options). Centres play no part in either kind of phase."""
    state = common_fields("diplomacy")
    state.update(phase=entry["phase"], centres={}, adjustments={}, eliminated=[])
    units, dislodged = [], []
    for power, specs in entry["units"].items():
        for spec in specs:
            p, kind, loc = _unit(power, spec)
            if spec.startswith("*"):
                options = entry["retreats"][power][spec[1:]]
                dislodged.append({"power": p, "type": kind, "loc": loc, "attacker_from": "",
                                  "retreats": sorted(o.lower() for o in options)})
            else:
                units.append({"power": p, "type": kind, "loc": loc})
    state["units"] = sorted(units, key=lambda u: u["loc"])
    state["dislodged"] = sorted(dislodged, key=lambda d: d["loc"])
    return state


def _orders(entry: dict) -> dict:
    orders = {}
    for power, lines in entry["orders"].items():
        parsed = parse_orders("\n".join(lines), DMAP)
        assert not parsed.errors, (power, [e.describe() for e in parsed.errors])
        orders[POWERS[power]] = [o.order for o in parsed.orders]
    return orders


def _on_board(units: dict) -> set[tuple[str, str, str]]:
    return {_unit(p, s) for p, ss in units.items() for s in ss if not s.startswith("*")}


def test_the_fixture_covers_convoys_dislodgements_and_retreats():
    movement = [e for e in PHASES if e["phase"].endswith("M")]
    retreats = [e for e in PHASES if e["phase"].endswith("R")]
    assert len(movement) >= 300 and len(retreats) >= 50
    convoyed = [e for e in movement
                if any(o.endswith(" VIA") for os in e["orders"].values() for o in os)
                and any(" C " in o for os in e["orders"].values() for o in os)]
    assert len(convoyed) >= 100
    assert sum(bool(e["dislodged"]) for e in movement) >= 50


def _param(entry: dict):
    why = REFERENCE_ERRORS.get(entry["id"])
    marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
    return pytest.param(entry, id=entry["id"], marks=marks)


@pytest.mark.parametrize("entry", [_param(e) for e in PHASES])
def test_same_outcome_as_the_reference(entry):
    new, _, events = engine.adjudicate(_state(entry), _orders(entry), DMAP)
    assert events["rejected"] == []
    ours = {(u["power"], u["type"], u["loc"]) for u in new["units"]}
    assert ours == _on_board(entry["after"])
    if entry["phase"].endswith("M"):
        theirs = {_unit(p, spec): sorted(o.lower() for o in options)
                  for p, units in entry["dislodged"].items() for spec, options in units.items()}
        # The package drops at once a dislodged unit with nowhere to go (we disband it in
        # the same step): compare those that have a retreat phase ahead.
        dislodged = {(d["power"], d["type"], d["loc"]): d["retreats"]
                     for d in events["dislodged"] if d["retreats"]}
        assert dislodged == theirs


# --- where the package is wrong ---------------------------------------------------------
# Each position is the smallest form of a disagreement found in the fixture; the package
# was run on it (benchmarks/.ref-venv) and its answer is quoted.


def _units(text: str) -> list[dict]:
    return sorted(({"power": p, "type": t, "loc": loc}
                   for p, t, loc in (x.split() for x in text.split(";"))),
                  key=lambda u: u["loc"])


def _adjudicate(units: str, orders: dict[str, str]):
    state = common_fields("diplomacy")
    state.update(phase="S1901M", units=_units(units), centres={}, adjustments={},
                 eliminated=[], dislodged=[])
    parsed = {p: [o.order for o in parse_orders(text, DMAP).orders] for p, text in orders.items()}
    return engine.adjudicate(state, parsed, DMAP)


def test_no_support_for_dislodging_an_own_unit_even_by_convoy():
    """DATC 6.D.12 with the attacker convoyed: France's support does not count against
    France's own army, so 1 against 1 bounces. (The package applies the rule to the land
    attack of 6.D.12 but dislodges A bel here.)"""
    new, _, events = _adjudicate(
        "France A bel; France A pic; England A lon; England F nth",
        {"France": "A bel H\nA pic S A lon - bel",
         "England": "A lon - bel via convoy\nF nth C A lon - bel"})
    assert events["dislodged"] == []
    assert {u["loc"] for u in new["units"]} == {"bel", "pic", "lon", "nth"}


def test_no_retreat_into_an_occupied_province_after_a_convoyed_attack():
    """A unit may only retreat to an empty province. The fleet in the Aegean convoyed and
    stayed, so the dislodged fleet of Smyrna cannot go there. (The package offers aeg,
    con, eas and syr; over land it leaves out occupied provinces.)"""
    _, _, events = _adjudicate(
        "Italy A nap; Austria F ion; Russia F aeg; Russia A arm; Turkey F smy",
        {"Italy": "A nap - smy via convoy", "Austria": "F ion C A nap - smy",
         "Russia": "F aeg C A nap - smy\nA arm S A nap - smy", "Turkey": "F smy H"})
    (dislodged,) = events["dislodged"]
    assert dislodged["loc"] == "smy" and dislodged["retreats"] == ["con", "eas", "syr"]


def test_a_support_naming_another_coast_does_not_count():
    """DATC 6.B.9 (docs/rulings.md, 4.B.4): a support that names a coast must name the
    coast of the move it supports, so Portugal's support fails and Italy takes the south
    coast. (The package drops the coast of support orders: "F POR S F MAO - SPA"; 2 against
    2, both bounce. Found by benchmarks/bench_vs_diplomacy_package.py, S1908M of its games.)"""
    new, _, _ = _adjudicate(
        "France F por; France F mao; Italy F lyo; Italy F wes",
        {"France": "F POR S F MAO - SPA/NC\nF MAO - SPA/SC",
         "Italy": "F LYO S F WES - SPA/SC\nF WES - SPA/SC"})
    assert ("Italy", "F", "spa/sc") in {(u["power"], u["type"], u["loc"]) for u in new["units"]}
