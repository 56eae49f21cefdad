"""The fire editor on the duel's fire prompts (D6.315): the weapons that can fire with range,
arc and damage by die from the charts; answers in the duel script's format that the real
Session accepts; modes; weapons that cannot fire, with the rule."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from sfb_desk.engine.answers import At
from sfb_desk.engine.session import Accepted
from sfb_desk.rules.combat.resolve import fire_weapon
from sfb_desk.rules.hexes import hex_range
from sfb_desk.ui.orders.fire import FireEditor
from sfb_desk.ui.orders.panel import OrdersPanel

from test_orders_helpers import ONE_AT_A_TIME, FakeController, duel, duel_at, play_until


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    p.policy_box.set_policy(ONE_AT_A_TIME)  # a side at a time (joint forms: test_orders_joint)
    qtbot.addWidget(p)
    p.resize(760, 700)
    p.show()
    return p


def scripted(key):
    """The duel script's answer to the prompt ``key``."""
    return next(a.value for a in duel.ANSWERS if isinstance(a, At) and a.key == key)


def test_the_duel_impulse_8_fire_given_through_the_panel(qtbot, panel):
    """Turn 1, impulse 8: both sides declare through the panel what the script declares, and
    the session takes them: the next prompt is the first shot's die."""
    controller = FakeController(duel_at("T1.I8.fire.Federation"))
    panel.bind(controller)
    for side, ship in (("Federation", "ENT"), ("Klingon", "KRT")):
        key = f"T1.I8.fire.{side}"
        assert panel.prompt.key == key
        editor = panel.editor
        for shot in scripted(key)[ship]:
            row = editor.row(ship, shot["box"])
            assert row.target.currentData() == shot["target"]
            qtbot.mouseClick(row.check, Qt.MouseButton.LeftButton,
                             pos=row.check.rect().center())
        qtbot.keyClick(panel, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert controller.answers[-1] == scripted(key)
        assert isinstance(controller.outcomes[-1], Accepted)
    assert controller.pending.parts == ("T1.I8.shot.ENT.photon#A.KRT", "T1.I8.shot.ENT.phaser#1.KRT")


def test_rows_show_range_arc_and_damage_from_the_charts(qtbot, panel):
    session = duel_at("T1.I8.fire.Federation")
    panel.bind(FakeController(session))
    row = panel.editor.row("ENT", "photon#A")
    rng = hex_range(session.state.find("ENT").hex, session.state.find("KRT").hex)
    damage = [fire_weapon("PHOTON", true_range=rng, roll=d).damage for d in range(1, 7)]
    # the damage first (a narrow orders panel shows it before the rest is cut to "...")
    assert row.info.text() == (" ".join(map(str, damage)) + f" by die 1–6; range {rng}, in arc")
    assert row.kind.text() == "Photon FA" and row.kind.toolTip() == "Photon torpedo, arcs FA"
    assert [row.target.itemData(i) for i in range(row.target.count())] == ["KRT", "KD1"]
    assert [row.mode.itemData(i) for i in range(row.mode.count())] == ["standard", "proximity"]
    assert not panel.editor.row("ENT", "phaser#1").mode.isVisibleTo(panel)


def test_a_proximity_photon_is_declared_with_its_mode(qtbot, panel):
    controller = FakeController(duel_at("T1.I8.fire.Federation"))
    panel.bind(controller)
    row = panel.editor.row("ENT", "photon#B")
    row.check.setChecked(True)
    row.mode.setCurrentIndex(row.mode.findData("proximity"))
    assert "range 10" in row.info.text()
    panel.give()
    assert controller.answers == [{"ENT": [{"box": "photon#B", "target": "KRT",
                                            "mode": "proximity"}]}]
    assert isinstance(controller.outcomes[-1], Accepted)


def test_a_phaser_at_the_drone(qtbot, panel):
    controller = FakeController(duel_at("T1.I8.fire.Federation"))
    panel.bind(controller)
    row = panel.editor.row("ENT", "phaser#3")
    row.target.setCurrentIndex(row.target.findData("KD1"))
    assert "by die 1–6; range" in row.info.text() and row.info.text().endswith("in arc")
    row.check.setChecked(True)
    panel.give()
    assert controller.answers == [{"ENT": [{"box": "phaser#3", "target": "KD1"}]}]
    assert isinstance(controller.outcomes[-1], Accepted)


def test_weapons_that_fired_are_listed_as_unable_with_the_rule(qtbot, panel):
    """Impulse 9, after the impulse-8 fire: photon#A fired (its load is spent, E1.2) and
    phaser#1 fired this turn (once a turn, E2.22); the others are offered."""
    session = play_until(duel_at("T1.I8.fire.Federation"), "T1.I9.fire.Federation")
    panel.bind(FakeController(session))
    editor = panel.editor
    boxes = [r.option.box for r in editor.rows["ENT"]]
    assert "photon#A" not in boxes and "phaser#1" not in boxes and "photon#B" in boxes
    texts = [w.text() for w in editor.findChildren(type(panel.purpose))]
    unable = next(t for t in texts if t.startswith("Cannot fire:"))
    assert "Photon A holds no complete load this turn (E1.2)" in unable
    assert "Phaser 1 has fired this turn; a phaser fires once a turn (E2.22)" in unable
    assert "#" not in unable  # player words, not box ids (issue 12)
    row = editor.row("ENT", "photon#B")
    assert row.check.text() == "Photon B" and "SSD box photon#B" in row.check.toolTip()


def test_check_all_that_can_damage(qtbot, panel):
    controller = FakeController(duel_at("T1.I8.fire.Klingon"))
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, FireEditor)
    qtbot.mouseClick(editor.findChild(type(panel.give_button), "fireAll_KRT"),
                     Qt.MouseButton.LeftButton)
    checked = {r.option.box for r in editor.rows["KRT"] if r.check.isChecked()}
    can = {r.option.box for r in editor.rows["KRT"] if r.current().can_damage}
    assert checked == can and "disruptor#A" in checked and "phaser#6" not in checked
    panel.give()
    assert isinstance(controller.outcomes[-1], Accepted)
    editor.clear("KRT")
    assert not any(r.check.isChecked() for r in editor.rows["KRT"])


def test_a_narrow_panel_keeps_weapon_target_and_mode_in_view(qtbot, panel):
    """At the width of a 1366x768 screen's orders dock the rows narrow: the weapon's title and
    arcs go to the check box's tool tip, the mode box says "std"/"prox" (the whole word in its
    list's data and tool tip), nothing scrolls sideways; the answer is the same."""
    controller = FakeController(duel_at("T1.I8.fire.Federation"))
    panel.bind(controller)
    panel.resize(322, 700)
    qtbot.waitUntil(lambda: panel.editor.narrow)
    qtbot.waitUntil(lambda: panel.scroll.horizontalScrollBar().maximum() == 0)
    row = panel.editor.row("ENT", "photon#B")
    assert not row.kind.isVisible() and "Photon" in row.check.toolTip()
    assert row.mode.currentText() == "std" and row.mode.findData("proximity") >= 0
    row.check.setChecked(True)
    row.mode.setCurrentIndex(row.mode.findData("proximity"))
    assert row.mode.currentText() == "prox"
    panel.resize(760, 700)  # wide again: every column back
    qtbot.waitUntil(lambda: not panel.editor.narrow)
    assert row.kind.isVisible() and row.mode.currentText() == "proximity"
    panel.give()
    assert controller.answers == [{"ENT": [{"box": "photon#B", "target": "KRT",
                                            "mode": "proximity"}]}]


@pytest.mark.parametrize("key, unit", [("T1.I8.fire.Federation", "ENT"),
                                       ("T1.I8.fire.Klingon", "KRT")])
def test_the_narrowest_dock_shows_every_row_s_damage_by_die_whole(qtbot, panel, key, unit):
    """QA at 1366x768 (the orders dock about 258 pixels wide): the fire form scrolled sideways
    and cut the damage by die ("3 2…"). Narrow rows name the box short ("Disr. A", the whole
    name in its tool tip), the target without its range and put a weapon's mode and damage on
    a second line: every damage by die is whole, nothing scrolls sideways."""
    panel.bind(FakeController(duel_at(key)))
    panel.resize(258, 380)  # its height too: a vertical scroll bar takes its width
    qtbot.waitUntil(lambda: panel.editor.narrow)
    qtbot.wait(50)
    assert panel.scroll.horizontalScrollBar().maximum() == 0
    for row in panel.editor.rows[unit]:
        text = row.info.text()
        if " by die" in text:
            assert row.info.shown_text() == text.split(" by die")[0], row.option.box
        assert row.option.box in row.check.toolTip()  # the whole name: its tool tip
    if unit == "KRT":
        assert panel.editor.row("KRT", "disruptor#A").check.text() == "Disr. A"
