"""The F&E Combined Operations window: the round stepped through with typed dice, the folio's
next turn and its PDF, the build list's limits, scenario 609 set up from its chart, the SIT
lookup's link to the library, saving in a campaign store, and the main window's menu."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "fe"))
from fe_round_data import ROUND  # noqa: E402

from sfb_desk.campaign.store import CampaignStore  # noqa: E402
from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.fe import persist  # noqa: E402
from sfb_desk.ui.fe.window import FeWindow  # noqa: E402


@pytest.fixture(scope="module")
def library():
    return load_library()


@pytest.fixture
def fe(qtbot, library):
    w = FeWindow(library)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    return w


def test_round_steps_through_and_waits_for_a_typed_die(fe):
    data = copy.deepcopy(ROUND)
    del data["dice"]["4B.defender"]
    fe.round.set_round(data)
    assert fe.round.report.summary["waiting_at"] == "4B"
    assert fe.round.waiting_key() == "4B.defender"
    assert fe.round.die_entry.isEnabled()
    fe.round.die_entry.setText("6 6")  # one die wanted: refused
    fe.round._type_dice()
    assert "1 dice wanted, 2 typed" in fe.round.waiting.text()
    fe.round.die_entry.setText("3")
    fe.round._type_dice()
    assert fe.round.report.summary["waiting_at"] is None
    assert fe.round.report.step("4C").values["defender"]["damage"] == 12
    assert fe.round.dice_log.rowCount() == 6
    fe.round.select_step("4C")
    assert "27.5% of 62" in fe.round.details.text()


def test_round_editor_writes_back_and_recomputes(fe):
    fe.round.set_round(ROUND)
    fe.round.select_step("3X1")
    fe.round.form.editors["attacker"].setValue(2)  # SFGs need 3 (312.262)
    assert fe.round.data["3X1"]["attacker"] == 2
    assert any("312.262" in p for p in fe.round.report.step("4A3").problems)
    fe.round.select_step("1A")
    fe.round.note.setText("no withdrawal")
    fe.round.note.textEdited.emit("no withdrawal")
    assert fe.round.data["notes"]["1A"] == "no withdrawal"


def test_folio_next_turn_and_pdf(fe, tmp_path):
    fe.tabs.setCurrentWidget(fe.folio)
    assert fe.folio.folio()["grids"]["main"]["treasury"] == 0
    fe.folio.next_turn()
    data = fe.folio.folio()
    assert data["turn"] == 8 and data["grids"]["main"]["treasury"] == 66
    path = fe.export_pdf(str(tmp_path / "folio.pdf"))
    assert path and Path(path).read_bytes().startswith(b"%PDF")
    assert fe.print_preview(run=False) is not None


def test_limits_tab_reports_a_broken_limit(fe):
    fe.tabs.setCurrentWidget(fe.limits)
    fe.limits.builds.add_row({"item": "SAV"})
    fe.limits.refresh()
    assert "at most one (513.112, 701)" in fe.limits.problem.text()
    assert any(not f.ok for f in fe.limits.findings)


def test_scenario_609_set_up_from_its_chart(fe, qtbot):
    tab = fe.scenarios
    assert tab.current_id() == "609"
    setup = tab.set_up_current()
    fed = tab.tree.topLevelItem(0)
    assert fed.text(0) == "Federation" and fed.text(1) == str(
        sum(f["total"] for f in setup["races"]["Federation"]["fleets"]))
    first = fed.child(0)
    assert (first.text(0), first.text(1)) == ("1st (Home) Fleet", "26")
    ca = next(first.child(k) for k in range(first.childCount()) if first.child(k).text(0) == "CA")
    assert (ca.text(1), ca.text(3)) == ("2", "FED-CA")
    with qtbot.waitSignal(tab.ship_requested) as asked:
        tab._open_ship(ca, 0)
    assert asked.args == ["FED-CA"]
    assert [tab.folios.itemText(k) for k in range(tab.folios.count())] == ["Klingon",
                                                                            "Federation"]
    tab._folio(1)
    assert fe.tabs.currentWidget() is fe.folio
    assert fe.folio.folio()["grids"]["main"]["multiplier"] == 0.75  # (609.45) on Turn #7
    tab.listing.setCurrentRow(5)  # 614: no chart
    assert not tab.set_up.isEnabled()


def test_sit_lookup_links_to_the_library(fe, qtbot):
    fe.sit.search.setText("D5A")
    assert fe.sit.table.rowCount() == 1
    assert fe.sit.table.item(0, 2).text() == "KLI-D5A"
    with qtbot.waitSignal(fe.ship_requested) as asked:
        fe.sit._open(0, 0)
    assert asked.args == ["KLI-D5A"]


def test_save_to_the_campaign_store(fe, tmp_path):
    db = str(tmp_path / "c.sfbcampaign")
    fe.choose_store(db)
    fe.round.set_round(ROUND)
    fe.tabs.setCurrentWidget(fe.round)
    assert fe.save_to_store() == "combat round"
    fe.tabs.setCurrentWidget(fe.folio)
    assert fe.save_to_store() == "folio"
    fe.tabs.setCurrentWidget(fe.scenarios)
    assert fe.save_to_store() == "scenario set-up"
    with CampaignStore.open(db) as store:
        assert store.get(persist.ROUND, "round")["summary"]["waiting_at"] is None
        assert len(store.dice_log()) == 6
        assert "Klingon:7" in store.all(persist.FOLIO)
        assert store.get(persist.SCENARIO, "609")
    assert "Saved the scenario set-up" in fe.statusBar().currentMessage()
    fe.tabs.setCurrentWidget(fe.folio)
    fe.folio.next_turn()
    assert fe.folio.folio()["turn"] == 8
    assert fe.open_from_store("Klingon:7")
    assert fe.folio.folio()["turn"] == 7
    fe.round.set_round({"table": "standard"})
    fe.round.name.setText("other")
    fe.tabs.setCurrentWidget(fe.round)
    assert fe.open_from_store("round") and fe.round.name.text() == "round"
    assert fe.round.report.summary["waiting_at"] is None


def test_main_window_opens_the_assistant_and_shows_a_linked_ship(qtbot, library):
    from sfb_desk.ui.fe.menu import open_fe_window
    from sfb_desk.ui.window.main_window import MainWindow

    w = MainWindow(library, collect_garbage=False)
    qtbot.addWidget(w)
    assert "fe" in w.actions and w.actions["fe"].shortcut().toString() == "Ctrl+Shift+F"
    w.actions["fe"].trigger()
    fe = w.fe_window
    assert fe.isVisible() and open_fe_window(w) is fe
    fe.ship_requested.emit("KLI-D5A")
    assert w.browser.current is not None and w.browser.current.id == "KLI-D5A"
    fe.close()
    w.shutdown()


def test_the_window_fits_a_1366x768_screen_with_its_status_bar(qtbot):
    from sfb_desk.ui.fe.window import FeWindow

    fe = FeWindow()
    qtbot.addWidget(fe)
    fe.example_round()
    fe.show()
    for step in ("3X1", "4A3", "6G", "6X"):
        fe.round.select_step(step)
        for tab in (fe.round, fe.folio, fe.limits, fe.scenarios, fe.sit):
            fe.tabs.setCurrentWidget(tab)
            assert fe.tabs.currentWidget() is tab
            hint = fe.minimumSizeHint()
            assert hint.width() <= 1366 and hint.height() <= 768, (step, tab, hint)
    fe.resize(1366, 768)
    assert fe.size().toTuple() == (1366, 768)
    assert fe.statusBar().isVisible() and fe.statusBar().geometry().bottom() < 768
