"""The fire editor: a side's fire declarations in the Fire Decision Step (D6.315).

For each ship of the side, the weapons that can fire now (:mod:`sfb_desk.engine.orders.fire_options`:
loaded E1.2, capacitor H6.3, not destroyed D4.2, rate of fire E1.50/E2.22, fire control
D6.6), each with a check box, a target (enemy ships, then drones and other seekers), a mode
where the weapon has a choice (a photon's proximity fuse E4.3; an overloaded load fires as
its overload E3.5/E4.4) and what the shot would be: true and effective range (D1.4), in arc
or not (D2), the damage for each die (the weapon's chart with the EW shift, D6.34) or the
rule that forbids it. The weapons that cannot fire are listed below with the reason.

At a narrow width (the orders dock of a 1366x768 screen) a row keeps the weapon, its target and
its mode in view without sideways scrolling: the weapon's title and arcs move to the check box's
tool tip, the mode box shortens its text ("…", the whole in its tool tip) and what the shot would
be elides behind the target (whole in its tool tip) (:meth:`FireEditor.fit_width`).

The answer is the session's: ``{"ENT": [{"box": "photon#A", "target": "KRT"}, ...]}`` with
``"mode"`` only when it is not the weapon's default, in the order the weapons were checked
(the shots are rolled in declaration order); ships with nothing checked are left out.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.prompts import Prompt
from sfb_desk.engine.orders.fire_options import (
    OrdersContext,
    TargetOption,
    WeaponOption,
    fire_control,
    target_option,
    weapon_options,
)
from sfb_desk.rules.box_names import box_name
from sfb_desk.rules.combat import direct_fire_weapon
from sfb_desk.rules.units import Unit
from ..common.names import titled
from .editor import GREEN, GREY, RED, OrderEditor, OrdersInputError, note
from .room_width import FollowsRoomWidth


def describe(option: TargetOption | None) -> tuple[str, str]:
    """What a shot would be, and its colour: range, arc, damage by die, or the refusal."""
    if option is None:
        return "no target", GREY
    where = option.where
    rng = f"range {where.true_range}"
    if where.effective_range != where.true_range:
        rng += f" (effective {where.effective_range})"
    if option.refusal is not None:
        if not option.in_arc:
            return f"{rng}, out of arc (compass point {where.bearing}, D2)", RED
        return f"{rng}, in arc: {option.refusal}", RED
    dice = " ".join(str(d) for d in option.damage)
    if not option.can_damage:
        return f"{rng}, in arc, no damage on any die ({_dice(option)}: {dice})", GREY
    # the damage first: a narrow row shows it before the rest ends in "..."
    return f"{dice} by die {_dice(option)}; {rng}, in arc", GREEN


def short_title(title: str) -> str:
    """A weapon's title for a narrow row: "Phaser-1" -> "Ph-1", "Photon torpedo" -> "Photon",
    "Plasma-F bolt" -> "Plasma-F", "Heavy tractor-repulsor beam" -> "TR-H"; others as they
    are."""
    if "tractor-repulsor" in title:
        return "TR-H" if title.startswith("Heavy") else "TR-L"
    if title.startswith("Phaser-"):
        return "Ph-" + title[len("Phaser-"):]
    first, _, rest = title.partition(" ")
    return first if rest in ("torpedo", "beam", "bolt") else title


#: A fire mode in a narrow row (the whole word is in the mode box's tool tip and its list).
SHORT_MODES = {"standard": "std", "proximity": "prox", "overload": "OL", "suicide": "suic."}


#: The first word of a box's name in a narrow row (the whole name is in its tool tip).
SHORT_BOX_WORDS = {"Disruptor": "Disr.", "Anti-drone": "ADD", "Hellbore": "Hellb."}


def short_box(name: str) -> str:
    """A weapon box's name for a narrow row: "Disruptor A" -> "Disr. A"; a first word of
    more than eight letters without a short form: its first four letters and "."."""
    first, _, rest = name.partition(" ")
    word = SHORT_BOX_WORDS.get(first, first if len(first) <= 8 else first[:4] + ".")
    return f"{word} {rest}".strip()


def short_mode(mode: str) -> str:
    """``standard`` -> ``std``; a mode without a short form: its first four letters and "."."""
    return SHORT_MODES.get(mode, mode if len(mode) <= 5 else mode[:4] + ".")


def _dice(option: TargetOption) -> str:
    return "1–6" if len(option.damage) == 6 else "2–12"


class ElidedLabel(QLabel):
    """A one-line label that shows as much of its text as fits, ending in "…" (the whole text
    is its tool tip): the weapon rows stay one line high, so six of them fit a small screen.
    Its text up to ``head`` (the damage by die of a shot) is shown whole, without "…", when
    that much fits and the rest does not."""

    def __init__(self, head: str = "") -> None:
        super().__init__()
        self.head = head
        self.setProperty("elided", True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.set_narrow(False)

    def set_narrow(self, narrow: bool) -> None:
        """Room for six dice of damage, or (narrow) for a start of it."""
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("8 8" if narrow else
                                                                 "8 8 8 8 8 8") + 4)

    def shown_text(self) -> str:
        """What is drawn at the label's width."""
        fm, width, text = self.fontMetrics(), self.contentsRect().width(), self.text()
        if fm.horizontalAdvance(text) > width and self.head and self.head in text:
            first = text.split(self.head, 1)[0]
            if fm.horizontalAdvance(first) <= width:
                return first
        return fm.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def paintEvent(self, event) -> None:  # noqa: ANN001, N802 (Qt name)
        painter = QPainter(self)
        painter.drawText(self.contentsRect(), int(self.alignment()), self.shown_text())


def _unable(box: str, refusal: object) -> str:
    """Why a weapon cannot fire, the box in words: ``Photon A holds no complete load …``."""
    why = str(refusal)
    return why.replace(box, box_name(box)) if box in why else f"{box_name(box)}: {why}"


class WeaponRow:
    """One ready weapon: check box, target, mode and what the shot would be."""

    def __init__(self, editor: FireEditor, unit: Unit, option: WeaponOption, grid: QGridLayout,
                 row: int) -> None:
        self.editor, self.unit, self.option = editor, unit, option
        arcs = " ".join(option.weapon.arcs) or "360"
        self.check = QCheckBox(box_name(option.box))
        self.check.setObjectName(f"fire_{unit.id}_{option.box}")
        self.check.setToolTip(f"{option.title}, arcs {arcs} (SSD box {option.box})")
        self.kind = QLabel(f"{short_title(option.title)} {arcs}")  # the whole title: tooltip
        self.kind.setToolTip(f"{option.title}, arcs {arcs}")
        self.target = QComboBox()
        self.target.setObjectName(f"target_{unit.id}_{option.box}")
        for t in option.targets:
            self.target.addItem(f"{t.target} r{t.where.true_range}", t.target)
        self.target.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        best = option.best_target()
        if best is not None:
            self.target.setCurrentIndex(self.target.findData(best))
        self.mode = QComboBox()
        self.mode.setObjectName(f"mode_{unit.id}_{option.box}")
        for m in option.modes:
            self.mode.addItem(m, m)
        self.mode.setToolTip(f"Fire mode: {', '.join(option.modes)}")
        self.mode.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.mode.setVisible(len(option.modes) > 1)
        self.info = ElidedLabel(" by die")  # one line a weapon (the whole text: tool tip)
        self.grid, self.line = grid, 2 * row  # a grid line a weapon; a narrow row takes two
        grid.addWidget(self.check, self.line, 0)
        grid.addWidget(self.kind, self.line, 1)
        grid.addWidget(self.target, self.line, 2)
        self._place(False)
        self.hexes: QLineEdit | None = None
        if option.weapon.type == "WEB-CASTER":  # cast a web instead of a fist (E12.41)
            self.hexes = QLineEdit()
            self.hexes.setObjectName(f"web_{unit.id}_{option.box}")
            self.hexes.setPlaceholderText("web hexes")
            self.hexes.setToolTip("Cast a web into these hexes (1 to 5 in a straight line, "
                                  "E12.41), e.g. 2206 2306; left empty, the caster fires a web "
                                  "fist at the target (E14)")
            self.hexes.textEdited.connect(self._changed)
            grid.addWidget(self.hexes, self.line, 3)
        self.checked_at = 0  # the order the table checked the weapons in (shots resolve so)
        self.check.toggled.connect(self._toggled)
        self.target.currentIndexChanged.connect(self._changed)
        self.mode.currentIndexChanged.connect(self._changed)
        self._show()

    def _place(self, narrow: bool) -> None:
        """The mode box and the shot's line: after the target; or, in a narrow row of a
        weapon with modes, on a second line under the weapon and its target (the damage by
        die whole, without sideways scrolling at 1366x768)."""
        grid, line = self.grid, self.line
        for w in (self.mode, self.info):
            grid.removeWidget(w)
        if narrow and len(self.option.modes) > 1:
            grid.addWidget(self.mode, line + 1, 0, Qt.AlignmentFlag.AlignRight)
            grid.addWidget(self.info, line + 1, 2, 1, 3)
            return
        grid.addWidget(self.mode, line, 3)
        if len(self.option.modes) > 1 or self.option.weapon.type == "WEB-CASTER":
            grid.addWidget(self.info, line, 4)
        else:  # no mode to choose: the shot's line takes the mode's room too
            grid.addWidget(self.info, line, 3, 1, 2)

    def set_narrow(self, narrow: bool) -> None:
        """Narrow: the title and arcs only in the check box's tool tip, the box's name and
        the mode box short,
        the target without its range (in the shot's line and the tool tip), the mode and the
        shot's line of a weapon with modes on a line of their own."""
        self.kind.setVisible(not narrow)
        self.info.set_narrow(narrow)
        name = box_name(self.option.box)
        self.check.setText(short_box(name) if narrow else name)
        for i, t in enumerate(self.option.targets):
            self.target.setItemText(i, t.target if narrow
                                    else f"{t.target} r{t.where.true_range}")
        # a combo keeps the minimum size of its first texts: the layout reads this instead
        short = self.target.sizeHint().width()
        self.target.setMinimumWidth(short if narrow else 0)
        self.target.setMaximumWidth(short if narrow else 16777215)
        self._place(narrow)
        for i in range(self.mode.count()):
            mode = self.mode.itemData(i)
            self.mode.setItemText(i, short_mode(mode) if narrow else mode)
        # a combo's minimum size hint keeps its first, longest texts: the layout reads this
        short = self.mode.sizeHint().width()
        self.mode.setMinimumWidth(short if narrow else 0)
        self.mode.setMaximumWidth(short if narrow else 16777215)

    def current(self) -> TargetOption | None:
        target = self.target.currentData()
        if target is None:
            return None
        mode = self.mode.currentData()
        if mode == self.option.modes[0]:
            return self.option.option(target)
        return target_option(self.editor.ctx, self.unit, self.option, target, mode)

    def _toggled(self, on: bool) -> None:
        self.editor.mark_edited()
        self.checked_at = self.editor.next_check() if on else 0

    def _changed(self) -> None:
        self.editor.mark_edited()
        self._show()

    def _show(self) -> None:
        text, colour = describe(self.current())
        self.info.setText(text)
        self.info.setToolTip(text)
        self.info.setStyleSheet(f"color: {colour};")

    def order(self) -> dict[str, object]:
        if self.hexes is not None and self.hexes.text().split():  # E12.41: a cast web
            hexes = self.hexes.text().replace(",", " ").split()
            return {"box": self.option.box, "mode": "cast", "hexes": hexes}
        target = self.target.currentData()
        if target is None:
            raise OrdersInputError(f"{box_name(self.option.box)} of {self.unit.id}: there is "
                                   "no target to fire at (D6.315)")
        out: dict[str, object] = {"box": self.option.box, "target": target}
        mode = self.mode.currentData()
        w = direct_fire_weapon(self.option.weapon.type)
        if not self.option.add and w is not None and mode != w.default_mode:
            out["mode"] = mode
        return out


class FireEditor(FollowsRoomWidth, OrderEditor):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.rows: dict[str, list[WeaponRow]] = {}
        self._all_buttons: list[QPushButton] = []  # "Check all" in a narrow dock
        self._checks = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        units = ctx.side_units(getattr(prompt, "side", None)) if ctx is not None else []
        shown = 0
        for unit in units:
            options = weapon_options(ctx, unit)  # type: ignore[arg-type]
            if options:
                layout.addWidget(self._ship_box(unit, options))
                shown += 1
        if not shown:
            layout.addWidget(note("No ship of this side has weapons the program tracks: "
                                  "pass, or give the fire as JSON in a later version."))
        layout.addStretch(1)
        self.narrow = False
        self._wide = 0  # the width every column needs (measured before the first narrowing)

    def fit_width(self, width: int) -> None:
        """Lay the rows out for ``width`` pixels: narrow below the width every column needs."""
        if not self.narrow:
            self._wide = self.minimumSizeHint().width()
        narrow = width < self._wide
        if narrow != self.narrow:
            self.narrow = narrow
            for rows in self.rows.values():
                for r in rows:
                    r.set_narrow(narrow)
            for button in self._all_buttons:
                button.setText("Check all" if narrow else "Check all that can damage")

    def _ship_box(self, unit: Unit, options: list[WeaponOption]) -> QGroupBox:
        ctx = self.ctx
        assert ctx is not None
        record = ctx.record(unit.id)
        assert record is not None
        box = QGroupBox(titled(unit.id, unit.name, unit.spec_id))
        box.setObjectName(f"fireShip_{unit.id}")
        lay = QVBoxLayout(box)
        margins = lay.contentsMargins()  # a little less at the sides: the rows' room
        lay.setContentsMargins(min(margins.left(), 5), margins.top(), min(margins.right(), 5),
                               margins.bottom())
        lock = "no lock-on (range doubled, D6.123)" if unit.id in ctx.no_lock_on else "lock-on"
        facts = QLabel()  # wraps in a narrow dock (1366x768)
        facts.setObjectName(f"fireFacts_{unit.id}")
        facts.setWordWrap(True)
        facts.setText(f"{unit.hex.label} facing {unit.facing_letter}; phaser capacitor "
                      f"{record.capacitor}; fire control {fire_control(record).mode}; {lock}")
        facts.setToolTip(facts.text())
        facts.setStyleSheet(f"color: {GREY};")
        lay.addWidget(facts)
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setColumnStretch(4, 1)
        lay.addLayout(grid)
        rows = []
        for option in options:
            if option.not_ready is None:
                rows.append(WeaponRow(self, unit, option, grid, len(rows)))
        self.rows[unit.id] = rows
        if not rows:
            lay.addWidget(note("No weapon can fire now."))
        waiting = [o for o in options if o.not_ready is not None]
        if waiting:
            text = "; ".join(_unable(o.box, o.not_ready) for o in waiting)
            lay.addWidget(note(f"Cannot fire: {text}"))
        if rows:
            buttons = QHBoxLayout()
            every = QPushButton("Check all that can damage")
            every.setObjectName(f"fireAll_{unit.id}")
            every.setToolTip("Check every weapon whose shot can damage its target")
            self._all_buttons.append(every)
            every.clicked.connect(lambda _=False, u=unit.id: self.check_all(u))
            clear = QPushButton("Clear")
            clear.clicked.connect(lambda _=False, u=unit.id: self.clear(u))
            buttons.addWidget(every)
            buttons.addWidget(clear)
            buttons.addStretch(1)
            lay.addLayout(buttons)
        return box

    def next_check(self) -> int:
        self._checks += 1
        return self._checks

    def row(self, unit: str, box: str) -> WeaponRow:
        return next(r for r in self.rows[unit] if r.option.box == box)

    def check_all(self, unit: str) -> None:
        """Check every weapon of ``unit`` whose shot at its target could do damage."""
        for r in self.rows.get(unit, []):
            current = r.current()
            r.check.setChecked(current is not None and current.can_damage)

    def clear(self, unit: str) -> None:
        for r in self.rows.get(unit, []):
            r.check.setChecked(False)

    def value(self) -> object:
        out: dict[str, list[dict[str, object]]] = {}
        for uid, rows in self.rows.items():
            checked = sorted((r for r in rows if r.check.isChecked()), key=lambda r: r.checked_at)
            shots = [r.order() for r in checked]
            if shots:
                out[uid] = shots
        return out
