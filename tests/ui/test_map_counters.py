"""Counters on the map: a readable size at every zoom (map.zoom), with the id and the facing
shown, and counters sharing a hex fanned out so each is seen and clicked (map.fan)."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from sfb_desk.rules.hexes import hex_from_label as H
from sfb_desk.rules.units import DRONE, PLASMA, SHUTTLE, MoveProfile, new_seeker, new_ship
from sfb_desk.ui.map.counters import SeekerCounter, ShipCounter
from sfb_desk.ui.map.fan import fan_offsets
from sfb_desk.ui.map.geometry import HEX_SIZE, hex_center
from sfb_desk.ui.map.looks import SHIP_DISC
from sfb_desk.ui.map.view import MAX_ZOOM, MIN_ZOOM, MapView
from sfb_desk.ui.map.zoom import MAX_COUNTER_SCALE, MIN_COUNTER_PX, counter_scale

CRUISER = MoveProfile(turn_mode="D", warp=30, impulse=4)


def ship(uid, at="2215", side="fed", facing=0, kind="ship"):
    return new_ship(uid, side, CRUISER, hex=H(at), facing=facing, speed=16, kind=kind)


def seeker(uid, at="2215", kind=DRONE, facing=3):
    return new_seeker(uid, "kli", hex=H(at), facing=facing, speed=20, target="CA", kind=kind)


@pytest.fixture
def view(qtbot):
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(1000, 640)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def on_screen(view, counter, rect: QRectF) -> QRectF:
    """``rect`` (the counter's own coordinates) in viewport pixels."""
    return QRectF(view.mapFromScene(counter.mapRectToScene(rect)).boundingRect())


def zoom_to(view, zoom, at="2215"):
    view.zoom_by(zoom / view.zoom())
    view.center_on_hex(H(at))


# -- a readable size at every zoom ---------------------------------------------------------


def test_the_enlargement_rule():
    natural = MIN_COUNTER_PX / (2 * SHIP_DISC)  # the zoom at which the natural size is enough
    assert counter_scale(natural * 2) == 1.0 and counter_scale(MAX_ZOOM) == 1.0
    assert counter_scale(natural / 2) == pytest.approx(2.0)
    assert counter_scale(MIN_ZOOM) == pytest.approx(MAX_COUNTER_SCALE)
    assert counter_scale(MIN_ZOOM / 2) == MAX_COUNTER_SCALE  # capped: never more than ~3 hexes
    assert 2 * SHIP_DISC * MAX_COUNTER_SCALE <= 3.2 * 2 * HEX_SIZE


def zoom_scale(view):
    return view.counter(next(iter(view.units))).enlarged


def default_zoom(view):
    view.fit_units()
    return view.zoom()


@pytest.mark.parametrize("zoom", ["min", "default", "fit map", 1.0, "max"])
def test_a_ship_counter_is_readable_with_its_id_and_facing_at_every_zoom(view, zoom):
    view.set_units([ship("ENT", "1810", facing=1), ship("KRT", "2420", "kli", facing=4)])
    if zoom == "default":
        default_zoom(view)
    elif zoom == "fit map":
        view.fit_map()
    else:
        zoom_to(view, {"min": MIN_ZOOM, "max": MAX_ZOOM}.get(zoom, zoom))
    z = view.zoom()
    assert MIN_ZOOM - 1e-9 <= z <= MAX_ZOOM + 1e-9
    hex_px = 2 * HEX_SIZE * z  # a hex's width on screen
    for uid in ("ENT", "KRT"):
        counter = view.counter(uid)
        view.center_on_hex(counter.unit.hex)
        disc = on_screen(view, counter, QRectF(-SHIP_DISC, -SHIP_DISC, 2 * SHIP_DISC, 2 * SHIP_DISC))
        assert disc.width() >= MIN_COUNTER_PX - 0.5, (zoom, disc)
        bound = hex_px if counter.enlarged == 1.0 else 3.2 * hex_px  # never dwarfs the hexes
        assert disc.width() <= bound + 1.5, (zoom, disc)  # (+ rounding to whole pixels)
        # The id: its caption is at least 9 pixels high on screen, in a font of 9 or more.
        assert counter.caption == uid
        caption = QRectF(view.mapFromScene(counter.caption_rect()).boundingRect())
        assert caption.height() >= 9, (zoom, caption)
        font_px = counter._font.pixelSize() * z * counter.enlarged
        assert font_px >= 9 and QFontMetricsF(counter._font).height() * z * counter.enlarged >= 9
        # The facing: the nose sticks out of the disc toward the hexside faced, visibly.
        nose = on_screen(view, counter, counter._nose_tip.boundingRect())
        centre = QPointF(view.mapFromScene(counter.scenePos()))
        tip = max((QPointF(view.mapFromScene(counter.mapToScene(p))) for p in counter._nose_tip),
                  key=lambda p: (p - centre).manhattanLength())
        assert (tip - centre).manhattanLength() >= disc.width() / 2 + 4 or nose.width() >= 6


def test_seekers_stay_visible_zoomed_out(view):
    view.set_units([ship("CA"), seeker("D1", "2015"), seeker("P1", "2017", PLASMA)])
    zoom_to(view, MIN_ZOOM)
    for uid in ("D1", "P1"):
        counter = view.counter(uid)
        assert isinstance(counter, SeekerCounter)
        body = on_screen(view, counter, counter.shape().boundingRect())
        assert body.width() >= 0.9 * MIN_COUNTER_PX
        label = QRectF(view.mapFromScene(counter.label_rect()).boundingRect())
        assert label.height() >= 8  # its speed


def test_zoom_stops_at_the_limits_and_fitting_respects_them(qtbot, view):
    view.set_units([ship("CA")])
    for _ in range(80):
        view.zoom_out()
    assert view.zoom() == pytest.approx(MIN_ZOOM)
    view.resize(200, 140)  # too small to fit the whole map at a readable zoom
    view.fit_map()
    assert view.zoom() == pytest.approx(MIN_ZOOM)
    assert view.counter("CA").enlarged == pytest.approx(MAX_COUNTER_SCALE)
    view.resetTransform()  # Qt's own call: the counters follow it too
    assert view.counter("CA").enlarged == pytest.approx(counter_scale(1.0))


# -- counters sharing a hex fan out -----------------------------------------------------------

CROWDS = {
    2: [ship("CA"), ship("SH1", kind=SHUTTLE)],
    3: [ship("CA"), ship("D7", side="kli", facing=3), seeker("D1")],
    6: [ship("CA"), ship("SH1", kind=SHUTTLE), seeker("D1"), seeker("D2", facing=4),
        seeker("P1", kind=PLASMA), ship("D7", side="kli", facing=3)],
}


@pytest.mark.parametrize("n", sorted(CROWDS))
@pytest.mark.parametrize("zoom", [2.0, 0.5, MIN_ZOOM])
def test_counters_in_one_hex_fan_out_and_each_is_clicked_where_it_is(qtbot, view, n, zoom):
    units = CROWDS[n]
    view.set_units(units)
    zoom_to(view, zoom)
    counters = [view.counter(u.id) for u in units]
    shapes = {c.unit.id: c.mapToScene(c.shape()).boundingRect() for c in counters}
    for a, b in itertools.combinations(shapes, 2):
        assert not shapes[a].intersects(shapes[b]), (a, b)
    feet = {c.unit.id: c.mapRectToScene(c.footprint()) for c in counters}
    for a, b in itertools.combinations(feet, 2):  # labels too: every counter whole
        assert not feet[a].intersects(feet[b]), (a, b)
    # The shared hex's counters are framed together under its number.
    (fan,) = view.fan_item.fans
    assert fan[0] == H("2215") and all(fan[1].contains(f) for f in feet.values())
    # Fanned round the hex's centre.
    block = QRectF()
    for foot in feet.values():
        block = block.united(foot)
    centre = hex_center(H("2215"))
    assert block.center().x() == pytest.approx(centre.x(), abs=1)
    assert block.center().y() == pytest.approx(centre.y(), abs=0.35 * HEX_SIZE * zoom_scale(view))
    # A click on each counter selects that unit, whatever hex the point falls in.
    for c in reversed(counters):
        at = view.mapFromScene(c.scenePos())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
        assert view.selected_unit is not None and view.selected_unit.id == c.unit.id, (zoom, c.unit.id)


def test_a_unit_alone_sits_in_the_middle_of_its_hex(view):
    view.set_units([ship("CA"), seeker("D1", "2415")])
    for uid in ("CA", "D1"):
        counter = view.counter(uid)
        assert counter.scenePos() == hex_center(counter.unit.hex)


def test_the_fan_grows_with_the_counters_enlargement():
    units = CROWDS[3]
    near = fan_offsets(units, 1.0)
    far = fan_offsets(units, 3.0)
    for (u, a), (v, b) in zip(near, far):
        assert u is v and b.x() == pytest.approx(3 * a.x()) and b.y() == pytest.approx(3 * a.y())
    assert [u.id for u, _ in near] == ["CA", "D7", "D1"]  # ships first, then seekers


def test_moving_by_click_works_with_the_counter_enlarged(qtbot, view):
    """Zoomed out, the selected counter's nose covers part of the hex ahead: a click there
    still moves into it; a click on another unit's counter selects that unit."""
    view.set_units([ship("CA"), ship("D7", "2413", "kli", facing=3)])
    view.set_impulse(2)
    zoom_to(view, 0.45)
    assert view.counter("CA").enlarged > 2
    view.select_unit("CA")
    with qtbot.waitSignal(view.move_requested) as sig:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.hex_to_view(H("2214")).toPoint())
    assert sig.args[0] == "CA"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(view.counter("D7").scenePos()))
    assert view.selected_unit.id == "D7"


def test_ship_counters_are_ship_counters(view):
    view.set_units(CROWDS[6])
    assert isinstance(view.counter("SH1"), ShipCounter) and isinstance(view.counter("D1"), SeekerCounter)


def test_hovering_a_counter_that_spills_over_a_neighbour_names_the_counters_hex(qtbot, view):
    """Zoomed out, fanned and enlarged counters reach into the hexes around: the hover names
    the hex of the counter under the mouse, as a click on it would take it."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    view.set_units(CROWDS[6])
    zoom_to(view, 0.5)
    counter = view.counter("D7")
    at = view.mapFromScene(counter.scenePos())
    assert view.hex_at_view(QPointF(at)) != H("2215")  # the point is in a neighbouring hex
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(view.viewport().mapToGlobal(at)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(view.hover_info) as sig:
        QApplication.sendEvent(view.viewport(), event)
    assert sig.args[0].startswith("Hex 2215") and "D7" in sig.args[0]
