"""A printed page of tables on screen, painted by the same renderer as the PDF and the printer
(:mod:`sfb_desk.printing.tables_form`), with print preview and PDF export."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QFileDialog, QMessageBox, QScrollArea, QSizePolicy, QWidget

from sfb_desk.printing.form import FormLayout, paint_form
from sfb_desk.printing.output import PageSetup, export_pdf
from sfb_desk.printing.printer import print_preview
from sfb_desk.printing.tables_form import TablesSheet, tables_sheets

SCREEN_WIDTH = 560.0  # points laid out on screen (a letter page's printable width)
SCREEN_HEIGHT = 20000.0


class SheetCanvas(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form: FormLayout | None = None
        self.used = 100.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def show_sheet(self, sheet: TablesSheet) -> None:
        self.form = sheet.layout(SCREEN_WIDTH, SCREEN_HEIGHT)
        self.used = max((i.rect.bottom for i in self.form.items), default=100.0) + 8
        self.updateGeometry()
        self.setMinimumHeight(self.heightForWidth(max(self.width(), 300)))
        self.update()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return int(self.used * (width - 16) / SCREEN_WIDTH) + 16

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(600, self.heightForWidth(600))

    def resizeEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt override
        super().resizeEvent(event)
        self.setMinimumHeight(self.heightForWidth(self.width()))

    def paintEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt override
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#ffffff"))
        if self.form is not None:
            scale = (self.width() - 16) / SCREEN_WIDTH
            painter.translate(8, 8)
            painter.scale(scale, scale)
            paint_form(painter, self.form, QPointF(0.0, 0.0))
        painter.end()


class SheetView(QScrollArea):
    """Scrollable sheet; ``show_sections`` lays the sections out, ``print_preview`` and
    ``export_pdf`` print them (several pages when they do not fit one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = SheetCanvas()
        self.setWidget(self.canvas)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.title, self.subtitle, self.sections = "", "", []

    def show_sections(self, title: str, subtitle: str, sections: list[dict]) -> None:
        self.title, self.subtitle, self.sections = title, subtitle, list(sections)
        self.canvas.show_sheet(TablesSheet(title, subtitle, tuple(sections)))

    def sheets(self) -> list[TablesSheet]:
        return tables_sheets(self.title, self.subtitle, self.sections)

    def print_preview(self, run: bool = True):  # noqa: ANN201
        return print_preview(self, self.sheets(), PageSetup(), run=run)

    def export_pdf(self, path: str | None = None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export to PDF", f"{self.title}.pdf",
                                                  "PDF files (*.pdf)")
            if not path:
                return None
        try:
            export_pdf(path, self.sheets(), PageSetup(), self.title)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export to PDF", f"{path}: {exc}")
            return None
        return path
