"""The mine-laying editor of the orders panel (M9.0): a Romulan War Eagle drops its nuclear
space mine through the panel; a minelayer's racks with their rule (M9.21); a minesweeper's
launch row offers the minesweeping and minelaying shuttles (M8.312, R1.F6)."""

from __future__ import annotations

import sys

from pathlib import Path

import pytest

from sfb_desk.engine.orders.fire_options import OrdersContext
from sfb_desk.engine.session import Accepted
from sfb_desk.ui.orders.launch import LaunchEditor
from sfb_desk.ui.orders.mines import MineLayingEditor, parse_sizes
from sfb_desk.ui.orders.panel import OrdersPanel

from test_orders_helpers import FakeController

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
import test_minelaying_play as games  # noqa: E402

from sfb_desk.engine.answers import At, Chain, Defaults, Scripted, SeededDice  # noqa: E402


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(900, 600)
    p.show()
    return p


def at_laying(session, side: str, script) -> None:  # noqa: ANN001
    games.run_until(session, script, lambda s: s.pending is not None
                    and s.pending.key.endswith(f"lay_mines.{side}"))


def test_a_war_eagle_drops_its_nsm_through_the_panel(qtbot, panel):
    session = games.we_and_ca()
    at_laying(session, "Romulan", Chain(Scripted([At("T1.ea.WE", {"speed_plot": 8}),
                                                  At("T1.ea.CA", {"speed_plot": 4})]),
                                        Defaults(), SeededDice()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, MineLayingEditor)
    row = editor.row("WE", "nsm")
    assert row.info.text() == "may lay now"
    assert [row.size.itemText(i) for i in range(row.size.count())] == ["large"]
    row.check.setChecked(True)
    row.detection.setValue(4)
    row.sizes.setText("1-4")
    panel.give()
    assert controller.answers == [{"WE": [{"from": "nsm", "size": "large", "detection": 4,
                                           "zone": 1, "sizes": [1, 2, 3, 4], "nth": 0}]}]
    assert isinstance(controller.outcomes[-1], Accepted)
    (mine,) = session.combat.battlefield.mines.live()
    assert mine.detection == 4 and mine.hex == session.state.unit("WE").hex


def test_a_minelayers_racks_show_the_rule_that_stops_them(qtbot):
    session = games.game([games.UnitEntry("FED-CA", "MS", "Federation", "1010", "B", 4, 2),
                          games.UnitEntry("KLI-D7", "D7", "Klingon", "3010", "E", 4, 2)],
                         minelayer="FED-CA", racks=2)
    script = Chain(Scripted([At("T1.ea.MS", {"speed_plot": 4}), At("T1.ea.D7", {"speed_plot": 4}),
                             At("T1.I1.lay_mines.Federation", {"MS": [{"from": "rack#1"}]})]),
                   Defaults(), SeededDice())
    games.run_until(session, script, lambda s: s.state.impulse >= 2 and s.pending is not None
                    and s.pending.key.endswith("lay_mines.Federation"))
    ctx = OrdersContext(session.state, session.combat, session.specs)
    editor = MineLayingEditor(session.pending, ctx)
    qtbot.addWidget(editor)
    used, free = editor.row("MS", "rack#1"), editor.row("MS", "rack#2")
    assert "M9.21" in used.info.text() and free.info.text() == "may lay now"
    free.detection.setValue(7 - 1)
    free.zone.setCurrentIndex(1)
    free.check.setChecked(True)
    assert editor.value() == {"MS": [{"from": "rack#2", "size": "large", "detection": 6,
                                      "zone": 0, "sizes": list(range(1, 9)), "nth": 0}]}
    free.sizes.setText("9")
    assert "M5.151" in free.info.text()


def test_target_sizes_as_typed():
    assert parse_sizes("1-4") == [1, 2, 3, 4]
    assert parse_sizes("1,2,6") == [1, 2, 6]
    assert parse_sizes("all") == list(range(1, 9))
    with pytest.raises(ValueError, match="M5.151"):
        parse_sizes("large")


def test_a_minesweepers_shuttles_may_go_minesweeping_or_minelaying(qtbot):
    session = games.sweeper_game([])
    script = Chain(Scripted([At("T1.ea.MS", {"speed_plot": 0}),
                             At("T1.ea.D7", {"speed_plot": 0})]), Defaults(), SeededDice())
    games.run_until(session, script, lambda s: s.pending is not None
                    and s.pending.key.startswith("T1.I1.launch.Federation"))
    ctx = OrdersContext(session.state, session.combat, session.specs)
    editor = LaunchEditor(session.pending, ctx)
    qtbot.addWidget(editor)
    row = editor.row("MS", "shuttle#1")
    missions = [row.what.itemData(i) for i in range(row.what.count())]
    assert missions[-2:] == ["mss", "mls"]
    row.what.setCurrentIndex(missions.index("mss"))
    row.check.setChecked(True)
    (order,) = editor.value()["MS"]["shuttles"]
    assert order["mission"] == "mss" and "target" not in order
    assert "R1.F2" in row.info.text()
    assert not isinstance(session.answer(editor.value(), "table"), Exception)
    assert session.combat.battlefield.stores_of(order["id"]).kind == "mss"

