"""Standard ``logging`` that costs nothing until someone listens.

Importing :mod:`logging` costs several milliseconds, a noticeable share of a command such as
``adj status``. A :class:`Logger` here forwards to ``logging.getLogger(name)`` only when
that can show something: always once ``logging`` is imported (an application that uses
logging, or ``adj -v``, has imported it and configured its handlers), and otherwise only
for warnings and errors, which Python's last-resort handler prints to stderr. An info
message in a program that never set up logging could not be seen anyway, so skipping it
changes nothing.
"""

from __future__ import annotations

import sys

DEBUG, INFO, WARNING, ERROR = 10, 20, 30, 40


class Logger:
    """``log.info("%s: ...", x)`` with the semantics of :class:`logging.Logger`."""

    def __init__(self, name: str) -> None:
        self.name = name

    def log(self, level: int, msg: str, *args: object) -> None:
        if level < WARNING and "logging" not in sys.modules:
            return
        import logging

        logging.getLogger(self.name).log(level, msg, *args)

    def debug(self, msg: str, *args: object) -> None:
        self.log(DEBUG, msg, *args)

    def info(self, msg: str, *args: object) -> None:
        self.log(INFO, msg, *args)

    def warning(self, msg: str, *args: object) -> None:
        self.log(WARNING, msg, *args)

    def error(self, msg: str, *args: object) -> None:
        self.log(ERROR, msg, *args)


def get_logger(name: str) -> Logger:
    return Logger(name)
