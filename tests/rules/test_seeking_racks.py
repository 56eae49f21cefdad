"""Drone and anti-drone racks (FD3, FD4, FD2.42, E5.52, E5.74), launches (FD1, F3.2, D6.121).

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; reference = basic-set-facts.md G4.2, G4.3.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.data.library import load_library
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.seeking import (
    ADD_ROUND,
    Drone,
    Launched,
    SeekingOptions,
    SeekingState,
    control_limit,
    control_refusal,
    is_seeker_armed,
    launch_drone,
    launch_gap,
    launch_rate,
    launch_refusal,
    make_rack,
    rack_launch_refusal,
    reload_rack,
)
from sfb_desk.rules.seeking.racks import add_round_refusal, spend_add_round, take_drone
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import DRONE, IMPULSES, MoveProfile, clock_of, new_ship


def rack_weapon(rack="A", arcs=("360",), designator="1", reloads=None) -> Weapon:
    return Weapon(designator, "DRONE", "drone", arcs, rack_type=rack, reloads=reloads)


ADD_WEAPON = Weapon("A", "ADD", "add", ("360",))


def ship(uid="CS", at="1010", facing=0, side="kzi", **kw):
    return new_ship(uid, side, MoveProfile(), hex=hex_from_label(at), facing=facing, speed=10, **kw)


def state_with(*racks) -> SeekingState:
    return SeekingState(racks=tuple(racks))


# --- rack contents -----------------------------------------------------------------------------


def test_a_rack_from_a_ship_file_is_full_with_one_reload_set():
    """The Kzinti CS's four type-A racks (ssd_data, 360 degrees): 4 spaces each (reference G4.2)
    filled with type-I drones at the speed of the year (FD10.65), one reload set."""
    cs = load_library().get("KZI-CS")
    racks = [make_rack("CS", w, year=180) for w in cs.weapons if w.type == "DRONE"]
    assert len(racks) == 4
    assert all(r.type == "A" and len(r.drones) == 4 and r.drones[0].top_speed == 32 for r in racks)
    assert all(len(r.reloads) == 4 for r in racks)
    assert is_seeker_armed(cs)


def test_rack_capacities_and_reload_sets():
    b = make_rack("S", rack_weapon("B"))
    c = make_rack("S", rack_weapon("C"))
    d = make_rack("S", rack_weapon("D"))
    assert (len(b.loaded), len(b.reloads)) == (6, 6)
    assert (len(c.loaded), len(c.reloads)) == (4, 8)
    assert (len(d.loaded), len(d.reloads)) == (12, 0)
    assert len(make_rack("S", rack_weapon("A", reloads=3)).reloads) == 12  # the ship file's count
    assert len(make_rack("S", rack_weapon("A"), reload_sets=0).reloads) == 0
    e = make_rack("S", rack_weapon("E"), [Drone("VI")] * 8)
    assert e.used == 4
    with pytest.raises(ValueError):
        make_rack("S", rack_weapon("E"), [Drone("VI")] * 9)
    with pytest.raises(ValueError):
        make_rack("S", rack_weapon("Q"))


def test_add_racks_hold_6_rounds_12_after_the_refit():
    """E5.52; S0 L8343: the Y175 refit "does increase the ADD to 12 rounds"."""
    assert make_rack("CA", ADD_WEAPON).add_rounds == 6
    assert make_rack("CA", ADD_WEAPON, refit=True).add_rounds == 12


def test_g_racks_mix_drones_and_add_rounds_at_half_a_space():
    """Reference G4.2/G4.3 (S0 L10182): a type-G rack holds drones and ADD rounds, 1/2 space each."""
    g = make_rack("CA", rack_weapon("G"), [Drone("I"), Drone("I"), *[ADD_ROUND] * 4])
    assert g.used == 4 and g.add_rounds == 4
    with pytest.raises(ValueError):
        make_rack("CA", rack_weapon("G"), [Drone("I")] * 3 + [ADD_ROUND] * 4)
    with pytest.raises(ValueError):
        make_rack("CA", rack_weapon("A"), [ADD_ROUND])  # only G racks carry ADD rounds


# --- launch rate and spacing -------------------------------------------------------------------


def test_a_type_a_rack_launches_one_drone_a_turn():
    """FD1.21 (reference G4.2): one drone per rack per turn."""
    rack = make_rack("CS", rack_weapon("A"))
    assert rack_launch_refusal(rack, clock_of(1, 5)) is None
    rack, drone = take_drone(rack, 0, clock_of(1, 5))
    assert drone == Drone("I") and len(rack.drones) == 3
    refused = rack_launch_refusal(rack, clock_of(1, 20))
    assert isinstance(refused, Refusal) and refused.rule == "FD4"
    assert rack_launch_refusal(rack, clock_of(2, 1)) is None


def test_spacing_counts_across_the_turn_boundary():
    """E1.50 / FD4 (decisions.md FD4): 8 impulses between launches from one rack, across turns;
    the option reads JP's audit (no gap)."""
    rack, _ = take_drone(make_rack("CS", rack_weapon("A")), 0, clock_of(1, 30))
    refused = rack_launch_refusal(rack, clock_of(2, 5))
    assert isinstance(refused, Refusal) and "7 impulse" in refused.message
    assert rack_launch_refusal(rack, clock_of(2, 6)) is None
    assert rack_launch_refusal(rack, clock_of(2, 5), options=SeekingOptions(drone_rack_gap=0)) is None


def test_type_c_launches_two_a_turn_twelve_impulses_apart():
    """Reference G4.2 (AM, SP; TG one a turn: the option)."""
    rack = make_rack("S", rack_weapon("C"))
    assert (launch_rate(rack), launch_gap(rack)) == (2, 12)
    rack, _ = take_drone(rack, 0, clock_of(1, 3))
    assert rack_launch_refusal(rack, clock_of(1, 14)).rule == "FD4"
    rack, _ = take_drone(rack, 0, clock_of(1, 15))
    assert "2 drone(s) a turn" in rack_launch_refusal(rack, clock_of(1, 30)).message
    assert launch_rate(rack, SeekingOptions(rack_c_launches=1)) == 1


def test_type_e_launches_four_a_turn_eight_apart():
    rack = make_rack("S", rack_weapon("E"), [Drone("VI")] * 8)
    for impulse in (1, 9, 17, 25):
        assert rack_launch_refusal(rack, clock_of(1, impulse)) is None
        rack, _ = take_drone(rack, 0, clock_of(1, impulse))
    assert rack_launch_refusal(rack, clock_of(1, 32)).rule == "FD4"


def test_battle_pod_d_rack_fires_one_drone_a_turn():
    """S0 L8341 (R5.15): "Each group of three racks on a battle pod is a single D-rack (FD3.4)
    firing one drone per turn." """
    rack, _ = take_drone(make_rack("TUG", rack_weapon("D")), 0, clock_of(3, 2))
    assert len(rack.drones) == 11
    assert rack_launch_refusal(rack, clock_of(3, 30)).rule == "FD4"


# --- reloading -----------------------------------------------------------------------------------


def test_reloading_two_spaces_a_turn_out_of_action():
    """FD2.421 (reference G4.2): at most 2 spaces per rack per turn, only if it did not fire; the
    rack is out of action that turn (FD2.42 as FP10.23 S0 L4052 and M9.19 L6692 describe it)."""
    rack = make_rack("CS", rack_weapon("A"))
    for n in range(3):
        rack, _ = take_drone(rack, 0, clock_of(1 + n, 1))
    fired = reload_rack(rack, [Drone("I")], turn=3)
    assert isinstance(fired, Refusal) and fired.rule == "FD2.421"
    rack = reload_rack(rack, [Drone("I"), Drone("I")], turn=4)
    assert len(rack.drones) == 3 and len(rack.reloads) == 2
    assert reload_rack(rack, [Drone("I")], turn=4).rule == "FD2.421"  # 2 spaces done this turn
    assert rack_launch_refusal(rack, clock_of(4, 20)).rule == "FD2.42"
    assert rack_launch_refusal(rack, clock_of(5, 1)) is None
    heavy = reload_rack(rack, [Drone("IV")], turn=5)
    assert isinstance(heavy, Refusal) and heavy.rule == "FD2.42"  # not in the reload storage


def test_add_rounds_one_an_impulse_and_reloads_of_four():
    """E5.13 one round an impulse; E5.52 rounds; E5.74 at most 4 rounds a turn, not in a turn
    the rack fired (reference G4.3)."""
    rack = make_rack("CA", ADD_WEAPON)
    clock = clock_of(1, 4)
    rack = spend_add_round(rack, clock)
    assert add_round_refusal(rack, clock).rule == "E5.13"
    for impulse in range(5, 10):
        rack = spend_add_round(rack, clock_of(1, impulse))
    assert add_round_refusal(rack, clock_of(1, 11)).rule == "E5.52"
    assert reload_rack(rack, [ADD_ROUND] * 4, turn=1).rule == "E5.74"
    assert reload_rack(rack, [ADD_ROUND] * 5, turn=2).rule == "E5.74"
    rack = reload_rack(rack, [ADD_ROUND] * 4, turn=2)
    assert rack.add_rounds == 4 and add_round_refusal(rack, clock_of(2, 9)).rule == "E5.74"
    assert add_round_refusal(rack, clock_of(3, 1)) is None
    assert add_round_refusal(make_rack("CS", rack_weapon("A")), 1).rule == "E5"


# --- launching -----------------------------------------------------------------------------------


def test_control_limits_f3_2():
    """F3.21/F3.211 (reference G4.2); S0 L14522 and L14791 (double the sensor rating); S0 L8343
    (a battle pod controls three more); G24.24 (a scout channel, six)."""
    assert control_limit(6) == 6 and control_limit(5, seeker_armed=False) == 3
    assert control_limit(6, double=True) == 12 and control_limit(6, extra=3) == 9
    assert control_limit(3, scout_channel=True) == 9
    assert control_refusal(6, 6, "CS").rule == "F3.2" and control_refusal(5, 6) is None
    fed_ca = load_library().get("FED-CA")
    assert is_seeker_armed(fed_ca) == any(w.family in ("drone", "plasma") for w in fed_ca.weapons)


def _launch(state, launcher, target, weapon, clock, **kw) -> Launched | Refusal:
    kw.setdefault("lock_on", True)
    kw.setdefault("control_limit", 6)
    return launch_drone(state, launcher, target, weapon, seeker_id=kw.pop("sid", "D1"), clock=clock, **kw)


def test_launch_drone_makes_a_seeker_unit_and_record():
    weapon = rack_weapon("A")
    cs, enemy = ship(), ship("CA", at="1005", side="fed")
    state = state_with(make_rack("CS", weapon, year=170))
    done = _launch(state, cs, enemy, weapon, clock_of(2, 7), facing=3)
    assert isinstance(done, Launched)
    unit, record = done.unit, done.record
    assert (unit.kind, unit.hex, unit.facing, unit.speed, unit.target, unit.side) == (
        DRONE, cs.hex, 3, 20, "CA", "kzi")
    assert record.controller == "CS" and record.expires_at == clock_of(2, 7) + 3 * IMPULSES
    assert done.state.controlled_by("CS") == 1
    assert len(done.state.rack("CS", "drone#1").drones) == 3
    assert done.event.kind == "launched" and done.event.get("target") == "CA"
    again = _launch(done.state, cs, enemy, weapon, clock_of(3, 7), sid="D1")
    assert isinstance(again, Refusal) and "in use" in again.message


def test_launch_refusals_name_their_rules():
    weapon = rack_weapon("A", arcs=("FA",))
    cs, enemy = ship(), ship("CA", at="1005", side="fed")
    behind = ship("CB", at="1015", side="fed")
    state = state_with(make_rack("CS", weapon))
    clock = clock_of(1, 10)

    def rule(**kw):
        target = kw.pop("target", enemy)
        launcher = kw.pop("launcher", cs)
        kw.setdefault("lock_on", True)
        kw.setdefault("control_limit", 6)
        refusal = launch_refusal(kw.pop("state", state), launcher, target, kw.pop("weapon", weapon),
                                 clock=clock, **kw)
        return refusal.rule if refusal else None

    assert rule() is None
    assert rule(lock_on=False) == "D6.121"
    assert rule(control_limit=0) == "F3.2"
    assert rule(target=behind) == "D2"
    assert rule(target=None) == "F3.0" and rule(target=cs) == "F3.0"
    assert rule(launcher=replace(cs, no_fire_until=clock + 1)) == "C6.5472"
    assert rule(state=SeekingState()) == "FD3"
    assert rule(index=4) == "FD2.4"
    same_hex = ship("CC", at="1010", side="fed")
    assert rule(target=same_hex) == "D2"  # only the 360 arc holds a unit in the launcher's hex


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 2), st.integers(0, 3)), min_size=1, max_size=40),
       st.integers(0, 8))
def test_launch_limits_never_exceeded(steps, gap):
    """Property: whatever order launches are attempted in, every successful launch respects the
    rack's launches a turn, its spacing, its load and the control limit (FD4, E1.50, F3.2)."""
    options = SeekingOptions(drone_rack_gap=gap)
    weapons = [rack_weapon(t, designator=str(n)) for n, t in enumerate(("A", "C", "E"), start=1)]
    contents = [None, None, [Drone("VI")] * 8]
    state = state_with(*(make_rack("CS", w, c) for w, c in zip(weapons, contents, strict=True)))
    cs, enemy = ship(), ship("CA", at="1005", side="fed")
    clock, limit, done = 1, 5, []
    for n, (advance, which, index) in enumerate(steps):
        clock += advance
        result = _launch(state, cs, enemy, weapons[which], clock, sid=f"D{n}", index=index,
                         control_limit=limit, options=options)
        if isinstance(result, Launched):
            state = result.state
            done.append((which, clock))
        assert state.controlled_by("CS") <= limit
    for which, weapon in enumerate(weapons):
        rack = state.rack("CS", weapon.box_ids[0])
        mine = [c for w, c in done if w == which]
        rate, spacing = launch_rate(rack, options), launch_gap(rack, options)
        turns = [(c - 1) // IMPULSES for c in mine]
        assert all(turns.count(t) <= rate for t in set(turns))
        assert all(b - a >= spacing for a, b in zip(mine, mine[1:]))
        start = 8 if which == 2 else 4
        assert len(rack.drones) == start - len(mine)
    assert sum(1 for _ in done) == state.controlled_by("CS")
    assert Fraction(0) <= state.rack("CS", "drone#3").used <= 4
