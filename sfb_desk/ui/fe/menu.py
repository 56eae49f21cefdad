"""The main window's way in: Campaign > F&E Combined Operations assistant."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

if TYPE_CHECKING:  # the assistant is imported when it is opened (the app's start-up)
    from .window import FeWindow


def add_fe_action(window: QMainWindow, menu: QMenu) -> QAction:
    """An action in ``menu`` opening (or raising) the assistant's window."""
    action = QAction("F&&E Combined Operations assistant…", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+F"))
    action.triggered.connect(lambda: open_fe_window(window))
    menu.addAction(action)
    return action


def open_fe_window(window: QMainWindow) -> FeWindow:
    from .window import FeWindow

    fe = getattr(window, "fe_window", None)
    again = fe is not None and fe.isVisible()
    if fe is None:
        fe = FeWindow(getattr(window, "library", None), parent=window)
        fe.setWindowFlag(Qt.WindowType.Window, True)
        fe.resize(1366, 768)
        fe.ship_requested.connect(lambda ship: _show_ship(window, ship))
        window.fe_window = fe
    fe.show()
    if again and QGuiApplication.platformName() != "offscreen":  # no window stacking there
        fe.raise_()
        fe.activateWindow()
    return fe


def _show_ship(window: QMainWindow, ship_id: str) -> None:
    """Show the linked SFB ship in the main window's ship library."""
    browser = getattr(window, "browser", None)
    panels = getattr(window, "panels", None)
    if browser is None or not browser.select(ship_id):
        return
    if panels is not None and "library" in panels.docks:
        panels.docks["library"].show()
        panels.docks["library"].raise_()
