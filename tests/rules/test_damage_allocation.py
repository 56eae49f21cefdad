"""Hand-worked DAC volleys (D4.2-D4.4), checked against the chart (reference 5.1) by hand.

The Fed CA is the library's ship file; its box counts are asserted first so that a change to
the file shows up here as the reason a walk changed. Other ships are built directly.
"""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.damage import (
    AFTER_DESTRUCTION,
    DESTROYS_SHIP,
    EXCESS,
    FRESH,
    DamageOptions,
    DamageState,
    Volley,
    allocate_damage,
)
from sfb_desk.rules.ship import ShipSpec, Weapon
from test_damage_support import make_ship, walk


@pytest.fixture(scope="module")
def fed_ca() -> ShipSpec:
    ca = load_library().get("FED-CA")
    # The counts the walks below were worked out with (the ship file, R2.4).
    assert dict(ca.systems) == {
        "bridge": 2, "emergency_bridge": 2, "aux_control": 2, "left_warp": 15, "right_warp": 15,
        "impulse": 4, "battery": 4, "forward_hull": 12, "aft_hull": 4, "lab": 8,
        "transporter": 3, "tractor": 2, "probe": 1,
    }
    assert ca.shuttle_boxes == 4 and ca.excess_damage == 6
    assert len(ca.sensor_track) == len(ca.damage_control_track) == 6
    assert [w.box_ids[0] for w in ca.weapons] == [
        "phaser#1", "phaser#2", "phaser#3", "phaser#4", "phaser#5", "phaser#6",
        "photon#A", "photon#B", "photon#C", "photon#D",
    ]
    return ca


def test_roll_7_walks_past_cargo_to_f_hull(fed_ca):
    """Row 7: A Cargo (the CA has none, skipped: D4.22), B F Hull."""
    result = allocate_damage(fed_ca, FRESH, Volley(2), [7, 7])
    assert walk(result) == [("B", "forward_hull#1"), ("B", "forward_hull#2")]
    first = result.events[0]
    assert (first.roll, first.entry, first.system, first.outcome) == (7, "F Hull", "forward_hull", "box")


def test_bold_entry_is_scored_once_per_volley(fed_ca):
    """Row 2: Bridge*, Flag Bridge*, Sensor*, Damage Control*, A Hull* are bold (D4.31): four
    roll-2 points in one volley walk A, (B: no flag bridge on the CA), C, D, E; a new volley
    opens the bold cells again."""
    result = allocate_damage(fed_ca, FRESH, Volley(4), [2, 2, 2, 2])
    assert walk(result) == [
        ("A", "bridge#1"), ("C", "sensor#1"), ("D", "damage_control#1"), ("E", "aft_hull#1"),
    ]
    again = allocate_damage(fed_ca, result.state, Volley(1), [2])
    assert walk(again) == [("A", "bridge#2")]


def test_bold_entry_without_boxes_is_not_used_up():
    """A bold entry skipped because its system is gone does not count as scored (D4.31)."""
    ship = make_ship(bridge=1, forward_hull=3, excess=1)
    state = DamageState.for_ship(ship, ["bridge#1"])
    result = allocate_damage(ship, state, Volley(1), [2])  # row 2: K F Hull
    assert walk(result) == [("K", "forward_hull#1")]


def test_exhausted_system_is_skipped(fed_ca):
    """Row 6: A F Hull (12 boxes on the CA), then B Impulse."""
    result = allocate_damage(fed_ca, FRESH, Volley(13), [6] * 13)
    assert [e.box for e in result.events[:12]] == [f"forward_hull#{i}" for i in range(1, 13)]
    assert (result.events[12].column, result.events[12].box) == ("B", "impulse#1")


def test_track_last_box_is_never_destroyed(fed_ca):
    """D4.33: with sensor#1..#5 gone, sensor#6 (the 0 box) is protected: a roll of 2 with both
    bridges gone walks A Bridge*, B Flag Bridge*, C Sensor* (last box) to D Damage Control*."""
    state = DamageState.for_ship(fed_ca, ["bridge#1", "bridge#2", *(f"sensor#{i}" for i in range(1, 6))])
    result = allocate_damage(fed_ca, state, Volley(1), [2])
    assert walk(result) == [("D", "damage_control#1")]
    assert not result.state.is_destroyed("sensor#6")
    off = allocate_damage(fed_ca, state, Volley(1), [2], options=DamageOptions(protect_last_track_box=False))
    assert walk(off) == [("C", "sensor#6")]


def test_tracks_lose_their_leftmost_box_first(fed_ca):
    """D4.33: sensor#1, then sensor#2 (one bold Sensor* per volley, so two volleys)."""
    state = DamageState.for_ship(fed_ca, ["bridge#1", "bridge#2"])
    first = allocate_damage(fed_ca, state, Volley(1), [2])
    second = allocate_damage(fed_ca, first.state, Volley(1), [2])
    assert [e.box for e in (*first.events, *second.events)] == ["sensor#1", "sensor#2"]


def test_phasers_must_bear_on_the_struck_shield(fed_ca):
    """D4.321: through shield #4 only the side phasers (#3-#6, which may also fire dead astern,
    bearing 13) can take a Phaser hit; through shield #1 all six bear."""
    rear = allocate_damage(fed_ca, FRESH, Volley(1, shields=(4,)), [4])
    assert rear.events[0].choice.options == ("phaser#3", "phaser#4", "phaser#5", "phaser#6")
    front = allocate_damage(fed_ca, FRESH, Volley(1, shields=(1,)), [4])
    assert front.events[0].choice.options == tuple(f"phaser#{i}" for i in range(1, 7))
    off = allocate_damage(fed_ca, FRESH, Volley(1, shields=(4,)), [4], options=DamageOptions(phaser_direction=False))
    assert len(off.events[0].choice.options) == 6


def test_phaser_entry_is_skipped_when_no_phaser_bears():
    """Row 4: A Phaser* with the only phaser facing away (FA vs shield #4), B Trans*."""
    ship = make_ship((Weapon("1", "PH-1", "phaser", arcs=("FA",)),), transporter=2, excess=1)
    result = allocate_damage(ship, FRESH, Volley(1, shields=(4,)), [4])
    assert walk(result) == [("B", "transporter#1")]
    front = allocate_damage(ship, FRESH, Volley(1, shields=(1,)), [4])
    assert walk(front) == [("A", "phaser#1")]


def test_caller_may_name_the_bearing_phasers(fed_ca):
    """Direct fire (D10.151): the caller passes the phasers able to fire at the firer."""
    result = allocate_damage(fed_ca, FRESH, Volley(1, shields=(1,), bearing_phasers=frozenset({"phaser#2"})), [4])
    assert walk(result) == [("A", "phaser#2")] and result.events[0].choice is None


def test_any_weapon_is_the_owners_choice(fed_ca):
    """Row 5 with A-K exhausted lands in L, Any Weapon: the owner is asked (D4.324)."""
    gone = [
        *(f"right_warp#{i}" for i in range(1, 16)), *(f"left_warp#{i}" for i in range(1, 16)),
        *(f"aft_hull#{i}" for i in range(1, 5)), *(f"battery#{i}" for i in range(1, 5)),
        *(f"shuttle#{i}" for i in range(1, 5)), *(f"impulse#{i}" for i in range(1, 5)),
        "tractor#1", "tractor#2", "probe#1", "photon#A", "photon#B", "photon#C", "photon#D",
    ]
    state = DamageState.for_ship(fed_ca, gone)
    asked = []

    def owner(prompt):
        asked.append(prompt)
        return "phaser#6"

    result = allocate_damage(fed_ca, state, Volley(1, shields=(1,)), [5], chooser=owner)
    (prompt,) = asked
    assert (prompt.kind, prompt.column, prompt.entry) == ("any_weapon", "L", "Any Weapon")
    assert prompt.options == tuple(f"phaser#{i}" for i in range(1, 7))
    assert prompt.rule.startswith("D4.324")
    event = result.events[0]
    assert (event.column, event.box, event.choice.by, event.choice.chosen) == ("L", "phaser#6", "owner", "phaser#6")
    default = allocate_damage(fed_ca, state, Volley(1, shields=(1,)), [5])
    assert default.events[0].choice.by == "default"
    assert default.events[0].box == prompt.default


def test_any_warp_is_the_owners_choice(fed_ca):
    """Row 7 I, Any W En, after Cargo, F Hull, Battery, Center W En (none), Shuttle, APR (none),
    Lab and Phaser are gone: the owner picks the engine."""
    gone = [
        *(f"forward_hull#{i}" for i in range(1, 13)), *(f"battery#{i}" for i in range(1, 5)),
        *(f"shuttle#{i}" for i in range(1, 5)), *(f"lab#{i}" for i in range(1, 9)),
        *(f"phaser#{i}" for i in range(1, 7)), "right_warp#1",
    ]
    state = DamageState.for_ship(fed_ca, gone)
    seen = []
    result = allocate_damage(fed_ca, state, Volley(1), [7], chooser=lambda p: seen.append(p) or "right_warp#2")
    (prompt,) = seen
    assert (prompt.kind, prompt.column) == ("any_warp", "I")
    assert prompt.options == ("left_warp#1", "right_warp#2")
    assert prompt.option_remaining == (15, 14)
    assert prompt.default == "left_warp#1"  # default policy: the engine with most boxes left
    assert walk(result) == [("I", "right_warp#2")]


def test_excess_damage_then_destruction():
    """D4.40: column M marks excess-damage boxes; with none left the point destroys the ship,
    and later points arrive after destruction without a roll."""
    ship = make_ship(forward_hull=1, excess=2)
    result = allocate_damage(ship, FRESH, Volley(5), [6, 6, 6, 6, 6])
    outcomes = [(e.column, e.outcome, e.box) for e in result.events]
    assert outcomes == [
        ("A", "box", "forward_hull#1"),
        ("M", EXCESS, "excess_damage#1"),
        ("M", EXCESS, "excess_damage#2"),
        ("M", DESTROYS_SHIP, None),
        (None, AFTER_DESTRUCTION, None),
    ]
    assert result.ship_destroyed and result.complete and result.rolls_used == 4
    later = allocate_damage(ship, result.state, Volley(2), [])
    assert [e.outcome for e in later.events] == [AFTER_DESTRUCTION] * 2 and later.complete


def test_flag_bridge_hits_go_to_security():
    """Row 2 B Flag Bridge*: scored on security when no flag bridge box is left (decisions.md)."""
    ship = make_ship(bridge=1, flag_bridge=1, security=2, excess=1)
    result = allocate_damage(ship, FRESH, Volley(2), [2, 2])
    assert walk(result) == [("A", "bridge#1"), ("B", "flag_bridge#1")]
    later = allocate_damage(ship, result.state, Volley(2), [2, 2])
    assert walk(later) == [("B", "security#1"), ("M", "excess_damage#1")]
    assert later.events[0].note.startswith("D4.5")
    off = allocate_damage(ship, result.state, Volley(1), [2], options=DamageOptions(flag_bridge_to_security=False))
    assert walk(off) == [("M", "excess_damage#1")]


def test_d7_volley_of_25_points():
    """The 25-roll sequence used by the peers as the rulebook's D4.5 fixture (sfb-player,
    reference 5.1), walked here by hand on the chart for a D7-like ship: forward hull 4, aft
    hull 5, warp 3+3, bridge 1, phasers 4 (bearing), batteries 3, impulse 4, drone 1, torp 1,
    transporters 2, tractor 1, aux 1, security 2, labs 2, shuttle 1; no cargo or flag bridge."""
    weapons = (
        *(Weapon(str(i), "PH-1", "phaser", arcs=("FA",)) for i in range(1, 5)),
        Weapon("A", "DISRUPTOR", "disruptor", arcs=("FA",)),
        Weapon("1", "DRONE", "drone"),
    )
    ship = make_ship(
        weapons, excess=5, forward_hull=4, aft_hull=5, left_warp=3, right_warp=3, bridge=1,
        battery=3, impulse=4, transporter=2, tractor=1, aux_control=1, security=2, lab=2, shuttle=1,
    )
    rolls = [6, 7, 9, 2, 7, 4, 10, 7, 8, 11, 7, 6, 3, 8, 5, 7, 8, 4, 5, 10, 12, 7, 9, 7, 2]
    result = allocate_damage(ship, FRESH, Volley(25, shields=(1,)), rolls)
    systems = [e.system for e in result.events]
    assert systems == [
        "forward_hull", "forward_hull", "left_warp", "bridge", "forward_hull", "phaser", "phaser",
        "forward_hull", "aft_hull", "torpedo", "battery", "impulse", "drone", "aft_hull",
        "right_warp", "battery", "aft_hull", "transporter", "aft_hull", "tractor", "aux_control",
        "battery", "lab", "shuttle", "security",
    ]
    assert result.events[-1].entry == "Flag Bridge"


def test_forward_and_aft_hull_fall_back_to_center_hull():
    """D4.351: F Hull and A Hull hits land on center hull once no forward (aft) hull is left."""
    ship = make_ship(forward_hull=1, center_hull=2, impulse=2, excess=1)
    result = allocate_damage(ship, FRESH, Volley(3), [6, 6, 8])
    assert walk(result) == [("A", "forward_hull#1"), ("A", "center_hull#1"), ("A", "center_hull#2")]
    assert result.events[2].note.startswith("D4.351")
    off = allocate_damage(ship, FRESH, Volley(2), [6, 6], options=DamageOptions(hull_to_center=False))
    assert walk(off) == [("A", "forward_hull#1"), ("B", "impulse#1")]


def test_cargo_absorbs_excess_only_as_an_option():
    ship = make_ship(cargo=1, excess=1)
    rolls = [2, 2, 2]  # row 2 has no cargo entry: every point goes to M
    plain = allocate_damage(ship, FRESH, Volley(3), rolls)
    assert [e.outcome for e in plain.events] == [EXCESS, DESTROYS_SHIP, AFTER_DESTRUCTION]
    option = allocate_damage(ship, FRESH, Volley(3), rolls, options=DamageOptions(cargo_absorbs_excess=True))
    assert [(e.outcome, e.box) for e in option.events] == [
        (EXCESS, "excess_damage#1"), ("box", "cargo#1"), (DESTROYS_SHIP, None),
    ]


def test_state_records_every_destroyed_box(fed_ca):
    result = allocate_damage(fed_ca, FRESH, Volley(6, shields=(1,)), [7, 4, 11, 9, 12, 3])
    assert result.state.destroyed == frozenset(result.events.boxes())
    assert result.state.internal_points == 6
    assert all(result.state.is_destroyed(b) for b in result.events.boxes())


def test_one_event_per_point_with_all_fields(fed_ca):
    result = allocate_damage(fed_ca, FRESH, Volley(3), [7, 8, 12])
    assert len(result.events) == 3
    assert [(e.point, e.roll, e.column, e.entry, e.box) for e in result.events] == [
        (1, 7, "B", "F Hull", "forward_hull#1"),
        (2, 8, "A", "A Hull", "aft_hull#1"),
        (3, 12, "A", "Aux Control", "aux_control#1"),
    ]
    assert result.events[-1] == result.events[2] and result.events[0:2] == tuple(result.events)[:2]
