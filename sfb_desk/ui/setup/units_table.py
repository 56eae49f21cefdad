"""The units table of the new-game dialog: one editable row per unit (data.custom_setup.UnitEntry).

:class:`UnitsModel` holds the entries and the problems found in them (cells with a problem are
tinted, the problem is their tooltip); :class:`UnitsTable` is the view with its editors (combo
boxes for side, facing and weapon status, a spin box for speed), a Remove button and the list
of problems under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.custom_setup import FACINGS, FIELD_LABELS, SetupProblem, UnitEntry
from sfb_desk.data.library import ShipLibrary
from sfb_desk.rules.movement.speed import SHIP_MAX_SPEED

COLUMNS = ("unit_id", "ship", "side", "hex", "facing", "speed", "weapon_status", "mine_racks")
HEADERS = ("Unit id", "Class", "Side", "Hex", "Facing", "Speed", "Weapon status", "Mine racks")
RACKS_HELP = ("Mines bought for each mine rack (Advanced Missions M9.17), rack by rack: 4L, "
              "2L4S, 0 (four large a rack, two small for a large, M9.11); empty: every rack "
              "full of large mines")
MAX_LINES = 4  # problems listed under the table; the rest are counted
NOT_CHOSEN = "?"  # shown for a facing, speed or weapon status still to be chosen
PROBLEM_BRUSH = QBrush(QColor("#ffd9d2"))
Index = QModelIndex | QPersistentModelIndex


def _int_or_none(text: object) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


class UnitsModel(QAbstractTableModel):
    """The entries, editable in place (all columns but the class)."""

    entries_changed = Signal()

    def __init__(self, library: ShipLibrary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self._entries: list[UnitEntry] = []
        self._problems: dict[tuple[int, str], list[str]] = {}

    # -- entries -------------------------------------------------------------------------------
    def entries(self) -> list[UnitEntry]:
        return list(self._entries)

    def set_entries(self, entries: Sequence[UnitEntry]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        self._problems = {}
        self.endResetModel()
        self.entries_changed.emit()

    def add(self, entry: UnitEntry) -> int:
        row = len(self._entries)
        self.beginInsertRows(QModelIndex(), row, row)
        self._entries.append(entry)
        self.endInsertRows()
        self.entries_changed.emit()
        return row

    def remove_rows(self, rows: Sequence[int]) -> None:
        for row in sorted(set(rows), reverse=True):
            if 0 <= row < len(self._entries):
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._entries[row]
                self.endRemoveRows()
        self.entries_changed.emit()

    def set_problems(self, problems: Sequence[SetupProblem]) -> None:
        found: dict[tuple[int, str], list[str]] = {}
        for p in problems:
            if p.row is not None:
                found.setdefault((p.row, p.field), []).append(str(p))
        if found != self._problems:
            self._problems = found
            if self._entries:
                last = self.index(len(self._entries) - 1, len(COLUMNS) - 1)
                self.dataChanged.emit(self.index(0, 0), last,
                                      [Qt.ItemDataRole.BackgroundRole,
                                       Qt.ItemDataRole.ToolTipRole])

    # -- the model -----------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Horizontal:
                return HEADERS[section]
            return str(section + 1)
        return None

    def _racks(self, entry: UnitEntry) -> int:
        """The mine racks of the row's class (M9.11); 0 when it has none."""
        if entry.ship not in self.library:
            return 0
        return sum(s.boxes for s in self.library.get(entry.ship).special
                   if s.key == "mine_rack")

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        name = COLUMNS[index.column()]
        if name != "ship" and (name != "mine_racks" or
                               self._racks(self._entries[index.row()])):
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        entry = self._entries[index.row()]
        name = COLUMNS[index.column()]
        value = getattr(entry, name)
        if name == "mine_racks" and role == Qt.ItemDataRole.DisplayRole:
            return (value or "full") if self._racks(entry) else "\u2014"
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if value is None or value == "":
                return NOT_CHOSEN if role == Qt.ItemDataRole.DisplayRole else ""
            return str(value)
        problems = self._problems.get((index.row(), name))
        if role == Qt.ItemDataRole.BackgroundRole and problems:
            return PROBLEM_BRUSH
        if role == Qt.ItemDataRole.ToolTipRole:
            if problems:
                return "\n".join(problems)
            if name == "mine_racks":
                return RACKS_HELP if self._racks(entry) else "No mine racks (M9.14)"
            if name == "ship" and entry.ship in self.library:
                spec = self.library.get(entry.ship)
                return f"{spec.race_name} {spec.class_code}: {spec.name}"
            return f"{FIELD_LABELS[name].capitalize()} (F2 or type to edit)"
        if role == Qt.ItemDataRole.TextAlignmentRole and name in ("facing", "speed",
                                                                   "weapon_status", "hex"):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def setData(self, index: Index, value: object,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        name = COLUMNS[index.column()]
        if name == "ship":
            return False
        text = "" if value is None else str(value).strip()
        if name in ("speed", "weapon_status"):
            new: object = _int_or_none(text)
        elif name == "facing":
            new = text.upper()
        else:
            new = text
        entry = self._entries[index.row()]
        if getattr(entry, name) == new:
            return False
        self._entries[index.row()] = replace(entry, **{name: new})
        self.dataChanged.emit(index, index)
        self.entries_changed.emit()
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box editor: ``items`` (or, when ``items`` is None, the model's side names);
    ``editable`` lets the user type a new value (a new side name)."""

    def __init__(self, items: Sequence[str] | None, *, editable: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items = None if items is None else list(items)
        self.editable = editable

    def _items(self, index: Index) -> list[str]:
        if self.items is not None:
            return self.items
        model = index.model()
        names = [model.index(r, index.column()).data(Qt.ItemDataRole.EditRole)
                 for r in range(model.rowCount())]
        return list(dict.fromkeys(n for n in names if n))

    def createEditor(self, parent: QWidget, option, index: Index) -> QWidget:  # noqa: N802, ANN001
        combo = QComboBox(parent)
        combo.setEditable(self.editable)
        combo.addItems(self._items(index))
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802
        text = index.data(Qt.ItemDataRole.EditRole) or ""
        i = editor.findText(text)
        if i >= 0:
            editor.setCurrentIndex(i)
        elif self.editable:
            editor.setEditText(text)

    def setModelData(self, editor: QWidget, model, index: Index) -> None:  # noqa: N802, ANN001
        model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)


class SpeedDelegate(QStyledItemDelegate):
    """A spin box 0..31 (C2.112); the ship's own maximum is checked as a problem (C12.384)."""

    def createEditor(self, parent: QWidget, option, index: Index) -> QWidget:  # noqa: N802, ANN001
        spin = QSpinBox(parent)
        spin.setRange(0, SHIP_MAX_SPEED)
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802
        editor.setValue(_int_or_none(index.data(Qt.ItemDataRole.EditRole)) or 0)

    def setModelData(self, editor: QWidget, model, index: Index) -> None:  # noqa: N802, ANN001
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class UnitsTable(QWidget):
    """The view of :class:`UnitsModel`, a Remove button and the problems found (read-only)."""

    def __init__(self, library: ShipLibrary, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = UnitsModel(library, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed
                                  | QAbstractItemView.EditTrigger.SelectedClicked)
        self.view.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        self.view.verticalHeader().setDefaultSectionSize(26)
        self.view.setAccessibleName("Units")
        self._delegates = {
            "side": ChoiceDelegate(None, editable=True, parent=self),
            "facing": ChoiceDelegate(FACINGS, parent=self),
            "speed": SpeedDelegate(self),
            "weapon_status": ChoiceDelegate(("0", "1", "2", "3"), parent=self),
        }
        for name, delegate in self._delegates.items():
            self.view.setItemDelegateForColumn(COLUMNS.index(name), delegate)
        header = self.view.horizontalHeader()
        # every column as wide as its header and its cells (a narrow dialog scrolls sideways
        # rather than show "F…" or "nit i"); the last takes what room is left
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.remove_button = QPushButton("&Remove unit")
        self.remove_button.setToolTip("Remove the selected units (Delete)")
        self.remove_button.clicked.connect(self.remove_selected)
        self.count_label = QLabel()
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_label.setAccessibleName("Set-up problems")
        delete = QShortcut(QKeySequence.StandardKey.Delete, self.view)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.remove_selected)

        buttons = QHBoxLayout()
        buttons.addWidget(self.count_label, 1)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.problems_label)
        self.model.entries_changed.connect(self._update_count)
        self.view.selectionModel().selectionChanged.connect(self._update_count)
        self._update_count()

    def selected_rows(self) -> list[int]:
        return sorted({i.row() for i in self.view.selectionModel().selectedRows()})

    def remove_selected(self) -> None:
        rows = self.selected_rows()
        if not rows and self.view.currentIndex().isValid():
            rows = [self.view.currentIndex().row()]
        if rows:
            self.model.remove_rows(rows)

    def show_problems(self, problems: Sequence[SetupProblem], notes: Sequence[str] = ()) -> None:
        """List ``problems`` (red) and ``notes`` (grey) under the table; tint the cells."""
        self.model.set_problems(problems)
        if problems:
            lines = [f"• {p}" for p in problems[:MAX_LINES]]
            if len(problems) > MAX_LINES:
                lines.append(f"… and {len(problems) - MAX_LINES} more (hover the tinted cells)")
            self.problems_label.setStyleSheet("color: #a40000")
            self.problems_label.setText("\n".join(lines))
        elif notes:
            self.problems_label.setStyleSheet("color: #555555")
            self.problems_label.setText("\n".join(f"• {n}" for n in notes))
        else:
            self.problems_label.setStyleSheet("color: #1d6b1d")
            self.problems_label.setText("Ready: no problems found.")

    def _update_count(self) -> None:
        n = self.model.rowCount()
        self.count_label.setText(f"{n} unit{'s' if n != 1 else ''}" if n else
                                 "No units yet: choose a scenario or add ships by hand.")
        self.remove_button.setEnabled(bool(n))
