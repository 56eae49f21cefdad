"""The impulse tracker: turn, impulse, step, and the units that move now (C1.4 chart)."""

from __future__ import annotations

import dataclasses

from sfb_desk.rules.charts.impulse import moves_on
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.units import MoveProfile, new_ship
from sfb_desk.ui.table.impulse_tracker import ImpulseTracker, movers

CA = MoveProfile(turn_mode="D", warp=30, impulse=4, crew_units=43)


def state(impulse: int) -> GameState:
    units = tuple(
        new_ship(uid, "fed", CA, hex=hex_from_label(f"10{10 + i}"), facing=1, speed=speed,
                 name=name)
        for i, (uid, speed, name) in enumerate([("A", 8, "Alpha"), ("B", 32, "Bravo"),
                                                ("C", 0, "Charlie"), ("D", 9, "")])
    )
    return GameState(turn=2, impulse=impulse, units=units)


def test_movers_follow_the_impulse_chart():
    for impulse in range(1, 33):
        s = state(impulse)
        assert [u.id for u in movers(s)] == [u.id for u in s.units if moves_on(u.speed, impulse)]
    assert [u.id for u in movers(state(4))] == ["A", "B", "D"]  # 8 and 9 move on 4 (C1.4)
    assert [u.id for u in movers(state(1))] == ["B"]
    assert movers(state(0)) == []


def test_the_tracker_shows_the_clock_and_who_moves(qtbot):
    t = ImpulseTracker()
    qtbot.addWidget(t)
    t.set_state(state(4), "6A-move")
    assert t.clock.text() == "Turn 2 · Impulse 4 of 32" and t.step.text() == (
        "Movement of ships and shuttles (C1.313)")
    assert t.step.toolTip().endswith("\nstep 6A-move")  # the key the log names, for a check
    t.set_state(state(4), "6D-fire-decision")
    assert t.step.text() == "Fire Decision Step (D6.315)"
    t.set_state(state(4), "6B-lay-mines")
    assert t.step.text() == "Mine Laying Step (M9.0)"
    t.set_state(state(4), "no-such-step")
    assert t.step.text() == "Step no-such-step" and t.step.toolTip() == ""
    assert t.moving_ids() == ["A", "B", "D"]
    assert t.moving.item(0).text() == "Alpha (A), speed 8"
    assert t.heading.text() == "Moving on impulse 4: 3 units"
    gone = dataclasses.replace(state(4), units=state(4).units[1:])
    t.set_state(gone)
    assert t.moving_ids() == ["B", "D"] and t.step.text() == ""
    t.set_state(state(0))
    assert t.clock.text() == "Turn 2 · before the impulses" and t.moving.count() == 0
