"""A&A turn reports: every format renders real turns, every die and every casualty's reason is
told, hostile text stays inert, and the bundled examples play two full rounds.

The game is played once per module from the bundled examples with a fixed dice seed, so the
battles (and the golden text report) are the same on every run. Regenerate the golden file with
``UPDATE_GOLDEN=1 pytest tests/axis_allies/test_aa_reports.py``.
"""

from __future__ import annotations

import copy
import html
import os
import re
from pathlib import Path

import pytest

from adjudicator import dice as dice_mod
from adjudicator import service
from adjudicator.axis_allies import report
from adjudicator.publish import files, reports
from adjudicator.registry import get_game
from adjudicator.store import GameFolder

G = get_game("aa1942")

GOLDEN = Path(__file__).parent / "golden"
FORMATS = ("text", "bbcode", "markdown", "html")
SEED = bytes(range(32))
HOSTILE = "<script>alert(1)</script> [url=http://evil]x[/url] & \"q\" 'q' *b* _i_ `c`"


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[GameFolder, list[str]]:
    """Two rounds of the bundled examples, with a fixed seed and a fixed folder name."""
    path = tmp_path_factory.mktemp("aa") / "aa-golden"
    log: list[str] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dice_mod, "new_seed", lambda: SEED)
        folder = service.play_examples(path, "aa1942", log=log.append)
    return folder, log


def find_record(folder: GameFolder, phase: str | None = None) -> tuple[dict, dict]:
    return files.find_record(folder, G, phase)


def build_context(folder: GameFolder, record: dict, after: dict,
                  deadline: str | None = None) -> dict:
    meta = files.report_meta(folder, G, after)
    if deadline is not None:
        meta["deadline"] = deadline
    return G.report_context(record, after, meta)


def render_report(folder: GameFolder, phase: str | None = None, fmt: str = "text") -> str:
    return files.report_text(folder, G, phase, fmt)


def _context(folder: GameFolder, phase: str) -> dict:
    record, after = find_record(folder, phase)
    ctx = build_context(folder, record, after)
    ctx["adjudicated"] = "2026-01-01T00:00:00Z"  # the only field that changes between runs
    return ctx


def _phases(folder: GameFolder) -> list[str]:
    return [h["phase"] for h in folder.history()]


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- the examples ----------------------------------------------------------------------------
def test_examples_play_two_rounds_without_errors(played):
    folder, log = played
    assert folder.read_state()["phase"] == "r3-ussr-purchase"
    assert not [line for line in log if "ERROR" in line], log
    assert len(_phases(folder)) == 10
    # every round-2 order was understood and carried out (with this seed)
    for rec in folder.history()[5:]:
        failed = [r for r in rec["results"] if not r["success"]]
        assert not failed, (rec["phase"], failed)


# --- formats -----------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_renders_every_resolved_turn(played, fmt):
    folder, _ = played
    for phase in _phases(folder):
        out = render_report(folder, phase, fmt)
        assert "Results for Round" in out
        assert "{'" not in out and "': " not in out, "raw data printed"
        if fmt == "html":
            assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
            assert out.count("<svg") == 1 and 'class="card map"' in out  # the turn's map


def test_reports_are_written_in_all_four_formats(played):
    folder, _ = played
    for phase in _phases(folder):
        for ext in ("txt", "bbcode", "md", "html"):
            assert (folder.path / "reports" / phase / f"report.{ext}").is_file()


def test_text_lines_stay_under_78_columns(played):
    folder, _ = played
    for phase in _phases(folder):
        text = render_report(folder, phase, "text")
        long = [line for line in text.splitlines() if reports.display_width(line) > 77]
        assert not long, (phase, long)


# --- dice and casualties -------------------------------------------------------------------------
def _recorded_dice(folder: GameFolder, phase: str) -> list[int]:
    record, _ = find_record(folder, phase)
    return [v for roll in (record.get("dice") or {}).get("rolls", []) for v in roll["values"]]


def test_every_die_appears_in_the_html_report_in_order(played):
    folder, _ = played
    total = 0
    for phase in _phases(folder):
        out = render_report(folder, phase, "html")
        shown = [int(v) for v in re.findall(r'<span class="die[^"]*"[^>]*>(\d)</span>', out)]
        assert shown == _recorded_dice(folder, phase), phase
        total += len(shown)
    assert total > 50  # the examples do fight


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode"])
def test_every_die_appears_in_the_plain_reports_in_order(played, fmt):
    folder, _ = played
    for phase in _phases(folder):
        text = _flat(render_report(folder, phase, fmt))
        shown = [int(d) for group in re.findall(r"rolls (\d(?:, \d)*)", text)
                 for d in group.split(", ")]
        assert shown == _recorded_dice(folder, phase), phase


def test_each_casualty_says_why(played):
    folder, _ = played
    seen = 0
    for phase in _phases(folder):
        ctx = _context(folder, phase)
        text = _flat(reports.render("axis_allies", "text", ctx))
        lines = [line for b in ctx["battles"] for s in b["sections"] for line in s["lines"]
                 if line["kind"] == "casualty" and line.get("reason")]
        for line in lines:
            assert line["reason"] and _flat(line["reason"]) in text
            assert any(w in line["reason"] for w in ("default", "standing order",
                                                     "battle instruction"))
        seen += len(lines)
    assert seen > 10


def test_battle_instruction_and_standing_order_reasons_are_named(played):
    folder, _ = played
    text = _flat(render_report(folder, "r1-germany-purchase", "text"))
    assert "(battle instruction)" in text
    assert "Battle instruction: retreat if units <= 2 to eastern europe" in text


# --- rare events, from hand-made logs in the engine's shapes ---------------------------------------
def _rare_battle() -> dict:
    u = {"id": "u1", "type": "submarine", "power": "germany", "damage": 0}
    log = [
        {"event": "start", "region": "sz5", "kind": "sea", "attacker": "germany",
         "defending_powers": ["uk"],
         "attacking": [u, {"id": "u2", "type": "fighter", "power": "germany", "damage": 0}],
         "defending": [{"id": "u3", "type": "battleship", "power": "uk", "damage": 1},
                       {"id": "u4", "type": "transport", "power": "uk", "damage": 0},
                       {"id": "u5", "type": "carrier", "power": "uk", "damage": 0},
                       {"id": "u6", "type": "fighter", "power": "uk", "damage": 0}]},
        {"event": "round", "round": 1, "attacking": [u], "defending": []},
        {"event": "submarines", "round": 1, "side": "attacker", "units": ["u1"],
         "decision": "surprise strike",
         "why": "submerge: when-outnumbered (standing-order); own combat units 2 vs enemy 3"},
        {"event": "submarines", "round": 1, "side": "defender", "units": ["u9", "u10"],
         "decision": "submerge", "why": "submerge: always (battle-instruction)"},
        {"event": "fire", "round": 1, "side": "attacker", "purpose": "surprise",
         "dice": [{"unit": "u1", "type": "submarine", "value": 2, "die": 2, "hit": True}],
         "hits": 1},
        {"event": "casualties", "round": 1, "side": "defender",
         "chosen": [{"unit": "u5", "type": "carrier", "power": "uk", "effect": "destroyed",
                     "hit_by": "u1", "why": {"source": "default", "rule": "next-legal",
                                             "detail": "cheapest first (default): first "
                                             "choice fighter u6 cannot take it"}}],
         "wasted": [{"hit_by": "u2", "why": "no unit can legally take this hit"}]},
        {"event": "carrier-lost", "unit": "u6", "carrier": "u5",
         "why": "fighter keeps defending in the air and must reland (p.27)"},
        {"event": "cargo-lost", "unit": "u7", "type": "infantry", "ship": "u4",
         "why": "its ship was sunk"},
        {"event": "retreat", "round": 1, "units": ["u1", "u2"], "to": "sz6",
         "why": "after round 1 (battle instruction); destination: battle instruction"},
        {"event": "no-retreat", "round": 2, "why": "no legal retreat region: pressing on"},
        {"event": "defenceless-transports", "units": ["u4"],
         "why": "defender has only transports left (p.17)"},
        {"event": "repair", "unit": "u3", "why": "battleship repaired after the battle (p.28)"},
        {"event": "end", "winner": "none", "reason": "stalemate", "rounds": 1,
         "captures": False},
    ]
    return {"region": "sz5", "kind": "sea", "attacker": "germany", "winner": "none",
            "end_reason": "stalemate", "rounds": 1, "captures": False,
            "fates": {"u1": "retreated"}, "retreated_to": {"u1": "sz6"}, "damage": {},
            "homeless_fighters": ["u6"], "attacker_loss_ipc": 0, "defender_loss_ipc": 14,
            "log": log, "rolls": []}


def _amphibious() -> dict:
    land_log = [
        {"event": "start", "region": "karelia_ssr", "kind": "land", "attacker": "germany",
         "defending_powers": ["ussr"],
         "attacking": [{"id": "u1", "type": "infantry", "power": "germany", "damage": 0},
                       {"id": "u2", "type": "fighter", "power": "germany", "damage": 0}],
         "defending": [{"id": "u8", "type": "aa_gun", "power": "ussr", "damage": 0}]},
        {"event": "bombardment", "ships": ["u3"], "idle": ["u4"],
         "why": "at most one bombarding ship per land unit landing (1)"},
        {"event": "fire", "round": 0, "side": "attacker", "purpose": "bombard",
         "dice": [{"unit": "u3", "type": "battleship", "value": 4, "die": 5, "hit": False}],
         "hits": 0},
        {"event": "aa", "gun": "u8", "guns_present": 2, "type": "fighter", "dice": [1],
         "hit_on": 1, "destroyed": ["u2"],
         "why": "one AA gun fires per battle; hits fall on the type rolled for"},
        {"event": "end", "winner": "attacker", "reason": "defender-eliminated", "rounds": 0,
         "captures": True},
    ]
    land = {"region": "karelia_ssr", "kind": "land", "attacker": "germany",
            "winner": "attacker", "rounds": 0, "captures": True, "fates": {},
            "attacker_loss_ipc": 10, "defender_loss_ipc": 0, "log": land_log,
            "homeless_fighters": []}
    return {"region": "karelia_ssr", "name": "Karelia S.S.R.", "kind": "amphibious",
            "zone": "sz5", "instruction": None,
            "result": {"sea": None, "land": land, "landed": ["u1"],
                       "not_landed": {"u9": "lost with its transport in the sea battle"},
                       "log": [{"event": "no-bombardment", "ships": ["u5"],
                                "why": "a sea battle was fought in the landing zone (p.15)"},
                               {"event": "not-landed",
                                "units": {"u9": "lost with its transport in the sea battle"}},
                               {"event": "assault-over",
                                "why": "no land or air attackers left (p.15)"}]}}


def _all_text(card: dict) -> str:
    return "\n".join(line["text"] for s in card["sections"] for line in s["lines"])


def test_rare_battle_events_become_sentences():
    n = report.Names(G.edition)
    card = report.describe_battle(n, {"region": "sz5", "name": "Sea Zone 5", "kind": "sea",
                                      "result": _rare_battle(), "instruction": "retreat"})
    text = _all_text(card)
    for phrase in ("makes a surprise strike", "submerge and leave the battle",
                   "strikes by surprise", "Aircraft Carrier u5",
                   "next legal unit after an illegal choice", "is wasted",
                   "loses its carrier", "goes down with", "retreats", "to Sea Zone 6",
                   "cannot", "Defenceless transports sunk", "is repaired",
                   "stalemate", "must reland", "Battleship (1 damaged)"):
        assert phrase in text, phrase
    assert "{" not in text and "-outnumbered" not in text and "standing-order" not in text
    assert "(standing order)" in text


def test_amphibious_bombardment_and_aa_fire_become_sentences():
    # the ships and the lost cargo are not in the battle snapshots: named from the state
    n = report.Names(G.edition, units=[{"id": "u3", "type": "battleship"}, {"id": "u4", "type": "cruiser"},
                            {"id": "u5", "type": "cruiser"}, {"id": "u9", "type": "infantry"}])
    card = report.describe_battle(n, _amphibious())
    text = _all_text(card)
    for phrase in ("Shore bombardment by Battleship u3", "may not fire",
                   "No shore bombardment", "Not landed", "assault is over",
                   "comes ashore", "AA gun u8 fires one die at each of 1 Fighter",
                   "shot down: Fighter u2", "2 AA guns present", "bombards the shore",
                   "takes Karelia S.S.R."):
        assert phrase in text, phrase
    assert [d["value"] for s in card["sections"] for line in s["lines"]
            for d in line["dice"]] == [5, 1]


# --- hostile text ----------------------------------------------------------------------------------
def _hostile_context(folder: GameFolder) -> dict:
    record, after = find_record(folder, "r1-germany-purchase")
    record = copy.deepcopy(record)
    record["dice"]["salts"] = [HOSTILE]
    record["results"][0]["reason"] = HOSTILE
    ctx = build_context(folder, record, after)
    ctx["title"] = HOSTILE
    ctx["battles"][0]["instruction"] = HOSTILE
    return ctx


def test_hostile_text_is_escaped_in_every_format(played):
    folder, _ = played
    ctx = _hostile_context(folder)
    out = {fmt: reports.render("axis_allies", fmt, ctx) for fmt in FORMATS}
    assert "<script>" not in out["html"] and "&lt;script&gt;" in out["html"]
    assert "&amp; &#34;q&#34; &#39;q&#39;" in out["html"]
    assert "[url=" not in out["bbcode"] and "\uff3burl=" in out["bbcode"]
    md = out["markdown"]
    assert not re.search(r"(?<!\\)<script", md) and "\\<script>" in md and "\\[url=" in md
    assert "\\*b\\*" in md and "\\`c\\`" in md
    assert HOSTILE in _flat(out["text"]) or HOSTILE.replace(" ", "") in out["text"].replace(
        " ", "").replace("\n", "")
    for fmt in FORMATS:  # the title shows up once escaped, in every format
        text = html.unescape(out[fmt]) if fmt == "html" else out[fmt]
        assert "alert(1)" in text


def test_settings_title_is_escaped_end_to_end(played, tmp_path):
    folder, _ = played
    settings = folder.settings()
    try:
        folder.write_settings({**settings, "title": HOSTILE})
        page = render_report(folder, "r1-ussr-purchase", "html")
        assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page
    finally:
        folder.write_settings(settings)


# --- turns without battles ----------------------------------------------------------------------
def test_nmr_and_draw_records_render_in_every_format(tmp_path):
    folder = service.new_game(tmp_path / "quiet", "aa1942")
    service.adjudicate(folder, force=True)  # the USSR sent nothing
    service.declare_draw(folder, ["germany", "japan", "uk", "usa", "ussr"])
    for phase, words in (("r1-ussr-purchase", "No orders were received"),
                         ("r1-germany-purchase", "drawn between")):
        for fmt in FORMATS:
            out = render_report(folder, phase, fmt)
            assert words in html.unescape(out), (phase, fmt)
            assert "No dice were rolled" in out
    text = render_report(folder, "r1-germany-purchase", "text")
    assert "Allies 6: Washington" in text  # victory cities read from the state after a draw


# --- deadline --------------------------------------------------------------------------------------
def test_next_phase_shows_the_deadline(played):
    folder, _ = played
    record, after = find_record(folder)
    ctx = build_context(folder, record, after, deadline="2026-02-01T12:00:00Z")
    assert ctx["next"]["deadline"] == "2026-02-01T12:00:00Z"
    for fmt in FORMATS:
        assert "2026-02-01T12:00:00Z" in reports.render("axis_allies", fmt, ctx)


# --- golden ----------------------------------------------------------------------------------------
def test_golden_text_report(played):
    folder, _ = played
    text = reports.render("axis_allies", "text", _context(folder, "r1-germany-purchase"))
    path = GOLDEN / "aa1942-r1-germany-purchase.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), "run with UPDATE_GOLDEN=1 to create the golden file"
    assert text == path.read_text(encoding="utf-8")
