"""Shell completion for ``adj``: ``eval "$(_ADJ_COMPLETE=bash_source adj)"`` in ``~/.bashrc``
(``zsh_source`` in ``~/.zshrc``; fish: ``_ADJ_COMPLETE=fish_source adj | source``).

The sourced script asks ``adj`` itself for the candidates each time (``bash_complete``,
``zsh_complete``, ``fish_complete``), so they follow the installed version: commands,
options, game kinds, choices, and files or folders where a command takes a path. Each
candidate is a line ``KIND,VALUE``: ``plain`` (a word), ``file`` or ``dir`` (the shell
completes paths itself).
"""

from __future__ import annotations

import os
import shlex
from typing import Any

_BASH = """\
_{fn}() {{
    local IFS=$'\\n' kind value line
    COMPREPLY=()
    for line in $(env COMP_WORDS="${{COMP_WORDS[*]}}" COMP_CWORD=$COMP_CWORD \\
                  {var}=bash_complete "$1"); do
        kind=${{line%%,*}}; value=${{line#*,}}
        case $kind in
            dir) compopt -o dirnames ;;
            file) compopt -o default ;;
            plain) COMPREPLY+=("$value") ;;
        esac
    done
}}
complete -o nosort -F _{fn} {prog}
"""

_ZSH = "autoload -U +X bashcompinit && bashcompinit\n" + _BASH

_FISH = """\
function _{fn}
    set -l words (commandline -cp)
    for line in (env {var}=fish_complete COMP_WORDS="$words" COMP_CWORD=(commandline -t) {prog})
        set -l parts (string split -m 1 "," -- $line)
        switch $parts[1]
            case dir
                __fish_complete_directories $parts[2]
            case file
                __fish_complete_path $parts[2]
            case plain
                echo $parts[2]
        end
    end
end
complete --no-files --command {prog} --arguments "(_{fn})"
"""


def complete(root: Any, prog: str) -> int:
    """Answer the completion request named by ``_<PROG>_COMPLETE``; the exit code."""
    var = f"_{prog.upper().replace('-', '_')}_COMPLETE"
    instruction = os.environ.get(var, "")
    fn = f"{prog.replace('-', '_')}_completion"
    scripts = {"bash_source": _BASH, "zsh_source": _ZSH, "fish_source": _FISH}
    if instruction in scripts:
        print(scripts[instruction].format(fn=fn, var=var, prog=prog), end="")
        return 0
    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:  # an unclosed quote while typing
        words = os.environ.get("COMP_WORDS", "").split()
    if instruction == "fish_complete":
        incomplete = os.environ.get("COMP_CWORD", "")
        args = words[1:-1] if incomplete and words else words[1:]
    elif instruction in ("bash_complete", "zsh_complete"):
        try:
            cword = int(os.environ.get("COMP_CWORD", "0"))
        except ValueError:
            return 1
        args = words[1:cword]
        incomplete = words[cword] if cword < len(words) else ""
    else:
        return 1
    for kind, value in candidates(root, args, incomplete):
        print(f"{kind},{value}")
    return 0


def _option(cmd: Any, word: str) -> Any:
    return next((p for p in cmd.params if word in p.opts or word in p.secondary), None)


def candidates(root: Any, args: list[str], incomplete: str) -> list[tuple[str, str]]:
    """What may come next after ``args``, starting with ``incomplete`` (``root``: the
    :class:`~adjudicator.cli.kit.Group` of the whole command line)."""
    cmd, positional, pending = root, 0, None
    for word in args:
        if pending is not None:
            pending = None
        elif word.startswith("-"):
            opt = _option(cmd, word.split("=", 1)[0])
            if opt is not None and opt.takes_value() and "=" not in word:
                pending = opt
        elif word in cmd.subcommands():
            cmd, positional = cmd.subcommands()[word], 0
        else:
            positional += 1
    if pending is not None:
        return pending.type.complete(incomplete)
    if incomplete.startswith("-"):
        names = [n for p in cmd.params if not p.argument for n in (*p.opts, *p.secondary)]
        return [("plain", n) for n in sorted({*names, "--help"}) if n.startswith(incomplete)]
    if cmd.subcommands():
        return [("plain", n) for n in sorted(cmd.subcommands()) if n.startswith(incomplete)]
    arguments = [p for p in cmd.params if p.argument]
    if positional < len(arguments):
        return arguments[positional].type.complete(incomplete)
    if arguments and arguments[-1].nargs == -1:
        return arguments[-1].type.complete(incomplete)
    return []
