"""The order grammars' LALR parsers, without importing Lark at run time.

Importing ``lark`` and loading a grammar's tables costs about 25 ms of every command that reads
orders (issue 16), so the parse tables are generated ahead of time by
``python tools/gen_parsers.py`` (Lark's standalone generator, split in two):

* :mod:`adjudicator.lalr.runtime` is Lark's standalone LALR runtime (the lexer, the parser,
  ``Token``, ``Tree``, ``Transformer`` and the exceptions), the same for every grammar;
* ``adjudicator/lalr/<grammar>.py`` holds one grammar's tables (``DATA``, ``MEMO``) and the
  ``FINGERPRINT`` of what they were built from: the grammar text, the options and the Lark
  version.

:func:`load` checks that fingerprint against ``grammar/<grammar>.lark`` as it is now. When it
differs (a grammar edited and the tables not regenerated; ``tests/test_lalr.py`` fails CI on
that), the tables are built in memory with Lark instead, so a parser never runs on stale tables:
slower, never wrong. Parse results and error messages are Lark's own either way.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from adjudicator.resources import grammar_path

#: What ``tools/gen_parsers.py`` generates tables for: each grammar's start symbols and the
#: terminals its post-lexer needs although no rule uses them (``always_accept``: Lark drops
#: unused terminals from the lexer when it builds the tables).
GRAMMARS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "diplomacy": (("start", "location_only", "bare_unit"), ("WORD",)),
    "axis_allies": (("start",), ("WORD",)),
}

_NAME = re.compile(r"[a-z][a-z0-9_]*")


def options(start: str | list[str] | tuple[str, ...],
            always_accept: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """The Lark options every order grammar is built with."""
    starts = [start] if isinstance(start, str) else list(start)
    return {"parser": "lalr", "lexer": "basic", "start": starts,
            "always_accept": sorted(always_accept)}


class _Accept:
    """Stands for the post-lexer while the tables are built: Lark reads only this."""

    def __init__(self, always_accept: list[str]) -> None:
        self.always_accept = tuple(always_accept)

    def process(self, stream: Any) -> Any:  # pragma: no cover - never lexes
        return stream


def fingerprint(grammar_text: str, opts: dict[str, Any], lark_version: str) -> str:
    """What the tables are a function of: the grammar, the options, the Lark version. The
    inputs themselves, not a digest of them: comparing a few kilobytes is exact, and costs
    less than importing ``hashlib`` (OpenSSL) on every command that parses."""
    return "\x00".join((grammar_text, repr(sorted(opts.items())), lark_version))


def build_tables(grammar_text: str, opts: dict[str, Any]) -> tuple[Any, Any]:
    """``(DATA, MEMO)`` for a grammar, built with Lark (the generator and the fallback)."""
    from lark import Lark as FullLark
    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef

    opts = dict(opts)
    postlex = _Accept(opts.pop("always_accept"))
    data, memo = FullLark(grammar_text, postlex=postlex, **opts).memo_serialize([TerminalDef, Rule])
    # As Lark's own cache does: the post-lexer, transformer... are given when loading.
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    return data, memo


def _generated(name: str) -> Any:
    try:
        return importlib.import_module(f"adjudicator.lalr.{name}")
    except ModuleNotFoundError:
        return None


def load(name: str, start: str | list[str] | tuple[str, ...] = "start",
         **kwargs: Any) -> tuple[Any, bool]:
    """``(parser, generated)`` for ``grammar/<name>.lark``: the generated tables when they are
    up to date (``generated`` True), else tables built now with Lark. ``kwargs`` are the options
    Lark allows when loading tables (``postlex``, ``transformer``...)."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"not a grammar name: {name!r}")
    from adjudicator.lalr import runtime  # not at module level: tools/gen_parsers.py writes it

    text = grammar_path(name).read_text(encoding="utf-8")
    opts = options(start, getattr(kwargs.get("postlex"), "always_accept", ()))
    tables = _generated(name)
    if tables is not None and tables.FINGERPRINT == fingerprint(text, opts, runtime.__version__):
        return runtime.Lark._load_from_dict(tables.DATA, tables.MEMO, **kwargs), True
    try:
        data, memo = build_tables(text, opts)
    except ImportError as exc:  # pragma: no cover - an install always ships current tables
        raise RuntimeError(f"grammar/{name}.lark changed since adjudicator/lalr/{name}.py was "
                           "generated; run python tools/gen_parsers.py (needs lark)") from exc
    return runtime.Lark._load_from_dict(data, memo, **kwargs), False
