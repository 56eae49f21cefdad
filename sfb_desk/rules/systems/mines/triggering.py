"""Mines in play: which mines a moving unit can trigger, the trigger rolls, explosions, laying.

The M2.4 trigger roll of explosive mines is a Basic Set rule not printed in Advanced Missions,
and the sources disagree on its direction (reference systems-facts §6, decisions.md M2.4):
:data:`TRIGGER_RULES` holds both readings and the game's rule option picks one.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...hexes import Hex, hex_range
from .records import YIELD, Mine

#: M2.4 readings (decisions.md): "low_roll" - a die below the speed triggers, a 1 always,
#: speed 7+ always, minesweepers add 2 to the die (SP; fits M5.1121/M5.1122, where cloaked
#: units trigger on a 1 and minesweepers on 1-4); "high_roll" - speed 6+ always, else a die
#: above the speed triggers (amarillo).
TRIGGER_RULES = {
    "low_roll": "A die below the unit's speed triggers the mine; a 1 always does; speed 7 or "
                "more always does; a minesweeper adds 2 to the die (M2.45).",
    "high_roll": "Speed 6 or more always triggers the mine; below that a die above the "
                 "speed does.",
}  # fmt: skip
CLOAKED_TRIGGER = frozenset({1})  # M5.1121 (and the reference for explosive mines)
MINESWEEPER_ZONE_TRIGGER = frozenset({1, 2, 3, 4})  # M5.1122
TRANSPORTER_RANGE = 5  # M3.22 (reference, LOW)
TRANSPORTER_DELAY = 2  # M3.223: impulses before a transported T-bomb can arm
#: M9.23: mines that cannot be laid during a scenario.
NOT_LAID_IN_SCENARIO_TYPES = frozenset({"captor", "sensor"})
NOT_LAID_IN_SCENARIO_CONTROLS = frozenset({"command", "chain", "deadman"})
LAYING_METHODS = ("rack", "transporter", "shuttle", "bay")


def candidates_on_entry(
    mines: Iterable[Mine], entered: Hex, size_class: int, *, by_displacement: bool = False
) -> tuple[Mine, ...]:
    """The live mines whose zone a unit of ``size_class`` enters in ``entered``: active (not
    pre-active or inactive, M5.113), automatic detonator on (M5.1134), accepting the size
    (M5.15), with the hex inside their detection range (M5.12). None for a unit placed by
    displacement or transporter until it moves (M5.1123). Closest first (M4.49), then by id.
    The Nth-target delay (M5.16, ``Mine.skip``) is the engine's to count down."""
    if by_displacement:
        return ()
    found = [
        (hex_range(m.hex, entered), m.id, m) for m in mines
        if not m.destroyed and m.mode == "active" and m.automatic
        and m.type != "dummy" and m.accepts(size_class)
        and hex_range(m.hex, entered) <= m.detection_range
    ]  # fmt: skip
    return tuple(m for _, _, m in sorted(found))


def explosive_triggers(
    roll: int, speed: int, *, minesweeper: bool = False, cloaked: bool = False,
    rule: str = "low_roll",
) -> bool:
    """M2.4 (disputed, :data:`TRIGGER_RULES`): does an automatic explosive mine detonate when
    a unit moving at ``speed`` enters its zone and the table rolls ``roll``?"""
    if not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1-6, not {roll}")
    if rule not in TRIGGER_RULES:
        raise ValueError(f"unknown M2.4 reading {rule!r}: {', '.join(TRIGGER_RULES)}")
    if cloaked:
        return roll in CLOAKED_TRIGGER
    if rule == "high_roll":
        return speed >= 6 or roll > speed
    if speed >= 7:
        return True
    die = roll + (2 if minesweeper else 0)
    return roll == 1 or die < speed


def zone_triggers(mine: Mine, roll: int | None, *, minesweeper: bool = False,
                  cloaked: bool = False) -> bool | None:
    """M5.112: a captor or sensor mine triggers on an acceptable unit entering its zone, speed
    irrelevant - except a cloaked unit (a 1, M5.1121) and a minesweeper (1-4, M5.1122). Returns
    None when a die is needed and ``roll`` is None."""
    if not (cloaked or minesweeper):
        return True
    if roll is None:
        return None
    return roll in (CLOAKED_TRIGGER if cloaked else MINESWEEPER_ZONE_TRIGGER)


CHAIN_RANGE = 20  # M5.33: a chain mine hears an explosion at most 20 hexes away


def chain_reaction(mines: Iterable[Mine], source: Mine, *, swept: bool = False
                   ) -> tuple[Mine, ...]:
    """M5.3: the chain and deadman mines set off by ``source`` exploding (or, for deadman
    mines, being destroyed in any way, even swept: M5.35). A chain mine answers only to the
    explosion of an explosive mine it names, within 20 hexes (M5.33); a swept mine does not
    explode, so chains stay silent (M5.33) but deadman switches fire. The M5.36 example: the
    four chain NSMs round 1010 and the chained captor in 1212 all answer 1010."""
    out = []
    for m in mines:
        if m.destroyed or m.id == source.id or source.id not in m.chain_of:
            continue
        if m.control == "deadman":
            out.append(m)
        elif m.control == "chain" and not swept and source.type == "explosive" and hex_range(
                m.hex, source.hex) <= CHAIN_RANGE:
            out.append(m)
    return tuple(sorted(out, key=lambda m: (hex_range(m.hex, source.hex), m.id)))


def explosion_damage(mine: Mine, units: Iterable[tuple[str, Hex]]) -> tuple[tuple[str, int], ...]:
    """The damage each unit takes when ``mine`` explodes: its yield (M4.3: large 35, small 10)
    to every unit in the mine's hex or adjacent to it, on the shield facing the mine (M2.5,
    reference MULTI). A dummy never explodes (M2.9, M8.421); a captor or sensor mine never
    explodes either (M8.422, M8.423)."""
    if mine.type != "explosive":
        return ()
    return tuple((uid, YIELD[mine.size]) for uid, h in units if hex_range(h, mine.hex) <= 1)


def laying_problems(
    mine: Mine, method: str, *, during_scenario: bool = True, mines_in_racks: int = 0,
    racks: int = 0, racks_used_this_turn: int = 0, transporters_left: int = 0,
    range_to_hex: int = 0, minelayer: bool = False,
) -> list[str]:
    """Why ``mine`` cannot be laid now by ``method`` (M9, M3.22); [] when it can.

    * rack: minesweepers and minelayers only, one mine per rack per turn (M9.21), from the
      mines in the racks (M9.11);
    * transporter: small mines only, within 5 hexes, one per transporter per turn (M3.22);
    * shuttle: an MLS or MRS (M9.18, R1.F6); bay: a converted ship, one per bay per turn
      (M9.21);
    * captor, sensor and any command, chain or deadman mine cannot be laid during a scenario
      (M9.23).
    """
    problems = []
    if method not in LAYING_METHODS:
        return [f"unknown laying method {method!r}: {', '.join(LAYING_METHODS)}"]
    if during_scenario and (mine.type in NOT_LAID_IN_SCENARIO_TYPES
                            or mine.control in NOT_LAID_IN_SCENARIO_CONTROLS):
        problems.append(f"a {mine.type} mine with {mine.control} control cannot be laid during "
                        "a scenario (M9.23)")
    if method == "rack":
        if not minelayer:
            problems.append("only minesweepers and minelayers lay mines from racks (M9.21)")
        if mines_in_racks <= 0:
            problems.append("no mines left in the mine racks (M9.11)")
        if racks_used_this_turn >= racks:
            problems.append("each mine rack lays one mine per turn (M9.21)")
    if method == "transporter":
        if mine.size != "small":
            problems.append("only small mines can be placed by transporter (M3.22, M9.22)")
        if range_to_hex > TRANSPORTER_RANGE:
            problems.append(f"range {range_to_hex}: transporters place mines within "
                            f"{TRANSPORTER_RANGE} hexes (M3.22)")
        if transporters_left <= 0:
            problems.append("no transporter left this turn: one mine per transporter (M3.22)")
    return problems


def arming_done(
    mine: Mine, layer_hex: Hex | None, clock: int, *, method: str = "rack"
) -> bool:
    """Is a mine laid in the scenario (pre-active, M5.1132) now armed?

    It arms when its layer is outside its detection range at the end of a Movement Step, or
    at once if the layer is destroyed (``layer_hex`` None) (M2.3, M2.31, M2.32); a T-bomb
    placed by transporter also waits two impulses (M3.223). ``clock`` counts impulses
    (turn * 32 + impulse)."""
    if mine.mode != "pre_active":
        return mine.mode == "active"
    if method == "transporter" and mine.laid_clock is not None:
        if clock - mine.laid_clock < TRANSPORTER_DELAY:
            return False
    if layer_hex is None:
        return True
    return hex_range(layer_hex, mine.hex) > mine.detection_range
