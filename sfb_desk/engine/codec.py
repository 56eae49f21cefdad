"""Game state and log to and from plain JSON values (dicts, lists, strings, numbers). No I/O.

The encoding follows the frozen dataclasses' own type annotations, so a field added to a state
type is encoded without touching this file, and decoding checks every value against its
annotation: a wrong type is reported with its path (``state.units[2].facing: expected a facing
letter A-F, got 7``). Hexes are written as SFB labels (``"2215"``), facings as letters,
fractions as ``"2/3"``, frozensets as sorted lists. Unknown and missing keys are errors:
changes of format are the business of the save migrations (sfb_desk.data.saves).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from fractions import Fraction
from functools import cache

from ..rules.game_state import GameState
from ..rules.hexes import Hex, LabelError, hex_from_label
from ..rules.results import Event, Refusal
from ..rules.units import FACING_LETTERS
from .corrections import KEY_PREFIX, Correction
from .log import ANSWER, EVENT, PROMPT, RECORD_KINDS, REFUSED, GameLog, LogRecord
from .prompts import PROMPT_TYPES


class CodecError(ValueError):
    """A value that does not fit the state's types; ``path`` says where."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@cache
def _hints(cls: type) -> tuple[tuple[str, object], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


# ---------------------------------------------------------------------------------------------
# Encoding


def encode(value: object, tp: object = None, name: str = "") -> object:
    """A JSON value for ``value`` (of annotated type ``tp``)."""
    if name == "facing" and isinstance(value, int) and not isinstance(value, bool):
        return FACING_LETTERS[value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {n: encode(getattr(value, n), t, n) for n, t in _hints(type(value))}
    if isinstance(value, Hex):
        return value.key  # exact, even off the map (a player's four digits repeat, G0)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, frozenset):
        return sorted(encode(v) for v in value)
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def encode_state(state: GameState) -> dict:
    return encode(state)  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------
# Decoding


def decode(obj: object, tp: object, path: str, name: str = "") -> object:
    """The value of annotated type ``tp`` that ``obj`` encodes; CodecError if it does not fit."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if obj is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return decode(obj, inner[0], path, name)
        # A union told apart by the JSON shape: text, or an object for the one dataclass
        # (a drone rack holds drones and anti-drone rounds, ``Drone | str``).
        if isinstance(obj, str) and str in inner:
            return obj
        classes = [a for a in inner if isinstance(a, type) and dataclasses.is_dataclass(a)]
        if isinstance(obj, dict) and len(classes) == 1:
            return decode(obj, classes[0], path, name)
        raise CodecError(path, f"unsupported union {tp}")  # programmer error, reported alike
    if tp is bool:
        if not isinstance(obj, bool):
            raise CodecError(path, f"expected true or false, got {_describe(obj)}")
        return obj
    if tp is int:
        if name == "facing":
            if isinstance(obj, str) and len(obj) == 1 and obj.upper() in FACING_LETTERS:
                return FACING_LETTERS.index(obj.upper())
            raise CodecError(path, f"expected a facing letter A-F, got {_describe(obj)}")
        if not isinstance(obj, int) or isinstance(obj, bool):
            raise CodecError(path, f"expected a whole number, got {_describe(obj)}")
        return obj
    if tp is str:
        if not isinstance(obj, str):
            raise CodecError(path, f"expected text, got {_describe(obj)}")
        return obj
    if tp is Fraction:
        if isinstance(obj, int) and not isinstance(obj, bool):
            return Fraction(obj)
        if isinstance(obj, str):
            try:
                return Fraction(obj)
            except (ValueError, ZeroDivisionError):
                pass
        raise CodecError(path, f"expected a fraction such as \"2/3\", got {_describe(obj)}")
    if tp is Hex:
        if not isinstance(obj, str):
            raise CodecError(path, f"expected a hex label such as \"2215\", got {_describe(obj)}")
        try:
            return hex_from_label(obj)
        except LabelError as exc:
            raise CodecError(path, str(exc)) from None
    if origin is frozenset:
        (item,) = typing.get_args(tp)
        if not isinstance(obj, list):
            raise CodecError(path, f"expected a list, got {_describe(obj)}")
        return frozenset(decode(v, item, f"{path}[{i}]") for i, v in enumerate(obj))
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(obj, list):
            raise CodecError(path, f"expected a list, got {_describe(obj)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0], f"{path}[{i}]") for i, v in enumerate(obj))
        if len(obj) != len(args):
            raise CodecError(path, f"expected a list of {len(args)}, got {_describe(obj)}")
        return tuple(decode(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(obj, args)))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(obj, dict):
            raise CodecError(path, f"expected an object, got {_describe(obj)}")
        hints = _hints(tp)
        known = {n for n, _ in hints}
        unknown = sorted(set(obj) - known)
        if unknown:
            raise CodecError(path, f"unknown field(s) {', '.join(unknown)}")
        missing = [n for n, _ in hints if n not in obj]
        if missing:
            raise CodecError(path, f"missing field(s) {', '.join(missing)}")
        kwargs = {n: decode(obj[n], t, f"{path}.{n}", n) for n, t in hints}
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as exc:
            raise CodecError(path, str(exc)) from None
    raise CodecError(path, f"unsupported type {tp}")  # a state type the codec does not know


def with_defaults(obj: object, tp: object) -> object:
    """``obj`` (an encoded value of annotated type ``tp``) with every missing dataclass field
    that has a default filled with its encoded default, at any depth. For the save migrations
    (sfb_desk.data.saves) when a format version adds fields; decoding itself stays strict."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        classes = [a for a in typing.get_args(tp) if isinstance(a, type)
                   and dataclasses.is_dataclass(a)]
        return with_defaults(obj, classes[0]) if len(classes) == 1 and isinstance(obj, dict) else obj
    if origin is tuple and isinstance(obj, list):
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return [with_defaults(v, args[0]) for v in obj]
        return [with_defaults(v, a) for v, a in zip(obj, args)] + obj[len(args):]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and isinstance(obj, dict):
        out = dict(obj)
        fields = {f.name: f for f in dataclasses.fields(tp)}
        for name, hint in _hints(tp):
            if name in out:
                out[name] = with_defaults(out[name], hint)
                continue
            f = fields[name]
            if f.default is not dataclasses.MISSING:
                out[name] = encode(f.default, hint, name)
            elif f.default_factory is not dataclasses.MISSING:
                out[name] = encode(f.default_factory(), hint, name)
        return out
    return obj


def decode_state(obj: object, path: str = "state") -> GameState:
    state = decode(obj, GameState, path)
    assert isinstance(state, GameState)
    ids = [u.id for u in state.units]
    if len(set(ids)) != len(ids):
        raise CodecError(f"{path}.units", "two units have the same id")
    return state


# ---------------------------------------------------------------------------------------------
# The log


def _json_value(value: object) -> object:
    """Answers and event data as JSON (tuples become lists; a table correction an object)."""
    if isinstance(value, Correction):
        return encode(value)
    if isinstance(value, (tuple, list)):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


def _tuples(value: object) -> object:
    """Event data back from JSON: lists become tuples, as the rules made them."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def encode_record(record: LogRecord) -> dict:
    data = record.data
    if record.kind == PROMPT:
        payload = {"type": data.prompt_type, **encode(data)}  # type: ignore[union-attr]
    elif record.kind == EVENT:
        assert isinstance(data, Event)
        payload = {"kind": data.kind, "unit": data.unit, "rule": data.rule, "text": data.text,
                   "data": {k: _json_value(v) for k, v in data.data}}
    elif record.kind == REFUSED:
        value, refusal = data  # type: ignore[misc]
        payload = {"answer": _json_value(value), "rule": refusal.rule, "message": refusal.message}
    else:
        payload = _json_value(data)
    return {"seq": record.seq, "kind": record.kind, "turn": record.turn,
            "impulse": record.impulse, "step": record.step, "key": record.key,
            "source": record.source, "data": payload}


def encode_log(log: GameLog) -> list[dict]:
    return [encode_record(r) for r in log]


def decode_log(obj: object, path: str = "log") -> GameLog:
    if not isinstance(obj, list):
        raise CodecError(path, f"expected a list of records, got {_describe(obj)}")
    records = []
    for i, raw in enumerate(obj):
        where = f"{path}[{i}]"
        if not isinstance(raw, dict):
            raise CodecError(where, f"expected an object, got {_describe(raw)}")
        fields = ("seq", "kind", "turn", "impulse", "step", "key", "source", "data")
        missing = [f for f in fields if f not in raw]
        if missing:
            raise CodecError(where, f"missing field(s) {', '.join(missing)}")
        for f, t in (("seq", int), ("turn", int), ("impulse", int)):
            decode(raw[f], t, f"{where}.{f}")
        for f in ("kind", "step", "key", "source"):
            decode(raw[f], str, f"{where}.{f}")
        if raw["seq"] != i:
            raise CodecError(f"{where}.seq", f"expected {i} (records are numbered in order)")
        kind, data = raw["kind"], raw["data"]
        if kind not in RECORD_KINDS:
            raise CodecError(f"{where}.kind", f"expected one of {', '.join(RECORD_KINDS)}")
        records.append(LogRecord(i, kind, raw["turn"], raw["impulse"], raw["step"], raw["key"],
                                 _decode_payload(kind, data, f"{where}.data", raw["key"]),
                                 raw["source"]))
    return GameLog(records)


#: Prompt fields added after saves were first written, with the value an older prompt had.
ADDED_PROMPT_FIELDS: dict[type, dict[str, object]] = {
    PROMPT_TYPES["dice"]: {"lines": [], "parts": [], "side": None},
}


def _decode_payload(kind: str, data: object, path: str, key: str = "") -> object:
    if key.startswith(KEY_PREFIX) and kind == ANSWER:
        return decode(data, Correction, path)  # a table correction: checked again on replay
    if kind == ANSWER:
        return data
    if not isinstance(data, dict):
        raise CodecError(path, f"expected an object, got {_describe(data)}")
    if kind == PROMPT:
        cls = PROMPT_TYPES.get(data.get("type"))  # type: ignore[arg-type]
        if cls is None:
            raise CodecError(f"{path}.type", f"expected one of {', '.join(PROMPT_TYPES)}")
        body = {k: v for k, v in data.items() if k != "type"}
        hints = dict(_hints(cls))
        for k in ("default",):  # free JSON values
            hints.pop(k, None)
        fixed = {k: body[k] for k in ("default",) if k in body}
        rest = {k: v for k, v in body.items() if k not in fixed}
        for k, value in ADDED_PROMPT_FIELDS.get(cls, {}).items():
            rest.setdefault(k, value)  # fields a prompt gained since older saves
        missing = [k for k in hints if k not in rest]
        unknown = [k for k in rest if k not in hints]
        if missing or unknown:
            raise CodecError(path, f"bad prompt fields (missing {missing}, unknown {unknown})")
        kwargs = {k: decode(rest[k], t, f"{path}.{k}") for k, t in hints.items()}
        return cls(**kwargs, **fixed)
    if kind == EVENT:
        for f, t in (("kind", str), ("rule", str), ("text", str)):
            decode(data.get(f), t, f"{path}.{f}")
        unit = data.get("unit")
        if unit is not None and not isinstance(unit, str):
            raise CodecError(f"{path}.unit", f"expected text or null, got {_describe(unit)}")
        extra = data.get("data")
        if not isinstance(extra, dict):
            raise CodecError(f"{path}.data", f"expected an object, got {_describe(extra)}")
        return Event(data["kind"], unit, data["rule"], data["text"],
                     tuple(sorted((k, _tuples(v)) for k, v in extra.items())))
    # refused
    for f in ("rule", "message"):
        decode(data.get(f), str, f"{path}.{f}")
    return (data.get("answer"), Refusal(data["rule"], data["message"]))
