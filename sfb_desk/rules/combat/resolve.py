"""One direct-fire shot on its chart: :func:`fire_weapon` takes the rolled die and returns the result.

Every die the rules call for is a prompt (DESIGN.md section 4): the engine asks the table for
``weapon.dice`` (1d6, or 2d6 for the hellbore) and passes the answer here. Illegal shots come
back as a :class:`~sfb_desk.rules.results.Refusal` naming the rule:

* a die outside its dice; an unknown mode; an overload beyond true range 8 (D6.126 and the
  weapon's own rule: disruptor E3.53, photon E4.42, fusion E7.41, hellbore E10.6);
* a minimum range (true range): photon 2 (E4.14), standard hellbore 1 (E10.33), standard
  disruptor and anti-drone 1 (their charts print no hit number at 0);
* an effective range (D1.4) beyond the chart's maximum (a shot without lock-on whose doubled
  range exceeds it cannot be fired, D6.123; reference G1.1).

Hit numbers and range columns use the effective range (D1.4); disruptor damage uses the true
range (E3.33), as do the photon's minimum range and its proximity fuse's automatic miss inside
9 hexes (E4.32). EW shifts: E1.821 (hit-or-miss) and E1.822 (range-of-effect), applied by the
charts (:mod:`sfb_desk.rules.charts.tables`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sfb_desk.rules.charts.c2 import PPD, TR_TABLES, WEB_FIST, ppd_pulse, web_fist_hit
from sfb_desk.rules.charts.heavy_weapons import (
    DISRUPTOR,
    DISRUPTOR_MAX_RANGES,
    HELLBORE,
    PHOTON,
    FUSION_TABLES,
    PHOTON_OVERLOAD_ENERGY,
    disruptor_result,
    hellbore_hit,
    photon_hit,
)
from sfb_desk.rules.charts.phasers import phaser_table
from sfb_desk.rules.charts.seeking import ANTI_DRONE, PLASMA_BOLT, plasma_warhead
from sfb_desk.rules.charts.tables import DICE_RANGE, DieTable, HitChart, HitResult, hit_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.weapon_types import WEAPON_TYPES

from .options import BOLT_HALF_WARHEAD, DEFAULT_COMBAT_OPTIONS, CombatOptions
from .weapons import (
    OVERLOAD_MAX_TRUE_RANGE,
    OVERLOAD_MODES,
    RANGE_OF_EFFECT,
    DirectFireWeapon,
    direct_fire_weapon,
    max_range,
    min_range,
)

#: A proximity-fused photon misses automatically inside this true range (E4.32).
PROXIMITY_MIN_TRUE_RANGE = 9


@dataclass(frozen=True, slots=True)
class ShotResult:
    """What one shot did. ``hit``: a hit-or-miss weapon hit, or a range-of-effect weapon
    scored at least 1 point. ``damage`` is the points the target takes (the enveloping total
    for a hellbore, E10.4); ``feedback`` the points the firer takes on its own facing shield
    (E3.54, E4.431). ``destroys_drone``: an anti-drone hit (E5.2)."""

    weapon: str
    mode: str
    true_range: int
    effective_range: int
    roll: int
    shift: int
    hit: bool
    damage: int
    feedback: int = 0
    enveloping: bool = False
    destroys_drone: bool = False
    rule: str = ""
    notes: tuple[str, ...] = ()


def _refuse_unknown(name: str) -> Refusal:
    code = str(name).strip().upper()
    if code in ("PLASMA-D", "D"):
        return Refusal("FP9.13", "a type-D plasma torpedo cannot be fired as a bolt")
    known = WEAPON_TYPES.get(code)
    if known is not None:
        return Refusal(known.rule, f"{known.name} is not a direct-fire weapon SFB Desk resolves yet")
    return Refusal("E1", f"unknown weapon {name!r}")


def check_shot_ranges(
    weapon: DirectFireWeapon, mode: str, true_range: int, effective_range: int,
    mount_range: int | None = None,
) -> Refusal | None:
    """The range rules of one shot (module docstring), or None when it may fire."""
    for name, value in (("true range", true_range), ("effective range", effective_range)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return Refusal("D1.4", f"the {name} is a whole number of hexes, 0 or more, not {value!r}")
    title = weapon.title
    if mode in OVERLOAD_MODES and true_range > OVERLOAD_MAX_TRUE_RANGE:
        return Refusal(
            weapon.overload_rule or weapon.rule,
            f"an overloaded {title} cannot fire beyond true range 8 (D6.126); true range {true_range}",
        )
    if weapon.code == "DISRUPTOR" and mount_range not in (None, *DISRUPTOR_MAX_RANGES):
        return Refusal("E3", f"a disruptor mount has range 15, 22, 30 or 40, not {mount_range!r}")
    least = min_range(weapon, mode)
    if true_range < least:
        return Refusal(
            weapon.minimum_rule or weapon.rule,
            f"{title} ({mode}) cannot fire at true range {true_range}: its minimum range is {least}",
        )
    most = max_range(weapon, mode, mount_range)
    if true_range > most:
        return Refusal(weapon.rule, f"{title} ({mode}): range {true_range} is beyond its maximum range {most}")
    if effective_range > most:
        return Refusal(
            "D1.4",
            f"{title} ({mode}): effective range {effective_range} (true range {true_range}) is beyond"
            f" its maximum range {most} (D6.123 doubling without lock-on, D6.21 scanners)",
        )
    return None


def _die_table(weapon: DirectFireWeapon, mode: str) -> DieTable:
    code = weapon.code
    if code.startswith("PH-"):
        return phaser_table(code)
    if code == "FUSION":
        return FUSION_TABLES[mode]
    return TR_TABLES["heavy" if (code == "TR-H" and mode == "standard") else "light"]


def _shift_note(table: DieTable, roll: int, shift: int, range_: int) -> str:
    """What E1.822 did to a range-of-effect shot."""
    adjusted = roll + shift
    floor_note = ""
    if adjusted < 1:
        floor_note = " (never below the first row, G22.721; no column inward, E1.83)"
        adjusted = 1
    col = table.column(range_)
    if adjusted > 6:
        col += adjusted - 6
        adjusted = 6
    if col >= len(table.bands):
        return f"E1.822: die {roll} shift {shift:+d} moves past the last column: no effect"
    return (
        f"E1.822: die {roll} shift {shift:+d} reads die {adjusted} in the range-{table.bands[col].label}"
        f" column{floor_note}"
    )


def _range_of_effect(
    weapon: DirectFireWeapon, mode: str, true_range: int, eff: int, roll: int, shift: int
) -> ShotResult:
    table = _die_table(weapon, mode)
    damage = table.damage(roll, eff, shift)
    notes = [_shift_note(table, roll, shift, eff)] if shift else []
    return ShotResult(
        weapon.code, mode, true_range, eff, roll, shift, damage > 0, damage,
        rule=table.rule, notes=tuple(notes),
    )


def _hit_notes(weapon: DirectFireWeapon, result: HitResult, roll: int, shift: int) -> list[str]:
    notes: list[str] = []
    if shift:
        notes.append(f"E1.821: roll {roll} shift {shift:+d} = {result.roll} against {result.hit_number}")
    if result.feedback:
        rule = "E3.54" if weapon.code == "DISRUPTOR" else "E4.431"
        notes.append(f"{rule}: the hit feeds back {result.feedback} to the firer's facing shield")
    return notes


def fire_weapon(
    weapon: DirectFireWeapon | str,
    mode: str | None = None,
    *,
    true_range: int,
    roll: int,
    effective_range: int | None = None,
    shift: int = 0,
    mount_range: int | None = None,
    energy: float | None = None,
    options: CombatOptions = DEFAULT_COMBAT_OPTIONS,
) -> ShotResult | Refusal:
    """Resolve one shot of ``weapon`` (a :class:`DirectFireWeapon`, a type code or a friendly
    name) in ``mode`` (its default when None) with the rolled ``roll``.

    ``effective_range`` defaults to ``true_range``. ``shift`` is this shot's die-roll shift
    (:mod:`.ew`; anti-drones take only the EM penalty, E5.15/C10.49). ``mount_range`` is a
    disruptor mount's range, 15, 22, 30 or 40 (E3). ``energy``: an overloaded photon's arming energy,
    4.5..8 (E4.413; 8 when None), or a web fist's stored energy, 1..5 (E14.31; 5 when None)."""
    w = weapon if isinstance(weapon, DirectFireWeapon) else direct_fire_weapon(weapon)
    if w is None:
        return _refuse_unknown(str(weapon))
    mode = w.default_mode if mode is None else mode
    if mode not in w.modes:
        return Refusal(w.rule, f"{w.title} has no {mode!r} mode (modes: {', '.join(w.modes)})")
    eff = true_range if effective_range is None else effective_range
    low, high = DICE_RANGE[w.dice]
    if not isinstance(roll, int) or isinstance(roll, bool) or not low <= roll <= high:
        return Refusal(w.rule, f"a {w.title} shot rolls {w.dice}: {low}..{high}, not {roll!r}")
    refusal = check_shot_ranges(w, mode, true_range, eff, mount_range)
    if refusal is not None:
        return refusal
    if w.kind == RANGE_OF_EFFECT:
        return _range_of_effect(w, mode, true_range, eff, roll, shift)
    return _hit_or_miss(w, mode, true_range, eff, roll, shift, mount_range, energy, options)


def _hit_or_miss(
    w: DirectFireWeapon, mode: str, true_range: int, eff: int, roll: int, shift: int,
    mount_range: int | None, energy: float | None, options: CombatOptions,
) -> ShotResult | Refusal:
    code = w.code
    extra: list[str] = []
    damage_override: int | None = None
    if code == "PHOTON":
        if mode == "proximity" and true_range < PROXIMITY_MIN_TRUE_RANGE:
            note = "E4.32: a proximity-fused photon misses automatically inside true range 9"
            return ShotResult(code, mode, true_range, eff, roll, shift, False, 0, rule="E4.32", notes=(note,))
        arming = 8.0 if energy is None else energy
        lo, hi = PHOTON_OVERLOAD_ENERGY
        if mode == "overload" and not lo <= arming <= hi:
            return Refusal("E4.413", f"an overloaded photon is armed with {lo}..{hi} energy, not {arming}")
        result = photon_hit(
            eff, roll, mode == "overload", proximity=mode == "proximity", energy=arming,
            true_range=true_range, shift=shift,
        )
    elif code == "DISRUPTOR":
        result = disruptor_result(
            eff, roll, mode, max_range=mount_range or 30, true_range=true_range, shift=shift
        )
        if eff != true_range:
            extra.append(f"E3.33: hit at effective range {eff}, damage at true range {true_range}")
    elif code == "HELLBORE":
        result = hellbore_hit(eff, roll, mode == "overload", true_range=true_range, shift=shift)
        if result.hit:
            extra.append("E10.4: the damage envelops the target (general reinforcement first, D3.3412)")
    elif code == "PPD":  # one pulse (E11.31): splash and the train are the sequencer's
        result = ppd_pulse(eff, roll, true_range=true_range, shift=shift)
        extra.append("E11.32: one pulse's total; the splash spreads it over three shields")
    elif code == "WEB-CASTER":  # web fist (E14): all the stored energy, 1..5
        spent = 5 if energy is None else int(energy)  # None: a full caster (E12.31)
        if not 1 <= spent <= 5:
            return Refusal("E14.12", f"a web fist spends the caster's stored energy, 1..5, not "
                                     f"{energy!r}")
        result = web_fist_hit(eff, roll, spent, true_range=true_range, shift=shift)
        extra.append(f"E14.31: {spent} energy, damage at true range {true_range}")
    elif code == "ADD":
        result = ANTI_DRONE.resolve("standard", eff, roll, true_range=true_range, shift=shift)
        if result.hit:
            extra.append("E5.2: the hit destroys the drone")
    else:  # plasma bolt (FP8)
        result = PLASMA_BOLT.resolve("bolt", eff, roll, true_range=true_range, shift=shift)
        if result.hit:
            if options.plasma_bolt_damage == BOLT_HALF_WARHEAD:
                damage_override = plasma_warhead(code.removeprefix("PLASMA-"), true_range) // 2
                extra.append(
                    f"FP8: bolt damage is half the warhead at true range {true_range}, fractions"
                    " dropped (single source; decisions.md FP8)"
                )
            else:
                damage_override = 0
                extra.append("FP8: bolt damage is not charted (rule option plasma_bolt_damage)")
    if not result.allowed:  # the range checks above make this a chart gap
        return Refusal(w.rule, result.note)
    damage = result.damage if damage_override is None else damage_override
    return ShotResult(
        code, mode, true_range, eff, roll, shift, result.hit, damage, result.feedback,
        enveloping=w.enveloping and result.hit, destroys_drone=code == "ADD" and result.hit,
        rule=w.rule, notes=tuple(_hit_notes(w, result, roll, shift) + extra),
    )


def _hit_chart(code: str) -> HitChart | None:
    """The printed chart of a hit-or-miss weapon (its row per range band: the hit number)."""
    if code.startswith("PLASMA-"):
        return PLASMA_BOLT
    return {"PHOTON": PHOTON, "DISRUPTOR": DISRUPTOR, "HELLBORE": HELLBORE, "PPD": PPD,
            "WEB-CASTER": WEB_FIST, "ADD": ANTI_DRONE}.get(code)


def die_row(weapon: DirectFireWeapon | str, mode: str | None, effective_range: int) -> str:
    """The column of the weapon's die chart a shot at ``effective_range`` reads, as printed
    ("range 9-15"), for the table to find; a hit-or-miss weapon's (photon, disruptor,
    hellbore ...: one row per range is the whole chart) with its hit number ("range 9-15, hits
    on 1-4", hellbore "hits on 9 or less"); "" when the chart has no such column."""
    w = weapon if isinstance(weapon, DirectFireWeapon) else direct_fire_weapon(weapon)
    if w is None:
        return ""
    mode = w.default_mode if mode is None else mode
    try:
        if w.kind != RANGE_OF_EFFECT:
            chart = _hit_chart(w.code)
            if chart is None:
                return ""
            key = mode if mode in chart.modes else next(iter(chart.modes))
            col = chart.column(effective_range, key)
            number = chart.mode(key).hit[col]
            if number is None:
                return ""
            hits = hit_label(number, chart.dice)
            return (f"range {chart.bands[col].label}, hits on "
                    + (hits if chart.dice == "1d6" else f"{hits} or less"))
        table = _die_table(w, mode)
        return f"range {table.bands[table.column(effective_range)].label}"
    except (KeyError, ValueError, IndexError):
        return ""
