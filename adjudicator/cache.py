"""A private, per-user cache for work every process would otherwise redo: Jinja's compiled
templates. (The order grammars' LALR tables are generated ahead of time instead, see
:mod:`adjudicator.lalr`.)

Compiling the report templates costs tens of milliseconds on every command that writes
reports. They are pure functions of files that ship with the package, so they are compiled once
and kept in

* ``$ADJ_CACHE_DIR`` when set (an empty value turns the cache off),
* else ``$XDG_CACHE_HOME/adjudicator``, ``~/.cache/adjudicator``, or on Windows
  ``%LOCALAPPDATA%\\adjudicator\\cache``.

Why so careful about the folder: what is cached is loaded as code (marshalled bytecode), so a
folder another user can write to would let that user run code as the judge.
The folder is created private (0700) and used only while it is owned by the current user and
writable by nobody else; otherwise, or when it cannot be created at all (a read-only home,
a locked-down service account), nothing is cached and everything still works, only slower.

Why it is safe for concurrent processes: Jinja's cache writes a temporary file and renames it
into place, so a reader sees a whole file or none. Entries are keyed by the template's name
and checked against its source, so a changed template simply misses and recompiles.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

ENV = "ADJ_CACHE_DIR"


def _default_dir() -> Path:
    if os.name == "nt":  # pragma: no cover
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "adjudicator" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "adjudicator"


def _private(path: Path) -> bool:
    """Owned by us and writable by nobody else (POSIX); on Windows the profile folder is
    private to its user by default."""
    if os.name == "nt":  # pragma: no cover
        return True
    st = path.stat()
    return st.st_uid == os.getuid() and not st.st_mode & 0o022


@cache
def cache_dir() -> Path | None:
    """The cache folder, created if needed, or None when caching is off or unsafe."""
    configured = os.environ.get(ENV)
    if configured is not None and not configured.strip():
        return None
    path = Path(configured).expanduser() if configured else _default_dir()
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        return path if _private(path) else None
    except OSError:
        return None


def jinja_bytecode_cache() -> Any:
    """A Jinja bytecode cache in the cache folder, or None when caching is off."""
    folder = cache_dir()
    if folder is None:
        return None
    from jinja2 import FileSystemBytecodeCache

    (folder / "jinja").mkdir(mode=0o700, exist_ok=True)
    return FileSystemBytecodeCache(str(folder / "jinja"))
