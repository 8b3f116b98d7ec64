"""``adj tick``: the cron job. Safe to run every minute, twice at once, or late.

For every game of the judge, in name order:

1. skip games that are over or paused;
2. renew a stale schedule (new phase: deadline = now + length of the phase kind);
3. adjudicate when all orders are in and early processing is allowed, or when
   deadline + grace has passed (missing powers get the game's NMR rule, i.e. ``--force``);
4. at the deadline itself, record the missing powers as late (once per phase) and
   tell them;
5. send a reminder to the missing powers once per phase when the deadline is near.

Idempotent: each decision is re-checked under the game lock, adjudication passes
``expect_phase`` so a concurrent tick cannot resolve the following phase, and the
reminder/lateness flags are per phase.

Fast when idle: a judge may hold thousands of games of which a handful need anything. After
a tick finds nothing to do in a game it leaves an *idle note* in the schedule: the
modification times of what could change the answer (``game.json``, ``settings.json``, the
current phase's ``orders/`` folder) and the earliest moment something falls due (a reminder,
the deadline, deadline plus grace; none for a paused or finished game). The next tick reads
the schedule and three ``stat`` results and, if nothing moved and that moment has not come,
goes on without taking the lock or reading the state. Any write of the schedule (a new
deadline, a pause) drops the note, so it can only ever make a tick look again too early,
never too late; a note is written only when it changes, so an idle tick writes nothing.
"""

from __future__ import annotations

import json
import os
from datetime import timedelta

from adjudicator import service
from adjudicator.desk import deadlines, outbox, timezones
from adjudicator.desk.audit import game_audit
from adjudicator.desk.hooks import mail_queued
from adjudicator.desk.judge import Judge, judge_of
from adjudicator.desk.players import Roster
from adjudicator.logs import get_logger
from adjudicator.record import field, record
from adjudicator.store import GameFolder, atomic_write, canonical_json

log = get_logger(__name__)


@record
class TickReport:
    game: str
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "actions": self.actions}


def tick_judge(judge: Judge) -> list[TickReport]:
    reports = []
    for name in judge.game_names():
        folder = judge.game(name)
        try:
            reports.append(tick_game(folder))
        except Exception as exc:  # noqa: BLE001 - one broken game must not stop the others
            log.error("%s: tick failed: %r", name, exc)
            game_audit(folder.path).append("tick-error", {"error": repr(exc)[:500]})
            reports.append(TickReport(name, [f"error: {exc}"]))
    return reports


def tick_game(folder: GameFolder) -> TickReport:
    report = TickReport(folder.path.name)
    idle = _idle_note(folder)
    if idle is not None:
        if idle.get("paused"):
            report.actions.append("paused")
        return report
    game = service.game_of(folder)
    # Adjudicate as long as phases are due (a phase resolved at its deadline starts a new
    # one whose deadline lies in the future, so this loop runs at most a few times).
    for _ in range(10):
        with folder.lock():
            state = folder.read_state()
            if game.is_over(state):
                _note_idle(folder, game)
                return report
            sched = deadlines.current_schedule(folder, game, state)
            if sched.get("paused") and (folder.path / "desk" / "signup.json").exists():
                from adjudicator.desk import signup

                if signup.finish_interrupted_start(folder, game, state):
                    report.actions.append("started (sign-up full)")
                    continue
            if sched.get("paused"):
                report.actions.append("paused")
                _note_idle(folder, game)
                return report
            phase = state["phase"]
            subs = folder.latest_submissions(phase)
            missing = [p for p in game.who_must_act(state) if p not in subs]
            due = deadlines.effective_deadline(folder, sched)
            now = deadlines.now()
            early = bool(deadlines.desk_settings(folder).get("early", True))
            if not missing and early:
                decision = "early"
            elif due is not None and now >= due:
                decision = "deadline"
            else:
                decision = None
        if decision is None:
            break
        try:
            entry = service.adjudicate(folder, force=True, expect_phase=phase)
        except service.PhaseChanged:
            continue  # someone else resolved it; look again
        log.info("%s: %s is due (%s)", folder.path.name, phase, decision)
        report.actions.append(f"adjudicated {phase} ({decision})"
                              + (f", NMR: {', '.join(entry['nmr'])}" if entry["nmr"] else ""))
    _lateness_and_reminders(folder, game, report)
    if not report.actions:
        with folder.lock():
            _note_idle(folder, game)
    return report


# --- the idle note (module docstring) -------------------------------------------------------
def _stamps(folder: GameFolder, phase: str) -> list[int | None]:
    out: list[int | None] = []
    for path in (folder.path / "game.json", folder.path / "settings.json",
                 folder.path / "orders" / phase, folder.path / "desk" / "signup.json"):
        try:
            out.append(os.stat(path).st_mtime_ns)
        except FileNotFoundError:
            out.append(None)
    return out


def _idle_note(folder: GameFolder) -> dict | None:
    """The idle note when it still holds (nothing moved, nothing due yet), else None."""
    if _notices_path(folder).exists():
        return None  # an interrupted notice must be completed
    try:
        sched = deadlines.load_schedule(folder)
    except (OSError, ValueError):
        return None
    note = sched.get("idle")
    if not isinstance(note, dict) or note.get("stamps") != _stamps(folder, str(note.get(
            "phase"))):
        return None
    until = note.get("until")
    if until is not None and deadlines.now() >= deadlines.parse_time(until):
        return None
    return note


def _note_idle(folder: GameFolder, game) -> None:
    """Leave the idle note for the next tick (module docstring). Call it under the game
    lock, so the stamps and the state they describe belong together."""
    state = folder.read_state()
    sched = deadlines.load_schedule(folder)
    over = game.is_over(state)
    if sched.get("phase") != state["phase"] and not over:
        return  # not scheduled yet (a finished game keeps its last schedule)
    until = None
    if not over and not sched.get("paused"):
        subs = folder.latest_submissions(state["phase"])
        missing = [p for p in game.who_must_act(state) if p not in subs]
        settings = deadlines.desk_settings(folder)
        if not missing and settings.get("early", True):
            return  # due now: the next tick must look
        due = []
        if sched.get("deadline"):
            deadline = deadlines.parse_time(sched["deadline"])
            due.append(deadlines.effective_deadline(folder, sched))
            if not sched.get("late_marked"):
                due.append(deadline)
            if missing and not sched.get("reminded"):
                reminder = deadlines.parse_duration(settings.get("reminder") or "12h")
                due.append(deadline - timedelta(seconds=reminder))
        until = deadlines.iso(min(due)) if due else None
    note = {"phase": state["phase"], "stamps": _stamps(folder, state["phase"]), "until": until,
            "paused": bool(sched.get("paused")) and not over}
    if sched.get("idle") != note:
        sched["idle"] = note
        deadlines.save_schedule(folder, sched, keep_idle=True)


def _lateness_and_reminders(folder: GameFolder, game, report: TickReport) -> None:
    """At the deadline, mark the missing powers late and tell them; near it, remind them.

    Each notice is a small transition of its own: what it will do (the schedule flag, the
    lateness table, the audit entry, the mails) is written to ``desk/notices.json`` first
    and done afterwards, every step idempotent, so a tick killed half way is completed by
    the next one (:func:`_complete_notices`) and no reminder is lost or sent twice.
    """
    with folder.lock():
        _complete_notices(folder)
        state = folder.read_state()
        if game.is_over(state):
            return
        sched = deadlines.current_schedule(folder, game, state)
        if sched.get("paused") or not sched.get("deadline"):
            return
        phase = state["phase"]
        subs = folder.latest_submissions(phase)
        missing = [p for p in game.who_must_act(state) if p not in subs]
        deadline = deadlines.parse_time(sched["deadline"])
        now = deadlines.now()
        roster = Roster(folder)
        name = folder.path.name
        stamp = sched["deadline"].replace(":", "").replace("-", "")
        notices: list[dict] = []
        if now >= deadline and not sched.get("late_marked"):
            late = [p for p in missing if f"{phase}:late" not in
                    roster.load()["lateness"].get(p, {}).get("phases", {})]
            due = deadlines.effective_deadline(folder, sched)
            notices.append({
                # past the deadline a reminder would be a lateness notice
                "flags": {"late_marked": True, "reminded": True},
                "lateness": late, "audit": ["late", {"phase": phase, "powers": late}],
                "action": "late: " + ", ".join(late) if late else None,
                "mails": [{
                    "to": to,
                    "subject": f"[{name}] LATE: orders missing for {phase}",
                    "body": (f"The deadline for {game.phase_name(state)} ({phase}) has passed "
                             f"and there are no orders from: "
                             f"{', '.join(map(game.power_name, late))}.\n"
                             f"The phase will be processed {timezones.show_time(due, zone)} "
                             "with the missing powers' orders replaced by the no-move rule.\n"),
                    "kind": f"late-{name}-{phase}-{stamp}{suffix}"}
                    for zone, to, suffix in _by_zone(folder, roster, late)]})
        reminder = deadlines.parse_duration(deadlines.desk_settings(folder).get("reminder")
                                            or "12h")
        if (not sched.get("reminded") and not notices and missing
                and now >= deadline - timedelta(seconds=reminder)):
            to = [r["email"] for p in missing if (r := roster.holder(p))]
            unplayed = [p for p in missing if not roster.holder(p)]
            notices.append({
                "flags": {"reminded": True}, "lateness": [],
                "audit": ["reminder", {"phase": phase, "powers": missing, "to": to}],
                "action": "reminded: " + (", ".join(p for p in missing if p not in unplayed)
                                          or "nobody")
                          + (f" (no player: {', '.join(unplayed)})" if unplayed else ""),
                # one mail per time zone of the readers: each reads the deadline in theirs
                "mails": [{
                    "to": zone_to,
                    "subject": f"[{name}] Reminder: orders due "
                               f"{timezones.show_time(deadline, zone)}",
                    "body": (f"Orders for {game.phase_name(state)} ({phase}) are due "
                             f"{timezones.show_time(deadline, zone)}.\nStill missing: "
                             f"{', '.join(map(game.power_name, missing))}.\n"),
                    "kind": f"reminder-{name}-{phase}-{stamp}{suffix}"}
                    for zone, zone_to, suffix in _by_zone(folder, roster, missing)]})
        if notices:
            atomic_write(_notices_path(folder), canonical_json({"phase": phase,
                                                                "notices": notices}))
            report.actions += [n["action"] for n in notices if n["action"]]
            _complete_notices(folder)


def _by_zone(folder: GameFolder, roster: Roster,
             powers: list[str]) -> list[tuple[str, list[str], str]]:
    """The addresses of ``powers``' players grouped by the time zone each reads times in
    (their own, else the judge's; desk/timezones.py): ``(zone, addresses, kind suffix)``, the
    judge's zone first with no suffix, so one mail per zone says every time as its readers
    read it."""
    judge = judge_of(folder)
    default = timezones.judge_zone(judge) if judge else "UTC"
    groups: dict[str, list[str]] = {}
    for power in powers:
        address = (roster.holder(power) or {}).get("email")
        if not address:
            continue
        zone = timezones.zone_for(judge, address) if judge else default
        if address not in groups.setdefault(zone, []):
            groups[zone].append(address)
    order = sorted(groups, key=lambda z: (z != default, z))
    return [(z, groups[z], "" if z == default else "-" + z.replace("/", "_")) for z in order]


def _notices_path(folder: GameFolder):
    return folder.path / "desk" / "notices.json"


def _complete_notices(folder: GameFolder) -> None:
    """Carry out the notices written to ``desk/notices.json`` and remove it; each step is
    skipped when it was done before an interruption. Under the game lock."""
    path = _notices_path(folder)
    if not path.exists():
        return
    pending = json.loads(path.read_text(encoding="utf-8"))
    phase = pending["phase"]
    sched = deadlines.load_schedule(folder)
    log = game_audit(folder.path)
    judge = judge_of(folder)
    for notice in pending["notices"]:
        if sched.get("phase") == phase and any(sched.get(k) != v
                                               for k, v in notice["flags"].items()):
            sched.update(notice["flags"])
            deadlines.save_schedule(folder, sched)
        if notice["lateness"]:
            Roster(folder).record_lateness(phase, notice["lateness"], "late")
        event, data = notice["audit"]
        if not log.has(event, **data):
            log.append(event, data)
        # "mail": one mail, as notices written before per-zone mails have it
        for mail in notice.get("mails") or [notice.get("mail")]:
            if mail and judge is not None and not mail_queued(judge, mail["kind"]):
                outbox.send(judge, mail["to"], mail["subject"], mail["body"],
                            kind=mail["kind"])
    path.unlink()
