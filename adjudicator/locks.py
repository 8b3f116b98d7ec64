"""An exclusive lock on a file, held across processes, on POSIX and on Windows.

POSIX: ``fcntl.flock`` on the lock file, which blocks until the holder releases it (or its
process dies: the kernel drops the lock with the last file descriptor).

Windows: ``msvcrt.locking`` on the first byte of the lock file. Its blocking mode gives up
after ten seconds, so the lock is taken with the non-blocking mode in a polling loop that
waits as long as needed, like ``flock`` does. The lock also dies with its process.

Why not the ``filelock`` package: it imports ``asyncio`` and costs 35-60 ms per command on
these machines, more than the whole time budget of ``adj status``; the two system calls
here cost nothing. Either way the lock is per open file: taking it twice in one process
blocks, so callers never nest the same lock.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

#: How long the Windows loop sleeps between attempts.
POLL_SECONDS = 0.05

if os.name == "nt":  # pragma: no cover - exercised on Windows, and in tests with a stand-in
    import msvcrt as _msvcrt

    def _lock(fh: IO[Any]) -> None:
        lock_byte(fh, _msvcrt)

    def _unlock(fh: IO[Any]) -> None:
        unlock_byte(fh, _msvcrt)

    MECHANISM = "msvcrt.locking"
else:
    import fcntl as _fcntl

    def _lock(fh: IO[Any]) -> None:
        _fcntl.flock(fh, _fcntl.LOCK_EX)

    def _unlock(fh: IO[Any]) -> None:
        _fcntl.flock(fh, _fcntl.LOCK_UN)

    MECHANISM = "fcntl.flock"


def lock_byte(fh: IO[Any], msvcrt: Any) -> None:
    """Lock the first byte of ``fh`` with ``msvcrt.locking``, waiting as long as it takes."""
    while True:
        fh.seek(0)
        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
            return
        except OSError:
            time.sleep(POLL_SECONDS)


def unlock_byte(fh: IO[Any], msvcrt: Any) -> None:
    fh.seek(0)
    msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing, private) for the ``with``
    block."""
    with os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT, 0o600), "a+") as fh:
        _lock(fh)
        try:
            yield
        finally:
            _unlock(fh)
