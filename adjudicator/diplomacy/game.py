"""Diplomacy behind the core's :class:`~adjudicator.game.Game` interface.

This module only adapts: the rules live in ``engine`` (validation, resolution,
phases) and the language in ``parser``.
"""

from __future__ import annotations

import difflib
from typing import Any

from adjudicator.diplomacy import engine, report
from adjudicator.diplomacy.map import DiplomacyMap, load_map
from adjudicator.diplomacy.orders import Order
from adjudicator.diplomacy.parser import parse_orders
from adjudicator.diplomacy.phase import Phase
from adjudicator.errors import OrderError, ParseResult
from adjudicator.game import Resolution


class DiplomacyGame:
    name = "diplomacy"
    family = "diplomacy"

    def __init__(self, variant: str = "diplomacy-standard") -> None:
        self.variant = variant

    @property
    def map(self) -> DiplomacyMap:
        return load_map(self.variant)

    # --- set-up and facts ---------------------------------------------------------
    def new_state(self, options: dict[str, Any]) -> dict:
        return engine.initial_state(self.map)

    def powers(self, state: dict | None = None) -> list[str]:
        return list(self.map.powers)

    def canonical_power(self, name: str) -> str | None:
        key = name.strip().lower()
        table = {}
        for power, data in self.map.powers.items():
            table[power.lower()] = power
            table[data["adjective"].lower()] = power
        if key in table:
            return table[key]
        close = difflib.get_close_matches(key, list(table), n=1, cutoff=0.75)
        return table[close[0]] if close else None

    def phase_name(self, state: dict) -> str:
        return Phase.parse(state["phase"]).name

    def is_over(self, state: dict) -> bool:
        return state.get("result") is not None

    def phase_sort_key(self, code: str) -> tuple[int, int] | None:
        """Chronological key of a canonical phase code (``S1901M`` < ``S1901R`` < ``F1901M``
        < ``F1901R`` < ``W1901A`` < ``S1902M``), None for anything else: the optional
        method the moderator's desk uses for orders sent ahead for a later phase."""
        try:
            phase = Phase.parse(code)
        except ValueError:
            return None
        return phase.sort_key if phase.code == code else None

    def phase_kind(self, state: dict) -> str:
        """Deadline class of the phase: "movement", "retreat" or "adjustment" (desk deadlines)."""
        return {"M": "movement", "R": "retreat", "A": "adjustment"}.get(
            str(state.get("phase", ""))[-1:], "default")

    # --- orders ---------------------------------------------------------------------
    def parse(self, text: str, state: dict | None = None) -> ParseResult:
        return parse_orders(text, self.map)

    def order_text(self, order: Order) -> str:
        return order.text()

    def validate(self, state: dict, power: str, orders: list) -> tuple[list, list[OrderError]]:
        # Engine errors carry the canonical text of their order; the service maps that
        # text back to the submitted line.
        return engine.validate_orders(state, power, orders, self.map)

    def describe_orders(self, state: dict, power: str, orders: list) -> list[str]:
        """What the acknowledgement adds: the power's units (or owed adjustments) that these
        orders leave without one, and what will happen to them, so a partial resubmission
        ("the latest one counts") never silently drops orders."""
        accepted, _ = engine.validate_orders(state, power, orders, self.map)
        ordered = {self.map.province_of(o.loc) for o in accepted if o.loc}
        phase = Phase.parse(state["phase"])
        if phase.is_movement:
            units, fate = state["units"], ("it holds", "they hold")
        elif phase.is_retreats:
            units, fate = state["dislodged"], ("it is disbanded", "they are disbanded")
        else:
            owed = state.get("adjustments", {}).get(power, 0)
            if owed > 0 and len(accepted) < owed:
                return [f"{owed - len(accepted)} of {owed} builds not used: they are waived"]
            if owed < 0 and len(accepted) < -owed:
                missing = -owed - len(accepted)
                return [f"{missing} of {-owed} removals not ordered: civil disorder removes them"]
            return []
        left = [f"{u['type']} {u['loc']}" for u in units
                if u["power"] == power and self.map.province_of(u["loc"]) not in ordered]
        return [f"no order for {', '.join(left)}: {fate[len(left) > 1]}"] if left else []

    def who_must_act(self, state: dict) -> list[str]:
        if self.is_over(state):
            return []
        return engine.powers_to_act(state, self.map)

    # --- resolution -----------------------------------------------------------------
    def resolve(self, state: dict, orders_by_power: dict[str, list], dice: Any = None) -> Resolution:
        new_state, results, events = engine.adjudicate(state, orders_by_power, self.map)
        return Resolution(new_state, [r.to_json() for r in results], events)

    def declare_draw(self, state: dict, powers: list[str]) -> dict:
        return {**state, "result": {"type": "draw", "powers": sorted(powers)}}

    def status(self, state: dict) -> dict:
        counts = {p: sum(1 for o in state["centres"].values() if o == p) for p in self.powers()}
        units = {p: [f"{u['type']} {u['loc']}" for u in state["units"] if u["power"] == p]
                 for p in self.powers()}
        return {
            "centres": counts,
            "units": units,
            "dislodged": state.get("dislodged", []),
            "adjustments": state.get("adjustments", {}),
            "eliminated": state.get("eliminated", []),
        }

    # --- output -----------------------------------------------------------------------
    def render_report(self, folder: Any, phase: str | None, fmt: str,
                      template: str | None = None) -> str:
        return report.render_report(folder, phase, fmt, template)

    def write_reports(self, folder: Any, record: dict) -> list:
        return report.write_reports(folder, record)

    def render_map(self, folder: Any, phase: str | None, show_orders: bool = True) -> str:
        from adjudicator.diplomacy.mapsvg import render_map_svg

        title = str(folder.settings().get("title") or folder.path.name)
        if phase is None:
            return render_map_svg(folder.read_state(), None, dmap=self.map, title=title,
                                  show_orders=False)
        record, _ = report.find_record(folder, phase)
        return render_map_svg(record["state_before"], record.get("results") or [], dmap=self.map,
                              title=title, show_orders=show_orders)

