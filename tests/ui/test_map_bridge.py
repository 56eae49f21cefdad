"""The map bound to a real GameController (sfb_desk/ui/map/bridge.py): the movement duel of
tests/qt/games.py (two CAs at speed 8, an HET on impulse 4). A key or a click on the map
answers the movement prompt and the unit moves as the rules move it; a move of a unit not
being asked, an order not among the prompt's options, or a move while the game waits for
something else is refused with the rule, and nothing changes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

sys.path.insert(0, str(Path(__file__).parents[1] / "qt"))
from games import OPENING, duel  # noqa: E402

from sfb_desk.engine.log import ANSWER  # noqa: E402
from sfb_desk.engine.prompts import Orders  # noqa: E402
from sfb_desk.rules.hexes import FLOATING_MAP, hex_from_label, hex_range  # noqa: E402
from sfb_desk.rules.movement.core import (  # noqa: E402
    HET,
    LEFT,
    STRAIGHT,
    TAC,
    TURN,
    Moved,
    MoveOrder,
    apply_order,
)
from sfb_desk.rules.results import Refusal  # noqa: E402
from sfb_desk.ui.map.bridge import MapBridge, asked_unit, movement_answer  # noqa: E402
from sfb_desk.ui.map.geometry import hex_center  # noqa: E402
from sfb_desk.ui.map.view import MapView  # noqa: E402

WAIT = 20_000


class MovesOnly:
    """A pass policy: every prompt with a default passes except the movement of a unit that
    moves a hex this impulse (so the game stops only where the map is needed)."""

    def passes(self, prompt, *context) -> bool:  # noqa: ANN001, ANN002 (state, combat, specs)
        return not (asked_unit(prompt) and STRAIGHT in prompt.options)


@pytest.fixture
def table(qtbot, controller_in_app):
    """A controller at T1.I4.move.A of the movement duel, a map and the bridge between."""
    c = controller_in_app
    view = MapView()
    qtbot.addWidget(view)
    view.resize(900, 650)
    view.show()
    qtbot.waitExposed(view)
    bridge = MapBridge(view, c)
    c.set_pass_policy(MovesOnly())
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.new_game(duel())
    for value in OPENING:
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            assert c.answer(value)
    assert c.pending.key == "T1.I4.move.A"
    yield c, view, bridge


def press(qtbot, c, view, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key on the map that answers: wait until the controller has the result."""
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
        qtbot.keyClick(view, key, modifier)
    return blocker.args[0]


def click(qtbot, view, h):
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     view.hex_to_view(h).toPoint())


def answer_to(c, key):
    """The accepted answer to prompt ``key`` and its source, from the controller's log."""
    (found,) = [(r.data, r.source) for r in c.log if r.kind == ANSWER and r.key == key]
    return found


def rules_move(state, unit_id, order):
    moved = apply_order(state.unit(unit_id), order, turn=state.turn, impulse=state.impulse,
                        options=state.options, bounds=state.map)
    assert isinstance(moved, Moved)
    return moved.unit


def test_the_map_follows_the_game(qtbot, table):
    c, view, _ = table
    state = c.state
    assert view.context.impulse == 4 and view.context.turn == 1 and view.bounds == FLOATING_MAP
    assert {uid: u.hex for uid, u in view.units.items()} == {u.id: u.hex for u in state.units}
    assert view.movers() == ["A", "B"]  # speed 8 moves on impulse 4 (C1.4)
    assert view.selected_unit.id == "A"  # the unit asked for, with its legal moves
    assert {o.order.action for opts in view.legal_targets().values() for o in opts} == {
        "straight", "turn", "slip"}
    assert "impulse 4" in view.clock_label.text()
    # Hover over B: the range from A, the asked unit (D1.4), and the shields struck (D3.4).
    a, b = state.unit("A"), state.unit("B")
    with qtbot.waitSignal(view.hover_info) as blocker:
        qtbot.mouseMove(view.viewport(), view.hex_to_view(b.hex).toPoint())
    text = blocker.args[0]
    assert text.startswith(f"Hex {view.extent.label(b.hex)}: B")
    assert f"Range from A: {hex_range(a.hex, b.hex)} (D1.4)" in text  # the ids, as the captions
    assert "A firing at B strikes shield" in text


def test_a_key_answers_the_movement_prompt_and_the_unit_moves(qtbot, table):
    c, view, bridge = table
    before = c.state
    sent = []
    bridge.answered.connect(lambda uid, text: sent.append((uid, text)))
    view.zoom_by(1.5)
    zoom = view.zoom()
    assert press(qtbot, c, view, Qt.Key.Key_Up)
    assert view.zoom() == zoom  # the game goes on: the view is the player's (new games fit)
    assert sent == [("A", "straight")] and answer_to(c, "T1.I4.move.A") == ("straight", "player")
    expected = rules_move(before, "A", MoveOrder(STRAIGHT))
    assert c.state.unit("A").hex == expected.hex == view.units["A"].hex
    assert view.counter("A").pos() != view.counter("B").pos()
    # The next prompt is B's movement: the map selects B.
    assert c.pending.key == "T1.I4.move.B" and view.selected_unit.id == "B"


def test_a_click_on_a_highlighted_hex_answers_with_that_order(qtbot, table):
    c, view, _ = table
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.keyClick(view, Qt.Key.Key_Up)
    before = c.state
    assert c.pending.key == "T1.I4.move.B"
    turn = next(h for h, opts in view.legal_targets().items()
                if any(o.order == MoveOrder(TURN, LEFT) for o in opts))
    with qtbot.waitSignal(c.answer_done, timeout=WAIT) as blocker:
        click(qtbot, view, turn)
    assert blocker.args[0] and answer_to(c, "T1.I4.move.B") == ("turn left", "player")
    expected = rules_move(before, "B", MoveOrder(TURN, LEFT))
    after = c.state.unit("B")
    assert (after.hex, after.facing) == (expected.hex, expected.facing) == (turn, expected.facing)


def test_an_het_from_the_keys_asks_for_the_breakdown_roll(qtbot, table):
    c, view, _ = table
    qtbot.keyClick(view, Qt.Key.Key_H)
    assert view.prompt == "het"
    assert press(qtbot, c, view, Qt.Key.Key_C)
    assert answer_to(c, "T1.I4.move.A") == ("het C", "player")
    assert c.pending.key == "T1.I4.breakdown.A"  # C6.5


def test_a_unit_not_being_asked_is_refused_and_nothing_changes(qtbot, table):
    c, view, bridge = table
    record = c.record
    messages = []
    bridge.refused.connect(messages.append)
    click(qtbot, view, hex_from_label("1410"))  # B's counter: select it
    assert view.selected_unit.id == "B"
    qtbot.keyClick(view, Qt.Key.Key_Up)  # B may move straight (C1.4), but A moves first
    assert not c.busy and c.record is record and c.pending.key == "T1.I4.move.A"
    assert messages == ["Refused (C1.313): A moves now (order of precedence); B is not being asked"]
    assert view.message_label.isVisible() and view.message_label.text() == messages[0]
    assert view.units["B"].hex == hex_from_label("1410")


def test_an_order_not_among_the_options_is_refused(qtbot, table):
    c, view, bridge = table
    record = c.record
    messages = []
    bridge.refused.connect(messages.append)
    qtbot.keyClick(view, Qt.Key.Key_S)  # stay: A is scheduled to move a hex (C1.4)
    view.move_requested.emit("A", MoveOrder(TAC, LEFT))  # a map whose rules disagree
    assert not c.busy and c.record is record
    legal = ", ".join(c.pending.options)
    assert messages == [
        f"Refused (C1.4): A moves a hex this impulse: choose one of {legal}",
        f"Refused (C1.4): tac left is not a legal order of A now; legal: {legal}",
    ]


def test_the_maps_own_refusals_reach_the_status_bar(qtbot, table):
    c, view, bridge = table
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.keyClick(view, Qt.Key.Key_Left)  # A turns: its turn mode starts again (C3.2)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        qtbot.keyClick(view, Qt.Key.Key_Up)  # B
    while c.pending.key != "T1.I8.move.A":
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            assert c.answer(c.pending.default)
    record = c.record
    with qtbot.waitSignal(bridge.refused, timeout=WAIT) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Left)  # one hex straight is not turn mode D at 8
    assert blocker.args[0].startswith("Refused (C3") and c.record is record


def test_a_move_while_the_game_waits_for_dice_is_refused(qtbot, table):
    c, view, bridge = table
    qtbot.keyClick(view, Qt.Key.Key_H)
    press(qtbot, c, view, Qt.Key.Key_C)
    record = c.record
    messages = []
    bridge.refused.connect(messages.append)
    assert bridge.show_unit("B")
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert c.record is record and len(messages) == 1
    assert messages[0].startswith("Refused (C1.4): B cannot move now: the game is waiting for "
                                  "breakdown roll for A")


def test_enter_answers_the_default(qtbot, table):
    c, view, _ = table
    assert press(qtbot, c, view, Qt.Key.Key_Return)
    assert answer_to(c, "T1.I4.move.A") == ("straight", "player")


def test_unit_selected_is_forwarded(qtbot, table):
    c, view, bridge = table
    with qtbot.waitSignal(bridge.unit_selected) as blocker:
        click(qtbot, view, hex_from_label("1410"))
    assert blocker.args == ["B"]
    assert not bridge.show_unit("nobody")


def test_movement_answer_words():
    prompt = Orders("T1.I4.move.A", "movement", "Movement of A", unit="A",
                    options=("straight", "turn left", "het"), rule="C1.4", default="straight")
    assert movement_answer(prompt, "A", MoveOrder(HET, facing=2)) == "het C"
    assert movement_answer(prompt, "A", MoveOrder(TURN, LEFT)) == "turn left"
    refusal = movement_answer(prompt, "A", "slip left")
    assert isinstance(refusal, Refusal) and refusal.rule == "C1.4"
    assert movement_answer(None, "A", "straight").message == "nothing is asked: the game is over"
    assert movement_answer(prompt, "B", "straight").rule == "C1.313"


def test_the_map_follows_the_action_until_the_player_pans(qtbot, table):
    """Issue 12, item 4: framed on the units at the start; a unit that would leave the view
    frames them again; once the player pans, the map stays where the player put it."""
    c, view, bridge = table
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert view.following
    assert all(seen.contains(view.counter(u).sceneBoundingRect()) for u in view.units)
    view.zoom_by(3.0)  # the player zooms in: units leave the view ...
    assert not view.following
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.answer(c.pending.default)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert not all(seen.contains(hex_center(u.hex)) for u in view.units.values())  # ... stays
    bridge._frame()  # F / Home in the app: framed again, following again
    assert view.following
    zoomed = view.zoom()
    view.scale(3.0, 3.0)  # the map zoomed by itself (not the player): still following
    assert view.following
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        c.answer(c.pending.default)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert all(seen.contains(view.counter(u).sceneBoundingRect()) for u in view.units)
    assert view.zoom() <= zoomed * 1.01  # framed the units again
