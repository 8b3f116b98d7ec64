"""What every ``adj`` command shares: ``--json``, how answers and errors are printed,
logging verbosity, and finding a game or the judge from the command line.

Conventions (docs in the README): ``-h``/``--help`` and ``-V``/``--version``; every command
takes ``--json`` and then prints one JSON value (errors too: ``{"error": ...}``); exit code 0
ok, 1 rejected input or refused operation, 2 usage error; ``-v``/``-q`` raise or lower how
much the standard ``logging`` output (on stderr) says.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from adjudicator.cli import kit
from adjudicator.desk.judge import Judge, JudgeError, find_judge, resolve_game
from adjudicator.errors import AdjudicatorError
from adjudicator.store import GameFolder

JSON_META = "adjudicator.json"
QUIET_META = "adjudicator.quiet"


# --- output ------------------------------------------------------------------------------
def _remember_json(ctx: kit.Context, _param: kit.Parameter, value: bool) -> bool:
    if value:
        ctx.meta[JSON_META] = True  # ``meta`` is shared by the whole context chain
    return value


json_option = kit.option("--json", "as_json", is_flag=True, callback=_remember_json,
                         help="Machine-readable output (errors too).")


def emit(as_json: bool, data: Any, text: str) -> None:
    """Print ``data`` as JSON with ``--json``, else ``text``: every command answers this way."""
    kit.echo(json.dumps(data, indent=1, ensure_ascii=False) if as_json else text)


def quiet() -> bool:
    """Whether ``adj -q`` was given (commands that report routine work then say nothing)."""
    ctx = kit.get_current_context(silent=True)
    return bool(ctx and ctx.meta.get(QUIET_META))


#: The most a command reads from a file or standard input: the judge's mail size limit
#: (``limits.message_bytes`` in judge.json, see docs/moderator-desk.md).
def input_limit() -> int:
    from adjudicator.desk.judge import DEFAULT_CONFIG, find_judge

    try:
        j = find_judge(judge_option_value())
    except AdjudicatorError:
        j = None
    return int((j.limits() if j else DEFAULT_CONFIG["limits"])["message_bytes"])


def read_bytes(source: str | None, limit: int | None = None) -> bytes:
    """A file's bytes, or standard input's for ``-`` or nothing; refused when larger than
    ``limit`` (default :func:`input_limit`), before more than that is read."""
    limit = input_limit() if limit is None else limit
    if source in (None, "-"):
        data = sys.stdin.buffer.read(limit + 1)
    else:
        with open(source, "rb") as fh:
            data = fh.read(limit + 1)
    if len(data) > limit:
        where = "standard input" if source in (None, "-") else source
        raise AdjudicatorError(f"{where} is larger than the limit of {limit} bytes "
                               "(limits.message_bytes); nothing was read")
    return data


def decode(data: bytes) -> tuple[str, list[str]]:
    """``data`` as text, and a note for each line holding bytes that are not UTF-8 (they
    are replaced by U+FFFD, so the rest of the line still counts)."""
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        text = data.decode("utf-8-sig", errors="replace")
    notes = [f"line {n}, column {line.index(chr(0xFFFD)) + 1}: bytes that are not UTF-8 were "
             "replaced by \ufffd" for n, line in enumerate(text.splitlines(), 1)
             if "\ufffd" in line]
    return text, notes


def archive_raw(folder: GameFolder, raw: bytes) -> None:
    """Keep input that was not valid UTF-8 exactly as it came (``desk/inbox/``): what is
    stored as the submission has the bad bytes replaced, the original is not lost."""
    import hashlib

    from adjudicator.desk.audit import game_audit
    from adjudicator.store import atomic_write, file_stamp

    digest = hashlib.sha256(raw).hexdigest()
    path = folder.path / "desk" / "inbox" / f"raw-{file_stamp()}-{digest[:12]}.bin"
    atomic_write(path, raw)
    game_audit(folder.path).append("raw-input", {"archive": path.name, "sha256": digest})


def read_text(source: str | None) -> str:
    """A file's text, or standard input's for ``-`` or nothing, within the size limit;
    undecodable bytes replaced (use :func:`read_bytes` and :func:`decode` to say where)."""
    return decode(read_bytes(source))[0]


def setup_logging(verbose: int, quiet_: bool) -> None:
    """Standard ``logging`` on stderr: warnings by default, ``-v`` info, ``-vv`` debug,
    ``-q`` errors only. Without ``-v``/``-q`` logging is not even imported (it costs a
    few milliseconds per command): warnings still reach stderr (``adjudicator.logs``)."""
    if not verbose and not quiet_:
        return
    import logging

    level = logging.ERROR if quiet_ else (logging.INFO, logging.DEBUG)[min(verbose, 2) - 1]
    logging.basicConfig(level=level, stream=sys.stderr, force=True,
                        format="%(levelname)s %(name)s: %(message)s")


Command = kit.Command


class Group(kit.Group):
    """Turns library errors, and files that cannot be read or written, into exit code 1
    with a one-line message (a JSON object with ``--json``) instead of a traceback.
    Subgroups made with ``.group`` are of this class too."""

    def invoke_sub(self, sub: kit.Context, run: Callable[[], Any]) -> Any:
        try:
            return run()
        except (AdjudicatorError, OSError) as exc:
            message = str(exc)
            if isinstance(exc, OSError) and exc.strerror:
                where = f"{exc.filename}: " if exc.filename else ""
                message = f"{where}{exc.strerror}"
            if sub.meta.get(JSON_META):
                kit.echo(json.dumps({"error": message}, ensure_ascii=False))
            else:
                kit.echo(f"error: {message}", err=True)
            sub.exit(1)


# --- games and the judge -------------------------------------------------------------------
def judge_option_value() -> str | None:
    ctx = kit.get_current_context(silent=True)
    if ctx is None:
        return None
    return ctx.find_root().params.get("judge")


def game_folder(spec: str) -> GameFolder:
    """A game folder path, or a game NAME inside the judge (``--judge``/``$ADJ_JUDGE``/cwd)."""
    return resolve_game(spec, judge_option_value())


def current_judge(explicit: str | None = None) -> Judge:
    j = find_judge(explicit or judge_option_value())
    if j is None:
        raise JudgeError("no judge folder: pass --judge DIR, set ADJ_JUDGE or cd into one")
    return j
