"""The cloak and self-destruct forms of the orders panel, on a real Session (ROM-KR against
FED-CA): the ships shown, the answer the sequencer accepts, and the default {} when untouched."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import NO_ANSWER, At, Scripted
from sfb_desk.engine.session import Accepted, Session
from sfb_desk.robot.duel import duel_scenario, unit_keys
from sfb_desk.ui.orders.panel import OrdersPanel
from sfb_desk.ui.orders.ship_orders import CloakEditor, SelfDestructEditor

from test_orders_helpers import FakeController


def _rom_session(key_part, extra=()):
    library = load_library()
    scenario = duel_scenario("FED-CA", "ROM-KR", 1, 6, library)
    ids = dict(zip(unit_keys(scenario), ("FED-CA", "ROM-KR")))
    setup = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=3)
    session = Session(setup.state, setup.combat, setup.specs)
    fed, rom = (s.name for s in scenario.sides)
    script = Scripted([At("T1.ea.FED-CA", {"speed_plot": 0}),
                       At("T1.ea.ROM-KR", {"speed_plot": 0, "cloak": True}), *extra])
    while session.pending is not None and key_part not in session.pending.key:
        got = script.answer(session.pending, session)
        value = got[0] if got is not NO_ANSWER else [3] * getattr(session.pending, "count", 1)
        assert not hasattr(session.answer(value, "test"), "rule")
    assert session.pending is not None
    return session, fed, rom


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(700, 560)
    p.show()
    return p


def test_cloak_form_lists_the_cloaking_ship_and_sends_cloak(qtbot, panel):
    session, fed, rom = _rom_session("cloak")
    assert session.pending.key == f"T1.I1.cloak.{rom}"
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, CloakEditor)
    assert list(editor.combos) == ["ROM-KR"]
    assert editor.value() == {}  # untouched: the default
    assert session.check(editor.value()) is None
    editor.combos["ROM-KR"].setCurrentIndex(1)
    assert editor.is_edited
    assert session.check(editor.value()) is None
    panel.give()
    assert controller.answers == [{"ROM-KR": "cloak"}]
    assert isinstance(controller.outcomes[-1], Accepted)
    events = [r.data.kind for r in session.log if r.kind == "event"]
    assert "cloak_engaged" in events


def test_cloak_decloak_of_an_uncloaked_ship_is_refused_with_the_rule(qtbot, panel):
    session, fed, rom = _rom_session("cloak")
    controller = FakeController(session)
    panel.bind(controller)
    panel.editor.combos["ROM-KR"].setCurrentIndex(2)
    assert panel.editor.value() == {"ROM-KR": "decloak"}
    refusal = session.check(panel.editor.value())
    assert refusal is not None and refusal.rule.startswith("G13")


def test_self_destruct_form_lists_own_ships_and_sends_true(qtbot, panel):
    session, fed, rom = _rom_session("self_destruct")
    assert session.pending.kind == "self_destruct"
    side = session.pending.side
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, SelfDestructEditor)
    own = "FED-CA" if side == fed else "ROM-KR"
    assert list(editor.boxes) == [own]
    assert editor.boxes[own].text() == "Destroy this ship (D5.5)"
    assert editor.value() == {}
    editor.boxes[own].setChecked(True)
    assert editor.value() == {own: True}
    # D5.51: the side's only ship may self-destruct (no other friendly ship in the fight).
    assert session.check(editor.value()) is None
    panel.give()
    assert controller.answers == [{own: True}]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert session.state.find(own).status == "destroyed"


def test_an_untouched_self_destruct_form_passes_the_default(qtbot, panel):
    session, fed, rom = _rom_session("self_destruct")
    controller = FakeController(session)
    panel.bind(controller)
    assert panel.editor.value() == {} == session.pending.default
    panel.give()
    assert controller.answers == [{}]
    assert isinstance(controller.outcomes[-1], Accepted)
    assert all(u.status != "destroyed" for u in session.state.units)
