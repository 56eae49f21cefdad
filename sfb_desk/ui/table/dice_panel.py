"""The dice panel: the table types what its physical dice show (DESIGN.md section 4).

It shows what the pending :class:`~sfb_desk.engine.prompts.DiceRequest` is for, and takes the
roll as typed: ``7``; ``3 4`` or ``3+4`` for the two dice of one 2d6 roll (summed); or a batch
``7 5 11 8`` (commas work too: ``3 4, 5 6``) for a request of several rolls or for several
consecutive requests of the same kind (the rolls left over wait in the queue and answer the
next requests as they come). The instruction (how many dice of which kind, what to type) and
the input come first; a volley's shots (one die each: weapon, target, range, die-table row) are
listed under them in a list of their own that scrolls, so neither is pushed out of a short dock
(1366x768). An impossible roll is refused with the problem and the rule, and
the input stays as typed. A switch per side lets the computer (the seeded generator) roll, and
the last rolls are listed, typed or rolled: each roll as the controller reports it
(``dice_rolled``), and the whole list rebuilt from the game's log when the log is replaced (a new
game, a load or a recovery, undo and redo: ``log_reset``), so it never shows a roll undone or
misses the rolls of a loaded game.

:func:`parse_rolls` is the parser, without Qt. :meth:`DicePanel.bind` connects the panel to a
:class:`~sfb_desk.qt.controller.GameController`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.log import ANSWER, PROMPT, LogRecord
from sfb_desk.engine.prompts import DICE_KINDS, DiceRequest
from sfb_desk.qt.sources import TABLE

HISTORY = 8
_SPLIT_ROLLS = re.compile(r"[,;]")


class DiceInputError(ValueError):
    """Typed dice that are not a roll; the message names the problem."""


def _number(token: str) -> int:
    if not token.isdigit():
        raise DiceInputError(f"'{token}' is not a number")
    return int(token)


def _pair(tokens: list[str], kind: str) -> int:
    dice = [_number(t) for t in tokens]
    for d in dice:
        if not 1 <= d <= 6:
            raise DiceInputError(f"{d} is not a die (1–6) in {'+'.join(tokens)}")
    if len(dice) != (2 if kind == "2d6" else 1):
        raise DiceInputError(f"{'+'.join(tokens)}: a {kind} roll is {kind[0]} dice")
    return sum(dice)


def _total(token: str, kind: str) -> int:
    if "+" in token:
        return _pair([t for t in token.split("+")], kind)
    value = _number(token)
    low, high = DICE_KINDS[kind]
    if not low <= value <= high:
        raise DiceInputError(f"{value} is not a {kind} roll ({low}–{high})")
    return value


def parse_rolls(text: str, kind: str, count: int = 1) -> list[int]:
    """The roll totals typed in ``text`` for rolls of ``kind`` (at least ``count`` of them;
    more are a batch for the requests that follow). DiceInputError says what is wrong."""
    if kind not in DICE_KINDS:
        raise DiceInputError(f"unknown dice kind {kind!r}")
    groups = [g.split() for g in _SPLIT_ROLLS.split(text.strip()) if g.strip()]
    if not groups:
        raise DiceInputError(f"type the {kind} roll{'s' if count > 1 else ''}")
    if len(groups) > 1:  # commas: one roll per group, two dice or a total each
        totals = [_pair(g, kind) if len(g) > 1 else _total(g[0], kind) for g in groups]
    else:
        tokens = groups[0]
        plain = all(t.isdigit() and 1 <= int(t) <= 6 for t in tokens)
        if kind == "2d6" and plain and len(tokens) == 2 * count:  # "3 4": the two dice
            totals = [_pair(tokens[i:i + 2], kind) for i in range(0, len(tokens), 2)]
        else:
            totals = [_total(t, kind) for t in tokens]
    if len(totals) < count:
        raise DiceInputError(f"{count} rolls of {kind} wanted, {len(totals)} typed")
    return totals


def _side_label(source: str) -> str:
    return "table" if source == TABLE else "computer" if source == "seeded" else source


Roll = tuple[DiceRequest, tuple[int, ...], str]  # what was asked, the totals, who rolled


def rolls_in_log(records: Iterable[LogRecord]) -> Iterator[Roll]:
    """Every accepted dice answer of a game log, in order: ``(request, totals, source)``, as
    the controller's ``dice_rolled`` reports them while the game goes on. The request is the
    prompt last logged under the answer's key (a refused roll is asked again under it)."""
    asked: dict[str, DiceRequest] = {}
    for r in records:
        if r.kind == PROMPT and isinstance(r.data, DiceRequest):
            asked[r.key] = r.data
        elif r.kind == ANSWER and r.key in asked:
            values = r.data if isinstance(r.data, (list, tuple)) else [r.data]
            yield asked[r.key], tuple(values), r.source


def roll_text(request: DiceRequest, values: Iterable[int], source: str) -> str:
    """One line of the "Last rolls" list: the totals, what they were for, the kind and who
    rolled (the table typed them, or the computer)."""
    # figure spaces (U+2007, a digit wide) line the totals up
    shown = ", ".join(f"{v:\u2007>2}" for v in values)
    return f"{shown}  {request.purpose} ({request.kind}, {_side_label(source)})"


def _wrapping(view: QListWidget) -> None:
    """Whole lines in a narrow dock (1366x768): a long line wraps, no sideways scrolling; the
    list scrolls up and down when its lines need more room than it has."""
    view.setWordWrap(True)
    view.setResizeMode(QListWidget.ResizeMode.Adjust)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    view.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
    view.setMinimumHeight(view.fontMetrics().height() * 3 + 8)


def _examples(kind: str, count: int) -> str:
    """Totals to show as an example of typing ``count`` rolls of ``kind``."""
    sample = (3, 5, 1, 6) if kind == "1d6" else (7, 5, 11, 8)
    return " ".join(str(v) for v in sample[:max(1, min(count, len(sample)))])


def how_to_roll(request: DiceRequest) -> str:
    """The instruction above the input: how many dice of which kind, and what to type."""
    low, high = DICE_KINDS[request.kind]
    if request.count == 1:
        how = f"Roll {request.kind} ({low}–{high})"
        if request.kind == "2d6":
            how += ": type the total, or both dice (3 4)"
    else:
        how = (f"Roll {request.count} × {request.kind} ({low}–{high} each): type the "
               f"{request.count} totals in order ({_examples(request.kind, request.count)} …)")
    return how + (f" — {request.rule}" if request.rule else "")


def example(request: DiceRequest | None) -> str:
    """The input's placeholder: short enough for the dock at 1366x768 in the input's large font."""
    if request is None:
        return ""
    if request.count > 1:
        return f"{request.count} totals"
    return "7 or 3 4" if request.kind == "2d6" else "1–6"


class DicePanel(QWidget):
    """See the module docstring. ``answered(list[int])`` carries the totals for the pending
    request; ``auto_changed(side, bool)`` the "let the computer roll" switches."""

    answered = Signal(object)
    auto_changed = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dicePanel")
        self._request: DiceRequest | None = None
        self._queue: list[int] = []
        self._queue_kind = ""
        self._sides: tuple[str, ...] = ()
        self._switches: dict[str, QCheckBox] = {}

        self.purpose = QLabel("Nothing to roll now")
        self.purpose.setObjectName("dicePurpose")
        self.purpose.setWordWrap(True)
        font = self.purpose.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)  # fits a narrow dock
        font.setBold(True)
        self.purpose.setFont(font)
        self.how = QLabel("")  # what to roll and type, above the input (never pushed away)
        self.how.setObjectName("diceHow")
        self.how.setWordWrap(True)
        self.input = QLineEdit()
        self.input.setObjectName("diceInput")
        big = self.input.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        self.input.setFont(big)
        self.input.returnPressed.connect(self.submit)
        self.roll_button = QPushButton("Enter")
        self.roll_button.clicked.connect(self.submit)
        self.message = QLabel("")
        self.message.setObjectName("diceMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        self.message.hide()
        self.queued = QLabel("")
        self.queued.setWordWrap(True)
        self.queued.hide()
        # one line per die of a volley (weapon, target, range, die-table row): a list of its
        # own that scrolls, so a volley of 20 shots stays whole in a short dock (1366x768)
        self.shots_title = QLabel("One die per shot, in this order")
        self.shots = QListWidget()
        self.shots.setObjectName("diceShots")
        _wrapping(self.shots)
        self.history = QListWidget()
        self.history.setObjectName("diceHistory")
        _wrapping(self.history)
        self._switch_box = QWidget()  # "Computer rolls: [ ] Federation [ ] Klingon", one line
        self._switch_layout = QHBoxLayout(self._switch_box)
        self._switch_layout.setContentsMargins(0, 0, 0, 0)
        self._switch_layout.addWidget(QLabel("Computer rolls:"))
        self._switch_box.setToolTip("Let the computer roll the dice of a side (solo play)")

        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.purpose)
        layout.addWidget(self.how)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(self.queued)
        layout.addWidget(self.shots_title)
        layout.addWidget(self.shots, 3)
        layout.addWidget(self._switch_box)
        layout.addWidget(QLabel("Last rolls"))
        layout.addWidget(self.history, 1)
        self._switch_box.hide()
        self.set_request(None)

    # -- wiring --------------------------------------------------------------------------------
    def bind(self, controller) -> None:
        """Follow a GameController: its prompts, refusals, rolls and sides; answer it."""
        controller.prompt_changed.connect(self.set_request)
        controller.refused.connect(self.show_refusal)
        controller.dice_rolled.connect(self.add_roll)
        controller.log_reset.connect(self.reset_rolls)
        controller.state_changed.connect(self._state_changed)
        self.answered.connect(controller.answer)
        self.auto_changed.connect(controller.set_auto_dice)
        self._auto_of = controller.auto_dice
        if controller.state is not None:
            self._state_changed(controller.state)
        self.set_request(controller.pending)
        self.reset_rolls(controller.log)

    @Slot(object)
    def _state_changed(self, state) -> None:
        sides = tuple(sorted({u.side for u in state.units if not u.is_seeker}))
        if sides != self._sides:
            auto = getattr(self, "_auto_of", lambda side: False)
            self.set_sides(sides, {s: auto(s) for s in sides})

    # -- what is asked -------------------------------------------------------------------------
    @property
    def request(self) -> DiceRequest | None:
        return self._request

    @Slot(object)
    def set_request(self, prompt: object) -> None:
        """Show ``prompt`` if it is a DiceRequest (otherwise there is nothing to roll)."""
        request = prompt if isinstance(prompt, DiceRequest) else None
        changed = request is None or self._request is None or request.key != self._request.key
        self._request = request
        on = request is not None
        self.input.setEnabled(on)
        self.roll_button.setEnabled(on)
        if request is None:
            self.purpose.setText("Nothing to roll now")
            self.how.setText("")
        else:
            lines = getattr(request, "lines", ())
            self.purpose.setText(request.purpose.split(", one per shot")[0] if lines
                                 else request.purpose)
            self.how.setText(how_to_roll(request))
        self._show_shots(request)
        self.input.setPlaceholderText(example(request))
        self.input.setToolTip(how_to_roll(request) if request is not None else "")
        if changed:
            self._say("")
            if self._queue:
                self._use_queue()
            else:
                self.input.clear()
        if on:
            self.input.setFocus()

    def _show_shots(self, request: DiceRequest | None) -> None:
        lines = tuple(getattr(request, "lines", ()) or ())
        self.shots.clear()
        for line in lines:
            self.shots.addItem(line)
            self.shots.item(self.shots.count() - 1).setToolTip(line)
        self.shots_title.setVisible(bool(lines))
        self.shots.setVisible(bool(lines))

    def _use_queue(self) -> None:
        request = self._request
        if request is not None and request.kind == self._queue_kind \
                and len(self._queue) >= request.count:
            self.input.clear()
            self._update_queued()
            QTimer.singleShot(0, self._answer_from_queue)
            return
        leftover = " ".join(str(v) for v in self._queue)
        self._queue = []
        self._update_queued()
        self.input.setText(leftover)
        if request is None:
            self._say(f"Kept {leftover}: nothing to roll now")
        else:
            self._say(f"Kept {leftover}: the next request is {request.count} × "
                                 f"{request.kind}, not {self._queue_kind}; press Enter to use")

    @Slot()
    def _answer_from_queue(self) -> None:
        request = self._request
        if request is None or len(self._queue) < request.count:
            return
        values, self._queue = self._queue[: request.count], self._queue[request.count:]
        self._update_queued()
        self.answered.emit(values)

    def _update_queued(self) -> None:
        self.queued.setText(
            f"Queued for the next {self._queue_kind} rolls: {' '.join(map(str, self._queue))}"
            if self._queue else "")
        self.queued.setVisible(bool(self._queue))

    # -- typing --------------------------------------------------------------------------------
    def _say(self, message: str) -> None:
        self.message.setText(message)
        self.message.setVisible(bool(message))

    @Slot()
    def submit(self) -> None:
        """Enter: check what was typed and answer the request (the rest goes to the queue)."""
        request = self._request
        if request is None:
            return
        try:
            totals = parse_rolls(self.input.text(), request.kind, request.count)
        except DiceInputError as exc:
            self.show_refusal(f"{exc}" + (f" ({request.rule})" if request.rule else ""))
            return
        self._say("")
        self._queue = totals[request.count:]
        self._queue_kind = request.kind
        self._update_queued()
        self.answered.emit(totals[: request.count])

    @Slot(str)
    def show_refusal(self, message: str) -> None:
        """A refused roll: the message stays until the next request; the input as typed."""
        self._say(message)
        self._queue = []
        self._update_queued()

    # -- sides and history ---------------------------------------------------------------------
    def set_sides(self, sides: Iterable[str], auto: dict[str, bool] | None = None) -> None:
        while self._switch_layout.count() > 1:  # the boxes and the stretch; the title stays
            item = self._switch_layout.takeAt(1)
            if item.widget() is not None:
                item.widget().deleteLater()
        self._switches = {}
        self._sides = tuple(sides)
        for side in self._sides:
            box = QCheckBox(side)
            box.setObjectName(f"autoDice_{side}")
            box.setToolTip(f"Let the computer roll the dice of side {side} (solo play)")
            box.setChecked(bool((auto or {}).get(side)))
            box.toggled.connect(self._switch_toggled)
            self._switch_layout.addWidget(box)
            self._switches[side] = box
        self._switch_layout.addStretch(1)
        self._switch_box.setVisible(bool(self._sides))

    def switch(self, side: str) -> QCheckBox:
        return self._switches[side]

    @Slot(bool)
    def _switch_toggled(self, on: bool) -> None:
        box = self.sender()
        for side, b in self._switches.items():
            if b is box:
                self.auto_changed.emit(side, on)

    @Slot(object, object, str)
    def add_roll(self, request: DiceRequest, values: object, source: str) -> None:
        """One more roll at the foot of the list (the oldest beyond :data:`HISTORY` go)."""
        self._append_roll(request, values, source)  # type: ignore[arg-type]
        while self.history.count() > HISTORY:
            self.history.takeItem(0)
        self.history.scrollToBottom()

    @Slot(object)
    def reset_rolls(self, records: Iterable[LogRecord]) -> None:
        """The list rebuilt from a whole game log: its last :data:`HISTORY` rolls."""
        self.history.clear()
        for roll in list(rolls_in_log(records))[-HISTORY:]:
            self._append_roll(*roll)
        self.history.scrollToBottom()

    def _append_roll(self, request: DiceRequest, values: Iterable[int], source: str) -> None:
        text = roll_text(request, values, source)
        self.history.addItem(text)
        item = self.history.item(self.history.count() - 1)
        item.setData(Qt.ItemDataRole.UserRole, source)
        item.setToolTip(text)  # a batch of 15 DAC rolls is wider than the dock
