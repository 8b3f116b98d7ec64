"""The one serialisation of stored JSON, and the digest of text: pure functions.

The store writes every JSON file with :func:`canonical_json`, so equal data is always the
same bytes (replay compares bytes); games use it too when they print a position. It lives
apart from the store so that games, which never touch files, need not import it.
"""

from __future__ import annotations

import json
from functools import cache


def canonical_json(obj: object) -> str:
    """Stable bytes for equal data: sorted keys, one-space indent, UTF-8 kept, a final newline."""
    return json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def sha256_text(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8), in hex."""
    return _sha256()(text.encode("utf-8")).hexdigest()


@cache
def _sha256():
    """CPython's own SHA-256 when it has one, else :mod:`hashlib`'s.

    ``hashlib`` loads OpenSSL (about 3 ms of CPU, a third of a bare interpreter's start) for
    what every command that stores something needs: a digest of a few kilobytes. CPython
    builds its own implementation in (``_sha2`` since 3.12, ``_sha256`` before; the one
    ``hashlib`` falls back to without OpenSSL), and SHA-256 is SHA-256: the digests are the
    same bytes (tests/test_canonical.py). A Python without it takes ``hashlib``'s.
    """
    try:
        from _sha2 import sha256  # type: ignore[import-not-found]
    except ImportError:
        try:
            from _sha256 import sha256  # type: ignore[import-not-found]
        except ImportError:
            from hashlib import sha256
    return sha256
