"""The game folder: current state, immutable history, verbatim submissions.

Layout of a game folder::

    game.json                 current state (canonical JSON, see docs/state-format.md)
    settings.json             moderator settings (title, kind, created...), not part of the state
    history/NNNN-PHASE.json   one immutable record per state transition (adjudication, draw...)
    history/undone/...        records archived by a rollback (never deleted)
    orders/PHASE/POWER-N.txt  every submission verbatim; POWER-N.json holds its time and source
                          (and the Message-ID of a mail submission; ``counts`` false when it
                          does not count, ``set_aside`` when orders sent ahead were found
                          not to count as their phase began)
    journal.json              the intent of a transition under way (see :meth:`journal`)
    .lock                     per-game lock file

Every write goes to a temporary file in the same folder, is fsynced and then
renamed over the target, and the folder itself is fsynced: a process killed at
any moment leaves either the old file or the new one, never a torn one. All
writes that belong together happen under one exclusive lock on ``.lock``
(:mod:`adjudicator.locks`: ``flock`` on POSIX, ``msvcrt.locking`` on Windows).
"""

from __future__ import annotations

import json
import os
import re
from contextlib import AbstractContextManager
from pathlib import Path

from adjudicator.canonical import canonical_json, sha256_text
from adjudicator.errors import AdjudicatorError
from adjudicator.locks import file_lock
from adjudicator.record import record

__all__ = ["GameFolder", "StoreError", "Submission", "atomic_write", "canonical_json",
           "file_lock", "file_stamp", "now_iso", "private_dir", "read_json", "sha256_text",
           "validate_game_name"]

#: The state format new games are written in (docs/state-format.md) ...
SCHEMA_VERSION = 2
#: ... and every format this version reads. A game keeps the version it was created with:
#: resolution carries the state's fields through, so its history replays byte for byte.
READABLE_SCHEMAS = (1, 2)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
_POWER = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")


class StoreError(AdjudicatorError):
    pass


def validate_game_name(name: str) -> str:
    """Game names become folder names: letters, digits, '-' and '_' only, no traversal."""
    if not _NAME.match(name or ""):
        raise StoreError(
            f"invalid game name {name!r}: use 1-64 letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return name


def now_iso() -> str:
    """Current UTC time; ``ADJ_NOW`` overrides it so tests and replays are reproducible."""
    fixed = os.environ.get("ADJ_NOW")
    if fixed:
        return fixed
    import time  # not datetime: 1.5 ms of every command that stores something (issue 16)

    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _umask_mode() -> int:
    """The mode an ordinary new file gets (0666 less the umask)."""
    current = os.umask(0)
    os.umask(current)
    return 0o666 & ~current


def private_dir(path: Path) -> Path:
    """Create ``path`` and its missing parents readable by their owner only (0700).

    Why private: a game folder holds every power's orders before the deadline, the mail
    archive, Bcc lists and credentials; on a shared machine no other user may read them.
    Folders that already exist are left as they are (``adj fsck`` reports open ones).
    """
    missing = []
    p = Path(path)
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):
        try:
            d.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.chmod(d, 0o700)  # mkdir's mode is filtered by the umask; chmod is not
    return Path(path)


def atomic_write(path: Path, data: str | bytes, mode: int | None = None, *,
                 public: bool = False) -> None:
    """Write ``data`` to ``path`` so readers see the old or the new file, never a mix.

    The file is private (0600) and so are the folders created for it, unless ``public``
    (files meant to be served, outside game and judge folders: ordinary permissions) or an
    explicit ``mode``."""
    path = Path(path)
    if public:
        path.parent.mkdir(parents=True, exist_ok=True)
    else:
        private_dir(path.parent)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = _new_temp(path.parent, path.name)
    if mode is None:
        mode = _umask_mode() if public else 0o600
    try:
        os.chmod(tmp, mode)  # no os.fchmod on Windows
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(path.parent)


_TEMP_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_BINARY", 0))


def _new_temp(folder: Path, name: str) -> tuple[int, str]:
    """``tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")`` without importing
    ``tempfile`` (with ``shutil``, ``random``, ``bz2`` and ``lzma``: about 3 ms of every
    command that writes, issue 16): a new file only we can read, created exclusively (never
    an existing file or a link planted there), under an unguessable name."""
    for _ in range(100):
        tmp = os.path.abspath(os.path.join(folder, f".{name}.{os.urandom(8).hex()}.tmp"))
        try:
            return os.open(tmp, _TEMP_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free name for a temporary file in {folder}")  # pragma: no cover


def file_stamp() -> str:
    """:func:`now_iso` without ``:`` and ``-``, for file and folder names."""
    return now_iso().replace(":", "").replace("-", "")


def read_json(path: Path) -> object:
    """A stored JSON file; a missing or damaged one is a :class:`StoreError`, not a traceback."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StoreError(f"{path} is missing") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"{path} cannot be read: {exc}") from None


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable. Windows cannot open a folder for fsync (its
    renames are journalled by NTFS), so there it is skipped."""
    if os.name == "nt":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@record(frozen=True)
class Submission:
    phase: str
    power: str
    version: int
    text: str
    received: str
    source: str
    path: Path
    counts: bool = True  # False: nothing in it was understood, so it replaces nothing
    #: why a submission sent ahead was set aside when its phase began (its orders turned
    #: out not to count there: :meth:`GameFolder.set_aside`); None otherwise
    set_aside: str | None = None
    #: how the text was read when it arrived (``service``: the orders as JSON, the syntax
    #: errors, and which reader read them), for adjudicating without parsing it again;
    #: None when not kept
    parsed: dict | None = None


class GameFolder:
    """One game on disk. Methods that write must be called inside :meth:`lock`."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)

    # --- creation and locking ------------------------------------------------
    @classmethod
    def create(cls, path: str | os.PathLike, state: dict, settings: dict) -> GameFolder:
        folder = cls(path)
        validate_game_name(folder.path.name)
        if (folder.path / "game.json").exists():
            raise StoreError(f"{folder.path} already holds a game")
        private_dir(folder.path)
        with folder.lock():
            private_dir(folder.path / "history")
            private_dir(folder.path / "orders")
            atomic_write(folder.path / "settings.json", canonical_json(settings))
            atomic_write(folder.path / "initial.json", canonical_json(state))
            folder.write_state(state)
        return folder

    def exists(self) -> bool:
        return (self.path / "game.json").is_file()

    def lock(self) -> AbstractContextManager[None]:
        """Exclusive per-game lock; blocks until other writers are done.

        Refuses a folder that does not exist rather than creating it: a mistyped path
        must not leave an empty "game" folder behind.
        """
        if not self.path.is_dir():
            raise StoreError(f"no game at {self.path} (folder missing)")
        return file_lock(self.path / ".lock")

    # --- state -----------------------------------------------------------------
    def read_state(self) -> dict:
        if not self.exists():
            raise StoreError(f"no game at {self.path} (game.json missing)")
        state = read_json(self.path / "game.json")
        version = state.get("schema_version") if isinstance(state, dict) else None
        if version not in READABLE_SCHEMAS or isinstance(version, bool):
            raise StoreError(
                f"{self.path}/game.json has schema_version {version!r}; this version of "
                f"adjudicator reads {', '.join(map(str, READABLE_SCHEMAS))}"
            )
        return state

    def state_text(self) -> str:
        return (self.path / "game.json").read_text(encoding="utf-8")

    def write_state(self, state: dict) -> None:
        atomic_write(self.path / "game.json", canonical_json(state))

    def initial_state(self) -> dict:
        return read_json(self.path / "initial.json")  # type: ignore[return-value]

    def settings(self) -> dict:
        return read_json(self.path / "settings.json")  # type: ignore[return-value]

    def write_settings(self, settings: dict) -> None:
        atomic_write(self.path / "settings.json", canonical_json(settings))

    # --- the journal of a transition -------------------------------------------------
    def journal(self) -> dict | None:
        """The intent of the transition under way, or None.

        A transition (an adjudication, a draw, standing orders, a submission, a rollback)
        has several steps: history, ``game.json``, the desk's audit entries and schedule,
        reports, mail. Its intent is written here first and removed when every step is
        done, so a process killed in between leaves the intent behind and the next locked
        operation completes the steps (``service.recover``).
        """
        path = self.path / "journal.json"
        return read_json(path) if path.exists() else None  # type: ignore[return-value]

    def write_journal(self, intent: dict) -> None:
        atomic_write(self.path / "journal.json", canonical_json(intent))

    def clear_journal(self) -> None:
        try:
            os.unlink(self.path / "journal.json")
        except FileNotFoundError:
            return
        _fsync_dir(self.path)

    def stray_temporary_files(self, everywhere: bool = True) -> list[Path]:
        """Temporary files a killed :func:`atomic_write` left behind (nobody reads them).
        Without ``everywhere`` only the folders written outside transitions are looked at
        (the game folder itself, ``desk/``, ``history/``): three listings, cheap enough for
        every operation; the rest is looked at when a journal says a transition was cut."""
        if everywhere:
            return sorted(p for p in self.path.rglob(".*.tmp") if p.is_file())
        out = []
        for sub in (self.path, self.path / "desk", self.path / "history"):
            try:
                out += [Path(e.path) for e in os.scandir(sub)
                        if e.name.startswith(".") and e.name.endswith(".tmp") and e.is_file()]
            except FileNotFoundError:
                continue
        return sorted(out)

    # --- submissions -------------------------------------------------------------
    def _orders_dir(self, phase: str) -> Path:
        validate_game_name(phase)  # phase codes obey the same safe-name rule
        return self.path / "orders" / phase

    def submit(self, phase: str, power: str, text: str, source: str = "cli",
               message_id: str | None = None, counts: bool = True,
               parsed: dict | None = None) -> Submission:
        """Keep a submission verbatim as the next version for ``power``; never overwrite.

        ``message_id`` (mail) is recorded in the meta file so the mail desk can tell, after
        a crash, that a message was already stored (:meth:`find_message`). A submission
        with ``counts`` False (nothing in it was understood: "my orders follow tomorrow")
        is kept like any other but never becomes the one that counts.
        """
        if not _POWER.match(power):
            raise StoreError(f"invalid power name {power!r}")
        folder = private_dir(self._orders_dir(phase))
        version = self.next_version(phase, power)
        received = now_iso()
        txt = folder / f"{power}-{version}.txt"
        meta = {"phase": phase, "power": power, "version": version, "received": received,
                "source": source, "sha256": sha256_text(text)}
        if message_id is not None:
            meta["message_id"] = message_id
        if not counts:
            meta["counts"] = False
        if parsed is not None:
            meta["parsed"] = parsed
        atomic_write(txt, text)
        atomic_write(folder / f"{power}-{version}.json", canonical_json(meta))
        return Submission(phase, power, version, text, received, source, txt, counts,
                          parsed=parsed)

    def next_version(self, phase: str, power: str) -> int:
        """The version number :meth:`submit` will give ``power``'s next submission: one more
        than the highest ``<power>-<version>.json`` there, read from the names alone (a
        player who resubmits twenty times does not make the next one read twenty texts).
        ``France-X-1.json`` of a power ``France-X`` is not France's: its version is no
        number."""
        folder = self._orders_dir(phase)
        prefix = f"{power}-"
        versions = [int(tail) for name in (os.listdir(folder) if folder.is_dir() else ())
                    if name.startswith(prefix) and name.endswith(".json")
                    and (tail := name[len(prefix):-5]).isdigit() and tail.isascii()]
        return 1 + max(versions, default=0)

    @staticmethod
    def _load_submission(meta_path: Path, meta: dict) -> Submission:
        txt = meta_path.with_suffix(".txt")
        return Submission(meta["phase"], meta["power"], meta["version"],
                          txt.read_text(encoding="utf-8"), meta["received"],
                          meta.get("source", ""), txt, meta.get("counts", True),
                          meta.get("set_aside"), meta.get("parsed"))

    def _submissions(self, phase: str, pattern: str = "*.json") -> list[Submission]:
        """Every submission of ``phase`` whose meta file matches ``pattern``, oldest first."""
        subs = [self._load_submission(p, json.loads(p.read_text(encoding="utf-8")))
                for p in self._orders_dir(phase).glob(pattern)]
        return sorted(subs, key=lambda s: (s.power, s.version))

    def has_submissions(self, phase: str) -> bool:
        """Whether anything was submitted for ``phase`` (one directory listing)."""
        folder = self._orders_dir(phase)
        return folder.is_dir() and any(n.endswith(".json") for n in os.listdir(folder))

    def submissions(self, phase: str, power: str) -> list[Submission]:
        """Every submission of ``power`` for ``phase``, counting or not, oldest first."""
        if not self._orders_dir(phase).is_dir():
            return []
        return self._versions(phase, power)

    def set_aside(self, sub: Submission, reason: str) -> Submission:
        """Make a stored submission stop counting, saying why (``reason``, for the player):
        orders sent ahead that turn out, once their phase has begun, to hold nothing for it.
        Its text is never touched; only its meta file gains ``"counts": false`` and
        ``"set_aside"``. Setting aside again changes nothing. Under the game lock."""
        meta_path = sub.path.with_suffix(".json")
        meta = read_json(meta_path)
        if not isinstance(meta, dict):
            raise StoreError(f"{meta_path} is not a submission's meta file")
        if meta.get("counts", True) or meta.get("set_aside") != reason:
            meta["counts"] = False
            meta["set_aside"] = reason
            atomic_write(meta_path, canonical_json(meta))
        return self._load_submission(meta_path, meta)

    def _versions(self, phase: str, power: str) -> list[Submission]:
        # the glob also matches "France-X-1.json" of a power "France-X": filter on the meta
        return [s for s in self._submissions(phase, f"{power}-*.json") if s.power == power]

    def find_message(self, message_id: str) -> list[Submission]:
        """Every submission stored from mail ``message_id``, in any phase.

        Matches the ``message_id`` meta field, or a ``source`` of ``mail:<id>`` /
        ``mail-moderator:<id>`` (the form the mail desk passes through the service layer).
        Reads every meta file of the game, so it is meant for recovery, not the hot path.
        """
        sources = {f"mail:{message_id}", f"mail-moderator:{message_id}"}
        found = []
        for meta_path in sorted((self.path / "orders").glob("*/*.json")):
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError):
                continue
            if meta.get("message_id") == message_id or meta.get("source") in sources:
                found.append(self._load_submission(meta_path, meta))
        return found

    def latest_submissions(self, phase: str) -> dict[str, Submission]:
        """The latest counting submission of each power for ``phase`` (the one that counts)."""
        folder = self._orders_dir(phase)
        if not folder.is_dir():
            return {}
        # The meta files decide; only the texts that count are read (a phase where players
        # resubmitted often holds many that no longer do).
        latest: dict[str, tuple[int, Path, dict]] = {}
        for meta_path in folder.glob("*.json"):
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            power, version = meta["power"], meta["version"]
            if meta.get("counts", True) and version > latest.get(power, (0,))[0]:
                latest[power] = (version, meta_path, meta)
        return {power: self._load_submission(meta_path, meta)
                for power, (_, meta_path, meta) in sorted(latest.items())}

    # --- history -------------------------------------------------------------------
    def history_files(self) -> list[Path]:
        return sorted((self.path / "history").glob("[0-9][0-9][0-9][0-9]-*.json"))

    def history(self) -> list[dict]:
        return [json.loads(p.read_text(encoding="utf-8")) for p in self.history_files()]

    def append_history(self, entry: dict) -> Path:
        seq = len(self.history_files()) + 1
        entry = {**entry, "seq": seq}
        path = self.path / "history" / f"{seq:04d}-{entry['phase']}.json"
        if path.exists():
            raise StoreError(f"history record {path.name} already exists")
        atomic_write(path, canonical_json(entry))
        return path

    def new_archive(self) -> Path:
        """A fresh ``history/undone/<time>/`` folder name for a rollback (not created)."""
        stamp = file_stamp()
        dest = self.path / "history" / "undone" / stamp
        n = 0
        while dest.exists():
            n += 1
            dest = self.path / "history" / "undone" / f"{stamp}-{n}"
        return dest

    def archive_history_from(self, seq: int, dest: Path | None = None) -> Path:
        """Move history records ``seq`` and later to ``dest`` (default: a new
        ``history/undone/<time>/``), for a rollback; moving what is left after an
        interrupted move finishes it."""
        dest = private_dir(dest or self.new_archive())
        for p in self.history_files():
            if int(p.name[:4]) >= seq:
                os.replace(p, dest / p.name)
        _fsync_dir(dest)
        _fsync_dir(self.path / "history")
        return dest
