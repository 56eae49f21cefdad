"""The energy allocation dock: the EA sheet of the ship whose allocation the game asks for.

:class:`EaDock` follows a :class:`~sfb_desk.qt.controller.GameController` (:meth:`EaDock.bind`).
When the pending prompt is the ``energy_allocation`` orders of a ship (key ``T<n>.ea.<unit>``,
B3), the dock shows that ship's :class:`~sfb_desk.ui.ea.sheet.EaSheet` for the turn, built
from the game (:func:`sfb_desk.qt.ea_game.sheet_data`: the class, the energy carried into the
turn, the boxes destroyed, the earlier turns' accepted allocations for "Same as last turn" and
the history box). "Submit allocation" (Ctrl+Return) answers the prompt with every line of the
form; it is disabled, with the reason and the rule, while the sheet shows a broken rule or an
unreadable entry. A refusal from the session is shown on the dock.

When no allocation is asked (or another ship is chosen in the ship box), the chosen ship's
allocation of this turn is shown read-only (or its last one, if this turn's is not written).

Hot-seat play: with "Hide the other side's sheets" the sheets of every ship not of the side
the game is asking now (the side of the pending prompt; the last side asked when a prompt has
none) show "hidden" instead of their values (:meth:`EaSheet.set_concealed`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.qt.ea_game import GameEaModel, SheetData, answer_value, ea_unit, sheet_data, ship_record
from sfb_desk.qt.ea_model import EaSheetModel
from sfb_desk.rules.box_names import boxes_in_words
from sfb_desk.qt.game_record import side_of
from sfb_desk.qt.game_ships import game_ships

from .game_sheet import GameSheet

if TYPE_CHECKING:  # pragma: no cover
    from sfb_desk.qt.controller import GameController
    from sfb_desk.qt.game_record import GameRecord
    from sfb_desk.rules.game_state import GameState

SUBMIT_KEYS = ("Ctrl+Return", "Ctrl+Enter")
_RED = "#b00020"


class EaDock(QWidget):
    """See the module docstring. ``submitted`` carries each answer sent to the controller."""

    submitted = Signal(object)
    unit_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EaDock")
        self._controller = None
        self._initial = None  # the game shown (a new game or a load replaces it)
        self._units: list[str] = []
        self._sides: dict[str, str] = {}
        self._shown: str | None = None
        self._viewer: str | None = None  # the side the game asks now (hot-seat)
        self._pending_key: str | None = None
        self._pending_unit: str | None = None
        self._edit: GameSheet | None = None
        self._edit_data: SheetData | None = None
        #: Sheets of the ships asked next in this energy allocation phase, built while the
        #: table writes the pending one (issue 12: Submit under 100 ms): unit -> (data, sheet).
        self._spares: dict[str, tuple[SheetData, GameSheet]] = {}
        self._view: GameSheet | None = None
        self._view_data: tuple[SheetData | None, bool] | None = None
        self._busy = False

        self.ship_box = QComboBox()
        self.ship_box.setToolTip("The ship whose sheet is shown")
        self.conceal_box = QCheckBox("Hide the other side's sheets")
        self.conceal_box.setToolTip("Hot-seat play: the sheets of the side not being asked now "
                                    "show \u201chidden\u201d")
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.placeholder = QLabel("No game in play")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(f"color: {_RED};")
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusal.hide()
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.submit_button = QPushButton("Submit allocation")
        self.submit_button.setToolTip(f"Send this allocation to the game ({SUBMIT_KEYS[0]})")
        self.submit_button.setDefault(False)

        top = QHBoxLayout()
        top.addWidget(QLabel("Ship"))
        top.addWidget(self.ship_box)
        top.addStretch(1)
        top.addWidget(self.conceal_box)
        bottom = QHBoxLayout()
        bottom.addWidget(self.reason, 1)
        bottom.addWidget(self.submit_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.refusal)
        layout.addLayout(bottom)

        self.shortcuts = []
        for keys in SUBMIT_KEYS:
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(self.submit)
            self.shortcuts.append(sc)
        self.submit_button.clicked.connect(self.submit)
        self.ship_box.currentIndexChanged.connect(self._ship_chosen)
        self.conceal_box.toggled.connect(self._conceal_toggled)
        self._update_submit()

    # -- binding -------------------------------------------------------------------------------
    def bind(self, controller: GameController) -> None:
        """Follow a GameController: its prompts and state, refusals and busy flag; answer it."""
        self._controller = controller
        controller.prompt_changed.connect(self._prompt_changed)
        controller.refused.connect(self.show_refusal)
        controller.busy_changed.connect(self._busy_changed)
        self._busy = controller.busy
        self.refresh()

    @property
    def sheet(self) -> GameSheet | None:
        """The sheet shown now (None: the placeholder)."""
        w = self.stack.currentWidget()
        return w if isinstance(w, GameSheet) else None

    @property
    def editing(self) -> bool:
        """True when the sheet shown is the pending allocation (editable, submittable)."""
        return self._edit is not None and self.stack.currentWidget() is self._edit

    @property
    def shown_unit(self) -> str | None:
        return self._shown

    def show_unit(self, unit_id: str) -> None:
        """Show ``unit_id``'s sheet (its pending allocation, or its allocation read-only)."""
        i = self.ship_box.findData(unit_id)
        if i >= 0:
            self.ship_box.setCurrentIndex(i)

    # -- the game changed ----------------------------------------------------------------------
    @Slot(object)
    def _prompt_changed(self, prompt: object) -> None:
        self.refresh()

    @Slot(bool)
    def _busy_changed(self, busy: bool) -> None:
        self._busy = busy
        self._update_submit()

    def refresh(self) -> None:
        """Rebuild what the controller's game calls for (kept where nothing changed)."""
        c = self._controller
        record = c.record if c is not None else None
        if record is None:
            self._set_units([])
            self._show_placeholder("No game in play")
            return
        if record.initial is not self._initial:
            self._initial = record.initial
            self._drop_sheets()
            self._shown = None
        state = c.state
        pending = c.pending
        ships = game_ships(record)
        self._sides = {s.unit_id: s.side for s in ships}
        side = side_of(pending, state) if pending is not None else None
        if side:
            self._viewer = side
        unit = ea_unit(pending)
        key = pending.key if unit is not None else None
        if key != self._pending_key:
            self.refusal.hide()
            self._pending_key = key
            if unit is not None:
                self._shown = unit  # the ship being asked comes forward
        self._pending_unit = unit
        self._set_units([s.unit_id for s in ships], {s.unit_id: s.label for s in ships})
        if self._shown is None and self._units:
            self._shown = self._units[0]
        self._update_edit(record, state, unit)
        self._show_selected()
        if unit is not None:
            QTimer.singleShot(0, self._prepare_spares)  # after this click has painted

    def _set_units(self, units: list[str], labels: dict[str, str] | None = None) -> None:
        if units != self._units:
            self._units = units
            self.ship_box.blockSignals(True)
            self.ship_box.clear()
            for u in units:
                self.ship_box.addItem((labels or {}).get(u, u), u)
            self.ship_box.blockSignals(False)
        i = self.ship_box.findData(self._shown) if self._shown else -1
        if i >= 0 and i != self.ship_box.currentIndex():
            self.ship_box.blockSignals(True)
            self.ship_box.setCurrentIndex(i)
            self.ship_box.blockSignals(False)

    def _update_edit(self, record: GameRecord, state: GameState, unit: str | None) -> None:
        """The sheet of the pending allocation: kept (with the edits) while its game data is
        the same; rebuilt keeping the edits when the data changed (a box marked meanwhile)."""
        data = sheet_data(record, state, unit, allocating=True) if unit else None
        if data is None:
            self._drop(self._edit)
            self._edit, self._edit_data = None, None
            return
        if self._edit is not None and self._edit_data == data:
            return
        keep = self._edit.model.allocation if (
            self._edit is not None and self._edit_data is not None
            and self._edit_data.unit_id == unit and self._edit_data.turn == data.turn) else None
        focused = self.isAncestorOf(QApplication.focusWidget())
        old = self._edit
        spare = self._spares.pop(unit, None)
        if spare is not None and keep is None and spare[0] == data:
            self._edit = spare[1]  # built while the previous sheet was written
        else:
            self._drop(spare[1] if spare is not None else None)
            self._edit = self._new_sheet(GameEaModel.of(data, rules=state.options, allocation=keep))
        if old is not None and self.stack.currentWidget() is old:
            self.stack.setCurrentWidget(self._edit)  # before the drop: no other sheet shown between
        self._drop(old)
        self._edit.refreshed.connect(self._update_submit)
        self._edit_data = data
        if focused and self._edit.entries:
            self._edit.entries[0].setFocus()  # keyboard first: on to the next sheet

    def _show_selected(self) -> None:
        c = self._controller
        unit = self._shown
        if c is None or c.record is None or unit is None:
            self._show_placeholder("No ship in this game has an energy allocation sheet")
            return
        if unit == self._pending_unit:
            if self._edit is None:
                self._show_placeholder(f"{unit} allocates without a sheet (no ship class in this "
                                       "game): its movement lines are answered elsewhere")
                return
            self.stack.setCurrentWidget(self._edit)
            self.heading.setText(f"<b>Energy allocation of {unit}, turn {self._edit.model.turn}"
                                 f"</b> ({self._sides.get(unit, '')}): write it and submit (B3)")
            self._update_submit()
            return
        data = sheet_data(c.record, c.state, unit)
        concealed = self._concealed(unit)
        if self._view is None or self._view_data != (data, concealed):
            self._drop(self._view)
            self._view = None
            self._view_data = (data, concealed)
            if data is not None and (data.allocation is not None or data.history):
                self._view = self._new_sheet(GameEaModel.of(data, rules=c.state.options),
                                             concealed=concealed, read_only=True)
        if self._view is None:
            self._show_placeholder(f"{unit} has no energy allocation yet")
            return
        self.stack.setCurrentWidget(self._view)
        turn = self._view.model.turn
        if data is not None and data.current:
            text = f"{unit}'s allocation for turn {turn} (accepted; read-only)"
        else:
            text = (f"{unit} has not allocated turn {c.state.turn} yet; its turn {turn} "
                    "allocation is shown (read-only)")
        if self._pending_unit is not None:
            text += f". The game asks for {self._pending_unit}'s allocation"
        self.heading.setText(text)
        self._update_submit()

    def _show_placeholder(self, text: str) -> None:
        self.placeholder.setText(text)
        self.stack.setCurrentWidget(self.placeholder)
        self.heading.setText("")
        self._update_submit()

    def _concealed(self, unit: str) -> bool:
        return (self.conceal_box.isChecked() and self._viewer is not None
                and self._sides.get(unit) != self._viewer)

    def _new_sheet(self, model: EaSheetModel, **options: bool) -> GameSheet:
        """A sheet in the stack. EaSheet's constructor shows a few parentless entries (the
        weapons' OL, Env and mode boxes) before they are laid out, which flashes them as
        windows and takes the activation from ours: it is given back."""
        window = self.window()
        active = window.isActiveWindow()
        sheet = GameSheet(model, self.stack, **options)
        self.stack.addWidget(sheet)
        if active:
            window.activateWindow()
        return sheet

    def _drop(self, sheet: GameSheet | None) -> None:
        if sheet is not None:
            self.stack.removeWidget(sheet)
            sheet.deleteLater()

    @Slot()
    def _prepare_spares(self) -> None:
        """Build the sheets of the other ships still to allocate this turn (each kept while
        its data stays the same; the pending one is taken from here when its turn comes)."""
        c = self._controller
        record = c.record if c is not None else None
        if record is None or c.state is None or self._pending_unit is None:
            return
        state = c.state
        for unit in self._units:
            rec = ship_record(record, unit)
            if unit == self._pending_unit or rec is None or (
                    rec.allocation is not None and rec.allocation.turn == state.turn):
                self._drop(self._spares.pop(unit, (None, None))[1])
                continue
            data = sheet_data(record, state, unit, allocating=True)
            kept = self._spares.get(unit)
            if data is None or (kept is not None and kept[0] == data):
                continue
            self._drop(kept[1] if kept is not None else None)
            self._spares[unit] = (data, self._new_sheet(GameEaModel.of(data, rules=state.options)))

    def _drop_sheets(self) -> None:
        for _data, sheet in self._spares.values():
            self._drop(sheet)
        self._spares.clear()
        self._drop(self._edit)
        self._drop(self._view)
        self._edit = self._view = None
        self._edit_data = self._view_data = None

    @Slot(int)
    def _ship_chosen(self, index: int) -> None:
        unit = self.ship_box.itemData(index)
        if unit is None:
            return
        self._shown = str(unit)
        self._show_selected()
        self.unit_selected.emit(self._shown)

    @Slot(bool)
    def _conceal_toggled(self, on: bool) -> None:
        if self._controller is not None and self._controller.record is not None:
            self._show_selected()

    # -- submitting ----------------------------------------------------------------------------
    def submit_problem(self) -> str:
        """Why the allocation cannot be submitted now ("" when it can)."""
        if not self.editing:
            if self._pending_unit is None:
                return "No energy allocation is asked for now"
            return f"Choose {self._pending_unit} to write the allocation the game asks for"
        if self._busy:
            return "Working\u2026"
        sheet = self._edit
        assert sheet is not None
        if sheet.viewing != sheet.model.turn:
            return (f"Turn {sheet.viewing} is shown from the history: choose turn "
                    f"{sheet.model.turn} to submit")
        bad = sheet.input_errors
        if bad:
            key, message = next(iter(bad.items()))
            return f"Cannot submit: check the marked entries: {key}: {message}"
        errors = [i for i in sheet.model.issues if i.is_error]
        if errors:
            first = "; ".join(f"({i.rule}) {boxes_in_words(i.message)}" for i in errors[:2])
            more = f" and {len(errors) - 2} more" if len(errors) > 2 else ""
            return f"Cannot submit: {len(errors)} rule(s) broken: {first}{more}"
        return ""

    @Slot()
    def _update_submit(self) -> None:
        problem = self.submit_problem()
        self.submit_button.setEnabled(not problem)
        if problem:
            colour = _RED if self.editing and not self._busy else "#555555"
            self.reason.setText(f"<span style='color:{colour}'>{_escape(problem)}</span>")
            self.reason.setToolTip(problem)
        else:
            sheet = self._edit
            notes = [i for i in sheet.model.issues if not i.is_error] if sheet else []
            extra = ""
            if notes:
                more = f" and {len(notes) - 1} more on the sheet" if len(notes) > 1 else ""
                extra = f" \u00b7 note: ({notes[0].rule}) {_escape(notes[0].message)}{more}"
            self.reason.setText(f"<span style='color:#1b5e20'>Legal</span>{extra} \u2014 "
                                f"{SUBMIT_KEYS[0]} submits")
            self.reason.setToolTip("\n".join(str(i) for i in notes))

    @Slot()
    def submit(self) -> bool:
        """Answer the pending allocation with the sheet's (False if it cannot be now)."""
        if self.submit_problem() or self._controller is None or self._edit is None:
            return False
        value = answer_value(self._edit.model.allocation)
        if not self._controller.answer(value):
            self.show_refusal("The game cannot take an answer now (busy or over)")
            return False
        self.refusal.hide()
        self.submitted.emit(value)
        return True

    @Slot(str)
    def show_refusal(self, message: str) -> None:
        """A refusal of the allocation (shown only while an allocation is asked for)."""
        if self._pending_unit is None:
            return
        self.refusal.setText(f"Refused: {message}")
        self.refusal.show()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
