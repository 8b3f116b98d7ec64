"""Planned absences (docs/judge-lifecycle.md): the data and the rule, no mail.

A player declares ``SET ABSENCE 2026-12-24 TO 2026-12-28`` (the mail command lives in
:mod:`adjudicator.desk.absence_commands`); the days are whole days in the player's time zone,
from the start of the first to the end of the last. When a deadline falls inside the
absence of a power the phase waits for, the deadline moves to the end of that absence
(:func:`shift`, called by :func:`adjudicator.desk.deadlines.current_schedule` when a phase
begins, and by the command when the current deadline is affected).

This module imports nothing of the desk's deadline code, so ``deadlines`` can use it.

Settings (``settings.json``, ``"desk"``): ``"absences": {"allowed": true, "max_days": 14}``;
absent means those defaults. ``desk/absences.json``::

    {"France": [{"from": "2026-12-24T00:00:00Z", "to": "2026-12-29T00:00:00Z",
                 "days": 5, "declared": TIME, "email": ..., "zone": "Europe/Paris"}]}
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.errors import AdjudicatorError
from adjudicator.store import GameFolder, atomic_write, canonical_json

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo

DEFAULTS = {"allowed": True, "max_days": 14}
_MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}
_MONTH_WORDS = {**_MONTHS, "sept": 9, **{name: i + 1 for i, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"))}}


class AbsenceError(AdjudicatorError):
    pass


def settings(folder: GameFolder) -> dict:
    desk = folder.settings().get("desk") or {}
    return {**DEFAULTS, **(desk.get("absences") or {})}


def configure(folder: GameFolder, *, allowed: bool | None = None,
              max_days: int | None = None) -> dict:
    """Change the absence settings (the moderator; caller holds the game lock)."""
    if max_days is not None and not 0 <= int(max_days) <= 366:
        raise AbsenceError(f"the maximum must be 0 to 366 days, not {max_days}")
    all_settings = folder.settings()
    desk = dict(all_settings.get("desk") or {})
    current = {**DEFAULTS, **(desk.get("absences") or {})}
    if allowed is not None:
        current["allowed"] = bool(allowed)
    if max_days is not None:
        current["max_days"] = int(max_days)
    desk["absences"] = current
    all_settings["desk"] = desk
    folder.write_settings(all_settings)
    return current


def path(folder: GameFolder) -> Path:
    return folder.path / "desk" / "absences.json"


def load(folder: GameFolder) -> dict[str, list[dict]]:
    p = path(folder)
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}


def save(folder: GameFolder, data: dict) -> None:
    """Write the absences (caller holds the game lock)."""
    atomic_write(path(folder), canonical_json(data), mode=0o600)


def fsck_problems(folder: GameFolder) -> list[str]:
    """What ``adj fsck`` finds wrong in ``desk/absences.json``."""
    try:
        data = load(folder)
        for power, entries in data.items():
            for e in entries:
                if not _time(e["from"]) < _time(e["to"]) or int(e["days"]) < 1:
                    return [f"desk/absences.json: an absence of {power} ends before it begins"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return [f"desk/absences.json unreadable: {exc!r}"[:300]]
    return []


def _iso(dt: datetime) -> str:
    return dt.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def zone(name: str | None) -> ZoneInfo:
    # zoneinfo (with sysconfig, about 2.5 ms) only where a zone is used: every adjudication
    # sets the next deadline through this module, most games with no absence at all.
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


# --- reading dates ---------------------------------------------------------------------------
def parse_day(text: str, today: date) -> date:
    """A day as players write it: ``2026-12-24``, ``24 Dec``, ``24 December 2026``,
    ``Dec 24``, ``December 24, 2026``. Without a year: the next such day from ``today``."""
    t = text.strip().lower().replace(",", " ").replace(".", " ")
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        y, mo, d = map(int, m.groups())
        return _date(y, mo, d, text)
    words = t.split()
    day = month = year = None
    for w in words:
        if w.isdigit() and len(w) == 4:
            year = int(w)
        elif w.rstrip("stndrh").isdigit() and len(w.rstrip("stndrh")) <= 2:
            day = int(w.rstrip("stndrh"))
        elif w in _MONTH_WORDS:
            month = _MONTH_WORDS[w]
        else:
            month = None
            break
    if day is None or month is None or len(words) > 3:
        raise AbsenceError(f"cannot read the day {text.strip()!r}: write e.g. 2026-12-24 or "
                           "24 Dec")
    if year is None:
        candidate = _date(today.year, month, day, text)
        return candidate if candidate >= today else _date(today.year + 1, month, day, text)
    return _date(year, month, day, text)


def _date(y: int, m: int, d: int, text: str) -> date:
    try:
        return date(y, m, d)
    except ValueError:
        raise AbsenceError(f"{text.strip()!r} is not a day of the calendar") from None


def parse_range(text: str, today: date) -> tuple[date, date]:
    """``FROM TO TO`` (also ``UNTIL``), or one day."""
    parts = re.split(r"\s+(?:to|until|till)\s+", text.strip(), maxsplit=1, flags=re.IGNORECASE)
    first = parse_day(parts[0], today)
    last = parse_day(parts[1], first) if len(parts) > 1 else first
    if last < first:
        raise AbsenceError(f"the absence ends ({last}) before it begins ({first})")
    return first, last


# --- the rule -------------------------------------------------------------------------------
def days_used(entries: list[dict]) -> int:
    return sum(int(e["days"]) for e in entries)


def declare(folder: GameFolder, power: str, email: str, text: str, now: datetime,
            zone_name: str | None) -> dict:
    """Record ``power``'s absence (caller holds the game lock); refused when absences are
    not allowed, the days are in the past or over the maximum. Returns the entry."""
    rules = settings(folder)
    if not rules["allowed"]:
        raise AbsenceError("absences are not allowed in this game (the moderator's setting)")
    tz = zone(zone_name)
    today = now.astimezone(tz).date()
    first, last = parse_range(text, today)
    if last < today:
        raise AbsenceError(f"the absence ({first} to {last}) is in the past")
    first = max(first, today)
    start = datetime.combine(first, time(0), tz)
    end = datetime.combine(last + timedelta(days=1), time(0), tz)
    days = (last - first).days + 1
    data = load(folder)
    entries = data.get(power, [])
    used = days_used(entries)
    if used + days > rules["max_days"]:
        raise AbsenceError(f"{days} day(s) of absence would make {used + days} in this game; "
                           f"the maximum is {rules['max_days']} per player"
                           + (f" ({used} already declared)" if used else ""))
    overlap = [e for e in entries if _time(e["from"]) < end and start < _time(e["to"])]
    if overlap:
        raise AbsenceError("it overlaps an absence you declared already; send SET NO "
                           "ABSENCE and declare it again")
    entry = {"from": _iso(start), "to": _iso(end), "days": days, "declared": _iso(now),
             "email": email, "zone": tz.key}
    data[power] = sorted([*entries, entry], key=lambda e: e["from"])
    save(folder, data)
    return entry


def withdraw(folder: GameFolder, power: str, now: datetime) -> list[dict]:
    """Cancel ``power``'s absences that have not begun (caller holds the lock); an absence
    under way stays (it may have moved a deadline already). Returns what was cancelled."""
    data = load(folder)
    entries = data.get(power, [])
    gone = [e for e in entries if _time(e["from"]) > now]
    if not gone:
        raise AbsenceError("you have no absence to come (one under way cannot be withdrawn)")
    data[power] = [e for e in entries if e not in gone]
    if not data[power]:
        del data[power]
    save(folder, data)
    return gone


def shift(folder: GameFolder, deadline: datetime, powers: list[str]) -> tuple[datetime,
                                                                              list[str]]:
    """The deadline moved past the absences of ``powers`` (the ones the phase waits for)
    that it falls in, and the powers that moved it. Absences chain: a deadline moved into
    another absence moves again."""
    if not settings(folder)["allowed"]:
        return deadline, []
    data = load(folder)
    who: list[str] = []
    for _ in range(100):
        moved = False
        for power in powers:
            for e in data.get(power, []):
                start, end = _time(e["from"]), _time(e["to"])
                if start <= deadline < end:
                    deadline = end
                    moved = True
                    if power not in who:
                        who.append(power)
        if not moved:
            break
    return deadline, who


def describe(entries: list[dict], zone_name: str | None = None) -> list[str]:
    tz = zone(zone_name)
    out = []
    for e in entries:
        first = _time(e["from"]).astimezone(tz).date()
        last = (_time(e["to"]).astimezone(tz) - timedelta(seconds=1)).date()
        out.append(f"{first:%a %d %b %Y} to {last:%a %d %b %Y} ({e['days']} day(s))")
    return out
