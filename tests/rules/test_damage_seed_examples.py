"""The seeds' rules and examples that touch damage allocation, each cited by rule and line.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002. The seeds do not print the D4
rules themselves (the Basic Set does); these are the places where they are applied.
"""

from __future__ import annotations

from sfb_desk.data.library import load_library
from sfb_desk.rules.damage import FRESH, DamageOptions, DamageState, Volley, allocate_damage, crippled_reasons
from sfb_desk.rules.damage.repair import (
    continuous_repair,
    damage_control_rating,
    original_damage_control_rating,
)
from sfb_desk.rules.ship import ShipSpec, Weapon

from test_damage_support import make_ship, walk


def test_tug_and_pod_hull_is_center_hull_for_both_hull_hits():
    """S0 L14760 (tug SSD note): separated, the tug and the pod are "treated as having center
    hull": F Hull and A Hull hits both land there (D4.351)."""
    tug = make_ship(center_hull=4, excess=2)
    result = allocate_damage(tug, FRESH, Volley(2), [6, 8])  # row 6 A F Hull, row 8 A A Hull
    assert walk(result) == [("A", "center_hull#1"), ("A", "center_hull#2")]
    assert [e.entry for e in result.events] == ["F Hull", "A Hull"]


def test_plasma_racks_are_destroyed_on_torpedo_hits():
    """S0 L4032 (FP10.16): plasma racks are destroyed on "torpedo" hits (D4.3222)."""
    ship = make_ship((Weapon("1", "PLASMA-D", "plasma"), Weapon("1", "DRONE", "drone")), excess=1)
    result = allocate_damage(ship, FRESH, Volley(1), [11])  # row 11 A Torp*
    assert walk(result) == [("A", "plasma#1")]
    assert result.events[0].system == "torpedo"


def test_seeking_weapon_damage_on_one_impulse_is_one_volley():
    """S0 L3937 (FD14.24): all internal damage from the seeking weapons striking a shield on one
    impulse is resolved as one volley (D4.22), so a bold entry is scored once across all of
    them (D4.31); as two volleys the second drone's roll of 2 would take the bridge again."""
    ship = make_ship(bridge=2, forward_hull=4, excess=2)
    drone_a, drone_b = [2, 6], [2, 6]
    one = allocate_damage(ship, FRESH, Volley(4, shields=(1,)), drone_a + drone_b)
    assert [e.box for e in one.events] == ["bridge#1", "forward_hull#1", "forward_hull#2", "forward_hull#3"]
    first = allocate_damage(ship, FRESH, Volley(2, shields=(1,)), drone_a)
    second = allocate_damage(ship, first.state, Volley(2, shields=(1,)), drone_b)
    assert [e.box for e in (*first.events, *second.events)] == [
        "bridge#1", "forward_hull#1", "bridge#2", "forward_hull#2",
    ]


def test_ppd_damage_counts_every_shield_it_came_through():
    """S2 L692 (E11.332): a PPD pulse through the #2 and #3 shields destroys phasers able to
    fire through #2 or #3, not phasers that fire only through #1 (D4.321)."""
    ship = make_ship(
        (
            Weapon("1", "PH-1", "phaser", arcs=("LF",)),  # shields 6 and 1
            Weapon("2", "PH-1", "phaser", arcs=("R",)),  # shields 2 and 3
            Weapon("3", "PH-1", "phaser", arcs=("RR",)),  # shields 3 and 4
        ),
        excess=1,
    )
    seen = []
    allocate_damage(ship, FRESH, Volley(1, shields=(2, 3)), [4], chooser=lambda p: seen.append(p) or None)
    assert seen[0].options == ("phaser#2", "phaser#3")
    only_front = allocate_damage(ship, FRESH, Volley(1, shields=(1,)), [4])
    assert walk(only_front) == [("A", "phaser#1")]


def test_any_weapon_hit_is_the_owning_players_option():
    """S0 L3053 (E8.13): an "any weapon" hit, on the L column of the DAC, is scored at the
    owning player's option: the allocator asks instead of choosing (row 7 on a ship with only
    a photon and a drone rack reaches L, Any Weapon)."""
    ship = make_ship((Weapon("A", "PHOTON", "photon"), Weapon("1", "DRONE", "drone")), excess=1)
    seen = []
    result = allocate_damage(ship, FRESH, Volley(1), [7], chooser=lambda p: seen.append(p) or "drone#1")
    assert seen[0].kind == "any_weapon" and seen[0].options == ("photon#A", "drone#1")
    assert walk(result) == [("L", "drone#1")] and result.events[0].choice.by == "owner"
    unanswered = allocate_damage(ship, FRESH, Volley(1), [7])
    assert unanswered.events[0].choice.by == "default"
    assert unanswered.events[0].box == seen[0].default


def test_fed_ca_damage_control_rating_is_four():
    """S0 L1630 (D14.13 example): "The Federation CA ... a damage control rating of four"."""
    ca = load_library().get("FED-CA")
    assert damage_control_rating(ca, FRESH) == 4


def test_fed_ca_burns_damage_control_for_edr_and_still_repairs_four_systems():
    """S0 L1692 (D14.4): the CA "could burn all of its damage control boxes except one 4 ...
    After this, four more systems can be repaired with continuous damage repair (D9.7)": the
    rating stays 4, and D9.76 allows as many boxes as the original rating, four."""
    ca = load_library().get("FED-CA")
    assert ca.damage_control_track == (4, 4, 2, 2, 2, 0)
    burnt = ["damage_control#2", "damage_control#3", "damage_control#4", "damage_control#5"]
    hulls = [f"forward_hull#{i}" for i in range(1, 7)]
    state = DamageState.for_ship(ca, burnt + hulls)
    assert damage_control_rating(ca, state) == 4
    assert original_damage_control_rating(ca) == 4
    repaired = []
    for box in hulls:
        result = continuous_repair(ca, state, box)  # hull costs 1: one box a turn
        state = result.state
        if result.repaired:
            repaired.append(result.repaired)
        else:
            assert result.issues[0].rule == "D9.76"
    assert repaired == hulls[:4]


def test_computer_ship_crew_casualties_every_30th_point():
    """S0 L4154 (G11.24): on a computer ship crew casualties fall on every 30th internal point,
    superseding G9.21's every 10th (the option ``crew_casualty_interval``)."""
    ship = make_ship(forward_hull=40, excess=1)
    normal = allocate_damage(ship, FRESH, Volley(30), [6] * 30)
    computer = allocate_damage(ship, FRESH, Volley(30), [6] * 30, options=DamageOptions(crew_casualty_interval=30))
    assert normal.crew_units_killed == 3
    assert computer.crew_units_killed == 1
    assert [e.point for e in computer.events if e.crew_unit_killed] == [30]


def test_security_stations_are_not_control_boxes():
    """S0 L5214: security stations do not count as control boxes, so a ship with every control
    box destroyed is crippled (S2.4) although its security stations survive."""
    ship: ShipSpec = make_ship(bridge=1, aux_control=1, security=2, forward_hull=10, left_warp=5)
    state = DamageState.for_ship(ship, ["bridge#1", "aux_control#1"])
    assert "S2.4: all control boxes destroyed" in crippled_reasons(ship, state)
