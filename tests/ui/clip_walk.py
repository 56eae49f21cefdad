"""The clipping walk (issue 12, item 5): every visible label, button and placeholder of a window
checked against its text, the widgets cut by a panel too small for them, a list's lines cut
or scrolled sideways, a sheet scrolled sideways, the dice panel's instruction and shot lines
out of reach, a print preview folded. Used by test_nothing_clipped and the forms' tests."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtPrintSupport import QPrintPreviewWidget
from PySide6.QtWidgets import (
    QAbstractButton,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QMainWindow,
    QScrollArea,
    QStyle,
    QToolBar,
    QWidget,
)


def _label_height(label: QLabel) -> tuple[int, int]:
    """(height needed, height there) of a label: a wrapped one by heightForWidth at its width."""
    rect = label.contentsRect()
    avail = rect.height() - 2 * label.margin()
    if label.wordWrap() or label.textFormat() == Qt.TextFormat.RichText:
        return label.heightForWidth(label.width()) - (label.height() - avail), avail
    lines = label.text().count("\n") + 1
    return label.fontMetrics().height() * lines, avail


def shown(widget) -> bool:
    """Visible and on screen (a dock tabbed behind another is "visible" far off the window)."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def scrolled(widget) -> bool:
    """Inside a scroll area (partly out of view by design)."""
    parent = widget.parentWidget()
    while parent is not None:
        if parent.objectName() == "qt_scrollarea_viewport":
            return True
        parent = parent.parentWidget()
    return False


def clipped(window) -> list[str]:
    """Every visible label, button and other widget shown smaller than its text or its minimum
    size: widths as before, heights too (a wrapped label by heightForWidth at its width; a
    widget by its minimumSizeHint or minimum height, unless it may be squeezed to nothing)."""
    out = []
    for widget in window.findChildren(QLabel) + window.findChildren(QAbstractButton):
        text = widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if not shown(widget) or not text.strip() or widget.width() <= 0:
            continue
        name = f"{type(widget).__name__} {widget.objectName() or '-'} {text[:40]!r}"
        if isinstance(widget, QLabel):
            need_h, avail_h = _label_height(widget)
            if need_h > avail_h + 1 and not widget.property("elided"):
                out.append(f"{name}: needs height {need_h}, has {avail_h}")
            if widget.wordWrap() or widget.textFormat() == Qt.TextFormat.RichText \
                    or "<" in text or widget.property("elided"):
                continue
            fm = widget.fontMetrics()
            need = max(fm.horizontalAdvance(line) for line in text.split("\n"))
            avail = widget.contentsRect().width() - 2 * widget.margin()
        else:
            need, avail = widget.sizeHint().width(), widget.width()
            if widget.minimumSizeHint().height() > widget.height() + 1:
                out.append(f"{name}: needs height {widget.minimumSizeHint().height()}, "
                           f"has {widget.height()}")
        if need > avail + 1:
            out.append(f"{name}: needs {need}, has {avail}")
    for edit in window.findChildren(QLineEdit):  # a placeholder shown whole (the dice input)
        hint = edit.placeholderText()
        if not shown(edit) or edit.text() or not hint or edit.width() <= 0:
            continue
        margins = edit.textMargins()
        frame = edit.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth)
        avail = edit.width() - 2 * frame - 4 - margins.left() - margins.right()
        need = edit.fontMetrics().horizontalAdvance(hint)
        if need > avail:
            out.append(f"QLineEdit {edit.objectName() or '-'} placeholder {hint!r}: needs "
                       f"{need}, has {avail}")
    for widget in window.findChildren(QWidget):  # cut off by a panel too small for it
        if not shown(widget) or widget.height() <= 0 or scrolled(widget) \
                or isinstance(widget, QDockWidget) or not widget.parentWidget():
            continue
        parent = widget.parentWidget()
        past = widget.geometry().bottom() - parent.rect().bottom()
        if past > 1 and not isinstance(parent, QMainWindow) \
                and not widget.objectName().startswith("qt_"):
            out.append(f"{type(widget).__name__} {widget.objectName() or '-'}: {past} of its "
                       f"{widget.height()} pixels past the bottom of its panel")
    return out


def sideways(scroll: QScrollArea, energies: list[QWidget]) -> list[str]:
    """The EA sheet's scroll area scrolls sideways, or an energy label is out of its view."""
    out = []
    if scroll.horizontalScrollBar().maximum() > 0:
        out.append(f"the EA sheet scrolls sideways by {scroll.horizontalScrollBar().maximum()} "
                   "pixels")
    port = scroll.viewport()
    for label in energies:
        if not label.isVisible():
            continue
        right = label.mapTo(port, label.rect().topRight()).x()
        if right > port.width():
            out.append(f"{label.objectName()} ends at {right}, the sheet's view at "
                       f"{port.width()}")
    return out


def cut_lines(view: QListView) -> list[str]:
    """Log lines shown shorter or narrower than their text (wrapped at the view's width)."""
    out = []
    if view.horizontalScrollBar().maximum() > 0:
        out.append(f"the log scrolls sideways by {view.horizontalScrollBar().maximum()} pixels")
    port = view.viewport()
    margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    fm = view.fontMetrics()
    model = view.model()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        rect = view.visualRect(index)
        if not rect.intersects(port.rect()):
            continue
        text = str(index.data())
        flags = Qt.TextFlag.TextWordWrap if view.wordWrap() else 0
        need = fm.boundingRect(QRect(0, 0, rect.width() - margin, 10**6), flags, text)
        if need.height() > rect.height() + 1 or need.width() > rect.width() - margin + 1 \
                or rect.right() > port.width():
            out.append(f"log line {text[:40]!r}: needs {need.width()}x{need.height()}, "
                       f"has {rect.width()}x{rect.height()}")
    return out


def dice_cut(panel) -> list[str]:
    """The dice panel's instruction ("Roll 9 × 1d6 ...: type the 9 totals") not wholly in
    view, or a shot line of the volley neither in view nor reachable by scrolling its list."""
    request = panel.request
    out = []
    marker = f"Roll {request.count} × " if request.count > 1 else f"Roll {request.kind}"

    def whole(label: QLabel) -> bool:
        need = label.heightForWidth(label.width()) if label.wordWrap() else label.height()
        return need <= label.height() + 1 \
            and label.visibleRegion().boundingRect().height() >= label.height() - 1

    labels = [w for w in panel.findChildren(QLabel) if shown(w) and marker in w.text()]
    if not any(whole(w) for w in labels):
        out.append(f"the instruction {marker!r}... is not wholly in view")
    lists = [v for v in panel.findChildren(QListWidget) if shown(v)]
    for n, line in enumerate(request.lines, 1):
        if any(line in w.text() and whole(w) for w in panel.findChildren(QLabel) if shown(w)):
            continue
        reachable = False
        for view in lists:
            for item in view.findItems(line, Qt.MatchFlag.MatchExactly):
                rect = view.visualItemRect(item)
                reachable |= rect.bottom() <= view.viewport().height() \
                    or view.verticalScrollBar().maximum() >= rect.bottom() - view.viewport().height()
        if not reachable:
            out.append(f"shot line {n} of {len(request.lines)} ({line[:30]!r}) cannot be seen")
    for view in lists:
        out += [f"dice panel: {p}" for p in cut_lines(view)]
    return out


def preview_cut(dialog, window) -> list[str]:
    """The print preview is larger than the window, does not show its whole page, or folds
    its toolbar."""
    out = []
    room = window.geometry()
    if dialog.width() > room.width() or dialog.height() > room.height():
        out.append(f"the print preview is {dialog.width()}x{dialog.height()}, the window "
                   f"{room.width()}x{room.height()}")
    preview = dialog.findChild(QPrintPreviewWidget)
    if preview.zoomMode() != QPrintPreviewWidget.ZoomMode.FitInView:
        out.append(f"the print preview opens at {preview.zoomMode()}, not the whole page")
    for bar in dialog.findChildren(QToolBar):
        if bar.sizeHint().width() > bar.width():
            out.append(f"the print preview's toolbar needs {bar.sizeHint().width()}, has "
                       f"{bar.width()}")
    return out
