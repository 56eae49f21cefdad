"""The ``tractors`` (G7) and ``marines`` (D3.5, D7, G8) forms of the orders panel.

* :class:`TractorsEditor`: per ship of the side, one row per tractor box free to lock on now
  (not holding, not used this turn, not within 8 impulses of a release, G7.13; a TR beam too,
  E9.4): "lock on" with the target chosen from the units within tractor range (G7.31; range 3
  with the extended-range option, G7.6), the nearest enemy first, and the power (at least the
  link's cost, G7.15; a TR beam bids the energy it holds, E9.42); and a "release" check box
  per link the ship holds. The answer ``{ship: {"link": [{"box", "target", "power"}],
  "release": [target]}}``.
* :class:`MarinesEditor`: per ship with transporters, its shields to drop or raise (D3.5,
  D3.51), the boxes its own boarding parties guard (D7.83), hit-and-run raids (D7.8: an
  enemy ship within transporter range, G8.14, and a box a raid may name, D7.823; "Add raid"
  adds one) and boarding parties beamed over (D7: a count per enemy ship in range). The answer
  ``{ship: {"drop": [k], "raise": [k], "guards": [box], "raids": [{"target", "box"}],
  "board": [{"target", "parties"}]}}`` with only what is set (guards whenever some are posted,
  since the orders replace them). Transporter bombs (M3.22) are given under "Details".

The sequencer checks the rest and refuses with the rule (shields up between the ships, G8.21;
transporter uses paid, G8.13; lock-on, G7.41); the form keeps what was set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QToolButton,
    QWidget,
)

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.box_names import box_name
from sfb_desk.rules.combat.shields import DROPPED
from sfb_desk.rules.hexes import hex_range
from sfb_desk.rules.systems import tractors as tr
from sfb_desk.rules.systems import transporters as tp
from sfb_desk.rules.units import SHIP, Unit
from .details import DetailsForm, box_items, combo
from .editor import note
from .ship_orders import side_ships

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext


def in_reach(ctx: OrdersContext, me: Unit, reach: int, *, ships_only: bool = False
             ) -> list[tuple[Unit, int]]:
    """Active units within ``reach`` of ``me`` (not itself), enemies first, nearest first."""
    out = []
    for u in ctx.state.units:
        if u.id == me.id or not u.active or (ships_only and u.kind != SHIP):
            continue
        rng = hex_range(me.hex, u.hex)
        if rng <= reach:
            out.append((u, rng))
    return sorted(out, key=lambda p: (p[0].side == me.side, p[1], p[0].id))


def _target_items(targets: list[tuple[Unit, int]]) -> list[tuple[str, str]]:
    return [(f"{u.id} r{rng}" + ("" if u.kind == SHIP else f" ({u.kind})"), u.id)
            for u, rng in targets]


class TractorsEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        #: (ship, box, lock on, target, power) per free tractor box
        self.links: list[tuple[str, str, QCheckBox, QComboBox, QSpinBox]] = []
        #: (ship, target, release) per link held
        self.releases: list[tuple[str, str, QCheckBox]] = []
        ships = side_ships(prompt, ctx)
        for uid, record, spec in ships:
            self._ship(ctx, uid, record, spec)
        if not self.links and not self.releases:
            self.form.addRow(note("No tractor of this side is free to lock on and none holds a "
                                  "link (G7.11, G7.13)."))
        self.form.addRow(note("A link needs a lock-on (G7.41) and holds only against a weaker "
                              "negative tractor (G7.352)."))

    def _ship(self, ctx: OrdersContext, uid: str, record, spec) -> None:  # noqa: ANN001
        unit = ctx.unit(uid)
        self.heading(uid)
        state = ctx.combat.tractors if ctx.combat is not None else tr.NO_TRACTORS
        extended = ctx.state.options.systems.tractor_extended_range
        reach = tr.EXTENDED_RANGE if extended else tr.BASE_RANGE
        boxes = tr.tractor_boxes(tuple(f"tractor#{n}" for n in
                                       range(1, spec.count("tractor") + 1)), unit.destroyed)
        boxes += tuple(w.box_ids[0] for w in spec.weapons  # E9.4: TR beams as tractors
                       if w.type.upper() in ("TR-H", "TR-L") and w.box_ids[0] not in
                       unit.destroyed and w.box_ids[0] not in record.fired)
        free = [b for b in boxes if tr.box_free(state, uid, b, ctx.clock) is None]
        targets = in_reach(ctx, unit, reach)
        for link in state.holding(uid):
            box = QCheckBox(f"release {link.target}")
            box.setObjectName(f"release_{uid}_{link.target}")
            box.setToolTip(f"{box_name(link.box)} of {uid} lets go of {link.target} (G7.4)")
            box.toggled.connect(self.mark_edited)
            self.form.addRow(box_name(link.box), box)
            self.releases.append((uid, link.target, box))
        if free and not targets:
            self.form.addRow(note(f"No unit within tractor range {reach} (G7.31)."))
            return
        for b in free:
            use = QCheckBox("lock on")
            use.setObjectName(f"tractor_{uid}_{b}")
            target = combo(f"tractor_target_{uid}_{b}", _target_items(targets),
                           "The unit to lock on to (within tractor range, G7.31)")
            power = QSpinBox()
            power.setObjectName(f"tractor_power_{uid}_{b}")
            tr_beam = not b.startswith("tractor#")
            power.setRange(0 if tr_beam else 1, 30)
            power.setToolTip("A TR beam bids the energy it holds, plus this (E9.42)" if tr_beam
                             else "Tractor power for the link: at least its cost (G7.15)")
            row = QHBoxLayout()
            for w in (use, target, power):
                row.addWidget(w)
            row.addStretch(1)
            self.form.addRow(box_name(b), row)
            item = (uid, b, use, target, power)
            self.links.append(item)
            self._cost(item, targets)
            target.currentIndexChanged.connect(lambda _i, it=item, ts=targets: self._cost(it, ts))
            for w in (use, target, power):
                signal = w.toggled if w is use else w.currentIndexChanged if w is target \
                    else w.valueChanged
                signal.connect(self.mark_edited)

    def _cost(self, item, targets) -> None:  # noqa: ANN001
        """The power spin box starts at the link's cost at the chosen target's range."""
        _uid, box, _use, target, power = item
        rng = next((r for u, r in targets if u.id == target.currentData()), 0)
        cost = tr.link_cost(rng, self.ctx.state.options.systems.tractor_extended_range)
        if box.startswith("tractor#"):
            power.setValue(cost if isinstance(cost, int) else 1)

    def form_value(self) -> object:
        out: dict[str, dict[str, list]] = {}
        for uid, box, use, target, power in self.links:
            if use.isChecked() and target.currentData() is not None:
                order = {"box": box, "target": target.currentData()}
                if box.startswith("tractor#") or power.value():
                    order["power"] = power.value()
                out.setdefault(uid, {}).setdefault("link", []).append(order)
        for uid, target, box in self.releases:
            if box.isChecked():
                out.setdefault(uid, {}).setdefault("release", []).append(target)
        return out


class _Raid:
    """One raid row: the enemy ship and the box."""

    def __init__(self, editor: MarinesEditor, uid: str, targets: list[tuple[Unit, int]],
                 n: int) -> None:
        self.editor = editor
        self.target = combo(f"raid_target_{uid}_{n}", _target_items(targets),
                            "An enemy ship within transporter range (G8.14)", 8)
        self.box = combo(f"raid_box_{uid}_{n}", [], "The box the raid is sent to (D7.81; "
                         "not a shield, damage control or excess damage box, D7.823)", 9)
        self.remove = QToolButton()
        self.remove.setText("×")
        self.remove.setObjectName(f"raid_remove_{uid}_{n}")
        self.remove.setToolTip("Remove this raid")
        self.row: QHBoxLayout | None = None
        self.target.currentIndexChanged.connect(self._boxes)
        self.target.currentIndexChanged.connect(editor.mark_edited)
        self.box.currentIndexChanged.connect(editor.mark_edited)
        self._boxes()

    def _boxes(self) -> None:
        ctx = self.editor.ctx
        tid = self.target.currentData()
        unit = ctx.unit(tid) if tid else None
        record = ctx.record(tid) if tid else None
        spec = ctx.spec_of(record) if record is not None else None
        self.box.clear()
        if unit is None or spec is None:
            return
        ids = spec.box_ids()
        boxes = [b for b in dict.fromkeys(ids)
                 if tp.raid_target_refusal(b, ids, unit.destroyed) is None]
        for text, data in box_items(boxes):
            self.box.addItem(text, data)

    def order(self) -> dict[str, str] | None:
        tid, box = self.target.currentData(), self.box.currentData()
        return {"target": tid, "box": box} if tid and box else None


class MarinesEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.shields: dict[str, dict[int, QCheckBox]] = {}
        self.dropped: dict[str, frozenset[int]] = {}
        self.guards: dict[str, QListWidget] = {}
        self.posted: dict[str, frozenset[str]] = {}
        self.raids: dict[str, list[_Raid]] = {}
        self.adders: dict[str, QPushButton] = {}
        self.board: dict[str, dict[str, QSpinBox]] = {}
        ships = [s for s in side_ships(prompt, ctx) if s[2].count("transporter")]
        for uid, record, spec in ships:
            self._ship(ctx, uid, record, spec)
        if not ships:
            self.form.addRow(note("No ship of this side has transporters (G8.1)."))
        self.form.addRow(note("Transporters work only through dropped or down shields, both "
                              "ships' (G8.21), within 5 hexes (G8.14), once a turn each "
                              "(G8.11), as many uses as were paid for (G8.13). Transporter "
                              "bombs (M3.22): under Details."))

    def _ship(self, ctx: OrdersContext, uid: str, record, spec) -> None:  # noqa: ANN001
        unit = ctx.unit(uid)
        self.heading(uid)
        status = record.shields.status
        self.dropped[uid] = frozenset(k for k in range(1, 7) if status[k - 1] == DROPPED)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        boxes = {}
        for k in range(1, 7):
            word = "raise" if k in self.dropped[uid] else "drop"
            box = QCheckBox(f"{word} #{k}")
            box.setObjectName(f"shield_{uid}_{k}")
            box.setToolTip(f"{word.capitalize()} shield #{k} (D3.5, D3.51)")
            box.toggled.connect(self.mark_edited)
            grid.addWidget(box, (k - 1) // 2, (k - 1) % 2)
            boxes[k] = box
        self.shields[uid] = boxes
        self.form.addRow("Shields", grid)
        guards = QListWidget()
        guards.setObjectName(f"guards_{uid}")
        guards.setToolTip("Boxes its own boarding parties guard, one party a box (D7.83)")
        self.posted[uid] = frozenset(record.systems.guards)
        ids = spec.box_ids()
        for b in dict.fromkeys(ids):
            if tp.raid_target_refusal(b, ids, unit.destroyed) is not None:
                continue
            item = QListWidgetItem(box_name(b))
            item.setData(Qt.ItemDataRole.UserRole, b)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if b in self.posted[uid]
                               else Qt.CheckState.Unchecked)
            guards.addItem(item)
        guards.setMaximumHeight(4 * guards.sizeHintForRow(0) + 6 if guards.count() else 30)
        guards.itemChanged.connect(self.mark_edited)
        self.guards[uid] = guards
        self.form.addRow("Guards", guards)
        targets = [(u, r) for u, r in in_reach(ctx, unit, tp.TRANSPORTER_RANGE, ships_only=True)
                   if u.side != unit.side and ctx.record(u.id) is not None]
        self.raids[uid], self.board[uid] = [], {}
        if not targets:
            self.form.addRow("Raids", note("no enemy ship within transporter range (G8.14)"))
            return
        add = QPushButton("Add raid")
        add.setObjectName(f"addRaid_{uid}")
        add.setToolTip("A hit-and-run raid: one boarding party at one box (D7.8)")
        add.clicked.connect(lambda _=False, u=uid, t=targets: self.add_raid(u, t))
        self.form.addRow("Raids", add)
        self.adders[uid] = add
        parties = max((spec.boarding_parties or 0) - record.boarding_parties_lost
                      - record.systems.parties_away, 0)
        for u, rng in targets:
            spin = QSpinBox()
            spin.setObjectName(f"board_{uid}_{u.id}")
            spin.setRange(0, parties)
            spin.setSuffix(" parties")
            spin.setToolTip(f"Boarding parties beamed aboard {u.id}, one transporter use each "
                            f"(D7, G8.33); {parties} aboard")
            spin.valueChanged.connect(self.mark_edited)
            self.form.addRow(f"Board {u.id} r{rng}", spin)
            self.board[uid][u.id] = spin

    def add_raid(self, uid: str, targets: list[tuple[Unit, int]]) -> _Raid:
        """A new raid row for ``uid`` (its Remove button takes it away)."""
        raid = _Raid(self, uid, targets, len(self.raids[uid]) + 1)
        row = QHBoxLayout()
        for w in (raid.target, raid.box, raid.remove):
            row.addWidget(w)
        row.addStretch(1)
        raid.row = row
        at, _role = self.form.getWidgetPosition(self.adders[uid])  # under "Add raid"
        self.form.insertRow(at + 1 + len(self.raids[uid]), row)  # the whole width
        self.raids[uid].append(raid)
        raid.remove.clicked.connect(lambda _=False: self._remove(uid, raid))
        self.mark_edited()
        return raid

    def _remove(self, uid: str, raid: _Raid) -> None:
        self.raids[uid].remove(raid)
        self.form.removeRow(raid.row)
        self.mark_edited()

    def form_value(self) -> object:
        out = {}
        for uid, boxes in self.shields.items():
            order: dict[str, list] = {}
            ticked = [k for k, box in boxes.items() if box.isChecked()]
            drop = [k for k in ticked if k not in self.dropped[uid]]
            raise_ = [k for k in ticked if k in self.dropped[uid]]
            raids = [o for o in (r.order() for r in self.raids[uid]) if o is not None]
            board = [{"target": t, "parties": s.value()} for t, s in self.board[uid].items()
                     if s.value()]
            guards = self.guards[uid]
            posted = [guards.item(i).data(Qt.ItemDataRole.UserRole) for i in range(guards.count())
                      if guards.item(i).checkState() == Qt.CheckState.Checked]
            for key, items in (("drop", drop), ("raise", raise_), ("raids", raids),
                               ("board", board)):
                if items:
                    order[key] = items
            if frozenset(posted) != self.posted[uid] or (order and posted):
                order["guards"] = posted  # the orders replace the guards posted (D7.83)
            if order:
                out[uid] = order
        return out
