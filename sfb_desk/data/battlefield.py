"""A scenario's battlefield (terrain, minefields, monsters) as the rules' BattlefieldState.

:func:`battlefield_of` reads ``[[terrain]]``, ``[[minefields]]`` and monster units. A minefield
given mine by mine is placed as written (owner only, M6.1); a standard package (M6.2) with no
mines listed is laid out as the book's sample deployment (M6.4), moved column for column into
the scenario's belt: the owner may keep it or lay his own (the scenario builder).
"""

from __future__ import annotations

from ..rules.hexes import Hex, hex_from_label, hex_range, neighbor
from ..rules.systems.battlefield import BattlefieldState, MonsterState
from ..rules.systems.mines import Mine, Minefield
from ..rules.systems.mines.laying import loaded_stores
from ..rules.systems.mines.records import MineError, parse_type
from ..rules.systems.monsters import LIBRARY_BANKS, LIBRARY_CREW
from ..rules.systems.terrain import Feature, TerrainMap, next_orbit_hex
from ..rules.systems.terrain.waves import parse_motion, wave_row
from ..rules.systems.terrain.asteroids import AsteroidTable
from .asteroid_table import usable_table
from .scenario_schema import Minefield as MinefieldTable
from .scenario_schema import Scenario

#: M6.4 (Advanced Missions L6442-6478): the sample deployment of a standard package, in a belt
#: of columns 19-23: (hexes, size, type, control, target sizes, controlling sensor hexes).
SAMPLE_BELT = (19, 23)
SAMPLE_LARGE_EXPLOSIVE = ("2301 2203 2306 2108 2309 1911 2112 2313 2214 2317 2119 2321 2324 "
                          "2226 2329")
SAMPLE_SMALL_EXPLOSIVE = (
    "1901 1903 1905 1907 1910 1914 1917 1920 1923 1924 1927 1929 2003 2006 2012 2014 2016 2018 "
    "2021 2025 2102 2105 2107 2109 2110 2122 2123 2129 2201 2211 2215 2220 2224 2229 2304 2307 "
    "2311 2315 2319 2327")
SAMPLE_AUTO_CAPTORS = "2406 2412 2418 2424"
SAMPLE_SENSORS = "1606 1612 1618 1624"
SAMPLE_SENSOR_CAPTORS = (("2006", "small", ("1606", "1612")), ("2015", "small", ("1612", "1618")),
                         ("2024", "small", ("1618", "1624")), ("2806", "large", ("1606", "1612")),
                         ("2815", "large", ("1618", "1612")), ("2824", "large", ("1624", "1618")))
SHIPS, FIGHTERS_PFS, SHUTTLES = frozenset(range(1, 5)), frozenset({5, 6}), frozenset({6})


def _shift(label: str, columns: int) -> Hex:
    col, row = int(label[:2]) + columns, int(label[2:])
    return hex_from_label(f"{col:02d}{row:02d}")


def sample_package(owner: str, belt: tuple[int, int], prefix: str = "M") -> list[Mine]:
    """The M6.4 sample deployment moved into the belt ``belt`` (first, last column); the
    detection numbers run 1-6 in turn (the owner's to change)."""
    shift = belt[0] - SAMPLE_BELT[0]
    mines: list[Mine] = []

    def number() -> int:
        return len(mines) % 6 + 1

    for h in SAMPLE_LARGE_EXPLOSIVE.split():
        mines.append(Mine(f"{prefix}{len(mines) + 1}", owner, _shift(h, shift), "large",
                          detection=number(), target_sizes=SHIPS))
    for h in SAMPLE_SMALL_EXPLOSIVE.split():
        mines.append(Mine(f"{prefix}{len(mines) + 1}", owner, _shift(h, shift), "small",
                          detection=number(), target_sizes=FIGHTERS_PFS))
    for h in SAMPLE_AUTO_CAPTORS.split():
        mines.append(Mine.loaded(id=f"{prefix}{len(mines) + 1}", owner=owner,
                                 hex=_shift(h, shift), size="small", type="captor",
                                 captor="D", detection=number(), detection_range=6,
                                 target_sizes=SHUTTLES))
    sensor_ids = {}
    for h in SAMPLE_SENSORS.split():
        sensor_ids[h] = f"{prefix}{len(mines) + 1}"
        mines.append(Mine(sensor_ids[h], owner, _shift(h, shift), "small", type="sensor",
                          detection=number(), detection_range=6, target_sizes=SHIPS))
    for h, size, sensors in SAMPLE_SENSOR_CAPTORS:
        mines.append(Mine.loaded(id=f"{prefix}{len(mines) + 1}", owner=owner,
                                 hex=_shift(h, shift), size=size, type="captor", captor="D",
                                 control="command", detection=number(), detection_range=6,
                                 controlled_by=tuple(sensor_ids[s] for s in sensors)))
    return mines


def _mines_of(table: MinefieldTable, index: int) -> list[Mine]:
    prefix = f"F{index + 1}."
    if table.mines:
        ids = {n: f"{prefix}{n}" for n in range(1, len(table.mines) + 1)}
        by_hex: dict[str, list[str]] = {}
        for n, placed in enumerate(table.mines, 1):
            by_hex.setdefault(placed.hex, []).append(ids[n])
        out = []
        for n, placed in enumerate(table.mines, 1):
            base, sub = parse_type(placed.type)
            chain = tuple(i for h in placed.chain_of for i in by_hex.get(h, ()) if i != ids[n])
            out.append(Mine.loaded(id=ids[n], owner=table.side,
                                   hex=hex_from_label(placed.hex), size=placed.size, type=base,
                                   captor=sub, control=placed.control,
                                   detection=placed.detection,
                                   detection_range=placed.detection_range, chain_of=chain,
                                   note=placed.note))
        return out
    if table.package == "standard" and len(table.columns) == 2:
        return sample_package(table.side, (table.columns[0], table.columns[1]), prefix)
    return []


def game_unit_ids(scenario: Scenario) -> list[str]:
    """One id per unit as the game names them: its name, else its ship id, numbered when
    repeated (``KLI-D6-2``)."""
    ids: list[str] = []
    for _side, unit in scenario.units():
        base = unit.key
        uid, n = base, 2
        while uid in ids:
            uid, n = f"{base}-{n}", n + 1
        ids.append(uid)
    return ids


def battlefield_of(scenario: Scenario) -> BattlefieldState:
    """The terrain, mines and monsters ``scenario`` sets up (module docstring)."""
    features = tuple(feature_of(t) for t in scenario.terrain)
    field = Minefield()
    for i, table in enumerate(scenario.minefields):
        for mine in _mines_of(table, i):
            field = field.place(mine)
    monsters = tuple(
        MonsterState(unit.name or unit.monster, unit.monster, hex_from_label(unit.hex),
                     side=side.name)
        for side, unit in scenario.units()
        if unit.monster and unit.hex and unit.monster != "Space Dragon"  # a unit (SM7)
    )
    planets = [h for f in features if f.kind in ("planet", "moon", "gas_giant") for h in f.hexes]
    orbits = tuple(orbit_of(key, unit, planets) for key, (_side, unit) in
                   zip(game_unit_ids(scenario), scenario.units(), strict=True)
                   if "in_orbit" in unit.flags and unit.hex and planets)
    library = any(m.kind == "Mind Monster" for m in monsters)
    points = scenario.victory.mine_points
    return BattlefieldState(TerrainMap(features), field, monsters,
                            library_crew=LIBRARY_CREW if library else 0,
                            library_banks=LIBRARY_BANKS if library else 0, orbits=orbits,
                            asteroid_table=asteroid_table_for(features),
                            mine_points=None if points is None else (
                                points.side, points.located, points.destroyed,
                                points.rule or scenario.id))


def asteroid_table_for(features) -> AsteroidTable | None:  # noqa: ANN001 - Features
    """The player's Asteroid Damage Table (P3.2) when the battle has asteroids, or a star that
    may go nova and cast off clusters (P12.53); None otherwise, or when he has not entered a
    usable one (the damage is then asked at the table)."""
    if not any(f.kind in ("asteroids", "star") for f in features):
        return None
    table, _problem = usable_table()
    return table


def feature_of(terrain) -> Feature:  # noqa: ANN001 - a scenario's Terrain table
    """One ``[[terrain]]`` as a :class:`Feature`; a gravity wave's two end hexes become its
    whole row across the map (P9.11) and its motion the pair of directions (P9.12)."""
    hexes = frozenset(hex_from_label(h) for h in terrain.hexes)
    motion = parse_motion(terrain.motion) if terrain.motion else None
    if terrain.kind == "gravity_wave" and motion is not None and len(terrain.hexes) == 2:
        a, b = (hex_from_label(h) for h in terrain.hexes)
        hexes = wave_row(a, b, motion)
    return Feature(terrain.kind, hexes, terrain.name, terrain.rule or "", terrain.note,
                   strength=terrain.strength or 0, motion=motion)


def orbit_of(key: str, unit, planets: list[Hex]) -> tuple[str, Hex, bool]:  # noqa: ANN001
    """A unit set up in standard orbit (P8.0): the planet nearest it, and the direction its
    heading points along the orbit (P8.1: clockwise unless the owner goes the other way)."""
    here = hex_from_label(unit.hex)
    planet = min(planets, key=lambda p: (hex_range(p, here), p.col, p.row))
    clockwise = True
    if unit.facing_index is not None:
        ahead = neighbor(here, unit.facing_index)
        clockwise = ahead != next_orbit_hex(planet, here, clockwise=False)
    return key, planet, clockwise


def with_mine_racks(field: BattlefieldState, pairs, specs, error: type[Exception]  # noqa: ANN001
                    ) -> BattlefieldState:
    """``field`` with the starting stores of every ship that has mine racks (M9.11): loaded as
    its scenario unit's ``mine_racks`` says (the Commander's Option purchase, M9.17), else full
    of large mines, with its nuclear space mines (M2.7); ``pairs`` are (scenario unit, unit id),
    ``specs`` the classes by unit id. A load that does not fit raises ``error`` naming the rule."""
    for unit, uid in pairs:
        spec = specs.get(uid)
        if spec is None:
            continue
        racks = sum(s.boxes for s in spec.special if s.key == "mine_rack")
        if not racks:
            continue
        nsm = sum(s.boxes for s in spec.special if s.key == "nsm")
        loads = None if unit.mine_racks is None else [(r.large, r.small) for r in unit.mine_racks]
        try:
            field = field.with_stores(loaded_stores(uid, racks, loads, nsm=nsm))
        except MineError as exc:
            raise error(f"{uid}: {exc}") from None
    return field
