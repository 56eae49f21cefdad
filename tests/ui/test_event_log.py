"""The game log view: lines for each record kind, kind and text filters, newest at the bottom
and followed while the view is at the bottom, reset on undo/load."""

from __future__ import annotations

import pytest

from sfb_desk.engine.log import GameLog
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.rules.results import Refusal, event
from sfb_desk.ui.event_log import EventLog, describe

ROLL = DiceRequest("T1.I4.breakdown.A", "Breakdown roll for A (C6.5)", "1d6", rule="C6.5", unit="A")


def records(n_moves: int = 0):
    log = GameLog()
    log.append("prompt", 1, 4, "6A-move", ROLL.key, ROLL)
    log.append("refused", 1, 4, "6A-move", ROLL.key, ([7], Refusal("dice", "7 is not a 1d6 roll")),
               "player")
    log.append("answer", 1, 4, "6A-move", ROLL.key, [3], "player")
    log.append("event", 1, 4, "6A-move", "", event("breakdown_roll", "A", "C6.5",
                                                    "A rolls 3: no breakdown", roll=3))
    for i in range(n_moves):
        log.append("event", 1, 5 + i % 27, "6A-move", "", event("moved", "B", "C1.4",
                                                               f"B moves to hex {i}"))
    return log.records


@pytest.fixture
def view(qtbot):
    v = EventLog()
    qtbot.addWidget(v)
    v.resize(400, 200)
    v.show()
    return v


def test_lines_describe_each_kind():
    p, r, a, e = records()
    assert describe(p) == "T1.4  ? Breakdown roll for A (C6.5)"
    assert describe(r).startswith("T1.4  refused [7] for T1.I4.breakdown.A: 7 is not a 1d6 roll")
    assert describe(a) == "T1.4  T1.I4.breakdown.A ← [3] (player)"
    assert describe(e) == "T1.4  A rolls 3: no breakdown (C6.5)"


def test_filters_by_kind_and_text(view):
    view.reset(records(3))
    assert len(view.visible_lines()) == 7
    view.kind.setCurrentText("Refusals")
    assert [line.split("  ")[1][:7] for line in view.visible_lines()] == ["refused"]
    view.kind.setCurrentText("Events")
    view.search.setText("HEX 1")
    assert view.visible_lines() == ["T1.6  B moves to hex 1 (C1.4)"]
    view.search.clear()
    view.kind.setCurrentText("Everything")
    assert len(view.visible_lines()) == 7


def test_newest_at_the_bottom_and_followed(view):
    recs = records(60)
    view.reset(recs[:40])
    bar = view.view.verticalScrollBar()
    assert bar.value() == bar.maximum() > 0
    for r in recs[40:50]:
        view.append(r)
    assert bar.value() == bar.maximum()
    assert view.visible_lines()[-1] == describe(recs[49])
    bar.setValue(0)  # the reader scrolled up: new entries do not pull the view down
    for r in recs[50:]:
        view.append(r)
    assert bar.value() == 0 and view.model.rowCount() == len(recs) == 64
