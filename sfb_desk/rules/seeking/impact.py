"""Seeking-weapon impact at the end of the Movement Segment (6A; FD1.4, FP1.4, D6.36, FD14.24).

The sequencer calls, once an impulse after every unit and seeker has moved:

1. :func:`find_impacts`: each active seeker in its target's hex (whichever of them moved in,
   reference 5.8) gives an :class:`Impact`: the warhead it carries (drone FD10.41, type-VI by
   size class FD2.54; plasma by hexes travelled and phaser damage FP1, FP1.611, doubled when
   enveloping FP5, nothing for a pseudo FP6; suicide shuttle J2.2) and the shield it strikes;
2. for each impact with :attr:`Impact.needs_roll`, a 1d6 ``DiceRequest`` (the D6.36 proximity
   roll; purpose :func:`proximity_purpose`);
3. :func:`resolve_impacts`: the seekers leave play (status ``impacted``); impacts on drones,
   plasma and shuttles are applied here (a drone on a drone destroys both, FD10.71 seed 000
   L3817; plasma is not hurt by warheads, FP1.62; a wild weasel absorbs the seekers and
   explodes, J3.21); impacts on ships become volleys (:func:`impact_volleys`) for
   :func:`sfb_desk.rules.combat.volley_steps` (shields, reinforcement, reserve power H7.134,
   enveloping FP5 via :func:`sfb_desk.rules.combat.apply_enveloping`, then the DAC);
4. :func:`expire_seekers`: drones whose endurance is flown (FD2), plasma at 0 or past its 32
   impulses (FP1.42) and wild weasels whose explosion is over (J3.211) leave play.

**Shield struck** (D3.4; decisions.md D3.4 seekers): the shield facing the hex the seeker came
from, one hex astern of it along its facing, i.e. along its direction of travel (AM's reading).
When the seeker moved in that is the hex it left; when the target moved onto the seeker it is
where the seeker was heading from. That hex is adjacent, so the line crosses a hexside centre
and never a spine: no boundary choice arises.

**Proximity** (D6.36, D6.361; reference G3, Med): the net ECM is the target's ECM less the
controller's ECCM and the weapon's built-in ECCM (plasma 3, FP4.31); its square root (fractions
dropped, D6.34) shifts a 1d6: 1-6 full warhead, 7-8 half, 9-10 quarter, 11+ nothing, fractions
dropped. No roll without a shift. Type-VI drones are immune (D6.38).

**Volleys** (FD14.24, seed 000 L3937; decisions.md FD14.24): all seeking weapons striking one
shield of one ship in one impulse are one volley (D4.22), whoever launched them; enveloping
torpedoes on one ship in the impulse are one volley of their own, resolved after the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..arcs import shield_struck
from ..charts.ew import ew_shift
from ..charts.tables import check_die
from ..combat.enveloping import EPT
from ..combat.volley import Hit, VolleyGroup
from ..hexes import Hex, neighbor
from ..results import Event, event
from ..units import ACTIVE, DRONE, PLASMA, SHIP, SHUTTLE, Unit
from .defense import damage_seeker
from .options import DEFAULT_SEEKING_OPTIONS, SeekingOptions
from .plasma import PLASMA_ECCM, impact_warhead, plasma_spent, plasma_strength
from .records import SeekerRecord, SeekingState

#: The step name of seeking-weapon volleys (combat's direct-fire steps are separate volleys).
SEEKING_STEP = "seeking-impact"
#: Size classes of units without a ship spec (R1.15C: drone-sized is size 7; shuttles 6).
SHUTTLE_SIZE, DRONE_SIZE = 6, 7
IMPACTED, DESTROYED = "impacted", "destroyed"


@dataclass(frozen=True, slots=True)
class Impact:
    """One seeker reaching its target (module docstring). ``shield`` is None for enveloping
    damage and for targets without shields (seekers, shuttles); ``shift`` the D6.36 shift."""

    seeker: str
    target: str
    kind: str
    target_kind: str
    launcher: str
    warhead: int
    shield: int | None
    enveloping: bool
    from_hex: Hex
    shift: int = 0

    @property
    def needs_roll(self) -> bool:
        """Does this impact need a D6.36 proximity roll (a shift and something to lose)?"""
        return self.shift > 0 and self.warhead > 0


def impact_shield(seeker: Unit, target: Unit) -> tuple[int, Hex]:
    """The shield of ``target`` a seeker in its hex strikes, and the hex it is taken to come
    from (module docstring; D3.4)."""
    came_from = neighbor(seeker.hex, (seeker.facing + 3) % 6)
    hit = shield_struck(target.hex, target.facing, came_from)
    assert hit.shield is not None  # an adjacent hex lies on a hex row: never a boundary
    return hit.shield, came_from


def seeker_shift(record: SeekerRecord, target_ecm: int = 0, controller_eccm: int = 0) -> int:
    """The D6.36 shift of a seeker on a target with ``target_ecm`` total ECM, guided by a unit
    with ``controller_eccm`` ECCM (module docstring)."""
    if record.drone is not None and record.drone.kind.dogfight:
        return 0  # D6.38
    built_in = PLASMA_ECCM if record.kind == PLASMA else 0
    return ew_shift(max(0, target_ecm - controller_eccm - built_in))


def proximity_damage(warhead: int, roll: int, shift: int) -> int:
    """The damage of a ``warhead`` after the D6.361 proximity roll ``roll`` with ``shift``."""
    check_die(roll)
    total = roll + shift
    if total <= 6:
        return warhead
    if total <= 8:
        return warhead // 2
    return warhead // 4 if total <= 10 else 0


def proximity_purpose(impact: Impact) -> str:
    """The text of the 1d6 DiceRequest for an impact's proximity roll."""
    return (f"Proximity roll for {impact.seeker} on {impact.target} (D6.36: 1d6 +{impact.shift}; "
            "1-6 full, 7-8 half, 9-10 quarter, 11+ none)")


def _size_class(target: Unit, sizes: Mapping[str, int | None]) -> int | None:
    if target.kind == SHUTTLE:
        return SHUTTLE_SIZE
    if target.kind in (DRONE, PLASMA):
        return DRONE_SIZE
    return sizes.get(target.id)


def _warhead(record: SeekerRecord, seeker: Unit, target: Unit, sizes: Mapping[str, int | None]) -> int:
    if record.kind == DRONE:
        assert record.drone is not None
        return record.drone.damage_against(_size_class(target, sizes))
    if record.kind == PLASMA:
        return impact_warhead(record, seeker.travelled)
    return record.warhead


def find_impacts(
    units: Mapping[str, Unit],
    state: SeekingState,
    *,
    target_ecm: Mapping[str, int] | None = None,
    controller_eccm: Mapping[str, int] | None = None,
    size_classes: Mapping[str, int | None] | None = None,
) -> tuple[Impact, ...]:
    """The impacts of this impulse, in order of target then seeker id (module docstring).

    ``units``: every unit by id. ``target_ecm``: each unit's total ECM (D6.314; a wild weasel's
    6 included, J3.23); ``controller_eccm``: each controlling unit's ECCM (none under passive
    fire control, D19.12); ``size_classes``: ships' size classes (for type-VI drones, FD2.54).
    A torpedo whose warhead is down to 0 does not impact (FP1.42)."""
    ecm = target_ecm or {}
    eccm = controller_eccm or {}
    sizes = size_classes or {}
    records = state.by_id()
    found: list[Impact] = []
    for seeker in units.values():
        if seeker.status != ACTIVE or not seeker.is_seeker or seeker.target is None:
            continue
        target = units.get(seeker.target)
        record = records.get(seeker.id)
        if target is None or target.status != ACTIVE or target.hex != seeker.hex or record is None:
            continue
        if record.kind == PLASMA and plasma_strength(record, seeker.travelled) <= 0:
            continue
        came_from = neighbor(seeker.hex, (seeker.facing + 3) % 6)
        shield: int | None = None
        envelops = record.enveloping and target.kind == SHIP
        if target.kind == SHIP and not envelops:
            shield, came_from = impact_shield(seeker, target)
        shift = seeker_shift(record, ecm.get(target.id, 0),
                             eccm.get(record.controller, 0) if record.controller else 0)
        found.append(Impact(seeker.id, target.id, record.kind, target.kind, record.launcher,
                            _warhead(record, seeker, target, sizes), shield, envelops, came_from,
                            shift))
    found.sort(key=lambda i: (i.target, i.seeker))
    return tuple(found)


def impact_damage(impact: Impact, roll: int | None = None) -> int:
    """The damage an impact scores: the full warhead, or after the proximity ``roll`` when
    :attr:`Impact.needs_roll` (a missing roll is a programmer error)."""
    if not impact.needs_roll:
        return impact.warhead
    if roll is None:
        raise ValueError(f"impact of {impact.seeker} needs its D6.36 proximity roll")
    return proximity_damage(impact.warhead, roll, impact.shift)


def impact_volleys(impacts: tuple[Impact, ...], damage: Mapping[str, int]) -> tuple[VolleyGroup, ...]:
    """The volleys of this impulse's impacts on ships (module docstring, FD14.24): one per
    struck shield of each ship, then one of the enveloping torpedoes on each ship. ``damage``:
    each seeker's damage after proximity (:func:`impact_damage`). Impacts scoring 0 are left
    out. Hits carry no firer bearing, so a "Phaser" DAC hit takes a phaser bearing on a struck
    shield (D4.321, D10.152)."""
    groups: dict[tuple[str, bool, int], list[Hit]] = {}
    for imp in impacts:
        points = damage.get(imp.seeker, 0)
        if imp.target_kind != SHIP or points <= 0:
            continue
        hit = Hit(imp.launcher, imp.target, points, imp.shield, EPT if imp.enveloping else None,
                  SEEKING_STEP, imp.seeker, None)
        key = (imp.target, imp.enveloping, imp.shield or 0)
        groups.setdefault(key, []).append(hit)
    return tuple(
        VolleyGroup(target, SEEKING_STEP, tuple(hits), None if env else shield, env)
        for (target, env, shield), hits in sorted(groups.items())
    )


@dataclass(frozen=True, slots=True)
class ImpactOutcome:
    """After the impacts: the units that changed (by id), the seeking state, the volleys on
    ships to resolve, and the events."""

    units: dict[str, Unit]
    state: SeekingState
    volleys: tuple[VolleyGroup, ...]
    events: tuple[Event, ...]


def _weapon_code(record: SeekerRecord) -> str:
    return {DRONE: "DRONE", PLASMA: f"PLASMA-{record.plasma}"}.get(record.kind, "SHUTTLE")


def resolve_impacts(
    units: Mapping[str, Unit],
    state: SeekingState,
    impacts: tuple[Impact, ...],
    rolls: Mapping[str, int] | None = None,
    *,
    clock: int,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> ImpactOutcome:
    """Resolve ``impacts`` (from :func:`find_impacts`) with the proximity ``rolls`` by seeker id
    (module docstring)."""
    rolls = rolls or {}
    changed: dict[str, Unit] = {}
    events: list[Event] = []
    damage: dict[str, int] = {}
    original = state.by_id()
    records = dict(original)
    for imp in impacts:
        points = impact_damage(imp, rolls.get(imp.seeker))
        damage[imp.seeker] = points
        seeker = changed.get(imp.seeker, units[imp.seeker])
        changed[imp.seeker] = replace(seeker, status=IMPACTED)
        rule = "FP1.4" if imp.kind == PLASMA else ("J2.2" if imp.kind == SHUTTLE else "FD1.4")
        where = f" shield #{imp.shield}" if imp.shield else (" all shields" if imp.enveloping else "")
        events.append(event("impact", imp.seeker, rule,
                            f"{imp.kind} {imp.seeker} hits {imp.target}{where}: {points} damage",
                            target=imp.target, shield=imp.shield, enveloping=imp.enveloping,
                            warhead=imp.warhead, damage=points, shift=imp.shift,
                            roll=rolls.get(imp.seeker), hex=units[imp.seeker].hex.label))
        if imp.target_kind != SHIP:
            target = changed.get(imp.target, units[imp.target])
            tracked = records.get(imp.target)
            if target.status != ACTIVE or tracked is None:
                continue
            new, gone, evs = _hit_small(original[imp.seeker], tracked, points, clock, options)
            records[imp.target] = new
            events.extend(evs)
            if gone:
                changed[imp.target] = replace(target, status=DESTROYED)
                del records[imp.target]
    for imp in impacts:
        records.pop(imp.seeker, None)
    new_state = replace(state, seekers=tuple(records.values()))
    return ImpactOutcome(changed, new_state, impact_volleys(impacts, damage), tuple(events))


def _hit_small(
    seeker: SeekerRecord, target: SeekerRecord, points: int, clock: int, options: SeekingOptions,
) -> tuple[SeekerRecord, bool, tuple[Event, ...]]:
    """A seeker's warhead on a drone, torpedo or shuttle: (target record, gone?, events)."""
    if seeker.kind == DRONE and target.kind == DRONE:
        return target, True, (event("seeker_destroyed", target.id, "FD10.71",
                                    f"drone {seeker.id} and drone {target.id} destroy each other"),)
    if target.is_weasel:
        new = replace(target, damage=target.damage + points,
                      exploded_at=clock if target.exploded_at is None else target.exploded_at)
        return new, False, (event("weasel_hit", target.id, "J3.21",
                                  f"wild weasel {target.id} absorbs {seeker.id} ({points}) and explodes",
                                  damage=new.damage, exploded_at=new.exploded_at),)
    done = damage_seeker(target, points, _weapon_code(seeker), clock=clock, options=options)
    return done.record, done.destroyed, (done.event,)


def expire_seekers(
    units: Mapping[str, Unit],
    state: SeekingState,
    clock: int,
    options: SeekingOptions = DEFAULT_SEEKING_OPTIONS,
) -> tuple[dict[str, Unit], SeekingState, tuple[Event, ...]]:
    """Remove what is spent at the end of the impact step of ``clock`` (module docstring): the
    changed units (status ``destroyed``), the state without their records, and the events.
    Records of units no longer in play are dropped too, except landed shuttles'."""
    changed: dict[str, Unit] = {}
    events: list[Event] = []
    kept: list[SeekerRecord] = []
    for record in state.seekers:
        unit = units.get(record.id)
        if unit is None or unit.status != ACTIVE:
            if record.landed_at is not None and unit is not None:
                kept.append(record)  # a landed shuttle keeps its record (J1.52)
            continue
        rule, why = "", ""
        if record.kind == PLASMA and plasma_spent(record, unit.travelled, clock):
            rule, why = "FP1.42", "its warhead is spent"
        elif record.kind == DRONE and record.expires_at is not None and clock >= record.expires_at:
            rule, why = "FD2", "its endurance is flown"
        elif record.exploded_at is not None and clock >= record.exploded_at + options.weasel_explosion_impulses:
            rule, why = "J3.211", "its explosion is over"
        if rule:
            changed[record.id] = replace(unit, status=DESTROYED)
            events.append(event("expired", record.id, rule, f"{record.kind} {record.id} leaves play: {why}"))
        else:
            kept.append(record)
    return changed, replace(state, seekers=tuple(kept)), tuple(events)
