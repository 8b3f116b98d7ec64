"""The one serialisation of stored JSON, and the digest of text: pure functions.

The store writes every JSON file with :func:`canonical_json`, so equal data is always the
same bytes (replay compares bytes); games use it too when they print a position. It lives
apart from the store so that games, which never touch files, need not import it.
"""

from __future__ import annotations

import json


def canonical_json(obj: object) -> str:
    """Stable bytes for equal data: sorted keys, one-space indent, UTF-8 kept, a final newline."""
    return json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def sha256_text(text: str) -> str:
    import hashlib  # here: OpenSSL loads only for a command that hashes (issue 16)

    return hashlib.sha256(text.encode("utf-8")).hexdigest()
