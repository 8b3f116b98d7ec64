"""Mail transport: SMTP delivery against a tiny in-process SMTP server (stdlib only, loopback,
ephemeral port), and IMAP polling against a fake ``imaplib.IMAP4``-compatible object."""

from __future__ import annotations

import base64
import email
import email.policy
import json
import socket
import socketserver
import threading
from collections.abc import Iterator

import pytest
from deskutil import order_mail

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.desk import outbox
from adjudicator.desk.intake import Intake
from adjudicator.record import field, record
from adjudicator.store import canonical_json


# --- a minimal SMTP responder ------------------------------------------------------------------
@record
class Delivered:
    mail_from: str
    rcpt_to: list[str]
    data: bytes

    @property
    def message(self) -> email.message.EmailMessage:
        return email.message_from_bytes(self.data, policy=email.policy.default)


@record
class SMTPState:
    delivered: list[Delivered] = field(default_factory=list)
    logins: list[tuple[str, str]] = field(default_factory=list)
    refuse: dict[str, int] = field(default_factory=dict)  # recipient -> SMTP code


class _Handler(socketserver.StreamRequestHandler):
    """Just enough SMTP for smtplib: EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, QUIT."""

    timeout = 10  # a stuck client cannot hang the test

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode("ascii") + b"\r\n")

    def handle(self) -> None:
        state: SMTPState = self.server.state  # type: ignore[attr-defined]
        self.reply("220 test.local ESMTP")
        mail_from, rcpts = "", []
        while True:
            line = self.rfile.readline(4096)
            if not line:
                return
            cmd = line.decode("ascii", "replace").strip()
            verb = cmd.split(" ", 1)[0].upper()
            if verb == "EHLO":
                self.reply("250-test.local")
                self.reply("250 AUTH PLAIN")
            elif verb == "HELO":
                self.reply("250 test.local")
            elif verb == "AUTH":
                _, _, blob = cmd.split(" ", 2)
                _, user, password = base64.b64decode(blob).decode().split("\0")
                state.logins.append((user, password))
                self.reply("235 ok")
            elif verb == "MAIL":
                mail_from, rcpts = cmd.split(":", 1)[1].strip().strip("<>"), []
                self.reply("250 ok")
            elif verb == "RCPT":
                addr = cmd.split(":", 1)[1].strip().strip("<>")
                code = state.refuse.get(addr)
                if code:
                    self.reply(f"{code} no such user here")
                else:
                    rcpts.append(addr)
                    self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 end with <CRLF>.<CRLF>")
                lines = []
                while (chunk := self.rfile.readline(100000)) not in (b".\r\n", b""):
                    lines.append(chunk[1:] if chunk.startswith(b"..") else chunk)
                state.delivered.append(Delivered(mail_from, rcpts, b"".join(lines)))
                self.reply("250 queued")
            elif verb == "RSET":
                mail_from, rcpts = "", []
                self.reply("250 ok")
            elif verb == "NOOP":
                self.reply("250 ok")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not implemented")


@pytest.fixture
def smtp_server() -> Iterator[tuple[int, SMTPState]]:
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Handler)
    server.daemon_threads = True
    server.state = SMTPState()  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server.server_address[1], server.state  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def configure(judge, section: str, values: dict) -> None:
    path = judge.path / "judge.json"
    cfg = json.loads(path.read_text())
    cfg[section] = {**cfg.get(section, {}), **values}
    path.write_text(canonical_json(cfg))


def smtp_to(desk, port: int, **extra) -> None:
    configure(desk.judge, "smtp", {"host": "127.0.0.1", "port": port, "starttls": False,
                                   "ssl": False, "username": None, **extra})


# --- SMTP -----------------------------------------------------------------------------------
def test_mail_send_delivers_the_outbox_once_with_its_headers(desk, smtp_server, monkeypatch):
    port, server = smtp_server
    t = desk.tokens["g1"]
    fr = order_mail("g1", "France", t["France"], "A Par - Bur\n", msgid="<fr-1@example.org>")
    desk.ingest(fr)
    desk.ingest(order_mail("g1", "England", t["England"], "F Lon - Nth\n",
                           sender="bob@example.org"))
    queued = {p.name: p.read_bytes() for p in outbox.pending(desk.judge)}
    assert len(queued) == 2

    smtp_to(desk, port, username="judge", password_env="TEST_SMTP_PW")
    monkeypatch.setenv("TEST_SMTP_PW", "s3cret")
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    res = CliRunner().invoke(main, ["mail", "send"])
    assert res.exit_code == 0, res.output
    assert "sent 2 message(s)" in res.output
    assert server.logins == [("judge", "s3cret")]  # the password comes from the environment

    assert len(server.delivered) == 2
    by_rcpt = {tuple(d.rcpt_to): d for d in server.delivered}
    reply = by_rcpt[("alice@example.org",)]
    msg = reply.message
    assert reply.mail_from == "judge@example.org"
    assert msg["From"].addresses[0].addr_spec == "judge@example.org"
    assert str(msg["To"]) == "alice@example.org"
    assert str(msg["Subject"]).startswith("Re: [g1 France]")
    assert msg["In-Reply-To"] == "<fr-1@example.org>" and msg["References"]
    assert msg["Message-ID"].endswith("@example.org>")
    assert msg["Auto-Submitted"] == "auto-replied"
    assert "A par - bur" in msg.get_body(("plain",)).get_content()
    # byte for byte what was queued (apart from SMTP's line endings and dot-stuffing)
    assert reply.data.replace(b"\r\n", b"\n") in {v.replace(b"\r\n", b"\n")
                                                  for v in queued.values()}
    # moved to sent/, never sent twice
    assert outbox.pending(desk.judge) == []
    assert sorted(p.name for p in (desk.judge.outbox / "sent").glob("*.eml")) == sorted(queued)
    res = CliRunner().invoke(main, ["mail", "send"])
    assert "sent 0 message(s)" in res.output and len(server.delivered) == 2


def test_with_smtp_configured_replies_go_out_at_once(desk, smtp_server):
    port, server = smtp_server
    smtp_to(desk, port)
    desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par H\n"))
    assert [d.rcpt_to for d in server.delivered] == [["alice@example.org"]]
    assert outbox.pending(desk.judge) == []


def test_refusals_do_not_block_the_queue(desk, smtp_server):
    port, server = smtp_server
    outbox.send(desk.judge, ["gone@example.org"], "1 permanent", "body")
    outbox.send(desk.judge, ["later@example.org"], "2 temporary", "body")
    outbox.send(desk.judge, ["gone@example.org", "alice@example.org"], "3 partial", "body")
    outbox.send(desk.judge, ["bob@example.org"], "4 fine", "body")
    server.refuse.update({"gone@example.org": 550, "later@example.org": 451})
    smtp_to(desk, port)
    sent = outbox.flush(desk.judge)
    assert len(sent) == 2
    assert sorted(d.rcpt_to[0] for d in server.delivered) == ["alice@example.org",
                                                              "bob@example.org"]
    failed = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default)["Subject"]
              for p in (desk.judge.outbox / "failed").glob("*.eml")]
    assert failed == ["1 permanent"]  # out of the queue for good
    assert len(outbox.pending(desk.judge)) == 1  # the 451 stays for a retry
    events = {r["event"]: r["data"] for r in desk.judge.audit().records()}
    assert events["smtp-partial"]["refused"]["gone@example.org"].startswith("550")
    assert events["smtp-deferred"]["refused"]["later@example.org"].startswith("451")
    server.refuse.clear()
    assert len(outbox.flush(desk.judge)) == 1 and outbox.pending(desk.judge) == []
    assert server.delivered[-1].rcpt_to == ["later@example.org"]


def test_server_down_keeps_the_mail_queued(desk):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    smtp_to(desk, port)
    desk.ingest(order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par H\n"))
    assert len(outbox.pending(desk.judge)) == 1
    assert "smtp-error" in [r["event"] for r in desk.judge.audit().records()]


# --- IMAP -----------------------------------------------------------------------------------
class FakeIMAP:
    """The subset of ``imaplib.IMAP4`` that :func:`outbox.poll_imap` uses, in memory."""

    def __init__(self, messages: list[bytes]) -> None:
        self.messages = {str(i + 1).encode(): raw for i, raw in enumerate(messages)}
        self.seen: set[bytes] = set()
        self.log: list[tuple] = []

    def login(self, user, password):
        self.log.append(("login", user, password))
        return "OK", [b"logged in"]

    def select(self, mailbox="INBOX"):
        self.log.append(("select", mailbox))
        return "OK", [str(len(self.messages)).encode()]

    def search(self, charset, *criteria):
        assert criteria == ("UNSEEN",)
        return "OK", [b" ".join(n for n in self.messages if n not in self.seen)]

    def fetch(self, num, parts):
        assert "PEEK" in parts  # fetching must not mark the message seen by itself
        raw = self.messages[num]
        return "OK", [(num + b" (BODY[] {%d}" % len(raw), raw), b")"]

    def store(self, num, command, flags):
        assert (command, flags) == ("+FLAGS", "\\Seen")
        self.seen.add(num)
        return "OK", [b""]

    def logout(self):
        self.log.append(("logout",))
        return "BYE", [b""]


def test_poll_ingests_unseen_messages_and_marks_them_seen(desk, monkeypatch):
    t = desk.tokens["g1"]
    fake = FakeIMAP([order_mail("g1", "France", t["France"], "A Par H\n").as_bytes(),
                     order_mail("g1", "England", t["England"], "F Lon H\n").as_bytes()])
    configure(desk.judge, "imap", {"host": "imap.example.org", "username": "judge",
                                   "password_env": "TEST_IMAP_PW"})
    monkeypatch.setenv("TEST_IMAP_PW", "imap-pw")
    reader = Intake(desk.judge)
    outcomes = outbox.poll_imap(desk.judge, handle=lambda raw: reader.ingest(raw, "imap"),
                                connect=lambda cfg: fake)
    assert [o.status for o in outcomes] == ["accepted", "accepted"]
    assert fake.seen == {b"1", b"2"}
    assert ("login", "judge", "imap-pw") in fake.log and fake.log[-1] == ("logout",)
    assert set(desk.folder().latest_submissions("S1901M")) == {"France", "England"}
    assert outbox.poll_imap(desk.judge, connect=lambda cfg: fake) == []  # nothing unseen


def test_a_message_whose_handling_dies_stays_unseen(desk):
    fake = FakeIMAP([b"Subject: one\r\n\r\nx\r\n", b"Subject: two\r\n\r\ny\r\n"])
    configure(desk.judge, "imap", {"host": "imap.example.org", "username": "judge"})

    def handle(raw: bytes):
        if b"two" in raw:
            raise KeyboardInterrupt  # the process is stopped mid-poll
        return raw

    with pytest.raises(KeyboardInterrupt):
        outbox.poll_imap(desk.judge, handle=handle, connect=lambda cfg: fake)
    assert fake.seen == {b"1"}  # message 2 will be fetched again by the next poll
    assert outbox.poll_imap(desk.judge, connect=lambda cfg: fake) == [fake.messages[b"2"]]


def test_adj_mail_poll_uses_the_configured_imap_server(desk, monkeypatch):
    fake = FakeIMAP([order_mail("g1", "Germany", desk.tokens["g1"]["Germany"],
                                "A Ber H\n").as_bytes()])
    configure(desk.judge, "imap", {"host": "imap.example.org", "port": 993, "ssl": True,
                                   "username": "judge"})
    made = []

    def fake_ssl(host, port, timeout=None):
        made.append((host, port))
        return fake

    monkeypatch.setattr("imaplib.IMAP4_SSL", fake_ssl)
    monkeypatch.setenv("ADJ_JUDGE", str(desk.judge.path))
    res = CliRunner().invoke(main, ["mail", "poll", "--json"])
    assert res.exit_code == 0, res.output
    assert [m["status"] for m in json.loads(res.output)["messages"]] == ["accepted"]
    assert made == [("imap.example.org", 993)] and fake.seen == {b"1"}
