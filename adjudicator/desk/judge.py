"""The judge folder: many games, one config file, the mail archive and the outbox.

Layout::

    judge.json            the config (moderator address, SMTP/IMAP, defaults, limits)
    secrets.json          the moderator credential (salted hash only), mode 0600
    games/<NAME>/         one game folder per game (see adjudicator/store.py)
    mail/seen/<id>.json   one marker per ingested Message-ID (deduplication)
    mail/unmatched/       messages that named no known game, verbatim
    mail/quarantine/      messages refused unread or that failed in processing, verbatim
    outbox/*.eml          replies and reports waiting to be sent (or sent, in outbox/sent/)
    desk/audit.jsonl      the judge's own audit log (unmatched mail, judge-level actions)
    desk/throttle.json    wrong-password counts and cooling-offs (desk/abuse.py)
    desk/timezones.json   time zones players set by mail (SET TIMEZONE, desk/timezones.py)

Why JSON and not TOML: Python 3.10 (supported) cannot read TOML without a dependency, and
every other file the tool writes is canonical JSON.
"""

from __future__ import annotations

import copy
import json
import os
from contextlib import AbstractContextManager
from pathlib import Path

from adjudicator.desk.audit import AuditLog
from adjudicator.errors import AdjudicatorError
from adjudicator.record import record
from adjudicator.store import (
    GameFolder,
    atomic_write,
    canonical_json,
    file_lock,
    private_dir,
    validate_game_name,
)

CONFIG = "judge.json"
SECRETS = "secrets.json"
CONFIG_VERSION = 1

DEFAULT_CONFIG: dict = {
    "config_version": CONFIG_VERSION,
    "name": "adjudicator judge",
    "judge_address": "judge@localhost",
    "moderator": {"name": "Moderator", "email": "moderator@localhost"},
    "smtp": {"host": None, "port": 587, "starttls": True, "ssl": False, "username": None,
             "password_env": "ADJ_SMTP_PASSWORD"},
    "imap": {"host": None, "port": 993, "ssl": True, "username": None,
             "password_env": "ADJ_IMAP_PASSWORD", "mailbox": "INBOX"},
    "defaults": {
        "deadlines": {"default": "48h", "retreat": "24h", "adjustment": "24h"},
        "grace": "0h",
        "early": True,
        "reminder": "12h",
    },
    "limits": {"message_bytes": 262144, "order_lines": 200, "line_length": 400,
               "mime_depth": 20, "mime_parts": 200, "sections": 20,
               "password_checks": 2, "failed_passwords": 5, "cooling_off": "1h",
               "commands": 20, "command_period": "1h",
               "press_per_hour": 20, "press_bytes": 20000},  # press: desk/press.py
    # the time zone deadlines are shown in to a reader who set none (desk/timezones.py)
    "timezone": "UTC",
}


class JudgeError(AdjudicatorError):
    pass


def _merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


@record
class Judge:
    path: Path

    def __post_init__(self) -> None:
        self.path = Path(self.path)

    # --- creation and config ------------------------------------------------------
    @classmethod
    def init(cls, path: str | os.PathLike, moderator_email: str | None = None,
             judge_address: str | None = None, name: str | None = None) -> tuple[Judge, str]:
        """Create a judge folder; returns it and the moderator token (shown once, never stored)."""
        judge = cls(Path(path))
        if (judge.path / CONFIG).exists():
            raise JudgeError(f"{judge.path} already holds a judge ({CONFIG} exists)")
        private_dir(judge.path)
        config = copy.deepcopy(DEFAULT_CONFIG)
        if moderator_email:
            config["moderator"]["email"] = moderator_email
        if judge_address:
            config["judge_address"] = judge_address
        if name:
            config["name"] = name
        for sub in ("games", "mail/seen", "mail/unmatched", "outbox/sent", "desk"):
            private_dir(judge.path / sub)
        atomic_write(judge.path / CONFIG, canonical_json(config))
        from adjudicator.desk.players import Credential, new_token

        token = new_token()
        atomic_write(judge.path / SECRETS,
                     canonical_json({"moderator": Credential.make(token).to_json()}), mode=0o600)
        judge.audit().append("judge-init", {"moderator": config["moderator"]["email"]})
        return judge, token

    @property
    def config(self) -> dict:
        raw = json.loads((self.path / CONFIG).read_text(encoding="utf-8"))
        return _merge(DEFAULT_CONFIG, raw)

    def limits(self) -> dict:
        return dict(self.config["limits"])

    def audit(self) -> AuditLog:
        return AuditLog(self.path / "desk")

    def check_moderator(self, token: str) -> bool:
        """Constant-time check of the moderator's credential."""
        try:
            data = json.loads((self.path / SECRETS).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return False
        from adjudicator.desk.players import Credential

        return Credential.from_json(data["moderator"]).check(token)

    def reset_moderator_token(self) -> str:
        from adjudicator.desk.players import Credential, new_token

        token = new_token()
        atomic_write(self.path / SECRETS,
                     canonical_json({"moderator": Credential.make(token).to_json()}), mode=0o600)
        self.audit().append("moderator-token-reset", {})
        return token

    # --- games ------------------------------------------------------------------------
    @property
    def games_dir(self) -> Path:
        return self.path / "games"

    def game_path(self, name: str) -> Path:
        return self.games_dir / validate_game_name(name)

    def game(self, name: str) -> GameFolder:
        path = self.game_path(name)
        if path.is_symlink():
            raise JudgeError(f"games/{name} is a symbolic link: a judge's games live inside "
                             "its folder (links could lead anywhere); replace it with the "
                             "folder itself")
        folder = GameFolder(path)
        if not folder.exists():
            known = ", ".join(self.game_names()) or "none"
            raise JudgeError(f"no game {name!r} in judge {self.path} (games: {known})")
        return folder

    def game_names(self) -> list[str]:
        if not self.games_dir.is_dir():
            return []
        return sorted(p.name for p in self.games_dir.iterdir()
                      if not p.is_symlink() and (p / "game.json").is_file())

    # --- mail folders -------------------------------------------------------------------
    @property
    def outbox(self) -> Path:
        return self.path / "outbox"

    def mail_lock(self) -> AbstractContextManager[None]:
        """Serialises mail intake (deduplication) across processes; never held with tick."""
        private_dir(self.path / "mail")
        return file_lock(self.path / "mail" / ".lock")


def is_judge(path: str | os.PathLike) -> bool:
    return (Path(path) / CONFIG).is_file()


def find_judge(explicit: str | os.PathLike | None = None) -> Judge | None:
    """The judge to use: ``--judge``, else ``$ADJ_JUDGE``, else the current folder if it is one."""
    for candidate in (explicit, os.environ.get("ADJ_JUDGE") or None):
        if candidate:
            if not is_judge(candidate):
                raise JudgeError(f"{candidate} is not a judge folder ({CONFIG} missing); "
                                 "create one with: adj judge init DIR")
            return Judge(Path(candidate))
    if is_judge(Path.cwd()):
        return Judge(Path.cwd())
    return None


def judge_of(folder: GameFolder) -> Judge | None:
    """The judge a game folder belongs to (``JUDGE/games/NAME``), if any."""
    parent = folder.path.resolve().parent
    if parent.name == "games" and is_judge(parent.parent):
        return Judge(parent.parent)
    return None


def resolve_game(spec: str, judge: str | os.PathLike | None = None) -> GameFolder:
    """A game by folder path, or by NAME inside the judge (``--judge``/``$ADJ_JUDGE``/cwd).

    A path that holds a game wins; otherwise ``spec`` must be a valid game name, so
    ``../x`` or ``a/b`` can never reach outside the judge's ``games/`` folder.
    """
    folder = GameFolder(spec)
    if folder.exists():
        return folder
    j = find_judge(judge)
    if j is not None and "/" not in spec and os.sep not in spec:
        validate_game_name(spec)
        return j.game(spec)
    raise JudgeError(f"no game at {spec} (expected {Path(spec) / 'game.json'}"
                     + (", or a game name with --judge DIR / ADJ_JUDGE)" if j is None else ")"))


def new_game_path(spec: str, judge: str | os.PathLike | None = None) -> Path:
    """Where ``adj new`` creates ``spec``: inside the judge when it is a bare name."""
    j = find_judge(judge)
    if j is not None and "/" not in spec and os.sep not in spec:
        return j.game_path(spec)
    return Path(spec)
