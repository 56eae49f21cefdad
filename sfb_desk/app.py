"""``sfb-desk``: the GUI entry point.

``sfb-desk --self-test`` starts the app, renders its main window once (offscreen is fine:
``QT_QPA_PLATFORM=offscreen``) and exits 0; it exits 1 if anything went wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="sfb-desk", description="SFB Desk, the desktop app.")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="start, render the main window once, print what was checked and exit",
    )
    parser.add_argument("--screenshot", metavar="PNG", help="with --self-test: save the render")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication

    from sfb_desk.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(["sfb-desk"])
    app.setApplicationName("SFB Desk")
    app.setOrganizationName("sfb-desk")
    from PySide6.QtGui import QIcon

    from sfb_desk.data.paths import resources_dir

    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "sfb-desk.svg")))
    window = MainWindow()
    if args.self_test:
        return _self_test(app, window, started, args.screenshot)
    window.show()
    return app.exec()


def _self_test(app, window, started: float, screenshot: str | None) -> int:
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    image = window.grab()
    elapsed = time.perf_counter() - started
    ok = not image.isNull() and image.width() > 0
    if screenshot:
        ok = image.save(screenshot) and ok
    print(f"self-test: main window rendered {image.width()}x{image.height()} "
          f"in {elapsed * 1000:.0f} ms; {window.self_test_summary()}")
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
