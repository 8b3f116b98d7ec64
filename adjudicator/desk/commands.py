"""Player commands by mail: the registry, the line reader and HELP (docs/judge-commands.md).

A command is one line of its own in the player's text, read case-insensitively; the
longest registered name wins (``SET NO DRAW`` before ``SET DRAW``), and ``:`` or ``=`` may
follow the name (``SET TIMEZONE: Europe/Prague``). A handler is registered with
:func:`command`::

    @command("SUMMARY", scope="game", usage="SUMMARY [game]", summary="...",
             examples=["SUMMARY mygame"])
    def summary(ctx: Context) -> Answer:
        ...

``scope`` says what the framework checks before the handler runs (the intake does the
checking, see ``Intake._commands``):

- ``"judge"``: nothing; the command works in a mail that names no game (LIST, HELP). Its
  ``ctx.folder`` is the game its argument names, if any (never the mail's game).
- ``"game"``: a game: the first word of the argument when it names a game, else the game
  the mail names (GAME line, subject tag); no password (SUMMARY, MAP, JOIN).
- ``"power"``: a game as above and a password of a power in that game that verified, given
  in the credential section the command line belongs to (SET PASSWORD, RESIGN).

The intake parses the lines (:func:`match_line`), checks the scope, applies the per-sender
rate limit, runs the handler (:func:`run`), assembles one reply for the whole mail, sends
``Answer.mails``, attaches ``Answer.attachments`` and writes one audit entry per command.
``secret_args``: the arguments are a secret (SET PASSWORD): they are scrubbed from every
echo, log and audit entry.

``until``: a block command (PRESS ... ENDPRESS): the lines after the command line up to the
first line that fullmatches the ``until`` pattern (case-insensitive) are its body
(``ctx.body``); they are never read as orders or credentials.

Handlers live in the modules of :data:`HANDLER_MODULES`, imported lazily, once, by
:func:`registry`. A handler raises :class:`CommandError` (or any ``AdjudicatorError``) to
refuse with a reason, or returns ``Answer(ok=False)``.
"""

from __future__ import annotations

import difflib
import importlib
import re
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from adjudicator.errors import AdjudicatorError
from adjudicator.record import field, record

if TYPE_CHECKING:
    from adjudicator.desk.judge import Judge
    from adjudicator.desk.mailparse import ParsedMail
    from adjudicator.store import GameFolder

SCOPES = ("judge", "game", "power")
MASK = "********"  # what a secret argument is shown as

#: modules that register handlers (imported lazily, once); other helpers add theirs here
HANDLER_MODULES: tuple[str, ...] = (
    "adjudicator.desk.cmd_lookup",
    "adjudicator.desk.cmd_self",
    "adjudicator.desk.cmd_press",
    "adjudicator.desk.signup",
    "adjudicator.desk.votes",
    "adjudicator.desk.absence_commands",
)


class CommandError(AdjudicatorError):
    """A command refused: the message says why (what was expected, the likely name)."""


@record
class Context:
    """What a handler gets."""

    judge: Judge
    mail: ParsedMail
    sender: str  # the From (or Reply-To) address: never proof of identity
    folder: GameFolder | None  # the game the command is for (see the module docstring)
    power: str | None  # the power whose password this mail gave and that verified
    args: str  # the rest of the command line ("France, Italy")
    line: int  # its line number in the mail text
    now: datetime  # aware, UTC
    body: str = ""  # a block command's lines (``until``), else ""
    name: str = ""  # the command's registered name
    reader_zone: str = "UTC"  # the time zone of whoever reads the reply (IANA name)


@record
class Answer:
    text: str  # what the reply says about this command
    ok: bool = True  # False: refused (the reply says why)
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)
    # (filename, MIME type, content)
    mails: list[tuple[list[str], str, str]] = field(default_factory=list)
    # further mails to send: (to, subject, body)
    audit: dict = field(default_factory=dict)  # extra audit fields (never a secret)


Handler = Callable[[Context], Answer]


@record(frozen=True)
class Command:
    name: str
    scope: str
    usage: str
    summary: str
    examples: tuple[str, ...]
    handler: Handler
    secret_args: bool = False
    args: str | None = None  # a pattern the argument must fullmatch for the line to count
    until: str | None = None  # a block command's end line (pattern)

    @property
    def words(self) -> list[str]:
        return self.name.split()


_REGISTRY: dict[str, Command] = {}
_loaded = False


def command(name: str, *, scope: str, usage: str, summary: str, examples: list[str],
            secret_args: bool = False, args: str | None = None,
            until: str | None = None) -> Callable[[Handler], Handler]:
    """Register ``handler(ctx) -> Answer`` as command ``name`` (see the module docstring).

    ``args``: a pattern the argument must fullmatch, or the line is not this command (so
    "List of my orders:" is not ``LIST``); it is matched case-insensitively."""
    key = " ".join(name.upper().split())
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
    if not examples:
        raise ValueError(f"command {key} needs at least one example (HELP shows it)")

    def register(handler: Handler) -> Handler:
        if key in _REGISTRY and _REGISTRY[key].handler is not handler:
            raise ValueError(f"command {key} is registered twice")
        _REGISTRY[key] = Command(key, scope, usage, summary, tuple(examples), handler,
                                 secret_args, args, until)
        return handler

    return register


def registry() -> dict[str, Command]:
    """Every registered command by name (the handler modules imported once)."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in HANDLER_MODULES:
            importlib.import_module(module)
    return _REGISTRY


def _by_length() -> list[Command]:
    return sorted(registry().values(), key=lambda c: (len(c.words), len(c.name)), reverse=True)


def _clean(line: str) -> str:
    """A line as commands are read: bold/code markers and a list bullet dropped."""
    s = line.strip().strip("*`").strip()
    return re.sub(r"^[-•·*]\s+", "", s)


def match_line(line: str) -> tuple[Command, str] | None:
    """``(command, argument)`` when ``line`` is a registered command, else None.

    The name is matched word by word, case-insensitively, the longest name first; ``:`` or
    ``=`` may follow it; a trailing ``.`` or ``!`` is dropped from the argument (not from a
    secret one: it may be part of a password)."""
    s = _clean(line)
    if not s or len(s) > 1000:
        return None
    for cmd in _by_length():
        m = _name_pattern(cmd.name).match(s)
        if m is None:
            continue
        rest = s[m.end():].strip()
        if rest[:1] in (":", "="):
            rest = rest[1:].lstrip()
        if not cmd.secret_args:
            while rest[-1:] in (".", "!"):
                rest = rest[:-1].rstrip()
        if not args_fit(cmd, rest) and not (cmd.scope != "judge" and not cmd.secret_args
                                            and cmd.until is None
                                            and args_fit(cmd, _without_first(rest))):
            continue  # (game and power scope: the first word may name the game; not for a
            # block command, whose game is its credentials': "Press on to Moscow!" is no
            # PRESS header, docs/press.md)
        return cmd, rest
    return None


def args_fit(cmd: Command, args: str) -> bool:
    """Whether ``args`` is an argument ``cmd`` takes (its ``args`` pattern)."""
    return cmd.args is None or re.fullmatch(cmd.args, args, re.IGNORECASE) is not None


def _without_first(args: str) -> str:
    parts = args.split(None, 1)
    return parts[1] if len(parts) > 1 else ""


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _name_pattern(name: str) -> re.Pattern[str]:
    """``SET TIMEZONE`` -> the words with any spacing, then the end, a space or ``:=.!``
    (each word literal: linear on any line)."""
    if name not in _PATTERNS:
        words = r"[ \t]+".join(map(re.escape, name.split()))
        _PATTERNS[name] = re.compile(rf"(?i){words}(?=$|[\s:=.!])")
    return _PATTERNS[name]


def _first_words() -> set[str]:
    return {c.words[0] for c in registry().values() if len(c.words) > 1}


def unknown_command(line: str, strict: bool = False) -> str | None:
    """Why ``line`` reads as a command this judge does not know, with the likely name
    ("unknown command 'SET TIMEZON'; did you mean SET TIMEZONE?"), or None when it does not
    read as a command at all.

    A line counts as a would-be command when its first word starts a registered name of
    several words (``SET ...``); with ``strict`` (a mail that names no game, where nothing
    can be an order) also a short line whose first word or two resemble a command."""
    s = _clean(line)
    words = s.split()
    if not words or len(s) > 200:
        return None
    names = sorted(registry())
    first = words[0].upper().rstrip(":=")
    if first in _first_words():
        guess = " ".join(w.upper() for w in words[:3])
        near = difflib.get_close_matches(guess, names, n=1, cutoff=0.5)
        near = near or difflib.get_close_matches(" ".join(w.upper() for w in words[:2]),
                                                 names, n=1, cutoff=0.5)
        shown = " ".join(words[:3]) + (" ..." if len(words) > 3 else "")
        return f"unknown command {shown!r}" + (f"; did you mean {near[0]}?" if near else
                                               "; send HELP for the list of commands")
    if strict and len(words) <= 4:
        for width in (2, 1):
            guess = " ".join(w.upper().rstrip(":=.!") for w in words[:width])
            near = difflib.get_close_matches(guess, names, n=1, cutoff=0.75)
            if near and near[0] != guess:  # "List of my orders" is no misspelt LIST
                return f"unknown command {words[0]!r}; did you mean {near[0]}?"
    return None


def run(cmd: Command, ctx: Context) -> Answer:
    """Run ``cmd``'s handler; a refusal raised as ``AdjudicatorError`` becomes an answer."""
    try:
        answer = cmd.handler(ctx)
    except AdjudicatorError as exc:
        return Answer(f"{cmd.name}: not done: {exc}", ok=False)
    if not isinstance(answer, Answer):
        raise TypeError(f"command {cmd.name} returned {type(answer).__name__}, not Answer")
    return answer


def help_text(only: str | None = None) -> str:
    """HELP, generated from the registry: every command's usage, who may use it, what it
    does and examples (``only``: the commands whose name starts with it)."""
    who = {"judge": "anyone; no game or password needed",
           "game": "anyone; names a game",
           "power": "a player: GAME, POWER and PASSWORD lines of the power"}
    cmds = sorted(registry().values(), key=lambda c: c.name)
    if only:
        key = " ".join(only.upper().split())
        cmds = [c for c in cmds if c.name.startswith(key)] or cmds
    out = ["Commands of this judge (one per line, in any case; several per message).",
           "Commands that act for a power need its credentials in the same message:",
           "  GAME <game>", "  POWER <power>", "  PASSWORD <password>", ""]
    for c in cmds:
        out.append(f"{c.usage}")
        out.append(f"    {c.summary}")
        out.append(f"    Who: {who[c.scope]}.")
        out += [f"    Example: {e}" for e in c.examples]
        out.append("")
    out.append("Built in: STATUS (a game's status), END or SIGNOFF (stop reading the "
               "message here).")
    out.append("Orders: GAME, POWER and PASSWORD lines, then one order per line.")
    return "\n".join(out) + "\n"
