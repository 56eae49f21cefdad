"""QA review (issue 12): list columns show their headers and cells whole at the dialogs'
default sizes (1366x768 and 1920x1080 screens): the scenario builder's ship list ("draft:
check against your SSD"), the new-game dialog's units ("Unit id", "Weapon status") and the
ship library's Status column. A narrow list scrolls sideways rather than cut a column."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from sfb_desk.data.library import load_library
from sfb_desk.ui.library.browser import ShipBrowser
from sfb_desk.ui.scenario_builder.dialog import ScenarioBuilder
from sfb_desk.ui.setup.dialog import GameSetupDialog


@pytest.fixture(scope="module")
def library():
    return load_library()


def cut_columns(view: QAbstractItemView, capped: frozenset[int] = frozenset()) -> list[str]:
    """Columns narrower than their header or their widest cell (``capped``: a long name
    column allowed to elide)."""
    header: QHeaderView = view.header() if hasattr(view, "header") else view.horizontalHeader()
    model = view.model()
    out = []
    for column in range(model.columnCount()):
        if column in capped or header.isSectionHidden(column):
            continue
        need = max(header.sectionSizeHint(column), view.sizeHintForColumn(column))
        if header.sectionSize(column) + 1 < need:
            title = model.headerData(column, header.orientation())
            out.append(f"{title!r}: {header.sectionSize(column)} of {need} px")
    return out


def test_the_walk_finds_a_cut_column(qtbot, library):
    browser = ShipBrowser(library)
    qtbot.addWidget(browser)
    browser.table.setColumnWidth(4, 20)
    assert any("Status" in c for c in cut_columns(browser.table, frozenset({1})))


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_lists_show_whole_columns(qtbot, library, tmp_path, size):
    builder = ScenarioBuilder(library, folder=tmp_path)
    qtbot.addWidget(builder)
    builder.add_ship("FED-CA")
    builder.add_ship("KLI-D7")
    setup = GameSetupDialog(library)
    qtbot.addWidget(setup)
    setup.add_ship("FED-CA")
    setup.add_ship("KLI-D7")
    browser = ShipBrowser(library)
    qtbot.addWidget(browser)
    browser.resize(*size)
    for widget in (builder, setup, browser):
        widget.show()
    qtbot.wait(20)
    problems = [f"builder ships {c}" for c in cut_columns(builder.ships.list, frozenset({1}))]
    problems += [f"builder units {c}" for c in cut_columns(builder.units.view)]
    problems += [f"new game units {c}" for c in cut_columns(setup.units.view)]
    problems += [f"library {c}" for c in cut_columns(browser.table, frozenset({1}))]
    assert not problems, "\n".join(problems)
