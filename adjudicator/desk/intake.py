"""Mail intake: route each message to its game, authenticate, submit, reply.

Conventions (docs/moderator-desk.md, "Mail conventions"). Players write the way they
always have on the njudge and DPjudge, so every form of those judges' credentials is read:

- Header lines, anywhere in the player's text (case-insensitive, colon or ``=`` optional),
  one per line or several on one line (``GAME mygame POWER France PASSWORD s3cret``)::

      GAME mygame
      POWER France                 (also COUNTRY, NATION; a power's initial works too)
      PASSWORD s3cret              (also PW, PWD, PASSWD, TOKEN, Passwort, a misspelling)
      PHASE S1901M                 (or "Fall 1901 Movement": orders for a later phase)
      SIGNON France@mygame s3cret  (DPjudge; "SIGNON Fmygame s3cret" is the njudge form,
                                    "SIGN ON", "LOGIN" and "HELLO" are its synonyms)
      MODERATOR <moderator token>  (moderator commands)

- Subject: ``[mygame]`` or ``[mygame France]`` (also ``[mygame/France]``,
  ``[mygame - France]``) anywhere in the subject, among other tags (``[EXTERNAL]``); or
  the game's name and a power written out ("mygame - France - Spring 1901 orders"); or a
  whole credential ("SIGNON Fmygame s3cret"). Body lines override it. Replies keep the tag.
- Commands on a line of their own: ``STATUS``; ``END``/``SIGNOFF`` (stop reading).
  Moderator only: ``PAUSE``, ``RESUME``, ``PROCESS``, ``DEADLINE <ISO time>``,
  ``EXTEND <duration>``.
- Sections: every credential starts a section, and the orders that follow it are filed
  under it, so one mail may carry orders for several powers (a player running two); a bad
  credential refuses its own section only. A ``PHASE`` line after orders starts a section
  for that phase under the same credential (njudge's convention).

What the player wrote is read (``mailparse``): the text above a quoted message when it holds
orders, else the player's text below and between the quotes as well. Conversation is not
an error: greetings, headings, sign-offs and signatures are set aside and listed once as
ignored, never as errors. Nothing a player wrote as an order is dropped silently: a line
that reads as an order but is not taken (below a signature, after ``SIGNOFF``, below the
quote when the text above held the orders) is listed in the reply with the reason.

Automatic messages (bounces, out-of-office replies, list traffic, the judge's own mail
coming back) are logged and marked seen, never answered: two auto-responders answering
each other is the classic judge mail loop.

Security: From never authenticates anything. Only the PASSWORD of the named power (or the
moderator token) lets a message change anything; quoted text is never read, so an old
message cannot carry a password; a replayed message is recognised by its Message-ID and
ignored. A password never leaves in a reply, a subject, the audit log or an outcome:
every text echoed from the message is scrubbed of it.

Abuse (desk/abuse.py): wrong passwords start a cooling-off per power and per sender (no
password is checked while it lasts, the player is told once per period); a failure no
password vouched for is answered once per address and period (backscatter); at most
``password_checks`` scrypt runs are spent per message (or as many as one player of the
game holds powers, in a game for fewer players).

Idempotence: a Message-ID is marked "processing" (atomically, under the judge's mail lock)
before anything is stored, and "done" afterwards. A process killed in between leaves the
"processing" marker; the next ingest of that message recovers instead of starting over:
submissions already stored from it are found by their Message-ID (never stored twice),
and moderator commands are not run a second time. A message interrupted ``MAX_ATTEMPTS``
times is quarantined instead.

Hostile mail: every message is processed inside one guard (:meth:`Intake.ingest`): whatever
goes wrong, it is kept in ``mail/quarantine/``, marked seen, logged, answered when a
password vouched for it, and the batch goes on. The size is checked before the body is
parsed, and MIME depth and part count are bounded (``mailparse.parse_mail``).
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import json
import mailbox
import os
import re
import traceback
from collections.abc import Callable, Collection, Iterable
from datetime import datetime
from pathlib import Path

from adjudicator import service
from adjudicator.desk import commands, deadlines, outbox, press, signup, timezones, votes
from adjudicator.desk.abuse import MODERATOR, Policy, Throttle, sender_key
from adjudicator.desk.audit import game_audit
from adjudicator.desk.forum import is_forum_heading
from adjudicator.desk.judge import Judge, JudgeError
from adjudicator.desk.mailparse import (
    BELOW,
    MIME_DEPTH,
    MIME_PARTS,
    SIGNATURE,
    TEXT,
    MailText,
    ParsedMail,
    automatic_subject,
    parse_mail,
)
from adjudicator.desk.players import Roster
from adjudicator.errors import AdjudicatorError, PhaseNameError
from adjudicator.game import BaseGame, orders_ahead_allowed, phase_position
from adjudicator.logs import get_logger
from adjudicator.record import field, record
from adjudicator.store import (
    GameFolder,
    StoreError,
    Submission,
    atomic_write,
    canonical_json,
    file_stamp,
    now_iso,
    sha256_text,
)
from adjudicator.store import validate_game_name as _valid_name

log = get_logger(__name__)

MODERATOR_COMMANDS = {"PAUSE", "RESUME", "PROCESS", "DEADLINE", "EXTEND", "SETPRESS"}
# Every pattern here runs on lines a stranger wrote, before any limit is checked: none may
# backtrack more than linearly (tests/desk/test_slow_patterns.py). A command's argument is
# cut out with string operations: "\s*[:=]?\s*(.*?)\s*[.!]?\s*$" was cubic on a run of
# spaces.
_COMMAND_WORD = re.compile(r"^\s*(STATUS|END(?:\s+(?:OF\s+)?(?:ORDERS|MESSAGE|MOVES))?|SIGNOFF"
                           r"|SIGN\s+OFF|PAUSE|RESUME|PROCESS|DEADLINE|EXTEND|SET\s+PRESS)\b",
                           re.IGNORECASE)
MASK = commands.MASK


def command_of(line: str) -> tuple[str, str] | None:
    """``(word, argument)`` of a command line (``EXTEND: 24h.`` -> ``("EXTEND", "24h")``),
    None when the line does not start with a command word."""
    m = _COMMAND_WORD.match(line)
    if m is None:
        return None
    rest = line[m.end():].strip()
    if rest[:1] in (":", "="):
        rest = rest[1:].lstrip()
    if rest[-1:] in (".", "!"):
        rest = rest[:-1].rstrip()
    return m.group(1), rest

# --- credentials ---------------------------------------------------------------------------
# keyword (as normalised: upper case, single spaces) -> what it sets
_KEYWORDS = {
    "GAME": "GAME", "POWER": "POWER", "COUNTRY": "POWER", "NATION": "POWER",
    "PASSWORD": "PASSWORD", "PASSWD": "PASSWORD", "PASSWORT": "PASSWORD",
    "KENNWORT": "PASSWORD", "PWD": "PASSWORD", "PW": "PASSWORD", "TOKEN": "PASSWORD",
    "MOT DE PASSE": "PASSWORD", "CONTRASENA": "PASSWORD", "CONTRASEÑA": "PASSWORD",
    "PHASE": "PHASE", "MODERATOR": "MODERATOR",
    "SIGNON": "SIGNON", "SIGN ON": "SIGNON", "LOGIN": "LOGIN", "LOG IN": "LOGIN",
    "HELLO": "LOGIN",
}
_KEY_PATTERN = "|".join(sorted((k.replace(" ", r"\s+") for k in _KEYWORDS), key=len,
                               reverse=True))
_KEY_SEP = re.compile(rf"(?i)(?<![\w-])({_KEY_PATTERN})\s*[:=]\s*")
_SECRET_KEYS = {"PASSWORD", "MODERATOR"}
_CREDENTIAL_KEYS = {"GAME", "POWER", "PASSWORD", "SIGNON", "LOGIN"}
_SUBJECT_TAG = re.compile(r"\[\s*([A-Za-z0-9][A-Za-z0-9_-]{0,63})(?:(?:\s*[/:,-]\s*|\s+)"
                          r"([A-Za-z][\w-]{0,31}))?\s*\]")


@record
class Section:
    """One credential and the order lines that follow it (line numbers of the mail text)."""

    game: str | None = None
    power: str | None = None
    password: str | None = None
    phase: str | None = None
    line: int = 0  # the line of its first credential (0: the subject's, or none)
    orders: list[int] = field(default_factory=list)
    keys: set[str] = field(default_factory=set)  # what the body set for this section

    @property
    def credential_line(self) -> str:
        return f"line {self.line}" if self.line else "the subject"


@record
class Call:
    """One registered command line (desk/commands.py) and the section it belongs to."""

    line: int
    cmd: commands.Command
    args: str
    section: Section
    body: list[int] = field(default_factory=list)  # a block command's lines
    closed: bool = True  # a block command: its end line was found


@record
class Directives:
    """What a message asks for, read from its subject and the player's text."""

    sections: list[Section] = field(default_factory=list)
    moderator: str | None = None
    commands: list[tuple[str, str]] = field(default_factory=list)
    secrets: set[str] = field(default_factory=set)  # every password the message carries
    after_end: list[int] = field(default_factory=list)  # lines after END / SIGNOFF
    text: MailText = field(default_factory=MailText)
    subject_words: list[str] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)  # registered commands (desk/commands.py)
    unknown: list[tuple[int, str]] = field(default_factory=list)  # (line, why) would-be commands

    # The first section's view, for a message with one credential (the common case).
    @property
    def game(self) -> str | None:
        return next((s.game for s in self.sections if s.game), None)

    @property
    def power(self) -> str | None:
        return self.sections[0].power if self.sections else None

    @property
    def password(self) -> str | None:
        return self.sections[0].password if self.sections else None

    @property
    def phase(self) -> str | None:
        return self.sections[0].phase if self.sections else None

    @property
    def order_numbers(self) -> list[int]:
        return sorted(n for s in self.sections for n in s.orders)

    @property
    def order_text(self) -> str:
        """Every order line of the message (all sections), other lines blank."""
        return self.text.keep(self.order_numbers)

    @property
    def order_lines(self) -> int:
        return sum(1 for n in self.order_numbers if self.text.line(n).strip())


GameLookup = Callable[[str], "str | None"]


def _lookup(known: Collection[str] | GameLookup | None) -> GameLookup:
    """A case-insensitive game-name lookup from a collection (or a ready lookup)."""
    if known is None:
        return lambda name: None
    if callable(known):
        return known
    table = {k.lower(): k for k in known}
    return lambda name: table.get(name.lower())


def _tokens(line: str) -> list[str]:
    """Words of a candidate header line: ``Game: g1, Power=France`` -> ``Game g1 Power
    France``; bold and code markers that mail clients add around words are dropped."""
    s = line.strip().strip("*`").strip()
    s = re.sub(r"^[-•·*]\s+", "", s)
    s = _KEY_SEP.sub(lambda m: m.group(1) + " ", s)
    return [t.strip("*`") for t in re.split(r"[\s,]+", s) if t.strip("*`")]


def _keyword(tokens: list[str], i: int) -> tuple[str | None, int]:
    """The keyword starting at ``tokens[i]`` (what it sets, how many tokens it takes)."""
    for width in (3, 2, 1):
        words = " ".join(tokens[i:i + width]).upper()
        if len(tokens) >= i + width and words in _KEYWORDS:
            return _KEYWORDS[words], width
    return None, 1


def parse_header_line(line: str) -> list[tuple[str, list[str]]] | None:
    """The ``(KEY, values)`` pairs of a credential line, or None when it is not one.

    A header line starts with a keyword; several may follow on the line (``GAME g1 POWER
    France PASSWORD xyz``). A misspelt PASSWORD ("Pasword: xyz") still counts, so the
    password is never echoed back as a failed order.
    """
    tokens = _tokens(line)
    if not tokens:
        return None
    key, width = _keyword(tokens, 0)
    if key is None:
        first = tokens[0].lower().rstrip(":=")
        if (len(tokens) == 2 and 6 <= len(first) <= 20
                and difflib.SequenceMatcher(None, first, "password").ratio() >= 0.8):
            return [("PASSWORD", [tokens[1]])]
        return None
    pairs: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(tokens):
        key, width = _keyword(tokens, i)
        if key is None:
            pairs[-1][1].append(tokens[i])
            i += 1
            continue
        pairs.append((key, []))
        i += width
        while i < len(tokens) and (tokens[i].lower() == "is"
                                   or re.fullmatch(r"[-–—:=>]+", tokens[i])):
            i += 1
    return [(k, [v.strip(".,;:|!?)(\"'") for v in vals if v.strip(".,;:|!?)(\"'")])
            for k, vals in pairs]


def _signon(values: list[str], is_game: GameLookup) -> tuple[str | None, str | None,
                                                               str | None] | None:
    """``(game, power, password)`` of a SIGNON's words, in every form players use:
    ``France@game pw`` (DPjudge), ``Fgame pw`` (njudge: the power's initial and the game),
    ``France game pw``, ``game pw``, ``France pw`` (the game from the subject)."""
    if not values:
        return None
    password = values[-1] if len(values) >= 2 else None
    ident = values[:-1] if password is not None else values
    if len(ident) == 1:
        x = ident[0].lstrip("_")
        if "@" in x:
            power, _, game = x.partition("@")
            return game or None, power or None, password
        if is_game(x):
            return x, None, password
        if len(x) > 1 and is_game(x[1:]):
            return x[1:], x[0], password
        if len(x) > 1 and not x.isalpha():
            return x[1:], x[0], password  # njudge form naming an unknown game: said so later
        return None, x, password
    a, b = ident[0], ident[1]
    if is_game(a) and not is_game(b):
        return a, b, password
    return b, a, password


def _apply(section: Section, key: str, values: list[str], is_game: GameLookup,
           secrets: set[str]) -> bool:
    """Set ``key`` on ``section``; False when the line is not a credential after all (a
    "Hello everyone" is not njudge's HELLO)."""
    value = values[0] if values else ""
    if key == "GAME" and (not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", value)
                          or (len(values) > 1 and not is_game(value))):
        return False  # "Game on! Here are my orders" is not a GAME line
    if key in ("SIGNON", "LOGIN"):
        parsed = _signon(values, is_game)
        if parsed is None or (key == "LOGIN" and not (parsed[0] and is_game(parsed[0]))):
            return False
        game, power, password = parsed
        if game:
            section.game = game
        if power:
            section.power = power
        if password:
            section.password = password
            secrets.add(password)
        section.keys |= {"SIGNON", "POWER", "PASSWORD"}
        return True
    if key == "GAME":
        section.game = value
    elif key == "POWER":
        section.power = value
    elif key == "PASSWORD":
        section.password = value
        if value:
            secrets.add(value)
    elif key == "PHASE":
        section.phase = " ".join(values)
    section.keys.add(key)
    return True


def read_directives(mail: ParsedMail, known: Collection[str] | GameLookup | None = None,
                    reading: Iterable[int] | None = None) -> Directives:
    """Credentials, commands and sections of ``mail``.

    ``known`` tells game names apart (for ``[EXTERNAL]`` subject tags, njudge's
    ``SIGNON Fgame``); ``reading`` is the set of lines to read (by default the player's
    text: see :meth:`MailText.new_text`; the intake widens it to the text below a quote
    when the text above holds no orders).
    """
    is_game = _lookup(known)
    text = mail.text
    d = Directives(text=text)
    subject = _subject_section(mail.subject, is_game, d)
    if reading is None:
        top = text.numbers(TEXT)
        reading = top if any(text.line(n).strip() for n in top) else text.numbers(TEXT, BELOW)
    cur = subject
    sections = [cur]
    ended = False
    block: Call | None = None  # the block command being read (PRESS ... ENDPRESS)
    for n in sorted(set(reading)):
        line = text.line(n)
        d.secrets |= loose_secrets(line)
        if ended:
            d.after_end.append(n)
            continue
        if block is not None:
            if re.fullmatch(block.cmd.until or "", line.strip(), re.IGNORECASE):
                block.closed, block = True, None
            else:
                block.body.append(n)
            continue
        pairs = parse_header_line(line)
        if pairs is not None:
            probe = Section(game=cur.game)
            if all(_apply(probe, k, v, is_game, set()) for k, v in pairs):
                for key, values in pairs:
                    cur = _next_section(cur, key, sections, n)
                    if key == "MODERATOR":
                        d.moderator = values[0] if values else ""
                        if d.moderator:
                            d.secrets.add(d.moderator)
                        continue
                    _apply(cur, key, values, is_game, d.secrets)
                continue
        c = command_of(line)
        if c and (not c[1] or c[0].upper() in ("DEADLINE", "EXTEND")
                  or "".join(c[0].upper().split()) == "SETPRESS"):
            cmd = re.sub(r"\s+", "", c[0].upper())
            if cmd.startswith("END") or cmd == "SIGNOFF":
                ended = True
                continue
            d.commands.append((cmd, c[1]))
            continue
        found = commands.match_line(line)
        if found is not None:
            call = Call(n, found[0], found[1], cur)
            d.calls.append(call)
            if call.cmd.secret_args and call.args:
                d.secrets |= {call.args, *call.args.split()}
            if call.cmd.until:
                call.closed, block = False, call
            continue
        why = commands.unknown_command(line)
        if why:
            d.unknown.append((n, why))
            continue
        cur.orders.append(n)
    d.sections = [s for s in sections if s.orders or s.keys or s is sections[0]]
    return d


def _next_section(cur: Section, key: str, sections: list[Section], line: int) -> Section:
    """The section a header ``key`` on ``line`` belongs to: a new one when ``cur`` already
    has a credential and orders after it, or already set that key (``POWER France ...
    POWER Germany``); a ``PHASE`` after orders starts a section for that phase under the
    same credential."""
    has_credential = bool(cur.keys & {"POWER", "PASSWORD", "SIGNON"})
    # Lines before a section's first credential (a greeting, or orders with the credential
    # written below them) belong to it; only orders after the credential close it.
    credited = bool(cur.line) or "PASSWORD" in cur.keys  # a subject credential is at "line 0"
    ordered = credited and any(n > cur.line for n in cur.orders)
    if key == "PHASE":
        if ordered and has_credential:
            new = Section(game=cur.game, power=cur.power, password=cur.password, line=line,
                          keys=set(cur.keys))
            sections.append(new)
            return new
        return cur
    if key not in _CREDENTIAL_KEYS:
        return cur
    repeats = key in cur.keys or (key in ("SIGNON", "LOGIN") and has_credential)
    if has_credential and (ordered or repeats):
        new = Section(game=cur.game, line=line)
        sections.append(new)
        return new
    if not cur.line:
        cur.line = line
    return cur


def _subject_section(subject: str, is_game: GameLookup, d: Directives) -> Section:
    """The credential a subject gives: a ``[game Power]`` tag naming a known game (other
    tags such as ``[EXTERNAL]`` are skipped), a whole credential line, or the game's name
    written out; the words are kept to find a power among them once the game is known."""
    section = Section()
    tags = list(_SUBJECT_TAG.finditer(subject))
    chosen = next((m for m in tags if is_game(m.group(1))), None)
    if chosen is None and tags and not any(is_game(w) for w in re.findall(r"[\w-]+", subject)):
        chosen = tags[-1] if len(tags) > 1 and tags[-1].group(2) else tags[0]
    if chosen is not None:
        section.game, section.power = chosen.group(1), chosen.group(2)
        if section.power is None and "-" in section.game and not is_game(section.game):
            game, _, power = section.game.rpartition("-")
            if is_game(game):
                section.game, section.power = game, power
    stripped = _SUBJECT_TAG.sub(" ", subject)
    stripped = re.sub(r"^\s*(?:(?:re|aw|fwd?|sv|tr|antw|vs|wg|odp)(?:\[\d+\])?\s*:\s*)+", "",
                      stripped, flags=re.IGNORECASE)
    pairs = parse_header_line(stripped)
    if pairs:
        probe = Section(game=section.game, power=section.power)
        if all(_apply(probe, k, v, is_game, d.secrets) for k, v in pairs if k != "MODERATOR"):
            section.game, section.power = probe.game, probe.power
            section.password, section.phase = probe.password, None
            if section.password:  # a whole credential: body credentials start new sections
                section.keys = {"PASSWORD"} | ({"POWER"} if section.power else set())
    if section.game is None:
        section.game = next((w for w in re.findall(r"[A-Za-z0-9][\w-]*", stripped)
                             if is_game(w)), None)
    d.subject_words = re.findall(r"[A-Za-zÀ-ÿ][\w'-]*", stripped)
    return section


# --- scrubbing ----------------------------------------------------------------------------
_SCRUB_KEYED = re.compile(rf"(?i)(?<![\w-])((?:{_KEY_PATTERN})(?:\s*[:=]|\s+is\b)?\s*)(\S+)")


def scrubber(secrets: Iterable[str]) -> Callable[[str], str]:
    """A function that removes every password of the message from a text, wherever it
    appears as a whole word (passwords are random tokens, so nothing else is touched)."""
    words = sorted({s for s in secrets if len(s) >= 4}, key=len, reverse=True)
    if not words:
        return lambda text: text
    pattern = re.compile("(?<![A-Za-z0-9_-])(?:" + "|".join(map(re.escape, words))
                         + ")(?![A-Za-z0-9_-])")
    return lambda text: pattern.sub(MASK, text)


def scrub_subject(subject: str, scrub: Callable[[str], str] | None = None) -> str:
    """A subject as it may be echoed: the value after a password keyword is masked whatever
    it is (a wrong password is somebody's password too), so is the last word of a SIGNON,
    and then every known password (``scrub``)."""
    def keyed(m: re.Match[str]) -> str:
        key = re.sub(r"\s+", " ", m.group(1)).strip().rstrip(":=").strip().upper()
        key = re.sub(r"\s+IS$", "", key)
        return m.group(1) + MASK if _KEYWORDS.get(key) in _SECRET_KEYS else m.group(0)

    subject = _SCRUB_KEYED.sub(keyed, subject)
    subject = re.sub(r"(?i)(\b(?:sign\s*on|login|log\s+in)\s+(?:\S+\s+){1,2}?)(\S+)\s*$",
                     lambda m: m.group(1) + MASK, subject)
    return scrub(subject) if scrub else subject


_LOOSE_SECRET = re.compile(r"(?i)\b(?:password|passwd|passwort|pwd|pw|token)(?:\s*[:=]|\s*is)?"
                           r"\s*([^\s,;]{6,})")


def loose_secrets(line: str) -> set[str]:
    """Values that look like a password after a password keyword in any line ("my password
    is Xk2-f9..."): they are scrubbed from echoes even when the line is not a credential."""
    return {v.strip(".,;:!?)(\"'") for v in _LOOSE_SECRET.findall(line)
            if not re.fullmatch(r"[a-z']+", v.strip(".,;:!?)(\"'"))}


# --- conversation --------------------------------------------------------------------------
_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|hiya|howdy|dear|greetings|good\s+(?:morning|afternoon|evening|day)"
    r"|bonjour|bonsoir|salut|coucou|hallo|hola|ciao|moin|servus|hej|hei|ahoj|yo|gm|judge"
    r"|moderator|all|everyone|gentlemen|folks)\b[^\d]{0,50}$", re.IGNORECASE)
_SIGNOFF = re.compile(
    r"^\s*(?:thanks|thank\s+you|thx|tx|ty|tia|many\s+thanks|cheers|regards|best|kind\s+regards"
    r"|warm\s+regards|all\s+the\s+best|yours|sincerely|cordially|ciao|bye|goodbye|later|cya"
    r"|see\s+you|good\s+luck|have\s+fun|gl|hf|glhf|merci|danke|gracias|grazie|tschüss"
    r"|gruß|grüße|gruss|lg|mfg|à\s+bientôt|a\s+bientot|bises|amitiés|cordialement"
    r"|salutations|take\s+care|peace|enjoy|signed)\b[^\d]{0,60}$", re.IGNORECASE)
_NAME = re.compile(r"^\s*(?:[-~–—]+\s*)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}\s*(?:[.!]\s*)?$")


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# everyday words that make a line a sentence (two of them in five words or more)
_FUNCTION_WORDS = _wordset(
    "i im you we my your our the to is are will be for and this that it me please hope "
    "sorry just not have was if so but with of as at can would should could do don dont "
    "think going want let know thanks je tu nous le la les est ich du wir und der die das "
    "ist nicht")
# words a heading is made of, besides the game's powers and phase ("France - Spring 1901
# orders:", "Here are my orders", "Revised orders for this turn")
_HEADING_WORDS = _wordset(
    "orders order my our the for here are is these this turn phase season year game moves "
    "retreats retreat builds build adjustments adjustment winter spring fall autumn summer "
    "movement provisional final revised new updated corrected changed amended below "
    "following as follows please find of and in list set submission submitting diplomacy "
    "dip gm judge moderator to from s")


def _words(line: str) -> list[str]:
    return [w for w in re.split(r"[\s:;,.!?()\[\]{}\"'’*#=/|_–—-]+", line.lower()) if w]


def conversation_lines(game: BaseGame, state: dict | None, text: MailText, numbers: list[int],
                       vocabulary: set[str], name_words: set[str]) -> dict[int, str]:
    """The lines among ``numbers`` that are conversation, not failed orders: ``{line:
    kind}`` with kind greeting, heading, sign-off, signature or prose.

    Only a line the game could not read at all is a candidate (a line with an order on it
    never is), so a mistyped order still gets its error and its "did you mean". Greetings
    count before the first order, sign-offs and the signature lines below them after the
    last; headings ("France - Spring 1901 orders:") are made only of power names, phase
    words and the like (``vocabulary``); prose needs a sentence: five words or more, the
    first not readable, and at least two everyday function words.
    """
    if not numbers:
        return {}
    parsed = game.parse(text.keep(numbers), state)
    order_lines = {p.line for p in parsed.orders}
    ignored = {i.line for i in parsed.ignored}
    first_col: dict[int, int] = {}
    for e in parsed.errors:
        if e.line and e.line not in order_lines:
            first_col[e.line] = min(first_col.get(e.line, 10**6), e.column or 1)
    first = min(order_lines, default=None)
    last = max(order_lines, default=None)
    out: dict[int, str] = {}
    after_signoff = 0  # lines of signature still expected after a sign-off
    nonblank = [n for n in numbers if text.line(n).strip()]
    for n in numbers:
        s = text.line(n).strip()
        if not s or n in order_lines or n in ignored or n not in first_col:
            if n in order_lines:
                after_signoff = 0
            continue
        words = _words(s)
        before = first is None or n < first
        after = last is None or n > last
        lead = len(text.line(n)) - len(text.line(n).lstrip()) + 1
        if is_forum_heading(s):
            out[n] = "heading"
        elif before and _GREETING.match(s) and len(words) <= 8:
            out[n] = "greeting"
        elif after and _SIGNOFF.match(s) and len(words) <= 10:
            out[n] = "sign-off"
            after_signoff = 4
        elif after and 0 < len(words) <= 4 and (_NAME.match(s) or after_signoff) \
                and (after_signoff or set(words) <= name_words):
            out[n] = "signature"
            after_signoff = max(0, after_signoff - 1)
        elif after and after_signoff and len(words) <= 6 and first_col[n] <= lead:
            out[n] = "signature"  # a company, a town, a title under the name
            after_signoff -= 1
        elif words and len(words) <= 12 and all(w in vocabulary or re.fullmatch(
                r"\d{3,4}|[sfwu]\d{4}[mrab]|[a-z]+'s", w) for w in words):
            out[n] = "heading"
        elif (len(words) >= 5 and first_col[n] <= lead
              and sum(w in _FUNCTION_WORDS for w in words) >= 2):
            out[n] = "prose"
        elif (s.endswith(":") and len(words) <= 8 and first_col[n] <= lead
              and _next_is_order(nonblank, n, order_lines)):
            out[n] = "heading"  # a lead-in: "Changed my mind:", "New moves:"
    return out


def _next_is_order(nonblank: list[int], n: int, order_lines: set[int]) -> bool:
    """Whether the next non-blank line after ``n`` holds an order."""
    later = [m for m in nonblank if m > n]
    return bool(later) and later[0] in order_lines


# --- outcomes -------------------------------------------------------------------------------
@record
class Outcome:
    message_id: str
    # accepted, accepted-with-errors, accepted-ahead, accepted-ahead-with-errors,
    # partly-accepted, rejected, denied, status, command, unmatched, automatic, duplicate, error
    status: str
    game: str | None = None
    powers: list[str] = field(default_factory=list)
    reply: str | None = None  # outbox file name
    detail: str = ""
    sections: list[dict] = field(default_factory=list)  # one per credential of the message

    def to_json(self) -> dict:
        return {"message_id": self.message_id, "status": self.status, "game": self.game,
                "powers": self.powers, "reply": self.reply, "detail": self.detail,
                "sections": self.sections}


@record
class _Result:
    """What became of one section of a message."""

    status: str  # accepted..., denied, rejected, status, empty
    power: str | None
    block: list[str]
    detail: str = ""
    line: int = 0
    waiting: list[str] | None = None  # who is still missing, after a current-phase submission

    def to_json(self) -> dict:
        return {"power": self.power, "status": self.status, "line": self.line,
                "detail": self.detail}


def _overall(results: list[_Result]) -> str:
    """One status for a message of several sections (the only one's, when there is one)."""
    if len(results) == 1:
        return results[0].status
    acted = [r for r in results if r.status not in ("status", "empty")]
    if not acted:
        return "status"
    accepted = [r for r in acted if r.status.startswith("accepted")]
    if accepted and len(accepted) < len(acted):
        return "partly-accepted"
    if not accepted:
        return acted[0].status
    errors = any(r.status.endswith("with-errors") for r in accepted)
    ahead = all(r.status.startswith("accepted-ahead") for r in accepted)
    return ("accepted-ahead" if ahead else "accepted") + ("-with-errors" if errors else "")


# --- the per-message pipeline ---------------------------------------------------------------
#: A message whose processing was interrupted (the process killed) this many times is
#: quarantined instead of being tried again: it is what kills the process.
MAX_ATTEMPTS = 3


class Intake:
    def __init__(self, judge: Judge, now: Callable[[], datetime] | None = None) -> None:
        self.judge = judge
        self.limits = judge.limits()
        self.throttle = Throttle(judge.path / "desk", Policy.from_limits(self.limits), now)
        self._begin()
        self._names: dict[str, str] | None = None

    def _begin(self) -> None:
        """Forget the previous message: what is kept per message is set by _ingest."""
        # The passwords of the message being processed, removed from everything echoed
        # (replies, audit entries, outcomes); set per message by _process.
        self._scrub: Callable[[str], str] = lambda text: text
        self._mail: ParsedMail | None = None
        self._authenticated: list[str] = []  # powers (or "moderator") a password vouched for
        self._checks = 0  # password verifications (scrypt runs) spent on this message
        # at most this many per message: the judge's limit, or as many powers as one player
        # of the message's game holds (a fewer-player game), so one mail carries them all
        self._check_limit = self.throttle.policy.password_checks
        self._verified: dict[tuple[str, str], bool] = {}
        self._withheld = False  # a failure reply not sent (backscatter limit)
        # a section's authentication, once per message (orders and commands share it)
        self._section_auth: dict[tuple[int, str], tuple[str | None, str]] = {}
        self._recovering = False

    # seen markers live under the judge so a message is recorded once whichever game it names
    def _seen_path(self, message_id: str) -> Path:
        h = hashlib.sha256(message_id.encode("utf-8", "replace")).hexdigest()
        return self.judge.path / "mail" / "seen" / f"{h}.json"

    def ingest(self, raw: bytes, source: str = "mail") -> Outcome:
        """Process one raw message; never raises for anything the message contains.

        Everything happens inside one guard: whatever goes wrong (a bug, a message the mail
        library chokes on, a full disk), the message is kept in ``mail/quarantine/``,
        marked seen (a later run does not stumble on it again), logged, answered when a
        password vouched for it, and the batch goes on."""
        with self.judge.mail_lock():
            self._begin()
            self.throttle.reload()  # (another process may have changed it meanwhile)
            try:
                outcome = self._ingest(raw, source)
            except Exception as exc:  # noqa: BLE001 - the one guard: the batch goes on
                outcome = self._contain(raw, source, exc)
            try:
                self.throttle.save()
            except Exception as exc:  # noqa: BLE001 - a throttle that cannot be saved
                log.error("cannot save %s: %r", self.throttle.path, exc)
            return outcome

    def _ingest(self, raw: bytes, source: str) -> Outcome:
        lim = self.limits
        # A message the guard caught before it could be read is marked under the digest
        # of its bytes: recognised here, before the parser that failed on it runs again.
        digest = "sha256:" + hashlib.sha256(raw).hexdigest()
        early = self._seen_path(digest)
        if early.exists() and _marker(early).get("status") not in ("processing", None):
            self.judge.audit().append("mail-duplicate", {"message_id": digest,
                                                         "source": source})
            return Outcome(digest, "duplicate", detail="already ingested")
        # The size is checked before anything is parsed: an oversized message (or one too
        # deep or too wide) is read no further than its headers.
        mail = parse_mail(raw, max_bytes=int(lim["message_bytes"]),
                          max_depth=int(lim.get("mime_depth", MIME_DEPTH)),
                          max_parts=int(lim.get("mime_parts", MIME_PARTS)))
        self._mail = mail
        seen = self._seen_path(mail.message_id)
        recovering = False
        if seen.exists():
            marker = _marker(seen)
            if marker.get("status") != "processing":
                self.judge.audit().append("mail-duplicate", {
                    "message_id": mail.message_id, "from": mail.from_addr,
                    "source": source})
                return Outcome(mail.message_id, "duplicate", detail="already ingested")
            # An earlier run died while processing this message: recover (see module doc),
            # unless it died there every time: then it is what kills the process.
            attempts = _attempts(marker) + 1
            if attempts > MAX_ATTEMPTS:
                return self._poison(raw, mail, source, seen, attempts - 1)
            recovering = True
            self.judge.audit().append("mail-recovery", {
                "message_id": mail.message_id, "from": mail.from_addr, "source": source,
                "attempt": attempts})
        else:
            attempts = 1
        atomic_write(seen, canonical_json({
            "time": now_iso(), "status": "processing", "message_id": mail.message_id,
            "source": source, "attempts": attempts}))
        automatic = self._automatic(raw, mail)
        if automatic:
            outcome = self._log_automatic(raw, mail, source, automatic, recovering)
        elif mail.refused:
            outcome = self._refuse_unread(raw, mail, source)
        else:
            outcome = self._process(raw, mail, source, recovering)
        self._finish(outcome, seen)
        log.info("message %s: %s (game %s)", mail.message_id, outcome.status,
                 outcome.game or "-")
        return outcome

    def _finish(self, outcome: Outcome, seen: Path) -> None:
        """Scrub the outcome and record it in the message's marker."""
        if self._withheld:
            outcome.detail = (f"{outcome.detail} (not answered: a failed message from this "
                              f"address was answered within {self.throttle.period_text()})"
                              ).strip()
        outcome.detail = self._scrub(outcome.detail)
        outcome.sections = [{k: self._scrub(v) if isinstance(v, str) else v
                             for k, v in sec.items()} for sec in outcome.sections]
        atomic_write(seen, canonical_json({"time": now_iso(), **outcome.to_json(),
                                           "marker": "done"}))

    # --- what could not be processed --------------------------------------------------------
    def _quarantine(self, raw: bytes, message_id: str) -> Path:
        """Keep ``raw`` verbatim in ``mail/quarantine/`` for the moderator."""
        h = hashlib.sha256(message_id.encode("utf-8", "replace")).hexdigest()[:16]
        path = self.judge.path / "mail" / "quarantine" / f"{file_stamp()}-{h}.eml"
        atomic_write(path, raw, mode=0o600)
        return path

    def _contain(self, raw: bytes, source: str, exc: BaseException) -> Outcome:
        """The guard's work when processing failed: quarantine, marker, log, answer. Each
        step is guarded on its own (the disk may be what failed)."""
        mail = self._mail
        mid = mail.message_id if mail else "sha256:" + hashlib.sha256(raw).hexdigest()
        trace = self._scrub(traceback.format_exc())[-2000:]
        log.error("message %s: internal error %r", mid, exc)
        detail = self._scrub(repr(exc))[:300]
        entry: dict = {"message_id": mid, "source": source, "traceback": trace}
        try:
            entry["quarantine"] = self._quarantine(raw, mid).name
        except Exception as err:  # noqa: BLE001
            log.error("message %s: cannot quarantine it: %r", mid, err)
        try:
            entry["marker"] = self._seen_path(mid).name
            self.judge.audit().append("mail-internal-error", entry)
        except Exception as err:  # noqa: BLE001
            log.error("message %s: cannot log the error: %r", mid, err)
        outcome = Outcome(mid, "error", detail=detail)
        if mail is not None and self._authenticated:
            try:  # a password vouched for the sender: they must not be left waiting
                outcome.reply = self._reply(
                    mail, [], "judge",
                    "Your message could not be processed: the judge failed on it, and the "
                    "moderator will look at it.\nPart of it may have been stored: check "
                    "the game's status (a message with the line STATUS) before you send it "
                    "again.\n", kind="error")
            except Exception as err:  # noqa: BLE001
                log.error("message %s: cannot answer it: %r", mid, err)
        try:
            self._finish(outcome, self._seen_path(mid))
        except Exception as err:  # noqa: BLE001
            log.error("message %s: cannot mark it seen: %r", mid, err)
        return outcome

    def _poison(self, raw: bytes, mail: ParsedMail, source: str, seen: Path,
                attempts: int) -> Outcome:
        """A message whose processing was interrupted ``attempts`` times: quarantined."""
        why = (f"its processing was interrupted {attempts} times (the process was killed "
               "while working on it); it is kept for the moderator and not tried again")
        path = self._quarantine(raw, mail.message_id)
        self.judge.audit().append("mail-quarantined", {
            "message_id": mail.message_id, "from": mail.from_addr, "reason": why,
            "quarantine": path.name, "marker": seen.name, "source": source})
        outcome = Outcome(mail.message_id, "error", detail=why)
        self._finish(outcome, seen)
        return outcome

    def _refuse_unread(self, raw: bytes, mail: ParsedMail, source: str) -> Outcome:
        """A message refused before its body was read (too large, too deep, too many parts,
        unreadable): kept in quarantine, logged, answered once per address and period."""
        path = self._quarantine(raw, mail.message_id)
        self.judge.audit().append("mail-refused", {
            "message_id": mail.message_id, "from": mail.from_addr,
            "subject": scrub_subject(mail.subject), "bytes": len(raw),
            "sha256": hashlib.sha256(raw).hexdigest(), "reason": mail.refused,
            "quarantine": path.name, "source": source})
        body = (f"Your message was not processed: {mail.refused}.\nNothing was submitted: "
                "nothing was read from it. Send your orders as plain text, in a message of "
                f"at most {self.limits['message_bytes']} bytes.\n")
        reply = self._reply(mail, [], "judge", body, kind="refused", failure=True)
        return Outcome(mail.message_id, "rejected", detail=mail.refused, reply=reply)

    # --- automatic messages -----------------------------------------------------------------
    def _automatic(self, raw: bytes, mail: ParsedMail) -> str:
        """Why this message must not be answered ("" when a person wrote it): the header
        signs of a machine (``mailparse.automatic_reason``), or the judge's own mail
        coming back (a forwarding loop)."""
        own = str(self.judge.config.get("judge_address") or "").lower()
        if own and mail.from_addr.lower() == own:
            return "sent from the judge's own address (a mail loop)"
        head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0].decode("latin-1").lower()
        if own and re.search(rf"^x-loop:.*{re.escape(own)}", head, re.MULTILINE):
            return "X-Loop names the judge (a mail loop)"
        if mail.automatic:
            return mail.automatic
        by_subject = automatic_subject(mail.subject)
        if by_subject:
            # A person may write "Out of office next week, orders below": a message that
            # carries a password was written by its player, whatever its subject says.
            player = read_directives(mail, self._is_game,
                                     reading=mail.text.numbers(TEXT, BELOW))
            if not any(s.password for s in player.sections) and player.moderator is None:
                return by_subject
        return ""

    def _log_automatic(self, raw: bytes, mail: ParsedMail, source: str, reason: str,
                       recovering: bool) -> Outcome:
        """Keep an automatic message for the moderator (a bounce says an address is dead)
        and log it; never answer it."""
        base = self.judge.path / "mail" / "automatic"
        archived, _ = self._archive(raw, mail, None, recovering, base=base)
        self.judge.audit().append("mail-automatic", {
            "message_id": mail.message_id, "from": mail.from_addr,
            "subject": scrub_subject(mail.subject), "reason": reason, "archive": archived.name,
            "source": source})
        return Outcome(mail.message_id, "automatic", detail=reason)

    # --- replies ------------------------------------------------------------------------------
    def _reply(self, mail: ParsedMail, to_extra: list[str], tag: str, body: str,
               kind: str = "reply", failure: bool = False,
               data: list[tuple[str, str, bytes]] | None = None) -> str | None:
        """Answer ``mail``: subject ``Re: [tag] <its subject>``, everything scrubbed of the
        message's passwords (a password typed in the subject is not sent back).

        A ``failure`` no password vouched for is answered once per address and period
        (backscatter: the sender may be forged); later ones are not answered at all."""
        if failure and not self._authenticated:
            if not self.throttle.may_answer(mail.reply_to or mail.from_addr):
                self._withheld = True
                return None
            body += ("\n(Further messages from this address that fail are not answered for "
                     f"{self.throttle.period_text()}.)\n")
        to = [mail.reply_to or mail.from_addr, *to_extra]
        subject = _SUBJECT_TAG.sub(lambda m: "" if self._is_game(m.group(1)) else m.group(0),
                                   mail.subject)
        subject = re.sub(r"^\s*(?:(?:re|aw|fwd?|sv|tr|antw|vs|wg|odp)(?:\[\d+\])?\s*:\s*)+", "",
                         subject.strip(), flags=re.IGNORECASE)
        subject = re.sub(r"\s+", " ", scrub_subject(subject, self._scrub)).strip()
        path = outbox.send(self.judge, to, f"Re: [{tag}] {subject}".rstrip(),
                           self._scrub(body), kind=kind, in_reply_to=mail.message_id,
                           **({"parts": data} if data else {}))
        return path.name if path else None

    def _archive(self, raw: bytes, mail: ParsedMail, folder: GameFolder | None,
                 recovering: bool = False, base: Path | None = None) -> tuple[Path, bool]:
        """Keep the message verbatim; returns the file and whether it was already there
        (only possible when recovering from an interrupted run: then it is not copied twice)."""
        if base is None:
            base = (folder.path / "desk" / "inbox" if folder
                    else self.judge.path / "mail" / "unmatched")
        h = hashlib.sha256(mail.message_id.encode("utf-8", "replace")).hexdigest()[:16]
        if recovering:
            for old in sorted(base.glob(f"*-{h}.eml")):
                if old.read_bytes() == raw:
                    return old, True
        path = base / f"{file_stamp()}-{h}.eml"
        atomic_write(path, raw, mode=0o600)
        return path, False

    # --- reading the message --------------------------------------------------------------------
    def _is_game(self, name: str) -> str | None:
        """The folder name of game ``name`` (case-insensitive), or None."""
        try:
            _valid_name(name)
        except StoreError:
            return None
        if (self.judge.games_dir / name / "game.json").is_file():
            return name
        if self._names is None:
            self._names = {n.lower(): n for n in self.judge.game_names()}
        return self._names.get(name.lower())

    def _reading(self, mail: ParsedMail, game: BaseGame, state: dict) -> list[int]:
        """The lines to read: the player's text above a quote when it holds orders (and a
        password, there or in the subject); else the player's text below and between the
        quotes as well (bottom-posting, inline replies, a password written below)."""
        text = mail.text
        top = text.numbers(TEXT)
        below = text.numbers(BELOW)
        if not below:
            return top
        d = read_directives(mail, self._is_game, reading=top)
        # (a line over the length limit is never submitted: the game need not read it)
        longest = int(self.limits["line_length"])
        lines = [n for s in d.sections for n in s.orders if len(text.line(n)) <= longest]
        if (lines and any(s.password or d.moderator for s in d.sections)
                and game.parse(text.keep(lines), state).orders):
            return top
        return top + below

    def _not_read(self, mail: ParsedMail, game: BaseGame, state: dict, d: Directives,
                  reading: list[int]) -> list[str]:
        """Lines the player wrote that read as orders but were not taken, with the reason:
        "nothing is dropped silently"."""
        text = mail.text
        read = set(reading)
        groups = [
            ([n for n in text.numbers(BELOW) if n not in read],
             "below the quoted message; only the text above it was read"),
            (text.numbers(SIGNATURE), "below the signature line (\"-- \") or phone footer"),
            (d.after_end, "after END / SIGNOFF"),
        ]
        out: list[str] = []
        # Only what could have been submitted is worth listing: lines within the length
        # limit, and no more of them than a message may order (so a stranger's 100,000
        # quoted lines cost no parse and no giant reply).
        longest, most = int(self.limits["line_length"]), int(self.limits["order_lines"])
        for numbers, why in groups:
            numbers = [n for n in numbers if 0 < len(text.line(n).strip()) <= longest]
            numbers = [n for n in numbers[:most] if parse_header_line(text.line(n)) is None]
            if not numbers:
                continue
            parsed = game.parse(text.keep(numbers), state)
            bad = {e.line for e in parsed.errors}
            for n in sorted({p.line for p in parsed.orders} - bad):
                out.append(f"  line {n:>2}: {text.line(n).strip()}  ({why})")
        return out

    def _vocabulary(self, game: BaseGame, state: dict, folder: GameFolder) -> set[str]:
        """Words a heading is made of in this game: powers, the phase, the game's names."""
        words: set[str] = set()
        for p in list(game.powers(state)) + list(game.power_spellings()):
            words |= set(_words(p))
            words.add(p.lower())
        with contextlib.suppress(Exception):  # a name is only a help here
            words |= set(_words(game.phase_name(state)))
        words |= set(_words(str(state.get("phase", ""))))
        words |= set(_words(folder.path.name))
        with contextlib.suppress(Exception):
            words |= set(_words(str(folder.settings().get("title") or "")))
        return words | _HEADING_WORDS

    # --- the message --------------------------------------------------------------------------
    def _process(self, raw: bytes, mail: ParsedMail, source: str,
                 recovering: bool = False) -> Outcome:
        mid = mail.message_id
        text = mail.text
        # Credentials are looked for in all the player wrote, so the game is known before
        # deciding which part of the text holds the orders.
        pre = read_directives(mail, self._is_game, reading=text.numbers(TEXT, BELOW))
        self._scrub = scrubber(pre.secrets)
        folder = self._find_game(pre.game)
        archived, again = self._archive(raw, mail, folder, recovering)
        received = {"message_id": mid, "from": mail.from_addr,
                    "subject": scrub_subject(mail.subject, self._scrub),
                    "bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest(),
                    "archive": archived.name, "source": source,
                    "attachments_ignored": mail.attachments[:20]}
        if recovering:
            received["recovered"] = True
        self._recovering = recovering
        if folder is None and (pre.calls or pre.unknown or self._strict_unknown(mail, pre)):
            return self._judge_mail(mail, pre, received)
        if folder is None:
            self.judge.audit().append("mail-unmatched", {**received, "game": pre.game})
            why = (f"there is no game {pre.game!r} on this judge" if pre.game
                   else "the message names no game")
            reply = self._reply(mail, [], "judge", f"Your message was not processed: {why}.\n\n"
                                + HELP, kind="unmatched", failure=True)
            return Outcome(mid, "unmatched", detail=why, reply=reply)

        name = folder.path.name
        log = game_audit(folder.path)
        log.append("mail-recovered" if again else "mail-received", received)

        game = service.game_of(folder)
        state = folder.read_state()
        self._check_limit = max(self.throttle.policy.password_checks,
                                max(map(len, game.sides(state)), default=1))
        reading = self._reading(mail, game, state)
        d = read_directives(mail, self._is_game, reading=reading)
        d.secrets |= pre.secrets
        self._scrub = scrubber(d.secrets)

        problem = self._over_limit(raw, mail, d)
        if problem:
            log.append("mail-rejected", {"message_id": mid, "reason": problem})
            reply = self._reply(mail, [], name, f"Your message was not processed: {problem}.\n"
                                "Nothing was submitted.\n", failure=True)
            return Outcome(mid, "rejected", name, detail=problem, reply=reply)

        cmds = {c for c, _ in d.commands}
        lines: list[str] = [f"Game {name}: {game.phase_name(state)} ({state['phase']})"]
        notes = self._notes(mail, game, state, d, reading)

        # --- moderator -----------------------------------------------------------------
        if d.moderator is not None:
            why = self._check_moderator(mail, d.moderator)
            if why:
                log.append("auth-failed", {"message_id": mid, "role": "moderator",
                                           "from": mail.from_addr, "reason": why})
                reply = self._reply(mail, [], name, "\n".join(lines) + f"\n\nNot accepted: "
                                    f"{why}. Nothing was changed.\n", failure=True)
                return Outcome(mid, "denied", name, detail=why, reply=reply)
            if recovering and cmds - {"STATUS"}:
                # PROCESS, EXTEND... may already have run before the crash: never twice.
                why = ("this message was interrupted while it was being processed; its "
                       "commands (" + ", ".join(sorted(cmds - {"STATUS"})) + ") are not run "
                       "a second time. Check the game's status and audit log and resend what "
                       "is missing")
                log.append("mail-rejected", {"message_id": mid, "reason": why})
                reply = self._reply(mail, [], f"{name} moderator",
                                    "\n".join(lines) + f"\n\n{why}.\n")
                return Outcome(mid, "rejected", name, detail=why[:300], reply=reply)
            return self._moderator(mail, d, folder, lines, recovering)

        if cmds & MODERATOR_COMMANDS:
            log.append("auth-failed", {"message_id": mid, "role": "moderator-command",
                                       "from": mail.from_addr})
            reply = self._reply(mail, [], name, "\n".join(lines) + "\n\nNot accepted: "
                                + ", ".join(sorted(cmds & MODERATOR_COMMANDS))
                                + " needs the moderator's password (MODERATOR line).\n",
                                failure=True)
            return Outcome(mid, "denied", name, detail="moderator command", reply=reply)

        # --- player ----------------------------------------------------------------------
        roster = Roster(folder)
        vocabulary = self._vocabulary(game, state, folder)
        names = _name_words(mail.display_name, mail.from_addr)
        sections = [s for s in d.sections if s.orders or s.password or s.keys]
        sections = sections or d.sections[:1]
        if len(sections) == 1 and not sections[0].password:
            keep, ignored = _without_conversation(game, state, text, sections[0].orders,
                                                  vocabulary, names)
            if not any(text.line(n).strip() for n in keep):
                return self._status_only(mail, folder, name, lines, ignored, notes, cmds, d)
        results: list[_Result] = []
        extra: list[str] = []
        for section in sections:
            if (d.calls or d.unknown) and not any(text.line(n).strip() for n in section.orders):
                continue  # a credential for commands only: no "no orders" block
            result = self._section(mail, d, section, folder, game, state, roster, vocabulary,
                                   names, recovering, len(sections) > 1)
            results.append(result)
            if result.status.startswith("accepted") and result.power:
                holder = roster.holder(result.power) or {}
                if holder.get("email"):
                    extra.append(holder["email"])
        run = self._commands(mail, d, folder)
        return self._answer(mail, folder, game, d, lines, results, notes, extra, cmds, run)

    def _status_only(self, mail: ParsedMail, folder: GameFolder, name: str, lines: list[str],
                     ignored: list[dict], notes: list[str], cmds: set[str],
                     d: Directives | None = None) -> Outcome:
        """No orders and no password: the status, and how to send orders (or the answers
        of the message's commands)."""
        run = self._commands(mail, d, folder) if d is not None else _CommandRun()
        if run.silent:
            game_audit(folder.path).append("mail-status", {"message_id": mail.message_id,
                                                          "answered": False})
            return Outcome(mail.message_id, "command", name, detail="command limit")
        if not run.asked or "STATUS" in cmds:
            lines.append("")
            lines.append(self._status_text(folder))
        lines += run.lines
        if ignored:
            lines.append("Ignored (not read as orders):")
            lines += [f"  line {i['line']:>2}: {i['text']}" for i in ignored]
        lines += notes
        if not cmds and not run.asked:
            lines.append("\n(No orders found in your message.)\n" + HELP)
        reply = self._reply(mail, [], name, "\n".join(lines) + "\n", data=run.attachments)
        game_audit(folder.path).append("mail-status", {"message_id": mail.message_id})
        return Outcome(mail.message_id, "command" if run.asked else "status", name,
                       reply=reply, detail=run.detail)

    def _notes(self, mail: ParsedMail, game: BaseGame, state: dict, d: Directives,
               reading: list[int]) -> list[str]:
        """What the reply must say beyond the sections: orders not read, attachments not
        read, things the mail layer could not read."""
        out: list[str] = []
        unread = self._not_read(mail, game, state, d, reading)
        if unread:
            out += ["", "These lines read as orders but were NOT read:", *unread]
        if mail.unread_documents:
            out += ["", "Attachments are not read (" + ", ".join(mail.unread_documents[:5])
                    + "): write your orders in the text of the message."]
        out += ["", *(f"Note: {n}." for n in mail.text.notes)] if mail.text.notes else []
        return out

    def _answer(self, mail: ParsedMail, folder: GameFolder, game: BaseGame, d: Directives,
                lines: list[str], results: list[_Result], notes: list[str],
                extra: list[str], cmds: set[str],
                run: _CommandRun | None = None) -> Outcome:
        """One reply for the whole message: each section's result, the commands' answers,
        who is missing, notes."""
        name = folder.path.name
        run = run or _CommandRun()
        for r in results:
            lines += ["", *r.block]
        waiting = next((r.waiting for r in reversed(results) if r.waiting is not None), None)
        if waiting is not None:
            lines.append("Still waiting for: " + ", ".join(map(game.power_name, waiting))
                         if waiting
                         else "All orders are in.")
        lines += run.lines
        if "STATUS" in cmds or (all(r.status in ("status", "empty") for r in results)
                                and not run.asked):
            lines += ["", self._status_text(folder)]
        lines += notes
        sched = deadlines.load_schedule(folder)
        state = folder.read_state()
        if (any(r.status.startswith("accepted") for r in results)
                and sched.get("phase") == state["phase"] and sched.get("deadline")):
            lines.append(f"Deadline: {self._show_time(sched['deadline'])}")
        powers = list(dict.fromkeys(r.power for r in results
                                    if r.status.startswith("accepted") and r.power))
        named = [r.power for r in results if r.power]
        tag = f"{name} {named[0]}" if len(set(named)) == 1 else name
        status = _overall(results) if results or not run.asked else "command"
        if run.silent and not results:
            return Outcome(mail.message_id, status, name, detail="command limit")
        reply = self._reply(mail, sorted(set(extra)), tag, "\n".join(lines) + "\n",
                            failure=status in ("denied", "rejected"), data=run.attachments)
        detail = (results[0].detail or results[0].status if len(results) == 1 else
                  "; ".join(f"{r.power or '?'}: {r.detail or r.status}" for r in results))
        detail = "; ".join(x for x in (detail, run.detail) if x)
        return Outcome(mail.message_id, status, name, powers, reply=reply, detail=detail[:300],
                       sections=[r.to_json() for r in results])

    def _section(self, mail: ParsedMail, d: Directives, section: Section, folder: GameFolder,
                 game: BaseGame, state: dict, roster: Roster, vocabulary: set[str],
                 names: set[str], recovering: bool, several: bool) -> _Result:
        """Authenticate one section and submit its orders (its conversation set aside)."""
        mid, text = mail.message_id, mail.text
        audit = game_audit(folder.path)
        named = _power_named(game, state, section.power) if section.power else None
        label = game.power_name(named) if named else section.power or "your orders"
        where = f" ({section.credential_line})" if several else ""
        if section.game and self._is_game(section.game) != folder.path.name:
            why = (f"this section names game {section.game!r}, but the message is for "
                   f"{folder.path.name}: send orders for another game in a separate message")
            audit.append("mail-rejected", {"message_id": mid, "power": section.power,
                                           "reason": why})
            return _Result("rejected", named or section.power, [f"Not accepted{where}: {why}."],
                           why, section.line)
        power, err = self._auth_cached(game, state, roster, section, d, folder, mail)
        if power is None:
            audit.append("auth-failed", {"message_id": mid,
                                         "power": self._scrub(section.power or "") or None,
                                         "from": mail.from_addr, "reason": err,
                                         "line": section.line})
            return _Result("denied", named or section.power,
                           [f"Not accepted for {label}{where}: {err}. Nothing was stored"
                            + (f" for {label}." if several else ".")], err, section.line)
        who = game.power_name(power)  # what players read (A&A: "Soviet Union", not ussr)
        keep, ignored = _without_conversation(game, state, text, section.orders, vocabulary,
                                              names)
        order_text = self._scrub(text.keep(keep))
        if not order_text.strip():
            # Nothing but conversation: not a submission, so it replaces nothing.
            block = [f"{who}: no orders in this message; nothing was changed."]
            if ignored:
                block += ["Ignored (not read as orders):",
                          *(f"  line {i['line']:>2}: {i['text']}" for i in ignored)]
            return _Result("status" if not several else "empty", power, block, "no orders",
                           section.line)
        phase, msg = _phase_code(game, section.phase, state) if section.phase else (None, None)
        if phase is not None or msg is not None:
            msg = msg or self._phase_problem(game, state, phase)
            if msg is None and phase_position(game, phase, state["phase"])[1] > 0:
                future = self._submit_future(mail, phase, order_text, folder, game, power,
                                             ignored, recovering)
                if future is not None:
                    return future
                msg = self._phase_problem(game, folder.read_state(), phase)
            if msg is not None:
                audit.append("mail-rejected", {"message_id": mid, "power": power,
                                               "reason": msg})
                return _Result("rejected", power, [f"Not accepted for {who}: {msg}."], msg,
                               section.line)
        other = self._other_phase(folder, game, state, power, order_text)
        if other:
            audit.append("mail-rejected", {"message_id": mid, "power": power, "reason": other})
            return _Result("rejected", power, [f"Not accepted for {who}: {other}."], other,
                           section.line)
        prior = self._stored_from(folder, mid, power, state["phase"]) if recovering else None
        block: list[str] = []
        if prior is not None:
            ack = self._ack_of(folder, game, prior)
            block.append("(This message had already been stored before an interruption; "
                         "it counts once.)")
        else:
            try:
                ack = service.submit_orders(folder, power, order_text, source=f"mail:{mid}",
                                            phase=phase)
            except AdjudicatorError as exc:
                audit.append("mail-rejected", {"message_id": mid, "power": power,
                                               "reason": str(exc)})
                return _Result("rejected", power, [f"Not accepted for {who}: {exc}."],
                               str(exc), section.line)
        self._note_late(folder, game, ack.phase, power)
        ack.ignored = sorted([*ack.ignored, *ignored], key=lambda i: i["line"])
        block.insert(0, ack.describe(waiting=False))
        status = "accepted" if ack.ok else "accepted-with-errors"
        return _Result(status, power, block, f"submission {ack.version}", section.line,
                       waiting=list(ack.waiting_for))

    @staticmethod
    def _other_phase(folder: GameFolder, game: BaseGame, state: dict, power: str,
                     text: str) -> str:
        """Why orders that all belong to another phase (builds in a movement phase...) are
        not stored: they would replace the player's real orders and count as "ordered"
        while saying nothing for this phase. "" when they do belong here, or when nothing
        in them was understood (stored, not counting, the acknowledgement says so).

        Which orders count is the service's rule, order by order
        (:func:`adjudicator.service.counts_as_orders`): ``A Par - Bur; Build A Par`` on one
        line holds an order for a movement phase, so it is stored and counts."""
        try:
            check = service.acknowledge(folder, game, state, power, text, 0)
        except AdjudicatorError:
            return ""
        if check.counted or not check.understood:
            return ""
        kinds = sorted({e.message for e in check.errors if e.rule == "wrong-phase"})
        return (f"these orders are for another phase ({'; '.join(kinds)}), so nothing was "
                "stored and your earlier orders (if any) still stand; to send orders ahead "
                "for a later phase, add a line PHASE <phase>")

    # --- orders sent ahead for a later phase ------------------------------------------------
    @staticmethod
    def _phase_problem(game: BaseGame, state: dict, named: str) -> str | None:
        """Why a ``PHASE`` line cannot be honoured (None: current or a later phase)."""
        current = str(state["phase"])
        pos = phase_position(game, named, current)
        if pos is None:
            if not orders_ahead_allowed(game, state):
                return (f"these orders are for {named}, but the game is in {current}; "
                        "this game accepts orders for the current phase only")
            return f"{named!r} is not a phase of this game (the game is in {current})"
        if pos[1] < 0:
            return (f"these orders are for {pos[0]}, which is over: the game is in {current}; "
                    f"send orders for {current} (or a later phase) instead")
        return None

    def _submit_future(self, mail: ParsedMail, phase: str, order_text: str,
                       folder: GameFolder, game: BaseGame, power: str, ignored: list[dict],
                       recovering: bool) -> _Result | None:
        """Store orders for a later phase under ``orders/<PHASE>/``: syntax and names are
        checked now, the rules when that phase begins (they need its position). A
        submission in which nothing was understood is kept but does not count, like one
        for the current phase.

        Returns None when the named phase has become the current one meanwhile (the caller
        then submits normally, with the full check).
        """
        mid = mail.message_id
        with folder.lock():
            state = folder.read_state()
            if game.is_over(state):
                msg = "the game is over; no more orders are accepted"
                game_audit(folder.path).append("mail-rejected", {
                    "message_id": mid, "power": power, "reason": msg})
                return _Result("rejected", power,
                               [f"Not accepted for {game.power_name(power)}: {msg}."], msg)
            pos = phase_position(game, phase, state["phase"])
            if pos is None or pos[1] <= 0:
                return None
            code = pos[0]
            prior = self._stored_from(folder, mid, power, code) if recovering else None
            if prior is None:
                # counted by the service's one rule (service.counts_as_orders)
                ack = service.syntax_acknowledgement(game, code, power, order_text, 0)
                sub = folder.submit(code, power, order_text, source=f"mail:{mid}",
                                    message_id=mid, counts=ack.counted)
                ack.version = sub.version
                game_audit(folder.path).append("submission", {
                    "phase": code, "power": power, "version": sub.version,
                    "source": sub.source, "sha256": sha256_text(sub.text),
                    "errors": len(ack.errors), "ahead_of": state["phase"]})
            else:
                ack = service.syntax_acknowledgement(game, prior.phase, power, prior.text,
                                                     prior.version)
        ack.ignored = sorted([*ack.ignored, *ignored], key=lambda i: i["line"])
        try:
            later = game.phase_name({**state, "phase": code})
        except Exception:  # noqa: BLE001 - a game may need more than the code for a name
            later = code
        block = [
            f"Stored for a later phase: {later} ({code}); the game is in {state['phase']}.",
            ack.describe(waiting=False),
            "",
            f"Syntax and names were checked now; the rules are checked when {code} begins,",
            "and you will get an acknowledgement then. Until then you may replace these",
            f"orders with a new message with PHASE {code} (the latest submission counts).",
            "If the game skips that phase, they are not used; if none of them can be given",
            "in it, they do not count (an earlier submission stands) and you are told then.",
        ]
        return _Result("accepted-ahead" if ack.ok else "accepted-ahead-with-errors", power,
                       block, f"submission {ack.version} for {code}")

    # --- recovery after an interrupted run (see the module docstring) -----------------------
    @staticmethod
    def _stored_from(folder: GameFolder, message_id: str, power: str | None = None,
                     phase: str | None = None) -> Submission | None:
        found = [s for s in folder.find_message(message_id)
                 if (power is None or s.power == power) and (phase is None or s.phase == phase)]
        return found[-1] if found else None

    @staticmethod
    def _ack_of(folder: GameFolder, game: BaseGame,
                sub: Submission) -> service.Acknowledgement:
        """The acknowledgement of a submission stored before a crash, as of now."""
        state = folder.read_state()
        if sub.phase != state["phase"]:
            return service.syntax_acknowledgement(game, sub.phase, sub.power, sub.text,
                                                  sub.version)
        return service.acknowledge(folder, game, state, sub.power, sub.text, sub.version)

    # --- commands (desk/commands.py; docs/judge-commands.md) -------------------------------
    def _auth_cached(self, game: BaseGame, state: dict, roster: Roster, section: Section,
                     d: Directives, folder: GameFolder,
                     mail: ParsedMail) -> tuple[str | None, str]:
        """:meth:`_authenticate`, once per section and game in a message: orders and the
        commands of a section share one check (a wrong password counts once)."""
        key = (id(section), folder.path.name)
        if key not in self._section_auth:
            self._section_auth[key] = self._authenticate(game, state, roster, section, d,
                                                         folder, mail)
        return self._section_auth[key]

    def _strict_unknown(self, mail: ParsedMail, d: Directives) -> bool:
        """Whether a mail that names no game holds a line that reads as a misspelt command
        (it is answered with the likely name, not as "unmatched")."""
        lines = [n for s in d.sections for n in s.orders][:50]
        found = [(n, commands.unknown_command(mail.text.line(n), strict=True)) for n in lines]
        d.unknown += [(n, why) for n, why in found if why]
        d.unknown.sort()
        return bool(d.unknown)

    def _judge_mail(self, mail: ParsedMail, d: Directives, received: dict) -> Outcome:
        """A mail that names no game but holds commands (LIST, HELP, SUMMARY game...): the
        commands are answered; anything else in it is listed as not read."""
        mid = mail.message_id
        self.judge.audit().append("mail-commands", {**received, "game": d.game})
        run = self._commands(mail, d, None)
        if run.silent:
            return Outcome(mid, "command", detail="command limit")
        text = mail.text
        used = {c.line for c in d.calls} | {n for c in d.calls for n in c.body}
        used |= {n for n, _ in d.unknown}
        rest = [n for s in d.sections for n in s.orders
                if n not in used and text.line(n).strip()]
        lines = ["Commands:", *run.lines]
        if rest:
            lines += ["", "Not read (this message names no game; orders need a GAME line):",
                      *(f"  line {n:>2}: {text.line(n).strip()[:120]}" for n in rest[:20])]
            if len(rest) > 20:
                lines.append(f"  ... and {len(rest) - 20} more lines")
        failed = not run.ok_any and not self._authenticated
        reply = self._reply(mail, [], "judge", "\n".join(lines) + "\n", kind="command",
                            failure=failed, data=run.attachments)
        return Outcome(mid, "command", None, reply=reply, detail=run.detail)

    def _command_target(self, call: Call, folder: GameFolder | None
                        ) -> tuple[GameFolder | None, str, str]:
        """``(game, argument, why not)`` of a command: the game its first argument word
        names (then dropped from the argument), else for game and power scope the game the
        mail names; ``why`` is set when the scope needs a game and there is none."""
        cmd, args = call.cmd, call.args
        words = args.split(None, 1)
        first = words[0].strip(",;") if words else ""
        named = self._is_game(first) if first and not cmd.secret_args else None
        if named:
            return self._find_game(named), words[1] if len(words) > 1 else "", ""
        if cmd.scope == "judge":
            return None, args, ""
        if folder is not None and commands.args_fit(cmd, args):
            return folder, args, ""
        if first and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", first) \
                and not cmd.secret_args:
            near = difflib.get_close_matches(first.lower(), [n.lower() for n in
                                                             self.judge.game_names()], n=1,
                                             cutoff=0.5)
            return None, args, (f"there is no game {first!r} on this judge"
                                + (f" (did you mean {near[0]}?)" if near else "")
                                + "; LIST shows the games")
        return None, args, (f"no game named: write {cmd.name} <game>, or add a GAME line "
                            "(LIST shows the games)")

    def _command_power(self, call: Call, target: GameFolder, d: Directives,
                       mail: ParsedMail) -> tuple[str | None, str]:
        """The power whose password the command's section gave for ``target``, or why none."""
        section = call.section
        name = target.path.name
        if not section.password:
            return None, (f"{call.cmd.name} acts for a power: add the lines GAME {name}, "
                          "POWER <your power> and PASSWORD <its password> above it")
        if section.game and self._is_game(section.game) != name:
            return None, (f"the password given is for game {section.game}, not {name}: "
                          "a command for another game needs that game's credentials")
        game = service.game_of(target)
        state = target.read_state()
        power, err = self._auth_cached(game, state, Roster(target), section, d, target, mail)
        if power is None:
            game_audit(target.path).append("auth-failed", {
                "message_id": mail.message_id, "power": self._scrub(section.power or "") or None,
                "from": mail.from_addr, "reason": err, "line": call.line,
                "command": call.cmd.name})
        return power, err

    def _commands(self, mail: ParsedMail, d: Directives,
                  folder: GameFolder | None) -> _CommandRun:
        """Run the message's registered commands (see desk/commands.py): scope, rate limit,
        handler, mails, one audit entry per command. The lines for the reply are returned."""
        run = _CommandRun()
        if not d.calls and not d.unknown:
            return run
        run.asked = True
        sender = self._sender(mail)
        if d.calls and not self.throttle.command_allowed(sender):
            first = self.throttle.command_notice_due(sender)
            names = [c.cmd.name for c in d.calls]
            self.judge.audit().append("command-limited", {
                "message_id": mail.message_id, "from": mail.from_addr, "commands": names,
                "answered": first})
            run.silent = first is False
            run.detail = "command limit"
            policy = self.throttle.policy
            period = self.throttle.command_period_text()
            run.lines += ["", ("Commands not run: too many messages with commands from this "
                               f"address (at most {policy.commands} in {period}). Try again "
                               "later; until then further messages with commands from this "
                               "address are not answered.")]
            return run
        now = deadlines.now()
        zone = timezones.zone_for(self.judge, mail.reply_to or mail.from_addr)
        details: list[str] = []
        for call in d.calls:
            cmd = call.cmd
            shown = commands.MASK if cmd.secret_args and call.args else call.args
            target, args, why = self._command_target(call, folder)
            power = None
            if not why and self._recovering:
                why = ("this message was interrupted while it was being processed; its "
                       "commands are not run a second time: check and send again")
            if not why and not call.closed:
                why = "the block has no end line (see HELP)"
                taken = [n for n in call.body if mail.text.line(n).strip()]
                if taken:  # nothing dropped silently: what the open block swallowed
                    why += (f", so nothing was done with it; its lines {taken[0]} to "
                            f"{taken[-1]} were taken as its text, not read as orders:\n"
                            + "\n".join(f"  line {n:>2}: {mail.text.line(n).strip()[:120]}"
                                        for n in taken[:20])
                            + ("\n  ..." if len(taken) > 20 else "")
                            + "\nAdd the end line and send again")
            if not why and cmd.scope == "power" and target is not None:
                power, why = self._command_power(call, target, d, mail)
            if why:
                answer = commands.Answer(f"{cmd.name}: not done: {why}.", ok=False)
            else:
                ctx = commands.Context(
                    judge=self.judge, mail=mail, sender=mail.from_addr or mail.reply_to,
                    folder=target, power=power, args=args, line=call.line, now=now,
                    body=mail.text.keep(call.body) if call.body else "", name=cmd.name,
                    reader_zone=zone)
                answer = commands.run(cmd, ctx)
            run.ok_any = run.ok_any or answer.ok
            run.lines += ["", f"> {cmd.name}{' ' + shown if shown else ''}  (line {call.line})",
                          answer.text.rstrip("\n")]
            run.attachments += answer.attachments
            for to, subject, body in answer.mails:
                outbox.send(self.judge, to, self._scrub(subject), self._scrub(body),
                            kind="command")
            details.append(f"{cmd.name}: {'ok' if answer.ok else 'refused'}")
            entry = {"message_id": mail.message_id, "from": mail.from_addr,
                     "command": cmd.name, "args": self._scrub(shown)[:300], "line": call.line,
                     "power": power, "ok": answer.ok,
                     "answer": self._scrub(answer.text.strip().splitlines()[0]
                                           if answer.text.strip() else "")[:300]}
            entry.update({k: self._scrub(v) if isinstance(v, str) else v
                          for k, v in answer.audit.items() if k not in entry})
            (game_audit(target.path) if target is not None else self.judge.audit()).append(
                "mail-command", entry)
        for n, why in d.unknown:
            run.lines += ["", f"line {n}: {why}"]
            details.append("unknown command")
            (game_audit(folder.path) if folder is not None else self.judge.audit()).append(
                "mail-command", {"message_id": mail.message_id, "from": mail.from_addr,
                                 "command": None, "line": n, "ok": False,
                                 "answer": self._scrub(why)[:300]})
        run.detail = "; ".join(details)[:300]
        return run

    # --- helpers ------------------------------------------------------------------------------
    def _find_game(self, name: str | None) -> GameFolder | None:
        if not name:
            return None
        found = self._is_game(name)
        if found is None:
            return None
        try:
            return self.judge.game(found)
        except (StoreError, JudgeError):
            return None

    def _over_limit(self, raw: bytes, mail: ParsedMail, d: Directives) -> str | None:
        lim = self.limits
        if len(raw) > int(lim["message_bytes"]):
            return (f"the message is too large ({len(raw)} bytes; the limit is "
                    f"{lim['message_bytes']})")
        if d.order_lines > int(lim["order_lines"]):
            return f"too many order lines ({d.order_lines}; the limit is {lim['order_lines']})"
        if len(d.sections) > int(lim.get("sections", 20)):
            return (f"too many credentials in one message ({len(d.sections)} sections; the "
                    f"limit is {lim.get('sections', 20)})")
        for n in d.order_numbers:
            line = mail.text.line(n)
            if len(line) > int(lim["line_length"]):
                return (f"line {n} is too long ({len(line)} characters; the limit is "
                        f"{lim['line_length']})")
        return None

    # --- passwords (see desk/abuse.py: guessing, backscatter, hashing work) ----------------
    def _sender(self, mail: ParsedMail) -> str:
        return sender_key(mail.from_addr or mail.reply_to)

    def _authenticate(self, game: BaseGame, state: dict, roster: Roster, section: Section,
                      d: Directives, folder: GameFolder,
                      mail: ParsedMail) -> tuple[str | None, str]:
        """The power this section's password vouches for, or why none.

        A power or sender in cooling-off is not checked at all; at most
        ``password_checks`` passwords are verified per message. Without a POWER line the
        password is tried against the powers the sender's address holds (an address is
        no proof, only where to look first), else against every power when that fits in
        the budget, else the message is told to name its power."""
        if not section.password:
            return None, "no PASSWORD line (orders need the password of the power)"
        name = folder.path.name
        sender = self._sender(mail)
        named = section.power
        if named is None and section is d.sections[0]:
            named = _subject_power(game, state, d.subject_words)
        cooling = self._cooling(sender)
        if named:
            power = _power_named(game, state, named)
            if power is None:
                return None, f"unknown power {named!r}"
            cooling = cooling or self._cooling(sender, f"{name}/{power}",
                                               game.power_name(power))
            if cooling:
                return None, cooling
            ok = self._verify(roster, power, section.password)
            if ok is None:
                return None, self._over_budget()
            if ok:
                self._passed(sender, f"{name}/{power}", power)
                return power, ""
            self._wrong_password(sender, folder, power)
            return None, f"the password does not match {game.power_name(power)}"
        if cooling:
            return None, cooling
        active = roster.load()["powers"]
        held = sorted(p for p, rec in active.items() if rec.get("status") == "active")
        free = [p for p in held if not self.throttle.blocked("powers", f"{name}/{p}")]
        own = [p for p in free if sender_key(active[p].get("email", "")) == sender]
        pool = own or free
        left = self._check_limit - self._checks
        if len(pool) > left:
            return None, (f"this message names no power, and its password would have to be "
                          f"tried against {len(pool)} powers (at most "
                          f"{self._check_limit} passwords are checked per "
                          "message): add a line POWER <your power>")
        found = [p for p in pool if self._verify(roster, p, section.password)]
        if len(found) == 1:
            self._passed(sender, f"{name}/{found[0]}", found[0])
            return found[0], ""
        if self.throttle.failure("senders", sender):
            self._throttled_sender(sender)
        return None, "the password matches no power (add a POWER line)"

    def _verify(self, roster: Roster, power: str, password: str) -> bool | None:
        """One scrypt verification, counted against the message's budget (None: the
        budget is spent). A (power, password) pair is verified once per message."""
        key = (power, password)
        if key in self._verified:
            return self._verified[key]
        if roster.holder(power) is None:
            return False
        if self._checks >= self._check_limit:
            return None
        self._checks += 1
        self._verified[key] = ok = roster.authenticate(power, password)
        return ok

    def _over_budget(self) -> str:
        n = self._check_limit
        return (f"not checked: at most {n} password{'s' if n != 1 else ''} are checked per "
                "message; send the orders of further powers in another message")

    def _cooling(self, sender: str, key: str | None = None, power: str = "") -> str:
        """Why no password is checked for ``sender`` (or for power ``key``), "" if none is
        cooling off."""
        if key is None:
            until = self.throttle.blocked("senders", sender)
            if until:
                return (f"too many wrong passwords from {sender}: no password from this "
                        f"address is checked until {deadlines.iso(until)}; try again after that")
            return ""
        until = self.throttle.blocked("powers", key)
        if until:
            who = "the moderator" if key == MODERATOR else f"the player of {power}"
            return (f"too many wrong passwords for {power}: its password is not checked "
                    f"until {deadlines.iso(until)}; try again after that ({who} has been told)")
        return ""

    def _passed(self, sender: str, key: str, power: str) -> None:
        self.throttle.success("powers", key)
        self.throttle.success("senders", sender)
        self._authenticated.append(power)

    def _wrong_password(self, sender: str, folder: GameFolder | None, power: str) -> None:
        """Count a wrong password for ``power`` (of game ``folder``; the moderator's when
        None) and for the sender; tell whoever is concerned when a cooling-off starts."""
        key = MODERATOR if folder is None else f"{folder.path.name}/{power}"
        if self.throttle.failure("powers", key):
            until = self.throttle.blocked("powers", key)
            data = {"power": power, "until": deadlines.iso(until) if until else None,
                    "failures": len(self.throttle.failures("powers", key))}
            if folder is None:
                self.judge.audit().append("auth-throttled", data)
            else:
                game_audit(folder.path).append("auth-throttled", data)
            self._notify(folder, power, key)
        if self.throttle.failure("senders", sender):
            self._throttled_sender(sender)

    def _throttled_sender(self, sender: str) -> None:
        until = self.throttle.blocked("senders", sender)
        self.judge.audit().append("auth-throttled", {
            "sender": sender, "until": deadlines.iso(until) if until else None})

    def _notify(self, folder: GameFolder | None, power: str, key: str) -> None:
        """Tell the holder of ``power`` (the moderator for the moderator's password) that
        its password is being guessed: once per period, never per failure."""
        if folder is None:
            to = str((self.judge.config.get("moderator") or {}).get("email") or "")
            tag, what, who = "judge moderator", "the moderator's password", power
        else:
            holder = Roster(folder).holder(power) or {}
            to = str(holder.get("email") or "")
            who = service.game_of(folder).power_name(power)
            tag, what = f"{folder.path.name} {power}", f"{who} in game {folder.path.name}"
        if not to or not self.throttle.notice_due(key):
            return
        fails = self.throttle.failures("powers", key)
        until = self.throttle.blocked("powers", key)
        body = (f"The judge received {len(fails)} messages with a wrong password for {what} "
                f"since {fails[0] if fails else '?'}.\n\n"
                f"Until {deadlines.iso(until) if until else '?'} no password for it is "
                "checked: messages for it are refused, yours too, and answered at most once "
                "per address.\n\n"
                "If these were your own attempts, wait until then and use the password you "
                "were given. If they were not, someone is guessing your password: tell the "
                "moderator, who can issue you a new one. You get this notice at most once "
                f"per {self.throttle.period_text()}.\n")
        outbox.send(self.judge, [to], f"[{tag}] Wrong passwords for {who}", body,
                    kind="auth-notice")

    def _check_moderator(self, mail: ParsedMail, token: str) -> str:
        """Why the moderator's password is not accepted ("" when it is)."""
        sender = self._sender(mail)
        cooling = (self._cooling(sender)
                   or self._cooling(sender, MODERATOR, "the moderator's password"))
        if cooling:
            return cooling
        key = ("*moderator*", token)
        if key not in self._verified:
            if self._checks >= self._check_limit:
                return self._over_budget()
            self._checks += 1
            self._verified[key] = self.judge.check_moderator(token)
        if self._verified[key]:
            self._passed(sender, MODERATOR, "moderator")
            return ""
        self._wrong_password(sender, None, "the moderator's password")
        return "the moderator password is wrong"

    def _note_late(self, folder: GameFolder, game: BaseGame, phase: str, power: str) -> None:
        sched = deadlines.load_schedule(folder)
        if sched.get("phase") != phase or not sched.get("deadline"):
            return
        if deadlines.now() > deadlines.parse_time(sched["deadline"]):
            with folder.lock():
                Roster(folder).record_lateness(phase, [power], "late")

    def _status_text(self, folder: GameFolder) -> str:
        st = service.status(folder)
        sched = deadlines.load_schedule(folder)
        out = [f"Phase: {st['phase_name']} ({st['phase']})"]
        if st.get("outcome"):
            out.append(f"Game over: {st['outcome']}")
        name = service.game_of(folder).power_name  # the names reports use, never ids
        out.append("Ordered: " + (", ".join(map(name, st["ordered"])) or "nobody"))
        out.append("Missing: " + (", ".join(map(name, st["missing"])) or "nobody"))
        if sched.get("phase") == st["phase"] and sched.get("deadline"):
            out.append(f"Deadline: {self._show_time(sched['deadline'])}"
                       + (" (paused)" if sched.get("paused") else ""))
        out += signup.status_lines(folder) + votes.status_lines(folder)  # judge-lifecycle.md
        return "\n".join(out)

    def _show_time(self, when: str) -> str:
        """A deadline as the reader of the reply reads it: their zone (or the judge's) and
        UTC (desk/timezones.py)."""
        mail = self._mail
        reader = (mail.reply_to or mail.from_addr) if mail is not None else None
        return timezones.show_time(when, timezones.zone_for(self.judge, reader))

    def _moderator(self, mail: ParsedMail, d: Directives, folder: GameFolder,
                   lines: list[str], recovering: bool = False) -> Outcome:
        name, mid = folder.path.name, mail.message_id
        game = service.game_of(folder)
        log = game_audit(folder.path)
        done: list[str] = []
        for cmd, arg in d.commands:
            try:
                if cmd == "STATUS":
                    done.append(self._status_text(folder))
                elif cmd == "PAUSE":
                    with folder.lock():
                        deadlines.pause(folder, game)
                    done.append("paused")
                elif cmd == "RESUME":
                    with folder.lock():
                        s = deadlines.resume(folder, game)
                    done.append("resumed; deadline " + (self._show_time(s["deadline"])
                                                         if s.get("deadline") else "none"))
                elif cmd == "DEADLINE":
                    with folder.lock():
                        s = deadlines.set_deadline(folder, game, at=arg)
                    done.append(f"deadline set to {self._show_time(s['deadline'])}")
                elif cmd == "EXTEND":
                    with folder.lock():
                        s = deadlines.set_deadline(folder, game, extend=arg)
                    done.append(f"deadline extended to {self._show_time(s['deadline'])}")
                elif cmd == "SETPRESS":  # docs/press.md: the moderator's press settings
                    with folder.lock():
                        s = press.configure(folder, press.parse_settings(arg))
                    done.append(f"press settings: {press.describe(s)}")
                elif cmd == "PROCESS":
                    entry = service.adjudicate(folder, force=True)
                    done.append(f"adjudicated {entry['phase']}"
                                + (f" (NMR: {', '.join(entry['nmr'])})" if entry["nmr"] else ""))
                log.append("moderator-mail-command", {"message_id": mid, "command": cmd,
                                                      "argument": arg})
            except AdjudicatorError as exc:
                done.append(f"{cmd}: ERROR {exc}")
        powers: list[str] = []
        for section in d.sections:
            if not any(mail.text.line(n).strip() for n in section.orders):
                continue
            if not section.power:
                done.append("orders ignored: add a POWER line to order for a power")
                continue
            state = folder.read_state()
            power = _power_named(game, state, section.power)
            if power is None:
                done.append(f"orders: ERROR unknown power {section.power!r}")
                continue
            keep, _ = _without_conversation(game, state, mail.text, section.orders,
                                            self._vocabulary(game, state, folder),
                                            _name_words(mail.display_name, mail.from_addr))
            order_text = self._scrub(mail.text.keep(keep))
            prior = self._stored_from(folder, mid, power) if recovering else None
            try:
                ack = (self._ack_of(folder, game, prior) if prior is not None else
                       service.submit_orders(folder, power, order_text,
                                             source=f"mail-moderator:{mid}"))
                done.append(ack.describe())
                powers.append(power)
            except AdjudicatorError as exc:
                done.append(f"orders for {game.power_name(power)}: ERROR {exc}")
        run = self._commands(mail, d, folder)
        done += [x for x in run.lines if x]
        reply = self._reply(mail, [], f"{name} moderator", "\n".join(lines) + "\n\n"
                            + ("\n".join(done) or "(no commands)") + "\n",
                            data=run.attachments)
        return Outcome(mid, "command", name, powers, reply=reply, detail="; ".join(done)[:300])


@record
class _CommandRun:
    """What the message's commands answered (see :meth:`Intake._commands`)."""

    asked: bool = False  # the message holds commands (or would-be commands)
    lines: list[str] = field(default_factory=list)
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)
    ok_any: bool = False
    silent: bool = False  # over the rate limit and already told: no reply at all
    detail: str = ""


def _without_conversation(game: BaseGame, state: dict, text: MailText, numbers: list[int],
                          vocabulary: set[str], names: set[str]) -> tuple[list[int], list[dict]]:
    """The lines of ``numbers`` to submit, and the conversation set aside (``{"line",
    "text"}``, to be listed once as ignored): what the game's parser itself files as
    ignored, and what :func:`conversation_lines` recognises. Conversation is listed, never
    submitted, so a mail of greetings alone replaces no orders."""
    asides = conversation_lines(game, state, text, numbers, vocabulary, names)
    ignored = [{"line": n, "text": text.line(n).strip()} for n in sorted(asides)]
    keep = [n for n in numbers if n not in asides]
    parsed = game.parse(text.keep(keep), state)
    chat = {i.line for i in parsed.ignored}
    ignored = sorted([*ignored, *(i.to_json() for i in parsed.ignored)], key=lambda i: i["line"])
    return [n for n in keep if n not in chat], ignored


def _name_words(display_name: str, address: str) -> set[str]:
    """The words a player signs with: the parts of their name and address, and their
    initials ("Franz Kramer" signs "Franz", "FK", "F.K.")."""
    parts = _words(display_name) + _words(address.split("@")[0])
    words = set(parts)
    name = [w for w in _words(display_name) if w.isalpha()]
    if len(name) >= 2:
        words.add("".join(w[0] for w in name))
    return words | {w[0] for w in name}


def _power_named(game: BaseGame, state: dict, name: str) -> str | None:
    """The power ``name`` means: any spelling (lenient, see ``BaseGame.canonical_power``),
    or njudge's initial ("F" in ``SIGNON Fgame``) when exactly one power starts with it."""
    name = name.strip().strip(".,:;()[]")
    if len(name) == 1 and name.isalpha():
        hits = [p for p in game.powers(state)
                if game.power_name(p).lower().startswith(name.lower())]
        return hits[0] if len(hits) == 1 else None
    return service.find_power(game, state, name)


def _subject_power(game: BaseGame, state: dict, words: list[str]) -> str | None:
    """A power written out in the subject ("mygame - France - Spring 1901 orders"): a word
    that is exactly one of the game's spellings of a power (never a guess)."""
    found = {game.canonical_power(w, strict=True) for w in words if len(w) >= 3}
    found = {p for p in found if p is not None and p in game.powers(state)}
    return found.pop() if len(found) == 1 else None


def _phase_code(game: BaseGame, value: str, state: dict) -> tuple[str | None, str | None]:
    """A PHASE line's value read by the game (``BaseGame.normalise_phase``, the one reader of
    phase names: ``F1901M``, ``Fall 1901 Movement``, ``1901 Fall Moves``, njudge's ``F 1901
    M``), as ``(code, None)``, the code in the form the game places in time when it can; or
    ``(None, why)`` when the game cannot read it (what was expected, "did you mean")."""
    current = str(state["phase"])
    try:
        named = game.normalise_phase(value)
    except PhaseNameError as exc:
        return None, (f"{value.strip()!r} is not a phase of this game (the game is in "
                      f"{current}): {exc}")
    for written in dict.fromkeys([named, value.strip()]):
        pos = phase_position(game, written, current)
        if pos is not None:
            return pos[0], None
    return named, None


def _marker(path: Path) -> dict:
    """A seen marker; an unreadable one reads as ``processing`` (recovering is idempotent,
    dropping the mail is not)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"status": "processing"}
    return data if isinstance(data, dict) else {"status": "processing"}


def _attempts(marker: dict) -> int:
    try:
        return max(1, int(marker.get("attempts") or 1))
    except (TypeError, ValueError):
        return 1


HELP = """How to send orders to this judge:

  GAME <game name>
  POWER <your power>
  PASSWORD <your password>
  <one order per line>

(or SIGNON <power>@<game> <password>, or [<game> <power>] in the subject). Orders for a
second power follow its own POWER and PASSWORD lines. A line STATUS asks for the game's
status. Quoted text and anything below a signature line ("-- ") are not read.
A line HELP lists the judge's commands (LIST shows its games).
"""


# --- sources ------------------------------------------------------------------------------
def iter_mbox(path: str | os.PathLike) -> Iterable[bytes]:
    box = mailbox.mbox(str(path), create=False)
    try:
        for key in list(box.iterkeys()):  # iterating the box itself yields messages
            yield box.get_bytes(key)
    finally:
        box.close()


def iter_maildir(path: str | os.PathLike) -> Iterable[bytes]:
    box = mailbox.Maildir(str(path), factory=None, create=False)
    for key in sorted(box.keys()):
        yield box.get_bytes(key)


def ingest_many(judge: Judge, messages: Iterable[bytes], source: str) -> list[Outcome]:
    intake = Intake(judge)
    return [intake.ingest(raw, source) for raw in messages]
