"""The main window's menus and shortcuts.

File: new game (Ctrl+N), a Duel against the robot (Ctrl+Shift+N), open (Ctrl+O), recent
files, save (Ctrl+S), save as (Ctrl+Shift+S), print preview and PDF of the game's SSDs with
their damage, quit. Edit: undo (Ctrl+Z) and redo (Ctrl+Shift+Z) of every answer and box mark.
Game: which sides the robot plays, and at what level. Campaign: the campaign ledger
(Ctrl+Shift+L), an example campaign, the F&E Combined Operations assistant (Ctrl+Shift+F). View: every panel, and the default
layout. Library: find a ship (Ctrl+F), edit or complete a ship (the designer), file problems.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu

from sfb_desk.printing.output import SsdSheet
from sfb_desk.ui.campaign.menu import add_campaign_actions
from sfb_desk.ui.fe.menu import add_fe_action
from sfb_desk.ui.ssd.counters import counter_marks


def _action(window: QMainWindow, menu: QMenu, text: str, slot, shortcut=None) -> QAction:  # noqa: ANN001
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(slot)
    menu.addAction(action)
    name_in_menu(action, menu)
    return action


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")


def name_in_menu(action: QAction, menu: QMenu) -> None:
    """The action's status-bar hint names where it is: "Game ▸ Undo (Ctrl+Z)"."""
    where = [_plain(menu.title())]
    parent = menu.parent()
    while isinstance(parent, QMenu):
        where.insert(0, _plain(parent.title()))
        parent = parent.parent()
    keys = action.shortcut().toString()
    tip = " ▸ ".join([*where, _plain(action.text())]) + (f" ({keys})" if keys else "")
    action.setStatusTip(tip)


def build_menus(window) -> dict[str, QAction]:  # noqa: ANN001 - MainWindow
    """Build the menu bar of ``window``; returns the actions by name (tests trigger them)."""
    c = window.controller
    bar = window.menuBar()
    actions: dict[str, QAction] = {}

    file_menu = bar.addMenu("&File")
    actions["new"] = _action(window, file_menu, "&New game…", window.new_game_dialog,
                             QKeySequence.StandardKey.New)
    actions["duel"] = _action(window, file_menu, "New &Duel against the robot…",
                              partial(window.new_game_dialog, duel_vs_robot=True),
                              QKeySequence("Ctrl+Shift+N"))
    actions["open"] = _action(window, file_menu, "&Open…", lambda: window.open_game(),
                              QKeySequence.StandardKey.Open)
    recent = file_menu.addMenu("Open &recent")
    recent.aboutToShow.connect(partial(_fill_recent, window, recent))
    file_menu.addSeparator()
    actions["save"] = _action(window, file_menu, "&Save", window.save_game,
                              QKeySequence.StandardKey.Save)
    actions["save_as"] = _action(window, file_menu, "Save &as…", window.save_game_as,
                                 QKeySequence("Ctrl+Shift+S"))
    file_menu.addSeparator()
    actions["preview"] = _action(window, file_menu, "Print SSDs (preview)…",
                                 partial(print_game_ssds, window), QKeySequence.StandardKey.Print)
    actions["pdf"] = _action(window, file_menu, "Export SSDs to &PDF…",
                             partial(export_game_ssds, window))
    file_menu.addSeparator()
    actions["quit"] = _action(window, file_menu, "&Quit", window.close,
                              QKeySequence.StandardKey.Quit)

    edit = bar.addMenu("&Edit")
    actions["undo"] = c.undo_action(window)
    actions["redo"] = c.redo_action(window)
    edit.addAction(actions["undo"])
    edit.addAction(actions["redo"])
    name_in_menu(actions["undo"], edit)
    name_in_menu(actions["redo"], edit)

    game = bar.addMenu("&Game")
    robot = game.addMenu("&Robot plays")
    robot.aboutToShow.connect(partial(_fill_robot, window, robot))
    actions["robot_menu"] = robot.menuAction()

    view = bar.addMenu("&View")
    for name, dock in window.panels.docks.items():
        toggle = dock.toggleViewAction()
        toggle.setObjectName(f"view-{name}")
        view.addAction(toggle)
        name_in_menu(toggle, view)
    view.addSeparator()
    seen_as = view.addMenu("&Battlefield seen as")
    seen_as.aboutToShow.connect(partial(_fill_seen_as, window, seen_as))
    actions["seen_as"] = seen_as.menuAction()
    actions["reset_layout"] = _action(window, view, "Reset layout", window.reset_layout)

    library = bar.addMenu("&Library")
    actions["find"] = _action(window, library, "&Find ship…", partial(_find_ship, window),
                              QKeySequence.StandardKey.Find)
    actions["designer"] = _action(window, library, "&Edit or complete the ship…",
                                  partial(open_designer, window))
    actions["complete"] = _action(window, library, "&Complete from your SSD book…",
                                  partial(open_completion, window))
    actions["problems"] = _action(window, library, "Show file &problems…", window.show_problems)
    actions["builder"] = _action(window, library, "&Build a scenario…",
                                 partial(open_builder, window))
    actions["asteroids"] = _action(window, library, "&Asteroid Damage Table (Basic Set)…",
                                   partial(open_asteroid_table, window))

    campaign = bar.addMenu("&Campaign")
    actions.update(add_campaign_actions(window, campaign))
    actions["fe"] = add_fe_action(window, campaign)
    for action in campaign.actions():
        if not action.isSeparator() and action.menu() is None:
            name_in_menu(action, campaign)

    help_menu = bar.addMenu("&Help")
    actions["about"] = _action(window, help_menu, "&About SFB Desk", window.about)
    return actions


def _fill_recent(window, menu: QMenu) -> None:  # noqa: ANN001
    menu.clear()
    files = window.controller.recent_files()
    if not files:
        menu.addAction("(none)").setEnabled(False)
    for path in files:
        name_in_menu(menu.addAction(path, partial(window.open_game, path)), menu)


def _fill_seen_as(window, menu: QMenu) -> None:  # noqa: ANN001
    """The map's mines as the table sees them (only those located, M7) or as one side (its own
    in full, M6.1): for the owner to look at his minefield."""
    menu.clear()
    bridge = window.panels.map_bridge
    state = window.controller.state
    sides = sorted({u.side for u in state.units}) if state is not None else []
    menu.addAction("The table (mines located by another side only)",
                   partial(bridge.view_as, None))
    for side in sides:
        menu.addAction(f"{side} (its own mines in full)", partial(bridge.view_as, side))


def _fill_robot(window, menu: QMenu) -> None:  # noqa: ANN001
    """One submenu per side of the game: the table, or the robot at a level."""
    from sfb_desk.robot import LEVELS

    menu.clear()
    c = window.controller
    state = c.state
    if state is None:
        menu.addAction("(no game)").setEnabled(False)
        return
    robots = c.robots()
    for side in sorted({u.side for u in state.units if not u.is_seeker}):
        sub = menu.addMenu(side)
        group = QActionGroup(sub)
        for level in (None, *LEVELS):
            text = "the table" if level is None else f"robot ({level})"
            act = sub.addAction(text, partial(c.set_robot, side, level))
            name_in_menu(act, sub)
            act.setCheckable(True)
            act.setChecked(robots.get(side) == level)
            group.addAction(act)


def _find_ship(window) -> None:  # noqa: ANN001
    dock = window.panels.docks["library"]
    dock.show()
    dock.raise_()
    window.browser.search.setFocus()


def _game_sheets(window) -> list[SsdSheet]:  # noqa: ANN001
    c = window.controller
    record, state = c.record, c.state
    if record is None or state is None:
        return []
    specs = record.setup.get("specs", {})
    combat = record.combat
    sheets = []
    for ship in getattr(combat, "ships", ()):
        unit = state.find(ship.id)
        if unit is not None and ship.spec_id in specs:
            spec = specs[ship.spec_id]
            lost = counter_marks(spec, ship.crew_units_lost, ship.boarding_parties_lost)
            sheets.append(SsdSheet(spec, frozenset(unit.destroyed) | lost,
                                   f"{ship.id}, turn {state.turn}"))
    return sheets


def print_game_ssds(window) -> None:  # noqa: ANN001
    from sfb_desk.qt.print_settings import print_preview

    sheets = _game_sheets(window)
    if not sheets:
        window.statusBar().showMessage("No game: nothing to print (the ship library prints "
                                       "blank SSDs with sfb-desk-cli print ssd)")
        return
    print_preview(window, sheets)


def export_game_ssds(window, path: str | None = None) -> None:  # noqa: ANN001
    from sfb_desk.qt.print_settings import export_pdf

    sheets = _game_sheets(window)
    if not sheets:
        window.statusBar().showMessage("No game: nothing to export")
        return
    if path is None:
        path, _ = QFileDialog.getSaveFileName(window, "Export SSDs to PDF", "", "PDF (*.pdf)")
    if path:
        export_pdf(path, sheets)
        window.statusBar().showMessage(f"Wrote {len(sheets)} SSD page(s) to {path}")


def open_completion(window) -> None:  # noqa: ANN001
    """The completion view for the ship selected in the library: checklist, live SSD, verify."""
    from PySide6.QtWidgets import QDialog, QVBoxLayout

    from ..library.completion import CompletionView

    spec = getattr(window.browser, "current", None)
    if spec is None:
        window.statusBar().showMessage("Select a ship in the ship library first")
        _find_ship(window)
        return
    dialog = QDialog(window)
    dialog.setWindowTitle(f"Complete {spec.id} from your SSD book")
    layout = QVBoxLayout(dialog)
    view = CompletionView(spec, window.library, dialog)
    view.saved.connect(lambda _path: (window.browser.refresh(), window.browser.select(spec.id)))
    layout.addWidget(view)
    dialog.resize(1366, 740)
    dialog.exec()


def open_builder(window):  # noqa: ANN001, ANN201
    """The scenario builder (ui/scenario_builder): ships, hexes, terrain, mines, victory."""
    from ..scenario_builder.dialog import ScenarioBuilder

    library = getattr(window, "library", None)
    if library is None:
        from sfb_desk.data.library import load_library

        library = load_library()
    dialog = ScenarioBuilder(library, window)
    dialog.open()
    return dialog


def open_asteroid_table(window):  # noqa: ANN001, ANN201
    """The Asteroid Damage Table (P3.2) from the player's Basic Set (ui/library)."""
    from ..library.asteroid_table import AsteroidTableDialog

    dialog = AsteroidTableDialog(window)
    dialog.resize(760, 460)
    dialog.open()
    return dialog


def open_designer(window) -> None:  # noqa: ANN001
    """The ship designer for the ship selected in the library (or in the game)."""
    from PySide6.QtWidgets import QDialog, QVBoxLayout

    from ..library.editor import ShipEditor

    spec = getattr(window.browser, "current", None)
    if spec is None:
        window.statusBar().showMessage("Select a ship in the ship library first")
        _find_ship(window)
        return
    dialog = QDialog(window)
    dialog.setWindowTitle(f"Ship designer — {spec.id}")
    layout = QVBoxLayout(dialog)
    layout.addWidget(ShipEditor(spec, dialog))
    dialog.resize(1200, 800)
    dialog.exec()
