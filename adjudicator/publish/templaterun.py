"""A small runtime for the built-in templates, compiled ahead of time by Jinja itself.

WHY: importing Jinja costs about a quarter of ``adj adjudicate`` (35 ms of CPU, three times
a bare interpreter: its package imports the compiler, the lexer, ``inspect`` and a bytecode
cache with ``pickle``, ``tempfile`` and OpenSSL), while rendering a compiled template needs
none of that (issue 16). So ``tools/gen_templates.py`` compiles every built-in report and
map template with the very environments :mod:`adjudicator.publish.reports` and
:mod:`adjudicator.publish.svg` build, into modules under ``adjudicator/publish/compiled/``,
and this module is what that code runs on: the names Jinja's generated code imports from
``jinja2.runtime``, an environment (lookups, filters, tests, ``finalize``) and a context.

Only what the built-in templates use is here, with Jinja's semantics (3.1): the generator
refuses a template needing a filter, test or runtime feature this module lacks, and
``tests/test_compiled_templates.py`` renders every built-in template both ways over the demo
games, variants and hostile names and compares the bytes. A compiled template is used only
while its source file is unchanged (:func:`load`); otherwise, for a user's own template, or
when a template reaches something this runtime does not do (:class:`Unsupported`), Jinja
renders it as before.

The parts that must behave exactly as Jinja's are adapted from Jinja's source, under its
BSD licence: ``adjudicator/publish/NOTICE``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import Any

from markupsafe import Markup, escape, soft_str

from adjudicator.canonical import sha256_text
from adjudicator.resources import templates_path

__all__ = ["LoopContext", "Macro", "Markup", "Namespace", "TemplateNotFound",
           "TemplateReference", "TemplateRuntimeError", "Undefined", "escape", "identity",
           "internalcode", "markup_join", "missing", "str_join"]


class _Missing:
    def __repr__(self) -> str:
        return "missing"


missing: Any = _Missing()


class TemplateRuntimeError(Exception):
    """A template failed while rendering (Jinja's exception of that name)."""


class UndefinedError(TemplateRuntimeError):
    """A strict template used a name or attribute its context lacks."""

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class Unsupported(Exception):
    """The template needs something this runtime does not do: render it with Jinja."""


class TemplateNotFound(TemplateRuntimeError):
    pass


def identity(x: Any) -> Any:
    return x


internalcode = identity


def _unsupported(*args: Any, **kwargs: Any) -> Any:
    raise Unsupported("a Jinja feature the compiled templates' runtime does not provide")


# Imported by every module Jinja generates; the generator refuses a template that uses them.
Macro = Namespace = TemplateReference = _unsupported


def markup_join(seq: Iterable[Any]) -> str:
    buf: list[str] = []
    iterator = map(soft_str, seq)
    for arg in iterator:
        buf.append(arg)
        if hasattr(arg, "__html__"):
            return Markup("").join(chain(buf, iterator))
    return "".join(buf)


def str_join(seq: Iterable[Any]) -> str:
    return "".join(map(str, seq))


def object_type_repr(obj: Any) -> str:
    if obj is None:
        return "None"
    if obj is Ellipsis:
        return "Ellipsis"
    cls = type(obj)
    if cls.__module__ == "builtins":
        return f"{cls.__name__} object"
    return f"{cls.__module__}.{cls.__name__} object"


# --- undefined values ------------------------------------------------------------------------
class Undefined:
    """Jinja's default undefined: prints as nothing, is false and empty; anything else fails."""

    __slots__ = ("_undefined_hint", "_undefined_name", "_undefined_obj")

    def __init__(self, hint: str | None = None, obj: Any = missing, name: Any = None) -> None:
        self._undefined_hint = hint
        self._undefined_obj = obj
        self._undefined_name = name

    @property
    def _undefined_message(self) -> str:
        if self._undefined_hint:
            return self._undefined_hint
        if self._undefined_obj is missing:
            return f"{self._undefined_name!r} is undefined"
        if not isinstance(self._undefined_name, str):
            return (f"{object_type_repr(self._undefined_obj)} has no"
                    f" element {self._undefined_name!r}")
        return (f"{object_type_repr(self._undefined_obj)!r} has no"
                f" attribute {self._undefined_name!r}")

    def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> Any:
        raise UndefinedError(self._undefined_message)

    def __getattr__(self, name: str) -> Any:
        if name[:2] == "__" and name[-2:] == "__":
            raise AttributeError(name)
        return self._fail_with_undefined_error()

    __add__ = __radd__ = __sub__ = __rsub__ = _fail_with_undefined_error
    __mul__ = __rmul__ = __truediv__ = __rtruediv__ = _fail_with_undefined_error
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _fail_with_undefined_error
    __pos__ = __neg__ = __call__ = __getitem__ = _fail_with_undefined_error
    __lt__ = __le__ = __gt__ = __ge__ = _fail_with_undefined_error
    __int__ = __float__ = __complex__ = __pow__ = __rpow__ = _fail_with_undefined_error

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return id(type(self))

    def __str__(self) -> str:
        return ""

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Any]:
        yield from ()

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "Undefined"


class StrictUndefined(Undefined):
    """Jinja's strict undefined: printing, iterating, testing or comparing it fails too."""

    __slots__ = ()
    __iter__ = __str__ = __len__ = Undefined._fail_with_undefined_error  # type: ignore[assignment]
    __eq__ = __ne__ = __bool__ = __hash__ = Undefined._fail_with_undefined_error  # type: ignore[assignment]
    __contains__ = Undefined._fail_with_undefined_error


# --- loops -----------------------------------------------------------------------------------
class LoopContext:
    """``loop`` of a ``{% for %}``: the items with their position (``index``, ``first``...)."""

    def __init__(self, iterable: Iterable[Any], undefined: type, recurse: Any = None,
                 depth0: int = 0) -> None:
        if recurse is not None:
            raise Unsupported("recursive loops")
        self._items = list(iterable)
        self.index0 = -1
        self.depth0 = depth0

    def __iter__(self) -> Iterator[tuple[Any, LoopContext]]:
        for item in self._items:
            self.index0 += 1
            yield item, self

    def __len__(self) -> int:
        return len(self._items)

    length = property(__len__)
    index = property(lambda self: self.index0 + 1)
    first = property(lambda self: self.index0 == 0)
    last = property(lambda self: self.index0 == len(self._items) - 1)
    revindex = property(lambda self: len(self._items) - self.index0)
    revindex0 = property(lambda self: len(self._items) - self.index0 - 1)
    depth = property(lambda self: self.depth0 + 1)

    def __getattr__(self, name: str) -> Any:  # previtem, cycle, changed...
        if name[:2] == "__":
            raise AttributeError(name)
        raise Unsupported(f"loop.{name}")


# --- filters and tests (Jinja 3.1's, for the arguments the built-in templates give) ----------
# Each is called as Jinja's compiler calls the filter of that name: with the context, the
# evaluation context or the environment first when Jinja's own takes one (PASS names which).
def _attrgetter(environment: Environment, attribute: Any,
                postprocess: Callable[[Any], Any] | None = None) -> Callable[[Any], Any]:
    if attribute is None:
        parts: list[Any] = []
    elif isinstance(attribute, str):
        parts = [int(x) if x.isdigit() else x for x in attribute.split(".")]
    else:
        parts = [attribute]

    def get(item: Any) -> Any:
        for part in parts:
            item = environment.getitem(item, part)
        return postprocess(item) if postprocess is not None else item

    return get


def _ignore_case(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def do_float(value: Any, default: float = 0.0) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def do_format(value: Any, *args: Any, **kwargs: Any) -> str:
    if args and kwargs:
        raise TemplateRuntimeError("can't handle positional and keyword arguments at the "
                                   "same time")
    return soft_str(value) % (kwargs or args)


def do_join(eval_ctx: EvalContext, value: Iterable[Any], d: str = "",
            attribute: Any = None) -> str:
    if attribute is not None:
        value = map(_attrgetter(eval_ctx.environment, attribute), value)
    if not eval_ctx.autoescape:
        return str(d).join(map(str, value))
    if not hasattr(d, "__html__"):
        items = list(value)
        do_escape = False
        for idx, item in enumerate(items):
            if hasattr(item, "__html__"):
                do_escape = True
            else:
                items[idx] = str(item)
        return (escape(d) if do_escape else str(d)).join(items)
    return soft_str(d).join(map(soft_str, value))


def do_list(eval_ctx: EvalContext, value: Iterable[Any]) -> list[Any]:
    return list(value)


def do_map(context: Context, value: Iterable[Any], *args: Any, **kwargs: Any
           ) -> Iterator[Any]:
    if not value:
        return
    if not args and "attribute" in kwargs:
        attribute = kwargs.pop("attribute")
        if kwargs:
            raise Unsupported(f"map with {sorted(kwargs)}")
        func = _attrgetter(context.environment, attribute)
    else:
        if not args:
            raise TemplateRuntimeError("map requires a filter argument")
        name, rest = args[0], args[1:]

        def func(item: Any) -> Any:
            return context.environment.call_filter(name, item, rest, kwargs, context)

    for item in value:
        yield func(item)


def _min_or_max(environment: Environment, value: Iterable[Any], func: Callable[..., Any],
                case_sensitive: bool, attribute: Any) -> Any:
    it = iter(value)
    try:
        first = next(it)
    except StopIteration:
        return environment.undefined("No aggregated item, sequence was empty.")
    key = _attrgetter(environment, attribute, None if case_sensitive else _ignore_case)
    return func(chain([first], it), key=key)


def do_max(environment: Environment, value: Iterable[Any], case_sensitive: bool = False,
           attribute: Any = None) -> Any:
    return _min_or_max(environment, value, max, case_sensitive, attribute)


def do_min(environment: Environment, value: Iterable[Any], case_sensitive: bool = False,
           attribute: Any = None) -> Any:
    return _min_or_max(environment, value, min, case_sensitive, attribute)


def do_replace(eval_ctx: EvalContext, s: Any, old: Any, new: Any, count: int | None = None
               ) -> str:
    if count is None:
        count = -1
    if not eval_ctx.autoescape:
        return str(s).replace(str(old), str(new), count)
    if hasattr(old, "__html__") or hasattr(new, "__html__") and not hasattr(s, "__html__"):
        s = escape(s)
    else:
        s = soft_str(s)
    return s.replace(soft_str(old), soft_str(new), count)


def do_selectattr(context: Context, value: Iterable[Any], *args: Any, **kwargs: Any
                  ) -> Iterator[Any]:
    if not value:
        return
    if not args:
        raise TemplateRuntimeError("Missing parameter for attribute name")
    get = _attrgetter(context.environment, args[0])
    if len(args) > 1:
        name, rest = args[1], args[2:]

        def test(item: Any) -> Any:
            return context.environment.call_test(name, item, rest, kwargs)
    else:
        test = bool
    for item in value:
        if test(get(item)):
            yield item


def test_defined(value: Any) -> bool:
    return not isinstance(value, Undefined)


#: Jinja's filters this runtime has: name -> (what Jinja passes first, the function).
BUILTIN_FILTERS: dict[str, tuple[str | None, Callable[..., Any]]] = {
    "float": (None, do_float),
    "format": (None, do_format),
    "join": ("eval_context", do_join),
    "length": (None, len),
    "count": (None, len),
    "list": ("eval_context", do_list),
    "map": ("context", do_map),
    "max": ("environment", do_max),
    "min": ("environment", do_min),
    "replace": ("eval_context", do_replace),
    "selectattr": ("context", do_selectattr),
}
BUILTIN_TESTS: dict[str, Callable[..., Any]] = {"defined": test_defined}


# --- environment and context -----------------------------------------------------------------
class Environment:
    """What compiled code asks its ``environment``: lookups, filters, tests, ``finalize``."""

    concat = staticmethod("".join)

    def __init__(self, *, autoescape: bool, undefined: type = Undefined,
                 finalize: Callable[[Any], Any] | None = None,
                 filters: Mapping[str, Callable[..., Any]] = (),
                 globals: Mapping[str, Any] = ()) -> None:
        self.autoescape = autoescape
        self.undefined = undefined
        self.finalize = finalize
        self.filters: dict[str, Callable[..., Any]] = {
            name: fn for name, (_, fn) in BUILTIN_FILTERS.items()}
        self.filters.update(filters)
        self.tests = dict(BUILTIN_TESTS)
        self.globals = {"range": range, "dict": dict, **dict(globals)}

    def getattr(self, obj: Any, attribute: str) -> Any:
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        try:
            return obj[argument]
        except (AttributeError, TypeError, LookupError):
            if isinstance(argument, str):
                try:
                    return getattr(obj, argument)
                except AttributeError:
                    pass
            return self.undefined(obj=obj, name=argument)

    def call_filter(self, name: str, value: Any, args: tuple, kwargs: dict,
                    context: Context) -> Any:
        func = self.filters.get(name)
        if func is None:
            raise Unsupported(f"filter {name!r}")
        builtin = BUILTIN_FILTERS.get(name)
        first = builtin[0] if builtin and builtin[1] is func else None  # ours take none
        lead = {"context": (context,), "eval_context": (context.eval_ctx,),
                "environment": (self,), None: ()}[first]
        return func(*lead, value, *args, **kwargs)

    def call_test(self, name: str, value: Any, args: tuple, kwargs: dict) -> Any:
        func = self.tests.get(name)
        if func is None:
            raise Unsupported(f"test {name!r}")
        return func(value, *args, **kwargs)


class EvalContext:
    def __init__(self, environment: Environment) -> None:
        self.environment = environment
        self.autoescape = environment.autoescape
        self.volatile = False


class Context:
    """The variables a template sees: those it set (``vars``) over those it was given."""

    def __init__(self, environment: Environment, parent: dict[str, Any],
                 blocks: Mapping[str, Callable[..., Any]]) -> None:
        self.environment = environment
        self.parent = parent
        self.vars: dict[str, Any] = {}
        self.exported_vars: set[str] = set()
        self.eval_ctx = EvalContext(environment)
        self.blocks = {k: [v] for k, v in blocks.items()}

    def resolve_or_missing(self, key: str) -> Any:
        if key in self.vars:
            return self.vars[key]
        if key in self.parent:
            return self.parent[key]
        return missing

    def call(self, obj: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        if hasattr(obj, "jinja_pass_arg"):  # Jinja's pass_context and the like: none of ours
            raise Unsupported("a callable that asks Jinja for its context")
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return obj(*args, **kwargs)
        except StopIteration:
            return self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception")


# --- compiled templates ----------------------------------------------------------------------
def module_name(template: str) -> str:
    """``diplomacy/report.html.j2`` -> ``diplomacy__report_html`` (its compiled module)."""
    return template.removesuffix(".j2").replace("/", "__").replace(".", "_").replace("-", "_")


def load(template: str) -> Any:
    """The compiled module of built-in ``template`` when it is current, else None.

    Current means compiled from the very text the template file has now: a template edited
    after ``tools/gen_templates.py`` last ran is rendered by Jinja, never from stale code."""
    try:
        module = importlib.import_module(f"adjudicator.publish.compiled.{module_name(template)}")
        text = (templates_path() / template).read_text(encoding="utf-8")
    except (ImportError, OSError):
        return None
    return module if module.SOURCE_SHA256 == sha256_text(text) else None


def render(template: str, environment: Environment, context: Mapping[str, Any]) -> str | None:
    """Built-in ``template`` rendered from its compiled code as Jinja's
    ``Template.render(**context)`` would; None when Jinja must render it instead (the
    compiled code is not current, see :func:`load`, or the template reaches beyond this
    runtime). An :class:`UndefinedError` of a strict environment is raised."""
    module = load(template)
    if module is None:
        return None
    root, blocks = module.make(environment)
    ctx = Context(environment, {**environment.globals, **context}, blocks)
    try:
        return "".join(root(ctx))
    except Unsupported:
        return None
