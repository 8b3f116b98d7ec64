"""Value classes without the ``dataclasses`` module: ``@record`` and ``@record(frozen=True)``.

Why not :mod:`dataclasses` (issue 16, measured in ``benchmarks/README.md``): importing it
imports :mod:`inspect` (with ``ast``, ``dis`` and ``tokenize``), about one bare interpreter
start of CPU on its own, and each decorated class then compiles five or six generated methods
(about 0.45 ms per frozen class). ``adj status`` created 26 such classes and ``adj orders`` 43
before any work was done. Here a class compiles one ``__init__`` and shares ``__eq__``,
``__hash__``, ``__repr__`` and the frozen ``__setattr__`` with every other record.

The semantics are those of the subset of dataclasses this project uses, so reading
``@record(frozen=True)`` as ``@dataclass(frozen=True)`` is right:

* fields are the class's annotations (``ClassVar`` ones excepted), after the fields of record
  bases, in order; ``field(default=..., default_factory=..., repr=..., compare=...,
  kw_only=...)`` as in dataclasses, a mutable default is refused;
* ``__init__`` takes the fields in order (keyword-only ones last), runs ``__post_init__`` when
  the class has one; ``__repr__`` is ``Name(a=1, b='x')``; ``__eq__`` compares the fields
  with ``compare`` set, and only with an instance of the very same class;
* a frozen record is hashable (the hash of the tuple of its compared fields, as dataclasses
  computes it) and refuses assignment with :class:`FrozenInstanceError`; a mutable one is
  unhashable; a method the class defines itself is kept;
* :func:`replace`, :func:`fields` and :func:`asdict` behave as their dataclasses namesakes.

``tests/test_record.py`` checks each of these beside :mod:`dataclasses` itself.
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:  # no typing at run time: the annotations are strings
    from collections.abc import Callable
    from typing import Any


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record."""


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Field:
    """One field of a record, as :func:`fields` lists them."""

    __slots__ = ("compare", "default", "default_factory", "kw_only", "name", "repr", "type")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING,
                 repr: bool = True, compare: bool = True, kw_only: bool = False) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.repr = repr
        self.compare = compare
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, default={self.default!r}, "
                f"default_factory={self.default_factory!r}, repr={self.repr}, "
                f"compare={self.compare}, kw_only={self.kw_only})")


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING,
          repr: bool = True, compare: bool = True, kw_only: bool = False) -> Any:
    """A field with a default, a factory for its default, or left out of ``repr``/``==``."""
    return Field(default, default_factory, repr, compare, kw_only)


_FIELDS = "__record_fields__"


def _is_classvar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _collect(cls: type) -> dict[str, Field]:
    found: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        found.update(base.__dict__.get(_FIELDS, {}))
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - inspect is what we avoid
    for name, annotation in own.items():
        if _is_classvar(annotation):
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name, f.type = name, annotation
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not "
                             "allowed: use default_factory")
        if isinstance(value, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        found[name] = f
    return found


def _init(cls: type, all_fields: list[Field], frozen: bool) -> Any:
    """``__init__`` for the fields: compiled once per class (the one generated method)."""
    env: dict[str, Any] = {"__rec_MISSING": MISSING, "__rec_set": object.__setattr__}
    positional, keyword, body = [], [], []
    seen_default = False
    for f in all_fields:
        param = f.name
        if f.default is not MISSING:
            env[f"__rec_d_{f.name}"] = f.default
            param += f"=__rec_d_{f.name}"
        elif f.default_factory is not MISSING:
            env[f"__rec_f_{f.name}"] = f.default_factory
            param += "=__rec_MISSING"
        if f.kw_only:
            keyword.append(param)
        else:
            if "=" in param:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            positional.append(param)
        value = f.name
        if f.default_factory is not MISSING:
            value = f"__rec_f_{f.name}() if {f.name} is __rec_MISSING else {f.name}"
        body.append(f"__rec_set(self, {f.name!r}, {value})" if frozen
                    else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    params = ["self", *positional] + (["*", *keyword] if keyword else [])
    source = f"def __init__({', '.join(params)}):\n " + "\n ".join(body or ["pass"]) + "\n"
    exec(source, env)  # noqa: S102 - our own text, built from the class's field names
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__record_key__(self) == other.__record_key__(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_repr__)
    return f"{self.__class__.__qualname__}({shown})"


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _key(names: list[str]) -> Callable[[Any], tuple]:
    if len(names) > 1:
        return attrgetter(*names)  # a tuple, as dataclasses compares and hashes
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()


def _process(cls: type, frozen: bool) -> type:
    own = cls.__dict__
    all_fields = _collect(cls)
    for base in cls.__mro__[1:-1]:
        if _FIELDS in base.__dict__ and base.__dict__["__record_frozen__"] != frozen:
            raise TypeError("cannot inherit frozen record from a non-frozen one" if frozen
                            else "cannot inherit non-frozen record from a frozen one")
    setattr(cls, _FIELDS, all_fields)
    cls.__record_frozen__ = frozen
    listed = list(all_fields.values())
    if "__init__" not in own:
        cls.__init__ = _init(cls, listed, frozen)
    cls.__record_key__ = staticmethod(_key([f.name for f in listed if f.compare]))
    cls.__record_repr__ = tuple(f.name for f in listed if f.repr)
    if "__repr__" not in own:
        cls.__repr__ = _repr
    explicit_hash = own.get("__hash__", MISSING)
    has_explicit_hash = not (explicit_hash is MISSING
                             or (explicit_hash is None and "__eq__" in own))
    if "__eq__" not in own:
        cls.__eq__ = _eq
    if not has_explicit_hash:
        cls.__hash__ = _hash if frozen else None  # type: ignore[assignment]
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in own:
                raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
        cls.__setattr__ = _frozen_setattr  # type: ignore[method-assign]
        cls.__delattr__ = _frozen_delattr  # type: ignore[method-assign]
    return cls


def record(cls: type | None = None, /, *, frozen: bool = False) -> Any:
    """Make ``cls`` a record (``@record``) or a frozen one (``@record(frozen=True)``)."""
    if cls is None:
        return lambda c: _process(c, frozen)
    return _process(cls, frozen)


def is_record(obj: Any) -> bool:
    """Whether ``obj`` is a record class or an instance of one."""
    return hasattr(obj if isinstance(obj, type) else type(obj), _FIELDS)


def fields(obj: Any) -> tuple[Field, ...]:
    """The fields of a record class or instance, in order."""
    try:
        found = getattr(obj, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return tuple(found.values())


def replace(obj: Any, /, **changes: Any) -> Any:
    """A new record like ``obj`` with ``changes``; ``__post_init__`` runs again."""
    for f in fields(obj):
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def asdict(obj: Any) -> dict[str, Any]:
    """The record as a dict, recursing into records, lists, tuples and dicts (copied)."""
    if not is_record(obj) or isinstance(obj, type):
        raise TypeError("asdict() should be called on record instances")
    return _asdict(obj)


def _asdict(value: Any) -> Any:
    if is_record(value) and not isinstance(value, type):
        return {f.name: _asdict(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[_asdict(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_asdict(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_asdict(k), _asdict(v)) for k, v in value.items())
    if isinstance(value, (str, int, float, bool, bytes, type(None))):
        return value
    import copy  # as dataclasses.asdict does for anything else

    return copy.deepcopy(value)
