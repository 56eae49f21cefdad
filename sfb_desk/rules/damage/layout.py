"""A ShipSpec precompiled for the DAC procedure: integer box ids, pools and per-roll rows.

The per-point loop of :mod:`sfb_desk.rules.damage.allocation` runs on plain ints and lists
(DESIGN.md section 10: at least a million damage points a second). This module turns a
:class:`~sfb_desk.rules.ship.ShipSpec` and a :class:`DamageOptions` into that form once:

* every box of the SSD gets a **global index**, its position in ``ShipSpec.box_ids()`` (and in
  :attr:`DamageState.marks`): ``box_ids[g]`` is its stable id, ``box_system[g]`` its system
  (for a weapon its DAC group: ``phaser``, ``torpedo``, ``drone`` or ``other``);
* boxes of a counted system, a track or excess damage form a **plain pool**, taken in box
  order (lowest number first; for a track that is the leftmost box, D4.33). A track's last box
  is left out of its pool when :attr:`DamageOptions.protect_last_track_box` is on (D4.33);
* weapons ("Phaser", "Torp", "Drone", "Any Weapon"), "Any W En" and the ship's destruction
  (D4.40) are **special pools**, resolved by a slower path that may ask the owner;
* each chart row (D4.21) becomes a tuple of ``(slot, pool, slot * stride)`` in column order,
  with an entry's fall-backs (F Hull -> center hull, Flag Bridge -> security, Excess Damage ->
  destruction) following it under the same slot, and entries the ship has no boxes for
  dropped, so the walk of D4.22 only visits what can be hit. A *slot* is one chart cell,
  ``(roll - 2) * 13 + column``; a bold cell is scored once per volley (D4.31).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sfb_desk.rules.charts.dac import COLUMNS, DAC
from sfb_desk.rules.damage.options import DEFAULT_OPTIONS, DamageOptions
from sfb_desk.rules.damage.repair import weapon_repair_cost
from sfb_desk.rules.ship import COUNTED_SYSTEMS, TRACKS, WARP_SYSTEMS, ShipSpec
from sfb_desk.rules.weapon_types import WEAPON_TYPES

NCOLS = len(COLUMNS)
#: Chart cells: slot = (roll - 2) * 13 + column index.
NSLOTS = 11 * NCOLS
#: The slot recorded for a point that arrives after the ship was destroyed (no roll, D4.40).
AFTER_SLOT = NSLOTS

#: DAC group of each weapon-type code (D4.32: "Phaser", "Torp", "Drone"); others are hit only
#: by "Any Weapon".
WEAPON_GROUPS: tuple[str, ...] = ("phaser", "torpedo", "drone")
#: Special pool kinds, in pool order after the plain pools.
SPECIAL_KINDS: tuple[str, ...] = ("phaser", "torpedo", "drone", "any_weapon", "any_warp", "destroy")


@dataclass(frozen=True, slots=True, eq=False)
class WeaponBox:
    """One weapon box as the allocator sees it (compared by identity: one object per box)."""

    index: int  # global index
    box_id: str
    type: str  # weapon-type code, e.g. "PH-1"
    group: str  # "phaser", "torpedo", "drone" or "other" (D4.32)
    rank: int  # D4.322 priority within the group: higher is better
    arcs: tuple[str, ...]
    extra_bearings: tuple[int, ...]
    #: The default policy's order (lowest first): Annex #9 repair cost, then rank.
    sacrifice_key: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """The compiled form of one ship class under one set of rule options (see module doc)."""

    spec: ShipSpec
    options: DamageOptions
    box_ids: tuple[str, ...]
    box_system: tuple[str, ...]
    index: dict[str, int]
    pool_systems: tuple[str, ...]  # plain pool -> system name
    pool_boxes: tuple[tuple[int, ...], ...]  # plain pool -> hittable global indices, in order
    special_pool: dict[str, int]  # special kind -> pool id (only kinds the ship can take)
    weapons: tuple[WeaponBox, ...]
    weapon_at: dict[int, WeaponBox]
    warp_pools: tuple[int, ...]  # plain pools of left, right, center warp (those present)
    rows: dict[int, tuple[tuple[int, int, int], ...]]
    slot_keep: tuple[int, ...]  # 0 for a bold cell (gate closes once scored), 1 otherwise
    slot_entry: tuple[str, ...]  # DAC system of the cell ("forward_hull", "any_weapon" ...)
    slot_label: tuple[str, ...]  # the chart's wording ("F Hull")
    slot_bold: tuple[bool, ...]
    #: Free lists of the undamaged ship (each pool reversed: pop() gives the next box).
    fresh_free: tuple[tuple[int, ...], ...] = ()
    zero_marks: bytes = b""
    #: Special pool id -> its kind (the inverse of ``special_pool``).
    special_kind: dict[int, str] = field(default_factory=dict)
    #: Global indices of every box the DAC can take (plain pools and weapons).
    dac_boxes: frozenset[int] = frozenset()
    _pool_of_system: dict[str, int] = field(default_factory=dict, repr=False)
    #: Phasers bearing per struck-shield tuple (D4.321), filled on first use.
    _bearing: dict[tuple[int, ...], frozenset[int]] = field(default_factory=dict, repr=False)
    #: Decoded parts of each event record seen (:mod:`sfb_desk.rules.damage.events`).
    _decoded: dict[int, tuple] = field(default_factory=dict, repr=False)

    def phasers_bearing(self, shields: tuple[int, ...]) -> frozenset[int]:
        """Global indices of the phasers able to fire through any of ``shields`` (D4.321)."""
        found = self._bearing.get(shields)
        if found is None:
            from sfb_desk.rules.damage.bearing import bears_on_shields

            found = frozenset(
                w.index
                for w in self.weapons
                if w.group == "phaser" and bears_on_shields(w.arcs, w.extra_bearings, shields)
            )
            self._bearing[shields] = found
        return found

    @property
    def nboxes(self) -> int:
        return len(self.box_ids)

    @property
    def stride(self) -> int:
        """Records are ``slot * stride + g``; g == nboxes is "the ship is destroyed" (D4.40)."""
        return len(self.box_ids) + 1

    @property
    def nplain(self) -> int:
        return len(self.pool_systems)

    @property
    def destroy_pool(self) -> int:
        return self.special_pool["destroy"]

    def pool_of(self, system: str) -> int | None:
        """The plain pool of a system, or None if the ship has no hittable box of it."""
        return self._pool_of_system.get(system)

    @staticmethod
    def slot_roll(slot: int) -> int:
        return slot // NCOLS + 2

    @staticmethod
    def slot_column(slot: int) -> str:
        return COLUMNS[slot % NCOLS]


#: Annex #9 cost used for a weapon type the reference does not list (after every listed one).
UNKNOWN_REPAIR_COST = 99


def weapon_sacrifice_key(type_code: str) -> tuple[int, int]:
    """(repair cost, D4.322 rank) of a weapon type: the default policy sacrifices the lowest
    first (:mod:`sfb_desk.rules.damage.policy`)."""
    wtype = WEAPON_TYPES.get(type_code.strip().upper())
    cost = weapon_repair_cost(type_code)
    return (UNKNOWN_REPAIR_COST if cost is None else cost, wtype.rank if wtype is not None else 0)


#: Weapon types the DAC scores on Flag Bridge entries instead of weapon hits (G18.12).
FLAG_BRIDGE_WEAPONS = frozenset({"DISPLACEMENT"})


def _plain_systems(spec: ShipSpec) -> list[tuple[str, list[str]]]:
    """(system, box ids in order) of everything the DAC hits that is not a weapon."""
    out: list[tuple[str, list[str]]] = []
    for system in COUNTED_SYSTEMS:
        n = spec.count(system)
        if n > 0:
            out.append((system, [f"{system}#{i}" for i in range(1, n + 1)]))
    if spec.shuttle_boxes:
        out.append(("shuttle", [f"shuttle#{i}" for i in range(1, spec.shuttle_boxes + 1)]))
    devices = [b for w in spec.weapons if w.type.strip().upper() in FLAG_BRIDGE_WEAPONS
               for b in w.box_ids]
    if devices:  # G18.12 (Module C2): displacement devices are destroyed on Flag Bridge hits
        out.append(("dd", devices))
    hangar = [b for s in spec.special if s.key == "hangar" for b in s.box_ids]
    if hangar:  # G19.213 (Module C2): Shuttle hits go to the sat ships in the hangar
        out.append(("hangar", hangar))
    racks = [b for s in spec.special if s.key == "mine_rack" and s.damageable
             for b in s.box_ids]
    if racks:  # M9.13: mine racks take Cargo, Shuttle and Excess Damage hits
        out.append(("mine_rack", racks))
    panels = [b for s in spec.special if s.key.startswith("pa_") and s.damageable
              for b in s.box_ids]
    if panels:  # D10.51: power absorber boxes are destroyed on "Drone" hits
        out.append(("pa", panels))
    for track in TRACKS:
        n = len(getattr(spec, f"{track}_track"))
        if n:
            out.append((track, [f"{track}#{i}" for i in range(1, n + 1)]))
    if spec.excess_damage:
        n = spec.excess_damage
        out.append(("excess_damage", [f"excess_damage#{i}" for i in range(1, n + 1)]))
    return out


def _cell_targets(entry: str, options: DamageOptions) -> tuple[str, ...]:
    """The systems a chart entry is scored on, in order of preference (its fall-backs)."""
    if entry == "shuttle":  # G19.213: sat ships aboard take the hit; M9.13: then mine racks
        return ("shuttle", "hangar", "mine_rack")
    if entry == "cargo":
        return ("cargo", "mine_rack")  # M9.13: a rack when no cargo box is left
    if entry == "drone":
        return ("drone", "pa")  # D10.51 (Module C2): panel boxes on Drone hits
    if entry == "flag_bridge":  # G18.12: then a displacement device
        tail = ("security",) if options.flag_bridge_to_security else ()
        return ("flag_bridge", "dd", *tail)  # D4.5 example: Flag Bridge -> security
    if entry in ("forward_hull", "aft_hull") and options.hull_to_center:
        return (entry, "center_hull")  # D4.351; seed 000 L14760
    if entry == "excess_damage":
        tail = ("cargo",) if options.cargo_absorbs_excess else ()
        # D4.40 (D4.36 option); mine racks are destroyed on excess damage hits (the minesweepers'
        # SSD note, M9.13) once no excess damage box is left (decisions.md, reconstructed
        # minesweepers)
        return ("excess_damage", *tail, "mine_rack", "destroy")
    return (entry,)


def build_layout(spec: ShipSpec, options: DamageOptions = DEFAULT_OPTIONS) -> Layout:
    """Compile ``spec`` for the allocator. Prefer :func:`compile_ship`, which caches."""
    box_ids = spec.box_ids()  # global index = SSD order, the index of DamageState.marks
    index = {b: g for g, b in enumerate(box_ids)}
    box_system = [b.split("#", 1)[0] for b in box_ids]
    pool_systems: list[str] = []
    pool_boxes: list[tuple[int, ...]] = []
    for system, ids in _plain_systems(spec):
        hittable = tuple(index[b] for b in ids)
        if system in TRACKS and options.protect_last_track_box:
            hittable = hittable[:-1]  # D4.33: the last box of a track is never destroyed
        if hittable:
            pool_systems.append(system)
            pool_boxes.append(hittable)
            for g in hittable:  # a pool of several SSD rows (pa_fwd, pa_aft) is one system
                box_system[g] = system
    weapons: list[WeaponBox] = []
    for weapon in spec.weapons:
        if weapon.type.strip().upper() in FLAG_BRIDGE_WEAPONS:
            continue  # a plain pool hit by Flag Bridge entries, not a weapon on the DAC
        wtype = WEAPON_TYPES.get(weapon.type.strip().upper())
        group = wtype.dac_group if wtype is not None else "other"
        rank = wtype.rank if wtype is not None else 0
        for box_id in weapon.box_ids:
            g = index[box_id]
            box_system[g] = group
            weapons.append(
                WeaponBox(
                    g, box_id, weapon.type, group, rank, weapon.arcs, weapon.extra_bearings,
                    weapon_sacrifice_key(weapon.type),
                )
            )
    pool_of_system = {system: p for p, system in enumerate(pool_systems)}
    nplain = len(pool_systems)
    special_pool: dict[str, int] = {}
    present = {w.group for w in weapons}
    for kind in SPECIAL_KINDS:
        if kind in WEAPON_GROUPS and kind not in present:
            continue
        if kind == "any_weapon" and not weapons:
            continue
        if kind == "any_warp" and not any(s in pool_of_system for s in WARP_SYSTEMS):
            continue
        special_pool[kind] = nplain + len(special_pool)
    stride = len(box_ids) + 1
    rows: dict[int, tuple[tuple[int, int, int], ...]] = {}
    slot_keep = [1] * (NSLOTS + 1)
    slot_entry = [""] * (NSLOTS + 1)
    slot_label = [""] * (NSLOTS + 1)
    slot_bold = [False] * (NSLOTS + 1)
    for roll, row in DAC.items():
        entries: list[tuple[int, int, int]] = []
        for col, cell in enumerate(row):
            slot = (roll - 2) * NCOLS + col
            slot_keep[slot] = 0 if cell.bold else 1
            slot_entry[slot] = cell.system
            slot_label[slot] = cell.label
            slot_bold[slot] = cell.bold
            for target in _cell_targets(cell.system, options):
                pool = pool_of_system.get(target, special_pool.get(target))
                if pool is not None:
                    entries.append((slot, pool, slot * stride))
        rows[roll] = tuple(entries)
    return Layout(
        spec=spec,
        options=options,
        box_ids=box_ids,
        box_system=tuple(box_system),
        index=index,
        pool_systems=tuple(pool_systems),
        pool_boxes=tuple(pool_boxes),
        special_pool=special_pool,
        special_kind={p: k for k, p in special_pool.items()},
        weapons=tuple(weapons),
        weapon_at={w.index: w for w in weapons},
        warp_pools=tuple(pool_of_system[s] for s in WARP_SYSTEMS if s in pool_of_system),
        rows=rows,
        slot_keep=tuple(slot_keep),
        slot_entry=tuple(slot_entry),
        slot_label=tuple(slot_label),
        slot_bold=tuple(slot_bold),
        fresh_free=tuple(tuple(reversed(boxes)) for boxes in pool_boxes),
        zero_marks=bytes(len(box_ids)),
        dac_boxes=frozenset(g for boxes in pool_boxes for g in boxes) | {w.index for w in weapons},
        _pool_of_system=pool_of_system,
    )


_CACHE: dict[tuple[int, DamageOptions], tuple[ShipSpec, Layout]] = {}
_CACHE_LIMIT = 256


def compile_ship(spec: ShipSpec | Layout, options: DamageOptions = DEFAULT_OPTIONS) -> Layout:
    """The :class:`Layout` of ``spec`` under ``options``, built once and cached.

    A Layout passed in is returned as it is (its own options apply). The cache is keyed by the
    spec object's identity (specs are immutable and shared by every ship of the class) and
    holds a reference to it, so an id is never reused while cached.
    """
    if isinstance(spec, Layout):
        return spec
    key = (id(spec), options)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    layout = build_layout(spec, options)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (spec, layout)
    return layout
