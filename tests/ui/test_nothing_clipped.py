"""Issue 12, item 5: nothing clipped at 1366x768 and 1920x1080. The main window, mid-game
(the energy allocation, then a fire declaration), fits each screen, and every visible label
and button shows its whole text: a label's widest line (fontMetrics.horizontalAdvance) fits
its contents rect unless it wraps or elides (rich text is laid out by Qt and skipped); a
button's size hint fits its width. The EA sheet does not scroll sideways (its energy column in
view), the event log's lines are whole (wrapped, no sideways scrolling), the fire orders show
six weapon rows, each with its weapon, target and mode in view without sideways scrolling, and the print preview opens with its whole page and toolbar in view."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListView, QMessageBox, QScrollArea, QTabBar, QWidget

from sfb_desk.data.custom_setup import GameChoice
from sfb_desk.engine.answers import pop_keyed
from sfb_desk.engine.orders.pass_policy import ASK_ALL
from sfb_desk.qt.print_settings import print_preview
from sfb_desk.ui.window.menus import _game_sheets
from sfb_desk.ui.window.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from duel_script import ANSWERS, setup  # noqa: E402

from clip_walk import (  # noqa: E402,F401 - clipped and shown: the forms' tests use them
    clipped,
    cut_lines,
    dice_cut,
    preview_cut,
    shown,
    sideways,
)

SCRIPT = {a.key: a.value for a in ANSWERS}
WAIT = 30_000
SIZES = ((1366, 768), (1920, 1080))


def _settle(qtbot, window) -> None:  # noqa: ANN001
    """Let a resized window lay itself out: wait until the orders panel's size and scroll range
    read the same twice running (a loaded machine needs more than one pass of the event loop;
    a fixed short wait made the sideways check fail on layouts still on their way)."""
    scroll = window.panels.orders.scroll
    last = None
    for _ in range(60):
        qtbot.wait(50)
        now = (scroll.size(), scroll.widget().size(), scroll.horizontalScrollBar().maximum())
        if now == last:
            return
        last = now


@pytest.fixture
def window(qtbot, monkeypatch):
    for name in ("warning", "question", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, lambda *a, **k: QMessageBox.StandardButton.No)
    w = MainWindow()
    w.show()
    yield w
    w.shutdown()
    w.close()
    w.deleteLater()


def _scripted(prompt) -> object:  # noqa: ANN001
    value = pop_keyed(dict(SCRIPT), prompt)
    return prompt.default if value is None else value


def _answer(qtbot, controller, value) -> None:  # noqa: ANN001
    with qtbot.waitSignal(controller.answer_done, timeout=WAIT):
        controller.answer(value)


def check_sizes(qtbot, window, dice: bool = False) -> list[str]:
    problems = []
    for width, height in SIZES:
        window.resize(width, height)
        qtbot.wait(50)
        if window.width() > width or window.height() > height:
            problems.append(f"the window needs {window.width()}x{window.height()} at "
                            f"{width}x{height}")
        problems += [f"{width}x{height}: {p}" for p in clipped(window)]
        problems += [f"{width}x{height}: {p}" for p in cut_lines(window.panels.log.view)]
        if dice:  # every die of the request asked in view: what to type and each shot
            problems += [f"{width}x{height}: {p}" for p in dice_cut(window.panels.dice)]
        sheet = window.panels.ea.sheet
        if sheet is not None and sheet.isVisible():
            energies = [row.energy for row in sheet.rows.values() if row.energy is not None]
            problems += [f"{width}x{height}: {p}"
                         for p in sideways(sheet.findChild(QScrollArea), energies)]
    return problems


def fire_rows_cut(qtbot, window, editor, unit: str) -> list[str]:  # noqa: ANN001
    """At either size: at least six weapon rows of ``unit`` wholly in view, no sideways
    scrolling, each row's weapon, target and mode in view and its damage by die whole."""
    problems = []
    for width, height in SIZES:
        window.resize(width, height)
        _settle(qtbot, window)
        rows = editor.rows[unit]
        whole = [r.option.box for r in rows  # wholly in view
                 if r.check.visibleRegion().boundingRect().height() >= r.check.height()]
        if len(whole) < min(6, len(rows)):
            problems.append(f"{width}x{height}: {len(whole)} of {len(rows)} weapon rows of the "
                            f"fire orders in view ({', '.join(whole)})")
        bar = window.panels.orders.scroll.horizontalScrollBar()
        if bar.maximum() > 0:  # either screen: weapon, target and mode without scrolling
            problems.append(f"{width}x{height}: the fire orders scroll sideways by "
                            f"{bar.maximum()} pixels")
        port = window.panels.orders.scroll.viewport()
        for r in rows:
            for part in (r.check, r.target, r.mode):
                right = part.mapTo(port, part.rect().topRight()).x()
                if part.isVisible() and right > port.width():
                    problems.append(f"{width}x{height}: {r.option.box}'s "
                                    f"{part.objectName()} ends at {right}, the view at "
                                    f"{port.width()}")
        for r in rows:  # either screen: every row's damage by die whole (QA at 1366x768)
            dice = r.info.text().split(" by die")[0]
            if " by die" in r.info.text() and not r.info.shown_text().startswith(dice):
                problems.append(f"{width}x{height}: {r.option.box} shows "
                                f"{r.info.shown_text()!r}, not its damage {dice!r}")
    return problems


def test_nothing_clipped_at_either_screen(qtbot, window):
    c = window.controller
    window.panels.orders.set_policy(ASK_ALL)
    with qtbot.waitSignal(c.answer_done, timeout=WAIT):
        window.start_game(GameChoice(setup(), "The Duel (practice)", {}, frozenset(),
                                     "PRACTICE-CA-D7-FIXED"))
    problems = check_sizes(qtbot, window)  # the energy allocation of turn 1
    while c.pending is not None and c.pending.key != "T1.I8.fire.Federation":
        value = pop_keyed(dict(SCRIPT), c.pending)
        with qtbot.waitSignal(c.answer_done, timeout=WAIT):
            c.answer(c.pending.default if value is None else value)
    assert c.pending.key == "T1.I8.fire.Federation"
    problems += check_sizes(qtbot, window)  # a fire declaration in the orders panel
    editor = window.panels.orders.editor
    editor = getattr(editor, "editors", [editor])[0]  # a joint form: the Federation's tab
    # at least six weapon rows of the fire orders wholly in view at either size, each side's
    problems += fire_rows_cut(qtbot, window, editor, "ENT")
    tabs = window.panels.orders.findChild(QTabBar)
    if tabs is not None:  # the Klingon's tab of the joint form (its disruptors)
        tabs.setCurrentIndex(1)
        klingon = window.panels.orders.editor
        klingon = getattr(klingon, "editors", [klingon])[-1]
        problems += fire_rows_cut(qtbot, window, klingon, "KRT")
        tabs.setCurrentIndex(0)
    # big volleys (QA at 1366x768): each side fires everything it can at impulse 8, so the dice
    # panel asks 9 and more to-hit dice at once, then a DAC batch of as many rolls
    answer = lambda value: _answer(qtbot, c, value)  # noqa: E731
    editor.check_all("ENT")
    answer(editor.value())
    while c.pending.key != "T1.I8.fire.Klingon":
        answer(_scripted(c.pending))
    klingon = window.panels.orders.editor
    klingon = getattr(klingon, "editors", [klingon])[-1]
    klingon.check_all("KRT")
    answer(klingon.value())
    volleys, dac = 0, None
    while c.pending is not None and ".dac." not in c.pending.key:
        if ".hits." in c.pending.key and c.pending.count >= 9:  # a volley of nine or more
            volleys += 1
            problems += check_sizes(qtbot, window, dice=True)
        answer([1] * c.pending.count if ".hits." in c.pending.key else _scripted(c.pending))
    assert volleys == 2  # the Federation's (photons and phasers) and the Klingon's
    while c.pending is not None and not (window.panels.orders.joint is not None
                                         and window.panels.orders.joint.kind == "movement"):
        if ".dac." in c.pending.key and c.pending.count >= 10 and dac is None:
            dac = c.pending.count
            assert window.panels.dice.purpose.text().startswith("DAC rolls")
            problems += check_sizes(qtbot, window, dice=True)  # a DAC batch in the dice panel
        answer([8] * c.pending.count if ".dac." in c.pending.key else _scripted(c.pending))
    assert dac is not None
    assert len(window.panels.orders.joint.prompts) == 2  # both ships' moves in one form
    problems += check_sizes(qtbot, window)  # the joint movement form (hot seat)
    orders = window.panels.orders  # a ship's own movement form (joint forms off)
    orders.set_policy(dataclasses.replace(orders.policy, joint_forms=False))
    orders.set_prompt(c.pending)
    assert type(orders.editor).__name__ == "MovementEditor"
    problems += check_sizes(qtbot, window)
    for width, height in SIZES:  # its buttons and its key hint whole, no sideways scrolling
        window.resize(width, height)
        _settle(qtbot, window)
        if orders.scroll.horizontalScrollBar().maximum() > 0:
            problems.append(f"{width}x{height}: the movement form scrolls sideways by "
                            f"{orders.scroll.horizontalScrollBar().maximum()} pixels")
    for width, height in SIZES:  # File > Print SSDs (preview): the whole page, fitted
        window.resize(width, height)
        qtbot.wait(50)
        dialog = print_preview(window, _game_sheets(window), run=False)
        dialog.show()
        qtbot.wait(100)
        problems += [f"{width}x{height}: {p}" for p in preview_cut(dialog, window)]
        dialog.close()
        dialog.deleteLater()
    assert not problems, "\n".join(problems)


def test_the_walk_reports_a_clipped_label_and_button(qtbot):
    from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    label = QLabel("a label far too long for forty pixels")
    label.setObjectName("tooLong")
    button = QPushButton("a button far too long for forty pixels")
    for w in (label, button):
        w.setMinimumWidth(0)
        w.setFixedWidth(40)
        layout.addWidget(w)
    wrapped = QLabel("a wrapped label far too long for forty pixels")
    wrapped.setWordWrap(True)
    wrapped.setFixedWidth(40)
    layout.addWidget(wrapped)
    host.show()
    found = clipped(host)
    assert len(found) == 2 and "tooLong" in found[0] and "QPushButton" in found[1]


def test_the_walk_reports_what_is_cut_in_height(qtbot):
    """A wrapped label shorter than its lines at its width, a check box cut in half and a list
    running past the panel's edge are reported; the same widgets given room are not."""
    from PySide6.QtWidgets import QCheckBox, QListWidget

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(400, 400)
    label = QLabel("a wrapped prompt title, long enough to need three or four lines", host)
    label.setObjectName("prompt")
    label.setWordWrap(True)
    box = QCheckBox("Klingon", host)
    rolls = QListWidget(host)
    label.setGeometry(0, 0, 120, label.fontMetrics().height())
    box.setGeometry(0, 100, 200, box.minimumSizeHint().height() // 2)
    rolls.setGeometry(0, 360, 200, 100)  # its lower 60 pixels past the panel's edge
    host.show()
    found = clipped(host)
    assert len(found) == 3, found
    assert "prompt" in found[0] and "height" in found[0]
    assert "QCheckBox" in found[1] and "QListWidget" in found[2]
    label.setGeometry(0, 0, 120, label.heightForWidth(120))
    box.setGeometry(0, 100, 200, box.minimumSizeHint().height())
    rolls.setGeometry(0, 290, 200, 100)
    assert clipped(host) == []


def test_status_bar_hints_name_the_menu(window):
    """Issue 12, item 6: an item's status-bar hint names the menu it is in."""
    from PySide6.QtWidgets import QMenu

    def plain(text: str) -> str:
        return text.replace("&", "")

    missing = []
    for top in window.menuBar().actions():
        menu = top.menu()
        if menu is None:
            continue
        for action in menu.actions():
            if action.isSeparator() or isinstance(action.menu(), QMenu):
                continue
            if not action.statusTip().startswith(f"{plain(menu.title())} ▸ "):
                missing.append(f"{plain(menu.title())}: {plain(action.text())!r} "
                               f"-> {action.statusTip()!r}")
    assert not missing, "\n".join(missing)
    assert window.actions["undo"].statusTip().startswith("Edit ▸ Undo")


def test_the_walk_reports_a_log_line_and_a_sheet_cut_sideways(qtbot):
    """A log that neither wraps nor fits, and a sheet wider than its view, are reported; the
    same log wrapping, and the sheet given room, are not."""
    from PySide6.QtCore import QStringListModel
    from PySide6.QtWidgets import QHBoxLayout

    view = QListView()
    qtbot.addWidget(view)
    model = QStringListModel(["T1.8  a sentence of the log far too long for two hundred pixels "
                              "of a narrow dock"])
    view.setModel(model)
    view.resize(200, 120)
    view.show()
    qtbot.wait(20)
    assert cut_lines(view)
    view.setWordWrap(True)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.doItemsLayout()
    qtbot.wait(20)
    assert cut_lines(view) == []

    scroll = QScrollArea()
    qtbot.addWidget(scroll)
    scroll.setWidgetResizable(True)
    host = QWidget()
    row = QHBoxLayout(host)
    wide = QLabel("x" * 80)
    energy = QLabel("30")
    energy.setObjectName("energy:warp")
    row.addWidget(wide)
    row.addWidget(energy)
    scroll.setWidget(host)
    scroll.resize(200, 100)
    scroll.show()
    qtbot.wait(20)
    found = sideways(scroll, [energy])
    assert any("sideways" in f for f in found) and any("energy:warp" in f for f in found)
    scroll.resize(host.sizeHint().width() + 40, 100)
    qtbot.wait(20)
    assert sideways(scroll, [energy]) == []
