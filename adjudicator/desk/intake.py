"""Mail intake: route each message to its game, authenticate, submit, reply.

Conventions (docs/moderator-desk.md, "Mail conventions"):

- Header lines anywhere in the new text of the body (njudge style, case-insensitive,
  colon optional)::

      GAME mygame
      POWER France
      PASSWORD s3cret            (also PW or TOKEN)
      PHASE S1901M               (optional: refuse if the game has moved on; a later
                                  phase stores the orders for that phase)
      SIGNON France@mygame s3cret  (DPjudge style: all three at once)
      MODERATOR <moderator token>  (moderator commands)

- Subject: ``[mygame]`` or ``[mygame France]`` (also ``[mygame/France]``) anywhere in the
  subject gives the game (and power); body lines override it. Replies keep the tag.
- Commands on a line of their own: ``STATUS``; ``END``/``SIGNOFF`` (ignore the rest).
  Moderator only: ``PAUSE``, ``RESUME``, ``PROCESS`` (adjudicate, NMR for the missing),
  ``DEADLINE <ISO time>``, ``EXTEND <duration>``.
- Every other line is an order line and is submitted verbatim for the current phase, or
  for the later phase named by ``PHASE`` (orders sent ahead: syntax and names are checked
  at once, the rules when that phase begins, see ``hooks.check_orders_sent_ahead``).

Security: From never authenticates anything. Only the PASSWORD of the named power (or
the moderator token) lets a message change anything; a quoted old message cannot carry
a password because quotes are stripped first; a replayed message is recognised by its
Message-ID and ignored.

Idempotence: a Message-ID is marked "processing" (atomically, under the judge's mail lock)
before anything is stored, and "done" afterwards. A process killed in between leaves the
"processing" marker; the next ingest of that message recovers instead of starting over:
submissions already stored from it are found by their Message-ID (never stored twice),
and moderator commands are not run a second time.
"""

from __future__ import annotations

import hashlib
import json
import mailbox
import os
import re
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator import service
from adjudicator.desk import deadlines, outbox
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import Judge, JudgeError
from adjudicator.desk.mailparse import ParsedMail, parse_mail
from adjudicator.desk.players import Roster
from adjudicator.errors import AdjudicatorError
from adjudicator.game import orders_ahead_allowed, phase_position
from adjudicator.logs import get_logger
from adjudicator.store import (
    GameFolder,
    StoreError,
    Submission,
    atomic_write,
    canonical_json,
    file_stamp,
    now_iso,
    sha256_text,
)
from adjudicator.store import validate_game_name as _valid_name

log = get_logger(__name__)

_HEADER = re.compile(
    r"^\s*(GAME|POWER|PASSWORD|PASSWD|PW|TOKEN|PHASE|MODERATOR|SIGNON|SIGN\s+ON)\b\s*[:=]?\s*(.*)$",
    re.IGNORECASE)
_COMMAND = re.compile(r"^\s*(STATUS|END|SIGNOFF|SIGN\s+OFF|PAUSE|RESUME|PROCESS|DEADLINE|EXTEND)"
                      r"\b\s*[:=]?\s*(.*?)\s*$", re.IGNORECASE)
_SUBJECT_TAG = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_-]{0,63})(?:[\s/:]+([A-Za-z][\w-]{0,31}))?\]")
MODERATOR_COMMANDS = {"PAUSE", "RESUME", "PROCESS", "DEADLINE", "EXTEND"}


@dataclass
class Directives:
    """What a message asks for, read from its subject and cleaned body."""

    game: str | None = None
    power: str | None = None
    password: str | None = None
    moderator: str | None = None
    phase: str | None = None
    commands: list[tuple[str, str]] = field(default_factory=list)
    order_text: str = ""
    order_lines: int = 0


@dataclass
class Outcome:
    message_id: str
    status: str  # accepted, rejected, duplicate, unmatched, denied, status, command, error
    game: str | None = None
    powers: list[str] = field(default_factory=list)
    reply: str | None = None  # outbox file name
    detail: str = ""

    def to_json(self) -> dict:
        return {"message_id": self.message_id, "status": self.status, "game": self.game,
                "powers": self.powers, "reply": self.reply, "detail": self.detail}


def read_directives(mail: ParsedMail) -> Directives:
    d = Directives()
    for m in _SUBJECT_TAG.finditer(mail.subject):
        d.game, d.power = m.group(1), m.group(2)
        break
    order_lines: list[str] = []
    for line in mail.body.split("\n"):
        h = _HEADER.match(line)
        if h:
            key, value = h.group(1).upper().replace(" ", ""), h.group(2).strip()
            if key == "GAME":
                d.game = value.split()[0] if value else ""
            elif key == "POWER":
                d.power = value.split()[0] if value else ""
            elif key in ("PASSWORD", "PASSWD", "PW", "TOKEN"):
                d.password = value.split()[0] if value else ""
            elif key == "PHASE":
                d.phase = value.split()[0] if value else ""
            elif key == "MODERATOR":
                d.moderator = value.split()[0] if value else ""
            elif key == "SIGNON":
                parts = value.replace("@", " ").split()
                if len(parts) >= 3:
                    d.power, d.game, d.password = parts[0], parts[1], parts[2]
                elif len(parts) == 2:
                    d.power, d.password = parts
            order_lines.append("")  # keep line numbers of the orders stable
            continue
        c = _COMMAND.match(line)
        if c and (not c.group(2) or c.group(1).upper() in ("DEADLINE", "EXTEND")):
            cmd = c.group(1).upper().replace(" ", "")
            if cmd in ("END", "SIGNOFF"):
                break
            d.commands.append((cmd, c.group(2)))
            order_lines.append("")
            continue
        order_lines.append(line)
    while order_lines and not order_lines[-1].strip():
        order_lines.pop()
    d.order_lines = sum(1 for ln in order_lines if ln.strip())
    d.order_text = "\n".join(order_lines) + ("\n" if order_lines else "")
    return d


# --- the per-message pipeline ---------------------------------------------------------------
class Intake:
    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.limits = judge.limits()

    # seen markers live under the judge so a message is recorded once whichever game it names
    def _seen_path(self, message_id: str) -> Path:
        h = hashlib.sha256(message_id.encode("utf-8", "replace")).hexdigest()
        return self.judge.path / "mail" / "seen" / f"{h}.json"

    def ingest(self, raw: bytes, source: str = "mail") -> Outcome:
        """Process one raw message; never raises for anything the message contains."""
        with self.judge.mail_lock():
            # An oversized message is only read far enough for its headers: it will be
            # refused by the size limit anyway, and parsing 100 MB of MIME is a cheap DoS.
            cap = 4 * int(self.limits["message_bytes"])
            mail = parse_mail(raw if len(raw) <= cap else raw[:cap])
            seen = self._seen_path(mail.message_id)
            recovering = False
            if seen.exists():
                if _marker_status(seen) != "processing":
                    self.judge.audit().append("mail-duplicate", {
                        "message_id": mail.message_id, "from": mail.from_addr,
                        "source": source})
                    return Outcome(mail.message_id, "duplicate", detail="already ingested")
                # An earlier run died while processing this message: recover (see module doc).
                recovering = True
                self.judge.audit().append("mail-recovery", {
                    "message_id": mail.message_id, "from": mail.from_addr, "source": source})
            else:
                atomic_write(seen, canonical_json({
                    "time": now_iso(), "status": "processing", "message_id": mail.message_id,
                    "source": source}))
            try:
                outcome = self._process(raw, mail, source, recovering)
            except Exception as exc:  # noqa: BLE001 - a bug must not stop the batch
                log.error("message %s: internal error %r", mail.message_id, exc)
                outcome = Outcome(mail.message_id, "error", detail=repr(exc)[:300])
                self.judge.audit().append("mail-internal-error", {
                    "message_id": mail.message_id,
                    "traceback": traceback.format_exc()[-2000:]})
            atomic_write(seen, canonical_json({"time": now_iso(), **outcome.to_json(),
                                               "marker": "done"}))
            log.info("message %s: %s (game %s)", mail.message_id, outcome.status,
                     outcome.game or "-")
            return outcome

    def _reply(self, mail: ParsedMail, to_extra: list[str], tag: str, body: str,
               kind: str = "reply") -> str | None:
        to = [mail.reply_to or mail.from_addr, *to_extra]
        subject = re.sub(r"^\s*((re|aw|fwd?|sv)\s*:\s*)+", "", mail.subject, flags=re.IGNORECASE)
        subject = _SUBJECT_TAG.sub("", subject).strip()
        path = outbox.send(self.judge, to, f"Re: [{tag}] {subject}".rstrip(), body, kind=kind,
                           in_reply_to=mail.message_id)
        return path.name if path else None

    def _archive(self, raw: bytes, mail: ParsedMail, folder: GameFolder | None,
                 recovering: bool = False) -> tuple[Path, bool]:
        """Keep the message verbatim; returns the file and whether it was already there
        (only possible when recovering from an interrupted run: then it is not copied twice)."""
        base = folder.path / "desk" / "inbox" if folder else self.judge.path / "mail" / "unmatched"
        h = hashlib.sha256(mail.message_id.encode("utf-8", "replace")).hexdigest()[:16]
        if recovering:
            for old in sorted(base.glob(f"*-{h}.eml")):
                if old.read_bytes() == raw:
                    return old, True
        path = base / f"{file_stamp()}-{h}.eml"
        atomic_write(path, raw, mode=0o600)
        return path, False

    def _process(self, raw: bytes, mail: ParsedMail, source: str,
                 recovering: bool = False) -> Outcome:
        mid = mail.message_id
        d = read_directives(mail)
        folder = self._find_game(d.game)
        archived, again = self._archive(raw, mail, folder, recovering)
        received = {"message_id": mid, "from": mail.from_addr, "subject": mail.subject,
                    "bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest(),
                    "archive": archived.name, "source": source,
                    "attachments_ignored": mail.attachments[:20]}
        if recovering:
            received["recovered"] = True
        if folder is None:
            self.judge.audit().append("mail-unmatched", {**received, "game": d.game})
            why = (f"there is no game {d.game!r} on this judge" if d.game
                   else "the message names no game")
            reply = self._reply(mail, [], "judge", f"Your message was not processed: {why}.\n\n"
                                + HELP, kind="unmatched")
            return Outcome(mid, "unmatched", detail=why, reply=reply)

        name = folder.path.name
        log = game_audit(folder.path)
        log.append("mail-recovered" if again else "mail-received", received)

        problem = self._over_limit(raw, mail, d)
        if problem:
            log.append("mail-rejected", {"message_id": mid, "reason": problem})
            reply = self._reply(mail, [], name, f"Your message was not processed: {problem}.\n"
                                "Nothing was submitted.\n")
            return Outcome(mid, "rejected", name, detail=problem, reply=reply)

        game = service.game_of(folder)
        state = folder.read_state()
        cmds = {c for c, _ in d.commands}
        lines: list[str] = [f"Game {name}: {game.phase_name(state)} ({state['phase']})"]

        # --- moderator -----------------------------------------------------------------
        if d.moderator is not None:
            if not self.judge.check_moderator(d.moderator):
                log.append("auth-failed", {"message_id": mid, "role": "moderator",
                                           "from": mail.from_addr})
                reply = self._reply(mail, [], name, "\n".join(lines) + "\n\nNot accepted: "
                                    "the moderator password is wrong. Nothing was changed.\n")
                return Outcome(mid, "denied", name, detail="moderator password", reply=reply)
            if recovering and cmds - {"STATUS"}:
                # PROCESS, EXTEND... may already have run before the crash: never twice.
                why = ("this message was interrupted while it was being processed; its "
                       "commands (" + ", ".join(sorted(cmds - {"STATUS"})) + ") are not run "
                       "a second time. Check the game's status and audit log and resend what "
                       "is missing")
                log.append("mail-rejected", {"message_id": mid, "reason": why})
                reply = self._reply(mail, [], f"{name} moderator",
                                    "\n".join(lines) + f"\n\n{why}.\n")
                return Outcome(mid, "rejected", name, detail=why[:300], reply=reply)
            return self._moderator(mail, d, folder, lines, recovering)

        if cmds & MODERATOR_COMMANDS:
            log.append("auth-failed", {"message_id": mid, "role": "moderator-command",
                                       "from": mail.from_addr})
            reply = self._reply(mail, [], name, "\n".join(lines) + "\n\nNot accepted: "
                                + ", ".join(sorted(cmds & MODERATOR_COMMANDS))
                                + " needs the moderator's password (MODERATOR line).\n")
            return Outcome(mid, "denied", name, detail="moderator command", reply=reply)

        # --- player ----------------------------------------------------------------------
        roster = Roster(folder)
        has_orders = d.order_lines > 0
        if not has_orders and ("STATUS" in cmds or not d.password):
            lines.append("")
            lines.append(self._status_text(folder))
            if not cmds:
                lines.append("\n(No orders found in your message.)\n" + HELP)
            reply = self._reply(mail, [], name, "\n".join(lines) + "\n")
            log.append("mail-status", {"message_id": mid})
            return Outcome(mid, "status", name, reply=reply)

        power, err = self._authenticate(game, state, roster, d)
        if power is None:
            log.append("auth-failed", {"message_id": mid, "power": d.power,
                                       "from": mail.from_addr, "reason": err})
            reply = self._reply(mail, [], name, "\n".join(lines) + f"\n\nNot accepted: {err}. "
                                "Nothing was submitted.\n")
            return Outcome(mid, "denied", name, detail=err, reply=reply)
        holder = roster.holder(power) or {}
        extra = [holder["email"]] if holder.get("email") else []
        tag = f"{name} {power}"
        if not has_orders:
            lines += ["", self._status_text(folder)]
            reply = self._reply(mail, extra, tag, "\n".join(lines) + "\n")
            return Outcome(mid, "status", name, [power], reply=reply)
        if d.phase:
            msg = self._phase_problem(game, state, d.phase)
            if msg is None and phase_position(game, d.phase, state["phase"])[1] > 0:
                future = self._submit_future(mail, d, folder, game, power, lines, extra, tag,
                                             recovering)
                if future is not None:
                    return future
                # None: the named phase began while we waited for the lock; submit normally
                msg = self._phase_problem(game, folder.read_state(), d.phase)
            if msg is not None:
                log.append("mail-rejected", {"message_id": mid, "power": power, "reason": msg})
                reply = self._reply(mail, extra, tag,
                                    "\n".join(lines) + f"\n\nNot accepted: {msg}.\n")
                return Outcome(mid, "rejected", name, [power], detail=msg, reply=reply)
        prior = self._stored_from(folder, mid) if recovering else None
        if prior is not None:
            ack = self._ack_of(folder, game, prior)
            lines.append("(This message had already been stored before an interruption; "
                         "it counts once.)")
        else:
            try:
                ack = service.submit_orders(folder, power, d.order_text, source=f"mail:{mid}",
                                            phase=d.phase)
            except AdjudicatorError as exc:
                log.append("mail-rejected", {"message_id": mid, "power": power,
                                             "reason": str(exc)})
                reply = self._reply(mail, extra, tag,
                                    "\n".join(lines) + f"\n\nNot accepted: {exc}.\n")
                return Outcome(mid, "rejected", name, [power], detail=str(exc), reply=reply)
        self._note_late(folder, game, ack.phase, power)
        lines += ["", ack.describe()]
        if "STATUS" in cmds:
            lines += ["", self._status_text(folder)]
        sched = deadlines.load_schedule(folder)
        if sched.get("phase") == ack.phase and sched.get("deadline"):
            lines.append(f"Deadline: {sched['deadline']}")
        reply = self._reply(mail, extra, tag, "\n".join(lines) + "\n")
        return Outcome(mid, "accepted" if ack.ok else "accepted-with-errors", name, [power],
                       detail=f"submission {ack.version}", reply=reply)

    # --- orders sent ahead for a later phase ------------------------------------------------
    @staticmethod
    def _phase_problem(game, state: dict, named: str) -> str | None:
        """Why a ``PHASE`` line cannot be honoured (None: current or a later phase)."""
        current = str(state["phase"])
        pos = phase_position(game, named, current)
        if pos is None:
            if not orders_ahead_allowed(game, state):
                return (f"these orders are for {named}, but the game is in {current}; "
                        "this game accepts orders for the current phase only")
            return f"{named!r} is not a phase of this game (the game is in {current})"
        if pos[1] < 0:
            return (f"these orders are for {pos[0]}, which is over: the game is in {current}; "
                    f"send orders for {current} (or a later phase) instead")
        return None

    def _submit_future(self, mail: ParsedMail, d: Directives, folder: GameFolder, game,
                       power: str, lines: list[str], extra: list[str], tag: str,
                       recovering: bool) -> Outcome | None:
        """Store orders for a later phase under ``orders/<PHASE>/``: syntax and names are
        checked now, the rules when that phase begins (they need its position).

        Returns None when the named phase has become the current one meanwhile (the caller
        then submits normally, with the full check).
        """
        mid, name = mail.message_id, folder.path.name
        with folder.lock():
            state = folder.read_state()
            if game.is_over(state):
                msg = "the game is over; no more orders are accepted"
                game_audit(folder.path).append("mail-rejected", {
                    "message_id": mid, "power": power, "reason": msg})
                reply = self._reply(mail, extra, tag,
                                    "\n".join(lines) + f"\n\nNot accepted: {msg}.\n")
                return Outcome(mid, "rejected", name, [power], detail=msg, reply=reply)
            pos = phase_position(game, d.phase or "", state["phase"])
            if pos is None or pos[1] <= 0:
                return None
            code = pos[0]
            prior = self._stored_from(folder, mid) if recovering else None
            if prior is None:
                sub = folder.submit(code, power, d.order_text, source=f"mail:{mid}",
                                    message_id=mid)
                ack = service.syntax_acknowledgement(game, code, power, sub.text, sub.version)
                game_audit(folder.path).append("submission", {
                    "phase": code, "power": power, "version": sub.version,
                    "source": sub.source, "sha256": sha256_text(sub.text),
                    "errors": len(ack.errors), "ahead_of": state["phase"]})
            else:
                ack = service.syntax_acknowledgement(game, prior.phase, power, prior.text, prior.version)
        try:
            later = game.phase_name({**state, "phase": code})
        except Exception:  # noqa: BLE001 - a game may need more than the code for a name
            later = code
        lines += [
            "",
            f"Stored for a later phase: {later} ({code}); the game is in {state['phase']}.",
            ack.describe(waiting=False),
            "",
            f"Syntax and names were checked now; the rules are checked when {code} begins,",
            "and you will get an acknowledgement then. Until then you may replace these",
            f"orders with a new message with PHASE {code} (the latest submission counts).",
            "If the game skips that phase, they are not used.",
        ]
        reply = self._reply(mail, extra, tag, "\n".join(lines) + "\n")
        return Outcome(mid, "accepted-ahead" if ack.ok else "accepted-ahead-with-errors", name,
                       [power], detail=f"submission {ack.version} for {code}", reply=reply)

    # --- recovery after an interrupted run (see the module docstring) -----------------------
    @staticmethod
    def _stored_from(folder: GameFolder, message_id: str) -> Submission | None:
        found = folder.find_message(message_id)
        return found[-1] if found else None

    @staticmethod
    def _ack_of(folder: GameFolder, game, sub: Submission) -> service.Acknowledgement:
        """The acknowledgement of a submission stored before a crash, as of now."""
        state = folder.read_state()
        if sub.phase != state["phase"]:
            return service.syntax_acknowledgement(game, sub.phase, sub.power, sub.text, sub.version)
        return service.acknowledge(folder, game, state, sub.power, sub.text, sub.version)

    # --- helpers ------------------------------------------------------------------------------
    def _find_game(self, name: str | None) -> GameFolder | None:
        if not name:
            return None
        try:
            _valid_name(name)
            return self.judge.game(name)
        except (StoreError, JudgeError):
            # game names are case-sensitive folders; accept a case-insensitive match
            for known in self.judge.game_names():
                if known.lower() == name.lower():
                    return self.judge.game(known)
            return None

    def _over_limit(self, raw: bytes, mail: ParsedMail, d: Directives) -> str | None:
        lim = self.limits
        if len(raw) > int(lim["message_bytes"]):
            return f"the message is too large ({len(raw)} bytes; the limit is {lim['message_bytes']})"
        if d.order_lines > int(lim["order_lines"]):
            return f"too many order lines ({d.order_lines}; the limit is {lim['order_lines']})"
        for n, line in enumerate(d.order_text.split("\n"), 1):
            if len(line) > int(lim["line_length"]):
                return (f"line {n} is too long ({len(line)} characters; the limit is "
                        f"{lim['line_length']})")
        return None

    def _authenticate(self, game, state: dict, roster: Roster,
                      d: Directives) -> tuple[str | None, str]:
        if not d.password:
            return None, "no PASSWORD line (orders need the password of the power)"
        if d.power:
            power = service.find_power(game, state, d.power)
            if power is None:
                return None, f"unknown power {d.power!r}"
            if roster.authenticate(power, d.password):
                return power, ""
            return None, f"the password does not match {power}"
        found = roster.powers_for_token(d.password)
        if len(found) == 1:
            return found[0], ""
        return None, "the password matches no power (add a POWER line)"

    def _note_late(self, folder: GameFolder, game, phase: str, power: str) -> None:
        sched = deadlines.load_schedule(folder)
        if sched.get("phase") != phase or not sched.get("deadline"):
            return
        if deadlines.now() > deadlines.parse_time(sched["deadline"]):
            with folder.lock():
                Roster(folder).record_lateness(phase, [power], "late")

    def _status_text(self, folder: GameFolder) -> str:
        st = service.status(folder)
        sched = deadlines.load_schedule(folder)
        out = [f"Phase: {st['phase_name']} ({st['phase']})"]
        if st.get("outcome"):
            out.append(f"Game over: {st['outcome']}")
        out.append("Ordered: " + (", ".join(st["ordered"]) or "nobody"))
        out.append("Missing: " + (", ".join(st["missing"]) or "nobody"))
        if sched.get("phase") == st["phase"] and sched.get("deadline"):
            out.append(f"Deadline: {sched['deadline']}" + (" (paused)" if sched.get("paused")
                                                           else ""))
        return "\n".join(out)

    def _moderator(self, mail: ParsedMail, d: Directives, folder: GameFolder,
                   lines: list[str], recovering: bool = False) -> Outcome:
        name, mid = folder.path.name, mail.message_id
        game = service.game_of(folder)
        log = game_audit(folder.path)
        done: list[str] = []
        for cmd, arg in d.commands:
            try:
                if cmd == "STATUS":
                    done.append(self._status_text(folder))
                elif cmd == "PAUSE":
                    with folder.lock():
                        deadlines.pause(folder, game)
                    done.append("paused")
                elif cmd == "RESUME":
                    with folder.lock():
                        s = deadlines.resume(folder, game)
                    done.append(f"resumed; deadline {s.get('deadline')}")
                elif cmd == "DEADLINE":
                    with folder.lock():
                        s = deadlines.set_deadline(folder, game, at=arg)
                    done.append(f"deadline set to {s['deadline']}")
                elif cmd == "EXTEND":
                    with folder.lock():
                        s = deadlines.set_deadline(folder, game, extend=arg)
                    done.append(f"deadline extended to {s['deadline']}")
                elif cmd == "PROCESS":
                    entry = service.adjudicate(folder, force=True)
                    done.append(f"adjudicated {entry['phase']}"
                                + (f" (NMR: {', '.join(entry['nmr'])})" if entry["nmr"] else ""))
                log.append("moderator-mail-command", {"message_id": mid, "command": cmd,
                                                      "argument": arg})
            except AdjudicatorError as exc:
                done.append(f"{cmd}: ERROR {exc}")
        powers: list[str] = []
        if d.order_lines and d.power:
            power = service.find_power(game, folder.read_state(), d.power)
            if power is None:
                done.append(f"orders: ERROR unknown power {d.power!r}")
            else:
                prior = self._stored_from(folder, mid) if recovering else None
                try:
                    ack = (self._ack_of(folder, game, prior) if prior is not None else
                           service.submit_orders(folder, power, d.order_text,
                                                 source=f"mail-moderator:{mid}"))
                    done.append(ack.describe())
                    powers.append(power)
                except AdjudicatorError as exc:
                    done.append(f"orders for {power}: ERROR {exc}")
        elif d.order_lines:
            done.append("orders ignored: add a POWER line to order for a power")
        reply = self._reply(mail, [], f"{name} moderator", "\n".join(lines) + "\n\n"
                            + ("\n".join(done) or "(no commands)") + "\n")
        return Outcome(mid, "command", name, powers, reply=reply, detail="; ".join(done)[:300])


def _marker_status(path: Path) -> str:
    """``processing`` for a message whose ingest was interrupted, else ``done``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return "processing"  # unreadable: recover (idempotent) rather than drop the mail
    return "processing" if data.get("status") == "processing" else "done"


HELP = """How to send orders to this judge:

  GAME <game name>
  POWER <your power>
  PASSWORD <your password>
  <one order per line>

or put [<game> <power>] in the subject. A line STATUS asks for the game's status.
Anything below a quoted message or a signature line ("-- ") is ignored.
"""


# --- sources ------------------------------------------------------------------------------
def iter_mbox(path: str | os.PathLike) -> Iterable[bytes]:
    box = mailbox.mbox(str(path), create=False)
    try:
        for key in list(box.iterkeys()):  # iterating the box itself yields messages
            yield box.get_bytes(key)
    finally:
        box.close()


def iter_maildir(path: str | os.PathLike) -> Iterable[bytes]:
    box = mailbox.Maildir(str(path), factory=None, create=False)
    for key in sorted(box.keys()):
        yield box.get_bytes(key)


def ingest_many(judge: Judge, messages: Iterable[bytes], source: str) -> list[Outcome]:
    intake = Intake(judge)
    return [intake.ingest(raw, source) for raw in messages]
