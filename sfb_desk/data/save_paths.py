"""Where saved games live and how they are written, without the save format itself.

The names (:data:`SUFFIX`, the autosave's folder and file) and the atomic write are here, apart
from :mod:`sfb_desk.data.saves` (which encodes, migrates and replays games and so imports the
engine): the app's window and its autosave check need them at start-up, before any game exists
(issue 13: start-up). :mod:`sfb_desk.data.saves` re-exports them.
"""

from __future__ import annotations

import os
from pathlib import Path

from .paths import remove_stale_temps, user_data_dir

SUFFIX = ".sfbsave"
#: The autosave: ``autosave/current.sfbsave`` in the user data folder (README).
AUTOSAVE_DIR = "autosave"
AUTOSAVE_NAME = "current" + SUFFIX


def autosave_path() -> Path:
    """The autosave file, ``autosave/current.sfbsave`` in the user data folder (SFB_DESK_HOME in
    tests); the app's autosave (qt/game_files) is this file."""
    return user_data_dir() / AUTOSAVE_DIR / AUTOSAVE_NAME


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one, never half
    of one: a temporary file beside it (``.<name>.<random>.tmp``), flushed and fsynced, then
    ``os.replace`` and the folder fsynced. Temporary files an interrupted write left are removed
    first."""
    import tempfile

    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):  # POSIX: make the rename itself durable
        dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
