"""The ``adj`` (``adjudicator``) command line: ``main`` is the entry point.

``main.py`` holds the game commands, ``desk.py`` the moderator's desk commands, ``common.py``
what they share (``--json``, printing, errors, logging).
"""

from adjudicator.cli.main import main

__all__ = ["main"]
