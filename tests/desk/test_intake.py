"""Mail intake: authentication, replay, routing, limits, moderator commands, sources."""

from __future__ import annotations

import mailbox

import pytest
from deskutil import body_of, make_mail, order_mail, recipients

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.intake import Intake, read_directives
from adjudicator.desk.mailparse import parse_mail


def subs(desk, game="g1", phase="S1901M"):
    return desk.folder(game).latest_submissions(phase)


def test_right_password_places_orders_and_reply_lists_them(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "A Par - Bur\nF Bre - Mao\nA Mar - Mun\n"
                                 "A Mar - Burgundi\n", sender="alice@example.org"))
    assert out.status == "accepted-with-errors" and out.powers == ["France"]
    sub = subs(desk)["France"]
    assert sub.source.startswith("mail:<") and "PASSWORD" not in sub.text and tok not in sub.text
    [reply] = desk.replies_to("alice@example.org")
    text = body_of(reply)
    # line numbers are those of the mail body the player wrote (header lines count)
    assert "line  4: A par - bur" in text and "line  5: F bre - mao" in text
    assert "ERROR line 7" in text and "Burgundi" in text  # each error with its line
    assert "Still waiting for: Austria, England, Germany" in text
    assert reply["In-Reply-To"] and reply["Subject"].startswith("Re: [g1 France]")


def test_forged_sender_without_password_places_nothing(desk):
    out = desk.ingest(make_mail("GAME g1\nPOWER France\nA Par - Bur\n",
                                sender="alice@example.org"))  # the registered address
    assert out.status == "denied" and subs(desk) == {}
    assert "no PASSWORD" in body_of(desk.outbox()[-1])


def test_wrong_password_is_denied_and_audited(desk):
    out = desk.ingest(order_mail("g1", "France", "guess", "A Par - Bur\n"))
    assert out.status == "denied" and subs(desk) == {}
    events = [r["event"] for r in game_audit(desk.folder().path).records()]
    assert "auth-failed" in events


def test_right_password_for_another_power_is_denied(desk):
    out = desk.ingest(order_mail("g1", "Germany", desk.tokens["g1"]["England"], "A Ber - Kie\n",
                                 sender="bob@example.org"))
    assert out.status == "denied" and "does not match Germany" in out.detail
    assert subs(desk) == {}


def test_password_of_another_game_is_denied(desk):
    out = desk.ingest(order_mail("g2", "France", desk.tokens["g1"]["France"], "A Par - Bur\n"))
    assert out.status == "denied" and subs(desk, "g2") == {}


def test_one_player_two_powers_each_with_its_own_password(desk):
    t = desk.tokens["g1"]
    assert desk.ingest(order_mail("g1", "France", t["France"], "A Par H\n")).status == "accepted"
    assert desk.ingest(order_mail("g1", "Germany", t["Germany"], "A Ber H\n")).status == "accepted"
    assert desk.ingest(order_mail("g1", "Germany", t["France"], "A Mun H\n")).status == "denied"
    assert set(subs(desk)) == {"France", "Germany"}


def test_password_alone_finds_its_power(desk):
    # Without a POWER line the password is tried against the powers the sender's address
    # holds (where to look first, never a proof) ...
    body = f"GAME g1\nPASSWORD {desk.tokens['g1']['England']}\nF Lon - Nth\n"
    assert desk.ingest(make_mail(body, sender="bob@example.org")).powers == ["England"]
    # ... else against every power only when that fits in the per-message budget of
    # scrypt runs (2): g1 has three players, so a stranger must name the power
    out = desk.ingest(make_mail(body, sender="other@evil.example"))
    assert out.status == "denied" and "add a line POWER" in out.detail
    named = desk.ingest(make_mail("POWER England\n" + body, sender="other@evil.example"))
    assert named.powers == ["England"]
    # the ack also goes to the registered address, so a forger cannot act unseen
    assert desk.replies_to("bob@example.org")[-1]["Bcc"] or \
        "bob@example.org" in str(desk.replies_to("bob@example.org")[-1]["To"])


def test_replayed_message_is_recorded_once(desk):
    msg = order_mail("g1", "France", desk.tokens["g1"]["France"], "A Par - Bur\n")
    assert desk.ingest(msg).status == "accepted"
    n_out = len(desk.outbox())
    again = desk.ingest(msg)
    assert again.status == "duplicate"
    assert subs(desk)["France"].version == 1 and len(desk.outbox()) == n_out
    received = [r for r in game_audit(desk.folder().path).records()
                if r["event"] == "mail-received"]
    assert len(received) == 1
    assert len(list((desk.folder().path / "desk" / "inbox").iterdir())) == 1


def test_quoted_password_and_orders_in_a_reply_do_not_count(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"A Par - Pic\n\nOn Sat, 1 Mar 2025, Alice wrote:\n> GAME g1\n> POWER France\n"
            f"> PASSWORD {tok}\n> A Par - Bur\n")
    out = desk.ingest(make_mail(body, subject="Re: [g1 France] orders"))
    assert out.status == "denied" and subs(desk) == {}


def test_top_posted_reply_with_subject_tag_and_phone_signature(desk):
    tok = desk.tokens["g1"]["France"]
    body = (f"PASSWORD {tok}\nA Par - Pic\nF Bre - Eng\n\nSent from my iPhone\n\n"
            "On 1 Mar 2025, at 13:00, judge@example.org wrote:\n\n> France, S1901M:\n"
            "> line  1: A par - bur\n")
    out = desk.ingest(make_mail(body, subject="Re: [g1 France] my orders"))
    assert out.status == "accepted"
    assert subs(desk)["France"].text.strip().splitlines()[-2:] == ["A Par - Pic", "F Bre - Eng"]


@pytest.mark.parametrize("name", ["../g1", "g1/../../etc", "..", "a b", "g1;rm", "x" * 80,
                                  "%2e%2e", "/etc/passwd", ".hidden", "g\u00e91"])
def test_hostile_game_names_never_escape(desk, name):
    out = desk.ingest(order_mail(name, "France", desk.tokens["g1"]["France"], "A Par H\n"))
    assert out.status == "unmatched" and subs(desk) == {}
    archived = list((desk.judge.path / "mail" / "unmatched").iterdir())
    assert archived and all(p.parent.name == "unmatched" for p in archived)


def test_unknown_game_gets_help_reply(desk):
    out = desk.ingest(make_mail("hello judge", subject="question"))
    assert out.status == "unmatched"
    assert "names no game" in body_of(desk.outbox()[-1])


def test_status_request_needs_no_password(desk):
    out = desk.ingest(make_mail("GAME g1\nSTATUS\n"))
    assert out.status == "status"
    text = body_of(desk.outbox()[-1])
    assert "Missing: Austria, England" in text and "Deadline: Monday 3 March 2025, 12:00 UTC" in text


def test_observer_cannot_order(desk):
    from adjudicator.desk.players import Roster

    folder = desk.folder()
    with folder.lock():
        Roster(folder).add_observer("watcher@example.org")
    out = desk.ingest(make_mail("GAME g1\nPOWER Italy\nPASSWORD x\nA Rom H\n",
                                sender="watcher@example.org"))
    assert out.status == "denied" and subs(desk) == {}


def test_orders_for_a_past_phase_are_refused(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE F1900M\nA Par - Bur\n"))
    assert out.status == "rejected" and "before the game starts" in out.detail
    assert subs(desk) == {}  # (a later phase is accepted ahead: test_future_phase.py)
    service.adjudicate(desk.folder(), force=True)
    out = desk.ingest(order_mail("g1", "France", tok, "PHASE Spring 1901\nA Par - Bur\n"))
    assert out.status == "rejected" and "S1901M, which is over" in out.detail
    assert desk.folder().latest_submissions("S1901M") == {}


def test_limits_give_clear_errors(desk):
    # (three senders: a failure no password vouched for is answered once per address and
    # hour, see test_abuse.py)
    tok = desk.tokens["g1"]["France"]
    big = desk.ingest(order_mail("g1", "France", tok, "A Par H\n" + "# x\n" * 70000,
                                 sender="big@example.org"))
    assert big.status == "rejected" and "too large" in big.detail
    many = desk.ingest(order_mail("g1", "France", tok, "A Par H\n" * 201,
                                  sender="many@example.org"))
    assert many.status == "rejected" and "too many order lines" in many.detail
    long = desk.ingest(order_mail("g1", "France", tok, "A Par - " + "x" * 500 + "\n",
                                  sender="long@example.org"))
    assert long.status == "rejected" and "too long" in long.detail
    assert subs(desk) == {}
    for addr, limit in (("big", "too large"), ("many", "too many order lines"),
                        ("long", "too long")):
        [reply] = desk.replies_to(f"{addr}@example.org")
        assert "Nothing was submitted" in body_of(reply) and limit in body_of(reply)


def test_moderator_commands_need_the_moderator_password(desk):
    out = desk.ingest(make_mail("GAME g1\nPAUSE\n"))
    assert out.status == "denied"
    out = desk.ingest(make_mail("GAME g1\nMODERATOR wrong\nPAUSE\n"))
    assert out.status == "denied"
    out = desk.ingest(make_mail(f"GAME g1\nMODERATOR {desk.moderator}\nPAUSE\nEXTEND 24h\n",
                                sender="anyone@example.org"))
    assert out.status == "command"
    from adjudicator.desk.deadlines import load_schedule

    sched = load_schedule(desk.folder())
    assert sched["paused"] and sched["deadline"] == "2025-03-04T12:00:00Z"
    events = [r["event"] for r in game_audit(desk.folder().path).records()]
    assert events.count("moderator-mail-command") == 2


def test_moderator_process_by_mail_adjudicates_with_nmr(desk):
    out = desk.ingest(make_mail(f"GAME g1\nMODERATOR {desk.moderator}\nPROCESS\n"))
    assert out.status == "command" and "adjudicated S1901M" in out.detail
    assert desk.folder().read_state()["phase"] == "F1901M"
    results = [m for m in desk.outbox() if "Results S1901M" in str(m["Subject"])]
    assert results and "alice@example.org" in recipients(results[0])


def test_signon_line_dpjudge_style(desk):
    tok = desk.tokens["g1"]["France"]
    out = desk.ingest(make_mail(f"SIGNON France@g1 {tok}\nA Par - Bur\n"))
    assert out.status == "accepted"


def test_directives_keep_order_line_numbers():
    mail = parse_mail(make_mail("GAME g1\nPOWER France\nPASSWORD x\nA Par H\nSTATUS\nA Mar H\n"
                                "END\nA Bre H\n").as_bytes())
    d = read_directives(mail)
    assert (d.game, d.power, d.password) == ("g1", "France", "x")
    assert d.order_text.splitlines()[3] == "A Par H" and d.order_lines == 2
    assert ("STATUS", "") in d.commands and "Bre" not in d.order_text


def test_mbox_and_maildir_sources(desk, tmp_path):
    tok = desk.tokens["g1"]
    box = mailbox.mbox(str(tmp_path / "in.mbox"))
    box.add(order_mail("g1", "France", tok["France"], "A Par H\n"))
    box.add(order_mail("g1", "Germany", tok["Germany"], "A Ber H\n"))
    box.flush()
    box.close()
    md = mailbox.Maildir(str(tmp_path / "Maildir"))
    md.add(order_mail("g1", "England", tok["England"], "F Lon H\n"))
    md.add(order_mail("g1", "England", tok["England"], "F Lon H\n", msgid="<dup@x>"))
    md.add(order_mail("g1", "England", tok["England"], "F Lon H\n", msgid="<dup@x>"))
    from adjudicator.desk.intake import ingest_many, iter_maildir, iter_mbox

    a = ingest_many(desk.judge, iter_mbox(tmp_path / "in.mbox"), "mbox")
    b = ingest_many(desk.judge, iter_maildir(tmp_path / "Maildir"), "maildir")
    assert [o.status for o in a] == ["accepted", "accepted"]
    assert sorted(o.status for o in b) == ["accepted", "accepted", "duplicate"]
    assert set(subs(desk)) == {"France", "Germany", "England"}


def test_internal_error_is_contained(desk, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("bug")

    monkeypatch.setattr(Intake, "_process", boom)
    out = desk.ingest(make_mail("GAME g1\nSTATUS\n"))
    assert out.status == "error"
    assert any(r["event"] == "mail-internal-error" for r in desk.judge.audit().records())
