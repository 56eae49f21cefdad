"""The seeking rules as the sequencer calls them, impulse by impulse: 6B launch, 6A movement
(movement.seekers), 6A impact and expiry, 6D fire at seekers (the flow the report describes).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

from sfb_desk.rules.charts.impulse import moves_on
from sfb_desk.rules.combat import fire_weapon
from sfb_desk.rules.energy.arming import WeaponArming, suicide_warhead
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.movement.seekers import move_seeker
from sfb_desk.rules.seeking import (
    SeekingState,
    apply_shot,
    expire_seekers,
    find_impacts,
    launch_drone,
    launch_plasma,
    launch_suicide,
    launch_weasel,
    make_rack,
    resolve_impacts,
)
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import IMPULSES, MoveProfile, clock_of, new_ship



@dataclass(frozen=True)
class Arming:
    """An armed load as the energy rules record it (their WeaponArming has these fields)."""

    mode: str
    complete: bool = True
    enveloping: bool = False


RACK = Weapon("1", "DRONE", "drone", ("360",), rack_type="A")
LAUNCHER = Weapon("A", "PLASMA-R", "plasma", ("FP",))


def run(units, state, start_clock, stop_clock, *, fire=None):
    """6A movement of the seekers, impact, expiry, then 6D ``fire(units, state, clock)``."""
    impacts_seen, volleys = [], []
    for clock in range(start_clock, stop_clock + 1):
        impulse = (clock - 1) % IMPULSES + 1
        for uid, unit in list(units.items()):
            if unit.is_seeker and unit.status == "active" and moves_on(unit.speed, impulse):
                target = units.get(unit.target)
                units[uid] = move_seeker(unit, target.hex if target is not None else None)
        impacts = find_impacts(units, state)
        outcome = resolve_impacts(units, state, impacts, clock=clock)
        units.update(outcome.units)
        state = outcome.state
        impacts_seen.extend((clock, i) for i in impacts)
        volleys.extend(outcome.volleys)
        changed, state, _ = expire_seekers(units, state, clock)
        units.update(changed)
        if fire is not None:
            units, state = fire(units, state, clock)
    return units, state, impacts_seen, volleys


def test_a_drone_launched_at_range_five_hits_the_rear_shield():
    ca = new_ship("CA", "fed", MoveProfile(), hex=hex_from_label("1005"), facing=0, speed=0)
    d7 = new_ship("D7", "kli", MoveProfile(), hex=hex_from_label("1010"), facing=0, speed=0)
    state = SeekingState(racks=(make_rack("D7", RACK, year=170),))
    launched = launch_drone(state, d7, ca, RACK, seeker_id="D1", clock=clock_of(1, 1), lock_on=True,
                            control_limit=6)
    units = {"CA": ca, "D7": d7, "D1": launched.unit}
    units, state, impacts, volleys = run(units, launched.state, clock_of(1, 2), clock_of(1, 32))
    [(when, impact)] = impacts
    assert impact.shield == 4 and impact.warhead == 12  # it came up from the south (D3.4)
    assert units["D1"].status == "impacted" and units["D1"].travelled == 5
    assert [v.damage for v in volleys] == [12] and state.seekers == ()
    speed_20 = [i for i in range(1, 33) if moves_on(20, i)]
    assert when == clock_of(1, speed_20[4])  # the fifth impulse a speed-20 unit moves (C1.4)


def test_a_drone_that_cannot_catch_its_target_runs_out():
    """FD2: a type-I lives 3 turns; chasing a target that stays out of reach it leaves play."""
    far = new_ship("CA", "fed", MoveProfile(), hex=hex_from_label("1005"), facing=0, speed=0)
    d7 = new_ship("D7", "kli", MoveProfile(), hex=hex_from_label("1010"), facing=0, speed=0)
    state = SeekingState(racks=(make_rack("D7", RACK),))  # speed-8 drones
    launched = launch_drone(state, d7, far, RACK, seeker_id="D1", clock=clock_of(1, 1), lock_on=True,
                            control_limit=6)
    units = {"CA": far, "D7": d7, "D1": launched.unit}

    def flee(units, state, clock):  # the target keeps 3 hexes ahead (a stand-in for its movement)
        units["CA"] = units["CA"].with_(hex=units["D1"].hex + (0, -3, 3))
        return units, state

    units, state, impacts, _ = run(units, launched.state, clock_of(1, 2), clock_of(4, 32), fire=flee)
    assert impacts == [] and units["D1"].status == "destroyed" and state.seekers == ()
    assert units["D1"].travelled == 24  # 3 turns at speed 8


def test_a_plasma_torpedo_weakened_by_phasers_on_the_way_in():
    """FP1 + FP1.611: an R torpedo launched at range 10 arrives with 50 (0-10 hexes), less half
    the 9 phaser points it took on the way (4): 46."""
    ca = new_ship("CA", "fed", MoveProfile(), hex=hex_from_label("1005"), facing=3, speed=0)
    kr = new_ship("KR", "rom", MoveProfile(), hex=hex_from_label("1015"), facing=0, speed=0)
    arming = Arming("PLASMA-R")
    launched = launch_plasma(SeekingState(), kr, ca, LAUNCHER, arming, seeker_id="P1", clock=clock_of(1, 1),
                             lock_on=True, control_limit=6)
    units = {"CA": ca, "KR": kr, "P1": launched.unit}

    def phaser_once(units, state, clock):
        if clock == clock_of(1, 4) and state.record("P1") is not None:
            shot = apply_shot(state, units["P1"], fire_weapon("PH-1", true_range=0, roll=1))  # 9 points
            state = shot.state
        return units, state

    units, state, impacts, volleys = run(units, launched.state, clock_of(1, 2), clock_of(1, 20),
                                         fire=phaser_once)
    [(_, impact)] = impacts
    assert impact.warhead == 46 and impact.shield == 1  # up from the south onto the bow of a ship facing D
    assert volleys[0].damage == 46


def test_the_energy_rules_arming_records_drive_the_launches():
    """The energy rules' WeaponArming is an ArmedLoad: a complete enveloping S launches an EPT
    (FP5), a suicide shuttle armed 3+3+3 warp carries the seed's 18 points (S0 L5986, L9918),
    a charged weasel launches (J3.12)."""
    kr = new_ship("KR", "rom", MoveProfile(), hex=hex_from_label("1015"), facing=0, speed=4)
    ca = new_ship("CA", "fed", MoveProfile(), hex=hex_from_label("1005"), facing=3, speed=4)
    ept = WeaponArming("plasma#A", "PLASMA-S", "PLASMA-S", (F(2), F(2), F(8)), complete=True, enveloping=True)
    torp = launch_plasma(SeekingState(), kr, ca, Weapon("A", "PLASMA-S", "plasma", ("FP",)), ept,
                         seeker_id="P1", clock=5, lock_on=True, control_limit=6)
    assert torp.record.enveloping and torp.record.plasma == "S"
    suicide = WeaponArming("shuttle#1", "SHUTTLE", "SUICIDE", (F(3), F(3), F(3)), complete=True)
    shuttle = launch_suicide(SeekingState(), ca, kr, suicide_warhead(suicide), 1, shuttle_id="SS",
                             box="shuttle#1", clock=5, speed=6, lock_on=True, control_limit=6)
    assert shuttle.record.warhead == 18
    weasel = WeaponArming("shuttle#2", "SHUTTLE", "WILD-WEASEL", (F(1), F(1)), complete=True)
    ww = launch_weasel(SeekingState(), {}, ca, weasel, 2, shuttle_id="WW", box="shuttle#2", clock=5, speed=0)
    assert ww.launched.record.protects == "CA"
