"""The victory conditions during and after the game (S2.20, S2.3): each side's points, its
ratio to the enemy's and its level, each ship's category (undamaged, damaged, crippled,
destroyed, disengaged), and when the game is over, the outcome as a headline. A game set up
from a scenario with task victory conditions (SH19, SG22) heads the panel with the task
victory reached so far (:func:`sfb_desk.data.task_victory.task_result`), the S2.20 figures
below it for comparison; a monster scenario with one side of ships (SM5, SM6) shows its task
victory alone.

The numbers come from :func:`sfb_desk.data.game_victory.score_game` (the rules layer's
:func:`~sfb_desk.rules.victory.score_standard`); this widget only shows them.
:meth:`VictoryPanel.bind` follows a GameController.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.game_victory import CannotScoreGame, score_game
from sfb_desk.rules.systems.monsters import SM5_STATION_CREW, sm5_points
from sfb_desk.rules.victory import VictoryResult


@lru_cache(maxsize=1)
def _scenarios():  # noqa: ANN202
    from sfb_desk.data.scenarios import load_scenarios

    return load_scenarios()


def _scenario(scenario_id: str):  # noqa: ANN202
    """The library scenario ``scenario_id`` (the library loaded once a run), None if unknown
    or empty."""
    if not scenario_id:
        return None
    from sfb_desk.data.scenarios import normalise_scenario_id

    return _scenarios().scenarios.get(normalise_scenario_id(scenario_id))


def _points(value) -> str:  # noqa: ANN001 - Fraction
    return f"{float(value):g}"


def _bonus_words(line) -> str:  # noqa: ANN001 - a rules.victory PointLine
    if line.rule == "S2.20 A":
        return f"the weaker-force bonus of {_points(line.points)} (S2.20)"
    if line.rule == "S2.20 B":
        return f"{_points(line.points)} for the enemy's Commander's Option Items (S2.20)"
    return f"a bonus of {_points(line.points)} ({line.rule})"


def standing(result: VictoryResult) -> str:
    """The running standing in words true mid-game: each side's points so far, the bonuses
    (not scored in play: the weaker force's, the scenario's) named; no victory level, which
    S2.3 gives only at the end ("Attacker leads — Astounding victory" at turn 1 impulse 4 was
    the weaker-force bonus alone)."""
    parts = []
    for score in result.sides:
        bonuses = [_bonus_words(x) for x in result.lines_for(score.side) if x.rule != "S2.21"]
        earned = score.points - sum((x.points for x in result.lines_for(score.side)
                                     if x.rule != "S2.21"), 0)
        text = f"{score.side} {_points(score.points)}"
        if bonuses:
            text += f": {', '.join(bonuses)} and {_points(earned)} scored in play"
        parts.append(text)
    if not any(s.points for s in result.sides):
        return "So far (S2.20): no victory points yet; the level is judged at the end (S2.3)"
    return ("So far (S2.20), points: " + "; ".join(parts)
            + ". The level is judged at the end (S2.3)")


class VictoryPanel(QWidget):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.headline = QLabel("No game in play")
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        self.details = QLabel("")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.details)
        # SM5.5: the points the table counts (the lab analysis of G4.1 and the evacuation are
        # played at the table); shown only for The Sunsnake
        self.sm5_row = QWidget()
        row = QHBoxLayout(self.sm5_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.information = QSpinBox()
        self.information.setRange(0, 400)
        self.information.setToolTip("Information points gathered on the Sun Snake (G4.1, SM5.47)")
        self.evacuated = QSpinBox()
        self.evacuated.setRange(0, SM5_STATION_CREW)
        self.evacuated.setToolTip("Crew units of the research station taken aboard (SM5.48)")
        for label, box in (("Information points", self.information),
                           ("Crew evacuated", self.evacuated)):
            row.addWidget(QLabel(label))
            row.addWidget(box)
            box.valueChanged.connect(self._refresh)
        row.addStretch(1)
        self.sm5_row.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.sm5_row)
        layout.addWidget(self.headline)
        layout.addWidget(scroll, 1)
        self._controller = None
        self.result: VictoryResult | None = None
        self._lines: list[str] = []

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
        over = record.pending is None
        task = self._task_line(record, over)
        try:
            result = score_game(c.state, record.combat, record.setup.get("specs", {}))
        except CannotScoreGame as exc:
            # a monster scenario (SM5, SM6) has one side of ships: its task victory alone
            self._show(None, task if task is not None else f"Victory cannot be scored: {exc}")
            return
        best = max(result.sides, key=lambda s: s.points)
        if over:
            text = f"Game over. {best.side}: {best.level} (S2.3)"
        else:
            text = standing(result)
        self._show(result, text if task is None else task, over)
        if task is not None:
            compare = f"Standard Victory Conditions, for comparison: {text}"
            self._lines.insert(1, compare)
            self.details.setText(f"<i>{escape(compare)}</i><br>{self.details.text()}")

    def _task_line(self, record, over: bool) -> str | None:  # noqa: ANN001
        """The scenario's task victory (data/task_victory.py), when the game was set up from a
        scenario with task victory conditions; None otherwise. SM5: with the table's count of
        information points and crew evacuated (the spin boxes), the captain's level."""
        scenario = _scenario(getattr(getattr(record, "table", None), "scenario", ""))
        victory = getattr(scenario, "victory", None)
        if victory is None or victory.kind != "task":
            return None
        from sfb_desk.data.task_victory import task_result

        rule = victory.rule or scenario.id
        self.sm5_row.setVisible(scenario.id == "SM5")
        counted = sm5_points(self.information.value(), self.evacuated.value()) \
            if scenario.id == "SM5" and (self.information.value() or self.evacuated.value()) \
            else None
        try:
            found = task_result(scenario, self._controller.state, record.combat,
                                record.setup.get("specs", {}), over=over, table_points=counted)
        except (KeyError, ValueError) as exc:
            return f"Task victory ({rule}): cannot be judged here ({exc})"
        if found is None:
            when = "none was reached" if over else "none reached yet"
            return f"Task victory ({rule}): {when}"
        head = "Game over. " if over else "So far: "
        return f"{head}Task victory ({rule}): {found.level} — {found.outcome} ({found.why})"

    def _show(self, result: VictoryResult | None, text: str, over: bool = True) -> None:
        self.result = result
        self.headline.setText(text)
        self._lines = [text]
        if result is None:
            self.details.setText("")
            self.details.setToolTip("")
            return
        html = []
        for score in result.sides:
            ratio = "-" if score.ratio_percent is None else f"{float(score.ratio_percent):.0f}%"
            level = score.level if over else f"{score.level} if the game ended now"
            line = f"{score.side}: {_points(score.points)} points, ratio {ratio}: {level}"
            self._lines.append(line)
            html.append(f"<b>{escape(score.side)}</b>: {_points(score.points)} points "
                        f"(ratio {ratio}) — <b>{escape(level)}</b>")
            ships = []
            for ship in result.ships:
                if ship.side == score.side:
                    category = ship.category or "undamaged"
                    self._lines.append(f"  {ship.key}: {category}")
                    why = f" ({escape('; '.join(ship.crippled_reasons))})" \
                        if ship.crippled_reasons else ""
                    ships.append(f"{escape(ship.key)}: {escape(category)}{why}")
            if ships:
                html.append("&nbsp;&nbsp;" + "<br>&nbsp;&nbsp;".join(ships))
            for point in result.lines_for(score.side):
                html.append(f"&nbsp;&nbsp;<small>+{_points(point.points)} ({escape(point.rule)}) "
                            f"{escape(point.reason)}</small>")
        self.details.setText("<br>".join(html))
        self.details.setToolTip("\n".join(result.explain()))

    def lines(self) -> list[str]:
        """The panel's text, a line per side and ship (tests, the screenshot check)."""
        return list(self._lines)
