"""The game log view: every prompt, answer, refusal and event, newest at the bottom,
filterable by kind and by text, following new entries while scrolled to the bottom.

:class:`LogModel` holds :class:`~sfb_desk.engine.log.LogRecord` values (frozen) and appends as
the game goes; :meth:`EventLog.bind` follows a GameController (``event_logged`` appends,
``log_reset`` replaces the whole log after a load, undo or redo).

Each line is a sentence (:mod:`.log_lines`: what was asked, what was decided, by whom); the
"Details" switch shows the answers with their prompt keys and values as given instead. A long
answer's full value is the line's tool tip. The line writers (and the engine and rules they read)
are imported with the first record: the log is empty at start-up (issue 13).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Slot,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.log import ANSWER, EVENT, PROMPT, REFUSED, LogRecord

if TYPE_CHECKING:
    from .log_lines import EnergyTotals

#: The names of :mod:`.log_lines` re-exported for the log's users (imported when first asked).
_LINES = frozenset({"LONG", "EnergyTotals", "_order_kind", "allocation_summary", "describe",
                    "full_answer", "game_totals", "orders_summary"})


def __getattr__(name: str) -> object:
    if name in _LINES:
        from . import log_lines

        return getattr(log_lines, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _unit_words(controller):  # noqa: ANN001, ANN202
    """The controller's units in words (:class:`sfb_desk.engine.words.UnitWords`), None
    without a game."""
    state = controller.state
    if state is None:
        return None
    from sfb_desk.engine.words import UnitWords

    setup = getattr(controller.record, "setup", None) or {}
    return UnitWords({u.id: u for u in state.units}, setup.get("specs") or {})


def _game_totals(controller) -> EnergyTotals:  # noqa: ANN001
    """:func:`.log_lines.game_totals` of the controller's game, imported when first used."""
    def totals(unit_id: str, turn: int, allocation: object) -> tuple[object, object] | None:
        from .log_lines import game_totals

        return game_totals(lambda: controller.record)(unit_id, turn, allocation)

    return totals

#: Filter choices: label -> record kinds shown.
KINDS: dict[str, frozenset[str]] = {
    "Everything": frozenset({PROMPT, ANSWER, REFUSED, EVENT}),
    "Events": frozenset({EVENT}),
    "Answers and dice": frozenset({ANSWER}),
    "Refusals": frozenset({REFUSED}),
    "Prompts": frozenset({PROMPT}),
}
KIND_ROLE = Qt.ItemDataRole.UserRole + 1
RECORD_ROLE = Qt.ItemDataRole.UserRole + 2


class LogModel(QAbstractListModel):
    """The log's records and their lines. ``totals`` (set by :meth:`EventLog.bind`) gives the
    power used of an allocation; the prompts seen name what each answer answers."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._records: list[LogRecord] = []
        self._lines: list[str] = []
        self._tips: list[str | None] = []
        self._asked: dict[str, object] = {}
        self.totals: EnergyTotals | None = None
        #: the game's units in words (set by :meth:`EventLog.bind`): answers name them so
        self.words: Callable[[], object] | None = None
        self.details = False  # answers with their prompt keys and values as given

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._records)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._lines[index.row()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tips[index.row()]
        if role == KIND_ROLE:
            return self._records[index.row()].kind
        if role == RECORD_ROLE:
            return self._records[index.row()]
        return None

    def _describe(self, records: Iterable[LogRecord]) -> None:
        records = list(records)
        if not records:
            return
        from .log_lines import describe, full_answer

        words = self.words() if self.words is not None else None
        for r in records:
            prompt = self._asked.get(r.key)
            if r.kind == PROMPT:
                self._asked[r.key] = r.data
            line = describe(r, prompt, self._totals(r, prompt), details=self.details,
                            words=words)
            self._records.append(r)
            self._lines.append(line)
            plain = r.kind == ANSWER and line.endswith(f"← {r.data!r} ({r.source})")
            self._tips.append(full_answer(r) if r.kind == ANSWER and not plain else None)

    def set_details(self, on: bool) -> None:
        """Show the prompt keys and answers as given (on) or sentences (off)."""
        if on != self.details:
            self.details = on
            self.reset(list(self._records))

    def _totals(self, record: LogRecord, prompt: object) -> tuple[object, object] | None:
        from sfb_desk.engine.energy_steps import parse_allocation
        from sfb_desk.engine.prompts import Orders
        from sfb_desk.qt.ea_game import EA_KIND
        from sfb_desk.rules.energy import Allocation

        from .log_lines import _order_kind

        if self.totals is None or record.kind != ANSWER or _order_kind(record, prompt) != EA_KIND:
            return None
        unit = prompt.unit if isinstance(prompt, Orders) and prompt.unit else \
            record.key.rsplit(".", 1)[-1]
        allocation = parse_allocation(record.data, "", record.turn)
        if not isinstance(allocation, Allocation):
            return None
        try:
            return self.totals(unit, record.turn, allocation)
        except Exception:  # noqa: BLE001 - the line stays readable without its total
            return None

    def append(self, records: Iterable[LogRecord]) -> None:
        new = list(records)
        if not new:
            return
        first = len(self._records)
        self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
        self._describe(new)
        self.endInsertRows()

    def reset(self, records: Iterable[LogRecord]) -> None:
        self.beginResetModel()
        self._records, self._lines, self._tips, self._asked = [], [], [], {}
        self._describe(records)
        self.endResetModel()

    def record(self, row: int) -> LogRecord:
        return self._records[row]


class LogFilter(QSortFilterProxyModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._kinds = KINDS["Everything"]
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_kinds(self, kinds: frozenset[str]) -> None:
        self.beginFilterChange()
        self._kinds = kinds
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        index = self.sourceModel().index(row, 0, parent)
        if index.data(KIND_ROLE) not in self._kinds:
            return False
        return super().filterAcceptsRow(row, parent)


class WrappedLines(QStyledItemDelegate):
    """Item sizes of wrapped lines, remembered by text at the view's width: a list of items of
    different heights lays every item out again when a line is added, and measuring each
    wrapped text every time made a click slower the longer the game (56 ms at 5,000 lines)."""

    KEEP = 3  # widths remembered (the view asks at its width, and now and then at others)

    def __init__(self, parent=None) -> None:  # noqa: ANN001
        super().__init__(parent)
        self._sizes: dict[int, dict[str, QSize]] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: ANN001, N802
        width = option.rect.width()
        sizes = self._sizes.get(width)
        if sizes is None:  # a new width (the view was resized): lines wrap anew
            if len(self._sizes) >= self.KEEP:
                del self._sizes[next(iter(self._sizes))]
            sizes = self._sizes[width] = {}
        text = index.data()
        size = sizes.get(text)
        if size is None:
            size = sizes[text] = super().sizeHint(option, index)
        return size


class EventLog(QWidget):
    """The log view with its kind and text filters (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.proxy = LogFilter(self)
        self.proxy.setSourceModel(self.model)
        self.kind = QComboBox()
        self.kind.addItems(list(KINDS))
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(7)  # the log fits a 1366-pixel screen beside the EA
        self.kind.currentTextChanged.connect(self._kind_changed)
        self.search = QLineEdit()
        self.search.setPlaceholderText("filter")  # short: the log's dock is narrow at 1366
        self.search.setToolTip("Show only the lines containing this text")
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("filter") + 48)
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.details = QCheckBox("Details")
        self.details.setObjectName("logDetails")
        self.details.setToolTip("Show each answer with its prompt key and its value as given "
                                "(for checking a game against its save)")
        self.details.toggled.connect(self._details_changed)
        self.view = QListView()
        self.view.setModel(self.proxy)
        # whole lines at any width (1366x768 too): long sentences wrap, no sideways scrolling;
        # items are laid out in batches so a long game's log stays quick to show
        self.view.setItemDelegate(WrappedLines(self.view))
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setLayoutMode(QListView.LayoutMode.Batched)
        self.view.setBatchSize(200)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view.setObjectName("eventLogView")
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        # following the newest line: wrapped lines are measured after they are added, so the
        # view goes on to the bottom when its range grows, unless the reader scrolled up
        self._follow = True
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)
        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.search, 1)
        top.addWidget(self.details)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view)

    def bind(self, controller) -> None:
        self.model.totals = _game_totals(controller)
        self.model.words = lambda: _unit_words(controller)
        controller.event_logged.connect(self.append)
        controller.log_reset.connect(self.reset)
        self.reset(controller.log)

    @Slot(bool)
    def _details_changed(self, on: bool) -> None:
        self.model.set_details(on)
        self.view.scrollToBottom()

    @Slot(str)
    def _kind_changed(self, label: str) -> None:
        self.proxy.set_kinds(KINDS[label])

    def _at_bottom(self) -> bool:
        bar = self.view.verticalScrollBar()
        return self._follow or bar.value() >= bar.maximum()

    @Slot(int)
    def _scrolled(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()

    @Slot(int, int)
    def _range_changed(self, low: int, high: int) -> None:
        if self._follow:
            self.view.verticalScrollBar().setValue(high)

    @Slot(object)
    def append(self, record: LogRecord) -> None:
        """Add a line; a view following the newest goes on to it once the line is laid out
        (:meth:`_range_changed`: scrolling now would lay out every line at each append)."""
        self._follow = self._at_bottom()
        self.model.append([record])

    @Slot(object)
    def reset(self, records: Iterable[LogRecord]) -> None:
        self.model.reset(records)
        self._follow = True
        self.view.scrollToBottom()

    def visible_lines(self) -> list[str]:
        return [self.proxy.index(i, 0).data() for i in range(self.proxy.rowCount())]
