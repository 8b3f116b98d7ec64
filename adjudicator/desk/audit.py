"""Append-only audit log with a SHA-256 hash chain, one per game (and one per judge).

Why a chain: the log is the moderator's answer to "I sent my orders, where are they?" and
"who changed the deadline?". Each line carries the hash of the previous line, so a record
edited, deleted or reordered after the fact breaks the chain and ``adj fsck`` says where.
The chain does not stop someone with write access from rewriting the whole tail; it makes
silent local edits detectable (record the latest hash elsewhere, e.g. in a mail, to pin it).

Format (``desk/audit.jsonl``), one canonical JSON object per line::

    {"seq": 1, "time": "...", "event": "submission", "data": {...},
     "prev": "<hash of line seq-1 or 64 zeros>", "hash": "<sha256>"}

``hash`` is SHA-256 over the canonical JSON of the record without ``hash``.
Appends take their own ``flock`` (``desk/audit.lock``), so they are safe inside or
outside the game lock and from concurrent processes.

A keyed chain: anyone with write access can rebuild an unkeyed chain from scratch. With a
moderator key kept outside the judge folder (``ADJ_AUDIT_KEY_FILE`` naming a file, or
``ADJ_AUDIT_KEY`` holding the key), every line also carries ``mac``, an HMAC-SHA256 of its
hash under that key. Verified with the key, a log must hold at least one signed line and
every line after the first signed one must be signed: a log rebuilt by someone without the
key fails. Because each line's hash covers the line before, one signed line vouches for the
whole log before it, so a game started before the key was set up is covered by sealing it
once (``adj audit GAME --seal``, which appends a signed line).
"""

from __future__ import annotations

import json
import os
from contextlib import AbstractContextManager
from pathlib import Path

from adjudicator.canonical import sha256_text
from adjudicator.errors import AdjudicatorError
from adjudicator.record import record
from adjudicator.store import file_lock, now_iso, private_dir

GENESIS = "0" * 64


class AuditError(AdjudicatorError):
    pass
AUDIT_FILE = "audit.jsonl"


def audit_key() -> bytes | None:
    """The moderator's audit key, from ``ADJ_AUDIT_KEY_FILE`` or ``ADJ_AUDIT_KEY``; None
    when the chain is unkeyed."""
    path = os.environ.get("ADJ_AUDIT_KEY_FILE")
    if path:
        return Path(path).read_bytes().strip() or None
    key = os.environ.get("ADJ_AUDIT_KEY", "")
    return key.encode("utf-8") or None


def _mac(key: bytes, line_hash: str) -> str:
    import hashlib
    import hmac

    return hmac.new(key, line_hash.encode("ascii"), hashlib.sha256).hexdigest()


def _same(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a, b)


def _line_hash(record: dict) -> str:
    body = {k: v for k, v in record.items() if k not in ("hash", "mac")}
    raw = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return sha256_text(raw)  # no OpenSSL to load for a line (adjudicator/canonical.py)


@record
class AuditLog:
    """The audit log kept in ``folder`` (a game's ``desk/`` or a judge folder)."""

    folder: Path

    @property
    def path(self) -> Path:
        return Path(self.folder) / AUDIT_FILE

    def _lock(self) -> AbstractContextManager[None]:
        private_dir(Path(self.folder))
        return file_lock(Path(self.folder) / "audit.lock")

    def _last(self) -> tuple[int, str]:
        """Sequence number and hash of the last complete line."""
        if not self.path.exists():
            return 0, GENESIS
        last = b""
        with open(self.path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            block = min(size, 65536)
            while True:
                fh.seek(size - block)
                tail = fh.read(block)
                lines = [ln for ln in tail.split(b"\n") if ln.strip()]
                if len(lines) >= 2 or block == size:
                    last = lines[-1] if lines else b""
                    break
                block = min(size, block * 4)
        if not last:
            return 0, GENESIS
        rec = json.loads(last)
        return int(rec["seq"]), str(rec["hash"])

    def head(self) -> dict | None:
        """``{"seq", "hash"}`` of the last line, or None for an empty log: the anchor that
        history records keep (``events.AnchorQuery``)."""
        seq, last = self._last()
        return {"seq": seq, "hash": last} if seq else None

    def append(self, event: str, data: dict | None = None) -> dict:
        """Append one record and fsync it; returns the record with its hash."""
        with self._lock():
            seq, prev = self._last()
            record = {"seq": seq + 1, "time": now_iso(), "event": event, "data": data or {},
                      "prev": prev}
            record["hash"] = _line_hash(record)
            key = audit_key()
            if key is not None:
                record["mac"] = _mac(key, record["hash"])
            line = json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n"
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line.encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)
        return record

    def records(self) -> list[dict]:
        if not self.path.exists():
            return []
        out = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(json.loads(line))
        return out

    def seal(self) -> dict:
        """Append a line signed with the audit key, vouching for every line before it."""
        if audit_key() is None:
            raise AuditError("no audit key: set ADJ_AUDIT_KEY_FILE (or ADJ_AUDIT_KEY) first")
        return self.append("audit-sealed", {})

    def has(self, event: str, **match: object) -> bool:
        """Whether a record of ``event`` whose data holds every ``match`` item exists. Reads
        the whole log, so it is for recovery (not every append): an interrupted operation
        asks it before writing an entry it may already have written."""
        return any(r.get("event") == event
                   and all(r.get("data", {}).get(k) == v for k, v in match.items())
                   for r in self.records())

    def verify(self) -> list[str]:
        """Problems in the chain (empty when every line links to the one before)."""
        if not self.path.exists():
            return []
        problems: list[str] = []
        prev, expect_seq = GENESIS, 1
        key, keyed = audit_key(), False
        lines = self.path.read_text(encoding="utf-8").splitlines()
        if key is not None and lines and not any('"mac"' in ln for ln in lines):
            problems.append("no audit line is signed with the audit key (a log rebuilt "
                            "without the key, or a game never sealed: adj audit GAME --seal)")
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                problems.append(f"audit line {n}: not JSON (torn or edited)")
                return problems
            if rec.get("seq") != expect_seq:
                problems.append(f"audit line {n}: seq {rec.get('seq')!r}, expected {expect_seq}")
            if rec.get("prev") != prev:
                problems.append(f"audit line {n}: chain broken (prev does not match line before)")
            if rec.get("hash") != _line_hash(rec):
                problems.append(f"audit line {n}: hash mismatch (record was altered)")
            if key is not None and (keyed or "mac" in rec):
                keyed = True
                if not _same(str(rec.get("mac", "")),
                                           _mac(key, str(rec.get("hash")))):
                    problems.append(f"audit line {n}: no valid MAC under the audit key (written "
                                    "without the key)")
            prev = str(rec.get("hash"))
            expect_seq = int(rec.get("seq", expect_seq)) + 1
        return problems


def game_audit(game_path: str | os.PathLike) -> AuditLog:
    """The audit log of the game in ``game_path``."""
    return AuditLog(Path(game_path) / "desk")
