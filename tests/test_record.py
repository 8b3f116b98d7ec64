"""``adjudicator.record`` behaves as the subset of :mod:`dataclasses` the project used."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import ClassVar

import pytest

from adjudicator import record as rec
from adjudicator.record import FrozenInstanceError, asdict, field, fields, record, replace


def _pair(frozen: bool):
    """The same class declared as a dataclass and as a record."""
    made = []
    for deco, fld in ((dataclasses.dataclass, dataclasses.field), (record, field)):
        @deco(frozen=frozen)
        class Point:
            x: int
            y: int = 0
            tags: tuple = fld(default_factory=tuple)
            note: str = fld(default="", compare=False, repr=False)
            kind: ClassVar[str] = "point"

        made.append(Point)
    return made


@pytest.mark.parametrize("frozen", [True, False])
def test_init_repr_eq_as_dataclasses(frozen):
    dc, rc = _pair(frozen)
    for args, kwargs in (((1,), {}), ((1, 2), {"tags": ("a",)}), ((), {"x": 3, "note": "n"})):
        a, b = dc(*args, **kwargs), rc(*args, **kwargs)
        assert repr(a) == repr(b)
        assert [f.name for f in dataclasses.fields(a)] == [f.name for f in fields(b)]
        assert dataclasses.asdict(a) == asdict(b)
    assert rc(1, note="a") == rc(1, note="b")  # compare=False
    assert rc(1) != rc(2)
    assert rc(1).kind == "point" and "kind" not in [f.name for f in fields(rc)]
    with pytest.raises(TypeError):
        rc()  # x is required
    with pytest.raises(TypeError):
        rc(1, 2, (), "", 5)


def test_default_factory_is_called_per_instance():
    @record
    class Bag:
        items: list = field(default_factory=list)

    a, b = Bag(), Bag()
    a.items.append(1)
    assert b.items == [] and a.items == [1]


def test_frozen_hash_matches_dataclasses_and_refuses_assignment():
    dc, rc = _pair(True)
    assert hash(rc(1, 2, ("t",), "ignored")) == hash(dc(1, 2, ("t",), "other"))
    p = rc(1)
    with pytest.raises(FrozenInstanceError):
        p.x = 2
    with pytest.raises(AttributeError):  # as dataclasses' FrozenInstanceError is one
        del p.x
    assert {rc(1), rc(1), rc(2)} == {rc(1), rc(2)}


def test_single_field_hash_is_the_tuples():
    @record(frozen=True)
    class One:
        v: str

    @dataclasses.dataclass(frozen=True)
    class DOne:
        v: str

    assert hash(One("a")) == hash(DOne("a")) == hash(("a",))


def test_mutable_record_is_unhashable_and_assignable():
    _, rc = _pair(False)
    p = rc(1)
    p.x = 5
    assert p.x == 5
    with pytest.raises(TypeError):
        hash(p)


def test_equality_needs_the_same_class():
    @record(frozen=True)
    class A:
        v: int

    @record(frozen=True)
    class B(A):
        pass

    assert A(1) != B(1) and A(1) == A(1)
    assert A(1) != (1,)


def test_inheritance_kw_only_and_post_init():
    @record(frozen=True)
    class Base:
        folder: str
        replayed: bool = field(default=False, kw_only=True)

    @record(frozen=True)
    class Child(Base):
        game: str = ""
        seen: tuple = ()

        def __post_init__(self):
            object.__setattr__(self, "seen", (self.folder, self.game))

    c = Child("f", "g", replayed=True)
    assert (c.folder, c.game, c.replayed, c.seen) == ("f", "g", True, ("f", "g"))
    assert [f.name for f in fields(c)] == ["folder", "replayed", "game", "seen"]
    assert repr(c) == "test_inheritance_kw_only_and_post_init.<locals>.Child(folder='f', " \
        "replayed=True, game='g', seen=('f', 'g'))"
    with pytest.raises(TypeError):
        Child("f", "g", (), True)  # replayed is keyword-only
    assert replace(c, game="h").seen == ("f", "h")  # __post_init__ runs again


def test_inheriting_across_frozen_and_mutable_is_refused():
    @record(frozen=True)
    class F:
        a: int

    with pytest.raises(TypeError):
        @record
        class M(F):
            b: int = 0


def test_methods_the_class_defines_are_kept():
    @record(frozen=True)
    class Secret:
        seed: bytes

        def __repr__(self):
            return "Secret(...)"

    @record(frozen=True)
    class Custom:
        a: int

        def __init__(self, text: str):
            object.__setattr__(self, "a", int(text))

    assert repr(Secret(b"x")) == "Secret(...)"
    assert Custom("4").a == 4


def test_mutable_default_and_order_errors():
    with pytest.raises(ValueError):
        @record
        class Bad:
            items: list = []  # noqa: RUF012

    with pytest.raises(TypeError):
        @record
        class Order:
            a: int = 0
            b: int


def test_replace_fields_asdict_errors():
    _, rc = _pair(True)
    p = rc(1, 2)
    assert replace(p, y=3) == rc(1, 3)
    with pytest.raises(TypeError):
        replace(p, z=1)
    with pytest.raises(TypeError):
        fields(object())
    with pytest.raises(TypeError):
        asdict(rc)
    assert rec.is_record(p) and rec.is_record(rc) and not rec.is_record(1)


def test_asdict_recurses_and_copies():
    @record(frozen=True)
    class Inner:
        v: int

    @record
    class Outer:
        inner: Inner
        many: list
        by: dict

    o = Outer(Inner(1), [Inner(2)], {"k": Inner(3)})
    d = asdict(o)
    assert d == {"inner": {"v": 1}, "many": [{"v": 2}], "by": {"k": {"v": 3}}}
    assert d["many"] is not o.many


def test_copy_and_pickle_keep_frozen_records():
    global Pickled  # pickle finds a class by its module's name

    @record(frozen=True)
    class Pickled:
        a: int
        b: tuple = ()

    Pickled.__qualname__ = "Pickled"
    p = Pickled(1, (2,))
    assert copy.copy(p) == p and copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p
