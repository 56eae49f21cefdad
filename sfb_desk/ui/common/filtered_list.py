"""The pieces the library lists share: the ship browser (ui/library/browser.py), the new-game ship
picker (ui/setup/ship_picker.py) and scenario picker (ui/setup/scenario_tab.py).

A race filter, a search box, and a flat list whose rows carry their id (ship or scenario) in
column 0's user data, found again by that id whatever its case; the cells every ship list
starts with, and :class:`ShipFilterWidget`, the base of the two ship lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QTreeWidget, QTreeWidgetItem, QWidget

from sfb_desk.data.library import ShipLibrary
from sfb_desk.rules.ship import ShipSpec

ALL_RACES = "All races"
SHIP_COLUMNS = ("ID", "Name", "Race", "BPV")  # the first columns of a ship list
ID_ROLE = Qt.ItemDataRole.UserRole  # a row's id, in column 0


def race_filter(library: ShipLibrary) -> QComboBox:
    """"All races" (data None), then each race of the library as "Name (code)" (data: code)."""
    box = QComboBox()
    box.addItem(ALL_RACES, None)
    names = {spec.race: spec.race_name for spec in library.ships.values()}
    for race in library.races():
        box.addItem(f"{names[race]} ({race})", race)
    return box


def search_box(placeholder: str) -> QLineEdit:
    """A search line with ``placeholder`` and a clear button."""
    search = QLineEdit()
    search.setPlaceholderText(placeholder)
    search.setClearButtonEnabled(True)
    return search


def flat_list(columns: Sequence[str], *, sortable: bool) -> QTreeWidget:
    """A list (a tree without branches) with ``columns``; ``sortable``: sorted by the first
    column, the user may sort by any."""
    tree = QTreeWidget()
    tree.setColumnCount(len(columns))
    tree.setHeaderLabels(list(columns))
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    if sortable:
        tree.setSortingEnabled(True)
        tree.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    return tree


def fit_columns(tree: QTreeWidget, caps: dict[int, int] | None = None) -> None:
    """Every column as wide as its header and cells (``caps``: column -> widest it may be, for
    a long name); the last does not stretch over the others, so a narrow list scrolls
    sideways instead of cutting a column ("draft: check against your SSD")."""
    tree.header().setStretchLastSection(False)
    for column in range(tree.columnCount()):
        tree.resizeColumnToContents(column)
    for column, cap in (caps or {}).items():
        tree.setColumnWidth(column, min(tree.columnWidth(column), cap))


def ship_cells(spec: ShipSpec) -> list[str]:
    """A ship's cells under :data:`SHIP_COLUMNS` (BPV: the combat BPV, blank if unknown)."""
    bpv = "" if spec.bpv_combat is None else str(spec.bpv_combat)
    return [spec.id, spec.name, spec.race_name, bpv]


def row(texts: Sequence[str], row_id: str) -> QTreeWidgetItem:
    """A row showing ``texts`` that carries ``row_id``."""
    item = QTreeWidgetItem(list(texts))
    item.setData(0, ID_ROLE, row_id)
    return item


def refill(tree: QTreeWidget, rows: Iterable[QTreeWidgetItem]) -> None:
    """Replace the rows of ``tree`` (its sorting held off while they go in)."""
    sorting = tree.isSortingEnabled()
    tree.setSortingEnabled(False)
    tree.clear()
    tree.addTopLevelItems(list(rows))
    tree.setSortingEnabled(sorting)


def current_first(tree: QTreeWidget) -> bool:
    """Make the first row of ``tree`` current; False if it has none."""
    if not tree.topLevelItemCount():
        return False
    tree.setCurrentItem(tree.topLevelItem(0))
    return True


def id_of(item: QTreeWidgetItem | None) -> str | None:
    """The id ``item`` carries (None for no item)."""
    return None if item is None else item.data(0, ID_ROLE)


def find_row(tree: QTreeWidget, row_id: str) -> QTreeWidgetItem | None:
    """The row of ``tree`` carrying ``row_id`` (any case), or None."""
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        if item.data(0, ID_ROLE).upper() == row_id.upper():
            return item
    return None


def select_row(tree: QTreeWidget, row_id: str) -> bool:
    """Make the row carrying ``row_id`` (any case) current; False if no row carries it."""
    item = find_row(tree, row_id)
    if item is not None:
        tree.setCurrentItem(item)
    return item is not None


class ShipFilterWidget(QWidget):
    """A widget listing the ships of ``library``: its race filter and search box (the subclass
    lays them out, connects them and lists :meth:`matching_ships`)."""

    def __init__(self, library: ShipLibrary, placeholder: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.race_filter = race_filter(library)
        self.search = search_box(placeholder)

    def matching_ships(self) -> list[ShipSpec]:
        """The library's ships that the search text and race filter let through, by id."""
        return self.library.search(self.search.text(), race=self.race_filter.currentData())
