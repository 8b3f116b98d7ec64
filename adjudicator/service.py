"""The moderator's operations as a Python API: what the CLI (and the mail desk) call.

Each function takes a :class:`GameFolder`, does its work under the game's lock
and returns plain data. Game rules are reached only through the registered
:class:`~adjudicator.game.Game`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.errors import AdjudicatorError, GameError, OrderError
from adjudicator.game import Game
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path
from adjudicator.store import GameFolder, StoreError, canonical_json, now_iso, sha256_text


@dataclass
class Acknowledgement:
    """What a player is told after submitting: each order as understood, each error."""

    phase: str
    power: str
    version: int
    understood: list[dict] = field(default_factory=list)  # {"line", "text", "order"}
    errors: list[OrderError] = field(default_factory=list)
    waiting_for: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict:
        return {
            "phase": self.phase,
            "power": self.power,
            "version": self.version,
            "understood": self.understood,
            "errors": [e.to_json() for e in self.errors],
            "waiting_for": self.waiting_for,
        }


class PhaseChanged(GameError):
    """The phase a caller meant to resolve was resolved by someone else first."""


# --- moderator's desk hook (adjudicator/desk) ----------------------------------------------
def _desk_hook(folder: GameFolder, event: str, data: dict) -> None:
    """Tell the moderator's desk (audit log, deadlines, result mail); runs under the game lock."""
    from adjudicator.desk.hooks import after_operation

    after_operation(folder, event, data)
# --- end of desk hook ------------------------------------------------------------------------


def game_of(folder: GameFolder) -> Game:
    return get_game(folder.settings()["game"])


def new_game(path: str | os.PathLike, kind: str, options: dict[str, Any] | None = None,
             title: str | None = None) -> GameFolder:
    """Create a game folder holding the opening position."""
    game = get_game(kind)
    options = dict(options or {})
    state = game.new_state(options)
    settings = {
        "game": kind,
        "title": title or Path(path).name,
        "created": now_iso(),
        "options": options,
    }
    folder = GameFolder.create(path, state, settings)
    _desk_hook(folder, "created", {"game": kind, "title": settings["title"]})
    return folder


def _power(game: Game, state: dict, name: str) -> str:
    power = game.canonical_power(name)
    if power is None or power not in game.powers(state):
        raise AdjudicatorError(
            f"unknown power {name!r}; powers are {', '.join(game.powers(state))}"
        )
    return power


def check_orders(game: Game, state: dict, power: str, text: str) -> tuple[list, Acknowledgement]:
    """Parse and validate ``text`` for ``power`` without storing anything."""
    parsed = game.parse(text, state)
    errors = list(parsed.errors)
    orders = [p.order for p in parsed.orders]
    _, rule_errors = game.validate(state, power, orders)
    # Rule errors know the order, not the line: map them back to the line they came from.
    by_text = {game.order_text(p.order): p for p in parsed.orders}
    for err in rule_errors:
        src = by_text.get(err.text)
        if src is not None and err.line == 0:
            err = OrderError(src.line, 0, src.text, err.message, err.expected, err.suggestions,
                             err.rule)
        errors.append(err)
    errors.sort(key=lambda e: (e.line, e.column))
    understood = [{"line": p.line, "text": p.text, "order": game.order_text(p.order)}
                  for p in parsed.orders]
    ack = Acknowledgement(state["phase"], power, 0, understood, errors)
    return orders, ack


def submit_orders(folder: GameFolder, power: str, text: str, source: str = "cli") -> Acknowledgement:
    """Store a submission verbatim (always: nothing is lost) and acknowledge it."""
    game = game_of(folder)
    with folder.lock():
        state = folder.read_state()
        if game.is_over(state):
            raise GameError("the game is over; no more orders are accepted")
        power = _power(game, state, power)
        if power not in game.who_must_act(state):
            raise GameError(f"{power} has nothing to order in {game.phase_name(state)}")
        _, ack = check_orders(game, state, power, text)
        sub = folder.submit(state["phase"], power, text, source)
        ack.version = sub.version
        submitted = set(folder.latest_submissions(state["phase"]))
        ack.waiting_for = [p for p in game.who_must_act(state) if p not in submitted]
        _desk_hook(folder, "submission", {
            "phase": sub.phase, "power": power, "version": sub.version, "source": source,
            "sha256": sha256_text(text), "errors": len(ack.errors)})
    return ack


def status(folder: GameFolder) -> dict:
    game = game_of(folder)
    state = folder.read_state()
    subs = folder.latest_submissions(state["phase"])
    must = game.who_must_act(state)
    return {
        "title": folder.settings().get("title"),
        "game": folder.settings()["game"],
        "phase": state["phase"],
        "phase_name": game.phase_name(state),
        "ordered": [p for p in must if p in subs],
        "missing": [p for p in must if p not in subs],
        "result": state.get("result"),
        **game.status(state),
    }


def adjudicate(folder: GameFolder, force: bool = False, expect_phase: str | None = None) -> dict:
    """Resolve the current phase from the latest submissions; returns the history record.

    Without ``force`` it refuses while any power that must act has not submitted;
    with ``force`` those powers get the game's NMR rule. ``expect_phase`` (used by
    ``adj tick``) refuses when another process resolved the phase in the meantime, so a
    decision taken before the lock can never resolve the following phase by mistake.
    """
    game = game_of(folder)
    with folder.lock():
        state = folder.read_state()
        if game.is_over(state):
            raise GameError("the game is over")
        phase = state["phase"]
        if expect_phase is not None and phase != expect_phase:
            raise PhaseChanged(f"{expect_phase} was already resolved (now {phase})")
        subs = folder.latest_submissions(phase)
        missing = [p for p in game.who_must_act(state) if p not in subs]
        if missing and not force:
            raise GameError(
                "orders missing from " + ", ".join(missing) + " (use --force to apply NMR rules)"
            )
        orders_by_power: dict[str, list] = {}
        understood: dict[str, list[str]] = {}
        submissions: dict[str, dict] = {}
        for power, sub in subs.items():
            if power not in game.who_must_act(state):
                continue
            parsed = game.parse(sub.text, state)
            orders_by_power[power] = [p.order for p in parsed.orders]
            understood[power] = [game.order_text(o) for o in orders_by_power[power]]
            submissions[power] = {
                "version": sub.version,
                "received": sub.received,
                "source": sub.source,
                "text": sub.text,
                "syntax_errors": [e.to_json() for e in parsed.errors],
            }
        resolution = game.resolve(state, orders_by_power)
        entry = {
            "kind": "adjudication",
            "phase": phase,
            "time": now_iso(),
            "state_before": state,
            "submissions": submissions,
            "orders": understood,
            "nmr": missing,
            "results": resolution.results,
            "events": resolution.events,
            "state_after_sha256": sha256_text(canonical_json(resolution.state)),
        }
        path = folder.append_history(entry)
        folder.write_state(resolution.state)
        entry["seq"] = int(path.name[:4])
        _desk_hook(folder, "adjudication", entry)  # audit, lateness, the next deadline
        game.write_reports(folder, entry)  # after the hook, so reports show that deadline
        _desk_hook(folder, "reports-written", entry)  # results mailed to players
    return entry


def declare_draw(folder: GameFolder, powers: list[str]) -> dict:
    game = game_of(folder)
    with folder.lock():
        state = folder.read_state()
        if game.is_over(state):
            raise GameError("the game is already over")
        names = [_power(game, state, p) for p in powers]
        new = game.declare_draw(state, names)
        entry = {
            "kind": "draw",
            "phase": state["phase"],
            "time": now_iso(),
            "state_before": state,
            "powers": names,
            "state_after_sha256": sha256_text(canonical_json(new)),
        }
        path = folder.append_history(entry)
        folder.write_state(new)
        entry["seq"] = int(path.name[:4])
        _desk_hook(folder, "draw", entry)
        game.write_reports(folder, entry)
        _desk_hook(folder, "reports-written", entry)
    return entry


def rollback(folder: GameFolder, phase: str) -> dict:
    """Undo back to the start of ``phase``: later records are archived, never deleted."""
    with folder.lock():
        history = folder.history()
        matches = [h for h in history if h["phase"] == phase]
        if not matches:
            known = ", ".join(dict.fromkeys(h["phase"] for h in history)) or "none"
            raise GameError(f"no resolved phase {phase!r} in history (resolved: {known})")
        first = matches[0]
        archive = folder.archive_history_from(first["seq"])
        folder.write_state(first["state_before"])
        _desk_hook(folder, "rollback", {"phase": phase, "archived_to": archive.name})
    return {"phase": phase, "archived_to": str(archive)}


def replay_state(folder: GameFolder, record: dict, game: Game, state: dict) -> dict:
    """Re-apply one history record to ``state``: the heart of replay and verification."""
    if record["kind"] == "adjudication":
        orders = {
            power: [o for p in texts for o in _reparse(game, state, p)]
            for power, texts in record["orders"].items()
        }
        return game.resolve(state, orders).state
    if record["kind"] == "draw":
        return game.declare_draw(state, record["powers"])
    raise StoreError(f"unknown history record kind {record['kind']!r}")


def _reparse(game: Game, state: dict, text: str) -> list:
    parsed = game.parse(text, state)
    if parsed.errors:
        raise StoreError(f"history order {text!r} no longer parses: {parsed.errors[0].describe()}")
    return [p.order for p in parsed.orders]


def verify_replay(folder: GameFolder) -> list[str]:
    """Replay history from the opening state; return the problems found (empty when sound)."""
    game = game_of(folder)
    problems: list[str] = []
    state = folder.initial_state()
    for record in folder.history():
        if canonical_json(record["state_before"]) != canonical_json(state):
            problems.append(f"record {record['seq']} ({record['phase']}): state before differs")
            state = record["state_before"]
        state = replay_state(folder, record, game, state)
        if sha256_text(canonical_json(state)) != record["state_after_sha256"]:
            problems.append(f"record {record['seq']} ({record['phase']}): replayed state differs")
    if canonical_json(state) != folder.state_text():
        problems.append("replaying history does not reproduce game.json byte for byte")
    return problems


def play_examples(path: str | os.PathLike, kind: str, log=print) -> GameFolder:
    """Create a game and play the bundled example orders, phase after phase.

    Examples live in ``games/<variant>/examples/<PHASE>/<Power>.txt``; play stops at the
    first phase with no example folder. Everything goes through the same calls a
    moderator makes, so this is a true end-to-end run.
    """
    folder = new_game(path, kind)
    game = game_of(folder)
    examples = game_data_path(game.variant) / "examples"
    while True:
        state = folder.read_state()
        phase_dir = examples / state["phase"]
        if game.is_over(state) or not phase_dir.is_dir():
            break
        log(f"== {game.phase_name(state)}")
        for orders_file in sorted(phase_dir.glob("*.txt")):
            ack = submit_orders(folder, orders_file.stem, orders_file.read_text(encoding="utf-8"),
                                source=f"example:{orders_file.name}")
            log(f"   {ack.power}: " + "; ".join(u["order"] for u in ack.understood)
                + "".join(f"  ERROR {e.describe()}" for e in ack.errors))
        entry = adjudicate(folder, force=True)
        for r in entry["results"]:
            if not r["success"] or r["kind"] in ("retreat", "disband", "build", "remove"):
                why = f" ({r['reason']})" if r.get("reason") else ""
                log(f"   -> {r['power']} {r['order']}: {r['outcome']}{why}")
    return folder
