"""The game controller (DESIGN.md sections 4 and 7): undo and redo of answers and box marks,
the dirty flag and title, save and load, recent files, autosave after each step, crash
recovery, corrupt autosaves reported and never overwritten, dice per side, status text."""

from __future__ import annotations

import pytest

from sfb_desk.engine.answers import Scripted
from sfb_desk.qt import game_files
from sfb_desk.qt.app_settings import MAX_RECENT
from sfb_desk.qt.controller import GameController
from sfb_desk.qt.game_files import load_record

from games import OPENING, duel, played

WAIT = 10_000


def make_controller():
    return GameController()


@pytest.fixture
def controller(qapp):
    c = make_controller()
    yield c
    assert c.close()
    assert not c.worker_thread.is_running()


def step(qtbot, c, value=None, *, new=None):
    """Answer (or start a new game) and wait until the controller has the result."""
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
        if new is not None:
            c.new_game(new)
        else:
            assert c.answer(value)
    return blocker.args[0]


def play(qtbot, c, values):
    for v in values:
        assert step(qtbot, c, v), f"{v!r} refused at {c.pending.key}"


def run_to(qtbot, c, key):
    while c.pending.key != key:
        assert step(qtbot, c, c.pending.default)


def test_undo_and_redo_of_answers(qtbot, controller):
    c = controller
    step(qtbot, c, new=duel())
    assert c.pending.key == "T1.plot.A" and not c.modified
    play(qtbot, c, OPENING[:2])
    assert c.pending.key == "T1.plot.B" and c.modified
    after_two = c.state
    with qtbot.waitSignal(c.prompt_changed) as blocker:
        c.undo_action().trigger()
    assert blocker.args[0].key == "T1.ea.A" and c.record.answers == ((8, "player"),)
    c.undo()
    assert c.pending.key == "T1.plot.A" and not c.modified and "*" not in c.title()
    c.redo()
    c.redo_action().trigger()
    assert c.pending.key == "T1.plot.B" and c.state == after_two and c.modified
    assert c.redo_action().shortcuts()[0].toString() == "Ctrl+Shift+Z"
    assert c.undo_action().shortcut().toString() == "Ctrl+Z"


def test_a_new_answer_after_undo_drops_the_redo(qtbot, controller):
    c = controller
    step(qtbot, c, new=duel())
    play(qtbot, c, [8])
    c.undo()
    play(qtbot, c, [6])
    assert not c.undo_stack.canRedo() and c.record.answers == ((6, "player"),)


def records_game():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from duel_script import setup

    return setup()


def test_box_marks_are_undoable_table_corrections(qtbot, controller, tmp_path):
    """A box marked by hand is a table correction the engine applies (issue 12): in the state
    and the log, undoable, saved and loaded exactly; a mark the engine refuses says why."""
    c = controller
    g = records_game()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    with qtbot.waitSignal(c.state_changed, timeout=WAIT) as blocker:
        assert c.mark_box("ENT", "phaser#1")
    assert "phaser#1" in blocker.args[0].unit("ENT").destroyed and c.modified
    assert "Table: ENT phaser 1 marked destroyed, turn 1" in [
        r.data.text for r in c.log if r.kind == "event"]
    assert c.undo_stack.undoText() == "Mark phaser#1 on ENT"
    with qtbot.waitSignal(c.refused, timeout=WAIT) as refused:
        c.mark_box("ENT", "phaser#1")  # already destroyed
    assert "already destroyed" in refused.args[0]
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.mark_box("ENT", "phaser#1", destroyed=False)
    assert "phaser#1" not in c.state.unit("ENT").destroyed
    c.undo()
    assert "phaser#1" in c.state.unit("ENT").destroyed
    path = tmp_path / "marked.sfbsave"
    with qtbot.waitSignal(c.saved, timeout=WAIT):
        c.save(path)
    loaded = load_record(path)
    assert loaded.answers == c.record.answers and loaded.state == c.state
    c.undo()
    assert c.state.unit("ENT").destroyed == frozenset() and not c.undo_stack.canUndo()
    c.redo()
    assert c.state.unit("ENT").destroyed == {"phaser#1"}


def test_title_and_dirty_flag(qtbot, controller, tmp_path):
    c = controller
    assert c.title() == "SFB Desk"
    titles = []
    c.title_changed.connect(titles.append)
    step(qtbot, c, new=duel())
    assert c.title() == "Untitled — SFB Desk"
    with qtbot.waitSignal(c.modified_changed) as blocker:
        play(qtbot, c, [8])
    assert blocker.args == [True] and c.title() == "Untitled * — SFB Desk"
    with qtbot.waitSignal(c.saved, timeout=WAIT):
        assert c.save(tmp_path / "duel.sfbsave")
    assert c.title() == "duel.sfbsave — SFB Desk" and not c.modified
    play(qtbot, c, OPENING[1:2])
    assert c.title() == "duel.sfbsave * — SFB Desk" and titles[-1] == c.title()


def test_save_and_load_round_trip(qtbot, controller, tmp_path):
    c = controller
    step(qtbot, c, new=duel())
    play(qtbot, c, OPENING)
    run_to(qtbot, c, "T1.I4.move.A")
    path = tmp_path / "duel.sfbsave"
    with qtbot.waitSignal(c.saved, timeout=WAIT):
        c.save(path)
    other = make_controller()
    try:
        with qtbot.waitSignal(other.loaded, timeout=WAIT):
            other.load(path)
        assert other.record.answers == c.record.answers
        assert other.state == c.state and other.pending == c.pending
        assert not other.modified
        assert other.path == path and str(path.resolve()) == other.recent_files()[0]
        with qtbot.waitSignal(other.error, timeout=WAIT) as blocker:
            other.load(tmp_path / "nothing.sfbsave")
        assert "nothing.sfbsave" in blocker.args[0] and other.path == path
    finally:
        assert other.close()


def test_recent_files_keep_eight_newest_first(qtbot, controller, tmp_path):
    c = controller
    step(qtbot, c, new=duel())
    for i in range(MAX_RECENT + 2):
        with qtbot.waitSignal(c.saved, timeout=WAIT):
            c.save(tmp_path / f"g{i}.sfbsave")
    files = c.recent_files()
    assert len(files) == MAX_RECENT and files[0].endswith("g9.sfbsave")
    assert make_controller_recent(qtbot) == files


def make_controller_recent(qtbot):
    other = make_controller()
    try:
        return other.recent_files()
    finally:
        other.close()


def test_an_autosave_follows_each_step(qtbot, controller):
    c = controller
    step(qtbot, c, new=duel())
    with qtbot.waitSignal(c.autosaved, timeout=WAIT,
                          check_params_cb=lambda path, n: n == 2) as blocker:
        play(qtbot, c, OPENING[:2])
    path = blocker.args[0]
    assert path == str(game_files.autosave_file())
    assert load_record(path).answers == c.record.answers


def test_recovery_after_a_crash_restores_the_last_completed_step(qtbot, controller):
    crashed = controller
    step(qtbot, crashed, new=duel())
    with qtbot.waitSignal(crashed.autosaved, timeout=WAIT,
                          check_params_cb=lambda path, n: n == 3):
        play(qtbot, crashed, OPENING[:3])
    crashed.worker_thread.stop()  # no clean exit is recorded: as after a crash
    fresh = make_controller()
    try:
        offer = fresh.recoverable_autosave()
        assert offer is not None and offer.readable and offer.path == game_files.autosave_file()
        with qtbot.waitSignal(fresh.loaded, timeout=WAIT):
            assert fresh.recover()
        assert fresh.record.answers == crashed.record.answers
        assert fresh.state == crashed.state and fresh.pending.key == "T1.ea.B"
        assert fresh.recoverable_autosave() is None and fresh.modified
        play(qtbot, fresh, [OPENING[3]])  # and play on
    finally:
        assert fresh.close()
    assert not game_files.autosave_file().exists()  # the clean exit removed it
    again = make_controller()
    assert again.recoverable_autosave() is None
    again.close()


def test_a_corrupt_autosave_is_reported_and_never_overwritten(qtbot, qapp):
    path = game_files.autosave_file()
    path.write_bytes(b'{"format": "sfb-desk-save", "version": 1, "initial": {')
    c = make_controller()
    try:
        offer = c.recoverable_autosave()
        assert offer is not None and not offer.readable and "not a readable save" in offer.problem
        with qtbot.waitSignal(c.error) as blocker:
            assert not c.recover()
        assert str(path) in blocker.args[0] and "left untouched" in blocker.args[0]
        step(qtbot, c, new=duel())
        play(qtbot, c, [8])
        aside = c.discard_autosave()  # declined: renamed aside, never deleted
        assert aside is not None and aside.read_bytes().startswith(b'{"format"')
        with qtbot.waitSignal(c.autosaved, timeout=WAIT):
            play(qtbot, c, [{"hets": 1}])
    finally:
        c.close()
    assert aside.exists()


def test_an_unreadable_autosave_not_offered_is_still_not_overwritten(qtbot, qapp):
    """Even with no offer pending (declined earlier), autosave refuses to write over a file
    that is not a save this program can read, and says so."""
    path = game_files.autosave_file()
    c = make_controller()
    try:
        path.write_text("not a save", encoding="utf-8")
        step(qtbot, c, new=duel())
        with qtbot.waitSignal(c.autosave_failed, timeout=WAIT) as blocker:
            play(qtbot, c, [8])
        assert "will not be overwritten" in blocker.args[0]
        assert path.read_text(encoding="utf-8") == "not a save"
    finally:
        c.close()
    assert path.read_text(encoding="utf-8") == "not a save"  # the clean exit leaves it too
    again = make_controller()
    assert again.recoverable_autosave() is None  # not offered again after the clean exit
    again.close()


def test_dice_typed_or_rolled_per_side_and_status(qtbot, controller):
    c = controller
    statuses = []
    c.status.connect(statuses.append)
    rolls = []
    c.dice_rolled.connect(lambda prompt, values, source: rolls.append((prompt.key, values, source)))
    step(qtbot, c, new=duel())
    play(qtbot, c, OPENING)
    run_to(qtbot, c, "T1.I4.move.A")
    play(qtbot, c, ["het C"])
    assert c.pending.key == "T1.I4.breakdown.A"
    assert statuses[-1] == "Waiting for: Breakdown roll for A (C6.5) (1d6)"
    with qtbot.waitSignal(c.refused) as blocker:
        c.answer([7])
    assert "7 is not a 1d6 roll" in blocker.args[0] and c.pending.key == "T1.I4.breakdown.A"
    qtbot.waitUntil(lambda: not c.busy, timeout=WAIT)
    play(qtbot, c, [[3]])
    assert rolls == [("T1.I4.breakdown.A", (3,), "player")]
    c.undo()
    assert c.pending.key == "T1.I4.breakdown.A"
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.set_auto_dice("fed", True)  # the computer rolls the Federation's dice, at once
    assert c.auto_dice("fed") and not c.auto_dice("kli")
    key, values, source = rolls[-1]
    assert (key, source) == ("T1.I4.breakdown.A", "seeded") and 1 <= values[0] <= 6
    seeded = [r for r in c.log if r.kind == "answer" and r.key == "T1.I4.breakdown.A"]
    assert [(r.data, r.source) for r in seeded] == [(list(values), "seeded")]


def test_the_controllers_game_equals_the_plain_session(qtbot, controller):
    c = controller
    c.set_auto_defaults(True)
    step(qtbot, c, new=duel())
    play(qtbot, c, OPENING)
    reference = played(Scripted(list(OPENING)))
    assert c.pending is None and c.state == reference.state
    assert c.log[-1].seq == len(c.log) - 1 and len(c.log) == len(reference.log)
