"""The "By hand" tab of the new-game dialog: pick ship classes from the library and add them.

Search and race filter as in the ship browser (ui/library/browser.py). Incomplete ship files are
listed (greyed, "incomplete") but cannot be added: the reason is shown under the list
(data.custom_setup.refusal_of_ship).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.custom_setup import refusal_of_ship, ship_max_speed
from sfb_desk.data.library import ShipLibrary
from sfb_desk.rules.ship import STATUS_LABELS, ShipSpec, why_reconstructed
from sfb_desk.ui.common.filtered_list import (
    SHIP_COLUMNS,
    ShipFilterWidget,
    current_first,
    fit_columns,
    flat_list,
    id_of,
    refill,
    row,
    select_row,
    ship_cells,
)

COLUMNS = (*SHIP_COLUMNS, "Max speed", "Status")


def _ship_row(spec: ShipSpec) -> QTreeWidgetItem:
    refusal = refusal_of_ship(spec)
    top = "" if refusal else str(ship_max_speed(spec))
    status = "incomplete" if refusal else STATUS_LABELS[spec.data_status]
    item = row([*ship_cells(spec), top, status], spec.id)
    if not refusal and spec.data_status == "reconstructed":
        item.setToolTip(5, f"Practice data: {why_reconstructed(spec)}; complete it from your "
                           "SSD book (ship designer)")
    if not refusal and spec.data_status == "draft":
        item.setToolTip(5, "Playable; the box counts come from one source: check them against "
                           "your SSD book (ship designer)")
    if refusal:
        grey = QBrush(QColor("#8a8a8a"))
        for column in range(len(COLUMNS)):
            item.setForeground(column, grey)
        item.setToolTip(5, refusal)
    else:
        item.setToolTip(4, "Warp / movement cost + 1 for impulse, 31 at most (C12.384, C2.112)")
    return item


class ShipPicker(ShipFilterWidget):
    """Emits :attr:`add_requested` with a ship id when Add is pressed on a complete class."""

    add_requested = Signal(str)

    def __init__(self, library: ShipLibrary, parent: QWidget | None = None) -> None:
        super().__init__(library, "Search ships by id, class or name…", parent)
        self.complete_only = QCheckBox("&Complete only")
        self.complete_only.setToolTip("Hide the ship files that lack box counts")
        self.list = flat_list(COLUMNS, sortable=True)
        self.list.setAccessibleName("Ship classes")
        self.add_button = QPushButton("&Add to game")
        self.add_button.setToolTip("Add the selected ship class to the units (or double-click)")
        self.reason = QLabel()
        self.reason.setWordWrap(True)
        self.count_label = QLabel()

        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.race_filter)
        filters.addWidget(self.complete_only)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label)
        bottom.addWidget(self.reason, 1)
        bottom.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        layout.addLayout(bottom)

        self.race_filter.currentIndexChanged.connect(self.refresh)
        self.search.textChanged.connect(self.refresh)
        self.complete_only.toggled.connect(self.refresh)
        self.list.currentItemChanged.connect(self._on_current)
        self.list.itemDoubleClicked.connect(self._on_double_click)
        self.add_button.clicked.connect(self.add_current)
        self.refresh()

    def refresh(self) -> None:
        ships = self.matching_ships()
        if self.complete_only.isChecked():
            ships = [s for s in ships if s.complete]
        refill(self.list, map(_ship_row, ships))
        fit_columns(self.list, {1: 220})
        complete = sum(1 for s in ships if s.complete)
        self.count_label.setText(f"{len(ships)} classes ({complete} complete)")
        if not current_first(self.list):
            self._on_current(None)

    def current_id(self) -> str | None:
        return id_of(self.list.currentItem())

    def select(self, ship_id: str) -> bool:
        return select_row(self.list, ship_id)

    def add_current(self) -> bool:
        """Ask to add the current class; False (with the reason shown) if it is refused."""
        ship_id = self.current_id()
        if ship_id is None:
            return False
        refusal = refusal_of_ship(self.library.get(ship_id))
        if refusal:
            self._show_reason(refusal)
            return False
        self.add_requested.emit(ship_id)
        return True

    def _on_double_click(self, _item: QTreeWidgetItem, _column: int) -> None:
        self.add_current()

    def _show_reason(self, text: str) -> None:
        self.reason.setStyleSheet("color: #a05a00")
        self.reason.setText(text)
        self.reason.setToolTip(text)

    def _on_current(self, current: QTreeWidgetItem | None, _previous=None) -> None:  # noqa: ANN001
        if current is None:
            self.add_button.setEnabled(False)
            self.reason.clear()
            return
        spec = self.library.get(id_of(current))
        refusal = refusal_of_ship(spec)
        self.add_button.setEnabled(refusal is None)
        if refusal:
            self._show_reason(refusal)
        else:
            self.reason.setStyleSheet("")
            self.reason.setText(f"{spec.race_name} {spec.class_code}: {spec.name}")
            self.reason.setToolTip("")
