"""The main window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow

from sfb_desk import __version__


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(f"SFB Desk {__version__}")
        self.setCentralWidget(QLabel("SFB Desk"))

    def self_test_summary(self) -> str:
        return "ok"
