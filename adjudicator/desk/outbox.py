"""Outgoing mail: every reply and report is written as an ``.eml`` file to the judge's
``outbox/`` first, then sent by SMTP when the judge config names a server.

Why a file first: a mail server that is down must not lose a reply, and tests (and
moderators without SMTP) can read exactly what would be sent. ``adj mail send`` (or any
ingest/tick when SMTP is configured) delivers pending files and moves them to
``outbox/sent/``. IMAP polling (:func:`poll_imap`) fetches unseen messages for intake.
"""

from __future__ import annotations

import email.policy
import email.utils
import imaplib
import os
import secrets
import smtplib
import ssl
from email.message import EmailMessage
from pathlib import Path

from adjudicator.desk.deadlines import now
from adjudicator.desk.judge import Judge, stamp
from adjudicator.errors import AdjudicatorError
from adjudicator.store import atomic_write


class MailError(AdjudicatorError):
    pass


def compose(judge: Judge, to: list[str], subject: str, body: str, *,
            in_reply_to: str | None = None, attachments: list[Path] | None = None,
            html: str | None = None) -> EmailMessage:
    cfg = judge.config
    msg = EmailMessage(policy=email.policy.SMTP)
    msg["From"] = email.utils.formataddr((cfg.get("name") or "judge", cfg["judge_address"]))
    msg["To"] = ", ".join(sorted(set(to)))
    msg["Subject"] = subject
    msg["Date"] = email.utils.format_datetime(now())  # the injectable clock (ADJ_NOW)
    domain = cfg["judge_address"].rpartition("@")[2] or "localhost"
    msg["Message-ID"] = email.utils.make_msgid(domain=domain)
    if in_reply_to and in_reply_to.startswith("<"):
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    msg.set_content(body)
    if html:
        msg.add_alternative(html, subtype="html")
    for path in attachments or []:
        data = Path(path).read_bytes()
        if path.suffix == ".svg":
            msg.add_attachment(data, maintype="image", subtype="svg+xml", filename=path.name)
        else:
            msg.add_attachment(data, maintype="application", subtype="octet-stream",
                               filename=path.name)
    return msg


def queue(judge: Judge, msg: EmailMessage, kind: str) -> Path:
    """Write ``msg`` to ``outbox/`` atomically under a unique name; returns the path."""
    name = f"{stamp()}-{kind}-{secrets.token_hex(4)}.eml"
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
    if judge.config["smtp"].get("host"):
        try:
            flush(judge)
        except (OSError, smtplib.SMTPException, MailError) as exc:
            judge.audit().append("smtp-error", {"error": str(exc)[:500]})
    return path


def pending(judge: Judge) -> list[Path]:
    return sorted(judge.outbox.glob("*.eml"))


def flush(judge: Judge) -> list[Path]:
    """Deliver every pending ``.eml`` via SMTP and move it to ``outbox/sent/``."""
    cfg = judge.config["smtp"]
    if not cfg.get("host"):
        raise MailError("no SMTP server configured (smtp.host in judge.json)")
    password = os.environ.get(cfg.get("password_env") or "", "")
    sent: list[Path] = []
    files = pending(judge)
    if not files:
        return sent
    cls = smtplib.SMTP_SSL if cfg.get("ssl") else smtplib.SMTP
    with cls(cfg["host"], int(cfg.get("port") or 25), timeout=60) as smtp:
        if cfg.get("starttls") and not cfg.get("ssl"):
            smtp.starttls(context=ssl.create_default_context())
        if cfg.get("username"):
            smtp.login(cfg["username"], password)
        for path in files:
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.SMTP)
            smtp.send_message(msg)
            dest = judge.outbox / "sent" / path.name
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, dest)
            sent.append(dest)
    return sent


def poll_imap(judge: Judge) -> list[bytes]:
    """Fetch unseen messages from the configured IMAP mailbox and mark them seen.

    Returns the raw messages; the caller ingests them (deduplication by Message-ID makes
    a repeated poll harmless). Not exercised by the tests (no server there).
    """
    cfg = judge.config["imap"]
    if not cfg.get("host"):
        raise MailError("no IMAP server configured (imap.host in judge.json)")
    password = os.environ.get(cfg.get("password_env") or "", "")
    cls = imaplib.IMAP4_SSL if cfg.get("ssl", True) else imaplib.IMAP4
    out: list[bytes] = []
    conn = cls(cfg["host"], int(cfg.get("port") or 993))
    try:
        conn.login(cfg["username"], password)
        conn.select(cfg.get("mailbox") or "INBOX")
        typ, data = conn.search(None, "UNSEEN")
        if typ != "OK":
            raise MailError(f"IMAP search failed: {typ}")
        for num in (data[0] or b"").split():
            typ, parts = conn.fetch(num, "(RFC822)")
            if typ == "OK":
                for item in parts:
                    if isinstance(item, tuple):
                        out.append(item[1])
            conn.store(num, "+FLAGS", "\\Seen")
    finally:
        try:
            conn.logout()
        except (OSError, imaplib.IMAP4.error):
            pass
    return out
