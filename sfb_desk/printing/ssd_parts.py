"""The pieces of the SSD page other than the box diagram: data table, charts, crew, drone racks.

Every piece is built at the origin and returns its items with its width and height in points;
:mod:`.ssd_form` places them. The charts come from the rules layer's own tables (the chart
registry, the turn-mode brackets), never retyped here (DESIGN.md section 3).
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from sfb_desk.rules.charts.registry import UnknownChart, chart
from sfb_desk.rules.charts.turn_modes import category, speed_brackets
from sfb_desk.rules.movement.speed import SHIP_MAX_SPEED
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.weapon_types import weapon_type

from . import fonts
from .form import Builder, Item, Rect, Table, paragraph, table_items

_VULGAR = {
    Fraction(1, 2): "\u00bd", Fraction(1, 3): "\u2153", Fraction(2, 3): "\u2154",
    Fraction(1, 4): "\u00bc", Fraction(3, 4): "\u00be", Fraction(1, 5): "\u2155",
    Fraction(2, 5): "\u2156", Fraction(3, 5): "\u2157", Fraction(4, 5): "\u2158",
    Fraction(1, 10): "\u2152",
}

#: Chart names the ship files' ``tables_printed`` (the SSD's own table headings) stand for.
PRINTED_TABLES = {
    "PHASER-1": "phaser-1", "PHASER-2": "phaser-2", "PHASER-3": "phaser-3",
    "PHASER-4": "phaser-4", "PHASER-G": "phaser-3", "PHOTON": "photon",
    "DISRUPTOR": "disruptor", "PLASMA WARHEAD": "plasma", "ANTI-DRONE": "anti-drone",
    "FUSION BEAM": "fusion", "FUSION OVERLOAD": "fusion-overload", "HELLBORE": "hellbore",
}
#: Extra charts printed with a weapon's own table (the SSD prints both).
COMPANION_TABLES = {"fusion": ("fusion-overload",)}


def fraction_text(value: Fraction | int | None) -> str:
    """1 -> "1", 3/2 -> "1½", 1/3 -> "⅓", 31/10 -> "3⅒"; None -> "-"."""
    if value is None:
        return "-"
    value = Fraction(value)
    whole, part = divmod(value.numerator, value.denominator)
    rest = Fraction(part, value.denominator)
    if not rest:
        return str(whole)
    glyph = _VULGAR.get(rest, f" {rest.numerator}/{rest.denominator}" if whole else str(rest))
    return f"{whole}{glyph}" if whole else glyph.strip()


# ---------------------------------------------------------------------------------------------
# Ship data


def data_rows(spec: ShipSpec) -> list[tuple[str, str]]:
    """The ship data table: BPV, size, movement cost, turn mode, breakdown, crew and so on."""
    rows: list[tuple[str, str]] = []
    if spec.bpv_combat is not None and spec.bpv_economic is not None:
        bpv = f"{spec.bpv_economic} / {spec.bpv_combat}"  # economic/combat, as printed (G24.35)
    else:
        bpv = str(spec.bpv_combat) if spec.bpv_combat is not None else "not given"
    rows.append(("BPV", bpv))
    rows.append(("Size class", str(spec.size_class) if spec.size_class is not None else "-"))
    rows.append(("Movement cost", fraction_text(spec.move_cost)))
    rows.append(("Turn mode", spec.turn_mode or "-"))
    rows.append(("Breakdown", spec.breakdown or "-"))
    if spec.het_cost is not None:
        rows.append(("HET cost", fraction_text(spec.het_cost)))
    if spec.em_cost is not None:
        rows.append(("EM cost", fraction_text(spec.em_cost)))
    if spec.explosion_strength is not None:  # D5.2, the Master Ship Chart
        rows.append(("Explosion strength", str(spec.explosion_strength)))
    cloak = dict(spec.extra).get("cloak_cost")
    if cloak is not None:  # G13.21
        rows.append(("Cloak cost", str(cloak)))
    for label, value in (("Crew units", spec.crew_units),
                         ("Boarding parties", spec.boarding_parties),
                         ("Deck crews", spec.deck_crews),
                         ("Spare shuttles", spec.spare_shuttles)):
        if value is not None:
            rows.append((label, str(value)))
    if spec.year_in_service is not None:
        rows.append(("In service", f"Y{spec.year_in_service}"))
    if spec.rule:
        rows.append(("Rule", spec.rule))
    if spec.kind != "ship":
        rows.append(("Kind", spec.kind.replace("_", " ")))
    if spec.flags:
        rows.append(("Flags", ", ".join(sorted(spec.flags))))
    if spec.refits:
        rows.append(("Refits", ", ".join(r.code for r in spec.refits)))
    if spec.confidence:
        rows.append(("Data confidence", spec.confidence))
    return rows


def key_values(rows: list[tuple[str, str]], width: float, size: float,
               title: str = "") -> tuple[list[Item], float]:
    """Label/value lines (labels bold), values wrapped to the width left; returns items, height."""
    b = Builder()
    y = 0.0
    if title:
        y += b.text(0.0, 0.0, title, size + 1.0, True).h + 0.6
    label_w = max(fonts.text_width(label, size, True) for label, _ in rows) + 4.0
    label_w = min(label_w, width * 0.55)
    line = fonts.line_height(size)
    for label, value in rows:
        label_h = paragraph(b, 0.0, y, label, label_w - 3.0, size, True)
        value_h = paragraph(b, label_w, y, value, width - label_w, size)
        y += max(label_h, value_h, line)
        b.line(0.0, y + 0.25, width, y + 0.25)
        y += 0.5
    return b.items, y


def turn_mode_table(spec: ShipSpec) -> Table | None:
    """The ship's turn-mode row of the Turn Mode Chart (C3.31): speeds for each turn mode."""
    if not spec.turn_mode:
        return None
    try:
        letter = category(spec.turn_mode)
    except ValueError:
        return None
    cells = [f"{lo}+" if hi is None else (f"{lo}-{hi}" if hi != lo else str(lo))
             for lo, hi in speed_brackets(letter)]
    return Table(f"Turn mode {letter} (C3.31)",
                 ("Turn mode", *(str(n) for n in range(1, len(cells) + 1))),
                 (("Speed", *cells),))


def movement_tables(spec: ShipSpec, width: float, size: float) -> list[Table]:
    """Warp energy for each speed 1..31 at the ship's movement cost (one or two tables)."""
    if spec.move_cost is None:
        return []
    cost = spec.move_cost
    speeds = list(range(1, SHIP_MAX_SPEED + 1))
    title = f"Movement cost {fraction_text(cost)}: warp energy per speed"

    def table(part: list[int], label: str) -> Table:
        return Table(label, ("Speed", *map(str, part)),
                     (("Energy", *(fraction_text(cost * s) for s in part)),))

    whole = table(speeds, title)
    _items, w, _h = table_items(whole, size, False, width)
    if w <= width:
        return [whole]
    half = (len(speeds) + 1) // 2
    return [table(speeds[:half], title), table(speeds[half:], f"{title} (continued)")]


def weapon_chart_names(spec: ShipSpec) -> list[str]:
    """Charts of the weapons the ship carries (registry names), in SSD order; for a ship file
    without weapons, the tables its SSD printed (``tables_printed``)."""
    names: list[str] = []
    for weapon in spec.weapons:
        wt = weapon_type(weapon.type)
        if wt and wt.table:
            names.append(wt.table)
            names.extend(COMPANION_TABLES.get(wt.table, ()))
    if not spec.weapons:
        printed = dict(spec.extra).get("tables_printed", ())
        if isinstance(printed, (list, tuple)):
            names.extend(PRINTED_TABLES[p] for p in printed
                         if isinstance(p, str) and p in PRINTED_TABLES)
    return list(dict.fromkeys(names))


def chart_table(name: str) -> Table | None:
    try:
        view = chart(name)
    except UnknownChart:
        return None
    return Table(f"{view.title} ({view.rule})", view.columns, view.rows, view.notes)


# ---------------------------------------------------------------------------------------------
# Crew, boarding parties, drone racks


def tick_rows(label: str, count: int, width: float, tick: float,
              size: float, prefix: str = "",
              marked: Collection[str] = ()) -> tuple[list[Item], float]:
    """A bold label, then ``count`` tick boxes ``tick`` points wide, wrapped to ``width``.
    With ``prefix`` each tick has the id ``{prefix}#{n}`` (n from 1; crew units and boarding
    parties, G9.21, D7) and those in ``marked`` are crossed out (lost)."""
    b = Builder()
    y = b.text(0.0, 0.0, f"{label} ({count})", size, True).h + 0.6
    pitch = tick * 1.25
    per_row = max(1, int((width + tick * 0.25) // pitch))
    for i in range(count):
        r, c = divmod(i, per_row)
        box_id = f"{prefix}#{i + 1}" if prefix else ""
        b.tick(Rect(c * pitch, y + r * pitch, tick, tick), box_id=box_id,
               marked=bool(box_id) and box_id in marked)
    rows = -(-count // per_row) if count else 0
    return b.items, y + max(rows * pitch - tick * 0.25, 0.0)


def drone_table(spec: ShipSpec) -> Table | None:
    """Drone and ADD racks with write-in columns for the drones loaded and the reloads.

    Rack capacities (FD3) are not in the rules tables yet, so the loaded drones are written in.
    """
    racks = [w for w in spec.weapons if w.family in ("drone", "add")]
    if not racks:
        return None
    rows = []
    for w in racks:
        kind = f"type {w.rack_type}" if w.rack_type else ("ADD" if w.family == "add" else "-")
        reloads = str(w.reloads) if w.reloads is not None else ""
        rows.append((f"#{w.designator}", kind, "", reloads))
    return Table("Drone racks and reloads (FD3)", ("Rack", "Type", "Loaded", "Reloads"),
                 tuple(rows), min_widths=(0.0, 0.0, 46.0, 30.0), uniform=False)


def refit_line(refit) -> str:
    """"R (Y160, BPV +4): Ph-1 #7 and #8, arc RH"."""
    facts = [f"Y{refit.year}" if refit.year else "",
             "" if refit.bpv_delta is None else f"BPV {refit.bpv_delta:+d}"]
    head = f"Refit {refit.code}"
    if any(facts):
        head += f" ({', '.join(f for f in facts if f)})"
    return f"{head}: {refit.description}" if refit.description else head


def notes_lines(spec: ShipSpec) -> list[str]:
    """Refits with what they change, then the ship file's notes (as much as the page holds)."""
    return [refit_line(r) for r in spec.refits] + list(spec.notes)


def notes_block(lines: list[str], ship_id: str, width: float, height: float,
                size: float) -> tuple[list[Item], float]:
    """"Refits and notes": as many whole lines as fit in ``height``; the rest is counted."""
    title_h = fonts.line_height(size + 1.0, True) + 0.6
    line_h = fonts.line_height(size)
    if not lines or height < title_h + 2 * line_h:
        return [], 0.0
    b = Builder()
    b.text(0.0, 0.0, "Refits and notes", size + 1.0, True)
    y = title_h
    for k, line in enumerate(lines):
        trial = Builder()
        h = paragraph(trial, 0.0, 0.0, f"\u2022 {line}", width, size, style="muted")
        more = len(lines) - k
        if y + h + (line_h if more > 1 else 0.0) > height:
            b.text(0.0, y, f"\u2026 {more} more in the ship file (sfb-desk-cli ship {ship_id})",
                   size, style="muted")
            y += line_h
            break
        b.extend(trial.items, 0.0, y)
        y += h
    return b.items, y
