"""Issue 12: the app asks the table what ``sfb-desk-cli duel --table-prompts`` counts. The
window's orders panel binds the default pass policy to the controller; turn 1 of FED-CA v
KLI-D7 from range 15 is answered prompt by prompt (a robot of each side decides, as the count
does; a joint form the panel shows is filled by the robots at once and given in one answer) and
every prompt the panels were shown is counted."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtWidgets import QMessageBox

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.orders.pass_policy import DEFAULT
from sfb_desk.qt.game_record import session_of
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot
from sfb_desk.robot.table_prompts import count_table_prompts, prompt_kind, robots_fill
from sfb_desk.ui.window.main_window import MainWindow

from app_controller import WAIT, answered


@pytest.fixture
def window(qtbot, monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    w = MainWindow()
    w.show()
    yield w
    w.shutdown()
    assert not w.controller.worker_thread.is_running()
    w.close()
    w.deleteLater()


@pytest.mark.parametrize("seed", [0, 8])  # 8: a volley's DAC choices come as one form
def test_the_app_asks_what_the_count_says(qtbot, window, seed):
    library = load_library()
    scenario = duel_scenario("FED-CA", "KLI-D7", 1, 15, library)
    ids = dict(zip(unit_keys(scenario), unit_ids("FED-CA", "KLI-D7")))
    setup = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=seed)
    c = window.controller
    assert window.panels.orders.policy == DEFAULT and c.pass_policy == DEFAULT
    shown: list = []
    c.prompt_changed.connect(lambda p: p is not None and (not shown or shown[-1].key != p.key)
                             and shown.append(p))
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(setup.state, combat=setup.combat, specs=setup.specs)
    robots = [Robot(side.name, "captain", seed) for side in scenario.sides]
    forms = 0
    while c.pending is not None:
        session = session_of(c.record)
        prompt = session.pending
        form = window.panels.orders.joint
        if form is not None:
            assert form.prompts[0] == prompt
            value = robots_fill(robots, form, session)
            forms += 1
        else:
            robot = next((r for r in robots if r.mine(prompt, session)), robots[0])
            value = robot.decide(prompt, session)
        assert answered(qtbot, c, lambda: c.answer(value, "robot"))
    asked = Counter(prompt_kind(p) for p in shown)
    count = count_table_prompts("FED-CA", "KLI-D7", turns=1, seed=seed, library=library)
    assert dict(asked) == count.by_kind
    assert sum(asked.values()) == count.prompts <= 60  # issue 12: at most 60 questions
    if seed == 0:  # 8 movement pairs, fire on impulses 1 and 18, impulse 28's boundary shots
        assert forms == 11 and count.joint == 11
    else:  # the same and the D7's DAC choices of impulse 13 (six points, one form)
        assert forms == 12 and count.joint == 16
