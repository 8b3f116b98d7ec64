"""``adj fsck``: is a game folder (or a whole judge) sound?

Three checks per game, each independent so one failure does not hide the others:

- the state schema: ``game.json`` parses, has the common fields of docs/state-format.md
  with the right types, and the game accepts it (``status`` works);
- replay: history replays from ``initial.json`` to ``game.json`` byte for byte, with the
  results and events each record keeps; the submissions quoted and stored match their
  digests; the dice seeds match their commitments;
- the audit log: its hash chain, and what it witnessed against what the folder holds now
  (:func:`check_evidence`): the records it anchored, the resolutions and submissions it
  logged, the roster, the deadline, the dice commitment.

What the checks cannot catch is documented in ``docs/integrity.md`` ("What it cannot
detect"): above all, someone with write access who rewrites the history, the
stored orders and the whole audit chain consistently; a keyed chain (``ADJ_AUDIT_KEY``)
closes that for anyone who does not hold the key.

For a judge, also the mail markers: a message whose ingest was interrupted is listed.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from adjudicator import service
from adjudicator.desk import absence, press, signup, site, votes
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import Judge, is_judge
from adjudicator.desk.players import Roster, fingerprint
from adjudicator.registry import canonical_key
from adjudicator.store import READABLE_SCHEMAS, GameFolder

_COMMON = {"schema_version": int, "game": str, "phase": str, "players": dict}


def check_state_schema(folder: GameFolder) -> list[str]:
    try:
        state = json.loads((folder.path / "game.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        return [f"game.json unreadable: {exc}"]
    if not isinstance(state, dict):
        return ["game.json is not a JSON object"]
    problems = []
    for key, typ in _COMMON.items():
        if key not in state:
            problems.append(f"game.json: missing field {key!r}")
        elif not isinstance(state[key], typ) or (typ is int and isinstance(state[key], bool)):
            problems.append(f"game.json: field {key!r} should be {typ.__name__}")
    if "result" not in state:
        problems.append("game.json: missing field 'result'")
    elif state["result"] is not None and not isinstance(state["result"], dict):
        problems.append("game.json: field 'result' should be an object or null")
    if state.get("schema_version") not in READABLE_SCHEMAS:
        problems.append(f"game.json: schema_version {state.get('schema_version')!r}, "
                        f"expected one of {', '.join(map(str, READABLE_SCHEMAS))}")
    if state.get("schema_version") == 1 and not isinstance(state.get("variant"), str):
        problems.append("game.json: schema_version 1 states have a 'variant' field")
    try:
        canonical_key(str(state.get("game")))
    except Exception as exc:  # noqa: BLE001 - an unknown game is a finding
        problems.append(f"game.json: {exc}")
    try:
        settings = folder.settings()
        if "game" in settings and state.get("game") != settings.get("game"):
            # games created before 0.2 name the game in settings.json as well
            problems.append(f"game.json says game {state.get('game')!r}, "
                            f"settings.json says {settings.get('game')!r}")
        if not problems:
            game = service.game_of(folder)
            game.status(state)
            game.who_must_act(state)
    except Exception as exc:  # noqa: BLE001 - any failure is a finding, not a crash
        problems.append(f"the game rejects game.json: {exc!r}"[:300])
    return problems


def check_privacy(folder: GameFolder) -> list[str]:
    """Files and folders of the game other users could read (POSIX): a game folder holds
    every power's orders before the deadline, so it must be its owner's alone."""
    if os.name != "posix":  # pragma: no cover
        return []
    open_ = [p for p in [folder.path, *folder.path.rglob("*")]
             if not p.is_symlink() and p.stat().st_mode & 0o077]
    if not open_:
        return []
    shown = ", ".join(str(p.relative_to(folder.path.parent)) for p in open_[:3])
    return [(f"{len(open_)} files or folders can be read by other users ({shown}"
            f"{', ...' if len(open_) > 3 else ''}): chmod -R go-rwx {folder.path}")]


def check_judge_privacy(judge: Judge) -> list[str]:
    """The judge's own files and folders other users could read (its games are checked
    one by one): the mail archive, the quarantine, the outbox with its Bcc lists, the
    throttle state."""
    if os.name != "posix":  # pragma: no cover
        return []
    games = judge.games_dir
    open_: list[Path] = []
    for p in [judge.path, *judge.path.rglob("*")]:
        if p.is_symlink() or (p.parent == games or games in p.parents):
            continue
        if p.stat().st_mode & 0o077:
            open_.append(p)
    if not open_:
        return []
    shown = ", ".join(str(p.relative_to(judge.path)) or "." for p in open_[:3])
    return [(f"{len(open_)} files or folders can be read by other users ({shown}"
            f"{', ...' if len(open_) > 3 else ''}): chmod -R go-rwx {judge.path}")]


def check_desk_files(folder: GameFolder) -> list[str]:
    problems = check_privacy(folder)
    for rel in ("desk/players.json", "desk/schedule.json"):
        p = folder.path / rel
        if p.exists():
            try:
                json.loads(p.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                problems.append(f"{rel} unreadable: {exc}")
    problems += press.fsck_problems(folder)  # (compared with the audit log in check_evidence)
    problems += site.settings_problems(folder.settings())
    problems += signup.fsck_problems(folder) + votes.fsck_problems(folder)
    problems += absence.fsck_problems(folder)
    return problems


def check_game(folder: GameFolder) -> dict:
    """``{"schema": [...], "replay": [...], "audit": [...]}``: empty lists when sound."""
    schema = check_state_schema(folder)
    try:
        replay = (service.verify_replay(folder) + service.verify_dice_files(folder)
                  if not schema else ["skipped: schema problems"])
    except Exception as exc:  # noqa: BLE001
        replay = [f"replay failed: {exc!r}"[:300]]
    audit = game_audit(folder.path).verify() + check_desk_files(folder)
    if not audit:
        try:
            audit = check_evidence(folder)
        except Exception as exc:  # noqa: BLE001 - any failure is a finding, not a crash
            audit = [f"the audit log cannot be compared: {exc!r}"[:300]]
    return {"schema": schema, "replay": replay, "audit": audit}


# --- what the audit log witnessed ------------------------------------------------------------
def check_evidence(folder: GameFolder) -> list[str]:
    """Compare the audit log with the folder: every claim the log makes must still hold.

    * Each history record keeps the audit head it found (``audit_anchor``): the log must
      still hold that line, so lines cut from the log (or the whole log) show.
    * Replaying the log's resolutions and rollbacks gives the history it saw: every live
      record must be one it logged (same number, same resulting state), and every
      resolution it logged must be live or archived by a rollback it logged.
    * Every submission it logged must be stored with the digest it logged, and every stored
      submission must have been logged.
    * The roster, the current deadline and the published dice commitment must be what its
      last entries about them say.
    The comparisons that need the whole log are made only when the log saw the game being
    created (a game created without the desk has nothing to compare with).
    """
    records = game_audit(folder.path).records()
    history = folder.history()
    problems = []
    by_seq = {r["seq"]: r.get("hash") for r in records}
    for h in history:
        anchor = h.get("audit_anchor")
        if anchor and by_seq.get(anchor["seq"]) != anchor["hash"]:
            problems.append(f"history record {h['seq']} ({h['phase']}): audit line "
                            f"{anchor['seq']} it was anchored to is gone or changed: the "
                            "audit log was cut or rewritten")
    if not any(r["event"] == "created" for r in records):
        return problems
    problems += _resolutions(folder, records, history)
    problems += _submissions(folder, records)
    problems += _roster(folder, records)
    problems += _schedule(folder, records)
    problems += _commitment(folder, records)
    problems += press.fsck_problems(folder, records)
    return problems


def _resolutions(folder: GameFolder, records: list[dict], history: list[dict]) -> list[str]:
    seen: dict[int, str | None] = {}  # seq -> state_after_sha256 the log recorded
    problems = []
    for r in records:
        data = r.get("data") or {}
        if r["event"] in ("adjudication", "draw", "concession"):
            seen[data.get("seq")] = data.get("state_after_sha256")
        elif r["event"] == "rollback":
            archive = folder.path / "history" / "undone" / str(data.get("archived_to"))
            moved = [int(p.name[:4]) for p in archive.glob("[0-9][0-9][0-9][0-9]-*.json")]
            if not moved:
                problems.append(f"the rollback to {data.get('phase')} archived "
                                f"history/undone/{data.get('archived_to')}, which is gone")
                continue
            seen = {k: v for k, v in seen.items() if k < min(moved)}
    live = {h["seq"]: h for h in history
            if h["kind"] in ("adjudication", "draw", "concession")}
    for seq, sha in sorted(seen.items()):
        h = live.get(seq)
        if h is None:
            problems.append(f"history record {seq}, logged in the audit, is missing")
        elif sha is not None and h.get("state_after_sha256") != sha:
            problems.append(f"history record {seq} ({h['phase']}) is not the one the audit "
                            "logged")
    for seq, h in sorted(live.items()):
        if seq not in seen:
            problems.append(f"history record {seq} ({h['phase']}) was never logged in the "
                            "audit")
    return problems


def _submissions(folder: GameFolder, records: list[dict]) -> list[str]:
    logged = {(d.get("phase"), d.get("power"), d.get("version")): d.get("sha256")
              for r in records if r["event"] == "submission" for d in [r.get("data") or {}]}
    stored = {}
    for meta in (folder.path / "orders").glob("*/*.json"):
        try:
            m = json.loads(meta.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue  # reported by the replay check
        stored[(m.get("phase"), m.get("power"), m.get("version"))] = m.get("sha256")
    problems = []
    for key, sha in sorted(logged.items(), key=str):
        if key not in stored:
            problems.append(f"{key[1]}'s submission {key[2]} for {key[0]}, logged in the "
                            "audit, is not stored")
        elif stored[key] != sha:
            problems.append(f"{key[1]}'s submission {key[2]} for {key[0]} is not the one the "
                            "audit logged")
    for key in sorted(set(stored) - set(logged), key=str):
        problems.append(f"{key[1]}'s submission {key[2]} for {key[0]} was never logged in "
                        "the audit")
    return problems


def _roster(folder: GameFolder, records: list[dict]) -> list[str]:
    expect: dict[str, dict] = {}
    observers: set[str] = set()
    for r in records:
        data = r.get("data") or {}
        event = r["event"]
        if event in ("player-add", "player-replace", "player-takeover"):
            expect[data["power"]] = {"status": "active", "email": data.get("email"),
                                     "credential": data.get("credential")}
        elif event == "player-resign":
            expect[data["power"]] = {"status": "abandoned", "email": data.get("email")}
        elif event == "player-password" and data.get("power") in expect:  # SET PASSWORD
            expect[data["power"]]["credential"] = data.get("credential")
        elif event == "player-address" and data.get("power") in expect:  # SET ADDRESS
            expect[data["power"]]["email"] = data.get("email")
        elif event == "observer-add":
            observers.add(str(data.get("email")).lower())
        elif event == "observer-remove":
            observers.discard(str(data.get("email")).lower())
    roster = Roster(folder).load()
    problems = []
    for power in sorted(set(expect) | set(roster["powers"])):
        want, have = expect.get(power), roster["powers"].get(power)
        if want is None or have is None:
            problems.append(f"players.json: {power} " + ("was never given to anyone in the "
                            "audit" if want is None else "is missing"))
            continue
        if have.get("status") != want["status"] or have.get("email") != want["email"]:
            problems.append(f"players.json: {power} is not as the audit last set it")
        elif want.get("credential") and fingerprint(have.get("credential") or
                                                    {"salt": "", "hash": ""}) \
                != want["credential"]:
            problems.append(f"players.json: {power}'s password is not the one the audit "
                            "logged as issued")
    if {o["email"].lower() for o in roster["observers"]} != observers:
        problems.append("players.json: the observers are not those the audit logged")
    return problems


def _schedule(folder: GameFolder, records: list[dict]) -> list[str]:
    p = folder.path / "desk" / "schedule.json"
    if not p.exists():
        return []
    sched = json.loads(p.read_text(encoding="utf-8"))
    last = None
    for r in records:
        data = r.get("data") or {}
        if data.get("phase") != sched.get("phase"):
            continue
        if r["event"] == "deadline-set":
            last = data.get("deadline")
        elif r["event"] == "deadline-change":
            last = data.get("to")
        elif r["event"] == "resume":
            last = data.get("deadline")
    if last is not None and sched.get("deadline") != last:
        return [(f"desk/schedule.json: the deadline of {sched.get('phase')} is not the one the "
                "audit last logged")]
    return []


def _commitment(folder: GameFolder, records: list[dict]) -> list[str]:
    logged = None
    for r in records:
        data = r.get("data") or {}
        if r["event"] in ("created", "dice-rotate") and data.get("commitment"):
            logged = data["commitment"]
    published = (folder.settings().get("dice") or {}).get("commitment")
    if logged is not None and published != logged:
        return [("settings.json: the published dice commitment is not the one the audit "
                "logged")]
    return []


def check_mail_markers(judge: Judge) -> list[str]:
    """Messages whose ingest was interrupted (a "processing" marker left by a killed run).

    Nothing is lost or doubled (ingesting the message again recovers, see desk/intake.py),
    but the moderator should know the message still waits for its reply.
    """
    problems = []
    for marker in sorted((judge.path / "mail" / "seen").glob("*.json")):
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            problems.append(f"mail/seen/{marker.name} unreadable: {exc}")
            continue
        if data.get("status") == "processing":
            problems.append(f"message {data.get('message_id')} was interrupted while being "
                            f"processed ({data.get('time')}); ingest it again to finish it")
    return problems


def check_timezones(judge: Judge) -> list[str]:
    """``desk/timezones.json`` (SET TIMEZONE, docs/judge-commands.md): readable, and every
    zone one the system knows (a bad one would silently show deadlines in the judge's)."""
    from adjudicator.desk import timezones

    path = judge.path / "desk" / timezones.FILE
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"desk/{timezones.FILE} cannot be read: {exc}"]
    zones = data.get("zones") if isinstance(data, dict) else None
    if not isinstance(zones, dict):
        return [f"desk/{timezones.FILE}: no \"zones\" object"]
    problems = []
    for addr, zone in sorted(zones.items()):
        try:
            timezones.check_zone(str(zone))
        except timezones.TimezoneError as exc:
            problems.append(f"desk/{timezones.FILE}: {addr}: {exc}")
    return problems


def check_judge(judge: Judge) -> dict:
    out = {"judge": {"audit": judge.audit().verify(), "mail": check_mail_markers(judge),
                     "privacy": check_judge_privacy(judge),
                     "timezones": check_timezones(judge)}}
    for name in judge.game_names():
        out[name] = check_game(judge.game(name))
    return out


def check_target(target: str, resolve) -> dict:
    """The checks behind ``adj fsck``: every game of a judge folder, or the one game that
    ``resolve(target)`` finds (a path, or a name inside the judge)."""
    if is_judge(target):
        return check_judge(Judge(Path(target)))
    return {"game": check_game(resolve(target))}


def problems_of(result: dict) -> list[str]:
    return [f"{k}: {p}" for k, ps in result.items() for p in ps]
