"""The direct-fire weapons and how each is fired: dice, modes, ranges, refire, EW (E1-E10, FP8, E9).

One :class:`DirectFireWeapon` per weapon-type code of :data:`sfb_desk.rules.weapon_types.WEAPON_TYPES`
that fires on a chart of :mod:`sfb_desk.rules.charts`. Ranges are read off those charts, never
typed again here. Two kinds (E1.82, reference G3):

* **range-of-effect** (phasers E2, fusion E7, TR beams E9): the die reads a damage table; EW
  shifts the die and then the column (E1.822);
* **hit-or-miss** (photon E4, disruptor E3, hellbore E10, plasma bolt FP8, anti-drone E5): the
  die plus the shift must not exceed the hit number (E1.821).

Refire (reference G7 "Common to all weapons", High): no weapon fires twice within 8 impulses,
across the turn boundary (E1.50); a phaser fires once a turn (E2.22); the phaser-G fires up to
4 times a turn and is exempt from the gap (E2.151); the anti-drone fires one round an impulse
and is exempt (E1.213, E5.13).

The PPD is here as one pulse (E11.31: 2d6 wave-lock at the effective range, the pulse's total
damage at the true range; the splash and the train are the sequencer's). The web caster fires
here only as a web fist (E14: mode ``fist``, 1d6 at effective range,
damage by true range and the energy stored, E14.22, E14.31). Elsewhere: the PPD's pulse trains
(E11) and cast webs (E12) are the sequencer's own steps (engine/ppd_steps.py, web_steps.py).
Not here yet: displacement device (G18), mauler (E8), ESG (G23), hellbore direct-fire mode
(E10.7), phaser low-power fire (E2.25) and seeking weapons (F, FD, FP launches).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sfb_desk.rules.charts.c2 import PPD, TR_TABLES, WEB_FIST
from sfb_desk.rules.charts.heavy_weapons import DISRUPTOR, FUSION_TABLES, HELLBORE, PHOTON
from sfb_desk.rules.charts.phasers import phaser_table
from sfb_desk.rules.charts.seeking import ANTI_DRONE, PLASMA_BOLT
from sfb_desk.rules.charts.tables import HitChart

RANGE_OF_EFFECT = "range-of-effect"
HIT_OR_MISS = "hit-or-miss"

#: Refire classes.
QUARTER_TURN = "quarter-turn"  # E1.50
PHASER = "phaser"  # E2.22 once a turn, and E1.50
GATLING = "gatling"  # E2.151
PER_IMPULSE = "per-impulse"  # E5.13, E1.213

#: Modes that are overloads: true range at most 8 (D6.126).
OVERLOAD_MODES = frozenset({"overload", "suicide", "uim-overload"})
OVERLOAD_MAX_TRUE_RANGE = 8
#: Disruptor mount ranges (E3; Basic Set mounts are 30).
DISRUPTOR_DEFAULT_RANGE = 30


@dataclass(frozen=True, slots=True)
class DirectFireWeapon:
    """How one weapon type fires.

    ``modes``: the first is the default. ``overloads`` maps a mode to its overloaded mode (what
    ``--overload`` selects). ``overload_rule`` is the weapon's own 8-hex rule (E3.53, E4.42,
    E7.41, E10.6). ``minimum_rule``: the rule behind a minimum range the chart prints as NA.
    """

    code: str
    title: str
    rule: str
    kind: str
    dice: str
    modes: tuple[str, ...]
    refire: str
    overloads: tuple[tuple[str, str], ...] = ()
    overload_rule: str = ""
    minimum_rule: str = ""
    enveloping: bool = False
    ignores_ew: bool = False
    needs_lock_on: bool = False

    def overload_of(self, mode: str) -> str | None:
        return dict(self.overloads).get(mode)

    @property
    def default_mode(self) -> str:
        return self.modes[0]


def _w(*args, **kwargs) -> DirectFireWeapon:  # noqa: ANN002, ANN003
    return DirectFireWeapon(*args, **kwargs)


_PHASERS = tuple(
    _w(code, title, rule, RANGE_OF_EFFECT, "1d6", ("standard",), GATLING if code == "PH-G" else PHASER)
    for code, title, rule in (
        ("PH-1", "Phaser-1", "E2"),
        ("PH-2", "Phaser-2", "E2"),
        ("PH-3", "Phaser-3", "E2"),
        ("PH-4", "Phaser-4", "E2.4"),
        ("PH-G", "Phaser-G", "E2.15"),
    )
)

_BOLTS = tuple(
    _w(f"PLASMA-{t}", f"Plasma-{t} bolt", "FP8", HIT_OR_MISS, "1d6", ("bolt",), QUARTER_TURN)
    for t in "RSGF"
)

DIRECT_FIRE_WEAPONS: dict[str, DirectFireWeapon] = {
    w.code: w
    for w in (
        *_PHASERS,
        _w("PHOTON", "Photon torpedo", "E4", HIT_OR_MISS, "1d6", ("standard", "proximity", "overload"),
           QUARTER_TURN, (("standard", "overload"),), "E4.42", "E4.14"),
        _w("DISRUPTOR", "Disruptor", "E3", HIT_OR_MISS, "1d6",
           ("standard", "overload", "uim", "derfacs", "uim-overload"), QUARTER_TURN,
           (("standard", "overload"), ("uim", "uim-overload")), "E3.53", "E3"),
        _w("FUSION", "Fusion beam", "E7", RANGE_OF_EFFECT, "1d6", ("standard", "overload", "suicide"),
           QUARTER_TURN, (("standard", "overload"),), "E7.41"),
        _w("HELLBORE", "Hellbore", "E10", HIT_OR_MISS, "2d6", ("standard", "overload"), QUARTER_TURN,
           (("standard", "overload"),), "E10.6", "E10.33", enveloping=True),
        *_BOLTS,
        _w("ADD", "Anti-drone", "E5", HIT_OR_MISS, "1d6", ("standard",), PER_IMPULSE,
           minimum_rule="E5", ignores_ew=True, needs_lock_on=True),
        _w("TR-H", "Heavy tractor-repulsor beam", "E9.35", RANGE_OF_EFFECT, "1d6", ("standard", "light"),
           QUARTER_TURN),
        _w("TR-L", "Light tractor-repulsor beam", "E9.36", RANGE_OF_EFFECT, "1d6", ("standard",),
           QUARTER_TURN),
        _w("WEB-CASTER", "Web fist", "E14", HIT_OR_MISS, "1d6", ("fist",), QUARTER_TURN,
           minimum_rule="E14.252"),
        # One PPD pulse (E11.31): the orders panel and the CLI read it; in play the train is
        # the sequencer's PPD Step (engine/ppd_steps.py).
        _w("PPD", "Plasmatic pulsar device (one pulse)", "E11.32", HIT_OR_MISS, "2d6", ("pulse",),
           QUARTER_TURN, minimum_rule="E11.312", needs_lock_on=True),
    )
}

#: Names a player may type (the CLI): friendly names and the type codes, any case.
ALIASES: dict[str, str] = {
    **{f"ph-{k}": f"PH-{k.upper()}" for k in ("1", "2", "3", "4", "g")},
    **{f"phaser-{k}": f"PH-{k.upper()}" for k in ("1", "2", "3", "4", "g")},
    "photon": "PHOTON",
    "disruptor": "DISRUPTOR",
    "fusion": "FUSION",
    "hellbore": "HELLBORE",
    **{f"plasma-{t}": f"PLASMA-{t.upper()}" for t in "rsgf"},
    "add": "ADD",
    "anti-drone": "ADD",
    "tr-h": "TR-H",
    "tr-l": "TR-L",
    "web-fist": "WEB-CASTER",
    "ppd": "PPD",
}


def option_weapon(weapon, arming):  # noqa: ANN001, ANN201 - a ship Weapon, a WeaponArming
    """G15.4: an Orion option mount fires as the weapon its load was armed as (the energy
    order's mode, e.g. ``DISRUPTOR``); any other mount, or an option mount holding nothing, is
    itself."""
    if weapon.type != "OPTION" or arming is None:
        return weapon
    kind = (arming.mode or "").strip().upper()
    return replace(weapon, type=kind) if kind and kind != "OPTION" else weapon


def direct_fire_weapon(name: str) -> DirectFireWeapon | None:
    """The weapon for a type code or friendly name (``ph-1``, ``PHOTON``, ``plasma-s``), or None."""
    key = str(name).strip()
    code = ALIASES.get(key.lower(), key.upper())
    return DIRECT_FIRE_WEAPONS.get(code)


def _chart(weapon: DirectFireWeapon) -> HitChart | None:
    return {
        "PHOTON": PHOTON, "DISRUPTOR": DISRUPTOR, "HELLBORE": HELLBORE, "ADD": ANTI_DRONE,
        "WEB-CASTER": WEB_FIST, "PPD": PPD,
    }.get(weapon.code, PLASMA_BOLT if weapon.code.startswith("PLASMA-") else None)


def _chart_mode(weapon: DirectFireWeapon, mode: str) -> str:
    if weapon.code.startswith("PLASMA-"):
        return "bolt"
    if weapon.code == "PPD":
        return "standard"
    return "5" if weapon.code == "WEB-CASTER" else mode  # the fist's range bands (E14.22)


def max_range(weapon: DirectFireWeapon, mode: str, mount_range: int | None = None) -> int:
    """The farthest (effective) range at which ``weapon`` can fire in ``mode``, from its chart.
    A disruptor mount is range 15, 22, 30 or 40 (E3)."""
    code = weapon.code
    if weapon.kind == RANGE_OF_EFFECT:
        if code.startswith("PH-"):
            return phaser_table(code).max_range
        if code == "FUSION":
            return FUSION_TABLES[mode].max_range
        kind = "heavy" if (code == "TR-H" and mode == "standard") else "light"
        return TR_TABLES[kind].max_range
    chart = _chart(weapon)
    assert chart is not None
    furthest = chart.max_range(_chart_mode(weapon, mode))
    if code == "DISRUPTOR":
        furthest = min(furthest, mount_range or DISRUPTOR_DEFAULT_RANGE)
    return furthest


def min_range(weapon: DirectFireWeapon, mode: str) -> int:
    """The least true range at which ``weapon`` can fire in ``mode``: the first band its chart
    prints a hit number in (photon 2, E4.14; disruptor and ADD 1), and 1 for a standard
    hellbore (E10.33). A proximity-fused photon may be fired from range 2 too: inside 9 it
    misses automatically (E4.32), which :mod:`.resolve` reports as a miss. Range-of-effect
    weapons fire from range 0."""
    chart = _chart(weapon)
    if chart is None:
        return 0
    if weapon.code == "PHOTON" and mode == "proximity":
        mode = "standard"
    hits = chart.mode(_chart_mode(weapon, mode)).hit
    first = chart.bands[next(i for i, h in enumerate(hits) if h is not None)].low
    if weapon.code == "HELLBORE" and mode == "standard":
        return max(first, 1)
    return first
