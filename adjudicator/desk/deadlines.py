"""Deadlines: lengths per phase kind, grace, early processing, reminders, pause.

Configuration lives in the game's ``settings.json`` under ``"desk"`` (moderator settings,
not state)::

    "desk": {"deadlines": {"default": "48h", "retreat": "24h", "adjustment": "24h"},
             "grace": "0h", "early": true, "reminder": "12h"}

The running schedule of the current phase lives in ``desk/schedule.json``::

    {"phase": "S1901M", "deadline": "2025-03-01T12:00:00Z", "reminded": false,
     "late_marked": false, "paused": false, "paused_left": null}

Why a separate schedule file: the deadline of a phase is set when the phase starts
(``now + length of its kind``) and only moves when the moderator says so. A schedule
whose ``phase`` differs from the state's phase is stale (e.g. after a manual
``adj adjudicate``) and is renewed from the current time.

The phase kind ("movement", "retreat", "adjustment" for Diplomacy) comes from the
game's ``phase_kind(state)``; a game that does not override it has one kind, "default".
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone

from adjudicator.desk import absence
from adjudicator.desk.audit import game_audit
from adjudicator.errors import AdjudicatorError
from adjudicator.registry import game_for_state
from adjudicator.store import GameFolder, atomic_write, canonical_json, now_iso

# Matched against the text without its spaces ("1d 12h" -> "1d12h"): a pattern with a
# "\s*" between every part backtracks polynomially on a long run of spaces.
_DUR = re.compile(r"^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?")


class DeadlineError(AdjudicatorError):
    pass


def parse_duration(text: str) -> int:
    """Seconds from ``48h``, ``2d``, ``1d12h``, ``90m``, ``1w`` or a bare number of hours."""
    t = str(text).strip().lower()
    if re.fullmatch(r"\d{1,6}", t):
        return int(t) * 3600
    m = None if re.search(r"\d\s+\d|\d{7}", t) else _DUR.fullmatch("".join(t.split()))
    if not t or not m or not any(m.groups()):
        raise DeadlineError(f"invalid duration {text!r}: use e.g. 48h, 2d, 1d12h, 90m")
    w, d, h, mi = (int(g or 0) for g in m.groups())
    return ((w * 7 + d) * 24 + h) * 3600 + mi * 60


def parse_time(text: str) -> datetime:
    t = text.strip().replace(" ", "T")
    if t.endswith("Z"):
        t = t[:-1] + "+00:00"
    try:
        dt = datetime.fromisoformat(t)
    except ValueError:
        raise DeadlineError(f"invalid time {text!r}: use ISO 8601, e.g. 2025-03-01T18:00Z") from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def now() -> datetime:
    """The injectable clock: ``ADJ_NOW`` (via ``store.now_iso``) or the real time."""
    return parse_time(now_iso())


def parse_lengths(values: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["48h", "retreat=24h"]`` -> ``{"default": "48h", "retreat": "24h"}`` (validated)."""
    out: dict[str, str] = {}
    for v in values:
        kind, sep, dur = v.partition("=")
        if not sep:
            kind, dur = "default", v
        kind = kind.strip().lower()
        if not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", kind):
            raise DeadlineError(f"invalid phase kind {kind!r}")
        parse_duration(dur)
        out[kind] = dur.strip()
    return out


# --- configuration -------------------------------------------------------------------------
def desk_settings(folder: GameFolder) -> dict:
    return dict(folder.settings().get("desk") or {})


def configure(folder: GameFolder, *, lengths: dict[str, str] | None = None,
              grace: str | None = None, early: bool | None = None,
              reminder: str | None = None) -> dict:
    """Change the deadline settings (caller holds the game lock); returns the new settings."""
    settings = folder.settings()
    desk = dict(settings.get("desk") or {})
    if lengths:
        desk["deadlines"] = {**desk.get("deadlines", {}), **lengths}
    if grace is not None:
        parse_duration(grace)
        desk["grace"] = grace
    if early is not None:
        desk["early"] = bool(early)
    if reminder is not None:
        parse_duration(reminder)
        desk["reminder"] = reminder
    settings["desk"] = desk
    folder.write_settings(settings)
    return desk


def configure_new_game(folder: GameFolder, deadline: tuple[str, ...], grace: str | None,
                       early: bool | None, reminder: str | None) -> dict:
    """Deadline settings of a new game: the judge's defaults, then the ``adj new`` options;
    returns them with the first deadline (empty when the game has no deadlines)."""
    from adjudicator.desk.judge import judge_of

    j = judge_of(folder)
    defaults = dict(j.config["defaults"]) if j else {}
    lengths = dict(defaults.get("deadlines") or {}) if (j or deadline) else {}
    if deadline:
        given = parse_lengths(deadline)
        if "default" in given:  # an explicit default replaces the judge's per-kind lengths
            lengths = {}
        lengths.update(given)
    if not lengths:
        return {}
    with folder.lock():
        desk = configure(
            folder, lengths=lengths,
            grace=grace if grace is not None else defaults.get("grace", "0h"),
            early=early if early is not None else defaults.get("early", True),
            reminder=reminder if reminder is not None else defaults.get("reminder", "12h"))
        state = folder.read_state()
        sched = current_schedule(folder, game_for_state(state), state)
    return {**desk, "deadline": sched.get("deadline")}


def length_for(desk: dict, kind: str) -> int | None:
    lengths = desk.get("deadlines") or {}
    value = lengths.get(kind, lengths.get("default"))
    return parse_duration(value) if value else None


# --- schedule ------------------------------------------------------------------------------
def schedule_path(folder: GameFolder):
    return folder.path / "desk" / "schedule.json"


def load_schedule(folder: GameFolder) -> dict:
    p = schedule_path(folder)
    if not p.exists():
        return {}
    return json.loads(p.read_text(encoding="utf-8"))


def deadline_for(folder: GameFolder, phase: str) -> str | None:
    """The deadline set for ``phase`` (None when the game has none or it is not scheduled)."""
    sched = load_schedule(folder)
    return sched.get("deadline") if sched.get("phase") == phase else None


def save_schedule(folder: GameFolder, sched: dict, *, keep_idle: bool = False) -> None:
    """Write the schedule. Any change drops the idle note of ``adj tick`` (``tick.py``):
    the note says when the schedule as it was can next need attention, so a moved deadline
    must never be skipped because of an old note."""
    if not keep_idle:
        sched.pop("idle", None)
    atomic_write(schedule_path(folder), canonical_json(sched))


def current_schedule(folder: GameFolder, game, state: dict) -> dict:
    """The schedule of the current phase, renewed when stale (caller holds the game lock).

    Games without deadline settings get a schedule with ``deadline: null`` (no deadline:
    they are processed by hand or, if ``early`` is on, when all orders are in).
    """
    sched = load_schedule(folder)
    if sched.get("phase") == state["phase"]:
        return sched
    desk = desk_settings(folder)
    kind = game.phase_kind(state)
    length = length_for(desk, kind)
    deadline = None
    absent: list[str] = []
    if length:
        # a deadline inside the declared absence of a power the phase waits for moves to
        # the end of that absence (docs/judge-lifecycle.md)
        at, absent = absence.shift(folder, now() + timedelta(seconds=length),
                                   game.who_must_act(state))
        deadline = iso(at)
    new = {"phase": state["phase"], "kind": kind, "deadline": deadline, "reminded": False,
           "late_marked": False, "paused": bool(sched.get("paused")),
           "paused_left": length if sched.get("paused") else None}
    save_schedule(folder, new)
    game_audit(folder.path).append("deadline-set", {
        "phase": state["phase"], "kind": kind, "deadline": deadline, "reason": "new phase",
        **({"absent": absent} if absent else {})})
    return new


def start_clock(folder: GameFolder, game) -> dict:
    """Start a game whose clock was stopped for sign-up (caller holds the game lock): the
    current phase's deadline is now plus its length, and the clock runs."""
    state = folder.read_state()
    sched = current_schedule(folder, game, state)
    length = length_for(desk_settings(folder), sched.get("kind") or game.phase_kind(state))
    deadline = iso(now() + timedelta(seconds=length)) if length else None
    sched.update(deadline=deadline, paused=False, paused_left=None, reminded=False,
                 late_marked=False)
    save_schedule(folder, sched)
    game_audit(folder.path).append("deadline-set", {
        "phase": state["phase"], "kind": sched.get("kind"), "deadline": deadline,
        "reason": "game started"})
    return sched


def effective_deadline(folder: GameFolder, sched: dict) -> datetime | None:
    """Deadline plus grace: the moment ``adj tick`` forces the phase."""
    if not sched.get("deadline"):
        return None
    grace = desk_settings(folder).get("grace") or "0h"
    return parse_time(sched["deadline"]) + timedelta(seconds=parse_duration(grace))


def set_deadline(folder: GameFolder, game, *, at: str | None = None, within: str | None = None,
                 extend: str | None = None) -> dict:
    """Moderator: move the current deadline (caller holds the game lock)."""
    state = folder.read_state()
    sched = current_schedule(folder, game, state)
    old = sched.get("deadline")
    try:
        if at:
            new = parse_time(at)
        elif within:
            new = now() + timedelta(seconds=parse_duration(within))
        elif extend:
            base = parse_time(old) if old else now()
            new = base + timedelta(seconds=parse_duration(extend))
        else:
            raise DeadlineError("give --at TIME, --in DURATION or --extend DURATION")
    except OverflowError:
        raise DeadlineError("that deadline is beyond the year 9999") from None
    sched["deadline"] = iso(new)
    sched["reminded"] = False
    sched["late_marked"] = False
    if sched.get("paused"):
        sched["paused_left"] = int((new - now()).total_seconds())
    save_schedule(folder, sched)
    game_audit(folder.path).append("deadline-change", {
        "phase": state["phase"], "from": old, "to": sched["deadline"]})
    return sched


def pause(folder: GameFolder, game) -> dict:
    state = folder.read_state()
    sched = current_schedule(folder, game, state)
    if sched.get("paused"):
        raise DeadlineError("the game is already paused")
    left = None
    if sched.get("deadline"):
        left = int((parse_time(sched["deadline"]) - now()).total_seconds())
    sched.update(paused=True, paused_left=left)
    save_schedule(folder, sched)
    game_audit(folder.path).append("pause", {"phase": state["phase"], "left_seconds": left})
    return sched


def resume(folder: GameFolder, game) -> dict:
    state = folder.read_state()
    sched = current_schedule(folder, game, state)
    if not sched.get("paused"):
        raise DeadlineError("the game is not paused")
    left = sched.get("paused_left")
    if left is not None:
        # The clock stopped while paused: what was left is given back, at least an hour.
        sched["deadline"] = iso(now() + timedelta(seconds=max(int(left), 3600)))
    sched.update(paused=False, paused_left=None, reminded=False, late_marked=False)
    save_schedule(folder, sched)
    game_audit(folder.path).append("resume", {"phase": state["phase"],
                                              "deadline": sched.get("deadline")})
    return sched
