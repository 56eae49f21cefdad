"""One ship's energy allocation for one turn: every line of the form (B3.1), immutable.

The lines follow the paper Energy Allocation Form as the reference reconstructs it
(basic-set-facts.md 5.3: 21 lines), grouped in :data:`LINES` so that the sheet, the printed
form and the issues agree on names. Most lines are what the player writes (a mode, a count of
points, an amount of energy); the costs are computed from them by
:mod:`sfb_desk.rules.energy.ledger` with the tables of :mod:`sfb_desk.rules.energy.costs`.

Heavy weapons, probes and armed shuttles are :class:`WeaponOrder` s, one per box id
(``photon#A``, ``probe#1``, ``shuttle#2``); a missing order means "no energy this turn".
The speed plot is the legal speed plot of C12.12 (``((first impulse, speed), ...)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

ZERO = Fraction(0)
SpeedPlot = tuple[tuple[int, int], ...]

LIFE_SUPPORT_MODES = ("normal", "emergency")  # B3.3
FIRE_CONTROL_MODES = ("active", "low", "off")  # D6.6, D6.7
SHIELD_MODES = ("active", "minimum", "off")  # D3.32, D3.33
PA_LEVELS = ("off", "standard", "reinforced")  # D10.22
ACTIONS = ("arm", "hold", "roll", "none")


@dataclass(frozen=True, slots=True)
class WeaponOrder:
    """This turn's order for one weapon (or probe launcher, or shuttle box).

    ``action``: ``arm`` (the next arming turn; for one-turn weapons, arming), ``hold`` (pay to
    keep a complete load, E4.22, FP2.51), ``roll`` (rolling delay, FP1.221, E10.22) or
    ``none`` (no energy; an unfinished or unheld load is lost). ``energy`` is what the form
    shows for the weapon; None means the standard amount for the action. ``overload``,
    ``enveloping`` and ``mode`` choose variants: ``mode`` is the torpedo type a plasma
    launcher arms (``PLASMA-F`` in an S launcher), ``TR-L`` for a heavy TR armed light,
    ``info``/``weapon`` for probes, ``suicide``/``wild-weasel`` for shuttles, ``suicide`` for a
    fusion suicide overload, or the weapon type an Orion option mount carries.
    """

    box: str
    action: str = "arm"
    energy: Fraction | None = None
    overload: bool = False
    enveloping: bool = False
    mode: str = ""


@dataclass(frozen=True, slots=True)
class Allocation:
    """Every line of one ship's energy allocation for ``turn``."""

    ship: str
    turn: int = 1
    # Power (lines 5-6): batteries discharged to pay for this allocation.
    battery_discharge: Fraction = ZERO
    # Housekeeping (lines 7-8).
    life_support: str = "normal"
    fire_control: str = "active"
    # Weapons (lines 9-10).
    phaser_capacitor: Fraction = ZERO
    weapons: tuple[WeaponOrder, ...] = ()
    # Shields (lines 11-13).
    shields: str = "active"
    general_reinforcement: int = 0
    specific_reinforcement: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    # Movement (line 14): plot, the hex paid by impulse power, and the maneuvers.
    speed_plot: SpeedPlot = ((1, 0),)
    impulse_hexes: int = 0
    hets: int = 0
    em: bool = False
    em_impulse_hexes: int = 0  # hexes of EM paid with impulse power (C10.112)
    sublight_tac: bool = False
    warp_tacs: int = 0
    # Repair and batteries (lines 15-16).
    damage_control: Fraction = ZERO
    repair_shields: tuple[int, ...] = ()
    battery_recharge: Fraction = ZERO
    reserve_warp: Fraction = ZERO  # of the recharge, warp held as reserve warp (H7.4)
    # Tractors and transporters (lines 17-18).
    tractors: Fraction = ZERO
    negative_tractor: Fraction = ZERO
    transporters: int = 0  # uses, 1/5 each (G8.13)
    # Miscellaneous (line 19).
    ecm: int = 0
    eccm: int = 0
    cloak: bool = False
    edr_labs: int = 0
    edr_dc_box: int | None = None  # the damage-control track box marked out (D14.11)
    scout_channels: int = 0
    sfg_fields: tuple[int, ...] = ()  # age in turns of each stasis field (G16.20)
    pa_level: str = "off"
    engine_doubling: bool = False
    note: str = field(default="", compare=False)

    def order(self, box: str) -> WeaponOrder | None:
        for o in self.weapons:
            if o.box == box:
                return o
        return None

    def with_order(self, order: WeaponOrder) -> Allocation:
        """This allocation with ``order`` replacing the order for its box (or added)."""
        orders = [o for o in self.weapons if o.box != order.box] + [order]
        return replace(self, weapons=tuple(orders))

    @property
    def top_speed(self) -> int:
        return max(abs(s) for _, s in self.speed_plot)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the form: its key (an :class:`Allocation` field or a computed line), the
    label printed on it, its group and the paper form's line number (reference 5.3)."""

    key: str
    label: str
    group: str
    form: int
    entry: bool = True  # the player writes it (False: computed)


POWER, HOUSEKEEPING, WEAPONS, SHIELDS = "Power", "Housekeeping", "Weapons", "Shields"
MOVEMENT, REPAIR, SYSTEMS, MISC, TOTALS = (
    "Movement", "Repair and batteries", "Tractors and transporters", "Miscellaneous", "Totals",
)
GROUPS = (POWER, HOUSEKEEPING, WEAPONS, SHIELDS, MOVEMENT, REPAIR, SYSTEMS, MISC, TOTALS)

LINES: tuple[Line, ...] = (
    Line("warp", "Warp engine power", POWER, 1, False),
    Line("impulse", "Impulse power", POWER, 2, False),
    Line("reactor", "Reactor (APR/AWR) power", POWER, 3, False),
    Line("total_power", "Total power", POWER, 4, False),
    Line("batteries_available", "Batteries available", POWER, 5, False),
    Line("battery_discharge", "Batteries discharged", POWER, 6),
    Line("life_support", "Life support", HOUSEKEEPING, 7),
    Line("fire_control", "Fire control", HOUSEKEEPING, 8),
    Line("phaser_capacitor", "Phaser capacitor", WEAPONS, 9),
    Line("weapons", "Heavy weapons", WEAPONS, 10),
    Line("shields", "Shields", SHIELDS, 11),
    Line("general_reinforcement", "General reinforcement (points)", SHIELDS, 12),
    Line("specific_reinforcement", "Specific reinforcement #1-#6", SHIELDS, 13),
    Line("speed_plot", "Speed plot (movement)", MOVEMENT, 14),
    Line("impulse_hexes", "Hexes paid by impulse", MOVEMENT, 14),
    Line("hets", "High energy turns", MOVEMENT, 14),
    Line("em", "Erratic maneuvers", MOVEMENT, 14),
    Line("em_impulse_hexes", "EM hexes paid by impulse", MOVEMENT, 14),
    Line("sublight_tac", "Sublight tactical maneuver", MOVEMENT, 14),
    Line("warp_tacs", "Warp tactical maneuvers", MOVEMENT, 14),
    Line("damage_control", "Damage control (shield repair)", REPAIR, 15),
    Line("repair_shields", "Shields to repair", REPAIR, 15),
    Line("battery_recharge", "Recharge batteries", REPAIR, 16),
    Line("reserve_warp", "of which reserve warp", REPAIR, 16),
    Line("tractors", "Tractor beams", SYSTEMS, 17),
    Line("negative_tractor", "Negative tractor", SYSTEMS, 17),
    Line("transporters", "Transporter uses", SYSTEMS, 18),
    Line("ecm", "ECM", MISC, 19),
    Line("eccm", "ECCM", MISC, 19),
    Line("cloak", "Cloaking device", MISC, 19),
    Line("edr_labs", "Emergency damage repair: labs", MISC, 19),
    Line("edr_dc_box", "EDR: damage-control box marked", MISC, 19),
    Line("scout_channels", "Scout channels", MISC, 19),
    Line("sfg_fields", "Stasis fields (ages)", MISC, 19),
    Line("pa_level", "Power absorber panels", MISC, 19),
    Line("engine_doubling", "Engine doubling (Orion)", MISC, 19),
    Line("total_used", "Total power used", TOTALS, 20, False),
    Line("battery_used", "Battery power used", TOTALS, 21, False),
    Line("unallocated", "Unallocated", TOTALS, 20, False),
)
LINE_KEYS: frozenset[str] = frozenset(line.key for line in LINES)


def weapon_line(box: str) -> str:
    """The line key of one weapon's order."""
    return f"weapon:{box}"
