"""Complete a ship from your SSD book: the SSD drawn live, the designer, and the checklist.

A thin view over :class:`sfb_desk.data.ship_completion.Completion` (the model, no Qt): the SSD
on the left redraws with every edit, the designer in the middle validates as the player types,
and the checklist on the right lists what the file misses and what the sources dispute (each
source's value side by side with the ship's). "Matches my SSD" ticks the selected line; "Checked
against my SSD book" (with the page) marks the class verified, saves it into the user's ships
folder and puts it into the library at once (:attr:`CompletionView.saved`).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.ship_completion import Completion
from sfb_desk.rules.ship import ShipSpec

from ..ssd.widget import SsdWidget
from .designer import ShipDesigner

CHECK_COLUMNS = ("Fact", "Done", "Your ship", "Sources side by side")
_DONE, _TODO = QColor("#1b6e20"), QColor("#b00020")


class CompletionView(QSplitter):
    """The designer's completion view (module doc). ``library`` receives the saved class."""

    saved = Signal(str)  # the path written

    def __init__(self, spec: ShipSpec, library: ShipLibrary | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.model = Completion(spec)
        self.library = library
        self.ssd = SsdWidget()
        self.designer = ShipDesigner(spec)
        self.checklist = QTreeWidget()
        self.checklist.setColumnCount(len(CHECK_COLUMNS))
        self.checklist.setHeaderLabels(CHECK_COLUMNS)
        self.checklist.setRootIsDecorated(False)
        self.checklist.setWordWrap(True)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.matches_button = QPushButton("Matches my SSD")
        self.page = QLineEdit()
        self.page.setPlaceholderText("page")
        self.page.setMaximumWidth(80)
        self.verify_button = QPushButton("Checked against my SSD book")
        self.refusal_label = QLabel()
        self.refusal_label.setWordWrap(True)
        self.detail = QLabel()  # the selected fact: the ship's value and each source's
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.addWidget(self.title)
        layout.addWidget(self.checklist, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.matches_button)
        row = QHBoxLayout()
        row.addWidget(QLabel("SSD book page"))
        row.addWidget(self.page)
        row.addWidget(self.verify_button, 1)
        layout.addLayout(row)
        layout.addWidget(self.refusal_label)
        for widget in (self.ssd, self.designer, panel):
            self.addWidget(widget)
        self.setSizes([520, 470, 430])
        self.designer.spec_changed.connect(self._edited)
        self.checklist.currentItemChanged.connect(lambda *_: self._show_detail())
        self.matches_button.clicked.connect(self.tick_selected)
        self.page.textChanged.connect(lambda _t: self._refresh())
        self.verify_button.clicked.connect(self.check_against_book)
        self._edited(spec)

    # -- following the designer ------------------------------------------------------------
    def _edited(self, spec: ShipSpec) -> None:
        self.model.update(spec)
        try:
            self.ssd.set_ship(spec)
        except ValueError:  # a layout the page cannot hold
            self.ssd.set_ship(None)
        self._refresh()

    def _refresh(self) -> None:
        spec = self.model.spec
        self.title.setText(f"<b>Complete {spec.id} ({spec.name}) from your SSD book.</b> "
                           "Fill what is missing, compare what the sources dispute, then "
                           "confirm the page you checked it on.")
        selected = self.selected_field()
        self.checklist.clear()
        for item in self.model.checklist():
            sources = "; ".join(f"{s}: {v}" for s, v in item.values)
            label = item.field if item.kind == "missing" else f"disputed: {item.field}"
            row = QTreeWidgetItem([label, "yes" if item.done else "no", item.now, sources])
            row.setData(0, Qt.ItemDataRole.UserRole, (item.kind, item.field))
            row.setForeground(1, QBrush(_DONE if item.done else _TODO))
            row.setToolTip(0, item.field)
            row.setToolTip(3, sources)
            self.checklist.addTopLevelItem(row)
            if item.field == selected:
                self.checklist.setCurrentItem(row)
        for column in range(len(CHECK_COLUMNS) - 1):
            self.checklist.resizeColumnToContents(column)
        self.designer.complete_button.setVisible(False)  # this view's checklist does it
        self._show_detail()
        reason = self.model.refusal(self.page.text())
        self.verify_button.setEnabled(reason is None)
        self.refusal_label.setText("Ready: mark it checked against your SSD book." if reason
                                   is None else f"Not yet: {reason}.")

    def _show_detail(self) -> None:
        field = self.selected_field()
        item = next((i for i in self.model.checklist() if i.field == field), None)
        if item is None:
            self.detail.setText("Select a line to see it in full.")
        elif item.kind == "missing":
            self.detail.setText(f"<b>{escape(item.field)}</b>: "
                                + ("entered" if item.done else "not in the ship yet: enter it "
                                   "from your SSD book (or say 'Matches my SSD' if it has none)"))
        else:
            cells = "".join(f"<td>&nbsp;{escape(s)}: <b>{escape(v)}</b>&nbsp;</td>"
                            for s, v in item.values)
            self.detail.setText(f"<b>{escape(item.field)}</b> (disputed)<table><tr>"
                                f"<td>&nbsp;your ship: <b>{escape(item.now)}</b>&nbsp;</td>"
                                f"{cells}</tr></table>")

    # -- the player's ticks ------------------------------------------------------------------
    def selected_field(self) -> str | None:
        item = self.checklist.currentItem()
        return None if item is None else item.data(0, Qt.ItemDataRole.UserRole)[1]

    def select(self, field: str) -> None:
        for k in range(self.checklist.topLevelItemCount()):
            item = self.checklist.topLevelItem(k)
            if item.data(0, Qt.ItemDataRole.UserRole)[1] == field:
                self.checklist.setCurrentItem(item)

    def tick_selected(self) -> None:
        """"Matches my SSD" on the selected line: a disputed fact settled as the ship has it
        now, or a missing entry no test can see confirmed."""
        item = self.checklist.currentItem()
        if item is None:
            return
        kind, field = item.data(0, Qt.ItemDataRole.UserRole)
        if kind == "disputed":
            self.model.settle(field)
        else:
            self.model.confirm(field)
        self._refresh()

    def check_against_book(self) -> str | None:
        """Mark verified on the page typed, save, and give the library the class at once."""
        if self.model.refusal(self.page.text()) is not None:
            return None
        spec = self.model.mark_verified(self.page.text())
        path = self.model.save()
        if self.library is not None:
            self.library.add_file(path)
        self.refusal_label.setText(f"{spec.id} is verified against {spec.checked_against} and "
                                   f"saved to {path}; the library uses it now.")
        self.verify_button.setEnabled(False)
        self.saved.emit(str(path))
        return str(path)
