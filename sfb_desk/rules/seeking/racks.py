"""Drone racks (FD3, FD4, FD2.42) and anti-drone racks (E5): capacity, launch rate, reloads.

Rack types, reference basic-set-facts.md G4.2 (High for A, B, F; Med for D, G; Low for the C
rate and the E capacity):

====  ==========  ==================  ======================================  =======
Rack  Spaces      Launches a turn     Spacing between launches                Reloads
====  ==========  ==================  ======================================  =======
A     4           1                   ``drone_rack_gap`` (8)                  1 set
B     6           1                   ``drone_rack_gap``                      1 set
C     4           2 (option)          12                                      2 sets
D     12          1                   ``drone_rack_gap``                      none
E     4 (8 VI)    4                   8                                       1 set
F     4           1                   ``drone_rack_gap``                      1 set
G     4           1 drone             ``drone_rack_gap``; ADD rounds 1/2 sp.  1 set
====  ==========  ==================  ======================================  =======

* One drone per rack per turn for most racks (FD1.21 as JP quotes it; FD4); a battle pod's
  D-rack fires one a turn (R5.15, seed 000 L8341). The spacing between launches counts across
  the turn boundary (:attr:`~.options.SeekingOptions.drone_rack_gap`, decisions.md FD4).
* **Reloading** (FD2.421): at most 2 spaces per rack per turn, and only in a turn the rack does
  not fire; the rack is out of action for that whole turn (FD2.42 as FP10.23, seed 000 L4052,
  and M9.19, L6692, describe "the procedure used for drone racks"). A ship file's ``reloads``
  counts reload *sets* (a full rack load each); without it the rack's default applies.
* **Anti-drone racks** (E5): 6 rounds, 12 with the Y175 refit (E5.52; seed 000 L8343 "increase
  the ADD to 12 rounds"); one round an impulse (E5.13); reloads at most 4 rounds a turn, only in
  a turn it did not fire (E5.74, AM). A type-G drone rack may carry ADD rounds at 1/2 space each
  (reference G4.2, G4.3; seed 000 L10182); they fire as an ADD would.

:class:`RackState` is immutable: every function returns a new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..combat.rate import turn_of
from ..results import Refusal
from ..ship import Weapon
from .drones import Drone, speed_for_year
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions

ADD_ROUND = "ADD"  # an anti-drone round in a rack's contents
ADD_RACK = "ADD"  # the rack type of an anti-drone rack
ADD_ROUNDS, ADD_ROUNDS_REFIT = 6, 12  # E5.52
ADD_RELOAD_PER_TURN = 4  # E5.74
RELOAD_SPACES_PER_TURN = 2  # FD2.421
ADD_SPACE_IN_RACK = Fraction(1, 2)

Item = Drone | str  # a drone or ADD_ROUND


@dataclass(frozen=True, slots=True)
class RackType:
    """A drone rack type: ``capacity`` in spaces, ``launches`` drones a turn, ``gap`` its own
    spacing between launches (None: the rule option), ``reload_sets`` by default."""

    code: str
    capacity: Fraction
    launches: int
    gap: int | None
    reload_sets: int
    holds_add: bool = False


RACK_TYPES: dict[str, RackType] = {
    t.code: t
    for t in (
        RackType("A", Fraction(4), 1, None, 1),
        RackType("B", Fraction(6), 1, None, 1),
        RackType("C", Fraction(4), 2, 12, 2),
        RackType("D", Fraction(12), 1, None, 0),
        RackType("E", Fraction(4), 4, 8, 1),
        RackType("F", Fraction(4), 1, None, 1),
        RackType("G", Fraction(4), 1, None, 1, holds_add=True),
    )
}


@dataclass(frozen=True, slots=True)
class RackState:
    """One drone or anti-drone rack of one unit.

    ``type``: A..G or :data:`ADD_RACK`. ``loaded`` and ``reloads`` are drones and ADD rounds
    (in the rack, in its reload storage). ``capacity``: spaces (drone racks) or rounds (ADD
    racks). ``launches`` and ``add_shots``: clocks of recent drone launches and ADD rounds.
    ``reload_turn``: the turn the rack is out of action reloading (FD2.42), ``reloaded`` the
    spaces (rounds) loaded in it.
    """

    unit: str
    box: str
    type: str
    loaded: tuple[Item, ...]
    reloads: tuple[Item, ...] = ()
    capacity: Fraction = Fraction(4)
    launches: tuple[int, ...] = ()
    add_shots: tuple[int, ...] = ()
    reload_turn: int = 0
    reloaded: Fraction = Fraction(0)

    @property
    def is_add_rack(self) -> bool:
        return self.type == ADD_RACK

    @property
    def drones(self) -> tuple[Drone, ...]:
        return tuple(i for i in self.loaded if isinstance(i, Drone))

    @property
    def add_rounds(self) -> int:
        return sum(1 for i in self.loaded if i == ADD_ROUND)

    @property
    def used(self) -> Fraction:
        return sum((item_size(self.type, i) for i in self.loaded), Fraction(0))

    def launches_in_turn(self, turn: int) -> int:
        return sum(1 for c in self.launches if turn_of(c) == turn)

    def fired_in_turn(self, turn: int) -> bool:
        return any(turn_of(c) == turn for c in (*self.launches, *self.add_shots))


def item_size(rack_type: str, item: Item) -> Fraction:
    """Spaces (rounds, in an ADD rack) an item takes: a drone its type's spaces, an ADD round
    1/2 space in a drone rack and one round in an ADD rack."""
    if item == ADD_ROUND:
        return Fraction(1) if rack_type == ADD_RACK else ADD_SPACE_IN_RACK
    if isinstance(item, Drone):
        return item.spaces
    raise ValueError(f"a rack holds drones and {ADD_ROUND!r} rounds, not {item!r}")


def _fits(rack_type: str, items: Sequence[Item], capacity: Fraction) -> Refusal | None:
    if rack_type == ADD_RACK and any(i != ADD_ROUND for i in items):
        return Refusal("E5", "an anti-drone rack holds ADD rounds only")
    if rack_type != ADD_RACK and ADD_ROUND in items and not RACK_TYPES[rack_type].holds_add:
        return Refusal("FD3", f"a type-{rack_type} rack holds no ADD rounds (type-G racks do)")
    used = sum((item_size(rack_type, i) for i in items), Fraction(0))
    if used > capacity:
        return Refusal("FD3", f"{used} spaces do not fit a rack of {capacity}")
    return None


def make_rack(
    unit: str,
    weapon: Weapon,
    contents: Sequence[Item] | None = None,
    *,
    year: int | None = None,
    refit: bool = False,
    reload_sets: int | None = None,
) -> RackState:
    """The rack of ship ``unit`` for SSD mount ``weapon`` (type ``DRONE`` with a ``rack_type``, or
    ``ADD``), full at the start of the scenario.

    ``contents``: the load (the owner's choice, FD3.72); default full of type-I drones at the
    speed of ``year`` (FD10.65) or, for an ADD rack, of rounds (12 with the Y175 ``refit``,
    E5.52). Reloads: ``reload_sets`` (default the ship file's ``reloads``, else the rack
    type's) copies of the load (an ADD rack: one set unless the file says; decisions.md E5.74).
    """
    box = weapon.box_ids[0]
    if weapon.type.upper() == ADD_RACK:
        rtype, capacity = ADD_RACK, Fraction(ADD_ROUNDS_REFIT if refit else ADD_ROUNDS)
        default_sets = 1
        fill: list[Item] = [ADD_ROUND] * int(capacity)
    else:
        if weapon.rack_type not in RACK_TYPES:
            raise ValueError(f"{box}: drone rack type {weapon.rack_type!r} is not one of {', '.join(RACK_TYPES)}")
        kind = RACK_TYPES[weapon.rack_type]
        rtype, capacity, default_sets = kind.code, kind.capacity, kind.reload_sets
        drone = Drone("I", speed=speed_for_year("I", year))
        fill = [drone] * int(capacity // drone.spaces)
    load = tuple(fill if contents is None else contents)
    problem = _fits(rtype, load, capacity)
    if problem is not None:
        raise ValueError(f"{box}: {problem}")
    sets = reload_sets if reload_sets is not None else (
        weapon.reloads if weapon.reloads is not None else default_sets)
    return RackState(unit, box, rtype, load, load * sets, capacity)


def launch_rate(rack: RackState, options: SeekingOptions = DEFAULT_SEEKING_OPTIONS) -> int:
    """Drones the rack may launch in one turn (FD4; type C per the rule option)."""
    if rack.is_add_rack:
        return 0
    return options.rack_c_launches if rack.type == "C" else RACK_TYPES[rack.type].launches


def launch_gap(rack: RackState, options: SeekingOptions = DEFAULT_SEEKING_OPTIONS) -> int:
    """Impulses between two launches from the rack (FD4, E1.50; racks C and E their own)."""
    own = RACK_TYPES[rack.type].gap if not rack.is_add_rack else None
    return options.drone_rack_gap if own is None else own


def rack_launch_refusal(
    rack: RackState, clock: int, index: int = 0, options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> Refusal | None:
    """Can the rack launch the drone ``loaded[index]`` at ``clock``?"""
    turn = turn_of(clock)
    if rack.is_add_rack:
        return Refusal("E5", f"{rack.box} is an anti-drone rack: it fires ADD rounds, not drones")
    if rack.reload_turn == turn:
        return Refusal("FD2.42", f"{rack.box} is out of action this turn: it is being reloaded")
    if not 0 <= index < len(rack.loaded) or not isinstance(rack.loaded[index], Drone):
        return Refusal("FD2.4", f"{rack.box} has no drone loaded in position {index + 1}")
    rate = launch_rate(rack, options)
    if rack.launches_in_turn(turn) >= rate:
        return Refusal("FD4", f"{rack.box} (type {rack.type}) launches {rate} drone(s) a turn "
                              "and has launched them (FD1.21)")
    gap = launch_gap(rack, options)
    last = max(rack.launches, default=None)
    if last is not None and clock - last < gap:
        return Refusal("FD4", f"{rack.box} launched {clock - last} impulse(s) ago; launches from "
                              f"one rack are at least {gap} impulses apart (E1.50)")
    return None


def _keep_recent(clocks: tuple[int, ...], clock: int, span: int) -> tuple[int, ...]:
    turn = turn_of(clock)
    return tuple(c for c in clocks if turn_of(c) == turn or clock - c < span)


def take_drone(rack: RackState, index: int, clock: int) -> tuple[RackState, Drone]:
    """The rack after launching ``loaded[index]`` at ``clock`` (check
    :func:`rack_launch_refusal` first), and the drone."""
    drone = rack.loaded[index]
    if not isinstance(drone, Drone):
        raise ValueError(f"{rack.box}: position {index + 1} holds no drone")
    loaded = rack.loaded[:index] + rack.loaded[index + 1:]
    launches = (*_keep_recent(rack.launches, clock, 32), clock)
    return replace(rack, loaded=loaded, launches=launches), drone


def reload_refusal(rack: RackState, items: Sequence[Item], turn: int) -> Refusal | None:
    """May ``items`` from the rack's reload storage go into the rack on ``turn``?"""
    if not items:
        return Refusal("FD2.421", "name the drones (ADD rounds) to reload")
    add = rack.is_add_rack
    rule = "E5.74" if add else "FD2.421"
    if rack.fired_in_turn(turn):
        return Refusal(rule, f"{rack.box} fired this turn and cannot be reloaded until next turn")
    storage = list(rack.reloads)
    for item in items:
        if item not in storage:
            return Refusal("FD2.42", f"{rack.box} has no {item!r} left in its reloads")
        storage.remove(item)
    size = sum((item_size(rack.type, i) for i in items), Fraction(0))
    done = rack.reloaded if rack.reload_turn == turn else Fraction(0)
    limit = ADD_RELOAD_PER_TURN if add else RELOAD_SPACES_PER_TURN
    if done + size > limit:
        unit = "rounds" if add else "spaces"
        return Refusal(rule, f"{rack.box} reloads at most {limit} {unit} a turn ({done} done, {size} asked)")
    return _fits(rack.type, (*rack.loaded, *items), rack.capacity)


def reload_rack(rack: RackState, items: Sequence[Item], turn: int) -> RackState | Refusal:
    """The rack with ``items`` moved from its reloads into it on ``turn``: out of action for the
    rest of the turn (FD2.42)."""
    refusal = reload_refusal(rack, items, turn)
    if refusal is not None:
        return refusal
    storage = list(rack.reloads)
    for item in items:
        storage.remove(item)
    size = sum((item_size(rack.type, i) for i in items), Fraction(0))
    done = rack.reloaded if rack.reload_turn == turn else Fraction(0)
    return replace(rack, loaded=(*rack.loaded, *items), reloads=tuple(storage), reload_turn=turn,
                   reloaded=done + size)


def add_round_refusal(rack: RackState, clock: int) -> Refusal | None:
    """Can the rack fire an ADD round at ``clock`` (E5.13 one an impulse, E5.52 rounds)?"""
    if not rack.is_add_rack and not RACK_TYPES[rack.type].holds_add:
        return Refusal("E5", f"{rack.box} holds no anti-drone rounds")
    if rack.reload_turn == turn_of(clock):
        return Refusal("E5.74", f"{rack.box} is out of action this turn: it is being reloaded")
    if rack.add_rounds == 0:
        return Refusal("E5.52", f"{rack.box} has no ADD rounds left")
    if clock in rack.add_shots:
        return Refusal("E5.13", f"{rack.box} has fired its ADD round this impulse (one an impulse)")
    return None


def spend_add_round(rack: RackState, clock: int) -> RackState:
    """The rack after one ADD round fired at ``clock`` (check :func:`add_round_refusal`)."""
    i = rack.loaded.index(ADD_ROUND)
    shots = (*_keep_recent(rack.add_shots, clock, 1), clock)
    return replace(rack, loaded=rack.loaded[:i] + rack.loaded[i + 1:], add_shots=shots)
