"""Helpers for the press tests: a game with one player per power and an observer."""

from __future__ import annotations

import email
import email.policy
import re
from pathlib import Path

from deskutil import Desk, body_of, make_mail, recipients

from adjudicator import service
from adjudicator.desk import press
from adjudicator.desk.players import Roster

PLAYERS = {"France": "fr@example.org", "England": "en@example.org",
           "Germany": "de@example.org", "Russia": "ru@example.org",
           "Italy": "it@example.org"}
OBSERVER = "obs@example.org"

RETREAT = """Fall 1902 Retreats

Units:
Austria: A Bud, F Gre, A Ser, F Tri, A Vie
England: F Bre, F Nth, F Nwg, A Nwy
France: A Mun, A Pic, F Por, A Spa, F Wes
Germany: A Bel, F Den, F Hol, A Ruh, A Sil
Italy: F Eas, F Ion, A Tun
Russia: A Arm, A Gal, F Rum, F StP/nc, F Swe, A Ukr
Turkey: A Bul, A Con, F Sev, F Smy

Dislodged:
Italy: A Tri (attacked from Adr)

Owners:
Austria: Bud, Gre, Ser, Tri, Vie
England: Edi, Lon, Lvp, Nwy
France: Bre, Mar, Par, Por, Spa
Germany: Ber, Kie, Mun, Hol, Den, Bel
Italy: Nap, Rom, Ven, Tun
Russia: Mos, Sev, StP, War, Rum, Swe
Turkey: Ank, Con, Smy, Bul
"""

ADJUSTMENT = """Winter 1901 Adjustments
France: A Par, A Bur, F Bre, F Spa(sc)
England: F Lon
Owners:
France: Par, Mar, Bre, Spa, Por
England: Lon
"""


def press_game(desk: Desk, name: str = "p1", settings: str | None = None,
               position: str | None = None) -> dict[str, str]:
    """A game ``name`` with a player for each of :data:`PLAYERS` and an observer; returns
    the powers' passwords. ``settings``: press settings words ("grey retreat=no")."""
    folder = service.new_game(desk.judge.game_path(name), "diplomacy", position=position)
    from adjudicator.desk.deadlines import configure_new_game

    configure_new_game(folder, ("48h",), None, None, None)
    tokens = {}
    with folder.lock():
        roster = Roster(folder)
        for power, addr in PLAYERS.items():
            tokens[power] = roster.set_player(power, addr, "add")
        roster.add_observer(OBSERVER)
        if settings:
            press.configure(folder, press.parse_settings(settings))
    desk.tokens[name] = tokens
    return tokens


def press_mail(game: str, power: str, token: str, body: str, **kw):
    kw.setdefault("sender", PLAYERS.get(power, "x@example.org"))
    return make_mail(f"GAME {game}\nPOWER {power}\nPASSWORD {token}\n{body}", **kw)


_RELAYED = re.compile(r"\[[\w-]+\] (?:Press|Broadcast)")


def raw_relayed(desk: Desk) -> list[bytes]:
    """The relayed press mails in the outbox, as bytes (not the replies), oldest first."""
    out = []
    for p in sorted(Path(desk.judge.outbox).glob("*.eml")):
        msg = email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        if _RELAYED.match(str(msg["Subject"])):
            out.append(p.read_bytes())
    return out


def relayed(desk: Desk) -> list:
    """The relayed press mails, parsed."""
    return [email.message_from_bytes(b, policy=email.policy.default) for b in raw_relayed(desk)]


def reply_to(desk: Desk, addr: str):
    """The last reply (``Re: ...``) sent to ``addr``."""
    found = [m for m in desk.outbox() if addr in recipients(m)
             and str(m["Subject"]).startswith("Re:")]
    assert found, f"no reply to {addr}"
    return body_of(found[-1])


__all__ = ["ADJUSTMENT", "OBSERVER", "PLAYERS", "RETREAT", "press_game", "press_mail", "raw_relayed",
           "relayed", "reply_to"]
