"""Small table helpers of the editing panels: an editable table, its rows filled from text, a
row's cells read back, and an "Add ... / Remove selected" button row."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QPushButton, QTableWidget, QTableWidgetItem


def edit_table(columns: tuple[str, ...]) -> QTableWidget:
    """An editable table with these column titles, rows selected whole."""
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(24)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    return table


def fill_table(table: QTableWidget, rows: list[tuple[str, ...]]) -> None:
    """Replace the table's rows with these texts, without emitting item changes."""
    table.blockSignals(True)
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            table.setItem(r, c, QTableWidgetItem(text))
    table.blockSignals(False)


def table_cells(table: QTableWidget, row: int) -> tuple[str, ...]:
    """The stripped texts of one row ("" for an empty cell)."""
    cells = []
    for column in range(table.columnCount()):
        item = table.item(row, column)
        cells.append(item.text().strip() if item is not None else "")
    return tuple(cells)


def add_remove_row(label: str, add: Callable[[], None], remove: Callable[[], None]) -> QHBoxLayout:
    """``[label]  ...  [Remove selected]``, wired to ``add`` and ``remove``."""
    row = QHBoxLayout()
    add_button = QPushButton(label)
    remove_button = QPushButton("Remove selected")
    add_button.clicked.connect(add)
    remove_button.clicked.connect(remove)
    row.addWidget(add_button)
    row.addStretch(1)
    row.addWidget(remove_button)
    return row
