"""The few pieces of a declarative command line the ``adj`` commands are written with.

Commands are plain functions with decorators for their options and arguments (the style
the commands were first written in with click), parsed by the standard library's
``argparse``. click cost about 22 ms of every command's 59 (issue 16, benchmarks/README.md);
``argparse`` costs about 1.5 ms once ``re`` is loaded, which every command needs anyway.

What it offers is what ``adj`` uses and nothing more:

- ``@group``/``@command``, ``Group.command``/``Group.group``/``Group.add_command``;
- ``@option`` (``--name VALUE``, ``-s``, ``--flag/--no-flag``, ``is_flag``, ``count``,
  ``multiple``, ``required``, ``default``, ``envvar``, ``callback``, ``metavar``,
  ``show_default``) and ``@argument`` (``required``, ``nargs=-1``);
- types: ``Path``, ``Choice``, ``IntRange``, ``FloatRange``, ``int``, ``float`` and
  :class:`ParamType` for a command's own (``convert``, ``fail``, ``complete``);
- a :class:`Context` per command (``meta`` shared by the chain, ``params``,
  ``find_root``), ``get_current_context`` and ``pass_context``;
- ``-h``/``--help`` with each command's summary (its whole first sentence), a version
  option, ``UsageError`` (exit code 2, like any bad command line), ``echo``;
- shell completion: ``eval "$(_ADJ_COMPLETE=bash_source adj)"`` (``zsh_source``,
  ``fish_source``) prints a script that asks ``adj`` itself for the candidates.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

_UNSET: Any = object()


# --- errors and output ----------------------------------------------------------------------
class UsageError(Exception):
    """A bad command line: printed with the command's usage line, exit code 2."""

    exit_code = 2

    def __init__(self, message: str, ctx: Context | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.ctx = ctx


class BadParameter(UsageError):
    """A value the command line gave that a parameter does not take."""

    def __init__(self, message: str, ctx: Context | None = None,
                 param: Parameter | None = None, param_hint: str | None = None) -> None:
        hint = f"'{param_hint}'" if param_hint else param.human() if param else None
        super().__init__(f"Invalid value for {hint}: {message}" if hint else message, ctx)


def echo(message: Any = "", nl: bool = True, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(f"{message}\n" if nl else str(message))
    stream.flush()


# --- types ----------------------------------------------------------------------------------
class ParamType:
    """How a value written on the command line becomes the value a command gets."""

    name = "TEXT"

    def convert(self, value: Any, param: Parameter | None, ctx: Context | None) -> Any:
        return value

    def fail(self, message: str, param: Parameter | None = None,
             ctx: Context | None = None) -> None:
        raise BadParameter(message, ctx, param)

    def get_metavar(self, param: Parameter, ctx: Context | None = None) -> str | None:
        return None

    def complete(self, incomplete: str) -> list[tuple[str, str]]:
        """``(kind, value)`` candidates for shell completion: kind ``plain`` (a word),
        ``file`` or ``dir`` (let the shell complete paths)."""
        return []


class _Func(ParamType):
    def __init__(self, func: Callable[[str], Any], name: str) -> None:
        self.func, self.name = func, name

    def convert(self, value, param, ctx):
        try:
            return self.func(value)
        except ValueError:
            self.fail(f"{value!r} is not a valid {self.name.lower()}", param, ctx)


class Path(ParamType):
    """A file or folder path, checked as asked; the value stays a string."""

    def __init__(self, exists: bool = False, file_okay: bool = True,
                 dir_okay: bool = True) -> None:
        self.exists, self.file_okay, self.dir_okay = exists, file_okay, dir_okay
        self.name = "FILE" if not dir_okay else "DIRECTORY" if not file_okay else "PATH"

    def convert(self, value, param, ctx):
        what = {"FILE": "File", "DIRECTORY": "Directory"}.get(self.name, "Path")
        if not os.path.exists(value):
            if self.exists:
                self.fail(f"{what} {value!r} does not exist.", param, ctx)
            return value
        if not self.file_okay and not os.path.isdir(value):
            self.fail(f"{what} {value!r} is a file.", param, ctx)
        if not self.dir_okay and os.path.isdir(value):
            self.fail(f"{what} {value!r} is a directory.", param, ctx)
        return value

    def complete(self, incomplete):
        return [("dir" if self.name == "DIRECTORY" else "file", incomplete)]


class Choice(ParamType):
    name = "CHOICE"

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = list(choices)

    def convert(self, value, param, ctx):
        if value not in self.choices:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, self.choices))}.",
                      param, ctx)
        return value

    def get_metavar(self, param, ctx=None):
        return "[" + "|".join(self.choices) + "]"

    def complete(self, incomplete):
        return [("plain", c) for c in self.choices if c.startswith(incomplete)]


class _Range(ParamType):
    def __init__(self, kind: type, min: Any = None, max: Any = None,
                 min_open: bool = False) -> None:
        self.kind, self.min, self.max, self.min_open = kind, min, max, min_open
        self.name = "INTEGER" if kind is int else "FLOAT"

    def convert(self, value, param, ctx):
        try:
            number = self.kind(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a valid {self.name.lower()}.", param, ctx)
        too_low = self.min is not None and (number <= self.min if self.min_open
                                            else number < self.min)
        if too_low or (self.max is not None and number > self.max):
            low = "" if self.min is None else f"{self.min}{'<' if self.min_open else '<='}"
            high = "" if self.max is None else f"<={self.max}"
            self.fail(f"{value} is not in the range {low}x{high}.", param, ctx)
        return number


def IntRange(min: int | None = None, max: int | None = None) -> ParamType:
    return _Range(int, min, max)


def FloatRange(min: float | None = None, max: float | None = None,
               min_open: bool = False) -> ParamType:
    return _Range(float, min, max, min_open)


def _type_of(kind: Any, default: Any) -> ParamType:
    if isinstance(kind, ParamType):
        return kind
    if kind is int or (kind is None and isinstance(default, int)
                       and not isinstance(default, bool)):
        return _Func(int, "INTEGER")
    if kind is float or (kind is None and isinstance(default, float)):
        return _Func(float, "FLOAT")
    return ParamType()


# --- parameters -----------------------------------------------------------------------------
class Parameter:
    """An option or an argument of a command."""

    def __init__(self, decls: Sequence[str], *, argument: bool = False, type: Any = None,
                 default: Any = _UNSET, required: bool = False, help: str | None = None,
                 metavar: str | None = None, multiple: bool = False, count: bool = False,
                 is_flag: bool = False, envvar: str | None = None,
                 callback: Callable[[Context, Parameter, Any], Any] | None = None,
                 show_default: bool = False, nargs: int = 1,
                 expose_value: bool = True) -> None:
        self.argument = argument
        self.expose_value = expose_value
        self.opts: list[str] = []  # --name, -n
        self.secondary: list[str] = []  # --no-name
        name = None
        for decl in decls:
            if decl.startswith("-"):
                on, _, off = decl.partition("/")
                self.opts.append(on)
                if off:
                    self.secondary.append(off)
                    is_flag = True
            else:
                name = decl
        if name is None:
            longest = max(self.opts, key=lambda o: (o.startswith("--"), len(o)))
            name = longest.lstrip("-").replace("-", "_")
        self.name = name
        self.nargs = nargs
        self.multiple, self.count = multiple, count
        self.is_flag = is_flag
        if default is _UNSET:
            default = (0 if count else () if multiple or nargs == -1
                       else False if is_flag and not self.secondary else None)
        self.default = default
        self.type = _type_of(type, default)
        self.required, self.help, self.metavar = required, help, metavar
        self.envvar, self.callback, self.show_default = envvar, callback, show_default

    def human(self) -> str:
        return f"'{self.name.upper()}'" if self.argument else \
            "'" + "' / '".join(self.opts) + "'"

    def takes_value(self) -> bool:
        return not (self.is_flag or self.count)

    def value_name(self, ctx: Context | None = None) -> str:
        return self.metavar or self.type.get_metavar(self, ctx) or (
            self.name.upper() if self.argument else self.type.name)

    def resolve(self, raw: Any, ctx: Context) -> Any:
        """The value the command gets, from what argparse collected (``_UNSET``: not given)."""
        if raw is _UNSET or raw is None:
            env = os.environ.get(self.envvar) if self.envvar else None
            if env:
                raw = [env] if self.multiple else env
            elif self.required:
                kind = "argument" if self.argument else "option"
                raise UsageError(f"Missing {kind} {self.human()}.", ctx)
            else:
                return self.default
        if self.is_flag or self.count:
            return raw
        if self.multiple or self.nargs == -1:
            if self.required and not raw:
                raise UsageError(f"Missing argument {self.human()}.", ctx)
            return tuple(self.type.convert(v, self, ctx) for v in raw)
        return self.type.convert(raw, self, ctx)

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        if self.argument:  # required arguments are checked by resolve, after -h
            parser.add_argument(self.name, nargs="*" if self.nargs == -1 else "?",
                                default=_UNSET)
        elif self.count:
            parser.add_argument(*self.opts, dest=self.name, action="count", default=None)
        elif self.is_flag:
            parser.add_argument(*self.opts, dest=self.name, action="store_const",
                                const=True, default=_UNSET)
            if self.secondary:
                parser.add_argument(*self.secondary, dest=self.name, action="store_const",
                                    const=False, default=_UNSET)
        else:
            parser.add_argument(*self.opts, dest=self.name, default=None,
                                action="append" if self.multiple else "store")


def _attach(fn: Callable, param: Parameter) -> Callable:
    if isinstance(fn, Command):
        fn.params.insert(0, param)
    else:
        fn.__dict__.setdefault("__kit_params__", []).insert(0, param)
    return fn


def option(*decls: str, **attrs: Any) -> Callable[[Callable], Callable]:
    return lambda fn: _attach(fn, Parameter(decls, **attrs))


def argument(name: str, **attrs: Any) -> Callable[[Callable], Callable]:
    attrs.setdefault("required", attrs.get("nargs", 1) != -1)
    return lambda fn: _attach(fn, Parameter((name,), argument=True, **attrs))


# --- contexts -------------------------------------------------------------------------------
_STACK: list[Context] = []


class Context:
    """One command being run: its parameters, its parent, ``meta`` shared by the chain."""

    def __init__(self, command: Command, parent: Context | None, info_name: str) -> None:
        self.command, self.parent, self.info_name = command, parent, info_name
        self.params: dict[str, Any] = {}
        self.meta: dict[str, Any] = parent.meta if parent else {}
        self.terminal_width: int | None = parent.terminal_width if parent else None

    @property
    def command_path(self) -> str:
        return (f"{self.parent.command_path} " if self.parent else "") + self.info_name

    def find_root(self) -> Context:
        ctx = self
        while ctx.parent is not None:
            ctx = ctx.parent
        return ctx

    def exit(self, code: int = 0) -> None:
        raise SystemExit(code)


def get_current_context(silent: bool = False) -> Context | None:
    if _STACK:
        return _STACK[-1]
    if silent:
        return None
    raise RuntimeError("no command is running")


def pass_context(fn: Callable) -> Callable:
    fn.__dict__["__kit_pass_context__"] = True
    return fn


# --- commands -------------------------------------------------------------------------------
class _Formatter(argparse.HelpFormatter):
    """argparse asks for a formatter at every ``add_argument`` (our help is our own): a fixed
    width spares it ``shutil`` (with ``bz2``, ``lzma``...) and a terminal query each time."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message[:1].upper() + message[1:] + ".")


class Command:
    """A command: a function and its parameters."""

    def __init__(self, name: str, callback: Callable | None, params: list[Parameter],
                 help: str | None = None) -> None:
        self.name = name
        self.callback = callback
        self.params = params
        self.help = help
        self.pass_context = bool(callback and callback.__dict__.get("__kit_pass_context__"))

    def subcommands(self) -> dict[str, Command]:
        """The commands under this one (a group's); none for a plain command."""
        return {}

    # --- help ----------------------------------------------------------------------------
    def summary(self) -> str:
        """The first sentence of the help (never cut off)."""
        text = (self.help or "").strip().split("\n\n", 1)[0].replace("\n", " ")
        end = text.find(". ")
        return text[:end + 1] if end >= 0 else text

    def usage_words(self) -> str:
        words = ["[OPTIONS]"]
        for p in self.params:
            if p.argument:
                word = p.name.upper() + ("..." if p.nargs == -1 else "")
                words.append(word if p.required else f"[{word}]")
        return " ".join(words)

    def usage(self, ctx: Context) -> str:
        return f"Usage: {ctx.command_path} {self.usage_words()}"

    def _option_rows(self, ctx: Context) -> list[tuple[str, str]]:
        rows = []
        for p in self.params:
            if p.argument:
                continue
            names = ", ".join(p.opts) + ("/" + ", ".join(p.secondary) if p.secondary else "")
            if p.takes_value():
                names += f" {p.value_name(ctx)}"
            text = p.help or ""
            if p.show_default and p.default not in (None, ()):
                shown = p.default if not isinstance(p.default, bool) else (
                    p.opts[0] if p.default else p.secondary[0]).lstrip("-")
                text += f"  [default: {shown}]"
            if p.required:
                text += "  [required]"
            rows.append((names, text.strip()))
        rows.append(("-h, --help", "Show this message and exit."))
        return rows

    def format_help(self, ctx: Context) -> str:
        width = min(ctx.terminal_width or _terminal_width(), 100)
        out = [self.usage(ctx), ""]
        if self.help:
            for para in _dedent(self.help).split("\n\n"):
                out += _wrap(" ".join(para.split()), width - 2, "  ") + [""]
        out.append("Options:")
        out += _table(self._option_rows(ctx), width)
        return "\n".join(out) + "\n"

    # --- running -------------------------------------------------------------------------
    def make_parser(self, ctx: Context) -> argparse.ArgumentParser:
        parser = _Parser(prog=ctx.command_path, add_help=False, allow_abbrev=False,
                         formatter_class=_Formatter)
        parser.add_argument("-h", "--help", action="store_true", dest="_kit_help")
        for p in self.params:
            p.add_to(parser)
        return parser

    def parse(self, ctx: Context, args: list[str]) -> list[str]:
        """Fill ``ctx.params``; return what is left for a subcommand (nothing here)."""
        # Intermixed: options may come between, before or after the arguments, and an
        # optional argument is not taken as absent because an option came first.
        ns = self.make_parser(ctx).parse_intermixed_args(args)
        self._fill(ctx, ns)
        return []

    def _fill(self, ctx: Context, ns: argparse.Namespace) -> None:
        if ns._kit_help:
            echo(self.format_help(ctx), nl=False)
            raise SystemExit(0)
        for p in self.params:
            if p.callback is not None and getattr(p.callback, "__kit_eager__", False):
                p.callback(ctx, p, getattr(ns, p.name))
        for p in self.params:
            value = p.resolve(getattr(ns, p.name), ctx)
            if p.callback is not None and not getattr(p.callback, "__kit_eager__", False):
                value = p.callback(ctx, p, value)
            if p.expose_value:
                ctx.params[p.name] = value

    def invoke(self, ctx: Context) -> Any:
        if self.callback is None:
            return None
        args = (ctx,) if self.pass_context else ()
        return self.callback(*args, **ctx.params)

    def run(self, ctx: Context, args: list[str]) -> Any:
        try:
            self.parse(ctx, args)
            return self.invoke(ctx)
        except UsageError as exc:
            exc.ctx = exc.ctx or ctx  # the usage line shown is this command's
            raise

    # --- entry point ---------------------------------------------------------------------
    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             standalone_mode: bool = True, terminal_width: int | None = None,
             **_extra: Any) -> Any:
        """Run with ``args`` (default: the process's) and exit with the command's code."""
        if args is None:
            args = sys.argv[1:]
        prog = prog_name or os.path.basename(sys.argv[0] or "adj")
        if os.environ.get(f"_{prog.upper().replace('-', '_')}_COMPLETE"):
            from adjudicator.cli.completion import complete

            sys.exit(complete(self, prog))
        ctx = Context(self, None, prog)
        ctx.terminal_width = terminal_width
        try:
            try:
                _STACK.append(ctx)
                self.run(ctx, list(args))
            finally:
                _STACK.clear()
        except UsageError as exc:
            where = exc.ctx or ctx
            echo(f"{where.command.usage(where)}\nTry '{where.command_path} -h' for help.\n\n"
                 f"Error: {exc.message}", err=True)
            if not standalone_mode:
                raise
            sys.exit(2)
        except (KeyboardInterrupt, EOFError):
            echo("Aborted!", err=True)
            sys.exit(1)
        except BrokenPipeError:
            sys.exit(1)
        if standalone_mode:
            sys.exit(0)
        return None

    __call__ = main


class Group(Command):
    """A command made of subcommands: ``adj [OPTIONS] COMMAND [ARGS]...``."""

    def __init__(self, name: str, callback: Callable | None, params: list[Parameter],
                 help: str | None = None) -> None:
        super().__init__(name, callback, params, help)
        self.commands: dict[str, Command] = {}

    def subcommands(self) -> dict[str, Command]:
        return self.commands

    def add_command(self, cmd: Command, name: str | None = None) -> None:
        self.commands[name or cmd.name] = cmd

    def command(self, name: str | None = None, cls: type[Command] | None = None,
                **attrs: Any) -> Callable[[Callable], Command]:
        def make(fn: Callable) -> Command:
            cmd = command(name, cls=cls or Command, **attrs)(fn)
            self.add_command(cmd)
            return cmd
        return make

    def group(self, name: str | None = None, cls: type[Group] | None = None,
              **attrs: Any) -> Callable[[Callable], Group]:
        def make(fn: Callable) -> Group:
            grp = group(name, cls=cls or type(self), **attrs)(fn)
            self.add_command(grp)
            return grp
        return make

    def usage_words(self) -> str:
        return "[OPTIONS] COMMAND [ARGS]..."

    def format_help(self, ctx: Context) -> str:
        width = min(ctx.terminal_width or _terminal_width(), 100)
        rows = [(name, cmd.summary()) for name, cmd in sorted(self.commands.items())]
        return super().format_help(ctx) + "\nCommands:\n" + "\n".join(_table(rows, width)) + "\n"

    def make_parser(self, ctx: Context) -> argparse.ArgumentParser:
        parser = super().make_parser(ctx)
        parser.add_argument("_kit_command", nargs="?", default=None)
        parser.add_argument("_kit_args", nargs=argparse.REMAINDER)
        return parser

    def parse(self, ctx: Context, args: list[str]) -> list[str]:
        ns = self.make_parser(ctx).parse_args(args)
        self._fill(ctx, ns)
        if ns._kit_command is None:
            echo(self.format_help(ctx), nl=False)
            raise SystemExit(0)
        return [ns._kit_command, *ns._kit_args]

    def run(self, ctx: Context, args: list[str]) -> Any:
        try:
            name, *rest = self.parse(ctx, args)
            cmd = self.commands.get(name)
            if cmd is None:
                import difflib

                close = difflib.get_close_matches(name, list(self.commands), n=1)
                hint = f" Did you mean '{close[0]}'?" if close else ""
                raise UsageError(f"No such command '{name}'.{hint}", ctx)
        except UsageError as exc:
            exc.ctx = exc.ctx or ctx
            raise
        self.invoke(ctx)
        sub = Context(cmd, ctx, name)
        _STACK.append(sub)
        return self.invoke_sub(sub, lambda: cmd.run(sub, rest))

    def invoke_sub(self, sub: Context, run: Callable[[], Any]) -> Any:
        """Runs a subcommand; a subclass may wrap it (turning errors into messages)."""
        return run()


# --- decorators -----------------------------------------------------------------------------
def _make(fn: Callable, name: str | None, cls: type[Command]) -> Command:
    params = fn.__dict__.pop("__kit_params__", [])
    cmd_name = name or fn.__name__.lower().rstrip("_").replace("_", "-")
    return cls(cmd_name, fn, params, help=fn.__doc__)


def command(name: str | None = None, cls: type[Command] | None = None,
            **_attrs: Any) -> Callable[[Callable], Command]:
    return lambda fn: _make(fn, name, cls or Command)


def group(name: str | None = None, cls: type[Group] | None = None,
          **_attrs: Any) -> Callable[[Callable], Group]:
    return lambda fn: _make(fn, name, cls or Group)  # type: ignore[return-value]


def version_option(version: str, *decls: str, **_attrs: Any) -> Callable[[Callable], Callable]:
    def show(ctx: Context, _param: Parameter, value: Any) -> None:
        if value not in (None, _UNSET, False):
            echo(f"{ctx.find_root().info_name}, version {version}")
            raise SystemExit(0)
    show.__kit_eager__ = True  # type: ignore[attr-defined]
    return option(*(decls or ("--version",)), is_flag=True, callback=show,
                  expose_value=False, help="Show the version and exit.")


# --- text layout ----------------------------------------------------------------------------
def _terminal_width() -> int:
    try:
        return int(os.environ.get("COLUMNS") or 80)
    except ValueError:
        return 80


def _dedent(text: str) -> str:
    lines = text.strip("\n").splitlines()
    indents = [len(s) - len(s.lstrip()) for s in lines[1:] if s.strip()]
    cut = min(indents, default=0)
    return "\n".join([lines[0].strip(), *(s[cut:] for s in lines[1:])]) if lines else ""


def _wrap(text: str, width: int, indent: str) -> list[str]:
    import textwrap

    return textwrap.wrap(text, max(width, 20), initial_indent=indent,
                         subsequent_indent=indent) or [indent.rstrip()]


def _table(rows: list[tuple[str, str]], width: int) -> list[str]:
    import textwrap

    left = min(max((len(a) for a, _ in rows), default=0), 30)
    out = []
    for a, b in rows:
        body = textwrap.wrap(b, max(width - left - 6, 20)) or [""]
        if len(a) > left:
            out.append(f"  {a}")
            out += [" " * (left + 4) + line for line in body]
        else:
            out.append(f"  {a.ljust(left)}  {body[0]}".rstrip())
            out += [" " * (left + 4) + line for line in body[1:]]
    return out
