"""``service.play_examples`` creates the demo game with the options its examples were written
for: ``games/<data>/examples/options.json`` (``service.example_options``), a JSON object of
``adj new`` options with string values, checked like ``--option`` values. Game-agnostic: the
tests point the examples folder of a game at a temporary one."""

from __future__ import annotations

import json

import pytest

from adjudicator import service
from adjudicator.errors import AdjudicatorError, GameError


def test_no_options_file_means_no_options(tmp_path):
    assert service.example_options(tmp_path) == {}


def test_the_options_file_gives_the_options(tmp_path):
    (tmp_path / "options.json").write_text('{"nmr": "wait", "victory": "total"}')
    assert service.example_options(tmp_path) == {"nmr": "wait", "victory": "total"}


@pytest.mark.parametrize("text", ['["nmr=wait"]', '{"victory": 12}', '{"nmr": ["wait"]}'])
def test_an_options_file_that_is_not_an_object_of_strings_is_refused(tmp_path, text):
    (tmp_path / "options.json").write_text(text)
    with pytest.raises(GameError, match="JSON object of option names and string values"):
        service.example_options(tmp_path)


def _examples_at(monkeypatch, tmp_path, options: dict | None) -> None:
    data = tmp_path / "data"
    (data / "examples" / "r1-ussr-purchase").mkdir(parents=True)
    (data / "examples" / "r1-ussr-purchase" / "ussr.txt").write_text(
        "buy 8 inf\nplace: 8 inf Russia\n")
    if options is not None:
        (data / "examples" / "options.json").write_text(json.dumps(options))
    monkeypatch.setattr(service, "game_data_path", lambda name: data)


def test_the_demo_game_is_created_with_the_examples_options(tmp_path, monkeypatch):
    _examples_at(monkeypatch, tmp_path, {"victory": "total", "nmr": "wait"})
    folder = service.play_examples(tmp_path / "g", "aa1942", log=lambda *a: None)
    assert folder.settings()["options"]["victory"] == "total"
    assert folder.settings()["options"]["nmr"] == "wait"
    assert [h["phase"] for h in folder.history()] == ["r1-ussr-purchase"]


def test_without_an_options_file_the_demo_game_has_the_defaults(tmp_path, monkeypatch):
    _examples_at(monkeypatch, tmp_path, None)
    folder = service.play_examples(tmp_path / "g", "aa1942", log=lambda *a: None)
    assert folder.settings()["options"] == service.new_game(
        tmp_path / "plain", "aa1942").settings()["options"]


def test_a_bad_option_in_the_file_is_refused_before_any_game_is_made(tmp_path, monkeypatch):
    _examples_at(monkeypatch, tmp_path, {"victory": "nope"})
    with pytest.raises(AdjudicatorError, match="option victory must be one of"):
        service.play_examples(tmp_path / "g", "aa1942", log=lambda *a: None)
    assert not (tmp_path / "g" / "game.json").exists()
