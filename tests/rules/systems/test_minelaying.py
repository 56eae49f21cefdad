"""Laying mines in play (Advanced Missions M9, R1.F6; M2.1 from the reference): racks, the
shuttle hatch and minelaying shuttles, each limit with its rule."""

from __future__ import annotations

import pytest

from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.systems.mines import arming_done
from sfb_desk.rules.systems.mines.laying import (
    MLS_CAPACITY,
    RACK_CAPACITY,
    Rack,
    lay_problems,
    laid_mine,
    mls_stores,
    program_problems,
    stores_for,
    take,
    unload_to_small,
)
from sfb_desk.rules.systems.mines.records import MineError

H = hex_from_label


def test_m9_11_a_rack_box_holds_four_large_mines_or_two_small_for_each_large():
    assert RACK_CAPACITY == 4
    Rack(large=2, small=4)
    Rack(large=0, small=8)
    with pytest.raises(MineError, match="M9.11"):
        Rack(large=4, small=1)
    stores = unload_to_small(stores_for("MS", racks=2), 1)
    assert (stores.racks[0].large, stores.racks[0].small) == (3, 2)


def test_m9_21_one_mine_from_each_rack_each_turn_minelayers_only():
    stores = stores_for("MS", racks=2)
    assert lay_problems(stores, "rack#1", "large", clock=1, turn=1, minelayer=True) == []
    stores = take(stores, "rack#1", "large", clock=1, turn=1)
    again = lay_problems(stores, "rack#1", "large", clock=2, turn=1, minelayer=True)
    assert len(again) == 1 and "M9.21" in again[0]
    assert lay_problems(stores, "rack#2", "large", clock=2, turn=1, minelayer=True) == []
    assert lay_problems(stores, "rack#1", "large", clock=33, turn=2, minelayer=True) == []
    warship = lay_problems(stores, "rack#2", "large", clock=2, turn=1, minelayer=False)
    assert any("M9.21" in p and "minelayers" in p for p in warship)


def test_m9_12_racks_are_not_reloaded_an_empty_rack_lays_nothing():
    stores = stores_for("MS", racks=1)
    for turn in range(1, RACK_CAPACITY + 1):
        assert lay_problems(stores, "rack#1", "large", clock=turn * 32, turn=turn,
                            minelayer=True) == []
        stores = take(stores, "rack#1", "large", clock=turn * 32, turn=turn)
    problems = lay_problems(stores, "rack#1", "large", clock=200, turn=9, minelayer=True)
    assert any("M9.12" in p for p in problems)
    assert not stores.anything and stores.laid == RACK_CAPACITY
    small = lay_problems(stores, "rack#1", "small", clock=200, turn=9, minelayer=True)
    assert any("no small mine" in p for p in small)


@pytest.mark.parametrize(("mine_type", "control"), [
    ("captor", "automatic"), ("sensor", "automatic"), ("explosive", "command"),
    ("explosive", "chain"), ("explosive", "deadman"),
])
def test_m9_23_captor_sensor_and_controlled_mines_are_not_laid_in_a_scenario(mine_type, control):
    problems = lay_problems(stores_for("MS", racks=1), "rack#1", "large", clock=1, turn=1,
                            minelayer=True, mine_type=mine_type, control=control)
    assert any("M9.23" in p for p in problems)


def test_c10_514_no_mine_laid_on_erratic_maneuvers():
    problems = lay_problems(stores_for("MS", racks=1), "rack#1", "large", clock=1, turn=1,
                            minelayer=True, em=True)
    assert any("C10.514" in p for p in problems)


def test_m2_nuclear_space_mine_through_the_hatch():
    stores = stores_for("WE", nsm=2)
    assert lay_problems(stores, "nsm", "large", clock=5, turn=1) == []
    assert any("M2.0" in p for p in lay_problems(stores, "nsm", "small", clock=5, turn=1))
    assert any("M2.113" in p for p in lay_problems(stores, "nsm", "large", clock=5, turn=1,
                                                   bay_busy=True))
    stores = take(stores, "nsm", "large", clock=5, turn=1)
    assert stores.nsm == 1
    same_turn = lay_problems(stores, "nsm", "large", clock=20, turn=1)
    assert any("M2.11" in p for p in same_turn)
    # turn 2, impulse 1 (clock 33) is 28 impulses on; clock 12 would be too soon (M2.115)
    assert lay_problems(stores, "nsm", "large", clock=33, turn=2) == []
    soon = take(stores_for("WE", nsm=2), "nsm", "large", clock=30, turn=1)
    assert any("M2.115" in p for p in lay_problems(soon, "nsm", "large", clock=35, turn=2))
    stores = take(stores, "nsm", "large", clock=33, turn=2)
    assert any("M2.7" in p for p in lay_problems(stores, "nsm", "large", clock=99, turn=4))


def test_r1_f6_the_minelaying_shuttle():
    assert MLS_CAPACITY == 2
    with pytest.raises(MineError, match="R1.F6"):
        mls_stores("MLS1", "MS", 10, large=2, small=1)
    stores = mls_stores("MLS1", "MS", 10, large=1, small=2)
    early = lay_problems(stores, "mls", "large", clock=17, turn=1)
    assert any("R1.F6B" in p and "after launch" in p for p in early)
    assert lay_problems(stores, "mls", "large", clock=18, turn=1) == []
    stores = take(stores, "mls", "large", clock=18, turn=1)
    between = lay_problems(stores, "mls", "small", clock=25, turn=1)
    assert any("R1.F6B" in p and "between" in p for p in between)
    assert lay_problems(stores, "mls", "small", clock=26, turn=1) == []
    assert any("no large" in p for p in lay_problems(stores, "mls", "large", clock=40, turn=2))
    assert any("not a minelaying shuttle" in p
               for p in lay_problems(stores_for("MS", racks=1), "mls", "large", clock=1, turn=1))
    assert any("R1.F6" not in p and "M9.21" in p
               for p in lay_problems(stores, "rack#1", "large", clock=40, turn=2,
                                     minelayer=True))


def test_an_unknown_source_is_refused_naming_the_choices():
    (problem,) = lay_problems(stores_for("MS", racks=1), "hatch", "large", clock=1, turn=1)
    assert "rack#1" in problem and "M9.0" in problem


def test_the_programming_of_a_laid_mine():
    assert program_problems(3, 1, [1, 2, 3, 4], 0) == []
    assert program_problems(3, 0, [6], 6) == []
    bad = program_problems(7, 2, [0, 9], -1)
    assert [p.rsplit("(", 1)[1] for p in bad] == ["M6.1)", "M5.111)", "M5.151)", "M2.15, M5.16)"]


def test_m2_3_a_laid_mine_arms_when_its_layer_is_out_of_its_range():
    mine = laid_mine("MS-M1", "Fed", H("1010"), "large", "MS", 40, detection=3)
    assert mine.mode == "pre_active" and not mine.pre_placed and mine.laid_by == "MS"
    assert not arming_done(mine, H("1010"), 41)
    assert not arming_done(mine, H("1110"), 42)  # adjacent: still inside its 1-hex zone
    assert arming_done(mine, H("1210"), 43)  # two hexes away (M2.31)
    assert arming_done(mine, None, 41)  # the layer is destroyed (M2.32)
    zero = laid_mine("MS-M2", "Fed", H("1010"), "small", "MS", 40, zone=0)
    assert arming_done(zero, H("1110"), 41)  # zone 0: only its own hex (M5.111)


def test_the_owner_sees_a_laid_mine_arming_the_enemy_only_its_counter():
    from dataclasses import replace

    from sfb_desk.rules.systems.mines import Minefield

    mine = laid_mine("WE-M1", "Romulan", H("1110"), "large", "WE", 4, detection=4,
                     seen_by=frozenset({"Romulan", "Federation"}))
    field = Minefield((mine,))
    (own,) = field.view_for("Romulan")
    (theirs,) = field.view_for("Federation")
    assert (own.own, own.armed, own.detection, own.type) == (True, False, 4, "explosive")
    assert (theirs.own, theirs.detection, theirs.type) == (False, None, "unknown")
    (armed,) = field.update(replace(mine, mode="active")).view_for("Romulan")
    assert armed.armed


def test_m9_13_a_destroyed_rack_loses_its_mines():
    from sfb_desk.rules.systems.mines.laying import racks_destroyed

    gone = racks_destroyed({"mine_rack#2", "phaser#1", "shuttle#2"})
    assert gone == frozenset({2})
    stores = stores_for("MS", racks=2)
    assert lay_problems(stores, "rack#1", "large", clock=1, turn=1, minelayer=True,
                        destroyed_racks=gone) == []
    (problem,) = lay_problems(stores, "rack#2", "large", clock=1, turn=1, minelayer=True,
                              destroyed_racks=gone)
    assert "M9.13" in problem
