"""Who holds what: captures, liberation, capitals and plunder, production, victory cities.

Every change of a territory's controller in the turn engine goes through :func:`capture`, so
the bookkeeping the rulebook ties to a capture (p.18-19, digest §2.3.4-2.3.6) happens in one
place: the complex and AA guns change hands keeping their damage, a capital's treasury is
plundered, a liberated capital gets its other territories back, and the production levels
and victory-city counts reported afterwards are recomputed from the controllers (they are
derived facts, so they can never drift from the map).

All functions take the *working* state of the turn engine (a copy) and change it in place;
the engine never hands them the caller's state.
"""

from __future__ import annotations

from typing import Any

from adjudicator.axis_allies.data import Edition


def _side(edition: Edition, power: str | None) -> str | None:
    return edition.setup.side_of(power) if power else None


def capital_holder(state: dict, power: str) -> str | None:
    """The enemy power holding ``power``'s capital, or ``None`` while it is free."""
    return state["captured_capitals"].get(power)


def capture(state: dict, edition: Edition, territory: str, captor: str, how: str) -> dict:
    """Give ``territory`` to ``captor`` (or liberate it); return the JSON event.

    Liberation (p.19): a territory originally an ally's goes back to that ally, unless the
    ally's capital is in enemy hands, in which case the captor keeps it until the capital is
    freed. A capital taken by the enemy hands its owner's whole treasury to the captor
    (plunder) and marks the owner as capital-lost; a capital freed returns every other
    territory of its owner that a friendly power was holding.
    """
    m = edition.map
    region = m.region(territory)
    before = state["controllers"].get(territory)
    orig = region.original_owner
    new = captor
    liberated = False
    if (
        orig
        and orig != captor
        and _side(edition, orig) == _side(edition, captor)
        and orig not in state["captured_capitals"]
    ):
        new, liberated = orig, True
    if orig == captor:
        liberated = before is not None and before != captor
    event: dict[str, Any] = {
        "territory": territory,
        "name": region.name,
        "from": before,
        "to": new,
        "captor": captor,
        "how": how,
        "liberated": liberated,
        "ipc": region.ipc,
        "victory_city": region.victory_city,
        "plunder": 0,
        "capital_of": region.capital_of,
        "returned": [],
        "aa_guns": [],
        "complex": None,
    }
    state["controllers"][territory] = new
    _transfer_installations(state, edition, territory, new, event)
    owner = region.capital_of
    if owner is not None:
        if _side(edition, new) != _side(edition, owner):
            # an enemy takes the capital: plunder (p.19), even if the captor's own capital fell
            loot = state["treasury"].get(owner, 0)
            state["treasury"][owner] = 0
            state["treasury"][new] = state["treasury"].get(new, 0) + loot
            state["captured_capitals"][owner] = new
            event["plunder"] = loot
        elif owner in state["captured_capitals"]:
            del state["captured_capitals"][owner]
            if new != owner:  # an ally frees it: the capital itself goes back to its owner
                state["controllers"][territory] = owner
                event["to"] = owner
                _transfer_installations(state, edition, territory, owner, event)
                _return_capital_aa(state, edition, territory, owner, event)
            event["liberated"] = True
            event["returned"] = _return_territories(state, edition, owner)
    return event


def _transfer_installations(state: dict, edition: Edition, territory: str, new: str,
                            event: dict) -> None:
    """The complex and AA guns there change hands, keeping their damage (p.18, p.25)."""
    cx = state["complexes"].get(territory)
    if cx is not None and cx["owner"] != new:
        event["complex"] = {"from": cx["owner"], "to": new, "damage": cx["damage"]}
        cx["owner"] = new
        cx["new"] = True
    for u in state["units"]:
        if (
            u["loc"] == territory
            and u["aboard"] is None
            and edition.units[u["type"]].anti_aircraft is not None
            and _side(edition, u["power"]) != _side(edition, new)
        ):
            event["aa_guns"].append({"unit": u["id"], "from": u["power"], "to": new})
            u["power"] = new
            u["captured_this_turn"] = True


def _return_capital_aa(state: dict, edition: Edition, territory: str, owner: str,
                       event: dict) -> None:
    """A capital freed by an ally: its AA guns return to its owner at once, with the complex
    (1942 p.19, digest §2.3.5: "The capital's complex and AA guns return to it"; only the
    AA guns of the *other* returned territories wait for the end of the turn). The liberator
    took them from the enemy a moment ago, so the event's entry for each gun now ends with
    the owner."""
    for u in state["units"]:
        if (
            u["loc"] == territory
            and u["aboard"] is None
            and edition.units[u["type"]].anti_aircraft is not None
            and u["power"] != owner
        ):
            entry = next((a for a in event["aa_guns"] if a["unit"] == u["id"]), None)
            if entry is None:
                event["aa_guns"].append({"unit": u["id"], "from": u["power"], "to": owner})
            else:
                entry["to"] = owner
            u["power"] = owner


def _return_territories(state: dict, edition: Edition, owner: str) -> list[str]:
    """A freed capital's power gets back its original territories held by friendly powers.

    Their AA guns stay with the friendly power until the end of the current turn (p.19):
    they are listed in ``pending_aa_return`` and handed over by :func:`end_of_turn_returns`.
    """
    back = []
    for t, ctl in sorted(state["controllers"].items()):
        region = edition.map.region(t)
        if region.original_owner != owner or ctl == owner:
            continue
        if _side(edition, ctl) != _side(edition, owner):
            continue
        state["controllers"][t] = owner
        cx = state["complexes"].get(t)
        if cx is not None:
            cx["owner"] = owner
        for u in state["units"]:
            if u["loc"] == t and edition.units[u["type"]].anti_aircraft is not None \
                    and u["power"] == ctl:
                state.setdefault("pending_aa_return", {})[u["id"]] = owner
        back.append(t)
    return back


def end_of_turn_returns(state: dict) -> list[dict]:
    """Hand over the AA guns of territories returned by a capital's liberation."""
    out = []
    pending = state.pop("pending_aa_return", {}) or {}
    for u in state["units"]:
        if u["id"] in pending:
            out.append({"unit": u["id"], "from": u["power"], "to": pending[u["id"]]})
            u["power"] = pending[u["id"]]
    return out


def production_levels(state: dict, edition: Edition) -> dict[str, int]:
    """Sum of IPC values of the territories each power controls (p.6)."""
    return {p: edition.production_level(p, state["controllers"]) for p in edition.setup.turn_order}


def income_of(state: dict, edition: Edition, power: str) -> int:
    """What ``power`` collects in phase 6: its production level, nothing while its capital is
    in enemy hands (p.19, p.23)."""
    if power in state["captured_capitals"]:
        return 0
    return edition.production_level(power, state["controllers"])


def victory_cities(state: dict, edition: Edition) -> dict[str, list[str]]:
    """Side -> victory city names it controls."""
    out: dict[str, list[str]] = {side: [] for side in edition.setup.sides}
    for t, city in sorted(edition.map.victory_cities().items()):
        ctl = state["controllers"].get(t)
        if ctl is not None:
            out[_side(edition, ctl)].append(city)  # type: ignore[index]
    return out


def victory_check(state: dict, edition: Edition) -> dict | None:
    """The end-of-round check (p.23): ``result`` when a side holds enough victory cities."""
    kind = state.get("rules", {}).get("victory", edition.setup.default_victory)
    need = edition.setup.victory_thresholds[kind]
    for side, cities in victory_cities(state, edition).items():
        if len(cities) >= need:
            return {
                "type": "victory",
                "side": side,
                "powers": list(edition.setup.sides[side]),
                "victory_cities": cities,
                "condition": kind,
                "needed": need,
                "round": state["turn"]["round"],
            }
    return None
