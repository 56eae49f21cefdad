"""The game log view: every prompt, answer, refusal and event, newest at the bottom,
filterable by kind and by text, following new entries while scrolled to the bottom.

:class:`LogModel` holds :class:`~sfb_desk.engine.log.LogRecord` values (frozen) and appends as
the game goes; :meth:`EventLog.bind` follows a GameController (``event_logged`` appends,
``log_reset`` replaces the whole log after a load, undo or redo).

Long answers read as one short line: an energy allocation (B3) as its speed plot (C12.12), the
weapons armed, held and overloaded, the reinforcement (D3.34), the other lines off their
defaults and, bound to a game, the power used of the power available (line 20); a fire or
launch declaration longer than :data:`LONG` as "who at whom: which weapons". The answer as
given is the line's tool tip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from fractions import Fraction

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Slot,
)
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QListView, QVBoxLayout, QWidget

from sfb_desk.engine.energy_steps import parse_allocation
from sfb_desk.engine.log import ANSWER, EVENT, PROMPT, REFUSED, LogRecord
from sfb_desk.engine.prompts import Orders
from sfb_desk.qt.ea_game import EA_KIND, ship_record, spec_of, start_states
from sfb_desk.qt.game_record import GameRecord
from sfb_desk.rules.energy import Allocation, ledger

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


LONG = 120  # a fire or launch answer line longer than this is summarised
TIP_WIDTH = 100  # characters per line of a summarised answer's tool tip
#: The power used and available of an accepted allocation (unit, turn), if they can be known.
EnergyTotals = Callable[[str, int, Allocation], "tuple[object, object] | None"]
_DEFAULT_EA = Allocation(ship="")
_SKIPPED = {"ship", "turn", "note", "weapons", "speed_plot", "general_reinforcement",
            "specific_reinforcement"}
_NAMES = {"phaser_capacitor": "phaser capacitor", "battery_recharge": "recharge",
          "battery_discharge": "battery discharge", "em": "erratic maneuvers",
          "hets": "HETs", "warp_tacs": "warp TACs", "sublight_tac": "sublight TAC",
          "ecm": "ECM", "eccm": "ECCM", "pa_level": "PA panels", "edr_labs": "EDR labs"}


def _boxes(boxes: Iterable[str]) -> str:
    """``photon#A, photon#B, phaser#1`` -> ``"photon A B, phaser 1"``."""
    families: dict[str, list[str]] = {}
    for box in boxes:
        family, _, number = box.partition("#")
        families.setdefault(family, []).append(number)
    return ", ".join(" ".join([f, *[n for n in ns if n]]) for f, ns in families.items())


def _num(value: object) -> str:
    """An energy amount as the sheet writes it: ``3``, ``0.5``, ``27.5``."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):.3g}"
    return str(value)


def _plot_text(plot: tuple[tuple[int, int], ...]) -> str:
    (_, first), *rest = plot
    return f"speed {first}" + "".join(f", {v} from impulse {i}" for i, v in rest)


def allocation_summary(value: object, turn: int,
                       totals: tuple[object, object] | None = None) -> str | None:
    """One line for an energy allocation answer (B3), None if it is not a whole allocation:
    ``"speed 2 · arm photon A · hold OL photon B C D · reinforce general 2, #1 +3 · used 28
    of 36"`` (lines left at their defaults are not named; OL: overloaded)."""
    ship = value.get("ship", "") if isinstance(value, dict) else ""
    a = parse_allocation(value, ship if isinstance(ship, str) else "", turn)
    if not isinstance(a, Allocation):
        return None
    parts = [_plot_text(a.speed_plot)]
    groups: dict[str, list[str]] = {}
    for o in a.weapons:
        label = {"none": "no power to"}.get(o.action, o.action)
        label += " OL" if o.overload else ""
        label += " enveloping" if o.enveloping else ""
        label += f" {o.mode}" if o.mode else ""
        box = o.box if o.energy is None else f"{o.box}({_num(o.energy)})"
        groups.setdefault(label, []).append(box)
    parts += [f"{label} {_boxes(boxes)}" for label, boxes in groups.items()]
    reinforce = [f"general {a.general_reinforcement}"] if a.general_reinforcement else []
    reinforce += [f"#{n} +{p}" for n, p in enumerate(a.specific_reinforcement, 1) if p]
    if reinforce:
        parts.append("reinforce " + ", ".join(reinforce))
    for f in fields(Allocation):
        mine, default = getattr(a, f.name), getattr(_DEFAULT_EA, f.name)
        if f.name in _SKIPPED or mine == default:
            continue
        name = _NAMES.get(f.name, f.name.replace("_", " "))
        if mine is True:
            parts.append(name)
        elif isinstance(mine, tuple):
            parts.append(f"{name} {' '.join(map(str, mine))}")
        else:
            parts.append(f"{name} {_num(mine)}")
    if totals is not None:
        parts.append(f"used {_num(totals[0])} of {_num(totals[1])}")
    return " · ".join(parts)


def _item_text(kind: str, item: object) -> str:
    """A shot ``{"box", "target", ...}`` or a launch ``{"id", "box", "target", ...}``."""
    if not isinstance(item, dict):
        return repr(item)
    extra = [f"{k} {v}" for k, v in item.items() if k not in ("box", "id", "target", "kind")]
    text = str(item.get("id", "")) if kind else str(item.get("box", ""))
    if kind:
        text = f"{item.get('kind', kind)} {text}".strip()
        text += f" from {item['box']}" if item.get("box") is not None else ""
    if item.get("target") is not None:
        text += f" at {item['target']}"
    return text + (f" ({', '.join(extra)})" if extra else "")


def orders_summary(kind: str, value: object) -> str | None:
    """One line for a fire (D6.315) or launch (F2) declaration ``{unit: ...}``, None for any
    other shape: ``"ENT at KRT: photon B C, phaser 1 2"``,
    ``"KRT: drone KD1 from drone#1 at ENT"``."""
    if not isinstance(value, dict) or not value:
        return None
    parts = []
    for uid, orders in value.items():
        if kind == "fire" and isinstance(orders, list) and all(
                isinstance(o, dict) and set(o) <= {"box", "target"} for o in orders):
            by_target: dict[object, list[str]] = {}
            for o in orders:
                by_target.setdefault(o.get("target"), []).append(str(o.get("box")))
            parts.append(f"{uid} " + "; ".join(f"at {t}: {_boxes(b)}" for t, b in by_target.items())
                         if orders else f"{uid} holds fire")
        elif kind == "fire" and isinstance(orders, list):
            parts.append(f"{uid}: " + ", ".join(_item_text("", o) for o in orders))
        elif kind == "launches" and isinstance(orders, dict):
            items = [_item_text({"drones": "drone", "plasma": "plasma", "shuttles": "shuttle",
                                 "seekers": "seeker"}.get(k, k), i)
                     for k, v in orders.items() for i in (v if isinstance(v, list) else [v])]
            parts.append(f"{uid}: " + (", ".join(items) or "nothing"))
        else:
            return None
    return " · ".join(parts)


def _order_kind(record: LogRecord, prompt: object = None) -> str:
    """The order kind asked (from the prompt when known, else from the key: T1.ea.ENT)."""
    if isinstance(prompt, Orders):
        return prompt.kind
    parts = record.key.split(".")[1:3]
    return EA_KIND if "ea" in parts else "fire" if "fire" in parts else \
        "launches" if "launch" in parts else ""


def describe(record: LogRecord, prompt: object = None,
             totals: tuple[object, object] | None = None) -> str:
    """One line of the log (``prompt``: the prompt answered, when known; ``totals``: power
    used and available of an allocation answer)."""
    where = f"T{record.turn}" + (f".{record.impulse}" if record.impulse else "")
    data = record.data
    if record.kind == EVENT:
        text = getattr(data, "text", "") or getattr(data, "kind", str(data))
        rule = getattr(data, "rule", "")
        return f"{where}  {text}" + (f" ({rule})" if rule else "")
    if record.kind == PROMPT:
        return f"{where}  ? {getattr(data, 'purpose', record.key)}"
    if record.kind == REFUSED:
        value, refusal = data if isinstance(data, tuple) else (data, "")
        return f"{where}  refused {value!r} for {record.key}: {refusal}"
    line = f"{where}  {record.key} ← {data!r} ({record.source})"
    kind = _order_kind(record, prompt)
    short = None
    if kind == EA_KIND:
        short = allocation_summary(data, record.turn, totals)
    elif kind in ("fire", "launches") and len(line) > LONG:
        short = orders_summary(kind, data)
    return line if short is None else f"{where}  {record.key} ← {short} ({record.source})"


def _packed(value: object, width: int = TIP_WIDTH, indent: str = "") -> list[str]:
    """``value`` as Python writes it, the items of a dict or list too long for one line
    packed into lines of about ``width`` characters (an item too long itself is broken the
    same way, indented one step further)."""
    text = repr(value)
    if len(indent) + len(text) <= width or not isinstance(value, (dict, list, tuple)) \
            or not value:
        return [indent + text]
    if isinstance(value, dict):
        items = [(f"{k!r}: ", v) for k, v in value.items()]
        opener, closer = "{", "}"
    else:
        items = [("", v) for v in value]
        opener, closer = ("[", "]") if isinstance(value, list) else ("(", ")")
    lines: list[str] = []
    line = indent + opener  # "" once a broken item has closed its last line
    for n, (head, item) in enumerate(items):
        end = "," if n < len(items) - 1 else closer
        single = head + repr(item) + end
        fresh = line == indent + opener
        if len(indent) + 1 + len(single) <= width:
            if fresh or line and len(line) + 1 + len(single) <= width:
                line += ("" if fresh else " ") + single
            else:
                if line:
                    lines.append(line)
                line = f"{indent} {single}"
            continue
        chunk = _packed(item, width - len(head), indent + "  ")
        chunk[0] = head + chunk[0].lstrip()
        chunk[-1] += end
        if fresh:
            chunk[0] = line + chunk[0]
        else:
            if line:
                lines.append(line)
            chunk[0] = f"{indent} {chunk[0]}"
        lines += chunk
        line = ""
    if line:
        lines.append(line)
    return lines


def full_answer(record: LogRecord) -> str:
    """An answer as given, laid out over lines (the tool tip of a summarised line)."""
    return f"{record.key} ← ({record.source})\n" + "\n".join(_packed(record.data))


def game_totals(game: Callable[[], GameRecord | None]) -> EnergyTotals:
    """Power used and available of an accepted allocation of the game ``game()`` returns
    (line 20 of the form, :func:`sfb_desk.rules.energy.ledger`) against the energy the unit
    started that turn with; None for a unit without a ship record and class."""

    def totals(unit_id: str, turn: int, allocation: Allocation) -> tuple[object, object] | None:
        record = game()
        spec = spec_of(record, unit_id)
        if record is None or spec is None:
            return None
        state = start_states(record, unit_id).get(turn)
        rec = ship_record(record, unit_id)
        if state is None and rec is not None and rec.allocation is not None \
                and rec.allocation.turn == turn:
            state = replace(rec.energy, turn=turn)
        if state is None:
            return None
        led = ledger(replace(allocation, ship=spec.id, turn=turn), spec, state)
        return led.total_used, led.available

    return totals


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
        for r in records:
            prompt = self._asked.get(r.key)
            if r.kind == PROMPT:
                self._asked[r.key] = r.data
            line = describe(r, prompt, self._totals(r, prompt))
            self._records.append(r)
            self._lines.append(line)
            plain = r.kind == ANSWER and line.endswith(f"← {r.data!r} ({r.source})")
            self._tips.append(full_answer(r) if r.kind == ANSWER and not plain else None)

    def _totals(self, record: LogRecord, prompt: object) -> tuple[object, object] | None:
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


class EventLog(QWidget):
    """The log view with its kind and text filters (module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LogModel(self)
        self.proxy = LogFilter(self)
        self.proxy.setSourceModel(self.model)
        self.kind = QComboBox()
        self.kind.addItems(list(KINDS))
        self.kind.currentTextChanged.connect(self._kind_changed)
        self.search = QLineEdit()
        self.search.setPlaceholderText("filter the log")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QListView()
        self.view.setModel(self.proxy)
        self.view.setUniformItemSizes(True)
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.search, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view)

    def bind(self, controller) -> None:
        self.model.totals = game_totals(lambda: controller.record)
        controller.event_logged.connect(self.append)
        controller.log_reset.connect(self.reset)
        self.reset(controller.log)

    @Slot(str)
    def _kind_changed(self, label: str) -> None:
        self.proxy.set_kinds(KINDS[label])

    def _at_bottom(self) -> bool:
        bar = self.view.verticalScrollBar()
        return bar.value() >= bar.maximum()

    @Slot(object)
    def append(self, record: LogRecord) -> None:
        follow = self._at_bottom()
        self.model.append([record])
        if follow:
            self.view.scrollToBottom()

    @Slot(object)
    def reset(self, records: Iterable[LogRecord]) -> None:
        self.model.reset(records)
        self.view.scrollToBottom()

    def visible_lines(self) -> list[str]:
        return [self.proxy.index(i, 0).data() for i in range(self.proxy.rowCount())]
