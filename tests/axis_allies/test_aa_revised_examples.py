"""The sample turns of A&A Revised (games/aa-revised/examples/, one file per power's turn, two
rounds, as games/aa1942/examples/): each is read by the parser of the Revised game set up with
the examples' options (options.json: the National Advantages they use) without an error, and
`adj demo aa-revised` plays them all, every order understood."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import service
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path

G = get_game("aa-revised")
EXAMPLES = game_data_path("aa-revised") / "examples"
FILES = sorted(EXAMPLES.glob("*/*.txt"))


def test_there_is_one_turn_per_power_in_each_of_two_rounds():
    assert [f.parent.name for f in FILES] == sorted(
        f"r{r}-{p}-purchase" for r in (1, 2) for p in G.edition.setup.turn_order)
    assert all(f.stem == f.parent.name.split("-")[1] for f in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.parent.name)
def test_each_example_parses_against_the_revised_game(path: Path):
    state = G.new_state(G.check_options(service.example_options(EXAMPLES)))
    parsed = G.parse(path.read_text(encoding="utf-8"), state)
    assert parsed.errors == []
    assert parsed.ignored == []
    assert len(parsed.orders) >= 3


def test_the_demo_plays_every_example_turn(tmp_path):
    log: list[str] = []
    folder = service.play_examples(tmp_path / "demo", "aa-revised", log=log.append)
    assert not [line for line in log if "ERROR" in line], log
    played = [h["phase"] for h in folder.history()]
    assert played[:len(FILES)] == [f.parent.name for f in sorted(
        FILES, key=lambda f: (f.parent.name[:2], G.edition.setup.turn_order.index(f.stem)))]
