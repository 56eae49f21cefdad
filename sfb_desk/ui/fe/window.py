"""The F&E Combined Operations assistant window: combat round, folio, production limits,
scenarios and ship information, each tab printable, saved in a campaign store on request."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from sfb_desk.campaign.store import CampaignStore, StoreError
from sfb_desk.data.safe_load import load_json
from sfb_desk.fe import combat_round, persist

from .folio_tab import FolioTab
from .limits_tab import LimitsTab
from .round_tab import RoundTab
from .scenario_tab import ScenarioTab, SitTab
from .sheet_view import SheetView

TITLE = "F&E Combined Operations assistant"


class ScrolledTabs(QTabWidget):
    """Tabs whose pages scroll when the window is smaller than a page's own minimum, so the
    window fits a 1366x768 screen with its status bar; ``currentWidget``/``setCurrentWidget``
    speak of the pages themselves, not of their scroll areas."""

    def addTab(self, widget: QWidget, label: str) -> int:  # noqa: N802 - Qt's name
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setWidget(widget)
        return super().addTab(area, label)

    def page(self, index: int) -> QWidget | None:
        area = super().widget(index)
        return area.widget() if isinstance(area, QScrollArea) else area

    def currentWidget(self) -> QWidget | None:  # noqa: N802
        return self.page(self.currentIndex())

    def setCurrentWidget(self, widget: QWidget) -> None:  # noqa: N802
        for i in range(self.count()):
            if self.page(i) is widget:
                self.setCurrentIndex(i)
                return
        super().setCurrentWidget(widget)


class FeWindow(QMainWindow):
    """``store_path``: the campaign store the Save to campaign action writes (none: asked)."""

    ship_requested = Signal(str)

    def __init__(self, library=None, store_path: str | None = None,  # noqa: ANN001
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.store_path = store_path
        self.round = RoundTab()
        self.folio = FolioTab()
        self.limits = LimitsTab()
        self.scenarios = ScenarioTab(library)
        self.sit = SitTab(library)
        self.round_sheet = SheetView()  # the round's printed record (same renderer as PDF)
        self.tabs = ScrolledTabs()
        for tab, name in ((self.round, "Combat round (311.3)"), (self.folio, "Folio"),
                          (self.limits, "Production limits"), (self.scenarios, "Scenarios"),
                          (self.sit, "Ship information")):
            self.tabs.addTab(tab, name)
        self.setCentralWidget(self.tabs)
        self.scenarios.ship_requested.connect(self.ship_requested)
        self.scenarios.folio_requested.connect(self._start_folio)
        self.sit.ship_requested.connect(self.ship_requested)
        self.actions: dict[str, QAction] = {}
        self._menus()
        self._status()

    def _menus(self) -> None:
        menu = self.menuBar().addMenu("&File")
        for key, text, slot, shortcut in (
                ("open_round", "Open a combat round…", self.open_round, QKeySequence.StandardKey.Open),
                ("save_round", "Save the combat round as…", self.save_round_file, None),
                ("example_round", "Load the example round", self.example_round, None),
                ("store", "Choose the campaign store…", self.choose_store, None),
                ("save_store", "Save to the campaign store", self.save_to_store,
                 QKeySequence.StandardKey.Save),
                ("open_store", "Open from the campaign store…", lambda: self.open_from_store(),
                 None),
                ("next_turn", "Folio: next turn", self.folio.next_turn, None),
                ("preview", "Print preview…", self.print_preview, QKeySequence.StandardKey.Print),
                ("pdf", "Export to PDF…", self.export_pdf, None),
                ("close", "Close", self.close, QKeySequence.StandardKey.Close)):
            action = QAction(text, self)
            if shortcut is not None:
                action.setShortcut(shortcut)
            action.triggered.connect(slot)
            menu.addAction(action)
            self.actions[key] = action

    def _status(self) -> None:
        where = self.store_path or "no campaign store chosen"
        self.statusBar().showMessage(f"Campaign store: {where}")

    def _start_folio(self, data: dict) -> None:
        self.folio.set_folio(data)
        self.tabs.setCurrentWidget(self.folio)

    # ------------------------------------------------------------------ round files

    def example_round(self) -> None:
        self.round.set_round(combat_round.EXAMPLE)
        self.tabs.setCurrentWidget(self.round)

    def open_round(self, path: str | None = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a combat round", "",
                                                  "Rounds (*.json)")
            if not path:
                return False
        try:
            data = load_json(path)
            if not isinstance(data, dict):
                raise ValueError("a round is a JSON object")
            combat_round.evaluate(data)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, TITLE, f"{path}: {exc}")
            return False
        self.round.set_round(data)
        self.tabs.setCurrentWidget(self.round)
        return True

    def save_round_file(self, path: str | None = None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the combat round", "round.json",
                                                  "Rounds (*.json)")
            if not path:
                return None
        Path(path).write_text(json.dumps(self.round.data, indent=2), encoding="utf-8")
        return path

    # ------------------------------------------------------------------ store

    def choose_store(self, path: str | None = None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, "Campaign store", "campaign.sfbcampaign",
                "Campaign stores (*.sfbcampaign);;All files (*)",
                options=QFileDialog.Option.DontConfirmOverwrite)
            if not path:
                return None
        self.store_path = path
        self._status()
        return path

    def save_to_store(self) -> str | None:
        """Save the current tab's record (round, folio, build list or scenario set-up)."""
        if self.store_path is None and self.choose_store() is None:
            return None
        tab = self.tabs.currentWidget()
        try:
            with CampaignStore.open(self.store_path) as store:
                if tab is self.round:
                    persist.save_round(store, self.round.name.text().strip() or "round",
                                       self.round.data)
                    what = "combat round"
                elif tab is self.folio:
                    persist.save_folio(store, self.folio.folio())
                    what = "folio"
                elif tab is self.limits:
                    persist.save_builds(store, self.limits.build_list(),
                                        self.limits.head.values()["aux_limits"])
                    what = "build list"
                elif tab is self.scenarios:
                    persist.save_scenario(store, self.scenarios.current_id(),
                                          self.scenarios.library)
                    what = "scenario set-up"
                else:
                    return None
        except (StoreError, ValueError) as exc:
            QMessageBox.warning(self, TITLE, f"{self.store_path}: {exc}")
            return None
        self.statusBar().showMessage(f"Saved the {what} in {self.store_path}")
        return what

    def _kind(self) -> str | None:
        return {id(self.round): persist.ROUND, id(self.folio): persist.FOLIO,
                id(self.limits): persist.BUILDS}.get(id(self.tabs.currentWidget()))

    def open_from_store(self, key: str | None = None) -> bool:
        """Load a round, folio or build list saved in the campaign store into its tab."""
        kind = self._kind()
        if kind is None:
            self.statusBar().showMessage("Rounds, folios and build lists open from the store")
            return False
        if self.store_path is None and self.choose_store() is None:
            return False
        try:
            with CampaignStore.open(self.store_path) as store:
                records = store.all(kind)
        except StoreError as exc:
            QMessageBox.warning(self, TITLE, f"{self.store_path}: {exc}")
            return False
        if not records:
            self.statusBar().showMessage(f"Nothing of this kind saved in {self.store_path}")
            return False
        if key is None:
            key, ok = QInputDialog.getItem(self, TITLE, "Saved:", list(records), 0, False)
            if not ok:
                return False
        if key not in records:
            self.statusBar().showMessage(f"{key!r} is not saved in {self.store_path}")
            return False
        record = records[key]
        if kind == persist.ROUND:
            self.round.set_round(record["input"])
            self.round.name.setText(key)
        elif kind == persist.FOLIO:
            self.folio.set_folio(record)
        else:
            self.limits.set_builds(record["input"] | {"aux_limits": record.get("aux_limits")})
        self.statusBar().showMessage(f"Opened {key} from {self.store_path}")
        return True

    # ------------------------------------------------------------------ printing

    def current_sheet(self) -> SheetView | None:
        tab = self.tabs.currentWidget()
        if tab is self.round:
            self.round_sheet.show_sections(
                "F&E Combined Operations - combat round",
                "Expanded combat round sequence (311.3)",
                combat_round.sections(self.round.report))
            return self.round_sheet
        if tab is self.folio:
            return self.folio.view
        if tab is self.limits:
            return self.limits.view
        return None

    def print_preview(self, run: bool = True):  # noqa: ANN201
        sheet = self.current_sheet()
        if sheet is None:
            self.statusBar().showMessage("The round, the folio and the build list print")
            return None
        return sheet.print_preview(run)

    def export_pdf(self, path: str | None = None) -> str | None:
        sheet = self.current_sheet()
        if sheet is None:
            self.statusBar().showMessage("The round, the folio and the build list print")
            return None
        return sheet.export_pdf(path)
