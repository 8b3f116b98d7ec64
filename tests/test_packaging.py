"""The wheel carries grammar/, templates/ and games/, so ``pip install .`` works anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_grammar_templates_and_game_data(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True, capture_output=True,
    )
    (wheel,) = tmp_path.glob("adjudicator-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in [
        "adjudicator/_data/grammar/diplomacy.lark",
        "adjudicator/_data/games/diplomacy-standard/map.json",
        "adjudicator/_data/games/diplomacy-standard/examples/S1901M/France.txt",
        "adjudicator/_data/games/aa1942/map.json",
        # Diplomacy variants are found by listing games/ (docs/variants.md)
        "adjudicator/_data/games/diplomacy-standard/variant.json",
        "adjudicator/_data/games/diplomacy-ancmed/variant.json",
        "adjudicator/_data/games/diplomacy-ancmed/map.json",
        "adjudicator/_data/games/diplomacy-fleetrome/variant.json",
        "adjudicator/_data/games/diplomacy-pure/map.json",
        "adjudicator/cli/main.py",
        "adjudicator/axis_allies/editions/aa1942.py",  # imported by name (editions.EDITIONS)
        "adjudicator/lalr/diplomacy.py",  # parse tables, imported by name (adjudicator.lalr)
        "adjudicator/lalr/axis_allies.py",
        "adjudicator/lalr/runtime.py",
        "adjudicator/lalr/NOTICE",  # runtime.py's licence (MPL-2.0)
        "adjudicator/publish/NOTICE",  # templaterun.py's (Jinja's BSD-3-Clause)
        "adjudicator/py.typed",
    ]:
        assert path in names, path
    shipped_templates = {n for n in names if n.startswith("adjudicator/_data/templates/")}
    in_repo = {f"adjudicator/_data/{p.relative_to(ROOT)}" for p in (ROOT / "templates").rglob("*")
               if p.is_file()}
    assert in_repo <= shipped_templates
    # the built-in templates compiled ahead of time, imported by name (publish.templaterun)
    compiled = {f"adjudicator/publish/compiled/{p.name}"
                for p in (ROOT / "adjudicator" / "publish" / "compiled").glob("*.py")}
    assert len(compiled) == 11 and compiled <= names
