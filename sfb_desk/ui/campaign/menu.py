"""The main window's way into the campaign ledger: Campaign > Campaign ledger… opens (or
creates) a campaign file in a :class:`~.window.CampaignWindow`; "Fight at the table" sets the
battle up in the main window; when that game ends its result comes back into the campaign by
itself ("Bring the result back" imports it earlier, e.g. after both sides disengaged). The
ledger and its window are imported when a campaign is opened (issue 13: start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

if TYPE_CHECKING:
    from sfb_desk.campaign.ledger import Campaign

    from .window import CampaignWindow

FILTER = "SFB Desk campaigns (*.sfbcampaign);;All files (*)"


def add_campaign_actions(window: QMainWindow, menu: QMenu) -> dict[str, QAction]:
    open_action = QAction("Campaign &ledger…", window)
    open_action.setShortcut(QKeySequence("Ctrl+Shift+L"))
    open_action.triggered.connect(lambda: open_campaign(window))
    example = QAction("New example campaign (border war)…", window)
    example.triggered.connect(lambda: new_example(window))
    menu.addAction(open_action)
    menu.addAction(example)
    return {"campaign": open_action, "campaign_example": example}


def open_campaign(window: QMainWindow, path: str | None = None) -> CampaignWindow | None:
    from sfb_desk.campaign.ledger import Campaign, LedgerError

    if path is None:
        path, _ = QFileDialog.getOpenFileName(window, "Open campaign", "", FILTER)
    if not path:
        return None
    try:
        campaign = Campaign.open(path, getattr(window, "library", None))
    except LedgerError as exc:  # a missing, foreign or damaged file (records.py names the field)
        QMessageBox.warning(window, "Campaign", f"The campaign cannot be opened: {exc}")
        return None
    try:
        return show_campaign(window, campaign)
    except LedgerError as exc:  # a damaged record met while showing it
        campaign.close()
        QMessageBox.warning(window, "Campaign", f"The campaign cannot be shown: {exc}")
        return None


def new_example(window: QMainWindow, path: str | None = None) -> CampaignWindow | None:
    from sfb_desk.campaign.examples import border_war
    from sfb_desk.campaign.ledger import LedgerError

    if path is None:
        path, _ = QFileDialog.getSaveFileName(window, "New example campaign", "border-war.sfbcampaign", FILTER)
    if not path:
        return None
    try:
        return show_campaign(window, border_war(path))
    except LedgerError as exc:
        QMessageBox.warning(window, "Campaign", str(exc))
        return None


def show_campaign(window: QMainWindow, campaign: Campaign) -> CampaignWindow:
    from .window import CampaignWindow

    cw = CampaignWindow(campaign, parent=window)  # first: a damaged record leaves the old one open
    old = getattr(window, "campaign_window", None)
    if old is not None:
        old.campaign.close()
        old.close()
    cw.setWindowFlag(Qt.WindowType.Window, True)
    cw.resize(1366, 768)
    cw.fight_requested.connect(lambda bid, doc: fight_at_table(window, cw, bid, doc))
    cw.back_button.clicked.connect(lambda: bring_back(window, cw))
    controller = getattr(window, "controller", None)
    if controller is not None:  # the result comes back by itself when the game ends
        controller.prompt_changed.connect(lambda prompt: _game_over(window, cw, prompt))
    window.campaign_window = cw
    cw.show()
    return cw


def fight_at_table(window, cw: CampaignWindow, battle_id: str, doc: dict) -> bool:  # noqa: ANN001
    """Set the battle up in the main window (players at the table; robots as the Game menu says)."""
    from sfb_desk.data.custom_setup import GameChoice
    from sfb_desk.data.game_setup import SetupError, units_from_scenario
    from sfb_desk.data.scenario_schema import Scenario

    try:
        scenario = Scenario.model_validate(doc)
        setup = units_from_scenario(scenario, window.library)
    except (SetupError, ValueError) as exc:
        QMessageBox.warning(cw, "Campaign", f"The battle cannot be set up: {exc}")
        return False
    if hasattr(window, "_may_discard") and not window._may_discard():
        return False
    window.start_game(GameChoice(setup, scenario.title, scenario_id=scenario.id))
    window.campaign_battle = (battle_id, scenario, setup.specs)
    if QGuiApplication.platformName() != "offscreen":  # no window stacking there
        window.raise_()
    return True


def _game_over(window, cw: CampaignWindow, prompt) -> None:  # noqa: ANN001
    record = getattr(window.controller, "record", None)
    if (prompt is None and record is not None and record.finished
            and getattr(window, "campaign_battle", None) is not None
            and window.campaign_window is cw and cw.isVisible()):
        notes = bring_back(window, cw)
        if notes is not None:
            cw.statusBar().showMessage("The battle's result is in the campaign: "
                                       + "; ".join(notes)[:250], 20000)


def bring_back(window, cw: CampaignWindow) -> list[str] | None:  # noqa: ANN001
    """Import the result of the battle at the table into the campaign."""
    from sfb_desk.robot.battle import table_result

    pending = getattr(window, "campaign_battle", None)
    record = getattr(window.controller, "record", None)
    if pending is None or record is None:
        QMessageBox.information(cw, "Campaign", "No campaign battle is at the table: use "
                                "Fight at the table first.")
        return None
    battle_id, scenario, specs = pending
    result = table_result(scenario, record.table_state, record.combat, specs, window.library)
    notes = cw.import_table_result(battle_id, result)
    if notes is not None:
        window.campaign_battle = None
    return notes
