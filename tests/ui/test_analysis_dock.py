"""The analysis dock on a real GameController playing the scripted CA-vs-D7 duel
(tests/engine/duel_script.py): the game's ships, the chosen ship's energy use priced from the
accepted allocations, the range to the nearest enemy, and the Monte Carlo computed on the
analysis thread (never the GUI thread), equal to the direct computation with the same seed,
a superseded request dropped, and no thread left running."""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed


def scripted(script, prompt):  # noqa: ANN001, ANN201
    """The script's answer to ``prompt`` (a volley's to-hit dice joined), or its default."""
    value = pop_keyed(dict(script), prompt)
    return prompt.default if value is None else value


import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QObject, QThread, Slot
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import ANSWERS, script, setup  # noqa: E402

from sfb_desk.analysis.energy_use import energy_use  # noqa: E402
from sfb_desk.analysis.monte_carlo import simulate  # noqa: E402
from sfb_desk.engine.energy_steps import parse_allocation  # noqa: E402
from sfb_desk.engine.records import damage_state  # noqa: E402
from sfb_desk.engine.session import Session  # noqa: E402
from sfb_desk.qt.analysis_worker import (  # noqa: E402
    THREAD_NAME,
    MonteCarloJob,
    MonteCarloWorker,
    run_job,
)
from sfb_desk.rules.energy import ledger  # noqa: E402
from sfb_desk.rules.hexes import hex_range  # noqa: E402
from sfb_desk.ui.analysis.dock import AnalysisDock, game_energy_use, nearest_enemy  # noqa: E402

WAIT = 20_000
SCRIPT = {a.key: a.value for a in ANSWERS}
TRIALS, SEED = 3000, 7


class ScriptedStops:
    """A pass policy: every prompt with a default passes, except movement and the prompts the
    duel script answers (its drone launch, its fire)."""

    def passes(self, prompt, *context) -> bool:  # noqa: ANN001, ANN002 (state, combat, specs)
        return getattr(prompt, "kind", "") != "movement" and prompt.key not in SCRIPT


def play_to(qtbot, c, key):
    """Answer from the script (else the default) until ``key`` is asked."""
    while c.pending.key != key:
        with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
            assert c.answer(scripted(SCRIPT, c.pending))
        assert blocker.args[0], f"refused at {c.pending.key}"


class Receiver(QObject):
    """Records each reply and the thread it was delivered on."""

    def __init__(self) -> None:
        super().__init__()
        self.replies = []
        self.delivered_on = []

    @Slot(object)
    def take(self, reply) -> None:  # noqa: ANN001
        self.replies.append(reply)
        self.delivered_on.append(QThread.currentThread())


@pytest.fixture
def game(qtbot, controller_in_app):
    """The duel at T1.I16.move.ENT (allocations, KRT's drone and the impulse-8 volleys of
    the script played), and a maker of docks (shut down after the test)."""
    g = setup()
    c = controller_in_app
    docks = []

    def make_dock(**kw):
        dock = AnalysisDock(trials=TRIALS, seed=SEED, **kw)
        qtbot.addWidget(dock)
        dock.resize(1400, 900)
        docks.append(dock)
        return dock

    try:
        c.set_pass_policy(ScriptedStops())
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            c.new_game(g.state, combat=g.combat, specs=g.specs)
        play_to(qtbot, c, "T1.I16.move.ENT")
        yield c, g, make_dock
    finally:
        for dock in docks:
            assert dock.shutdown() and not dock.worker.is_running()


def wait_result(qtbot, dock):
    with qtbot.waitSignal(dock.worker.finished, timeout=WAIT) as blocker:
        pass
    return blocker.args[0]


def test_ships_range_and_energy_from_the_game(qtbot, game):
    c, g, make_dock = game
    receiver = Receiver()
    dock = make_dock()
    dock.worker.finished.connect(receiver.take)
    dock.bind(c)
    entries = [dock.selector.itemData(i) for i in range(dock.selector.count())]
    assert entries == ["ENT", "KRT"] and dock.unit_id() == "ENT"
    ent, krt = c.state.unit("ENT"), c.state.unit("KRT")
    distance = hex_range(ent.hex, krt.hex)
    assert nearest_enemy(c.state, ent) == (krt, distance)
    assert f"{krt.id}" in dock.range_label.text() and f"range {distance}" in dock.range_label.text()
    assert [line.value() for _, line in dock.panel.range_lines] == [distance, distance]
    # Energy: turn 1's allocation, priced against the energy ENT carried into the turn.
    spec = g.specs["FED-CA"]
    allocation = parse_allocation(SCRIPT["T1.ea.ENT"], "FED-CA", 1)
    start = g.combat.ship("ENT").energy  # the set-up's: turn 1, nothing destroyed
    direct = energy_use([ledger(allocation, spec, start)])
    shown = dock.panel.energy
    assert list(shown.turns) == [1] and shown.lines == direct.lines
    np.testing.assert_array_equal(shown.energy, direct.energy)
    np.testing.assert_array_equal(shown.available, direct.available)
    assert game_energy_use(c.record, "KRT", g.specs["KLI-D7"]).total[0] > 0
    qtbot.waitUntil(lambda: bool(receiver.replies), timeout=WAIT)
    assert dock.show_unit("KRT") and dock.panel.spec.id == "KLI-D7"
    assert not dock.show_unit("KD1") and dock.unit_id() == "KRT"


def test_energy_use_over_two_turns(qtbot, game):
    """Turn 2 is priced against the energy ENT carried into turn 2 (photon A's second arming
    turn, E4.2), and turn 1 keeps its own pricing once the game has moved on."""
    c, g, make_dock = game
    dock = make_dock()
    dock.bind(c)
    turn1 = dock.panel.energy.energy.copy()
    play_to(qtbot, c, "T2.I16.move.ENT")
    session = Session(g.state, g.combat, g.specs)
    source = script()
    while session.pending.key != "T2.ea.KRT":
        session.answer(*source.answer(session.pending, session))
    spec = g.specs["FED-CA"]
    record = session.combat.ship("ENT")
    direct = ledger(parse_allocation(SCRIPT["T2.ea.ENT"], "FED-CA", 2), spec, record.energy)
    shown = dock.panel.energy
    assert list(shown.turns) == [1, 2]
    assert shown.total[1] == float(direct.total_used) and shown.available[1] == float(direct.available)
    np.testing.assert_array_equal(shown.energy[0, : turn1.shape[1]], turn1[0])


def test_monte_carlo_arrives_from_the_analysis_thread_and_matches(qtbot, game):
    c, g, make_dock = game
    receiver = Receiver()
    dock = make_dock()
    dock.worker.finished.connect(receiver.take)
    with qtbot.waitSignal(dock.worker.finished, timeout=WAIT):
        dock.bind(c)
        assert dock.panel.computing and dock.status_label.text() == "Monte Carlo: computing…"
        assert "Computing" in dock.panel.mc_title.text()
    (reply,) = receiver.replies
    gui = QApplication.instance().thread()
    assert reply.thread is dock.worker.thread and reply.thread is not gui
    assert reply.thread_name == THREAD_NAME and not reply.on_gui_thread
    assert reply.thread_ident != threading.get_ident()
    assert receiver.delivered_on == [gui]  # the queued signal lands on the GUI thread
    spec = g.specs["FED-CA"]
    unit = c.state.unit("ENT")
    state = damage_state(c.record.combat.ship("ENT"), spec, unit.destroyed)
    direct = simulate(spec, dock.panel.points.value(), TRIALS, seed=SEED, state=state)
    result = dock.panel.monte_carlo
    assert result is reply.result and result.points == direct.points == 10
    np.testing.assert_array_equal(result.taken, direct.taken)
    np.testing.assert_array_equal(result.weapons_lost, direct.weapons_lost)
    np.testing.assert_array_equal(result.ship_destroyed, direct.ship_destroyed)
    any_bars, _ = dock.panel.mc_bars
    np.testing.assert_allclose(any_bars.opts["width"], [o.p_any for o in direct.outcomes()])
    assert not dock.panel.computing and dock.status_label.text() == ""


def test_a_superseded_request_is_dropped(qtbot, game):
    c, g, make_dock = game
    gate = threading.Event()

    def gated(job: MonteCarloJob):
        gate.wait()
        return run_job(job)

    worker = MonteCarloWorker(compute=gated)
    receiver = Receiver()
    worker.finished.connect(receiver.take)
    dropped = []
    worker.dropped.connect(dropped.append)
    dock = make_dock(worker=worker)
    with qtbot.waitSignal(worker.started, timeout=WAIT) as blocker:
        dock.bind(c)
    first = blocker.args[0]
    dock.panel.points.setValue(14)  # a newer request while the first is computing
    second = worker.latest
    assert second != first and dock.panel.monte_carlo is None and dock.panel.computing
    with qtbot.waitSignal(worker.finished, timeout=WAIT):
        gate.set()
    assert dropped == [first] and [r.request_id for r in receiver.replies] == [second]
    assert dock.panel.monte_carlo.points == 14 and not worker.busy


def test_close_stops_the_thread_and_refuses_later_requests(qtbot, game):
    c, g, make_dock = game
    dock = make_dock()
    dock.bind(c)
    assert dock.worker.is_running()
    assert dock.shutdown() and not dock.worker.is_running()
    with pytest.raises(RuntimeError, match="closed"):
        dock.worker.request(MonteCarloJob(g.specs["FED-CA"], 3))


def test_a_failed_computation_is_shown(qtbot, game):
    c, g, make_dock = game

    def broken(job: MonteCarloJob):
        raise ValueError("no such ship")

    dock = make_dock(worker=MonteCarloWorker(compute=broken))
    with qtbot.waitSignal(dock.worker.failed, timeout=WAIT) as blocker:
        dock.bind(c)
    assert blocker.args[1] == "ValueError: no such ship"
    assert "failed: ValueError: no such ship" in dock.panel.mc_title.text()
    assert not dock.panel.computing


def test_a_movement_only_game_lists_its_ships_without_a_class(qtbot, controller_in_app):
    sys.path.insert(0, str(Path(__file__).parents[1] / "qt"))
    from games import duel

    c = controller_in_app
    dock = AnalysisDock(trials=TRIALS, seed=SEED)
    qtbot.addWidget(dock)
    try:
        dock.bind(c)
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            c.new_game(duel())
        assert [dock.selector.itemText(i) for i in range(dock.selector.count())] == [
            "A — movement only, fed", "B — movement only, kli"]
        assert dock.panel.spec is None and dock.panel.energy is None
        assert dock.panel.ship_label.text() == "A: no ship class in this game"
        distance = hex_range(c.state.unit("A").hex, c.state.unit("B").hex)
        assert dock.range_label.text() == f"Nearest enemy: B at range {distance} (D1.4)"
        assert not dock.worker.is_running()  # nothing to compute, no thread started
    finally:
        assert dock.shutdown()


def test_a_damaged_ship_s_chart_counts_more_points(qtbot, game):
    c, g, make_dock = game
    dock = make_dock()
    with qtbot.waitSignal(dock.worker.finished, timeout=WAIT):
        dock.bind(c)
    with qtbot.waitSignal(dock.worker.finished, timeout=WAIT):
        assert dock.show_unit("KRT")
    assert dock.panel.damage.destroyed  # turn 1's volley took KRT's shield boxes
    title = dock.panel.mc_title.text()
    assert f"Lost after 10 more internal points ({TRIALS:,} trials)" in title
    any_bars, _ = dock.panel.mc_bars  # drawn by AnalysisPanel.show_monte_carlo
    np.testing.assert_allclose(any_bars.opts["width"],
                               [o.p_any for o in dock.panel.monte_carlo.outcomes()])
    fresh = simulate(g.specs["KLI-D7"], 4, 200, seed=1)  # an undamaged ship's result
    dock.panel.damage = None
    dock.panel.show_monte_carlo(fresh)
    assert "Lost after 4 internal points (200 trials)" in dock.panel.mc_title.text()
