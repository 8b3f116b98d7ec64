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

from adjudicator import service
from adjudicator.desk.audit import game_audit
from adjudicator.desk.judge import Judge
from adjudicator.store import SCHEMA_VERSION, GameFolder

_COMMON = {"schema_version": int, "game": str, "variant": str, "phase": str, "players": dict}


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
    if state.get("schema_version") != SCHEMA_VERSION:
        problems.append(f"game.json: schema_version {state.get('schema_version')!r}, "
                        f"expected {SCHEMA_VERSION}")
    try:
        settings = folder.settings()
        if state.get("game") != settings.get("game"):
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


def problems_of(result: dict) -> list[str]:
    return [f"{k}: {p}" for k, ps in result.items() for p in ps]
