"""Analysis charts for one ship (pyqtgraph): what its weapons do by range, the chance of getting
through a shield, its energy use over the turns, and what N internal points do inside it.

The numbers come from :mod:`sfb_desk.analysis` (exact sums from the weapon tables, and a seeded
Monte Carlo of the Damage Allocation Chart); this widget only draws them. Controls: points N of
the Monte Carlo volley, the shield strength and reinforcement to get through, the net EW shift
(D6.34) and whether heavy weapons fire overloaded. The ship is passed in (:meth:`set_ship`);
energy records per turn with :meth:`set_energy` (see :func:`~sfb_desk.analysis.energy_use`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.analysis.energy_use import EnergyUse, energy_use, line_label
from sfb_desk.analysis.expected_damage import (
    ShipCurves,
    all_weapon_shots,
    expected_by_weapon,
    penetration_chance,
    volley_distribution,
)
from sfb_desk.analysis.monte_carlo import MonteCarloResult, Outcome, simulate
from sfb_desk.rules.box_names import weapon_name
from sfb_desk.rules.ship import ShipSpec

#: Curve colours (colour-blind-safe, Okabe-Ito), then the total in black.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442")
TOTAL_PEN = pg.mkPen("#000000", width=3)
ANY_COLOUR, ALL_COLOUR = "#9ecae1", "#08519c"
ANY_BRUSH = pg.mkBrush(ANY_COLOUR)
ALL_BRUSH = pg.mkBrush(ALL_COLOUR)
ENERGY_LINES = 4  # energy lines drawn one by one; the rest are summed as "other"


def _plot(title: str, x_label: str, y_label: str) -> pg.PlotWidget:
    plot = pg.PlotWidget(background="w")
    plot.setTitle(title, color="k", size="11pt")
    for side, label in (("bottom", x_label), ("left", y_label)):
        axis = plot.getAxis(side)
        axis.setPen("k")
        axis.setTextPen("k")
        axis.setLabel(label, color="k")
    plot.showGrid(x=True, y=True, alpha=0.25)
    plot.setMenuEnabled(False)
    return plot


def _spin(low: int, high: int, value: int, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setToolTip(tip)
    return box


def outcome_label(outcome: Outcome, spec: ShipSpec | None) -> str:
    """``left_warp`` -> ``left warp``; a weapon id in words with its type: ``Phaser 1
    (Phaser-1)`` (:func:`sfb_desk.rules.box_names.weapon_name`)."""
    label = outcome.label
    if "#" in label and spec is not None:
        for weapon in spec.weapons:
            if label == f"{weapon.family}#{weapon.designator}":
                return weapon_name(label, weapon.type)
    return label.replace("_", " ")


def monte_carlo_title(result: MonteCarloResult, more: str = "") -> str:
    """The Monte Carlo chart's title (rich text) with its legend; ``more`` goes after the
    points (``" more"`` for a ship damaged already)."""
    return (
        f"Lost after {result.points}{more} internal points ({result.trials:,} trials)<br>"
        f"<span style='color:{ANY_COLOUR}'>&#9632;</span> at least one box"
        f" <span style='color:{ALL_COLOUR}'>&#9632;</span> every box"
    )


class AnalysisPanel(QWidget):
    """Four charts of one ship and the controls that drive them (module docstring)."""

    def __init__(
        self,
        spec: ShipSpec | None = None,
        parent: QWidget | None = None,
        *,
        trials: int = 10_000,
        seed: int = 0,
    ) -> None:
        super().__init__(parent)
        self.trials = trials
        self.seed = seed
        self.spec: ShipSpec | None = None
        self.curves: ShipCurves | None = None
        self.penetration: np.ndarray | None = None
        self.monte_carlo: MonteCarloResult | None = None
        self.energy: EnergyUse | None = None
        self.mc_bars: tuple[pg.BarGraphItem, ...] = ()

        self.ship_label = QLabel("No ship")
        self.ship_label.setTextFormat(Qt.TextFormat.PlainText)
        self.points = _spin(1, 300, 10, "Internal damage points in the Monte Carlo volley (D4.2)")
        self.shield = _spin(0, 100, 30, "Shield boxes the volley must get through (D3)")
        self.reinforcement = _spin(0, 100, 0, "General + specific reinforcement (D3.34)")
        self.ew_shift = _spin(-3, 10, 0, "Net EW shift on the firer's dice (D6.34)")
        self.overload = QCheckBox("Overload heavy weapons")
        self.overload.setToolTip("Photons, disruptors, fusion beams and hellbores fire overloaded")

        controls = QHBoxLayout()  # the ship on its own line: the panel fits a narrow dock
        for text, widget in (
            ("Points N", self.points),
            ("Shield", self.shield),
            ("Reinforcement", self.reinforcement),
            ("EW shift", self.ew_shift),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            controls.addWidget(label)
            controls.addWidget(widget)
        controls.addStretch(1)

        self.damage_plot = _plot("Expected damage by range", "range (hexes)", "damage points")
        self.shield_plot = _plot("Chance of getting through the shield", "range (hexes)", "probability")
        self.energy_plot = _plot("Energy use by turn", "turn", "energy")
        self.mc_plot = _plot("", "probability", "")
        self.mc_plot.setTitle(None)  # the title is a label above the plot (mc_title)
        self.mc_title = QLabel()
        self.mc_title.setObjectName("monteCarloTitle")
        self.mc_title.setTextFormat(Qt.TextFormat.RichText)
        self.mc_title.setWordWrap(True)
        self.mc_title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.mc_title.setStyleSheet("background: white; padding: 2px;")
        self.set_mc_title("Damage inside the ship after N points")
        self.damage_plot.addLegend(offset=(-10, 10), labelTextColor="k")
        self.energy_plot.addLegend(offset=(10, 5), labelTextColor="k", colCount=3)
        self.shield_plot.setYRange(0, 1, padding=0.05)
        self.mc_plot.setXRange(0, 1, padding=0.02)
        self.mc_plot.invertY(True)

        grid = QGridLayout()
        grid.addWidget(self.damage_plot, 0, 0)
        grid.addWidget(self.shield_plot, 1, 0)
        grid.addWidget(self.energy_plot, 2, 0)
        mc_column = QVBoxLayout()
        mc_column.setSpacing(0)
        mc_column.addWidget(self.mc_title)
        mc_column.addWidget(self.mc_plot, 1)
        grid.addLayout(mc_column, 0, 1, 3, 1)
        grid.setColumnStretch(0, 4)
        grid.setColumnStretch(1, 3)
        layout = QVBoxLayout(self)
        head = QHBoxLayout()  # the ship and the overload switch share a line: a narrow dock fits
        head.addWidget(self.ship_label, 1)
        head.addWidget(self.overload)
        layout.addLayout(head)
        layout.addLayout(controls)
        layout.addLayout(grid, 1)

        self.damage_items: dict[str, pg.PlotDataItem] = {}
        self.points.valueChanged.connect(self._update_monte_carlo)
        self.shield.valueChanged.connect(self._update_shield)
        self.reinforcement.valueChanged.connect(self._update_shield)
        self.overload.toggled.connect(self._update_shield)
        self.ew_shift.valueChanged.connect(self._update_weapons)
        self.set_ship(spec)

    # -- inputs -----------------------------------------------------------------------------
    def set_mc_title(self, html: str, color: str = "black") -> None:
        """The Monte Carlo chart's title, in a label above it: a label wraps and takes its
        own room, where a plot title wider than the plot pushed the bars out of view."""
        self.mc_title.setText(f"<span style='color:{color}'>{html}</span>")

    def set_ship(self, spec: ShipSpec | None) -> None:
        """Show ``spec`` (None: nothing). The shield defaults to its strongest shield; energy
        records belong to one ship and are cleared when the ship changes."""
        same = spec is not None and self.spec is not None and spec.id == self.spec.id
        self.spec = spec
        if not same:
            self.set_energy(())
        if spec is None:
            self.ship_label.setText("No ship")
        else:
            self.ship_label.setText(f"{spec.id} - {spec.name}")
            if spec.shields:
                self.shield.blockSignals(True)
                self.shield.setValue(max(spec.shields))
                self.shield.blockSignals(False)
        self._update_weapons()
        self._update_monte_carlo()

    def set_energy(self, records: Sequence[object] | EnergyUse) -> None:
        """Energy records per turn (mappings, ledgers or allocations; see
        :func:`~sfb_desk.analysis.energy_use.energy_use`), or an :class:`EnergyUse`."""
        if isinstance(records, EnergyUse):
            self.energy = records
        else:
            records = tuple(records)
            self.energy = energy_use(records, spec=self.spec) if records else None
        self._draw_energy()

    # -- computing and drawing --------------------------------------------------------------
    def _update_weapons(self) -> None:
        self.damage_plot.clear()
        self.damage_items = {}
        self.curves = None
        if self.spec is not None and self.spec.weapons:
            curves = expected_by_weapon(self.spec, shift=self.ew_shift.value())
            self.curves = curves
            x = curves.ranges
            for k, (code, y) in enumerate(curves.by_type.items()):
                pen = pg.mkPen(PALETTE[k % len(PALETTE)], width=2)
                name = curves.group_label(code)
                self.damage_items[name] = self.damage_plot.plot(x, y, pen=pen, name=name)
            self.damage_items["total"] = self.damage_plot.plot(x, curves.total, pen=TOTAL_PEN, name="total")
            self.damage_plot.setXRange(0, curves.max_range, padding=0.02)
        self._update_shield()

    def _update_shield(self) -> None:
        self.shield_plot.clear()
        self.penetration = None
        spec = self.spec
        shots = all_weapon_shots(spec, overload=self.overload.isChecked()) if spec else []
        through = self.shield.value() + self.reinforcement.value()
        overloaded = " (heavy weapons overloaded)" if self.overload.isChecked() else ""
        self.shield_plot.setTitle(
            f"Chance every weapon together scores more than {through}<br>"
            f"(shield {self.shield.value()} + reinforcement {self.reinforcement.value()}){overloaded}",
            color="k", size="11pt",
        )
        if not shots:
            return
        top = self.curves.max_range if self.curves is not None else None
        dist = volley_distribution(spec, shots, max_range=top, shift=self.ew_shift.value())
        self.penetration = penetration_chance(dist, self.shield.value(), self.reinforcement.value())
        pen = pg.mkPen(PALETTE[0], width=2)
        brush = pg.mkBrush(0, 114, 178, 60)
        self.shield_plot.plot(dist.ranges, self.penetration, pen=pen, fillLevel=0, brush=brush)
        self.shield_plot.setXRange(0, dist.max_range, padding=0.02)
        self.shield_plot.setYRange(0, 1, padding=0.05)

    def _update_monte_carlo(self) -> None:
        self.mc_plot.clear()
        self.monte_carlo = None
        self.mc_bars = ()
        if self.spec is None:
            return
        self.show_monte_carlo(simulate(self.spec, self.points.value(), self.trials, seed=self.seed))

    def show_monte_carlo(self, result: MonteCarloResult) -> None:
        """Draw ``result`` (computed here by :meth:`_update_monte_carlo`, or elsewhere, e.g. on
        an analysis thread): per outcome, the chance of losing at least one box and every box."""
        self.mc_plot.clear()
        self.monte_carlo = result
        outcomes = result.outcomes()
        y = np.arange(len(outcomes))
        p_any = np.array([o.p_any for o in outcomes])
        p_all = np.array([o.p_all for o in outcomes])
        any_bars = pg.BarGraphItem(x0=0, y=y, height=0.8, width=p_any, brush=ANY_BRUSH, pen=None)
        all_bars = pg.BarGraphItem(x0=0, y=y, height=0.5, width=p_all, brush=ALL_BRUSH, pen=None)
        self.mc_plot.addItem(any_bars)
        self.mc_plot.addItem(all_bars)
        ticks = [(int(i), outcome_label(o, self.spec)) for i, o in zip(y, outcomes)]
        axis = self.mc_plot.getAxis("left")
        axis.setTicks([ticks, []])
        if ticks:
            metrics = QFontMetrics(axis.font() if hasattr(axis, "font") else self.font())
            axis.setWidth(max(metrics.horizontalAdvance(label) for _, label in ticks) + 16)
        self.set_mc_title(monte_carlo_title(result))
        self.mc_plot.setYRange(-0.6, len(outcomes) - 0.4, padding=0)
        self.mc_plot.setXRange(0, 1, padding=0.02)
        self.mc_bars = (any_bars, all_bars)

    def _draw_energy(self) -> None:
        plot = self.energy_plot
        plot.clear()
        use = self.energy
        if use is None or not use.lines:
            text = pg.TextItem("No energy allocations yet", color="#555555", anchor=(0.5, 0.5))
            plot.addItem(text)
            text.setPos(0.5, 0.5)
            plot.setXRange(0, 1)
            plot.setYRange(0, 1)
            return
        shown = use.top(ENERGY_LINES)
        x = shown.turns
        bars = pg.BarGraphItem(x=x, height=shown.total, width=0.6, brush=pg.mkBrush("#dddddd"),
                               pen=pg.mkPen("#aaaaaa"))
        plot.addItem(bars)
        plot.plotItem.legend.addItem(bars, "total used")
        for k, key in enumerate(shown.lines):
            pen = pg.mkPen(PALETTE[k % len(PALETTE)], width=2)
            plot.plot(x, shown.energy[:, k], pen=pen, symbol="o", symbolSize=6,
                      symbolBrush=PALETTE[k % len(PALETTE)], name=line_label(key))
        if np.isfinite(use.available).any():
            # Symbols too: a single turn has no line to draw, only its point.
            plot.plot(x, use.available, pen=pg.mkPen("k", width=2, style=Qt.PenStyle.DashLine),
                      symbol="o", symbolSize=6, symbolBrush="k", name="power available")
        plot.getAxis("bottom").setTicks([[(int(t), str(int(t))) for t in x], []])
        plot.setXRange(x[0] - 0.6, x[-1] + 0.6, padding=0)
        top = np.nanmax(np.concatenate([shown.total, use.available]))
        plot.setYRange(0, top * 1.6 if top > 0 else 1, padding=0.02)  # room for the legend
