"""The forms of the ship systems' orders (issue 12): tractors, marines (raids, boarding),
displacement and satellite ships are given through forms built from the game state, not typed
as JSON; each form produces exactly what the session expects. Robot duels are played up to a
prompt where a robot would give such orders; the test gives the same orders through the form
and the real Session accepts them. The JSON stays behind the "Details" switch."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.sat_ship_setup import embark_standard_groups
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.prompts import Orders
from sfb_desk.engine.session import Accepted, Session
from sfb_desk.robot import Robot
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.rules.results import Refusal
from sfb_desk.ui.orders.devices import DisplacementEditor, SatShipsEditor
from sfb_desk.ui.orders.panel import OrdersPanel
from sfb_desk.ui.orders.systems import MarinesEditor, TractorsEditor

from test_orders_helpers import FakeController


def robot_game(ship_a: str, ship_b: str, seed: int, turns: int = 4):
    lib = load_library()
    scenario = duel_scenario(ship_a, ship_b, turns, 15, lib)
    ids = dict(zip(unit_keys(scenario), unit_ids(lib.get(ship_a).id, lib.get(ship_b).id)))
    setup = embark_standard_groups(units_from_scenario(scenario, lib, ids=ids, turns=turns,
                                                       dice_seed=seed), lib)
    session = Session(setup.state, setup.combat, setup.specs)
    sides = [s.name for s in scenario.sides]
    return session, [Robot(side, "captain", seed) for side in sides]


def play_to(session: Session, robots, kind: str, wanted) -> object:  # noqa: ANN001
    """Let the robots play until a ``kind`` Orders prompt they would answer with orders that
    ``wanted`` likes; that answer is returned and the prompt left pending."""
    for _ in range(20000):
        prompt = session.pending
        assert prompt is not None, f"the game ended before {kind} orders"
        robot = next(r for r in robots if r.mine(prompt, session))
        value, source = robot.answer(prompt, session)
        if isinstance(prompt, Orders) and prompt.kind == kind and wanted(value):
            return value
        outcome = session.answer(value, source)
        assert not isinstance(outcome, Refusal), (prompt.key, value, outcome)
    raise AssertionError(f"no {kind} orders")


@pytest.fixture
def panel(qtbot):
    p = OrdersPanel()
    qtbot.addWidget(p)
    p.resize(760, 700)
    p.show()
    return p


def give(qtbot, panel, controller):  # noqa: ANN001
    qtbot.keyClick(panel, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(controller.outcomes[-1], Accepted), controller.outcomes[-1]
    return controller.answers[-1]


def pick(combo, data) -> None:  # noqa: ANN001
    index = combo.findData(data)
    assert index >= 0, (combo.objectName(), data)
    combo.setCurrentIndex(index)


def test_tractor_links_through_the_form(qtbot, panel):
    session, robots = robot_game("FED-CA", "KLI-D7", seed=6, turns=6)
    wanted = play_to(session, robots, "tractors",
                     lambda v: any(o.get("link") for o in v.values()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, TractorsEditor) and not editor.json.isVisible()
    rows = {(uid, box): (use, target, power) for uid, box, use, target, power in editor.links}
    for uid, orders in wanted.items():
        for link in orders["link"]:
            use, target, power = rows[(uid, link["box"])]
            use.setChecked(True)
            pick(target, link["target"])  # the drone, within tractor range
            power.setValue(link["power"])
    assert give(qtbot, panel, controller) == wanted
    assert any(r.kind == "event" and r.data.kind in ("tractor_link", "tractor_failed")
               for r in session.log.records[-6:])


def test_the_details_switch_shows_and_takes_the_json(qtbot, panel):
    session, robots = robot_game("FED-CA", "KLI-D7", seed=6, turns=6)
    wanted = play_to(session, robots, "tractors",
                     lambda v: any(o.get("link") for o in v.values()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    uid, box, use, target, power = editor.links[0]
    use.setChecked(True)
    editor.details.setChecked(True)
    assert editor.json.isVisible() and not editor.body.isVisible()
    assert json.loads(editor.json.text.toPlainText()) == editor.form_value()
    editor.json.text.setPlainText(json.dumps(wanted))  # a power user types the orders
    assert give(qtbot, panel, controller) == wanted


def test_raids_and_shields_through_the_marines_form(qtbot, panel):
    session, robots = robot_game("FED-CA", "KLI-D7", seed=6, turns=6)
    wanted = play_to(session, robots, "marines",
                     lambda v: any(o.get("raids") for o in v.values()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, MarinesEditor)
    for uid, orders in wanted.items():
        for k in orders.get("drop", []) + orders.get("raise", []):
            editor.shields[uid][k].setChecked(True)
        for raid in orders.get("raids", []):
            row = editor.add_raid(uid, [(session.state.find(raid["target"]), 0)])
            pick(row.target, raid["target"])
            pick(row.box, raid["box"])  # a box a raid may name (D7.823)
        for board in orders.get("board", []):
            editor.board[uid][board["target"]].setValue(board["parties"])
        guards = editor.guards[uid]
        for i in range(guards.count()):
            item = guards.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in orders.get("guards", [])
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    assert give(qtbot, panel, controller) == wanted
    assert session.pending.prompt_type == "dice" and "raid" in session.pending.purpose


def test_boarding_parties_through_the_marines_form(qtbot, panel):
    session, robots = robot_game("FED-CA", "KLI-D7", seed=6, turns=6)
    wanted = play_to(session, robots, "marines",
                     lambda v: any(o.get("board") for o in v.values()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    for uid, orders in wanted.items():
        for k in orders.get("drop", []) + orders.get("raise", []):
            editor.shields[uid][k].setChecked(True)
        for board in orders["board"]:
            editor.board[uid][board["target"]].setValue(board["parties"])
        assert not orders.get("raids")
    assert give(qtbot, panel, controller) == wanted
    assert any(r.kind == "event" and r.data.kind == "boarding"
               for r in session.log.records[-4:])


@pytest.fixture(scope="module")
def andromedan():
    """AND-CON against a KLI-D7 (seed 8: the Cobra is launched, the device used)."""
    return lambda: robot_game("AND-CON", "KLI-D7", seed=8, turns=3)


def test_a_satellite_ship_launched_through_the_form(qtbot, panel, andromedan):
    session, robots = andromedan()
    wanted = play_to(session, robots, "sat_ships",
                     lambda v: any(o.get("launch") for o in v.values()))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, SatShipsEditor)
    for uid, orders in wanted.items():
        launches = {x.ship: x for x in editor.launches[uid]}
        for item in orders["launch"]:
            row = launches[item["ship"]]
            row.use.setChecked(True)
            row.hex.setText(item["hex"])
            pick(row.facing, "ABCDEF"[item["facing"] - 1] if isinstance(item["facing"], int)
                 else item["facing"])
            row.speed.setValue(item["speed"])
    given = give(qtbot, panel, controller)
    assert {u: [x["ship"] for x in o["launch"]] for u, o in given.items()} == \
        {u: [x["ship"] for x in o["launch"]] for u, o in wanted.items()}
    assert any(r.kind == "event" and r.data.kind == "sat_ship_launched"
               for r in session.log.records[-4:])


def test_a_displacement_declared_through_the_form(qtbot, panel, andromedan):
    session, robots = andromedan()
    wanted = play_to(session, robots, "displacement", lambda v: bool(v))
    controller = FakeController(session)
    panel.bind(controller)
    editor = panel.editor
    assert isinstance(editor, DisplacementEditor)
    devices = {(d.uid, d.box): d for d in editor.devices}
    for uid, items in wanted.items():
        for item in items:
            device = devices[(uid, item["box"])]
            device.use.setChecked(True)
            pick(device.target, item["target"])
            if "swap" in item:
                device.swap_from.setValue(item["swap"][0])
                device.swap_to.setValue(item["swap"][1])
            elif "direction" in item:
                pick(device.direction, item["direction"])
    assert give(qtbot, panel, controller) == wanted
    assert any(r.kind == "event" and r.data.kind == "displacement_declared"
               for r in session.log.records[-3:])


@pytest.mark.parametrize("kind", ["tractors", "marines", "sat_ships", "displacement"])
def test_the_forms_fit_the_orders_dock_at_either_screen(qtbot, kind):
    """The orders dock is about 322x353 pixels at 1366x768 and 431x525 at 1920x1080: each
    form fits its width (no sideways scrolling) and no label or button is cut."""
    from test_nothing_clipped import clipped

    game = ("AND-CON", "KLI-D7", 8, 3) if kind in ("sat_ships", "displacement") \
        else ("FED-CA", "KLI-D7", 6, 6)
    session, robots = robot_game(*game[:2], seed=game[2], turns=game[3])
    wanted = play_to(session, robots, kind, lambda v: bool(v))
    for width, height in ((322, 353), (431, 525)):
        panel = OrdersPanel()
        qtbot.addWidget(panel)
        panel.resize(width, height)
        panel.show()
        panel.bind(FakeController(session))
        editor = panel.editor
        if kind == "marines":  # a raid row too, the widest
            uid = next(iter(editor.raids))
            me = session.state.find(uid)
            enemy = next(u for u in session.state.units if u.kind == "ship"
                         and u.side != me.side)
            editor.add_raid(uid, [(enemy, 3)])
        qtbot.wait(100)  # the panel lays itself out (the purpose wraps to its width)
        assert panel.scroll.horizontalScrollBar().maximum() == 0, (kind, width)
        assert not [p for p in clipped(panel) if "past the bottom" not in p], kind
        panel.close()


@pytest.mark.parametrize("kind", ["tractors", "marines", "displacement", "sat_ships"])
def test_a_form_without_a_game_says_so_and_gives_nothing(qtbot, panel, kind):
    panel.set_prompt(Orders(f"T1.I1.{kind}.Federation", kind, f"{kind} of side Federation",
                            side="Federation", rule="G7.4", default={}))
    editor = panel.editor
    assert editor.value() == {} and not editor.is_edited
    assert any(label.text().startswith("No ") for label in editor.findChildren(QLabel))
