"""United States 3, Marines (Revised digest A7, US 3): US infantry that came ashore in an
amphibious assault attack at 2 in the first round of the land battle (ruling NA-marines),
with dice, exactly and in a turn; not overland infantry, not from round 2, not other powers,
not without the advantage."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from na_usa_game import (
    clear,
    exact,
    fight,
    in_play,
    na_game,
    new_game,
    play,
    setup,
    turn_of,
    units,
)

from adjudicator.axis_allies.advantages.marines import ADVANTAGE
from adjudicator.axis_allies.state import add_unit

GER = units("germany", "infantry")
MARINE = units("usa", "infantry", landed=True)


@pytest.fixture(scope="module")
def game():
    with na_game(ADVANTAGE) as g:
        yield g


@pytest.fixture(scope="module")
def marines(game):
    return in_play(game, na_usa="marines")


def attack_values(res) -> list[list[int]]:
    """The attacker's dice values, round by round."""
    return [[d["value"] for d in e["dice"]] for e in res.log
            if e["event"] == "fire" and e["side"] == "attacker"]


def test_landed_us_infantry_attack_at_2_in_round_1_only(marines):
    # round 1: a 3 misses at 2; round 2: a 2 misses at 1; round 3: a 1 hits
    res = fight(marines, setup("algeria", "land", MARINE, GER), [3, 6, 2, 6, 1, 6])
    assert attack_values(res) == [[2], [1], [1]]
    assert res.winner == "attacker" and res.rounds == 3
    [ev] = [e for e in res.log if e["event"] == "advantage"]
    assert ev["name"] == "Marines" and ev["units"] == ["us1"] and ev["round"] == 1


def test_a_2_hits_in_round_1(marines):
    res = fight(marines, setup("algeria", "land", MARINE, GER), [2, 6])
    assert res.winner == "attacker" and res.rounds == 1


def test_exact_odds_count_round_1_only(marines, game):
    battle = setup("algeria", "land", MARINE, GER)
    # round 1 at 2 (1/3) against 2 (1/3), then 1 (1/6) against 2: 1/3, 1/6, 1/2
    assert exact(marines, battle) == (F(1, 3), F(1, 6), F(1, 2))
    assert exact(in_play(game), battle) == (F(1, 4), F(1, 8), F(5, 8))


def test_overland_infantry_are_not_marines(marines):
    att = (*MARINE, *units("usa", "infantry", start=2))  # us2 came overland
    res = fight(marines, setup("algeria", "land", att, GER), [1, 1, 6])
    assert attack_values(res) == [[2, 1]]
    assert next(e for e in res.log if e["event"] == "advantage")["units"] == ["us1"]


def test_artillery_support_adds_to_a_marine(marines):
    att = (*MARINE, *units("usa", "artillery", start=2))
    res = fight(marines, setup("algeria", "land", att, GER), [3, 6, 6])
    assert attack_values(res) == [[3, 2]]  # the marine at 2 + 1, the artillery at 2
    assert res.winner == "attacker"


def test_without_a_landing_nothing_changes(marines):
    res = fight(marines, setup("algeria", "land", units("usa", "infantry"), GER), [6, 6, 1, 6])
    assert attack_values(res) == [[1], [1]]
    assert not [e for e in res.log if e["event"] == "advantage"]


def test_other_powers_infantry_are_not_marines(marines):
    res = fight(marines, setup("algeria", "land", units("uk", "infantry", landed=True), GER),
                [2, 6, 1, 6])
    assert attack_values(res)[0] == [1]


def test_without_the_advantage_landed_infantry_attack_at_1(game):
    res = fight(in_play(game), setup("algeria", "land", MARINE, GER), [2, 6, 1, 6])
    assert attack_values(res) == [[1], [1]]


ASSAULT = "combat:\ntt sz13 with 1 inf: amphibious assault on Algeria"


def assault(game, **options: str) -> dict:
    s = turn_of(clear(new_game(game, **options), "sz13", "algeria"), "usa")
    t = add_unit(s, "usa", "transport", "sz13")
    add_unit(s, "usa", "infantry", "sz13", aboard=t)
    add_unit(s, "germany", "infantry", "algeria")
    s["controllers"]["algeria"] = s["turn_start_controllers"]["algeria"] = "germany"
    return s


def test_an_amphibious_assault_of_the_turn(game):
    s = assault(game, na_usa="marines")
    out = play(game, s, "usa", ASSAULT, dice=[2, 6])  # the marine hits at 2
    assert out.state["controllers"]["algeria"] == "usa"
    [battle] = [b for b in out.events["battles"] if b["region"] == "algeria"]
    log = str(battle)
    assert "'advantage': 'marines'" in log
    s = assault(game)
    out = play(game, s, "usa", ASSAULT, dice=[2, 6, 1, 6])  # at 1: a miss, then a hit
    assert out.state["controllers"]["algeria"] == "usa"
