"""What the desk does after each operation of :mod:`adjudicator.service`.

``service`` calls :func:`after_operation` under the game lock after it has written the
new state. Here the operation is written to the game's audit log; after an adjudication
or a draw the lateness table is updated, the next phase's deadline is set and the
results (report text, plus the map when the game drew one) are queued for every player
and observer when the game lives in a judge folder.

Why mail failures do not raise: the adjudication is already on disk; a broken report
mail must not make the moderator think it failed. The failure goes to the audit log.
"""

from __future__ import annotations

from adjudicator.desk import deadlines
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import judge_of
from adjudicator.desk.players import Roster
from adjudicator.store import GameFolder


def after_operation(folder: GameFolder, event: str, data: dict) -> None:
    log = game_audit(folder.path)
    if event == "adjudication":
        log.append("adjudication", {
            "phase": data["phase"], "seq": data.get("seq"), "nmr": data.get("nmr", []),
            "submissions": {p: s["version"] for p, s in data.get("submissions", {}).items()},
            "state_after_sha256": data.get("state_after_sha256")})
        if data.get("nmr"):
            Roster(folder).record_lateness(data["phase"], list(data["nmr"]), "nmr")
        _schedule_next(folder)
    elif event == "draw":
        log.append("draw", {"phase": data["phase"], "seq": data.get("seq"),
                            "powers": data.get("powers")})
    elif event == "reports-written":
        _distribute(folder, data)
    else:
        log.append(event, data)


def _schedule_next(folder: GameFolder) -> dict:
    """Set the deadline of the phase that follows a resolution (none once the game is over)."""
    from adjudicator.service import game_of

    game = game_of(folder)
    state = folder.read_state()
    return {} if game.is_over(state) else deadlines.current_schedule(folder, game, state)


def _distribute(folder: GameFolder, record: dict) -> None:
    """Mail the written reports to players and observers (when the game has a judge)."""
    judge = judge_of(folder)
    if judge is None:
        return
    try:
        distribute_results(judge, folder, record)
    except Exception as exc:  # noqa: BLE001 - see module docstring
        game_audit(folder.path).append("mail-error", {"phase": record["phase"],
                                                      "error": repr(exc)[:500]})


def distribute_results(judge, folder: GameFolder, record: dict) -> None:
    from adjudicator.desk import outbox

    phase = record["phase"]
    report_dir = folder.path / "reports" / phase
    txt = report_dir / "report.txt"
    body = txt.read_text(encoding="utf-8") if txt.exists() else f"{phase} resolved.\n"
    attachments = [p for p in (report_dir / "map.svg",) if p.exists()]
    to = Roster(folder).recipients(include_observers=True)
    name = folder.path.name
    path = outbox.send(judge, to, f"[{name}] Results {phase}", body, kind=f"results-{name}",
                       attachments=attachments)
    game_audit(folder.path).append("results-mailed", {
        "phase": phase, "to": to, "file": path.name if path else None,
        "attachments": [p.name for p in attachments]})
