"""The command line, end to end, on real game folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.resources import game_data_path

EXAMPLES = game_data_path("diplomacy-standard") / "examples"


def run(*args: str, input: str | None = None, code: int = 0):
    res = CliRunner().invoke(main, list(args), input=input)
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0, input: str | None = None) -> dict:
    return json.loads(run(*args, "--json", code=code, input=input).output)


@pytest.fixture
def game(tmp_path) -> str:
    path = str(tmp_path / "g1")
    run("new", "diplomacy", path)
    return path


def submit_examples(game: str, phase: str) -> None:
    for f in sorted((EXAMPLES / phase).glob("*.txt")):
        run("orders", game, "--power", f.stem, str(f))


def test_new_creates_the_opening_position(game):
    st = js("status", game)
    assert st["phase"] == "S1901M"
    assert st["centres"]["Russia"] == 4 and st["centres"]["Austria"] == 3
    assert st["units"]["Russia"] == ["A mos", "F sev", "F stp/sc", "A war"]
    assert st["missing"] == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def test_new_rejects_hostile_game_name(tmp_path):
    run("new", "diplomacy", str(tmp_path / "bad name!"), code=1)


def test_orders_acknowledge_every_order_and_every_error(game):
    ack = js("orders", game, "--power", "france", "-", code=1,
             input="A Par - Bur\nA Mar - Burgundi\nF Bre - MAO\nA Mun - Ruh\n")
    assert [u["order"] for u in ack["understood"]] == ["A par - bur", "F bre - mao", "A mun - ruh"]
    lines = sorted(e["line"] for e in ack["errors"])
    assert lines == [2, 4]  # the misspelt name, and the unit that is not France's
    bad_name = next(e for e in ack["errors"] if e["line"] == 2)
    assert "Burgundy" in bad_name["suggestions"]
    assert "France" not in ack["waiting_for"]


def test_orders_for_unknown_power_are_refused(game):
    run("orders", game, "--power", "Atlantis", "-", input="A par H\n", code=1)


def test_resubmission_replaces_the_earlier_orders(game):
    run("orders", game, "--power", "France", "-", input="A Par - Bur\n")
    run("orders", game, "--power", "France", "-", input="A Par - Pic\n")
    assert (Path(game) / "orders/S1901M/France-1.txt").read_text() == "A Par - Bur\n"
    rec = js("adjudicate", game, "--force")["record"]
    assert rec["orders"]["France"] == ["A par - pic"]


def test_adjudicate_refuses_while_orders_are_missing(game):
    run("orders", game, "--power", "France", "-", input="A Par - Bur\n")
    out = run("adjudicate", game, code=1).output
    assert "orders missing from Austria" in out


def test_adjudicate_force_applies_nmr_holds(game):
    rec = js("adjudicate", game, "--force")["record"]
    assert len(rec["nmr"]) == 7
    assert all(r["default"] and r["kind"] == "hold" for r in rec["results"])
    assert js("status", game)["phase"] == "F1901M"


def test_check_needs_no_game():
    out = js("check", "diplomacy", "-", input="A Par - Bur; F Lon C A Yor - Bel\n")
    assert [u["order"] for u in out["understood"]] == ["A par - bur", "F lon C A yor - bel"]
    run("check", "diplomacy", "-", input="A Par -> Bergundy\n", code=1)


def test_full_first_year_with_history_rollback_and_replay(game):
    for phase in ("S1901M", "F1901M", "F1901R", "W1901A"):
        assert js("status", game)["phase"] == phase
        submit_examples(game, phase)
        run("adjudicate", game)
    st = js("status", game)
    assert st["phase"] == "S1902M"
    assert st["centres"] == {"Austria": 5, "England": 4, "France": 5, "Germany": 5,
                             "Italy": 4, "Russia": 6, "Turkey": 4}
    assert "A vie" in st["units"]["Austria"]  # retreated from Galicia
    assert "A tun" in st["units"]["Italy"]  # convoyed
    hist = js("history", game)["history"]
    assert [h["phase"] for h in hist] == ["S1901M", "F1901M", "F1901R", "W1901A"]
    f1901 = js("history", game, "F1901M")
    assert any(r["outcome"] == "dislodged" for r in f1901["results"])
    assert "ok" in run("fsck", game).output

    before = (Path(game) / "history/0002-F1901M.json").read_text()
    out = js("rollback", game, "F1901M")
    assert js("status", game)["phase"] == "F1901M"
    assert [h["phase"] for h in js("history", game)["history"]] == ["S1901M"]
    archived = Path(out["archived_to"])
    assert (archived / "0002-F1901M.json").read_text() == before
    # The same orders are still on file: re-adjudicating gives the same game again.
    run("adjudicate", game)
    assert js("status", game)["phase"] == "F1901R"
    assert "ok" in run("fsck", game).output


def test_draw_ends_the_game(game):
    js("draw", game, "France", "germany")
    st = js("status", game)
    assert st["result"] == {"type": "draw", "powers": ["France", "Germany"]}
    run("orders", game, "--power", "France", "-", input="A Par H\n", code=1)
    run("adjudicate", game, "--force", code=1)
    assert "ok" in run("fsck", game).output


def test_fsck_detects_a_tampered_state(game):
    run("adjudicate", game, "--force")
    path = Path(game) / "game.json"
    path.write_text(path.read_text().replace('"F1901M"', '"F1902M"'))
    run("fsck", game, code=1)


def test_demo_plays_the_bundled_sample_turns(tmp_path):
    out = run("demo", "diplomacy", str(tmp_path / "demo")).output
    assert "Spring 1902 Movement" in out


def test_two_game_years_through_the_cli(game):
    phases = ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M", "F1902R", "W1902A"]
    for phase in phases:
        assert js("status", game)["phase"] == phase
        submit_examples(game, phase)
        run("adjudicate", game)
    st = js("status", game)
    assert st["phase"] == "S1903M"
    assert st["centres"] == {"Austria": 5, "England": 5, "France": 5, "Germany": 5,
                             "Italy": 4, "Russia": 5, "Turkey": 5}
    assert st["units"]["Italy"] == ["F eas", "F ion", "A tun", "A ven"]  # A tri retreated
    assert st["units"]["Turkey"] == ["F ank", "A bul", "A con", "F sev", "F smy"]
    assert st["units"]["England"] == ["F bre", "F lon", "F nth", "F nwg", "A nwy"]
    assert "A gal" not in st["units"]["Russia"]  # removed in Winter 1902
    assert "ok" in run("fsck", game).output


def test_orders_for_a_later_phase_are_stored_ahead_and_count_when_it_begins(game):
    ack = js("orders", game, "--power", "France", "--phase", "f1901m", "-",
             input="A Bur - Mar\n")
    assert ack["phase"] == "F1901M" and ack["understood"][0]["order"] == "A bur - mar"
    assert (Path(game) / "orders/F1901M/France-1.txt").read_text() == "A Bur - Mar\n"
    assert js("status", game)["ordered"] == []  # nothing for the current phase yet
    run("orders", game, "--power", "France", "--phase", "S1901M", "-", input="A Par - Bur\n")
    run("adjudicate", game, "--force")
    st = js("status", game)
    assert st["phase"] == "F1901M" and "France" in st["ordered"]
    rec = js("adjudicate", game, "--force")["record"]
    assert rec["orders"]["France"] == ["A bur - mar"]


def test_orders_for_a_past_or_unknown_phase_are_refused(game):
    run("adjudicate", game, "--force")
    out = run("orders", game, "--power", "France", "--phase", "S1901M", "-", input="A Par H\n",
              code=1).output
    assert "S1901M is over" in out
    run("orders", game, "--power", "France", "--phase", "X1901Q", "-", input="A Par H\n", code=1)


# --- error paths: one clean line and exit code 1, never a traceback --------------------------
def test_unreadable_files_are_errors_not_tracebacks(game, tmp_path):
    missing = str(tmp_path / "nope.txt")
    for args in (("orders", game, "--power", "France", missing), ("check", "diplomacy", missing),
                 ("map", game, "-o", str(tmp_path / "no" / "such" / "dir.svg"))):
        res = run(*args, code=1)
        assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
        assert "error:" in res.output and "No such file or directory" in res.output


def test_json_errors_do_not_depend_on_sys_argv(game, tmp_path):
    # called as a library (CliRunner, a bot): --json is read from the command, not sys.argv
    err = js("orders", game, "--power", "Narnia", "-", input="A Par H\n", code=1)
    assert err["error"].startswith("unknown power 'Narnia'")
    assert "No such file" in js("check", "diplomacy", str(tmp_path / "nope.txt"), code=1)["error"]


def test_map_scale_must_be_positive(game, tmp_path):
    out = run("map", game, "-o", str(tmp_path / "m.png"), "--scale", "0", code=2).output
    assert "--scale" in out


def test_a_missing_game_folder_is_not_created(tmp_path):
    run("rollback", str(tmp_path / "nosuch"), "S1901M", code=1)
    assert not (tmp_path / "nosuch").exists()


def test_a_submission_with_nothing_understood_does_not_count(game):
    ack = js("orders", game, "--power", "France", "-", code=1,
             input="Hi all, my orders follow tomorrow\n")
    assert ack["counted"] is False and "France" in ack["waiting_for"]
    assert (Path(game) / "orders/S1901M/France-1.txt").exists()  # still kept verbatim
    assert "France" in js("status", game)["missing"]
    run("orders", game, "--power", "France", "-", input="A Par - Bur\n")
    run("orders", game, "--power", "France", "-", code=1, input="sorry, ignore that\n")
    rec = js("adjudicate", game, "--force")["record"]
    assert rec["orders"]["France"] == ["A par - bur"]  # the junk did not replace it


def test_the_acknowledgement_names_units_left_without_orders(game):
    ack = js("orders", game, "--power", "Germany", "-", input="A Mun - Ruh\n")
    assert ack["summary"] == ["no order for A ber, F kie: they hold"]
    ack = js("orders", game, "--power", "Germany", "-",
             input="A Mun - Ruh\nA Ber - Kie\nF Kie - Den\n")
    assert ack["summary"] == []


def test_a_game_without_dice_has_no_seed_and_says_so(game):
    assert not (Path(game) / "secret").exists()
    err = js("reveal", game, code=1)
    assert "uses no dice" in err["error"]
