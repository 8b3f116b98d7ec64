"""Real-looking mail: encodings, charsets, HTML, quoted replies, signatures, attachments."""

from __future__ import annotations

import email.policy
from email.message import EmailMessage

from deskutil import make_mail

from adjudicator.desk.forum import clean_forum_post, strip_quote_blocks
from adjudicator.desk.mailparse import html_to_text, parse_mail, strip_quotes_and_signature


def raw(msg: EmailMessage) -> bytes:
    return msg.as_bytes(policy=email.policy.SMTP)


def test_multipart_alternative_prefers_plain():
    msg = make_mail("A Par - Bur\n", html="<p>IGNORED HTML</p>")
    assert msg.is_multipart()
    parsed = parse_mail(raw(msg))
    assert parsed.body == "A Par - Bur"


def test_html_only_is_converted_and_blockquote_dropped():
    html = ("<html><head><style>p{}</style></head><body><div>A Par - Bur<br>F Bre&nbsp;- Mao</div>"
            "<div class=gmail_quote>On Mon, 3 Mar 2025 Bob wrote:<br>"
            "<blockquote>A Mar - Spa</blockquote></div></body></html>")
    parsed = parse_mail(raw(make_mail(None, html=html)))
    assert "A Par - Bur" in parsed.body and "F Bre - Mao" in parsed.body
    assert "Spa" not in parsed.body and "wrote" not in parsed.body


def test_quoted_printable_and_base64():
    text = "A Par - Bur\nF Bre - Mao   # très bien\n"
    for cte in ("quoted-printable", "base64"):
        msg = make_mail(text, cte=cte)
        assert f"Content-Transfer-Encoding: {cte}" in raw(msg).decode()
        assert parse_mail(raw(msg)).body == text.rstrip("\n")


def test_windows_1250_and_koi8_r_bodies():
    czech = "A Par - Bur\nDěkuji, Žofie\n"
    msg = make_mail(czech, charset="windows-1250", cte="quoted-printable")
    assert b"windows-1250" in raw(msg)
    assert parse_mail(raw(msg)).body == czech.rstrip("\n")
    russian = "F Sev - Bla\nА Мос - Укр\n"
    msg = make_mail(russian, charset="koi8-r", cte="base64")
    assert b"koi8-r" in raw(msg)
    assert parse_mail(raw(msg)).body == russian.rstrip("\n")


def test_hand_written_8bit_koi8_r_message():
    body = "A Par - Bur\nСпасибо\n".encode("koi8-r")
    msg = (b"From: ivan@example.ru\r\nSubject: [g1 France]\r\nMessage-ID: <k@ru>\r\n"
           b"Content-Type: text/plain; charset=KOI8-R\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
           + body)
    parsed = parse_mail(msg)
    assert parsed.body == "A Par - Bur\nСпасибо"
    assert parsed.subject == "[g1 France]" and parsed.from_addr == "ivan@example.ru"


def test_unknown_charset_does_not_crash():
    msg = (b"From: a@b.c\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n"
           b"A Par H\r\n")
    assert parse_mail(msg).body == "A Par H"


def test_top_posted_reply_with_quoted_old_orders():
    text = ("A Par - Pic\n\nOn Sat, 1 Mar 2025 at 13:00, Judge <judge@example.org>\nwrote:\n"
            "> France, S1901M, submission 1:\n> A Par - Bur\n")
    assert strip_quotes_and_signature(text) == "A Par - Pic"
    text = "A Par - Pic\n\nOn Sat, 1 Mar 2025, Judge wrote:\n> A Par - Bur\n"
    assert strip_quotes_and_signature(text) == "A Par - Pic"


def test_outlook_original_message_and_header_block():
    text = ("A Par - Gas\n\n-----Original Message-----\nFrom: Judge\nA Par - Bur\n")
    assert strip_quotes_and_signature(text) == "A Par - Gas"
    text = "A Par - Gas\n\nFrom: Judge <j@x>\nSent: Monday\nTo: me\n\nA Par - Bur\n"
    assert strip_quotes_and_signature(text) == "A Par - Gas"
    text = "A Par - Gas\n________________________________\nFrom: Judge\n"
    assert strip_quotes_and_signature(text) == "A Par - Gas"


def test_signatures_and_phone_footers():
    assert strip_quotes_and_signature("A Par H\n-- \nPierre\nA Mar - Spa") == "A Par H"
    assert strip_quotes_and_signature("A Par H\n\nSent from my iPhone") == "A Par H"
    assert strip_quotes_and_signature("A Par H\nGet Outlook for Android") == "A Par H"
    assert strip_quotes_and_signature("A Par H\nVon meinem iPhone gesendet") == "A Par H"


def test_inline_quote_lines_dropped_own_lines_kept():
    text = "> A Par - Bur\nA Par - Pic\n> F Bre - Mao\nF Bre - Eng\n"
    assert strip_quotes_and_signature(text) == "A Par - Pic\nF Bre - Eng"


def test_attachments_are_ignored():
    msg = make_mail("A Par - Bur\n")
    msg.add_attachment(b"A Mar - Spa\n", maintype="text", subtype="plain", filename="old.txt")
    msg.add_attachment(b"\x89PNG...", maintype="image", subtype="png", filename="map.png")
    parsed = parse_mail(raw(msg))
    assert parsed.body == "A Par - Bur"
    assert "old.txt" in parsed.attachments and "map.png" in parsed.attachments


def test_missing_message_id_gets_a_content_hash():
    parsed = parse_mail(b"From: a@b.c\r\n\r\nA Par H\r\n")
    assert parsed.message_id.startswith("sha256:")
    assert parse_mail(b"From: a@b.c\r\n\r\nA Par H\r\n").message_id == parsed.message_id


def test_garbage_never_raises():
    for blob in (b"", b"\x00\xff\xfe", b"Content-Type: multipart/mixed; boundary=\"x\"\r\n\r\n--x",
                 b"Content-Transfer-Encoding: base64\r\n\r\n!!!notbase64", b"From: <<<@>>>\r\n\r\n"):
        parse_mail(blob)


def test_html_to_text_handles_broken_markup():
    assert "A Par H" in html_to_text("<div>A Par H<p unclosed <b>")


def test_forum_quotes_and_bbcode():
    post = ("[quote=Bob]A Mar - Spa\n[quote]A Par - Bur[/quote]\n[/quote]\n"
            "[b]A Par - Pic[/b]\n[color=red]F Bre - Eng[/color]\n[code]A Mar H[/code]\n"
            "[img]http://x/map.png[/img]\n")
    assert clean_forum_post(post) == "A Par - Pic\nF Bre - Eng\nA Mar H\n"
    assert strip_quote_blocks("a[quote]b[quote]c[/quote]d[/quote]e") == "ae"
    assert strip_quote_blocks("keep[quote]never closed") == "keep"
