"""Editors built from :mod:`sfb_desk.fe.forms` specs: a form of scalar fields and a table of
typed rows (add and remove rows). Both emit ``changed`` on every edit."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.fe.forms import Field


def make_editor(field: Field, value, on_change) -> QWidget:  # noqa: ANN001
    """One editor widget for a field, set to ``value``; ``on_change()`` on every edit."""
    changed = lambda *_args: on_change()  # noqa: E731 - the signals carry the new value
    if field.kind == "int":
        w = QSpinBox()
        w.setRange(int(field.low), int(field.high))
        w.setValue(int(value or 0))
        w.valueChanged.connect(changed)
    elif field.kind == "float":
        w = QDoubleSpinBox()
        w.setRange(float(field.low), float(field.high))
        w.setDecimals(2)  # 0.75 income multipliers (609.45), half ships (312.261)
        w.setValue(float(value or 0))
        w.valueChanged.connect(changed)
    elif field.kind == "bool":
        w = QCheckBox()
        w.setChecked(bool(value))
        w.toggled.connect(changed)
    elif field.kind == "choice":
        w = QComboBox()
        w.addItems([c or "(none)" for c in field.choices])
        w.setCurrentIndex(max(list(field.choices).index(value) if value in field.choices else 0,
                              0))
        w.currentIndexChanged.connect(changed)
    else:
        w = QLineEdit(str(value or ""))
        w.textEdited.connect(changed)
        if field.kind == "list":
            w.setPlaceholderText("names, separated by commas")
    w.setToolTip(field.label)
    return w


def editor_value(field: Field, w: QWidget):  # noqa: ANN201
    if field.kind in ("int", "float"):
        return w.value()
    if field.kind == "bool":
        return w.isChecked()
    if field.kind == "choice":
        return field.choices[w.currentIndex()]
    return w.text().strip()


class FieldsForm(QWidget):
    changed = Signal()

    def __init__(self, fields: tuple[Field, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fields = fields
        self.editors: dict[str, QWidget] = {}
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for f in fields:
            self.editors[f.key] = make_editor(f, f.default, self.changed.emit)
            layout.addRow(f.label, self.editors[f.key])

    def set_values(self, values: dict) -> None:
        for f in self.fields:
            w = self.editors[f.key]
            w.blockSignals(True)
            if f.kind in ("int", "float"):
                w.setValue(values.get(f.key) or 0)
            elif f.kind == "bool":
                w.setChecked(bool(values.get(f.key)))
            elif f.kind == "choice":
                v = values.get(f.key)
                w.setCurrentIndex(list(f.choices).index(v) if v in f.choices else 0)
            else:
                w.setText(str(values.get(f.key) or ""))
            w.blockSignals(False)

    def values(self) -> dict:
        return {f.key: editor_value(f, self.editors[f.key]) for f in self.fields}


class RowsTable(QWidget):
    """A table whose cells are editors of the columns' kinds."""

    changed = Signal()

    def __init__(self, columns: tuple[Field, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.columns = columns
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels([c.label for c in columns])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        add, remove = QPushButton("Add row"), QPushButton("Remove row")
        add.clicked.connect(lambda: (self.add_row({}), self.changed.emit()))
        remove.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def add_row(self, row: dict) -> None:
        n = self.table.rowCount()
        self.table.insertRow(n)
        for c, f in enumerate(self.columns):
            value = row.get(f.key, f.default)
            w = make_editor(f, value, self.changed.emit)
            self.table.setCellWidget(n, c, w)
            self.table.setItem(n, c, QTableWidgetItem())
            self.table.item(n, c).setFlags(Qt.ItemFlag.ItemIsEnabled)

    def _remove(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        if not rows and self.table.rowCount():
            rows = [self.table.rowCount() - 1]
        for r in rows:
            self.table.removeRow(r)
        self.changed.emit()

    def set_rows(self, rows: list[dict]) -> None:
        self.table.setRowCount(0)
        for row in rows:
            self.add_row(row)

    def rows(self) -> list[dict]:
        return [{f.key: editor_value(f, self.table.cellWidget(r, c))
                 for c, f in enumerate(self.columns)} for r in range(self.table.rowCount())]
