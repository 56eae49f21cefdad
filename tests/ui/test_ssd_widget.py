"""The SSD widget: every box clickable where it is drawn, marks through the undo stack,
tooltips, highlight of fresh damage, arming status, zoom and the keyboard cursor."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from sfb_desk.data.library import load_library
from sfb_desk.rules.energy.arming import WeaponArming
from sfb_desk.ui.ssd.controller import SsdController
from sfb_desk.ui.ssd.info import box_info
from sfb_desk.ui.ssd.status import (
    FIRED,
    LOADING,
    OVERLOAD,
    READY,
    SPENT,
    arming_text,
    arming_texts,
    short_text,
    status_kind,
)
from sfb_desk.ui.ssd.widget import SsdWidget


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def ssd(qtbot, library):
    widget = SsdWidget()
    qtbot.addWidget(widget)
    widget.resize(900, 1150)
    controller = SsdController(widget, library.get("FED-CA"))
    widget.show()
    qtbot.waitExposed(widget)
    return widget, controller


def _centre(widget: SsdWidget, box_id: str) -> QPoint:
    return widget.box_rect(box_id).center().toPoint()


def _pixel(widget: SsdWidget, point: QPointF) -> QColor:
    image = widget.grab().toImage()
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(point.x() * ratio), int(point.y() * ratio))


@pytest.mark.parametrize("ship_id", ["FED-CA", "KLI-D7"])
def test_every_box_is_clickable_where_drawn(qtbot, library, ship_id):
    spec = library.get(ship_id)
    widget = SsdWidget()
    qtbot.addWidget(widget)
    widget.resize(1000, 1300)
    widget.set_ship(spec)
    widget.show()
    assert set(widget.box_ids()) == set(spec.box_ids())
    emitted: list[tuple[str, bool]] = []
    widget.box_toggled.connect(lambda b, m: emitted.append((b, m)))
    for box_id in spec.box_ids():
        rect = widget.box_rect(box_id)
        assert rect.width() >= 8, (box_id, rect)
        assert widget.rect().toRectF().contains(rect), box_id
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_centre(widget, box_id))
        assert emitted[-1] == (box_id, True)
    assert len(emitted) == len(spec.box_ids())
    # the widget only asks; nothing is marked without a controller
    assert widget.marked == frozenset()


def test_click_marks_through_undo_stack_and_ctrl_z_undoes(qtbot, ssd):
    widget, controller = ssd
    widget.activateWindow()
    widget.setFocus()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_centre(widget, "left_warp#3"))
    assert controller.state.is_destroyed("left_warp#3")
    assert "left_warp#3" in widget.marked
    assert widget.form.boxes()["left_warp#3"].marked
    assert controller.undo_stack.count() == 1
    assert controller.undo_stack.undoText() == "Mark left_warp#3"
    # a second click unmarks (another command)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_centre(widget, "left_warp#3"))
    assert not controller.state.is_destroyed("left_warp#3")
    assert controller.undo_stack.count() == 2
    qtbot.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.state.is_destroyed("left_warp#3")
    qtbot.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.state.destroyed == frozenset()
    assert not widget.form.boxes()["left_warp#3"].marked
    assert controller.undo_stack.index() == 0


def test_marked_box_is_crossed_in_red(qtbot, ssd):
    widget, controller = ssd
    rect = widget.box_rect("bridge#1")
    corner = QPointF(rect.left() + rect.width() * 0.2, rect.top() + rect.height() * 0.2)
    before = _pixel(widget, corner)
    controller.toggle("bridge#1", True)
    after = _pixel(widget, corner)
    assert after != before
    assert after.red() > 120 and after.green() < 110, after.name()


def test_hover_tooltip_names_box_system_rule_and_dac(qtbot, ssd):
    widget, _controller = ssd
    assert widget.tooltip_for("left_warp#12").startswith(
        "left_warp#12 \u2014 Left warp engine (power, H2) \u2014 DAC entries 'Left W En'")
    assert "'Any W En'" in widget.tooltip_for("left_warp#12")
    assert widget.tooltip_for("photon#A").startswith(
        "photon#A \u2014 Photon torpedo A, arcs FA (weapon, E4) \u2014 DAC entries 'Torp'")
    assert "not on the DAC" in widget.tooltip_for("shield3#1")
    hovered: list[str] = []
    widget.box_hovered.connect(hovered.append)
    pos = _centre(widget, "impulse#2")
    qtbot.mouseMove(widget, pos)
    assert hovered[-1] == "impulse#2"
    assert widget.toolTip().startswith("impulse#2 \u2014 Impulse engine (power, H3)")
    assert "'Impulse'" in widget.toolTip()
    qtbot.mouseMove(widget, QPoint(2, 2))  # off the page: no box, no tip
    assert hovered[-1] == "" and widget.toolTip() == ""


def test_box_info_of_every_box(library):
    for ship_id in ("FED-CA", "KLI-D7"):
        spec = library.get(ship_id)
        for box_id in spec.box_ids():
            info = box_info(spec, box_id)
            assert info.tooltip().startswith(f"{box_id} \u2014 {info.name}")
    with pytest.raises(ValueError):
        box_info(library.get("FED-CA"), "cloak#1")


def test_highlight_fills_and_flashes_until_cleared(qtbot, ssd):
    widget, _controller = ssd
    centre = widget.box_rect("right_warp#4").center()
    assert _pixel(widget, centre).name() == "#f6d5d5"  # the power section's fill
    widget.highlight(["right_warp#4", "photon#B", "no_such#1"])
    assert widget.highlighted == {"right_warp#4", "photon#B"}
    assert widget.flashing
    assert _pixel(widget, centre).name() == "#ff9a3c"
    edge = QPointF(widget.box_rect("right_warp#4").left() - 0.5, centre.y())
    first = _pixel(widget, edge)
    with qtbot.waitSignal(widget.flash_timer.timeout, timeout=2000):
        pass
    assert _pixel(widget, edge) != first  # the ring alternates colour
    widget.clear_highlight()
    assert not widget.flashing and widget.highlighted == frozenset()
    assert _pixel(widget, centre).name() == "#f6d5d5"


def test_arming_status_drawn_beside_weapons(qtbot, ssd):
    widget, _controller = ssd
    widget.set_status({"photon#A": "2/4", "photon#B": "armed", "bridge#9": "x"})
    widget.grab()
    drawn = widget.status_drawn
    assert set(drawn) == {"photon#A", "photon#B"}  # bridge#9 is not a box of the CA
    # Fitted to 900 px, "armed" is wider than a photon box's share of its row: short tags.
    assert {k: v[1] for k, v in drawn.items()} == {"photon#A": "2/4", "photon#B": short_text("armed")}
    tag, _text = drawn["photon#A"]
    box = widget.box_rect("photon#A")
    assert tag.intersects(box) and tag.bottom() > box.bottom()  # on the box's lower edge
    colour = _pixel(widget, QPointF(tag.left() + 1.5, tag.center().y()))
    assert colour.blue() > colour.red() + 60, colour.name()  # arming: blue
    tag_b, _ = drawn["photon#B"]
    colour = _pixel(widget, QPointF(tag_b.left() + 1.5, tag_b.center().y()))
    assert colour.green() > colour.red() + 40 and colour.green() > colour.blue() + 20, colour.name()
    assert "arming: armed" in widget.tooltip_for("photon#B")  # the words, always


def _tags_clear_of_each_other(widget):
    widget.grab()
    tags = sorted((rect for rect, _ in widget.status_drawn.values()), key=lambda r: r.left())
    for a, b in zip(tags, tags[1:]):
        if abs(a.center().y() - b.center().y()) < a.height():
            assert a.right() <= b.left(), (a, b)
    return widget.status_drawn


@pytest.mark.parametrize("ship_id, status", [
    ("FED-CA", {"photon#A": "2/4", "photon#B": "fired", "photon#C": "fired", "photon#D": "held",
                "phaser#1": "fired", "phaser#2": "fired"}),
    ("KLI-D7", {"disruptor#A": "fired", "disruptor#B": "fired", "disruptor#C": "armed",
                "disruptor#D": "armed", "phaser#1": "fired", "phaser#2": "fired"}),
])
def test_arming_tags_never_overlap_fitted_and_read_in_words_zoomed_in(qtbot, library, ship_id,
                                                                       status):
    widget = SsdWidget()
    qtbot.addWidget(widget)
    widget.set_ship(library.get(ship_id))
    widget.set_status(status)
    widget.show()
    for size in ((900, 975), (600, 675)):  # the SSD tab of a game, and a small window
        widget.resize(*size)
        widget.zoom_to_fit()
        drawn = _tags_clear_of_each_other(widget)
        assert {b: t for b, (_, t) in drawn.items()} == {b: short_text(t) for b, t in status.items()}
    widget.resize(900, 975)
    widget.zoom_to_fit()
    first = next(iter(status))
    widget.set_zoom(widget.zoom * 3, widget.box_rect(first).center())
    drawn = _tags_clear_of_each_other(widget)
    assert {b: t for b, (_, t) in drawn.items()} == status  # room for the words
    for box_id, (tag, _) in drawn.items():
        assert tag.height() >= 9 and tag.intersects(widget.box_rect(box_id))


def test_short_tags_and_their_kinds():
    assert [short_text(t) for t in ("armed", "fired", "held", "OL", "OL held", "roll", "2/4")] == [
        "\u2713", "F", "H", "OL", "OLH", "R", "2/4"]
    assert [status_kind(t) for t in ("armed", "held", "OL", "OL held", FIRED, "2/4", "roll")] == [
        READY, READY, OVERLOAD, OVERLOAD, SPENT, LOADING, LOADING]
    assert FIRED == "fired"


def test_arming_texts_from_the_energy_model():
    assert arming_text(WeaponArming("photon#A", "PHOTON")) == ""
    assert arming_text(WeaponArming("photon#A", "PHOTON", "PHOTON", (2,))) == "2/4"
    assert arming_text(WeaponArming("photon#A", "PHOTON", "PHOTON", (2, 2), True)) == "armed"
    assert arming_text(WeaponArming("photon#A", "PHOTON", "PHOTON", (2, 2), True,
                                    overload=True)) == "OL"
    assert arming_text(WeaponArming("photon#A", "PHOTON", "PHOTON", (2, 2), True, 1)) == "held"
    texts = arming_texts([WeaponArming("photon#A", "PHOTON"),
                          WeaponArming("disruptor#B", "DISRUPTOR", "DISRUPTOR", (2,), True)])
    assert texts == {"disruptor#B": "armed"}


def test_zoom_in_out_and_fit(qtbot, ssd):
    widget, _controller = ssd
    fitted = widget.zoom
    assert widget.rect().toRectF().contains(widget.box_rect("shield4#1"))
    widget.zoom_in()
    assert widget.zoom == pytest.approx(fitted * 1.25)
    assert widget.box_rect("bridge#1").width() == pytest.approx(
        widget.form.boxes()["bridge#1"].rect.w * fitted * 1.25)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=_centre(widget, "bridge#2"))
    assert "bridge#2" in widget.marked  # hit-testing follows the zoom
    widget.zoom_out()
    widget.zoom_out()
    assert widget.zoom == pytest.approx(fitted / 1.25)
    qtbot.keyClick(widget, Qt.Key.Key_0)
    assert widget.zoom == pytest.approx(fitted)
    widget.resize(600, 700)
    assert widget.zoom < fitted  # stays fitted while resized


def test_arrow_keys_move_cursor_and_space_toggles(qtbot, ssd):
    widget, controller = ssd
    widget.setFocus()
    widget.set_cursor_box("left_warp#1")
    qtbot.keyClick(widget, Qt.Key.Key_Right)
    assert widget.cursor_box == "left_warp#2"
    qtbot.keyClick(widget, Qt.Key.Key_Left)
    assert widget.cursor_box == "left_warp#1"
    qtbot.keyClick(widget, Qt.Key.Key_Down)
    assert widget.cursor_box == "left_warp#11"  # the second row of the left warp group
    qtbot.keyClick(widget, Qt.Key.Key_Space)
    assert controller.state.destroyed == {"left_warp#11"}
    qtbot.keyClick(widget, Qt.Key.Key_Space)
    assert controller.state.destroyed == frozenset()
    assert controller.undo_stack.count() == 2
