"""The game table's dockable panels (issue 6): the map, the SSDs (a tab per ship), the EA
sheet, the orders panel, the dice panel, the event log, the impulse tracker, the analysis
charts and the ship library.

:func:`build_docks` makes the panels, binds each to the :class:`~sfb_desk.qt.controller
.GameController` and lays them out; every dock has an ``objectName`` so the window's layout is
saved and restored (QMainWindow.saveState). Panels talk to each other only through the
controller, apart from selection: a unit selected on the map, in the SSD tabs or in the
analysis dock is selected in the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from sfb_desk.data.library import ShipLibrary
from ..analysis.lazy import LazyAnalysisDock
from ..table.dice_panel import DicePanel
from ..table.event_log import EventLog
from ..table.impulse_tracker import ImpulseTracker
from ..map.bridge import MapBridge
from ..map.view import MapView
from ..orders.panel import OrdersPanel
from ..library.browser import ShipBrowser
from .lazy_panel import LazyPanel

if TYPE_CHECKING:  # built when their dock is first shown (LazyPanel)
    from ..ea.dock import EaDock
    from ..ssd.tabs import SsdTabs
    from ..table.victory_panel import VictoryPanel

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea


@dataclass
class GameDocks:
    """The panels and their docks (names are the docks' object names). The SSDs, the EA
    sheet and the victory panel are built when their dock is first shown, or when asked for
    here (:class:`~.lazy_panel.LazyPanel`)."""

    map_view: MapView
    map_bridge: MapBridge
    orders: OrdersPanel
    dice: DicePanel
    log: EventLog
    tracker: ImpulseTracker
    analysis: LazyAnalysisDock
    browser: ShipBrowser
    docks: dict[str, QDockWidget]
    lazy: dict[str, LazyPanel]  # by dock name: "ssd", "ea", "victory"

    @property
    def ssd_tabs(self) -> SsdTabs:
        return self.lazy["ssd"].panel  # type: ignore[return-value]

    @property
    def ea(self) -> EaDock:
        return self.lazy["ea"].panel  # type: ignore[return-value]

    @property
    def victory(self) -> VictoryPanel:
        return self.lazy["victory"].panel  # type: ignore[return-value]


def _dock(window: QMainWindow, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea,
          docks: dict[str, QDockWidget]) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                     | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                     | QDockWidget.DockWidgetFeature.DockWidgetClosable)
    window.addDockWidget(area, dock)
    docks[name] = dock
    return dock


def default_sizes(window: QMainWindow, docks: dict[str, QDockWidget]) -> None:
    """The default proportions of the panels (applied once the window has its size). On a
    narrow screen (1366x768) the table's column (map, orders, dice, log) takes more of the
    width: the ship views scroll, the dice panel must not."""
    d = docks
    width, height = max(window.width(), 1000), max(window.height(), 700)
    left = int(width * (0.64 if width < 1600 else 0.58))
    window.resizeDocks([d["map"]], [left], Qt.Orientation.Horizontal)
    window.resizeDocks([d["tracker"], d["map"], d["orders"]],
                       [60, int(height * 0.42), int(height * 0.52)], Qt.Orientation.Vertical)
    window.resizeDocks([d["orders"], d["dice"], d["log"]],  # the log wraps: the orders get more
                       [int(left * 0.42), int(left * 0.31), int(left * 0.27)],
                       Qt.Orientation.Horizontal)


def build_docks(window: QMainWindow, controller, library: ShipLibrary) -> GameDocks:  # noqa: ANN001
    """Make, bind and lay out every panel of the game table in ``window``."""
    docks: dict[str, QDockWidget] = {}
    map_view = MapView()
    map_view.set_clock_shown(False)  # the turn tracker above it shows the clock
    bridge = MapBridge(map_view, controller)
    lazy = {name: LazyPanel(partial(_bound, build, controller))
            for name, build in (("ssd", _ssd_tabs), ("ea", _ea_dock), ("victory", _victory))}
    ssd_tabs, ea, victory = lazy["ssd"], lazy["ea"], lazy["victory"]
    orders = OrdersPanel()
    orders.bind(controller)
    dice = DicePanel()
    dice.bind(controller)
    log = EventLog()
    log.bind(controller)
    tracker = ImpulseTracker()
    tracker.bind(controller)
    analysis = LazyAnalysisDock()  # the charts are built when the dock is first shown
    analysis.bind(controller)
    browser = ShipBrowser(library)

    # Two columns and no central widget: on the left the turn strip, the map and under it
    # the orders, dice and log; on the right the ship views as tabs.
    window.setDockNestingEnabled(True)
    d_tracker = _dock(window, "tracker", "Turn and impulse", tracker, LEFT, docks)
    d_map = _dock(window, "map", "Map", map_view, LEFT, docks)
    window.splitDockWidget(d_tracker, d_map, Qt.Orientation.Vertical)
    d_orders = _dock(window, "orders", "Orders", orders, LEFT, docks)
    window.splitDockWidget(d_map, d_orders, Qt.Orientation.Vertical)
    d_dice = _dock(window, "dice", "Dice", dice, LEFT, docks)
    window.splitDockWidget(d_orders, d_dice, Qt.Orientation.Horizontal)
    d_log = _dock(window, "log", "Event log", log, LEFT, docks)
    window.splitDockWidget(d_dice, d_log, Qt.Orientation.Horizontal)
    d_victory = _dock(window, "victory", "Victory", victory, LEFT, docks)
    window.tabifyDockWidget(d_log, d_victory)
    d_log.raise_()
    d_ssd = _dock(window, "ssd", "SSDs", ssd_tabs, RIGHT, docks)
    for name, title, widget in (("ea", "Energy allocation", ea), ("analysis", "Analysis", analysis),
                                ("library", "Ship library", browser)):
        window.tabifyDockWidget(d_ssd, _dock(window, name, title, widget, RIGHT, docks))
    d_ssd.raise_()
    docks["analysis"].visibilityChanged.connect(analysis.dock_visible)
    for name, panel in lazy.items():
        docks[name].visibilityChanged.connect(panel.dock_visible)
    # one selection across the panels
    selected: list[str] = []  # the unit last selected while the SSDs were not built yet

    def show_in_ssds(unit_id: str) -> None:
        if ssd_tabs.built:
            ssd_tabs.panel.show_unit(unit_id)
        else:
            selected[:] = [unit_id]

    def wire_ssds(tabs: SsdTabs) -> None:
        tabs.unit_selected.connect(analysis.show_unit)
        if selected:
            tabs.show_unit(selected[0])

    bridge.unit_selected.connect(show_in_ssds)
    bridge.unit_selected.connect(analysis.show_unit)
    ssd_tabs.when_built(wire_ssds)
    return GameDocks(map_view, bridge, orders, dice, log, tracker, analysis, browser, docks,
                     lazy)


def _bound(build, controller) -> QWidget:  # noqa: ANN001
    panel = build()
    panel.bind(controller)
    return panel


def _ssd_tabs() -> SsdTabs:
    from ..ssd.tabs import SsdTabs

    return SsdTabs()


def _ea_dock() -> EaDock:
    from ..ea.dock import EaDock

    return EaDock()


def _victory() -> VictoryPanel:
    from ..table.victory_panel import VictoryPanel

    return VictoryPanel()
