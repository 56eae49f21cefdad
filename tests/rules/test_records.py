"""Records (sfb_desk.rules.records) behave as the dataclasses of the same declaration.

The ship classes of sfb_desk/rules/ship.py are declared with ``@record``; here the same source
is run again with ``@dataclass(frozen=True, slots=True)`` and ``dataclasses.field`` (what they
were before issue 13's start-up work), and every ship of the library, made both ways, must
agree: fields, repr, ==, hash, pickling, copying, replace, asdict, match args, frozenness and
the errors of a bad call.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
import types
from pathlib import Path
from typing import ClassVar

import pytest

from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.rules import records, ship

CLASSES = ("Weapon", "ShuttleBay", "SpecialSystem", "Refit", "Disagreement", "Provenance", "ShipSpec")


@pytest.fixture(scope="module")
def twins() -> dict[str, type]:
    """The classes of rules/ship.py as real frozen slotted dataclasses."""
    source = Path(ship.__file__).read_text(encoding="utf-8")
    source = source.replace("from sfb_desk.rules.records import field, record\n",
                            "from dataclasses import dataclass, field\n")
    source = source.replace("@record\n", "@dataclass(frozen=True, slots=True)\n")
    assert "@record\n" not in source and "import field, record" not in source
    module = types.ModuleType("ship_twin")
    sys.modules[module.__name__] = module  # dataclasses reads the module of its classes
    try:
        exec(compile(source, "ship_twin", "exec"), module.__dict__)  # noqa: S102 - our own module
    finally:
        del sys.modules[module.__name__]
    return {name: getattr(module, name) for name in CLASSES}


@pytest.fixture(scope="module")
def library() -> ShipLibrary:
    return load_library()


def _twin(value: object, twins: dict[str, type]) -> object:
    """``value`` with every record in it made again as its dataclass twin."""
    if type(value) is tuple:
        return tuple(_twin(v, twins) for v in value)
    name = type(value).__name__
    if name in twins and type(value).__module__ == ship.__name__:
        cls = twins[name]
        return cls(**{f.name: _twin(getattr(value, f.name), twins)
                      for f in dataclasses.fields(cls) if f.init})
    return value


def test_fields_and_class_shape_are_the_dataclass_s(twins):
    for name in CLASSES:
        mine, theirs = getattr(ship, name), twins[name]
        assert dataclasses.is_dataclass(mine)
        assert [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash)
                for f in dataclasses.fields(mine)] == [
            (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash)
            for f in dataclasses.fields(theirs)]
        assert mine.__slots__ == theirs.__slots__
        assert mine.__match_args__ == theirs.__match_args__
        assert mine.__dataclass_params__.frozen and mine.__dataclass_params__.eq
        assert mine.__doc__ == theirs.__doc__ and mine.__qualname__ == theirs.__qualname__
        assert mine.__annotations__ == theirs.__annotations__
        assert not hasattr(mine(*_required(theirs)), "__dict__")


def _required(cls: type) -> list[object]:
    return [f"v{i}" for i, f in enumerate(dataclasses.fields(cls))
            if f.init and f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING]


def test_every_library_ship_is_its_dataclass_twin(twins, library):
    assert len(library) > 100
    for spec in library.ships.values():
        twin = _twin(spec, twins)
        assert spec.box_ids() == twin.box_ids() and spec._counts == twin._counts  # both built
        assert repr(spec) == repr(twin)
        assert hash(spec) == hash(twin)
        assert dataclasses.asdict(spec) == dataclasses.asdict(twin)
        assert dataclasses.astuple(spec) == dataclasses.astuple(twin)
        for weapon, other in zip(spec.weapons, twin.weapons):
            assert (repr(weapon), hash(weapon)) == (repr(other), hash(other))


def test_equality_copies_and_pickles(library):
    for spec in list(library.ships.values())[:20]:
        for made in (copy.copy(spec), copy.deepcopy(spec),
                     pickle.loads(pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL)),
                     pickle.loads(pickle.dumps(spec, protocol=2)),
                     dataclasses.replace(spec)):
            assert made == spec and hash(made) == hash(spec) and made is not spec
            assert made.box_ids() == spec.box_ids() and made.count("bridge") == spec.count("bridge")
        other = dataclasses.replace(spec, name=spec.name + "!")
        assert other != spec and other.name.endswith("!") and other.weapons is spec.weapons
        assert spec != _NotASpec() and (spec == 3) is False


class _NotASpec:
    pass


def test_frozen_as_a_dataclass(twins):
    weapon = ship.Weapon("1", "PH-1", "phaser", arcs=("FA",))
    twin = twins["Weapon"]("1", "PH-1", "phaser", arcs=("FA",))
    for target in (weapon, twin):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'boxes'"):
            target.boxes = 2
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'note'"):
            del target.note
    with pytest.raises(AttributeError):  # (the dataclass raises TypeError: Python 3.11's slots)
        weapon.unknown = 1
    assert weapon.boxes == 1 and weapon.box_ids == ("phaser#1",)


@pytest.mark.parametrize("call", [
    lambda cls: cls(),
    lambda cls: cls("1"),
    lambda cls: cls("1", "PH-1"),
    lambda cls: cls("1", "PH-1", "phaser", (), (), 1, None, None, None, None, "", "extra"),
    lambda cls: cls("1", "PH-1", "phaser", designator="2"),
    lambda cls: cls("1", "PH-1", "phaser", colour="red"),
    lambda cls: cls(type="PH-1"),
])
def test_a_bad_call_fails_as_the_dataclass_s(call, twins):
    with pytest.raises(TypeError) as mine:
        call(ship.Weapon)
    with pytest.raises(TypeError) as theirs:
        call(twins["Weapon"])
    assert str(mine.value) == str(theirs.value)


def test_match_and_keywords(twins):
    weapon = ship.Weapon(type="PH-1", designator="A", family="phaser", boxes=2)
    match weapon:
        case ship.Weapon("A", "PH-1", "phaser", boxes=n):
            assert n == 2
        case _:
            pytest.fail("no match")
    assert weapon == ship.Weapon("A", "PH-1", "phaser", (), (), 2)


def test_a_mutable_record_is_a_plain_dataclass():
    library = ShipLibrary()
    assert library.ships == {} and library.ships is not ShipLibrary().ships
    assert ShipLibrary.__hash__ is None and library == ShipLibrary()
    library.anything = 1  # a __dict__, as a dataclass without slots
    assert [f.name for f in dataclasses.fields(ShipLibrary)] == [
        "ships", "files", "problems", "overridden", "broken"]
    assert repr(ShipLibrary()) == ("ShipLibrary(ships={}, files={}, problems=[], overridden={}, "
                                   "broken={})")


def test_a_declaration_a_dataclass_refuses_is_refused():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @records.record
        class Bad:
            a: int = 1
            b: int
    with pytest.raises(ValueError):
        records.field(default=1, default_factory=list)
    with pytest.raises(ValueError, match="mutable default <class 'list'> for field items"):
        @records.record
        class Shared:
            items: list = []  # noqa: RUF012 - the point
    with pytest.raises(TypeError, match="does not inherit"):
        @records.record
        class Child(ship.Weapon):
            extra: int = 0


def test_a_class_variable_is_no_field():
    @records.record
    class Counted:
        LIMIT: ClassVar[int] = 3
        value: int = 0

    assert Counted.LIMIT == 3 and records.init_fields(Counted) == ("value",)
    assert [f.name for f in dataclasses.fields(Counted)] == ["value"]


def test_init_false_fields_and_post_init():
    @records.record
    class Counted:
        items: tuple[str, ...] = ()
        _size: int = records.field(default=0, init=False, compare=False, repr=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "_size", len(self.items))

    made = Counted(("a", "b"))
    assert made._size == 2 and repr(made).endswith("<locals>.Counted(items=('a', 'b'))")
    assert Counted.__match_args__ == ("items",) and records.init_fields(Counted) == ("items",)
    with pytest.raises(TypeError):
        Counted(items=(), _size=3)
