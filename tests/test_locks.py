"""The cross-process lock behind every game folder, judge and outbox (adjudicator/locks.py).

The POSIX path is the one these machines use; the Windows polling loop is exercised with a
stand-in for ``msvcrt`` built on ``flock`` (it cannot run on real Windows here).
"""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import time
from pathlib import Path
from types import SimpleNamespace

from adjudicator import locks


def test_posix_machines_use_flock():
    assert os.name != "posix" or locks.MECHANISM == "fcntl.flock"


def _hold(path: str, log: str, name: str, delay: float) -> None:
    with locks.file_lock(Path(path)):
        with open(log, "a") as fh:
            fh.write(f"{name}+\n")
        time.sleep(delay)
        with open(log, "a") as fh:
            fh.write(f"{name}-\n")


def _spans_do_not_overlap(log: Path) -> None:
    lines = log.read_text().split()
    assert len(lines) % 2 == 0 and lines
    for i in range(0, len(lines), 2):  # every "+" is followed by the same holder's "-"
        assert lines[i][-1] == "+" and lines[i + 1] == lines[i][:-1] + "-", lines


def _contend(target, tmp_path: Path, delay: float) -> None:
    """Three processes take the lock at once; each logs when it holds and releases it."""
    log = tmp_path / "log"
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=target, args=(str(tmp_path / ".lock"), str(log), f"p{i}", delay))
             for i in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    _spans_do_not_overlap(log)


def test_the_lock_excludes_other_processes(tmp_path):
    _contend(_hold, tmp_path, 0.2)


def _fake_msvcrt() -> SimpleNamespace:
    """``msvcrt.locking`` semantics on POSIX: LK_NBLCK fails at once when the byte is held."""
    def locking(fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1
        if mode == 2:  # LK_NBLCK
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 0)
        else:  # LK_UNLCK
            fcntl.lockf(fd, fcntl.LOCK_UN, 1, 0)
    return SimpleNamespace(locking=locking, LK_NBLCK=2, LK_UNLCK=0)


def _hold_windows_style(path: str, log: str, name: str, delay: float) -> None:
    fake = _fake_msvcrt()
    with open(path, "a+") as fh:
        locks.lock_byte(fh, fake)
        with open(log, "a") as out:
            out.write(f"{name}+\n")
        time.sleep(delay)
        with open(log, "a") as out:
            out.write(f"{name}-\n")
        locks.unlock_byte(fh, fake)


def test_the_windows_loop_waits_for_the_holder(tmp_path):
    _contend(_hold_windows_style, tmp_path, 0.3)
