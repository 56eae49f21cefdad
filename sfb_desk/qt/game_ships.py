"""The ships of a game in play as the SSD views show them: class, arming, damage just landed.

No widgets here (DESIGN.md section 2). :func:`game_ships` lists the units that have an SSD (a
class in the game's ``setup["specs"]``); :func:`arming_now` is each heavy weapon's arming
state at this moment of the turn (E1, E4.2, E3.2): before this turn's allocation the state the
weapon carried into the turn; after it, the state the allocation brought it to (the same
:func:`~sfb_desk.rules.energy.step` the session applies); weapons fired this turn are listed
apart (their load is spent). :func:`new_damage` is the boxes the sequencer destroyed
between two records (hand marks are the table's own bookkeeping and are left out).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.corrections import Correction
from ..rules.energy import WeaponArming, step
from ..rules.energy.panels import new_panels, panel_keys
from ..rules.energy.state import weapon_destroyed
from ..rules.game_state import GameState
from ..rules.ship import ShipSpec
from .ea_game import ship_record, spec_of
from .game_record import GameRecord


@dataclass(frozen=True)
class GameShip:
    """One unit with an SSD: its id, name, side and class."""

    unit_id: str
    name: str
    side: str
    spec: ShipSpec

    @property
    def label(self) -> str:
        """The tab text: unit id and class (``ENT (CA)``)."""
        return f"{self.unit_id} ({self.spec.class_code})"


def game_ships(record: GameRecord | None) -> tuple[GameShip, ...]:
    """The units of the game that have an SSD, in the order of the game's units."""
    if record is None:
        return ()
    ships = []
    for unit in (record.state or record.initial).units:
        if unit.is_seeker:
            continue
        spec = spec_of(record, unit.id)
        if spec is not None:
            ships.append(GameShip(unit.id, unit.name or unit.id, unit.side, spec))
    return tuple(ships)


def arming_now(record: GameRecord | None, unit_id: str,
               state: GameState | None = None) -> tuple[tuple[WeaponArming, ...], frozenset[str]]:
    """(each heavy weapon's arming state now, the weapons fired this turn) of ``unit_id``."""
    rec = ship_record(record, unit_id)
    spec = spec_of(record, unit_id)
    if rec is None or spec is None:
        return (), frozenset()
    alloc = rec.allocation
    if alloc is None:
        return rec.energy.weapons, rec.fired
    dead = rec.energy.destroyed
    if state is not None and (unit := state.find(unit_id)) is not None:
        dead = unit.destroyed
    now = tuple(step(w, alloc.order(w.box), turn=alloc.turn,
                     destroyed=weapon_destroyed(spec, w.box, dead)).state
                for w in rec.energy.weapons)
    return now, rec.fired


def panel_texts(record: GameRecord | None, unit_id: str) -> dict[str, str]:
    """The power absorber banks' level on the SSD (D10): under each bank's first box
    ``held/capacity`` of the bank at its level, ``off`` when unpowered, ``dropped``."""
    rec = ship_record(record, unit_id)
    spec = spec_of(record, unit_id)
    if rec is None or spec is None or not panel_keys(spec):
        return {}
    state = rec.panels if rec.panels.keys else new_panels(spec)
    texts = {}
    for key, bank in zip(state.keys, state.banks):
        if state.level == "off" or key in state.dropped:
            text = "off" if state.level == "off" else "dropped"
        else:
            text = f"{bank.held}/{bank.capacity(state.level)}" + (
                " R" if state.level == "reinforced" else "")
        texts[f"{key}#1"] = text
    return texts


def destroyed_by_play(record: GameRecord | None) -> dict[str, frozenset[str]]:
    """Each unit's boxes destroyed by the sequencer (without the boxes marked by hand: the
    table corrections among the answers, :mod:`sfb_desk.engine.corrections`)."""
    if record is None:
        return {}
    hand: dict[str, set[str]] = {}
    for value, _source in record.answers:
        if isinstance(value, Correction):
            (hand.setdefault(value.unit, set()).add if value.destroyed
             else hand.setdefault(value.unit, set()).discard)(value.box)
    return {u.id: u.destroyed - hand[u.id] if u.id in hand else u.destroyed
            for u in (record.state or record.initial).units}


def new_damage(before: dict[str, frozenset[str]],
               after: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Boxes destroyed in ``after`` and not in ``before``, by unit (units with none left out)."""
    out = {}
    for uid, boxes in after.items():
        fresh = boxes - before.get(uid, frozenset())
        if fresh:
            out[uid] = frozenset(fresh)
    return out


def human_side(record: GameRecord | None, state: GameState | None) -> str | None:
    """The side a player looks from: the only side the robot does not play, else None (both
    sides at one table)."""
    table = getattr(record, "table", None)
    robots = set(getattr(table, "robot_sides", {}) or {}) if table is not None else set()
    sides = {u.side for u in state.units} if state is not None else set()
    humans = sides - robots
    return next(iter(humans)) if robots and len(humans) == 1 else None


def rack_texts(record: GameRecord | None, unit_id: str, state: GameState | None = None,
               viewer: str | None = None) -> dict[str, str]:
    """Each mine rack's load beside its box (M9.11): ``4L``, ``2L4S`` (large and small
    mines), ``0``; the mines of a destroyed rack are gone (M9.13). Only the owner sees
    them: nothing for a ship of another side than ``viewer`` (None: shown)."""
    from ..rules.systems.mines.laying import lose_destroyed, racks_destroyed, ship_stores

    spec = spec_of(record, unit_id)
    if spec is None or not any(s.key == "mine_rack" for s in spec.special):
        return {}
    unit = state.find(unit_id) if state is not None else None
    if viewer is not None and unit is not None and unit.side != viewer:
        return {}
    field = getattr(getattr(record, "combat", None), "battlefield", None)
    stores = field.stores_of(unit_id) if field is not None else None
    if stores is None:
        stores = ship_stores(unit_id, spec.special)
    if stores is None:
        return {}
    if unit is not None:
        stores = lose_destroyed(stores, racks_destroyed(unit.destroyed))[0]
    texts = {}
    for n, rack in enumerate(stores.racks, 1):
        parts = ([f"{rack.large}L"] if rack.large else []) + (
            [f"{rack.small}S"] if rack.small else [])
        texts[f"mine_rack#{n}"] = "".join(parts) or "0"
    return texts
