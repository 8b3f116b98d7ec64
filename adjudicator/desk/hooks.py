"""What the desk does after each operation of :mod:`adjudicator.service`.

The service publishes an event (:mod:`adjudicator.events`) under the game lock after it has
written the new state, and :func:`adjudicator.desk.install` hands it to :func:`on_event`.
Every operation is written to the game's audit log; after an adjudication or a draw the
lateness table is updated, the next phase's deadline is set and the results (report text,
plus the map when the game drew one) are queued for every player and observer when the game
lives in a judge folder. When the new phase begins, orders sent ahead for it (mail with a
``PHASE`` line naming a later phase) are checked against the rules and each player gets an
acknowledgement, exactly as if they had just sent them; orders that turn out to hold
nothing for the phase are set aside (they stop counting) and the player is told.

Why mail failures do not raise: the adjudication is already on disk; a broken report
mail must not make the moderator think it failed. The failure goes to the audit log.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator import events
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import judge_of
from adjudicator.record import record
from adjudicator.registry import game_for_state
from adjudicator.service import Acknowledgement, acknowledge, game_of, power_names
from adjudicator.store import GameFolder, Submission


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
                            "powers": data.get("powers"),
                            **({"by": data["by"]} if data.get("by") else {})},
                   seq=data.get("seq"))
            return
        if event.kind == "concession":
            append("concession", {"phase": data["phase"], "seq": data.get("seq"),
                                  "winner": data.get("winner"), "by": data.get("by")},
                   seq=data.get("seq"))
            return
        append("adjudication", {
            "phase": data["phase"], "seq": data.get("seq"), "nmr": data.get("nmr", []),
            "submissions": {p: s["version"] for p, s in data.get("submissions", {}).items()},
            "state_after_sha256": data.get("state_after_sha256")}, seq=data.get("seq"))
        if data.get("nmr"):
            from adjudicator.desk.players import Roster  # only here: orders need no roster

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
    from adjudicator.desk import deadlines  # not at module level: orders need no schedule

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
    return queued_mail(judge, kind) is not None


def queued_mail(judge, kind: str) -> Path | None:
    """The mail of this ``kind`` queued already (pending, sent or failed), or None."""
    pattern = f"*-{kind}-*.eml"
    return next((p for sub in ("", "sent", "failed") for p in (judge.outbox / sub).glob(pattern)),
                None)


@record
class _Ahead:
    """What the check of one power's orders sent ahead found."""

    power: str
    newest: int  # the version the player sent last (names the mail, once)
    standing: tuple[Submission, Acknowledgement] | None  # the one that counts now
    aside: list[tuple[Submission, Acknowledgement]]  # newer ones that turned out not to count
    used: bool  # False: the power has nothing to order in this phase


def check_orders_sent_ahead(folder: GameFolder, replayed: bool = False) -> list[dict]:
    """Validate the submissions already stored for the phase that has just begun.

    They were sent ahead (their syntax was checked on arrival, their rules could not be:
    the position did not exist yet). They count by the rule every submission follows
    (:func:`adjudicator.service.counts_as_orders`), now against the position: one whose
    orders all belong to another phase (builds sent for what turned out to be a retreat
    phase), or in which nothing is understood, is set aside (it stops counting, and the
    power's earlier submission, if any, stands again). Each player is told what the rules
    make of their orders, with time to resend before the deadline. Runs under the game
    lock (from the adjudication hook).

    Setting aside comes first, for every power, so whether orders count never depends on a
    mail going out; it is decided from the stored texts and the position alone, so a
    check interrupted and run again (``replayed``) decides the same, sets nothing aside
    twice and mails and logs each power once.
    """
    state = folder.read_state()
    phase = state["phase"]
    if not folder.has_submissions(phase):
        return []  # nothing was sent ahead: the usual case, answered without the game
    game = game_for_state(state)
    if game.is_over(state):
        return []
    must = game.who_must_act(state)
    found: list[_Ahead] = []
    for power in dict.fromkeys([*game.powers(state), *folder.latest_submissions(phase)]):
        # what counted when it arrived, and what an interrupted check already set aside
        sent = [s for s in folder.submissions(phase, power) if s.counts or s.set_aside]
        if not sent:
            continue
        if power not in must:
            latest = next((s for s in reversed(sent) if s.counts), None)
            if latest is not None:
                ack = Acknowledgement(phase, power, latest.version, names=power_names(game))
                found.append(_Ahead(power, latest.version, (latest, ack), [], False))
            continue
        aside, standing = [], None
        for sub in reversed(sent):
            ack = acknowledge(folder, game, state, power, sub.text, sub.version)
            if ack.counted:
                standing = (sub, ack)
                break
            aside.append((sub, ack))
        found.append(_Ahead(power, sent[-1].version, standing, aside, True))
    for ahead in found:
        for sub, ack in ahead.aside:
            folder.set_aside(sub, (f"none of its orders can be given in {phase}"
                                   if ack.understood else "nothing in it was understood"))

    from adjudicator.desk import deadlines
    from adjudicator.desk.players import Roster

    judge = judge_of(folder)
    roster = Roster(folder)
    log = game_audit(folder.path)
    names = power_names(game)
    subs = folder.latest_submissions(phase)
    waiting = [p for p in must if p not in subs]
    deadline = deadlines.deadline_for(folder, phase)
    checked = []
    for ahead in found:
        power, who = ahead.power, names.get(ahead.power, ahead.power)
        standing = ahead.standing[0].version if ahead.standing else None
        record: dict = {"phase": phase, "power": power, "version": standing,
                        "errors": len(ahead.standing[1].errors) if ahead.standing else 0,
                        "used": ahead.used}
        if ahead.aside:
            record["set_aside"] = [sub.version for sub, _ in ahead.aside]
        kind = f"ahead-{folder.path.name}-{phase}-{power}-v{ahead.newest}"
        logged = replayed and log.has("orders-ahead-checked", phase=phase, power=power,
                                      version=standing)
        path = queued_mail(judge, kind) if replayed and judge is not None else None
        if path is None and judge is not None and not logged:
            from adjudicator.desk import outbox

            holder = roster.holder(power)
            to = [holder["email"]] if holder and holder.get("email") else []
            from adjudicator.desk import timezones

            shown = (timezones.show_time(deadline, timezones.zone_for(judge, to[0] if to
                                                                       else None))
                     if deadline else None)  # in the player's zone and UTC
            path = outbox.send(judge, to, f"[{folder.path.name} {power}] Orders for {phase} "
                               "checked", _ahead_text(game, state, ahead, who, waiting,
                                                      shown), kind=kind)
        record["mail"] = path.name if path else None
        if not logged:
            log.append("orders-ahead-checked", record)
        checked.append(record)
    return checked


def _ahead_text(game, state: dict, ahead: _Ahead, who: str, waiting: list[str],
                deadline: str | None) -> str:
    """The acknowledgement of orders sent ahead, as their phase begins."""
    phase = state["phase"]
    acks = [ack for _, ack in ahead.aside] + ([ahead.standing[1]] if ahead.standing else [])
    for ack in acks:
        ack.waiting_for = waiting
    for _, ack in ahead.aside:
        ack.summary = []  # "no order for A par: it holds" says nothing of what does not count
    blocks = [ack.describe(waiting=ack is acks[-1]) for ack in acks]
    note = ("" if ahead.used else
            f"{who} has nothing to order in this phase: these orders are not used.\n")
    if not ahead.used:
        closing = ""
    elif ahead.standing is None:
        closing = (f"\nNone of the orders you sent ahead counts in {phase}: {who} has no "
                   "orders for it yet. Send them before the deadline.\n")
    elif ahead.aside:
        later = ", ".join(str(sub.version) for sub, _ in reversed(ahead.aside))
        plural = "s" if len(ahead.aside) > 1 else ""
        closing = (f"\nYour submission{plural} {later} for {phase} do{'' if plural else 'es'} "
                   f"not count, so submission {ahead.standing[0].version}, sent earlier, "
                   "stands: it counts as it is; send new orders before the deadline to change "
                   "it.\n")
    else:
        closing = ("\nThey count as they are; send new orders before the deadline to change "
                   "them.\n")
    return (f"{game.phase_name(state)} ({phase}) has begun. Your orders sent earlier for "
            f"this phase were checked against the position:\n\n{note}"
            + "\n\n".join(blocks) + "\n"
            + (f"Deadline: {deadline}\n" if deadline else "") + closing)


def distribute_results(judge, folder: GameFolder, record: dict, kind: str) -> None:
    from adjudicator.desk import outbox
    from adjudicator.desk.players import Roster
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
