"""The shape of each campaign record the ledger reads (kind, the fields it must hold and their
types), so that a damaged or hand-edited campaign file is refused naming the record and the
field rather than failing somewhere later. :func:`problem` is the one check; the ledger installs
it as its store's reader check (:class:`~.ledger.Campaign`), so every read of a record of a kind
listed here passes through it. Kinds not listed (e.g. the F&E assistant's records) are not checked.
"""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction

from .ships import STATUSES, CampaignShip

PACK_NAMES = ("admirals", "gm", "linked")

_TYPES: dict[str, tuple[type, ...]] = {
    "text": (str,), "whole number": (int,), "number": (int, float), "true/false value": (bool,),
    "list": (list,), "table": (dict,),
}

#: kind -> {field: what it is}; "EP amount" is an exact fraction as text ("27/2") or a number.
SHAPES: dict[str, dict[str, str]] = {
    "campaign": {"name": "text", "pack": "text", "turn": "whole number", "step": "whole number",
                 "first_year": "whole number", "seed": "whole number",
                 "ep_entries": "whole number", "options": "table"},
    "race": {"name": "text"},
    "ep": {"race": "text", "grid": "text", "amount": "EP amount", "what": "text", "rule": "text",
           "turn": "whole number"},
    "planet": {"name": "text", "type": "text", "owner": "text"},
    "facility": {"kind": "text", "race": "text", "location": "text"},
    "queue": {"kind": "text", "race": "text"},
    "battle": {"turn": "whole number", "template": "text", "status": "text", "sides": "table",
               "units": "table", "scenario": "table"},
}

_SHIP_TYPES = {"str": "text", "int": "whole number", "bool": "true/false value",
               "list[str]": "list", "dict": "table", "float | None": "number or none"}


def _wrong(value: object, what: str) -> bool:
    if what == "EP amount":
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return True
        try:
            Fraction(value)
        except (ValueError, ZeroDivisionError):
            return True
        return False
    if what == "number or none":
        return value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)))
    if isinstance(value, bool) and what != "true/false value":
        return True
    return not isinstance(value, _TYPES[what])


def _unit_shape() -> dict[str, str]:
    return {f.name: _SHIP_TYPES.get(str(f.type), "") for f in fields(CampaignShip)}


def problem(kind: str, key: str, value: object) -> str | None:
    """What is wrong with record ``kind``/``key`` (one sentence naming it and the field), or None."""
    name = f"the campaign record {kind}/{key}"
    if kind == "unit":
        shape = _unit_shape()
        required = ("id", "ship", "race")
    elif kind in SHAPES:
        shape = SHAPES[kind]
        required = tuple(shape)
    else:
        return None
    if not isinstance(value, dict):
        return f"{name} is damaged: it should be a table of fields, not {type(value).__name__}"
    for field_name in required:
        if field_name not in value:
            return f"{name} is damaged: it has no field {field_name!r} ({shape[field_name]})"
    for field_name, what in shape.items():
        if field_name in value and what and _wrong(value[field_name], what):
            return (f"{name} is damaged: its field {field_name!r} should be {_an(what)}, "
                    f"not {value[field_name]!r}")
    if kind == "unit":
        unknown = sorted(set(value) - set(shape))
        if unknown:
            return f"{name} is damaged: a campaign ship has no field {', '.join(map(repr, unknown))}"
        if value.get("status", "active") not in STATUSES:
            return (f"{name} is damaged: its field 'status' is one of {', '.join(STATUSES)}, "
                    f"not {value['status']!r}")
    if kind == "campaign" and value["pack"] not in PACK_NAMES:
        return (f"{name} is damaged: its field 'pack' is one of {', '.join(PACK_NAMES)}, "
                f"not {value['pack']!r}")
    return None


def _an(what: str) -> str:
    return f"an {what}" if what[0] in "aeiouEA" else f"a {what}"
