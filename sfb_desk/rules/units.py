"""Units on the map as the movement rules see them: immutable records, updated with ``replace``.

A :class:`Unit` is a ship, a shuttle or a seeking weapon (drone, plasma torpedo, seeking
shuttle) with its position, facing, speed and the counters the movement rules keep:

* ``straight``: hexes moved in the current direction since the last facing change, the hex
  entered by a turn counting as the first (C3.2; a sideslip counts, C4.32; an HET or a tactical
  maneuver resets it, C6.32). A turn is legal when ``straight >= turn mode`` (C3.31).
* ``since_slip``: hexes moved since the last sideslip; slip mode is 1 (C4.1). The hex entered by
  a turn counts (C4.33, JP's quoted text; option ``RuleOptions.turn_satisfies_slip``).
* ``plot``: this turn's legal speed plot (C12.12), ``((first impulse, speed), ...)`` with a
  negative speed for reverse movement (C12.12: "forward and reverse movement is also noted");
  ``prev_plot`` is last turn's, for the acceleration limit (C2.21, C12.33) and braking (C12.371).

Per-turn maneuver budgets (what the energy allocation paid for) and their use live in
:class:`HetState`, :class:`EmState` and :class:`TacState`. The facts of the unit's class that
movement needs are copied into a :class:`MoveProfile` when the unit is created, so a game state
(and a save) stands on its own without the ship library.

Times are kept on the absolute impulse clock, ``clock = (turn - 1) * 32 + impulse``, so timers
such as "16 impulses after a breakdown" (C6.541) run across turn breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

from .hexes import ORIGIN, Hex
from .ship import ShipSpec

IMPULSES = 32
FACING_LETTERS = "ABCDEF"

SHIP = "ship"
SHUTTLE = "shuttle"
DRONE = "drone"
PLASMA = "plasma"
UNIT_KINDS = (SHIP, SHUTTLE, DRONE, PLASMA)
SEEKER_KINDS = (DRONE, PLASMA)

ACTIVE = "active"
#: A scenario's reinforcement not on the map yet (``arrives_turn``; it enters at the start of
#: that turn, :mod:`sfb_desk.engine.phases`).
AWAITING = "awaiting"
#: Statuses of units not (or no longer) moving on the map.
GONE = ("impacted", "disengaged", "destroyed", "off_map", "landed", "expired", "captured",
        "hangar", AWAITING)  # "hangar": a satellite ship inside its mothership (G19.2)

#: A speed plot: ``((first impulse, signed speed), ...)``, first impulse 1, ascending (C12.12).
SpeedPlot = tuple[tuple[int, int], ...]


def clock_of(turn: int, impulse: int) -> int:
    """The absolute impulse number of ``impulse`` of ``turn`` (turn 1 impulse 1 is 1)."""
    return (turn - 1) * IMPULSES + impulse


def parse_breakdown(text: str | None) -> int | None:
    """The lowest 1d6 roll that breaks down, from a breakdown rating such as ``"5-6"`` (C6.5)."""
    if not text:
        return None
    low = text.strip().split("-")[0].strip()
    return int(low) if low.isdigit() and 1 <= int(low) <= 6 else None


@dataclass(frozen=True, slots=True)
class MoveProfile:
    """The class facts movement needs, copied from the SSD / Master Ship Chart.

    ``turn_mode`` is a category of the turn-mode chart (C3.3): ``AA``, ``A``..``F``,
    ``Shuttle`` or ``Seeking``. ``breakdown`` is the lowest 1d6 roll that breaks down after an
    HET (C6.5; ``"5-6"`` gives 5), None when the unit cannot HET. ``warp`` and ``impulse`` are
    box counts (C12.384 maximum speed; C12.38 warp restriction; C6.5422). ``het_bonuses`` is
    the number of HETs per scenario with the breakdown bonus (C6.52; two for nimble ships,
    C11.22). ``max_speed`` caps shuttles (C12.341) and seeking weapons (32).
    """

    turn_mode: str = "C"
    move_cost: Fraction = Fraction(1)
    breakdown: int | None = 5
    nimble: bool = False
    computer: bool = False  # G11.14: -1 on breakdown rolls
    warp: int = 0
    warp_systems: tuple[tuple[str, int], ...] = ()
    impulse: int = 1
    crew_units: int = 0
    max_speed: int = 31
    het_bonuses: int = 1
    can_het: bool = True  # C6.4: shuttles other than fighters cannot; seeking weapons never
    can_em: bool = True  # C10.15, C10.17: bases, monsters and seeking weapons cannot
    fighter: bool = False


SEEKER_PROFILE = MoveProfile(
    turn_mode="Seeking", breakdown=None, impulse=0, max_speed=32, het_bonuses=0,
    can_het=False, can_em=False,
)
SHUTTLE_PROFILE = MoveProfile(
    turn_mode="Shuttle", breakdown=None, nimble=True, impulse=0, max_speed=6, het_bonuses=0,
    can_het=False,
)


def profile_from_spec(spec: ShipSpec) -> MoveProfile:
    """The movement profile of a ship class (C3.3 turn mode, C6.5 breakdown, C11.1 nimble)."""
    nimble = "nimble" in spec.flags
    warp_systems = tuple((s, n) for s, n in spec.systems if s.endswith("_warp") and n)
    return MoveProfile(
        turn_mode=spec.turn_mode or "C",
        move_cost=spec.move_cost if spec.move_cost is not None else Fraction(1),
        breakdown=parse_breakdown(spec.breakdown),
        nimble=nimble,
        warp=spec.warp_boxes,
        warp_systems=warp_systems,
        impulse=spec.count("impulse"),
        crew_units=spec.crew_units or 0,
        het_bonuses=2 if nimble else 1,
    )


@dataclass(frozen=True, slots=True)
class HetState:
    """High energy turns (C6): paid this turn, made this turn, timing and the breakdown record."""

    paid: int = 0  # HETs paid for in this turn's energy allocation (C6.2)
    made: int = 0  # HETs made this turn (C6.34)
    last_clock: int = -999  # clock of the last HET (C6.36)
    bonuses_used: int = 0  # C6.52 / C11.22
    breakdowns: int = 0  # each worsens the rating by one (C6.544)


@dataclass(frozen=True, slots=True)
class EmState:
    """Erratic maneuvering (C10): paid, in force, and announcements pending to the end of impulse."""

    paid: bool = False  # C10.11: paid in this turn's energy allocation
    active: bool = False
    started_this_turn: bool = False  # C10.31 (carry-over counts, C10.35)
    stopped_this_turn: bool = False  # C10.32: no restart until next turn
    pending: str = ""  # "start" / "stop": takes effect at the end of the impulse (C10.311)
    must_pay: bool = False  # C10.312 / C10.313: the next energy allocation must pay for EM


@dataclass(frozen=True, slots=True)
class TacState:
    """Tactical maneuvers (C5): one sublight TAC a turn, and warp TACs on the speed-4 schedule."""

    sublight_paid: bool = False  # 1 impulse energy (C5.1)
    sublight_used: bool = False
    warp_paid: int = 0  # up to 4 a turn (C5.2)
    warp_earned: int = 0  # earned on the impulses a speed-4 unit moves (8, 16, 24, 32)
    warp_used: int = 0
    warp_held: int = 0  # earned and not yet used; at most one may be held


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit on the map. See the module docstring for the counters."""

    id: str
    side: str
    kind: str = SHIP
    spec_id: str = ""
    name: str = ""
    hex: Hex = ORIGIN
    facing: int = 0  # 0..5 = A..F
    speed: int = 0  # current speed, always >= 0 (C2.1)
    reverse: bool = False  # moving in reverse (C3.5)
    plot: SpeedPlot = ((1, 0),)
    prev_plot: SpeedPlot = ((1, 0),)
    straight: int = IMPULSES  # satisfied at set-up (decisions.md, C3.2)
    since_slip: int = IMPULSES
    profile: MoveProfile = field(default_factory=MoveProfile)
    status: str = ACTIVE
    target: str | None = None  # seeking weapons and seeking shuttles (F2)
    travelled: int = 0  # hexes moved since launch (plasma warheads, FP1)
    het: HetState = HetState()
    em: EmState = EmState()
    tac: TacState = TacState()
    warp_at_start: int = 0  # warp power at the start of the turn (C12.38)
    immobile_until: int = 0  # clock before which the unit may not move (C6.541, C8.4)
    no_fire_until: int = 0  # clock before which it may not fire or launch (C6.547)
    decel_at: int = 0  # emergency deceleration: clock from which speed is 0 (C8)
    accel_zero_turn: int = 0  # on this turn last turn counts as speed 0 (C2.232, C2.233)
    nimble_lost: bool = False  # C11.31
    destroyed: frozenset[str] = frozenset()  # destroyed box ids (the damage issue fills this)
    allocation: str = ""  # this turn's energy allocation, canonical JSON (later issues read it)

    @property
    def is_seeker(self) -> bool:
        """Drones and plasma torpedoes, and shuttles on a seeking course (F2)."""
        return self.kind in SEEKER_KINDS or (self.kind == SHUTTLE and self.target is not None)

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def nimble(self) -> bool:
        """Nimble benefits in force (C11.1), not lost to a breakdown and the like (C11.31)."""
        return self.profile.nimble and not self.nimble_lost

    @property
    def facing_letter(self) -> str:
        return FACING_LETTERS[self.facing]

    def with_(self, **changes: object) -> Unit:
        return replace(self, **changes)


def _fast_move_factory():  # noqa: ANN202
    """Build :func:`moved_unit`. ``dataclasses.replace`` (and a frozen dataclass's ``__init__``)
    costs several microseconds for a record of this size; the sequencer moves ~2,000 seekers a
    turn (DESIGN.md section 10). The generated function fills a new instance through the slot
    descriptors, copying every field but the four that change. tests/rules/test_movement_units.py
    checks it against ``replace`` so a new field cannot be forgotten."""
    names = [f.name for f in fields(Unit)]
    changed = ("hex", "facing", "straight", "travelled")
    namespace: dict[str, object] = {"_new": object.__new__, "Unit": Unit}
    lines = ["def moved_unit(u, hex, facing, straight, travelled):", "    x = _new(Unit)"]
    for n in names:
        namespace[f"_set_{n}"] = Unit.__dict__[n].__set__
        lines.append(f"    _set_{n}(x, {n if n in changed else 'u.' + n})")
    lines.append("    return x")
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from our own field names only
    return namespace["moved_unit"]


#: ``moved_unit(u, hex, facing, straight, travelled)``: ``u`` moved, every other field kept.
moved_unit = _fast_move_factory()


def new_ship(
    unit_id: str,
    side: str,
    profile: MoveProfile,
    *,
    hex: Hex,
    facing: int,
    speed: int = 0,
    name: str = "",
    spec_id: str = "",
    kind: str = SHIP,
) -> Unit:
    """A ship (or controlled shuttle) set up at ``speed``: last turn's plot is that speed, so the
    first turn's acceleration limit counts from it (C2.21), and its turn and slip modes are
    satisfied (decisions.md, C3.2)."""
    return Unit(
        id=unit_id, side=side, kind=kind, spec_id=spec_id, name=name, hex=hex, facing=facing,
        speed=speed, plot=((1, speed),), prev_plot=((1, speed),), profile=profile,
        warp_at_start=profile.warp,
    )


def new_seeker(
    unit_id: str,
    side: str,
    *,
    hex: Hex,
    facing: int,
    speed: int,
    target: str | None,
    kind: str = DRONE,
) -> Unit:
    """A seeking weapon (drone or plasma torpedo) moving at ``speed`` toward ``target`` (F2)."""
    if kind not in SEEKER_KINDS:
        raise ValueError(f"seeker kind must be one of {SEEKER_KINDS}, not {kind!r}")
    return Unit(
        id=unit_id, side=side, kind=kind, hex=hex, facing=facing, speed=speed,
        plot=((1, speed),), prev_plot=((1, speed),), profile=SEEKER_PROFILE, target=target,
    )
