"""Issue 12, the mail: one named test per convention players use (docs/moderator-desk.md).

Credentials in every form, several powers in one mail, every text part, format=flowed,
bottom-posting, conversation that is not an error, automatic mail never answered,
passwords never echoed, empty and other-phase submissions that replace nothing.
"""

from __future__ import annotations

import email
import email.policy
import json
from email.message import EmailMessage

import pytest
from deskutil import body_of, make_mail, order_mail

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.forum import clean_forum_post
from adjudicator.desk.intake import parse_header_line, read_directives
from adjudicator.desk.mailparse import (
    ATTRIBUTION,
    BELOW,
    OLD,
    QUOTED,
    SIGNATURE,
    TEXT,
    parse_mail,
    segment,
    unflow,
)


def subs(desk, game="g1", phase="S1901M"):
    return desk.folder(game).latest_submissions(phase)


def orders_of(desk, power, game="g1", phase="S1901M") -> list[str]:
    folder = desk.folder(game)
    game_obj = service.game_of(folder)
    sub = folder.latest_submissions(phase)[power]
    return [game_obj.order_text(p.order) for p in game_obj.parse(sub.text, None).orders]


def reply_text(desk, addr="alice@example.org") -> str:
    [reply] = desk.replies_to(addr)
    return str(reply["Subject"]) + "\n" + body_of(reply)


def reply_of(desk, out) -> str:
    """The reply to the message whose outcome is ``out``."""
    path = desk.judge.outbox / out.reply
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    return str(msg["Subject"]) + "\n" + body_of(msg)


def raw(msg: EmailMessage) -> bytes:
    return msg.as_bytes(policy=email.policy.SMTP)


# --- credentials ---------------------------------------------------------------------------
def test_njudge_header_lines_one_per_line(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"game g1\npower: france\nPassword = {tok}\nA Par - Bur\n"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - bur"]


def test_several_credentials_on_one_line(desk):
    tok = desk.tokens["g1"]["France"]
    for i, line in enumerate((f"GAME g1 POWER France PASSWORD {tok}",
                              f"Game: g1, Power: France, Password: {tok}",
                              f"game=g1 power=france password={tok}")):
        out = desk.ingest(make_mail(f"{line}\nA Par - Bur\n", msgid=f"<one-line-{i}@x>"))
        assert out.status == "accepted", line
    assert subs(desk)["France"].version == 3


def test_dpjudge_signon_power_at_game(desk):
    tok = desk.tokens["g1"]["Germany"]
    out = desk.ingest(make_mail(f"SIGNON GERMANY@G1 {tok}\nA Ber - Kie\n"))
    assert out.status == "accepted" and out.powers == ["Germany"]


def test_njudge_signon_initial_and_game(desk):
    tok = desk.tokens["g1"]["England"]
    out = desk.ingest(make_mail(f"signon eg1 {tok}\nF Lon - Nth\nsignoff\n",
                                sender="bob@example.org"))
    assert out.status == "accepted" and out.powers == ["England"]


@pytest.mark.parametrize("line", ["sign on Fg1 {tok}", "SignOn Fg1 {tok}", "login Fg1 {tok}",
                                  "HELLO Fg1 {tok}", "SIGNON France g1 {tok}",
                                  "SIGNON g1 {tok}", "SIGNON France@g1 {tok}"])
def test_signon_variants(desk, line):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(line.format(tok=tok) + "\nA Par - Bur\n"))
    assert out.status == "accepted" and out.powers == ["France"], line


def test_hello_as_a_greeting_is_not_a_signon():
    assert parse_header_line("Hello everyone, here are my orders") is not None  # a candidate
    mail = parse_mail(raw(make_mail("Hello everyone\nA Par - Bur\n", subject="[g1 France]")))
    d = read_directives(mail, ["g1"])
    assert d.game == "g1" and d.power == "France" and d.order_numbers == [1, 2]


def test_credentials_in_the_subject_tag(desk):
    tok = desk.tokens["g1"]["France"]
    for i, subject in enumerate(("[g1 France] orders", "[g1/France]", "[g1 - France] spring",
                                 "[EXTERNAL] RE: [g1 France] orders")):
        out = desk.ingest(make_mail(f"PASSWORD {tok}\nA Par - Bur\n", subject=subject,
                                    msgid=f"<subj-{i}@x>"))
        assert out.status == "accepted" and out.powers == ["France"], subject


def test_game_and_power_written_out_in_the_subject(desk):
    tok = desk.tokens["g1"]["Germany"]
    out = desk.ingest(make_mail(f"Password: {tok}\nA Ber - Kie\n",
                                subject="g1 - Germany - Spring 1901 orders"))
    assert out.status == "accepted" and out.powers == ["Germany"]


def test_whole_credential_in_the_subject_is_read_and_not_echoed(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail("A Par - Bur\n", subject=f"SIGNON Fg1 {tok}"))
    assert out.status == "accepted"
    text = reply_text(desk)
    assert tok not in text and "SIGNON Fg1 ********" in text


def test_bom_and_invisible_characters_never_hide_a_credential(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"\ufeff\u200bGAME g1\n\u200bPOWER\u00a0France\nPASSWORD\u00a0{tok}\u200b\n"
            "A Par\u00a0- Bur\u200b\n")
    out = desk.ingest(make_mail(body, cte="base64"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - bur"]


def test_misspelt_password_keyword_is_read_and_never_echoed(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"Pasword: {tok}\nA Par - Bur\n", subject="[g1 France]"))
    assert out.status == "accepted" and tok not in reply_text(desk)


# --- several powers in one mail ------------------------------------------------------------
def test_two_powers_in_one_mail_each_under_its_own_credential(desk):
    t = desk.tokens["g1"]
    body = (f"Hi judge,\n\nGAME g1\nPOWER France\nPASSWORD {t['France']}\nA Par - Bur\n"
            f"F Bre - Mao\n\nPOWER Germany\nPASSWORD {t['Germany']}\nA Ber - Kie\n\nThanks\n")
    out = desk.ingest(make_mail(body))
    assert out.status == "accepted" and out.powers == ["France", "Germany"]
    assert orders_of(desk, "France") == ["A par - bur", "F bre - mao"]
    assert orders_of(desk, "Germany") == ["A ber - kie"]
    text = reply_text(desk)
    assert "France, S1901M, submission 1" in text and "Germany, S1901M, submission 1" in text
    assert text.count("Still waiting for") == 1 and "ERROR" not in text


def test_a_bad_credential_refuses_its_section_only(desk):
    t = desk.tokens["g1"]
    body = (f"signon fg1 {t['France']}\nA Par - Bur\n\nsignon gg1 {t['England']}\nA Ber - Kie\n"
            f"\nsignon eg1 nope-not-it\nF Lon - Nth\n")
    out = desk.ingest(make_mail(body))
    assert out.status == "partly-accepted" and out.powers == ["France"]
    assert set(subs(desk)) == {"France"}
    refused = {s["power"]: s for s in out.sections if s["status"] == "denied"}
    assert set(refused) == {"Germany", "England"}
    text = reply_text(desk)
    assert "Not accepted for Germany (line 4): the password does not match Germany" in text
    # at most two passwords are verified per message (docs/moderator-desk.md, "Abuse")
    assert ("Not accepted for England (line 7): not checked: at most 2 passwords are checked "
            "per message") in text
    assert t["England"] not in text and "nope-not-it" not in text
    events = [r for r in game_audit(desk.folder().path).records() if r["event"] == "auth-failed"]
    assert len(events) == 2


def test_every_bad_credential_is_refused_when_the_budget_allows(desk):
    config = desk.judge.path / "judge.json"
    data = json.loads(config.read_text())
    data["limits"] = {**data.get("limits", {}), "password_checks": 3}
    config.write_text(json.dumps(data))
    t = desk.tokens["g1"]
    body = (f"signon fg1 {t['France']}\nA Par - Bur\n\nsignon gg1 {t['England']}\nA Ber - Kie\n"
            f"\nsignon eg1 nope-not-it\nF Lon - Nth\n")
    desk.ingest(make_mail(body))
    assert ("Not accepted for England (line 7): the password does not match England"
            in reply_text(desk))


def test_a_section_for_another_game_is_refused_with_the_reason(desk):
    t = desk.tokens
    body = (f"GAME g1\nPOWER France\nPASSWORD {t['g1']['France']}\nA Par - Bur\n\n"
            f"GAME g2\nPOWER France\nPASSWORD {t['g2']['France']}\nA Par - Pic\n")
    out = desk.ingest(make_mail(body))
    assert out.status == "partly-accepted" and subs(desk, "g2") == {}
    assert "send orders for another game in a separate message" in reply_text(desk)


def test_phase_line_after_orders_starts_a_section_for_that_phase(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"SIGNON France@g1 {tok}\nA Par - Bur\nPHASE Fall 1901 Movement\n"
                                "A Bur - Bel\n"))
    assert out.status == "accepted"
    assert orders_of(desk, "France") == ["A par - bur"]
    assert orders_of(desk, "France", phase="F1901M") == ["A bur - bel"]


# --- what is read -----------------------------------------------------------------------
def test_every_text_plain_part_is_read_in_order():
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "[g1 France]"
    msg.set_content("PASSWORD x\nA Par - Bur\n")
    msg.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="map.png",
                       disposition="inline")
    msg.add_attachment("F Bre - Mao\n", subtype="plain", disposition="inline")
    parsed = parse_mail(raw(msg))
    assert parsed.body == "PASSWORD x\nA Par - Bur\nF Bre - Mao"
    assert "map.png" in parsed.attachments


def test_a_forwarded_message_is_never_read():
    inner = make_mail("GAME g1\nPOWER France\nPASSWORD x\nA Mar - Spa\n")
    msg = make_mail("A Par - Bur\n")
    msg.add_attachment(inner)
    parsed = parse_mail(raw(msg))
    assert parsed.body == "A Par - Bur" and "message/rfc822" in parsed.attachments


def test_an_attached_document_is_mentioned_in_the_reply(desk):
    msg = order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n")
    msg.add_attachment("A Mar - Spa\n", subtype="plain", filename="orders.txt")
    desk.ingest(msg)
    assert "Attachments are not read (orders.txt)" in reply_text(desk)
    assert orders_of(desk, "France") == ["A par - bur"]


def test_format_flowed_is_undone():
    assert unflow("A Par S A Mar - \nBur\n-- \nsig") == "A Par S A Mar - Bur\n-- \nsig"
    assert unflow("A Par S A Mar - Bu \nr", delsp=True) == "A Par S A Mar - Bur"
    assert unflow(">> quoted \n>> more\n> less") == ">> quoted more\n> less"
    assert unflow(" >stuffed") == ">stuffed"
    raw_mail = (b"From: a@b.c\r\nSubject: [g1 France]\r\n"
                b"Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n"
                b"PASSWORD x\r\nA Par - Bur; F Bre - M \r\nao\r\n")
    assert parse_mail(raw_mail).body == "PASSWORD x\nA Par - Bur; F Bre - Mao"


def test_bottom_posting_is_read_when_the_text_above_holds_no_orders(desk):
    tok = desk.tokens["g1"]["France"]
    body = ("On Sat, 1 Mar 2025 at 13:00, Judge <judge@example.org> wrote:\n"
            "> France, S1901M, submission 1:\n>   line  2: A par - bur\n\n"
            f"New orders:\nPASSWORD {tok}\nA Par - Pic\n")
    out = desk.ingest(make_mail(body, subject="Re: [g1 France] orders"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - pic"]


def test_text_below_a_quote_is_listed_when_the_text_above_held_the_orders(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"PASSWORD {tok}\nA Par - Pic\n\nOn Sat, 1 Mar 2025, Judge <j@x.org> wrote:\n"
            "> line 2: A par - bur\n\nF Bre - Mao\n")
    out = desk.ingest(make_mail(body, subject="Re: [g1 France]"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - pic"]
    text = reply_text(desk)
    assert "These lines read as orders but were NOT read:" in text
    assert "line  7: F Bre - Mao  (below the quoted message" in text


def test_orders_below_a_signature_are_listed_not_dropped(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"PASSWORD {tok}\nA Par - Bur\n--\nPierre\nF Bre - Mao\n",
                                subject="[g1 France]"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - bur"]
    assert "line  5: F Bre - Mao  (below the signature line" in reply_text(desk)


def test_orders_after_signoff_are_listed_not_dropped(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(make_mail(f"signon fg1 {tok}\nA Par - Bur\nsignoff\nA Mar - Spa\n"))
    assert orders_of(desk, "France") == ["A par - bur"]
    assert "line  4: A Mar - Spa  (after END / SIGNOFF)" in reply_text(desk)


def test_a_password_written_below_the_quote_is_read(desk):
    tok = desk.tokens["g1"]["France"]
    body = ("A Par - Pic\n\nOn Sat, 1 Mar 2025, Judge <j@x.org> wrote:\n> line 2: A par - bur\n"
            f"\nPASSWORD {tok}\n")
    out = desk.ingest(make_mail(body, subject="Re: [g1 France]"))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - pic"]


def test_quoted_credentials_are_never_read(desk):
    tok = desk.tokens["g1"]["France"]
    body = f"A Par - Pic\n\nOn Sat, 1 Mar 2025, Alice <a@x.org> wrote:\n> PASSWORD {tok}\n"
    out = desk.ingest(make_mail(body, subject="Re: [g1 France]"))
    assert out.status == "denied" and subs(desk) == {}


# --- conversation ---------------------------------------------------------------------------
def test_greeting_and_signature_make_a_clean_accepted_mail(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"Hi all,\n\nGAME g1\nPOWER France\nPASSWORD {tok}\n\nFrance - Spring 1901 orders:\n"
            "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao\n\nThanks,\nAlice\n")
    out = desk.ingest(make_mail(body))
    assert out.status == "accepted"
    text = reply_text(desk)
    assert "ERROR" not in text and text.count("Ignored (not read as orders):") == 1
    for line in ("line  1: Hi all", "line  7: France - Spring 1901 orders:",
                 "line 12: Thanks", "line 13: Alice"):
        assert line in text, line
    assert not subs(desk)["France"].text.count("Thanks")  # conversation is not submitted


def test_a_mistyped_order_is_still_an_error_not_conversation(desk):
    tok = desk.tokens["g1"]["France"]
    body = f"Hi all,\nPASSWORD {tok}\nA Par - Burgundi\nF Bre - Mao\nThanks,\nAlice\n"
    out = desk.ingest(make_mail(body, subject="[g1 France]"))
    assert out.status == "accepted-with-errors"
    text = reply_text(desk)
    assert "ERROR line 3" in text and "Burgundy" in text
    assert "line  5: Thanks" in text and "line  6: Alice" in text


def test_pgp_armour_is_removed(desk):
    tok = desk.tokens["g1"]["France"]
    body = ("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
            f"GAME g1\nPOWER France\nPASSWORD {tok}\n- - A Par - Bur\n"
            "-----BEGIN PGP SIGNATURE-----\n\niQEzBAEBCAAdFiEE\n=Qx7d\n-----END PGP SIGNATURE-----\n")
    out = desk.ingest(make_mail(body))
    assert out.status == "accepted" and orders_of(desk, "France") == ["A par - bur"]
    assert "PGP" not in reply_text(desk)


def test_an_encrypted_block_is_noted():
    text = segment("-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----\n")
    assert text.notes and "encrypted" in text.notes[0]


def test_quoted_headers_are_not_the_players_text():
    text = segment("A Par - Bur\n\nLe sam. 1 mars 2025 à 13:00, Judge <j@x.org> a écrit :\n"
                   "> old\n")
    assert text.roles[:4] == (TEXT, TEXT, ATTRIBUTION, QUOTED)
    wrapped = segment("A Par H\nAm Sa., 1. März 2025 um 13:00 Uhr schrieb Judge <\n"
                      "j@x.org>:\n\n> old\n")
    assert wrapped.roles[1:3] == (ATTRIBUTION, ATTRIBUTION)
    unquoted = segment("A Par H\n\nOn Sat, 1 Mar 2025 at 13:00, Judge <j@x.org> wrote:\n"
                       "A Mar - Spa\n")
    assert unquoted.roles[2:] == (OLD, OLD, OLD)
    mine = segment("On second thought, here is what I wrote:\nA Par - Bur\n")
    assert set(mine.roles) == {TEXT}


def test_forum_headings_are_removed():
    post = ("Re: Spring 1901\n« Reply #3 on: March 01, 2025, 10:00:00 AM »\n"
            "Post by Pierre » Sat Mar 01, 2025 10:00 am\n[b]A Par - Bur[/b]\nLogged\n")
    assert clean_forum_post(post) == "A Par - Bur\n"


def test_forum_post_pasted_into_a_mail(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"PASSWORD {tok}\n[quote=Germany]A Mun - Bur[/quote]\n[b]France[/b]\n[list]\n"
            "[*]A Par - Bur\n[*]F Bre - Mao\n[/list]\n")
    out = desk.ingest(make_mail(body, subject="[g1 France]"))
    assert out.status == "accepted"
    assert orders_of(desk, "France") == ["A par - bur", "F bre - mao"]


def test_mailing_list_footers_are_removed():
    for footer in ("_______________________________________________\ndip mailing list\n",
                   ("-- \nYou received this message because you are subscribed to the Google "
                    "Groups \"dip\" group.\n"),
                   "-=-=-=-=-=-=-=-=-=-=-=-\nGroups.io Links: You receive all messages\n"):
        text = segment("A Par - Bur\n\n" + footer)
        assert text.new_text() == "A Par - Bur", footer
        assert set(text.roles[2:]) <= {OLD, SIGNATURE, "footer"}


def test_roles_of_a_bottom_posted_reply():
    text = segment("On Sat, 1 Mar 2025, Judge <j@x.org> wrote:\n> old\n\nA Par - Bur\n-- \nme")
    assert text.roles == (ATTRIBUTION, QUOTED, BELOW, BELOW, SIGNATURE, SIGNATURE)


# --- automatic mail -------------------------------------------------------------------------
AUTOMATIC = {
    "auto-submitted": "Auto-Submitted: auto-replied\n",
    "precedence-bulk": "Precedence: bulk\n",
    "precedence-junk": "Precedence: junk\n",
    "precedence-list": "Precedence: list\n",
    "list-id": "List-Id: <dip.lists.example.org>\n",
    "empty-return-path": "Return-Path: <>\n",
    "x-autoreply": "X-Autoreply: yes\n",
    "x-auto-response-suppress": "X-Auto-Response-Suppress: All\n",
    "apple-vacation": "X-Apple-Action: VACATION\n",
    "x-failed-recipients": "X-Failed-Recipients: alice@example.org\n",
}


@pytest.mark.parametrize("header", list(AUTOMATIC.values()), ids=list(AUTOMATIC))
def test_automatic_replies_are_logged_and_never_answered(desk, header):
    tok = desk.tokens["g1"]["France"]
    mail = (f"From: alice@example.org\r\n{header.strip()}\r\nSubject: [g1 France]\r\n"
            f"Message-ID: <auto@x>\r\n\r\nPASSWORD {tok}\r\nA Par - Bur\r\n").encode()
    out = desk.ingest(mail)
    assert out.status == "automatic" and desk.outbox() == [] and subs(desk) == {}
    logged = [r for r in desk.judge.audit().records() if r["event"] == "mail-automatic"]
    assert len(logged) == 1 and logged[0]["data"]["message_id"] == "<auto@x>"
    assert desk.ingest(mail).status == "duplicate"  # marked seen
    assert (desk.judge.path / "mail" / "automatic").is_dir()


@pytest.mark.parametrize("sender", ["MAILER-DAEMON@mx.example.org", "postmaster@example.org",
                                    "owner-dip@lists.example.org", "dip-request@example.org",
                                    "noreply@example.org", "<>"])
def test_bounce_senders_are_never_answered(desk, sender):
    out = desk.ingest(f"From: {sender}\r\nSubject: hello\r\n\r\nGAME g1\r\nSTATUS\r\n".encode())
    assert out.status == "automatic" and desk.outbox() == []


@pytest.mark.parametrize("subject", ["Automatic reply: [g1 France] orders",
                                     "Out of Office: orders", "Undeliverable: [g1] Results",
                                     "Delivery Status Notification (Failure)",
                                     "Abwesenheitsnotiz: Re: [g1 France]"])
def test_auto_reply_subjects_are_never_answered(desk, subject):
    out = desk.ingest(make_mail("GAME g1\nSTATUS\n", subject=subject))
    assert out.status == "automatic" and desk.outbox() == []


def test_a_person_writing_out_of_office_in_the_subject_is_answered(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"PASSWORD {tok}\nA Par - Bur\n",
                                subject="Out of office next week - [g1 France] orders"))
    assert out.status == "accepted" and len(desk.outbox()) == 1


def test_a_delivery_report_is_never_read(desk):
    tok = desk.tokens["g1"]["France"]
    msg = EmailMessage()
    msg["From"] = "Mail Delivery System <mailer@mx.example.org>"
    msg["Subject"] = "failure"
    msg.set_content("Your message could not be delivered.\n")
    inner = order_mail("g1", "France", tok, "A Par - Pic\n")
    msg.add_attachment(inner)
    msg.replace_header("Content-Type", msg["Content-Type"].replace("multipart/mixed",
                                                                   "multipart/report"))
    out = desk.ingest(raw(msg))
    assert out.status == "automatic" and subs(desk) == {} and desk.outbox() == []


def test_the_judges_own_mail_coming_back_is_never_answered(desk):
    out = desk.ingest(make_mail("GAME g1\nSTATUS\n", sender="judge@example.org"))
    assert out.status == "automatic" and desk.outbox() == []


def test_judge_replies_ask_auto_responders_to_stay_quiet(desk):
    desk.ingest(make_mail("GAME g1\nSTATUS\n"))
    [reply] = desk.outbox()
    assert reply["Auto-Submitted"] == "auto-replied"
    assert "AutoReply" in reply["X-Auto-Response-Suppress"]


# --- passwords ------------------------------------------------------------------------------
def test_a_password_never_appears_in_a_reply_subject_or_the_audit_log(desk):
    t = desk.tokens["g1"]
    subject = f"[g1 France] PASSWORD {t['France']} orders"
    body = f"A Par - Bur\nA Par - {t['France']}\nmy password is {t['Germany']}\n"
    out = desk.ingest(make_mail(body, subject=subject))
    assert out.status.startswith("accepted")
    text = reply_text(desk)
    assert "Re: [g1 France] PASSWORD ******** orders" in text
    assert t["France"] not in text and t["Germany"] not in text
    records = game_audit(desk.folder().path).records() + desk.judge.audit().records()
    assert not any(t["France"] in str(r) or t["Germany"] in str(r) for r in records)
    assert t["France"] not in str(out.to_json())
    assert t["France"] not in subs(desk)["France"].text


def test_a_wrong_password_is_not_echoed_either(desk):
    desk.ingest(make_mail("A Par - Bur\n", subject="[g1 France] password: hunter22"))
    assert "hunter22" not in reply_text(desk)


# --- what counts as ordering ----------------------------------------------------------------
def test_an_empty_submission_by_mail_replaces_nothing(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(order_mail("g1", "France", tok, "A Par - Bur\n"))
    out = desk.ingest(order_mail("g1", "France", tok, "\n\n"))
    assert out.status == "status"
    assert subs(desk)["France"].version == 1
    assert service.status(desk.folder())["ordered"] == ["France"]


def test_a_conversation_only_mail_does_not_count_as_ordered(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "Hi,\nmy orders follow tomorrow.\n"
                                 "Thanks,\nAlice\n"))
    # Not a submission at all (conversation), or one in which nothing was understood:
    # either way it counts for nothing (which of the two is the order parser's call).
    assert out.status in ("status", "accepted-with-errors") and subs(desk) == {}
    assert "France" not in service.status(desk.folder())["ordered"]


def test_orders_for_another_phase_replace_nothing(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(order_mail("g1", "France", tok, "A Par - Bur\n"))
    out = desk.ingest(order_mail("g1", "France", tok, "Build A Par\nBuild F Bre\n"))
    assert out.status == "rejected" and "for another phase" in out.detail
    assert subs(desk)["France"].version == 1
    assert "your earlier orders (if any) still stand" in reply_of(desk, out)


def test_orders_ahead_with_nothing_understood_do_not_count(desk):
    tok = desk.tokens["g1"]["France"]
    desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nA Bur - Bel\n"))
    desk.ingest(order_mail("g1", "France", tok, "PHASE F1901M\nxyzzy plugh\n"))
    assert [s.version for s in [subs(desk, phase="F1901M")["France"]]] == [1]
