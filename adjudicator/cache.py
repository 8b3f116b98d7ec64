"""A private, per-user cache for work every process would otherwise redo: Lark's parse
tables and Jinja's compiled templates.

Building the LALR tables of a grammar costs tens of milliseconds (about 230 ms for Axis &
Allies) and compiling the report templates about as much again, on every command. Both are
pure functions of files that ship with the package, so they are computed once and kept in

* ``$ADJ_CACHE_DIR`` when set (an empty value turns the cache off),
* else ``$XDG_CACHE_HOME/adjudicator``, ``~/.cache/adjudicator``, or on Windows
  ``%LOCALAPPDATA%\\adjudicator\\cache``.

Why so careful about the folder: what is cached is loaded as code (a pickle, marshalled
bytecode), so a folder another user can write to would let that user run code as the judge.
The folder is created private (0700) and used only while it is owned by the current user and
writable by nobody else; otherwise, or when it cannot be created at all (a read-only home,
a locked-down service account), nothing is cached and everything still works, only slower.

Why it is safe for concurrent processes: a Lark table is written to a temporary file and
renamed into place, and Jinja's own cache does the same, so a reader sees a whole file or
none. Entries are keyed by the content they were built from (the grammar text, the template
source) and by the library and Python versions, so a changed grammar or an upgrade simply
misses and rebuilds; a damaged file is rebuilt too.
"""

from __future__ import annotations

import hashlib
import os
import sys
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


def _key(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:32]


def lark_parser(grammar: str, **options: Any) -> Any:
    """``Lark(grammar, **options)``, its tables loaded from the cache when present (LALR).

    ``postlex`` and ``transformer`` objects are never stored: Lark keeps them out of its
    cache file and takes them from ``options`` when loading.
    """
    from lark import Lark
    from lark import __version__ as lark_version

    folder = cache_dir()
    if folder is None:
        return Lark(grammar, **options)
    plain = {k: v for k, v in options.items() if k not in ("postlex", "transformer")}
    name = f"lark-{_key(grammar, repr(sorted(plain.items())), lark_version, sys.version)}"
    path = folder / f"{name}.cache"
    if path.exists():
        return Lark(grammar, cache=str(path), **options)
    tmp = folder / f".{name}.{os.getpid()}.tmp"
    try:
        parser = Lark(grammar, cache=str(tmp), **options)
        if tmp.exists():  # Lark writes it unless the folder refused (then it logs why)
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return parser


def jinja_bytecode_cache() -> Any:
    """A Jinja bytecode cache in the cache folder, or None when caching is off."""
    folder = cache_dir()
    if folder is None:
        return None
    from jinja2 import FileSystemBytecodeCache

    (folder / "jinja").mkdir(mode=0o700, exist_ok=True)
    return FileSystemBytecodeCache(str(folder / "jinja"))
