"""The Asteroid Damage Table dialog (Library > Asteroid Damage Table): the player types the
Basic Set's P3.2 table once, a row per speed column, and games roll on it.

The same file and checks as ``sfb-desk-cli asteroid-table`` (:mod:`sfb_desk.data.asteroid_table`):
a table that cannot be used is not saved, and every problem is listed with P3.2.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.asteroid_table import load_table, save_table, table_path
from sfb_desk.rules.systems.terrain.asteroids import (
    RULE,
    TABLE_DICE,
    AsteroidBand,
    AsteroidTable,
    AsteroidTableError,
    check_table,
    parse_speeds,
)

INTRO = ("The Asteroid Damage Table (P3.2) is printed in the Basic Set, not in the rulebooks this "
         "program carries. Type it once from your copy: a row per speed column (1-6, 7-12 ... "
         "the last one open-ended, like 26+) and the damage for each roll. Games then roll on "
         "it; without it, the damage of each asteroid hex entered is asked at the table.")


class AsteroidTableDialog(QDialog):
    """Edit, check and save the player's Asteroid Damage Table (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Asteroid Damage Table (P3.2, the Basic Set)")
        layout = QVBoxLayout(self)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        top = QHBoxLayout()
        top.addWidget(QLabel("Rolled with"))
        self.dice = QComboBox()
        self.dice.addItems(list(TABLE_DICE))
        self.dice.currentTextChanged.connect(self._set_columns)
        top.addWidget(self.dice)
        top.addWidget(QLabel("Note"))
        self.note = QLineEdit()
        self.note.setPlaceholderText("e.g. my Basic Set, 1990 printing")
        top.addWidget(self.note, 1)
        layout.addLayout(top)
        self.table = QTableWidget(0, 7)
        layout.addWidget(self.table, 1)
        rows = QHBoxLayout()
        add = QPushButton("Add a speed column")
        add.clicked.connect(lambda: self.add_row("", ()))
        remove = QPushButton("Remove the last")
        remove.clicked.connect(self._remove_row)
        rows.addWidget(add)
        rows.addWidget(remove)
        rows.addStretch(1)
        layout.addLayout(rows)
        self.problems = QLabel("")
        self.problems.setObjectName("asteroidProblems")
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #c0392b;")
        layout.addWidget(self.problems)
        buttons = QHBoxLayout()
        self.where = QLabel(f"Kept in {table_path()}")
        self.where.setWordWrap(True)
        buttons.addWidget(self.where, 1)
        self.forget_button = QPushButton("Forget the table")
        self.forget_button.clicked.connect(self.forget)
        self.save_button = QPushButton("Check and save")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        for b in (self.forget_button, self.save_button, close):
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self._load()

    # -- the grid ------------------------------------------------------------------------------
    def _rolls(self) -> range:
        low, high = TABLE_DICE[self.dice.currentText()]
        return range(low, high + 1)

    def _set_columns(self, *_: object) -> None:
        rolls = self._rolls()
        self.table.setColumnCount(1 + len(rolls))
        self.table.setHorizontalHeaderLabels(["Speeds"] + [f"roll {r}" for r in rolls])
        self.table.resizeColumnsToContents()

    def add_row(self, speeds: str, damage) -> None:  # noqa: ANN001 - a sequence of ints
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(speeds))
        for k in range(1, self.table.columnCount()):
            value = damage[k - 1] if k - 1 < len(damage) else ""
            self.table.setItem(row, k, QTableWidgetItem(str(value)))

    def _remove_row(self) -> None:
        if self.table.rowCount():
            self.table.removeRow(self.table.rowCount() - 1)

    def _load(self) -> None:
        try:
            table = load_table()
        except AsteroidTableError as error:
            table = None
            self.problems.setText(f"The saved table cannot be used: {error}")
        if table is not None:
            self.dice.setCurrentText(table.dice)
            self.note.setText(table.note)
        self._set_columns()
        if table is None:
            for speeds in ("", "", ""):
                self.add_row(speeds, ())
            return
        for band in table.bands:
            self.add_row(band.label, band.damage)

    # -- reading and saving --------------------------------------------------------------------
    def read(self) -> AsteroidTable:
        """The table as typed; AsteroidTableError naming the row and P3.2 when a cell is not
        a speed column or a number."""
        bands = []
        for row in range(self.table.rowCount()):
            cells = [(self.table.item(row, k).text().strip() if self.table.item(row, k) else "")
                     for k in range(self.table.columnCount())]
            if not any(cells):
                continue  # an empty row left over
            low, high = parse_speeds(cells[0])
            try:
                damage = tuple(int(c) for c in cells[1:])
            except ValueError:
                raise AsteroidTableError(f"row {row + 1} ({cells[0] or 'no speeds'}): every "
                                         f"roll needs a whole number of damage points "
                                         f"({RULE})") from None
            bands.append(AsteroidBand(low, high, damage))
        return AsteroidTable(self.dice.currentText(), tuple(bands), self.note.text().strip())

    def save(self) -> bool:
        try:
            table = self.read()
            problems = check_table(table)
            if problems:
                raise AsteroidTableError("\n".join(problems))
            path = save_table(table)
        except AsteroidTableError as error:
            self.problems.setStyleSheet("color: #c0392b;")
            self.problems.setText(f"Not saved:\n{error}")
            return False
        self.problems.setStyleSheet("color: #1e8449;")
        self.problems.setText(f"Saved to {path}: new games roll on this table.")
        return True

    def forget(self) -> None:
        path = table_path()
        if path.is_file():
            path.unlink()
        self.problems.setStyleSheet("")
        self.problems.setText("No table: the damage of each asteroid hex entered is asked at "
                              "the table.")
