"""The completion view (issue 16): checklist, SSD redrawn as the player types, verified mark."""

from PySide6.QtCore import Qt

from sfb_desk.data.library import load_library
from sfb_desk.ui.library.completion import CompletionView


def _rows(view):
    tree = view.checklist
    return {tree.topLevelItem(k).text(0): tree.topLevelItem(k)
            for k in range(tree.topLevelItemCount())}


def test_completing_a_class_in_the_view_verifies_it_and_the_library_uses_it(qtbot):
    library = load_library()
    view = CompletionView(library.get("ROM-SKH"), library)
    qtbot.addWidget(view)
    rows = _rows(view)
    assert set(rows) == {"shield box counts", "weapons", "transporter bomb boxes",
                         "disputed: crew.boarding_parties"}
    disputed = rows["disputed: crew.boarding_parties"]
    assert (disputed.text(1), disputed.text(2)) == ("no", "9")
    assert disputed.text(3) == "msc: 9; terragos: 6"  # the sources side by side
    assert not view.verify_button.isEnabled()
    assert "left_warp#8" in view.ssd.box_ids()  # what is known is drawn
    # Typing draws the SSD at once, before the field is left.
    view.designer.lines["excess_damage"].setFocus()
    view.designer.lines["excess_damage"].selectAll()
    qtbot.keyClicks(view.designer.lines["excess_damage"], "6")
    assert "excess_damage#6" in view.ssd.box_ids()
    qtbot.keyClicks(view.designer.lines["excess_damage"], "x")
    assert any("excess_damage" in p for p in view.designer.problems)  # shown as typed
    view.designer.lines["excess_damage"].setText("6")
    view.designer.lines["excess_damage"].editingFinished.emit()
    view.designer.set_shields((20, 20, 16, 16, 16, 20))
    view.designer.add_weapon("PH-1", "1", ("FA", "L"))
    view.designer.add_weapon("PLASMA-F", "A", ("FA",))
    assert "shield1#20" in view.ssd.box_ids() and "plasma#A" in view.ssd.box_ids()
    for field in ("transporter bomb boxes", "crew.boarding_parties"):  # the player's ticks
        view.select(field)
        qtbot.mouseClick(view.matches_button, Qt.MouseButton.LeftButton)
    assert {k: r.text(1) for k, r in _rows(view).items()} == dict.fromkeys(_rows(view), "yes")
    assert "give the page" in view.refusal_label.text()
    view.page.setText("57")
    assert view.verify_button.isEnabled()
    with qtbot.waitSignal(view.saved):
        qtbot.mouseClick(view.verify_button, Qt.MouseButton.LeftButton)
    spec = library.get("ROM-SKH")
    assert (spec.data_status, spec.checked_against) == ("verified", "SSD book, page 57")
    assert "the library uses it now" in view.refusal_label.text()
