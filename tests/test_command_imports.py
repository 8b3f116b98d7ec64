"""What whole commands load (issue 16, benchmarks/README.md): a command imports only what it
uses (no :mod:`dataclasses`, which imports :mod:`inspect`: ``adjudicator/record.py``).
Checked by the modules a real ``adj`` process has loaded when it ends, never by time.
Also the temporary files of the store's atomic writes, made without :mod:`tempfile`."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import store

ROOT = Path(__file__).resolve().parent.parent
ORDERS = "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao\n"

# Runs ``adj ARGS`` in this process, then prints the loaded modules as its last line.
_RUN = """
import json, runpy, sys
sys.argv = ["adj", *json.loads(sys.argv[1])]
try:
    runpy.run_module("adjudicator", run_name="__main__")
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def loaded(*args: str, stdin: str | None = None) -> set[str]:
    env = {**os.environ, "ADJ_JUDGE": "", "ADJ_NOW": "2025-03-01T12:00:00Z"}
    done = subprocess.run([sys.executable, "-c", _RUN, json.dumps(list(args))], input=stdin,
                          capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    last = json.loads(done.stdout.strip().splitlines()[-1])
    assert last["code"] in (0, None), done.stdout + done.stderr
    return set(last["modules"])


def _family(modules: set[str], *names: str) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("cmds") / "g"
    env = {**os.environ, "ADJ_JUDGE": "", "ADJ_NOW": "2025-03-01T12:00:00Z"}
    subprocess.run([sys.executable, "-m", "adjudicator", "new", "diplomacy", str(base)],
                   check=True, capture_output=True, env=env, cwd=ROOT)
    return base


def test_adj_status_loads_no_parser_no_resolver_no_templates_no_logging(game):
    modules = loaded("status", str(game))
    assert _family(modules, "lark", "jinja2", "adjudicator.lalr", "adjudicator.diplomacy.engine",
                   "adjudicator.diplomacy.parser", "adjudicator.publish", "tempfile",
                   "logging", "hashlib", "hmac", "difflib", "shutil", "zoneinfo",
                   "adjudicator.desk.deadlines", "click", "dataclasses", "inspect") == []


def test_adj_orders_loads_no_lark_no_resolver_no_templates_no_tempfile_no_logging(game):
    modules = loaded("orders", str(game), "-p", "France", "-", stdin=ORDERS)
    assert "adjudicator.lalr.runtime" in modules  # it did parse
    assert "adjudicator.diplomacy.validate" in modules  # and check the orders
    assert _family(modules, "lark", "jinja2", "adjudicator.diplomacy.movement",
                   "adjudicator.diplomacy.adjustments", "adjudicator.diplomacy.retreats",
                   "adjudicator.desk.players", "adjudicator.desk.deadlines",
                   "adjudicator.publish", "tempfile", "html", "logging", "dataclasses",
                   "inspect", "hashlib") == []  # digests: canonical._sha256, no OpenSSL


def test_adj_adjudicate_loads_no_lark_no_png_renderer_no_logging(game, tmp_path):
    import shutil

    target = tmp_path / "g"
    shutil.copytree(game, target)
    for power in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
        loaded("orders", str(target), "-p", power, "-", stdin="# hold\n")
    modules = loaded("adjudicate", str(target))
    assert (target / "reports" / "S1901M").is_dir()  # it did write the reports
    assert "adjudicator.publish.compiled.diplomacy__report_html" in modules
    assert _family(modules, "lark", "adjudicator.publish.png", "resvg_py", "logging",
                   "dataclasses", "zoneinfo",  # no zone: the game has no deadline, no absence
                   "adjudicator.lalr", "adjudicator.diplomacy.parser",  # orders as kept
                   "jinja2", "tempfile", "pickle", "hashlib", "inspect") == []  # compiled


def test_atomic_write_temp_files_are_private_and_never_reuse_a_name(tmp_path, monkeypatch):
    """The temporary file is created exclusively: a file already there under the name drawn
    (planted, or left by a killed process) is neither opened nor changed; a new name is drawn."""
    draws = iter([b"\x00" * 8, b"\x00" * 8, b"\x01" * 8])
    monkeypatch.setattr(store.os, "urandom", lambda n: next(draws))
    planted = tmp_path / f".state.json.{'00' * 8}.tmp"
    planted.write_text("planted")
    seen: list[str] = []
    real_replace = os.replace

    def replace(src, dst):
        seen.append(os.path.basename(src))
        assert stat.S_IMODE(os.stat(src).st_mode) == 0o600
        real_replace(src, dst)

    monkeypatch.setattr(store.os, "replace", replace)
    store.atomic_write(tmp_path / "state.json", "{}")
    assert seen == [f".state.json.{'01' * 8}.tmp"]
    assert planted.read_text() == "planted"
    assert (tmp_path / "state.json").read_text() == "{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == [planted.name, "state.json"]


@pytest.mark.parametrize("enabled", [True, False])
def test_entry_point_pauses_the_collector_only_while_the_commands_load(monkeypatch, enabled):
    """``adj`` freezes what the imports built and runs the command with the collector as it
    found it (a long ``adj tick`` must still collect); a library import changes nothing."""
    import gc
    import importlib

    from adjudicator import __main__ as entry

    cli_main = importlib.import_module("adjudicator.cli.main")  # the module, not the group

    seen = {}

    def command(**kwargs):
        seen.update(enabled=gc.isenabled(), frozen=gc.get_freeze_count(), kwargs=kwargs,
                    threshold=gc.get_threshold())
        return 0

    monkeypatch.setattr(cli_main, "main", command)
    before, threshold = gc.isenabled(), gc.get_threshold()
    (gc.enable if enabled else gc.disable)()
    try:
        assert entry.run(prog_name="adj") == 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        (gc.enable if before else gc.disable)()
    assert seen == {"enabled": enabled, "frozen": seen["frozen"], "kwargs": {"prog_name": "adj"},
                    "threshold": (entry.YOUNGEST, *threshold[1:])}
    assert seen["frozen"] > 0
