"""The production-limits tab: a build list checked against (701)-(711) and Annex 762 as it is
typed, each broken limit with its rule; printable."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QScrollArea, QSplitter, QVBoxLayout, QWidget

from sfb_desk.fe import limits
from sfb_desk.fe.forms import Field
from sfb_desk.fe.races import RACES

from .form_widgets import FieldsForm, RowsTable
from .sheet_view import SheetView

F = Field
HEAD = (F("race", "Race", "choice", RACES, "Klingon"),
        F("turn", "Turn #", "int", default=1, low=1, high=60),
        F("year", "Year (Y)", "int", default=168, low=100, high=200),
        F("season", "Season", "choice", ("spring", "fall"), "fall"),
        F("at_war", "At war (not limited war)", "bool", default=True),
        F("wartime_economy", "Wartime economy", "bool", default=True),
        F("sfg_kits", "Saved SFG kits (312.13)", "int", default=0, high=20),
        F("aux_limits", "Auxiliaries in service", "choice", limits.AUX_LIMIT_OPTIONS,
          "annex-762"))
HISTORY = (F("aux", "Auxiliaries built this year", "int", default=0, high=4),
           F("large_aux", "Large auxiliaries this year", "int", default=0, high=4),
           F("saf", "SAFs this year", "int", default=0, high=4),
           F("monitor", "Monitors this year", "int", default=0, high=4),
           F("ltt", "LTTs this year", "int", default=0, high=4),
           F("LAV", "LAV in service", "int", default=0, high=20),
           F("SAV", "SAV in service", "int", default=0, high=20),
           F("prime_teams", "Prime teams in service", "int", default=0, high=20))
BUILDS = (F("item", "Item", "choice", limits.ITEMS, "SAV"),
          F("count", "Count", "int", default=1, low=1, high=20),
          F("on", "On (hull, SB)", "text", default=""),
          F("type", "Pod type", "text", default=""),
          F("cost", "EP each (pods, substitutions)", "float", default=0.0, high=99),
          F("at", "Where", "text", default=""),
          F("tug", "With a tug (312.12)", "bool", default=False),
          F("overproduction", "Overproduction", "bool", default=False),
          F("built_this_turn", "Base built this turn", "bool", default=False))
SO_FAR = ("aux", "large_aux", "saf", "monitor", "ltt")


class LimitsTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.head = FieldsForm(HEAD)
        self.history = FieldsForm(HISTORY)
        self.builds = RowsTable(BUILDS)
        for w in (self.head, self.history, self.builds):
            w.changed.connect(self.refresh)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        left = QWidget()
        ll = QVBoxLayout(left)
        for title, w in (("Turn", self.head), ("Built so far and in service", self.history)):
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(w)
            ll.addWidget(box)
        box = QGroupBox("Builds this turn")
        QVBoxLayout(box).addWidget(self.builds)
        box.setMinimumHeight(220)  # a few build rows visible even on a 768-pixel screen
        ll.addWidget(box, 1)
        ll.addWidget(self.problem)
        scroll = QScrollArea()  # the entries scroll on a small screen, the sheet stays in view
        scroll.setWidgetResizable(True)
        scroll.setWidget(left)
        self.view = SheetView()
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(scroll)
        split.addWidget(self.view)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        QVBoxLayout(self).addWidget(split)
        self.findings: list = []
        self.set_builds(limits.EXAMPLE)

    def set_builds(self, data: dict) -> None:
        data = copy.deepcopy(data)
        for w in (self.head, self.history, self.builds):
            w.blockSignals(True)
        self.head.set_values({f.key: data.get(f.key, f.default) for f in HEAD}
                             | {"aux_limits": data.get("aux_limits", "annex-762")})
        so_far, service = data.get("so_far_this_year", {}), data.get("in_service", {})
        self.history.set_values({k: so_far.get(k, 0) for k in SO_FAR}
                                | {k: service.get(k, 0) for k in ("LAV", "SAV", "prime_teams")})
        self.builds.set_rows(data.get("builds", []))
        self._pods = dict(service.get("pods", {}))
        for w in (self.head, self.history, self.builds):
            w.blockSignals(False)
        self.refresh()

    def build_list(self) -> dict:
        head, hist = self.head.values(), self.history.values()
        builds = []
        for row in self.builds.rows():
            builds.append({k: v for k, v in row.items() if v not in ("", False, 0.0)
                           or k in ("item", "count")})
        return {**{k: v for k, v in head.items() if k != "aux_limits"},
                "so_far_this_year": {k: hist[k] for k in SO_FAR},
                "in_service": {"LAV": hist["LAV"], "SAV": hist["SAV"],
                               "prime_teams": hist["prime_teams"], "pods": self._pods},
                "builds": builds}

    def refresh(self) -> None:
        data = self.build_list()
        option = self.head.values()["aux_limits"]
        try:
            self.findings, cost = limits.check_builds(data, option)
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        broken = [f for f in self.findings if not f.ok]
        self.problem.setText("; ".join(f.message for f in broken))
        section = {"title": f"Build list - {data['race']}, Turn #{data['turn']}",
                   "columns": ("Item", "Check", "Rule", "EP"),
                   "rows": [(f.item, ("ok: " if f.ok else "LIMIT: ") + f.message, f.rule,
                             f"{f.cost:g}" if f.ok else "") for f in self.findings],
                   "notes": [f"Combined Operations cost {cost:g} EP; {len(broken)} limit(s) "
                             f"broken; auxiliary carriers in service from {option}"]}
        self.view.show_sections("F&E Combined Operations - production limits",
                                "(701)-(711), (762)", [section])
