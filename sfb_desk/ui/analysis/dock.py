"""The analysis charts bound to a game in play: :class:`AnalysisDock`.

:class:`AnalysisDock` follows a :class:`~sfb_desk.qt.controller.GameController`
(:meth:`AnalysisDock.bind`): a selector of the game's ships (:meth:`AnalysisDock.show_unit`),
and for the ship chosen :class:`GameAnalysisPanel` (the :class:`~.panel.AnalysisPanel`
charts) shows its class, what N more internal points do to it *as damaged now*, its energy use
over the turns played, and the range to the nearest enemy (D1.4) marked on the charts by range.

Energy use (:func:`game_energy_use`): each turn's energy allocation priced by the rules' ledger
against the energy the ship carried into that turn, both read from the ship's
:class:`~sfb_desk.engine.records.ShipRecord` in the session's impulse snapshots and its current
record. That is the accepted allocation (B3) as it stood at the end of the turn: after a volley
destroys power boxes, the rebalanced one (D22), which the log's answers
(:func:`sfb_desk.qt.ea_game.accepted_allocations`) do not show.

The Monte Carlo never runs on the GUI thread: :class:`GameAnalysisPanel` sends it to a
:class:`~sfb_desk.qt.analysis_worker.MonteCarloWorker`, shows "computing…" meanwhile and draws
the newest request's result when it arrives (older ones are dropped by the worker).
:meth:`AnalysisDock.shutdown` stops the worker's thread (the application's quit does too).
"""

from __future__ import annotations

from collections.abc import Mapping

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from sfb_desk.analysis.energy_use import EnergyUse, energy_use
from sfb_desk.analysis.monte_carlo import MonteCarloResult
from sfb_desk.engine.records import damage_state
from sfb_desk.qt.analysis_worker import MonteCarloJob, MonteCarloReply, MonteCarloWorker
from sfb_desk.qt.ea_game import ship_record, specs_of
from sfb_desk.rules.damage import DamageState
from sfb_desk.rules.energy import ledger
from sfb_desk.rules.game_state import GameState
from sfb_desk.rules.hexes import hex_range
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.units import SHIP, Unit

from .panel import AnalysisPanel, monte_carlo_title

RANGE_PEN = pg.mkPen("#444444", width=1.5, style=Qt.PenStyle.DashLine)


def game_energy_use(record: object, unit_id: str, spec: ShipSpec) -> EnergyUse | None:
    """Energy used by ``unit_id`` each turn of the game ``record`` (a GameRecord), None before
    its first allocation (module docstring). A turn without an allocation (the ship was not
    there) is a turn of no use and unknown power."""
    found: dict[int, tuple[object, object]] = {}
    combats = [getattr(s, "combat", None) for s in getattr(record, "snapshots", ())]
    combats.append(getattr(record, "combat", None))
    for combat in combats:
        ship = combat.ship(unit_id) if hasattr(combat, "ship") else None
        if ship is None or ship.allocation is None or ship.energy.turn != ship.allocation.turn:
            continue  # not allocated yet, or already carried into the next turn (B3, phase 8)
        found[ship.allocation.turn] = (ship.energy, ship.allocation)  # the last one stands (D22)
    if not found:
        return None
    first, last = min(found), max(found)
    rows: list[object] = []
    for turn in range(first, last + 1):
        if turn in found:
            energy, allocation = found[turn]
            rows.append(ledger(allocation, spec, energy))  # type: ignore[arg-type]
        else:
            rows.append({})
    return energy_use(rows, first_turn=first)


def nearest_enemy(state: GameState, unit: Unit) -> tuple[Unit, int] | None:
    """The nearest active enemy ship (another side) of ``unit`` and its true range (D1.4);
    ties go to the lower id. None if there is none."""
    best: tuple[int, str, Unit] | None = None
    for other in state.units:
        if other.kind != SHIP or other.side == unit.side or not other.active:
            continue
        key = (hex_range(unit.hex, other.hex), other.id, other)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else (best[2], best[0])


class GameAnalysisPanel(AnalysisPanel):
    """:class:`AnalysisPanel` with its Monte Carlo on a worker thread, the ship's current
    damage in the Monte Carlo, and a range marker on the charts by range."""

    computing_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None, *, worker: MonteCarloWorker | None = None,
                 trials: int = 10_000, seed: int = 0) -> None:
        super().__init__(None, parent, trials=trials, seed=seed)
        self.damage: DamageState | None = None
        self.marked_range: int | None = None
        self.range_lines: list[tuple[pg.PlotWidget, pg.InfiniteLine]] = []
        self.job: MonteCarloJob | None = None
        self.request_id = 0
        self.computing = False
        self.worker = worker or MonteCarloWorker(self)
        self.worker.finished.connect(self._mc_finished)
        self.worker.failed.connect(self._mc_failed)

    # -- inputs ------------------------------------------------------------------------------
    def set_ship_state(self, spec: ShipSpec | None, damage: DamageState | None = None) -> None:
        """Show ``spec`` damaged as ``damage`` (None: undamaged); recomputes what changed."""
        self.damage = damage
        if spec is self.spec and spec is not None:
            self._update_monte_carlo()  # the damage may have changed; the class has not
        else:
            self.set_ship(spec)

    def set_marked_range(self, distance: int | None) -> None:
        """Mark ``distance`` hexes (the nearest enemy) on the charts by range."""
        if distance != self.marked_range:
            self.marked_range = distance
            self._mark_range()

    # -- the Monte Carlo, off the GUI thread --------------------------------------------------
    def _update_monte_carlo(self) -> None:
        worker = getattr(self, "worker", None)
        if worker is None or worker.closed:
            return  # AnalysisPanel.__init__ is still running (no ship yet), or shut down
        if self.spec is None:
            self.job = None
            worker.cancel()
            self.mc_plot.clear()
            self.monte_carlo, self.mc_bars = None, ()
            self._set_computing(False)
            return
        job = MonteCarloJob(self.spec, self.points.value(), self.trials, self.seed, self.damage)
        if job == self.job:
            return  # shown already, or on its way
        self.job = job
        self.monte_carlo, self.mc_bars = None, ()
        self.mc_plot.clear()
        self.set_mc_title(f"Computing… {job.points} internal points, {job.trials:,} trials")
        note = pg.TextItem("computing…", color="#555555", anchor=(0.5, 0.5))
        self.mc_plot.addItem(note)
        note.setPos(0.5, 0.5)
        axis = self.mc_plot.getAxis("left")
        axis.setTicks([[], []])  # no bars yet: no labels
        axis.setWidth(None)
        self.mc_plot.setXRange(0, 1, padding=0.02)
        self.mc_plot.setYRange(0, 1, padding=0)
        self.request_id = worker.request(job)
        self._set_computing(True)

    @Slot(object)
    def _mc_finished(self, reply: MonteCarloReply) -> None:
        if reply.request_id != self.request_id or reply.result is None:
            return
        self.show_monte_carlo(reply.result)
        self._set_computing(False)

    @Slot(int, str)
    def _mc_failed(self, request_id: int, message: str) -> None:
        if request_id != self.request_id:
            return
        self.mc_plot.clear()
        self.set_mc_title(f"Monte Carlo failed: {message}", color="#b00020")
        self._set_computing(False)

    def _set_computing(self, on: bool) -> None:
        if on != self.computing:
            self.computing = on
            self.computing_changed.emit(on)

    def show_monte_carlo(self, result: MonteCarloResult) -> None:
        """Draw a Monte Carlo result; for a ship damaged already the points are "more"."""
        super().show_monte_carlo(result)
        more = " more" if self.damage is not None and self.damage.destroyed else ""
        if more:
            self.set_mc_title(monte_carlo_title(result, more))

    # -- the range marker ----------------------------------------------------------------------
    def _update_weapons(self) -> None:
        super()._update_weapons()
        self._mark_range()

    def _update_shield(self) -> None:
        super()._update_shield()
        self._mark_range()

    def _mark_range(self) -> None:
        for plot, line in getattr(self, "range_lines", ()):
            plot.removeItem(line)  # a no-op when the plot was cleared since
        self.range_lines = []
        distance = getattr(self, "marked_range", None)
        if distance is None or self.spec is None:
            return
        for plot in (self.damage_plot, self.shield_plot):
            line = pg.InfiniteLine(pos=distance, angle=90, pen=RANGE_PEN, label=f"range {distance}",
                                   labelOpts={"position": 0.92, "color": "#444444",
                                              "anchors": [(0, 0.5), (0, 0.5)]})
            plot.addItem(line, ignoreBounds=True)
            self.range_lines.append((plot, line))


class AnalysisDock(QWidget):
    """The game's ships, and the analysis of the one chosen (module docstring).

    ``unit_changed(str)``: the ship shown (``""`` when none)."""

    unit_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, trials: int = 10_000, seed: int = 0,
                 worker: MonteCarloWorker | None = None) -> None:
        super().__init__(parent)
        self.controller = None
        self.selector = QComboBox()
        self.selector.setToolTip("The ship analysed")
        self.selector.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.range_label = QLabel("")
        self.range_label.setWordWrap(True)
        self.range_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label = QLabel("")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.panel = GameAnalysisPanel(self, worker=worker, trials=trials, seed=seed)
        self.panel.computing_changed.connect(self._computing)

        top = QHBoxLayout()
        ship = QLabel("&Ship")
        ship.setBuddy(self.selector)
        top.addWidget(ship)
        top.addWidget(self.selector)
        top.addSpacing(16)
        top.addWidget(self.range_label, 1)
        top.addWidget(self.status_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.panel, 1)

        self._entries: tuple[tuple[str, str], ...] = ()
        self._shown: tuple[object, ...] | None = None
        self._energy_key: object = None
        self._energy_memo: tuple[object, ...] | None = None
        self.selector.currentIndexChanged.connect(self._selected)

    # -- binding -----------------------------------------------------------------------------
    def bind(self, controller) -> None:  # noqa: ANN001 - sfb_desk.qt.controller.GameController
        """Follow ``controller``'s game (its state after every step, undo and load)."""
        self.controller = controller
        controller.state_changed.connect(self._state_changed)
        if controller.state is not None:
            self._state_changed(controller.state)

    @property
    def worker(self) -> MonteCarloWorker:
        return self.panel.worker

    def unit_id(self) -> str | None:
        """The ship shown, or None."""
        data = self.selector.currentData()
        return str(data) if data else None

    def show_unit(self, unit_id: str) -> bool:
        """Show ship ``unit_id``; False (and nothing changes) if it is not a ship of the game."""
        index = self.selector.findData(unit_id)
        if index < 0:
            return False
        self.selector.setCurrentIndex(index)
        return True

    def shutdown(self) -> bool:
        """Stop the Monte Carlo thread (at exit); True if it stopped."""
        return self.worker.close()

    # -- following the game ------------------------------------------------------------------
    @Slot(object)
    def _state_changed(self, state: GameState) -> None:
        specs = self._specs()
        entries = tuple((u.id, _entry_text(u, specs.get(u.spec_id)))
                        for u in state.units if u.kind == SHIP)
        if entries != self._entries:
            current = self.unit_id()
            self.selector.blockSignals(True)
            self.selector.clear()
            for uid, text in entries:
                self.selector.addItem(text, uid)
            index = self.selector.findData(current) if current else -1
            self.selector.setCurrentIndex(max(index, 0) if entries else -1)
            self.selector.blockSignals(False)
            self._entries = entries
        self._show(state)

    @Slot(int)
    def _selected(self, index: int) -> None:
        controller = self.controller
        if controller is not None and controller.state is not None:
            self._show(controller.state)

    def _specs(self) -> Mapping[str, ShipSpec]:
        return specs_of(getattr(self.controller, "record", None))

    def _show(self, state: GameState) -> None:
        uid = self.unit_id()
        unit = state.find(uid) if uid else None
        record = self.controller.record if self.controller is not None else None
        spec = self._specs().get(unit.spec_id) if unit is not None else None
        damage = None
        if unit is not None and spec is not None:
            ship = ship_record(record, unit.id)
            damage = (damage_state(ship, spec, unit.destroyed) if ship is not None
                      else DamageState.for_ship(spec, unit.destroyed))
        shown = (uid, spec.id if spec else None, unit.destroyed if unit else None)
        if shown != self._shown:
            self._shown = shown
            self.panel.set_ship_state(spec, damage)
            self._energy_key = self._energy_memo = None
            self.unit_changed.emit(uid or "")
        if unit is not None and spec is None:
            self.panel.ship_label.setText(f"{unit.name or unit.id}: no ship class in this game")
        self._show_energy(record, unit, spec)
        self._show_range(state, unit)

    def _show_energy(self, record: object, unit: Unit | None, spec: ShipSpec | None) -> None:
        # Priced again only when the ship, the snapshots or the ship records changed.
        memo = (unit.id if unit else None, spec, len(getattr(record, "snapshots", ())),
                getattr(record, "combat", None))
        if self._energy_memo is not None and all(
                a is b or a == b for a, b in zip(memo, self._energy_memo)):
            return
        self._energy_memo = memo
        use = game_energy_use(record, unit.id, spec) if unit is not None and spec else None
        key = None if use is None else (tuple(use.turns), use.lines, use.energy.tobytes(),
                                        use.available.tobytes())
        if key != self._energy_key:
            self._energy_key = key
            self.panel.set_energy(use if use is not None else ())

    def _show_range(self, state: GameState, unit: Unit | None) -> None:
        found = nearest_enemy(state, unit) if unit is not None and unit.active else None
        if unit is None:
            text = "No ship" if not self._entries else ""
        elif not unit.active:
            text = f"{unit.id} is {unit.status.replace('_', ' ')}"
        elif found is None:
            text = "No enemy ship on the map"
        else:
            enemy, distance = found
            what = enemy.name or enemy.spec_id
            text = (f"Nearest enemy: {enemy.id}{f' ({what})' if what else ''} at range {distance}"
                    " (D1.4)")
        self.range_label.setText(text)
        self.panel.set_marked_range(found[1] if found else None)

    @Slot(bool)
    def _computing(self, on: bool) -> None:
        self.status_label.setText("Monte Carlo: computing…" if on else "")


def _entry_text(unit: Unit, spec: ShipSpec | None) -> str:
    what = f"{spec.name} ({spec.id})" if spec is not None else "movement only"
    return f"{unit.id} — {what}, {unit.side}"
