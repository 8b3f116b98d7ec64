"""``adj fsck``: is a game folder (or a whole judge) sound?

Three checks per game, each independent so one failure does not hide the others:

- the state schema: ``game.json`` parses, has the common fields of docs/state-format.md
  with the right types, and the game accepts it (``status`` works);
- replay: history replays from ``initial.json`` to ``game.json`` byte for byte;
- the audit log's hash chain (and the desk files parse).

For a judge, also the mail markers: a message whose ingest was interrupted is listed.
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import Judge, is_judge
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


def check_desk_files(folder: GameFolder) -> list[str]:
    problems = []
    for rel in ("desk/players.json", "desk/schedule.json"):
        p = folder.path / rel
        if p.exists():
            try:
                json.loads(p.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                problems.append(f"{rel} unreadable: {exc}")
    return problems


def check_game(folder: GameFolder) -> dict:
    """``{"schema": [...], "replay": [...], "audit": [...]}``: empty lists when sound."""
    schema = check_state_schema(folder)
    try:
        replay = service.verify_replay(folder) if not schema else ["skipped: schema problems"]
    except Exception as exc:  # noqa: BLE001
        replay = [f"replay failed: {exc!r}"[:300]]
    audit = game_audit(folder.path).verify() + check_desk_files(folder)
    return {"schema": schema, "replay": replay, "audit": audit}


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


def check_judge(judge: Judge) -> dict:
    out = {"judge": {"audit": judge.audit().verify(), "mail": check_mail_markers(judge)}}
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
