"""The generated LALR tables (adjudicator/lalr, tools/gen_parsers.py): up to date with
grammar/*.lark, used by both games' parsers, never used when stale, and Lark not imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import lalr
from adjudicator.resources import grammar_path

ROOT = Path(__file__).resolve().parent.parent


def test_generated_tables_are_up_to_date_with_the_grammars():
    """A grammar (or Lark) changed without ``python tools/gen_parsers.py`` fails here."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_parsers.py"), "--check"],
                          check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_both_games_parsers_run_on_the_generated_tables():
    from adjudicator.axis_allies.data import load_edition
    from adjudicator.axis_allies.parser import _Parser as AAParser
    from adjudicator.diplomacy.map import load_map
    from adjudicator.diplomacy.parser import _Parser as DipParser

    assert DipParser(load_map()).generated_tables
    assert AAParser(load_edition("aa1942")).generated_tables


def test_stale_tables_are_not_used_the_grammar_is_built_instead(monkeypatch, tmp_path):
    from adjudicator.diplomacy.map import load_map
    from adjudicator.diplomacy.parser import _Parser

    current = _Parser(load_map())
    edited = tmp_path / "diplomacy.lark"
    edited.write_text(grammar_path("diplomacy").read_text(encoding="utf-8")
                      + "\n// edited after the tables were generated\n", encoding="utf-8")
    monkeypatch.setattr(lalr, "grammar_path", lambda name: edited)
    rebuilt = _Parser(load_map())
    assert current.generated_tables and not rebuilt.generated_tables
    for order in ("A Par - Bur", "F Lon S A Wal - Bel", "F nth C A yor - nwy", "Build A Mar"):
        assert repr(rebuilt.parse(order)) == repr(current.parse(order))
    with pytest.raises(Exception) as mistyped:
        rebuilt.parse("A Par - Burgundi")
    with pytest.raises(Exception) as same:
        current.parse("A Par - Burgundi")
    assert str(mistyped.value) == str(same.value)


def test_a_grammar_name_is_validated():
    with pytest.raises(ValueError, match="not a grammar name"):
        lalr.load("../diplomacy")


def test_reading_orders_does_not_import_lark():
    code = ("import sys\n"
            "from adjudicator.diplomacy.parser import parse_orders\n"
            "from adjudicator.axis_allies.data import load_edition\n"
            "from adjudicator.axis_allies.parser import parse_turn\n"
            "result = parse_orders('A Par - Bur\\nF Lon - Burgundi')\n"
            "assert len(result.orders) == 1 and len(result.errors) == 1\n"
            "assert parse_turn('place: 2 inf Germany', load_edition('aa1942')).orders\n"
            "assert [m for m in sys.modules if m == 'lark' or m.startswith('lark.')] == []\n")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
