"""Laying mines in play (M9, M2.1 as the reference gives it, R1.F6): what each unit holds and
when it may drop a mine.

A unit's :class:`MineStores` is what it can still lay: a minesweeper's or minelayer's mine
racks (M9.11: four large mines a rack box, two small ones for a large), a ship's nuclear space
mines (its ``nsm`` boxes, M2.7) dropped through the shuttle hatch, and the load of a minelaying
shuttle (R1.F6: two large mines, two small for a large). The session keeps one per unit that
laid something or whose racks were loaded at set-up; :func:`stores_for` gives the starting
stores of a ship class, :func:`loaded_stores` the racks as bought (M9.17; a player types them
as :func:`parse_rack_loads` reads, ``4L, 2L4S, 0``), :func:`lose_destroyed` strikes the mines
of racks the DAC destroyed (M9.13).

:func:`lay_problems` says why a mine cannot be laid now, each reason with its rule; [] when it
can. :func:`take` spends the mine; :func:`laid_mine` is the new mine, pre-active until its
layer is out of its detection range (M2.3, :func:`~.triggering.arming_done`).

Facts not in the rulebooks (reference systems-facts §6, decisions.md "Mines"): the bay drop of
one mine a turn and the quarter-turn between drops (M2.11, M2.115, one source), and the bay
blocked on the impulse a shuttle uses it and the impulses next to it (M2.113, one source).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...hexes import Hex
from .records import SIZES, Mine, MineError
from .triggering import NOT_LAID_IN_SCENARIO_CONTROLS, NOT_LAID_IN_SCENARIO_TYPES

RACK_CAPACITY = 4  # M9.11: large mines a rack box holds
SMALL_PER_LARGE = 2  # M9.11, R1.F6: two small mines take the room of one large
MLS_CAPACITY = 2  # R1.F6: large mines a minelaying shuttle carries
QUARTER_TURN = 8  # R1.F6B (MLS), M2.115 (bay drops, reference)
MLS_LOAD_IMPULSES = {"large": 32, "small": 16}  # R1.F6A (loading aboard: not played)
NTH_TARGET_MAX = 6  # M2.15 (reference: ignore the first 0-6 acceptable targets)
#: Where a mine comes from: a rack box ("rack#2"), the shuttle hatch (a nuclear space mine),
#: or the minelaying shuttle's own load.
NSM, MLS = "nsm", "mls"
_LOAD = re.compile(r"(?:(\d+)L)?(?:(\d+)S)?|0")


@dataclass(frozen=True, slots=True)
class Rack:
    """One mine rack box: its mines and the turn it last laid one (M9.21)."""

    large: int = RACK_CAPACITY
    small: int = 0
    laid_turn: int | None = None

    def __post_init__(self) -> None:
        if self.large < 0 or self.small < 0 or \
                self.large * SMALL_PER_LARGE + self.small > RACK_CAPACITY * SMALL_PER_LARGE:
            raise MineError(f"a mine rack holds {RACK_CAPACITY} large mines or two small for "
                            f"each large (M9.11), not {self.large} large and {self.small} small")

    def holds(self, size: str) -> int:
        return self.large if size == "large" else self.small


@dataclass(frozen=True, slots=True)
class MineStores:
    """What one unit can still lay (module docstring).

    ``kind``: ``ship``, ``mls`` (a minelaying shuttle, R1.F6) or ``mss`` (a minesweeping
    shuttle, R1.F2: it lays nothing; kept here so the session knows which shuttle sweeps);
    ``controller``: the ship that launched and controls a shuttle (R1.F2C, R1.F6D);
    ``launched``: the shuttle's launch clock (R1.F6B); ``last_laid``: the clock of the last
    mine dropped through the hatch or from the shuttle (M2.115, R1.F6B); ``bay_turn``: the
    turn of the last hatch drop (M2.11)."""

    unit: str
    kind: str = "ship"
    racks: tuple[Rack, ...] = ()
    nsm: int = 0
    load_large: int = 0
    load_small: int = 0
    controller: str = ""
    launched: int | None = None
    last_laid: int | None = None
    bay_turn: int | None = None
    laid: int = 0  # mines laid in this game (names them)

    @property
    def anything(self) -> bool:
        """Has it a mine left to lay?"""
        return bool(self.nsm or self.load_large or self.load_small
                    or any(r.large or r.small for r in self.racks))

    def sources(self) -> tuple[str, ...]:
        """Where its mines can come from, in the order the orders form lists them."""
        out = [f"rack#{n}" for n, r in enumerate(self.racks, 1) if r.large or r.small]
        if self.nsm:
            out.append(NSM)
        if self.load_large or self.load_small:
            out.append(MLS)
        return tuple(out)


def stores_for(unit: str, *, racks: int = 0, nsm: int = 0) -> MineStores:
    """A ship's starting stores: ``racks`` full rack boxes of large mines (M9.11; the owner's
    purchase, M9.17, decisions.md) and ``nsm`` nuclear space mines (M2.7)."""
    return MineStores(unit, racks=tuple(Rack() for _ in range(racks)), nsm=nsm)


def loaded_stores(unit: str, racks: int, loads: list | tuple | None, *, nsm: int = 0
                  ) -> MineStores:
    """A ship's stores with its ``racks`` rack boxes loaded as bought at set-up (M9.17): each
    load a ``(large, small)`` pair in rack order, the racks not listed empty; ``loads`` None:
    every rack full of large mines (decisions.md M9.11). Raises MineError when a load does not
    fit a rack (M9.11) or there are more loads than racks."""
    if loads is None:
        return stores_for(unit, racks=racks, nsm=nsm)
    if len(loads) > racks:
        raise MineError(f"{unit} has {racks} mine racks, not {len(loads)} (M9.11)")
    filled = [Rack(large, small) for large, small in loads]
    filled += [Rack(0, 0) for _ in range(racks - len(filled))]
    return MineStores(unit, racks=tuple(filled), nsm=nsm)


def rack_loads_text(loads) -> str:  # noqa: ANN001 - (large, small) pairs
    """Rack loads as a player types them: ``4L, 2L4S, 0`` (one a rack, in order)."""
    return ", ".join("".join(([f"{large}L"] if large else []) + ([f"{small}S"] if small else []))
                     or "0" for large, small in loads)


def parse_rack_loads(text: str, racks: int) -> tuple[tuple[int, int], ...] | None:
    """The ``(large, small)`` load of each rack from ``4L, 2L4S, 0`` (M9.11, M9.17); "" is
    None (every rack full of large mines). Raises MineError naming the rule when a token is not
    a load, a load does not fit a rack, or there are more loads than the ``racks``."""
    if not text.strip():
        return None
    loads = []
    for token in (t.strip().upper() for t in text.split(",")):
        found = _LOAD.fullmatch(token)
        if not token or found is None:
            raise MineError(f"{token!r} is not a rack load: large and small mines as 4L, 2L4S "
                            "or 0, one a rack, commas between (M9.11)")
        large, small = int(found.group(1) or 0), int(found.group(2) or 0)
        Rack(large, small)  # fits? (M9.11)
        loads.append((large, small))
    if len(loads) > racks:
        raise MineError(f"{len(loads)} rack loads for {racks} mine racks (M9.11)")
    return tuple(loads)


def lose_destroyed(stores: MineStores, destroyed: frozenset[int]) -> tuple[MineStores, list[str]]:
    """``stores`` with the mines of each destroyed rack (1-based numbers) lost, "but will not
    detonate" (M9.13), and what was lost ("rack 2: 3 large, 2 small"); unchanged if none."""
    racks, lost = list(stores.racks), []
    for n in sorted(destroyed):
        if 1 <= n <= len(racks) and (racks[n - 1].large or racks[n - 1].small):
            r = racks[n - 1]
            lost.append(f"rack {n}: {r.large} large, {r.small} small")
            racks[n - 1] = replace(r, large=0, small=0)
    return (replace(stores, racks=tuple(racks)), lost) if lost else (stores, [])


def racks_destroyed(destroyed: frozenset[str] | set[str]) -> frozenset[int]:
    """The rack numbers whose ``mine_rack#N`` box is among ``destroyed`` (M9.13)."""
    return frozenset(int(b.split("#")[1]) for b in destroyed
                     if b.startswith("mine_rack#") and b.split("#")[1].isdigit())


def ship_stores(unit: str, special) -> MineStores | None:  # noqa: ANN001 - SpecialSystems
    """The starting stores of a ship whose class has ``special`` systems: its ``mine_rack``
    boxes (M9.11) and ``nsm`` boxes (M2.7); None when it carries no mines."""
    racks = sum(s.boxes for s in special if s.key == "mine_rack")
    nsm = sum(s.boxes for s in special if s.key == "nsm")
    return stores_for(unit, racks=racks, nsm=nsm) if racks or nsm else None


def mls_stores(unit: str, controller: str, clock: int, *, large: int = MLS_CAPACITY,
               small: int = 0) -> MineStores:
    """A minelaying shuttle just launched with its load (R1.F6: two large, two small a large)."""
    if large < 0 or small < 0 or large * SMALL_PER_LARGE + small > MLS_CAPACITY * SMALL_PER_LARGE:
        raise MineError(f"a minelaying shuttle carries {MLS_CAPACITY} large mines, two small "
                        f"for each large (R1.F6), not {large} large and {small} small")
    return MineStores(unit, kind=MLS, load_large=large, load_small=small, controller=controller,
                      launched=clock)


def lay_problems(
    stores: MineStores, source: str, size: str, *, clock: int, turn: int,
    minelayer: bool = False, em: bool = False, mine_type: str = "explosive",
    control: str = "automatic", bay_busy: bool = False,
    destroyed_racks: frozenset[int] = frozenset(),
) -> list[str]:
    """Why ``stores``' unit may not lay a ``size`` mine from ``source`` now; [] when it may.

    * any mine: explosive with an automatic detonator only (M9.23, M4.426, M5.23); not on
      erratic maneuvers (C10.514);
    * ``rack#N``: minesweepers and minelayers only (M9.21), one mine a rack a turn (M9.21),
      from the mines in that rack (M9.11, no reloads M9.12), not a destroyed one: its mines
      are lost with it (M9.13; ``destroyed_racks``, 1-based);
    * ``nsm``: large (M2.0); one drop through the hatch a turn, a quarter turn after the last
      (M2.11, M2.115), not on an impulse the bay launches or lands a shuttle or next to it
      (``bay_busy``, M2.113);
    * ``mls``: a quarter turn after launch and between two mines (R1.F6B)."""
    problems: list[str] = []
    if size not in SIZES:
        return [f"a mine is small or large, not {size!r} (M4.1)"]
    if mine_type in NOT_LAID_IN_SCENARIO_TYPES or control in NOT_LAID_IN_SCENARIO_CONTROLS:
        problems.append(f"a {mine_type} mine with {control} control cannot be laid during a "
                        "scenario (M9.23)")
    if em:
        problems.append("a unit on erratic maneuvers cannot lay mines (C10.514)")
    if source.startswith("rack#"):
        n = source.removeprefix("rack#")
        rack = stores.racks[int(n) - 1] if n.isdigit() and 1 <= int(n) <= len(stores.racks) \
            else None
        if not minelayer or stores.kind != "ship":
            problems.append("only minesweepers and minelayers lay mines from racks (M9.21)")
        if rack is None:
            problems.append(f"{stores.unit} has no mine rack {source!r} (M9.11)")
        elif int(n) in destroyed_racks:
            problems.append(f"{source} is destroyed, and its mines with it (M9.13)")
        else:
            if rack.holds(size) <= 0:
                problems.append(f"{source} holds no {size} mine (M9.11; racks are not "
                                "reloaded, M9.12)")
            if rack.laid_turn == turn:
                problems.append(f"{source} has laid its mine this turn: one a rack a turn "
                                "(M9.21)")
    elif source == NSM:
        if size != "large":
            problems.append("a nuclear space mine is a large mine (M2.0, M4.1)")
        if stores.nsm <= 0:
            problems.append(f"{stores.unit} has no nuclear space mine left (M2.7)")
        if stores.bay_turn == turn:
            problems.append("one mine a turn through the shuttle hatch (M2.11)")
        if stores.last_laid is not None and clock - stores.last_laid < QUARTER_TURN:
            problems.append("a quarter turn (8 impulses) between two drops (M2.115)")
        if bay_busy:
            problems.append("the shuttle bay launches or lands a shuttle this impulse or next "
                            "to it (M2.113)")
    elif source == MLS:
        held = stores.load_large if size == "large" else stores.load_small
        if stores.kind != MLS:
            problems.append(f"{stores.unit} is not a minelaying shuttle (R1.F6)")
        elif held <= 0:
            problems.append(f"the minelaying shuttle carries no {size} mine (R1.F6)")
        if stores.launched is not None and clock - stores.launched < QUARTER_TURN:
            problems.append("a minelaying shuttle lays its first mine a quarter turn after "
                            "launch (R1.F6B)")
        if stores.last_laid is not None and clock - stores.last_laid < QUARTER_TURN:
            problems.append("a quarter turn between two mines of a minelaying shuttle "
                            "(R1.F6B)")
    else:
        problems.append(f"a mine is laid from a rack ('rack#1'), the hatch ('nsm') or a "
                        f"minelaying shuttle ('mls'), not {source!r} (M9.0)")
    return problems


def take(stores: MineStores, source: str, size: str, *, clock: int, turn: int) -> MineStores:
    """The stores after laying a ``size`` mine from ``source`` (checked by :func:`lay_problems`)."""
    laid = stores.laid + 1
    if source.startswith("rack#"):
        i = int(source.removeprefix("rack#")) - 1
        rack = stores.racks[i]
        rack = replace(rack, laid_turn=turn, **({"large": rack.large - 1} if size == "large"
                                                else {"small": rack.small - 1}))
        return replace(stores, racks=stores.racks[:i] + (rack,) + stores.racks[i + 1:],
                       laid=laid)
    if source == NSM:
        return replace(stores, nsm=stores.nsm - 1, bay_turn=turn, last_laid=clock, laid=laid)
    if size == "large":
        return replace(stores, load_large=stores.load_large - 1, last_laid=clock, laid=laid)
    return replace(stores, load_small=stores.load_small - 1, last_laid=clock, laid=laid)


def unload_to_small(stores: MineStores, rack: int) -> MineStores:
    """Rack ``rack`` (1-based) with one large mine's room given to two small ones (M9.11: the
    owner marks an "S" each side of the bar before the scenario)."""
    r = stores.racks[rack - 1]
    if r.large <= 0:
        raise MineError(f"rack#{rack} has no large mine's room to give to small ones (M9.11)")
    r = replace(r, large=r.large - 1, small=r.small + SMALL_PER_LARGE)
    return replace(stores, racks=stores.racks[:rack - 1] + (r,) + stores.racks[rack:])


def program_problems(detection: object, zone: object, sizes: object, nth: object) -> list[str]:
    """Why a laid mine's programming is not legal (M6.1, M5.111, M5.151, M2.15); [] if it is."""
    problems = []
    if not isinstance(detection, int) or isinstance(detection, bool) or not 1 <= detection <= 6:
        problems.append(f"the detection number is 1-6, not {detection!r} (M6.1)")
    if zone not in (0, 1):
        problems.append(f"an explosive mine's detection range is 0 or 1, not {zone!r} (M5.111)")
    if not isinstance(sizes, (list, tuple, frozenset)) or not sizes or any(
            not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= 8 for s in sizes):
        problems.append(f"target sizes are size classes 1-8, not {sizes!r} (M5.151)")
    if not isinstance(nth, int) or isinstance(nth, bool) or not 0 <= nth <= NTH_TARGET_MAX:
        problems.append(f"the Nth-target delay is 0-{NTH_TARGET_MAX}, not {nth!r} (M2.15, "
                        "M5.16)")
    return problems


def laid_mine(
    mine_id: str, owner: str, where: Hex, size: str, layer: str, clock: int, *,
    detection: int = 1, zone: int = 1, sizes: frozenset[int] = frozenset(range(1, 9)),
    nth: int = 0, seen_by: frozenset[str] = frozenset(),
) -> Mine:
    """The mine just laid in ``where`` by ``layer``: pre-active (M5.1132) until its layer is out
    of its detection range at the end of a Movement Step (M2.3); ``seen_by`` are the sides that
    see its counter placed (decisions.md "Mines": size and hex, never its programming)."""
    return Mine(mine_id, owner, where, size, detection=detection, detection_range=zone,
                target_sizes=frozenset(sizes), skip=nth, mode="pre_active", pre_placed=False,
                laid_by=layer, laid_clock=clock, located_by=seen_by)
