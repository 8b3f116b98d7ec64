"""The moderator's desk: many games in one judge folder, players with credentials, mail
intake and replies, deadlines driven by ``adj tick``, and a hash-chained audit log.

Everything here is game-agnostic: games are reached only through
:class:`adjudicator.game.BaseGame` (via the registry) and :mod:`adjudicator.service`. The
desk hears about every operation through the service's events (:mod:`adjudicator.events`);
importing this package subscribes it (:func:`install`), so every program that uses the desk,
the ``adj`` command among them, keeps the audit log, the deadlines and the results mail. The
handlers themselves (``hooks.py``) are imported at the first event: a command that only reads
(``adj status``) does not pay for the mail stack. See ``docs/moderator-desk.md``.
"""

from __future__ import annotations

from typing import Any

from adjudicator import events


def _on_event(event: events.Event) -> None:
    from adjudicator.desk.hooks import on_event

    on_event(event)


def _on_deadline_query(query: events.DeadlineQuery) -> Any:
    """The deadline as the report's readers read it: the judge's time zone and UTC
    ("Thursday 5 March 2026, 18:00 CET (17:00 UTC)", desk/timezones.py); a report goes to
    every player, so it is the judge's zone, not one reader's."""
    from adjudicator.desk.deadlines import deadline_for

    deadline = deadline_for(query.folder, query.phase)
    if not deadline:
        return None
    from adjudicator.desk import timezones  # zoneinfo: only for a deadline to show
    from adjudicator.desk.judge import judge_of

    judge = judge_of(query.folder)
    return timezones.show_time(deadline, timezones.judge_zone(judge) if judge else "UTC")


def _on_anchor_query(query: events.AnchorQuery) -> Any:
    from adjudicator.desk.audit import game_audit

    return game_audit(query.folder.path).head()


def install() -> None:
    """Subscribe the desk to the service's events (idempotent)."""
    events.subscribe(events.Event, _on_event)
    events.subscribe(events.DeadlineQuery, _on_deadline_query)
    events.subscribe(events.AnchorQuery, _on_anchor_query)


install()
