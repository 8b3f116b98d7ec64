"""Turn one raw e-mail (bytes) into the text a player wrote, line by line.

Players do not change how they write, and mail clients wrap what they write in a lot of
noise: HTML alternatives, transfer encodings and national charsets, ``format=flowed``
wrapping, the text split into several parts around an inline image, a byte-order mark or
zero-width spaces pasted from a web page, PGP armour, the whole previous message quoted
below (or above) the new text, signatures, phone footers and mailing-list footers. The
judge must read what the player wrote, and only that: quoted old orders (and passwords)
must never be read again.

So every line of the message's text gets a *role* (:class:`MailText`): the player's new
text at the top, the player's text written below a quoted message (bottom-posting and
inline replies), quoted lines, the attribution line above a quote, an old message below an
"Original Message" marker, a signature, a list footer, PGP armour. Which of the player's
lines are read as orders is decided by the intake, which knows the game (the text above a
quote is read when it holds orders, else the text below it as well).

Automatic messages (bounces, out-of-office replies, list traffic) are recognised from
their headers (:func:`automatic_reason`): a judge that answers them starts a mail loop.

Everything here is pure and total: any bytes give a :class:`ParsedMail` (possibly with no
text), never an exception.
"""

from __future__ import annotations

import codecs
import contextlib
import email
import email.feedparser
import email.message
import email.policy
import email.utils
import hashlib
import html
import re
from collections.abc import Iterable
from email.message import Message
from html.parser import HTMLParser
from typing import ClassVar

from adjudicator.desk.forum import bbcode_quote_lines, looks_like_bbcode, strip_bbcode_line
from adjudicator.record import field, record

# --- line roles ----------------------------------------------------------------------------
TEXT = "text"  # the player's new text (above any quote)
BELOW = "below"  # the player's text written below or between quoted lines
QUOTED = "quoted"  # a ">"-quoted line: someone else's words
ATTRIBUTION = "attribution"  # "On Tue, 4 Mar 2025, Judge <j@x> wrote:" above a quote
OLD = "old"  # an old message below "-----Original Message-----" and the like
SIGNATURE = "signature"  # from "-- " or "Sent from my iPhone" up to the next quote
FOOTER = "footer"  # a mailing-list footer or a disclaimer, to the end
ARMOUR = "armour"  # PGP armour lines and signature blocks


@record(frozen=True)
class MailText:
    """The text of a message, one entry per line, each with its role.

    Line numbers (1-based) are those of this text, the same in every reply: a reply that
    says "line 7" means the 7th line of what the player wrote (all text parts in order).
    The lines are as cleaned (invisible characters, PGP dash-escaping and BBCode removed),
    never joined or split, so the numbering is the player's.
    """

    lines: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # things the player should know ("an encrypted block ...")

    def numbers(self, *roles: str) -> list[int]:
        """The 1-based numbers of the lines having one of ``roles``."""
        return [i + 1 for i, r in enumerate(self.roles) if r in roles]

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def keep(self, numbers: Iterable[int]) -> str:
        """The text with only the lines ``numbers`` kept and every other line blank, so line
        numbers stay those of the message; trailing blank lines are dropped."""
        wanted = set(numbers)
        out = [ln if i + 1 in wanted else "" for i, ln in enumerate(self.lines)]
        while out and not out[-1].strip():
            out.pop()
        return "\n".join(out) + ("\n" if out else "")

    def compact(self, *roles: str) -> str:
        """The lines having ``roles`` joined (others left out), without leading or trailing
        blank lines: the text a human would read as "what the player wrote"."""
        kept = [self.lines[n - 1].rstrip() for n in self.numbers(*roles)]
        while kept and not kept[-1].strip():
            kept.pop()
        while kept and not kept[0].strip():
            kept.pop(0)
        return "\n".join(kept)

    def new_text(self) -> str:
        """The player's new text as the mail layer sees it, without knowing the game: the
        text above the first quote, or, when there is none, the text below and between
        the quotes (bottom-posting, inline replies)."""
        top = self.compact(TEXT)
        return top if top.strip() else self.compact(TEXT, BELOW)


@record
class ParsedMail:
    """One message as the desk needs it: who sent it, its subject, its text line by line
    (with roles), and whether a machine sent it."""

    message_id: str  # from the header, or "sha256:<hash of the raw bytes>" when missing
    from_addr: str  # bare address of From (lower-cased domain), "" when unreadable
    from_header: str
    reply_to: str
    subject: str  # unfolded, invisible characters removed
    body: str  # the player's new text (MailText.new_text): what a human would read
    raw_body: str  # every text part decoded and unflowed, before roles were given
    attachments: list[str]  # names (or types) of the parts not read
    text: MailText = field(default_factory=MailText)
    automatic: str = ""  # why this is an automatic message (bounce, auto-reply...), "" if not
    display_name: str = ""  # the sender's name as in From ("Pierre Dupont")
    unread_documents: list[str] = field(default_factory=list)  # attached text/documents
    refused: str = ""  # why the body was not read (too large, too deep...), "" if it was


# --- characters ----------------------------------------------------------------------------
# Invisible characters that web pages, phones and word processors slip into text: a BOM,
# zero-width spaces and joiners, soft hyphens, direction marks. They are never meant.
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060\u00ad\u200e\u200f"
                                    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                                    "\u180e\ufffe"), None)
# Spaces that look like spaces (no-break, thin, figure, ideographic...).
_SPACES = {ord(c): " " for c in "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                                "\u2007\u2008\u2009\u200a\u202f\u205f\u3000"}
_LINE_BREAKS = re.compile(r"\r\n|\r|\u2028|\u2029|\x0b|\x0c|\x85")


def normalize_text(text: str) -> str:
    """Line breaks as ``\\n``, invisible characters removed, odd spaces made spaces: a
    credential or an order must never hide behind a character nobody can see."""
    return _LINE_BREAKS.sub("\n", text).translate(_INVISIBLE).translate(_SPACES)


def unflow(text: str, delsp: bool = False) -> str:
    """Undo RFC 3676 ``format=flowed``: a line ending in a space continues on the next one
    (with ``delsp=yes`` that space was inserted by the client and is removed). Space
    stuffing is undone; quote depth is kept, and a change of depth ends a paragraph. The
    signature separator ``-- `` is never a soft break."""
    out: list[str] = []
    para: list[str] = []
    para_depth = -1

    def flush() -> None:
        nonlocal para, para_depth
        if para_depth >= 0:
            joined = "".join(para)
            out.append((">" * para_depth + " " + joined) if para_depth else joined)
        para, para_depth = [], -1

    for raw in text.split("\n"):
        body = raw.lstrip(">")
        depth = len(raw) - len(body)
        body = body.removeprefix(" ")  # space-stuffing (or the space after quote marks)
        soft = body.endswith(" ") and body != "-- "
        if para_depth >= 0 and depth != para_depth:
            flush()
        if soft and delsp:
            body = body[:-1]
        para.append(body)
        para_depth = depth
        if not soft:
            flush()
    flush()
    return "\n".join(out)


# --- MIME ----------------------------------------------------------------------------------
#: How deep MIME parts may nest, and how many there may be (``judge.json`` ``limits``
#: ``mime_depth`` and ``mime_parts``). Real mail nests 3 or 4 deep (mixed > related >
#: alternative > text, or a forwarded message inside) and has a handful of parts. Python's
#: mail parser recurses once per level (RecursionError near 1,000 levels, and each line
#: costs a step through every level: quadratic), and every part costs a Message object and
#: a header parse. A message over a limit is refused, unread.
MIME_DEPTH = 20
MIME_PARTS = 200
#: A header field (unfolded) longer than this is dropped before anything reads it: the
#: mail library parses some headers in quadratic time, and nothing a person writes needs
#: 8 KB of header. From, Reply-To and Sender are dropped beyond 998 characters (RFC 5322's
#: line limit: one address never needs more), MIME headers (Content-*) beyond 2,000; an
#: oversized Content-Type or Content-Disposition makes the part an unread attachment.
HEADER_FIELD_MAX = 8192
ADDRESS_HEADER_MAX = 998
MIME_HEADER_MAX = 2000
_ADDRESS_HEADERS = {"from", "reply-to", "sender", "resent-from", "resent-sender"}
# Codecs that are no mail charset and decode in quadratic time (punycode), or are no text
# encoding at all: a part naming one is decoded as UTF-8 (or Latin-1) instead.
_REFUSED_CODECS = {"punycode", "idna"}


class MimeLimit(Exception):
    """A message too deep, too wide or too strange to read (the reason is the message)."""


class _BoundedParser(email.feedparser.BytesFeedParser):
    """Python's mail parser with limits: it stops (:class:`MimeLimit`) before a part nested
    deeper than ``max_depth`` or beyond ``max_parts`` parts, and drops oversized header
    fields (see ``HEADER_FIELD_MAX``) before anything parses them.

    The two hooks (``_new_message``, ``_parse_headers``) are the parser's own private steps
    for "a part starts" and "its headers are read", the same from Python 3.10 to 3.13; the
    tests feed a message 1,000 deep and one of 20,000 parts, so a change would show."""

    def __init__(self, policy: email.policy.Policy, max_depth: int, max_parts: int) -> None:
        super().__init__(policy=policy)
        self.max_depth = max_depth
        self.max_parts = max_parts
        self.entities = 0

    def _new_message(self) -> None:
        if len(self._msgstack) > self.max_depth:
            raise MimeLimit(f"its MIME parts are nested more than {self.max_depth} deep "
                            f"(the limit is {self.max_depth})")
        self.entities += 1
        if self.entities - 1 > self.max_parts:
            raise MimeLimit(f"it has more than {self.max_parts} MIME parts (the limit is "
                            f"{self.max_parts})")
        super()._new_message()

    def _parse_headers(self, lines: list[str]) -> None:
        fields: list[list[str]] = []
        for line in lines:
            if fields and line[:1] in (" ", "\t"):
                fields[-1].append(line)
            else:
                fields.append([line])
        kept: list[str] = []
        for field_lines in fields:
            size = sum(len(x) for x in field_lines)
            name = field_lines[0].split(":", 1)[0].strip().lower()
            if name in _ADDRESS_HEADERS and size > ADDRESS_HEADER_MAX:
                continue
            if name.startswith("content-") and size > MIME_HEADER_MAX:
                if name == "content-type":
                    kept.append("Content-Type: application/octet-stream\n")
                elif name == "content-disposition":
                    kept.append("Content-Disposition: attachment\n")
                continue
            if size > HEADER_FIELD_MAX:
                continue
            kept.extend(field_lines)
        super()._parse_headers(kept)


def _read_message(raw: bytes, policy: email.policy.Policy, max_depth: int, max_parts: int,
                  headers_only: bool = False) -> Message:
    parser = _BoundedParser(policy, max_depth, max_parts)
    if headers_only:
        parser._set_headersonly()
    parser.feed(raw)
    return parser.close()


def read_message(raw: bytes, max_depth: int = MIME_DEPTH,
                 max_parts: int = MIME_PARTS) -> tuple[Message, str]:
    """``raw`` as a Message, and why its body may not be read ("" when it may).

    The modern parser first, Python's tolerant compat32 parser when that one fails; over a
    limit, or when neither can read it, only the headers are read (they always can be)."""
    for policy in (email.policy.default, email.policy.compat32):
        try:
            return _read_message(raw, policy, max_depth, max_parts), ""
        except MimeLimit as exc:
            why = str(exc)
            break
        except Exception:  # noqa: BLE001 - RecursionError included: try the next parser
            why = "its MIME structure cannot be read"
            continue
    return headers_of(raw), why


def headers_of(raw: bytes) -> Message:
    """Only the headers of ``raw`` (the body is not parsed): what an oversized or
    unreadable message is answered from."""
    for policy in (email.policy.default, email.policy.compat32):
        with contextlib.suppress(Exception):  # then the tolerant parser; then nothing
            return _read_message(raw, policy, 0, 0, headers_only=True)
    return email.message.Message()


def _usable_charset(cs: str | None) -> bool:
    if not cs or len(cs) > 64:
        return False
    try:
        info = codecs.lookup(cs)
    except (LookupError, ValueError):
        return False
    return getattr(info, "_is_text_encoding", True) and info.name not in _REFUSED_CODECS


def _decode_bytes(data: bytes, charset: str | None) -> str:
    for cs in (charset, "utf-8"):
        if not _usable_charset(cs):
            continue
        try:
            return data.decode(cs)
        except (LookupError, UnicodeDecodeError, ValueError):
            continue
    return data.decode("latin-1", errors="replace")


def _part_text(part: Message) -> str:
    try:
        payload = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001 - malformed transfer encoding: fall back to raw
        payload = None
    if payload is None:
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    text = _LINE_BREAKS.sub("\n", _decode_bytes(payload, charset))
    try:
        flowed = (part.get_param("format") or "").lower() == "flowed"
        delsp = (part.get_param("delsp") or "").lower() == "yes"
    except Exception:  # noqa: BLE001
        flowed = delsp = False
    return unflow(text, delsp) if flowed else text


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # noqa: BLE001 - undecodable header
        return ""
    return str(value or "").strip()


def _is_attachment(part: Message) -> bool:
    try:
        disp = (part.get_content_disposition() or "").lower()
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        disp, name = "", None
    return disp == "attachment" or (disp == "inline" and bool(name))


_DOCUMENT_TYPES = ("text/", "application/msword", "application/rtf", "application/pdf",
                   "application/vnd.openxmlformats-officedocument.wordprocessingml",
                   "application/vnd.oasis.opendocument.text")


@record
class _Parts:
    plain: list[str] = field(default_factory=list)
    html: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)


def _walk(part: Message, acc: _Parts) -> None:
    """Collect the readable text parts in message order.

    multipart/alternative: one alternative (plain text when it has any); multipart/signed
    (PGP/MIME): the signed content, not the signature; message/rfc822 (a forwarded or
    bounced message): never read, it is someone else's; every other multipart: each part
    in order (mail clients split the text around an inline image).
    """
    ctype = part.get_content_type()
    if ctype == "message/rfc822" or ctype.startswith("message/"):
        acc.skipped.append(ctype)  # a forwarded or returned message: someone else's words
        return
    if part.is_multipart():
        children = [c for c in (part.get_payload() or []) if isinstance(c, Message)]
        if ctype == "multipart/alternative":
            options = []
            for child in children:
                sub = _Parts()
                _walk(child, sub)
                options.append(sub)
            best = (next((o for o in options if any(t.strip() for t in o.plain)), None)
                    or next((o for o in reversed(options) if o.html), None))
            if best is not None:
                acc.plain += best.plain
                acc.html += best.html
                acc.skipped += best.skipped
                acc.documents += best.documents
            return
        if ctype == "multipart/signed":
            children = children[:1]
        for child in children:
            _walk(child, acc)
        return
    name = ""
    try:
        name = part.get_filename() or ""
    except Exception:  # noqa: BLE001
        name = ""
    if _is_attachment(part) or not ctype.startswith("text/"):
        acc.skipped.append(name or ctype)
        if name and ctype.startswith(_DOCUMENT_TYPES):
            acc.documents.append(name)
        return
    if ctype == "text/html":
        acc.html.append(_part_text(part))
    elif ctype == "text/plain":
        acc.plain.append(_part_text(part))
    else:  # text/calendar, text/x-vcard...: not something a player types orders into
        acc.skipped.append(name or ctype)


def _join(texts: list[str]) -> str:
    """Text parts one after the other, each on its own lines."""
    return "\n".join(t.removesuffix("\n") for t in texts)


def _choose_text(msg: Message) -> tuple[str, list[str], list[str]]:
    """Every text/plain part in order, else every HTML part converted; with the names of
    the parts not read and, among them, attached documents (which might hold orders)."""
    acc = _Parts()
    _walk(msg, acc)
    if any(t.strip() for t in acc.plain):
        return _join(acc.plain), acc.skipped, acc.documents
    if acc.html:
        return _join([html_to_text(h) for h in acc.html]), acc.skipped, acc.documents
    return _join(acc.plain), acc.skipped, acc.documents


# --- HTML ----------------------------------------------------------------------------------
class _HTMLText(HTMLParser):
    """HTML to text: blocks become lines; a ``<blockquote>`` (an earlier message) becomes
    ``>``-quoted lines, so it is treated like any quote (never read, and the player's text
    below it can be)."""

    BLOCK: ClassVar[set[str]] = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5",
                                 "h6", "pre", "table", "ul", "ol", "hr", "section", "article"}
    SKIP: ClassVar[set[str]] = {"script", "style", "head", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.current_text = False  # whether ``current`` holds more than white space
        self.current_depth = 0
        self.skip = 0
        self.quote = 0

    def _newline(self, explicit: bool = False) -> None:
        """End the current line; an empty one is kept only when asked for (``<br>``), so
        block boundaries do not turn into blank lines."""
        text = "".join(self.current)
        if text.strip():
            prefix = "> " * self.current_depth
            self.lines.append(prefix + text.strip(" ") if prefix else text.rstrip(" "))
        elif explicit:
            self.lines.append("> " * self.quote if self.quote else "")
        self.current = []
        self.current_text = False
        self.current_depth = self.quote

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skip += 1
        elif tag == "blockquote":
            self._newline()
            self.quote += 1
            self.current_depth = self.quote
        elif tag == "br":
            self._newline(explicit=True)
        elif tag in self.BLOCK:
            self._newline()

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag == "blockquote":
            self._newline()
            self.quote = max(0, self.quote - 1)
            self.current_depth = self.quote
        elif tag in self.BLOCK:
            self._newline()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "hr"):
            self._newline(explicit=tag == "br")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        data = data.replace("\r", "").replace("\n", " ")
        if not self.current_text:  # (joining ``current`` here each time was quadratic)
            self.current_depth = self.quote
            self.current_text = bool(data.strip())
        self.current.append(data)


def defuse_html(markup: str) -> str:
    """``markup`` with every "<" that does not open a tag escaped (``&lt;``): a "<" whose
    ">" comes after the next "<", or never; a comment ("<!--") without its "-->".

    Python's HTMLParser rescans the rest of the document for each "<" it cannot close
    (``"<" * 40000`` took 3 s, 256 KB of them two minutes); after this every "<" it sees
    is closed before the next one, so parsing is linear."""
    out: list[str] = []
    pos = 0
    gt = markup.find(">")  # the first ">" at or after the current "<" (-1: none left)
    comments = True  # False once a "<!--" had no "-->" after it: none after it will
    i = markup.find("<")
    while i >= 0:
        if markup.startswith("<!--", i):
            end = markup.find("-->", i + 4) if comments else -1
            if end >= 0:
                i = markup.find("<", end + 3)
                continue
            comments = False
        if 0 <= gt < i:
            gt = markup.find(">", i)
        nxt = markup.find("<", i + 1)
        if gt < 0 or 0 <= nxt < gt:
            out.append(markup[pos:i])
            out.append("&lt;")
            pos = i + 1
        i = nxt
    out.append(markup[pos:])
    return "".join(out)


def html_to_text(markup: str) -> str:
    parser = _HTMLText()
    try:
        parser.feed(defuse_html(markup))
        parser.close()
        parser._newline()
    except Exception:  # noqa: BLE001 - broken HTML: strip tags crudely
        return html.unescape(re.sub(r"<[^<>]*>", " ", markup))
    lines = parser.lines
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines).replace("\xa0", " ")


# --- roles of lines ------------------------------------------------------------------------
# Every pattern here runs on every line of a stranger's message, so none may backtrack
# more than linearly (tests/desk/test_slow_patterns.py feeds them long runs of spaces,
# "wrote", ">", "*" and the like). In particular no "\s*" is followed by another run that
# can match the same characters ("\s*\**\s*" took hours on a 240 KB line of spaces):
# bold markers before a keyword are "(?:\*+\s*)?".
_SIG = re.compile(r"^--\s?$")
# "On Mon, 3 Mar 2025 at 10:00, Alice <a@x> wrote:" and its translations (any position of
# the verb: Danish "15. marts 2017 kl. 11.00 skrev John <j@x>:"). See _wrote().
_WROTE_VERBS = (r"(?:\bwrote|\bwrites|a\s+écrit|\bschrieb|\bescribió|ha\s+scritto|\bschreef"
                r"|\bnapsal|napisał|\bskrev|\bkirjoitti|írta|написал\w*|пишет|\bescreveu|yazdı"
                r"|写道)")
_WROTE_END = re.compile(_WROTE_VERBS + r"(?: [^:]{0,120})? ?:?$", re.IGNORECASE)
_WROTE_WINDOW = 200  # a verb must end within the last 122 characters (see _wrote)
_WROTE_START = re.compile(r"^\s*(?:On|Le|Am|El|Il|Op|Den|Em|W\s+dniu|Dne)\s+\S", re.IGNORECASE)
_OLD_MARKER = re.compile(
    r"""^\s*(?:\*+\s*)?(?:
        -{2,}\s*(?:Original|Forwarded)\s+Message\s*-{2,}
      | -{2,}\s*(?:Ursprüngliche\s+Nachricht|Message\s+d'origine|Mensaje\s+original
                 |Messaggio\s+originale|Oorspronkelijk\s+bericht|Originalmeddelande
                 |Weitergeleitete\s+Nachricht|Message\s+transféré)\s*-{2,}
      | _{10,}
      | Begin\s+forwarded\s+message:
      | Début\s+du\s+message\s+réexpédié\s*:
    )\s*$""", re.IGNORECASE | re.VERBOSE)
_HEADER_FROM = re.compile(r"^\s*(?:\*+\s*)?(?:From|Von|De|Od|От|Van|Da|Från|Fra)\s*:"
                          r"(?:\s*\*+)?\s+\S", re.IGNORECASE)
_HEADER_NEXT = re.compile(r"^\s*(?:\*+\s*)?(?:Sent|Date|Gesendet|Datum|Envoyé|Enviado|Data"
                          r"|Skickat|Sendt|Verzonden|Отправлено|Inviato)\s*:", re.IGNORECASE)
_HEADER_TO = re.compile(r"^\s*(?:\*+\s*)?(?:To|An|À|Para|A|Aan|Till|Til|Кому)\s*:",
                        re.IGNORECASE)
_HEADER_SUBJECT = re.compile(r"^\s*(?:\*+\s*)?(?:Subject|Betreff|Objet|Asunto|Oggetto"
                             r"|Onderwerp|Ämne|Emne|Тема)\s*:", re.IGNORECASE)
_PHONE_FOOTER = re.compile(
    r"""^\s*(?:
        Sent\s+(?:from|with|via|using)\s+.{1,60}
      | Get\s+Outlook\s+for\s+\S+.*
      | (?:Envoyé|Envoye)\s+(?:de|depuis)\s+.{1,60}
      | Enviado\s+(?:desde|de)\s+.{1,60}
      | Inviato\s+da\s+.{1,60}
      | Verzonden\s+(?:vanaf|met)\s+.{1,60}
      | Skickat\s+från\s+.{1,60}
      | Sendt\s+fra\s+.{1,60}
      | Von\s+meinem\s+.{1,60}\s+gesendet
      | Gesendet\s+(?:von|mit)\s+.{1,60}
      | Wysłane\s+z\s+.{1,60}
      | Odesláno\s+z\s+.{1,60}
      | Отправлено\s+(?:с|из)\s+.{1,60}
    )\s*$""", re.IGNORECASE | re.VERBOSE)
_LIST_FOOTER = re.compile(
    r"""^\s*(?:
        You\s+received\s+this\s+(?:message|email)\s+because\s+you\s+are\s+subscribed
      | To\s+unsubscribe\s+from\s+this\s+group
      | -=-=-=-=-=
      | Groups\.io\s+Links:
      | __\._,_\.___
      | Yahoo!?\s+Groups\s+Links
      | -{5,}\s*next\s+part\s*-{5,}
      | Virus-free\.?\s*www\.avast\.com.*
      | This\s+email\s+has\s+been\s+(?:checked|scanned)\s+(?:for\s+viruses\s+)?by\b.*
      | (?:CONFIDENTIALITY\s+NOTICE|DISCLAIMER)\s*:.*
      | This\s+e-?mail\s+(?:and\s+any\s+(?:files|attachments)\s+)?(?:transmitted\s+with\s+it\s+)?
        (?:is|are|may\s+be)\s+(?:strictly\s+)?confidential.*
    )""", re.IGNORECASE | re.VERBOSE)
_QUOTED = re.compile(r"^\s*>")
# The longest line the role patterns look at: an attribution, a marker, a footer or a
# signature line is a short line; a longer one is the player's text (or someone else's
# paragraph), whatever it starts with.
_MARKER_LINE = 2000


def _wrote(text: str) -> bool:
    """Whether ``text`` ends like the verb part of an attribution: "... wrote:", "schrieb
    Hans <h@x>:", "skrev John <j@x>:" -- the verb, then at most 120 characters without a
    colon, then an optional colon.

    Runs of white space count as one space, and only the end of the text is searched: a
    verb further from the end cannot qualify. (The single pattern this replaces backtracked
    cubically on a long run of spaces after "wrote".)"""
    flat = " ".join(text.split())
    return bool(_WROTE_END.search(flat[-_WROTE_WINDOW:]))


def _attribution_ok(text: str, strict: bool) -> bool:
    """Whether ``text`` reads as the line a client writes above a quote.

    It always ends in ":". Above ``>``-quoted lines, a "wrote"-like verb, a date or an
    address is enough. Not followed by quotes (``strict``), the verb *and* a date or an
    address are needed: "Here is what I wrote:" is the player's own text.
    """
    s = text.strip()
    if not s.endswith(":") or len(s) > 300:
        return False
    verb = _wrote(s)
    marks = bool(re.search(r"\d|@", s))
    return verb and marks if strict else verb or marks


def _outlook_block(lines: list[str], i: int) -> bool:
    """A "From: / Sent: / To: / Subject:" block: the start of a message quoted by Outlook
    (and by many clients when forwarding). A "From:" line alone is not enough."""
    if not _HEADER_FROM.match(lines[i]):
        return False
    nxt = [ln for ln in lines[i + 1:i + 5] if ln.strip()][:3]
    if any(_HEADER_NEXT.match(ln) for ln in nxt):
        return True
    return (any(_HEADER_TO.match(ln) for ln in nxt)
            and any(_HEADER_SUBJECT.match(ln) for ln in nxt))


def _mark_pgp(lines: list[str], roles: list[str | None], notes: list[str]) -> None:
    """PGP armour (RFC 4880 cleartext signatures): the header and signature blocks become
    ARMOUR, and dash-escaping ("- " before a line starting with "-") is undone in the
    signed text. An encrypted block cannot be read by the judge: it is noted."""
    i, n = 0, len(lines)
    while i < n:
        s = lines[i].strip()
        if s == "-----BEGIN PGP SIGNED MESSAGE-----":
            roles[i] = ARMOUR
            i += 1
            while i < n and re.match(r"^\s*(?:Hash|Charset|NotDashEscaped)\s*:", lines[i]):
                roles[i] = ARMOUR
                i += 1
            if i < n and not lines[i].strip():
                roles[i] = ARMOUR
                i += 1
            while i < n and lines[i].strip() != "-----BEGIN PGP SIGNATURE-----":
                lines[i] = lines[i].removeprefix("- ")
                i += 1
            continue
        for kind in ("SIGNATURE", "MESSAGE"):
            if s == f"-----BEGIN PGP {kind}-----":
                while i < n:
                    roles[i] = ARMOUR
                    if lines[i].strip() == f"-----END PGP {kind}-----":
                        break
                    i += 1
                if kind == "MESSAGE":
                    notes.append("an encrypted (PGP) block could not be read: send orders in "
                                 "plain text")
                break
        i += 1


def segment(text: str) -> MailText:
    """Give every line of a message's text its role (see the module docstring).

    Reading order: PGP armour first; a forum post copied into the mail loses its BBCode
    (line by line, so line numbers stay) and its ``[quote]`` blocks; then, line by line,
    a ``>`` line is a quote (and the line or two above it, when they read like "On ...
    wrote:", its attribution) and what follows a quote is the player's text below it; an
    old-message marker ("Original Message", an Outlook header block, "Begin forwarded
    message", a line of underscores, "On ... wrote:" over an unquoted message) makes the
    rest OLD; a signature separator or a phone footer starts a SIGNATURE that lasts until
    the next quote; a list footer or a disclaimer makes the rest FOOTER.
    """
    lines = normalize_text(text).split("\n")
    n = len(lines)
    roles: list[str | None] = [None] * n
    notes: list[str] = []
    # the next non-blank line after each line (None: none), computed once: searching for
    # it from every line made a run of blank lines quadratic
    following: list[int | None] = [None] * n
    nxt = None
    for i in range(n - 1, -1, -1):
        following[i] = nxt
        if lines[i].strip():
            nxt = i
    _mark_pgp(lines, roles, notes)
    if looks_like_bbcode("\n".join(lines)):
        # a forum post copied into the mail: quoted posts are someone else's; tags go
        for i in bbcode_quote_lines(lines):
            roles[i] = roles[i] or QUOTED
        lines = [ln if roles[i] else strip_bbcode_line(ln) for i, ln in enumerate(lines)]
    state = TEXT
    for i in range(n):
        if roles[i] is not None:
            continue
        line = lines[i]
        if state in (OLD, FOOTER):
            roles[i] = state
            continue
        if _QUOTED.match(line):
            roles[i] = QUOTED
            _mark_attribution(lines, roles, i)
            state = BELOW
            continue
        if len(line) > _MARKER_LINE:
            roles[i] = state  # a long paragraph: the player's text, never a marker
            continue
        if (_OLD_MARKER.match(line) or _outlook_block(lines, i)
                or _unquoted_attribution(lines, i, following)):
            roles[i] = state = OLD  # an old message follows, not prefixed with ">"
            continue
        if _LIST_FOOTER.match(line):
            roles[i] = state = FOOTER
            continue
        if _SIG.match(line) or (len(line) < 80 and _PHONE_FOOTER.match(line)):
            roles[i] = state = SIGNATURE
            continue
        roles[i] = state
    return MailText(tuple(lines), tuple(r or TEXT for r in roles), tuple(notes))


def _unquoted_attribution(lines: list[str], i: int, following: list[int | None]) -> bool:
    """"On ... wrote:" (on one line or wrapped over two) *not* followed by ``>`` lines:
    some clients quote the old message without prefixes; everything below is old.
    ``following[i]`` is the index of the first non-blank line after ``i``."""
    line = lines[i]
    j = following[i]
    if _attribution_ok(line, strict=True):
        return j is None or not _QUOTED.match(lines[j])
    if (j is None or len(line) > 200 or len(line) + len(lines[j]) > 300
            or not _WROTE_START.match(line) or _QUOTED.match(lines[j])):
        return False
    if not (_wrote(lines[j]) and _attribution_ok(line + " " + lines[j], strict=True)):
        return False
    k = following[j]
    return k is None or not _QUOTED.match(lines[k])


def _mark_attribution(lines: list[str], roles: list[str | None], i: int) -> None:
    """Entering a quote at line ``i``: the line (or two, when wrapped) above it that reads
    like "On ... wrote:" is the quote's attribution, not the player's text."""
    if i > 0 and roles[i - 1] == QUOTED:
        return
    j = i - 1
    while j >= 0 and not lines[j].strip() and roles[j] in (TEXT, BELOW, SIGNATURE):
        j -= 1
    if j < 0 or roles[j] not in (TEXT, BELOW, SIGNATURE):
        return
    if _attribution_ok(lines[j], strict=False):
        roles[j] = ATTRIBUTION
        k = j - 1
        if (k >= 0 and roles[k] in (TEXT, BELOW, SIGNATURE) and lines[k].strip()
                and len(lines[k]) <= 300 and _WROTE_START.match(lines[k])
                and _wrote(lines[k].strip() + " " + lines[j].strip())):
            roles[k] = ATTRIBUTION
        return
    k = j - 1
    if (k >= 0 and roles[k] in (TEXT, BELOW, SIGNATURE) and _WROTE_START.match(lines[k])
            and _attribution_ok(lines[k].strip() + " " + lines[j].strip(), strict=False)):
        roles[j] = roles[k] = ATTRIBUTION


def strip_quotes_and_signature(text: str) -> str:
    """The new part of a reply, without knowing the game: the text above the first quote,
    separator or signature, or the player's text between and below quotes when there is
    nothing above (``>``-quoted lines are never kept)."""
    return segment(text).new_text()


# --- automatic messages --------------------------------------------------------------------
_AUTO_SENDERS = re.compile(
    r"^(?:mailer-daemon|post_?master|listserv|majordomo|mailman|noreply|no-reply|no_reply"
    r"|donotreply|do-not-reply|bounces?|owner-.+|.+-request|.+-bounces(?:\+.*)?|.+-owner)@",
    re.IGNORECASE)
_AUTO_SUBJECT = re.compile(
    r"""^\s*(?:
        Automatic\s+reply | Auto(?:matische)?[-\s]?(?:reply|response|antwort|Respons)
      | Out\s+of\s+(?:the\s+)?office | Undeliverable | Undelivered\s+Mail
      | Undelivered\s+Message | Delivery\s+Status\s+Notification | Delivery\s+Failure
      | Delivery\s+Status | Delivery\s+has\s+failed | Mail\s+delivery\s+failed
      | Returned\s+mail | Failure\s+notice
      | Mail\s+System\s+Error | Message\s+not\s+delivered | Warning:\s+could\s+not\s+send
      | Abwesenheitsnotiz | Unzustellbar | Réponse\s+automatique | Absence\s+du\s+bureau
      | Respuesta\s+automática | Fuera\s+de\s+la\s+oficina | Risposta\s+automatica
      | Automatisch\s+antwoord | Afwezig | Autosvar | Automaattinen\s+vastaus
    )\b""", re.IGNORECASE | re.VERBOSE)
_AUTO_FLAG_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Auto-Reply", "X-AutoReply-From",
                      "X-Mail-Autoreply", "X-Autogenerated", "X-Auto-Generated",
                      "X-FC-MachineGenerated", "X-Njudge", "X-DPjudge", "X-Failed-Recipients")


def automatic_reason(msg: Message, from_addr: str) -> str:
    """Why ``msg`` was sent by a machine and must not be answered ("" when a person sent it).

    RFC 3834 section 2: ``Auto-Submitted`` other than ``no``; the envelope sender is empty
    (``Return-Path: <>``, bounces); MAILER-DAEMON, postmaster, LISTSERV, majordomo,
    ``owner-*`` and ``*-request`` senders. Besides: ``Precedence: bulk/junk/list`` and
    ``List-Id`` (mailing-list traffic), ``multipart/report`` (delivery and read
    notifications), the vendor flags of out-of-office replies (``X-Autoreply``,
    ``X-Auto-Response-Suppress``, Apple's ``X-Apple-Action: VACATION``...), mail from
    another judge. Answering any of these starts the mail loops judges are notorious for.
    (The subjects auto-responders use are judged apart: :func:`automatic_subject`.)
    """
    def h(name: str) -> str:
        return _header(msg, name)

    auto = h("Auto-Submitted").lower()
    if auto and auto.split(";")[0].split("(")[0].strip() != "no":
        return f"Auto-Submitted: {auto[:60]}"
    prec = (h("Precedence") or h("X-Precedence")).lower().strip()
    if prec in ("bulk", "junk", "list", "auto_reply", "auto-reply"):
        return f"Precedence: {prec}"
    if h("List-Id") or h("List-Unsubscribe") or h("Mailing-List"):
        return "mailing-list traffic (List-Id)"
    rpath = h("Return-Path")
    if rpath and re.fullmatch(r"<\s*>", rpath):
        return "empty Return-Path (a bounce)"
    if re.fullmatch(r"<\s*>", h("From")):
        return "empty sender <> (a bounce)"
    try:
        ctype = msg.get_content_type()
    except Exception:  # noqa: BLE001
        ctype = ""
    if ctype == "multipart/report":
        return "multipart/report (a delivery or read notification)"
    for name in _AUTO_FLAG_HEADERS:
        if h(name):
            return f"{name} header"
    suppress = h("X-Auto-Response-Suppress").lower()
    if suppress and suppress != "none":
        return f"X-Auto-Response-Suppress: {suppress[:40]}"
    if "vacation" in h("X-Apple-Action").lower():
        return "X-Apple-Action: VACATION"
    sender = _address(h("Sender"))
    for addr in (from_addr, sender):
        if addr and _AUTO_SENDERS.match(addr):
            return f"automatic sender {addr}"
    name, _ = _parseaddr(h("From"))
    if re.search(r"\bMail\s+Delivery\s+(?:System|Subsystem)\b", name, re.IGNORECASE):
        return "sender 'Mail Delivery System'"
    return ""


def automatic_subject(subject: str) -> str:
    """Why ``subject`` is an automatic reply's ("Automatic reply:", "Undeliverable:"...),
    "" when it is not. Weaker evidence than a header (a person may write "Out of office
    next week, orders below"), so the intake believes it only for a message that carries
    no password."""
    subject = normalize_text(subject)
    if _AUTO_SUBJECT.match(re.sub(r"^\s*(?:\[[^\]]*\]\s*)+", "", subject)):
        return f"subject of an automatic reply ({subject[:40]!r})"
    return ""


# --- the whole message ---------------------------------------------------------------------
def _parseaddr(value: str) -> tuple[str, str]:
    try:
        return email.utils.parseaddr(value)
    except Exception:  # noqa: BLE001
        return "", ""


def _address(value: str) -> str:
    _, addr = _parseaddr(value)
    addr = addr.strip()
    if "@" not in addr or any(c in addr for c in "\r\n<>\" "):
        return ""
    local, _, domain = addr.rpartition("@")
    return f"{local}@{domain.lower()}"


def parse_mail(raw: bytes, *, max_bytes: int | None = None, max_depth: int = MIME_DEPTH,
               max_parts: int = MIME_PARTS) -> ParsedMail:
    """Parse ``raw`` leniently; never raises.

    A message larger than ``max_bytes``, nested deeper than ``max_depth`` or with more
    than ``max_parts`` MIME parts is not read beyond its headers: ``refused`` says why,
    and its text is empty. The size is checked before anything is parsed."""
    refused = ""
    if max_bytes is not None and len(raw) > max_bytes:
        msg = headers_of(raw)
        refused = f"the message is too large ({len(raw)} bytes; the limit is {max_bytes})"
    else:
        msg, refused = read_message(raw, max_depth, max_parts)
    if refused:
        body, attachments, documents = "", [], []
    else:
        try:
            body, attachments, documents = _choose_text(msg)
        except Exception:  # noqa: BLE001 - a malformed structure (RecursionError too)
            body, attachments, documents = _decode_bytes(raw, "utf-8"), [], []
    mid = _header(msg, "Message-ID")
    mid = re.sub(r"\s+", "", mid)[:500]
    if not mid:
        mid = "sha256:" + hashlib.sha256(raw).hexdigest()
    from_header = _header(msg, "From")
    from_addr = _address(from_header)
    try:
        automatic = automatic_reason(msg, from_addr)
    except Exception:  # noqa: BLE001 - a header too broken to read is no reason
        automatic = ""
    text = segment(body)
    return ParsedMail(
        message_id=mid,
        from_addr=from_addr,
        from_header=from_header[:500],
        reply_to=_address(_header(msg, "Reply-To")),
        subject=re.sub(r"\s+", " ", normalize_text(_header(msg, "Subject"))).strip()[:500],
        body=text.new_text(),
        raw_body=body,
        attachments=attachments,
        text=text,
        automatic=automatic,
        display_name=normalize_text(_parseaddr(from_header)[0]).strip()[:100],
        unread_documents=documents,
        refused=refused,
    )
