"""Run ``adj`` commands in process, for tests: ``CliRunner().invoke(main, ["status", g])``.

The result has ``exit_code``, ``output`` (standard output and standard error interleaved, as
a terminal shows them), ``stdout``, ``stderr`` and ``exception`` (an exception the command
did not handle, else None). ``input`` (text or bytes) becomes standard input, ``env`` is set
for the call (a value of None unsets the variable).
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.record import record


@record
class Result:
    exit_code: int
    output: str
    stdout: str
    stderr: str
    exception: BaseException | None


class _Tee(io.TextIOBase):
    """One of stdout/stderr: what is written goes to its own buffer and the shared one."""

    def __init__(self, own: io.StringIO, both: io.StringIO) -> None:
        self.own, self.both = own, both
        self.buffer = _BytesTee(self)

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        self.own.write(s)
        self.both.write(s)
        return len(s)


class _BytesTee(io.RawIOBase):
    def __init__(self, text: _Tee) -> None:
        self.text = text

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        self.text.write(bytes(b).decode("utf-8", errors="replace"))
        return len(b)


class CliRunner:
    def invoke(self, cli: Any, args: Sequence[str] = (), input: str | bytes | None = None,
               env: Mapping[str, str | None] | None = None, **extra: Any) -> Result:
        raw = input.encode("utf-8") if isinstance(input, str) else (input or b"")
        stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
        out, err, both = io.StringIO(), io.StringIO(), io.StringIO()
        saved = sys.stdin, sys.stdout, sys.stderr
        saved_env = {k: os.environ.get(k) for k in (env or {})}
        sys.stdin, sys.stdout, sys.stderr = stdin, _Tee(out, both), _Tee(err, both)
        for key, value in (env or {}).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        code, exception = 0, None
        try:
            cli.main(args=list(args), prog_name=extra.pop("prog_name", "adj"), **extra)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if not isinstance(exc.code, (int, type(None))):
                both.write(f"{exc.code}\n")
        except Exception as exc:  # noqa: BLE001 - reported in the result, as click did
            code, exception = 1, exc
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        return Result(code, both.getvalue(), out.getvalue(), err.getvalue(), exception)
