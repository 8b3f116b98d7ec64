"""Outgoing mail: every reply and report is written as an ``.eml`` file to the judge's
``outbox/`` first, then sent by SMTP when the judge config names a server.

Why a file first: a mail server that is down must not lose a reply, and tests (and
moderators without SMTP) can read exactly what would be sent. ``adj mail send`` (or any
ingest/tick when SMTP is configured) delivers pending files and moves them to
``outbox/sent/`` (refused ones to ``outbox/failed/``). IMAP polling (:func:`poll_imap`)
fetches unseen messages for intake.
"""

from __future__ import annotations

import email.policy
import email.utils
import os
import secrets
import smtplib
import ssl
from collections.abc import Callable
from contextlib import AbstractContextManager
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from adjudicator.desk.deadlines import now
from adjudicator.desk.judge import Judge
from adjudicator.errors import AdjudicatorError
from adjudicator.logs import get_logger
from adjudicator.store import atomic_write, file_lock, file_stamp, private_dir

log = get_logger(__name__)


class MailError(AdjudicatorError):
    pass


def compose(judge: Judge, to: list[str], subject: str, body: str, *,
            in_reply_to: str | None = None, attachments: list[Path] | None = None,
            html: str | None = None,
            parts: list[tuple[str, str, bytes]] | None = None) -> EmailMessage:
    """A mail from the judge; ``attachments`` are files, ``parts`` are ``(filename, MIME
    type, content)`` made in memory (a command's map)."""
    cfg = judge.config
    msg = EmailMessage(policy=email.policy.SMTP)
    msg["From"] = email.utils.formataddr((cfg.get("name") or "judge", cfg["judge_address"]))
    recipients = sorted(set(to))
    if len(recipients) == 1:
        msg["To"] = recipients[0]
    else:
        # Results and reminders go to every player: Bcc, so nobody learns who plays whom
        # (gunboat and anonymous games). smtplib strips Bcc from what it transmits.
        msg["To"] = "undisclosed-recipients:;"
        msg["Bcc"] = ", ".join(recipients)
    msg["Subject"] = subject
    msg["Date"] = email.utils.format_datetime(now())  # the injectable clock (ADJ_NOW)
    domain = cfg["judge_address"].rpartition("@")[2] or "localhost"
    msg["Message-ID"] = email.utils.make_msgid(domain=domain)
    if in_reply_to and in_reply_to.startswith("<"):
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    # RFC 3834: mark the judge's mail as automatic, and ask Exchange-style responders not
    # to answer it (no out-of-office replies, which could start a loop; bounces still come
    # back, so a dead address is noticed).
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    msg["X-Auto-Response-Suppress"] = "OOF, AutoReply"
    msg.set_content(body)
    if html:
        msg.add_alternative(html, subtype="html")
    for path in attachments or []:
        data = Path(path).read_bytes()
        if path.suffix == ".svg":
            msg.add_attachment(data, maintype="image", subtype="svg+xml", filename=path.name)
        elif path.suffix == ".png":
            msg.add_attachment(data, maintype="image", subtype="png", filename=path.name)
        else:
            msg.add_attachment(data, maintype="application", subtype="octet-stream",
                               filename=path.name)
    for filename, mime, content in parts or []:
        maintype, _, subtype = mime.partition("/")
        msg.add_attachment(content, maintype=maintype or "application",
                           subtype=subtype or "octet-stream", filename=filename)
    return msg


def envelope_recipients(msg: EmailMessage) -> list[str]:
    """Every address in To, Cc and Bcc (the empty group "undisclosed-recipients:;" has none)."""
    fields = [str(v) for h in ("To", "Cc", "Bcc") for v in msg.get_all(h, [])]
    return [addr for _, addr in email.utils.getaddresses(fields) if addr]


def queue(judge: Judge, msg: EmailMessage, kind: str) -> Path:
    """Write ``msg`` to ``outbox/`` atomically under a unique name; returns the path."""
    name = f"{file_stamp()}-{kind}-{secrets.token_hex(4)}.eml"
    path = judge.outbox / name
    atomic_write(path, msg.as_bytes(policy=email.policy.SMTP))
    return path


def send(judge: Judge, to: list[str], subject: str, body: str, kind: str = "reply",
         **kw) -> Path | None:
    """Queue a mail (and deliver it when SMTP is configured). No recipients: nothing."""
    to = [t for t in to if t]
    if not to:
        return None
    path = queue(judge, compose(judge, to, subject, body, **kw), kind)
    log.info("queued %s (%s) for %d recipient(s)", path.name, kind, len(to))
    if judge.config["smtp"].get("host"):
        try:
            flush(judge)
        except (OSError, smtplib.SMTPException, MailError) as exc:
            log.warning("SMTP delivery failed, the mail stays queued: %s", exc)
            judge.audit().append("smtp-error", {"error": str(exc)[:500]})
    return path


def pending(judge: Judge) -> list[Path]:
    return sorted(judge.outbox.glob("*.eml"))


def _flush_lock(judge: Judge) -> AbstractContextManager[None]:
    """One sender at a time: two processes flushing together would send a file twice.

    Held only around SMTP delivery and never while taking another lock, so it cannot
    deadlock with the game and mail locks (which may be held by the caller).
    """
    private_dir(judge.outbox)
    return file_lock(judge.outbox / ".lock")


def _move(judge: Judge, path: Path, folder: str) -> Path:
    """Move a queued mail to ``outbox/<folder>/``: a private folder, as the outbox (a mail
    to several players names them all in its Bcc line)."""
    dest = private_dir(judge.outbox / folder) / path.name
    os.replace(path, dest)
    return dest


def _connect_smtp(cfg: dict) -> smtplib.SMTP:
    cls = smtplib.SMTP_SSL if cfg.get("ssl") else smtplib.SMTP
    return cls(cfg["host"], int(cfg.get("port") or 25), timeout=60)


def _refusals(recipients: dict) -> dict[str, str]:
    """``{address: "550 reason"}`` from smtplib's ``{address: (code, bytes)}``."""
    return {addr: f"{code} {msg.decode('utf-8', 'replace') if isinstance(msg, bytes) else msg}"
            [:200] for addr, (code, msg) in sorted(recipients.items())}


def flush(judge: Judge) -> list[Path]:
    """Deliver every pending ``.eml`` via SMTP and move it to ``outbox/sent/``.

    Delivery is at least once: a file leaves ``outbox/`` only after the server accepted it
    (a crash in between sends it again on the next flush; never zero times). A message the
    server refuses for good (5xx: unknown recipient...) moves to ``outbox/failed/`` so it
    cannot block the queue; a temporary refusal (4xx) leaves it pending for the next flush.
    When only some recipients are refused the others get it and the refusals are logged
    (``smtp-partial``), without a retry. All of these go to the judge's audit log. A broken
    connection raises (nothing is lost: what was not delivered stays pending).
    """
    cfg = judge.config["smtp"]
    if not cfg.get("host"):
        raise MailError("no SMTP server configured (smtp.host in judge.json)")
    password = os.environ.get(cfg.get("password_env") or "", "")
    sent: list[Path] = []
    with _flush_lock(judge):
        files = pending(judge)
        if not files:
            return sent
        with _connect_smtp(cfg) as smtp:
            if cfg.get("starttls") and not cfg.get("ssl"):
                smtp.starttls(context=ssl.create_default_context())
            if cfg.get("username"):
                smtp.login(cfg["username"], password)
            for path in files:
                msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.SMTP)
                try:
                    refused = smtp.send_message(msg, to_addrs=envelope_recipients(msg))
                except smtplib.SMTPRecipientsRefused as exc:  # every recipient refused
                    permanent = all(code >= 500 for code, _ in exc.recipients.values())
                    judge.audit().append("smtp-failed" if permanent else "smtp-deferred", {
                        "file": path.name, "refused": _refusals(exc.recipients)})
                    if permanent:
                        _move(judge, path, "failed")
                    continue
                except smtplib.SMTPResponseException as exc:
                    permanent = exc.smtp_code >= 500
                    judge.audit().append("smtp-failed" if permanent else "smtp-deferred", {
                        "file": path.name, "code": exc.smtp_code,
                        "error": exc.smtp_error.decode("utf-8", "replace")[:500]
                        if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)[:500]})
                    if permanent:
                        _move(judge, path, "failed")
                    continue
                if refused:  # delivered to the others; not retried (documented)
                    judge.audit().append("smtp-partial", {"file": path.name,
                                                          "refused": _refusals(refused)})
                sent.append(_move(judge, path, "sent"))
    return sent


def poll_imap(judge: Judge, handle: Callable[[bytes], Any] | None = None,
              connect: Callable[[dict], Any] | None = None) -> list:
    """Fetch unseen messages from the configured IMAP mailbox; returns ``handle(raw)`` of
    each (the raw messages themselves without ``handle``).

    Messages are fetched with ``BODY.PEEK[]`` (which leaves them unseen) and flagged
    ``\\Seen`` only after ``handle`` returned, so a process killed mid-poll leaves the rest
    for the next poll instead of losing them; a message handled twice is harmless
    (deduplication by Message-ID). ``connect(cfg)`` returns an ``imaplib.IMAP4``-compatible
    object (tests inject a fake; by default IMAP4_SSL or IMAP4 per ``imap.ssl``).
    """
    import imaplib

    cfg = judge.config["imap"]
    if not cfg.get("host"):
        raise MailError("no IMAP server configured (imap.host in judge.json)")
    password = os.environ.get(cfg.get("password_env") or "", "")
    if connect is None:
        cls = imaplib.IMAP4_SSL if cfg.get("ssl", True) else imaplib.IMAP4
        conn = cls(cfg["host"], int(cfg.get("port") or 993), timeout=60)
    else:
        conn = connect(cfg)
    out: list = []
    try:
        conn.login(cfg["username"], password)
        typ, _ = conn.select(cfg.get("mailbox") or "INBOX")
        if typ != "OK":
            raise MailError(f"IMAP select of {cfg.get('mailbox')!r} failed: {typ}")
        typ, data = conn.search(None, "UNSEEN")
        if typ != "OK":
            raise MailError(f"IMAP search failed: {typ}")
        for num in (data[0] or b"").split():
            typ, parts = conn.fetch(num, "(BODY.PEEK[])")
            if typ != "OK":
                continue
            for item in parts:
                if isinstance(item, tuple):
                    out.append(handle(item[1]) if handle else item[1])
            conn.store(num, "+FLAGS", "\\Seen")
    finally:
        try:
            conn.logout()
        except (OSError, imaplib.IMAP4.error):
            pass
    return out
