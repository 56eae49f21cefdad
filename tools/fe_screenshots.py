"""Screenshots of the F&E Combined Operations window for the README (docs/images/fe-*.png),
and the folio printed to PDF (docs/fe/folio-klingon-t7.pdf).

    QT_QPA_PLATFORM=offscreen uv run python tools/fe_screenshots.py
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.ui.fe.window import FeWindow  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
EXAMPLES = ROOT / "docs" / "fe"


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = FeWindow(load_library())
    window.round.set_round(json.loads((EXAMPLES / "round-sfg-ew-shock.json").read_text()))
    window.folio.set_folio(json.loads((EXAMPLES / "folio-klingon-t7.json").read_text()))
    window.limits.set_builds(json.loads((EXAMPLES / "builds-klingon-t8.json").read_text()))
    window.scenarios.set_up_current()
    shots = (((1366, 768), window.round, "4A3", "fe-round-1366.png"),
             ((1920, 1080), window.round, "4C", "fe-round-1920.png"),
             ((1366, 768), window.folio, None, "fe-folio-1366.png"),
             ((1366, 768), window.limits, None, "fe-limits-1366.png"),
             ((1920, 1080), window.scenarios, None, "fe-scenario-609-1920.png"))
    window.show()
    for size, tab, step, name in shots:
        window.resize(*size)
        window.tabs.setCurrentWidget(tab)
        if step:
            window.round.select_step(step)
        app.processEvents()
        window.grab().save(str(IMAGES / name))
        print(IMAGES / name)
    window.tabs.setCurrentWidget(window.folio)
    print(window.export_pdf(str(EXAMPLES / "folio-klingon-t7.pdf")))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
