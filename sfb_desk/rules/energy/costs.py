"""Energy costs as data, in one place (DESIGN.md section 3: charts are data).

Every cost the energy allocation (B3) charges is a table or a constant here; the validator, the
template, the EA sheet and the CLI all read these, none re-types a number. Energy is a
:class:`~fractions.Fraction` throughout (transporters cost 1/5, a Ph-3 capacitor holds 1/2,
a Ph-G shot 1/4).

Sources are ../shared/reference/basic-set-facts.md (section 5.3 "Costs that agree across
peers", 5.7, G3, G4, G5, G6, G7) and the seeds (C10, C12, D14, G16, G24, G26, G27 in seed 000;
D10, E9, E11, E12, G18, G19, G20 in seed 002). Choices where the sources disagree are rows of
sfb_desk/rules/decisions.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

F = Fraction
HALF = F(1, 2)

# ---------------------------------------------------------------------------------------------
# Housekeeping by size class (reference 5.3; size class 1 is the largest).

#: Life support by size class (B3.3).
LIFE_SUPPORT: dict[int, Fraction] = {1: F(3), 2: F(3, 2), 3: F(1), 4: HALF, 5: F(0)}
#: Emergency life support (B3.3, S2.4): one source (sfb-player) gives 0 for a crippled ship.
EMERGENCY_LIFE_SUPPORT: dict[int, Fraction] = {1: F(0), 2: F(0), 3: F(0), 4: F(0), 5: F(0)}
#: Active fire control (D6.6) and low-power fire control (D6.7) by size class. Every source
#: gives one flat value (1 and 1/2); the table is keyed by size class so that a size-based
#: chart, if one turns up, replaces it here (decisions.md, D6.6).
FIRE_CONTROL_ACTIVE: dict[int, Fraction] = {1: F(1), 2: F(1), 3: F(1), 4: F(1), 5: F(1)}
FIRE_CONTROL_LOW: dict[int, Fraction] = {1: HALF, 2: HALF, 3: HALF, 4: HALF, 5: HALF}
#: Shields: full ("Total", D3.32) and minimum (D3.33) by size class. SC3 full is 2, not the
#: "=4" a text extraction gave (decisions.md, D3.32).
SHIELDS_ACTIVE: dict[int, Fraction] = {1: F(7), 2: F(4), 3: F(2), 4: F(1), 5: F(1)}
SHIELDS_MINIMUM: dict[int, Fraction] = {1: F(2), 2: F(1), 3: F(1), 4: HALF, 5: HALF}

GENERAL_REINFORCEMENT = F(2)  # energy per point (D3.341)
SPECIFIC_REINFORCEMENT = F(1)  # energy per point (D3.342)

# ---------------------------------------------------------------------------------------------
# Movement and maneuvers (C2, C5, C6, C10, C12; reference G6.8, G6.9).

HET_HEXES = 5  # an HET costs 5 hexes of movement (C6.51; SSD "[5] = HET COST")
EM_HEXES = 6  # C10.11
EM_HEXES_NIMBLE = 3  # C10.12
SUBLIGHT_TAC = F(1)  # impulse energy (C5.1)
MAX_WARP_TACS = 4  # C5.2
MAX_HETS = 4  # C6.34 (AM); RuleOptions.het_max_per_turn in play
MAX_IMPULSE_HEXES = 1  # impulse power gives at most one hex of movement (C2.111, H3.4)
MAX_WARP_HEXES = 30  # C2.112

# ---------------------------------------------------------------------------------------------
# Systems.

TRANSPORTER_USE = F(1, 5)  # G8.13
TRACTOR_BY_RANGE: dict[int, Fraction] = {0: F(1), 1: F(1), 2: F(2), 3: F(3)}  # G7.15, G7.6x
TRACTOR_MAX_PER_BEAM = TRACTOR_BY_RANGE[3]
SHIELD_REPAIR = F(2)  # energy per shield box repaired (D9.21); at most the DC rating
BATTERY_BOX = F(1)  # a battery box holds 1 (H5; Andromedan 5, D10.55)
ANDROMEDAN_BATTERY_BOX = F(5)
EW_POINT = F(1)  # D6.310
EDR_PER_LAB = F(3)  # D14.12
SCOUT_CHANNEL = F(1)  # G24.14
REPAIR_BOX = F(1)  # G17.21
PLASMA_D_ACTIVATION = HALF  # FP9.22, FP10.32 (per torpedo)

#: Phaser capacitor capacity per phaser (H6.21; reference 5.3, G4.5). The Ph-G holds four
#: 1/4-point shots (E2.151); the Ph-4 value (2) has one source (TG, Low).
PHASER_CAPACITY: dict[str, Fraction] = {
    "PH-1": F(1), "PH-2": F(1), "PH-3": HALF, "PH-G": F(1), "PH-4": F(2),
}
PHASER_G_SHOT = F(1, 4)

#: Power absorber panels, cost of operation per ship type (D10.21, seed 002 L169-182):
#: (standard, reinforced). Keyed by class code; see D10.21 for the ship names.
PA_PANELS: dict[str, tuple[Fraction, Fraction]] = {
    "DESECRATOR": (F(18), F(36)),
    "DOMINATOR": (F(10), F(18)),
    "INTRUDER": (F(6), F(10)), "INFESTOR": (F(6), F(10)),
    "CONQUISTADOR": (F(5), F(8)),
    "MAMBA": (F(5), F(8)), "PYTHON": (F(5), F(8)),
    "SATELLITE BASE": (F(4), F(6)), "COBRA": (F(4), F(6)), "EEL": (F(4), F(6)),
    "TERMINATOR": (F(4), F(6)), "KING SNAKE": (F(4), F(6)), "DIAMONDBACK": (F(4), F(6)),
    "VIPER": (F(3), F(4)), "COURIER": (F(3), F(4)), "BULL SNAKE": (F(3), F(4)),
    "RATTLER": (F(3), F(4)),
}
PA_BOX_STANDARD = 6  # capacity points per panel box (D10.32)
PA_BOX_REINFORCED = 10

#: Satellite ship launch or recovery by transporter (G19.4, seed 002): power by size.
SAT_SHIP_TRANSPORT: dict[str, Fraction] = {"small": F(3), "medium": F(4), "large": F(6)}
#: Energy module panels (G20.2): (panels, points per panel).
ENERGY_MODULES: dict[str, tuple[int, int]] = {"EM-S": (6, 10), "EM-M": (8, 10), "EM-L": (12, 10)}
ENERGY_MODULE_DISSIPATION = 4  # per panel per turn outside the hangar (G20.33)
ENERGY_MODULE_POINTS_PER_PANEL_LOST = 12  # G20.421

#: Stasis field generator (G16.20-G16.22): a field costs 5 x its age in turns; two fields add
#: 2 a turn, three add 3. At most three fields per SFG (G16.21).
SFG_PER_TURN_OF_AGE = F(5)
SFG_SURCHARGE: dict[int, Fraction] = {0: F(0), 1: F(0), 2: F(2), 3: F(3)}
SFG_MAX_FIELDS = 3


def sfg_cost(ages: tuple[int, ...]) -> Fraction:
    """Energy for stasis fields of these ages this turn (G16.20-G16.22; D7A example: ages
    (2, 1) cost 10 + 5 + 2 = 17)."""
    return sum((SFG_PER_TURN_OF_AGE * a for a in ages), F(0)) + SFG_SURCHARGE.get(len(ages), F(0))


# ---------------------------------------------------------------------------------------------
# Heavy weapons: arming tables (reference G7, G4.4, G5, G6.7; seed 002 E9, E11, E12, G18).


@dataclass(frozen=True, slots=True)
class ArmingTable:
    """How one kind of weapon is armed.

    ``turns`` is the energy of each arming turn of a standard load; ``warp_only`` weapons take
    that energy from warp engines or warp reactors only (E4.23, G18.21, J2.2). ``hold`` is the
    per-turn cost of holding a complete load (None: it cannot be held). ``rolling`` is the
    per-turn cost of a rolling delay (FP1.221, E10.22). ``overload`` is the final-turn energy of
    an overload, or for photons the most extra energy (E4.411). ``overload_hold`` is the hold of
    an overloaded load (None: cannot be held).
    """

    code: str
    rule: str
    turns: tuple[Fraction, ...]
    warp_only: bool = False
    hold: Fraction | None = None
    overload: Fraction | None = None
    overload_hold: Fraction | None = None
    rolling: Fraction | None = None
    enveloping: bool = False  # final turn doubled (FP5; reference G4.4)
    hold_limit: int | None = None  # turns a load may be held (G18.21: 25)


ARMING: dict[str, ArmingTable] = {
    # Photon (E4): 2 + 2 warp; hold 1; up to 4 extra warp on the final turn or a held torpedo
    # (E4.411, E4.412); overload hold is disputed (decisions.md, E4.42).
    "PHOTON": ArmingTable("PHOTON", "E4.2", (F(2), F(2)), warp_only=True, hold=F(1),
                          overload=F(4), overload_hold=F(2)),
    # Disruptor (E3): 2 from any source, overload 4; cannot be held (E3.24, E3.51).
    "DISRUPTOR": ArmingTable("DISRUPTOR", "E3.2", (F(2),), overload=F(4)),
    # Plasma (FP2): R 2,2,5; S 2,2,4; G 2,2,3; F 1,1,3. Holds S 2, G 1, F 0; R not on a ship.
    "PLASMA-R": ArmingTable("PLASMA-R", "FP2.1", (F(2), F(2), F(5)), rolling=F(2),
                            enveloping=True),
    "PLASMA-S": ArmingTable("PLASMA-S", "FP2.1", (F(2), F(2), F(4)), hold=F(2), rolling=F(2),
                            enveloping=True),
    "PLASMA-G": ArmingTable("PLASMA-G", "FP2.1", (F(2), F(2), F(3)), hold=F(1), rolling=F(2),
                            enveloping=True),
    "PLASMA-F": ArmingTable("PLASMA-F", "FP2.1", (F(1), F(1), F(3)), hold=F(0), rolling=F(1)),
    # Fusion (E7): 2, overload 4, suicide overload 7 (E7.42); holding only after the Y168
    # refit (EnergyOptions.fusion_hold), overloads never (E7.412, E7.54).
    "FUSION": ArmingTable("FUSION", "E7.2", (F(2),), hold=F(1), overload=F(4)),
    # Hellbore (E10): 3 + 3, overload final turn 6; no hold; rolling delay 3 (E10.22), not
    # for an overload (E10.611).
    "HELLBORE": ArmingTable("HELLBORE", "E10.2", (F(3), F(3)), overload=F(6), rolling=F(3)),
    # PPD (E11.21-E11.25): 4 + 4 (2..4 a turn, underload), hold 2; turn 2 up to 8 = overload
    # (E11.61), which cannot be held (E11.62).
    "PPD": ArmingTable("PPD", "E11.21", (F(4), F(4)), hold=F(2), overload=F(8)),
    # TR beams (E9.21): TRH 3 + 3, TRL 2 + 2; no hold, rolling delay by re-arming (E9.22).
    "TR-H": ArmingTable("TR-H", "E9.211", (F(3), F(3))),
    "TR-L": ArmingTable("TR-L", "E9.212", (F(2), F(2))),
    # Displacement device (G18.21-G18.22): 2 + 2 warp; hold 1 (any source) up to 25 turns.
    "DISPLACEMENT": ArmingTable("DISPLACEMENT", "G18.21", (F(2), F(2)), warp_only=True,
                                hold=F(1), hold_limit=25),
    # Probes (G5; reference G6.7, Med): information 1 + 1, hold 1; weapon 2 + 2, no hold.
    "PROBE-INFO": ArmingTable("PROBE-INFO", "G5.2", (F(1), F(1)), hold=F(1)),
    "PROBE-WEAPON": ArmingTable("PROBE-WEAPON", "G5.35", (F(2), F(2))),
    # Shuttles (J2.22, J3.12; reference G5): suicide shuttle 3 turns of 1..3 warp each
    # (warhead 2 x energy, at most 18), hold 1; wild weasel 1 + 1, hold 1.
    "SUICIDE": ArmingTable("SUICIDE", "J2.221", (F(3), F(3), F(3)), warp_only=True, hold=F(1)),
    "WILD-WEASEL": ArmingTable("WILD-WEASEL", "J3.12", (F(1), F(1)), hold=F(1)),
    # Tholian web anchor buoy (G26.21-G26.23): 2 + 2, hold 1. Romulan cloaked decoy
    # (G27.21-G27.22): 3 + 3, hold 3 (at most 15 turns).
    "ANCHOR-BUOY": ArmingTable("ANCHOR-BUOY", "G26.21", (F(2), F(2)), hold=F(1)),
    "CLOAKED-DECOY": ArmingTable("CLOAKED-DECOY", "G27.21", (F(3), F(3)), hold=F(3),
                                 hold_limit=15),
}

#: Suicide shuttle: energy per arming turn (AM 1..3; J2.2211) and the warhead per energy point.
SUICIDE_TURN_RANGE = (F(1), F(3))
SUICIDE_WARHEAD_PER_ENERGY = 2
FUSION_SUICIDE = F(7)  # E7.42
PHOTON_OVERLOAD_MIN_TOTAL = F(9, 2)  # at least 4.5 to fire as an overload (E4.413/E4.414)
PPD_TURN_RANGE = (F(2), F(4))  # E11.25
PPD_ENERGY_PER_PULSE = 2  # E11.25

#: Web caster / web fist storage (E12.31, E12.32): at most 5 stored; each turn's energy lasts
#: five turns (turns t..t+4).
WEB_CASTER_MAX = F(5)
WEB_CASTER_TURNS = 5

#: Smaller plasma torpedoes a launcher may arm (reference G4.4, AM: S -> F, G -> F).
PLASMA_SMALLER: dict[str, tuple[str, ...]] = {
    "PLASMA-R": ("PLASMA-R",),
    "PLASMA-S": ("PLASMA-S", "PLASMA-F"),
    "PLASMA-G": ("PLASMA-G", "PLASMA-F"),
    "PLASMA-F": ("PLASMA-F",),
}

#: Weapon types that take no energy in the allocation (drone racks and ADDs are reloaded by
#: the crew, FD2.421, E5.74).
NO_ENERGY_WEAPONS: frozenset[str] = frozenset({"DRONE", "ADD"})
PHASER_TYPES: frozenset[str] = frozenset(PHASER_CAPACITY)


def life_support(size_class: int, emergency: bool = False) -> Fraction:
    table = EMERGENCY_LIFE_SUPPORT if emergency else LIFE_SUPPORT
    return table[_size(size_class)]


def fire_control(size_class: int, mode: str) -> Fraction:
    if mode == "off":
        return F(0)
    table = FIRE_CONTROL_LOW if mode == "low" else FIRE_CONTROL_ACTIVE
    return table[_size(size_class)]


def shields(size_class: int, mode: str) -> Fraction:
    if mode == "off":
        return F(0)
    table = SHIELDS_MINIMUM if mode == "minimum" else SHIELDS_ACTIVE
    return table[_size(size_class)]


def _size(size_class: int) -> int:
    """Size classes beyond the tables (6: shuttles and fighters) pay as size class 5."""
    return min(max(size_class, 1), 5)
