"""What each ship may launch now in the Seeking Weapons Stage (6B): drones, plasma, shuttles.

Pure Python (no Qt), read by the launch editor of the orders panel and by the pass policy
(:mod:`.pass_policy`). The checks are the rules functions the session's launch mixin
(:mod:`sfb_desk.engine.launch_steps`) calls, one rack and one target at a time:

* drones: :func:`sfb_desk.rules.seeking.launch_refusal` (lock-on D6.121, control limit F3.2
  from the sensor rating, arc D2, the rack's rate and spacing FD4, reloading FD2.42);
* plasma: :func:`sfb_desk.rules.seeking.plasma_launch_refusal` with the launcher's arming this
  turn (FP2.1: a complete torpedo; FP2 fired this turn);
* shuttles (J1.50): each shuttle box not destroyed and not out, with its bay; the missions'
  own checks stay with the session (a refusal names the rule).

The answer format is the session's: ``{ship: {"drones": [{"box", "id", "target", "index"}],
"plasma": [{"box", "id", "target", "pseudo"}], "shuttles": [{"box", "id", "bay", "speed",
"mission", "target"}]}}``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..records import ShipRecord, damage_state
from ...rules.damage.repair import sensor_rating
from ...rules.results import Refusal
from ...rules.seeking import control_limit, is_seeker_armed, launch_refusal, plasma_launch_refusal
from ...rules.seeking.drones import Drone
from ...rules.ship import ShipSpec, Weapon
from ...rules.units import Unit
from .fire_options import OrdersContext, arming_now

#: A shuttle's launch speed when the order names none (J1.50, the session's default).
SHUTTLE_SPEED = 6


@dataclass(frozen=True, slots=True)
class DroneSlot:
    """One drone in a rack: its position (the answer's ``index``) and the drone."""

    index: int
    drone: Drone

    @property
    def label(self) -> str:
        return f"{self.index + 1}: type {self.drone.type}, speed {self.drone.speed}"


@dataclass(frozen=True, slots=True)
class LaunchOption:
    """A drone rack, plasma launcher or shuttle box of a ship: what it is, why it cannot
    launch whatever the target (``not_ready``), the drones it holds (racks), and the refusal
    per target (None: it may launch at it), targets in the order of :func:`launch_targets`."""

    kind: str  # "drones", "plasma" or "shuttles"
    box: str
    weapon: Weapon | None
    not_ready: Refusal | None
    slots: tuple[DroneSlot, ...] = ()
    targets: tuple[tuple[str, Refusal | None], ...] = ()
    bay: int = 1

    def refusal(self, target: str) -> Refusal | None:
        return dict(self.targets).get(target, Refusal("F3.0", f"{target} is not a target"))

    @property
    def can_launch(self) -> bool:
        return self.not_ready is None and any(r is None for _, r in self.targets)

    def best_target(self) -> str | None:
        return next((t for t, r in self.targets if r is None),
                    self.targets[0][0] if self.targets else None)


def launch_targets(ctx: OrdersContext, unit: Unit) -> list[Unit]:
    """Active enemy units: ships first, then seekers and shuttles, in id order."""
    out = [u for u in ctx.state.units if u.active and u.side != unit.side]
    return sorted(out, key=lambda u: (u.is_seeker, u.id))


def _control_limit(record: ShipRecord, spec: ShipSpec, unit: Unit) -> int:
    rating = sensor_rating(spec, damage_state(record, spec, unit.destroyed))
    return control_limit(rating, seeker_armed=is_seeker_armed(spec))


def launch_options(ctx: OrdersContext, unit: Unit) -> list[LaunchOption]:
    """The drone racks, plasma launchers and shuttle boxes of ``unit`` (module docstring)."""
    record = ctx.record(unit.id)
    spec = ctx.spec_of(record) if record is not None else None
    if record is None or spec is None or ctx.combat is None or record.ship_destroyed:
        return []
    seeking = ctx.combat.seeking
    clock = ctx.clock
    lock_on = unit.id not in ctx.no_lock_on
    limit = _control_limit(record, spec, unit)
    targets = launch_targets(ctx, unit)
    out: list[LaunchOption] = []
    for w in spec.weapons:
        box = w.box_ids[0]
        if w.family == "drone":
            rack = seeking.rack(unit.id, box)
            if rack is None or rack.is_add_rack:
                continue
            slots = tuple(DroneSlot(i, d) for i, d in enumerate(rack.loaded)
                          if isinstance(d, Drone))
            first = slots[0].index if slots else 0
            refusals = tuple((t.id, launch_refusal(seeking, unit, t, w, clock=clock,
                                                   lock_on=lock_on, control_limit=limit,
                                                   index=first)) for t in targets)
            not_ready = None if slots else Refusal("FD2.4", f"{box} holds no drone")
            if box in unit.destroyed:
                not_ready = Refusal("D4.2", f"{box} is destroyed")
            out.append(LaunchOption("drones", box, w, not_ready, slots, refusals))
        elif w.family == "plasma":
            arming = arming_now(record, spec, unit, box, ctx.state.turn)
            if box in record.fired:
                arming = None
            elif arming is not None and not arming.mode:
                arming = replace(arming, mode=arming.type)  # the launcher's own torpedo (FP2)
            refusals = tuple((t.id, plasma_launch_refusal(seeking, unit, t, w, arming,
                                                          clock=clock, lock_on=lock_on,
                                                          control_limit=limit))
                             for t in targets)
            not_ready = Refusal("D4.2", f"{box} is destroyed") if box in unit.destroyed else None
            out.append(LaunchOption("plasma", box, w, not_ready, (), refusals))
    out.extend(_shuttle_options(ctx, unit, record, spec, targets))
    return out


def _shuttle_options(ctx: OrdersContext, unit: Unit, record: ShipRecord, spec: ShipSpec,
                     targets: list[Unit]) -> list[LaunchOption]:
    """Shuttle boxes (J1.50) in bay order: box k of bay b follows the boxes of bays < b."""
    seeking = ctx.combat.seeking  # type: ignore[union-attr]
    bays: list[int] = []
    for n, bay in enumerate(spec.shuttle_bays, 1):
        bays += [n] * bay.boxes
    out = []
    boxes = [a.box for a in record.energy.weapons if a.box.startswith("shuttle#")]
    for k, box in enumerate(boxes):
        out_now = next((r.id for r in seeking.seekers if r.launcher == unit.id
                        and r.weapon == box and r.landed_at is None
                        and (u := ctx.unit(r.id)) is not None and u.active), None)
        not_ready = (Refusal("D4.2", f"{box} is destroyed") if box in unit.destroyed else
                     Refusal("J1.50", f"the shuttle of {box} is out ({out_now})") if out_now
                     else None)
        refusals = tuple((t.id, None) for t in targets)
        out.append(LaunchOption("shuttles", box, None, not_ready, (), refusals,
                                bays[k] if k < len(bays) else 1))
    return out


def side_can_launch(ctx: OrdersContext, side: str | None) -> bool:
    """Can a ship of ``side`` launch a drone or a plasma torpedo now? Shuttles are not counted
    (a bay can nearly always launch one; decisions.md). True for a ship without a record
    or class: the program cannot tell."""
    for unit in ctx.side_units(side):
        record = ctx.record(unit.id)
        if record is None or ctx.spec_of(record) is None:
            if unit.kind == "ship":
                return True
            continue
        if any(o.kind != "shuttles" and o.can_launch for o in launch_options(ctx, unit)):
            return True
    return False


def new_seeker_id(ctx: OrdersContext, unit: str, letter: str, taken: set[str]) -> str:
    """A unit id not in use for a seeker or shuttle ``unit`` launches (``KRT-D1``)."""
    used = {u.id for u in ctx.state.units} | taken
    if ctx.combat is not None:
        used |= {r.id for r in ctx.combat.seeking.seekers}
    n = 1
    while f"{unit}-{letter}{n}" in used:
        n += 1
    return f"{unit}-{letter}{n}"
