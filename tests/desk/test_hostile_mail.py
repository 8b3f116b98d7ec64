"""Hostile mail through the real intake (issue 17, "Nothing stops the judge").

A message whose MIME parts nested 1,000 deep made the mail reader raise RecursionError
before the message was marked seen and outside any guard: ``adj mail ingest`` stopped with
a traceback, the mails after it were never read, and the same message stopped every later
run (an IMAP poll would have looped on it). Now every message goes through one guard:
whatever goes wrong, it is kept in ``mail/quarantine/``, marked seen, logged, answered when
a password vouched for it, and the batch goes on; MIME depth and part count are bounded
(``limits.mime_depth``, ``limits.mime_parts``) with a clear refusal.

The last test sends a few hundred generated hostile messages (:func:`hostile_mails`: deep
nesting, many parts, bad charsets, bad base64, bogus transfer encodings, header injection,
huge headers, NUL bytes, no From, a registered player's address without the password...)
in one batch. ``python tools/fuzz_intake.py N`` sends N of them.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from deskutil import body_of, make_mail, order_mail

from adjudicator.desk import intake as intake_module
from adjudicator.desk.intake import ingest_many
from adjudicator.store import atomic_write, canonical_json

CRLF = "\r\n"


# --- message builders (plain strings: the email package would refuse to write most) -------
def head(mid: str, sender: str = "x@example.org", subject: str = "[g1 France]",
         extra: str = "") -> str:
    return (f"From: {sender}{CRLF}To: judge@example.org{CRLF}Subject: {subject}{CRLF}"
            f"Message-ID: <{mid}@hostile.example>{CRLF}MIME-Version: 1.0{CRLF}{extra}")


def nested(depth: int, mid: str = "deep", kind: str = "multipart/mixed",
           body: str = "A Par - Bur") -> bytes:
    """MIME parts nested ``depth`` deep (written iteratively: no recursion to build it)."""
    out = [head(mid)]
    for i in range(depth):
        if kind == "message/rfc822":
            out.append(f"Content-Type: message/rfc822{CRLF}{CRLF}From: y@example.org{CRLF}")
        else:
            out.append(f'Content-Type: {kind}; boundary="b{i}"{CRLF}{CRLF}--b{i}{CRLF}')
    out.append(f"Content-Type: text/plain{CRLF}{CRLF}{body}{CRLF}")
    if kind != "message/rfc822":
        out += [f"--b{i}--{CRLF}" for i in reversed(range(depth))]
    return "".join(out).encode()


def wide(parts: int, mid: str = "wide", part: str = "x") -> bytes:
    """``parts`` small text parts side by side (9 bytes each: 20,000 fit in 256 KB)."""
    return (head(mid) + f'Content-Type: multipart/mixed; boundary="B"{CRLF}{CRLF}'
            + f"--B{CRLF}{CRLF}{part}{CRLF}" * parts + f"--B--{CRLF}").encode()


def good(desk, n: int, power: str = "France", orders: str = "A Par - Bur") -> bytes:
    tok = desk.tokens["g1"][power]
    msg = order_mail("g1", power, tok, orders + "\n", msgid=f"<good-{n}@example.org>")
    return msg.as_bytes(policy=email.policy.SMTP)


def marker(desk, message_id: str) -> dict:
    h = hashlib.sha256(message_id.encode("utf-8", "replace")).hexdigest()
    return json.loads((desk.judge.path / "mail" / "seen" / f"{h}.json").read_text())


def quarantined(desk) -> list[Path]:
    return sorted((desk.judge.path / "mail" / "quarantine").glob("*.eml"))


def submissions(desk, game: str = "g1") -> list[str]:
    return sorted(p.name for p in (desk.judge.path / "games" / game / "orders").rglob("*.txt"))


# --- the batch of the issue ---------------------------------------------------------------
def test_a_batch_with_a_deep_and_a_wide_mail_goes_on(desk):
    batch = [good(desk, 1), nested(1000), wide(20000), good(desk, 2, "Germany", "A Ber - Kie")]
    start = time.perf_counter()
    outs = ingest_many(desk.judge, batch, "test")
    assert time.perf_counter() - start < 30  # about 0.1 s
    assert [o.status for o in outs] == ["accepted", "rejected", "rejected", "accepted"]
    assert "nested more than 20 deep (the limit is 20)" in outs[1].detail
    assert "more than 200 MIME parts (the limit is 200)" in outs[2].detail
    assert submissions(desk) == ["France-1.txt", "Germany-1.txt"]
    # the bad ones are kept for the moderator, verbatim, and logged
    kept = quarantined(desk)
    assert sorted(p.read_bytes() for p in kept) == sorted([batch[1], batch[2]])
    refused = [r for r in desk.judge.audit().records() if r["event"] == "mail-refused"]
    assert [r["data"]["quarantine"] for r in refused] == [p.name for p in kept]
    # ... answered with the reason (x@example.org: once, the backscatter limit)
    [reply] = desk.replies_to("x@example.org")
    assert "nested more than 20 deep" in body_of(reply) and "Nothing was submitted" in \
        body_of(reply)
    # ... and marked seen: a second run does not retry them, nor answer again
    n_out = len(desk.outbox())
    again = ingest_many(desk.judge, batch, "test")
    assert [o.status for o in again] == ["duplicate"] * 4
    assert len(desk.outbox()) == n_out and len(quarantined(desk)) == 2


@pytest.mark.parametrize("kind", ["multipart/mixed", "message/rfc822", "multipart/digest"])
def test_nesting_limits_hold_for_every_kind_of_container(desk, kind):
    assert desk.ingest(nested(20, f"ok-{kind}", kind, body="STATUS")).status != "rejected"
    out = desk.ingest(nested(21, f"deep-{kind}", kind))
    assert out.status == "rejected" and "nested more than 20 deep" in out.detail
    out = desk.ingest(nested(5000, f"deeper-{kind}", kind))
    assert out.status == "rejected"


def test_two_hundred_parts_are_read_and_two_hundred_and_one_are_not(desk):
    assert desk.ingest(wide(200, "w200", part="")).status != "rejected"
    out = desk.ingest(wide(201, "w201", part=""))
    assert out.status == "rejected" and "more than 200 MIME parts" in out.detail


def test_the_mime_limits_come_from_judge_json(desk):
    config = desk.judge.path / "judge.json"
    data = json.loads(config.read_text())
    data["limits"] = {**data["limits"], "mime_depth": 3, "mime_parts": 5}
    config.write_text(json.dumps(data))
    assert desk.ingest(nested(4, "d4")).status == "rejected"
    assert desk.ingest(wide(6, "w6")).status == "rejected"
    assert desk.ingest(nested(3, "d3", body="STATUS")).status == "status"


# --- the guard ------------------------------------------------------------------------------
def test_an_error_anywhere_quarantines_marks_seen_and_the_batch_goes_on(desk, monkeypatch):
    real = intake_module.parse_mail

    def choking(raw, **kw):
        if b"choke" in raw:
            raise RecursionError("maximum recursion depth exceeded")
        return real(raw, **kw)

    monkeypatch.setattr(intake_module, "parse_mail", choking)
    bad = make_mail("choke", msgid="<choke@example.org>", sender="someone@example.org")
    bad = bad.as_bytes()
    outs = ingest_many(desk.judge, [good(desk, 1), bad, good(desk, 2, "Germany", "A Ber H")],
                       "test")
    assert [o.status for o in outs] == ["accepted", "error", "accepted"]
    assert outs[1].message_id == "sha256:" + hashlib.sha256(bad).hexdigest()
    assert marker(desk, outs[1].message_id)["status"] == "error"
    [kept] = quarantined(desk)
    assert kept.read_bytes() == bad
    [err] = [r for r in desk.judge.audit().records() if r["event"] == "mail-internal-error"]
    assert err["data"]["quarantine"] == kept.name and "RecursionError" in err["data"]["traceback"]
    assert desk.replies_to("someone@example.org") == []  # no password vouched for it
    # the next run does not stumble on it again
    assert ingest_many(desk.judge, [bad], "test")[0].status == "duplicate"


def test_an_error_after_the_password_is_answered(desk, monkeypatch):
    from adjudicator import service

    def broken(*a, **kw):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(service, "submit_orders", broken)
    out = desk.ingest(good(desk, 7))
    assert out.status == "error" and "disk on fire" in out.detail
    [reply] = desk.replies_to("alice@example.org")
    assert "could not be processed" in body_of(reply)
    assert desk.tokens["g1"]["France"] not in body_of(reply)
    assert marker(desk, "<good-7@example.org>")["status"] == "error"
    assert len(quarantined(desk)) == 1
    trace = [r for r in desk.judge.audit().records() if r["event"] == "mail-internal-error"]
    assert desk.tokens["g1"]["France"] not in json.dumps(trace)


def test_a_message_that_kills_the_process_every_time_is_quarantined(desk):
    """A message whose processing was interrupted three times (the process killed on it,
    say by the kernel) is not tried a fourth time: an IMAP poll would loop on it."""
    raw = good(desk, 9)
    h = hashlib.sha256(b"<good-9@example.org>").hexdigest()
    seen = desk.judge.path / "mail" / "seen" / f"{h}.json"
    atomic_write(seen, canonical_json({"status": "processing", "attempts": 3,
                                       "message_id": "<good-9@example.org>"}))
    out = desk.ingest(raw)
    assert out.status == "error" and "interrupted 3 times" in out.detail
    assert submissions(desk) == [] and len(quarantined(desk)) == 1
    assert marker(desk, "<good-9@example.org>")["status"] == "error"
    # interrupted fewer times: recovered as before, and counted
    raw2 = good(desk, 10)
    h2 = hashlib.sha256(b"<good-10@example.org>").hexdigest()
    atomic_write(desk.judge.path / "mail" / "seen" / f"{h2}.json",
                 canonical_json({"status": "processing", "attempts": 2,
                                 "message_id": "<good-10@example.org>"}))
    assert desk.ingest(raw2).status == "accepted"
    rec = [r for r in desk.judge.audit().records() if r["event"] == "mail-recovery"]
    assert rec[-1]["data"]["attempt"] == 3


def test_a_message_over_the_size_limit_is_refused_from_its_headers(desk):
    raw = (head("big", sender="big@example.org") + f"Content-Type: text/plain{CRLF}{CRLF}"
           + "A Par - Bur\r\n" * 30000).encode()
    out = desk.ingest(raw)
    assert out.status == "rejected" and "too large" in out.detail
    assert [p.read_bytes() for p in quarantined(desk)] == [raw]
    assert "too large" in body_of(desk.replies_to("big@example.org")[0])


# --- a few hundred generated hostile mails through the real intake -------------------------
INJECTED = "victim@injected.example"


def hostile_mails(rng: random.Random, n: int, tokens: dict | None = None) -> Iterator[bytes]:
    """``n`` hostile messages, deterministic for a seeded ``rng``. None carries a valid
    password (``tokens`` only lends a registered player's address to spoof)."""
    spoofed = "alice@example.org"
    charsets = ["punycode", "idna", "utf-7", "x-unknown", "rot13", "base64", "utf-16",
                "utf-32", "cp1252", "iso-2022-jp", "c" * 5000, "utf-8\0", "", "\"", "hz",
                "unicode_escape", "mbcs", "koi8-r"]
    ctes = ["base64", "base64x", "quoted-printable", "x-uuencode", "uuencode", "8bit",
            "binary", "7bit" * 2000, "x-token", "", "base64\0"]
    bodies = ["A Par - Bur", "GAME g1\nPOWER France\nPASSWORD wrong-guess\nA Par - Bur",
              "GAME g1\nA Par - Bur", "GAME g1\nSTATUS", "GAME g1\nMODERATOR nope\nPROCESS",
              "\0" * 50, "wrote" + " " * 5000 + ":x", "> " * 3000, "[quote=" * 2000,
              "=?utf-8?b?" * 500, "A Par - Bur\r\n" * 300, "SIGNON Fg1 guess\nA Par H"]

    def pick(seq):
        return seq[rng.randrange(len(seq))]

    for i in range(n):
        mid = f"hostile-{i}"
        kind = i % 16
        body = pick(bodies)
        sender = pick([spoofed, "eve@evil.example", f"x{i}@example.net"])
        if kind == 0:
            yield nested(rng.choice([21, 50, 300, 1000, 3000]), mid,
                         pick(["multipart/mixed", "message/rfc822", "multipart/digest",
                               "multipart/alternative"]), body)
        elif kind == 1:
            yield wide(rng.choice([201, 1000, 5000, 20000]), mid)
        elif kind == 2:
            cs = pick(charsets)
            yield (head(mid, sender) + f'Content-Type: text/plain; charset="{cs}"{CRLF}{CRLF}'
                   ).encode("utf-8", "surrogateescape") + body.encode("utf-8") + b"\xff\xfe\x00"
        elif kind == 3:
            junk = "".join(rng.choice("ABCxyz+/=!*\r\n\0é") for _ in range(rng.randrange(5000)))
            yield (head(mid, sender) + f"Content-Type: text/plain{CRLF}"
                   f"Content-Transfer-Encoding: base64{CRLF}{CRLF}{junk}").encode("utf-8")
        elif kind == 4:
            yield (head(mid, sender) + f"Content-Type: text/plain{CRLF}"
                   f"Content-Transfer-Encoding: {pick(ctes)}{CRLF}{CRLF}{body}").encode()
        elif kind == 5:  # header injection: CR/LF in names, subjects and encoded words
            inj = pick([f'"Evil\r\nBcc: {INJECTED}" <eve@evil.example>',
                        f"=?utf-8?q?x=0D=0ABcc:_{INJECTED}?= <eve@evil.example>",
                        f"eve@evil.example\r\nBcc: {INJECTED}",
                        f'"a\nTo: {INJECTED}" <eve@evil.example>',
                        f"<eve@evil.example>, {INJECTED}\r\n"])
            subject = pick([f"[g1 France]\rBcc: {INJECTED}", "=?utf-8?b?W2cxXQ0KQmNjOiB2aWN0aW0=?=",
                            f"x\nBcc: {INJECTED}"])
            yield (f"From: {inj}{CRLF}Reply-To: {pick([inj, ''])}{CRLF}Subject: {subject}{CRLF}"
                   f"Message-ID: <{mid}@hostile.example>{CRLF}{CRLF}{body}").encode()
        elif kind == 6:  # huge headers
            big = rng.choice([1000, 9000, 100000])
            yield (head(mid, sender, subject="[g1 France] " + "x" * big,
                        extra=f"X-Junk: {'y ' * big}{CRLF}" + "".join(
                            f"X-H{j}: v{CRLF}" for j in range(rng.choice([10, 5000]))))
                   + f"{CRLF}{body}").encode()
        elif kind == 7:  # huge address headers: quadratic in the mail library
            shape = pick(['"a', "a@b,", "(", "<", "\\"])
            yield (f"From: {shape * rng.choice([500, 20000])}{CRLF}Subject: x{CRLF}"
                   f"Message-ID: <{mid}@hostile.example>{CRLF}{CRLF}{body}").encode()
        elif kind == 8:  # NUL bytes everywhere
            yield (f"From: a\0b@example.org{CRLF}Subject: [g1\0 France]{CRLF}Message-ID: <{mid}"
                   f"\0@x>{CRLF}Content-Type: multipart/mixed; boundary=\"\0\"{CRLF}{CRLF}"
                   f"--\0{CRLF}{CRLF}{body}\0{CRLF}--\0--{CRLF}").encode()
        elif kind == 9:  # no From, an empty one, an unreadable one
            frm = pick(["", f"From: {CRLF}", f"From: <>{CRLF}", f"From: nobody{CRLF}",
                        f"From: @{CRLF}"])
            yield (f"{frm}Subject: [g1 France]{CRLF}Message-ID: <{mid}@x>{CRLF}{CRLF}"
                   f"{body}").encode()
        elif kind == 10:  # a registered player's address, no (or a wrong) password
            yield make_mail(pick(["A Par - Bur\nA Mar - Spa", "GAME g1\nPOWER France\nA Par H",
                                  "GAME g1\nPOWER France\nPASSWORD guess1234\nA Par H",
                                  "GAME g1\nPASSWORD guess1234\nA Par H"]),
                            subject=pick(["[g1 France]", "orders", "[g1]"]), sender=spoofed,
                            msgid=f"<{mid}@x>").as_bytes()
        elif kind == 11:  # broken multipart: bad boundaries, regex characters, truncation
            b = pick(["", "(.*)+", "a" * 80, "--", " ", "x\r\ny"])
            yield (head(mid, sender) + f'Content-Type: multipart/mixed; boundary="{b}"{CRLF}'
                   f"{CRLF}--{b}{CRLF}Content-Type: text/plain{CRLF}{CRLF}{body}"
                   ).encode("utf-8", "replace")[:rng.randrange(100, 2000)]
        elif kind == 12:  # hostile HTML
            markup = pick(["<" * 20000, "<a" * 10000, "<!--" * 5000, "<a href='" * 3000,
                           "x<i>" * 20000, "<blockquote>" * 5000 + body])
            yield (head(mid, sender) + f"Content-Type: text/html{CRLF}{CRLF}{markup}").encode()
        elif kind == 13:  # random bytes, with or without a header block
            blob = bytes(rng.randrange(256) for _ in range(rng.randrange(2000)))
            yield rng.choice([b"", head(mid, sender).encode() + CRLF.encode()]) + blob
        elif kind == 14:  # a huge Content-Type on parts
            yield (head(mid, sender) + f'Content-Type: multipart/mixed; boundary="B"{CRLF}{CRLF}'
                   + (f"--B{CRLF}Content-Type: text/plain; {'a=b; ' * 2000}{CRLF}{CRLF}x{CRLF}"
                      * rng.choice([1, 20])) + f"--B--{CRLF}").encode()
        else:  # automatic-looking mail with tricks
            yield (head(mid, pick(["mailer-daemon@x.example", sender]),
                        subject="Undeliverable: [g1 France]",
                        extra=pick([f"Auto-Submitted: {'(' * 5000}{CRLF}", "",
                                    f"Precedence: bulk{CRLF}"])) + f"{CRLF}{body}").encode()


def _game_state(desk) -> dict[str, bytes]:
    out = {}
    for game in ("g1", "g2"):
        folder = desk.judge.path / "games" / game
        for rel in ("game.json", "desk/players.json", "desk/schedule.json"):
            p = folder / rel
            out[f"{game}/{rel}"] = p.read_bytes() if p.exists() else b""
        out[f"{game}/orders"] = "\n".join(submissions(desk, game)).encode()
        out[f"{game}/history"] = "\n".join(
            sorted(p.name for p in (folder / "history").rglob("*"))).encode()
    return out


def test_a_few_hundred_hostile_mails_in_one_batch(desk):
    rng = random.Random(17)
    batch = list(hostile_mails(rng, 320))
    before = _game_state(desk)
    start = time.perf_counter()
    outs = ingest_many(desk.judge, batch, "fuzz")
    elapsed = time.perf_counter() - start
    assert len(outs) == len(batch)
    # nothing changed in any game: no message carried a valid password
    assert _game_state(desk) == before
    assert not any(o.status.startswith("accepted") or o.status == "command" for o in outs)
    # every message is marked seen, none left "processing"
    for o in outs:
        assert marker(desk, o.message_id)["status"] != "processing", o.message_id
    # nothing escaped the guard as an internal error (they are all refusals of some kind)
    errors = [o for o in outs if o.status == "error"]
    assert not errors, [(o.message_id, o.detail) for o in errors[:5]]
    # no reply went to an address injected into a header, or carries an injected header
    for path in desk.judge.outbox.glob("*.eml"):
        raw = path.read_bytes()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        assert INJECTED not in str(msg["To"]) and msg["Bcc"] is None, path.name
        assert b"\nBcc:" not in raw
    # a second run retries nothing and answers nothing
    n_out = len(desk.outbox())
    again = ingest_many(desk.judge, batch, "fuzz")
    assert {o.status for o in again} == {"duplicate"}
    assert len(desk.outbox()) == n_out
    print(f"\n{len(batch)} hostile mails ingested in {elapsed:.1f} s "
          f"({1000 * elapsed / len(batch):.0f} ms each); statuses: "
          + ", ".join(f"{s} {sum(o.status == s for o in outs)}"
                      for s in sorted({o.status for o in outs})))
