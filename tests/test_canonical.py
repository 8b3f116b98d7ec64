"""The canonical JSON and the text digest (adjudicator/canonical.py)."""

from __future__ import annotations

import hashlib

import pytest

from adjudicator import canonical
from adjudicator.canonical import canonical_json, sha256_text


@pytest.mark.parametrize("text", ["", "A Par - Bur\n", "Ça va · ×3 — 🎲", "x" * 100_000])
def test_sha256_text_is_hashlibs_sha256_of_the_utf8(text):
    assert sha256_text(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_sha256_falls_back_to_hashlib_without_a_built_in_one(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_builtin(name, *args, **kwargs):
        if name in ("_sha2", "_sha256"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    canonical._sha256.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_builtin)
    try:
        assert canonical._sha256() is hashlib.sha256
        assert sha256_text("abc") == hashlib.sha256(b"abc").hexdigest()
    finally:
        canonical._sha256.cache_clear()


def test_canonical_json_is_sorted_indented_and_ends_with_a_newline():
    assert canonical_json({"b": 1, "a": ["é"]}) == '{\n "a": [\n  "é"\n ],\n "b": 1\n}\n'
