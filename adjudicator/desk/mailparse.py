"""Turn one raw e-mail (bytes) into the text a player meant to send.

Mail clients wrap orders in a lot of noise: HTML alternatives, quoted-printable or base64
transfer encodings, national charsets (windows-1250, KOI8-R...), the whole previous
message quoted below a top-posted reply, and "Sent from my iPhone". The judge must read
the new text only: quoted old orders must never be submitted again.

Everything here is pure and total: any bytes give a :class:`ParsedMail` (possibly with
an empty body), never an exception.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import hashlib
import html
import re
from dataclasses import dataclass
from email.message import Message
from html.parser import HTMLParser
from typing import ClassVar


@dataclass
class ParsedMail:
    message_id: str  # from the header, or "sha256:<hash of the raw bytes>" when missing
    from_addr: str  # bare address of From (lower-cased domain), "" when unreadable
    from_header: str
    reply_to: str
    subject: str
    body: str  # cleaned: text/plain preferred, quotes and signature removed
    raw_body: str  # the chosen body part decoded, before cleaning
    attachments: list[str]  # names of ignored attachments


def _decode_bytes(data: bytes, charset: str | None) -> str:
    for cs in (charset, "utf-8"):
        if not cs:
            continue
        try:
            return data.decode(cs)
        except (LookupError, UnicodeDecodeError):
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
    charset = None
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return _decode_bytes(payload, charset)


def _header(msg: Message, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # noqa: BLE001 - undecodable header
        return ""
    return str(value or "").strip()


def _is_attachment(part: Message) -> bool:
    try:
        disp = (part.get_content_disposition() or "").lower()
    except Exception:  # noqa: BLE001
        disp = ""
    return disp == "attachment" or (disp == "inline" and bool(part.get_filename()))


def _choose_body(msg: Message) -> tuple[str, list[str]]:
    """text/plain if any, else HTML converted to text; attachments are listed, not read."""
    plain: str | None = None
    htm: str | None = None
    attachments: list[str] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        if _is_attachment(part) or not ctype.startswith("text/"):
            if part is not msg or not ctype.startswith("text/"):
                attachments.append(part.get_filename() or ctype)
            continue
        if ctype == "text/plain" and plain is None:
            plain = _part_text(part)
        elif ctype == "text/html" and htm is None:
            htm = _part_text(part)
    if plain is not None and plain.strip():
        return plain, attachments
    if htm is not None:
        return html_to_text(htm), attachments
    return plain or "", attachments


# --- HTML --------------------------------------------------------------------------------
class _HTMLText(HTMLParser):
    BLOCK: ClassVar[set[str]] = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table",
             "ul", "ol", "hr"}
    SKIP: ClassVar[set[str]] = {"script", "style", "head", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skip += 1
        elif tag == "blockquote":
            self.quote += 1  # a quoted earlier message: drop it
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        elif tag in self.BLOCK:
            self.out.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag in ("br", "hr"):
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip and not self.quote:
            self.out.append(data)


def html_to_text(markup: str) -> str:
    parser = _HTMLText()
    try:
        parser.feed(markup)
        parser.close()
    except Exception:  # noqa: BLE001 - broken HTML: strip tags crudely
        return html.unescape(re.sub(r"<[^>]*>", " ", markup))
    text = "".join(parser.out).replace("\xa0", " ")
    return re.sub(r"\n[ \t]*\n(?:[ \t]*\n)+", "\n\n", text)


# --- quotes and signatures ---------------------------------------------------------------
_CUT_LINE = re.compile(
    r"""^\s*(?:
        -{2,}\s*(?:Original|Forwarded)\s+Message\s*-{2,}      # Outlook / Thunderbird
      | _{10,}                                                 # Outlook web separator
      | -{5,}\s*Ursprüngliche\s+Nachricht\s*-{5,}
      | Begin\s+forwarded\s+message:
      | Sent\s+from\s+my\s+\w+.*                               # Sent from my iPhone/iPad/...
      | Sent\s+from\s+(?:Mail|Outlook|Yahoo\s+Mail|Samsung|ProtonMail)\b.*
      | Get\s+Outlook\s+for\s+\w+.*
      | Von\s+meinem\s+\w+\s+gesendet.*
      | Envoyé\s+de\s+mon\s+\w+.*
      | Отправлено\s+с\s+.*
    )\s*$""", re.IGNORECASE | re.VERBOSE)
_SIG = re.compile(r"^--\s?$")
# "On Mon, 3 Mar 2025 at 10:00, Alice <a@x> wrote:" (may wrap onto a second line)
_WROTE = re.compile(r"^\s*(?:On|Le|Am|El|Il|Op|Dne|W\s+dniu)\b.*(?:wrote|a\s+écrit|schrieb|escribió"
                    r"|ha\s+scritto|schreef|napsal|napisał)\s*:?\s*$", re.IGNORECASE)
_WROTE_START = re.compile(r"^\s*(?:On|Le|Am|El|Il|Op)\s+\S.*$", re.IGNORECASE)
_WROTE_END = re.compile(r"^.*(?:wrote|a\s+écrit|schrieb|escribió|ha\s+scritto|schreef)\s*:\s*$",
                        re.IGNORECASE)
_OUTLOOK_FROM = re.compile(r"^\s*(?:From|Von|De|Od|От):\s+.+$", re.IGNORECASE)
_OUTLOOK_NEXT = re.compile(r"^\s*(?:Sent|Date|Gesendet|Envoyé|Datum|Отправлено|To|An):\s", re.IGNORECASE)


def strip_quotes_and_signature(text: str) -> str:
    """The new part of a reply: stops at the first quote header, separator or signature,
    and drops ``>``-quoted lines anywhere (inline replies keep their own lines)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kept: list[str] = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if _SIG.match(line) or _CUT_LINE.match(line) or _WROTE.match(line):
            break
        if _WROTE_START.match(line) and _WROTE_END.match(nxt) and len(line) < 200:
            break
        if _OUTLOOK_FROM.match(line) and _OUTLOOK_NEXT.match(nxt):
            break
        if line.lstrip().startswith(">"):
            continue
        kept.append(line.rstrip())
    while kept and not kept[-1].strip():
        kept.pop()
    while kept and not kept[0].strip():
        kept.pop(0)
    return "\n".join(kept)


# --- the whole message -------------------------------------------------------------------
def _address(value: str) -> str:
    try:
        _, addr = email.utils.parseaddr(value)
    except Exception:  # noqa: BLE001
        return ""
    addr = addr.strip()
    if "@" not in addr or any(c in addr for c in "\r\n<>\" "):
        return ""
    local, _, domain = addr.rpartition("@")
    return f"{local}@{domain.lower()}"


def parse_mail(raw: bytes) -> ParsedMail:
    """Parse ``raw`` leniently; never raises."""
    try:
        msg: Message = email.message_from_bytes(raw, policy=email.policy.default)
    except Exception:  # noqa: BLE001 - fall back to the tolerant compat32 parser
        msg = email.message_from_bytes(raw)
    try:
        body, attachments = _choose_body(msg)
    except Exception:  # noqa: BLE001 - a malformed structure: read it as one text
        body, attachments = _decode_bytes(raw, "utf-8"), []
    mid = _header(msg, "Message-ID")
    mid = re.sub(r"\s+", "", mid)[:500]
    if not mid:
        mid = "sha256:" + hashlib.sha256(raw).hexdigest()
    from_header = _header(msg, "From")
    return ParsedMail(
        message_id=mid,
        from_addr=_address(from_header),
        from_header=from_header[:500],
        reply_to=_address(_header(msg, "Reply-To")),
        subject=re.sub(r"\s+", " ", _header(msg, "Subject"))[:500],
        body=strip_quotes_and_signature(body),
        raw_body=body,
        attachments=attachments,
    )
