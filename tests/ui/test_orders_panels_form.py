"""The panels form of the orders panel (Module C2, D10.25, D10.26): an Andromedan CORTEZ
(AND-CON) in place of the CA of the practice duel; the form's answer is sent into the
sequencer's real panel-orders step."""

from __future__ import annotations

from dataclasses import replace

import pytest

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from cortez_game import cortez_session  # noqa: E402
from sfb_desk.data.library import load_library
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.steps import STEPS_BY_ID
from sfb_desk.rules.energy.absorbers import REINFORCED, PanelBank
from sfb_desk.ui.orders.panel import OrdersPanel, editor_for
from sfb_desk.ui.orders.panels import PanelsEditor


@pytest.fixture(scope="module")
def library():
    return load_library()


def _session(library):
    return cortez_session(library)


def _asked(s):
    """The sequencer's panel-orders step: (its generator, the prompt, the editor's context)."""
    walk = s._panel_orders(STEPS_BY_ID["6B7-panels"])
    prompt = next(walk)
    return walk, prompt, OrdersContext(s.state, s.combat, s.specs)


def _send(s, walk, prompt, value):
    s._refusal = None
    try:
        again = walk.send(value)
    except StopIteration:
        return None
    assert again is prompt
    return s._refusal


def test_panels_form_drops_a_bank_as_the_sequencer_accepts(qtbot, library):
    s = _session(library)
    s._turn, s._impulse = 2, 6
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), banks=(PanelBank((0,) * 6, 5),
                                                              PanelBank((0,) * 4, 12))))
    walk, prompt, ctx = _asked(s)
    editor = editor_for(prompt, ctx)
    qtbot.addWidget(editor)
    assert isinstance(editor, PanelsEditor)
    assert list(editor.levels) == ["CORTEZ"]
    assert [editor.levels["CORTEZ"].itemData(i) for i in range(3)] == ["off", "standard",
                                                                      "reinforced"]
    assert editor.levels["CORTEZ"].currentData() == "standard"
    assert list(editor.banks["CORTEZ"]) == ["pa_fwd", "pa_aft"]
    assert editor.value() == {} == prompt.default
    editor.banks["CORTEZ"]["pa_aft"].setChecked(True)
    assert editor.is_edited
    assert editor.value() == {"CORTEZ": {"drop": ["pa_aft"]}}
    assert _send(s, walk, prompt, editor.value()) is None
    state = s.panels("CORTEZ")
    assert state.dropped == {"pa_aft"} and [b.held for b in state.banks] == [17, 0]  # D10.424
    # A quarter turn later the form offers to raise the dropped bank again (D10.25).
    s._impulse = 14
    walk, prompt, ctx = _asked(s)
    editor = editor_for(prompt, ctx)
    qtbot.addWidget(editor)
    assert editor.banks["CORTEZ"]["pa_aft"].text().startswith("raise")
    editor.banks["CORTEZ"]["pa_aft"].setChecked(True)
    assert editor.value() == {"CORTEZ": {"raise": ["pa_aft"]}}
    assert _send(s, walk, prompt, editor.value()) is None
    assert s.panels("CORTEZ").dropped == frozenset()


def test_panels_form_lowers_the_level_and_a_refusal_names_d10_261(qtbot, library):
    s = _session(library)
    s._turn, s._impulse = 2, 8
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level=REINFORCED, level_since=(2, 4),
                                   banks=(PanelBank((0,) * 6, 40), PanelBank((0,) * 4, 0))))
    walk, prompt, ctx = _asked(s)
    editor = editor_for(prompt, ctx)
    qtbot.addWidget(editor)
    assert editor.levels["CORTEZ"].currentData() == "reinforced"
    editor.levels["CORTEZ"].setCurrentIndex(1)
    assert editor.value() == {"CORTEZ": {"level": "standard"}}
    assert _send(s, walk, prompt, editor.value()).rule == "D10.261"  # reinforced on impulse 4
    s._impulse = 12
    walk, prompt, ctx = _asked(s)
    editor = editor_for(prompt, ctx)
    qtbot.addWidget(editor)
    editor.levels["CORTEZ"].setCurrentIndex(1)
    assert _send(s, walk, prompt, editor.value()) is None
    assert s.panels("CORTEZ").level == "standard"


def test_panels_form_shown_in_the_orders_panel(qtbot, library):
    s = _session(library)
    s._turn, s._impulse = 2, 6
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), banks=(PanelBank((0,) * 6, 5),
                                                              PanelBank((0,) * 4, 12))))
    _walk, prompt, ctx = _asked(s)
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    panel.set_prompt(prompt, ctx)
    assert isinstance(panel.editor, PanelsEditor)
