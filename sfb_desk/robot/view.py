"""What the robot sees: its ship, the enemy, range, bearings and shields, read from a session.

Everything here is a pure function of the session's state, combat records and ship classes
(the robot keeps no memory between prompts, so undo, redo and replay are safe). The expected
damage of a weapon at a range comes from the analysis layer's weapon matrices (exact from the
charts, :mod:`sfb_desk.analysis.weapon_matrices`), cached by weapon type.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..analysis.weapon_matrices import UnsupportedWeapon, weapon_matrix
from ..engine.records import ShipRecord
from ..rules.arcs import arc_mask, in_mask, shield_struck
from ..rules.charts.impulse import moves_on
from ..rules.combat.shields import ShieldState
from ..rules.damage.state import DamageState
from ..rules.damage.status import crippled_reasons
from ..rules.hexes import hex_range, neighbor
from ..rules.bearing import bearing
from ..rules.results import Refusal
from ..rules.ship import ShipSpec, Weapon
from ..rules.systems.ppd import expected_damage as ppd_expected
from ..rules.units import SHIP, Unit

#: The longest range the robot looks at (phaser-1 charts end at 75; nothing fires usefully
#: beyond this in a duel).
MAX_LOOK = 40


@dataclass(frozen=True, slots=True)
class Ship:
    """One ship with a record: its unit, record and class."""

    unit: Unit
    record: ShipRecord
    spec: ShipSpec

    @property
    def id(self) -> str:
        return self.unit.id

    @property
    def shields(self) -> ShieldState:
        return self.record.shields

    @property
    def crippled(self) -> bool:
        """S2.4 from the destroyed boxes (or the ship destroyed)."""
        if self.record.ship_destroyed:
            return True
        state = DamageState.for_ship(self.spec, self.unit.destroyed)
        return bool(crippled_reasons(self.spec, state))


def verdict(session, prompt, value: object) -> Refusal | None:  # noqa: ANN001
    """The session's own check of ``value`` as the answer to ``prompt`` (:meth:`Session.check
    <sfb_desk.engine.session.Session.check>`: the refusal, or None when it would be accepted;
    nothing changes). ``prompt`` must be the pending prompt: the session checks only that."""
    pending = session.pending
    if pending is None or pending.key != prompt.key:
        raise ValueError(f"{prompt.key} is not the pending prompt; the session checks only "
                         "answers to the pending prompt")
    return session.check(value)


def side_of(prompt, session) -> str | None:  # noqa: ANN001
    """The side a prompt belongs to: ``prompt.side``, or the side of ``prompt.unit``."""
    side = getattr(prompt, "side", None)
    if side:
        return side
    uid = getattr(prompt, "unit", None)
    if uid:
        unit = session.state.find(uid)
        if unit is not None:
            return unit.side
    return None


def ship(session, uid: str) -> Ship | None:  # noqa: ANN001
    record = session.combat.ship(uid)
    unit = session.state.find(uid)
    if record is None or unit is None:
        return None
    return Ship(unit, record, session.specs[record.spec_id])


def own_ships(session, side: str) -> list[Ship]:  # noqa: ANN001
    """The side's active ships with records, in id order."""
    out = []
    for unit in session.state.units:
        if unit.side == side and unit.kind == SHIP and unit.active:
            s = ship(session, unit.id)
            if s is not None and not s.record.ship_destroyed:
                out.append(s)
    return sorted(out, key=lambda s: s.id)


def enemies(session, side: str) -> list[Ship]:  # noqa: ANN001
    """Active enemy ships with records, in id order."""
    out = []
    for unit in session.state.units:
        if unit.side != side and unit.kind == SHIP and unit.active:
            s = ship(session, unit.id)
            if s is not None and not s.record.ship_destroyed:
                out.append(s)
    return sorted(out, key=lambda s: s.id)


def nearest_enemy(session, me: Unit) -> Ship | None:  # noqa: ANN001
    foes = enemies(session, me.side)
    if not foes:
        return None
    return min(foes, key=lambda s: (hex_range(me.hex, s.unit.hex), s.id))


def incoming_seekers(session, uid: str) -> list[Unit]:  # noqa: ANN001
    """Active enemy seeking weapons aimed at ``uid``."""
    me = session.state.find(uid)
    return sorted((u for u in session.state.units
                   if u.is_seeker and u.active and u.target == uid
                   and (me is None or u.side != me.side)), key=lambda u: u.id)


def bears(weapon: Weapon, me: Unit, target_hex) -> bool:  # noqa: ANN001
    """Does the mount's arc hold the target (D2)?"""
    if not weapon.arcs and not weapon.extra_bearings:
        return False
    point = bearing(me.hex, me.facing, target_hex)
    return in_mask(arc_mask(weapon.arcs, weapon.extra_bearings), point)


def facing_shield(me: Unit, threat_hex) -> tuple[int, ...]:  # noqa: ANN001
    """The shield(s) of ``me`` a shot from ``threat_hex`` strikes (D3.4)."""
    return shield_struck(me.hex, me.facing, threat_hex).shields


@lru_cache(maxsize=512)
def weapon_curve(code: str, overload: bool = False, mount_range: int | None = None,
                 shift: int = 0) -> tuple[float, ...]:
    """Expected damage of one shot of weapon type ``code`` at ranges 0..MAX_LOOK (0 beyond
    its reach; zeros for weapons without a chart)."""
    try:
        m = weapon_matrix(code, MAX_LOOK, overload=overload, shift=shift,
                          mount_max_range=mount_range)
    except (UnsupportedWeapon, ValueError):
        return (0.0,) * (MAX_LOOK + 1)
    return tuple(float(x) for x in m.expected)


def expected(weapon: Weapon, rng: int, *, overload: bool = False, shift: int = 0) -> float:
    if weapon.type == "PPD":  # a pulse train (E11.33): its expected total, four pulses
        if overload and rng > 8:
            return 0.0
        return ppd_expected(rng, 6 if overload else 4, shift)
    curve = weapon_curve(weapon.type.strip().upper(), overload, weapon.max_range, shift)
    return curve[min(max(rng, 0), MAX_LOOK)]


#: live_weapons' memo: (id of the class, destroyed boxes) -> (the class, its live weapons).
#: The robot asks the same question hundreds of times a turn; the answer depends on nothing
#: else. The class is kept beside its id so that a reused id never answers for another class.
_LIVE: dict[tuple[int, frozenset], tuple[ShipSpec, tuple[Weapon, ...]]] = {}
_LIVE_CAP = 4096


def live_weapons(s: Ship) -> list[Weapon]:
    """The ship's weapons with at least one undestroyed box, in SSD order."""
    destroyed = s.unit.destroyed
    key = (id(s.spec), destroyed)
    hit = _LIVE.get(key)
    if hit is not None and hit[0] is s.spec:
        return list(hit[1])
    out = tuple(w for w in s.spec.weapons if not all(b in destroyed for b in w.box_ids))
    if len(_LIVE) >= _LIVE_CAP:
        _LIVE.clear()
    _LIVE[key] = (s.spec, out)
    return list(out)


def _signature(s: Ship) -> tuple[tuple[str, int | None], ...]:
    """What the ship's firepower depends on: each live weapon's chart and mount range."""
    return tuple((w.type.strip().upper(), w.max_range) for w in live_weapons(s))


def _firepower(signature: tuple[tuple[str, int | None], ...], rng: int) -> float:
    r = min(max(rng, 0), MAX_LOOK)
    return sum(weapon_curve(code, False, mount, 0)[r] for code, mount in signature)


def firepower(s: Ship, rng: int) -> float:
    """Expected damage of every live charted weapon of the ship at ``rng``, arcs aside."""
    return _firepower(_signature(s), rng)


def heavy(weapon: Weapon) -> bool:
    return weapon.family not in ("phaser", "drone", "add")


def best_range(s: Ship, enemy: Ship | None = None, *, lowest: int = 1, highest: int = 15) -> int:
    """The range at which ``s`` does best: its expected damage, less half the enemy's there."""
    return _best_range(_signature(s), _signature(enemy) if enemy is not None else None,
                       lowest, highest)


@lru_cache(maxsize=2048)
def _best_range(mine, theirs, lowest: int, highest: int) -> int:  # noqa: ANN001
    def value(r: int) -> float:
        own = _firepower(mine, r)
        other = _firepower(theirs, r) if theirs is not None else 0.0
        return own - 0.5 * other
    return max(range(lowest, highest + 1), key=lambda r: (round(value(r), 3), r))


def straight_ahead(u: Unit, impulses: int, start: int) -> Unit:
    """Where ``u`` would be after ``impulses`` more impulses moving straight (a forecast: the
    impulse chart C1.4, no turns)."""
    h = u.hex
    for i in range(start + 1, start + 1 + impulses):
        imp = (i - 1) % 32 + 1
        if u.speed and moves_on(u.speed, imp):
            h = neighbor(h, (u.facing + 3) % 6 if u.reverse else u.facing)
    return replace(u, hex=h)
