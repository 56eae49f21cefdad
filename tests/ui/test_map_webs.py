"""Webs and PPD wave-locks on the map (Module C2; issue 17): a web cast in the sequencer is
drawn with its strength and state, a caught ship ringed with the points it has paid, a PPD
train as a line from the firer to its target; the drawing lives in ui/map/webs.py."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QImage, QPainter

from sfb_desk.engine.records import Combat
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_from_label as H
from sfb_desk.rules.systems.c2_play import C2Play
from sfb_desk.rules.systems.ppd import PulseTrain
from sfb_desk.rules.systems.webs import NO_WEBS, Caught, Web, add_web, form_webs
from sfb_desk.rules.units import Unit
from sfb_desk.ui.map.view import MapView
from sfb_desk.ui.map.webs import WebsItem, show_webs, webs_view


def _state():
    units = (Unit(id="NCL", side="Tholian", hex=H("2212"), facing=0),
             Unit(id="D7", side="Klingon", hex=H("2206"), facing=3))
    return GameState(turn=1, impulse=10, units=units)


def _combat():
    webs = add_web(NO_WEBS, Web("", "NCL", "webcaster#W", (H("2106"), H("2206"), H("2306")),
                                16, cast_at=1))
    webs, _, caught = form_webs(webs, 5, {"D7": H("2206")})
    webs = replace(webs, caught=(Caught("D7", "W1", H("2206"), 2),))
    train = PulseTrain("ppd#A", "D7", 2, locked=True, firer="NCL", fired=2)
    return Combat(c2=C2Play(webs, (train,)))


def test_webs_view_reads_the_webs_the_caught_and_the_locks():
    view = webs_view(_combat(), _state())
    (web,) = view.webs
    assert [h.label for h in web.hexes] == ["2106", "2206", "2306"] and web.formed
    assert web.label == "web 16: 11 imp. left"  # cast on 1, gone on 21 (E12.26)
    assert [(c.unit, c.paid, c.strength) for c in view.caught] == [("D7", 2, 16)]
    (lock,) = view.locks
    assert lock.locked and "wave-lock" in lock.label and "2 pulse(s)" in lock.label
    assert webs_view(Combat(), _state()).webs == ()


def test_the_web_item_paints_and_is_added_once(qtbot):
    view = MapView()
    qtbot.addWidget(view)
    item = show_webs(view, webs_view(_combat(), _state()))
    assert show_webs(view, webs_view(_combat(), _state())) is item
    assert item.boundingRect().width() > 0
    image = QImage(800, 600, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(-item.boundingRect().topLeft())
    item.paint(painter, None)
    painter.end()
    assert any(image.pixel(x, y) for x in range(0, 800, 8) for y in range(0, 600, 8))
    assert isinstance(item, WebsItem)


def test_in_the_app_a_neo_tholian_web_catches_a_d7(qtbot, monkeypatch):
    """The main window plays the NCL against the D7: the web cast on impulse 1 shows forming,
    then holding; the D7 flying into it on impulse 16 is drawn caught."""
    from PySide6.QtWidgets import QMessageBox

    from sfb_desk.data.game_setup import units_from_scenario
    from sfb_desk.data.library import load_library
    from sfb_desk.engine.answers import SeededDice, pop_keyed
    from sfb_desk.engine.prompts import DiceRequest
    from sfb_desk.robot.duel import duel_scenario, side_names
    from sfb_desk.ui.window.main_window import MainWindow

    from app_controller import answered

    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)
    library = load_library()
    setup = units_from_scenario(duel_scenario("THO-NCL", "KLI-D7", 1, 10, library), library,
                                ids={}, turns=1, dice_seed=3)
    tho, _ = side_names(library.get("THO-NCL"), library.get("KLI-D7"))
    window = MainWindow()
    window.show()
    try:
        c = window.controller
        answered(qtbot, c, lambda: c.new_game(setup.state, combat=setup.combat,
                                              specs=setup.specs))
        script = {"T1.ea.THO-NCL": {"speed_plot": 0}, "T1.ea.KLI-D7": {"speed_plot": 8},
                  f"T1.I1.fire.{tho}": {"THO-NCL": [{"box": "webcaster#W", "mode": "cast",
                                                       "hexes": ["2206"]}]}}
        item = None
        seen = []
        while c.pending is not None and not c.pending.key.startswith("T1.I17."):
            prompt = c.pending
            value = pop_keyed(dict(script), prompt)
            if value is None and isinstance(prompt, DiceRequest):
                value = SeededDice(3).roll(prompt, 3)
            answered(qtbot, c, lambda p=prompt, v=value: c.answer(p.default if v is None else v))
            item = getattr(window.panels.map_view, "_webs_item", None)
            if item is not None and item.view.webs:
                seen.append((item.view.webs[0].formed, bool(item.view.caught)))
        assert (False, False) in seen and (True, False) in seen  # forming, then holding
        assert [(m.unit, m.hex.label) for m in item.view.caught] == [("KLI-D7", "2206")]
    finally:
        window.shutdown()
        window.close()
        window.deleteLater()


def test_the_fire_orders_cast_a_web_from_the_web_caster_row(qtbot):
    """The orders panel's web caster row takes the hexes of a cast (E12.41); left empty it is
    a web fist at the target (E14); the session takes the cast."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_orders_helpers import FakeController

    from sfb_desk.data.game_setup import units_from_scenario
    from sfb_desk.data.library import load_library
    from sfb_desk.engine.answers import At, Chain, Defaults, Scripted
    from sfb_desk.engine.session import Accepted, Session
    from sfb_desk.robot.duel import duel_scenario, side_names
    from sfb_desk.ui.orders.panel import OrdersPanel

    library = load_library()
    setup = units_from_scenario(duel_scenario("THO-NCL", "KLI-D7", 1, 10, library), library,
                                ids={}, turns=1, dice_seed=3)
    s = Session(setup.state, setup.combat, setup.specs)
    tho, _ = side_names(library.get("THO-NCL"), library.get("KLI-D7"))
    source = Chain(Scripted([At("T1.ea.THO-NCL", {"speed_plot": 0}),
                             At("T1.ea.KLI-D7", {"speed_plot": 0})]), Defaults())
    while s.pending.key != f"T1.I1.fire.{tho}":
        s.run(source, limit=1)
    panel = OrdersPanel()
    qtbot.addWidget(panel)
    panel.resize(760, 700)
    panel.show()
    controller = FakeController(s)
    panel.bind(controller)
    row = panel.editor.row("THO-NCL", "webcaster#W")
    row.check.setChecked(True)
    assert row.order() == {"box": "webcaster#W", "target": "KLI-D7"}  # a fist: the default
    row.hexes.setText("2206, 2306")
    assert row.order() == {"box": "webcaster#W", "mode": "cast", "hexes": ["2206", "2306"]}
    assert s.check({"THO-NCL": [row.order()]}) is None


def test_ssd_counter_marks_of_a_ship_without_crew_counts():
    """A ship file that gives no crew or boarding-party counts (as the reconstructed Module C2
    classes did before they got reconstructed counts): the SSD's counter ticks mark nothing
    (the SSD tabs raised TypeError on an ISC or Neo-Tholian ship)."""
    from dataclasses import replace

    from sfb_desk.data.library import load_library
    from sfb_desk.ui.ssd.counters import counter_marks

    library = load_library()
    bare = replace(library.get("ISC-DN"), crew_units=None, boarding_parties=None)
    assert counter_marks(bare, 3, 1) == frozenset()
    assert counter_marks(library.get("ISC-DN"), 3, 1) == {"crew#1", "crew#2", "crew#3",
                                                          "boarding#1"}
    assert counter_marks(library.get("KLI-D7"), 2, 1) == {"crew#1", "crew#2", "boarding#1"}


def test_an_anchor_buoy_is_drawn_in_its_web_hex(qtbot):
    """G26.33: a laid buoy stays in its hex; the map paints it there in its own colour."""
    from sfb_desk.rules.systems import web_anchor
    from sfb_desk.ui.map.geometry import hex_center
    from sfb_desk.ui.map.webs import BUOY

    webs = replace(NO_WEBS, aboard=(("NCL", 1),))
    webs = add_web(webs, Web("", "NCL", "web_generator#1", (H("2206"),), 12, 1, anchored=True))
    webs, buoy = web_anchor.drop(webs, "NCL", H("2206"))
    view = webs_view(Combat(c2=C2Play(webs)), _state())
    assert [(b.id, b.hex.label) for b in view.buoys] == [(buoy, "2206")]
    item = WebsItem()
    item.set_view(view)
    rect = item.boundingRect()
    image = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(-rect.topLeft())
    item.paint(painter, None)
    painter.end()
    from sfb_desk.ui.map.looks import R

    c = hex_center(H("2206")) - rect.topLeft()
    gold = [image.pixelColor(int(c.x()) + dx, int(c.y() + 0.45 * R) + dy)
            for dx in range(-3, 4) for dy in range(-3, 4)]
    assert any(abs(p.red() - BUOY.red()) < 40 and abs(p.blue() - BUOY.blue()) < 60
               and p.alpha() > 0 for p in gold)
