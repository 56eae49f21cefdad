"""Pure helpers of the ship designer: edits of an immutable ShipSpec, validation, completion.

Every edit returns a new :class:`~sfb_desk.rules.ship.ShipSpec` made with
:func:`dataclasses.replace` (DESIGN.md section 3); the designer pushes old and new value as an
undoable command. :func:`problems_of` is the validator the file loader runs
(``parse_ship_text(dump_ship(spec))``), so what the designer accepts is what loads.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from sfb_desk.data.ship_completion import is_filled
from sfb_desk.data.ship_file import FileProblem, ShipFileError, dump_ship, parse_ship_text
from sfb_desk.rules.ship import COUNTED_SYSTEMS, ShipSpec, ShuttleBay, SpecialSystem, Weapon
from sfb_desk.rules.weapon_types import WEAPON_TYPES


def problems_of(spec: ShipSpec) -> list[FileProblem]:
    """Every problem the ship-file validator finds in ``spec`` written out ([] when valid)."""
    try:
        parse_ship_text(dump_ship(spec), f"{spec.id}.toml")
    except ShipFileError as error:
        return list(error.problems)
    except (ValueError, TypeError, AttributeError) as error:  # a value TOML cannot hold
        return [FileProblem(f"{spec.id}.toml", "", f"cannot be written: {error}")]
    return []


def problem_text(problem: FileProblem) -> str:
    """``weapons[3].designator: message (expected ...)``, without the file name."""
    text = f"{problem.field}: {problem.message}" if problem.field else problem.message
    return f"{text} (expected {problem.expected})" if problem.expected else text


# -- values typed by the user ------------------------------------------------------------------


def parse_optional_int(text: str) -> int | None:
    """'' -> None; '12' -> 12; anything else raises ValueError."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


def parse_fraction(text: str) -> Fraction | None:
    """'' -> None; '1/2', '2/3', '1' -> the exact fraction (no decimals, FORMAT.md)."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]+(/[0-9]+)?", text):
        raise ValueError(f"{text!r} is not a fraction like 1, 1/2 or 2/3")
    return Fraction(text)


def fraction_text(value: Fraction | None) -> str:
    if value is None:
        return ""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def parse_track(text: str) -> tuple[int, ...]:
    """'6 6 5 3 1 0' (spaces or commas) -> (6, 6, 5, 3, 1, 0)."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if not all(re.fullmatch(r"[0-9]+", p) for p in parts):
        raise ValueError(f"{text!r} is not a list of whole numbers")
    return tuple(int(p) for p in parts)


def parse_list(text: str) -> tuple[str, ...]:
    """'FA, LS+RS' -> ('FA', 'LS', 'RS'): arcs or shuttle contents."""
    return tuple(p for p in re.split(r"[\s,+]+", text.strip()) if p)


# -- edits -------------------------------------------------------------------------------------


def with_count(spec: ShipSpec, system: str, count: int) -> ShipSpec:
    """``system`` with ``count`` boxes (0 removes it); systems kept in vocabulary order."""
    if system not in COUNTED_SYSTEMS:
        raise ValueError(f"{system!r} is not a counted system")
    counts = dict(spec.systems)
    if count > 0:
        counts[system] = count
    else:
        counts.pop(system, None)
    order = {s: i for i, s in enumerate(COUNTED_SYSTEMS)}
    return replace(spec, systems=tuple(sorted(counts.items(), key=lambda kv: order[kv[0]])))


def make_weapon(designator: str, type_code: str, arcs: tuple[str, ...] = (),
                rack_type: str | None = None, reloads: int | None = None, boxes: int = 1,
                like: Weapon | None = None) -> Weapon:
    """A weapon; its family comes from the weapon-type catalogue (unknown codes keep their
    own name, for the validator to report)."""
    code = type_code.strip().upper()
    wt = WEAPON_TYPES.get(code)
    family = wt.family if wt else (code.lower() or "weapon")
    if like is not None:
        return replace(like, designator=designator, type=code, family=family, arcs=arcs,
                       rack_type=rack_type, reloads=reloads, boxes=boxes)
    return Weapon(designator, code, family, arcs, (), boxes, rack_type, reloads)


def next_designator(spec: ShipSpec, type_code: str) -> str:
    """The next free designator in the weapon's family: numbers for phasers and drones,
    letters for heavy weapons."""
    wt = WEAPON_TYPES.get(type_code.strip().upper())
    family = wt.family if wt else type_code.lower()
    used = {w.designator for w in spec.weapons if w.family == family}
    numeric = wt is None or wt.dac_group in ("phaser", "drone")
    candidates = (str(n) for n in range(1, 100)) if numeric else \
        (chr(c) for c in range(ord("A"), ord("Z") + 1))
    return next((c for c in candidates if c not in used), f"X{len(used) + 1}")


def with_weapon(spec: ShipSpec, weapon: Weapon, index: int | None = None) -> ShipSpec:
    """``weapon`` added (index None) or put in place of weapon ``index``."""
    weapons = list(spec.weapons)
    if index is None:
        weapons.append(weapon)
    else:
        weapons[index] = weapon
    return replace(spec, weapons=tuple(weapons))


def without(spec: ShipSpec, field_name: str, index: int) -> ShipSpec:
    """Entry ``index`` of ``weapons``, ``shuttle_bays`` or ``special`` removed."""
    items = list(getattr(spec, field_name))
    del items[index]
    return replace(spec, **{field_name: tuple(items)})


def with_item(spec: ShipSpec, field_name: str, item: Weapon | ShuttleBay | SpecialSystem,
              index: int | None = None) -> ShipSpec:
    items = list(getattr(spec, field_name))
    if index is None:
        items.append(item)
    else:
        items[index] = item
    return replace(spec, **{field_name: tuple(items)})


# -- completing an incomplete ship -------------------------------------------------------------

def unfilled(spec: ShipSpec) -> list[str]:
    """The entries of ``spec.missing`` whose facts the spec still lacks. An entry the designer
    cannot test counts as filled: the user confirms it by marking the ship complete."""
    return [m for m in spec.missing if is_filled(m, spec) is False]


def completed(spec: ShipSpec) -> ShipSpec:
    """``spec`` marked complete (``missing`` cleared)."""
    return replace(spec, complete=True, missing=())


# -- the designer's fields and table rows, as text ---------------------------------------------

#: (field, label, kind) of the one-line fields; kind: text, int (optional), fraction, track.
LINE_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("id", "Id", "text"), ("race", "Race", "text"), ("race_name", "Race name", "text"),
    ("class_code", "Class", "text"), ("name", "Name", "text"), ("rule", "Rule", "opt_text"),
    ("year_in_service", "Year in service", "int"),
    ("bpv_combat", "BPV (combat)", "int"), ("bpv_economic", "BPV (economic)", "int"),
    ("size_class", "Size class", "int"), ("move_cost", "Move cost", "fraction"),
    ("turn_mode", "Turn mode", "opt_text"), ("breakdown", "Breakdown", "opt_text"),
    ("crew_units", "Crew units", "int"), ("boarding_parties", "Boarding parties", "int"),
    ("deck_crews", "Deck crews", "int"), ("spare_shuttles", "Spare shuttles", "int"),
    ("sensor_track", "Sensor track", "track"), ("scanner_track", "Scanner track", "track"),
    ("damage_control_track", "Damage control track", "track"),
    ("excess_damage", "Excess damage", "int"),
)


def field_text(spec: ShipSpec, name: str, kind: str) -> str:
    value = getattr(spec, name)
    if kind == "fraction":
        return fraction_text(value)
    if kind == "track":
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


def parse_field(kind: str, text: str) -> object:
    if kind == "int":
        return parse_optional_int(text)
    if kind == "fraction":
        return parse_fraction(text)
    if kind == "track":
        return parse_track(text)
    if kind == "opt_text":
        return text.strip() or None
    return text.strip()


def weapon_cells(w: Weapon) -> tuple[str, ...]:
    """A weapon as the designer's table row: designator, type, arcs, rack, reloads, boxes."""
    return (w.designator, w.type, "+".join(w.arcs), w.rack_type or "",
            "" if w.reloads is None else str(w.reloads), str(w.boxes))


def weapon_of(cells: tuple[str, ...], like: Weapon) -> Weapon:
    """The weapon a table row describes (``like``: the row's weapon before the edit)."""
    boxes = parse_optional_int(cells[5]) or 1
    return make_weapon(cells[0], cells[1], parse_list(cells[2]), cells[3] or None,
                       parse_optional_int(cells[4]), boxes, like=like)


def bay_cells(b: ShuttleBay) -> tuple[str, ...]:
    return (str(b.boxes), ", ".join(b.contents), str(b.launch_tubes))


def bay_of(cells: tuple[str, ...]) -> ShuttleBay:
    return ShuttleBay(parse_optional_int(cells[0]) or 0, parse_list(cells[1]),
                      parse_optional_int(cells[2]) or 0)


def special_cells(s: SpecialSystem) -> tuple[str, ...]:
    return (s.key, s.name, str(s.boxes), "yes" if s.damageable else "no")


def special_of(cells: tuple[str, ...], like: SpecialSystem) -> SpecialSystem:
    return replace(like, key=cells[0], name=cells[1], boxes=parse_optional_int(cells[2]) or 0,
                   damageable=cells[3].lower() not in ("no", "false", "0"))
