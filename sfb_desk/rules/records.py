"""Records declared as dataclasses are, made without importing :mod:`dataclasses` (start-up).

The ship classes (:mod:`sfb_desk.rules.ship`) are what every ship command reads first; as
``@dataclass(frozen=True, slots=True)`` they cost a light command about 15 ms before it did
anything (``dataclasses`` imports ``inspect``, ``ast``, ``dis`` and ``tokenize``, and compiles
several methods per class: issue 13). :func:`record` makes the same class from the same
declaration (annotated fields, defaults, :func:`field` for the rest) with methods shared by
every record instead of generated ones:

* ``__init__`` by position or keyword, defaults and default factories, ``init=False`` fields set
  to their default, then ``__post_init__``; ``__repr__``, ``__eq__`` (same class, compared
  fields in order), ``__match_args__``;
* frozen records: ``__slots__``, ``__hash__`` of the compared fields, assignment and deletion
  refused with :class:`dataclasses.FrozenInstanceError`, pickling and copying as a frozen
  slotted dataclass does (``__getstate__``/``__setstate__``);
* mutable records (``frozen=False``): a ``__dict__``, no hash, as a plain ``@dataclass``.

:func:`dataclasses.fields`, :func:`~dataclasses.replace`, :func:`~dataclasses.asdict` and
:func:`~dataclasses.is_dataclass` work on them: ``__dataclass_fields__`` and
``__dataclass_params__`` are made by :mod:`dataclasses` from the declaration the first time
something asks for them (tests/rules/test_records.py compares each record with the dataclass of
the same declaration).
"""

from __future__ import annotations

from operator import attrgetter

_MISSING = object()
_set = object.__setattr__


class Field:
    """How one field is made: :func:`field`'s options (a stand-in for ``dataclasses.field``)."""

    __slots__ = ("default", "default_factory", "init", "repr", "compare")

    def __init__(self, default: object = _MISSING, default_factory: object = _MISSING,
                 init: bool = True, repr: bool = True, compare: bool = True) -> None:  # noqa: A002
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare = init, repr, compare


def field(*, default: object = _MISSING, default_factory: object = _MISSING, init: bool = True,
          repr: bool = True, compare: bool = True) -> object:  # noqa: A002 - dataclasses' names
    """A field's options, as :func:`dataclasses.field` takes them."""
    return Field(default, default_factory, init, repr, compare)


class _Shape:
    """What the shared methods need to know of one record class."""

    __slots__ = ("names", "fields", "init", "init_set", "required", "repr", "key", "post_init",
                 "frozen")

    def __init__(self, cls: type, fields: dict[str, Field], frozen: bool) -> None:
        self.names = tuple(fields)
        self.fields = fields
        self.init = tuple(n for n, f in fields.items() if f.init)
        self.init_set = frozenset(self.init)
        self.required = sum(f.init and f.default is _MISSING and f.default_factory is _MISSING
                            for f in fields.values())
        self.repr = tuple(n for n, f in fields.items() if f.repr)
        compared = tuple(n for n, f in fields.items() if f.compare)
        getter = attrgetter(*compared) if compared else (lambda obj: ())
        self.key = getter if len(compared) != 1 else (lambda obj: (getter(obj),))
        self.post_init = getattr(cls, "__post_init__", None)
        self.frozen = frozen


def init_fields(cls: type) -> tuple[str, ...]:
    """The names of a record's init fields, in order (``__init__``'s parameters)."""
    return cls.__record__.init  # type: ignore[attr-defined]


def _init(self: object, *args: object, **kwargs: object) -> None:
    shape: _Shape = self.__record__  # type: ignore[attr-defined]
    name = type(self).__qualname__
    if len(args) > len(shape.init):
        most, least = len(shape.init) + 1, shape.required + 1
        takes = f"from {least} to {most}" if least < most else f"{most}"
        raise TypeError(f"{name}.__init__() takes {takes} positional argument{'s' * (most > 1)} "
                        f"but {len(args) + 1} were given")
    values = dict(zip(shape.init, args))
    for key, value in kwargs.items():
        if key not in shape.init_set:
            raise TypeError(f"{name}.__init__() got an unexpected keyword argument {key!r}")
        if key in values:
            raise TypeError(f"{name}.__init__() got multiple values for argument {key!r}")
        values[key] = value
    missing = []
    for key, spec in shape.fields.items():
        if key in values:
            value = values[key]
        elif spec.default is not _MISSING:
            value = spec.default
        elif spec.default_factory is not _MISSING:
            value = spec.default_factory()  # type: ignore[operator]
        elif spec.init:
            missing.append(key)
            continue
        else:
            continue  # no default, not in __init__: unset, as a dataclass leaves it
        _set(self, key, value)
    if missing:
        quoted = [repr(m) for m in missing]
        listed = (" and ".join(quoted) if len(quoted) < 3
                  else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
        raise TypeError(f"{name}.__init__() missing {len(missing)} required positional "
                        f"argument{'s' * (len(missing) > 1)}: {listed}")
    if shape.post_init is not None:
        shape.post_init(self)


def _repr(self: object) -> str:
    shape: _Shape = self.__record__  # type: ignore[attr-defined]
    inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shape.repr)
    return f"{type(self).__qualname__}({inner})"


def _eq(self: object, other: object) -> bool:
    if other.__class__ is self.__class__:
        key = self.__record__.key  # type: ignore[attr-defined]
        return key(self) == key(other)
    return NotImplemented


def _hash(self: object) -> int:
    return hash(self.__record__.key(self))  # type: ignore[attr-defined]


def _frozen(self: object, name: str, value: object) -> None:
    from dataclasses import FrozenInstanceError  # only when refusing

    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delete(self: object, name: str) -> None:
    from dataclasses import FrozenInstanceError

    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: object) -> list[object]:
    return [getattr(self, n) for n in self.__record__.names]  # type: ignore[attr-defined]


def _setstate(self: object, state: list[object]) -> None:
    for name, value in zip(self.__record__.names, state):  # type: ignore[attr-defined]
        _set(self, name, value)


class _DataclassView:
    """``__dataclass_fields__`` / ``__dataclass_params__``, made by :mod:`dataclasses` from the
    record's declaration when first asked for, then kept in the class."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, obj: object, cls: type) -> object:
        import dataclasses

        shape: _Shape = cls.__record__  # type: ignore[attr-defined]
        declared = []
        for name, spec in shape.fields.items():
            options = {k: getattr(spec, k) for k in ("default", "default_factory")
                       if getattr(spec, k) is not _MISSING}
            declared.append((name, cls.__annotations__[name], dataclasses.field(
                init=spec.init, repr=spec.repr, compare=spec.compare, **options)))
        shadow = dataclasses.make_dataclass(cls.__name__, declared, frozen=shape.frozen)
        for attribute in ("__dataclass_fields__", "__dataclass_params__"):
            type.__setattr__(cls, attribute, getattr(shadow, attribute))
        return getattr(cls, self.attribute)


def record(cls: type | None = None, /, *, frozen: bool = True):  # noqa: ANN201
    """The record class declared by ``cls`` (see the module doc); ``@record`` or
    ``@record(frozen=False)``."""
    if cls is None:
        return lambda c: record(c, frozen=frozen)
    own = cls.__dict__
    if any(hasattr(base, "__record__") for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record does not inherit another's fields")
    fields: dict[str, Field] = {}
    for name, annotation in own.get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue  # a class attribute, as in a dataclass
        if "InitVar" in str(annotation):
            raise TypeError(f"{cls.__name__}.{name}: a record takes no InitVar")
        value = own.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        if spec.default is not _MISSING and type(spec.default).__hash__ is None:
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not "
                             "allowed: use default_factory")
        if spec.init and spec.default is _MISSING and spec.default_factory is _MISSING and any(
                f.init and (f.default is not _MISSING or f.default_factory is not _MISSING)
                for f in fields.values()):
            raise TypeError(f"non-default argument {name!r} follows default argument")
        fields[name] = spec
    namespace = {k: v for k, v in own.items() if k not in fields and k not in ("__dict__", "__weakref__")}
    namespace.update(
        __qualname__=cls.__qualname__, __init__=_init, __repr__=_repr, __eq__=_eq,
        __match_args__=tuple(n for n, f in fields.items() if f.init),
        __dataclass_fields__=_DataclassView("__dataclass_fields__"),
        __dataclass_params__=_DataclassView("__dataclass_params__"))
    if frozen:
        namespace.update(__slots__=tuple(fields), __hash__=_hash, __setattr__=_frozen,
                         __delattr__=_frozen_delete, __getstate__=_getstate, __setstate__=_setstate)
    else:
        namespace.update(__hash__=None)
        for name, spec in fields.items():  # class defaults, as a dataclass keeps them
            if spec.default is not _MISSING:
                namespace[name] = spec.default
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    made.__record__ = _Shape(made, fields, frozen)  # type: ignore[attr-defined]
    return made
