"""Every chart by name, in one display form for the CLI, the GUI and printing.

A :class:`ChartView` is built from the chart's own data table (never retyped): the DAC from
:mod:`.dac`, the impulse chart from :mod:`.impulse`, and so on. Cells are strings as a chart
prints them: "1-4" for a 1d6 hit number, "-" for NA, a trailing "*" for a bold DAC entry or a
capped web strength.

Each chart's module (and :mod:`.tables`) is imported when that chart is first built: printing
one chart (``sfb-desk-cli chart dac``, the weapon tables of one SSD) loads only its own module
(issue 13: start-up).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (start-up)
if TYPE_CHECKING:
    from .tables import DieTable, HitChart


def _m(name: str) -> ModuleType:
    """The chart module ``name`` of this package, imported when a chart of it is built."""
    return importlib.import_module(f"{__package__}.{name}")


@dataclass(frozen=True, slots=True)
class ChartView:
    name: str
    title: str
    rule: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "rule": self.rule,
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "notes": list(self.notes),
        }


class UnknownChart(KeyError):
    """No chart has that name; ``names`` lists those that do."""

    def __init__(self, name: str, names: tuple[str, ...]) -> None:
        super().__init__(name)
        self.name = name
        self.names = names

    def __str__(self) -> str:
        return f"no chart named {self.name!r}; available: {', '.join(self.names)}"


def _labels(bands) -> tuple[str, ...]:
    return tuple(b.label for b in bands)


def _die_table(table: DieTable) -> ChartView:
    rows = tuple((str(die), *map(str, row)) for die, row in enumerate(table.rows, start=1))
    notes = ("Rows: 1d6 roll; columns: range; cells: damage.", *table.notes)
    return ChartView(table.name, table.title, table.rule, ("Die", *_labels(table.bands)), rows,
                     notes)


def _hit_chart(chart: HitChart, damage_word: str = "Damage", hit_word: str = "Hit") -> ChartView:
    """Hit rows per mode, then each distinct damage and feedback row once, naming its modes."""
    several = len(chart.modes) > 1
    hit_label, cell = _m("tables").hit_label, _m("tables").cell

    def label(word: str, modes: list[str]) -> str:
        return f"{word}, {'/'.join(modes)}" if several else word

    rows = [(label(hit_word, [m.label]), *(hit_label(h, chart.dice) for h in m.hit))
            for m in chart.modes.values()]
    for word, attr in ((damage_word, "damage"), ("Feedback", "feedback")):
        groups: dict[tuple, list[str]] = {}
        for m in chart.modes.values():
            values = getattr(m, attr)
            if values is not None:
                groups.setdefault(values, []).append(m.label)
        rows += [(label(word, modes), *map(cell, values)) for values, modes in groups.items()]
    hits = "2d6 at most the number" if chart.dice == "2d6" else "1d6 in the range shown"
    notes = (f"{hit_word} on {hits}; - = not possible (NA).", *chart.notes)
    return ChartView(chart.name, chart.title, chart.rule, ("Range", *_labels(chart.bands)),
                     tuple(rows), notes)


def _dac() -> ChartView:
    dac = _m("dac")
    rows = tuple(
        (str(roll), *(e.label + ("*" if e.bold else "") for e in entries))
        for roll, entries in sorted(dac.DAC.items())
    )
    return ChartView("dac", "Damage Allocation Chart", "D4.21", ("2d6", *dac.COLUMNS), rows,
                     ("Walk columns A to M (D4.22).",
                      "* bold: scored at most once per volley (D4.31)."))


def _impulse() -> ChartView:
    impulse = _m("impulse")
    columns = ("Speed", *(str(i) for i in range(1, impulse.IMPULSES_PER_TURN + 1)))
    rows = tuple(
        (str(s), *("x" if impulse.moves_on(s, i) else "" for i in range(1, 33)))
        for s in range(1, impulse.MAX_SPEED + 1)
    )
    return ChartView("impulse", "Impulse Chart", "C1.4", columns, rows,
                     ("x: a unit at that speed moves on that impulse.",
                      "Ships reach at most speed 31 (C2.112); seeking weapons 32."))


def _turn_modes() -> ChartView:
    turn_modes = _m("turn_modes")
    width = max(len(b) for b in turn_modes.TURN_MODE_BRACKETS.values())
    rows = []
    for name in turn_modes.TURN_MODE_CATEGORIES:
        cells = [f"{lo}+" if hi is None else (f"{lo}-{hi}" if hi != lo else str(lo))
                 for lo, hi in turn_modes.speed_brackets(name)]
        if name == "Seeking":
            cells = ["all"]
        rows.append((name, *cells, *([""] * (width - len(cells)))))
    columns = ("Category", *(str(n) for n in range(1, width + 1)))
    return ChartView("turn-mode", "Turn Mode Chart", "C3.31", columns, tuple(rows),
                     ("Columns: turn mode (hexes straight before a turn); cells: speeds.",
                      "Speed 0: no turn mode (turn in place only by C5 or C6).",
                      "EM +1 (C10.55); docked +1 (C13.922)."))


def _ew() -> ChartView:
    ew = _m("ew")
    return ChartView("ew-shift", "EW die-roll shift", "D6.34",
                     ("Net ECM", *_labels(ew.EW_SHIFT_BANDS)),
                     (("Shift", *map(str, ew.EW_SHIFTS)),),
                     ("Net ECM = target's ECM - firer's ECCM, at least 0; shift = square root,"
                      " fractions dropped.",
                      "Hit-or-miss: add to the die (E1.821). Phasers and other range-of-effect"
                      " weapons: die toward 6, then one column out per point left (E1.822)."))


def _photon() -> ChartView:
    view = _hit_chart(_m("heavy_weapons").PHOTON)
    rows = tuple(
        (r[0], *("2xE" if c != "-" else c for c in r[1:])) if r[0] == "Damage, overload" else r
        for r in view.rows
    )
    return ChartView(view.name, view.title, view.rule, view.columns, rows,
                     (*view.notes, "2xE: twice the arming energy (16 at 8 energy)."))


def _plasma() -> ChartView:
    seeking, hit_label = _m("seeking"), _m("tables").hit_label
    bands = seeking.PLASMA_BANDS
    rows = [(f"Type {t}", *map(str, seeking.PLASMA_WARHEADS[t])) for t in "RSGF"]
    rows.append(("Type D", *(str(seeking.plasma_warhead("D", b.low)) for b in bands)))
    bolt = seeking.PLASMA_BOLT
    rows.append(("Bolt hit", *(hit_label(seeking.plasma_bolt_hit_number(b.low), bolt.dice)
                               for b in bands)))
    return ChartView("plasma", "Plasma torpedo warhead strength", "FP1",
                     ("Hexes", *_labels(bands)), tuple(rows),
                     ("Cells: warhead by hexes travelled; 0 beyond 30 (FP1.42).",
                      "Type D from FP9.12. Enveloping (FP5) doubles the warhead.",
                      "Bolt (FP8): direct fire, 1d6 in the range shown, EW shifts the die."))


def _ppd() -> ChartView:
    c2 = _m("c2")
    view = _hit_chart(c2.PPD)
    rows = (*view.rows,
            ("Splash", *_sum_cells(c2.PPD_SPLASH)),
            ("Alt", *_sum_cells(c2.PPD_ALT)))
    return ChartView(view.name, view.title, view.rule, view.columns, rows, view.notes)


def _sum_cells(parts: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    """As the chart prints them: "1+4+1", and a plain "0" where nothing is scored."""
    return tuple("+".join(map(str, p)) if any(p) else "0" for p in parts)


def _web_caster() -> ChartView:
    c2 = _m("c2")
    columns = (*(f"Energy {b.label}" for b in c2.WEB_CASTER_RANGE_BANDS),
               *(f"{n} hex" + ("es" if n > 1 else "") for n in range(1, 6)))
    rows = tuple(
        (*("-" if e is None else str(e) for e in used),
         *(f"{s}*" if s == c2.WEB_MAX_STRENGTH else str(s) for s in strength))
        for used, strength in zip(c2.WEB_CASTER_ENERGY_USED, c2.WEB_CASTER_STRENGTH, strict=True)
    )
    return ChartView("web-caster", "Web caster strength", "E12.44", columns, rows,
                     ("Energy spent at the effective range of the farthest hex; cells: strength"
                      " of each web hex.",
                      "- : not reachable with at most 5 energy. *: capped at 35."))


def _web_fist() -> ChartView:
    chart, hit_label, cell = _m("c2").WEB_FIST, _m("tables").hit_label, _m("tables").cell
    first = next(iter(chart.modes.values()))
    rows = [("Hit", *(hit_label(h, chart.dice) for h in first.hit))]
    rows += [(f"Damage, {m.label}", *map(cell, m.damage or ())) for m in chart.modes.values()]
    return ChartView(chart.name, chart.title, "E14.22, E14.31", ("Range", *_labels(chart.bands)),
                     tuple(rows), chart.notes)


_BUILDERS: dict[str, Callable[[], ChartView]] = {
    "dac": _dac,
    "impulse": _impulse,
    "turn-mode": _turn_modes,
    "ew-shift": _ew,
    # the names of phasers.PHASER_TABLES (tests/rules/test_charts_registry.py holds them equal)
    **{name: (lambda name=name: _die_table(_m("phasers").PHASER_TABLES[name]))
       for name in ("phaser-1", "phaser-2", "phaser-3", "phaser-4", "phaser-g")},
    "photon": _photon,
    "disruptor": lambda: _hit_chart(_m("heavy_weapons").DISRUPTOR),
    "fusion": lambda: _die_table(_m("heavy_weapons").FUSION),
    "fusion-overload": lambda: _die_table(_m("heavy_weapons").FUSION_OVERLOAD),
    "fusion-suicide": lambda: _die_table(_m("heavy_weapons").FUSION_SUICIDE),
    "hellbore": lambda: _hit_chart(_m("heavy_weapons").HELLBORE, "Enveloping damage"),
    "plasma": _plasma,
    "anti-drone": lambda: _hit_chart(_m("seeking").ANTI_DRONE),
    "tr-heavy": lambda: _die_table(_m("c2").TR_HEAVY),
    "tr-light": lambda: _die_table(_m("c2").TR_LIGHT),
    "ppd": _ppd,
    "web-caster": _web_caster,
    "web-fist": _web_fist,
    "displacement": lambda: _hit_chart(_m("c2").DISPLACEMENT, hit_word="Success"),
}

CHART_NAMES: tuple[str, ...] = tuple(_BUILDERS)


def chart_names() -> tuple[str, ...]:
    return CHART_NAMES


@cache
def chart(name: str) -> ChartView:
    """The chart called ``name`` (see :data:`CHART_NAMES`); :class:`UnknownChart` if none."""
    try:
        builder = _BUILDERS[name]
    except KeyError:
        raise UnknownChart(name, CHART_NAMES) from None
    return builder()
