"""Conventions every ``adj`` command keeps: -h/-V, --json everywhere, whole help summaries,
-v/-q logging, a silent idle tick, refused unknown options, completion."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from adjudicator import __version__
from adjudicator.cli import kit, main
from adjudicator.cli.testing import CliRunner


def leaves(group: kit.Group, prefix: tuple[str, ...] = ()):
    for name, cmd in group.commands.items():
        if isinstance(cmd, kit.Group):
            yield from leaves(cmd, (*prefix, name))
        else:
            yield (*prefix, name), cmd


def test_every_command_takes_json():
    missing = [" ".join(path) for path, cmd in leaves(main)
               if not any(p.name == "as_json" for p in cmd.params)]
    assert missing == []


def test_short_help_and_version_flags():
    runner = CliRunner()
    assert runner.invoke(main, ["-h"]).output.startswith("Usage: ")
    assert "--position" in runner.invoke(main, ["status", "-h"]).output
    out = runner.invoke(main, ["-V"]).output
    assert __version__ in out


def test_help_summaries_never_stop_mid_sentence():
    for args in ([], ["judge"], ["player"], ["mail"], ["dice"], ["observer"]):
        out = CliRunner().invoke(main, [*args, "--help"], terminal_width=80).output
        commands = out.split("Commands:", 1)[1]
        assert "..." not in commands, commands


def test_unknown_option_keys_and_values_are_refused(tmp_path):
    runner = CliRunner()
    res = runner.invoke(main, ["new", "diplomacy", str(tmp_path / "g"), "--option", "bogus=1"])
    assert res.exit_code == 1 and "unknown option(s) bogus" in res.output
    assert "known options: players" in res.output and not (tmp_path / "g").exists()
    res = runner.invoke(main, ["new", "aa1942", str(tmp_path / "a"), "--option", "nmr=later"])
    assert res.exit_code == 1 and "nmr must be one of income, wait" in res.output
    res = runner.invoke(main, ["new", "aa1942", str(tmp_path / "a"), "--option", "vicotry=total"])
    assert "known options: victory, nmr, passes, turkish_straits_closed" in res.output
    assert not (tmp_path / "a").exists()


def test_game_kinds_accept_aliases(tmp_path):
    res = CliRunner().invoke(main, ["new", "AA42", str(tmp_path / "a"), "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["game"] == "aa1942"
    res = CliRunner().invoke(main, ["new", "chess", str(tmp_path / "c")])
    assert res.exit_code == 2 and "known games: diplomacy, aa1942" in res.output


def test_tick_quiet_prints_nothing_when_idle(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["new", "diplomacy", str(tmp_path / "g")]).exit_code == 0
    assert runner.invoke(main, ["tick", str(tmp_path / "g")]).output == "nothing to do\n"
    res = runner.invoke(main, ["tick", "--quiet", str(tmp_path / "g")])
    assert res.exit_code == 0 and res.output == ""
    assert runner.invoke(main, ["-q", "tick", str(tmp_path / "g")]).output == ""


def test_verbose_logs_to_stderr_and_quiet_silences(tmp_path):
    env = {**os.environ, "ADJ_JUDGE": ""}
    cmd = [sys.executable, "-m", "adjudicator"]
    res = subprocess.run([*cmd, "-v", "new", "diplomacy", str(tmp_path / "g")],
                         capture_output=True, text=True, env=env, check=True)
    assert "INFO adjudicator.service: g: created a diplomacy game" in res.stderr
    assert res.stdout.startswith("created diplomacy game")
    res = subprocess.run([*cmd, "new", "diplomacy", str(tmp_path / "h")],
                         capture_output=True, text=True, env=env, check=True)
    assert res.stderr == ""


def test_shell_completion_lists_commands_and_games():
    env = {**os.environ, "_ADJ_COMPLETE": "bash_complete", "COMP_WORDS": "adj ne",
           "COMP_CWORD": "1"}
    res = subprocess.run([sys.executable, "-c", ("from adjudicator.cli import main; "
                          "main(prog_name='adj')")], capture_output=True, text=True, env=env, check=False)
    assert "plain,new" in res.stdout
    env.update(COMP_WORDS="adj new a", COMP_CWORD="2")
    res = subprocess.run([sys.executable, "-c", ("from adjudicator.cli import main; "
                          "main(prog_name='adj')")], capture_output=True, text=True, env=env, check=False)
    assert "plain,aa1942" in res.stdout


def test_orders_and_check_refuse_input_over_the_size_limit(tmp_path):
    big = "A Par - Bur\n" * 30000  # 360 KB: over the 256 KiB mail limit
    res = CliRunner().invoke(main, ["check", "diplomacy", "-"], input=big)
    assert res.exit_code == 1 and "larger than the limit of 262144 bytes" in res.output
    runner = CliRunner()
    runner.invoke(main, ["new", "diplomacy", str(tmp_path / "g")])
    res = runner.invoke(main, ["orders", str(tmp_path / "g"), "-p", "France", "-"], input=big)
    assert res.exit_code == 1 and "nothing was read" in res.output
    assert not (tmp_path / "g" / "orders" / "S1901M").exists()


def test_invalid_utf8_is_stored_safely_and_reported(tmp_path):
    runner = CliRunner()
    runner.invoke(main, ["new", "diplomacy", str(tmp_path / "g")])
    raw = b"A Par - Bur\nF Bre - Mao \xff\xfe\nA Mar H\n"
    res = runner.invoke(main, ["orders", str(tmp_path / "g"), "-p", "France", "-", "--json"],
                        input=raw)
    out = json.loads(res.output)
    assert next(u["order"] for u in out["understood"]) == "A par - bur"
    assert out["encoding_notes"] == [
        "line 2, column 13: bytes that are not UTF-8 were replaced by \ufffd"]
    kept = list((tmp_path / "g" / "desk" / "inbox").glob("raw-*.bin"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw
