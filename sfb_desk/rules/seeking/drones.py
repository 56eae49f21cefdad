"""Drones (FD2, FD10, FD12): types, speed by year, endurance, warhead and damage to destroy.

The type table is reference basic-set-facts.md G4.1 (High for I and IV, Med for II, III, V;
the FD2 chart itself is not in the seeds). The seed's Advanced Missions rules fix the parts:

* explosive modules: a 1/2 payload space is 6 points, a full one 12 (FD10.41, seed 000
  L3648-3652); a type-IV carries two (24); seed 002 L362 calls a type-I a "12-point warhead";
* propulsion (FD10.3): slow 8, moderate 12, medium 20, fast 32; moderate motors burn out in 2
  turns, 4 with extended range (FD10.33, L3632); extended range doubles endurance (FD2.222);
* speed availability by year (FD10.65, L3799-3801): moderate invented Y77, Limited to Y99,
  Restricted to Y119, General from Y120; medium Limited Y165, Restricted Y166, General Y167;
  fast Limited Y178, Restricted Y179, General Y180. :func:`speed_for_year` gives the fastest
  motor in general availability (the speed "appropriate for the year", FD8.24 L3462, SM5.432);
* armor (FD12.21, L3891): a 1/2-PS armor module adds 2 damage points to destroy, a 1-PS module
  4; armor replaces explosive payload (FD12.11, FD12.12, L3867-3869); a drone with no warhead is
  a slug and does no damage at its target (FD13.0, L3904). External armor slows the drone by
  the FD12.132 chart (L3875-3883);
* type-VI dogfight drones cannot be modified (FD10.13, L3608); their damage depends on the
  target's size class (FD2.54: 2 against size class 4 or larger units, 4 against size 5, 8
  against size 6 and smaller, reference G4.1); their damage to destroy is an option
  (:attr:`~.options.SeekingOptions.type_vi_destroy`, decisions.md FD2).

A drone is destroyed once the damage it has taken reaches its damage to destroy (FD1.54).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions

SLOW, MODERATE, MEDIUM, FAST = 8, 12, 20, 32  # FD10.32-FD10.35
PROPULSION_SPEEDS = (SLOW, MODERATE, MEDIUM, FAST)
GENERAL, RESTRICTED, LIMITED = "general", "restricted", "limited"
EXPLOSIVE_PER_SPACE = 12  # FD10.41
ARMOR_PER_SPACE = 4  # FD12.21
MODERATE_ENDURANCE = 2  # FD10.33
HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class DroneType:
    """One row of the drone chart (reference G4.1). ``speed`` is the standard motor, ``endurance``
    in turns, ``warhead`` in damage points, ``destroy`` the damage that destroys it (FD1.54),
    ``spaces`` the rack spaces it fills, ``payload`` its payload spaces (FD10.40)."""

    code: str
    name: str
    speed: int
    endurance: int
    warhead: int
    destroy: int
    spaces: Fraction
    payload: Fraction
    dogfight: bool = False


DRONE_TYPES: dict[str, DroneType] = {
    t.code: t
    for t in (
        DroneType("I", "Type-I (standard)", SLOW, 3, 12, 4, Fraction(1), Fraction(1)),
        DroneType("II", "Type-II (speed 12)", MODERATE, 2, 12, 4, Fraction(1), Fraction(1)),
        DroneType("III", "Type-III (self-guiding, long range)", MODERATE, 25, 12, 4, Fraction(1),
                  Fraction(1)),
        DroneType("IV", "Type-IV (heavy)", SLOW, 3, 24, 6, Fraction(2), Fraction(2)),
        DroneType("V", "Type-V (heavy, speed 12)", MODERATE, 2, 24, 6, Fraction(2), Fraction(2)),
        DroneType("VI", "Type-VI (dogfight)", MODERATE, 1, 8, 3, HALF, Fraction(0), dogfight=True),
    )
}

#: FD10.65 (seed 000 L3799-3801): (Limited from, Restricted from, General from) by motor speed.
_AVAILABILITY: dict[int, tuple[int, int, int]] = {
    MODERATE: (77, 100, 120),
    MEDIUM: (165, 166, 167),
    FAST: (178, 179, 180),
}

#: FD12.132 (seed 000 L3875-3883): speed with external armor, by (frame spaces, armor payload
#: spaces) and the original speed 32, 20, 12, 8.
_EXTERNAL_ARMOR: dict[tuple[int, Fraction], tuple[int, int, int, int]] = {
    (1, HALF): (20, 12, 8, 4),
    (1, Fraction(1)): (12, 8, 4, 2),
    (2, HALF): (26, 16, 10, 6),
    (2, Fraction(1)): (20, 12, 8, 4),
}
_ARMOR_COLUMNS = (FAST, MEDIUM, MODERATE, SLOW)


def drone_type(code: str) -> DroneType:
    """The chart row of a drone type (``"I"`` .. ``"VI"``, any case, ``type-`` prefix allowed)."""
    key = str(code).strip().upper().removeprefix("TYPE-").removeprefix("TYPE ")
    if key not in DRONE_TYPES:
        raise ValueError(f"drone type is one of {', '.join(DRONE_TYPES)}, not {code!r}")
    return DRONE_TYPES[key]


def propulsion_availability(speed: int, year: int) -> str | None:
    """How available a drone motor of ``speed`` is in ``year`` (FD10.65): ``"general"``,
    ``"restricted"``, ``"limited"`` or None (not yet invented). Slow motors always are."""
    if speed == SLOW:
        return GENERAL
    if speed not in _AVAILABILITY:
        raise ValueError(f"drone motors are speed {PROPULSION_SPEEDS}, not {speed!r}")
    limited, restricted, general = _AVAILABILITY[speed]
    if year >= general:
        return GENERAL
    if year >= restricted:
        return RESTRICTED
    return LIMITED if year >= limited else None


def speed_for_year(code: str, year: int | None) -> int:
    """The speed of a drone of type ``code`` in a scenario set in ``year``: the fastest motor in
    general availability (FD10.65), never slower than the type's standard motor (FD2; None:
    the standard motor)."""
    base = drone_type(code).speed
    if year is None:
        return base
    best = max(s for s in PROPULSION_SPEEDS if propulsion_availability(s, year) == GENERAL)
    return max(base, best)


def external_armor_speed(frame_spaces: int, armor: Fraction, speed: int) -> int:
    """A drone's speed with an external armor module of ``armor`` payload spaces (1/2 or 1) on
    a frame of ``frame_spaces`` (1 or 2; type-III-XX counts as 1) originally of ``speed``
    (FD12.132)."""
    key = (frame_spaces, Fraction(armor))
    if key not in _EXTERNAL_ARMOR or speed not in _ARMOR_COLUMNS:
        raise ValueError(f"FD12.132 has no row for a {frame_spaces}-space frame, {armor} PS armor, "
                         f"speed {speed}")
    return _EXTERNAL_ARMOR[key][_ARMOR_COLUMNS.index(speed)]


@dataclass(frozen=True, slots=True)
class Drone:
    """One drone, in a rack or in flight.

    ``speed`` None: the type's standard motor (stored as that speed). ``armor``: damage points added by armor modules
    (FD12.21). ``warhead`` None: the type's explosive payload; otherwise what the payload left
    after armor (0 for a slug, FD13.0). ``extended_range`` doubles endurance (FD2.222).
    """

    type: str = "I"
    speed: int | None = None
    armor: int = 0
    warhead: int | None = None
    extended_range: bool = False

    def __post_init__(self) -> None:
        kind = drone_type(self.type)
        object.__setattr__(self, "type", kind.code)
        if self.speed is None:
            object.__setattr__(self, "speed", kind.speed)  # Drone("I") == Drone("I", speed=8)
        if not isinstance(self.speed, int) or not 1 <= self.speed <= 32:
            raise ValueError(f"a drone's speed is 1..32, not {self.speed!r}")
        for name in ("armor", "warhead"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 0):
                raise ValueError(f"a drone's {name} is a whole number >= 0, not {value!r}")

    @property
    def kind(self) -> DroneType:
        return DRONE_TYPES[self.type]

    @property
    def top_speed(self) -> int:
        assert self.speed is not None
        return self.speed

    @property
    def spaces(self) -> Fraction:
        return self.kind.spaces

    @property
    def endurance_turns(self) -> int:
        """Turns of flight: the type's (reference G4.1), 2 on a moderate motor (FD10.33) for the
        one- and two-space frames, doubled by extended range (FD2.222; FD10.33 "4 with extended
        range")."""
        kind = self.kind
        turns = kind.endurance
        if self.top_speed == MODERATE and not kind.dogfight and kind.code != "III":
            turns = MODERATE_ENDURANCE
        return turns * 2 if self.extended_range else turns

    def damage_against(self, size_class: int | None = None) -> int:
        """The warhead against a unit of ``size_class`` (FD10.41). A type-VI does 2 to size
        class 4 and larger units, 4 to size 5, 8 to size 6 and smaller (FD2.54); None: the
        charted 8."""
        if self.kind.dogfight and self.warhead is None and size_class is not None:
            return 2 if size_class <= 4 else (4 if size_class == 5 else 8)
        return self.kind.warhead if self.warhead is None else self.warhead

    def destroy_value(self, options: SeekingOptions = DEFAULT_SEEKING_OPTIONS) -> int:
        """Damage points that destroy this drone (FD1.54): the type's, plus armor (FD12.21)."""
        base = options.type_vi_destroy if self.kind.dogfight else self.kind.destroy
        return base + self.armor


def armored_drone(code: str, armor_spaces: Fraction | int, **extra: object) -> Drone:
    """A drone of type ``code`` whose payload carries ``armor_spaces`` (in 1/2 steps) of armor
    modules instead of explosive (FD12.11, FD12.12): each 1/2 payload space adds 2 damage
    points to destroy (FD12.21) and removes 6 points of warhead (FD10.41). A drone armored in
    all its payload is a slug (FD13.0)."""
    kind = drone_type(code)
    armor = Fraction(armor_spaces)
    if kind.dogfight:
        raise ValueError("type-VI drones cannot be modified (FD10.13)")
    if armor <= 0 or armor > kind.payload or (armor * 2).denominator != 1:
        raise ValueError(f"armor is 1/2 .. {kind.payload} payload spaces in 1/2 steps, not {armor_spaces!r}")
    return Drone(
        kind.code, armor=int(armor * ARMOR_PER_SPACE),
        warhead=int((kind.payload - armor) * EXPLOSIVE_PER_SPACE), **extra,  # type: ignore[arg-type]
    )
