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
