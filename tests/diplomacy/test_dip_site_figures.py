"""What the static site charts for Diplomacy: supply centres per power at the end of each
year (``DiplomacyGame.site_figures``, docs/site.md)."""

from __future__ import annotations

from adjudicator.registry import get_game


def test_opening_counts_for_the_start_and_groups_in_its_year() -> None:
    game = get_game("diplomacy")
    figs = game.site_figures(game.new_state({}))
    assert figs["group"] == "1901" and figs["period"] == "start"
    centres = figs["figures"]["centres"]
    assert centres["title"] == "Supply centres"
    assert centres["values"] == {"Austria": 3, "England": 3, "France": 3, "Germany": 3,
                                 "Italy": 3, "Russia": 4, "Turkey": 3}
    assert set(figs["colours"]) == set(game.powers())
    assert all(c.startswith("#") for c in figs["colours"].values())


def test_centres_count_for_the_year_whose_fall_gave_them() -> None:
    game = get_game("diplomacy")
    state = game.new_state({})
    state["centres"]["bel"] = "France"
    for phase, period, group in (("F1901M", "start", "1901"), ("F1901R", "start", "1901"),
                                 ("W1901A", "1901", "1901"), ("S1902M", "1901", "1902"),
                                 ("F1902R", "1901", "1902"), ("W1902A", "1902", "1902")):
        figs = game.site_figures({**state, "phase": phase})
        assert (figs["period"], figs["group"]) == (period, group), phase
    assert game.site_figures({**state, "phase": "W1901A"})["figures"]["centres"][
        "values"]["France"] == 4


def test_a_game_that_starts_later_starts_its_chart_there() -> None:
    game = get_game("diplomacy")
    state = game.new_state({"players": 2})
    assert state["phase"] == "S1914M"
    figs = game.site_figures(state)
    assert (figs["period"], figs["group"]) == ("start", "1914")
    assert game.site_figures({**state, "phase": "S1915M"})["period"] == "1914"
