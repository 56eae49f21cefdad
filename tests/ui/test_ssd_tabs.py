"""The SSD tabs on a real GameController playing the scripted CA-vs-D7 duel
(tests/engine/duel_script.py): a tab per ship, the D7's damage after turn 2's volley crossed
out and highlighted with its tab marked, the weapons' arming status, undo of the volley, and a
click that marks a box through the controller (undone there)."""

from __future__ import annotations

from sfb_desk.engine.answers import pop_keyed


def scripted(script, prompt):  # noqa: ANN001, ANN201
    """The script's answer to ``prompt`` (a volley's to-hit dice joined), or its default."""
    value = pop_keyed(dict(script), prompt)
    return prompt.default if value is None else value


import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import ANSWERS, setup  # noqa: E402

from sfb_desk.ui.ssd.status import FIRED  # noqa: E402
from sfb_desk.ui.ssd.tabs import DAMAGE_MARK, SsdTabs  # noqa: E402

WAIT = 20_000
SCRIPT = {a.key: a.value for a in ANSWERS}
#: The D7's internals from turn 2's volley: 4 points through shield #1, DAC rolls 6, 7, 8, 8
#: (worked out by hand in tests/engine/test_duel_ca_d7.py).
VOLLEY_2_INTERNALS = {"forward_hull#1", "forward_hull#2", "aft_hull#1", "aft_hull#2"}


@pytest.fixture
def game(qtbot, controller_in_app):
    c = controller_in_app
    tabs = SsdTabs()
    qtbot.addWidget(tabs)
    tabs.bind(c)
    tabs.resize(900, 1000)
    tabs.show()
    qtbot.waitExposed(tabs)
    g = setup()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(g.state, combat=g.combat, specs=g.specs)
    yield c, tabs


def answer(qtbot, c, value):
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
        assert c.answer(value)
    assert blocker.args[0], f"{value!r} refused at {c.pending.key}"


def play_until(qtbot, c, key):
    """Answer from the duel's script (else the default) until ``key`` is asked."""
    while c.pending.key != key:
        answer(qtbot, c, scripted(SCRIPT, c.pending))


def centre(widget, box):
    return widget.box_rect(box).center().toPoint()


def test_a_tab_per_ship_with_its_class(qtbot, game):
    c, tabs = game
    assert tabs.units() == ["ENT", "KRT"]
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["ENT (CA)", "KRT (D7)"]
    assert tabs.widget_of("KRT").spec.id == "KLI-D7"
    assert "Klingon" in tabs.tabToolTip(1)
    # Weapon status 2 (S4): the photons start the game armed.
    assert tabs.widget_of("ENT").status_texts == {f"photon#{b}": "armed" for b in "ABCD"}
    with qtbot.waitSignal(tabs.unit_selected) as chosen:
        tabs.show_unit("KRT")
    assert chosen.args == ["KRT"] and tabs.current_unit() == "KRT"


def test_the_d7s_damage_after_turn_2s_volley(qtbot, game):
    c, tabs = game
    play_until(qtbot, c, "T2.I8.dac.v1.KRT")
    d7 = tabs.widget_of("KRT")
    before = c.state.unit("KRT").destroyed
    assert d7.marked == before and before  # turn 1's shield damage
    assert d7.highlighted == frozenset()  # turn 1's damage stopped flashing when it ended
    assert tabs.current_unit() == "ENT" and tabs.damage_marked("KRT")  # not looked at yet
    tabs.show_unit("KRT")
    assert not tabs.damage_marked("KRT")
    tabs.show_unit("ENT")
    # Arming as the turn stands at the volley: fired weapons and the ones still loaded.
    assert d7.status_texts["disruptor#A"] == FIRED and d7.status_texts["disruptor#C"] == "armed"
    ent = tabs.widget_of("ENT").status_texts
    assert ent["photon#B"] == FIRED and ent["photon#D"] == "held" and ent["photon#A"] == "2/4"

    answer(qtbot, c, SCRIPT["T2.I8.dac.v1.KRT"])
    after = c.state.unit("KRT").destroyed
    landed = after - before
    assert VOLLEY_2_INTERNALS <= landed and d7.marked == after
    assert all(d7.form.boxes()[b].marked for b in VOLLEY_2_INTERNALS)
    assert d7.highlighted == landed and d7.flashing
    assert {b for b in landed if b.startswith("shield1#")} == {
        b for b in after if b.startswith("shield1#")} - before  # the shield went down too
    assert tabs.damage_marked("KRT") and tabs.tabText(1) == DAMAGE_MARK + "KRT (D7)"
    assert tabs.tabBar().tabTextColor(1).name() == "#b00020"
    shot = tabs.widget_of("ENT")  # ENT's own shield took the Klingon volley in the same step
    assert shot.highlighted and all(b.startswith("shield1#") for b in shot.highlighted)

    tabs.show_unit("KRT")  # looked at: the tab mark goes, the boxes still flash
    assert not tabs.damage_marked("KRT") and tabs.tabText(1) == "KRT (D7)"
    assert d7.highlighted == landed

    c.undo()  # the volley taken back: nothing flashes, the boxes are clear again
    assert d7.marked == before and d7.highlighted == frozenset() and not d7.flashing
    c.redo()
    assert d7.marked == after and d7.highlighted == landed


def test_a_click_marks_a_box_through_the_controller(qtbot, game):
    c, tabs = game
    play_until(qtbot, c, "T2.I8.dac.v1.KRT")
    answer(qtbot, c, SCRIPT["T2.I8.dac.v1.KRT"])
    tabs.show_unit("KRT")
    d7 = tabs.widget_of("KRT")
    flashing = d7.highlighted
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):  # a table correction (the engine)
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "phaser#3"))
    assert "phaser#3" in c.state.unit("KRT").destroyed and "phaser#3" in d7.marked
    assert c.undo_stack.undoText() == "Mark phaser#3 on KRT"
    assert d7.highlighted == flashing  # the table's own mark is not flashed as damage
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "forward_hull#1"))
    assert "forward_hull#1" not in c.state.unit("KRT").destroyed  # unmarked by hand
    assert c.undo_stack.undoText() == "Unmark forward_hull#1 on KRT"
    c.undo()
    assert "forward_hull#1" in d7.marked
    c.undo()
    assert "phaser#3" not in d7.marked and "phaser#3" not in c.state.unit("KRT").destroyed
    assert c.undo_stack.undoText().startswith("DAC")


def test_crew_and_boarding_ticks_are_clicked_like_boxes(qtbot, game):
    """Issue 12, item 1: a crew unit (G9.21) or boarding party (D7) ticked off on the SSD is a
    table correction (engine/corrections.py counts them): the ship record's count changes, the
    ticks crossed out follow it from the first, a click on a crossed-out tick restores one,
    and undo takes it back."""
    c, tabs = game
    tabs.show_unit("KRT")
    d7 = tabs.widget_of("KRT")
    spec = d7.spec
    assert {f"crew#{n}" for n in range(1, spec.crew_units + 1)} <= set(d7.counter_ids())
    assert f"boarding#{spec.boarding_parties}" in d7.counter_ids()
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "crew#5"))
    assert c.record.combat.ship("KRT").crew_units_lost == 1
    assert "crew#1" in d7.marked and "crew#5" not in d7.marked  # counted, from the first
    assert c.undo_stack.undoText() == "Mark crew#5 on KRT"
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "boarding#2"))
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "boarding#3"))
    assert c.record.combat.ship("KRT").boarding_parties_lost == 2
    assert {"boarding#1", "boarding#2"} <= d7.marked and "boarding#3" not in d7.marked
    assert any("boarding party lost" in r.data.text for r in c.log if r.kind == "event"
               and r.data.kind == "table_correction")
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):  # a crossed-out tick: one restored
        qtbot.mouseClick(d7, Qt.MouseButton.LeftButton, pos=centre(d7, "boarding#1"))
    assert c.record.combat.ship("KRT").boarding_parties_lost == 1
    assert c.undo_stack.undoText() == "Unmark boarding#1 on KRT"
    c.undo()
    c.undo()
    c.undo()
    assert c.record.combat.ship("KRT").boarding_parties_lost == 0
    assert not {"boarding#1", "boarding#2"} & d7.marked and "crew#1" in d7.marked
    assert "Crew unit" in d7.tooltip_for("crew#1") and "lost" in d7.tooltip_for("crew#1")
