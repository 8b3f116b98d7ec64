"""What stops a stranger from using the judge against its players: password guessing,
backscatter and hashing work.

- **Guessing.** Wrong passwords are counted per power (``game/Power``, and the moderator
  as ``*/moderator``) and per sender address. ``failed_passwords`` failures within
  ``cooling_off`` start a cooling-off of that length: until it ends, the power's (or the
  address's) password is not even checked (no scrypt run) and the message is refused with
  the time to retry. The player who holds the power is told by mail when a cooling-off
  starts, at most once per ``cooling_off``. A correct password clears the power's and the
  address's count.
- **Backscatter.** A failure that no password vouches for (no game named, a wrong or
  missing password, a refused message) is answered at most once per address per
  ``cooling_off``: a forged sender cannot make the judge mail someone else over and over.
  The rest are logged and kept, unanswered.
- **Hashing work.** At most ``password_checks`` scrypt verifications per message (one
  (power, password) pair is verified once, whatever the number of sections); a message
  that would need more (a password without a POWER line in a game of many powers) is
  refused and told to name the power.

The state lives in ``JUDGE/desk/throttle.json`` (0600, written atomically with
``store.atomic_write``). Every reader and writer holds the judge's mail lock (intake is the
only one), so one load and one save per message is consistent. Entries older than the
period are dropped, and at most ``MAX_ENTRIES`` addresses are remembered, so a flood of
forged senders cannot make the file grow without bound. Deleting the file lifts every
cooling-off at once.

The clock is injectable (``now``), by default :func:`adjudicator.desk.deadlines.now`
(``ADJ_NOW`` in tests).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from adjudicator.desk import deadlines
from adjudicator.record import record
from adjudicator.store import atomic_write, canonical_json

STATE_FILE = "throttle.json"
MODERATOR = "*/moderator"
#: at most this many addresses (and as many powers) are remembered; the oldest go first
MAX_ENTRIES = 2000


@record(frozen=True)
class Policy:
    """The limits, from ``judge.json`` ``limits`` (see :meth:`from_limits`)."""

    password_checks: int = 2
    failed_passwords: int = 5
    cooling_off: int = 3600  # seconds: the counting window, the cooling-off, the periods
    commands: int = 20  # messages with commands answered per sender and command_period
    command_period: int = 3600  # seconds

    @classmethod
    def from_limits(cls, limits: dict) -> Policy:
        return cls(
            password_checks=max(1, int(limits.get("password_checks", cls.password_checks))),
            failed_passwords=max(1, int(limits.get("failed_passwords", cls.failed_passwords))),
            cooling_off=deadlines.parse_duration(str(limits.get("cooling_off", "1h"))),
            commands=max(1, int(limits.get("commands", cls.commands))),
            command_period=deadlines.parse_duration(str(limits.get("command_period", "1h"))),
        )


def sender_key(addr: str) -> str:
    return (addr or "").strip().lower()[:320] or "(no address)"


def _time(value: object) -> datetime | None:
    try:
        return deadlines.parse_time(str(value)) if value else None
    except deadlines.DeadlineError:
        return None


class Throttle:
    """The throttle state of one judge (see the module docstring). Call :meth:`save` after
    a message has been processed; the caller holds the judge's mail lock."""

    def __init__(self, folder: Path, policy: Policy | None = None,
                 now: Callable[[], datetime] | None = None) -> None:
        self.path = Path(folder) / STATE_FILE
        self.policy = policy or Policy()
        self._now = now or deadlines.now
        self._data: dict | None = None
        self._dirty = False

    # --- state ---------------------------------------------------------------------------
    def now(self) -> datetime:
        return self._now()

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = self._load()
        return self._data

    def _load(self) -> dict:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        out = {kind: data.get(kind) if isinstance(data.get(kind), dict) else {}
               for kind in ("powers", "senders")}
        self._prune(out)
        return out

    def _prune(self, data: dict) -> None:
        """Forget what is older than the period: failures outside the window, cooling-offs
        over, answers and notices that no longer count; then entries left empty."""
        now = self.now()
        horizon = now - timedelta(seconds=self.policy.cooling_off)
        for kind in ("powers", "senders"):
            table = data[kind]
            for key in list(table):
                entry = table[key] if isinstance(table[key], dict) else {}
                # (a stamp that cannot be read counts as long past)
                fails = [t for t in entry.get("failures", []) if (_time(t) or horizon) > horizon]
                entry["failures"] = fails[-self.policy.failed_passwords:]
                for stamp in ("answered", "notified"):
                    if entry.get(stamp) and (_time(entry[stamp]) or horizon) <= horizon:
                        entry.pop(stamp)
                # messages with commands (rate limit): counted over command_period
                since = now - timedelta(seconds=self.policy.command_period)
                if "commands" in entry:
                    entry["commands"] = [t for t in entry["commands"] if (_time(t) or since)
                                         > since][-self.policy.commands:]
                    if not entry["commands"]:
                        entry.pop("commands")
                if entry.get("command_notice") and (_time(entry["command_notice"])
                                                    or since) <= since:
                    entry.pop("command_notice")
                if entry.get("until") and (_time(entry["until"]) or now) <= now:
                    entry.pop("until")
                if not entry["failures"] and not (set(entry) - {"failures"}):
                    del table[key]
                else:
                    table[key] = entry
            if len(table) > MAX_ENTRIES:
                oldest_first = sorted(table, key=lambda k: max(
                    [str(v) for v in (table[k].get("failures") or [])]
                    + [str(table[k].get(s) or "") for s in ("until", "answered", "notified")]))
                for key in oldest_first[:len(table) - MAX_ENTRIES]:
                    del table[key]

    def reload(self) -> None:
        """Read the file again at the next use (another process may have written it since:
        call this once the mail lock is taken)."""
        self._data = None
        self._dirty = False

    def save(self) -> None:
        if self._dirty and self._data is not None:
            atomic_write(self.path, canonical_json(self._data))
            self._dirty = False

    def _entry(self, kind: str, key: str) -> dict:
        return self.data[kind].setdefault(key, {"failures": []})

    # --- guessing ------------------------------------------------------------------------
    def blocked(self, kind: str, key: str) -> datetime | None:
        """The end of ``key``'s cooling-off (``kind`` "powers" or "senders"), None if none."""
        entry = self.data[kind].get(key)
        until = _time(entry.get("until")) if entry else None
        return until if until is not None and until > self.now() else None

    def failure(self, kind: str, key: str) -> bool:
        """Count a wrong password for ``key``; True when this starts a cooling-off."""
        entry = self._entry(kind, key)
        now = self.now()
        entry["failures"] = [*entry["failures"], deadlines.iso(now)][
            -self.policy.failed_passwords:]
        self._dirty = True
        if len(entry["failures"]) >= self.policy.failed_passwords and not self.blocked(kind, key):
            entry["until"] = deadlines.iso(now + timedelta(seconds=self.policy.cooling_off))
            return True
        return False

    def success(self, kind: str, key: str) -> None:
        """A correct password: the count of ``key`` starts again."""
        entry = self.data[kind].get(key)
        if entry and entry.get("failures"):
            entry["failures"] = []
            self._dirty = True

    def failures(self, kind: str, key: str) -> list[str]:
        entry = self.data[kind].get(key)
        return list(entry.get("failures", [])) if entry else []

    def notice_due(self, key: str) -> bool:
        """Whether the player of power ``key`` may be told now (once per period); records
        that they were."""
        entry = self._entry("powers", key)
        if entry.get("notified"):
            return False
        entry["notified"] = deadlines.iso(self.now())
        self._dirty = True
        return True

    # --- backscatter ---------------------------------------------------------------------
    def may_answer(self, addr: str) -> bool:
        """Whether a failure from ``addr`` may be answered now (once per period); records
        the answer when it may."""
        entry = self._entry("senders", sender_key(addr))
        if entry.get("answered"):
            return False
        entry["answered"] = deadlines.iso(self.now())
        self._dirty = True
        return True

    # --- command rate (desk/commands.py) ------------------------------------------------
    def command_allowed(self, addr: str) -> bool:
        """Count a message with commands from ``addr``; False when it is over the limit
        (``commands`` messages per ``command_period``): its commands are not run. A
        refused message is not counted, so the window ends on time."""
        entry = self._entry("senders", sender_key(addr))
        now = self.now()
        since = now - timedelta(seconds=self.policy.command_period)
        recent = [t for t in entry.get("commands", []) if (_time(t) or since) > since]
        if len(recent) >= self.policy.commands:
            return False
        entry["commands"] = [*recent, deadlines.iso(now)][-self.policy.commands:]
        self._dirty = True
        return True

    def command_notice_due(self, addr: str) -> bool:
        """Whether ``addr`` may be told that its commands are over the limit (once per
        ``command_period``); records that it was."""
        entry = self._entry("senders", sender_key(addr))
        if entry.get("command_notice"):
            return False
        entry["command_notice"] = deadlines.iso(self.now())
        self._dirty = True
        return True

    def command_period_text(self) -> str:
        return _duration_text(self.policy.command_period)

    def period_text(self) -> str:
        seconds = self.policy.cooling_off
        if seconds % 3600 == 0:
            hours = seconds // 3600
            return "an hour" if hours == 1 else f"{hours} hours"
        minutes = max(1, seconds // 60)
        return f"{minutes} minutes"


def _duration_text(seconds: int) -> str:
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return "an hour" if hours == 1 else f"{hours} hours"
    minutes = max(1, seconds // 60)
    return f"{minutes} minutes"
