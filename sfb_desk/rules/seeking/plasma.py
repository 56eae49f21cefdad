"""Plasma torpedoes (FP1, FP5, FP6, FP8): launch, warhead at impact, weakening and removal.

* **Launch** (FP1, 6B Seeking Weapons Stage, seed 000 L5443): a launcher whose arming is
  complete (an :class:`ArmedLoad`, such as the energy rules' ``ArmedLoad``, FP2.1)
  launches its torpedo, of the type armed (an S or G launcher may arm an F), enveloping if the
  last turn was paid double (FP5). The torpedo moves at speed 32 (reference G4.4) and lives 32
  impulses (FP1.42). A launcher fires once: its arming is spent (tell the energy rules
  ``fired=True`` at the end of the turn); a second launch or bolt from it in the same turn is
  refused. The common checks (lock-on D6.121, control F3.2, arcs D2, breakdown C6.5472) are
  :func:`.launch.launcher_refusal`'s; plasma arcs are the launcher's (FP, LP, RP ..., D2.34).
* **Pseudo-plasma** (FP6): one per launcher per game, needing no arming, never in the same
  impulse as a real torpedo from that launcher (AM; reference G4.4, Low); no pseudo type D
  (FP9.13). It looks and weakens like a real torpedo of the launcher's type and scores nothing
  at impact (decisions.md FP6).
* **Warhead** (FP1, :func:`sfb_desk.rules.charts.seeking.plasma_warhead`): by hexes travelled
  (the unit's ``travelled``), less 1 point for every 2 points of phaser damage the torpedo has
  taken, cumulatively (FP1.611): ``table(hexes) - phaser_damage // 2``, never below 0. An
  enveloping torpedo's warhead is doubled (FP5) after the weakening (decisions.md FP5, FP1.611).
* **Removal** (FP1.42): a torpedo whose warhead has fallen to 0, or whose 32 impulses are
  flown, is removed (:func:`plasma_spent`).
* **Bolts** (FP8) are direct fire: :mod:`sfb_desk.rules.combat` resolves them (hit numbers
  :func:`sfb_desk.rules.charts.seeking.plasma_bolt_hits`, damage per its
  ``CombatOptions.plasma_bolt_damage``: half the warhead by default, decisions.md FP8).
  :func:`bolt_refusal` adds what the launcher must hold: a complete torpedo, not yet fired this
  turn; :func:`record_bolt` spends it.
"""

from __future__ import annotations

from typing import Protocol

from ..charts.seeking import plasma_warhead
from ..combat.rate import turn_of
from ..results import Refusal, event, first_refusal
from ..ship import Weapon
from ..units import PLASMA, Unit, new_seeker
from .launch import Launched, launcher_refusal
from .records import LauncherState, SeekerRecord, SeekingState

PLASMA_SPEED = 32  # reference G4.4
PLASMA_ENDURANCE = 32  # impulses, FP1.42
PLASMA_ECCM = 3  # built-in ECCM against the D6.36 proximity shift (FP4.31)


class ArmedLoad(Protocol):
    """What a launcher or shuttle box holds, as the energy rules record it
    (``sfb_desk.rules.energy.arming.WeaponArming`` has these fields): ``mode`` the load
    (``PLASMA-S``, ``PLASMA-F``, ``WILD-WEASEL`` ...), ``complete`` a full load ready to fire,
    ``enveloping`` the last arming turn paid double (FP5)."""

    @property
    def mode(self) -> str: ...

    @property
    def complete(self) -> bool: ...

    @property
    def enveloping(self) -> bool: ...


def plasma_strength(record: SeekerRecord, travelled: int) -> int:
    """The warhead a plasma torpedo shows after ``travelled`` hexes (module docstring: FP1,
    FP1.611, FP5). A pseudo torpedo shows what a real one would (FP6)."""
    if record.kind != PLASMA:
        raise ValueError(f"{record.id} is not a plasma torpedo")
    left = max(0, plasma_warhead(record.plasma, travelled) - record.phaser_damage // 2)
    return left * 2 if record.enveloping else left


def impact_warhead(record: SeekerRecord, travelled: int) -> int:
    """The damage a torpedo scores at impact before any proximity roll: its strength, 0 for a
    pseudo torpedo (FP6)."""
    return 0 if record.pseudo else plasma_strength(record, travelled)


def plasma_spent(record: SeekerRecord, travelled: int, clock: int) -> bool:
    """Is the torpedo removed (FP1.42): warhead down to 0, or its impulses flown?"""
    if plasma_strength(record, travelled) <= 0:
        return True
    return record.expires_at is not None and clock >= record.expires_at


def torpedo_type(arming: ArmedLoad) -> str:
    """The torpedo a launcher holds: R, S, G, F or D (an S launcher may hold an F, FP2)."""
    return arming.mode.upper().removeprefix("PLASMA-")


def _launcher_fired(state: SeekingState, launcher: Unit, box: str, clock: int) -> Refusal | None:
    used = state.launcher(launcher.id, box)
    if used.fired_at is not None and turn_of(used.fired_at) == turn_of(clock):
        return Refusal("FP2", f"{box} has fired this turn; it must be armed again")
    return None


def _armed(arming: ArmedLoad | None, box: str) -> Refusal | None:
    if arming is None or not arming.mode.upper().startswith("PLASMA-") or not arming.complete:
        return Refusal("FP2.1", f"{box} holds no armed plasma torpedo")
    return None


def plasma_launch_refusal(
    state: SeekingState,
    launcher: Unit,
    target: Unit | None,
    weapon: Weapon,
    arming: ArmedLoad | None,
    *,
    clock: int,
    lock_on: bool,
    control_limit: int,
    pseudo: bool = False,
) -> Refusal | None:
    """May ``launcher`` launch the torpedo of ``weapon`` (armed as ``arming``; a ``pseudo``
    torpedo needs none) at ``target``? None, or the refusal (module docstring)."""
    box = weapon.box_ids[0]
    if weapon.family != "plasma":
        return Refusal("FP1", f"{box} is not a plasma launcher")
    used = state.launcher(launcher.id, box)
    if pseudo:
        own = first_refusal(
            Refusal("FP9.13", "there is no pseudo type-D torpedo") if weapon.type.upper() == "PLASMA-D" else None,
            Refusal("FP6", f"{box} has launched its one pseudo torpedo") if used.pseudo_at is not None else None,
            Refusal("FP6", f"{box} launched a real torpedo this impulse") if used.fired_at == clock else None,
        )
    else:
        own = first_refusal(
            _armed(arming, box),
            _launcher_fired(state, launcher, box, clock),
            Refusal("FP6", f"{box} launched its pseudo torpedo this impulse") if used.pseudo_at == clock else None,
        )
    return first_refusal(
        own,
        launcher_refusal(launcher, target, clock=clock, lock_on=lock_on,
                         controlled=state.controlled_by(launcher.id), control_limit=control_limit,
                         weapon=weapon),
    )


def launch_plasma(
    state: SeekingState,
    launcher: Unit,
    target: Unit | None,
    weapon: Weapon,
    arming: ArmedLoad | None,
    *,
    seeker_id: str,
    clock: int,
    lock_on: bool,
    control_limit: int,
    pseudo: bool = False,
    facing: int | None = None,
) -> Launched | Refusal:
    """Launch the torpedo of ``weapon`` at ``target`` (check and do; module docstring)."""
    refusal = plasma_launch_refusal(state, launcher, target, weapon, arming, clock=clock,
                                    lock_on=lock_on, control_limit=control_limit, pseudo=pseudo)
    if refusal is not None:
        return refusal
    if state.record(seeker_id) is not None:
        return Refusal("F2", f"seeker id {seeker_id!r} is already in use")
    assert target is not None
    box = weapon.box_ids[0]
    if pseudo:
        kind, enveloping = weapon.type.upper().removeprefix("PLASMA-"), False
    else:
        assert arming is not None
        kind, enveloping = torpedo_type(arming), arming.enveloping
    unit = new_seeker(seeker_id, launcher.side, hex=launcher.hex,
                      facing=launcher.facing if facing is None else facing,
                      speed=PLASMA_SPEED, target=target.id, kind=PLASMA)
    record = SeekerRecord(seeker_id, PLASMA, launcher.side, launcher.id, box, clock,
                          controller=launcher.id, expires_at=clock + PLASMA_ENDURANCE, plasma=kind,
                          enveloping=enveloping, pseudo=pseudo)
    used = state.launcher(launcher.id, box)
    used = LauncherState(used.unit, used.box, used.fired_at if pseudo else clock,
                         clock if pseudo else used.pseudo_at)
    new_state = state.with_launcher(used).with_record(record)
    label = f"plasma-{kind}" + (" (enveloping)" if enveloping else "")
    ev = event("launched", seeker_id, "FP1",
               f"{label} torpedo {seeker_id} launched from {launcher.id}'s {box} at {target.id}",
               launcher=launcher.id, box=box, target=target.id, plasma=kind, enveloping=enveloping,
               hex=launcher.hex.label)
    return Launched(unit, record, new_state, ev)


def bolt_refusal(
    state: SeekingState, launcher: Unit, weapon: Weapon, arming: ArmedLoad | None, clock: int,
) -> Refusal | None:
    """May the launcher fire its torpedo as a bolt (FP8) now? The shot itself (arc, range, fire
    control) is :func:`sfb_desk.rules.combat.check_shot`'s."""
    box = weapon.box_ids[0]
    if weapon.type.upper() == "PLASMA-D":
        return Refusal("FP9.13", "a type-D plasma torpedo cannot be fired as a bolt")
    return first_refusal(_armed(arming, box), _launcher_fired(state, launcher, box, clock))


def record_bolt(state: SeekingState, launcher: Unit, weapon: Weapon, clock: int) -> SeekingState:
    """The seeking state after the launcher's torpedo went as a bolt at ``clock`` (its arming is
    spent as after a launch)."""
    used = state.launcher(launcher.id, weapon.box_ids[0])
    return state.with_launcher(LauncherState(used.unit, used.box, clock, used.pseudo_at))
