"""Errors shown to players: located, explained, with suggestions.

Every game's parser and validator reports problems with :class:`OrderError`, so
the CLI, the mail desk and the reports print them the same way.
"""

from __future__ import annotations

from adjudicator.record import asdict, field, record


@record(frozen=True)
class OrderError:
    line: int  # 1-based line in the submitted text (0 when not tied to a line)
    column: int  # 1-based column (0 when not tied to a column)
    text: str  # the offending line as submitted
    message: str  # what is wrong, in words a player can act on
    expected: tuple[str, ...] = ()  # what the parser would have accepted here
    suggestions: tuple[str, ...] = ()  # likely names ("Burgundy")
    rule: str | None = None  # rule id for semantic errors ("unit-not-yours")
    #: For a rule error: the place of its order in the list the game validated, so the
    #: caller (``service.check_orders``) finds the line the player wrote even when the game
    #: rewrote the order (a unit type filled in, a move read as a retreat). Not shown to
    #: players, not compared and not in the JSON.
    order_index: int | None = field(default=None, compare=False, repr=False)

    def describe(self) -> str:
        """``line 3, column 5: unknown province 'Burgundi' (did you mean Burgundy?)``; a problem
        tied to no line is just its message."""
        where = f"line {self.line}" + (f", column {self.column}" if self.column else "")
        msg = f"{where}: {self.message}" if self.line else self.message
        if self.suggestions:
            msg += " (did you mean " + " or ".join(self.suggestions) + "?)"
        return msg

    def to_json(self) -> dict:
        d = asdict(self)
        del d["order_index"]
        d["expected"] = list(self.expected)
        d["suggestions"] = list(self.suggestions)
        return d


class AdjudicatorError(Exception):
    """Base class for errors the CLI turns into exit code 1 with a message."""


class GameError(AdjudicatorError):
    """An operation that the game's current state does not allow."""


class PhaseNameError(AdjudicatorError, ValueError):
    """A phase name a person wrote that cannot be read (``adj report ... PHASE``, a position's
    phase line): ``message`` says what is wrong and what was expected, ``rule`` is its id,
    ``index`` where it is (0-based in the text; None: the whole text), ``suggestions`` the
    likely words and ``expected`` what would have been read. ``str()`` adds the
    suggestions ("did you mean Spring?")."""

    def __init__(self, message: str, rule: str = "phase-unreadable", index: int | None = None,
                 suggestions: tuple[str, ...] = (), expected: tuple[str, ...] = ()) -> None:
        hint = f" (did you mean {' or '.join(suggestions)}?)" if suggestions else ""
        super().__init__(message + hint)
        self.message = message
        self.rule = rule
        self.index = index
        self.suggestions = tuple(suggestions)
        self.expected = tuple(expected)


class ReportError(AdjudicatorError):
    """A report or map that cannot be produced (no such phase, a broken template...)."""


class PositionError(AdjudicatorError):
    """A written position (``adj new ... --from FILE``) that cannot be a game's state.

    ``problems`` lists every problem found, each located (line and column of the text,
    or 0 when the problem is not tied to a place) with suggestions for mistyped names,
    so the moderator can fix them all in one go.
    """

    def __init__(self, problems: list[OrderError]) -> None:
        self.problems = list(problems)
        lines = [p.describe() + (f"\n    {p.text}" if p.text else "") for p in self.problems]
        noun = "problem" if len(lines) == 1 else "problems"
        super().__init__(f"the position has {len(lines)} {noun}:\n  " + "\n  ".join(lines))


@record(frozen=True)
class ParsedOrder:
    """One understood order: where it was (1-based ``line``), its text, and the order object.

    ``power`` is the power a line names for itself (Diplomacy: ``France: A Par - Bur``), when
    it does; ``section`` the part of a turn the order belongs to (Axis & Allies: purchase,
    combat move...), when the game has sections. ``notes`` say what the parser read *into*
    the line ("'Sap' read as Spain"): anything carried out that the player did not write
    exactly is echoed back to them.
    """

    line: int
    text: str
    order: object
    power: str | None = None
    section: str = ""
    notes: tuple[str, ...] = ()


@record(frozen=True)
class IgnoredLine:
    """A line that is conversation, not an order: a greeting, a sign-off, a prose paragraph.
    It is listed once in the acknowledgement, never reported as an error."""

    line: int
    text: str

    def to_json(self) -> dict:
        return {"line": self.line, "text": self.text}


@record
class ParseResult:
    """Orders understood from one submission, per-line errors, and the lines ignored.

    ``orders`` holds :class:`ParsedOrder` items in submission order; a bad
    line adds an error and never removes the good lines around it. ``ignored`` holds the
    lines the parser recognised as conversation rather than failed orders.
    """

    orders: list = field(default_factory=list)
    errors: list[OrderError] = field(default_factory=list)
    ignored: list[IgnoredLine] = field(default_factory=list)
