"""Players, observers and their credentials.

Security model (see docs/moderator-desk.md):

- A token is generated with :mod:`secrets` and shown once (CLI output); only a salted
  scrypt hash is stored (``desk/players.json``, mode 0600). Checking uses
  :func:`hmac.compare_digest` so timing does not leak how much of a guess was right.
- A token belongs to one power of one game. A player holding two powers has two tokens;
  the France token never orders for Germany, whatever the From header says.
- Replacing, resigning and taking over a power are moderator actions: each issues a new
  token (or none), invalidates the old one and is written to the game's audit log.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from pathlib import Path

from adjudicator.desk.audit import game_audit
from adjudicator.errors import AdjudicatorError
from adjudicator.record import record
from adjudicator.store import GameFolder, atomic_write, canonical_json, now_iso

# scrypt cost: about 50 ms per check, cheap for a judge, expensive for a guesser.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
_EMAIL = re.compile(r"^[^@\s<>\"']{1,64}@[A-Za-z0-9.-]{1,255}$")


class PlayerError(AdjudicatorError):
    pass


def new_token() -> str:
    """A fresh password: 16 URL-safe characters (96 bits), easy to paste into a mail."""
    return secrets.token_urlsafe(12)


def check_email(addr: str) -> str:
    addr = (addr or "").strip()
    if not _EMAIL.match(addr):
        raise PlayerError(f"invalid e-mail address {addr!r}")
    return addr


def player_name(name: str | None) -> str | None:
    """A player's public name as given (a mail's From name, ``--name``): control characters
    dropped, spaces collapsed, at most 60 characters; None when nothing is left. Shown only
    through escaping templates and plain text (docs/judge-lifecycle.md)."""
    text = " ".join("".join(c for c in (name or "") if c.isprintable()).split())[:60].strip()
    return text or None


@record(frozen=True)
class Credential:
    salt: str
    hash: str
    n: int = SCRYPT_N
    r: int = SCRYPT_R
    p: int = SCRYPT_P

    @classmethod
    def make(cls, token: str) -> Credential:
        salt = secrets.token_bytes(16)
        n, r, p = SCRYPT_N, SCRYPT_R, SCRYPT_P  # read at call time (tests lower the cost)
        return cls(salt.hex(), _derive(token, salt, n, r, p).hex(), n, r, p)

    def check(self, token: str) -> bool:
        if not token or len(token) > 256:
            return False
        got = _derive(token, bytes.fromhex(self.salt), self.n, self.r, self.p)
        return hmac.compare_digest(got, bytes.fromhex(self.hash))

    def to_json(self) -> dict:
        return {"kdf": "scrypt", "salt": self.salt, "hash": self.hash,
                "n": self.n, "r": self.r, "p": self.p}

    @classmethod
    def from_json(cls, data: dict) -> Credential:
        return cls(data["salt"], data["hash"], int(data["n"]), int(data["r"]), int(data["p"]))


def fingerprint(credential: dict) -> str:
    """A short digest of a stored credential (its salt and hash) for the audit log: it names
    which credential was issued, so ``adj fsck`` sees a roster edited behind the log's
    back, and it gives away nothing that would help guess the password."""
    return hashlib.sha256(f"{credential['salt']}:{credential['hash']}".encode()).hexdigest()[:16]


def _derive(token: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(token.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)


class Roster:
    """``desk/players.json`` of one game: who holds which power, observers, lateness.

    Kept out of ``game.json`` on purpose: the state must replay byte for byte from
    history, and credentials must never end up in reports or history records.
    Writers hold the game lock.
    """

    def __init__(self, folder: GameFolder) -> None:
        self.folder = folder

    @property
    def path(self) -> Path:
        return self.folder.path / "desk" / "players.json"

    def load(self) -> dict:
        if not self.path.exists():
            return {"powers": {}, "observers": [], "lateness": {}}
        data = json.loads(self.path.read_text(encoding="utf-8"))
        data.setdefault("powers", {})
        data.setdefault("observers", [])
        data.setdefault("lateness", {})
        return data

    def save(self, data: dict) -> None:
        atomic_write(self.path, canonical_json(data), mode=0o600)

    # --- queries ---------------------------------------------------------------------
    def holder(self, power: str) -> dict | None:
        rec = self.load()["powers"].get(power)
        return rec if rec and rec.get("status") == "active" else None

    def authenticate(self, power: str, token: str) -> bool:
        """Whether ``token`` is the current credential of ``power`` (From is never consulted)."""
        rec = self.holder(power)
        if rec is None:
            return False
        return Credential.from_json(rec["credential"]).check(token)

    def powers_for_token(self, token: str) -> list[str]:
        """Every active power whose credential is ``token`` (used when a mail names no power)."""
        data = self.load()
        return [p for p, rec in sorted(data["powers"].items())
                if rec.get("status") == "active"
                and Credential.from_json(rec["credential"]).check(token)]

    def recipients(self, include_observers: bool = True) -> list[str]:
        data = self.load()
        out = [rec["email"] for rec in data["powers"].values() if rec.get("status") == "active"]
        if include_observers:
            out += [o["email"] for o in data["observers"]]
        return sorted(set(out))

    def public(self) -> dict:
        """The roster without credentials (for ``adj player list`` and JSON output)."""
        data = self.load()
        return {
            "powers": {p: {k: v for k, v in rec.items() if k != "credential"}
                       for p, rec in sorted(data["powers"].items())},
            "observers": data["observers"],
            "lateness": data["lateness"],
        }

    # --- moderator actions (caller holds the game lock) -----------------------------------
    def set_player(self, power: str, email: str, action: str, name: str | None = None) -> str:
        """Give ``power`` to ``email`` with a fresh token; returns the token (shown once).
        ``name``: how the player is named in public (SUMMARY, the site), if they gave one."""
        email = check_email(email)
        name = player_name(name)
        data = self.load()
        current = data["powers"].get(power)
        active = current is not None and current.get("status") == "active"
        if action == "add" and active:
            raise PlayerError(f"{power} is already played by {current['email']}; "
                              "use 'adj player replace'")
        if action == "takeover" and active:
            raise PlayerError(f"{power} is not abandoned ({current['email']} plays it); "
                              "use 'adj player replace'")
        if action == "replace" and not active:
            raise PlayerError(f"{power} has no active player; use 'adj player takeover'")
        token = new_token()
        previous = current["email"] if current else None
        data["powers"][power] = {"email": email, "status": "active", "since": now_iso(),
                                 "credential": Credential.make(token).to_json(),
                                 "previous": ([*current.get("previous", []), previous]
                                              if current and previous else [])}
        if name:
            data["powers"][power]["name"] = name
        self.save(data)
        game_audit(self.folder.path).append(f"player-{action}", {
            "power": power, "email": email, "previous": previous,
            "credential": fingerprint(data["powers"][power]["credential"])})
        return token

    def resign(self, power: str, reason: str = "resigned") -> None:
        data = self.load()
        rec = data["powers"].get(power)
        if not rec or rec.get("status") != "active":
            raise PlayerError(f"{power} has no active player")
        rec["status"] = "abandoned"
        rec["abandoned"] = now_iso()
        rec["reason"] = reason
        rec.pop("credential", None)  # the old token must stop working at once
        self.save(data)
        game_audit(self.folder.path).append("player-resign", {
            "power": power, "email": rec["email"], "reason": reason})

    def change_password(self, power: str, token: str) -> None:
        """The holder of ``power`` chose a new password (``SET PASSWORD`` by mail, after the
        old one verified): only its scrypt hash is kept; the old one stops working at once."""
        data = self.load()
        rec = data["powers"].get(power)
        if not rec or rec.get("status") != "active":
            raise PlayerError(f"{power} has no active player")
        rec["credential"] = Credential.make(token).to_json()
        self.save(data)
        game_audit(self.folder.path).append("player-password", {
            "power": power, "email": rec["email"],
            "credential": fingerprint(rec["credential"])})

    def change_address(self, power: str, email: str) -> str:
        """The holder of ``power`` moves to address ``email`` (``SET ADDRESS`` by mail);
        returns the old address."""
        email = check_email(email)
        data = self.load()
        rec = data["powers"].get(power)
        if not rec or rec.get("status") != "active":
            raise PlayerError(f"{power} has no active player")
        old = rec["email"]
        rec["email"] = email
        self.save(data)
        game_audit(self.folder.path).append("player-address", {
            "power": power, "email": email, "previous": old})
        return old

    def add_observer(self, email: str) -> None:
        email = check_email(email)
        data = self.load()
        if any(o["email"].lower() == email.lower() for o in data["observers"]):
            raise PlayerError(f"{email} already observes this game")
        data["observers"].append({"email": email, "since": now_iso()})
        self.save(data)
        game_audit(self.folder.path).append("observer-add", {"email": email})

    def remove_observer(self, email: str) -> None:
        data = self.load()
        keep = [o for o in data["observers"] if o["email"].lower() != email.strip().lower()]
        if len(keep) == len(data["observers"]):
            raise PlayerError(f"{email} does not observe this game")
        data["observers"] = keep
        self.save(data)
        game_audit(self.folder.path).append("observer-remove", {"email": email})

    def record_lateness(self, phase: str, powers: list[str], kind: str) -> list[str]:
        """Count ``kind`` ("late" or "nmr") once per power and phase; returns the newly marked."""
        data = self.load()
        marked = []
        for power in powers:
            entry = data["lateness"].setdefault(power, {"late": 0, "nmr": 0, "phases": {}})
            key = f"{phase}:{kind}"
            if key in entry["phases"]:
                continue
            holder = data["powers"].get(power, {})
            entry["phases"][key] = holder.get("email")
            entry[kind] += 1
            marked.append(power)
        if marked:
            self.save(data)
        return marked
