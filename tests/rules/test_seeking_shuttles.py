"""Shuttles (J1, J2, J3): admin shuttles, bays, landing, suicide shuttles, wild weasels, scatter-packs.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; reference = basic-set-facts.md G5.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import pytest

from sfb_desk.rules.hexes import hex_from_label, neighbor
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.seeking import (
    Drone,
    Launched,
    SeekerRecord,
    SeekingState,
    WeaselLaunch,
    land_shuttle,
    launch_shuttle,
    launch_suicide,
    launch_weasel,
    scatter_pack_explosion,
    shuttle_max_speed,
    void_weasel,
    weasel_fire_refusal,
    weasel_void_reason,
)
from sfb_desk.rules.units import DRONE, PLASMA, SHUTTLE, EmState, HetState, MoveProfile, new_seeker, new_ship

HERE = hex_from_label("1010")


def ca(speed=4, nimble=False, **kw):
    ship = new_ship("CA", "fed", MoveProfile(nimble=nimble), hex=HERE, facing=0, speed=speed)
    return ship.with_(**kw) if kw else ship


def d7():
    return new_ship("D7", "kli", MoveProfile(), hex=hex_from_label("1004"), facing=3, speed=10)


def admin(state=None, clock=10, **kw):
    kw.setdefault("speed", 6)
    return launch_shuttle(state or SeekingState(), kw.pop("ship", ca()), kw.pop("bay", 1),
                          shuttle_id=kw.pop("sid", "AS1"), box=kw.pop("box", "shuttle#1"), clock=clock, **kw)


def test_admin_shuttle_speed_and_crippling():
    """J2: speed 6; crippled by 4 damage points (S0 L3217, FD7.112), then half speed rounded
    up (J1.331)."""
    assert shuttle_max_speed(None) == 6
    hurt = SeekerRecord("AS1", SHUTTLE, "fed", "CA", "shuttle#1", 1, mission="admin", damage=4)
    assert shuttle_max_speed(hurt) == 3


def test_launching_from_a_bay():
    """J1.50: one launch or recovery per bay an impulse, never two impulses running; C6.38 (AM):
    no launch within 4 impulses of an HET."""
    done = admin()
    assert isinstance(done, Launched)
    assert (done.unit.kind, done.unit.speed, done.unit.is_seeker, done.unit.hex) == (SHUTTLE, 6, False, HERE)
    assert done.record.mission == "admin" and done.record.controller is None
    assert admin(done.state, clock=11, sid="AS2").rule == "J1.50"
    assert isinstance(admin(done.state, clock=12, sid="AS2"), Launched)
    assert isinstance(admin(done.state, clock=11, sid="AS2", bay=2), Launched)
    assert admin(ship=ca(het=HetState(last_clock=8))).rule == "C6.38"
    assert admin(speed=7).rule == "J2"
    assert admin(done.state, clock=20).rule == "J1.50"  # AS1 is in flight
    assert admin(ship=d7().with_(speed=0, hex=HERE).with_(kind=SHUTTLE)).rule == "J1.50"


def test_landing_j1_61_and_j1_52():
    """J1.61: same hex, the ship no faster than the shuttle; J1.52: land once a turn, a quarter
    turn after launching, and launch again only a quarter turn after landing."""
    done = admin(clock=10)
    state, shuttle = done.state, done.unit
    assert land_shuttle(state, ca(), shuttle, 1, clock=17).rule == "J1.52"
    assert land_shuttle(state, ca(speed=8), shuttle, 1, clock=18).rule == "J1.61"
    away = shuttle.with_(hex=neighbor(HERE, 0))
    assert land_shuttle(state, ca(), away, 1, clock=18).rule == "J1.61"
    landed, state, ev = land_shuttle(state, ca(), shuttle, 1, clock=18)
    assert landed.status == "landed" and ev.rule == "J1.61"
    assert state.record("AS1").landed_at == 18
    relaunch = admin(state, clock=22, speed=6)
    assert relaunch.rule == "J1.52"  # within a quarter turn of landing
    assert isinstance(admin(state, clock=34), Launched)  # next turn, 16 impulses later


def test_suicide_shuttle_launch():
    """J2.2 (reference G5): the warhead is the energy rules' (twice the warp energy, at most 18;
    S0 L5986 (G27.632) "a fully-charged (18-point) suicide shuttle", L9918 (SH8.45) "Score 18
    points"). It flies as a seeking shuttle, under control (F3.2)."""

    def go(warhead, **kw):
        kw.setdefault("lock_on", True)
        kw.setdefault("control_limit", 6)
        return launch_suicide(kw.pop("state", SeekingState()), ca(), d7(), warhead, 1, shuttle_id="SS",
                              box="shuttle#1", clock=10, speed=6, **kw)

    done = go(18)
    assert done.record.warhead == 18 and done.unit.is_seeker and done.unit.target == "D7"
    assert done.record.controller == "CA" and done.state.controlled_by("CA") == 1
    assert go(4).record.warhead == 4
    assert go(0).rule == "J2.22"
    assert go(18, lock_on=False).rule == "D6.121"
    assert go(18, control_limit=0).rule == "F3.2"
    with pytest.raises(ValueError):
        go(20)


@dataclass(frozen=True)
class Arming:
    """A charged load as the energy rules record it (their WeaponArming has these fields)."""

    mode: str
    complete: bool = True
    enveloping: bool = False


def ww_arming(complete=True):
    return Arming("WILD-WEASEL", complete)


def test_weasel_launch_conditions():
    """J3.12 charged two turns; J3.131 speed at most 4; S0 L667 (C10.54): EM's cost added to the
    speed voids a weasel, though "a nimble ship ... could use EM at a speed of 1 or 0"; L704
    (C11.24)."""
    def go(ship, arming=None, **kw):
        return launch_weasel(kw.pop("state", SeekingState()), {}, ship, arming or ww_arming(), 2,
                             shuttle_id="WW", box="shuttle#2", clock=10, speed=0, **kw)

    assert isinstance(go(ca(speed=4)), WeaselLaunch)
    assert go(ca(speed=5)).rule == "J3.131"
    assert go(ca(speed=4), ww_arming(complete=False)).rule == "J3.12"
    assert go(ca(speed=0, em=EmState(active=True))).rule == "C10.54"
    assert isinstance(go(ca(speed=1, nimble=True, em=EmState(active=True))), WeaselLaunch)
    assert go(ca(speed=2, nimble=True, em=EmState(active=True))).rule == "C10.54"
    first = go(ca())
    assert go(ca(), state=first.state).rule == "J3"


def test_weasel_draws_seekers_and_blinds_its_ship():
    """J3.111: seekers targeted on the ship accept the weasel; S0 L3330-3336 (FD7.372, FD7.374):
    type-VI drones that have accepted their target are not distracted; J3.131/J3.132: the ship
    releases its seekers and may not fire."""
    units = {
        "D1": new_seeker("D1", "kli", hex=hex_from_label("1005"), facing=3, speed=20, target="CA"),
        "D6": new_seeker("D6", "kli", hex=hex_from_label("1005"), facing=3, speed=12, target="CA"),
        "P1": new_seeker("P1", "kli", hex=hex_from_label("1005"), facing=3, speed=32, target="CA", kind=PLASMA),
        "F1": new_seeker("F1", "fed", hex=HERE, facing=0, speed=20, target="D7"),
    }
    records = (
        SeekerRecord("D1", DRONE, "kli", "D7", "drone#1", 1, controller="D7", drone=Drone("I")),
        SeekerRecord("D6", DRONE, "kli", "D7", "drone#2", 1, controller="D7", drone=Drone("VI")),
        SeekerRecord("P1", PLASMA, "kli", "KR", "plasma#A", 1, controller="KR", plasma="S"),
        SeekerRecord("F1", DRONE, "fed", "CA", "drone#1", 1, controller="CA", drone=Drone("I")),
    )
    done = launch_weasel(SeekingState(seekers=records), units, ca(), ww_arming(), 2, shuttle_id="WW",
                         box="shuttle#2", clock=10, speed=0)
    assert {k: u.target for k, u in done.units.items()} == {"D1": "WW", "P1": "WW"}
    assert done.state.record("F1").controller is None and done.state.controlled_by("CA") == 0
    assert done.state.weasel_of("CA").id == "WW"
    assert weasel_fire_refusal(done.state, "CA").rule == "J3.132"
    assert weasel_fire_refusal(done.state, "D7") is None
    units = {**units, **done.units, "WW": done.launched.unit}
    reason = weasel_void_reason(ca(), passive_fire_control=True)
    assert reason.rule == "J3.41"  # S0 L2346 (D19.21): passive fire control voids a weasel
    back, state, events = void_weasel(done.state, units, "CA", reason)
    assert {k: u.target for k, u in back.items()} == {"D1": "CA", "P1": "CA"}  # S0 L1401 (C13.947)
    assert state.weasel_of("CA") is None and weasel_fire_refusal(state, "CA") is None
    assert events[0].kind == "weasel_void"
    exploding = done.state.with_record(replace(done.state.record("WW"), exploded_at=12))
    back, _, _ = void_weasel(exploding, units, "CA", reason)
    assert back == {}  # they keep tracking the explosion (FD7.332, J3.21)
    assert void_weasel(SeekingState(), units, "CA", reason) == ({}, SeekingState(), ())
    assert weasel_void_reason(ca(speed=3)) is None
    assert isinstance(weasel_void_reason(ca(speed=6)), Refusal)


def test_scatter_pack_explosion_fd7_421():
    """S0 L3398 (FD7.421): three times the drone spaces carried, fractions dropped: "If six drone
    spaces were carried, the explosive force would be equal to 18 points"."""
    assert scatter_pack_explosion(6) == 18
    assert scatter_pack_explosion(Fraction(11, 2)) == 16
