"""What goes on each row of the printed EA form: the rows fitted to a ship, the cost column,
and the text of a turn's allocation (entries with their energy, from the energy ledger).

The rows are the energy model's own form lines (:data:`sfb_desk.rules.energy.LINES`, the
reference's 21-line schedule, section 5.3), never a second list: the heavy-weapons line 10 is
printed as a row per launcher (:func:`~sfb_desk.rules.energy.launchers`: heavy weapons and
probe launchers; the shuttle boxes share one row), and lines for systems the ship does not
have are left out (no batteries: lines 5, 6, 16, 21; no shields: 11-13 and shield repair; no
cloak, tractors, transporters ...). Lines of optional rules (EDR, scout channels, stasis
fields, power absorbers, engine doubling, reserve warp ...) print only on ships that have the
system or when the allocation uses them. Every cost shown comes from
:mod:`sfb_desk.rules.energy.costs` and the ledger.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction

from sfb_desk.rules.energy import LINES, Allocation, EnergyState, check, launchers, weapon_line
from sfb_desk.rules.energy import costs as C
from sfb_desk.rules.energy.allocation import WeaponOrder
from sfb_desk.rules.energy.ledger import cloak_cost, em_split, het_cost, move_cost, pa_cost
from sfb_desk.rules.energy.power import power_available, sensor_rating
from sfb_desk.rules.energy.state import capacitor_capacity, weapon_destroyed
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.weapon_types import weapon_type

from .ssd_parts import fraction_text as ft

SHUTTLES = "weapon:shuttle#"  # the one row for every shuttle box's order

#: Rule of each line, printed after its label.
RULES = {
    "battery_discharge": "H5", "life_support": "B3.3", "fire_control": "D6.6",
    "phaser_capacitor": "H6.21", "shields": "D3.32", "general_reinforcement": "D3.341",
    "specific_reinforcement": "D3.342", "speed_plot": "C12.21", "impulse_hexes": "C2.111",
    "hets": "C6.2", "em": "C10.11", "em_impulse_hexes": "C10.112", "sublight_tac": "C5.1",
    "warp_tacs": "C5.2", "damage_control": "D9.21", "repair_shields": "D9.21",
    "battery_recharge": "H5", "reserve_warp": "H7.4", "tractors": "G7.15",
    "negative_tractor": "G7", "transporters": "G8.13", "ecm": "D6.310", "eccm": "D6.310",
    "cloak": "G13.21", "edr_labs": "D14.12", "edr_dc_box": "D14.11", "scout_channels": "G24.14",
    "sfg_fields": "G16.20", "pa_level": "D10.21", "engine_doubling": "R8",
}
#: Lines of optional rules: printed when the ship has the system or the allocation uses them.
OPTIONAL = {"em_impulse_hexes", "negative_tractor", "reserve_warp", "edr_labs", "edr_dc_box",
            "scout_channels", "sfg_fields", "pa_level", "engine_doubling", "repair_shields"}


@dataclass(frozen=True, slots=True)
class Row:
    key: str
    label: str
    form: int
    group: str
    entry: bool = True
    rule: str = ""

    @property
    def title(self) -> str:
        return f"{self.label} ({self.rule})" if self.rule else self.label


def _has(spec: ShipSpec, key: str) -> bool:
    """Whether ``spec`` has the system a line is about."""
    battery = spec.count("battery") > 0
    needs = {
        "reactor": spec.count("apr") + spec.count("awr") > 0,
        "batteries_available": battery, "battery_discharge": battery,
        "battery_recharge": battery, "battery_used": battery, "reserve_warp": battery,
        "phaser_capacitor": bool(spec.weapons_of("phaser")),
        "shields": spec.shields is not None,
        "general_reinforcement": spec.shields is not None,
        "specific_reinforcement": spec.shields is not None,
        "damage_control": spec.shields is not None,
        "tractors": spec.count("tractor") > 0,
        "negative_tractor": False,
        "transporters": spec.count("transporter") > 0,
        "cloak": "cloak" in spec.flags or cloak_cost(spec) is not None,
        "scout_channels": "scout" in spec.flags,
        "sfg_fields": any(w.type == "SFG" for w in spec.weapons),
        "pa_level": pa_cost(spec, "standard") is not None,
        "engine_doubling": spec.race == "ORI",
    }
    return needs.get(key, key not in OPTIONAL)


def _arming_hint(kind: str) -> str:
    """"2+2 warp, hold 1" from the arming table of a launcher type."""
    table = C.ARMING.get(kind)
    if table is None:
        return ""
    parts = ["+".join(ft(t) for t in table.turns) + (" warp" if table.warp_only else "")]
    if table.hold is not None:
        parts.append(f"hold {ft(table.hold)}")
    if table.overload:
        parts.append(f"OL {ft(table.overload)}")
    if table.rolling is not None:
        parts.append(f"roll {ft(table.rolling)}")
    return ", ".join(parts)


def _launcher_rows(spec: ShipSpec) -> list[Row]:
    rows: list[Row] = []
    names = {f"{w.family}#{w.designator}": w for w in spec.weapons}
    shuttle_rows = False
    for arming in launchers(spec):
        if arming.type == "SHUTTLE":
            shuttle_rows = True
            continue
        if arming.type == "PROBE":
            n = arming.box.split("#")[1]
            rows.append(Row(weapon_line(arming.box), f"Probe launcher {n}", 10, "Weapons",
                            rule="G5"))
            continue
        weapon = names.get(arming.box)
        wt = weapon_type(arming.type)
        name = wt.name if wt else arming.type
        label = f"{name} {weapon.designator if weapon else arming.box}"
        rows.append(Row(weapon_line(arming.box), label, 10, "Weapons",
                        rule=(C.ARMING[arming.type].rule if arming.type in C.ARMING
                              else (wt.rule if wt else ""))))
    if shuttle_rows:
        rows.append(Row(SHUTTLES, "Shuttles: suicide / wild weasel", 10, "Weapons",
                        rule="J2.221"))
    return rows


def ea_rows(spec: ShipSpec, used: Collection[str] = ()) -> list[Row]:
    """The rows of ``spec``'s form, in paper order; ``used`` line keys always print."""
    used = set(used)
    rows: list[Row] = []
    for line in LINES:
        if line.key == "weapons":
            rows.extend(_launcher_rows(spec))
            continue
        if line.key in used or _has(spec, line.key):
            rows.append(Row(line.key, line.label, line.form, line.group, line.entry,
                            RULES.get(line.key, "")))
    return rows


def cost_column(spec: ShipSpec, destroyed: Collection[str] = ()) -> dict[str, str]:
    """The "Ship / cost" column: power from the boxes left, costs by size class and unit."""
    dead = frozenset(destroyed)
    supply = power_available(spec, dead)
    full = power_available(spec)

    def power(now: Fraction, whole: Fraction) -> str:
        return ft(whole) if now == whole else f"{ft(now)}/{ft(whole)}"

    sc = spec.size_class or 3
    mc = move_cost(spec)
    column = {
        "warp": power(supply.warp, full.warp), "impulse": power(supply.impulse, full.impulse),
        "reactor": power(supply.reactor, full.reactor),
        "total_power": power(supply.total, full.total),
        "batteries_available": power(supply.battery_capacity, full.battery_capacity),
        "life_support": ft(C.life_support(sc)),
        "fire_control": f"{ft(C.fire_control(sc, 'active'))}, low {ft(C.fire_control(sc, 'low'))}",
        "phaser_capacitor": f"max {ft(capacitor_capacity(spec, dead))}",
        "shields": f"{ft(C.shields(sc, 'active'))}, min {ft(C.shields(sc, 'minimum'))}",
        "general_reinforcement": f"{ft(C.GENERAL_REINFORCEMENT)} a point",
        "specific_reinforcement": f"{ft(C.SPECIFIC_REINFORCEMENT)} a point",
        "speed_plot": f"{ft(mc)} a hex",
        "impulse_hexes": f"at most {C.MAX_IMPULSE_HEXES}",
        "hets": ft(het_cost(spec)),
        "em": ft(sum(em_split(spec, 0), Fraction(0))),
        "sublight_tac": ft(C.SUBLIGHT_TAC),
        "warp_tacs": f"{ft(mc)} each",
        "damage_control": f"{ft(C.SHIELD_REPAIR)} a box",
        "tractors": f"{ft(C.TRACTOR_BY_RANGE[1])} a beam",
        "transporters": f"{ft(C.TRANSPORTER_USE)} a use",
        "ecm": f"ECM+ECCM \u2264 {sensor_rating(spec, dead)}",
        "edr_labs": f"{ft(C.EDR_PER_LAB)} a lab",
        "scout_channels": f"{ft(C.SCOUT_CHANNEL)} each",
    }
    if (cloak := cloak_cost(spec)) is not None:
        column["cloak"] = ft(cloak)
    for arming in launchers(spec):
        key = SHUTTLES if arming.type == "SHUTTLE" else weapon_line(arming.box)
        if arming.type != "SHUTTLE" and weapon_destroyed(spec, arming.box, dead):
            column[key] = "destroyed"
        elif arming.type == "PROBE":
            column[key] = f"info {_arming_hint('PROBE-INFO')}"
        elif arming.type == "SHUTTLE":
            column[key] = f"suicide {_arming_hint('SUICIDE')}"
        else:
            column[key] = _arming_hint(arming.type)
    return {k: v for k, v in column.items() if v}


# ---------------------------------------------------------------------------------------------
# A turn's allocation


def _order_text(order: WeaponOrder) -> str:
    words = [order.action]
    if order.energy is not None:
        words.append(ft(order.energy))
    if order.overload:
        words.append("OL")
    if order.enveloping:
        words.append("env")
    if order.mode:
        words.append(order.mode.lower())
    return " ".join(words)


def _plot_text(plot) -> str:
    """((1, 8), (17, 10)) -> "8; 10 from 17"."""
    parts = []
    for k, (impulse, speed) in enumerate(plot):
        parts.append(str(speed) if k == 0 else f"{speed} from {impulse}")
    return "; ".join(parts)


def _entry(allocation: Allocation, key: str) -> str:
    """What the player wrote on an entry line ("" for a default left alone)."""
    a = allocation
    value = getattr(a, key, None)
    if key == "speed_plot":
        return f"speed {_plot_text(a.speed_plot)}"
    if key == "specific_reinforcement":
        return ", ".join(f"#{k} {v}" for k, v in enumerate(value, start=1) if v)
    if key in ("repair_shields", "sfg_fields"):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, Fraction)):
        return ft(value) if value else ""
    return "" if value is None else str(value)


#: Entry lines whose cost is not the entry itself (printed "entry · energy").
_PRICED = {"life_support", "fire_control", "shields", "general_reinforcement",
           "specific_reinforcement", "speed_plot", "hets", "em", "sublight_tac", "warp_tacs",
           "transporters", "cloak", "edr_labs", "scout_channels", "sfg_fields", "pa_level"}


def filled_column(allocation: Allocation, spec: ShipSpec, state: EnergyState,
                  rows: list[Row]) -> tuple[dict[str, str], list[str]]:
    """Each row's text for ``allocation`` (entries with their energy, computed lines and
    totals from the ledger) and the issues the energy rules find, as printable lines."""
    ledger, issues = check(allocation, spec, state)
    cells: dict[str, str] = {}
    orders = {o.box: o for o in allocation.weapons}
    for row in rows:
        key = row.key
        if key == SHUTTLES:
            texts = [f"{box.split('#')[1]}: {_order_text(o)} \u00b7 "
                     f"{ft(ledger.value(weapon_line(box)))}"
                     for box, o in orders.items() if box.startswith("shuttle#")]
            text = "; ".join(texts)
        elif key.startswith("weapon:"):
            box = key.split(":", 1)[1]
            order = orders.get(box)
            energy = ledger.value(key)
            text = "" if order is None and not energy else (
                f"{_order_text(order) if order else 'none'} \u00b7 {ft(energy)}")
        elif not row.entry:
            text = ft(ledger.value(key))
        elif key in _PRICED:
            entry = _entry(allocation, key)
            energy = ledger.value(key)
            text = f"{entry} \u00b7 {ft(energy)}" if entry else ("" if not energy else ft(energy))
        else:
            text = _entry(allocation, key)
        if text:
            cells[key] = text
    notes = [f"{i.severity}: ({i.rule}) {i.message} [{i.line}]" for i in issues]
    return cells, notes


def used_lines(allocation: Allocation | Mapping | None) -> set[str]:
    """Line keys an allocation gives a value other than the default (they always print)."""
    if allocation is None:
        return set()
    if isinstance(allocation, Mapping):
        return {str(k) for k, v in allocation.items() if v not in (None, "", 0, False, [])}
    blank = Allocation(ship=allocation.ship, turn=allocation.turn)
    return {line.key for line in LINES
            if getattr(allocation, line.key, None) != getattr(blank, line.key, None)}


def record_column(record: Mapping[str, object],
                  rows: list[Row]) -> tuple[dict[str, str], list[str]]:
    """A raw allocation record (a movement-only game's ``Unit.allocation``) as row texts, and
    the entries without a row (listed under the table, never dropped)."""
    keys = {row.key for row in rows}
    cells: dict[str, str] = {}
    extra: list[str] = []

    def text(value: object) -> str:
        if value is True:
            return "yes"
        if value in (None, False, ""):
            return ""
        if isinstance(value, (list, tuple)):
            return ", ".join(text(v) for v in value)
        if isinstance(value, Mapping):
            return ", ".join(f"{k} {text(v)}" for k, v in value.items())
        try:
            return ft(Fraction(str(value)))
        except (ValueError, ZeroDivisionError):
            return str(value)

    for key, value in record.items():
        if key == "weapons" and isinstance(value, (list, tuple)):
            shuttles = []
            for order in value:
                box = str(order.get("box", "")) if isinstance(order, Mapping) else ""
                words = " ".join(text(order.get(k)) if k != "overload" else "OL"
                                 for k in ("action", "energy", "overload", "mode")
                                 if isinstance(order, Mapping) and order.get(k))
                if box.startswith("shuttle#") and SHUTTLES in keys:
                    shuttles.append(f"{box.split('#')[1]}: {words}")
                elif f"weapon:{box}" in keys:
                    cells[f"weapon:{box}"] = words
                else:
                    extra.append(f"{box or 'weapons'}: {words or text(order)}")
            if shuttles:
                cells[SHUTTLES] = "; ".join(shuttles)
        elif key == "speed_plot" and key in keys and isinstance(value, (list, tuple)):
            try:
                cells[key] = _plot_text(tuple((int(i), int(s)) for i, s in value))
            except (TypeError, ValueError):
                cells[key] = text(value)
        elif key == "specific_reinforcement" and key in keys and isinstance(value, (list, tuple)):
            cells[key] = ", ".join(f"#{k} {v}" for k, v in enumerate(value, start=1) if v)
        elif key in keys:
            if text(value):
                cells[key] = text(value)
        elif key not in ("ship", "turn", "note") and text(value):
            extra.append(f"{key}: {text(value)}")
    return cells, extra
