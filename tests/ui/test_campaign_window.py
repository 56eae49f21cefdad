"""The campaign window (sfb_desk/ui/campaign): turn and step, treasury, fleet roster with each
ship's SSD, orders, battles ("Robots fight it", "Fight at the table" and the result brought
back), journal; and its place in the main window's Campaign menu."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from sfb_desk.campaign import battle_queue, examples, orders, turn
from sfb_desk.ui.campaign.menu import bring_back, show_campaign
from sfb_desk.ui.campaign.window import CampaignWindow
from sfb_desk.ui.window.main_window import MainWindow


@pytest.fixture
def no_boxes(monkeypatch):
    def no_box(*args, **kwargs):
        raise AssertionError(f"a message box was opened: {args[1:]}")

    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, no_box)


def _cells(table, column: int) -> list[str]:  # noqa: ANN001
    return [table.item(r, column).text() for r in range(table.rowCount())]


def test_the_window_walks_a_turn_and_fights_a_battle(qtbot, tmp_path, no_boxes):
    campaign = examples.border_war(tmp_path / "w.sfbcampaign", seed=3)
    w = CampaignWindow(campaign)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    assert "Turn 1, Spring Y168" in w.header.text() and "Collect EPs" in w.header.text()
    assert _cells(w.fleet, 0) == ["Burke", "Dagger", "Enterprise", "Hood", "Kahless", "Vengeance"]
    notes = w.next_step()
    assert any("FED collects 75 EP" in n for n in notes)
    assert ("Federation", "main", "175") in [tuple(w.treasury.item(r, c).text() for c in range(3))
                                             for r in range(w.treasury.rowCount())]
    turn.advance_to(campaign, "order")
    orders.order_build(campaign, "FED", "FED-FF", "fed-dock", name="Reliant")
    turn.advance_to(campaign, "combat")
    battle_queue.queue_battle(campaign, "clash", "G3", [("Federation", ["enterprise"]),
                                                         ("Klingon", ["kahless"])], turns=3)
    w.refresh()
    assert _cells(w.orders, 1) == ["build"] and _cells(w.battles, 3) == ["queued"]
    w.battles.selectRow(0)
    assert w.fight_button.isEnabled() and "Meeting engagement" in w.battle_notes.toPlainText()
    task = w.robots_fight(seed=2)
    assert task.thread_name == "sfb-robot-battle" and not w.robots_button.isEnabled()
    assert not w.next_button.isEnabled()  # the campaign does not move while the robots fight
    qtbot.waitUntil(lambda: not task.running, timeout=120_000)
    assert w.robot_notes and _cells(w.battles, 3) == ["imported"]
    assert w.next_button.isEnabled()
    w.fleet.selectRow(_cells(w.fleet, 0).index("Enterprise"))
    enterprise = campaign.unit("enterprise")
    assert w.ssd._destroyed == frozenset(enterprise.destroyed)
    assert "Strategic speed" in w.ship_info.text()
    w.toggle_supply()
    assert not campaign.unit("enterprise").in_supply and "out of supply" in w.ship_info.text()
    w.toggle_supply()
    assert campaign.unit("enterprise").in_supply
    assert "Result of battle clash imported" in w.journal.toPlainText()
    assert "dice (seeded) legendary officer" in w.journal.toPlainText()
    for size in ((1366, 768), (1920, 1080)):
        w.resize(*size)
        image = w.grab()
        assert (image.width(), image.height()) == size
    assert enterprise.current  # the seeded robots' battle damaged it
    campaign.set_supply("enterprise", False)  # G17.132 only: some damage becomes permanent
    turn.advance_to(campaign, "reveal")
    w.refresh()
    w.fleet.selectRow(_cells(w.fleet, 0).index("Enterprise"))
    assert campaign.unit("enterprise").permanent
    qid = w.order_repair_here()
    assert qid and campaign.store.get("queue", qid)["facility"] == "fed-dock"
    assert "repair" in _cells(w.orders, 1)
    campaign.close()


def test_fight_at_the_table_and_bring_the_result_back(qtbot, tmp_path, no_boxes):
    window = MainWindow()
    qtbot.addWidget(window)
    try:
        campaign = examples.border_war(tmp_path / "w.sfbcampaign")
        assert "campaign" in window.actions and "campaign_example" in window.actions
        turn.advance_to(campaign, "combat")
        battle_queue.queue_battle(campaign, "at-table", "G2", [("Federation", ["hood"]),
                                                                ("Klingon", ["dagger"])], turns=2)
        cw = show_campaign(window, campaign)
        cw.battles.selectRow(0)
        with qtbot.waitSignal(window.controller.answer_done, timeout=20_000, raising=False):
            cw.fight_button.click()
        pending = window.campaign_battle
        assert pending[0] == "at-table" and window.controller.record is not None
        assert {u.id for u in window.controller.record.initial.units} == {"Hood", "Dagger"}
        notes = bring_back(window, cw)  # brought back before the end (e.g. both disengaged)
        assert notes is not None and window.campaign_battle is None
        assert campaign.store.get("battle", "at-table")["status"] == "imported"
        assert campaign.store.get("battle", "at-table")["result"]["played_by"] == "table"
        campaign.store.undo()
        cw.refresh()
        cw.battles.selectRow(0)
        cw.fight_button.click()  # again; robots play both sides at the table to the end
        c = window.controller
        for side in ("Federation", "Klingon"):
            c.set_auto_dice(side, True)
            c.set_robot(side, "captain")
        qtbot.waitUntil(lambda: campaign.store.get("battle", "at-table")["status"] == "imported",
                        timeout=120_000)
        assert c.record.finished and window.campaign_battle is None
        assert campaign.store.get("battle", "at-table")["result"]["ended"] == "turn limit"
        cw.close()
        campaign.close()
    finally:
        window.shutdown()
        window.close()


def test_a_damaged_campaign_file_opens_a_message_not_a_traceback(qtbot, tmp_path, monkeypatch):
    import sqlite3

    from sfb_desk.ui.campaign.menu import open_campaign

    path = tmp_path / "w.sfbcampaign"
    examples.border_war(path, seed=1).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE records SET value = '{\"bogus\": 1}' WHERE kind = 'campaign'")
    conn.close()
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    window = MainWindow()
    qtbot.addWidget(window)
    assert open_campaign(window, str(path)) is None
    assert len(shown) == 1 and "campaign/meta is damaged" in shown[0] and "'name'" in shown[0]


@pytest.mark.parametrize("error, shown", [
    ("duel", "The robots could not fight battle clash: no robot answers T1.I8.hits.Federation"),
    ("setup", "The robots could not fight battle clash: Enterprise: weapon status None"),
    ("bug", "The robots could not fight battle clash: ZeroDivisionError: division by zero "
            "(a program error; please report it)"),
])
def test_a_robot_battle_that_fails_says_why_in_a_message_box(qtbot, tmp_path, monkeypatch,
                                                             capsys, error, shown):
    from sfb_desk.data.game_setup import SetupError
    from sfb_desk.robot import battle as robot_battle
    from sfb_desk.robot.duel import DuelError

    def failing(*args, **kwargs):
        if error == "duel":
            raise DuelError("no robot answers T1.I8.hits.Federation (To-hit dice)")
        if error == "setup":
            raise SetupError("Enterprise: weapon status None: give weapon_status")
        return 1 / 0

    campaign = examples.border_war(tmp_path / "w.sfbcampaign", seed=3)
    turn.advance_to(campaign, "combat")
    battle_queue.queue_battle(campaign, "clash", "G3", [("Federation", ["enterprise"]),
                                                         ("Klingon", ["kahless"])], turns=3)
    w = CampaignWindow(campaign)
    qtbot.addWidget(w)
    w.battles.selectRow(0)
    boxes = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: boxes.append(text))
    monkeypatch.setattr(robot_battle, "play_battle", failing)
    task = w.robots_fight(seed=2)
    qtbot.waitUntil(lambda: not task.running, timeout=60_000)
    assert w.robot_notes is None and w.next_button.isEnabled()
    assert len(boxes) == 1 and boxes[0].startswith(shown)
    assert _cells(w.battles, 3) == ["queued"]  # nothing imported
    assert ("Traceback" in capsys.readouterr().err) == (error == "bug")
    campaign.close()


def test_the_selected_ships_ssd_is_readable_at_1366x768(qtbot, tmp_path, no_boxes):
    campaign = examples.border_war(tmp_path / "w.sfbcampaign", seed=3)
    w = CampaignWindow(campaign)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.fleet.selectRow(_cells(w.fleet, 0).index("Enterprise"))
    unit = float(w.ssd.form.info_value("unit"))
    box = w.ssd._zoom * unit  # pixels per SSD box
    assert 14 <= box <= 18  # was 9: the SSD fills the width it has, up to 18 pixels a box
    assert w.ssd_scroll.height() >= 400  # the roster gives the SSD most of the height
    assert w.ssd.width() >= w.ssd_scroll.viewport().width() - 1


def test_closing_the_window_while_the_robots_fight_imports_their_result(qtbot, tmp_path,
                                                                          monkeypatch):
    import threading

    from sfb_desk.robot import battle as robot_battle

    real = robot_battle.play_battle
    gate = threading.Event()

    def slow(scenario, seed=0):  # noqa: ANN001, ANN202
        gate.wait(30)
        return real(scenario, seed=seed)

    campaign = examples.border_war(tmp_path / "w.sfbcampaign", seed=3)
    turn.advance_to(campaign, "combat")
    battle_queue.queue_battle(campaign, "clash", "G3", [("Federation", ["enterprise"]),
                                                         ("Klingon", ["kahless"])], turns=3)
    w = CampaignWindow(campaign)
    qtbot.addWidget(w)
    w.battles.selectRow(0)
    monkeypatch.setattr(robot_battle, "play_battle", slow)
    task = w.robots_fight(seed=2)
    assert task.running and w.robots_fight(seed=2) is None  # one battle at a time
    qtbot.wait(20)
    assert w.isEnabled()  # the window lives while they fight
    gate.set()
    w.close()
    assert not task.running and w.robot_notes
    assert campaign.store.get("battle", "clash")["status"] == "imported"
    campaign.close()
