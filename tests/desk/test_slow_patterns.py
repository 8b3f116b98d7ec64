"""Nothing that reads a stranger's mail may take more than linear time (issue 17).

The quote-header pattern of the mail reader backtracked cubically: "wrote" followed by a
long run of spaces and a colon took minutes for a thousand spaces, a 240 KB line of spaces
hours, all of it before any size check and under the judge-wide mail lock. Here every
regular expression of the desk (collected from its modules, so a new one is checked too)
meets the shapes that hurt backtracking engines, at the message size limit: long runs of
spaces, tabs, ">", "*", "-", the words the pattern itself looks for repeated or followed by
a long run of spaces, unclosed BBCode and HTML. Then the whole path (the mail reader, the
credentials reader, the intake) gets such messages.

The guards are generous on purpose (seconds for what takes milliseconds): a quadratic
pattern at 256 KB takes minutes, so the tests cannot be flaky and still catch it. Where
``SIGALRM`` exists a call that overruns is interrupted at once (the regular expression
engine checks for signals), so a regression fails fast instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import re
import signal
import time
from collections.abc import Iterator

import pytest

from adjudicator.desk import abuse, deadlines, forum, intake, mailparse, players
from adjudicator.desk.intake import Intake, read_directives
from adjudicator.desk.mailparse import html_to_text, parse_mail, segment

SIZE = 262144  # the default message size limit (judge.json limits.message_bytes)
PER_CALL = 5.0  # seconds; a linear pass over 256 KB takes at most half a second
PER_MESSAGE = 30.0  # seconds for a whole message through the intake; about 1 s in practice
MODULES = (mailparse, intake, forum, deadlines, players, abuse)


class Overrun(Exception):
    pass


@contextlib.contextmanager
def guard(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (POSIX); elsewhere it is timed afterwards."""
    if not hasattr(signal, "setitimer"):  # pragma: no cover - Windows
        start = time.perf_counter()
        yield
        if time.perf_counter() - start > seconds:
            raise Overrun(f"took more than {seconds} s")
        return

    def ring(signum, frame):
        raise Overrun(f"took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def desk_patterns() -> list[tuple[str, re.Pattern]]:
    out = []
    for module in MODULES:
        for name, value in sorted(vars(module).items()):
            values = value.values() if isinstance(value, dict) else [value]
            for i, v in enumerate(values):
                if isinstance(v, re.Pattern):
                    label = f"{module.__name__.rsplit('.', 1)[-1]}.{name}"
                    out.append((label + (f"[{i}]" if isinstance(value, dict) else ""), v))
    return out


# shapes that make backtracking engines struggle, each repeated up to the size limit
FRAGMENTS = [" ", "\t", " \t", ">", "> ", "*", "* ", "-", "- ", "_", ":", "@1 ", "[", "[b=",
             "<", "<a", "(", ".", "a", "1", "é", "=", "On x ", "wrote ", "wrote: ",
             "password ", "pw= ", "[quote=", "[img]", "Sent from ", "«", "&#"]
TAILS = ["x", ":"]


def shapes(pattern: re.Pattern) -> Iterator[tuple[str, str]]:
    for frag in FRAGMENTS:
        for tail in TAILS:
            yield f"{frag!r}*n+{tail!r}", frag * ((SIZE - 1) // len(frag)) + tail
    # the pattern's own words, repeated and followed by a long run of white space
    words = sorted(set(re.findall(r"[^\W\d_]{3,}", pattern.pattern)))[:8]
    for w in words:
        yield f"({w!r} )*n", (w + " ") * (SIZE // (len(w) + 1))
        yield f"{w!r}+spaces+':x'", w + " " * (SIZE - len(w) - 2) + ":x"


@pytest.mark.parametrize("name,pattern", desk_patterns(), ids=[n for n, _ in desk_patterns()])
def test_no_desk_pattern_backtracks_on_hostile_text(name, pattern):
    slow = []
    for shape, text in shapes(pattern):
        try:
            with guard(PER_CALL):
                pattern.match(text)
                pattern.fullmatch(text)
                for _ in pattern.finditer(text):  # every start: what search() and sub() do
                    pass
        except Overrun:
            slow.append(shape)
    assert not slow, f"{name} is super-linear on {slow}"


def test_the_collector_finds_the_patterns_that_were_slow():
    names = {n for n, _ in desk_patterns()}
    assert {"mailparse._OLD_MARKER", "mailparse._HEADER_FROM", "mailparse._WROTE_END",
            "intake._LOOSE_SECRET", "intake._COMMAND_WORD", "intake._NAME", "forum._TAG",
            "forum._FORUM_HEADING", "deadlines._DUR"} <= names


OLD_QUOTE_HEADER = re.compile(  # the pattern of issue 17, for the record
    r"(?:\bwrote|\bwrites|a\s+écrit|\bschrieb|\bescribió|ha\s+scritto|\bschreef|\bnapsal"
    r"|napisał|\bskrev|\bkirjoitti|írta|написал\w*|пишет|\bescreveu|yazdı|写道)"
    r"(?:\s+[^:]{0,120})?\s*:?\s*$", re.IGNORECASE)


def test_the_guard_catches_the_old_quote_header_pattern():
    """The test above fails on the pattern it replaced: "wrote", spaces and ":x" took 111 s
    for 1,000 spaces (cubic); a generous guard interrupts it at once."""
    with pytest.raises(Overrun), guard(1.0):
        OLD_QUOTE_HEADER.search("wrote" + " " * (SIZE - 7) + ":x")


def test_the_new_quote_header_reading_agrees_with_the_old_one():
    with guard(PER_CALL):
        assert not mailparse._wrote("wrote" + " " * (SIZE - 7) + ":x")
    for line in ["On Tue, 4 Mar 2025, Judge <j@x> wrote:", "Judge <j@x> wrote:",
                 "Le 4 mars 2025, Pierre a écrit :", "Am 04.03.2025 schrieb Hans <h@x>:",
                 "15. marts 2017 kl. 11.00 skrev John <j@x>:", "wrote", "he wrote the rules",
                 "Here is what I wrote: A Par - Bur", "wrote" + " " * 300 + "x:",
                 "rewrote:", "schrieb:" + "x" * 130, "написала Ольга <o@x>:",
                 "wrote " + "y" * 120 + " :", "wrote " + "y" * 121 + ":"]:
        flat = " ".join(line.split())
        assert mailparse._wrote(line) == bool(OLD_QUOTE_HEADER.search(flat)), line


HOSTILE_BODIES = {
    "a line of spaces": " " * SIZE,
    "wrote, spaces, colon": "wrote" + " " * SIZE + ":x",
    # how it was reached: the line below an "On ..." line was searched whatever its length
    # (600 spaces: 17 s; 240 KB: beyond patience)
    "On, then wrote, spaces, colon": "On Mon, 3 Mar 2025\nwrote" + " " * SIZE + ":x",
    "attribution lines": "On Mon, 3 Mar 2025 Bob wrote\n" * (SIZE // 29),
    "blank lines": "x\n" + "\n" * SIZE + "y",
    "quote marks": ">" * SIZE,
    "quoted lines": "> x\n\n" * (SIZE // 5),
    "bold markers": "* " * (SIZE // 2) + "x",
    "outlook blocks": "From: x\nSent: y\n" * (SIZE // 16),
    "password and spaces": "password" + " " * SIZE + "x",
    "password lines": "password abcdefgh\n" * (SIZE // 18),
    "command and spaces": "STATUS" + " " * SIZE + "x",
    "unclosed bbcode": "[b=" * (SIZE // 3),
    "unclosed img": "[img]" * (SIZE // 5),
    "forum heading": " " * SIZE + "Logged x",
    "signons": "signon fg1 xxxxxxxx\n" * (SIZE // 20),
    "orders": "A Par - Bur\n" * (SIZE // 12),
    "one long order": "A Par - " + "Bur " * (SIZE // 4),
}
HOSTILE_HTML = {
    "unclosed tags": "<" * SIZE,
    "unclosed a": "<a" * (SIZE // 2),
    "unclosed comments": "<!--" * (SIZE // 4),
    "unclosed attributes": "<a href='" * (SIZE // 9),
    "many inline tags": "x<i>" * (SIZE // 4),
    "processing instructions": "<?" * (SIZE // 2),
}


def _cap(text: str) -> str:
    return text[:SIZE - 400]


@pytest.mark.parametrize("label", sorted(HOSTILE_BODIES))
def test_the_mail_reader_is_linear_on_hostile_text(label):
    text = _cap(HOSTILE_BODIES[label])
    with guard(PER_CALL * 2):
        mt = segment(text)
        mail = parse_mail(("From: a@b.c\r\nSubject: x\r\n\r\n" + text).encode())
        read_directives(mail, {"g1"})
    assert len(mt.lines) == text.count("\n") + 1


@pytest.mark.parametrize("label", sorted(HOSTILE_HTML))
def test_html_to_text_is_linear_on_hostile_markup(desk, label):
    with guard(PER_CALL * 2):
        html_to_text(_cap(HOSTILE_HTML[label]))
    raw = raw_mail(_cap(HOSTILE_HTML[label]), ctype="text/html")
    with guard(PER_MESSAGE):
        assert desk.ingest(raw).status != "error"


def test_defused_html_reads_as_before():
    assert html_to_text("<p>a &lt; b</p><p>x</p>") == "a < b\nx"
    assert html_to_text("<p>if a < b then</p><blockquote>old</blockquote>") == \
        "if a < b then\n> old"
    assert html_to_text("<!-- a<b --><p>hi</p><<p>x") == "hi\n<\nx"


def raw_mail(body: str, sender: str = "alice@example.org", subject: str = "[g1 France]",
             ctype: str = "text/plain") -> bytes:
    head = (f"From: {sender}\r\nTo: judge@example.org\r\nSubject: {subject}\r\n"
            f"Message-ID: <{abs(hash((body, sender, ctype)))}@example.org>\r\n"
            f"Content-Type: {ctype}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
    return (head + body).encode("utf-8")


@pytest.mark.parametrize("label", sorted(HOSTILE_BODIES))
def test_a_hostile_message_at_the_size_limit_is_ingested_quickly(desk, label):
    """The whole intake (reading, credentials, the game's parser, the reply) on a message
    just under the size limit: seconds at most, whatever the shape."""
    tok = desk.tokens["g1"]["France"]
    raw = raw_mail(f"GAME g1\nPOWER France\nPASSWORD {tok}\n" + _cap(HOSTILE_BODIES[label]))
    assert len(raw) <= SIZE
    with guard(PER_MESSAGE):
        out = Intake(desk.judge).ingest(raw, "test")
    assert out.status != "error", out.detail


def test_the_size_limit_is_checked_before_the_body_is_parsed(desk, monkeypatch):
    """An oversized message is answered from its headers alone: the text reader never sees
    it (it was parsed up to 4 times the limit before)."""
    seen: list[int] = []
    real = mailparse.segment
    monkeypatch.setattr(mailparse, "segment", lambda text: seen.append(len(text)) or real(text))
    big = raw_mail("A Par H\n" + " " * (3 * SIZE) + "x\n")
    with guard(PER_MESSAGE):
        out = desk.ingest(big)
    assert out.status == "rejected" and "too large" in out.detail
    assert seen == [0]
