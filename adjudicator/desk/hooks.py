"""What the desk does after each operation of :mod:`adjudicator.service`.

The service publishes an event (:mod:`adjudicator.events`) under the game lock after it has
written the new state, and :func:`adjudicator.desk.install` hands it to :func:`on_event`.
Every operation is written to the game's audit log; after an adjudication or a draw the
lateness table is updated, the next phase's deadline is set and the results (report text,
plus the map when the game drew one) are queued for every player and observer when the game
lives in a judge folder. When the new phase begins, orders sent ahead for it (mail with a
``PHASE`` line naming a later phase) are checked against the rules and each player gets an
acknowledgement, exactly as if they had just sent them.

Why mail failures do not raise: the adjudication is already on disk; a broken report
mail must not make the moderator think it failed. The failure goes to the audit log.
"""

from __future__ import annotations

from adjudicator import events
from adjudicator.desk import deadlines
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import judge_of
from adjudicator.desk.players import Roster
from adjudicator.service import Acknowledgement, check_orders, game_of
from adjudicator.store import GameFolder


def on_event(event: events.Event) -> None:
    """Handle one event of the service. A ``replayed`` event (an interrupted operation being
    completed) may have been handled before the interruption: each step then checks the
    audit log (or its own state) first, so nothing is logged or mailed twice."""
    folder = event.folder
    log = game_audit(folder.path)

    def append(name: str, data: dict, **key: object) -> None:
        if not (event.replayed and log.has(name, **key)):
            log.append(name, data)

    if isinstance(event, events.PhaseResolved):
        data = event.record
        if event.kind == "draw":
            append("draw", {"phase": data["phase"], "seq": data.get("seq"),
                            "powers": data.get("powers")}, seq=data.get("seq"))
            return
        append("adjudication", {
            "phase": data["phase"], "seq": data.get("seq"), "nmr": data.get("nmr", []),
            "submissions": {p: s["version"] for p, s in data.get("submissions", {}).items()},
            "state_after_sha256": data.get("state_after_sha256")}, seq=data.get("seq"))
        if data.get("nmr"):
            Roster(folder).record_lateness(data["phase"], list(data["nmr"]), "nmr")
        _schedule_next(folder)
        _guarded(folder, data["phase"], check_orders_sent_ahead, event.replayed)
    elif isinstance(event, events.ReportsWritten):
        _distribute(folder, event.record, event.replayed)
    else:
        data = event.audit_data()
        append(event.name, data, **data)


def _schedule_next(folder: GameFolder) -> dict:
    """Set the deadline of the phase that follows a resolution (none once the game is over)."""
    game = game_of(folder)
    state = folder.read_state()
    return {} if game.is_over(state) else deadlines.current_schedule(folder, game, state)


def _guarded(folder: GameFolder, phase: str, action, *args) -> None:
    """Run a mail-sending step; a failure is logged, never raised (see module docstring)."""
    try:
        action(folder, *args)
    except Exception as exc:  # noqa: BLE001 - see module docstring
        game_audit(folder.path).append("mail-error", {"phase": phase,
                                                      "error": repr(exc)[:500]})


def _distribute(folder: GameFolder, record: dict, replayed: bool = False) -> None:
    """Mail the written reports to players and observers (when the game has a judge), once:
    an interrupted operation completed later does not mail them again."""
    judge = judge_of(folder)
    if judge is None:
        return
    kind = f"results-{folder.path.name}-s{record.get('seq')}"
    if replayed and mail_queued(judge, kind):
        return
    _guarded(folder, record["phase"], lambda f: distribute_results(judge, f, record, kind))


def mail_queued(judge, kind: str) -> bool:
    """Whether a mail of this ``kind`` (its file name says it) was queued already, pending,
    sent or failed: what makes a mail go out once when an interrupted operation is
    completed later. Looked up on recovery only."""
    pattern = f"*-{kind}-*.eml"
    return any(any((judge.outbox / sub).glob(pattern)) for sub in ("", "sent", "failed"))


def check_orders_sent_ahead(folder: GameFolder, replayed: bool = False) -> list[dict]:
    """Validate the submissions already stored for the phase that has just begun.

    They were sent ahead (their syntax was checked on arrival, their rules could not be:
    the position did not exist yet). They count as they are, the latest per power, like any
    submission; this tells each player what the rules make of them, with time to resend
    before the deadline. Runs under the game lock (from the adjudication hook).
    """
    game = game_of(folder)
    state = folder.read_state()
    if game.is_over(state):
        return []
    phase = state["phase"]
    subs = folder.latest_submissions(phase)
    if not subs:
        return []
    judge = judge_of(folder)
    roster = Roster(folder)
    log = game_audit(folder.path)
    must = game.who_must_act(state)
    waiting = [p for p in must if p not in subs]
    deadline = deadlines.deadline_for(folder, phase)
    checked = []
    for power, sub in subs.items():
        kind = f"ahead-{folder.path.name}-{phase}-{power}-v{sub.version}"
        if replayed and (log.has("orders-ahead-checked", phase=phase, power=power,
                                 version=sub.version)
                         or (judge is not None and mail_queued(judge, kind))):
            continue
        if power in must:
            _, ack = check_orders(game, state, power, sub.text)
            note = ""
        else:
            ack = Acknowledgement(phase, power, sub.version)
            note = f"{power} has nothing to order in this phase: these orders are not used.\n"
        ack.version = sub.version
        ack.waiting_for = waiting
        holder = roster.holder(power)
        to = [holder["email"]] if holder and holder.get("email") else []
        closing = ("\nThey count as they are; send new orders before the deadline to change "
                   "them.\n" if power in must else "")
        body = (f"{game.phase_name(state)} ({phase}) has begun. Your orders sent earlier for "
                f"this phase were checked against the position:\n\n{note}{ack.describe()}\n"
                + (f"Deadline: {deadline}\n" if deadline else "") + closing)
        path = None
        if judge is not None:
            from adjudicator.desk import outbox

            path = outbox.send(judge, to, f"[{folder.path.name} {power}] Orders for {phase} "
                               "checked", body, kind=kind)
        record = {"phase": phase, "power": power, "version": sub.version,
                  "errors": len(ack.errors), "used": power in must,
                  "mail": path.name if path else None}
        log.append("orders-ahead-checked", record)
        checked.append(record)
    return checked


def distribute_results(judge, folder: GameFolder, record: dict, kind: str) -> None:
    from adjudicator.desk import outbox
    from adjudicator.publish.files import map_png

    phase = record["phase"]
    report_dir = folder.path / "reports" / phase
    txt = report_dir / "report.txt"
    body = txt.read_text(encoding="utf-8") if txt.exists() else f"{phase} resolved.\n"
    to = Roster(folder).recipients(include_observers=True)
    # the PNG shows inline in mail clients (drawn now, once, and only when someone gets it)
    png = map_png(folder, game_of(folder), phase) if to else None
    attachments = [png] if png else []
    name = folder.path.name
    path = outbox.send(judge, to, f"[{name}] Results {phase}", body, kind=kind,
                       attachments=attachments)
    game_audit(folder.path).append("results-mailed", {
        "phase": phase, "seq": record.get("seq"), "to": to, "file": path.name if path else None,
        "attachments": [p.name for p in attachments]})
