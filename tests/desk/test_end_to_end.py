"""A judge folder with two games, mail in, ``adj tick`` past the deadline, replies and
result reports in the outbox: everything through the command line."""

from __future__ import annotations

import email
import email.policy
import json

from deskutil import make_mail, recipients

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner


def run(*args, env, code=0, input=None):
    res = CliRunner().invoke(main, list(args), env=env, input=input)
    assert res.exit_code == code, res.output
    return res


def outbox(judge):
    return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
            for p in sorted((judge / "outbox").glob("*.eml"))]


def test_two_games_by_mail_to_results(tmp_path):
    judge = tmp_path / "judge"
    env = {"ADJ_NOW": "2025-03-01T12:00:00Z", "ADJ_JUDGE": str(judge)}
    run("judge", "init", str(judge), "--judge-address", "judge@example.org", env=env)
    tokens: dict[tuple[str, str], str] = {}
    for game in ("east", "west"):
        run("new", "diplomacy", game, "--deadline", "48h", env=env)
        for power, addr in (("France", "fr@example.org"), ("Germany", "de@example.org")):
            out = run("player", "add", game, power, "--email", addr, "--json", env=env)
            tokens[(game, power)] = json.loads(out.output)["password"]
        run("observer", "add", game, "--email", "press@example.org", env=env)

    mails = tmp_path / "mails"
    mails.mkdir()
    m1 = make_mail(f"PASSWORD {tokens[('east', 'France')]}\nA Par - Bur\nA Mar S A Par - Bur\n",
                   subject="[east France] spring", sender="fr@example.org", msgid="<1@fr>")
    m2 = make_mail(f"GAME west\nPOWER Germany\nPASSWORD {tokens[('west', 'Germany')]}\n"
                   "A Mun - Ruh\nF Kie - Hol\n\n-- \nKaiser Bill\n", sender="de@example.org",
                   msgid="<2@de>", charset="windows-1250", cte="quoted-printable")
    m3 = make_mail(f"GAME east\nPOWER Germany\nPASSWORD {tokens[('east', 'France')]}\nA Mun H\n",
                   sender="de@example.org", msgid="<3@evil>")  # France's password
    m4 = make_mail(f"PASSWORD {tokens[('west', 'France')]}\nPHASE F1901M\nA Par - Bur\n",
                   subject="Re: [west France] autumn, sent ahead", sender="fr@example.org",
                   msgid="<4@fr>")
    for i, m in enumerate((m1, m2, m3, m4)):
        (mails / f"{i}.eml").write_bytes(m.as_bytes(policy=email.policy.SMTP))
    env["ADJ_NOW"] = "2025-03-02T10:00:00Z"
    res = run("mail", "ingest", "--eml", str(mails / "0.eml"), "--eml", str(mails / "1.eml"),
              "--eml", str(mails / "2.eml"), "--eml", str(mails / "3.eml"), "--json", env=env)
    statuses = [m["status"] for m in json.loads(res.output)["messages"]]
    assert statuses == ["accepted", "accepted", "denied", "accepted-ahead"]
    # the replayed message from stdin is recorded once
    res = run("mail", "ingest", "-", "--json", env=env, input=(mails / "0.eml").read_bytes())
    assert json.loads(res.output)["messages"][0]["status"] == "duplicate"
    # (adj player add mails each player a welcome with the password: not replies)
    replies = [m for m in outbox(judge) if "] Welcome: " not in str(m["Subject"])]
    assert len(replies) == 4
    fr = next(m for m in replies if "fr@example.org" in recipients(m))
    assert "A par - bur" in fr.get_body(("plain",)).get_content()

    env["ADJ_NOW"] = "2025-03-03T12:00:00Z"
    res = run("tick", "--json", env=env)
    actions = {g["game"]: g["actions"] for g in json.loads(res.output)["games"]}
    assert actions["east"][0].startswith("adjudicated S1901M (deadline)")
    assert actions["west"][0].startswith("adjudicated S1901M (deadline)")
    assert json.loads(run("tick", "--json", env=env).output)["games"] == [
        {"game": "east", "actions": []}, {"game": "west", "actions": []}]  # idempotent

    results = [m for m in outbox(judge) if "Results S1901M" in str(m["Subject"])]
    assert len(results) == 2
    for m in results:
        assert "@" not in str(m["To"])  # Bcc: players do not learn each other's addresses
        to = " ".join(recipients(m))
        assert "fr@example.org" in to and "de@example.org" in to and "press@example.org" in to
        body = m.get_body(("plain",)).get_content()
        assert "will be Fall 1901 Movement (F1901M)" in body
        assert "The deadline for orders is Wednesday 5 March 2025, 12:00 UTC." in body
        maps = [a for a in m.iter_attachments() if a.get_filename() == "map.png"]
        assert len(maps) == 1 and maps[0].get_content_type() == "image/png"
        assert maps[0].get_content().startswith(b"\x89PNG")  # shows inline in mail clients
    east = next(m for m in results if "[east]" in str(m["Subject"]))
    assert "bur" in east.get_body(("plain",)).get_content().lower()
    # west France's orders sent ahead were checked when F1901M began, and they count
    [ahead] = [m for m in outbox(judge) if "Orders for F1901M checked" in str(m["Subject"])]
    assert str(ahead["To"]) == "fr@example.org" and "[west France]" in str(ahead["Subject"])
    assert "A par - bur" in ahead.get_body(("plain",)).get_content()
    west = json.loads(run("status", "west", "--json", env=env).output)
    assert "France" in west["ordered"]
    st = json.loads(run("status", "east", "--json", env=env).output)
    assert st["phase"] == "F1901M" and "A bur" in st["units"]["France"]
    run("fsck", str(judge), env=env)
    listing = run("judge", "games", env=env).output
    assert "east" in listing and "F1901M" in listing
