"""The main window: the game table (docks, :mod:`.docks`), its menus (:mod:`.menus`),
new games, saves, the autosave offered after a crash, and a clean close.

The window owns one :class:`~sfb_desk.qt.controller.GameController` (the game in play, on its
worker thread) and one :class:`~sfb_desk.qt.gc_guard.GuiCollector` (garbage collected on the
GUI thread only). The title follows the controller (file name, ``*`` when unsaved), the status
bar says what the program waits for, and the panel a prompt needs is brought forward: the EA
sheet for an energy allocation, the dice panel for a roll, the orders panel for the rest.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
)

from sfb_desk import __version__

from sfb_desk.data.library import ShipLibrary, load_library
from sfb_desk.data.save_paths import SUFFIX
from sfb_desk.engine.prompts import DiceRequest, Orders
from sfb_desk.qt.controller import GameController
from sfb_desk.qt.gc_guard import GuiCollector
from .docks import build_docks, default_sizes
from .menus import build_menus

if TYPE_CHECKING:  # the set-up (pydantic scenario schema) is imported when a game is set up
    from sfb_desk.data.custom_setup import GameChoice

SAVE_FILTER = f"SFB Desk games (*{SUFFIX});;All files (*)"
STATE_KEY = "window/state"
LAYOUT_VERSION = 3  # bump when the docks change: an older saved layout is then ignored
GEOMETRY_KEY = "window/geometry"


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
    """The SFB Desk window (module docstring). ``controller`` and ``library`` may be given
    (tests); ``collect_garbage`` installs the GUI-thread garbage collector."""

    def __init__(self, library: ShipLibrary | None = None, *,
                 controller: GameController | None = None, collect_garbage: bool = True) -> None:
        super().__init__()
        self.library = library if library is not None else load_library()
        self.controller = controller if controller is not None else GameController(self)
        self.collector = GuiCollector(self) if collect_garbage else None
        self.setWindowTitle(self.controller.title())
        self.resize(1400, 900)
        self.panels = build_docks(self, self.controller, self.library)
        self.browser = self.panels.browser
        self.actions = build_menus(self)
        c = self.controller
        c.title_changed.connect(self.setWindowTitle)
        c.status.connect(self._status)
        c.error.connect(self._error)
        c.prompt_changed.connect(self._follow_prompt)
        self.panels.map_bridge.refused.connect(self._status)
        self._closing_done = False
        self._layout_restored = False
        self._sized = False
        self._arranged = False  # the player moved a dock separator: sizes are theirs
        self._restore_layout()
        self.panels.docks["library"].raise_()  # no game yet: the ship library has something to show
        self._library_status()

    # -- games -----------------------------------------------------------------------------
    def new_game_dialog(self, *, duel_vs_robot: bool = False) -> bool:
        """Ask for a new game (scenario or by hand) and start it. False if cancelled."""
        from ..setup.dialog import GameSetupDialog

        if not self._may_discard():
            return False
        if duel_vs_robot:
            dialog = GameSetupDialog.the_duel_vs_robot(self.library, parent=self)
        else:
            dialog = GameSetupDialog(self.library, parent=self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        self.start_game(dialog.result())
        return True

    def start_game(self, choice: GameChoice) -> None:
        """Start the game ``choice`` describes (set-up, title, robot sides, computer dice)."""
        from sfb_desk.qt.game_record import TableSettings  # the engine: with the first game

        setup = choice.setup
        table = TableSettings(choice.title, tuple(sorted(choice.robot_sides.items())),
                              frozenset(choice.auto_dice_sides), choice.scenario_id or "")
        self.controller.new_game(setup.state, table=table, combat=setup.combat,
                                 specs=setup.specs)
        self.panels.docks["map"].raise_()
        self.panels.docks["ssd"].raise_()
        self.panels.map_view.fit_units()
        self._status(f"New game: {choice.title}")

    def open_game(self, path: str | None = None) -> None:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open game", "", SAVE_FILTER)
        if path and self._may_discard():
            self.controller.load(path)

    def save_game(self) -> bool:
        if self.controller.record is None:
            return False
        if self.controller.path is None:
            return self.save_game_as()
        return self.controller.save()

    def save_game_as(self) -> bool:
        if self.controller.record is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save game as", "", SAVE_FILTER)
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.controller.save(path)

    def offer_recovery(self, accept: bool | None = None) -> bool:
        """If the last session ended without a clean exit, offer its autosave (``accept``
        answers for the player, in tests). True if the game was recovered."""
        offer = self.controller.recoverable_autosave()
        if offer is None:
            return False
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(offer.saved_at))
        if not offer.readable:
            QMessageBox.warning(self, "Autosave cannot be read",
                                f"SFB Desk did not close properly, and its autosave of {when} "
                                f"cannot be read: {offer.problem}\n\nIt is kept aside, not "
                                "overwritten.")
            self.controller.discard_autosave()
            return False
        if accept is None:
            answer = QMessageBox.question(
                self, "Recover the game?",
                f"SFB Desk did not close properly. A game was autosaved at {when}.\n\n"
                "Recover it? (No keeps the file aside and starts afresh.)",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.Yes)
            accept = answer == QMessageBox.StandardButton.Yes
        if accept:
            return self.controller.recover()
        aside = self.controller.discard_autosave()
        self._status(f"Autosave kept aside as {aside}" if aside else "Autosave discarded")
        return False

    # -- prompts ---------------------------------------------------------------------------
    @Slot(object)
    def _follow_prompt(self, prompt: object) -> None:
        """Bring forward the panel the pending prompt needs (robot prompts never reach here:
        the worker answers them)."""
        docks = self.panels.docks
        if isinstance(prompt, DiceRequest):
            docks["dice"].raise_()
        elif isinstance(prompt, Orders) and prompt.kind == "energy_allocation":
            docks["ea"].raise_()
        elif isinstance(prompt, Orders) and prompt.kind == "movement":
            docks["map"].raise_()
        elif prompt is not None:
            docks["orders"].raise_()
        elif self.controller.record is not None:
            docks["victory"].raise_()  # the game is over: who won

    # -- window ----------------------------------------------------------------------------
    def _settings(self) -> QSettings:
        return self.controller.settings  # one settings file for the app

    def _restore_layout(self) -> None:
        settings = self._settings()
        geometry = settings.value(GEOMETRY_KEY)
        state = settings.value(STATE_KEY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self._layout_restored = self.restoreState(state, LAYOUT_VERSION)

    def showEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt name)
        super().showEvent(event)
        if not self._sized and not self._layout_restored:
            self._sized = True
            QTimer.singleShot(0, self._first_layout)

    def resizeEvent(self, event) -> None:  # noqa: N802, ANN001 (Qt name)
        """Until the player moves a dock separator, the default proportions follow the
        window's size (it is shown first at its own size, then maximised or resized)."""
        super().resizeEvent(event)
        if self._sized and not self._arranged:
            QTimer.singleShot(0, self, self._relayout)

    def event(self, event) -> bool:  # noqa: ANN001 (Qt name)
        if event.type() == QEvent.Type.MouseButtonPress:  # on the window itself: a separator
            self._arranged = True
        return super().event(event)

    def _relayout(self) -> None:
        if not self._arranged:
            default_sizes(self, self.panels.docks)

    def _first_layout(self) -> None:
        default_sizes(self, self.panels.docks)
        if self.controller.record is None:
            self.panels.map_view.fit_map()

    def reset_layout(self) -> None:
        settings = self._settings()
        settings.remove(STATE_KEY)
        for dock in self.panels.docks.values():
            dock.show()
        self.panels.docks["ssd"].raise_()
        self._sized, self._arranged = True, False
        default_sizes(self, self.panels.docks)

    def _may_discard(self) -> bool:
        """True if there is no unsaved game, or the player lets it go (or saves it)."""
        c = self.controller
        if not c.modified:
            return True
        answer = QMessageBox.question(
            self, "Unsaved game", "The game has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save_game()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if not self._closing_done and not self._may_discard():
            event.ignore()
            return
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """Save the layout, stop the worker (a clean exit) and give garbage collection back."""
        if self._closing_done:
            return
        self._closing_done = True
        settings = self._settings()
        settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        settings.setValue(STATE_KEY, self.saveState(LAYOUT_VERSION))
        self.panels.analysis.shutdown()
        self.controller.close()
        if self.collector is not None:
            self.collector.stop()

    @Slot(str)
    def _status(self, text: str) -> None:
        self.statusBar().showMessage(text)

    @Slot(str)
    def _error(self, text: str) -> None:
        # a message's details (a damaged save's prompt keys, data/saves.DETAILS) go behind the
        # box's Details button, never in the status bar
        said, _, details = text.partition("\nDetails: ")
        self.statusBar().showMessage(said)
        if not details:
            QTimer.singleShot(0, lambda: QMessageBox.warning(self, "SFB Desk", said))
            return
        box = QMessageBox(QMessageBox.Icon.Warning, "SFB Desk", said, parent=self)
        box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.error_box = box  # the last one shown (tests read it)
        QTimer.singleShot(0, box.open)

    def _library_status(self) -> None:
        ships = self.library.ships.values()
        count = {k: sum(1 for s in ships if s.data_status == k)
                 for k in ("verified", "draft", "reconstructed", "incomplete")}
        playable = count['verified'] + count['draft'] + count['reconstructed']
        message = (f"{len(self.library.ships)} ship classes ({playable}"
                   f" playable: {count['verified']} verified, {count['draft']} draft, "
                   f"{count['reconstructed']} reconstructed; "
                   f"{count['incomplete']} incomplete). "
                   "Game ▸ New game (Ctrl+N) or New Duel against the robot (Ctrl+Shift+N)")
        if self.library.problems:
            files = len({p.file for p in self.library.problems})
            message += f" — {files} file(s) could not be loaded: Library ▸ Show file problems"
        self.statusBar().showMessage(message)

    def show_problems(self) -> None:
        ProblemsDialog(self.library, self).exec()

    def about(self) -> None:
        QMessageBox.about(self, "About SFB Desk",
                          f"SFB Desk {__version__}\nA desktop companion for Star Fleet Battles.")

    def self_test_summary(self) -> str:
        return (f"{len(self.library.ships)} ship classes loaded, "
                f"{len(self.library.problems)} file problems")

