"""Diplomacy turn reports: the report context the templates receive.

A report is built from three things only: the history record of the phase (its
``state_before`` and ``results``) and the state *after* it (the next record's
``state_before``, or ``game.json`` for the latest record). Everything a reader wants is
a difference between the two states (centre changes, eliminations, the result), a fact
of the state after (dislodged units and their retreats, adjustments owed, the next
phase) or a structured field of the results. The engine's ``events`` are deliberately not
read: their shape may change, while the state format is documented and versioned; nor is
any prose the engine wrote (a ``reason``) ever parsed back.

The context is a plain JSON-serialisable dict documented in ``docs/report-context.md``
so that users can write their own templates (``adj report --template PATH``). Finding the
record, rendering and writing files is the core's job (``adjudicator.publish``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from adjudicator.canonical import sha256_text
from adjudicator.diplomacy import setups
from adjudicator.diplomacy.map import STANDARD, DiplomacyMap, load_map
from adjudicator.diplomacy.phase import Phase
from adjudicator.diplomacy.variants import variant_title
from adjudicator.publish import reports

FAMILY = "diplomacy"
CONTEXT_SCHEMA = 1

_UNIT_NAME = {"A": "Army", "F": "Fleet"}

# Short result words shown in brackets after an order, judge style: "(bounce)".
_LABEL = {
    "bounced": "bounce",
    "cut": "cut",
    "dislodged": "dislodged",
    "void": "void",
    "illegal": "illegal",
    "no convoy": "no convoy",
    "disbanded": "disbanded",
}
# Outcomes whose reason adds nothing to the label (or is told in the dislodged section).
_NO_REASON = {"dislodged", "bounced", "no convoy"}


# --- names -----------------------------------------------------------------------------------
def _loc_name(dmap: DiplomacyMap, loc: str | None) -> str:
    if not loc:
        return ""
    try:
        return dmap.location_name(loc)
    except KeyError:  # a location this map does not know: show the code, never crash
        return loc.upper()


def _player_name(player: Any) -> str | None:
    """Only a display name is published; e-mail addresses stay out of public reports."""
    if isinstance(player, str):
        return player or None
    if isinstance(player, dict):
        name = player.get("name")
        return str(name) if name else None
    return None


def power_colour(power: str, dmap: DiplomacyMap) -> str:
    """The power's text colour from the map data; unknown (custom) powers get a stable hue."""
    if power in dmap.powers:
        return dmap.powers[power]["text_colour"]
    h = int(sha256_text(power)[:6], 16)  # no OpenSSL to load (issue 16)
    hue = h % 360
    return _hsl_hex(hue, 0.55, 0.42)


def power_map_colour(power: str, dmap: DiplomacyMap) -> str:
    """The colour the map fills the power's units and centres with (legend swatches use it,
    so the report's legend matches the map); the map's grey for powers it does not know."""
    if power in dmap.powers:
        return dmap.powers[power]["colour"]
    return "#9a9a9a"


def _hsl_hex(h: float, s: float, lum: float) -> str:
    c = (1 - abs(2 * lum - 1)) * s
    x = c * (1 - abs((h / 60) % 2 - 1))
    m = lum - c / 2
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(h // 60) % 6]
    return "#" + "".join(f"{round((v + m) * 255):02x}" for v in (r, g, b))


def _unit_words(unit_type: str | None, dmap: DiplomacyMap, loc: str | None) -> str:
    name = _loc_name(dmap, loc)
    return f"{_UNIT_NAME[unit_type]} {name}" if unit_type in _UNIT_NAME else name


_TARGET_TYPE = re.compile(r"\b[SC]\s+([AF])\s", re.IGNORECASE)


def _target_type(result: dict, before_units: dict[str, dict]) -> str | None:
    target = result.get("target")
    if target:
        unit = before_units.get(DiplomacyMap.province_of(target))
        if unit:
            return unit["type"]
    m = _TARGET_TYPE.search(result.get("order", ""))
    return m.group(1).upper() if m else None


def describe_order(result: dict, dmap: DiplomacyMap, before_units: dict[str, dict]) -> str:
    """An order in full words, judge style: ``Fleet Albania SUPPORT Army Serbia -> Greece``.

    Built from the structured result (not the canonical text) so that names come from
    the map and a custom variant's province names show up correctly.
    """
    kind = result.get("kind")
    unit = _unit_words(result.get("unit_type"), dmap, result.get("loc"))
    dest = _loc_name(dmap, result.get("dest"))
    if kind == "hold":
        return f"{unit} HOLD"
    if kind == "move":
        return f"{unit} -> {dest}" + (" by convoy" if result.get("via_convoy") else "")
    if kind in ("support", "convoy"):
        verb = "SUPPORT" if kind == "support" else "CONVOY"
        target = _unit_words(_target_type(result, before_units), dmap, result.get("target"))
        if dest and result.get("dest") != result.get("target"):
            return f"{unit} {verb} {target} -> {dest}"
        return f"{unit} {verb} {target}"
    if kind == "retreat":
        return f"{unit} RETREAT -> {dest}"
    if kind == "disband":
        return f"{unit} DISBAND"
    if kind == "build":
        return f"BUILD {unit}"
    if kind == "remove":
        return f"REMOVE {unit}"
    if kind == "waive":
        return "WAIVE a build"
    return str(result.get("order", ""))


def _marker(result: dict, nmr: bool = True, civil: bool = False) -> str | None:
    """The bracketed note after an order: ``bounce``, ``void: <why>``, ``NMR default``.

    A default order of a power that did send orders (the unit was left out, or its line
    could not be read) says ``no order``: "NMR" would wrongly say the power sent nothing.
    A power nobody plays (``civil``: fewer than seven players) says ``civil disorder``."""
    parts: list[str] = []
    outcome = result.get("outcome", "")
    failed = not result.get("success") or result.get("dislodged")
    if failed:
        label = _LABEL.get(outcome, outcome)
        reason = result.get("reason")
        if reason and outcome not in _NO_REASON and not result.get("dislodged"):
            label = f"{label}: {reason}"
        parts.append(label)
    if result.get("default"):
        parts.insert(0, "civil disorder" if civil else "NMR default" if nmr else "no order")
    return ", ".join(parts) or None


def _status(result: dict) -> str:
    """Coarse class for styling: success, failure, void (void or illegal orders)."""
    if result.get("outcome") in ("void", "illegal"):
        return "void"
    if not result.get("success") or result.get("dislodged"):
        return "failure"
    return "success"


# --- the context -----------------------------------------------------------------------------
def _phase_info(code: str) -> dict:
    try:
        p = Phase.parse(code)
    except ValueError:
        return {"code": code, "name": code, "season": "", "year": None, "type": "",
                "results_title": f"Results for {code}"}
    season = p.season.value.capitalize()
    kind = {"movement": "Movement", "retreats": "Retreat", "adjustments": "Adjustment"}
    return {
        "code": p.code,
        "name": p.name,
        "season": season,
        "year": p.year,
        "type": p.type.value,
        "results_title": f"{kind[p.type.value]} results for {season} of {p.year}",
    }


def _count(mapping: dict[str, str], power: str) -> int:
    return sum(1 for owner in mapping.values() if owner == power)


def _power_order(dmap: DiplomacyMap, *states: dict) -> list[str]:
    """Map order first, then any other power found in the states (robust to odd data)."""
    names = list(dmap.powers)
    for state in states:
        for u in state.get("units", []):
            if u["power"] not in names:
                names.append(u["power"])
        for owner in state.get("centres", {}).values():
            if owner not in names:
                names.append(owner)
    return names


def build_context(record: dict, state_after: dict, *, title: str,
                  deadline: str | None = None, dmap: DiplomacyMap | None = None,
                  variant: str = STANDARD) -> dict:
    """The documented report context (``docs/report-context.md``) for one history record.

    ``record`` is an ``adjudication`` or ``draw`` history record, ``state_after`` the
    state that followed it. ``deadline`` is shown for the next phase when given;
    ``variant`` names the map's data folder (and ``dmap`` is that map, when loaded).
    """
    before = record["state_before"]
    dmap = dmap or load_map(variant)
    before_units = {DiplomacyMap.province_of(u["loc"]): u for u in before.get("units", [])}
    results = list(record.get("results") or [])
    nmr = list(record.get("nmr") or [])
    players = {**before.get("players", {}), **state_after.get("players", {})}
    powers = _power_order(dmap, before, state_after)
    not_played = setups.civil_disorder(before)

    orders = []
    for r in results:
        orders.append({
            "power": r["power"],
            "text": r.get("order", ""),
            "description": describe_order(r, dmap, before_units),
            "kind": r.get("kind"),
            "unit_type": r.get("unit_type"),
            "loc": r.get("loc") or None,
            "loc_name": _loc_name(dmap, r.get("loc")) or None,
            "target": r.get("target"),
            "target_name": _loc_name(dmap, r.get("target")) or None,
            "dest": r.get("dest"),
            "dest_name": _loc_name(dmap, r.get("dest")) or None,
            "via_convoy": bool(r.get("via_convoy")),
            "success": bool(r.get("success")),
            "outcome": r.get("outcome", ""),
            "reason": r.get("reason"),
            "dislodged": bool(r.get("dislodged")),
            "default": bool(r.get("default")),
            "marker": _marker(r, nmr=r["power"] in nmr, civil=r["power"] in not_played),
            "status": _status(r),
        })

    rank = {p: i for i, p in enumerate(powers)}
    orders.sort(key=lambda o: (rank.get(o["power"], len(rank)), o["loc"] or "", o["text"]))

    # Dislodged units: the state after lists those that may retreat; a unit dislodged in
    # this phase but absent there had no retreat and was destroyed on the spot.
    waiting = {DiplomacyMap.province_of(d["loc"]): d for d in state_after.get("dislodged", [])}
    dislodged = []
    for d in state_after.get("dislodged", []):
        dislodged.append(_dislodged_entry(dmap, d, d.get("retreats", []), destroyed=False))
    for r in results:
        if r.get("dislodged") and DiplomacyMap.province_of(r["loc"]) not in waiting:
            d = {"power": r["power"], "type": r.get("unit_type"), "loc": r["loc"],
                 "attacker_from": _attacker(r, results)}
            dislodged.append(_dislodged_entry(dmap, d, [], destroyed=True,
                                              civil_disorder=r["power"] in not_played))
    dislodged.sort(key=lambda d: (powers.index(d["power"]) if d["power"] in powers else 99,
                                  d["loc_name"]))

    centres_before: dict[str, str] = before.get("centres", {})
    centres_after: dict[str, str] = state_after.get("centres", {})
    changes = [
        {"centre": c, "name": _loc_name(dmap, c), "old": centres_before.get(c),
         "new": centres_after.get(c)}
        for c in sorted(set(centres_before) | set(centres_after))
        if centres_before.get(c) != centres_after.get(c)
    ]
    changes.sort(key=lambda ch: (ch["new"] is None, ch["new"] or "", ch["name"]))

    eliminated_before = list(before.get("eliminated", []))
    eliminated_all = list(state_after.get("eliminated", []))
    eliminated_now = [p for p in eliminated_all if p not in eliminated_before]
    adjust = state_after.get("adjustments", {}) or {}

    power_entries = []
    for p in powers:
        info = dmap.powers.get(p, {})
        power_orders = [o for o in orders if o["power"] == p]
        units_after = sorted(
            (u for u in state_after.get("units", []) if u["power"] == p),
            key=lambda u: _loc_name(dmap, u["loc"]),
        )
        owned = sorted((c for c, o in centres_after.items() if o == p),
                       key=lambda c: _loc_name(dmap, c))
        delta = int(adjust.get(p, 0))
        power_entries.append({
            "name": p,
            "adjective": info.get("adjective", p),
            "colour": power_colour(p, dmap),
            "map_colour": power_map_colour(p, dmap),
            "player": _player_name(players.get(p)),
            "orders": power_orders,
            "nmr": p in nmr,
            "centres": len(owned),
            "centres_before": _count(centres_before, p),
            "centre_delta": len(owned) - _count(centres_before, p),
            "centre_names": [_loc_name(dmap, c) for c in owned],
            "units": len(units_after),
            "unit_list": [_unit_words(u["type"], dmap, u["loc"]) for u in units_after],
            "adjustment": delta,
            "eliminated": p in eliminated_all,
            "eliminated_now": p in eliminated_now,
            "active": bool(power_orders) or p not in eliminated_before,
        })

    adjustments = [
        {"power": p, "count": abs(int(adjust[p])),
         "kind": "build" if int(adjust[p]) > 0 else "remove", "delta": int(adjust[p])}
        for p in powers if int(adjust.get(p, 0))
    ]

    result = state_after.get("result")
    ended_now = result is not None and before.get("result") is None
    next_phase = None
    if result is None:
        next_phase = {**_phase_info(state_after["phase"]), "deadline": deadline}

    return {
        "schema": CONTEXT_SCHEMA,
        "game": FAMILY,
        "variant": variant,
        "map_name": dmap.name,
        "variant_title": variant_title(variant),
        "title": title,
        "record_kind": record.get("kind", "adjudication"),
        "record_by": record.get("by", "moderator"),
        "seq": record.get("seq"),
        "adjudicated": record.get("time"),
        "phase": _phase_info(record["phase"]),
        "powers": power_entries,
        "orders": orders,
        "nmr": nmr,
        "dislodged": dislodged,
        "centre_changes": changes,
        "adjustments": adjustments,
        "eliminated": eliminated_now,
        "eliminated_all": eliminated_all,
        "next_phase": next_phase,
        "result": _result_info(result, ended_now, state_after, dmap),
        "setup": setups.describe(state_after),
        "victory_centres": dmap.victory_centres,
        "map_svg": None,
    }


def _attacker(dislodged: dict, results: list[dict]) -> str | None:
    """Where the unit that dislodged ``dislodged`` came from: the one successful move into
    its province (a unit is dislodged by a move that succeeds)."""
    into = DiplomacyMap.province_of(dislodged["loc"])
    for r in results:
        if r.get("kind") == "move" and r.get("success") and r.get("dest") \
                and DiplomacyMap.province_of(r["dest"]) == into:
            return r.get("loc")
    return None


def _dislodged_entry(dmap: DiplomacyMap, d: dict, retreats: Iterable[str], *,
                     destroyed: bool, civil_disorder: bool = False) -> dict:
    power = d["power"]
    adjective = dmap.powers.get(power, {}).get("adjective", power)
    opts = sorted(retreats, key=lambda loc: _loc_name(dmap, loc))
    return {
        "power": power,
        "adjective": adjective,
        "colour": power_colour(power, dmap),
        "map_colour": power_map_colour(power, dmap),
        "unit_type": d.get("type"),
        "unit_name": _UNIT_NAME.get(d.get("type") or "", "Unit"),
        "loc": d["loc"],
        "loc_name": _loc_name(dmap, d["loc"]),
        "attacker_from": d.get("attacker_from"),
        "attacker_from_name": _loc_name(dmap, d.get("attacker_from")) or None,
        "retreats": [{"loc": loc, "name": _loc_name(dmap, loc)} for loc in opts],
        "retreat_names": [_loc_name(dmap, loc) for loc in opts],
        "destroyed": destroyed,
        "civil_disorder": civil_disorder,
    }


def _result_info(result: dict | None, ended_now: bool, state: dict,
                 dmap: DiplomacyMap) -> dict | None:
    if result is None:
        return None
    if result.get("type") == "solo":
        winner = result.get("winner", "")
        centres = _count(state.get("centres", {}), winner)
        text = f"{winner} has won the game with {centres} supply centres."
        return {"type": "solo", "winner": winner, "powers": [winner], "centres": centres,
                "new": ended_now, "text": text}
    if result.get("type") == "concession":
        winner = result.get("winner", "")
        centres = _count(state.get("centres", {}), winner)
        text = (f"Every other surviving power has conceded the game to {winner} "
                f"({centres} supply centres).")
        return {"type": "concession", "winner": winner, "powers": [winner],
                "centres": centres, "new": ended_now, "text": text}
    powers = list(result.get("powers", []))
    if result.get("type") == "victory":  # the two-player game: one player's powers
        centres = sum(_count(state.get("centres", {}), p) for p in powers)
        text = (f"The player holding {reports.join_names(powers, 'and')} has won the game "
                f"with {centres} supply centres.")
        return {"type": "victory", "winner": None, "powers": powers, "centres": centres,
                "new": ended_now, "text": text}
    text = "The game has ended in a draw between " + reports.join_names(powers, "and") + "."
    return {"type": result.get("type", "draw"), "winner": None, "powers": powers,
            "centres": None, "new": ended_now, "text": text}
