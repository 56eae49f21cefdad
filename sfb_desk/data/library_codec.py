"""Ship specs as bytes for the compiled-library cache (:mod:`sfb_desk.data.library_cache`).

A spec is written as plain values that :mod:`marshal` keeps exactly, and read back without
:mod:`pickle` (issue 13: start-up; marshal is built into the interpreter, pickle and its
imports cost a light command a few milliseconds):

* a record of :mod:`sfb_desk.rules.ship` is a list ``[class number, field values...]`` (its
  public init fields in order; on reading, the fields are set through the slots and the
  record's ``__post_init__`` runs, as when a file is read);
* a :class:`~fractions.Fraction` is ``[-1, numerator, denominator]``;
* a tuple, frozenset, set or dict holding any of those is ``[-2 | -3 | -4, items...]`` or
  ``[-6, keys, values]``, a list ``[-5, items...]``; the others are kept as they are (a tuple of
  strings is read as marshal gives it, with nothing to walk);
* a value of another type (a date from a ship file's free-form facts...) is ``[-9, its pickle]``,
  the only case that imports pickle.

Every value a spec holds comes back equal and of the same type
(tests/data/test_library_codec.py, over the whole library).
"""

from __future__ import annotations

import marshal
from fractions import Fraction

from sfb_desk.rules import ship
from sfb_desk.rules.records import init_fields

#: Marshal's format version (4: Python 3.4 and later). The cache names the Python version too.
VERSION = 4

CLASSES = (ship.ShipSpec, ship.Weapon, ship.ShuttleBay, ship.SpecialSystem, ship.Refit,
           ship.Disagreement, ship.Provenance)
_NUMBER = {cls: n for n, cls in enumerate(CLASSES)}
_PLAIN = frozenset({type(None), bool, int, float, str, bytes})
_FRACTION, _TUPLE, _FROZENSET, _SET, _LIST, _DICT, _OTHER = -1, -2, -3, -4, -5, -6, -9


def _public_init_fields(cls: type) -> tuple[str, ...]:
    """The init fields a spec is written with: the public ones (the private ones, such as
    ShipSpec's ``_counts``, are made again by ``__post_init__``)."""
    names = init_fields(cls)
    public = tuple(n for n in names if not n.startswith("_"))
    if names[: len(public)] != public:
        raise TypeError(f"{cls.__name__}: private init fields before public ones")
    return public


_FIELDS = {cls: _public_init_fields(cls) for cls in CLASSES}
_SETTERS = tuple(tuple(getattr(cls, n).__set__ for n in _FIELDS[cls]) for cls in CLASSES)
_POST_INIT = tuple(getattr(cls, "__post_init__", None) for cls in CLASSES)


def _plain(value: object) -> object:
    kind = type(value)
    if kind in _PLAIN:
        return value
    number = _NUMBER.get(kind)
    if number is not None:
        return [number, *(_plain(getattr(value, n)) for n in _FIELDS[kind])]
    if kind is Fraction:
        return [_FRACTION, value.numerator, value.denominator]
    if kind in (tuple, frozenset, set):
        items = [_plain(v) for v in value]
        if all(type(v) is not list for v in items):
            return value  # plain all through: marshal keeps it as it is
        return [{tuple: _TUPLE, frozenset: _FROZENSET, set: _SET}[kind], *items]
    if kind is list:
        return [_LIST, *(_plain(v) for v in value)]
    if kind is dict:
        keys, values = [_plain(k) for k in value], [_plain(v) for v in value.values()]
        if all(type(v) is not list for v in keys + values):
            return value
        return [_DICT, keys, values]
    import pickle  # a value marshal cannot keep

    return [_OTHER, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)]


def _value(data: object) -> object:
    if type(data) is not list:
        return data
    tag = data[0]
    if tag >= 0:
        obj = object.__new__(CLASSES[tag])
        if len(data) != len(_SETTERS[tag]) + 1:
            raise ValueError(f"a damaged {CLASSES[tag].__name__}")
        for setter, item in zip(_SETTERS[tag], data[1:]):
            setter(obj, item if type(item) is not list else _value(item))
        post = _POST_INIT[tag]
        if post is not None:
            post(obj)
        return obj
    if tag == _FRACTION:
        return Fraction(data[1], data[2])
    if tag == _OTHER:
        import pickle

        return pickle.loads(data[1])
    if tag == _DICT:
        return dict(zip(map(_value, data[1]), map(_value, data[2])))
    items = [item if type(item) is not list else _value(item) for item in data[1:]]
    return {_TUPLE: tuple, _FROZENSET: frozenset, _SET: set, _LIST: list}[tag](items)


def dumps(spec: ship.ShipSpec) -> bytes:
    """``spec`` as bytes (see the module doc)."""
    return marshal.dumps(_plain(spec), VERSION)


def loads(data: bytes) -> ship.ShipSpec:
    """The spec :func:`dumps` wrote (ValueError, EOFError or TypeError for damaged bytes)."""
    spec = _value(marshal.loads(data))
    if type(spec) is not ship.ShipSpec:
        raise TypeError("not a ship spec")
    return spec  # type: ignore[return-value]
