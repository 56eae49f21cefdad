"""Screenshot of the Module C2 power absorber banks on the SSD (docs/images/ssd-pa-banks.png):
the RECONSTRUCTED Conquistador after D10.6 turn 2 played through the damage path (the test
tests/engine/test_session_panels.py), each bank's held/capacity under its first box.

    QT_QPA_PLATFORM=offscreen uv run python tools/c2_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from PySide6.QtWidgets import QApplication  # noqa: E402

import test_session_panels as panels_game  # noqa: E402
from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.rules.energy.absorbers import REINFORCED  # noqa: E402
from sfb_desk.ui.ssd.widget import SsdWidget  # noqa: E402


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images"
    app = QApplication.instance() or QApplication([])
    library = load_library()
    s = panels_game._session(library)
    panels_game._volley(s, 1, disruptor_A=9, phaser_1=6)
    s._panels_end_of_turn()
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level=REINFORCED))
    panels_game._volley(s, 1, disruptor_A=24, phaser_1=14)
    panels_game._volley(s, 4, drone_1=12)
    state = s.panels("CORTEZ")
    texts = {f"{k}#1": f"{b.held}/{b.capacity(state.level)} R" for k, b in zip(state.keys,
                                                                               state.banks)}
    w = SsdWidget()
    w.resize(1366, 768)
    w.set_ship(library.get("AND-CON"), s.state.unit("CORTEZ").destroyed)
    w.set_status(texts)
    w.show()
    app.processEvents()
    w.zoom_to_fit()
    app.processEvents()
    w.grab().save(str(out / "ssd-pa-banks.png"))
    print(f"wrote {out / 'ssd-pa-banks.png'}: {texts}")


if __name__ == "__main__":
    main()
