"""The one interface between the game-agnostic core and each game: :class:`BaseGame`.

The store, service, CLI, mail desk and publishing code see a game only through this class.
Every method is a plain function of plain data: states are JSON-serialisable dicts, so a
resolution can be replayed from history byte for byte, and a game never touches a file (the
core reads and writes every one).

A game family subclasses :class:`BaseGame` and implements the abstract methods; every other
method has a safe default here, the way python-chess variants override only the rules they
change (``is_variant_end`` and friends). The core calls the defaults without asking whether a
game "has" a method, so there is one place to read what an optional hook means.

Which game a folder holds is one value, the registry key stored in the state
(``state["game"]``); :mod:`adjudicator.registry` turns it into a game object bound to its
:class:`GameSpec` (data folder, default options).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from adjudicator.errors import AdjudicatorError, GameError, OrderError, ParseResult
from adjudicator.record import field, record
from adjudicator.store import SCHEMA_VERSION
from adjudicator.suggest import normalize

#: How close a mistyped power name must be to count as that power ("Frnace" -> France).
#: One cutoff for every game: a name a player sees accepted in one game is accepted alike in
#: another.
POWER_CUTOFF = 0.75


# --- typed values the core reads -----------------------------------------------------------
@record(frozen=True)
class GameSpec:
    """One entry of the registry (:mod:`adjudicator.registry`): what a key stands for."""

    key: str  # "diplomacy", "aa1942"; variants are "<family>:<variant>"
    family: str  # "module:Class" of the game family (a BaseGame subclass)
    data: str  # the data folder under games/
    title: str  # how people call it
    options: Mapping[str, Any] = field(default_factory=dict)  # defaults over the family's
    aliases: tuple[str, ...] = ()  # other names accepted on the command line


@record(frozen=True)
class Resolution:
    """What :meth:`BaseGame.resolve` returns: the next state and what happened."""

    state: dict
    results: list[dict]  # one JSON record per order; common keys: see :class:`OrderResult`
    events: dict = field(default_factory=dict)  # game-specific JSON facts for the reports


@record(frozen=True)
class OrderResult:
    """The fields of a history ``results`` entry that every game writes.

    Each game stores more (Diplomacy the unit and locations, Axis & Allies the section of the
    turn); ``details`` keeps those, so :meth:`to_json` gives the stored record back unchanged.
    """

    power: str
    order: str  # canonical text of the order as understood
    success: bool
    outcome: str  # one word: moves, bounced, done, failed, nmr...
    reason: str | None = None  # why it failed (or was void, or was a default)
    details: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OrderResult:
        common = {"power", "order", "success", "outcome", "reason"}
        return cls(power=str(data.get("power", "")), order=str(data.get("order", "")),
                   success=bool(data.get("success", True)),
                   outcome=str(data.get("outcome", "")), reason=data.get("reason") or None,
                   details={k: v for k, v in data.items() if k not in common})

    def to_json(self) -> dict:
        return {**self.details, "power": self.power, "order": self.order,
                "success": self.success, "outcome": self.outcome, "reason": self.reason}

    def line(self) -> str:
        """``France    A par - bur  [bounced: ...]``: one result as the CLI prints it."""
        mark = "" if self.success else f"  [{self.outcome}" + (f": {self.reason}]" if
                                                               self.reason else "]")
        return f"{self.power:<8} {self.order}{mark}"


@record(frozen=True)
class Outcome:
    """How a game ended: a solo win, a side's victory or a draw."""

    kind: str  # "solo", "victory" or "draw"
    powers: tuple[str, ...]  # the winner, the winning side's powers, or the powers drawing
    text: str  # one sentence for people: "solo victory of France"


@record(frozen=True)
class Option:
    """One game option a moderator may set at ``adj new`` (``--option KEY=VALUE``)."""

    values: tuple[Any, ...]  # the allowed values; the first is the default
    help: str

    @property
    def default(self) -> Any:
        return self.values[0]

    def parse(self, key: str, raw: Any) -> Any:
        """``raw`` (text from the command line, or a value) as one of :attr:`values`."""
        for value in self.values:
            if raw == value or str(raw).strip().lower() == str(value).lower():
                return value
        if all(isinstance(v, bool) for v in self.values):
            text = str(raw).strip().lower()
            if text in ("1", "yes", "true", "on"):
                return True
            if text in ("0", "no", "false", "off"):
                return False
        raise AdjudicatorError(f"option {key} must be one of "
                               + ", ".join(_word(v) for v in self.values) + f", not {raw!r}")


@record(frozen=True)
class ChoiceList(Option):
    """An option whose value is a list of choices (``--option na_ussr=russian_winter,3``):
    :attr:`values` are the choices' keys, ``aliases`` other spellings (a number, a name) of
    them. The default is the empty list; the parsed value is a list of keys in the order of
    :attr:`values`, each once, so two spellings of one choice give the same state."""

    aliases: Mapping[str, str] = field(default_factory=dict)

    @property
    def default(self) -> Any:
        return []

    def parse(self, key: str, raw: Any) -> Any:
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        chosen: set[str] = set()
        for item in items:
            word = _choice_word(str(item))
            if not word or word in ("none", "no"):
                continue
            hit = next((v for v in self.values if _choice_word(v) == word), None)
            hit = hit or next((v for a, v in self.aliases.items() if _choice_word(a) == word),
                              None)
            if hit is None:
                raise AdjudicatorError(f"option {key}: no choice {str(item).strip()!r}; "
                                       "choose from " + ", ".join(self.values))
            chosen.add(hit)
        return [v for v in self.values if v in chosen]


def _choice_word(text: str) -> str:
    return "_".join(text.strip().lower().replace("-", " ").replace("_", " ").split())


def _word(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


DEFAULT_PHASE_KIND = "default"


def common_fields(key: str) -> dict:
    """The fields every new state starts with (``docs/state-format.md``, common part):
    the state format version and ``game``, the registry key that says which game it is."""
    return {"schema_version": SCHEMA_VERSION, "game": key, "players": {}, "result": None}


# --- the interface -------------------------------------------------------------------------
class BaseGame(ABC):
    """A game family (Diplomacy, Axis & Allies) bound to one registry entry.

    Subclasses set :attr:`family` and implement the abstract methods. Everything else has a
    default that is right for a simple game without dice, standing orders or a map.
    """

    #: Template and grammar family: ``templates/<family>/``, ``grammar/<family>.lark``.
    family: ClassVar[str]
    #: When true, :meth:`resolve` receives a ``Dice`` source (``adjudicator.dice``).
    uses_dice: ClassVar[bool] = False
    #: The options a moderator may set at ``adj new`` (``--option KEY=VALUE``).
    options: ClassVar[Mapping[str, Option]] = {}

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    @property
    def key(self) -> str:
        """The registry key: the one value that says which game this is (``state["game"]``)."""
        return self.spec.key

    @property
    def data(self) -> str:
        """The data folder under ``games/``."""
        return self.spec.data

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"

    # --- set-up ------------------------------------------------------------------------
    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a new game: the registry entry's defaults, then ``given``.

        Unknown keys and values are refused with the list of known ones, so a typo never
        creates a game silently played with other rules.
        """
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise AdjudicatorError(f"unknown option(s) {', '.join(unknown)} for {self.key}; "
                                   f"known options: {known}")
        chosen = {k: opt.default for k, opt in self.options.items()}
        chosen.update({k: self.options[k].parse(k, v) for k, v in self.spec.options.items()})
        chosen.update({k: self.options[k].parse(k, v) for k, v in given.items()})
        return chosen

    def common_fields(self) -> dict:
        """The fields every state of this game starts with."""
        return common_fields(self.key)

    @abstractmethod
    def new_state(self, options: Mapping[str, Any]) -> dict:
        """The opening position, with options already checked by :meth:`check_options`."""

    def state_from_position(self, text: str, options: Mapping[str, Any]) -> dict:
        """A state from a written position (``adj new --from FILE``); raises
        :class:`~adjudicator.errors.PositionError` listing every problem."""
        raise GameError(f"{self.key} games cannot start from a written position")

    def position_text(self, state: dict) -> str:
        """The current position in the format :meth:`state_from_position` reads."""
        raise GameError(f"{self.key} games have no written position format")

    # --- facts -------------------------------------------------------------------------
    @abstractmethod
    def powers(self, state: dict | None = None) -> list[str]:
        """All powers of the game, in the game's canonical order."""

    def unplayed_powers(self, state: dict) -> list[str]:
        """Powers of ``state`` that no player may take (Diplomacy for fewer than seven
        players: the powers in civil disorder from the start)."""
        return []

    def power_spellings(self) -> Mapping[str, str]:
        """Every way of writing each power (name, adjective, id...) -> canonical name."""
        return {p: p for p in self.powers()}

    def canonical_power(self, name: str, strict: bool = False) -> str | None:
        """The power ``name`` means, or None.

        Lenient (players' mail, where the power's password must match too): any spelling
        of a power ("france", "French"), or a near miss ("Frnace"), unless two powers are
        equally close (a guess could order for the wrong power). ``strict`` (a moderator's
        command): a spelling, or an abbreviation of at least three letters that begins one
        power's spellings only ("Fra", "Ger"); never a guess.
        """
        table = {normalize(k): v for k, v in self.power_spellings().items() if normalize(k)}
        key = normalize(name)
        if key in table or not key:
            return table.get(key)
        if strict:
            hits = {v for k, v in table.items() if len(key) >= 3 and k.startswith(key)}
            return hits.pop() if len(hits) == 1 else None
        import difflib

        scored = sorted(((difflib.SequenceMatcher(None, key, k).ratio(), v)
                         for k, v in table.items()), reverse=True)
        best = [(score, power) for score, power in scored if score >= POWER_CUTOFF]
        if not best or (len(best) > 1 and best[1][0] == best[0][0] and best[1][1] != best[0][1]):
            return None
        return best[0][1]

    def power_name(self, power: str) -> str:
        """How people call ``power`` ("United Kingdom" for ``uk``)."""
        return power

    @abstractmethod
    def phase_name(self, state: dict) -> str:
        """Human name of the current phase ("Spring 1901 Movement")."""

    def phase_kind(self, state: dict) -> str:
        """The kind of the current phase ("movement", "retreat"...): the desk picks the
        deadline length by it. Games with one kind of phase keep the default."""
        return DEFAULT_PHASE_KIND

    def phase_sort_key(self, code: str) -> tuple | None:
        """A chronological sort key of phase ``code`` in its canonical form, or None when it
        is not a phase of this game. None for every code (the default) means the game cannot
        order its phases, and accepts orders for the current phase only."""
        return None

    def normalise_phase(self, code: str) -> str:
        """A phase code as typed by a person, in the form history records use."""
        return code.strip()

    @abstractmethod
    def who_must_act(self, state: dict) -> list[str]:
        """Powers whose orders the current phase waits for."""

    def is_over(self, state: dict) -> bool:
        """Whether the game has ended (victory or draw)."""
        return state.get("result") is not None

    def outcome(self, state: dict) -> Outcome | None:
        """How the game ended, or None while it runs."""
        result = state.get("result")
        if not result:
            return None
        powers = tuple(result.get("powers") or ([result["winner"]] if result.get("winner")
                                                 else []))
        if result.get("type") == "draw":
            return Outcome("draw", powers, "draw between " + ", ".join(
                self.power_name(p) for p in powers))
        return Outcome(str(result.get("type", "victory")), powers, "victory of " + ", ".join(
            self.power_name(p) for p in powers))

    def declare_draw(self, state: dict, powers: list[str]) -> dict:
        """The state after the moderator declares a draw between ``powers``."""
        return {**state, "result": {"type": "draw", "powers": sorted(powers)}}

    def concede(self, state: dict, winner: str) -> dict:
        """The state after every other surviving power concedes the game to ``winner``
        (the judge's ``SET CONCEDE`` votes, docs/judge-lifecycle.md)."""
        return {**state, "result": {"type": "concession", "winner": winner}}

    def surviving_powers(self, state: dict) -> list[str]:
        """Powers still in the game that a player holds (they vote on draws and
        concessions): by default every power a player may take. Games where a power can
        be eliminated leave it out once it has been."""
        unplayed = set(self.unplayed_powers(state))
        return [p for p in self.powers(state) if p not in unplayed]

    def sides(self, state: dict) -> list[list[str]]:
        """The powers each player holds, one list per player: one power each by default
        (Diplomacy for fewer than seven players groups them). Powers nobody may take are
        in no side."""
        unplayed = set(self.unplayed_powers(state))
        return [[p] for p in self.powers(state) if p not in unplayed]

    # --- orders ------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, state: dict | None = None) -> ParseResult:
        """Orders from text, with per-line syntax errors. ``state`` may be None (syntax only)."""

    @abstractmethod
    def order_text(self, order: Any) -> str:
        """Canonical text of one order, which :meth:`parse` reads back to an equal order."""

    def orders_to_json(self, orders: list) -> list | None:
        """Parsed orders as JSON a submission may keep, so that adjudicating reads them back
        with :meth:`orders_from_json` instead of parsing its text again (and loading the
        parser). Only for a game whose :meth:`parse` does not depend on the state. None (the
        default): the orders are parsed again."""
        return None

    def orders_from_json(self, data: list) -> list:
        """The orders :meth:`orders_to_json` wrote, equal to those :meth:`parse` gave.
        Raises ``ValueError`` (or ``KeyError``, ``TypeError``) on anything else."""
        raise ValueError(f"{self.key} keeps no parsed orders")

    @abstractmethod
    def validate(self, state: dict, power: str, orders: list) -> tuple[list, list[OrderError]]:
        """Accepted orders plus rule errors. Never changes ``state``."""

    def describe_orders(self, state: dict, power: str, orders: list) -> list[str]:
        """Extra lines for the acknowledgement (what the orders leave out, paths, costs)."""
        return []

    def apply_standing(self, state: dict, power: str, orders: list) -> dict | None:
        """A submission holding only standing orders takes effect at once: the new state.
        None (the default) when these are not standing orders."""
        return None

    # --- resolution --------------------------------------------------------------------
    @abstractmethod
    def resolve(self, state: dict, orders_by_power: Mapping[str, list],
                dice: Any = None) -> Resolution:
        """Resolve the current phase. Powers missing from ``orders_by_power`` get the NMR
        rule. ``dice`` is a ``Dice`` source when :attr:`uses_dice`, else None."""

    def dice_round(self, state: dict) -> int:
        """The round whose seed covers the current phase (games with dice)."""
        return 1

    def dice_salts(self, orders_by_power: Mapping[str, list]) -> dict[str, list[str]]:
        """Players' salt lines for the dice, per power (games with dice)."""
        return {}

    # --- what people read --------------------------------------------------------------
    @abstractmethod
    def status(self, state: dict) -> dict:
        """JSON summary for ``adj status --json``: units, centres or production."""

    def status_lines(self, state: dict) -> list[str]:
        """Lines ``adj status`` prints below who has ordered: the game's own summary."""
        return []

    def result_lines(self, record: dict) -> list[str]:
        """Lines ``adj adjudicate`` prints for a history record (default: every order with
        its result). Games add what matters most (battles, eliminations)."""
        return [OrderResult.from_json(r).line() for r in record.get("results") or []]

    def notable_results(self, record: dict) -> list[OrderResult]:
        """The results worth a line in a running log (``adj demo``): the failed ones."""
        return [r for r in map(OrderResult.from_json, record.get("results") or [])
                if not r.success]

    @abstractmethod
    def report_context(self, record: dict, state_after: dict, meta: Mapping[str, Any]) -> dict:
        """The documented context the report templates receive for one history record.

        ``state_after`` is the state that followed the record; ``meta`` holds what the game
        cannot know: ``title``, ``deadline`` (of the next phase, or None) and
        ``dice_commitment`` (games with dice)."""

    def map_svg(self, state: dict, results: list[dict] | None = None, *,
                title: str = "", show_orders: bool = True) -> str | None:
        """The board as SVG: ``state`` with, when given, the ``results`` of the orders given
        in it. None (the default) when the game has no drawing."""
        return None

    def record_map_svg(self, record: dict, state_after: dict, *, title: str = "",
                       show_orders: bool = True) -> str | None:
        """The map of one history record (``adj map GAME PHASE``, the HTML report, the
        results mail). The default draws the position the orders were given in with their
        results (:meth:`map_svg`); a game whose orders are best shown on the position they
        led to (A&A: where the units ended up, the battles' outcomes) draws
        ``state_after`` instead."""
        return self.map_svg(record["state_before"], record.get("results") or [], title=title,
                            show_orders=show_orders)

    #: PNG scale of the map attached to the results mail (mail clients show PNG inline).
    mail_map_scale: ClassVar[float] = 0.6

    def site_figures(self, state: dict) -> dict | None:
        """What the static site (``adj site``, docs/site.md) charts and groups, read from one
        state; None (the default): no chart, and the phases in one list.

        A plain dict: ``group`` names the year or round the state's phase belongs to (the
        site's "jump to" list), ``period`` the chart step the figures count for (a
        Diplomacy state counts the centres owned at the end of a year, so the states of
        Spring 1902 count for 1901), ``figures`` maps a figure key to
        ``{"title", "unit", "values": {power: number}}`` and ``colours`` each power to the
        colour its line is drawn in. The site keeps the last state of each period."""
        return None

    def variants(self) -> list[dict]:
        """The variants of this game family found in the data (``adj new KIND --list``),
        one summary dict each with at least ``name`` and ``title``; none by default."""
        return []


def phase_position(game: BaseGame, code: str, current: str) -> tuple[str, int] | None:
    """Where phase ``code`` lies relative to the ``current`` phase.

    Returns ``(canonical_code, relation)`` with relation -1 (past), 0 (current) or 1
    (future), or None when the game does not know ``code`` as a phase. ``code`` is tried
    as given and upper-cased (mail is typed by hand). A game that cannot order its phases
    (:meth:`BaseGame.phase_sort_key` is None for its current phase) knows only the current
    phase, so it never stores orders for a phase it might never reach.
    """
    candidates = list(dict.fromkeys([code.strip(), code.strip().upper()]))
    now_key = game.phase_sort_key(current)
    if now_key is None:
        return (current, 0) if current in candidates else None
    for c in candidates:
        key = game.phase_sort_key(c)
        if key is not None:
            return c, (key > now_key) - (key < now_key)
    return None


def orders_ahead_allowed(game: BaseGame, state: dict) -> bool:
    """Whether ``game`` can place phases in time, so orders may be sent for a later one."""
    return game.phase_sort_key(str(state["phase"])) is not None
