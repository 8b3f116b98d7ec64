"""The one small interface between the game-agnostic core and each game.

The store, CLI, mail desk and renderer see a game only through :class:`Game`.
Every method is a plain function of plain data: states are JSON-serialisable
dicts, so resolution can be replayed from history byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator.errors import OrderError, ParseResult


@dataclass
class Resolution:
    """What ``Game.resolve`` returns: the next state and what happened."""

    state: dict
    results: list[dict]  # one JSON record per order (game-specific shape, documented per game)
    events: dict = field(default_factory=dict)  # JSON facts for reports (captures, dislodgements...)


class Game(Protocol):
    name: str  # registry key, e.g. "diplomacy"
    family: str  # template / grammar family, e.g. "diplomacy"
    variant: str  # data folder under games/, e.g. "diplomacy-standard"

    def new_state(self, options: dict[str, Any]) -> dict:
        """The opening position."""

    def powers(self, state: dict) -> list[str]:
        """All powers of the game, in the game's canonical order."""

    def canonical_power(self, name: str) -> str | None:
        """Lenient power lookup ("france", "French" -> "France"), None when unknown."""

    def phase_name(self, state: dict) -> str:
        """Human name of the current phase ("Spring 1901 Movement")."""

    def parse(self, text: str, state: dict | None = None) -> ParseResult:
        """Orders from text, with per-line syntax errors. ``state`` may be None (syntax only)."""

    def validate(self, state: dict, power: str, orders: list) -> tuple[list, list[OrderError]]:
        """Accepted orders plus rule errors. Never changes ``state``."""

    def who_must_act(self, state: dict) -> list[str]:
        """Powers whose orders the current phase waits for."""

    def resolve(self, state: dict, orders_by_power: dict[str, list], dice: Any = None) -> Resolution:
        """Resolve the current phase. Powers missing from ``orders_by_power`` get the NMR rule."""

    def order_text(self, order: Any) -> str:
        """Canonical text of one order, which ``parse`` reads back to an equal order."""

    def is_over(self, state: dict) -> bool:
        """Whether the game has ended (victory or draw)."""

    def declare_draw(self, state: dict, powers: list[str]) -> dict:
        """The state after the moderator declares a draw between ``powers``."""

    def status(self, state: dict) -> dict:
        """JSON summary for ``adj status``: phase, units, centres or production."""

    def render_report(self, folder: Any, phase: str | None, fmt: str,
                      template: str | None = None) -> str:
        """The report of a resolved phase (default: the latest) as text/bbcode/markdown/html."""

    def write_reports(self, folder: Any, record: dict) -> list:
        """Write every report format (and the map) to ``reports/<phase>/`` after a resolution."""

    def render_map(self, folder: Any, phase: str | None, show_orders: bool = True) -> str:
        """SVG map: the current position (phase None) or a resolved phase with its orders."""


# --- Optional methods --------------------------------------------------------------------
# The core looks these up with ``getattr`` and has a fallback for each, so a simple game
# need not define them:
#
# ``uses_dice: bool`` (default False). When true, ``resolve`` receives a ``Dice`` source
#     (``adjudicator.dice``): derived from the game's secret seed, or external dice.
# ``dice_round(state) -> int`` (default 1): the round whose seed covers this resolution.
# ``dice_salts(orders_by_power) -> dict[str, list[str]]``: players' salt lines for the dice.
# ``describe_orders(state, power, orders) -> list[str]``: extra lines for the
#     acknowledgement (Axis & Allies: resolved paths, IPC spent and left, battles).
# ``apply_standing(state, power, orders) -> dict | None``: a submission holding only standing
#     orders takes effect at once and returns the new state (None: not standing orders).
# A game may also define ``phase_kind(state) -> str``: the kind of the current phase
# ("movement", "retreat", "adjustment" for Diplomacy; Axis & Allies may say "turn"). The
# moderator's desk uses it to pick the deadline length. Games without it have one kind.
DEFAULT_PHASE_KIND = "default"


def phase_kind(game: Game, state: dict) -> str:
    """``game.phase_kind(state)`` when the game defines it, else ``"default"``."""
    method = getattr(game, "phase_kind", None)
    if method is None:
        return DEFAULT_PHASE_KIND
    return str(method(state) or DEFAULT_PHASE_KIND)


# A game may also define ``phase_sort_key(code) -> tuple | None``: a chronological sort key
# for a phase code in its canonical form (the form ``state["phase"]`` uses), or None when
# ``code`` is not a phase of the game. The moderator's desk uses it to accept mail "orders
# for a future phase" (stored under ``orders/<code>/`` until that phase begins) and to
# refuse orders for a past phase clearly. Games without it accept orders for the current
# phase only: every other code is refused (see :func:`phase_position`).


def phase_position(game: Game, code: str, current: str) -> tuple[str, int] | None:
    """Where phase ``code`` lies relative to the ``current`` phase.

    Returns ``(canonical_code, relation)`` with relation -1 (past), 0 (current) or 1
    (future), or None when the game does not know ``code`` as a phase. ``code`` is tried
    as given and upper-cased (mail is typed by hand). Without ``game.phase_sort_key`` only
    the current phase is known, so a game that cannot order its phases never stores
    orders for a phase it might never reach.
    """
    candidates = list(dict.fromkeys([code.strip(), code.strip().upper()]))
    method = getattr(game, "phase_sort_key", None)
    if method is None:
        return (current, 0) if current in candidates else None
    now_key = method(current)
    for c in candidates:
        key = method(c)
        if key is not None and now_key is not None:
            return c, (key > now_key) - (key < now_key)
    return None
