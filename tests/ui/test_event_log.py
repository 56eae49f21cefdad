"""The game log view: lines for each record kind, kind and text filters, newest at the bottom
and followed while the view is at the bottom, reset on undo/load."""

from __future__ import annotations

import ast

import pytest

from sfb_desk.engine.log import GameLog
from sfb_desk.engine.prompts import DiceRequest, Orders
from sfb_desk.rules.results import Refusal, event
from sfb_desk.ui.table.event_log import LONG, EventLog, allocation_summary, describe, game_totals

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
    v.details.setChecked(True)  # these tests read the answers as given
    return v


def test_by_default_the_log_reads_in_sentences(qtbot):
    """Issue 12: plain sentences for the players; prompt keys only behind "Details"."""
    p, r, a, e = records()
    assert describe(a, p.data, details=False) == "T1.4  Breakdown roll for A: rolled 3 — the table"
    assert describe(r, p.data, details=False).startswith(
        "T1.4  Refused for Breakdown roll for A: 7 is not a 1d6 roll")
    assert describe(e, details=False) == "T1.4  A rolls 3: no breakdown"
    v = EventLog()
    qtbot.addWidget(v)
    assert not v.details.isChecked()
    v.reset([p, r, a, e])
    assert not any("T1.I4.breakdown.A" in line for line in v.visible_lines())
    v.details.setChecked(True)
    assert any("T1.I4.breakdown.A ← [3]" in line for line in v.visible_lines())


def test_a_passed_question_reads_as_what_was_decided():
    """Issue 12: an empty answer says what it means per order kind, not "nothing"; the
    details switch still shows the key and the value as given."""
    fire = Orders("T1.I8.fire.Federation", "fire", "Fire declarations of side Federation, "
                  "impulse 8 (D6.315)", side="Federation", rule="D6.315", default={})
    log = GameLog()
    log.append("answer", 1, 8, "6D-fire-decision", fire.key, {}, "player")
    log.append("answer", 1, 8, "6D-fire-decision", fire.key, {}, "pass-policy")
    log.append("answer", 1, 8, "6E-launch", "T1.I8.launch.Klingon", {}, "default")
    log.append("answer", 1, 8, "6D-damage", "T1.I8.reserve.v1.ENT", {}, "robot")
    log.append("answer", 1, 8, "6D-damage", "T1.I8.odd_kind.ENT", {}, "player")
    table, policy, launch, reserve, odd = log.records
    assert describe(table, fire, details=False) == "T1.8  Federation fires nothing — the table"
    assert describe(policy, fire, details=False) == (
        "T1.8  Federation fires nothing (passed by the program)")
    assert describe(launch, details=False) == "T1.8  Klingon launches nothing (passed)"
    assert describe(reserve, details=False) == "T1.8  ENT uses no reserve power — the robot"
    assert describe(odd, details=False) == "T1.8  Answer: nothing — the table"
    assert describe(table, fire) == "T1.8  T1.I8.fire.Federation ← {} (player)"


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


# -- long answers summarised, the answer as given in the tool tip ----------------------------


def answer_record(key, value, turn=1, impulse=0, source="player"):
    log = GameLog()
    return log.append("answer", turn, impulse, "x", key, value, source)


def tip(view, row):
    from PySide6.QtCore import Qt

    return view.model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_a_whole_allocation_from_the_sheet_reads_as_one_short_line(view):
    """The EA sheet answers every line of the form (encoded): the line names the plot, the
    weapons by action and what is off its default; the tool tip has the whole answer."""
    from fractions import Fraction

    from sfb_desk.qt.ea_game import answer_value
    from sfb_desk.rules.energy import Allocation, WeaponOrder

    allocation = Allocation(
        ship="FED-CA", turn=2, speed_plot=((1, 10), (17, 12)),
        weapons=(WeaponOrder("photon#A"), WeaponOrder("photon#B", "hold"),
                 WeaponOrder("photon#C", "hold", overload=True), WeaponOrder("photon#D", "hold")),
        general_reinforcement=2, specific_reinforcement=(3, 0, 0, 0, 0, 0),
        battery_recharge=Fraction(1, 2), hets=1)
    value = answer_value(allocation)
    r = answer_record("T2.ea.ENT", value, turn=2)
    assert len(f"T2.ea.ENT ← {value!r}") > 500  # what the line showed before
    line = describe(r)
    assert line == ("T2  T2.ea.ENT ← speed 10, 12 from impulse 17 · arm photon A · hold photon B D"
                    " · hold OL photon C · reinforce general 2, #1 +3 · HETs 1 · recharge 0.5"
                    " (player)")
    view.reset([r])
    assert view.visible_lines() == [line]
    first, *rest = tip(view, 0).splitlines()
    assert first == "T2.ea.ENT ← (player)" and 10 < len(rest) < 20  # not a line per key
    assert ast.literal_eval("\n".join(rest)) == value  # the answer itself, every line of it


def test_an_answer_shown_as_given_has_no_tool_tip(view):
    view.reset(records())
    assert [tip(view, row) for row in range(4)] == [None, None, None, None]


def test_allocations_of_the_scripted_duel_with_the_power_used(qtbot):
    """The CA-vs-D7 duel: turn 1's lines, with the power used of the power available when the
    game is known. ENT (Fed CA, size class 3) holding four photons at speed 2 uses life support
    1 + fire control 1 + shields 2 + movement 2 + holding 4 × 1 = 10 of warp 30 + impulse 4."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from duel_script import script, setup

    from sfb_desk.engine.session import Session
    from sfb_desk.qt.game_record import record_of
    from sfb_desk.ui.table.event_log import LogModel

    g = setup()
    session = Session(g.state, g.combat, g.specs)
    session.run(script())
    game = record_of(session, setup={"combat": g.combat, "specs": g.specs})
    ea = next(r for r in game.records if r.key == "T1.ea.ENT" and r.kind == "answer")
    assert describe(ea) == "T1  T1.ea.ENT ← speed 2 · hold photon A B C D (script)"
    model = LogModel()
    model.details = True
    model.totals = game_totals(lambda: game)
    model.reset(game.records)
    lines = [model.index(i, 0).data() for i in range(model.rowCount())]
    assert "T1  T1.ea.ENT ← speed 2 · hold photon A B C D · used 10 of 34 (script)" in lines
    assert "T2  T2.ea.ENT ← speed 2 · arm photon A · hold photon B C D · used 11 of 34 (script)" \
        in lines  # photon A's first arming turn costs 2 (E4.2) where holding cost 1 (E4.22)
    # the fire declarations of turn 2 (about 200 characters) read as who shoots at whom
    assert "T2.8  T2.I8.fire.Federation ← ENT at KRT: photon B C, phaser 1 2 (script)" in lines
    assert "T2.8  T2.I8.dac.v1.KRT ← [6, 7, 8, 8] (script)" in lines  # dice unchanged
    assert max(len(line) for line in lines if "← " in line) <= LONG


def test_long_fire_and_launch_answers_are_summarised_short_ones_kept():
    short = {"ENT": [{"box": "photon#A", "target": "KRT"}]}
    r = answer_record("T1.I8.fire.Federation", short, impulse=8)
    assert describe(r) == f"T1.8  T1.I8.fire.Federation ← {short!r} (player)"
    many = {"ENT": [{"box": f"phaser#{n}", "target": "KRT"} for n in range(1, 7)]
            + [{"box": "photon#A", "target": "KD1"}]}
    r = answer_record("T1.I8.fire.Federation", many, impulse=8)
    assert describe(r) == ("T1.8  T1.I8.fire.Federation ← ENT at KRT: phaser 1 2 3 4 5 6;"
                           " at KD1: photon A (player)")
    launches = {"KRT": {"drones": [{"box": "drone#1", "id": f"KD{n}", "target": "ENT"}
                                   for n in (1, 2)],
                        "shuttles": [{"box": "shuttle#1", "id": "KS1", "mission": "wild-weasel"}]}}
    r = answer_record("T1.I1.launch.Klingon", launches, impulse=1)
    assert describe(r) == ("T1.1  T1.I1.launch.Klingon ← KRT: drone KD1 from drone#1 at ENT,"
                           " drone KD2 from drone#1 at ENT,"
                           " shuttle KS1 from shuttle#1 (mission wild-weasel) (player)")


def test_an_answer_that_is_not_an_allocation_stays_as_given():
    """A movement-only unit's allocation (no plot: C12.12 has it asked apart) is short and
    kept; so is a refused shape."""
    assert describe(answer_record("T1.ea.A", {"hets": 1})) == "T1  T1.ea.A ← {'hets': 1} (player)"
    assert allocation_summary({"speed_plot": 2, "nonsense": 1}, 1) is None
