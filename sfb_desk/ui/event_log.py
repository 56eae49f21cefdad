"""The game log view: every prompt, answer, refusal and event, newest at the bottom,
filterable by kind and by text, following new entries while scrolled to the bottom.

:class:`LogModel` holds :class:`~sfb_desk.engine.log.LogRecord` values (frozen) and appends as
the game goes; :meth:`EventLog.bind` follows a GameController (``event_logged`` appends,
``log_reset`` replaces the whole log after a load, undo or redo).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Slot,
)
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QListView, QVBoxLayout, QWidget

from ..engine.log import ANSWER, EVENT, PROMPT, REFUSED, LogRecord

#: Filter choices: label -> record kinds shown.
KINDS: dict[str, frozenset[str]] = {
    "Everything": frozenset({PROMPT, ANSWER, REFUSED, EVENT}),
    "Events": frozenset({EVENT}),
    "Answers and dice": frozenset({ANSWER}),
    "Refusals": frozenset({REFUSED}),
    "Prompts": frozenset({PROMPT}),
}
KIND_ROLE = Qt.ItemDataRole.UserRole + 1
RECORD_ROLE = Qt.ItemDataRole.UserRole + 2


def describe(record: LogRecord) -> str:
    """One line of the log."""
    where = f"T{record.turn}" + (f".{record.impulse}" if record.impulse else "")
    data = record.data
    if record.kind == EVENT:
        text = getattr(data, "text", "") or getattr(data, "kind", str(data))
        rule = getattr(data, "rule", "")
        return f"{where}  {text}" + (f" ({rule})" if rule else "")
    if record.kind == PROMPT:
        return f"{where}  ? {getattr(data, 'purpose', record.key)}"
    if record.kind == REFUSED:
        value, refusal = data if isinstance(data, tuple) else (data, "")
        return f"{where}  refused {value!r} for {record.key}: {refusal}"
    return f"{where}  {record.key} ← {data!r} ({record.source})"


class LogModel(QAbstractListModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._records: list[LogRecord] = []
        self._lines: list[str] = []

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._records)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._lines[index.row()]
        if role == KIND_ROLE:
            return self._records[index.row()].kind
        if role == RECORD_ROLE:
            return self._records[index.row()]
        return None

    def append(self, records: Iterable[LogRecord]) -> None:
        new = list(records)
        if not new:
            return
        first = len(self._records)
        self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
        self._records.extend(new)
        self._lines.extend(describe(r) for r in new)
        self.endInsertRows()

    def reset(self, records: Iterable[LogRecord]) -> None:
        self.beginResetModel()
        self._records = list(records)
        self._lines = [describe(r) for r in self._records]
        self.endResetModel()

    def record(self, row: int) -> LogRecord:
        return self._records[row]


class LogFilter(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._kinds = KINDS["Everything"]
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_kinds(self, kinds: frozenset[str]) -> None:
        self.beginFilterChange()
        self._kinds = kinds
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        index = self.sourceModel().index(row, 0, parent)
        if index.data(KIND_ROLE) not in self._kinds:
            return False
        return super().filterAcceptsRow(row, parent)


class EventLog(QWidget):
    """The log view with its kind and text filters (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.proxy = LogFilter(self)
        self.proxy.setSourceModel(self.model)
        self.kind = QComboBox()
        self.kind.addItems(list(KINDS))
        self.kind.currentTextChanged.connect(self._kind_changed)
        self.search = QLineEdit()
        self.search.setPlaceholderText("filter the log")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QListView()
        self.view.setModel(self.proxy)
        self.view.setUniformItemSizes(True)
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.search, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view)

    def bind(self, controller) -> None:
        controller.event_logged.connect(self.append)
        controller.log_reset.connect(self.reset)
        self.reset(controller.log)

    @Slot(str)
    def _kind_changed(self, label: str) -> None:
        self.proxy.set_kinds(KINDS[label])

    def _at_bottom(self) -> bool:
        bar = self.view.verticalScrollBar()
        return bar.value() >= bar.maximum()

    @Slot(object)
    def append(self, record: LogRecord) -> None:
        follow = self._at_bottom()
        self.model.append([record])
        if follow:
            self.view.scrollToBottom()

    @Slot(object)
    def reset(self, records: Iterable[LogRecord]) -> None:
        self.model.reset(records)
        self.view.scrollToBottom()

    def visible_lines(self) -> list[str]:
        return [self.proxy.index(i, 0).data() for i in range(self.proxy.rowCount())]
