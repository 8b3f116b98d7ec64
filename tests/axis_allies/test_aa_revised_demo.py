"""`adj demo aa-revised`: the bundled Revised examples (games/aa-revised/examples/, issue 10
section 3) play two full rounds with weapons development (Revised digest A5.1) and National
Advantages (digest A7) chosen by ``examples/options.json``.

The game is played once per module through the command line with a fixed dice seed, so what
the dice decide is the same on every run; the examples themselves are written so that every
order succeeds whatever the dice (only units no battle can touch are moved after a battle),
which ``test_every_order_succeeds_whatever_the_dice`` checks with other seeds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator import dice as dice_mod
from adjudicator import service
from adjudicator.cli import main
from adjudicator.cli.testing import CliRunner
from adjudicator.publish import files
from adjudicator.registry import get_game
from adjudicator.resources import game_data_path
from adjudicator.store import GameFolder

G = get_game("aa-revised")
EXAMPLES = game_data_path("aa-revised") / "examples"
SEED = bytes(range(32))
FORMATS = ("text", "markdown", "bbcode", "html")


def run(*args: str, code: int = 0):
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == code, res.output
    return res


def js(*args: str, code: int = 0) -> dict:
    return json.loads(run(*args, "--json", code=code).output)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> tuple[str, dict]:
    """``adj demo aa-revised DIR --json`` with a fixed seed: (game folder, its answer)."""
    path = str(tmp_path_factory.mktemp("rev") / "revised-demo")  # the name is in the dice
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dice_mod, "new_seed", lambda: SEED)
        out = js("demo", "aa-revised", path)
    return path, out


def folder_of(demo) -> GameFolder:
    return GameFolder(demo[0])


def effect_names(node) -> set[str]:
    """Every effect or advantage name anywhere in a record's events (battle logs included)."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("effect", "name") and isinstance(value, str):
                found.add(value)
            elif key == "effects" and isinstance(value, list):
                found.update(v for v in value if isinstance(v, str))
            found |= effect_names(value)
    elif isinstance(node, list):
        for item in node:
            found |= effect_names(item)
    return found


def record(folder: GameFolder, phase: str) -> dict:
    return next(h for h in folder.history() if h["phase"] == phase)


def test_the_demo_plays_to_round_3_with_every_submission_understood(demo):
    _, out = demo
    assert out["status"]["phase"] == "r3-ussr-purchase"
    assert not [line for line in out["log"] if "ERROR" in line], out["log"]
    played = [line for line in out["log"] if line.startswith("== ")]
    assert len(played) == 10  # two rounds of five powers


def test_the_game_has_the_advantages_of_options_json(demo):
    options = json.loads((EXAMPLES / "options.json").read_text(encoding="utf-8"))
    chosen = folder_of(demo).history()[0]["state_before"]["advantages"]
    wanted = {p: options[f"na_{p}"].split(",") for p in G.edition.setup.turn_order
              if f"na_{p}" in options}
    assert len(wanted) == 5
    assert {p: keys for p, keys in chosen.items() if keys} == wanted


def test_every_submission_is_accepted_whole(demo):
    folder = folder_of(demo)
    for h in folder.history():
        assert h["submissions"], h["phase"]
        assert all(r["success"] for r in h["results"]), [
            (h["phase"], r["order"], r.get("reason")) for r in h["results"] if not r["success"]]


@pytest.mark.parametrize("seed", [bytes([n]) * 32 for n in (1, 2, 3)], ids=["s1", "s2", "s3"])
def test_every_order_succeeds_whatever_the_dice(tmp_path, seed, monkeypatch):
    monkeypatch.setattr(dice_mod, "new_seed", lambda: seed)
    log: list[str] = []
    folder = service.play_examples(tmp_path / "g", "aa-revised", log=log.append)
    assert folder.read_state()["phase"] == "r3-ussr-purchase"
    assert not [line for line in log if "ERROR" in line], log
    failed = [(h["phase"], r["order"], r.get("reason"))
              for h in folder.history() for r in h["results"] if not r["success"]]
    assert failed == []


def test_the_history_holds_research_rolls_of_at_least_three_powers(demo):
    rolls = [h["events"]["research"] for h in folder_of(demo).history()
             if "research" in h["events"]]
    assert len({r["power"] for r in rolls}) >= 3
    assert all(len(r["rolls"]) == r["dice"] and r["cost"] == 5 * r["dice"] for r in rolls)
    # with this seed some succeed and some fail (Revised digest A5.1: a die showing the
    # technology's number develops it)
    assert {r["success"] for r in rolls} == {True, False}
    for r in rolls:
        assert r["success"] == (r["number"] in r["rolls"])
    got = folder_of(demo).read_state()["techs"]
    for r in rolls:
        assert (r["tech"] in got.get(r["power"], [])) == r["success"]


# phase -> the advantages its events name (automatic ones and ordered ones alike)
ADVANTAGES = {
    "r1-germany-purchase": {"Radar"},  # the raid on the UK (its AA shot both down)
    "r1-uk-purchase": {"U-boat Interdiction"},  # income cut by the German subs
    "r1-japan-purchase": {"Banzai Attacks"},  # infantry only into China
    "r1-usa-purchase": {"U-boat Interdiction", "Chinese Divisions"},
    "r2-ussr-purchase": {"Russian Winter"},  # declared by order
    "r2-germany-purchase": {"Radar", "Luftwaffe Dive Bombers"},  # the fighter's bombing
    "r2-japan-purchase": {"Banzai Attacks", "Russian Winter"},  # Buryatia's infantry at 3
    "r2-usa-purchase": {"U-boat Interdiction", "Chinese Divisions"},
}


@pytest.mark.parametrize("phase", sorted(ADVANTAGES))
def test_the_history_names_the_advantages_in_action(demo, phase):
    names = effect_names(record(folder_of(demo), phase)["events"])
    assert ADVANTAGES[phase] <= names


def test_ordered_advantages_are_recorded_as_orders(demo):
    folder = folder_of(demo)
    used = [a for h in folder.history() for a in h["events"].get("advantages", [])]
    assert {(a["advantage"], a["by"]) for a in used} >= {
        ("russian_winter", "order"), ("chinese_divisions", "order")}
    raids = [b for b in record(folder, "r1-germany-purchase")["events"]["battles"]
             if b["kind"] == "bombing"]
    assert [b["raid"]["attacker"] for b in raids] == ["germany"]
    # Luftwaffe Dive Bombers: the raid order sent a fighter along with the bomber
    units = {u["id"]: u["type"]
             for u in record(folder, "r1-germany-purchase")["state_before"]["units"]}
    raiders = raids[0]["raid"]["log"][0]["bombers"]
    assert sorted(units[u] for u in raiders) == ["bomber", "fighter"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_reports_mention_research_and_advantages(demo, fmt):
    folder = folder_of(demo)
    for h in folder.history():
        text = files.report_text(folder, G, h["phase"], fmt)
        if "research" in h["events"]:
            assert h["events"]["research"]["tech_name"] in text, (fmt, h["phase"])
        wanted = ADVANTAGES.get(h["phase"], set())
        for name in wanted:
            assert name in text, (fmt, h["phase"], name)


def test_fsck_is_clean_and_the_dice_verify(demo):
    path, _ = demo
    assert js("fsck", path)["ok"]
    seed = json.loads((Path(path) / "secret" / "seed").read_text())["seed"]
    ok = js("dice", "verify", path, "--seed", seed)
    assert ok["ok"] and ok["rolls"] > 0
