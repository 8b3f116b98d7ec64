"""What the service tells the rest of the program: typed events, and a few questions.

The service (the moderator's operations) must not know who listens: the moderator's desk
keeps an audit log, sets deadlines and mails results, a web archive may rebuild pages, a
test may count calls. So the service *publishes* an event after each operation and the
listeners *subscribe* to the event types they care about. Dependencies point down: this
module and the service never import a listener; a listener imports this module.

Handlers run synchronously, in subscription order, inside the operation and under the
game's lock, so what they write is consistent with the state they were told about. A
handler that raises makes the operation raise (after the state was written: the change is
kept and replays); handlers that must never fail the operation (mail) guard themselves.

*Queries* are the reverse: the core asks for a fact that only a listener knows (the next
deadline lives in the desk's schedule) and takes the first answer that is not None.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from adjudicator.record import field, record
from adjudicator.store import GameFolder


# --- events --------------------------------------------------------------------------------
@record(frozen=True)
class Event:
    """Something that happened to the game in ``folder``.

    ``replayed`` is true when the event is published again while a transition that a killed
    process left half done is completed (``service.recover``): the listener may already
    have handled it, and must then not do its work twice.
    """

    folder: GameFolder
    replayed: bool = field(default=False, kw_only=True)
    name: ClassVar[str] = "event"  # the audit log's word for it

    def audit_data(self) -> dict:
        """The JSON facts an audit log keeps about this event."""
        return {}


@record(frozen=True)
class GameCreated(Event):
    game: str = ""
    title: str = ""
    commitment: str | None = None  # games with dice: the commitment to the first seed
    name: ClassVar[str] = "created"

    def audit_data(self) -> dict:
        data = {"game": self.game, "title": self.title}
        if self.commitment:
            data["commitment"] = self.commitment
        return data


@record(frozen=True)
class DiceRotated(Event):
    """A new dice seed covers the rounds from ``first_round`` on."""

    commitment: str = ""
    first_round: int = 0
    name: ClassVar[str] = "dice-rotate"

    def audit_data(self) -> dict:
        return {"commitment": self.commitment, "first_round": self.first_round}


@record(frozen=True)
class OrdersSubmitted(Event):
    """A submission was stored (for the current phase, ahead for a later one, or standing
    orders that took effect at once: ``phase`` is then ``"standing"``)."""

    phase: str = ""
    power: str = ""
    version: int = 0
    source: str = ""
    sha256: str = ""
    errors: int | None = None  # None: rules not checked yet (orders sent ahead)
    ahead_of: str | None = None  # the current phase, for orders sent ahead
    name: ClassVar[str] = "submission"

    def audit_data(self) -> dict:
        data: dict[str, Any] = {"phase": self.phase, "power": self.power,
                                "version": self.version, "source": self.source,
                                "sha256": self.sha256}
        if self.errors is not None:
            data["errors"] = self.errors
        if self.ahead_of is not None:
            data["ahead_of"] = self.ahead_of
        return data


@record(frozen=True)
class PhaseResolved(Event):
    """A history record was written and the state moved on: an adjudication or a draw.
    Published before the reports are written, so listeners can set what they show (the
    next deadline)."""

    record: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return str(self.record.get("kind", "adjudication"))


@record(frozen=True)
class ReportsWritten(Event):
    """The reports (and map) of a resolved phase are on disk under ``reports/<phase>/``."""

    record: dict = field(default_factory=dict)
    files: tuple[Path, ...] = ()


@record(frozen=True)
class RolledBack(Event):
    phase: str = ""
    archived_to: str = ""
    name: ClassVar[str] = "rollback"

    def audit_data(self) -> dict:
        return {"phase": self.phase, "archived_to": self.archived_to}


# --- queries -------------------------------------------------------------------------------
@record(frozen=True)
class Query:
    folder: GameFolder


@record(frozen=True)
class DeadlineQuery(Query):
    """The deadline set for ``phase`` as a report shows it (the moderator's desk answers
    in the judge's time zone and UTC: "Thursday 5 March 2026, 18:00 CET (17:00 UTC)"), or
    None."""

    phase: str = ""


@record(frozen=True)
class AnchorQuery(Query):
    """The head of the tamper-evident log a listener keeps for the game (the desk's audit
    chain): ``{"seq": n, "hash": "..."}``, or None. Each history record keeps the head it
    found, so a log cut short or deleted later no longer matches its records."""


# --- the bus -------------------------------------------------------------------------------
E = TypeVar("E", bound=Event)
Q = TypeVar("Q", bound=Query)

_handlers: dict[type, list[Callable[[Any], Any]]] = {}


def subscribe(kind: type[E | Q], handler: Callable[[Any], Any]) -> None:
    """Call ``handler(event)`` for every published event (or query) of type ``kind`` or a
    subclass. Subscribing the same handler twice has no effect."""
    handlers = _handlers.setdefault(kind, [])
    if handler not in handlers:
        handlers.append(handler)


def unsubscribe(kind: type, handler: Callable[[Any], Any]) -> None:
    if handler in _handlers.get(kind, []):
        _handlers[kind].remove(handler)


def _for(obj: object) -> list[Callable[[Any], Any]]:
    return [h for kind, hs in list(_handlers.items()) if isinstance(obj, kind) for h in hs]


def publish(event: Event) -> None:
    """Tell every subscriber of ``event``'s type, in subscription order."""
    for handler in _for(event):
        handler(event)


def ask(query: Query) -> Any:
    """The first answer to ``query`` that is not None (None when nobody knows)."""
    for handler in _for(query):
        answer = handler(query)
        if answer is not None:
            return answer
    return None
