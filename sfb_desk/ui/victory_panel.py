"""The victory conditions during and after the game (S2.20, S2.3): each side's points, its
ratio to the enemy's and its level, each ship's category (undamaged, damaged, crippled,
destroyed, disengaged), and when the game is over, the outcome as a headline.

The numbers come from :func:`sfb_desk.data.game_victory.score_game` (the rules layer's
:func:`~sfb_desk.rules.victory.score_standard`); this widget only shows them.
:meth:`VictoryPanel.bind` follows a GameController.
"""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from ..data.game_victory import CannotScoreGame, score_game
from ..rules.victory import VictoryResult


def _points(value) -> str:  # noqa: ANN001 - Fraction
    return f"{float(value):g}"


class VictoryPanel(QWidget):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel("No game in play")
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setHeaderLabels(["Side / ship", "Points", "Ratio", "Level / category"])
        self.table.setRootIsDecorated(False)
        self.table.setColumnWidth(0, 150)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.headline)
        layout.addWidget(self.table, 1)
        self._controller = None
        self.result: VictoryResult | None = None

    def bind(self, controller) -> None:  # noqa: ANN001
        self._controller = controller
        controller.state_changed.connect(self._refresh)
        if controller.state is not None:
            self._refresh()

    @Slot(object)
    def _refresh(self, _state: object = None) -> None:
        c = self._controller
        record = c.record if c is not None else None
        if record is None or not getattr(record.combat, "ships", ()):
            self._show(None, "No ships fought with the full rules: nothing to score")
            return
        try:
            result = score_game(c.state, record.combat, record.setup.get("specs", {}))
        except CannotScoreGame as exc:
            self._show(None, f"Victory cannot be scored: {exc}")
            return
        over = record.pending is None
        best = max(result.sides, key=lambda s: s.points)
        if over:
            text = f"Game over. {best.side}: {best.level} (S2.3)"
        else:
            text = f"So far (S2.20): {best.side} leads — {best.level}"
        self._show(result, text)

    def _show(self, result: VictoryResult | None, text: str) -> None:
        self.result = result
        self.headline.setText(text)
        self.table.clear()
        if result is None:
            return
        for score in result.sides:
            ratio = "-" if score.ratio_percent is None else f"{float(score.ratio_percent):.0f}%"
            item = QTreeWidgetItem([score.side, _points(score.points), ratio, score.level])
            font = item.font(0)
            font.setBold(True)
            for col in range(4):
                item.setFont(col, font)
            item.setToolTip(0, "\n".join(
                f"+{_points(line.points)} ({line.rule}) {line.reason}"
                for line in result.lines_for(score.side)) or "no points yet")
            self.table.addTopLevelItem(item)
            for ship in result.ships:
                if ship.side == score.side:
                    row = QTreeWidgetItem([f"  {ship.key}", "", "",
                                           ship.category or "undamaged"])
                    if ship.crippled_reasons:
                        row.setToolTip(3, "Crippled (S2.4): " + "; ".join(ship.crippled_reasons))
                    self.table.addTopLevelItem(row)
        self.table.setToolTip("\n".join(result.explain()))

    def lines(self) -> list[str]:
        """The panel's text (tests, the screenshot check)."""
        out = [self.headline.text()]
        for i in range(self.table.topLevelItemCount()):
            item = self.table.topLevelItem(i)
            out.append(" | ".join(item.text(c) for c in range(4)))
        return out



