"""The Energy Allocation form (B3): one page per ship, a column per turn, lines that fit the ship.

``render_ea(painter, rect, spec, turns=4, ...)`` lays the form out in ``rect`` (logical unit =
one point), paints it with the same painter as the SSD and returns the
:class:`~sfb_desk.printing.form.FormLayout`.

The lines follow the paper form's 21-line schedule as the reference reconstructs it
(../shared/reference/basic-set-facts.md section 5.3, "treat it as a reconstruction"), with the
keys of the energy allocation record the sequencer stores (``Unit.allocation``: ``hets``,
``warp_tacs``, ``em``, ``sublight_tac``, ...; ``weapons`` orders keyed by box id). Lines the
ship cannot use are left out (no batteries: no lines 5, 6, 16, 21; no shields: 11-13; ...);
line 10 has a row per heavy weapon, each named with its designator and rule. The "SSD" column
gives what the ship's boxes provide (power, phasers, tractors, transporters), less the boxes
destroyed when a damage set is given.

With ``allocation`` (the record of the current turn, e.g. decoded from a saved game) the
first turn column shows what was allocated on each line; entries the schedule has no line
for are listed under the table, so nothing is silently dropped. Costs and totals (lines 4,
20, 21 as energy) are not computed here: they need the energy model's ledger.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from sfb_desk.rules.ship import WARP_SYSTEMS, ShipSpec
from sfb_desk.rules.weapon_types import weapon_type

from . import fonts
from .form import Builder, FormLayout, Rect, paint_form, paragraph, wrap
from .ssd_parts import fraction_text

MAX_TURNS = 8
LABEL_SIZE = 6.6
VALUE_SIZE = 6.4
MIN_SIZE = 4.2
ROW_MIN, ROW_MAX = 11.0, 19.0  # row height range in points (room to write by hand)


@dataclass(frozen=True, slots=True)
class EaLine:
    """One row: the record key it shows, its label, the paper form's line number, a rule."""

    key: str
    label: str
    form: int
    group: str
    rule: str = ""
    entry: bool = True  # the player writes it (False: a total or a power figure)


POWER, HOUSEKEEPING, WEAPONS, SHIELDS = "Power", "Housekeeping", "Weapons", "Shields"
MOVEMENT, REPAIR, SYSTEMS, MISC, TOTALS = (
    "Movement", "Repair and batteries", "Tractors and transporters", "Miscellaneous", "Totals")


def _has_cloak(spec: ShipSpec) -> bool:
    return ("cloak" in spec.flags or any(s.key == "cloak" for s in spec.special)
            or "cloak_cost" in dict(spec.extra))


def ea_lines(spec: ShipSpec) -> list[EaLine]:
    """The form's rows for ``spec`` in paper order (reference 5.3), fitted to its systems."""
    batteries = spec.count("battery") > 0
    reactors = spec.count("apr") + spec.count("awr") > 0
    shields = spec.shields is not None
    lines = [
        EaLine("warp", "Warp engine power", 1, POWER, entry=False),
        EaLine("impulse", "Impulse power", 2, POWER, entry=False),
    ]
    if reactors:
        lines.append(EaLine("reactor", "Reactor (APR/AWR) power", 3, POWER, entry=False))
    lines.append(EaLine("total_power", "Total power (1+2+3)", 4, POWER, entry=False))
    if batteries:
        lines += [EaLine("batteries_available", "Batteries available", 5, POWER, "H5",
                         entry=False),
                  EaLine("battery_discharge", "Batteries discharged", 6, POWER, "H5")]
    lines += [EaLine("life_support", "Life support", 7, HOUSEKEEPING, "B3.3"),
              EaLine("fire_control", "Fire control", 8, HOUSEKEEPING, "D6.6")]
    if spec.weapons_of("phaser"):
        lines.append(EaLine("phaser_capacitor", "Phaser capacitor", 9, WEAPONS, "H6.21"))
    for weapon in spec.weapons:
        wt = weapon_type(weapon.type)
        if wt is None or wt.dac_group != "torpedo":
            continue  # phasers use line 9; drone and ADD racks need no energy
        for box in weapon.box_ids:
            lines.append(EaLine(f"weapon:{box}", f"{wt.name} {weapon.designator}", 10, WEAPONS,
                                wt.rule))
    if shields:
        lines += [EaLine("shields", "Shields", 11, SHIELDS, "D3.32"),
                  EaLine("general_reinforcement", "General reinforcement", 12, SHIELDS,
                         "D3.341"),
                  EaLine("specific_reinforcement", "Specific reinforcement #1-#6", 13,
                         SHIELDS)]
    lines += [EaLine("speed_plot", "Speed plot (warp + 1 impulse)", 14, MOVEMENT, "C12.21"),
              EaLine("impulse_hexes", "Hexes paid by impulse", 14, MOVEMENT, "C2.111"),
              EaLine("hets", "High energy turns", 14, MOVEMENT, "C6.2"),
              EaLine("em", "Erratic maneuvers", 14, MOVEMENT, "C10.11"),
              EaLine("sublight_tac", "Sublight tactical maneuver", 14, MOVEMENT, "C5.1"),
              EaLine("warp_tacs", "Warp tactical maneuvers", 14, MOVEMENT, "C5.2"),
              EaLine("damage_control", "Damage control (shield repair)", 15, REPAIR, "D9.21")]
    if batteries:
        lines.append(EaLine("battery_recharge", "Recharge batteries", 16, REPAIR, "H5"))
    if spec.count("tractor"):
        lines.append(EaLine("tractors", "Tractor beams", 17, SYSTEMS, "G7.15"))
    if spec.count("transporter"):
        lines.append(EaLine("transporters", "Transporter uses", 18, SYSTEMS, "G8.13"))
    lines += [EaLine("ecm", "ECM", 19, MISC, "D6.310"),
              EaLine("eccm", "ECCM", 19, MISC, "D6.310")]
    if _has_cloak(spec):
        lines.append(EaLine("cloak", "Cloaking device", 19, MISC, "G13.21"))
    for n in range(1, spec.count("probe") + 1):
        lines.append(EaLine(f"weapon:probe#{n}", f"Probe launcher {n}", 19, MISC, "G5"))
    if spec.shuttle_boxes:
        lines.append(EaLine("weapon:shuttle#", "Shuttle arming (box: order)", 19, MISC, "J2"))
    lines.append(EaLine("total_used", "Total power used", 20, TOTALS, entry=False))
    if batteries:
        lines.append(EaLine("battery_used", "Battery power used", 21, TOTALS, entry=False))
    return lines


def ssd_column(spec: ShipSpec, destroyed: Collection[str] = ()) -> dict[str, str]:
    """What the ship's boxes provide on each line, less destroyed boxes: "30" or "28/30"."""
    dead = frozenset(destroyed)

    def left(system: str) -> tuple[int, int]:
        n = spec.count(system)
        return n - sum(f"{system}#{i}" in dead for i in range(1, n + 1)), n

    def show(pair: tuple[int, int]) -> str:
        have, total = pair
        return str(total) if have == total else f"{have}/{total}"

    def add(*pairs: tuple[int, int]) -> tuple[int, int]:
        return sum(p[0] for p in pairs), sum(p[1] for p in pairs)

    warp = add(*(left(s) for s in WARP_SYSTEMS))
    impulse = left("impulse")
    reactor = add(left("apr"), left("awr"))
    phasers = spec.weapons_of("phaser")
    working = sum(1 for w in phasers if not set(w.box_ids) & dead)
    column = {"warp": show(warp), "impulse": show(impulse), "reactor": show(reactor),
              "total_power": show(add(warp, impulse, reactor)),
              "batteries_available": show(left("battery")),
              "phaser_capacitor": (f"{len(phasers)} ph" if working == len(phasers)
                                   else f"{working}/{len(phasers)} ph"),
              "tractors": show(left("tractor")), "transporters": show(left("transporter")),
              "life_support": f"SC {spec.size_class}" if spec.size_class else "",
              "speed_plot": f"cost {fraction_text(spec.move_cost)}" if spec.move_cost else ""}
    for weapon in spec.weapons:
        for box in weapon.box_ids:
            if box in dead:
                column[f"weapon:{box}"] = "destroyed"
    return column


# ---------------------------------------------------------------------------------------------
# The allocation record (what the sequencer stores in Unit.allocation)


def _value_text(value: object) -> str:
    if value is None or value == "" or value is False:
        return ""
    if value is True:
        return "yes"
    if isinstance(value, str):
        try:
            return fraction_text(Fraction(value))
        except (ValueError, ZeroDivisionError):
            return value
    if isinstance(value, (int, float, Fraction)):
        return fraction_text(Fraction(value)) if not isinstance(value, float) else f"{value:g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value_text(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value_text(v)}" for k, v in value.items())
    return str(value)


def _plot_text(plot: object) -> str:
    """[[1, 8], [17, 10]] -> "8; 10 from 17" (speed, then each change and its impulse)."""
    if not isinstance(plot, (list, tuple)) or not plot:
        return _value_text(plot)
    parts = []
    for k, step in enumerate(plot):
        if isinstance(step, (list, tuple)) and len(step) == 2:
            impulse, speed = step
            parts.append(str(speed) if k == 0 else f"{speed} from {impulse}")
        else:
            parts.append(_value_text(step))
    return "; ".join(parts)


def _order_text(order: Mapping) -> str:
    words = [str(order.get("action", "arm"))]
    if order.get("energy") not in (None, ""):
        words.append(_value_text(order["energy"]))
    for flag, word in (("overload", "OL"), ("enveloping", "env")):
        if order.get(flag):
            words.append(word)
    if order.get("mode"):
        words.append(str(order["mode"]))
    return " ".join(words)


def allocation_cells(allocation: Mapping[str, object],
                     lines: list[EaLine]) -> tuple[dict[str, str], list[str]]:
    """Cell text for each line key from an allocation record, and the entries with no line."""
    keys = {line.key for line in lines}
    cells: dict[str, str] = {}
    extra: list[str] = []
    for key, value in allocation.items():
        if key == "weapons" and isinstance(value, (list, tuple)):
            shuttles = []
            for order in value:
                if not isinstance(order, Mapping) or "box" not in order:
                    extra.append(f"weapons: {_value_text(order)}")
                    continue
                box = str(order["box"])
                if box.startswith("shuttle#") and "weapon:shuttle#" in keys:
                    shuttles.append(f"{box.split('#')[1]}: {_order_text(order)}")
                elif f"weapon:{box}" in keys:
                    cells[f"weapon:{box}"] = _order_text(order)
                else:
                    extra.append(f"{box}: {_order_text(order)}")
            if shuttles:
                cells["weapon:shuttle#"] = "; ".join(shuttles)
        elif key == "speed_plot" and key in keys:
            cells[key] = _plot_text(value)
        elif key == "specific_reinforcement" and key in keys and isinstance(value, (list, tuple)):
            cells[key] = ", ".join(f"#{k} {v}" for k, v in enumerate(value, start=1) if v)
        elif key in keys:
            cells[key] = _value_text(value)
        elif key not in ("ship", "turn", "note") and _value_text(value):
            extra.append(f"{key}: {_value_text(value)}")
    return cells, extra


def decode_allocation(raw: str | Mapping | None) -> dict[str, object] | None:
    """A stored allocation (canonical JSON, as in ``Unit.allocation``) as a dict."""
    if raw is None or raw == "":
        return None
    value = json.loads(raw) if isinstance(raw, str) else dict(raw)
    if not isinstance(value, dict):
        raise ValueError("an energy allocation is a record of lines (a JSON object)")
    return value


# ---------------------------------------------------------------------------------------------
# Layout


def _fit_size(text: str, width: float, size: float, bold: bool = False) -> float:
    if not text:
        return size
    wide = fonts.text_width(text, size, bold)
    return size if wide <= width else max(size * width / wide, MIN_SIZE)


def layout_ea_form(spec: ShipSpec, width: float, height: float, turns: int = 4,
                   destroyed: Collection[str] = frozenset(),
                   allocation: Mapping[str, object] | None = None,
                   first_turn: int | None = None, status: str = "",
                   footer: str = "") -> FormLayout:
    """Lay out the EA form of ``spec`` for ``turns`` turns in ``width`` x ``height`` points."""
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"turns must be 1..{MAX_TURNS}, not {turns}")
    lines = ea_lines(spec)
    known = ssd_column(spec, destroyed)
    cells, extra = allocation_cells(allocation, lines) if allocation else ({}, [])
    b = Builder()
    # Header.
    title = f"Energy Allocation \u2014 {spec.race_name} {spec.name} ({spec.class_code})"
    id_w = fonts.text_width(spec.id, 10.0, True)
    size = 12.0
    while size > 7.0 and fonts.text_width(title, size, True) > width - id_w - 12.0:
        size -= 0.5
    y = paragraph(b, 0.0, 0.0, title, width - id_w - 12.0, size, True)
    b.text(width - id_w, 0.0, spec.id, 10.0, True)
    facts = ["B3 energy allocation form, line numbers as reconstructed in the reference (5.3)"]
    if spec.size_class is not None:
        facts.append(f"size class {spec.size_class}")
    if spec.move_cost is not None:
        facts.append(f"movement cost {fraction_text(spec.move_cost)}")
    facts.append(status or ("allocation of turn "
                            f"{first_turn if first_turn is not None else '-'} filled in"
                            if allocation else "blank"))
    y += 1.0 + paragraph(b, 0.0, y + 1.0, " \u00b7 ".join(facts), width, 7.0, style="muted")
    b.line(0.0, y + 2.0, width, y + 2.0, "")
    y += 2.0 + 9.0

    # Columns: line number, entry (label + rule), the SSD's figure, one per turn.
    num_w = fonts.text_width("21", LABEL_SIZE, True) + 6.0
    labels = [f"{ln.label} ({ln.rule})" if ln.rule else ln.label for ln in lines]
    label_w = max(fonts.text_width(t, LABEL_SIZE, True) for t in labels) + 6.0
    ssd_w = max([fonts.text_width("SSD", LABEL_SIZE, True),
                 *(fonts.text_width(v, VALUE_SIZE) for v in known.values())]) + 6.0
    label_w = min(label_w, width * 0.42)
    turn_w = (width - num_w - label_w - ssd_w) / turns
    if turn_w < 24.0:
        raise ValueError(f"{turns} turn columns do not fit {width:.0f} pt; fewer turns or "
                         "landscape")
    groups = list(dict.fromkeys(ln.group for ln in lines))
    foot_note = ""
    if extra:
        foot_note = "Other entries of this allocation: " + "; ".join(extra)
    notes_h = 0.0
    if foot_note:
        notes_h = len(wrap(foot_note, width, 6.0)) * fonts.line_height(6.0) + 6.0
    foot_h = fonts.line_height(5.5)
    header_h = fonts.line_height(LABEL_SIZE, True) + 4.0
    rows = len(lines) + len(groups)
    room = height - y - header_h - notes_h - foot_h - 8.0
    row_h = min(ROW_MAX, room / rows)
    if row_h < ROW_MIN:
        raise ValueError(f"{spec.id}: {rows} EA rows do not fit {height:.0f} pt")

    xs = [0.0, num_w, num_w + label_w, num_w + label_w + ssd_w]
    xs += [xs[3] + turn_w * k for k in range(1, turns + 1)]
    top = y
    heads = ["#", "Line", "SSD"]
    start = first_turn if first_turn is not None else None
    heads += [f"Turn {start + k}" if start is not None else "Turn ____" for k in range(turns)]
    b.frame(Rect(0.0, y, width, header_h), "header")
    for k, head in enumerate(heads):
        col_w = xs[k + 1] - xs[k]
        hs = _fit_size(head, col_w - 4.0, LABEL_SIZE, True)
        hw = fonts.text_width(head, hs, True)
        b.text(xs[k] + (col_w - hw) / 2 if k >= 2 else xs[k] + 2.0,
               y + (header_h - fonts.line_height(hs, True)) / 2, head, hs, True)
    y += header_h
    if allocation:  # the filled column is shaded
        b.frame(Rect(xs[3], top, turn_w, header_h), "header")
    by_group = {g: [(ln, t) for ln, t in zip(lines, labels, strict=True) if ln.group == g]
                for g in groups}
    spans = [(top, top + header_h)]  # rows that have column lines (not the group titles)
    for group in groups:
        b.frame(Rect(0.0, y, width, row_h), "header")
        gs = min(LABEL_SIZE, row_h / fonts.line_height(1.0, True) - 0.4)
        b.text(2.0, y + (row_h - fonts.line_height(gs, True)) / 2, group, gs, True)
        y += row_h
        for line, label in by_group[group]:
            _row(b, line, label, xs, y, row_h, known.get(line.key, ""), cells.get(line.key, ""),
                 turns)
            spans.append((y, y + row_h))
            y += row_h
    # Grid lines: the outer ones full height, the column lines through entry rows only.
    b.line(0.0, top, 0.0, y)
    b.line(width, top, width, y)
    for x in xs[1:-1]:
        for y0, y1 in spans:
            b.line(x, y0, x, y1)
    for k in range(rows + 2):
        yy = top + (header_h if k else 0.0) + max(k - 1, 0) * row_h
        b.line(0.0, yy, width, yy)
    if foot_note:
        paragraph(b, 0.0, y + 6.0, foot_note, width, 6.0, style="filled")
    text = f"SFB Desk \u00b7 {spec.id} \u00b7 energy allocation"
    if footer:
        text += f" \u00b7 {footer}"
    b.text(0.0, height - foot_h, text, 5.5, style="muted")
    score = min(turn_w / 60.0, row_h / 14.0)
    info = (("score", score), ("score_enough", 1.0), ("row_height", row_h),
            ("turn_width", turn_w), ("lines", tuple(ln.key for ln in lines)))
    return FormLayout(width, height, tuple(b.items), info)


def _row(b: Builder, line: EaLine, label: str, xs: list[float], y: float, row_h: float,
         ssd: str, filled: str, turns: int) -> None:
    number = str(line.form)
    ns = _fit_size(number, xs[1] - 4.0, LABEL_SIZE, True)
    b.text(2.0, y + (row_h - fonts.line_height(ns, True)) / 2, number, ns, True)
    ls = min(_fit_size(label, xs[2] - xs[1] - 4.0, LABEL_SIZE, line.entry),
             row_h / fonts.line_height(1.0, True) - 0.4)
    b.text(xs[1] + 2.0, y + (row_h - fonts.line_height(ls, line.entry)) / 2, label, ls,
           line.entry, "" if line.entry else "muted")
    for k, value, style in ((2, ssd, "muted"), (3, filled, "filled")):
        if not value or (k == 3 and turns < 1):
            continue
        col_w = xs[k + 1] - xs[k]
        vs = min(_fit_size(value, col_w - 4.0, VALUE_SIZE),
                 row_h / fonts.line_height(1.0) - 0.4)
        if fonts.text_width(value, vs) > col_w - 4.0:
            value = _shorten(value, col_w - 4.0, vs)
        vw = fonts.text_width(value, vs)
        b.text(xs[k] + (col_w - vw) / 2, y + (row_h - fonts.line_height(vs)) / 2, value, vs,
               style=style)


def _shorten(text: str, width: float, size: float) -> str:
    """Cut a value that cannot fit its cell even at the smallest size, marking the cut."""
    while len(text) > 1 and fonts.text_width(text + "\u2026", size) > width:
        text = text[:-1]
    return text + "\u2026"


def render_ea(painter: QPainter, rect: QRectF, spec: ShipSpec, turns: int = 4,
              destroyed: Collection[str] = frozenset(),
              allocation: Mapping[str, object] | None = None, first_turn: int | None = None,
              status: str = "", footer: str = "") -> FormLayout:
    """Lay out and paint the EA form in ``rect`` (logical unit = one point); returns it."""
    form = layout_ea_form(spec, rect.width(), rect.height(), turns, destroyed, allocation,
                          first_turn, status, footer)
    paint_form(painter, form, rect.topLeft())
    return form


@dataclass(frozen=True, slots=True)
class EaSheet:
    """An EA form as a print sheet (see :mod:`sfb_desk.printing.output`)."""

    spec: ShipSpec
    turns: int = 4
    destroyed: frozenset[str] = frozenset()
    allocation: Mapping[str, object] | None = field(default=None, hash=False)
    first_turn: int | None = None
    status: str = ""

    def layout(self, width: float, height: float, footer: str = "") -> FormLayout:
        return layout_ea_form(self.spec, width, height, self.turns, self.destroyed,
                              self.allocation, self.first_turn, self.status, footer)


def ea_sheet_for(spec: ShipSpec, turns: int, unit=None, state=None, status: str = "") -> EaSheet:
    """The EA sheet of a class (blank) or of a saved game's unit: its damage, and this turn's
    allocation when one has been given (``Unit.allocation``)."""
    if unit is None:
        return EaSheet(spec, turns)
    allocation = decode_allocation(getattr(unit, "allocation", "") or None)
    turn = getattr(state, "turn", None) if state is not None else None
    return EaSheet(spec, turns, frozenset(unit.destroyed), allocation, turn, status)
