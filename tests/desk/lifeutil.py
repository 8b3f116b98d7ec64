"""Helpers for the judge lifecycle tests (sign-up, votes, absences): games filled by mail."""

from __future__ import annotations

import re

from deskutil import Desk, body_of, make_mail

from adjudicator import service
from adjudicator.desk import signup
from adjudicator.desk.deadlines import configure_new_game
from adjudicator.store import GameFolder

_PASSWORD = re.compile(r"^You play (.+)\. Its password: (\S+)$", re.MULTILINE)


def open_game(desk: Desk, name: str, options: dict | None = None,
              lengths: tuple[str, ...] = ("48h",)) -> GameFolder:
    folder = service.new_game(desk.judge.game_path(name), "diplomacy", options or {})
    configure_new_game(folder, lengths, None, None, None)
    signup.open_game(folder)
    return folder


def command_mail(desk: Desk, text: str, sender: str, subject: str = "judge"):
    """Ingest one mail; returns (outcome, the reply's text)."""
    mail = make_mail(text, sender=sender, subject=subject)
    out = desk.ingest(mail)
    replies = [m for m in desk.replies_to(sender) if m["In-Reply-To"] == mail["Message-ID"]]
    return out, body_of(replies[-1]) if replies else ""


def passwords(desk: Desk, name: str) -> dict[str, tuple[str, str]]:
    """power -> (address, password), read from the welcome mails of game ``name``."""
    out = {}
    for m in desk.outbox():
        if str(m["Subject"]).startswith(f"[{name}] Welcome"):
            addr = str(m["To"])
            for power, token in _PASSWORD.findall(body_of(m)):
                out[power] = (addr, token)
    return out


def fill(desk: Desk, name: str, prefs: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Every address in ``prefs`` JOINs game ``name`` with its preference list; returns
    the passwords mailed once the game has started."""
    for addr, pref in prefs.items():
        command_mail(desk, f"JOIN {name} {pref}".rstrip(), addr)
    return passwords(desk, name)


def power_mail(desk: Desk, game: str, power: str, token: str, text: str, sender: str):
    return command_mail(desk, f"GAME {game}\nPOWER {power}\nPASSWORD {token}\n{text}", sender)
