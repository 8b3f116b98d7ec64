"""The moderator's operations as a Python API: what the CLI (and the mail desk) call.

Each function takes a :class:`GameFolder` and returns plain data; every function that
writes does so under the game's lock. Game rules are reached only through the game the
state names (:func:`adjudicator.registry.game_for_state`). After each operation an event is
published (:mod:`adjudicator.events`); the moderator's desk and anyone else subscribe to
them, and this module never imports a listener.

The dice and publishing modules are imported where they are used: a command that only reads
(``adj status``) or only stores orders should not pay for hashing schemes and Jinja.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from adjudicator import __version__, events
from adjudicator.errors import (
    AdjudicatorError,
    GameError,
    OrderError,
    ParseResult,
    PhaseNameError,
)
from adjudicator.game import BaseGame, phase_position
from adjudicator.logs import get_logger
from adjudicator.record import field, record
from adjudicator.registry import game_for_state, get_game
from adjudicator.resources import game_data_path
from adjudicator.store import (
    GameFolder,
    StoreError,
    canonical_json,
    now_iso,
    private_dir,
    read_json,
    sha256_text,
    validate_game_name,
)

log = get_logger(__name__)


@record
class Acknowledgement:
    """What a player is told after submitting: each order as understood, each error."""

    phase: str
    power: str
    version: int
    understood: list[dict] = field(default_factory=list)  # {"line", "text", "order", "notes"}
    errors: list[OrderError] = field(default_factory=list)
    waiting_for: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)  # game's own reading (A&A: paths, IPC)
    applied: str | None = None  # set when the submission took effect at once (standing orders)
    # False: nothing understood (or only orders for another phase), so earlier orders (if
    # any) still stand
    counted: bool = True
    ignored: list[dict] = field(default_factory=list)  # {"line", "text"}: conversation
    #: power id -> the name players read (A&A: ``ussr`` -> ``Soviet Union``); what
    #: :meth:`describe` prints, so acknowledgements and reports name powers alike
    names: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def describe(self, waiting: bool = True) -> str:
        """The acknowledgement a player reads (CLI and mail alike): each order as
        understood, the game's own summary, every error with its line, who is missing."""
        who = self.names.get(self.power, self.power)
        out = [f"{who}, {self.phase}, submission {self.version}:"]
        out += [f"  line {u['line']:>2}: {u['order']}"
                + "".join(f"   ({n})" for n in u.get("notes", ())) for u in self.understood]
        if not self.understood:
            out.append("  (no orders understood)")
        if self.ignored:
            out.append("Ignored (not read as orders):")
            out += [f"  line {i['line']:>2}: {i['text']}" for i in self.ignored]
        if not self.counted:
            why = (f"None of its orders can be given in this phase ({self.phase})"
                   if self.understood else "Nothing in it was understood")
            out.append(f"{why}, so this submission does not count as orders (an earlier"
                       " one, if any, still stands).")
        if self.summary:
            out.append("As understood:")
            out += [f"  {s}" for s in self.summary]
        if self.applied:
            out.append(f"Applied at once: {self.applied}")
        for e in self.errors:
            out.append(f"  ERROR {e.describe()}")
            if e.text:
                out.append(f"        {e.text}")
        if waiting:
            out.append("Still waiting for: " + ", ".join(self.names.get(p, p)
                                                         for p in self.waiting_for)
                       if self.waiting_for else "All orders are in.")
        return "\n".join(out)

    def to_json(self) -> dict:
        return {
            "phase": self.phase,
            "power": self.power,
            "version": self.version,
            "understood": self.understood,
            "errors": [e.to_json() for e in self.errors],
            "waiting_for": self.waiting_for,
            "summary": self.summary,
            "applied": self.applied,
            "counted": self.counted,
            "ignored": self.ignored,
        }


def power_names(game: BaseGame) -> dict[str, str]:
    """Power id -> display name: the one set of names every text for people uses."""
    return {p: game.power_name(p) for p in game.powers()}


class PhaseChanged(GameError):
    """The phase a caller meant to resolve was resolved by someone else first."""


def game_of(folder: GameFolder) -> BaseGame:
    """The game of ``folder``, read from its state (the one place that says which game)."""
    return game_for_state(folder.read_state())


def new_game(path: str | os.PathLike, kind: str, options: dict[str, Any] | None = None,
             title: str | None = None, position: str | None = None) -> GameFolder:
    """Create a game folder holding the opening position, or the written ``position``
    (``adj new --from FILE``: a game taken over in progress, or a scenario).

    Options are checked before anything is written: an unknown key or value is refused
    with the list of known ones.
    """
    game = get_game(kind)
    if position is not None:
        if options:
            raise GameError("--option does not combine with --from: a written position "
                            "carries the game's own settings (docs/positions.md)")
        state = game.state_from_position(position, {})
        options = {}
    else:
        options = game.check_options(dict(options or {}))
        state = game.new_state(options)
    settings: dict[str, Any] = {
        "title": title or Path(path).name,
        "created": now_iso(),
        "options": options,
    }
    if position is not None:
        settings["started_from"] = "position"
    if game.uses_dice:
        from adjudicator import dice as dice_mod

        # A game with dice gets a secret seed; only its commitment is published
        # (docs/dice.md). The seed is on disk before game.json exists, so no game ever
        # lacks the seed its settings commit to; a leftover from an attempt killed before
        # game.json was written has committed nothing and is replaced.
        validate_game_name(Path(path).name)
        if (Path(path) / "game.json").exists():
            raise StoreError(f"{path} already holds a game")
        private_dir(Path(path))
        commit = dice_mod.save_seed(path, dice_mod.new_seed(), overwrite=True)
        settings["dice"] = {"scheme": dice_mod.SCHEME, "commitment": commit}
    folder = GameFolder.create(path, state, settings)
    log.info("%s: created a %s game (%s)", folder.path.name, game.key, state["phase"])
    events.publish(events.GameCreated(folder, game.key, settings["title"],
                                      (settings.get("dice") or {}).get("commitment")))
    return folder


def find_power(game: BaseGame, state: dict, name: str) -> str | None:
    """The canonical name of power ``name`` in this game, or None when it has no such power."""
    power = game.canonical_power(name)
    return power if power is not None and power in game.powers(state) else None


def power_of(game: BaseGame, state: dict, name: str) -> str:
    """The power ``name`` names exactly (a spelling, or an abbreviation such as ``Fra``):
    what a moderator's command takes. A near miss is refused with a suggestion, never
    guessed, and so is an unknown name, with the list of the game's powers."""
    power = game.canonical_power(name, strict=True)
    if power is not None and power in game.powers(state):
        return power
    guess = find_power(game, state, name)
    hint = f" (did you mean {game.power_name(guess)}?)" if guess else ""
    raise AdjudicatorError(f"unknown power {name!r}{hint}; powers are "
                           f"{', '.join(game.powers(state))}")


def understood_orders(game: BaseGame, parsed: Any) -> list[dict]:
    """Each order of a :class:`~adjudicator.errors.ParseResult` as the player is told it."""
    return [{"line": p.line, "text": p.text, "order": game.order_text(p.order),
             "notes": list(p.notes)} for p in parsed.orders]


def waiting_for(folder: GameFolder, game: BaseGame, state: dict) -> list[str]:
    """The powers that must act in the current phase and have not submitted yet."""
    submitted = folder.latest_submissions(state["phase"])
    return [p for p in game.who_must_act(state) if p not in submitted]


def check_orders(game: BaseGame, state: dict, power: str, text: str,
                 parsed: ParseResult | None = None) -> tuple[list, Acknowledgement]:
    """Parse (unless ``parsed`` is given) and validate ``text`` for ``power`` without storing
    anything. Every rule error is reported on the line the player wrote, quoting it as
    written. ``counted`` is left as it is: whether a text counts is decided when it is
    stored (:func:`counts_as_orders`)."""
    orders, ack, _ = _check(game, state, power, text, parsed)
    return orders, ack


def _check(game: BaseGame, state: dict, power: str, text: str,
           parsed: ParseResult | None) -> tuple[list, Acknowledgement, int]:
    """:func:`check_orders`, plus how many understood orders are void: rejected only because
    they belong to another phase (``wrong-phase``), such as moves sent in a retreat phase."""
    parsed = parsed if parsed is not None else game.parse(text, state)
    errors = list(parsed.errors)
    orders = [p.order for p in parsed.orders]
    _, rule_errors = game.validate(state, power, orders)
    source = _SourceOf(game, parsed.orders)
    rules: dict[int, list[str | None]] = {}  # parsed order -> the rules it broke
    for err in rule_errors:
        i = source.index(err)
        if i is not None:
            rules.setdefault(i, []).append(err.rule)
            if err.line == 0:
                src = parsed.orders[i]
                err = OrderError(src.line, 0, src.text, err.message, err.expected,
                                 err.suggestions, err.rule, order_index=i)
        errors.append(err)
    errors.sort(key=lambda e: (e.line, e.column))
    ack = Acknowledgement(state["phase"], power, 0, understood_orders(game, parsed), errors,
                          ignored=[i.to_json() for i in parsed.ignored],
                          names=power_names(game))
    ack.summary = list(game.describe_orders(state, power, orders))
    void = sum(1 for broken in rules.values() if all(r == "wrong-phase" for r in broken))
    return orders, ack, void


class _SourceOf:
    """Which parsed order a rule error is about, so it can be reported on the player's line.

    A game says so with ``OrderError.order_index`` (the order's place in the list it
    validated: exact, whatever the game rewrote). Otherwise the error's text is matched
    against the canonical text of each order; orders written the same way several times
    are taken in turn, the last one for any further error.
    """

    def __init__(self, game: BaseGame, parsed: list) -> None:
        self.count = len(parsed)
        self.by_text: dict[str, list[int]] = {}
        for i, p in enumerate(parsed):
            self.by_text.setdefault(game.order_text(p.order), []).append(i)
        self.used: dict[str, int] = {}

    def index(self, err: OrderError) -> int | None:
        if err.order_index is not None:
            return err.order_index if 0 <= err.order_index < self.count else None
        found = self.by_text.get(err.text)
        if not found:
            return None
        n = self.used.get(err.text, 0)
        self.used[err.text] = n + 1
        return found[min(n, len(found) - 1)]


def counts_as_orders(ack: Acknowledgement, text: str, void: int = 0) -> bool:
    """Whether a submission counts as the power's orders, replacing any earlier one.

    It counts when it holds an order for its phase, or when it is deliberately empty
    ("# all hold"). One that is all errors or conversation ("my orders follow tomorrow"),
    nothing at all (an empty file, stdin at its end), or only orders for another phase
    (``void`` of its understood orders were rejected as ``wrong-phase`` and nothing else:
    moves sent in a retreat phase) replaces nothing and the power has not "ordered".
    Orders sent ahead for a later phase are judged by their syntax (``void`` 0): their
    rules are checked when that phase begins.
    """
    if len(ack.understood) > void:
        return True
    return not ack.understood and not ack.errors and not ack.ignored and bool(text.strip())


def syntax_acknowledgement(game: BaseGame, phase: str, power: str, text: str,
                           version: int) -> Acknowledgement:
    """Acknowledge ``text`` read without a position (syntax and names only): for orders
    sent ahead, whose rules can only be checked once their phase exists. ``counted`` says
    whether the text counts (:func:`counts_as_orders`)."""
    parsed = game.parse(text, None)
    errors = sorted(parsed.errors, key=lambda e: (e.line, e.column))
    ack = Acknowledgement(phase, power, version, understood_orders(game, parsed), errors,
                          ignored=[i.to_json() for i in parsed.ignored],
                          names=power_names(game))
    ack.counted = counts_as_orders(ack, text)
    return ack


def acknowledge(folder: GameFolder, game: BaseGame, state: dict, power: str, text: str,
                version: int) -> Acknowledgement:
    """The acknowledgement of submission ``version`` of ``text``, stored for the current
    phase: each order checked against the position, whether it counts, and who is still
    missing."""
    _, ack, void = _check(game, state, power, text, None)
    ack.counted = counts_as_orders(ack, text, void)
    ack.version = version
    ack.waiting_for = waiting_for(folder, game, state)
    return ack


def current_state(folder: GameFolder, game: BaseGame) -> dict:
    """The current state, after completing a transition a killed process left half done.

    Call it under the game lock: every operation that changes a game does, first. A
    transition records its intent in the game's journal before its first step, so the
    steps it did not reach are done now (:func:`recover`). A state that does not follow
    from the history (edited by hand, or damaged) is refused: nothing is built on it until
    ``adj fsck`` has been consulted.
    """
    recover(folder, game)
    state = folder.read_state()
    files = folder.history_files()
    expected = read_json(files[-1]).get("state_after_sha256") if files else \
        sha256_text(canonical_json(folder.initial_state()))
    if expected == sha256_text(canonical_json(state)):
        return state
    if files:
        last = read_json(files[-1])
        if canonical_json(last.get("state_before")) == canonical_json(state):
            # Written by a version without the journal: the record is there, game.json not.
            new = _state_after(folder, game, last, state)
            folder.write_state(new)
            from adjudicator.publish import files as publish

            publish.write_reports(folder, game, last)
            return new
    raise StoreError(f"{folder.path.name}: game.json does not follow from the history (edited "
                     "or damaged); nothing is done until `adj fsck` has been run")


def _state_after(folder: GameFolder, game: BaseGame, record: dict, state: dict) -> dict:
    """The state ``record`` leads to from ``state`` (its state before), checked against the
    hash the record carries."""
    new = replay_state(folder, record, game, state)
    if sha256_text(canonical_json(new)) != record["state_after_sha256"]:
        raise StoreError(f"history record {record.get('seq')} was not finished and does not "
                         "replay to its recorded result; run `adj fsck`")
    return new


# --- transitions: journal, commit, what follows, recovery ------------------------------------
def _commit(folder: GameFolder, game: BaseGame, entry: dict, new_state: dict) -> dict:
    """Record a transition whole: its intent in the journal, then the history record (the
    point from which it will be completed whatever happens), ``game.json``, and what
    follows (:func:`_follow`). Under the game lock."""
    seq = len(folder.history_files()) + 1
    anchor = events.ask(events.AnchorQuery(folder))
    if anchor is not None:
        entry["audit_anchor"] = anchor
    folder.write_journal({"op": entry["kind"], "seq": seq, "phase": entry["phase"]})
    folder.append_history(entry)
    entry["seq"] = seq
    folder.write_state(new_state)
    _follow(folder, game, entry, replayed=False)
    folder.clear_journal()
    return entry


def _follow(folder: GameFolder, game: BaseGame, entry: dict, *, replayed: bool) -> None:
    """What follows a history record: the listeners are told (the desk's audit entry,
    lateness, the next deadline), the reports written (they show that deadline), the
    listeners told again (results mail). ``replayed``: done again after an interruption,
    so listeners skip what they already did."""
    if entry["kind"] == "standing":
        sub = entry["submission"]
        events.publish(events.OrdersSubmitted(
            folder, "standing", entry["power"], sub["version"], sub["source"],
            sha256_text(sub["text"]), errors=0, replayed=replayed))
        return
    from adjudicator.publish import files as publish

    log.info("%s: %s %s%s", folder.path.name, entry["kind"], entry["phase"],
             f" (no orders from {', '.join(entry['nmr'])})" if entry.get("nmr") else "")
    events.publish(events.PhaseResolved(folder, entry, replayed=replayed))
    written = publish.write_reports(folder, game, entry)
    events.publish(events.ReportsWritten(folder, entry, tuple(written), replayed=replayed))


def recover(folder: GameFolder, game: BaseGame) -> str | None:
    """Complete the transition a killed process left half done, or abandon it when it never
    reached its commit point; returns what was done (None: nothing was pending).

    Every step is idempotent (files are rewritten to the same bytes; listeners receive the
    events with ``replayed`` set and skip what they already did), so recovering twice, or
    being killed while recovering, is harmless. Stray temporary files of the interrupted
    writes are removed. Under the game lock.
    """
    intent = folder.journal()
    for tmp in folder.stray_temporary_files(everywhere=intent is not None):
        tmp.unlink(missing_ok=True)
    if intent is None:
        return None
    op = intent.get("op")
    if op in ("adjudication", "draw", "concession", "standing"):
        done = _recover_record(folder, game, intent)
    elif op == "submission":
        done = _recover_submission(folder, intent)
    elif op == "rollback":
        done = _recover_rollback(folder, intent)
    else:
        raise StoreError(f"{folder.path.name}: unknown transition {op!r} in journal.json")
    folder.clear_journal()
    log.warning("%s: an interrupted %s was %s", folder.path.name, op, done)
    return f"{op} {done}"


def _recover_record(folder: GameFolder, game: BaseGame, intent: dict) -> str:
    files = folder.history_files()
    if len(files) < intent["seq"]:
        return "abandoned (nothing had been recorded)"
    record = read_json(files[intent["seq"] - 1])
    state = folder.read_state()
    if sha256_text(canonical_json(state)) != record["state_after_sha256"]:
        state = _state_after(folder, game, record, record["state_before"])
        folder.write_state(state)
    _follow(folder, game, record, replayed=True)
    return "completed"


def _recover_submission(folder: GameFolder, intent: dict) -> str:
    meta = folder.path / "orders" / intent["phase"] / f"{intent['power']}-{intent['version']}"
    if not meta.with_suffix(".json").exists():
        meta.with_suffix(".txt").unlink(missing_ok=True)
        return "abandoned (it had not been stored)"
    events.publish(events.OrdersSubmitted(
        folder, intent["phase"], intent["power"], intent["version"], intent["source"],
        intent["sha256"], errors=intent.get("errors"), ahead_of=intent.get("ahead_of"),
        replayed=True))
    return "completed"


def _recover_rollback(folder: GameFolder, intent: dict) -> str:
    dest = folder.path / "history" / "undone" / intent["archive"]
    folder.archive_history_from(intent["from_seq"], dest)
    first = next(read_json(p) for p in sorted(dest.glob(f"{intent['from_seq']:04d}-*.json")))
    folder.write_state(first["state_before"])
    events.publish(events.RolledBack(folder, intent["phase"], dest.name, replayed=True))
    return "completed"


def _store_submission(folder: GameFolder, phase: str, power: str, text: str, source: str,
                      *, counts: bool = True, errors: int | None = None,
                      ahead_of: str | None = None, parsed: dict | None = None) -> Any:
    """Store a submission and tell the listeners, as one journaled transition."""
    intent = {"op": "submission", "phase": phase, "power": power,
              "version": folder.next_version(phase, power), "source": source,
              "sha256": sha256_text(text), "errors": errors, "ahead_of": ahead_of}
    folder.write_journal(intent)
    sub = folder.submit(phase, power, text, source, counts=counts, parsed=parsed)
    events.publish(events.OrdersSubmitted(folder, phase, power, sub.version, source,
                                          intent["sha256"], errors=errors, ahead_of=ahead_of))
    folder.clear_journal()
    return sub


def submit_orders(folder: GameFolder, power: str, text: str, source: str = "cli",
                  phase: str | None = None) -> Acknowledgement:
    """Store a submission verbatim (always: nothing is lost) and acknowledge it.

    ``phase`` names the phase the player meant. Checked under the lock, it makes a
    submission that raced with an adjudication fail loudly instead of landing in the
    next phase; a later phase (when the game can order its phases) stores the orders
    ahead, with syntax and names checked now and the rules when that phase begins.
    """
    game = game_of(folder)
    with folder.lock():
        state = current_state(folder, game)
        if game.is_over(state):
            raise GameError("the game is over; no more orders are accepted")
        power = power_of(game, state, power)
        if power in game.unplayed_powers(state):
            raise GameError(f"{power} is not played in this game (civil disorder): no orders "
                            "are taken for it")
        if phase is not None:
            try:  # "Fall 1901 Movement" as well as F1901M
                named = game.normalise_phase(phase)
            except PhaseNameError as exc:
                raise GameError(f"{phase!r} is not a phase this game accepts orders for "
                                f"(the game is in {state['phase']}): {exc}") from None
            pos = (phase_position(game, named, state["phase"])
                   or phase_position(game, phase, state["phase"]))
            if pos is None:
                raise GameError(f"{phase!r} is not a phase this game accepts orders for "
                                f"(the game is in {state['phase']})")
            if pos[1] < 0:
                raise GameError(f"{pos[0]} is over: the game is in {state['phase']}")
            if pos[1] > 0:
                ack = syntax_acknowledgement(game, pos[0], power, text, 0)
                sub = _store_submission(folder, pos[0], power, text, source,
                                        counts=ack.counted, errors=len(ack.errors),
                                        ahead_of=state["phase"])
                ack.version = sub.version
                return ack
        parsed = game.parse(text, state)
        standing = _apply_standing(folder, game, state, power, text, source, parsed)
        if standing is not None:
            return standing
        if power not in game.who_must_act(state):
            raise GameError(f"{power} has nothing to order in {game.phase_name(state)}")
        _, ack, void = _check(game, state, power, text, parsed)
        ack.counted = counts_as_orders(ack, text, void)
        sub = _store_submission(folder, state["phase"], power, text, source,
                                counts=ack.counted, errors=len(ack.errors),
                                parsed=_kept_reading(game, parsed))
        ack.version = sub.version
        ack.waiting_for = waiting_for(folder, game, state)
        log.info("%s: %s submission %d for %s (%d errors)", folder.path.name, power,
                 sub.version, sub.phase, len(ack.errors))
    return ack


def _reader(game: BaseGame) -> str:
    """Who read a kept submission: the game and this version of the program. A reading
    kept by another is not trusted; the text is parsed again."""
    return f"{game.key} {__version__}"


def _kept_reading(game: BaseGame, parsed: ParseResult) -> dict | None:
    """What a submission keeps of how its text was read (``orders/PHASE/Power-N.json``
    ``parsed``), when the game keeps its orders as JSON (:meth:`BaseGame.orders_to_json`):
    adjudicating then reads them back instead of parsing every text again."""
    orders = game.orders_to_json([p.order for p in parsed.orders])
    if orders is None:
        return None
    return {"reader": _reader(game), "orders": orders,
            "syntax_errors": [e.to_json() for e in parsed.errors]}


def _orders_of(game: BaseGame, sub: Any, state: dict) -> tuple[list, list[dict]]:
    """A submission's orders and syntax errors (as JSON): as kept when it arrived, read by
    this same program; else parsed from its text now."""
    kept = sub.parsed
    if isinstance(kept, dict) and kept.get("reader") == _reader(game):
        try:
            return game.orders_from_json(kept["orders"]), list(kept["syntax_errors"])
        except (KeyError, TypeError, ValueError):
            pass  # not what this program writes: read the text itself
    parsed = game.parse(sub.text, state)
    return [p.order for p in parsed.orders], [e.to_json() for e in parsed.errors]


def _apply_standing(folder: GameFolder, game: BaseGame, state: dict, power: str, text: str,
                    source: str, parsed: ParseResult) -> Acknowledgement | None:
    """Standing orders (``BaseGame.apply_standing``) take effect at once, in any turn.

    A submission holding only standing orders is not a turn submission: it is kept verbatim
    under ``orders/standing/`` and recorded in history (kind ``standing``), so replay
    reproduces the state. Returns ``None`` when the game has no such orders or the text
    holds anything else (then it is an ordinary submission). Runs under the game lock.
    """
    orders = [p.order for p in parsed.orders]
    if parsed.errors:
        return None
    new = game.apply_standing(state, power, orders)
    if new is None:
        return None
    seq = len(folder.history_files()) + 1
    folder.write_journal({"op": "standing", "seq": seq, "phase": state["phase"]})
    sub = folder.submit("standing", power, text, source)
    entry = {
        "kind": "standing",
        "phase": state["phase"],
        "time": now_iso(),
        "state_before": state,
        "power": power,
        "submission": {"version": sub.version, "received": sub.received, "source": source,
                       "text": text},
        "orders": [game.order_text(o) for o in orders],
        "state_after_sha256": sha256_text(canonical_json(new)),
    }
    _commit(folder, game, entry, new)
    ack = Acknowledgement(state["phase"], power, sub.version, understood_orders(game, parsed), [],
                          applied="standing orders updated", names=power_names(game))
    ack.waiting_for = waiting_for(folder, game, new)
    return ack


def status(folder: GameFolder) -> dict:
    """The game's status: phase, who has ordered, the game's own figures and summary lines
    (``summary``: what ``adj status`` prints), the outcome once the game is over."""
    settings = folder.settings()
    state = folder.read_state()
    game = game_for_state(state)
    subs = folder.latest_submissions(state["phase"])
    must = game.who_must_act(state)
    outcome = game.outcome(state)
    return {
        "title": settings.get("title") or folder.path.name,
        "game": game.key,
        "phase": state["phase"],
        "phase_name": game.phase_name(state),
        "ordered": [p for p in must if p in subs],
        "missing": [p for p in must if p not in subs],
        "result": state.get("result"),
        "outcome": outcome.text if outcome else None,
        "summary": game.status_lines(state),
        **game.status(state),
    }


def position_text(folder: GameFolder) -> str:
    """The current position in the game's written format (``adj status --position``),
    which ``adj new --from`` reads back."""
    state = folder.read_state()
    return game_for_state(state).position_text(state)


def adjudicate(folder: GameFolder, force: bool = False, expect_phase: str | None = None,
               dice_file: str | os.PathLike | None = None) -> dict:
    """Resolve the current phase from the latest submissions; returns the history record.

    Without ``force`` it refuses while any power that must act has not submitted;
    with ``force`` those powers get the game's NMR rule. ``expect_phase`` (used by
    ``adj tick``) refuses when another process resolved the phase in the meantime, so a
    decision taken before the lock can never resolve the following phase by mistake.
    Games that roll dice get :class:`~adjudicator.dice.DerivedDice` from the game's seed
    (or the moderator's ``dice_file``); the ``dice`` block goes into the history record.
    """
    game = game_of(folder)
    with folder.lock():
        state = current_state(folder, game)
        if game.is_over(state):
            raise GameError("the game is over")
        phase = state["phase"]
        if expect_phase is not None and phase != expect_phase:
            raise PhaseChanged(f"{expect_phase} was already resolved (now {phase})")
        subs = folder.latest_submissions(phase)
        must = game.who_must_act(state)
        missing = [p for p in must if p not in subs]
        if missing and not force:
            raise GameError(
                "orders missing from " + ", ".join(missing) + " (use --force to apply NMR rules)"
            )
        orders_by_power: dict[str, list] = {}
        understood: dict[str, list[str]] = {}
        submissions: dict[str, dict] = {}
        for power, sub in subs.items():
            if power not in must:
                continue
            orders_by_power[power], syntax_errors = _orders_of(game, sub, state)
            understood[power] = [game.order_text(o) for o in orders_by_power[power]]
            submissions[power] = {
                "version": sub.version,
                "received": sub.received,
                "source": sub.source,
                "text": sub.text,
                "syntax_errors": syntax_errors,
            }
        dice = _dice_for(folder, game, state, orders_by_power, submissions, dice_file)
        resolution = game.resolve(state, orders_by_power, dice)
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
        if dice is not None:
            entry["dice"] = dice.record()
        _commit(folder, game, entry, resolution.state)
    return entry


# --- dice (see docs/dice.md) -----------------------------------------------------------------
def _dice_for(folder: GameFolder, game: BaseGame, state: dict, orders_by_power: dict,
              submissions: dict, dice_file: str | os.PathLike | None) -> Any:
    """The dice of one resolution, or ``None`` for games that roll none (Diplomacy).

    Derived dice are bound to the seed covering the round, the game folder's name, the
    digest of the verbatim submissions and the players' salts, so nobody (moderator
    included) knows them before the last order is in.
    """
    if not game.uses_dice:
        if dice_file is not None:
            raise GameError(f"{game.spec.title} uses no dice; --dice-file does not apply")
        return None
    from adjudicator import dice as dice_mod

    if dice_file is not None:
        return dice_mod.ExternalDice.from_file(dice_file)
    rnd = game.dice_round(state)
    salts = dice_mod.collect_salts(game.dice_salts(orders_by_power))
    digest = dice_mod.orders_digest({p: s["text"] for p, s in submissions.items()})
    seed = dice_mod.seed_for_round(folder.path, rnd)
    return dice_mod.DerivedDice(seed, folder.path.name, digest, salts)


def _game_with_dice(folder: GameFolder) -> BaseGame:
    game = game_of(folder)
    if not game.uses_dice:
        raise GameError(f"{game.spec.title} uses no dice: there is no seed to verify, reveal "
                        "or rotate")
    return game


def verify_dice(folder: GameFolder, seeds: list[bytes]) -> dict:
    """Recompute every derived die in history with the revealed ``seeds``."""
    from adjudicator import dice as dice_mod

    _game_with_dice(folder)
    blocks = [r["dice"] for r in folder.history() if r.get("dice")]
    problems = dice_mod.verify_rolls(seeds, folder.path.name, blocks)
    rolls = sum(len(b.get("rolls", [])) for b in blocks)
    return {"ok": not problems, "problems": problems, "blocks": len(blocks), "rolls": rolls}


def reveal_seeds(folder: GameFolder, round: int | None = None) -> list[dict]:
    """Seeds for publication: retired seeds of finished rounds, or the one covering
    ``round``; the seed in use only once the game is over.

    A seed is never published while a round it covers is still being played: a retired
    seed can still cover the current round (rotated mid-round), and publishing it would let
    the powers still to move reword their orders until the dice suit them."""
    from adjudicator import dice as dice_mod

    game = _game_with_dice(folder)
    state = folder.read_state()
    over = game.is_over(state)
    if over:
        return dice_mod.reveal(folder.path, round, include_current=True)
    current = game.dice_round(state)
    if round is not None and round >= current:
        raise dice_mod.DiceError(f"round {round} is not over yet (the game is in round "
                                 f"{current}); its seed can be revealed once it is")
    return [e for e in dice_mod.reveal(folder.path, round)
            if e["last_round"] is not None and e["last_round"] < current]


def rotate_dice_seed(folder: GameFolder) -> dict:
    """Retire the seed in use; a new one covers the next round, so finished rounds can be
    revealed (``adj reveal GAME --round N``) while later dice stay secret."""
    from adjudicator import dice as dice_mod

    game = _game_with_dice(folder)
    with folder.lock():
        state = current_state(folder, game)
        rnd = game.dice_round(state)
        info = dice_mod.current_seed_info(folder.path)
        # a round whose dice were already rolled keeps its seed: the new one starts after it
        rolled = any(x["label"]["round"] == rnd for r in folder.history()
                     for x in (r.get("dice") or {}).get("rolls", []))
        first = max(rnd + 1 if rolled else rnd, info["first_round"] + 1)
        commit = dice_mod.rotate_seed(folder.path, first)
        settings = folder.settings()
        settings["dice"] = {"scheme": dice_mod.SCHEME, "commitment": commit,
                            "first_round": first}
        folder.write_settings(settings)
        events.publish(events.DiceRotated(folder, commit, first))
    return {"commitment": commit, "first_round": first}
# --- end dice ----------------------------------------------------------------------------------


def declare_draw(folder: GameFolder, powers: list[str], by: str | None = None) -> dict:
    """End the game in a draw between ``powers``: declared by the moderator, or agreed by
    the players' votes (``by="vote"``, recorded in the history record)."""
    game = game_of(folder)
    with folder.lock():
        state = current_state(folder, game)
        if game.is_over(state):
            raise GameError("the game is already over")
        names = [power_of(game, state, p) for p in powers]
        new = game.declare_draw(state, names)
        entry = {
            "kind": "draw",
            "phase": state["phase"],
            "time": now_iso(),
            "state_before": state,
            "powers": names,
            "state_after_sha256": sha256_text(canonical_json(new)),
        }
        if by is not None:
            entry["by"] = by
        _commit(folder, game, entry, new)
    return entry


def declare_concession(folder: GameFolder, winner: str) -> dict:
    """End the game by concession: every other surviving power conceded it to ``winner``
    (the players' votes, docs/judge-lifecycle.md). A ``concession`` history record."""
    game = game_of(folder)
    with folder.lock():
        state = current_state(folder, game)
        if game.is_over(state):
            raise GameError("the game is already over")
        name = power_of(game, state, winner)
        new = game.concede(state, name)
        entry = {
            "kind": "concession",
            "phase": state["phase"],
            "time": now_iso(),
            "state_before": state,
            "winner": name,
            "by": "vote",
            "state_after_sha256": sha256_text(canonical_json(new)),
        }
        _commit(folder, game, entry, new)
    return entry


def rollback(folder: GameFolder, phase: str) -> dict:
    """Undo back to the start of ``phase``: later records are archived, never deleted."""
    game = game_of(folder)
    with folder.lock():
        current_state(folder, game)  # finish anything pending first
        history = folder.history()
        matches = [h for h in history if h["phase"] == phase]
        if not matches:
            known = ", ".join(dict.fromkeys(h["phase"] for h in history)) or "none"
            raise GameError(f"no resolved phase {phase!r} in history (resolved: {known})")
        first = matches[0]
        archive = folder.new_archive()
        folder.write_journal({"op": "rollback", "phase": phase, "from_seq": first["seq"],
                              "archive": archive.name})
        folder.archive_history_from(first["seq"], archive)
        folder.write_state(first["state_before"])
        log.info("%s: rolled back to %s", folder.path.name, phase)
        events.publish(events.RolledBack(folder, phase, archive.name))
        folder.clear_journal()
    return {"phase": phase, "archived_to": str(archive)}


def replay_state(folder: GameFolder, record: dict, game: BaseGame, state: dict) -> dict:
    """Re-apply one history record to ``state``: the heart of replay and verification."""
    return _replay(record, game, state)[0]


def _replay(record: dict, game: BaseGame, state: dict) -> tuple[dict, list | None, dict | None]:
    """(state after, results, events) of re-applying ``record`` to ``state``; results and
    events only for adjudications (the other records have none)."""
    if record["kind"] == "adjudication":
        orders = {
            power: [o for p in texts for o in _reparse(game, state, p)]
            for power, texts in record["orders"].items()
        }
        dice = None
        if record.get("dice") is not None:
            from adjudicator.dice import RecordedDice

            dice = RecordedDice(record["dice"])  # replay needs no seed
        resolution = game.resolve(state, orders, dice)
        return resolution.state, resolution.results, resolution.events
    if record["kind"] == "standing":
        orders = [o for t in record["orders"] for o in _reparse(game, state, t)]
        new = game.apply_standing(state, record["power"], orders)
        if new is None:
            raise StoreError(f"record {record.get('seq')}: standing orders no longer apply")
        return new, None, None
    if record["kind"] == "draw":
        return game.declare_draw(state, record["powers"]), None, None
    if record["kind"] == "concession":
        return game.concede(state, record["winner"]), None, None
    raise StoreError(f"unknown history record kind {record['kind']!r}")


def _reparse(game: BaseGame, state: dict, text: str) -> list:
    parsed = game.parse(text, state)
    if parsed.errors:
        raise StoreError(f"history order {text!r} no longer parses: {parsed.errors[0].describe()}")
    return [p.order for p in parsed.orders]


def verify_replay(folder: GameFolder) -> list[str]:
    """Replay history from the opening state; return the problems found (empty when sound).

    Besides the states, the results and events each record keeps are recomputed and
    compared (what ``adj report`` shows must follow from the orders), and every verbatim
    submission a record quotes must be the one stored under ``orders/`` with the digest
    recorded there (:func:`verify_submissions`).
    """
    game = game_of(folder)
    problems: list[str] = []
    state = folder.initial_state()
    for entry in folder.history():
        where = f"record {entry['seq']} ({entry['phase']})"
        if canonical_json(entry["state_before"]) != canonical_json(state):
            problems.append(f"{where}: state before differs")
            state = entry["state_before"]
        state, results, evts = _replay(entry, game, state)
        if sha256_text(canonical_json(state)) != entry["state_after_sha256"]:
            problems.append(f"{where}: replayed state differs")
        if results is not None and canonical_json(results) != canonical_json(
                entry.get("results")):
            problems.append(f"{where}: the recorded results differ from what the orders give")
        if evts is not None and canonical_json(evts) != canonical_json(entry.get("events")):
            problems.append(f"{where}: the recorded events differ from what the orders give")
        problems += _quoted_submissions(folder, entry, where)
    if canonical_json(state) != folder.state_text():
        problems.append("replaying history does not reproduce game.json byte for byte")
    return problems + verify_submissions(folder)


def verify_dice_files(folder: GameFolder) -> list[str]:
    """The seed files against the commitments: the one in ``settings.json`` (printed in every
    report) must be the current seed's, and every history record's derived dice must name
    the commitment of the seed that covers their round. A swapped seed or an edited
    commitment shows here."""
    game = game_of(folder)
    if not game.uses_dice:
        return []
    from adjudicator import dice as dice_mod

    try:
        seeds = dice_mod.reveal(folder.path, include_current=True)
    except dice_mod.DiceError as exc:
        return [f"dice: {exc}"]
    problems = []
    current = seeds[-1]["commitment"]
    if (folder.settings().get("dice") or {}).get("commitment") != current:
        problems.append("dice: settings.json publishes a commitment that is not the current "
                        "seed's")
    for entry in folder.history():
        block = entry.get("dice") or {}
        if block.get("source") != "derived":
            continue
        rnd = game.dice_round(entry["state_before"])
        cover = [e["commitment"] for e in seeds
                 if e["first_round"] <= rnd and (e["last_round"] is None or rnd <= e["last_round"])]
        if block.get("commitment") not in cover:
            problems.append(f"dice: record {entry['seq']} ({entry['phase']}) names a "
                            "commitment no stored seed of its round has")
    return problems


def _quoted_submissions(folder: GameFolder, record: dict, where: str) -> list[str]:
    """The submissions a record quotes against the stored ones."""
    quoted = {p: s for p, s in (record.get("submissions") or {}).items()}
    phase = record["phase"]
    if record["kind"] == "standing":
        quoted, phase = {record["power"]: record["submission"]}, "standing"
    problems = []
    for power, sub in quoted.items():
        meta = folder.path / "orders" / phase / f"{power}-{sub['version']}.json"
        try:
            digest = read_json(meta).get("sha256")  # type: ignore[union-attr]
        except StoreError:
            problems.append(f"{where}: {power}'s submission {sub['version']} is not stored")
            continue
        if digest != sha256_text(sub["text"]):
            problems.append(f"{where}: {power}'s submission {sub['version']} differs from the "
                            "stored one")
    return problems


def verify_submissions(folder: GameFolder) -> list[str]:
    """Every stored submission against the digest recorded beside it when it arrived, and
    the reading it keeps (``parsed``) against its text read again by this program."""
    problems = []
    game = None
    for meta in sorted((folder.path / "orders").glob("*/*.json")):
        txt = meta.with_suffix(".txt")
        rel = meta.relative_to(folder.path).with_suffix(".txt")
        try:
            data = read_json(meta)
            digest = data.get("sha256")  # type: ignore[union-attr]
            text = txt.read_text(encoding="utf-8")
        except (StoreError, OSError) as exc:
            problems.append(f"{rel}: unreadable ({exc})")
            continue
        if digest != sha256_text(text):
            problems.append(f"{rel}: the text differs from the digest recorded when it arrived")
        kept = data.get("parsed") if isinstance(data, dict) else None
        if kept is not None:
            game = game or game_of(folder)
            if isinstance(kept, dict) and kept.get("reader") == _reader(game):
                again = _kept_reading(game, game.parse(text, None))
                if again is None or {k: kept.get(k) for k in again} != again:
                    problems.append(f"{rel}: the orders kept with it are not what its text "
                                    "says (adjudicating would use them)")
    return problems


def example_options(examples: Path) -> dict[str, str]:
    """The ``adj new`` options the bundled examples were written for:
    ``examples/options.json``, a JSON object of option keys and values written as
    ``--option KEY=VALUE`` gives them (a string each; new_game checks them like
    ``--option``). No file: no options."""
    file = examples / "options.json"
    if not file.is_file():
        return {}
    opts = read_json(file)
    if not isinstance(opts, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in opts.items()):
        raise GameError(f"{file}: wants a JSON object of option names and string values, "
                        'like {"na_ussr": "russian_winter"}')
    return dict(opts)


def examples_dir(kind: str) -> Path:
    """Where game ``kind``'s bundled example orders live: ``games/<data>/examples`` (it may
    not exist: then ``adj demo`` plays nothing and says so)."""
    return game_data_path(get_game(kind).data) / "examples"


def has_examples(kind: str) -> bool:
    """Whether game ``kind`` ships example orders for ``adj demo``."""
    return examples_dir(kind).is_dir()


def play_examples(path: str | os.PathLike, kind: str, log=print) -> GameFolder:
    """Create a game and play the bundled example orders, phase after phase.

    Examples live in ``games/<data>/examples/<PHASE>/<Power>.txt``; the game is created
    with the options of ``examples/options.json`` when there is one (``example_options``);
    play stops at the first phase with no example folder. Everything goes through the
    same calls a moderator makes, so this is a true end-to-end run. A game whose data
    folder ships no ``examples/`` (examples are never inherited from the variant a variant
    extends, docs/variants.md) is created and the log says that nothing was played.
    """
    examples = examples_dir(kind)
    folder = new_game(path, kind, example_options(examples))
    game = game_of(folder)
    if not examples.is_dir():
        note = (f"no example orders ship for {kind} (games/{get_game(kind).data}/examples/ "
                "is missing): the game was created and nothing was played")
        get_logger(__name__).info("demo: %s", note)
        log(note)
        return folder
    while True:
        state = folder.read_state()
        phase_dir = examples / state["phase"]
        if game.is_over(state) or not phase_dir.is_dir():
            break
        log(f"== {game.phase_name(state)}")
        for orders_file in sorted(phase_dir.glob("*.txt")):
            ack = submit_orders(folder, orders_file.stem, orders_file.read_text(encoding="utf-8"),
                                source=f"example:{orders_file.name}")
            log(f"   {game.power_name(ack.power)}: " + "; ".join(u["order"] for u in ack.understood)
                + "".join(f"  ERROR {e.describe()}" for e in ack.errors))
        entry = adjudicate(folder, force=True)
        for r in game.notable_results(entry):
            why = f" ({r.reason})" if r.reason else ""
            log(f"   -> {game.power_name(r.power)} {r.order}: {r.outcome}{why}")
    return folder
