"""Mouse and keyboard of the hex map (a mixin of :class:`~sfb_desk.ui.map.view.MapView`).

Input becomes either a view change (select, zoom, pan) or a :class:`MoveOrder` handed to
``MapView.request_move``, which asks the rules and emits ``move_requested`` or ``refused``.
Two orders need a second answer and open a small prompt: an HET (H) asks for the new facing
(A-F, 1-6, or a click on the hex in that direction), a tactical maneuver (T) for the side
(Left/Right). Esc cancels a prompt, or else clears the selection.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QLabel, QWidget

from sfb_desk.rules.hexes import Hex, neighbor
from sfb_desk.rules.movement.core import HET, LEFT, RIGHT, SLIP, STRAIGHT, TAC, TURN, MoveOrder, tac_refusal
from sfb_desk.rules.movement.het import het_refusal
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.units import Unit

from .overlays import Target, TargetsItem
from .moves import MoveContext, MoveOption, het_facing_toward, moves_this_impulse, order_toward

K = Qt.Key
_FACING_KEYS = {K.Key_A: 0, K.Key_B: 1, K.Key_C: 2, K.Key_D: 3, K.Key_E: 4, K.Key_F: 5,
                K.Key_1: 0, K.Key_2: 1, K.Key_3: 2, K.Key_4: 3, K.Key_5: 4, K.Key_6: 5}
_MOVE_KEYS = {
    K.Key_Up: MoveOrder(STRAIGHT), K.Key_W: MoveOrder(STRAIGHT),
    K.Key_Left: MoveOrder(TURN, LEFT), K.Key_A: MoveOrder(TURN, LEFT),
    K.Key_Right: MoveOrder(TURN, RIGHT), K.Key_D: MoveOrder(TURN, RIGHT),
    K.Key_Q: MoveOrder(SLIP, LEFT), K.Key_E: MoveOrder(SLIP, RIGHT),
    K.Key_Z: MoveOrder(TAC, LEFT), K.Key_C: MoveOrder(TAC, RIGHT),  # the orders form's keys
}
_DIGIT_FACINGS = {K.Key_1: 0, K.Key_2: 1, K.Key_3: 2, K.Key_4: 3, K.Key_5: 4, K.Key_6: 5}
_PAN_KEYS = {K.Key_Left: (-1, 0), K.Key_Right: (1, 0), K.Key_Up: (0, -1), K.Key_Down: (0, 1)}
PAN_BUTTONS = (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton)


class MapHost(Protocol):
    """What :class:`MapInput` needs of the view it is mixed into (the map view,
    :class:`sfb_desk.ui.map.view.MapView`), named here so this module does not import the view
    (the view imports this module)."""

    _ctx: MoveContext
    _units: dict[str, Unit]
    _by_hex: dict[Hex, list[Unit]]
    _selected: str | None
    _hovered: Hex | None
    _legal: dict[Hex, list[MoveOption]]
    _prompt: str | None
    _space: bool
    _pan_from: QPoint | None
    targets_item: TargetsItem
    message_label: QLabel

    @property
    def selected_unit(self) -> Unit | None: ...
    def viewport(self) -> QWidget: ...
    def select_unit(self, unit_id: str | None) -> None: ...
    def hex_at_view(self, pos: QPointF) -> Hex: ...
    def unit_at_view(self, pos: QPointF) -> str | None: ...
    def request_move(self, order: MoveOrder) -> bool: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
    def _refuse(self, refusal: Refusal) -> None: ...
    def _refresh_targets(self) -> None: ...
    def _update_hover(self) -> None: ...
    def zoom_by(self, factor: float) -> None: ...
    def zoom_in(self) -> None: ...
    def zoom_out(self) -> None: ...
    def fit_map(self) -> None: ...
    def fit_units(self, margin_hexes: float = ...) -> None: ...
    def pan_by(self, dx: float, dy: float) -> None: ...
    # and MapInput's own methods, called through the same ``self``
    def start_het_prompt(self) -> bool: ...
    def start_tac_prompt(self) -> bool: ...
    def _cancel_prompt(self) -> None: ...
    def click_hex(self, h: Hex, modifiers: Qt.KeyboardModifier = ..., hit: str | None = None) -> None: ...
    def select_next_mover(self, backwards: bool = False) -> None: ...
    def _handle_key(self, event: QKeyEvent) -> bool: ...
    def _unit_key(self, key: int, shift: bool) -> bool: ...


class MapInput:
    """Mouse, wheel and keys of the map view; see the module docstring."""

    def __init__(self: MapHost) -> None:
        self._prompt: str | None = None
        self._space = False
        self._pan_from: QPoint | None = None

    # -- prompts -------------------------------------------------------------------------
    @property
    def prompt(self) -> str | None:
        """``"het"`` or ``"tac"`` while the map waits for the second half of an order."""
        return self._prompt

    def start_het_prompt(self: MapHost) -> bool:
        """Ask for an HET's new facing, if the rules allow an HET now (C6)."""
        unit = self.selected_unit
        if unit is None:
            return False
        ctx = self._ctx
        refusal = het_refusal(unit, None, ctx.impulse, ctx.clock, ctx.options)
        if refusal is not None:
            self._refuse(refusal)
            return False
        self._prompt = "het"
        self.targets_item.set_targets([
            Target(neighbor(unit.hex, f), f, "ABCDEF"[f]) for f in range(6) if f != unit.facing
        ])
        self.show_message("High energy turn (C6): new facing A-F, or click the hex it faces; Esc cancels")
        return True

    def start_tac_prompt(self: MapHost) -> bool:
        """Ask for a tactical maneuver's side, if the rules allow one now (C5)."""
        unit = self.selected_unit
        if unit is None:
            return False
        refusal = tac_refusal(unit, self._ctx.impulse, self._ctx.options)
        if refusal is not None:
            self._refuse(refusal)
            return False
        self._prompt = "tac"
        self.targets_item.set_targets([])
        self.show_message("Tactical maneuver (C5): Left or Right turns one hexside; Esc cancels")
        return True

    def _cancel_prompt(self: MapHost) -> None:
        if self._prompt is not None:
            self._prompt = None
            self.message_label.hide()
            self._refresh_targets()

    # -- mouse ---------------------------------------------------------------------------
    def mousePressEvent(self: MapHost, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        button = event.button()
        if button in PAN_BUTTONS or (button == Qt.MouseButton.LeftButton and self._space):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            self.click_hex(self.hex_at_view(event.position()), event.modifiers(),
                           self.unit_at_view(event.position()))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self: MapHost, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        pos = event.position().toPoint()
        if self._pan_from is not None:
            delta = pos - self._pan_from
            self._pan_from = pos
            self.pan_by(-delta.x(), -delta.y())
            event.accept()
            return
        h = self.hex_at_view(event.position())
        hit = self._units.get(self.unit_at_view(event.position()) or "")
        if hit is not None and hit.hex != h and not (hit.id == self._selected and h in self._legal):
            h = hit.hex  # over a counter spilling into this hex: its hex, as a click takes it
        if h != self._hovered:
            self._hovered = h
            self._update_hover()
        event.accept()

    def mouseReleaseEvent(self: MapHost, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
        event.accept()  # the press did the work (or started the pan)

    def leaveEvent(self: MapHost, event: QEvent) -> None:  # noqa: N802 (Qt name)
        self._hovered = None
        self._update_hover()
        super().leaveEvent(event)

    def wheelEvent(self: MapHost, event: QWheelEvent) -> None:  # noqa: N802 (Qt name)
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.15 ** steps)
        event.accept()

    def click_hex(self: MapHost, h: Hex, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
                  hit: str | None = None) -> None:
        """A left click on hex ``h`` (on the counter of unit ``hit``, if any): answer a prompt,
        move into a highlighted hex, select the unit clicked or one in the hex, explain why an
        adjacent hex cannot be entered, or clear the selection. A counter drawn over another
        hex than its own (enlarged or fanned out, :mod:`.zoom`, :mod:`.fan`) is what the click
        chooses: what is seen is what is clicked."""
        unit = self.selected_unit
        shift = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        if self._prompt == "het" and unit is not None:
            facing = het_facing_toward(unit, h)
            if facing is not None:
                self.request_move(MoveOrder(HET, facing=facing))
            else:
                self._cancel_prompt()
            return
        self._cancel_prompt()
        hit_unit = self._units.get(hit) if hit is not None else None
        options = self._legal.get(h) if unit is not None and not ctrl else None
        if hit_unit is not None and hit_unit.hex != h and not (options and hit == self._selected):
            self.select_unit(hit_unit.id)  # another hex's counter (but the selected one's own
            return  # nose or caption over a hex it may enter still lets that hex be clicked)
        if options:
            slips = [o for o in options if o.order.action == SLIP]
            others = [o for o in options if o.order.action != SLIP]
            pick = (slips or others)[0] if shift else (others or slips)[0]
            self.request_move(pick.order)
            return
        if hit_unit is not None:
            self.select_unit(hit_unit.id)
            return
        here = self._by_hex.get(h, [])
        if here:
            ids = [u.id for u in here]
            nxt = ids[(ids.index(self._selected) + 1) % len(ids)] if self._selected in ids else ids[0]
            self.select_unit(nxt)
            return
        if unit is not None:
            order = order_toward(unit, h, self._ctx, prefer_slip=shift)
            if order is not None:
                self.request_move(order)
                return
        self.select_unit(None)

    # -- keys ----------------------------------------------------------------------------
    def event(self: MapHost, event: QEvent) -> bool:
        # Tab would move the keyboard focus away; on the map it selects the next mover.
        if event.type() == QEvent.Type.KeyPress and event.key() in (K.Key_Tab, K.Key_Backtab):
            self.select_next_mover(backwards=event.key() == K.Key_Backtab)
            return True
        return super().event(event)

    def select_next_mover(self: MapHost, backwards: bool = False) -> None:
        """Select the next unit (by id) that moves this impulse, or the next unit."""
        ids = [uid for uid in sorted(self._units) if moves_this_impulse(self._units[uid], self._ctx)]
        ids = ids or sorted(self._units)
        if not ids:
            return
        if self._selected in ids:
            i = ids.index(self._selected) + (-1 if backwards else 1)
        else:
            i = -1 if backwards else 0
        self.select_unit(ids[i % len(ids)])

    def keyPressEvent(self: MapHost, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if self._handle_key(event):
            event.accept()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self: MapHost, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() == K.Key_Space and not event.isAutoRepeat():
            self._space = False
            event.accept()
            return
        super().keyReleaseEvent(event)

    def _handle_key(self: MapHost, event: QKeyEvent) -> bool:
        key = event.key()
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if self._prompt == "het":
            if key in _FACING_KEYS:
                self.request_move(MoveOrder(HET, facing=_FACING_KEYS[key]))
            elif key == K.Key_Escape:
                self._cancel_prompt()
            return True
        if self._prompt == "tac":
            side = {K.Key_Left: LEFT, K.Key_A: LEFT, K.Key_Right: RIGHT, K.Key_D: RIGHT}.get(key)
            if side is not None:
                self.request_move(MoveOrder(TAC, side))
            elif key == K.Key_Escape:
                self._cancel_prompt()
            return True
        if key == K.Key_Space:
            self._space = True
            return True
        if key in (K.Key_Plus, K.Key_Equal):
            self.zoom_in()
        elif key in (K.Key_Minus, K.Key_Underscore):
            self.zoom_out()
        elif key in (K.Key_F, K.Key_Home):
            self.fit_units()  # the units framed, followed again (the whole map without units)
        elif key == K.Key_0:
            self.fit_map()
        elif key == K.Key_N:
            self.select_next_mover(backwards=shift)
        elif key == K.Key_Escape:
            self.message_label.hide()
            self.select_unit(None)
        elif self.selected_unit is not None:
            return self._unit_key(key, shift)
        elif key in _PAN_KEYS:
            dx, dy = _PAN_KEYS[key]
            step = 0.2 * min(self.viewport().width(), self.viewport().height())
            self.pan_by(dx * step, dy * step)
        else:
            return False
        return True

    def _unit_key(self: MapHost, key: int, shift: bool) -> bool:
        if key == K.Key_H:
            self.start_het_prompt()
        elif key == K.Key_T:
            self.start_tac_prompt()
        elif shift and key in (K.Key_Left, K.Key_Right):
            self.request_move(MoveOrder(SLIP, LEFT if key == K.Key_Left else RIGHT))
        elif key in _MOVE_KEYS:
            self.request_move(_MOVE_KEYS[key])
        elif key in _DIGIT_FACINGS:  # 1-6: high energy turn to A-F (C6), as the orders form
            self.request_move(MoveOrder(HET, facing=_DIGIT_FACINGS[key]))
        else:
            return False
        return True
