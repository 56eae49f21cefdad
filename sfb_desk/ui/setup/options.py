"""Game options of the new-game dialog: turns, dice seed, map, and per side who plays and rolls.

"Played by" is "the table" (people at the table answer the prompts) or "robot (level)"; the
levels come from ``sfb_desk.robot.LEVELS`` when the robot package provides it, else
:data:`FALLBACK_LEVELS`. "Dice" is "physical" (typed in) or "seeded generator" (rolled from
the game's dice seed, engine/answers.py SeededDice).
"""

from __future__ import annotations

import importlib
import secrets
from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.rules.systems.options import SystemsOptions

FALLBACK_LEVELS = ("cadet", "captain", "commodore")
#: The ship-system rule options the table may choose (decisions.md, "Ship systems").
CLOAK_FIRE_LABELS = {
    "range": "Range penalty, no lock-on (G13.302)",
    "table": "Damage die roll (G13.37)",
    "both": "Both",
}
AUCTION_LABELS = {
    "sealed": "Sealed reserve-power bids (SFB Desk)",
    "none": "Allocated energy only",
}
TABLE = "the table"
PHYSICAL, SEEDED = "physical", "seeded generator"
MAX_SEED = 999_999
MAP_LABELS = {"fixed": "Fixed 42x30 (leaving it disengages)", "floating": "Floating (no edges)"}


def robot_levels() -> tuple[str, ...]:
    """``sfb_desk.robot.LEVELS`` if the robot offers levels, else the fallback names."""
    try:
        robot = importlib.import_module("sfb_desk.robot")
    except ImportError:
        return FALLBACK_LEVELS
    levels = getattr(robot, "LEVELS", None)
    if not levels:
        return FALLBACK_LEVELS
    return tuple(str(level) for level in levels)


def new_seed() -> int:
    return secrets.randbelow(MAX_SEED) + 1


class SideRow(QObject):
    """The two combos of one side: played by, and dice."""

    def __init__(self, side: str, levels: Sequence[str], parent: QObject) -> None:
        super().__init__(parent)
        self.side = side
        self.label = QLabel(side)
        self.played_by = QComboBox()
        self.played_by.setAccessibleName(f"{side} played by")
        self.played_by.addItem(TABLE, None)
        for level in levels:
            self.played_by.addItem(f"robot ({level})", level)
        self.dice = QComboBox()
        self.dice.setAccessibleName(f"{side} dice")
        self.dice.addItem(PHYSICAL, False)
        self.dice.addItem(SEEDED, True)
        self.played_by.currentIndexChanged.connect(self._robot_rolls)

    @Slot(int)
    def _robot_rolls(self, _index: int) -> None:
        if self.played_by.currentData() is not None:
            self.dice.setCurrentIndex(1)  # a robot has no hands: its dice are seeded by default

    def level(self) -> str | None:
        return self.played_by.currentData()

    def set_level(self, level: str | None) -> bool:
        i = self.played_by.findData(level)
        if i < 0:
            return False
        self.played_by.setCurrentIndex(i)
        return True

    def auto_dice(self) -> bool:
        return bool(self.dice.currentData())

    def set_auto_dice(self, auto: bool) -> None:
        self.dice.setCurrentIndex(1 if auto else 0)


class GameOptions(QWidget):
    """Turns (0 = no limit), dice seed, map kind, and one :class:`SideRow` per side."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.levels = robot_levels()
        self.turns = QSpinBox()
        self.turns.setRange(0, 99)
        self.turns.setSpecialValueText("no limit")
        self.turns.setToolTip("The last turn of the game (0: no limit)")
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(new_seed())
        self.seed.setToolTip("Seeds the generator's dice: the same seed rolls the same dice")
        self.map_kind = QComboBox()
        for kind, label in MAP_LABELS.items():
            self.map_kind.addItem(label, kind)
        self.map_kind.setToolTip("A unit leaving the fixed map has disengaged (C7.0)")
        self.cloak_fire = QComboBox()
        for key, label in CLOAK_FIRE_LABELS.items():
            self.cloak_fire.addItem(label, key)
        self.cloak_fire.setToolTip("G13.3: how fire at a cloaked ship is penalised (the sources "
                                   "disagree; decisions.md)")
        self.auction = QComboBox()
        for key, label in AUCTION_LABELS.items():
            self.auction.addItem(label, key)
        self.auction.setToolTip("G7.414: the contest for a tractor link; no rulebook gives the "
                                "bidding, so SFB Desk's sealed bids are an option")
        self.extended_tractors = QCheckBox("Extended tractor range (G7.6)")
        self.self_destruct_limits = QCheckBox("Self-destruct only as D5.51 allows")
        self.self_destruct_limits.setChecked(True)
        checks = QHBoxLayout()
        checks.setContentsMargins(0, 0, 0, 0)
        checks.addWidget(self.extended_tractors)
        checks.addWidget(self.self_destruct_limits)
        checks.addStretch(1)
        form = QFormLayout()
        form.addRow("&Turns:", self.turns)
        form.addRow("Dice &seed:", self.seed)
        form.addRow("&Map:", self.map_kind)
        form.addRow("&Cloaked targets:", self.cloak_fire)
        form.addRow("Tractor &auction:", self.auction)
        form.addRow("", checks)
        self.sides_box = QWidget()
        self.sides_grid = QGridLayout(self.sides_box)
        self.sides_grid.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, SideRow] = {}
        self._kept: dict[str, tuple[str | None, bool]] = {}
        self._build_rows(())
        scroll = QScrollArea()
        scroll.setWidget(self.sides_box)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addSpacing(8)
        layout.addWidget(scroll, 1)
        self.turns.valueChanged.connect(self.changed)
        self.map_kind.currentIndexChanged.connect(self.changed)

    # -- values --------------------------------------------------------------------------------
    def systems_options(self) -> SystemsOptions:
        """The ship-system rule options chosen (rules/systems/options.py)."""
        return SystemsOptions(
            self_destruct_limits=self.self_destruct_limits.isChecked(),
            tractor_extended_range=self.extended_tractors.isChecked(),
            tractor_auction=self.auction.currentData(),
            cloak_fire=self.cloak_fire.currentData())

    def turns_value(self) -> int | None:
        return self.turns.value() or None

    def set_turns(self, turns: int | None) -> None:
        self.turns.setValue(turns or 0)

    def map_value(self) -> str:
        return self.map_kind.currentData()

    def set_map(self, kind: str) -> None:
        self.map_kind.setCurrentIndex(max(0, self.map_kind.findData(kind)))

    def robot_sides(self) -> dict[str, str]:
        return {side: row.level() for side, row in self.rows.items() if row.level() is not None}

    def auto_dice_sides(self) -> frozenset[str]:
        return frozenset(side for side, row in self.rows.items() if row.auto_dice())

    def set_played_by(self, side: str, level: str | None) -> bool:
        """``level`` None: the table. False if there is no such side or level."""
        row = self.rows.get(side)
        return row is not None and row.set_level(level)

    def set_auto_dice(self, side: str, auto: bool) -> bool:
        row = self.rows.get(side)
        if row is None:
            return False
        row.set_auto_dice(auto)
        return True

    # -- sides ---------------------------------------------------------------------------------
    def set_sides(self, sides: Sequence[str]) -> None:
        """One row per side; a side's choices survive while its name does."""
        sides = tuple(dict.fromkeys(s for s in sides if s))
        if sides == tuple(self.rows):
            return
        for side, row in self.rows.items():
            self._kept[side] = (row.level(), row.auto_dice())
        self._build_rows(sides)

    def _build_rows(self, sides: Sequence[str]) -> None:
        while self.sides_grid.count():
            widget = self.sides_grid.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for old in self.rows.values():
            old.deleteLater()
        self.rows = {}
        header = ("Side", "Played by", "Dice")
        for column, text in enumerate(header):
            label = QLabel(f"<b>{text}</b>")
            self.sides_grid.addWidget(label, 0, column)
        if not sides:
            self.sides_grid.addWidget(QLabel("(sides appear with the units)"), 1, 0, 1, 3)
        for i, side in enumerate(sides, start=1):
            row = SideRow(side, self.levels, self)
            level, auto = self._kept.get(side, (None, False))
            row.set_level(level)
            row.set_auto_dice(auto)
            self.sides_grid.addWidget(row.label, i, 0)
            self.sides_grid.addWidget(row.played_by, i, 1)
            self.sides_grid.addWidget(row.dice, i, 2)
            self.rows[side] = row
        self.sides_grid.setColumnStretch(3, 1)
        self.sides_grid.setRowStretch(len(sides) + 1, 1)

    def focus_widgets(self) -> list[QWidget]:
        """The option widgets in Tab order."""
        widgets: list[QWidget] = [self.turns, self.seed, self.map_kind]
        for row in self.rows.values():
            widgets += [row.played_by, row.dice]
        return widgets
