"""What a battle keeps beside its ships: terrain, mines, monsters and the nova (frozen, saved
with the game's :class:`~sfb_desk.engine.records.Combat`).

Monsters are not units under orders: they move and strike by their scenario's automatic rules
(SM5.45) in the engine's battlefield steps, and the map draws them from here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..hexes import Hex
from .dragon import DragonState
from .mines import Minefield
from .mines.laying import MineStores
from .terrain import TerrainMap
from .terrain.asteroids import AsteroidTable


@dataclass(frozen=True, slots=True)
class MonsterState:
    """One monster: ``kind`` (``Sun Snake`` ...), where it is, which units it struck this turn
    (SM5.45: once a turn each), the damage scored on it (SM5.46: recorded, see decisions.md)
    and whether it has gone (into the star, destroyed, off the map)."""

    id: str
    kind: str
    hex: Hex
    facing: int = 0
    side: str = ""
    struck: frozenset[str] = frozenset()
    damage_taken: int = 0
    gone: str = ""
    closest: tuple[tuple[str, int], ...] = ()  # SM6.47: each unit's closest approach this turn
    stay_until_turn: int = 0  # SM6.48: stays in a ship's hex through this turn


@dataclass(frozen=True, slots=True)
class Cluster:
    """A 7-hex asteroid cluster a nova cast off (P12.53): its counter's hex, the turn it was
    cast and how many hexes it has moved (its sideslips alternate by that count)."""

    hex: Hex
    turn: int = 0
    moves: int = 0


@dataclass(frozen=True, slots=True)
class BattlefieldState:
    """Terrain, mines and monsters of a battle.

    ``nova_turn``: the turn the star went nova (P12; the front advances on impulse 16 of each
    later turn); ``announced``: the sides told of a minefield this turn (M7.13);
    ``mine_sides``: which side each unit's movement counts as for M7 (the unit's own)."""

    terrain: TerrainMap = TerrainMap()
    mines: Minefield = Minefield()
    monsters: tuple[MonsterState, ...] = ()
    nova_turn: int | None = None
    nova_radius: int = 0
    announced: frozenset[str] = frozenset()
    scorched: frozenset[Hex] = frozenset()  # planets the nova has engulfed (P12.4)
    marks_turn: int = 0  # the turn the once-a-turn marks (struck, closest, announced) are for
    library_crew: int = 0  # SM6.49: the planet's library (crew units, memory banks)
    library_banks: int = 0
    ended: str = ""  # why the scenario ended on the battlefield (SM6.5), if it has
    known_fields: frozenset[str] = frozenset()  # sides told of a minefield (M7.1) or finding one
    orbits: tuple[tuple[str, Hex, bool], ...] = ()  # (unit, planet, clockwise) in orbit (P8)
    scans: tuple[tuple[str, int], ...] = ()  # each ship's last M7.2 attempt (clock, M7.21)
    dragons: tuple[DragonState, ...] = ()  # SM7: the Space Dragons' records (units of a side)
    storm_effects: tuple[str, ...] = ()  # P14.3: this turn's sunspot effects of an ion storm
    stores: tuple[MineStores, ...] = ()  # mines left to lay, per unit that laid (M9, R1.F6)
    captor_orders: tuple[tuple[str, str, str], ...] = ()  # (mine, target, step) to fire (M5.201)
    #: the player's Asteroid Damage Table (P3.2, from his Basic Set); None: damage is asked
    asteroid_table: AsteroidTable | None = None
    clusters: tuple[Cluster, ...] = ()  # P12.53: the asteroid clusters a nova has cast off
    supernova: bool = False  # P12.5: two clusters an impulse instead of one
    arrivals: tuple[tuple[str, int], ...] = ()  # (unit, turn): reinforcements still to enter
    #: (side, points a mine located, more a mine destroyed, rule): a scenario's bonus (SG15.5)
    mine_points: tuple[str, int, int, str] | None = None

    def stores_of(self, unit: str) -> MineStores | None:
        return next((s for s in self.stores if s.unit == unit), None)

    def with_stores(self, stores: MineStores) -> BattlefieldState:
        kept = tuple(s for s in self.stores if s.unit != stores.unit)
        return replace(self, stores=kept + (stores,))

    def __bool__(self) -> bool:
        return (bool(self.terrain) or bool(self.mines.mines) or bool(self.monsters)
                or bool(self.dragons))

    def monster(self, monster_id: str) -> MonsterState | None:
        return next((m for m in self.monsters if m.id == monster_id), None)


NO_BATTLEFIELD = BattlefieldState()


def sunspots_stop_equipment(field: BattlefieldState, *hexes: Hex) -> bool:
    """P11.2 (and an ion storm's P11.2 turn, P14.3): transporters and tractor beams do not work
    this turn for a unit in any of ``hexes`` - in sunspot activity, or in an ion storm whose
    roll after energy allocation gave P11.2. Shadows (P11.5) are not modelled: the whole
    sunspot area counts."""
    terrain = field.terrain
    if not terrain:
        return False
    storm = "P11.2" in field.storm_effects
    for h in hexes:
        kinds = {f.kind for f in terrain.at(h)}
        if "sunspots" in kinds or (storm and "ion_storm" in kinds):
            return True
    return False
