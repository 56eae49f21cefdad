"""Screenshots of issue 16's views for the README (docs/images/): the designer's completion view
and a draft-marked SSD, each at 1366x768 and 1920x1080, plus the printed SSD of a draft class
(PDF rendered with pdftoppm). Run offscreen:

    QT_QPA_PLATFORM=offscreen uv run python tools/screenshots_ships.py [OUT_DIR]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SFB_DESK_HOME", tempfile.mkdtemp(prefix="sfb-shots-"))
ROOT = Path(__file__).resolve().parents[1]

from PySide6.QtWidgets import QApplication  # noqa: E402

from sfb_desk.data.library import load_library  # noqa: E402
from sfb_desk.ui.library.browser import ShipBrowser  # noqa: E402
from sfb_desk.ui.library.completion import CompletionView  # noqa: E402

SIZES = {"1366": (1366, 768), "1920": (1920, 1080)}


def settle(app: QApplication) -> None:
    for _ in range(10):
        app.processEvents()


def completion(app: QApplication, out: Path) -> None:
    library = load_library()
    for name, (w, h) in SIZES.items():
        view = CompletionView(library.get("ROM-SKH"), library)
        view.resize(w, h)
        view.show()
        view.designer.set_shields((20, 20, 16, 16, 16, 20))  # typed from the book so far
        view.designer.add_weapon("PH-1", "1", ("FA", "L"))
        view.select("crew.boarding_parties")
        settle(app)
        view.ssd.zoom_to_fit()
        settle(app)
        view.grab().save(str(out / f"ship-completion-{name}.png"))
        view.close()


def draft_ssd(app: QApplication, out: Path) -> None:
    library = load_library()
    for name, (w, h) in SIZES.items():
        browser = ShipBrowser(library)
        browser.resize(w, h)
        browser.show()
        browser.select("KLI-G2")
        settle(app)
        browser.grab().save(str(out / f"ship-browser-draft-{name}.png"))
        browser.close()


def printed(out: Path) -> None:
    pdf = Path(tempfile.mkdtemp()) / "kli-g2.pdf"
    subprocess.run([sys.executable, "-m", "sfb_desk.cli", "print", "ssd", "KLI-G2", "-o",
                    str(pdf)], check=True, cwd=ROOT)
    subprocess.run(["pdftoppm", "-png", "-r", "80", "-singlefile", str(pdf),
                    str(out / "ssd-draft-printed")], check=True)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    completion(app, out)
    draft_ssd(app, out)
    printed(out)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images")
