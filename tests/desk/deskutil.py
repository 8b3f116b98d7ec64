"""Helpers for the moderator's desk tests: a judge folder with games and players, mails."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

from adjudicator.desk.intake import Intake
from adjudicator.desk.judge import Judge
from adjudicator.desk.outbox import envelope_recipients
from adjudicator.record import field, record
from adjudicator.store import GameFolder

T0 = "2025-03-01T12:00:00Z"


@record
class Desk:
    judge: Judge
    moderator: str
    tokens: dict[str, dict[str, str]] = field(default_factory=dict)  # game -> power -> token

    def folder(self, name: str = "g1") -> GameFolder:
        return self.judge.game(name)

    def ingest(self, raw: bytes | EmailMessage):
        if isinstance(raw, EmailMessage):
            raw = raw.as_bytes(policy=email.policy.SMTP)
        return Intake(self.judge).ingest(raw, "test")

    def outbox(self) -> list[EmailMessage]:
        return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
                for p in sorted(self.judge.outbox.glob("*.eml"))]

    def replies_to(self, addr: str) -> list[EmailMessage]:
        return [m for m in self.outbox() if addr in recipients(m)]


def recipients(msg: EmailMessage) -> list[str]:
    """Who a queued mail goes to (To, Cc and Bcc: results go Bcc to keep players private)."""
    return envelope_recipients(msg)


def body_of(msg: EmailMessage) -> str:
    return msg.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def make_mail(body: str, *, subject: str = "orders", sender: str = "alice@example.org",
              msgid: str | None = None, charset: str = "utf-8", cte: str | None = None,
              html: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = f"Alice <{sender}>"
    msg["To"] = "judge@localhost"
    msg["Subject"] = subject
    msg["Message-ID"] = msgid or email.utils.make_msgid(domain="example.org")
    if body is not None:
        msg.set_content(body, charset=charset, cte=cte)
    if html is not None:
        if body is None:
            msg.set_content(html, subtype="html")
        else:
            msg.add_alternative(html, subtype="html")
    return msg


def order_mail(game: str, power: str, token: str, orders: str, **kw) -> EmailMessage:
    return make_mail(f"GAME {game}\nPOWER {power}\nPASSWORD {token}\n{orders}", **kw)


