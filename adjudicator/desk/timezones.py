"""Time zones: every deadline shown to a person reads "Thursday 5 March 2026, 18:00 CET
(17:00 UTC)", in the reader's zone and in UTC (docs/judge-commands.md, ``SET TIMEZONE``).

- The judge's default zone is ``"timezone"`` in ``judge.json`` (``UTC`` unless set).
- A player sets their own with ``SET TIMEZONE Europe/Prague`` (a command of a power: the
  password must verify). It is kept per e-mail address, the address the roster has for
  that power (never the From of the mail: an address is no proof), in
  ``JUDGE/desk/timezones.json`` ``{"zones": {address: zone}}``, written atomically by the
  intake under the judge's mail lock; it applies in every game of the judge.
- Zones are IANA names read with the standard library's :mod:`zoneinfo`; a misspelt name
  is refused with the likely one.
"""

from __future__ import annotations

import difflib
import json
import zoneinfo
from datetime import datetime, timezone
from functools import lru_cache
from typing import TYPE_CHECKING

from adjudicator.desk import deadlines
from adjudicator.desk.abuse import sender_key
from adjudicator.errors import AdjudicatorError
from adjudicator.store import atomic_write, canonical_json

if TYPE_CHECKING:
    from adjudicator.desk.judge import Judge

FILE = "timezones.json"
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


class TimezoneError(AdjudicatorError):
    pass


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    """Every IANA zone name the system knows, by its lower-case spelling."""
    names = set(zoneinfo.available_timezones()) | {"UTC"}
    return {n.lower(): n for n in names}


def check_zone(name: str) -> str:
    """The IANA zone ``name`` means (case-insensitive; a city alone when it is one zone's:
    ``prague`` -> ``Europe/Prague``), or :class:`TimezoneError` with the likely name."""
    raw = (name or "").strip()
    key = raw.lower().replace(" ", "_")
    zones = _zones()
    if not key:
        raise TimezoneError("no time zone given: write e.g. SET TIMEZONE Europe/Prague "
                            "(an IANA zone name, or UTC)")
    if key in ("z", "gmt", "utc", "etc/utc"):
        return "UTC"
    if key in zones and len(key) <= 64:
        return zones[key]
    cities = [n for k, n in zones.items() if k.rsplit("/", 1)[-1] == key]
    if len(cities) == 1:
        return cities[0]
    near = difflib.get_close_matches(key, list(zones), n=1, cutoff=0.6)
    if not near:
        near = difflib.get_close_matches(key, [k.rsplit("/", 1)[-1] for k in zones], n=1,
                                         cutoff=0.7)
        near = [k for k in zones if near and k.rsplit("/", 1)[-1] == near[0]][:1]
    hint = f"; did you mean {zones[near[0]]}?" if near else ""
    raise TimezoneError(f"unknown time zone {raw[:64]!r}: use an IANA name such as "
                        f"Europe/Prague or America/New_York, or UTC{hint}")


def judge_zone(judge: Judge) -> str:
    """The judge's default zone (``UTC`` when the config names none or a bad one)."""
    try:
        return check_zone(str(judge.config.get("timezone") or "UTC"))
    except TimezoneError:
        return "UTC"


def _path(judge: Judge):
    return judge.path / "desk" / FILE


def load(judge: Judge) -> dict[str, str]:
    """The zones players set, by address (lower case)."""
    try:
        data = json.loads(_path(judge).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    zones = data.get("zones") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in zones.items()} if isinstance(zones, dict) else {}


def set_zone(judge: Judge, address: str, zone: str) -> str:
    """Keep ``zone`` for ``address`` (the caller holds the judge's mail lock); returns the
    zone's canonical name."""
    zone = check_zone(zone)
    zones = load(judge)
    zones[sender_key(address)] = zone
    atomic_write(_path(judge), canonical_json({"zones": dict(sorted(zones.items()))}),
                 mode=0o600)  # addresses are private
    return zone


def zone_for(judge: Judge, address: str | None) -> str:
    """The zone of the person at ``address``: theirs if they set one, else the judge's."""
    if address:
        found = load(judge).get(sender_key(address))
        if found:
            try:
                return check_zone(found)
            except TimezoneError:
                pass
    return judge_zone(judge)


def _day(dt: datetime) -> str:
    return f"{_DAYS[dt.weekday()]} {dt.day} {_MONTHS[dt.month - 1]} {dt.year}"


def show_time(when: datetime | str, zone: str = "UTC") -> str:
    """A time as people read it, in ``zone`` and in UTC: "Thursday 5 March 2026, 18:00 CET
    (17:00 UTC)"; in UTC alone when the zone is UTC; the UTC day is named when it differs."""
    if isinstance(when, str):
        when = deadlines.parse_time(when)
    utc = when.astimezone(timezone.utc)
    try:
        tz = zoneinfo.ZoneInfo(check_zone(zone))
    except (TimezoneError, zoneinfo.ZoneInfoNotFoundError):
        tz = zoneinfo.ZoneInfo("UTC")
    local = utc.astimezone(tz)
    if local.utcoffset() == utc.utcoffset() and str(tz) == "UTC":
        return f"{_day(utc)}, {utc:%H:%M} UTC"
    name = local.tzname() or str(tz)
    utc_part = f"{utc:%H:%M} UTC" + ("" if utc.date() == local.date() else
                                     f" on {_day(utc).rsplit(' ', 1)[0]}")
    return f"{_day(local)}, {local:%H:%M} {name} ({utc_part})"
