"""The last two order kinds typed as JSON get forms (issue 12, QA): the G7.414 sealed bid of
reserve power for a contested tractor link (a spin box up to the reserve power left) and the
G26.32 web anchor buoy drop (a check box per ship able to drop one where it stands). Each
gives exactly what the session takes; the JSON is behind "Details"; the sequencer's refusals
say the problem in words, not the JSON shape."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.engine.answers import Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.session import Accepted
from sfb_desk.rules.results import Refusal
from sfb_desk.ui.orders.buoys import AnchorBuoysEditor
from sfb_desk.ui.orders.panel import OrdersPanel, editor_for
from sfb_desk.ui.orders.tractor_bid import TractorBidEditor

from test_orders_helpers import FakeController

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_session_buoys import _session  # noqa: E402
from test_session_tr_tractor import _at_tractors  # noqa: E402


@pytest.fixture(scope="module")
def library():
    return load_library()


def _bid(library):
    """The D7's tractor on the Conquistador contested by its TR beams (E9.43): the D7's
    sealed bid (G7.414) is asked. (session, the walk, the prompt)."""
    s = _at_tractors(library)
    walk = s._try_link("KLI-D7", "tractor#1", "AND-CON", 1, 1)
    next(walk)
    prompt = walk.send("yes")
    assert prompt.kind == "tractor_bid" and prompt.unit == "KLI-D7"
    return s, walk, prompt


def test_the_tractor_bid_is_a_spin_box_up_to_the_reserve_power_left(qtbot, library):
    s, walk, prompt = _bid(library)
    ctx = OrdersContext(s.state, s.combat, s.specs)
    editor = editor_for(prompt, ctx)
    qtbot.addWidget(editor)
    assert isinstance(editor, TractorBidEditor)
    assert editor.power.maximum() == 3 and "0 to 3" in prompt.purpose  # as the sequencer counts
    assert editor.value() == {"power": 0} == prompt.default
    editor.power.setValue(2)
    assert editor.value() == {"power": 2}
    editor.details.setChecked(True)  # the JSON behind "Details", filled from the form
    assert json.loads(editor.json.text.toPlainText()) == {"power": 2}
    editor.details.setChecked(False)
    asked = walk.send(editor.value())  # the session takes it: the other side's bid is next
    assert asked.key != prompt.key
    assert not [r for r in s.log if r.kind == "refused" and r.key == prompt.key]


def test_a_bad_bid_is_refused_in_words(library):
    s, walk, prompt = _bid(library)
    walk.send({"power": 9})
    refusal = s.log.records[-1].data[1]
    assert isinstance(refusal, Refusal) and refusal.rule == "G7.414"
    assert "whole number from 0 to 3" in refusal.message and '{"power"' not in refusal.message


def _at_buoys(library):
    s, names = _session(library)
    source = Chain(Scripted([]), SeededDice(3), Defaults())
    for _ in range(200):
        if getattr(s.pending, "kind", "") == "anchor_buoys":
            return s
        value = {"speed_plot": 0} if s.pending.key.startswith("T1.ea.") else \
            source.answer(s.pending, s)[0]
        assert not isinstance(s.answer(value), Refusal)
    raise AssertionError("no anchor buoy orders asked")


def test_the_anchor_buoy_form_drops_a_buoy_where_the_ship_stands(qtbot, library):
    s = _at_buoys(library)
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    panel.resize(322, 353)  # the orders dock at 1366x768
    panel.show()
    controller = FakeController(s)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, AnchorBuoysEditor) and list(editor.drops) == ["THO-C"]
    here = s.state.find("THO-C").hex.label
    box = editor.drops["THO-C"]
    assert box.text() == f"drop a buoy in {here}" and "G26.32" in box.toolTip()
    assert editor.value() == {} == s.pending.default
    qtbot.wait(50)
    from test_nothing_clipped import clipped

    assert panel.scroll.horizontalScrollBar().maximum() == 0
    assert not [p for p in clipped(panel) if "past the bottom" not in p]
    box.setChecked(True)
    assert editor.value() == {"THO-C": "drop"}
    assert isinstance(s.answer(editor.value()), Accepted)
    assert [r.data for r in s.log if r.kind == "event" and r.data.kind == "buoy_laid"]


def test_bad_buoy_orders_are_refused_in_words(library):
    s = _at_buoys(library)
    refusal = s.check({"THO-C": "lay"})
    assert refusal.rule == "G26.32" and "can only drop a buoy in the hex it stands in" in \
        refusal.message
    refusal = s.check(["THO-C"])
    assert refusal.rule == "G26.32" and "{ship" not in refusal.message
