"""``sfb-desk``: the GUI entry point.

``sfb-desk [SAVE]`` opens the window (and the saved game, if given); after a crash it offers
the autosave. ``sfb-desk --self-test`` starts the app, renders its main window once (offscreen is fine:
``QT_QPA_PLATFORM=offscreen``) and exits 0; it exits 1 if anything went wrong.
"""

from __future__ import annotations

import argparse
import gc
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
    parser.add_argument("game", nargs="?", metavar="SAVE",
                        help="a saved game to open (e.g. one written by sfb-desk-cli duel --log)")
    return parser.parse_args(argv)


def create_window():  # noqa: ANN201 - (QApplication, MainWindow), imported late
    """The application (named, with its icon) and the main window, as :func:`main` builds
    them (the kill -9 test's child builds the app with this too)."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from sfb_desk.data.paths import resources_dir
    from sfb_desk.ui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(["sfb-desk"])
    app.setApplicationName("SFB Desk")
    app.setOrganizationName("sfb-desk")
    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "sfb-desk.svg")))
    return app, MainWindow()


def start(app, window, game: str | None = None) -> None:  # noqa: ANN001
    """Show the window; open ``game``, or else offer the autosave a crash left (from the event
    loop, once the window is up)."""
    from PySide6.QtCore import QTimer

    window.show()
    app.aboutToQuit.connect(window.shutdown)
    if game:
        window.open_game(game)
    else:
        QTimer.singleShot(0, window.offer_recovery)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    # No automatic garbage collection: while the program starts (its imports and the window
    # allocate much and free little) and after, when the window's GuiCollector collects on the
    # GUI thread from a timer (qt/gc_guard.py).
    gc.disable()
    app, window = create_window()
    if args.self_test:
        code = _self_test(app, window, started, args.screenshot)
    else:
        start(app, window, args.game)
        code = app.exec()
    # Closed cleanly (the game, the settings and the layout are saved): the interpreter's exit
    # need not walk the whole heap for cycles before the system takes the memory back.
    gc.freeze()
    return code


def _self_test(app, window, started: float, screenshot: str | None) -> int:
    window.resize(1280, 800)
    window.show()
    for _ in range(3):  # let the dock layout settle (the default sizes come from the event loop)
        app.processEvents()
    image = window.grab()
    elapsed = time.perf_counter() - started
    ok = not image.isNull() and image.width() > 0
    if screenshot:
        ok = image.save(screenshot) and ok
    print(f"self-test: main window rendered {image.width()}x{image.height()} "
          f"in {elapsed * 1000:.0f} ms; {window.self_test_summary()}")
    window.close()
    window.shutdown()
    return 0 if ok else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
