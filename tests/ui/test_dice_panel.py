"""The dice panel (physical dice first): typed rolls, pairs, batches, refusals with the rule
and the input kept, the per-side computer switch, the history; and bound to a controller."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "qt"))  # the movement duel: games.py
from app_controller import answered, app_controller  # noqa: E402
from sfb_desk.engine.prompts import DiceRequest
from sfb_desk.ui.table.dice_panel import (
    HISTORY,
    DiceInputError,
    DicePanel,
    parse_rolls,
    roll_text,
    rolls_in_log,
)

DAC = DiceRequest("T2.I17.dac.KRT.7", "DAC roll, damage point 7 of 18 on the D7", "2d6", 1,
                  "D4.21", "KRT")
BREAKDOWN = DiceRequest("T1.I4.breakdown.A", "Breakdown roll for A (C6.5)", "1d6", 1, "C6.5", "A")


def dac(point: int, count: int = 1) -> DiceRequest:
    return DiceRequest(f"T2.I17.dac.KRT.{point}", f"DAC roll, damage point {point} of 18 on the D7",
                       "2d6", count, "D4.21", "KRT")


@pytest.fixture
def panel(qtbot):
    p = DicePanel()
    qtbot.addWidget(p)
    p.show()
    return p


def type_enter(qtbot, panel, text):
    panel.input.clear()
    qtbot.keyClicks(panel.input, text)
    qtbot.keyClick(panel.input, Qt.Key.Key_Return)


@pytest.mark.parametrize("text,kind,count,expected", [
    ("7", "2d6", 1, [7]), ("3 4", "2d6", 1, [7]), ("3+4", "2d6", 1, [7]),
    ("7 5 11 8", "2d6", 4, [7, 5, 11, 8]), ("3 4 2 3", "2d6", 2, [7, 5]),
    ("3 4, 6 6", "2d6", 1, [7, 12]), ("7 5 11 8", "2d6", 1, [7, 5, 11, 8]),
    ("4", "1d6", 1, [4]), ("1 2 3", "1d6", 3, [1, 2, 3]),
])
def test_parse_rolls(text, kind, count, expected):
    assert parse_rolls(text, kind, count) == expected


@pytest.mark.parametrize("text,kind,count,message", [
    ("13", "2d6", 1, "13 is not a 2d6 roll (2–12)"),
    ("0", "1d6", 1, "0 is not a 1d6 roll (1–6)"),
    ("1", "2d6", 1, "1 is not a 2d6 roll (2–12)"),
    ("7+2", "2d6", 1, "7 is not a die (1–6) in 7+2"),
    ("x", "1d6", 1, "'x' is not a number"),
    ("7 5", "2d6", 4, "4 rolls of 2d6 wanted, 2 typed"),
    ("", "1d6", 1, "type the 1d6 roll"),
])
def test_parse_rolls_refuses_impossible_rolls(text, kind, count, message):
    with pytest.raises(DiceInputError) as info:
        parse_rolls(text, kind, count)
    assert str(info.value) == message


def test_shows_what_the_roll_is_for(panel):
    assert not panel.input.isEnabled() and panel.purpose.text() == "Nothing to roll now"
    panel.set_request(DAC)
    assert panel.purpose.text() == "DAC roll, damage point 7 of 18 on the D7"
    assert "2d6" in panel.how.text() and "D4.21" in panel.how.text()
    assert panel.input.isEnabled()


def test_typing_3_4_enter_answers_7(qtbot, panel):
    panel.set_request(DAC)
    with qtbot.waitSignal(panel.answered) as blocker:
        type_enter(qtbot, panel, "3 4")
    assert blocker.args == [[7]]


def test_13_is_refused_with_the_rule_and_the_input_kept(qtbot, panel):
    panel.set_request(DAC)
    with qtbot.assertNotEmitted(panel.answered):
        type_enter(qtbot, panel, "13")
    assert panel.message.text() == "13 is not a 2d6 roll (2–12) (D4.21)"
    assert panel.input.text() == "13"
    panel.set_request(BREAKDOWN)
    with qtbot.assertNotEmitted(panel.answered):
        type_enter(qtbot, panel, "0")
    assert panel.message.text().startswith("0 is not a 1d6 roll")


def test_a_batch_answers_a_request_of_four_dac_rolls(qtbot, panel):
    panel.set_request(dac(7, count=4))
    with qtbot.waitSignal(panel.answered) as blocker:
        type_enter(qtbot, panel, "7 5 11 8")
    assert blocker.args == [[7, 5, 11, 8]]


def test_a_batch_answers_four_consecutive_dac_requests(qtbot, panel):
    answers = []
    panel.answered.connect(answers.append)
    panel.set_request(dac(7))
    type_enter(qtbot, panel, "7 5 11 8")
    assert answers == [[7]] and panel.queued.text().endswith("5 11 8")
    for point in (8, 9, 10):
        with qtbot.waitSignal(panel.answered):
            panel.set_request(dac(point))
    assert answers == [[7], [5], [11], [8]] and panel.queued.text() == ""


def test_leftover_batch_goes_back_to_the_input_when_the_next_request_differs(qtbot, panel):
    panel.set_request(dac(7))
    type_enter(qtbot, panel, "7 5 11")
    with qtbot.assertNotEmitted(panel.answered):
        panel.set_request(BREAKDOWN)
    assert panel.input.text() == "5 11" and "Kept 5 11" in panel.message.text()


def test_the_computer_switch_per_side(qtbot, panel):
    panel.set_sides(["fed", "kli"], {"kli": True})
    assert not panel.switch("fed").isChecked() and panel.switch("kli").isChecked()
    with qtbot.waitSignal(panel.auto_changed) as blocker:
        qtbot.mouseClick(panel.switch("fed"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["fed", True]


def test_history_keeps_the_last_rolls(panel):
    for i in range(12):
        panel.add_roll(dac(i), (2 + i % 11,), "player" if i % 2 else "seeded")
    assert panel.history.count() == 8
    last = panel.history.item(7).text()
    assert last.startswith("\u20072 ") and "point 11 of 18" in last and "table" in last


def test_a_long_roll_wraps_in_a_narrow_dock_instead_of_scrolling_sideways(qtbot, panel):
    """The Last rolls list at the dice dock's width at 1366x768 (about 230 px): a batch of DAC
    rolls wraps onto more lines, whole; the list never scrolls sideways."""
    panel.resize(230, 520)
    panel.add_roll(dac(1, 15), tuple(range(2, 13)) + (7, 8, 9, 10), "player")
    qtbot.wait(20)
    bar = panel.history.horizontalScrollBar()
    assert bar.maximum() == 0 and not bar.isVisible()
    rect = panel.history.visualItemRect(panel.history.item(0))
    line = panel.history.fontMetrics().height()
    assert rect.height() >= 2 * line  # wrapped, not cut
    assert rect.width() <= panel.history.viewport().width()


def to_the_breakdown_roll(qtbot, c) -> None:
    """The movement duel (tests/qt/games.py) started and played to A's HET on impulse 4: the
    breakdown roll (C6.5) is asked."""
    from games import OPENING, duel

    for act in (lambda: c.new_game(duel()), *(lambda v=v: c.answer(v) for v in OPENING)):
        answered(qtbot, c, act)
    while c.pending.key != "T1.I4.move.A":
        answered(qtbot, c, lambda: c.answer(c.pending.default))
    answered(qtbot, c, lambda: c.answer("het C"))
    assert c.pending.key == "T1.I4.breakdown.A"


def test_bound_to_a_controller(qtbot, panel):
    """Through the real controller and worker: the breakdown roll typed, a bad roll refused
    by the panel, then the computer switched on for the Federation."""
    with app_controller() as c:
        panel.bind(c)
        to_the_breakdown_roll(qtbot, c)
        assert set(panel._switches) == {"fed", "kli"}
        assert panel.request.key == "T1.I4.breakdown.A" and panel.input.isEnabled()
        type_enter(qtbot, panel, "7")
        assert panel.message.text() == "7 is not a 1d6 roll (1–6) (C6.5)"
        with qtbot.waitSignal(c.answer_done, timeout=10_000):
            type_enter(qtbot, panel, "3")
        assert panel.request is None and panel.input.text() == ""
        assert "Breakdown roll for A" in panel.history.item(0).text()
        c.undo()
        assert panel.request.key == "T1.I4.breakdown.A"
        assert panel.history.count() == 0  # the roll undone leaves the list
        with qtbot.waitSignal(c.answer_done, timeout=10_000):
            panel.switch("fed").setChecked(True)
        assert c.auto_dice("fed") and panel.history.count() == 1
        assert "computer" in panel.history.item(0).text()


# -- the list rebuilt from the log: undo, redo, load ------------------------------------------


def shown_totals(panel) -> list[list[int]]:
    """The totals at the head of each line of the list (figure spaces pad them)."""
    lines = [panel.history.item(i).text() for i in range(panel.history.count())]
    return [[int(v) for v in line.split("  ")[0].replace("\u2007", "").split(", ")]
            for line in lines]


def test_rolls_in_log_pair_each_dice_answer_with_its_request():
    from sfb_desk.engine.log import GameLog
    from sfb_desk.engine.prompts import Choice
    from sfb_desk.rules.results import Refusal

    log = GameLog()
    log.append("prompt", 1, 4, "6A", BREAKDOWN.key, BREAKDOWN)
    log.append("refused", 1, 4, "6A", BREAKDOWN.key, ([7], Refusal("C6.5", "7")), "player")
    log.append("prompt", 1, 4, "6A", BREAKDOWN.key, BREAKDOWN)  # asked again after a refusal
    log.append("answer", 1, 4, "6A", BREAKDOWN.key, [3], "player")
    side = Choice("T1.I4.side", "Which side?", ("a", "b"))
    log.append("prompt", 1, 4, "6A", side.key, side)
    log.append("answer", 1, 4, "6A", side.key, "a", "player")  # not dice: not listed
    log.append("prompt", 2, 17, "6D", dac(7, 2).key, dac(7, 2))
    log.append("answer", 2, 17, "6D", dac(7, 2).key, 9, "seeded")  # a bare total
    assert list(rolls_in_log(log.records)) == [(BREAKDOWN, (3,), "player"),
                                               (dac(7, 2), (9,), "seeded")]
    assert roll_text(BREAKDOWN, (3,), "seeded") == (
        "\u20073  Breakdown roll for A (C6.5) (1d6, computer)")


def test_the_list_follows_undo_and_redo(qtbot, panel):
    """A roll undone leaves the list; redone, it is back (the controller's log_reset)."""
    with app_controller() as c:
        panel.bind(c)
        to_the_breakdown_roll(qtbot, c)
        with qtbot.waitSignal(c.answer_done, timeout=10_000):
            type_enter(qtbot, panel, "4")
        assert shown_totals(panel) == [[4]] and "table" in panel.history.item(0).text()
        with qtbot.waitSignal(c.answer_done, timeout=10_000):
            c.answer(c.pending.default)  # a step after the roll: undoing it keeps the roll
        c.undo()
        assert shown_totals(panel) == [[4]]
        c.undo()
        assert shown_totals(panel) == [] and panel.request.key == "T1.I4.breakdown.A"
        c.redo()
        assert shown_totals(panel) == [[4]]
        assert "Breakdown roll for A" in panel.history.item(0).text()


def test_a_loaded_game_shows_its_last_rolls(qtbot, panel, tmp_path):
    """The CA-vs-D7 duel played to its end and saved: loaded, the list holds the save's last
    rolls (the scripted dice), not the rolls of the game played before the load; a panel
    bound after the load shows them too."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from duel_script import ANSWERS, script, setup
    from games import OPENING, duel

    from sfb_desk.engine.session import Session
    from sfb_desk.qt.game_files import save_record
    from sfb_desk.qt.game_record import record_of

    g = setup()
    session = Session(g.state, g.combat, g.specs)
    session.run(script())
    path = save_record(tmp_path / "duel.sfbsave", record_of(session))
    dice = [r.data for r in session.log if r.kind == "answer"  # a volley's to-hit: one entry
            and (".hits." in r.key or ".dac." in r.key)]
    assert len(dice) >= HISTORY

    with app_controller() as c:
        panel.bind(c)
        with qtbot.waitSignal(c.answer_done, timeout=10_000):
            c.new_game(duel())
        for value in OPENING:
            with qtbot.waitSignal(c.answer_done, timeout=10_000):
                c.answer(value)
        panel.add_roll(BREAKDOWN, (5,), "player")  # a roll of the game left behind
        with qtbot.waitSignal(c.loaded, timeout=30_000):
            c.load(path)
        assert shown_totals(panel) == dice[-HISTORY:]
        last = panel.history.item(HISTORY - 1).text()
        assert "(2d6, script)" in last and "KRT" in last  # the D7's last DAC roll
        assert panel.history.item(HISTORY - 1).toolTip() == last  # wider than the panel
        late = DicePanel()
        qtbot.addWidget(late)
        late.bind(c)
        assert shown_totals(late) == dice[-HISTORY:]
