"""The layering of ``adjudicator/``: no import cycle, no upward import, the picture current.

The rules live in ``tools/import_graph.py`` (the script that also draws the graph in
docs/architecture.md); these tests run them on the real package and show on made-up graphs
that each rule catches what it should.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("import_graph", ROOT / "tools" / "import_graph.py")
ig = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ig)

GRAPH = ig.imports()


def test_the_package_has_no_import_cycle():
    assert ig.cycles(GRAPH) == []


def test_no_module_imports_upward():
    assert ig.violations(GRAPH) == []


def test_lazy_imports_inside_functions_count(tmp_path):
    pkg = tmp_path / "adjudicator"
    (pkg / "desk").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "desk" / "__init__.py").write_text("")
    (pkg / "desk" / "hooks.py").write_text("from adjudicator import service\n")
    (pkg / "service.py").write_text("def f():\n    from adjudicator.desk import hooks\n")
    graph = ig.imports(tmp_path)
    assert graph["adjudicator.service"] == {"adjudicator.desk.hooks"}
    assert ig.cycles(graph) == [["adjudicator.desk.hooks", "adjudicator.service"]]
    assert ig.violations(graph) == [
        "adjudicator.service -> adjudicator.desk.hooks: the core must not import the desk"]


def test_each_rule_catches_its_import():
    bad = {
        "adjudicator.service": {"adjudicator.diplomacy.engine"},
        "adjudicator.diplomacy.report": {"adjudicator.desk.deadlines", "adjudicator.store",
                                         "adjudicator.axis_allies.data"},
        "adjudicator.desk.tick": {"adjudicator.cli.main"},
        "adjudicator.axis_allies.game": {"adjudicator.events"},
    }
    found = "\n".join(ig.violations(bad))
    for why in ("the core must not import the game", "a game must not import the desk",
                "games are pure", "a game must not import another game",
                "the desk must not import the cli"):
        assert why in found, why


def test_architecture_doc_shows_the_current_graph():
    assert ig.doc_is_current(GRAPH), (
        "docs/architecture.md is out of date: run python tools/import_graph.py --write")
