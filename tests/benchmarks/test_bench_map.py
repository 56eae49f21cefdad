"""The map's budgets (DESIGN.md section 10), offscreen.

* Any click to repaint under 50 ms with 10 ships and 100 seeking weapons on the map: one round
  is a real mouse click on a ship's hex (selecting it: legal moves asked of the rules, overlays
  rebuilt) and a synchronous ``viewport().repaint()``.
* Pan and zoom at 60 frames a second (16.7 ms a frame) with 300 counters: one round is one
  frame, the view moved (a pan step, or a step of a zoom gesture) and rendered to a QImage.
  The crisp render of a new zoom level, done once when a zoom gesture pauses, is measured too.

With benchmarks disabled (the default) each body runs once and checks what was drawn or done.
Time them with ``pytest tests/benchmarks/test_bench_map.py --benchmark-enable``.
"""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest

from sfb_desk.rules.hexes import STANDARD_MAP, Hex, hex_range
from sfb_desk.rules.units import DRONE, PLASMA, MoveProfile, Unit, new_seeker, new_ship
from sfb_desk.ui.map.geometry import HEX_SIZE
from sfb_desk.ui.map.looks import side_colour
from sfb_desk.ui.map.moves import move_options
from sfb_desk.ui.map.view import MapView

pytestmark = pytest.mark.benchmark

FRAME_BUDGET_MS = 1000 / 60
CLICK_BUDGET_MS = 50
CRUISER = MoveProfile(turn_mode="C", warp=30, impulse=4)


def battle(ships: int, seekers: int, gap: int, seed: int = 20260521) -> list[Unit]:
    """Ships spread out (no two within ``gap`` hexes, none sharing a seeker's hex), seekers
    anywhere else."""
    rng = random.Random(seed)
    hexes = list(STANDARD_MAP.hexes())
    rng.shuffle(hexes)
    placed: list[Hex] = []
    for h in hexes:
        if all(hex_range(h, p) > gap for p in placed):
            placed.append(h)
            if len(placed) == ships:
                break
    assert len(placed) == ships, "the map is too small for that many ships that far apart"
    units = [
        new_ship(f"S{i}", "fed" if i % 2 else "kli", CRUISER, hex=h, facing=rng.randrange(6),
                 speed=rng.choice((8, 16, 24, 31)), name=f"Ship {i}")
        for i, h in enumerate(placed)
    ]
    free = [h for h in hexes if h not in set(placed)]
    units += [
        new_seeker(f"K{i}", "fed" if i % 2 else "kli", hex=rng.choice(free), facing=rng.randrange(6),
                   speed=rng.choice((8, 12, 20, 32)), target=f"S{i % ships}",
                   kind=PLASMA if i % 5 == 0 else DRONE)
        for i in range(seekers)
    ]
    return units


@pytest.fixture
def view(qtbot):
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def render(view: MapView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in
               ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())))


def disc_point(view: MapView, uid: str) -> QPointF:
    """A point of a ship counter's disc, between its centre (the speed) and its top."""
    counter = view.counter(uid)
    return counter.pos() + QPointF(0, -0.33 * HEX_SIZE * counter.enlarged)


def visible_ships(view: MapView) -> list[str]:
    """Ships whose counters lie inside the viewport, their disc not under another counter
    (zoomed out, counters are enlarged to a readable size and a crowded map overlaps them)."""
    area = view.viewport().rect().adjusted(20, 20, -20, -20)
    counters = [view.counter(uid) for uid in view.units]
    return sorted(uid for uid, u in view.units.items()
                  if not u.is_seeker and area.contains(view.mapFromScene(view.counter(uid).pos()))
                  and not any(c.unit.id != uid and c.zValue() >= view.counter(uid).zValue()
                              and c.sceneBoundingRect().contains(disc_point(view, uid))
                              for c in counters))


def ships_drawn(view: MapView, image: QImage) -> list[str]:
    """The visible ships whose disc shows in the side's colour where the view says it is."""
    drawn = []
    for uid in visible_ships(view):
        at = view.mapFromScene(disc_point(view, uid))
        if close(image.pixelColor(at), side_colour(view.units[uid].side)):
            drawn.append(uid)
    return drawn


def test_bench_click_to_repaint_10_ships_100_seekers(benchmark, view):
    view.set_units(battle(10, 100, gap=3))
    view.set_impulse(16)
    view.fit_map()
    view.settle()
    view.viewport().repaint()
    ships = itertools.cycle(sorted(uid for uid, u in view.units.items() if not u.is_seeker))

    def click_and_repaint() -> str:
        uid = next(ships)
        where = view.mapFromScene(view.counter(uid).pos())  # its counter, where drawn
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)
        view.viewport().repaint()
        return uid

    benchmark.extra_info["budget_ms"] = CLICK_BUDGET_MS
    uid = benchmark.pedantic(click_and_repaint, rounds=50)
    assert view.selected_unit is not None and view.selected_unit.id == uid
    assert view.counter(uid).selected
    expected = {o.hex for o in move_options(view.units[uid], view.context) if o.enters_hex}
    assert set(view.legal_targets()) == expected
    assert len(visible_ships(view)) >= 8  # (a seeker may lie over a ship)
    assert ships_drawn(view, render(view)) == visible_ships(view)


@pytest.fixture
def crowded(view):
    view.set_units(battle(50, 250, gap=1))
    assert len(view.units) == 300
    view.set_impulse(8)
    view.fit_map()
    view.settle()
    render(view)
    return view


def test_bench_pan_frame_300_counters(benchmark, crowded):
    view = crowded
    view.zoom_by(1.6)
    view.settle()
    render(view)
    renders = view.grid.renders
    steps = itertools.cycle([(12, 7)] * 20 + [(-12, -7)] * 20)

    def frame() -> QImage:
        view.pan_by(*next(steps))
        return render(view)

    benchmark.extra_info["budget_ms"] = FRAME_BUDGET_MS
    image = benchmark.pedantic(frame, rounds=80)
    assert view.grid.renders == renders  # panning re-renders no grid level
    assert len(visible_ships(view)) >= 10
    assert ships_drawn(view, image) == visible_ships(view)


def test_bench_zoom_frame_300_counters(benchmark, crowded):
    """A zoom gesture from the whole map (scale 0.5) to 2.6 and back, one frame a step:
    grid levels drawn scaled mid-gesture, then painted hex by hex from scale 1; counters from
    their mip levels, then painted directly from scale 2."""
    view = crowded
    steps = itertools.cycle([1.04] * 42 + [1 / 1.04] * 42)

    def frame() -> QImage:
        view.zoom_by(next(steps))
        return render(view)

    benchmark.extra_info["budget_ms"] = FRAME_BUDGET_MS
    image = benchmark.pedantic(frame, rounds=84, warmup_rounds=0)
    assert view.grid.scaled_paints >= 1 or view.grid.renders >= 1
    assert len(visible_ships(view)) >= 10
    assert ships_drawn(view, image) == visible_ships(view)


def test_bench_crisp_grid_level_after_a_zoom_gesture(benchmark, crowded):
    """The one render a zoom gesture costs when it pauses: the whole map at a new scale."""
    view = crowded
    scales = itertools.cycle([0.55, 0.6, 0.66, 0.72, 0.8, 0.9])
    grid = view.grid

    def render_level():
        return grid._render_level(next(scales))

    pixmap = benchmark(render_level)
    assert pixmap.width() > 0.5 * grid.boundingRect().width()
    image = pixmap.toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert centre.alpha() == 255  # the map is filled
