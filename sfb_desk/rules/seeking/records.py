"""What the seeking-weapon rules remember beside the units on the map.

A seeking weapon or shuttle on the map is a :class:`~sfb_desk.rules.units.Unit` (position,
facing, speed, target, hexes travelled); the facts of the weapon itself live in a
:class:`SeekerRecord` of the same id: what it is (drone, plasma torpedo, shuttle mission), who
launched and controls it, when its endurance runs out and the damage it has taken. The racks,
plasma launchers and shuttle bays of each ship are in :class:`SeekingState` too, so one
immutable value carries everything seeking weapons need from impulse to impulse.

Clocks are absolute impulses, ``(turn - 1) * 32 + impulse`` (:func:`sfb_desk.rules.units.clock_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..units import DRONE, PLASMA, SHUTTLE
from .drones import Drone
from .racks import RackState

ADMIN = "admin"
SUICIDE = "suicide"
WILD_WEASEL = "wild-weasel"
SHUTTLE_MISSIONS = (ADMIN, SUICIDE, WILD_WEASEL)


@dataclass(frozen=True, slots=True)
class SeekerRecord:
    """One seeking weapon or shuttle in play.

    * ``kind``: :data:`~sfb_desk.rules.units.DRONE`, ``PLASMA`` or ``SHUTTLE``;
    * ``launcher`` / ``weapon``: the unit and box it came from; ``controller``: the unit
      guiding it (F3; None when released or not controlled);
    * ``launched_at``: clock of launch; ``expires_at``: the clock at the end of whose impact
      step its endurance is spent (None: no limit);
    * drones: ``drone``; plasma: ``plasma`` type R/S/G/F/D, ``enveloping`` (FP5), ``pseudo``
      (FP6); shuttles: ``mission`` (admin, suicide, wild weasel), ``warhead`` (suicide),
      ``protects`` (the ship a wild weasel protects), ``exploded_at`` (a weasel's first hit);
    * ``damage``: damage points taken (drones, shuttles; a wild weasel: the warheads it
      absorbed); ``phaser_damage``: phaser points taken by a plasma torpedo (FP1.611);
    * ``landed_at``: clock a shuttle last landed (J1.52).
    """

    id: str
    kind: str
    side: str
    launcher: str
    weapon: str
    launched_at: int
    controller: str | None = None
    expires_at: int | None = None
    drone: Drone | None = None
    plasma: str = ""
    enveloping: bool = False
    pseudo: bool = False
    mission: str = ""
    warhead: int = 0
    protects: str | None = None
    exploded_at: int | None = None
    damage: int = 0
    phaser_damage: int = 0
    landed_at: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in (DRONE, PLASMA, SHUTTLE):
            raise ValueError(f"a seeker record is a drone, plasma or shuttle, not {self.kind!r}")
        if (self.kind == DRONE) != (self.drone is not None):
            raise ValueError("a drone record, and only a drone record, carries its drone")
        if self.kind == SHUTTLE and self.mission not in SHUTTLE_MISSIONS:
            raise ValueError(f"a shuttle's mission is one of {SHUTTLE_MISSIONS}, not {self.mission!r}")

    @property
    def is_weasel(self) -> bool:
        return self.mission == WILD_WEASEL


@dataclass(frozen=True, slots=True)
class LauncherState:
    """A plasma launcher's use in the game: the clock of its last real launch or bolt
    (``fired_at``) and whether its one pseudo torpedo is spent (FP6; ``pseudo_at``)."""

    unit: str
    box: str
    fired_at: int | None = None
    pseudo_at: int | None = None


@dataclass(frozen=True, slots=True)
class BayState:
    """A shuttle bay (J1.50): the clock of its last launch or recovery."""

    unit: str
    bay: int
    last_clock: int | None = None


@dataclass(frozen=True, slots=True)
class SeekingState:
    """Every seeker record, drone and ADD rack, plasma launcher and shuttle bay in the game."""

    seekers: tuple[SeekerRecord, ...] = ()
    racks: tuple[RackState, ...] = ()
    launchers: tuple[LauncherState, ...] = ()
    bays: tuple[BayState, ...] = ()

    # -- look-ups --------------------------------------------------------------------------
    def record(self, seeker_id: str) -> SeekerRecord | None:
        for r in self.seekers:
            if r.id == seeker_id:
                return r
        return None

    def by_id(self) -> dict[str, SeekerRecord]:
        return {r.id: r for r in self.seekers}

    def rack(self, unit: str, box: str) -> RackState | None:
        for r in self.racks:
            if r.unit == unit and r.box == box:
                return r
        return None

    def launcher(self, unit: str, box: str) -> LauncherState:
        for launcher in self.launchers:
            if launcher.unit == unit and launcher.box == box:
                return launcher
        return LauncherState(unit, box)

    def bay(self, unit: str, bay: int) -> BayState:
        for b in self.bays:
            if b.unit == unit and b.bay == bay:
                return b
        return BayState(unit, bay)

    def controlled_by(self, unit: str) -> int:
        """Seeking weapons ``unit`` controls now (F3.2)."""
        return sum(1 for r in self.seekers if r.controller == unit)

    def weasel_of(self, ship: str) -> SeekerRecord | None:
        """The wild weasel protecting ``ship``, if one is in play (J3)."""
        for r in self.seekers:
            if r.is_weasel and r.protects == ship:
                return r
        return None

    # -- updates ---------------------------------------------------------------------------
    def with_record(self, record: SeekerRecord) -> SeekingState:
        return replace(self, seekers=_put(self.seekers, record, lambda r: r.id == record.id))

    def with_records(self, records: Iterable[SeekerRecord]) -> SeekingState:
        new = {r.id: r for r in records}
        kept = tuple(new.pop(r.id, r) for r in self.seekers)
        return replace(self, seekers=kept + tuple(new.values()))

    def without(self, *seeker_ids: str) -> SeekingState:
        gone = set(seeker_ids)
        return replace(self, seekers=tuple(r for r in self.seekers if r.id not in gone))

    def with_rack(self, rack: RackState) -> SeekingState:
        return replace(self, racks=_put(self.racks, rack,
                                        lambda r: r.unit == rack.unit and r.box == rack.box))

    def with_launcher(self, launcher: LauncherState) -> SeekingState:
        return replace(self, launchers=_put(
            self.launchers, launcher, lambda x: x.unit == launcher.unit and x.box == launcher.box))

    def with_bay(self, bay: BayState) -> SeekingState:
        return replace(self, bays=_put(self.bays, bay, lambda b: b.unit == bay.unit and b.bay == bay.bay))


def _put(items: tuple, item: object, same) -> tuple:  # noqa: ANN001
    out = list(items)
    for i, old in enumerate(out):
        if same(old):
            out[i] = item
            return tuple(out)
    out.append(item)
    return tuple(out)
