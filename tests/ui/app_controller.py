"""A GameController as the app runs it, for the widget tests that bind to one.

:func:`app_controller` collects garbage on the GUI thread only (:class:`GuiCollector`, as the
main window does: never on the worker thread) and closes the controller at the end, which
stops its worker (a test fails if a thread is left running). :func:`answered` does a GUI action
that answers and waits for the worker's verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sfb_desk.qt.controller import GameController
from sfb_desk.qt.gc_guard import GuiCollector

WAIT = 20_000


@contextmanager
def app_controller() -> Iterator[GameController]:
    collector = GuiCollector()
    c = GameController()
    try:
        yield c
    finally:
        assert c.close()
        collector.stop()


def answered(qtbot, c: GameController, act: Callable[[], object], timeout: int = WAIT) -> bool:  # noqa: ANN001
    """Do ``act`` and wait for the answer to be worked on; True if the game moved on."""
    with qtbot.waitSignal(c.answer_done, timeout=timeout) as blocker:
        act()
    return blocker.args[0]
