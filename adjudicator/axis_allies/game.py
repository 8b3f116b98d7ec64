"""Axis & Allies 1942 behind the core's :class:`~adjudicator.game.BaseGame` interface.

This module only adapts: the language is ``parser``, the pre-dice rules ``validate``, the
turn ``turn``, the bookkeeping ``capture``. Each of those is imported by the method that
needs it, so a status read loads neither the parser nor the battle engine. Two things need
explaining:

* **Orders keep their section.** The core passes lists of order objects around and replays
  history from each order's canonical text, one order at a time. A bare move cannot say
  whether it was a combat or a noncombat move, so every parsed order is wrapped in a
  :class:`TurnOrder` whose text carries the section (``noncombat move: 2 infantry ...``) and
  parses back to an equal object.
* **One turn, one or two submissions.** At the ``purchase`` step a submission holding any
  noncombat move, landing or placement is the whole turn (one pass); otherwise it is the
  first half (purchase + combat move), battles are fought, and the state moves to the same
  power's ``noncombat`` step, waiting for the second half. ``who_must_act`` is always the
  one power whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.axis_allies import capture as cap
from adjudicator.axis_allies.data import Edition
from adjudicator.axis_allies.editions import ruleset
from adjudicator.axis_allies.orders import Order, Salt, StandingOrders, TurnScript
from adjudicator.axis_allies.ruleset import Ruleset
from adjudicator.axis_allies.state import initial_state
from adjudicator.errors import GameError, OrderError, ParsedOrder, ParseResult
from adjudicator.game import BaseGame, Option, OrderResult, Outcome, Resolution
from adjudicator.record import record

_PREFIX = {"combat_moves": "combat move: ", "noncombat_moves": "noncombat move: "}


@record(frozen=True)
class TurnOrder:
    """One parsed order with the TurnScript section it belongs to."""

    section: str
    order: Order

    def text(self) -> str:
        return _PREFIX.get(self.section, "") + self.order.text()


def script_of(orders: list) -> TurnScript:
    """Rebuild the turn script (merged standing orders and battle instructions)."""
    from adjudicator.axis_allies.parser import build_script

    return build_script([ParsedOrder(i, "", o.order, section=o.section)
                         for i, o in enumerate(orders, start=1)])


def _standing_advantage_errors(state: dict, power: str, orders: list) -> list[OrderError]:
    """A National Advantage decided in advance ("Salvaged Tank: no") that ``power`` cannot
    decide: not its advantage, not one in this game, not a standing one (Revised digest
    C3; ``advantages.standing_problem``)."""
    out: list[OrderError] = []
    for i, o in enumerate(orders):
        if o.section != "standing" or not getattr(o.order, "advantages", ()):
            continue
        from adjudicator.axis_allies import advantages

        for key, choice in o.order.advantages:
            problem = advantages.standing_problem(state, power, key, choice)
            if problem is not None:
                out.append(OrderError(0, 0, o.text(), problem, rule="na-standing",
                                      order_index=i))
    return out


def _second_half_advantage(script: TurnScript) -> bool:
    """A National Advantage order played with the mobilisation (US Chinese Divisions): the
    submission carrying it is the whole turn (``passes=auto``)."""
    if not script.advantages:
        return False
    from adjudicator.axis_allies.advantages import BY_KEY

    return any(BY_KEY[o.key].order_half == "second" for o in script.advantages
               if o.key in BY_KEY)


class AxisAlliesGame(BaseGame):
    """One edition of Axis & Allies: the registry key names its ruleset
    (:mod:`adjudicator.axis_allies.editions`), which holds its data, rules, steps and
    options."""

    family = "axis_allies"
    uses_dice = True

    @property
    def ruleset(self) -> Ruleset:
        return ruleset(self.key)

    @property
    def options(self) -> Mapping[str, Option]:  # type: ignore[override]
        """``adj new KEY DIR --option KEY=VALUE``: the ruleset's (the first value is the
        default)."""
        return self.ruleset.options

    @property
    def edition(self) -> Edition:
        return self.ruleset.edition

    # --- set-up and facts ---------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any]) -> dict:
        """The opening position with the options (the ruleset's) applied: ``nmr`` and
        ``passes`` are fields of the state, so are those the ruleset's ``option_state``
        names (the National Advantages chosen, ``state["advantages"]``); the others
        (``victory``, ``turkish_straits_closed``) go into its rules."""
        opts = dict(options)
        nmr = opts.pop("nmr", "income")
        passes = opts.pop("passes", "auto")
        facts = {k: opts.pop(k) for k in self.ruleset.option_state if k in opts}
        state = initial_state(self.edition, opts, self.common_fields(), self.ruleset)
        state["nmr"] = nmr
        state["passes"] = passes
        state["standing"] = {}
        for k, value in facts.items():
            if value:
                where, name = self.ruleset.option_state[k]
                state.setdefault(where, {})[name] = value
        return self.ruleset.opening(state)  # set-up choices (Effect.opening)

    def state_from_position(self, text: str, options: Mapping[str, Any]) -> dict:
        from adjudicator.axis_allies.position import load_position

        return load_position(text, self.edition, self.common_fields())

    def position_text(self, state: dict) -> str:
        from adjudicator.axis_allies.position import dump_position

        return dump_position(state)

    def powers(self, state: dict | None = None) -> list[str]:
        return list(self.edition.setup.turn_order)

    def power_spellings(self) -> dict[str, str]:
        table: dict[str, str] = {}
        for p in self.edition.setup.powers.values():
            for label in (p.id, p.name, p.triplea_name, *p.aliases):
                table.setdefault(label, p.id)
        return table

    def power_name(self, power: str) -> str:
        powers = self.edition.setup.powers
        return powers[power].name if power in powers else power

    def phase_name(self, state: dict) -> str:
        t = state["turn"]
        return (f"Round {t['round']}, {self.power_name(t['power'])}: "
                f"{self.ruleset.step_name(t['step'])}")

    def phase_kind(self, state: dict) -> str:
        return "turn"

    def normalise_phase(self, code: str) -> str:
        return code.strip().lower()

    def outcome(self, state: dict) -> Outcome | None:
        result = state.get("result")
        if not result or result.get("type") != "victory":
            return super().outcome(state)
        side = str(result.get("side", ""))
        cities = result.get("victory_cities") or []
        return Outcome("victory", tuple(result.get("powers") or self.edition.setup.sides.get(
            side, ())), f"victory of the {side.capitalize()} with {len(cities)} victory "
                        f"cities")

    def who_must_act(self, state: dict) -> list[str]:
        # A power whose capital is held still takes its turn for movement (p.19).
        return [] if self.is_over(state) else [state["turn"]["power"]]

    # --- orders ---------------------------------------------------------------------------
    def parse(self, text: str, state: dict | None = None) -> ParseResult:
        from adjudicator.axis_allies.parser import parse_turn

        raw = parse_turn(text, self.edition)
        out = ParseResult(errors=list(raw.errors), ignored=list(raw.ignored))
        out.orders = [ParsedOrder(p.line, p.text, TurnOrder(p.section, p.order),
                                  section=p.section, notes=p.notes)
                      for p in raw.orders]
        return out

    def order_text(self, order: TurnOrder) -> str:
        return order.text()

    def dice_round(self, state: dict) -> int:
        return int(state["turn"]["round"])

    def dice_salts(self, orders_by_power: dict[str, list]) -> dict[str, list[str]]:
        return {p: [o.order.value for o in orders if isinstance(o.order, Salt)]
                for p, orders in orders_by_power.items()}

    def apply_standing(self, state: dict, power: str, orders: list) -> dict | None:
        """A submission of standing orders only updates them at once, in anyone's turn;
        ``None`` when the submission holds anything else (it is then a turn submission)."""
        if not orders or any(o.section != "standing" for o in orders):
            return None
        from adjudicator.axis_allies.turn import set_standing

        bad = _standing_advantage_errors(state, power, orders)
        if bad:  # nothing is applied: the player is told what cannot be decided in advance
            raise GameError("; ".join(f"{e.text}: {e.message}" for e in bad))
        merged = StandingOrders()
        for o in orders:
            merged = merged.merged(o.order)
        return set_standing(state, power, merged)

    def validate(self, state: dict, power: str, orders: list) -> tuple[list, list[OrderError]]:
        """Every rule checkable before the dice: purchase, combat move, the combat-end and
        landing proofs; at the noncombat step also noncombat moves, landings and placements."""
        errors = self._plans(state, power, orders)[1]
        return orders, errors

    def _plans(self, state: dict, power: str, orders: list) -> tuple[dict, list[OrderError]]:
        from adjudicator.axis_allies.validate import (
            check_combat_moves,
            check_noncombat_moves,
            check_placements,
            check_purchase,
            placements_from_order,
            purchase_from_order,
        )

        ed = self.edition
        errors: list[OrderError] = _standing_advantage_errors(state, power, orders)
        plans: dict[str, Any] = {}
        if power != state["turn"]["power"]:
            if all(o.section == "standing" for o in orders):
                return plans, errors
            return plans, [OrderError(0, 0, "", f"it is {self.power_name(state['turn']['power'])}"
                                      f"'s turn; only standing orders may be sent now",
                                      rule="not-your-turn")]
        script = script_of(orders)
        step = state["turn"]["step"]
        work = state
        if step == "purchase":
            if script.research or script.rockets:
                # weapons development first: what it spends, purchase cannot (digest A5.1)
                errs, state = self._research(state, power, orders, script)
                errors += errs
            if script.purchases:
                merged = script.purchases[0]
                for p in script.purchases[1:]:
                    merged = type(merged)(merged.units + p.units,
                                          {**dict(merged.repairs), **dict(p.repairs)})
                # Checked as one purchase (the budget is the turn's); its errors belong to
                # the last purchase line, the one that went over.
                last = TurnOrder("purchases", script.purchases[-1]).text()
                pp = check_purchase(state, ed, purchase_from_order(merged, power, text=last))
                plans["purchase"] = pp
                errors += pp.errors
                if not pp.errors:
                    work = {**state, "purchased": pp.units}
            reqs, errs = self._requests(script.combat_moves, power, orders, "combat_moves")
            errors += errs
            if script.combat_moves:  # effects: UK Joint Strike
                from adjudicator.axis_allies.editions import ruleset_of

                work = ruleset_of(ed, work).in_play(work).combat_position(power, work)
            cp = check_combat_moves(work, ed, power, reqs)
            plans["combat"] = cp
            errors += cp.errors
        else:
            for section in ("purchases", "combat_moves", "research", "rockets"):
                for o in orders:
                    if o.section == section:
                        errors.append(OrderError(0, 0, o.text(),
                                                 "the purchase and combat part of this turn "
                                                 "was already resolved", rule="wrong-step"))
            reqs, errs = self._requests(script.noncombat_moves, power, orders, "noncombat_moves")
            errors += errs
            nc = check_noncombat_moves(state, ed, power, reqs)
            plans["noncombat"] = nc
            # Errors of a move line; where aircraft land is shown with the plans.
            errors += [e for e in nc.errors if e.text]
            preqs = [r for p in script.placements for r in placements_from_order(
                p.order if isinstance(p, TurnOrder) else p, power, text=p.text())]
            pl = check_placements(state, ed, power, preqs)
            plans["placement"] = pl
            errors += pl.errors
        errors += self._advantage_errors(state, power, script)
        return plans, errors

    def _advantage_errors(self, state: dict, power: str, script: TurnScript
                          ) -> list[OrderError]:
        """National Advantage orders checked before the dice (``advantages.check_orders``:
        the power has it, it is played by an order, not used up, the advantage's own check),
        and in the part of the turn that carries them (``order_half``)."""
        if not script.advantages:
            return []
        from adjudicator.axis_allies import advantages
        from adjudicator.axis_allies.state import Board

        errors = [OrderError(0, 0, TurnOrder("advantages", o).text(), message, rule=rule)
                  for o, message, rule in advantages.check_orders(
                      Board(state, self.edition), power, script.advantages,
                      self.power_name(power))]
        refused = {e.text for e in errors}
        step = state["turn"]["step"]
        for o in script.advantages:
            adv = advantages.BY_KEY.get(o.key)
            text = TurnOrder("advantages", o).text()
            if adv is None or text in refused:
                continue
            if step != "purchase" and adv.order_half == "first":
                errors.append(OrderError(0, 0, text, "the purchase and combat part of this "
                                         "turn was already resolved", rule="wrong-step"))
            elif step == "purchase" and adv.order_half == "second" \
                    and self._first_part(state, script) == "first":
                errors.append(OrderError(0, 0, text, f"{adv.name} is played with the "
                                         "mobilisation: send it with the second part of "
                                         "this turn", rule="wrong-step"))
        return errors

    def _research(self, state: dict, power: str, orders: list, script: TurnScript
                  ) -> tuple[list[OrderError], dict]:
        """Research and rocket orders checked before the dice (techs/research.py,
        techs/rockets.py), and the state purchase is checked against: the treasury less
        what the research dice cost. Only valid where the order of play has the step
        (asked of the rules in play, never of an edition's name)."""
        from adjudicator.axis_allies import techs
        from adjudicator.axis_allies.editions import ruleset_of
        from adjudicator.axis_allies.techs.research import research_error
        from adjudicator.axis_allies.techs.rockets import check_strikes

        rs = ruleset_of(self.edition, state)
        errors: list[OrderError] = []
        texts = {"research": [o.text() for o in orders if o.section == "research"],
                 "rockets": [o.text() for o in orders if o.section == "rockets"]}
        if not techs.has_research(rs.turn_steps):
            for text in texts["research"]:
                errors.append(OrderError(0, 0, text, f"{rs.title} has no weapons development: "
                                         "research orders are refused", rule="research-no-step"))
        elif script.research:
            first = script.research[0]
            for text in texts["research"][1:]:
                errors.append(OrderError(0, 0, text, "only one development may be researched "
                                         "each turn (Revised digest A5.1); the first research "
                                         "line counts", rule="research-one-per-turn"))
            why = research_error(state, power, first)
            if why is not None:
                errors.append(OrderError(0, 0, texts["research"][0], why[1], rule=why[0]))
            else:
                left = state["treasury"][power] - first.dice * techs.RESEARCH_DIE_COST
                state = {**state, "treasury": {**state["treasury"], power: left}}
        if not techs.has_rockets(rs.turn_steps):
            for text in texts["rockets"]:
                errors.append(OrderError(0, 0, text, f"{rs.title} has no rockets: rocket "
                                         "strikes are refused", rule="rockets-no-step"))
        elif script.rockets:
            researching = any(r.tech == "rockets" for r in script.research[:1])
            for text, chk in zip(texts["rockets"], check_strikes(
                    state, self.edition, power, script.rockets, researching=researching),
                    strict=False):
                if not chk.ok:
                    errors.append(OrderError(0, 0, text, chk.message, rule=chk.rule))
        return errors, state

    def _requests(self, moves: tuple, power: str, orders: list, section: str):
        from adjudicator.axis_allies.movement import Illegal
        from adjudicator.axis_allies.validate import requests_from_orders

        reqs, errors = [], []
        for mv in moves:
            text = TurnOrder(section, mv).text()
            try:
                reqs.extend(requests_from_orders(mv, power, text=text))
            except Illegal as exc:
                errors.append(OrderError(0, 0, text, exc.message, rule=exc.rule))
        return reqs, errors

    def describe_orders(self, state: dict, power: str, orders: list) -> list[str]:
        """What ``adj orders`` prints: paths, IPC spent and left, battles to be fought."""
        if power != state["turn"]["power"]:
            if orders and all(o.section == "standing" for o in orders):
                return ["Standing orders: stored at once (no turn is resolved)."]
            return []
        plans, _ = self._plans(state, power, orders)
        from adjudicator.axis_allies.validate import summarise

        lines = summarise(self.edition, plans.get("purchase"), plans.get("combat"),
                          plans.get("noncombat"), plans.get("placement"), power)
        script = script_of(orders)
        if script.research and state["turn"]["step"] == "purchase":
            from adjudicator.axis_allies.techs import BY_KEY, RESEARCH_DIE_COST

            r = script.research[0]
            tech = BY_KEY[r.tech]
            lines.insert(0, f"Research: {tech.name}, {r.dice} "
                         f"{'die' if r.dice == 1 else 'dice'} ({r.dice * RESEARCH_DIE_COST} "
                         f"IPC), rolled before the purchase: any {tech.number} develops it.")
        if state["turn"]["step"] == "purchase":
            if self._first_part(state, script) == "full":
                lines.append("One-pass turn: noncombat, landings and placements are carried "
                             "out after the battles (moves made impossible fail).")
            else:
                lines.append("Two-pass turn: battles are fought, then noncombat move, "
                             "landings and placements are expected in a second submission.")
        return lines

    # --- resolution -------------------------------------------------------------------------
    def resolve(self, state: dict, orders_by_power: dict[str, list], dice: Any = None
                ) -> Resolution:
        power = state["turn"]["power"]
        step = state["turn"]["step"]
        orders = orders_by_power.get(power)
        if orders is None:
            if state.get("nmr", "income") == "wait":
                raise GameError(f"{self.power_name(power)} has not sent orders and this game "
                                "waits for them (nmr=wait)")
            part = "nmr" if step == "purchase" else "second"
            script = TurnScript()
        else:
            script = script_of(orders)
            part = "second" if step == "noncombat" else self._first_part(state, script)
        from adjudicator.axis_allies.turn import resolve_turn

        outcome = resolve_turn(state, script, dice, self.edition, part)  # type: ignore[arg-type]
        results = outcome.results
        if orders is None:
            results = [{"power": power, "section": "nmr", "order": "(no orders)",
                        "success": True, "outcome": "nmr",
                        "reason": "collected income only" if part == "nmr"
                        else "noncombat skipped; default landings, purchases refunded"}]
        elif step == "noncombat":
            for o in orders:
                if o.section in ("purchases", "combat_moves", "research", "rockets"):
                    results.append({"power": power, "section": o.section, "order": o.text(),
                                    "success": False, "outcome": "failed",
                                    "reason": "the purchase and combat part was already "
                                    "resolved", "rule": "wrong-step"})
        else:
            results += self._no_step_results(state, power, orders)
        return Resolution(outcome.state, results, outcome.events)

    def _no_step_results(self, state: dict, power: str, orders: list) -> list[dict]:
        """Research and rocket orders in a game whose order of play has no such step: each
        fails with its reason (no order is dropped silently)."""
        from adjudicator.axis_allies import techs
        from adjudicator.axis_allies.editions import ruleset_of

        rs = ruleset_of(self.edition, state)
        out = []
        for o in orders:
            if (o.section == "research" and not techs.has_research(rs.turn_steps)) or (
                    o.section == "rockets" and not techs.has_rockets(rs.turn_steps)):
                what = "weapons development" if o.section == "research" else "rockets"
                out.append({"power": power, "section": o.section, "order": o.text(),
                            "success": False, "outcome": "failed",
                            "reason": f"{rs.title} has no {what}",
                            "rule": f"{o.section}-no-step"})
        return out

    @staticmethod
    def _first_part(state: dict, script: TurnScript) -> str:
        """Whole turn or first half, from the game's ``passes`` setting and the content."""
        passes = state.get("passes", "auto")
        if passes == "one":
            return "full"
        if passes == "two":
            return "first"
        whole = (script.noncombat_moves or script.landings or script.placements
                 or (script.passed and not script.purchases and not script.combat_moves)
                 or _second_half_advantage(script))
        return "full" if whole else "first"

    def status(self, state: dict) -> dict:
        """``adj status --json``: the turn, treasuries, production, victory cities and every
        region with units (:func:`report.region_json`), keyed by power ids; ``power_names``
        gives the display name of each id."""
        from adjudicator.axis_allies import report

        ed = self.edition
        names = report.Names(ed)
        views = [v for v in report.region_views(state, ed) if v.stacks]
        units: dict[str, list[str]] = {}
        for p in self.powers():
            counts: dict[str, int] = {}
            for u in state["units"]:
                if u["power"] == p:
                    counts[u["type"]] = counts.get(u["type"], 0) + 1
            units[p] = [f"{n} {ed.units[t].name if n == 1 else ed.units[t].plural}"
                        for t, n in sorted(counts.items())]
        vc = cap.victory_cities(state, ed)
        rules = self.ruleset.rules_for(state.get("rules", {}))
        out = {
            "turn": state["turn"],
            "power_names": {p: self.power_name(p) for p in self.powers()},
            "treasury": dict(state["treasury"]),
            "production": cap.production_levels(state, ed),
            "victory_cities": vc,
            "victory_needed": ed.setup.victory_thresholds[rules.victory],
            "victory_condition": f"{rules.victory} "
                                 f"({ed.setup.victory_thresholds[rules.victory]} cities)",
            "captured_capitals": dict(state["captured_capitals"]),
            "units": units,
            "regions": [report.region_json(ed, v, names) for v in views],
            "nmr": state.get("nmr", "income"),
            "standing": state.get("standing", {}),
        }
        if state.get("techs"):  # weapons development: power -> technology names in force
            out["techs"] = {p: report.tech_names(state, p) for p in self.powers()
                            if report.tech_names(state, p)}
        return out

    def status_lines(self, state: dict) -> list[str]:
        """Treasuries and production per power, the victory cities, then every region with
        units, grouped by power (``Karelia S.S.R. (Germany, 2 IPC): 3 inf, 1 arm``)."""
        st = self.status(state)
        width = max(len(self.power_name(p)) for p in st["treasury"])
        lines = [f"  {self.power_name(p):<{width}} {st['treasury'][p]:>3} IPC, "
                 f"production {st['production'][p]:>2}" for p in self.powers()]
        lines.append("victory cities: " + "; ".join(
            f"{side.capitalize()} {len(c)}" + (f" ({', '.join(c)})" if c else "")
            for side, c in st["victory_cities"].items())
            + f" ({st['victory_needed']} win)")
        if st.get("techs"):
            lines.append("technologies: " + "; ".join(
                f"{self.power_name(p)} {', '.join(t)}" for p, t in st["techs"].items()))
        if st["captured_capitals"]:
            lines.append("captured capitals: " + ", ".join(
                f"{self.power_name(p)} (held by {self.power_name(h)})"
                for p, h in st["captured_capitals"].items()))
        lines.append("units:")
        lines += [f"  {r['text']}" for r in st["regions"]]
        return lines

    def result_lines(self, record: dict) -> list[str]:
        """Every order with its result, then each battle's outcome (powers and regions by
        the names the reports use)."""
        lines = []
        for r in map(OrderResult.from_json, record.get("results") or []):
            mark = "" if r.success else f"  [{r.outcome}" + (f": {r.reason}]" if r.reason
                                                             else "]")
            lines.append(f"{self.power_name(r.power):<14} {r.order}{mark}")
        m = self.edition.map
        for b in (record.get("events") or {}).get("battles") or []:
            res = b.get("result") or {}
            land = res.get("land") if b.get("kind") == "amphibious" else res
            if land:
                region = b.get("region")
                where = m.region(region).name if region in m else str(region)
                winner = land.get("winner")
                who = {"attacker": self.power_name(str(land.get("attacker", ""))),
                       "defender": "the defender"}.get(str(winner), str(winner))
                lines.append(f"battle {where}: {who} wins ({land.get('end_reason')}, "
                             f"{land.get('rounds')} rounds)")
        return lines

    def notable_results(self, record: dict) -> list[OrderResult]:
        return [r for r in map(OrderResult.from_json, record.get("results") or [])
                if not r.success]

    # --- output -----------------------------------------------------------------------------
    def report_context(self, record: dict, state_after: dict, meta: Mapping[str, Any]) -> dict:
        from adjudicator.axis_allies import report

        return report.build_context(record, state_after, meta, self.edition, self.data)

    def site_figures(self, state: dict) -> dict:
        """Production and treasury per power for the site's charts, one point per round:
        a state where the first power of the turn order is about to buy ends the round
        before it ("start" before round 1); a state of a finished game ends its round; the
        states in between count for no point (None). Phases group by round."""
        from adjudicator.axis_allies.report import Names

        t = state["turn"]
        rnd = int(t["round"])
        period: str | None = None
        if t["power"] == self.powers()[0] and t["step"] == "purchase":
            period = f"Round {rnd - 1}" if rnd > 1 else "start"
        if state.get("result"):
            period = f"Round {rnd}"
        names = Names(self.edition)
        return {
            "group": f"Round {rnd}",
            "period": period,
            "figures": {
                "production": {"title": "Production", "unit": "IPC",
                               "values": cap.production_levels(state, self.edition)},
                "treasury": {"title": "Treasury", "unit": "IPC",
                             "values": {p: int(state["treasury"].get(p, 0))
                                        for p in self.powers()}},
            },
            "colours": {p: names.text_colour(p) for p in self.powers()},
        }

    #: the board is wider than Diplomacy's (1750 px and a footer): a mail shows it at 1225
    mail_map_scale = 0.7

    def map_svg(self, state: dict, results: list[dict] | None = None, *,
                title: str = "", show_orders: bool = True) -> str:
        """The position ``state`` (``results`` are not drawn: a turn's moves live in its
        record's events, see :meth:`record_map_svg`)."""
        from adjudicator.axis_allies.mapsvg import render_map_svg

        return render_map_svg(state, self.edition, title=title)

    def record_map_svg(self, record: dict, state_after: dict, *, title: str = "",
                       show_orders: bool = True) -> str:
        """The position after the record's turn with what the turn did: moves as arrows,
        battles with their outcome, captures, units placed (``show_orders`` False: the
        position alone)."""
        from adjudicator.axis_allies.mapsvg import render_map_svg

        return render_map_svg(state_after, self.edition, title=title, record=record,
                              show_orders=show_orders)
