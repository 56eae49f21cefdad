"""Edit mode of a ship class: the SSD preview beside the ship designer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

from sfb_desk.rules.ship import ShipSpec

from ..ssd.widget import SsdWidget
from .designer import ShipDesigner


class ShipEditor(QSplitter):
    """Edit mode: the SSD preview beside the designer; each edit redraws the SSD."""

    def __init__(self, spec: ShipSpec, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.ssd = SsdWidget()
        self.designer = ShipDesigner(spec)
        self.addWidget(self.ssd)
        self.addWidget(self.designer)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        self.setSizes([560, 520])
        self.ssd.set_ship(spec)
        self.designer.spec_changed.connect(self._preview)

    def _preview(self, spec: ShipSpec) -> None:
        try:
            self.ssd.set_ship(spec)
        except ValueError:  # a layout the page cannot hold (e.g. thousands of boxes)
            self.ssd.set_ship(None)
