"""The "Scenario" tab of the new-game dialog: the scenario library listed, one scenario described.

Practice duels come first, then SG1 "The Duel", then the rest in the library's order. Each row
shows the rule number, the title and whether SFB Desk can play it (the reason when not).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSplitter,
    QTextBrowser,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sfb_desk.data.books import for_players
from sfb_desk.data.library import ShipLibrary
from sfb_desk.data.scenario_play import Playability, playability, unit_label
from sfb_desk.data.scenario_schema import Scenario, Unit
from sfb_desk.data.scenarios import ScenarioLibrary
from sfb_desk.ui.common.details_html import PAGE_END, PAGE_START, bullets, warning
from sfb_desk.ui.common.filtered_list import find_row, flat_list, id_of, row, search_box, select_row

COLUMNS = ("Rule", "Title", "Playable")
FIRST = "SG1"  # after the practice duels: "The Duel"


def ordered(scenarios: ScenarioLibrary) -> list[Scenario]:
    """Practice duels, then SG1, then the others in the library's order."""
    rest = scenarios.sorted()
    practice = [s for s in rest if s.scenario.origin == "practice"]
    duel = [s for s in rest if s.id.upper() == FIRST]
    return practice + duel + [s for s in rest if s not in practice and s not in duel]


def rule_of(scenario: Scenario) -> str:
    return scenario.scenario.rule or "practice"


def _unit_line(unit: Unit, ships: ShipLibrary | None = None) -> str:
    what = unit_label(unit, ships)
    name = f"<i>{escape(unit.name)}</i>, " if unit.name else ""
    where = f"hex {unit.hex}" if unit.hex else escape(unit.entry or "enters later")
    if unit.within:
        where += f" (within {unit.within})"
    facing = "no facing" if not unit.facing else "facing: players' choice" \
        if unit.facing == "choice" else f"facing {unit.facing}"
    status = unit.weapon_status
    status_text = "WS rolled" if status == "roll" else f"WS {status}" if status is not None else ""
    bits = [where, facing, f"speed {unit.speed}", status_text]
    if unit.refits:
        bits.append("refits " + " ".join(unit.refits))
    if unit.arrives_turn:
        bits.append(f"enters on turn {unit.arrives_turn}")
    if unit.mine_racks is not None:  # M9.17: the racks' load
        from sfb_desk.rules.systems.mines.laying import rack_loads_text

        loads = rack_loads_text((r.large, r.small) for r in unit.mine_racks)
        bits.append(f"mine racks {loads or 'empty'}")
    return f"{name}{escape(what)}: " + ", ".join(escape(b) for b in bits if b)


def _not_playable_html(play: Playability) -> str:
    """The reasons, then each ship to complete as a link the dialog opens in the ship designer
    (``ship:ID``; ships without a file yet are named with the id the scenario waits for)."""
    parts = [f"<b>Not playable:</b> {escape(r)}" for r in play.reasons]
    if play.missing:
        ships = []
        for m in play.missing:
            label = escape(m.ship_id or m.printed)
            link = f"<a href='ship:{escape(m.ship_id)}'>{label}</a>" if m.ship_id else label
            ships.append(f"{link}: {escape(m.missing)}")
        parts.append("<b>Ships to complete in the ship designer</b> (click to open): "
                     + "; ".join(ships))
    return warning("<br>".join(parts))


def scenario_html(scenario: Scenario, ships: ShipLibrary | None = None) -> str:
    """Everything the player needs to choose: status, forces, set-up, length, rules, victory.
    With ``ships`` the playability is worked out from the library (scenario_play)."""
    head, status = scenario.scenario, scenario.status
    rule = f"({head.rule}) " if head.rule else ""
    html = [PAGE_START, f"<h3>{escape(rule + head.title)}</h3>"]
    if head.origin == "reconstructed":
        html.append("<p><i>Reconstructed by SFB Desk: only the title is the rulebook's.</i></p>")
    elif head.origin == "practice":
        html.append("<p><i>SFB Desk practice set-up, not a rulebook scenario.</i></p>")
    play = (playability(scenario, ships) if ships is not None
            else Playability(status.playable, (), () if status.playable else (status.reason,)))
    if play.playable:
        html.append("<p style='color:#1d6b1d'><b>Playable.</b></p>")
    else:
        html.append(_not_playable_html(play))
    if head.summary:
        html.append(f"<p>{escape(for_players(head.summary))}</p>")
    facts = []
    if head.year is not None:
        facts.append(f"Year Y{head.year}")
    facts.append(f"{scenario.map.kind.capitalize()} map")
    length = scenario.length
    facts.append(f"{length.turns} turns" if length.turns else f"until {length.until}")
    if head.players:
        facts.append(f"players: {for_players(head.players)}")
    html.append(f"<p>{escape('; '.join(facts))}.</p>")
    for side in scenario.sides:
        neutral = " (neutral)" if side.neutral else ""
        lines = [_unit_line(unit, ships) for unit in side.units]
        lines += [f"<b>{escape(f.label)}</b>: {escape(f.note or ', '.join(u.printed for u in f.units))}"
                  for f in side.forces]
        html.append(bullets(f"<p><b>{escape(side.name)}</b>{neutral}</p>", lines))
    if scenario.special_rules:
        html.append(bullets("<p><b>Special rules</b></p>",
                            ((f"({escape(sr.rule)}) " if sr.rule else "") + escape(for_players(sr.text))
                             for sr in scenario.special_rules)))
    if status.limitations:
        html.append(bullets("<p><b>Limitations in SFB Desk</b></p>",
                            (escape(for_players(x)) for x in status.limitations)))
    html.append(f"<p><b>Victory:</b> {escape(for_players(scenario.victory.text))}</p>")
    html.append(PAGE_END)
    return "".join(html)


class ScenarioPicker(QWidget):
    """The list (with a filter box) and the chosen scenario's description."""

    scenario_chosen = Signal(str)  # the scenario id
    open_ship = Signal(str)  # a ship id to complete in the ship designer

    def __init__(self, scenarios: ScenarioLibrary, parent: QWidget | None = None,
                 ships: ShipLibrary | None = None) -> None:
        super().__init__(parent)
        self.scenarios = scenarios
        self.ships = ships
        self.search = search_box("Filter scenarios by rule, title or ship…")
        self.list = flat_list(COLUMNS, sortable=False)
        self.list.setAccessibleName("Scenarios")
        header = self.list.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.details = QTextBrowser()
        self.details.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._on_link)
        self.problems_label = QLabel()
        self.problems_label.setWordWrap(True)
        if scenarios.problems:
            self.problems_label.setText(f"{len(scenarios.problems)} scenario file(s) could not "
                                        "be loaded: " + "; ".join(str(p) for p in
                                                                  scenarios.problems[:2]))
        else:
            self.problems_label.hide()

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.list, 1)
        left_layout.addWidget(self.problems_label)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.details)
        splitter.setSizes([560, 500])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        self.search.textChanged.connect(self.refresh)
        self.list.currentItemChanged.connect(self._on_current)
        self.refresh()

    def _matches(self, scenario: Scenario, needle: str) -> bool:
        if not needle:
            return True
        head = scenario.scenario
        hay = [head.id, head.title, head.rule or "", head.summary]
        units = [u for _, u in scenario.units()]
        units += [u for side in scenario.sides for f in side.forces for u in f.units]
        hay += [getattr(u, "monster", "") or u.ship or u.unlisted for u in units]
        hay += [u.ship_needed for u in units if u.ship_needed]
        return any(needle in h.casefold() for h in hay)

    def refresh(self) -> None:
        needle = self.search.text().strip().casefold()
        current = self.current_id()
        self.list.blockSignals(True)
        self.list.clear()
        grey = QBrush(QColor("#8a8a8a"))
        for scenario in ordered(self.scenarios):
            if not self._matches(scenario, needle):
                continue
            play = self.playability(scenario)
            playable = "yes" if play.playable else "no"
            item = row([rule_of(scenario), scenario.title, playable], scenario.id)
            item.setToolTip(1, scenario.title)
            if not play.playable:
                for column in range(len(COLUMNS)):
                    item.setForeground(column, grey)
                item.setToolTip(2, f"Not playable: {play.summary()}")
            self.list.addTopLevelItem(item)
        self.list.resizeColumnToContents(0)
        item = find_row(self.list, current) if current else None
        if item is not None:  # still listed: stays current, nothing is chosen again
            self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        if item is None:
            self.details.clear()

    def playability(self, scenario: Scenario) -> Playability:
        if self.ships is not None:
            return playability(scenario, self.ships)
        status = scenario.status
        return Playability(status.playable, (), () if status.playable else (status.reason,))

    def _on_link(self, url) -> None:  # noqa: ANN001 - a QUrl
        text = url.toString()
        if text.startswith("ship:"):
            self.open_ship.emit(text.removeprefix("ship:"))

    def current_id(self) -> str | None:
        return id_of(self.list.currentItem())

    def select(self, scenario_id: str) -> bool:
        """Make ``scenario_id`` current (emits :attr:`scenario_chosen` if it changes); False
        if it is not listed (unknown, or hidden by the filter)."""
        return select_row(self.list, scenario_id)

    def _on_current(self, current: QTreeWidgetItem | None, _previous=None) -> None:  # noqa: ANN001
        if current is None:
            self.details.clear()
            return
        scenario_id = id_of(current)
        self.details.setHtml(scenario_html(self.scenarios.get(scenario_id), self.ships))
        self.scenario_chosen.emit(scenario_id)
