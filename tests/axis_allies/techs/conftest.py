import pytest

from .scenario import tech_game


@pytest.fixture
def game():
    """A game on the Revised ruleset with weapons development (scenario.RS)."""
    with tech_game() as g:
        yield g
