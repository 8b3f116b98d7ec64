"""Diplomacy behind the core's :class:`~adjudicator.game.BaseGame` interface.

This module only adapts: the rules live in ``engine`` (validation, resolution, phases), the
language in ``parser``, the reports in ``report`` and the picture in ``mapsvg``. The map is
the data folder of the registry entry (``games/<data>/``), so a variant is one more entry.
Each of those modules is imported by the method that needs it, so a command that only reads
the status loads neither the parser nor the resolver.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from adjudicator.diplomacy.map import STANDARD, DiplomacyMap, load_map
from adjudicator.diplomacy.phase import Phase, powers_to_act, read_phase
from adjudicator.diplomacy.setups import PLAYER_COUNTS, civil_disorder, describe, setup_for
from adjudicator.errors import GameError, OrderError, ParseResult
from adjudicator.game import BaseGame, Option, OrderResult, Outcome, Resolution

#: Result kinds worth a line in a running log even when they succeed (``adj demo``).
_NOTABLE_KINDS = ("retreat", "disband", "build", "remove")


class DiplomacyGame(BaseGame):
    family = "diplomacy"
    options: ClassVar[Mapping[str, Option]] = {
        "players": Option(PLAYER_COUNTS, "the number of players (the rulebook's alternate "
                          "ways to play): 6 or 5 leave Italy (and Germany) in civil "
                          "disorder; 4, 3 and 2 give players several powers; 2 starts in "
                          "1914 with Italy neutral and 24 centres to win (docs/rulings.md)"),
    }

    @property
    def map(self) -> DiplomacyMap:
        return load_map(self.data)

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """As the base class; ``players`` (the rulebook's games for fewer players) is for
        the standard seven-power map only (docs/rulings.md, V-5)."""
        if "players" in given and self.data != STANDARD:
            raise GameError(f"--option players=N is for the standard map only; {self.key} "
                            f"is played by its {len(self.map.powers)} powers "
                            f"({', '.join(self.map.powers)}), one player each")
        return super().check_options(given)

    def variants(self) -> list[dict]:
        """Every Diplomacy variant under ``games/`` (``adj new diplomacy --list``): name,
        title, powers, centres to win, provinces (docs/variants.md)."""
        from adjudicator.diplomacy.variants import VariantError, discover, summary

        found = []
        for name in discover():
            try:
                found.append(summary(name))
            except VariantError as exc:  # one broken folder must not hide the others
                found.append({"name": name, "error": str(exc)})
        return found

    # --- set-up and facts ---------------------------------------------------------
    def new_state(self, options: Mapping[str, Any]) -> dict:
        from adjudicator.diplomacy import engine

        state = engine.initial_state(self.map, self.common_fields())
        setup = setup_for(int(options.get("players", 7)), self.powers())
        if setup is not None:
            state["setup"] = setup
            state["phase"] = f"S{setup['first_year']}M"
        return state

    def state_from_position(self, text: str, options: Mapping[str, Any]) -> dict:
        from adjudicator.diplomacy.position import parse_position

        return parse_position(text, self.map, self.common_fields())

    def position_text(self, state: dict) -> str:
        from adjudicator.diplomacy.position import format_position

        return format_position(state, self.map)

    def powers(self, state: dict | None = None) -> list[str]:
        return list(self.map.powers)

    def unplayed_powers(self, state: dict) -> list[str]:
        return civil_disorder(state)

    def surviving_powers(self, state: dict) -> list[str]:
        """Played powers that still have a unit or a supply centre."""
        alive = {u["power"] for u in state["units"]} | set(state["centres"].values())
        unplayed = set(civil_disorder(state))
        return [p for p in self.powers() if p in alive and p not in unplayed]

    def sides(self, state: dict) -> list[list[str]]:
        setup_sides = (state.get("setup") or {}).get("sides")
        if setup_sides:
            return [list(side) for side in setup_sides]
        return super().sides(state)

    def power_spellings(self) -> dict[str, str]:
        table = {}
        for power, data in self.map.powers.items():
            table[power] = power
            table[data["adjective"]] = power
        return table

    def phase_name(self, state: dict) -> str:
        return Phase.parse(state["phase"]).name

    def phase_sort_key(self, code: str) -> tuple[int, int] | None:
        """Chronological key of a canonical phase code (``S1901M`` < ``S1901R`` < ``F1901M``
        < ``F1901R`` < ``W1901A`` < ``S1902M``), None for anything else."""
        try:
            phase = Phase.parse(code)
        except ValueError:
            return None
        return phase.sort_key if phase.code == code else None

    def normalise_phase(self, code: str) -> str:
        """The phase code of a phase as people write it: ``F1901M``, ``fall 1901``,
        ``Fall 1901 Movement``, ``1901 Fall Moves``, ``Autumn 1901``, ``S1901R``,
        ``Winter 1901 adjustments`` (:func:`~adjudicator.diplomacy.phase.read_phase`, which
        also reads a position's phase line). Raises
        :class:`~adjudicator.errors.PhaseNameError` saying what was expected."""
        return read_phase(code).code

    def phase_kind(self, state: dict) -> str:
        """Deadline class of the phase: "movement", "retreat" or "adjustment"."""
        return {"M": "movement", "R": "retreat", "A": "adjustment"}.get(
            str(state.get("phase", ""))[-1:], "default")

    def outcome(self, state: dict) -> Outcome | None:
        result = state.get("result")
        if not result:
            return None
        if result.get("type") == "solo":
            winner = str(result.get("winner", ""))
            return Outcome("solo", (winner,), f"solo victory of {winner}")
        if result.get("type") == "victory":
            powers = tuple(result.get("powers") or ())
            return Outcome("victory", powers, "victory of the player holding "
                           + ", ".join(powers))
        return super().outcome(state)

    # --- orders ---------------------------------------------------------------------
    def parse(self, text: str, state: dict | None = None) -> ParseResult:
        from adjudicator.diplomacy.parser import parse_orders

        return parse_orders(text, self.map)

    def order_text(self, order: Any) -> str:
        return order.text()

    def orders_to_json(self, orders: list) -> list | None:
        from adjudicator.diplomacy import order_json

        return order_json.to_json(orders)

    def orders_from_json(self, data: list) -> list:
        from adjudicator.diplomacy import order_json

        return order_json.from_json(data)

    def validate(self, state: dict, power: str, orders: list) -> tuple[list, list[OrderError]]:
        from adjudicator.diplomacy import engine

        if power in civil_disorder(state):
            return [], [OrderError(0, 0, "", f"{power} is in civil disorder (not played in "
                                   "this game): its units hold", rule="not-played")]
        # Engine errors carry the canonical text of their order; the service maps that
        # text back to the submitted line.
        return engine.validate_orders(state, power, orders, self.map)

    def describe_orders(self, state: dict, power: str, orders: list) -> list[str]:
        """What the acknowledgement adds: the power's units (or owed adjustments) that these
        orders leave without one, and what will happen to them, so a partial resubmission
        ("the latest one counts") never silently drops orders."""
        from adjudicator.diplomacy import engine

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
        return powers_to_act(state)

    # --- resolution -----------------------------------------------------------------
    def resolve(self, state: dict, orders_by_power: Mapping[str, list],
                dice: Any = None) -> Resolution:
        from adjudicator.diplomacy import engine

        new_state, results, events = engine.adjudicate(state, dict(orders_by_power), self.map)
        return Resolution(new_state, [r.to_json() for r in results], events)

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
            "civil_disorder": civil_disorder(state),
            "sides": (state.get("setup") or {}).get("sides") or [[p] for p in self.powers()],
        }

    def status_lines(self, state: dict) -> list[str]:
        st = self.status(state)
        lines = [f"  {p:<8} {st['centres'].get(p, 0):>2} centres  {', '.join(units)}".rstrip()
                 for p, units in st["units"].items()]
        return lines + [f"  {line}" for line in describe(state)]

    def notable_results(self, record: dict) -> list[OrderResult]:
        return [r for r in map(OrderResult.from_json, record.get("results") or [])
                if not r.success or r.details.get("kind") in _NOTABLE_KINDS]

    def site_figures(self, state: dict) -> dict:
        """Supply centres per power for the site's chart. Centres change only when a Fall
        ends, so a Winter state counts for its own year and a Spring or Fall state for the
        year before ("start" before the first year); phases group by year."""
        from adjudicator.diplomacy.report import power_colour

        phase = Phase.parse(state["phase"])
        first = int((state.get("setup") or {}).get("first_year") or 1901)
        year = phase.year if phase.is_adjustments else phase.year - 1
        counts = {p: sum(1 for o in state["centres"].values() if o == p) for p in self.powers()}
        return {
            "group": str(phase.year),
            "period": str(year) if year >= first else "start",
            "figures": {"centres": {"title": "Supply centres", "unit": "centres",
                                    "values": counts}},
            "colours": {p: power_colour(p, self.map) for p in self.powers()},
        }

    # --- output -----------------------------------------------------------------------
    def report_context(self, record: dict, state_after: dict, meta: Mapping[str, Any]) -> dict:
        from adjudicator.diplomacy import report

        return report.build_context(record, state_after, title=str(meta.get("title", "")),
                                    deadline=meta.get("deadline"), dmap=self.map,
                                    variant=self.data)

    def map_svg(self, state: dict, results: list[dict] | None = None, *,
                title: str = "", show_orders: bool = True) -> str:
        from adjudicator.diplomacy.mapsvg import render_map_svg

        return render_map_svg(state, results, dmap=self.map, data=self.data, title=title,
                              show_orders=show_orders)

    def record_map_svg(self, record: dict, state_after: dict, *, title: str = "",
                       show_orders: bool = True) -> str | None:
        """The position the orders were given in, with their results; the units of powers
        that sent no orders (``record["nmr"]``) are drawn as missed orders."""
        from adjudicator.diplomacy.mapsvg import render_map_svg

        return render_map_svg(record["state_before"], record.get("results") or [],
                              dmap=self.map, data=self.data, title=title,
                              show_orders=show_orders, nmr=record.get("nmr") or ())
