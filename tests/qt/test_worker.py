"""The sequencer worker thread (DESIGN.md section 4): a turn sequenced through it ends where the
plain session does; the work runs off the GUI thread while the GUI thread keeps processing
events; the thread stops cleanly, even with requests queued."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QThread, QTimer

from sfb_desk.engine.answers import NO_ANSWER, Chain, Defaults, Scripted, SeededDice
from sfb_desk.qt.game_record import AutoAnswers, new_record, record_of
from sfb_desk.qt.worker import SequencerThread, running_threads

from games import OPENING, duel, played, script

WAIT = 10_000  # ms: a generous ceiling, never a sleep


@pytest.fixture
def sequencer(qapp):
    thread = SequencerThread()
    yield thread
    assert thread.stop(WAIT)
    assert not thread.is_running()


def ask(qtbot, sequencer, record, value, source="script", auto=None):
    """One request through the worker; the Step it sends back."""
    with qtbot.waitSignal(sequencer.advanced, timeout=WAIT) as blocker:
        sequencer.advance(record, value, source, auto)
    return blocker.args[1]


def test_a_turn_through_the_worker_ends_in_the_plain_sessions_state(qtbot, sequencer):
    reference = played()
    source = Chain(script(), Defaults())
    record = new_record(duel())
    answered = 0
    while record.pending is not None:
        value, name = source.answer(record.pending, None)  # the sources never read the session
        step = ask(qtbot, sequencer, record, value, name)
        assert step.refusal is None, step.refusal
        record = step.record
        answered += 1
    assert answered == len(reference.log.answers())
    assert record.state == reference.state
    assert record.answers == tuple(reference.log.answers())
    assert [(r.seq, r.kind, r.key, r.data) for r in record.records] == [
        (r.seq, r.kind, r.key, r.data) for r in reference.log
    ]


def test_the_automatic_answers_run_in_one_request(qtbot, sequencer):
    """After the opening orders, one request with every default answered plays the turn out."""
    record = new_record(duel())
    for value in OPENING:
        record = ask(qtbot, sequencer, record, value).record
    step = ask(qtbot, sequencer, record, NO_ANSWER, auto=AutoAnswers(defaults=True))
    reference = played(Scripted(list(OPENING)))
    assert step.record.finished and step.record.state == reference.state
    assert len(step.new_records) == len(reference.log) - len(record.records)


def test_seeded_dice_roll_for_an_automatic_side_and_are_logged(qtbot, sequencer):
    record = new_record(duel())
    for value in OPENING:
        record = ask(qtbot, sequencer, record, value).record
    while record.pending.key != "T1.I4.move.A":
        record = ask(qtbot, sequencer, record, record.pending.default, "default").record
    typed = ask(qtbot, sequencer, record, "het C")  # the table rolls: the roll is asked
    assert typed.record.pending.key == "T1.I4.breakdown.A"
    step = ask(qtbot, sequencer, record, "het C", auto=AutoAnswers({"fed"}))
    (roll,) = [r for r in step.new_records if r.key == "T1.I4.breakdown.A" and r.kind == "answer"]
    expected = SeededDice().roll(typed.record.pending, 3)
    assert roll.source == "seeded" and roll.data == expected
    step = ask(qtbot, sequencer, record, "het C", auto=AutoAnswers({"kli"}))
    assert step.record.pending.key == "T1.I4.breakdown.A"  # not the Klingons' roll


def test_a_refused_answer_leaves_the_record_and_reports_the_rule(qtbot, sequencer):
    record = new_record(duel())
    step = ask(qtbot, sequencer, record, "fast")
    assert step.record is None and step.refusal is not None
    assert step.refusal.rule == "C12.12" and record.pending.key == "T1.plot.A"
    assert [r.kind for r in step.new_records] == ["refused"]


def test_the_work_runs_off_the_gui_thread_and_the_gui_keeps_going(qtbot, sequencer):
    """The worker blocks in the middle of a request until a timer on the GUI thread lets it
    go on: the request can only finish if the GUI thread runs its event loop meanwhile."""
    gate = threading.Event()
    seen: dict[str, object] = {}

    class Gated(AutoAnswers):
        def answer(self, prompt, session):
            seen["thread"] = QThread.currentThread()
            if not gate.wait(WAIT / 1000):
                raise TimeoutError("the GUI thread never let the worker go on")
            return super().answer(prompt, session)

    ticks = []
    timer = QTimer()
    timer.setInterval(0)
    timer.timeout.connect(lambda: (ticks.append(1), gate.set()))
    timer.start()
    record = new_record(duel())
    step = ask(qtbot, sequencer, record, 8, auto=Gated(defaults=True))
    timer.stop()
    assert step.refusal is None and step.record.pending.key == "T1.ea.A"
    assert ticks and seen["thread"] is sequencer.thread
    assert seen["thread"] is not QThread.currentThread()


def test_stop_with_requests_queued_leaves_no_thread(qtbot, qapp):
    thread = SequencerThread()
    record = new_record(duel())
    for _ in range(20):
        thread.advance(record, 8)
    assert thread.stop(WAIT)
    assert not thread.is_running() and thread.thread not in running_threads()


def test_save_and_load_through_the_worker(qtbot, sequencer, tmp_path):
    session = played()
    record = record_of(session)
    path = tmp_path / "duel.sfbsave"
    with qtbot.waitSignal(sequencer.saved, timeout=WAIT):
        sequencer.save(record, path)
    with qtbot.waitSignal(sequencer.loaded, timeout=WAIT) as blocker:
        sequencer.load(path)
    loaded = blocker.args[1]
    assert loaded.state == session.state and loaded.answers == record.answers
    with qtbot.waitSignal(sequencer.failed, timeout=WAIT) as blocker:
        sequencer.load(tmp_path / "missing.sfbsave")
    assert "missing.sfbsave" in blocker.args[1] and "cannot be read" in blocker.args[1]


def test_a_save_the_loader_refuses_or_fails_on_is_reported_not_a_hang(qtbot, sequencer,
                                                                     monkeypatch):
    """QA, session 4: a save with a box its ship lacks is refused with the unit and the box;
    and whatever else a load raises comes back as ``failed``, never a silent worker."""
    from pathlib import Path

    from sfb_desk.qt import game_files

    broken = Path(__file__).parents[1] / "data" / "broken_saves" / "bad_box_mark.sfbsave"
    with qtbot.waitSignal(sequencer.failed, timeout=WAIT) as blocker:
        sequencer.load(broken)
    assert "ENT: 'abc' is not a box of the Heavy Cruiser (FED-CA)" in blocker.args[1]

    def boom(path):  # noqa: ANN001, ANN202
        raise ValueError("a fault the loader did not foresee")

    monkeypatch.setattr(game_files, "load_record", boom)
    with qtbot.waitSignal(sequencer.failed, timeout=WAIT) as blocker:
        sequencer.load(broken)
    assert "cannot be opened (internal error" in blocker.args[1]
    assert "a fault the loader did not foresee" in blocker.args[1]
