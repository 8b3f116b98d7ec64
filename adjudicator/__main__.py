"""``python -m adjudicator`` is the ``adj`` command, and :func:`run` the process entry point of
the installed ``adj`` and ``adjudicator`` commands (as httpie's are in its ``__main__``).

A command's process spends more of its CPU importing modules than working (issue 16,
``benchmarks/README.md``). Those modules live as long as the process, yet the cyclic garbage
collector would examine their objects at every collection while they load and again at each
later full collection. So, here and only here (a library importing ``adjudicator`` keeps its
collector as it is, and so do the tests, which call :func:`adjudicator.cli.main.main`):

* the collector is paused while the command line and what it imports load;
* then ``gc.freeze()`` sets what they built aside (CPython's advice for objects that live until
  exit), and the collector runs for the command's own work, however long: ``adj tick`` over
  thousands of games and ``adj site`` still collect their garbage;
* the youngest generation is collected after 10,000 new objects instead of 700: what a command
  imports later (Jinja, to write reports) lives until exit too, and a few thousand objects more
  between collections is a few megabytes at most.

Measured (``bench_commands.py``): the pause and freeze about 15% of ``adj status`` and ``adj
orders``; the threshold about 2% of ``adj adjudicate``.
"""

from __future__ import annotations

import gc

YOUNGEST = 10_000  # the collector's threshold for its youngest generation (see above)


def run(prog_name: str | None = None) -> object:
    """Load the command line with the collector paused, then run it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from adjudicator.cli.main import main
    finally:
        gc.freeze()
        gc.set_threshold(YOUNGEST, *gc.get_threshold()[1:])
        if enabled:
            gc.enable()
    return main(prog_name=prog_name) if prog_name else main()


if __name__ == "__main__":
    run(prog_name="adj")
