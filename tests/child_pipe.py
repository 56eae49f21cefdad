"""Reading a child process's stdout line by line, for the kill -9 tests (tests/qt and tests/ui).

Import with ``tests/`` on ``sys.path`` (``sys.path.insert(0, str(Path(__file__).parents[1]))``).
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time

TIMEOUT = 60.0  # seconds: a ceiling on waiting for the child's lines, never a sleep


def _ended(proc: subprocess.Popen, lines: list[str]) -> str:
    """The failure message when the child closes its stdout: its lines, and its stderr when
    that is a pipe."""
    if proc.stderr is None:
        return f"the child ended: {lines}"
    return f"the child ended: {lines}, {proc.stderr.read()}"


def read_until(proc: subprocess.Popen, wanted: str) -> list[str]:
    """The child's stdout lines up to and including ``wanted`` (fails after TIMEOUT).

    Reads the pipe's file descriptor directly: ``select`` on a buffered text stream misses
    lines that one ``readline`` already pulled into Python's buffer.
    """
    fd = proc.stdout.fileno()
    lines: list[str] = []
    pending = b""
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    deadline = time.monotonic() + TIMEOUT
    try:
        while wanted not in lines:
            left = deadline - time.monotonic()
            assert left > 0 and sel.select(left), f"no {wanted!r} from the child: {lines}"
            chunk = os.read(fd, 4096)
            assert chunk, _ended(proc, lines)
            pending += chunk
            *complete, pending = pending.split(b"\n")
            lines.extend(line.decode().strip() for line in complete)
    finally:
        sel.close()
    return lines
