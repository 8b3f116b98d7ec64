"""CPU time of whole ``adj`` commands, beside a bare ``python -c pass`` in the same run.

Run: ``python benchmarks/bench_commands.py [REPEATS]`` (default 11). Each command runs as its
own process (what a moderator or cron pays) through the installed ``adj``, REPEATS times,
interleaved with the others and with a bare ``python -c pass``; the figure is the median CPU
time (user + system) of the child process, and the ratio is to the bare interpreter's median.
Goals (issue 16): status <= 5x, orders <= 8x (France's first orders of a new game), adjudicate
(Diplomacy, reports written, no PNG) <= 12x. ``bench_tick.py`` times ``adj tick``.

The ``... (no CLI)`` rows do the same work through :mod:`adjudicator.service` without the
command line (``adjudicator.cli``) nor its entry point: the difference is what the
command-line layer costs (benchmarks/README.md).
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PY = sys.executable
# The installed command, as a moderator or cron runs it (``python -m adjudicator`` when the
# environment has no scripts): it also imports runpy.
_SCRIPT = Path(PY).with_name("adj")
ADJ = [str(_SCRIPT)] if _SCRIPT.exists() else [PY, "-m", "adjudicator"]
ORDERS = "A Par - Bur\nA Mar S A Par - Bur\nF Bre - Mao\n"
# The same work as the commands, without the command line: argv[1] is the game folder.
_CORE = "import sys\nfrom adjudicator.store import GameFolder\nfolder = GameFolder(sys.argv[1])\n"
CORE_STATUS = _CORE + """from adjudicator import service
st = service.status(folder)
print(st["phase_name"], st["ordered"], st["missing"], *st["summary"], sep="\\n")
"""
CORE_ORDERS = _CORE + """import adjudicator.desk  # the desk's audit log, as the command has it
from adjudicator import service
from adjudicator.desk.forum import prepare_forum_submission
text, src = prepare_forum_submission(folder, open(sys.argv[2]).read(), "auto")
print(service.submit_orders(folder, "France", text, source=src).describe())
"""
CORE_ADJUDICATE = _CORE + """import adjudicator.desk
from adjudicator import service
print(service.adjudicate(folder)["phase"])
"""


def cpu(cmd: list[str], **kw) -> float:
    """CPU seconds (user + system) one child process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(repeats: int = 11) -> None:
    env = {**os.environ, "ADJ_JUDGE": "", "ADJ_NOW": "2025-03-01T12:00:00Z"}
    # Measure what users run: modules compiled once to __pycache__, not on every start
    # (some sandboxes set PYTHONDONTWRITEBYTECODE; the first run below writes the caches).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base = tmp / "base"
        subprocess.run([*ADJ, "new", "diplomacy", str(base)], check=True,
                       stdout=subprocess.DEVNULL, env=env)
        (tmp / "orders.txt").write_text(ORDERS)
        for power in ("Austria", "England", "Germany", "Italy", "Russia", "Turkey"):
            subprocess.run([*ADJ, "orders", str(base), "-p", power, "-"], input=b"# hold\n",
                           check=True, stdout=subprocess.DEVNULL, env=env)

        def copy_of_base(i: int, name: str = "o") -> Path:
            target = tmp / f"{name}{i}"
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(base, target)
            return target

        def fresh(i: int) -> None:  # a copy with every power's orders in
            subprocess.run([*ADJ, "orders", str(copy_of_base(i, "g")), "-p", "France",
                            str(tmp / "orders.txt")], check=True, stdout=subprocess.DEVNULL,
                           env=env)

        subprocess.run([*ADJ, "status", str(base)], check=True, stdout=subprocess.DEVNULL,
                       env=env)  # warm: bytecode caches written
        orders = str(tmp / "orders.txt")
        rows = [  # name, goal, command for run i, what to do before it
            ("python -c pass", None, lambda i: [PY, "-c", "pass"], None),
            ("adj status", 5, lambda i: [*ADJ, "status", str(base)], None),
            ("adj orders", 8, lambda i: [*ADJ, "orders", str(tmp / f"o{i}"), "-p", "France",
                                         orders], copy_of_base),
            ("adj adjudicate", 12, lambda i: [*ADJ, "adjudicate", str(tmp / f"g{i}")], fresh),
            ("status (no CLI)", None, lambda i: [PY, "-c", CORE_STATUS, str(base)], None),
            ("orders (no CLI)", None, lambda i: [PY, "-c", CORE_ORDERS, str(tmp / f"o{i}"),
                                                 orders], copy_of_base),
            ("adjud. (no CLI)", None, lambda i: [PY, "-c", CORE_ADJUDICATE, str(tmp / f"g{i}")],
             fresh),
        ]
        # Interleaved: run i of every row, then run i + 1, so that a change in the machine's
        # load during the benchmark weighs on every row alike, the bare interpreter included.
        times: dict[str, list[float]] = {name: [] for name, *_ in rows}
        for i in range(repeats):
            for name, _, make_cmd, setup in rows:
                if setup:
                    setup(i)
                times[name].append(cpu(make_cmd(i), env=env))
    bare = statistics.median(times["python -c pass"])
    print(f"{'command':<16}{'CPU ms':>9}{'x bare':>9}{'goal':>7}")
    for name, goal, *_ in rows:
        t = statistics.median(times[name])
        print(f"{name:<16}{1000 * t:>9.1f}{t / bare:>9.1f}{'<= ' + str(goal) if goal else '':>7}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
