"""The campaign window: a campaign ledger at a glance and the turn walked step by step.

Top: the campaign, the turn and season, the step of the sequence of play with its rule, and
the buttons that move it (Next step), undo the newest journal entry, and print the forms.
Left: each race's treasury by supply grid and its ground-force pool. Tabs: the fleet roster
(pick a ship to see its SSD as it stands, damage crossed out, with its strategic speed and
repair bill), the build and repair orders, the battle queue ("Fight at the table" opens the
battle in the desk; "Bring the result back" imports the table's result; "Robots fight it"
has the robots play it), and the journal with every roll.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog, QHBoxLayout, QLabel, QMainWindow, QMessageBox, QPlainTextEdit, QPushButton,
    QScrollArea, QSplitter, QTableWidget, QTabWidget, QVBoxLayout, QWidget,
)

from sfb_desk.campaign import battle_queue, report, turn
from sfb_desk.campaign.dice import DiceError
from sfb_desk.campaign.ledger import Campaign, LedgerError
from sfb_desk.qt.background import BackgroundTask
from sfb_desk.ui.common.tables import edit_table, fill_table
from sfb_desk.ui.ssd.view import SsdView

FLEET_COLUMNS = ("Ship", "Class", "Race", "Status", "Hex", "Damage now", "Permanent", "Crippled",
                 "Warp", "Speed", "Repair", "Officers")
ORDER_COLUMNS = ("Order", "Kind", "Race", "What", "Facility", "Work", "Paid / cost EP", "Turn", "")
BATTLE_COLUMNS = ("Battle", "Turn", "Template", "Status", "Sides")
TREASURY_COLUMNS = ("Race", "Grid", "EP")
ROBOT_THREAD = "sfb-robot-battle"


def _read_only(table: QTableWidget) -> QTableWidget:
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    return table


class CampaignWindow(QMainWindow):
    """One open campaign (module docstring). ``fight_requested(battle_id, scenario document)``
    asks the main window to set the battle up at the table."""

    fight_requested = Signal(str, dict)

    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self._robots: BackgroundTask | None = None
        self.robot_notes: list[str] | None = None
        self.setWindowTitle(f"Campaign: {campaign.meta['name']}")
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.next_button = QPushButton("Next step")
        self.undo_button = QPushButton("Undo last entry")
        self.print_button = QPushButton("Print forms…")
        self.next_button.clicked.connect(self.next_step)
        self.undo_button.clicked.connect(self.undo)
        self.print_button.clicked.connect(self.print_forms)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        for button in (self.next_button, self.undo_button, self.print_button):
            top.addWidget(button)

        self.treasury = _read_only(edit_table(TREASURY_COLUMNS))
        self.treasury_note = QLabel()
        self.treasury_note.setWordWrap(True)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Treasury</b> (EP by supply grid, D1)"))
        left_layout.addWidget(self.treasury, 1)
        left_layout.addWidget(self.treasury_note)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._fleet_tab(), "Fleet")
        self.orders = _read_only(edit_table(ORDER_COLUMNS))
        self.tabs.addTab(self.orders, "Build and repair orders")
        self.tabs.addTab(self._battle_tab(), "Battles")
        self.journal = QPlainTextEdit()
        self.journal.setReadOnly(True)
        self.tabs.addTab(self.journal, "Journal")

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 5)
        split.setSizes([230, 1100])
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        self.setCentralWidget(body)
        self.refresh()

    # --- tabs -------------------------------------------------------------------------------------

    def _fleet_tab(self) -> QWidget:
        self.fleet = _read_only(edit_table(FLEET_COLUMNS))
        self.fleet.itemSelectionChanged.connect(self._show_ship)
        self.ssd = SsdView(scale=9.0)
        scroll = _FitScroll()  # the SSD fills the width it is given, to be read
        scroll.setWidget(self.ssd)
        scroll.setWidgetResizable(True)
        self.ssd_scroll = scroll
        self.ship_info = QLabel()
        self.ship_info.setWordWrap(True)
        self.ship_info.setTextFormat(Qt.TextFormat.RichText)
        self.ship_info.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.ship_info.setMargin(8)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(scroll)
        lower.addWidget(self.ship_info)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 1)
        lower.setSizes([780, 260])
        self.supply_button = QPushButton("In / out of supply")
        self.repair_button = QPushButton("Repair permanent damage here")
        self.supply_button.clicked.connect(self.toggle_supply)
        self.repair_button.clicked.connect(self.order_repair_here)
        buttons = QHBoxLayout()
        buttons.addWidget(self.supply_button)
        buttons.addWidget(self.repair_button)
        buttons.addStretch(1)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.fleet, 1)
        upper_layout.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(lower)
        split.setStretchFactor(0, 1)  # the roster is a few rows; the SSD gets the room
        split.setStretchFactor(1, 3)
        split.setSizes([190, 600])
        return split

    def _battle_tab(self) -> QWidget:
        self.battles = _read_only(edit_table(BATTLE_COLUMNS))
        self.battles.itemSelectionChanged.connect(self._show_battle)
        self.fight_button = QPushButton("Fight at the table")
        self.back_button = QPushButton("Bring the result back")
        self.robots_button = QPushButton("Robots fight it")
        self.fight_button.clicked.connect(self.fight_at_table)
        self.robots_button.clicked.connect(lambda: self.robots_fight())
        self.battle_notes = QPlainTextEdit()
        self.battle_notes.setReadOnly(True)
        buttons = QHBoxLayout()
        for b in (self.fight_button, self.back_button, self.robots_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addWidget(self.battles, 2)
        layout.addLayout(buttons)
        layout.addWidget(self.battle_notes, 1)
        return tab

    # --- showing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        doc = report.summary(self.campaign, journal=200)
        self.doc = doc
        step = doc["step"]
        self.header.setText(
            f"<b style='font-size:14pt'>{doc['name']}</b> &nbsp; {doc['pack_title']}<br>"
            f"<b>{doc['when']}</b> &nbsp; step {step['number']}: {step['title']} "
            f"<span style='color:#555'>{step['rule']}</span>")
        rows, notes = [], []
        for code, race in doc["races"].items():
            for grid, value in race["treasury"].items():
                rows.append((f"{race['name']}", grid, value))
            notes.append(f"{race['name']}: ground forces {race['ground_pool']} EP"
                         + (" - FROZEN by deficit (D3)" if race["frozen"] else ""))
        fill_table(self.treasury, rows)
        self.treasury_note.setText("\n".join(notes))
        fill_table(self.fleet, [
            (s["name"] or s["id"], s["class"], s["race"], s["status"], s["location"] or "-",
             str(s["current"]), str(s["permanent"] + s["dropped_warp"]),
             "crippled" if s["crippled"] else "", s["warp"], str(s["strategic_speed"]),
             f"{s['repair_points']} RP / {s['repair_ep']} EP", ", ".join(s["officers"]))
            for s in doc["fleet"]])
        fill_table(self.orders, [
            (q["id"], q["kind"], q["race"], q["what"], q["facility"],
             f"{q['points']} RP" if q["points"] is not None else f"{q['turns']} turn(s)",
             f"{q['paid']} / {q['cost']}", str(q["completes"]), "done" if q["done"] else "open")
            for q in doc["queues"]])
        fill_table(self.battles, [
            (b["id"], str(b["turn"]), b["template"], b["status"],
             " v ".join(f"{n}: {', '.join(ids)}" for n, ids in b["sides"].items()))
            for b in doc["battles"]])
        self.journal.setPlainText("\n".join(
            f"{e['id']:>4}  {e['reason']}  {e['rule']}" + "".join(
                f"\n        dice ({d['source']}) {d['purpose']}: {d['dice']}" for d in e["dice"])
            for e in doc["journal"]))
        if self.fleet.rowCount() and not self.fleet.selectedItems():
            self.fleet.selectRow(0)
        self._show_ship()

    def _show_ship(self) -> None:
        rows = self.fleet.selectionModel().selectedRows() if self.fleet.selectionModel() else []
        if not rows or rows[0].row() >= len(self.doc["fleet"]):
            self.ssd.set_ship(None)
            self.ship_info.setText("")
            return
        row = self.doc["fleet"][rows[0].row()]
        ship = self.campaign.unit(row["id"])
        spec = self.campaign.spec(ship.ship)
        self.ssd.set_ship(spec, frozenset(ship.destroyed & set(spec.box_ids())))
        self.ssd_scroll.fit()
        crippled = "<br>".join(row["crippled_reasons"]) or "not crippled"
        self.ship_info.setText(
            f"<b>{row['name'] or row['id']}</b> ({spec.id} {spec.name}), {row['status']} at "
            f"{row['location'] or 'no hex'}<br>Damage this turn: {row['current']} boxes; "
            f"permanent: {row['permanent']}; dropped warp: {row['dropped_warp']}<br>{crippled}<br>"
            f"<b>Strategic speed {row['strategic_speed']}</b>: {row['strategic_speed_explain']}<br>"
            f"<b>Repair</b> of permanent damage: {row['repair_points']} repair points, "
            f"{row['repair_ep']} EP at 1 EP per 5 (H3)"
            + (f"<br>Unpriced boxes: {', '.join(row['unpriced'])}" if row["unpriced"] else "")
            + (f"<br>Officers: {', '.join(row['officers'])}" if row["officers"] else "")
            + "".join(f"<br><i>{n}</i>" for n in row["notes"]))

    def _selected_ship(self) -> str | None:
        rows = self.fleet.selectionModel().selectedRows()
        return self.doc["fleet"][rows[0].row()]["id"] if rows else None

    def toggle_supply(self) -> None:
        uid = self._selected_ship()
        if uid:
            self._try(self.campaign.set_supply, uid, not self.campaign.unit(uid).in_supply)
            self._select(uid)

    def order_repair_here(self) -> str | None:
        """H3: a repair order at the best facility in the ship's hex (dock, FRD, BATS, BS)."""
        from sfb_desk.campaign import orders

        uid = self._selected_ship()
        if not uid:
            return None
        ship = self.campaign.unit(uid)
        here = {k: f for k, f in self.campaign.store.all("facility").items()
                if f["location"] == ship.location and f["race"] == ship.race}
        rank = {"dock": 0, "frd": 1, "bats": 2, "bs": 3}
        if not here:
            QMessageBox.information(self, "Campaign", f"No dock, FRD or base of {ship.race} at "
                                    f"{ship.location or 'the ship'}'s hex (H3).")
            return None
        key = min(here, key=lambda k: rank.get(here[k]["kind"], 9))
        qid = self._try(orders.order_repair, self.campaign, uid, key)
        self._select(uid)
        return qid

    def _select(self, uid: str) -> None:
        ids = [s["id"] for s in self.doc["fleet"]]
        if uid in ids:
            self.fleet.selectRow(ids.index(uid))

    def _selected_battle(self) -> str | None:
        rows = self.battles.selectionModel().selectedRows()
        return self.doc["battles"][rows[0].row()]["id"] if rows else None

    def _show_battle(self) -> None:
        bid = self._selected_battle()
        battle = self.campaign.store.get("battle", bid) if bid else None
        if battle is None:
            self.battle_notes.setPlainText("")
            return
        scenario = battle["scenario"]
        lines = [scenario["scenario"]["title"], *scenario["scenario"].get("notes", []),
                 *scenario.get("status", {}).get("limitations", []), "", *battle.get("notes", [])]
        self.battle_notes.setPlainText("\n".join(lines))
        queued = battle["status"] == "queued"
        for button in (self.fight_button, self.back_button, self.robots_button):
            button.setEnabled(queued)

    # --- acting -----------------------------------------------------------------------------------

    def _try(self, action, *args):  # noqa: ANN001, ANN202
        try:
            return action(*args)
        except (LedgerError, DiceError, ValueError) as exc:
            QMessageBox.warning(self, "Campaign", str(exc))
            return None
        finally:
            self.refresh()

    def next_step(self) -> list[str] | None:
        notes = self._try(turn.step, self.campaign)
        if notes:
            self.statusBar().showMessage("; ".join(notes)[:300], 15000)
        return notes

    def undo(self) -> None:
        entry = self._try(self.campaign.store.undo)
        self.statusBar().showMessage(entry.reason if entry else "Nothing to undo", 8000)

    def fight_at_table(self) -> None:
        bid = self._selected_battle()
        if bid:
            self.fight_requested.emit(bid, self.campaign.store.get("battle", bid)["scenario"])

    def import_table_result(self, battle_id: str, result: dict) -> list[str] | None:
        return self._try(battle_queue.import_result, self.campaign, battle_id, result)

    def robots_fight(self, seed: int = 0) -> BackgroundTask | None:
        """Let the robots play the selected battle on a worker thread (it takes seconds: the
        window stays live); the result is imported on the GUI thread when they finish, and
        :attr:`robot_notes` holds what the import said (None if the robots could not fight)."""
        from sfb_desk.data.scenario_schema import Scenario
        from sfb_desk.robot.battle import play_battle

        bid = self._selected_battle()
        if not bid or (self._robots is not None and self._robots.running):
            return None
        document = self.campaign.store.get("battle", bid)["scenario"]

        def fight() -> dict:  # on the worker thread: the scenario only, no store, no widgets
            return play_battle(Scenario.model_validate(document), seed=seed).result()

        self._robots = task = BackgroundTask(fight, ROBOT_THREAD, self)
        task.finished.connect(lambda result: self._robots_done(bid, result))
        task.failed.connect(lambda exc: self._robots_failed(bid, exc))
        self.robot_notes = None
        for button in (self.fight_button, self.back_button, self.robots_button,
                       self.next_button, self.undo_button):
            button.setEnabled(False)
        self.statusBar().showMessage(f"The robots are fighting battle {bid}…")
        task.start()
        return task

    def _robots_done(self, battle_id: str, result: dict) -> None:
        self.robot_notes = self.import_table_result(battle_id, result)
        self._robots_ended()
        if self.robot_notes:
            self.statusBar().showMessage("; ".join(self.robot_notes)[:300], 15000)

    def _robots_failed(self, battle_id: str, exc: BaseException) -> None:
        self._robots_ended()
        QMessageBox.warning(self, "Campaign", robots_failed(battle_id, exc))
        self.refresh()

    def _robots_ended(self) -> None:
        self.statusBar().clearMessage()
        self.next_button.setEnabled(True)
        self.undo_button.setEnabled(True)

    def closeEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt's name
        """A battle the robots are still fighting is finished and imported before the window
        goes: nothing is lost and no thread outlives the window."""
        if self._robots is not None and self._robots.running:
            self._robots.wait_and_deliver()
        super().closeEvent(event)

    def print_forms(self, path: str | None = None) -> None:
        from sfb_desk.printing.campaign_forms import write_pdf

        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Print campaign forms", "", "PDF (*.pdf)")
        if path:
            pages = write_pdf(report.summary(self.campaign, journal=0), path)
            self.statusBar().showMessage(f"Wrote {path}: {pages} pages", 8000)


def robots_failed(battle_id: str, exc: BaseException) -> str:
    """What the table reads when the robots cannot fight a battle: the problem in words (a
    refused answer or a hang, a unit that cannot be set up, a scenario that does not validate);
    an unexpected error is named by its kind and its traceback goes to the error output."""
    from sfb_desk.robot.duel import DuelError

    problem = str(exc).strip() or type(exc).__name__
    if isinstance(exc, KeyError) and exc.args:
        problem = str(exc.args[0])
    elif not isinstance(exc, (DuelError, ValueError, KeyError)):
        import traceback

        traceback.print_exception(exc)
        problem = f"{type(exc).__name__}: {problem} (a program error; please report it)"
    return f"The robots could not fight battle {battle_id}: {problem}"


class _FitScroll(QScrollArea):
    """A scroll area whose SSD view is zoomed to the area's width (SsdView.fit_to_width)."""

    def fit(self) -> None:
        view = self.widget()
        if isinstance(view, SsdView):
            view.fit_to_width(self.viewport().width())

    def resizeEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt's name
        super().resizeEvent(event)
        self.fit()
