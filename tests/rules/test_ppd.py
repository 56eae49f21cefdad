"""The ISC plasmatic pulsar device (E11; Module C2): arming, the pulse train, splash (E11.32)."""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.systems.ppd import fire, pulse, pulses_of, splash


def test_arming_gives_pulses_and_overloads():
    assert pulses_of(4, 4) == (4, False)  # E11.21: 4 + 4, four pulses
    assert pulses_of(4, 8) == (6, True) and pulses_of(4, 6) == (5, True)  # E11.61-62
    assert pulses_of(2, 2) == (2, False)  # E11.25 underload
    assert isinstance(pulses_of(5, 4), Refusal) and isinstance(pulses_of(4, 3), Refusal)


def test_the_e11_32_chart_in_the_splash():
    assert splash(8, 1) == {6: 1, 1: 4, 2: 1}  # 4-10: 1+4+1
    assert splash(12, 3) == {2: 1, 3: 3, 4: 1}  # 11-15: 1+3+1
    assert splash(27, 1) == {6: 1, 1: 1}  # 26-30: 1+1+0
    assert splash(35, 4) == {4: 1}  # 31-40: 0+1+0
    assert splash(8, 1, {1: 5, 2: 9}, hex_side=(1, 2)) == {1: 3, 2: 3}
    assert splash(12, 1, {1: 5, 2: 9}, hex_side=(1, 2)) == {1: 2, 2: 3}  # odd point to stronger


def test_an_isc_dreadnought_fires_a_ppd_volley():
    dn = load_library().get("ISC-DN")
    ppds = [f"ppd#{w.designator}" for w in dn.weapons_of("ppd")]
    assert len(ppds) == 4
    rolls = {"ppd#A": [9, None, None, None], "ppd#B": [10, 6, None, None],
             "ppd#C": [12, 12, 12, 12], "ppd#D": [3, None, None, None]}
    volleys = []
    for box in ppds:
        train = fire(box, "KLI-D7", 4, 8, turn=2, impulse=10)
        for roll in rolls[box]:
            done = pulse(train, 8, 8, roll, shield=1)
            train = done.train
            volleys.append((box, done.hit, done.total))
        assert train.pulses == 0
    hits = {box: sum(1 for b, h, _ in volleys if b == box and h) for box in ppds}
    assert hits == {"ppd#A": 4, "ppd#B": 3, "ppd#C": 0, "ppd#D": 4}  # lock after the first hit
    assert sum(t for _, _, t in volleys) == 11 * 6  # each pulse its own 6-point volley (E11.332)


def test_myopic_zone_and_range_limits():
    assert isinstance(fire("ppd#A", "X", 4, 3), Refusal)
    assert isinstance(fire("ppd#A", "X", 6, 9, overload=True), Refusal)
    train = fire("ppd#A", "X", 4, 5)
    locked = pulse(train, 5, 5, 2, shield=1).train
    assert pulse(locked, 3, 3, None, shield=1).damage == {}  # E11.51: locked, no damage


def test_e11_333_example_miss_then_lock():
    """E11.333: range 12, the first roll 11 misses (pulse 1 lost), a 4 locks on pulse 2, and
    pulses 3 and 4 hit without rolling."""
    train = fire("ppd#A", "X", 4, 12)
    first = pulse(train, 12, 12, 11, shield=1)
    assert not first.hit and first.damage == {}
    second = pulse(first.train, 12, 12, 4, shield=1)
    assert second.hit and second.total == 5  # 11-15: 1+3+1
    third = pulse(second.train, 12, 12, None, shield=1)
    fourth = pulse(third.train, 12, 12, None, shield=1)
    assert third.hit and fourth.hit and fourth.train.pulses == 0


def test_e11_34_example_lost_lock_rolls_again():
    """E11.34: after the lock, more ECM forces a roll on pulse 3; it fails (no damage) and
    pulse 4 rolls again."""
    from dataclasses import replace

    train = pulse(pulse(fire("ppd#A", "X", 4, 12), 12, 12, 11, shield=1).train,
                  12, 12, 4, shield=1).train
    third = pulse(replace(train, locked=False), 12, 12, 12, shield=1)
    assert not third.hit and third.damage == {} and not third.train.locked
    assert pulse(third.train, 12, 12, 8, shield=1).hit  # rolls again on pulse 4


def test_e11_52_example_damage_follows_true_range():
    """E11.52: range 10 then 11 then 10: 6, 5 and 6 points."""
    train = pulse(fire("ppd#A", "X", 4, 10), 10, 10, 2, shield=1).train
    done = []
    for rng in (10, 11, 10):
        p = pulse(train, rng, rng, None, shield=1)
        done.append(p.total)
        train = p.train
    assert done == [6, 5, 6]


def test_e11_352_splash_example_and_the_two_point_case():
    assert splash(6, 3) == {2: 1, 3: 4, 4: 1}  # E11.352: six points facing #3
    shields = {1: 10, 2: 3, 6: 8}
    assert splash(28, 1, shields) == {6: 1, 1: 1}  # 1+1+0: the stronger side (#6) takes it
    assert splash(28, 1, {1: 10, 2: 9, 6: 3}) == {1: 1, 2: 1}
    assert splash(6, 1, centre_only=True) == {1: 4}  # E11.353: a drone at range 6 takes 4


def test_e11_23_example_pulses_run_into_the_next_turn():
    """E11.23: fired on impulse 31 of turn 2, the pulses fall on 31, 32 and 1, 2 of turn 3."""
    from sfb_desk.rules.units import clock_of

    start = clock_of(2, 31)
    clocks = [start + k for k in range(4)]
    assert [((c - 1) // 32 + 1, (c - 1) % 32 + 1) for c in clocks] == [(2, 31), (2, 32),
                                                                      (3, 1), (3, 2)]


def test_e11_54_lock_breaks():
    from sfb_desk.rules.systems.ppd import lock_broken

    train = fire("ppd#A", "X", 6, 6, overload=True)
    base = dict(true_range=6, in_arc=True, target_active=True, box_destroyed=False,
                fire_control=True, web_between=False)
    assert lock_broken(train, **base) is None
    assert lock_broken(train, **{**base, "true_range": 9}) == "E11.522"
    assert lock_broken(train, **{**base, "web_between": True}) == "E11.547"
    assert lock_broken(train, **{**base, "in_arc": False}) == "E11.541"
    assert lock_broken(train, **{**base, "target_active": False}) == "E11.542"
    assert lock_broken(train, **{**base, "box_destroyed": True}) == "E11.544"
    assert lock_broken(train, **{**base, "fire_control": False}) == "E11.549"


def test_e11_12_and_e12_12_ppds_and_web_casters_go_on_drone_hits():
    from sfb_desk.rules.damage import DamageState, Volley, allocate_damage

    lib = load_library()
    for ship, family in (("ISC-DN", "ppd#"), ("THO-NCL", "webcaster#")):
        spec = lib.get(ship)
        done = allocate_damage(spec, DamageState.for_ship(spec), Volley(1, shields=(1,)), [3])
        assert any(b.startswith(family) for b in done.state.destroyed), ship  # roll 3: Drone


def test_e11_39_example_general_reinforcement_goes_on_the_first_pulse():
    """E11.39: 1 on #2, 4 on #1, 1 on #6; 2 points of general reinforcement. One stops the
    point on #6 (down); the other must be used now, on #1, not kept for the next pulse."""
    from sfb_desk.rules.combat import CombatTarget, Hit, VolleyGroup, shield_phase
    from sfb_desk.rules.combat.shields import ShieldState
    from sfb_desk.rules.combat.volley import PPD_STEP

    spec = load_library().get("KLI-D7")
    shields = ShieldState.fresh(spec.shields)
    shields = ShieldState(boxes=(*shields.boxes[:5], 0), printed=shields.printed, general=2)
    target = CombatTarget("D7", spec, shields)
    damage = splash(8, 1)
    assert damage == {6: 1, 1: 4, 2: 1}
    hits = tuple(Hit("DN", "D7", v, k, None, PPD_STEP, "ppd#A") for k, v in damage.items())
    phase = shield_phase(target, VolleyGroup("D7", PPD_STEP, hits, shield=1, splash=True))
    assert phase.internal == 0 and phase.shields.general == 0
    lost = [b - a for a, b in zip(phase.shields.boxes, shields.boxes)]
    assert lost == [3, 1, 0, 0, 0, 0]  # #1 takes 3 (one stopped), #2 one, #6 none


def test_e11_17_fleet_limit():
    from sfb_desk.rules.systems.ppd import ppd_fleet_limit

    assert ppd_fleet_limit(4, 11) == 8  # "a maximum of eight PPDs in a standard 11-ship fleet"
    assert ppd_fleet_limit(4, 20) == 9  # "an overall limit of nine"
    assert ppd_fleet_limit(6, 1) == 4 and ppd_fleet_limit(2, 4) == 3


def test_e11_332_example_phasers_through_the_shields_a_pulse_came_through():
    """E11.332: shields #1-#3 down, a PPD on #3: the splash strikes #2, #3 and #4; internal
    damage comes through #2 and #3 only (so phasers firing only through #1 are safe)."""
    from sfb_desk.rules.combat import CombatTarget, Hit, VolleyGroup, shield_phase
    from sfb_desk.rules.combat.shields import ShieldState
    from sfb_desk.rules.combat.volley import PPD_STEP

    spec = load_library().get("KLI-D7")
    fresh = ShieldState.fresh(spec.shields)
    shields = ShieldState(boxes=(0, 0, 0, *fresh.boxes[3:]), printed=fresh.printed)
    hits = tuple(Hit("DN", "D7", v, k, None, PPD_STEP, "ppd#A")
                 for k, v in splash(8, 3).items())
    phase = shield_phase(CombatTarget("D7", spec, shields),
                         VolleyGroup("D7", PPD_STEP, hits, shield=3, splash=True))
    assert phase.penetrated == (2, 3) and phase.internal == 5


def test_e11_354_a_pulse_on_a_two_bank_andromedan():
    from sfb_desk.rules.systems.ppd import two_bank_split

    def bank(p):
        return "fwd" if p in (6, 1, 2) else "aft"

    assert two_bank_split(splash(8, 1), 1, bank) == {"fwd": 6}  # #1: all forward
    assert two_bank_split(splash(8, 4), 4, bank) == {"aft": 6}  # #4: all aft
    assert two_bank_split(splash(8, 2), 2, bank) == {"aft": 1, "fwd": 5}  # larger side aft
    assert two_bank_split(splash(8, 3), 3, bank) == {"fwd": 1, "aft": 5}  # larger side fwd
    # 1+1+0 on #6: the first 1 is the larger splash element and strikes the opposite panels
    assert two_bank_split(splash(28, 6), 6, bank) == {"aft": 1, "fwd": 1}
    assert two_bank_split(splash(28, 5), 5, bank) == {"fwd": 1, "aft": 1}
    # the #2/#3 border: the Alt line, each element to its own bank
    assert two_bank_split(splash(8, 2, {2: 0, 3: 0}, hex_side=(2, 3)), 2, bank) == {
        "fwd": 3, "aft": 3}
