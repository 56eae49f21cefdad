"""Transporters, hit-and-run raids and boarding combat in the rules layer (G8, D7.8, D7;
systems-facts sections 2 and 3: every cell of the tables)."""

from __future__ import annotations

import pytest

from sfb_desk.rules.systems import boarding as bd
from sfb_desk.rules.systems import transporters as tp


@pytest.mark.parametrize("column, expected", [
    # D7.81: rolls 1-6 -> result (R system destroyed + return, B both lost, P party lost,
    # N nothing).
    (tp.NORMAL, "RBPPPN"), (tp.COMMANDO, "RBBPNN"), (tp.OUTSTANDING, "RRBPNN"),
    (tp.POOR, "BPPPNN"),
])
def test_the_raid_table_d7_81(column, expected):
    code = {tp.SYSTEM_RETURNS: "R", tp.SYSTEM_AND_PARTY: "B", tp.PARTY_LOST: "P",
            tp.PARTY_RETURNS: "N"}
    assert "".join(code[tp.raid_result(r, column).result] for r in range(1, 7)) == expected
    assert tp.raid_result(1, tp.NORMAL).box_destroyed and not tp.raid_result(1).party_lost
    assert tp.raid_result(2).box_destroyed and tp.raid_result(2).party_lost


@pytest.mark.parametrize("column, expected", [
    (tp.NORMAL, "LLLBBA"), (tp.COMMANDO, "LLBAAA"), (tp.OUTSTANDING, "LLBBAA"),
    (tp.POOR, "LLLLBA"),
])
def test_raids_against_guards_d7_83(column, expected):
    code = {tp.GUARD_LOST: "L", tp.GUARD_BACK: "B", tp.GUARD_AHEAD: "A"}
    assert "".join(code[tp.guard_result(r, column)] for r in range(1, 7)) == expected


def test_transport_refusals_name_the_rule():
    ok = dict(rng=5, free_transporters=1, uses_left=1, own_shield_down=True,
              target_shield_down=True)
    assert tp.transport_refusal("A", "B", **ok) is None
    assert tp.transport_refusal("A", "B", **dict(ok, rng=6)).rule == "G8.14"
    assert tp.transport_refusal("A", "B", **dict(ok, target_shield_down=False)).rule == "G8.21"
    assert tp.transport_refusal("A", "B", **dict(ok, own_shield_down=False)).rule == "G8.21"
    assert tp.transport_refusal("A", "B", **dict(ok, uses_left=0)).rule == "G8.13"
    assert tp.transport_refusal("A", "B", **dict(ok, free_transporters=0)).rule == "G8.11"
    assert tp.transport_refusal("A", "B", **ok, cloaked=True).rule == "G13.51"
    assert tp.transport_refusal("A", "B", **ok, em=True).rule == "G8.17"
    assert tp.transport_refusal("A", "B", **ok, lock_on=False).rule == "D6.124"


def test_raid_targets_d7_823():
    boxes = ("sensor#1", "sensor#2", "damage_control#1", "phaser#1", "excess_damage#1",
             "shield1#1")
    assert tp.raid_target_refusal("phaser#1", boxes, frozenset()) is None
    assert tp.raid_target_refusal("damage_control#1", boxes, frozenset()).rule == "D7.823"
    assert tp.raid_target_refusal("excess_damage#1", boxes, frozenset()).rule == "D7.823"
    assert tp.raid_target_refusal("shield1#1", boxes, frozenset()).rule == "D7.823"
    assert tp.raid_target_refusal("sensor#2", boxes, frozenset()).rule == "D7.823"
    assert tp.raid_target_refusal("sensor#2", boxes, frozenset({"sensor#1"})) is None
    assert tp.raid_target_refusal("phaser#1", boxes, frozenset({"phaser#1"})).rule == "D7.81"


def test_every_cell_of_the_marine_casualty_table_d7_42():
    rows = ["0000111111", "0011111222", "0111222233", "0112223344", "1122334455",
            "1122344556"]
    for roll, row in enumerate(rows, 1):
        assert "".join(str(bd.casualties(n, [roll])) for n in range(1, 11)) == row


def test_more_than_ten_parties_roll_in_groups():
    assert bd.groups(14) == (10, 4) and bd.groups(20) == (10, 10) and bd.groups(0) == ()
    assert bd.casualties(14, [6, 6]) == 6 + 2
    with pytest.raises(ValueError):
        bd.casualties(14, [6])


def test_a_round_kills_defenders_first_then_takes_rooms_d7_362():
    rooms = ("bridge#1", "bridge#2", "emergency_bridge#1", "aux_control#1")
    # 10 attackers roll 6: 6 points; 2 defenders roll 1: 0 points. 2 die, 4 rooms taken.
    out = bd.fight(10, 2, [6], [1], rooms=rooms)
    assert (out.attackers, out.defenders) == (10, 0)
    assert out.rooms == frozenset(rooms) and out.captured
    part = bd.fight(10, 4, [6], [6], rooms=rooms)
    assert (part.attackers, part.defenders) == (8, 0) and len(part.new_rooms) == 2
    assert not part.captured


def test_klingon_security_stations_d7_422():
    rooms = ("bridge#1", "security#1", "security#2", "security#3")
    assert bd.security_bonus("KLI", rooms, frozenset()) == 2
    assert bd.security_bonus("KLI", rooms, frozenset({"security#1", "security#2"})) == 1
    assert bd.security_bonus("FED", rooms, frozenset()) == 0
    assert bd.casualties(4, [6], 2) == bd.casualties(4, [6])  # the die stays within 6
