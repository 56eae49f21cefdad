"""The ``displacement`` (G18) and ``sat_ships`` (G19, G20.31) forms of the orders panel
(Andromedans, Module C2).

* :class:`DisplacementEditor`: per armed displacement device not yet fired, "use" with the
  unit chosen from the ships in play (itself, another Andromedan, an enemy ship, or a
  satellite ship in its hangar: a displacement launch, G19.42). For itself, a friend or a
  launch the direction is announced (A-F, G18.311); for an enemy ship the owner may swap one
  direction number for another (G18.41; "no swap" by default). The answer
  ``{ship: [{"box", "target", "direction"} | {"box", "target", "swap": [n, m]}]}``.
* :class:`SatShipsEditor`: per mothership, each satellite ship aboard may be launched by
  transporter (G19.411: the hex within 5, its facing, a speed of at most 10 and what its
  energy form paid, G19.441), each of its own within 5 recovered (G19.412), and panel energy
  moved into an energy module in its hangar (G20.31). The answer ``{mothership: {"launch":
  [{"ship", "hex", "facing", "speed"}], "recover": [ship], "transfer": [{"module", "from",
  "points"}]}}``.

Both have the JSON behind "Details" (:class:`~.details.DetailsForm`); the sequencer refuses
what the rules forbid, naming the rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLineEdit, QSpinBox, QWidget

from sfb_desk.engine.prompts import Prompt
from sfb_desk.rules.box_names import box_name
from sfb_desk.rules.hexes import hex_range
from sfb_desk.rules.systems import displacement as dd
from sfb_desk.rules.systems import satships as sat
from sfb_desk.rules.units import SHIP
from .details import DetailsForm, combo
from .editor import note
from .ship_orders import side_ships

if TYPE_CHECKING:
    from sfb_desk.engine.orders.fire_options import OrdersContext

FACINGS = [(d, d) for d in dd.DIRECTIONS]


def _row(*widgets: QWidget) -> QHBoxLayout:
    row = QHBoxLayout()
    for w in widgets:
        row.addWidget(w)
    row.addStretch(1)
    return row


class _DisDev:
    """One displacement device: use, target, direction or swap."""

    def __init__(self, editor: DisplacementEditor, uid: str, box: str,
                 targets: list[tuple[str, str, str]]) -> None:
        self.uid, self.box, self.kinds = uid, box, {tid: kind for _t, tid, kind in targets}
        name = f"{uid}_{box}"
        self.use = QCheckBox("use on")
        self.use.setObjectName(f"disdev_{name}")
        self.target = combo(f"disdev_target_{name}", [(t, tid) for t, tid, _k in targets],
                            "The unit to displace (G18.7); a satellite ship aboard is launched "
                            "(G19.42)")
        self.direction = combo(f"disdev_direction_{name}", FACINGS,
                               "The direction announced now (G18.311); the distance is "
                               "rolled or chosen when the device operates", 2)
        self.swap_from = QSpinBox()
        self.swap_from.setObjectName(f"disdev_swap_{name}")
        self.swap_from.setRange(0, 6)
        self.swap_from.setSpecialValueText("no swap")
        self.swap_from.setToolTip("G18.41: the direction number the owner swaps (no swap: the "
                                  "direction die stands)")
        self.swap_to = QSpinBox()
        self.swap_to.setObjectName(f"disdev_swap_to_{name}")
        self.swap_to.setRange(1, 6)
        self.swap_to.setPrefix("→ ")
        self.swap_to.setToolTip("G18.41: the direction number it becomes")
        self.target.currentIndexChanged.connect(self._kind)
        for signal in (self.use.toggled, self.target.currentIndexChanged,
                       self.direction.currentIndexChanged, self.swap_from.valueChanged,
                       self.swap_to.valueChanged):
            signal.connect(editor.mark_edited)

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.use, self.target, self.direction, self.swap_from, self.swap_to)

    def _kind(self) -> None:
        enemy = self.kinds.get(self.target.currentData()) == dd.ENEMY
        self.direction.setVisible(not enemy)
        self.swap_from.setVisible(enemy)
        self.swap_to.setVisible(enemy)

    def order(self) -> dict[str, object] | None:
        tid = self.target.currentData()
        if not self.use.isChecked() or tid is None:
            return None
        out: dict[str, object] = {"box": self.box, "target": tid}
        if self.kinds.get(tid) == dd.ENEMY:
            if self.swap_from.value():
                out["swap"] = [self.swap_from.value(), self.swap_to.value()]
        else:
            out["direction"] = self.direction.currentData()
        return out


class DisplacementEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.devices: list[_DisDev] = []
        for uid, record, spec in side_ships(prompt, ctx):
            unit = ctx.unit(uid)
            boxes = [w.box_ids[0] for w in spec.weapons if w.type.upper() == "DISPLACEMENT"
                     and w.box_ids[0] in record.armed and w.box_ids[0] not in record.fired
                     and w.box_ids[0] not in unit.destroyed]
            if not boxes:
                continue
            targets = self._targets(ctx, unit, record, spec)
            self.heading(uid)
            for box in boxes:
                device = _DisDev(self, uid, box, targets)
                device._kind()
                self.form.addRow(box_name(box), _row(*device.widgets()))
                self.devices.append(device)
        if not self.devices:
            self.form.addRow(note("No ship of this side holds an armed displacement device "
                                  "(G18.21)."))
        self.form.addRow(note("One device a 4-impulse period on a target (G18.61); success is "
                              "rolled when it operates (G18.32)."))

    @staticmethod
    def _targets(ctx: OrdersContext, unit, record, spec) -> list[tuple[str, str, str]]:  # noqa: ANN001
        """(text, id, kind) of the units it may try: itself, ships in play by range, then
        the satellite ships aboard (a launch)."""
        out = [(f"{unit.id} (itself)", unit.id, dd.SELF)]
        ships = []
        for u in ctx.state.units:
            other = ctx.record(u.id)
            ospec = ctx.spec_of(other) if other is not None else None
            if u.id == unit.id or not u.active or u.kind != SHIP or ospec is None:
                continue
            rng = hex_range(unit.hex, u.hex)
            if rng <= dd.MAX_RANGE:
                kind = dd.kind_of(unit.id, u.id, spec.race, ospec.race)
                ships.append((u.side == unit.side, rng, f"{u.id} r{rng}", u.id, kind))
        out += [(text, uid, kind) for _own, _r, text, uid, kind in sorted(ships)]
        out += [(f"{s} (launch from the hangar)", s, dd.LAUNCH) for s in record.andro.aboard]
        return out

    def form_value(self) -> object:
        out: dict[str, list] = {}
        for device in self.devices:
            order = device.order()
            if order is not None:
                out.setdefault(device.uid, []).append(order)
        return out


class _Launch:
    """One satellite ship aboard: launch, hex, facing, speed."""

    def __init__(self, editor: SatShipsEditor, carrier, ship: str) -> None:  # noqa: ANN001
        ctx = editor.ctx
        self.ship = ship
        self.use = QCheckBox(f"launch {ship}")
        self.use.setObjectName(f"launch_{ship}")
        self.hex = QLineEdit(carrier.hex.label)
        self.hex.setObjectName(f"launch_hex_{ship}")
        self.hex.setMaxLength(4)
        self.hex.setFixedWidth(self.hex.fontMetrics().horizontalAdvance("88888") + 10)
        self.hex.setToolTip("The hex it is beamed to: within 5 of the mothership (G19.411)")
        self.facing = combo(f"launch_facing_{ship}", FACINGS, "Its facing after the launch", 2)
        self.facing.setCurrentIndex(carrier.facing)  # 0..5 = A..F
        record = ctx.record(ship)
        plotted = abs(record.allocation.speed_plot[0][1]) if record is not None \
            and record.allocation is not None else sat.LAUNCH_SPEED
        self.speed = QSpinBox()
        self.speed.setObjectName(f"launch_speed_{ship}")
        self.speed.setRange(0, min(sat.LAUNCH_SPEED, plotted))
        self.speed.setValue(self.speed.maximum())
        self.speed.setPrefix("speed ")
        self.speed.setToolTip("At most 10 (G19.442) and what its energy form paid (G19.441)")
        for signal in (self.use.toggled, self.hex.textEdited, self.facing.currentIndexChanged,
                       self.speed.valueChanged):
            signal.connect(editor.mark_edited)

    def order(self) -> dict[str, object] | None:
        if not self.use.isChecked():
            return None
        return {"ship": self.ship, "hex": self.hex.text().strip(),
                "facing": self.facing.currentData(), "speed": self.speed.value()}


class SatShipsEditor(DetailsForm):
    """See the module docstring."""

    def __init__(self, prompt: Prompt, ctx: OrdersContext | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(prompt, ctx, parent)
        self.launches: dict[str, list[_Launch]] = {}
        self.recoveries: dict[str, list[tuple[str, QCheckBox]]] = {}
        self.transfers: dict[str, list[tuple[int, QComboBox, QSpinBox]]] = {}
        for uid, record, spec in side_ships(prompt, ctx):
            if sat.hangar_bays(spec):
                self._carrier(ctx, uid, record)
        if not self.launches:
            self.form.addRow(note("No mothership of this side (G19.4)."))
        self.form.addRow(note("A launch or a recovery takes a working transporter and 3, 4 or "
                              "6 reserve power for a small, medium or large ship (G19.411, "
                              "G19.412)."))

    def _carrier(self, ctx: OrdersContext, uid: str, record) -> None:  # noqa: ANN001
        carrier = ctx.unit(uid)
        self.heading(uid)
        self.launches[uid] = []
        for ship in record.andro.aboard:
            launch = _Launch(self, carrier, ship)
            self.form.addRow(launch.use, _row(launch.hex, launch.facing, launch.speed))
            self.launches[uid].append(launch)
        self.recoveries[uid] = []
        for u in ctx.side_units(carrier.side):
            other = ctx.record(u.id)
            ospec = ctx.spec_of(other) if other is not None else None
            if u.id == uid or ospec is None or sat.sat_ship_size(ospec) is None \
                    or other.andro.carrier or hex_range(u.hex, carrier.hex) > sat.LAUNCH_RANGE:
                continue
            box = QCheckBox(f"recover {u.id}")
            box.setObjectName(f"recover_{u.id}")
            box.setToolTip(f"{uid} beams {u.id} back into its hangar (G19.412)")
            box.toggled.connect(self.mark_edited)
            self.form.addRow(box)
            self.recoveries[uid].append((u.id, box))
        self.transfers[uid] = []
        panels = record.panels
        banks = [(f"{key[3:]} bank ({bank.held} held)", key)
                 for key, bank in zip(panels.keys, panels.banks) if bank.held]
        for n, module in enumerate(panels.modules, 1):
            room = module.capacity - module.energy
            if not banks or room <= 0:
                continue
            source = combo(f"transfer_from_{uid}_{n}", banks, "The panel bank it comes from")
            points = QSpinBox()
            points.setObjectName(f"transfer_points_{uid}_{n}")
            points.setRange(0, room)
            points.setToolTip(f"Energy moved into module {n} ({module.energy} of "
                              f"{module.capacity}); it never comes back (G20.31, G20.34)")
            points.valueChanged.connect(self.mark_edited)
            self.form.addRow(f"Module {n}", _row(points, source))
            self.transfers[uid].append((n, source, points))

    def form_value(self) -> object:
        out: dict[str, dict[str, list]] = {}
        for uid, launches in self.launches.items():
            order: dict[str, list] = {}
            items = [o for o in (x.order() for x in launches) if o is not None]
            recover = [s for s, box in self.recoveries[uid] if box.isChecked()]
            moves = [{"module": n, "from": src.currentData(), "points": pts.value()}
                     for n, src, pts in self.transfers[uid] if pts.value()]
            for key, value in (("launch", items), ("recover", recover), ("transfer", moves)):
                if value:
                    order[key] = value
            if order:
                out[uid] = order
        return out
