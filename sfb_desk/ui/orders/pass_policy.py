"""The pass-policy switches of the orders panel: which prompts the program may pass.

The switches build a :class:`~sfb_desk.engine.orders.pass_policy.PassPolicy` (its docstring says
what each passes): announcements always, only when something is plotted or EM can change, or
never (C12.36); skip launches when nothing can launch (F2); ask for fire only when a ready
weapon has a target in range and arc (D6.315; optionally within a number of hexes); ask about
self-destruction (D5.5); skip a move with one legal order (C3.2, C4.1); skip idle tractors,
marines, mine laying, panel orders and self-only displacement; and pass every prompt with a
default until a turn and impulse. One more is not a pass: "One form per impulse for the ships
the table plays" (on) gathers the table's movement orders of an impulse, and its sides' fire
declarations, into one joint form (C1.313, D6.315; :mod:`sfb_desk.engine.orders.joint`). They start as the default policy (ask only what can matter).
:attr:`PassPolicyBox.policy_changed` carries the new policy at each change.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.engine.orders.pass_policy import ASK_ALL, DEFAULT, PassPolicy
from sfb_desk.rules.units import IMPULSES


#: The announcement choices, in the combo box's order.
ANNOUNCE_CHOICES = ("Every impulse", "When plotted or EM", "Never")
IDLE_ANNOUNCE = 1
NEVER_ANNOUNCE = 2


#: The check boxes of the switches: attribute, label, tooltip (with its rules), object name.
SWITCHES = (
    ("self_destruct", "Ask about self-destruction",
     "D5.5: ask each turn, in the Self-Destruction Phase, whether a ship self-destructs "
     "(D5.51 limits apply)", "askSelfDestruct"),
    ("tractors", "Skip idle tractors",
     "G7.4: pass Operate Tractors unless a ship of the side holds a link or has a unit within "
     "tractor range (G7.31, G7.6)", "skipTractors"),
    ("marines", "Skip idle marines",
     "6B7: pass the Marine Activity Stage unless a ship of the side has an enemy ship within "
     "transporter range (G8.14) or a shield down (D3.51)", "skipMarines"),
    ("mines", "Skip idle mine laying",
     "M9.0: pass the Mine Laying Step unless a unit of the side can lay a mine now (M9.21, "
     "M2.11, R1.F6B) with an enemy ship within 10 hexes", "skipMines"),
    ("panels", "Skip idle panel orders",
     "D10.25, D10.26: pass an Andromedan's panel orders unless a dropped bank may rise, a "
     "bank is full (D10.32) or enemy fire could strike while it can reinforce or dump energy "
     "(D10.424)", "skipPanels"),
    ("displacement", "Skip self-only displacement",
     "G18.311: pass the DisDev Declaration Step unless an armed displacement device may be "
     "used on a unit other than its own ship (G18.13, G18.33, G18.61, G18.72, G18.81) or "
     "launch a satellite ship aboard (G19.42)", "skipDisplacement"),
    ("launches", "Skip idle launches",
     "F2: pass the Seeking Weapons Stage when no drone rack or plasma launcher of the side "
     "can launch at anyone (rack loaded, rate FD4, arc D2, control F3.2, torpedo armed "
     "FP2.1); shuttles are not counted", "skipLaunches"),
    ("moves", "Skip forced moves",
     "C1.4: move a ship straight without asking when that is its only legal order (turn mode "
     "C3.2 and sideslip C4.1 not yet met, no high energy turn C6.2)", "skipForcedMoves"),
    ("fire", "Fire only when able",
     "D6.315: pass the Fire Decision Step unless a ready weapon of the side (loaded E1.2, "
     "capacitor H6.3, rate of fire E1.50) has a target in arc (D2) and range (D1.4) it could "
     "damage on some die", "fireWhenAble"),
    ("joint", "One form per impulse for the ships the table plays",
     "Hot seat: the movement orders of the table's ships on one impulse come as one form, "
     "slowest ship first (C1.313), and the fire declarations of the table's sides as one form "
     "with a tab per side (D6.315, simultaneous). Off: one prompt a ship or side at a time",
     "jointForms"),
)


class PassPolicyBox(QGroupBox):
    """See the module docstring."""

    policy_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)  # the summary line says what it is (room for the orders)
        self.setObjectName("passPolicy")
        self._quiet = False
        self.announcements = QComboBox()
        self.announcements.addItems(ANNOUNCE_CHOICES)
        self.announcements.setToolTip(
            "C12.36: when to ask for movement announcements. 'When plotted or EM': only on an "
            "impulse before a plotted speed change or while erratic maneuvers paid for can "
            "start or stop (C10.311); choose 'Every impulse' to announce unplotted "
            "accelerations (C12.24) or emergency deceleration (C8) at any time")
        self.announcements.setObjectName("announcements")
        for attr, text, tip, name in SWITCHES:
            box = QCheckBox(text)
            box.setToolTip(tip)
            box.setObjectName(name)
            setattr(self, attr, box)
        self.fire_range = QSpinBox()
        self.fire_range.setObjectName("fireRange")
        self.fire_range.setRange(0, 100)
        self.fire_range.setSpecialValueText("any range")
        self.fire_range.setPrefix("within ")
        self.fire_range.setSuffix(" hexes")
        self.until = QCheckBox("Pass all until")
        self.until.setToolTip("Answer every prompt that has a default (no movement change, no "
                              "fire, no launch ...) until this turn and impulse")
        self.until.setObjectName("passUntil")
        self.until_turn = QSpinBox()
        self.until_turn.setObjectName("untilTurn")
        self.until_turn.setRange(1, 999)
        self.until_turn.setPrefix("turn ")
        self.until_impulse = QSpinBox()
        self.until_impulse.setObjectName("untilImpulse")
        self.until_impulse.setRange(1, IMPULSES)
        self.until_impulse.setPrefix("impulse ")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 1, 4, 1)
        outer.setSpacing(2)
        head = QHBoxLayout()
        self.summary = QLabel("")
        self.summary.setObjectName("passSummary")
        self.summary.setWordWrap(True)
        self.toggle = QToolButton()
        self.toggle.setObjectName("passSwitches")
        self.toggle.setText("Switches")
        self.toggle.setCheckable(True)
        self.toggle.setToolTip("Let the program pass routine prompts: show or hide the switches "
                               "(the orders get the room when hidden)")
        self.toggle.toggled.connect(self._show_switches)
        head.addWidget(self.summary, 1)
        head.addWidget(self.toggle)
        outer.addLayout(head)
        self.switches = QWidget()
        outer.addWidget(self.switches)
        grid = QGridLayout(self.switches)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        label = QLabel("Announcements:")
        label.setBuddy(self.announcements)
        grid.addWidget(label, 0, 0)
        grid.addWidget(self.announcements, 0, 1, 1, 2)
        grid.addWidget(self.launches, 1, 0)
        grid.addWidget(self.tractors, 1, 1, 1, 2)
        grid.addWidget(self.fire, 2, 0)
        grid.addWidget(self.fire_range, 2, 1, 1, 2)
        grid.addWidget(self.marines, 3, 0)
        grid.addWidget(self.self_destruct, 3, 1, 1, 2)
        grid.addWidget(self.moves, 4, 0)
        grid.addWidget(self.mines, 4, 1, 1, 2)
        grid.addWidget(self.panels, 5, 0)
        grid.addWidget(self.displacement, 5, 1, 1, 2)
        grid.addWidget(self.joint, 6, 0, 1, 3)
        grid.addWidget(self.until, 7, 0)
        grid.addWidget(self.until_turn, 7, 1)
        grid.addWidget(self.until_impulse, 7, 2)
        grid.setColumnStretch(0, 1)
        for box in (self.self_destruct, self.launches, self.tractors, self.marines, self.fire,
                    self.moves, self.mines, self.panels, self.displacement, self.joint,
                    self.until):
            box.toggled.connect(self._changed)
        self.announcements.currentIndexChanged.connect(self._changed)
        for spin in (self.fire_range, self.until_turn, self.until_impulse):
            spin.valueChanged.connect(self._changed)
        self.switches.hide()  # a one-line summary; "Switches" shows them
        self.set_policy(DEFAULT)

    @property
    def policy(self) -> PassPolicy:
        ann = self.announcements.currentIndex()
        return PassPolicy(
            skip_announcements=ann == NEVER_ANNOUNCE,
            skip_idle_announcements=ann == IDLE_ANNOUNCE,
            skip_self_destruct=not self.self_destruct.isChecked(),
            skip_idle_tractors=self.tractors.isChecked(),
            skip_idle_marines=self.marines.isChecked(),
            skip_forced_moves=self.moves.isChecked(),
            skip_idle_mines=self.mines.isChecked(),
            skip_idle_panels=self.panels.isChecked(),
            skip_idle_displacement=self.displacement.isChecked(),
            skip_idle_launches=self.launches.isChecked(),
            fire_when_able=self.fire.isChecked(),
            fire_max_range=self.fire_range.value(),
            joint_forms=self.joint.isChecked(),
            until=(self.until_turn.value(), self.until_impulse.value())
            if self.until.isChecked() else None,
        )

    def set_policy(self, policy: PassPolicy) -> None:
        """Show ``policy`` (no :attr:`policy_changed`)."""
        self._quiet = True
        try:
            self.announcements.setCurrentIndex(
                NEVER_ANNOUNCE if policy.skip_announcements else
                IDLE_ANNOUNCE if policy.skip_idle_announcements else 0)
            self.self_destruct.setChecked(not policy.skip_self_destruct)
            self.tractors.setChecked(policy.skip_idle_tractors)
            self.marines.setChecked(policy.skip_idle_marines)
            self.moves.setChecked(policy.skip_forced_moves)
            self.mines.setChecked(policy.skip_idle_mines)
            self.panels.setChecked(policy.skip_idle_panels)
            self.displacement.setChecked(policy.skip_idle_displacement)
            self.launches.setChecked(policy.skip_idle_launches)
            self.fire.setChecked(policy.fire_when_able)
            self.fire_range.setValue(policy.fire_max_range)
            self.joint.setChecked(policy.joint_forms)
            self.until.setChecked(policy.until is not None)
            if policy.until is not None:
                self.until_turn.setValue(policy.until[0])
                self.until_impulse.setValue(policy.until[1])
        finally:
            self._quiet = False
        self._enable()

    def _enable(self) -> None:
        policy = self.policy
        text = "Prompts: " + ("only what can matter" if policy == DEFAULT else
                              "all" if policy == ASK_ALL else "your own switches")
        if policy.until is not None:
            text += f"; passes until turn {policy.until[0]} impulse {policy.until[1]}"
        self.summary.setText(text)
        self.summary.setToolTip(policy.describe().capitalize())
        self.fire_range.setEnabled(self.fire.isChecked())
        self.until_turn.setEnabled(self.until.isChecked())
        self.until_impulse.setEnabled(self.until.isChecked())

    def _show_switches(self, on: bool) -> None:
        self.switches.setVisible(on)

    def _changed(self, *_: object) -> None:
        self._enable()
        if not self._quiet:
            self.policy_changed.emit(self.policy)
