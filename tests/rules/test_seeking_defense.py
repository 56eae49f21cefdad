"""Fire at seeking weapons: anti-drones (E5), phasers and other direct fire (FD1.51, FD1.54, FP1.611).

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002; reference = basic-set-facts.md G3, G4.3.
"""

from __future__ import annotations

import pytest

from sfb_desk.rules.charts.phasers import phaser_damage
from sfb_desk.rules.combat import fire_weapon
from sfb_desk.rules.hexes import hex_from_label, neighbor
from sfb_desk.rules.seeking import (
    AddShot,
    Drone,
    SeekerRecord,
    SeekingState,
    apply_shot,
    damage_seeker,
    destroy_value,
    drone_ecm_penalty,
    fire_add,
    make_rack,
)
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import DRONE, PLASMA, SHUTTLE, EmState, MoveProfile, clock_of, new_seeker, new_ship

HERE = hex_from_label("1010")
ADD = Weapon("A", "ADD", "add", ("360",))


def ca(**kw):
    return new_ship("CA", "fed", MoveProfile(), hex=HERE, facing=0, speed=8, **kw)


def drone_at(distance, uid="D1", kind=DRONE):
    at = HERE
    for _ in range(distance):
        at = neighbor(at, 0)
    return new_seeker(uid, "kli", hex=at, facing=3, speed=20, target="CA", kind=kind)


def state(*records, rack=True):
    racks = (make_rack("CA", ADD),) if rack else ()
    return SeekingState(seekers=tuple(records), racks=racks)


def drone_rec(uid="D1", drone=Drone("IV", armor=4)):
    return SeekerRecord(uid, DRONE, "kli", "D7", "drone#1", 1, controller="D7", drone=drone)


def test_an_add_hit_destroys_a_drone_whatever_its_armor():
    """E5 chart (range 2 hits on 1-3); E5.2: a hit destroys the drone (here an armored type-IV
    needing 10 points)."""
    s = state(drone_rec())
    shot = fire_add(s, ca(), "add#A", drone_at(2), clock=clock_of(1, 3), roll=3, lock_on=True)
    assert isinstance(shot, AddShot) and shot.result.hit and shot.destroyed == "D1"
    assert shot.unit.id == "D1" and shot.unit.status == "destroyed"
    assert shot.state.record("D1") is None and shot.state.rack("CA", "add#A").add_rounds == 5
    assert [e.rule for e in shot.events] == ["E5", "E5.2"]
    miss = fire_add(s, ca(), "add#A", drone_at(2), clock=clock_of(1, 3), roll=4, lock_on=True)
    assert not miss.result.hit and miss.destroyed is None and miss.state.record("D1") is not None
    assert miss.state.rack("CA", "add#A").add_rounds == 5  # the round is spent either way


def test_add_refusals_and_em_penalty():
    """E5 range 1-3 (the chart prints no number at 0 and 4+); E5.14 lock-on; E5.13 one round an
    impulse; E5.32 no effect on plasma; S0 L615 (C10.49): "ADDs ... on a unit using EM are
    penalized by a +1 shift"."""
    s = state(drone_rec(), SeekerRecord("P1", PLASMA, "kli", "KR", "plasma#A", 1, plasma="S"))
    clock = clock_of(1, 3)

    def go(target=None, **kw):
        kw.setdefault("lock_on", True)
        kw.setdefault("roll", 1)
        return fire_add(kw.pop("state", s), kw.pop("firer", ca()), "add#A", target or drone_at(2),
                        clock=clock, **kw)

    assert go(drone_at(4)).rule == "E5"
    assert go(drone_at(0)).rule == "E5"
    assert go(lock_on=False).rule == "E5.14"
    assert go(drone_at(2, "P1", PLASMA)).rule == "E5.32"
    assert go(state=state(drone_rec(), rack=False)).rule == "E5"
    once = go(roll=6)
    assert go(state=once.state).rule == "E5.13"
    em = ca().with_(em=EmState(active=True))
    assert not go(drone_at(3), roll=4, firer=em).result.hit  # 4 + 1 > 4 at range 3
    assert go(drone_at(3), roll=4).result.hit


def test_phasers_damage_drones_to_destruction():
    """FD1.54: a type-I (4 points to destroy) survives a 3-point phaser hit and dies to the
    next."""
    s = SeekingState(seekers=(drone_rec(drone=Drone("I")),))
    target = drone_at(2)
    assert phaser_damage("PH-3", 4, 2) == 3 and phaser_damage("PH-3", 6, 2) == 1
    first = apply_shot(s, target, fire_weapon("PH-3", true_range=2, roll=4))
    assert first.destroyed is None and first.unit is None and first.state.record("D1").damage == 3
    second = apply_shot(first.state, target, fire_weapon("PH-3", true_range=2, roll=6))
    assert second.destroyed == "D1" and second.state.record("D1") is None
    assert second.unit.status == "destroyed"


def test_phasers_weaken_plasma_other_fire_does_not():
    """FP1.611: 2 phaser points take 1 off the warhead; FP1.62: a photon does nothing."""
    rec = SeekerRecord("P1", PLASMA, "kli", "KR", "plasma#A", 1, plasma="S")
    s = SeekingState(seekers=(rec,))
    torp = drone_at(2, "P1", PLASMA).with_(travelled=4)
    assert phaser_damage("PH-1", 1, 2) == 7
    hit = apply_shot(s, torp, fire_weapon("PH-1", true_range=2, roll=1))
    assert hit.state.record("P1").phaser_damage == 7 and hit.destroyed is None
    assert hit.events[0].get("warhead") == 27  # 30 - 7 // 2
    photon = apply_shot(s, torp, fire_weapon("PHOTON", true_range=2, roll=1))
    assert photon.state.record("P1").phaser_damage == 0 and photon.events[0].rule == "FP1.62"


def test_shuttles_are_crippled_at_four_and_destroyed_at_six():
    """J2 (reference G5); S0 L3217 (FD7.112: an admin shuttle with 4 damage is crippled)."""
    rec = SeekerRecord("AS", SHUTTLE, "fed", "CA", "shuttle#1", 1, mission="admin")
    assert destroy_value(rec) == 6
    s = SeekingState(seekers=(rec,))
    shuttle = new_ship("AS", "fed", MoveProfile(), hex=HERE, facing=0, kind=SHUTTLE)
    hurt = damage_seeker(rec, 4, "PH-1")
    assert hurt.crippled and not hurt.destroyed
    assert phaser_damage("PH-1", 1, 0) == 9
    dead = apply_shot(s, shuttle, fire_weapon("PH-1", true_range=0, roll=1))
    assert dead.destroyed == "AS"
    assert destroy_value(SeekerRecord("P1", PLASMA, "kli", "KR", "plasma#A", 1, plasma="S")) is None


def test_fd1_51_ecm_penalty_for_non_phaser_fire_at_drones():
    """FD1.51 (reference G3, Med): photons, disruptors, fusion, hellbores, plasma bolts fire at
    drones with 4 points of ECM against them; phasers and ADDs do not; S2 L1177 (E14.215): "A
    web fist is not penalized when firing at drones"."""
    assert [drone_ecm_penalty(w) for w in ("PHOTON", "DISRUPTOR", "FUSION", "HELLBORE", "PLASMA-S")] == [4] * 5
    assert [drone_ecm_penalty(w) for w in ("PH-1", "ph-g", "ADD", "WEB-FIST")] == [0] * 4


def test_apply_shot_needs_a_record():
    with pytest.raises(ValueError):
        apply_shot(SeekingState(), drone_at(1), fire_weapon("PH-1", true_range=1, roll=1))
    with pytest.raises(ValueError):
        damage_seeker(drone_rec(), -1, "PH-1")
