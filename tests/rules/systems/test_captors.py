"""Captor mines' rates and limits and sensor mines' orders (Advanced Missions M4.4, M4.5,
M5.22, M6.4), each case citing its rule."""

from __future__ import annotations

import pytest

from sfb_desk.data.battlefield import sample_package
from sfb_desk.rules.combat.resolve import fire_weapon
from sfb_desk.rules.combat.weapons import direct_fire_weapon, min_range
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.mines import Mine
from sfb_desk.rules.systems.mines.captors import (
    CAPTOR_MAX_RANGE,
    CAPTOR_WEAPONS,
    captor_shot_problems,
    chart_range,
    sensor_orders,
    shots_ready,
)

H = hex_from_label


def captor(sub: str, size: str = "large", **kw) -> Mine:
    return Mine.loaded(id=f"C{sub}", owner="K", hex=H("1010"), size=size, type="captor",
                       captor=sub, detection_range=6, **kw)


def clock(turn: int, impulse: int) -> int:
    return (turn - 1) * 32 + impulse


def test_m4_41_what_each_subtype_fires():
    assert {k: v[0] for k, v in CAPTOR_WEAPONS.items()} == {
        "A": "drone-I", "B": "plasma-F", "C": "DISRUPTOR", "D": "PH-2", "E": "HELLBORE",
        "F": "PHOTON", "G": "plasma-D", "H": "drone-VI"}  # fmt: skip
    assert [k for k, v in CAPTOR_WEAPONS.items() if v[1]] == ["C", "D", "E", "F"]


def test_m4_414_c_and_d_fire_each_weapon_once_a_turn():
    mine = captor("D")
    assert shots_ready(mine, clock(1, 5)) == 3  # a large type-D: 3 phaser-2
    fired = Mine.loaded(**{**_fields(mine), "fire_clocks": (clock(1, 5), clock(1, 5))})
    assert shots_ready(fired, clock(1, 20)) == 1
    all3 = Mine.loaded(**{**_fields(mine), "fire_clocks": (clock(1, 5),) * 3})
    assert shots_ready(all3, clock(1, 30)) == 0
    assert shots_ready(all3, clock(2, 1)) == 3
    assert shots_ready(captor("C", "small"), clock(1, 1)) == 1


def test_m4_423_a_quarter_turn_between_firings_across_the_turn_break():
    late = Mine.loaded(**{**_fields(captor("D")), "fire_clocks": (clock(1, 30),)})
    assert shots_ready(late, clock(2, 3)) == 2  # that phaser waits 8 impulses
    assert shots_ready(late, clock(2, 6)) == 3
    photon = Mine.loaded(**{**_fields(captor("F")), "fire_clocks": (clock(1, 30),)})
    assert shots_ready(photon, clock(2, 5)) == 0 and shots_ready(photon, clock(2, 6)) == 1


@pytest.mark.parametrize(("sub", "size", "period"), [
    ("B", "large", 1), ("B", "small", 3), ("E", "large", 1), ("E", "small", 2),
    ("F", "large", 1), ("F", "small", 2),
])
def test_m4_413_416_417_one_shot_a_turn_or_every_second_or_third_turn(sub, size, period):
    mine = Mine.loaded(**{**_fields(captor(sub, size)), "fire_clocks": (clock(1, 2),)})
    assert shots_ready(mine, clock(1, 20)) == 0
    for turn in range(2, 2 + period - 1):
        assert shots_ready(mine, clock(turn, 20)) == 0, turn
    assert shots_ready(mine, clock(1 + period, 20)) == 1


def test_m4_412_ammunition_one_round_a_turn_one_an_impulse_under_a_base():
    mine = captor("A", "small")
    assert mine.shots == 2 and shots_ready(mine, clock(1, 1)) == 1
    once = Mine.loaded(**{**_fields(mine), "fire_clocks": (clock(1, 1),), "shots": 1})
    assert shots_ready(once, clock(1, 9)) == 0
    assert shots_ready(once, clock(1, 2), controlled_by_base=True) == 1  # M5.212
    empty = Mine.loaded(**{**_fields(mine), "fire_clocks": (1, 40), "shots": 0})
    assert shots_ready(empty, clock(5, 1)) == 0


def test_m4_424_m4_43_m4_45_m4_435_when_a_captor_does_not_fire():
    mine = captor("D")
    assert captor_shot_problems(mine, H("1016")) == []  # six hexes: in its zone
    assert any("M4.43" in p for p in captor_shot_problems(mine, H("1017")))
    assert captor_shot_problems(mine, H("1017"), commanded=True) == []  # M4.432
    assert any("M4.424" in p for p in captor_shot_problems(
        mine, H("2610"), commanded=True))  # 16 hexes
    assert CAPTOR_MAX_RANGE == 15
    assert any("M4.45" in p for p in captor_shot_problems(mine, H("1012"), blocked="a planet"))
    assert any("M4.435" in p for p in captor_shot_problems(mine, H("1012"), cloaked=True))
    seeking = captor("A")
    assert captor_shot_problems(seeking, H("3010"), commanded=True) == []  # guided to 35


def test_m4_47_no_minimum_range_the_lowest_column():
    photon = direct_fire_weapon("PHOTON")
    assert chart_range(min_range(photon, "standard"), 0) == 2
    assert fire_weapon(photon, true_range=0, roll=1).rule == "E4.14"  # a ship could not
    shot = fire_weapon(photon, true_range=2, roll=1)  # the mine fires on the range-2 column
    assert shot.hit and shot.damage == 8
    assert chart_range(min_range(direct_fire_weapon("PH-2"), "standard"), 0) == 0


def test_m6_4_a_sensor_mine_orders_the_captors_it_controls():
    """M6.4 (L6466-6476): sensor 1606 controls the small captor in 2006 and the large one in
    2806 (#1 each); it does not order the captors of 1612's, 1618's or 1624's."""
    mines = sample_package("Klingon", (19, 23))
    sensor = next(m for m in mines if m.type == "sensor" and m.hex == H("1606"))
    orders = sensor_orders(sensor, mines, H("1607"))
    assert sorted((m.hex.label, order) for m, order in orders) == [
        ("2006", "fire"), ("2806", "fire")]
    second = next(m for m in mines if m.type == "sensor" and m.hex == H("1612"))
    assert sorted(m.hex.label for m, _ in sensor_orders(second, mines, H("1612"))) == [
        "2006", "2015", "2806", "2815"]


def test_m4_542_a_sensor_detonates_only_explosive_mines_beside_the_target():
    sensor = Mine("S", "K", H("1010"), "small", type="sensor", detection_range=6)
    near = Mine("E1", "K", H("1013"), "large", controlled_by=("S",))
    far = Mine("E2", "K", H("1005"), "large", controlled_by=("S",))
    beyond = Mine.loaded(id="C9", owner="K", hex=H("2810"), size="large", type="captor",
                         captor="D", control="command", controlled_by=("S",))
    orders = sensor_orders(sensor, [sensor, near, far, beyond], H("1014"))
    assert [(m.id, o) for m, o in orders] == [("E1", "detonate")]  # C9 is 18 hexes off (M4.54)


def _fields(mine: Mine) -> dict:
    return {f: getattr(mine, f) for f in mine.__dataclass_fields__}


def test_m4_51_sensor_mine_3_orders_captor_26_at_a_size_class_3_ship():
    """M4.51 (L6239-6241): sensor mine #3, told "when you detect a size-class 3 ship within
    range, order captor mine #26 to fire at it", controls only #26 (M4.54)."""
    from sfb_desk.rules.systems.mines import candidates_on_entry

    sensor = Mine("3", "K", H("1010"), "small", type="sensor", detection_range=6,
                  target_sizes=frozenset({3}))
    c26 = Mine.loaded(id="26", owner="K", hex=H("1410"), size="large", type="captor",
                      captor="D", control="command", disabled=True, controlled_by=("3",))
    mines = [sensor, c26]
    assert [m.id for m in candidates_on_entry(mines, H("1013"), 3)] == ["3"]
    assert candidates_on_entry(mines, H("1013"), 4) == ()  # a size-class 4 ship: nothing
    assert [(m.id, o) for m, o in sensor_orders(sensor, mines, H("1013"))] == [("26", "fire")]
