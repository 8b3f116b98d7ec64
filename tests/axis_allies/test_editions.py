"""Editions as values (issue 10): one ruleset per edition, looked up by key, and no edition's
name tested anywhere else in the source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator import registry
from adjudicator.axis_allies import editions
from adjudicator.axis_allies.data import load_edition
from adjudicator.axis_allies.rules import RETIRED, Rules
from adjudicator.axis_allies.ruleset import InPlay, Ruleset, TurnStep
from adjudicator.axis_allies.state import Board, initial_state

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "adjudicator"
EDITIONS_DIR = PACKAGE / "axis_allies" / "editions"
#: registry entries name their game; that is the one place outside editions/ allowed to
REGISTRY = PACKAGE / "registry.py"


def edition_names() -> set[str]:
    """Every name an A&A edition goes by: ruleset keys, data folders, registry keys and
    aliases, the data folders under games/."""
    names = set(editions.registered_keys())
    names |= {editions.ruleset(k).data for k in editions.registered_keys()}
    for spec in registry.GAMES.values():
        if spec.family.startswith("adjudicator.axis_allies."):
            names |= {spec.key, spec.data, *spec.aliases}
    names |= {p.name for p in (ROOT / "games").iterdir() if p.name.startswith("aa")}
    return {n.lower() for n in names}


def edition_tests(tree: ast.AST, names: set[str]) -> list[tuple[int, str]]:
    """Comparisons with, dicts keyed by, subscripts and match cases on an edition name."""

    def named(node: ast.AST | None) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.lower() in names:
            return node.value
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            for elt in node.elts:
                hit = named(elt)
                if hit:
                    return hit
        return None

    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                if (hit := named(operand)) is not None:
                    found.append((node.lineno, f"comparison with {hit!r}"))
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if (hit := named(key)) is not None:
                    found.append((node.lineno, f"dict keyed by {hit!r}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "dict":
            for kw in node.keywords:
                if kw.arg is not None and kw.arg.lower() in names:
                    found.append((node.lineno, f"dict keyed by {kw.arg!r}"))
        elif isinstance(node, ast.Subscript) and (hit := named(node.slice)) is not None:
            found.append((node.lineno, f"subscript by {hit!r}"))
        elif isinstance(node, ast.MatchValue) and (hit := named(node.value)) is not None:
            found.append((node.lineno, f"match case {hit!r}"))
    return found


def test_nothing_outside_editions_tests_an_editions_name():
    names = edition_names()
    assert {"aa1942"} <= names
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if EDITIONS_DIR in path.parents or path == REGISTRY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        problems += [f"{path.relative_to(ROOT)}:{line}: {what}"
                     for line, what in edition_tests(tree, names)]
    assert problems == [], "an edition's name decides something outside editions/:\n" + \
        "\n".join(problems)


@pytest.mark.parametrize("code", [
    'if rules.edition == "aa1942": pass',
    'x = "AA42" != edition',
    'ok = key in ("aa1942", "other")',
    'TABLE = {"aa1942": 1}',
    'TABLE = dict(aa1942=1)',
    'y = EDITIONS["aa1942"]',
    'match key:\n    case "aa1942":\n        pass',
])
def test_the_scan_catches_each_kind_of_test(code):
    assert edition_tests(ast.parse(code), {"aa1942", "aa42"}) != []


def test_the_scan_lets_names_pass_as_plain_values():
    code = 'load_edition("aa1942")\nGameSpec("aa1942", "m:C", "aa1942", "t")\n"""aa1942"""'
    assert edition_tests(ast.parse(code), {"aa1942"}) == []


# --- the ruleset --------------------------------------------------------------------------


def test_every_registered_axis_allies_game_has_its_ruleset():
    for spec in registry.GAMES.values():
        if spec.family.startswith("adjudicator.axis_allies."):
            rs = editions.ruleset(spec.key)
            assert isinstance(rs, Ruleset)
            assert (rs.key, rs.data, rs.rules.edition) == (spec.key, spec.data, spec.key)
            assert registry.get_game(spec.key).ruleset is rs  # type: ignore[attr-defined]


def test_an_unknown_key_is_refused_with_the_known_ones():
    with pytest.raises(KeyError, match="aa1942"):
        editions.ruleset("no-such-edition")


def test_the_1942_ruleset_holds_the_whole_edition():
    rs = editions.ruleset("aa1942")
    assert rs.edition is load_edition("aa1942")
    assert rs.rules == Rules(edition="aa1942")
    assert [s.key for s in rs.turn_steps] == [
        "purchase", "combat", "battles", "noncombat", "mobilise", "landing", "collect",
        "end", "repair", "victory", "next"]
    assert all(isinstance(s, TurnStep) for s in rs.turn_steps)
    assert [type(s).__name__ for s in rs.battle_steps] == [
        "Bombard", "AAFire", "EndCheck", "RoundStart", "Submerge", "SurpriseStrike",
        "SurpriseStrike", "RemoveCasualties", "Fire", "Fire", "RemoveCasualties", "EndCheck",
        "Retreat"]
    assert rs.effects == ()
    assert list(rs.options) == ["victory", "nmr", "passes", "turkish_straits_closed"]
    assert rs.step_name("purchase") == "purchase & combat"
    assert rs.colours["germany"].startswith("#") and set(rs.side_colours) == {"axis", "allies"}


def test_the_game_takes_its_options_from_the_ruleset():
    game = registry.get_game("aa1942")
    assert game.options is editions.ruleset("aa1942").options
    assert game.check_options({"victory": "total"})["victory"] == "total"


def test_in_play_reads_the_stored_switches():
    ed = load_edition("aa1942")
    state = initial_state(ed, {"victory": "total"})
    play = editions.in_play(ed, state)
    assert isinstance(play, InPlay) and play.rules.victory == "total"
    assert play.effects == () and Board(state, ed).rules.victory == "total"


def test_a_retired_switch_in_a_stored_state_is_ignored():
    ed = load_edition("aa1942")
    state = initial_state(ed)
    state["rules"] = {**state["rules"], **RETIRED}
    assert Board(state, ed).rules == Rules(edition="aa1942")
    assert "fighters_in_sbr" not in initial_state(ed)["rules"]


def test_a_position_written_from_an_old_state_loads_back_unchanged():
    import json

    from adjudicator.errors import PositionError

    game = registry.get_game("aa1942")
    old = game.new_state(game.check_options({}))
    old["rules"] = {**old["rules"], "fighters_in_sbr": False}
    state = game.state_from_position(game.position_text(old), {})
    assert state["rules"] == old["rules"]
    bad = json.loads(game.position_text(old))
    bad["rules"]["fighters_in_sbr"] = True
    with pytest.raises(PositionError, match="the rule is not played"):
        game.state_from_position(json.dumps(bad), {})
