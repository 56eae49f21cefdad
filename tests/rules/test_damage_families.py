"""Weapon-group hits: "Torp"/"Drone" groups (D4.32) and the best-type rule (D4.3221-D4.3223).

Row 4 A and row 10 A are bold Phaser entries, row 3 B too (A is Drone*): on a ship with only
phasers and excess damage, rolls 4, 10, 3 are three Phaser hits in one volley. Torp* is bold
in row 11 A and row 5 F; Drone* in row 3 A and row 9 F.
"""

from __future__ import annotations

from sfb_desk.rules.damage import FRESH, DamageOptions, Volley, allocate_damage
from sfb_desk.rules.ship import Weapon
from test_damage_support import make_ship

PHASER_SHIP = make_ship(
    (
        Weapon("1", "PH-1", "phaser"),
        Weapon("2", "PH-3", "phaser"),
        Weapon("3", "PH-3", "phaser"),
        Weapon("4", "PH-3", "phaser"),
    ),
    excess=3,
)


def boxes(result) -> list[str | None]:
    return [e.box for e in result.events]


def test_every_third_phaser_hit_takes_the_best_type():
    """Default policy sacrifices phaser-3s; the third hit of the group must be a phaser-1."""
    result = allocate_damage(PHASER_SHIP, FRESH, Volley(3), [4, 10, 3])
    assert boxes(result) == ["phaser#2", "phaser#3", "phaser#1"]
    third = result.events[2].choice
    assert (third.by, third.options, third.rule[:7]) == ("forced", ("phaser#1",), "D4.3221")


def test_best_type_taken_early_frees_the_third_hit():
    """In a group of three, one hit on the best type is enough (decisions.md, D4.322)."""
    answers = iter(["phaser#1", None, None])
    result = allocate_damage(PHASER_SHIP, FRESH, Volley(3), [4, 10, 3], chooser=lambda p: next(answers))
    assert boxes(result)[0] == "phaser#1"
    assert [e.choice.by for e in result.events] == ["owner", "default", "default"]
    assert not any(e.choice.rule.startswith("D4.3221: every third") for e in result.events)


def test_forced_choice_among_several_best_boxes_is_still_asked():
    ship = make_ship(
        (
            Weapon("1", "PH-1", "phaser"),
            Weapon("2", "PH-1", "phaser"),
            *(Weapon(str(i), "PH-3", "phaser") for i in (3, 4, 5)),
        ),
        excess=1,
    )
    seen = []
    allocate_damage(ship, FRESH, Volley(3), [4, 10, 3], chooser=lambda p: seen.append(p) or None)
    assert seen[2].forced_best and seen[2].options == ("phaser#1", "phaser#2")
    assert seen[2].rule.startswith("D4.3221: every third")


def test_phaser_groups_restart_each_volley():
    first = allocate_damage(PHASER_SHIP, FRESH, Volley(2), [4, 10])
    second = allocate_damage(PHASER_SHIP, first.state, Volley(1), [4])
    assert boxes(first) + boxes(second) == ["phaser#2", "phaser#3", "phaser#4"]


def test_rule_of_three_can_be_switched_off():
    result = allocate_damage(PHASER_SHIP, FRESH, Volley(3), [4, 10, 3], options=DamageOptions(rule_of_three=False))
    assert boxes(result) == ["phaser#2", "phaser#3", "phaser#4"]


def test_torpedo_groups_run_through_the_scenario():
    """D4.3222: the torpedo count carries over volleys (kept in the damage state)."""
    ship = make_ship(
        (
            Weapon("A", "PHOTON", "photon"),
            Weapon("1", "PLASMA-F", "plasma"),
            Weapon("2", "PLASMA-F", "plasma"),
            Weapon("3", "PLASMA-F", "plasma"),
        ),
        excess=2,
    )
    first = allocate_damage(ship, FRESH, Volley(2), [11, 5])  # two Torp* hits: plasma-Fs (cheaper)
    assert boxes(first) == ["plasma#1", "plasma#2"]
    assert first.state.torpedo_group == (2, False)
    second = allocate_damage(ship, first.state, Volley(1), [11])
    assert boxes(second) == ["photon#A"] and second.events[0].choice.by == "forced"
    assert second.state.torpedo_group == (0, False)


def test_drone_group_best_type():
    """D4.3223 on the Drone group: a drone rack ranks above an ADD rack (weapon_types)."""
    ship = make_ship(
        (Weapon("1", "DRONE", "drone"), Weapon("1", "ADD", "add"), Weapon("2", "ADD", "add")),
        excess=2,
    )
    result = allocate_damage(ship, FRESH, Volley(2), [3, 9])
    again = allocate_damage(ship, result.state, Volley(1), [3])
    # ADD and drone rack both cost 3 to repair; the default keeps the higher rank (drone rack).
    assert boxes(result) + boxes(again) == ["add#1", "add#2", "drone#1"]


def test_torp_and_drone_entries_hit_their_groups_only():
    """D4.32: "Torp" takes heavy weapons, "Drone" drone and ADD racks, never a phaser."""
    ship = make_ship((Weapon("1", "PH-1", "phaser"), Weapon("A", "DISRUPTOR", "disruptor")), excess=1, impulse=1)
    result = allocate_damage(ship, FRESH, Volley(2), [11, 3])
    # row 11 A Torp* -> disruptor; row 3 A Drone* (none) -> B Phaser*
    assert [(e.column, e.box) for e in result.events] == [("A", "disruptor#A"), ("B", "phaser#1")]


def test_any_weapon_hits_do_not_count_in_the_groups():
    ship = make_ship((Weapon("1", "PH-1", "phaser"), Weapon("2", "PH-3", "phaser"), Weapon("3", "PH-3", "phaser")), excess=2)
    # Row 5 on this ship: only L, Any Weapon. Two of those, then a Phaser hit: not forced.
    result = allocate_damage(ship, FRESH, Volley(3), [5, 5, 4])
    assert [e.column for e in result.events] == ["L", "L", "A"]
    assert result.events[2].choice is None or result.events[2].choice.by != "forced"
