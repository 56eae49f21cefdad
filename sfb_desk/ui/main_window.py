"""The main window: the ship browser now; the game table's docks arrive with later features."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox, QPlainTextEdit, QVBoxLayout, QDialog

from sfb_desk import __version__
from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.ui.ship_browser import ShipBrowser


class ProblemsDialog(QDialog):
    """Lists the ship files that could not be loaded, each with file, field and expectation."""

    def __init__(self, library: ShipLibrary, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Ship library problems")
        text = QPlainTextEdit()
        text.setReadOnly(True)
        text.setPlainText("\n".join(str(p) for p in library.problems) or "No problems.")
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        self.resize(760, 360)


class MainWindow(QMainWindow):
    def __init__(self, library: ShipLibrary | None = None) -> None:
        super().__init__()
        self.library = library if library is not None else load_library()
        self.setWindowTitle(f"SFB Desk {__version__}")
        self.browser = ShipBrowser(self.library)
        self.setCentralWidget(self.browser)
        self._build_menus()
        self._update_status()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        library_menu = self.menuBar().addMenu("&Library")
        find = QAction("&Find ship…", self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(self.browser.search.setFocus)
        library_menu.addAction(find)
        self.problems_action = QAction("Show file &problems…", self)
        self.problems_action.triggered.connect(self.show_problems)
        library_menu.addAction(self.problems_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About SFB Desk", self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _update_status(self) -> None:
        ships = self.library.ships.values()
        incomplete = sum(1 for s in ships if not s.complete)
        message = f"{len(self.library.ships)} ship classes ({incomplete} incomplete)"
        if self.library.problems:
            files = len({p.file for p in self.library.problems})
            message += f" — {files} file(s) could not be loaded: Library ▸ Show file problems"
        self.statusBar().showMessage(message)

    def show_problems(self) -> None:
        ProblemsDialog(self.library, self).exec()

    def _about(self) -> None:
        QMessageBox.about(self, "About SFB Desk",
                          f"SFB Desk {__version__}\nA desktop companion for Star Fleet Battles.")

    def self_test_summary(self) -> str:
        return (f"{len(self.library.ships)} ship classes loaded, "
                f"{len(self.library.problems)} file problems")
