"""The hex map widget: geometry, counters, movers, legal moves, refusals, hover, zoom and pan.

Every expectation about the rules is asked of the rules layer here too (moves_on, apply_order,
hex_range, in_arc, shield_struck), so the tests pin that the view shows the rules' answers.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QWheelEvent
from PySide6.QtWidgets import QApplication

from sfb_desk.rules.arcs import in_arc, shield_struck
from sfb_desk.rules.charts.impulse import moves_on
from sfb_desk.rules.hexes import (
    DIRECTIONS,
    FLOATING_MAP,
    STANDARD_MAP,
    Hex,
    hex_from_label,
    hex_range,
    neighbor,
)
from sfb_desk.rules.movement.core import HET, SLIP, STRAIGHT, TAC, TURN, MoveOrder
from sfb_desk.rules.units import PLASMA, HetState, MoveProfile, TacState, new_seeker, new_ship
from sfb_desk.ui.map.adapter import LocalMoves
from sfb_desk.ui.map.geometry import CORNERS, HEX_SIZE, SQRT3, MapExtent, facing_vector, hex_at, hex_center
from sfb_desk.ui.map.grid import LABEL_PX, LABEL_SIZES
from sfb_desk.ui.map.counters import SeekerCounter, ShipCounter
from sfb_desk.ui.map.view import MapView

H = hex_from_label
CRUISER = MoveProfile(turn_mode="D", warp=30, impulse=4)


def ship(uid="CA", side="fed", at="2215", facing=0, speed=16, **kw):
    unit = new_ship(uid, side, CRUISER, hex=H(at), facing=facing, speed=speed, name=kw.pop("name", uid))
    return unit.with_(**kw) if kw else unit


@pytest.fixture
def view(qtbot):
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(900, 650)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def click(qtbot, view, label, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier,
                     view.hex_to_view(H(label)).toPoint())


def key(qtbot, view, k, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(view, k, modifier)


# -- geometry ------------------------------------------------------------------------------


def test_hex_pixel_round_trip_every_standard_hex():
    for h in STANDARD_MAP.hexes():
        c = hex_center(h)
        assert hex_at(c.x(), c.y()) == h, h.label
        # Points well inside the hex, toward each corner and each hexside, stay in it.
        for dx, dy in CORNERS:
            assert hex_at(c.x() + 0.9 * dx, c.y() + 0.9 * dy) == h, h.label
        for f in range(6):
            n = hex_center(neighbor(h, f))
            mid = QPointF((c.x() + n.x()) / 2, (c.y() + n.y()) / 2)
            assert hex_at(c.x() + 0.95 * (mid.x() - c.x()), c.y() + 0.95 * (mid.y() - c.y())) == h
            assert hex_at(c.x() + 1.05 * (mid.x() - c.x()), c.y() + 1.05 * (mid.y() - c.y())) == neighbor(h, f)


@pytest.mark.parametrize(
    ("facing", "label", "where"),
    [(0, "2214", "above"), (1, "2315", "upper right"), (2, "2316", "lower right"),
     (3, "2216", "below"), (4, "2116", "lower left"), (5, "2115", "upper left")],
)
def test_neighbours_of_2215_are_drawn_in_their_places(view, facing, label, where):
    """G0 / P8.1: the neighbours of 2215 in facings A-F, on screen at 60-degree steps
    clockwise from straight up, one hex width (sqrt(3) R) away."""
    assert neighbor(H("2215"), facing) == H(label)
    c = hex_center(H("2215"))
    n = hex_center(H(label))
    dx, dy = n.x() - c.x(), n.y() - c.y()
    assert math.hypot(dx, dy) == pytest.approx(SQRT3 * HEX_SIZE)
    assert math.degrees(math.atan2(dx, -dy)) % 360 == pytest.approx(60 * facing)
    # And in the widget, after the view transform:
    vc, vn = view.hex_to_view(H("2215")), view.hex_to_view(H(label))
    up, right = vn.y() < vc.y() - 1, vn.x() > vc.x() + 1
    expected = {"above": (True, None), "upper right": (True, True), "lower right": (False, True),
                "below": (False, None), "lower left": (False, False), "upper left": (True, False)}[where]
    assert up == expected[0]
    if expected[1] is not None:
        assert right == expected[1]
    else:
        assert vn.x() == pytest.approx(vc.x(), abs=0.5)


def test_even_columns_sit_half_a_hex_lower():
    odd, even = hex_center(H("2115")), hex_center(H("2215"))
    assert even.y() - odd.y() == pytest.approx(SQRT3 * HEX_SIZE / 2)


def test_the_grid_is_one_item_and_labels_every_hex(view):
    view.set_units([ship(), ship("D7", "kli", "2210", 3)])
    # the grid, the arc shading, the move targets, the hover outline, the ship systems
    # (tractor links, explosions, cloaks), the shared hexes' fans, and one item per unit
    assert len(view.scene().items()) == 6 + 2
    assert view.extent == MapExtent(1, 1, 42, 30)
    assert view.hex_label(H("0101")) == "0101" and view.hex_label(H("4230")) == "4230"


# -- counters, movers, selection -------------------------------------------------------------


def test_counters_follow_units_and_seekers_are_distinct(view):
    drone = new_seeker("DR", "kli", hex=H("2213"), facing=3, speed=20, target="CA")
    plasma = new_seeker("PL", "rom", hex=H("2213"), facing=3, speed=32, target="CA", kind=PLASMA)
    view.set_units([ship(), drone, plasma])
    assert isinstance(view.counter("CA"), ShipCounter)
    assert isinstance(view.counter("DR"), SeekerCounter) and isinstance(view.counter("PL"), SeekerCounter)
    assert view.counter("CA").pos() == hex_center(H("2215"))
    # Two seekers in one hex are both visible: different places inside the hex.
    assert view.counter("DR").pos() != view.counter("PL").pos()
    for uid in ("DR", "PL"):
        assert hex_at(view.counter(uid).pos().x(), view.counter(uid).pos().y()) == H("2213")
    view.set_units([ship(at="2214")])
    assert view.counter("CA").pos() == hex_center(H("2214"))
    assert set(view.units) == {"CA"}
    assert len([i for i in view.scene().items() if isinstance(i, SeekerCounter)]) == 0


@pytest.mark.parametrize("impulse", [1, 2, 5, 16, 32])
def test_set_impulse_highlights_the_units_that_move(view, impulse):
    speeds = {"S0": 0, "S1": 1, "S8": 8, "S16": 16, "S31": 31}
    units = [ship(uid, speed=v, at=f"{10 + i:02d}10") for i, (uid, v) in enumerate(speeds.items())]
    units.append(new_seeker("DR", "kli", hex=H("2020"), facing=0, speed=20, target="S1"))
    view.set_units(units)
    view.set_impulse(impulse)
    expected = sorted(u.id for u in units if u.speed and moves_on(u.speed, impulse))
    assert view.movers() == expected
    assert all(view.counter(uid).moving == (uid in expected) for uid in view.units)
    assert f"impulse {impulse}" in view.clock_label.text()


def test_click_selects_and_escape_clears(qtbot, view):
    view.set_units([ship(), ship("D7", "kli", "2210", 3)])
    view.set_impulse(2)
    with qtbot.waitSignal(view.unit_selected) as sig:
        click(qtbot, view, "2210")
    assert sig.args == ["D7"] and view.counter("D7").selected and not view.counter("CA").selected
    with qtbot.waitSignal(view.unit_selected) as sig:
        key(qtbot, view, Qt.Key.Key_Escape)
    assert sig.args == [""] and view.selected_unit is None


def test_tab_selects_the_next_unit_moving_this_impulse(qtbot, view):
    view.set_units([ship("A", speed=16), ship("B", at="1010", speed=1), ship("C", at="3010", speed=16)])
    view.set_impulse(2)  # speed 16 moves on even impulses; speed 1 only on 32
    key(qtbot, view, Qt.Key.Key_Tab)
    assert view.selected_unit.id == "A"
    key(qtbot, view, Qt.Key.Key_Tab)
    assert view.selected_unit.id == "C"
    key(qtbot, view, Qt.Key.Key_N)
    assert view.selected_unit.id == "A"


# -- legal moves and requests ----------------------------------------------------------------


def test_legal_moves_of_the_selected_unit_come_from_the_rules(view):
    view.set_units([ship(facing=0)])
    view.set_impulse(2)
    view.select_unit("CA")
    targets = {h.label: sorted(str(o.order) for o in opts) for h, opts in view.legal_targets().items()}
    assert targets == {
        "2214": ["straight"],
        "2115": ["slip left", "turn left"],
        "2315": ["slip right", "turn right"],
    }
    assert {t.hex.label for t in view.targets_item.targets} == set(targets)


def test_a_unit_in_reverse_shows_the_hexes_astern(view):
    view.set_units([ship(facing=0, reverse=True)])
    view.set_impulse(2)
    view.select_unit("CA")
    assert H("2216") in view.legal_targets()  # straight back (C3.5)
    assert H("2214") not in view.legal_targets()


def test_a_unit_not_moving_this_impulse_has_no_target_hexes(view):
    view.set_units([ship(speed=16)])
    view.set_impulse(3)
    view.select_unit("CA")
    assert view.legal_targets() == {}


def test_clicking_a_legal_hex_requests_the_move(qtbot, view):
    view.set_units([ship()])
    view.set_impulse(2)
    click(qtbot, view, "2215")
    with qtbot.waitSignal(view.move_requested) as sig:
        click(qtbot, view, "2214")
    assert sig.args == ["CA", MoveOrder(STRAIGHT)]
    with qtbot.waitSignal(view.move_requested) as sig:
        click(qtbot, view, "2115")
    assert sig.args == ["CA", MoveOrder(TURN, -1)]
    with qtbot.waitSignal(view.move_requested) as sig:
        click(qtbot, view, "2315", Qt.KeyboardModifier.ShiftModifier)
    assert sig.args == ["CA", MoveOrder(SLIP, 1)]
    # The view never moves the unit itself.
    assert view.units["CA"].hex == H("2215")


def test_ctrl_click_in_a_legal_hex_selects_the_unit_there(qtbot, view):
    view.set_units([ship(), ship("D7", "kli", "2214", 3)])
    view.set_impulse(2)
    view.select_unit("CA")
    with qtbot.assertNotEmitted(view.move_requested):
        click(qtbot, view, "2214", Qt.KeyboardModifier.ControlModifier)
    assert view.selected_unit.id == "D7"


@pytest.mark.parametrize(
    ("k", "modifier", "order"),
    [(Qt.Key.Key_Up, None, MoveOrder(STRAIGHT)), (Qt.Key.Key_W, None, MoveOrder(STRAIGHT)),
     (Qt.Key.Key_Left, None, MoveOrder(TURN, -1)), (Qt.Key.Key_Right, None, MoveOrder(TURN, 1)),
     (Qt.Key.Key_Left, Qt.KeyboardModifier.ShiftModifier, MoveOrder(SLIP, -1)),
     (Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier, MoveOrder(SLIP, 1)),
     (Qt.Key.Key_Q, None, MoveOrder(SLIP, -1)), (Qt.Key.Key_E, None, MoveOrder(SLIP, 1))],
)
def test_keys_request_moves(qtbot, view, k, modifier, order):
    view.set_units([ship()])
    view.set_impulse(2)
    view.select_unit("CA")
    with qtbot.waitSignal(view.move_requested) as sig:
        key(qtbot, view, k, modifier or Qt.KeyboardModifier.NoModifier)
    assert sig.args == ["CA", order]


def test_an_illegal_key_move_is_refused_with_the_rule(qtbot, view):
    view.set_units([ship(straight=1)])  # turned last hex; turn mode D at speed 16 needs more
    view.set_impulse(2)
    view.select_unit("CA")
    with qtbot.assertNotEmitted(view.move_requested), qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_Left)
    rule, message = sig.args
    assert rule == "C3.2" and "straight before turning" in message
    assert view.message_label.isVisible() and "C3.2" in view.message_label.text()


def test_show_message_is_public_and_colours_errors(qtbot, view):
    view.show_message("Drone launched (FD2)")
    label = view.message_label
    assert label.isVisible() and label.text() == label.toolTip() == "Drone launched (FD2)"
    assert "#ffe082" in label.styleSheet()  # a hint: amber
    view.show_message("Refused (C1.4): select a unit first", error=True)
    assert label.text().startswith("Refused") and "#ff8a80" in label.styleSheet()  # red
    area = view.viewport().geometry()
    assert label.geometry().bottom() <= area.bottom() - 8 + 1  # at the foot of the map


def test_moving_on_an_impulse_the_unit_does_not_move_is_refused(qtbot, view):
    view.set_units([ship(speed=16)])
    view.set_impulse(3)
    view.select_unit("CA")
    with qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_Up)
    assert sig.args[0] == "C1.4" and "impulse 3" in sig.args[1]


def test_clicking_an_adjacent_hex_the_unit_may_not_enter_explains_why(qtbot, view):
    view.set_units([ship(straight=1, since_slip=0)])  # just turned, and may not slip either
    view.set_impulse(2)
    view.select_unit("CA")
    assert H("2115") not in view.legal_targets()
    with qtbot.waitSignal(view.refused) as sig:
        click(qtbot, view, "2115")
    assert sig.args[0] == "C3.2"
    with qtbot.waitSignal(view.refused) as sig:
        click(qtbot, view, "2115", Qt.KeyboardModifier.ShiftModifier)
    assert sig.args[0] == "C4.1"
    assert view.selected_unit.id == "CA"


def test_het_prompt_asks_for_the_facing(qtbot, view):
    view.set_units([ship(het=HetState(paid=1))])
    view.set_impulse(2)
    view.select_unit("CA")
    key(qtbot, view, Qt.Key.Key_H)
    assert view.prompt == "het"
    assert {t.hex for t in view.targets_item.targets} == {neighbor(H("2215"), f) for f in range(1, 6)}
    with qtbot.waitSignal(view.move_requested) as sig:
        key(qtbot, view, Qt.Key.Key_D)
    assert sig.args == ["CA", MoveOrder(HET, facing=3)]
    assert view.prompt is None
    # Answered by a click on the hex in the new facing, too:
    key(qtbot, view, Qt.Key.Key_H)
    with qtbot.waitSignal(view.move_requested) as sig:
        click(qtbot, view, neighbor(H("2215"), 4).label)
    assert sig.args == ["CA", MoveOrder(HET, facing=4)]


def test_het_without_energy_is_refused_before_the_prompt(qtbot, view):
    view.set_units([ship()])
    view.set_impulse(2)
    view.select_unit("CA")
    with qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_H)
    assert sig.args[0] == "C6.2" and view.prompt is None


def test_tactical_maneuver(qtbot, view):
    view.set_units([ship(speed=0, tac=TacState(sublight_paid=True))])
    view.set_impulse(5)
    view.select_unit("CA")
    key(qtbot, view, Qt.Key.Key_T)
    assert view.prompt == "tac"
    with qtbot.waitSignal(view.move_requested) as sig:
        key(qtbot, view, Qt.Key.Key_Right)
    assert sig.args == ["CA", MoveOrder(TAC, 1)]
    view.set_impulse(1)
    with qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_T)
    assert sig.args[0] == "C5.11"


def test_local_moves_applies_requests_with_the_rules(qtbot, view):
    moves = LocalMoves(view, [ship(), ship("D7", "kli", "2210", 3, speed=0)])
    view.set_impulse(2)
    view.select_unit("CA")
    key(qtbot, view, Qt.Key.Key_Up)
    assert view.units["CA"].hex == H("2214") and moves.units["CA"].hex == H("2214")
    assert view.counter("CA").pos() == hex_center(H("2214"))
    assert moves.log[-1].kind == "moved"
    # Still selected, with the legal moves from the new hex.
    assert view.selected_unit.id == "CA" and H("2213") in view.legal_targets()
    moves.next_impulse()
    assert view.context.impulse == 3 and view.legal_targets() == {}


def test_local_moves_het_rolls_breakdown_and_moves_on(qtbot, view):
    rolls = iter([1])
    moves = LocalMoves(view, [ship(het=HetState(paid=1))], dice=lambda why: next(rolls))
    view.set_impulse(2)
    view.select_unit("CA")
    key(qtbot, view, Qt.Key.Key_H)
    key(qtbot, view, Qt.Key.Key_C)
    unit = moves.units["CA"]
    assert unit.facing == 2 and unit.hex == neighbor(H("2215"), 2)  # turned, then its hex ahead
    assert any(e.kind == "het" for e in moves.log)


# -- hover: range, arcs, shields -------------------------------------------------------------


def hover(qtbot, view, label):
    view.fit_units()
    qtbot.mouseMove(view.viewport(), view.hex_to_view(H(label)).toPoint())


def test_hover_reports_range_arc_and_shield(qtbot, view):
    ca, d7 = ship(facing=0), ship("D7", "kli", "2610", 3)
    view.set_units([ca, d7])
    view.set_impulse(2)
    view.select_unit("CA")
    view.show_weapon_arcs("CA", ["FA"])
    with qtbot.waitSignal(view.hover_info) as sig:
        hover(qtbot, view, "2610")
    text = sig.args[0]
    assert text.startswith("Hex 2610: D7")
    assert f"Range from CA: {hex_range(ca.hex, d7.hex)} (D1.4)" in text
    assert ("in arc" if in_arc("FA", ca.hex, 0, d7.hex) else "not in arc") in text
    hit = shield_struck(d7.hex, 3, ca.hex)
    assert f"CA firing at D7 strikes shield #{hit.shield}" in text
    assert view.info_label.isVisible() and view.info_label.text() == text


def test_hover_names_units_by_id_as_the_captions_do(qtbot, view):
    """The hex line gives id and name ("KRT (D7 Battlecruiser)"); the others the id alone."""
    ent = ship("ENT", name="Heavy Cruiser", facing=0)
    krt = ship("KRT", "kli", "2511", 3, name="D7 Battlecruiser")
    view.set_units([ent, krt])
    view.set_impulse(2)
    view.select_unit("ENT")
    view.show_weapon_arcs("ENT", ["FA"])
    with qtbot.waitSignal(view.hover_info) as sig:
        hover(qtbot, view, "2511")  # not the hex the test before left the mouse on
    lines = sig.args[0].splitlines()
    assert lines[0] == "Hex 2511: KRT (D7 Battlecruiser)"
    assert lines[1] == f"Range from ENT: {hex_range(ent.hex, krt.hex)} (D1.4)"
    assert lines[2].startswith("Fire from here strikes ENT on shield ")
    assert lines[3].startswith("ENT firing at KRT strikes shield ")
    assert lines[4].startswith("ENT FA: ")
    assert not any("Heavy Cruiser" in line for line in lines)


def test_hover_shows_a_boundary_shot_as_the_owners_choice(qtbot, view):
    """D3.43: a shot along a hex spine strikes either shield; the owner chooses."""
    target = H("2215")
    firer = target + DIRECTIONS[0] * 2 + DIRECTIONS[1] * 2  # on the target's 30-degree spine
    view.set_units([ship("T", "kli", "2215", 0), ship("F", at=firer.label, facing=3)])
    view.set_impulse(2)
    view.select_unit("F")
    assert shield_struck(target, 0, firer).choice == (1, 2)
    with qtbot.waitSignal(view.hover_info) as sig:
        hover(qtbot, view, "2215")
    assert "F firing at T strikes shield 1/2 (owner chooses, D3.43)" in sig.args[0]


def test_weapon_arcs_shade_exactly_the_hexes_in_arc_and_are_cached(view):
    view.set_units([ship(facing=1)])
    view.show_weapon_arcs("CA", ["LF", "L"], [13])
    shaded = set(view.arcs_item.hexes)
    expected = {h for h in STANDARD_MAP.hexes()
                if in_arc("LF", H("2215"), 1, h) or in_arc("L", H("2215"), 1, h)}
    expected |= {h for h in STANDARD_MAP.hexes() if h != H("2215")
                 and (h - H("2215")) in {neighbor((0, 0, 0), 4) * k for k in range(1, 40)}}
    assert shaded == expected
    misses = view._arc_cache.misses
    view.set_impulse(5)  # nothing moved: the cached cover is reused
    view.show_weapon_arcs("CA", ["LF", "L"], [13])
    assert view._arc_cache.misses == misses
    view.set_units([ship(facing=2)])  # turned: recomputed
    assert view._arc_cache.misses == misses + 1
    view.clear_weapon_arcs()
    assert view.arcs_item.hexes == ()


def test_unknown_arc_is_a_programmer_error(view):
    view.set_units([ship()])
    with pytest.raises(ValueError, match="unknown arc"):
        view.show_weapon_arcs("CA", ["XX"])


# -- zoom and pan ----------------------------------------------------------------------------


def wheel(view, steps):
    pos = QPointF(view.viewport().rect().center())
    event = QWheelEvent(pos, view.viewport().mapToGlobal(pos), QPoint(0, 0), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_zoom_with_wheel_keys_and_fit(qtbot, view):
    view.fit_map()
    fit = view.zoom()
    rect = view.mapToScene(view.viewport().rect()).boundingRect()
    assert rect.contains(view.extent.scene_rect().center())
    wheel(view, 2)
    assert view.zoom() == pytest.approx(fit * 1.15**2)
    key(qtbot, view, Qt.Key.Key_Minus)
    assert view.zoom() == pytest.approx(fit * 1.15**2 / 1.25)
    key(qtbot, view, Qt.Key.Key_Plus)
    assert view.zoom() == pytest.approx(fit * 1.15**2)
    key(qtbot, view, Qt.Key.Key_F)
    assert view.zoom() == pytest.approx(fit)
    for _ in range(60):
        wheel(view, 1)
    assert view.zoom() == pytest.approx(6.0)  # clamped


def test_pan_by_drag_keys_and_space_drag(qtbot, view):
    view.resetTransform()
    view.center_on_hex(H("2115"))
    vp = view.viewport()

    def centre():
        return view.mapToScene(vp.rect().center())

    start = centre()
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    qtbot.mouseMove(vp, QPoint(300, 250))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 250))
    moved = centre()
    assert moved.x() == pytest.approx(start.x() + 100, abs=1.5)
    assert moved.y() == pytest.approx(start.y() + 50, abs=1.5)
    key(qtbot, view, Qt.Key.Key_Left)  # nothing selected: arrows pan
    assert centre().x() < moved.x() - 10
    before = centre()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    qtbot.mouseMove(vp, QPoint(300, 200))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(300, 200))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert centre().y() == pytest.approx(before.y() + 100, abs=1.5)
    assert view.selected_unit is None


def test_grid_is_cached_per_zoom_level(qtbot, view):
    view.fit_map()
    view.settle()
    view.viewport().repaint()
    renders = view.grid.renders
    assert renders >= 1 and view.grid.cached_levels[-1] == pytest.approx(view.zoom(), abs=1e-4)
    for _ in range(5):  # panning re-renders nothing
        view.pan_by(13, 7)
        view.viewport().repaint()
    assert view.grid.renders == renders
    scaled = view.grid.scaled_paints
    view.zoom_by(1.1)  # a zoom gesture step: drawn from the cached level, scaled
    view.viewport().repaint()
    assert view.grid.scaled_paints == scaled + 1 and view.grid.renders == renders
    # The gesture pauses: the settle timer asks for one crisp render of the new level.
    qtbot.waitUntil(lambda: view.grid.renders == renders + 1, timeout=3000)
    view.zoom_by(1 / 1.1)
    view.settle()
    view.viewport().repaint()
    assert view.grid.renders == renders + 1  # that level was still cached


# -- floating map ----------------------------------------------------------------------------


def test_floating_map_surrounds_the_units_and_recentres(view):
    view.set_map(FLOATING_MAP)
    view.set_units([ship(at="101.50")])
    extent = view.extent
    assert extent.relative and extent.contains(H("101.50"), 4)
    assert extent.col0 % 2 == 1  # column parity kept: even columns stay lower
    # Every hex carries its own four-digit label, as the log and the panels name it.
    corner = Hex.from_offset(extent.col0, extent.row0)
    assert view.hex_label(corner) == corner.label == f"{extent.col0 % 100:02d}{extent.row0 % 100:02d}"
    assert view.hex_label(H("101.50")) == "0150"
    view.set_units([ship(at="101.50"), ship("D7", "kli", f"{extent.col0 + extent.columns - 2}.60")])
    assert view.extent != extent  # a unit near the edge moved the map
    assert all(view.extent.contains(u.hex, 2) for u in view.units.values())


# -- the PySide6 6.12 None reference bug -----------------------------------------------------


def test_before_the_impulses_nothing_moves_and_moves_are_refused(qtbot, view):
    view.set_units([ship()])
    view.set_impulse(0)  # phases 1-5: no impulse yet
    view.select_unit("CA")
    assert view.movers() == [] and view.legal_targets() == {}
    with qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_Up)
    assert sig.args[0] == "C1.4"


def test_hover_info_clears_when_the_mouse_leaves(qtbot, view):
    view.set_units([ship()])
    hover(qtbot, view, "2215")
    assert view.info_label.isVisible()
    with qtbot.waitSignal(view.hover_info) as sig:
        QApplication.sendEvent(view, QEvent(QEvent.Type.Leave))
    assert sig.args == [""] and not view.info_label.isVisible()


def test_local_moves_without_dice_refuses_an_het_needing_the_breakdown_roll(qtbot, view):
    moves = LocalMoves(view, [ship(het=HetState(paid=1))])
    view.set_impulse(2)
    view.select_unit("CA")
    key(qtbot, view, Qt.Key.Key_H)
    with qtbot.waitSignal(view.refused) as sig:
        key(qtbot, view, Qt.Key.Key_C)
    assert sig.args[0] == "C6.5"
    assert moves.units["CA"].facing == 0 and moves.units["CA"].hex == H("2215")


def test_counter_pictures_for_a_new_zoom_level_are_spread_over_frames(view, monkeypatch):
    from PySide6.QtGui import QImage, QPainter

    from sfb_desk.ui.map.counters import _Counter

    monkeypatch.setattr(_Counter, "RENDERS_PER_FRAME", 3)
    view.set_units([ship(f"S{i}", at=f"{20 + i % 5:02d}{10 + i // 5:02d}") for i in range(20)])

    def frame() -> int:
        image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(image)
        view.render(painter)
        painter.end()
        return sum(view.counter(uid).renders for uid in view.units)

    view.resetTransform()
    view.zoom_by(1.2)  # pictures at level 2; the first frame has nothing to fall back on
    view.center_on_hex(H("2211"))  # all twenty on screen
    first = frame()
    assert first == 20
    view.zoom_by(2.5 / view.zoom())  # level 4 now
    view.center_on_hex(H("2211"))
    counts = [first] + [frame() for _ in range(10)]
    steps = [b - a for a, b in zip(counts, counts[1:])]
    assert steps[0] == 3 and max(steps) == 3  # three new pictures a frame, the rest scaled
    assert steps[-2:] == [0, 0] and counts[-1] == first + 20  # every one done, then steady
    # Zoomed out, counters are enlarged to a readable size (map.zoom): drawn at the same size
    # on screen whatever the zoom, they reuse one level of pictures and render nothing new.
    view.zoom_by(0.6 / view.zoom())
    enlarged = [frame() for _ in range(8)][-1]
    assert enlarged == counts[-1] + 20  # once, for the enlarged look (labels placed anew)
    for zoom in (0.4, 0.25, 0.5):
        view.zoom_by(zoom / view.zoom())
        assert frame() == enlarged


# -- labels: hex numbers, seeker speeds, ship captions -----------------------------------------


def number_rect(view, h):
    """Where the grid prints ``h``'s number at the view's zoom (map_grid), in scene units,
    measured with the grid's own laid-out text."""
    lod = view.zoom()
    size = max(s for s in LABEL_SIZES if s <= LABEL_PX * lod + 0.5)
    texts = view.grid._label_texts(size)
    _static, half = texts.get(view.hex_label(h))
    height = QFontMetricsF(texts.font).height()
    centre = hex_center(h)
    top = centre.y() - 0.8 * HEX_SIZE
    return QRectF(centre.x() - half / lod, top, 2 * half / lod, height / lod)


def zoomed_on(view, h, zoom=3.0):
    view.zoom_by(zoom / view.zoom())
    view.center_on_hex(h)
    view.settle()


@pytest.mark.parametrize("facing", range(6))
def test_a_seekers_speed_stays_clear_of_the_hex_number(view, facing):
    at = H("2213")
    view.set_units([new_seeker("DR", "kli", hex=at, facing=facing, speed=20, target="CA")])
    zoomed_on(view, at)
    label = view.counter("DR").label_rect()
    assert not label.intersects(number_rect(view, at)), (facing, label)
    for h in (neighbor(at, 2), neighbor(at, 3), neighbor(at, 4)):  # the hexes below
        assert not label.intersects(number_rect(view, h))
    dart = hex_center(at)
    vx, vy = facing_vector(facing)
    ahead = (label.center().x() - dart.x()) * vx + (label.center().y() - dart.y()) * vy
    assert ahead < 0.5  # never on the nose: behind or beside it
    if facing in (0, 1, 5):  # heading up: behind it is below, clear of the number
        assert ahead == pytest.approx(-0.36 * HEX_SIZE)


def test_ship_counters_are_captioned_with_the_unit_id_and_named_in_the_tooltip(view):
    units = [
        ship("ENT", at="2213", name="Heavy Cruiser"),
        ship("Bloodshedder-of-Kahless", "kli", at="2215", name="Bloodshedder"),
        ship("KLINGON-BATTLECRUISER-7", "kli", at="2217", name=""),
        ship("D7", "kli", at="2219", name=""),
    ]
    view.set_units(units)
    ent = view.counter("ENT")
    assert ent.caption == "ENT"
    assert ent.toolTip().startswith("ENT (Heavy Cruiser): speed 16")
    assert view.counter("Bloodshedder-of-Kahless").caption == "Bloodshedder"  # long id: the name
    long_id = view.counter("KLINGON-BATTLECRUISER-7").caption
    assert long_id.endswith("…") and "KLINGON-BATTLECRUISER-7".startswith(long_id[:-1])
    assert view.counter("D7").caption == "D7" and view.counter("D7").toolTip().startswith("D7: ")


@pytest.mark.parametrize("facing", [2, 3, 4])
def test_a_caption_over_the_hex_number_covers_it_whole(view, facing):
    at = H("2213")
    view.set_units([ship("KRT", "kli", at="2213", facing=facing, name="Battlecruiser")])
    zoomed_on(view, at)
    counter = view.counter("KRT")
    assert counter.caption == "KRT"
    plate = counter.caption_rect()
    number = number_rect(view, at)
    assert plate.contains(number.adjusted(1, 1, -1, -1))  # no half-hidden number


def test_messages_name_units_by_id_with_their_name(view):
    view.set_units([ship("ENT", name="Heavy Cruiser")])
    view.set_impulse(4)
    view.select_unit("ENT")
    assert view.message_label.text().startswith("ENT (Heavy Cruiser), speed 16, facing A: ")
