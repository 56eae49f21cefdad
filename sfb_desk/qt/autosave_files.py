"""The autosave folder and the crash marker, for the app's start and close (DESIGN.md section 7).

Autosave lives in ``user_data_dir()/autosave/``: ``current.sfbsave`` after every completed step,
and ``clean-exit`` (a time stamp) written when the app closes normally, which also removes the
autosave. On start, an autosave newer than the last clean exit is a crashed session
(:func:`recoverable`).

Apart from :mod:`.game_files` (which reads and writes games, and so imports the engine): the
window asks :func:`recoverable` at every start, and only an autosave that is there needs the save
format (issue 13: start-up). :mod:`.game_files` re-exports these names.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..data.paths import remove_stale_temps
from ..data.save_paths import AUTOSAVE_DIR, AUTOSAVE_NAME, atomic_write, autosave_path

AUTOSAVE_FILE = AUTOSAVE_NAME
CLEAN_EXIT_FILE = "clean-exit"

__all__ = ["AUTOSAVE_DIR", "AUTOSAVE_FILE", "CLEAN_EXIT_FILE", "Recoverable", "autosave_dir",
           "autosave_file", "mark_clean_exit", "recoverable", "set_aside"]


def autosave_dir() -> Path:
    path = autosave_path().parent
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_file() -> Path:
    """:func:`sfb_desk.data.saves.autosave_path`, its folder made."""
    return autosave_dir() / AUTOSAVE_FILE


@dataclass(frozen=True, slots=True)
class Recoverable:
    """An autosave left by a session that did not close cleanly."""

    path: Path
    saved_at: float  # seconds since the epoch (file modification time)
    readable: bool
    problem: str = ""  # why it cannot be read, when it cannot


def _stamp_text(path: Path) -> str:
    st = path.stat()
    return f"{st.st_size} {st.st_mtime_ns}"


def recoverable() -> Recoverable | None:
    """The autosave of a session that did not close cleanly, if there is one. A clean exit
    removes the autosave, or (when it is not ours to remove) records its size and time in
    ``clean-exit``; any other autosave is newer than the last clean exit. Only the file is
    parsed (no replay): cheap at start-up."""
    path = autosave_file()
    remove_stale_temps(path)  # an autosave the last session was killed in the middle of
    if not path.exists():
        return None
    marker = autosave_dir() / CLEAN_EXIT_FILE
    try:
        left = marker.read_text(encoding="ascii").strip()
    except OSError:
        left = ""
    if left == _stamp_text(path):
        return None
    saved_at = path.stat().st_mtime
    from ..data import saves  # the save format: only when there is an autosave to read
    from ..data.safe_load import BadFile, load_json

    try:
        saves.migrate(load_json(path), path)
    except BadFile as exc:
        return Recoverable(path, saved_at, False, f"is not a readable save: it {exc.problem}")
    except saves.SaveError as exc:
        return Recoverable(path, saved_at, False, exc.problem)
    return Recoverable(path, saved_at, True)


def mark_clean_exit() -> None:
    """Record a clean exit: the autosave goes, or, when it is not a save this program wrote or
    reads (it is never destroyed), its stamp is recorded so that it is not offered again."""
    folder = autosave_dir()
    path = folder / AUTOSAVE_FILE
    left = ""
    if path.exists():
        from ..data.saves import SaveError, check_overwritable

        try:
            check_overwritable(path)
        except SaveError:
            left = _stamp_text(path)
        else:
            path.unlink()
    atomic_write(folder / CLEAN_EXIT_FILE, f"{left}\n".encode("ascii"))


def set_aside(path: Path, why: str) -> Path:
    """Rename ``path`` aside (never deleted) as ``<name>.<why>-<n>``, the first free n; the
    new name."""
    n = 1
    while (aside := path.with_name(f"{path.name}.{why}-{n}")).exists():
        n += 1
    os.replace(path, aside)
    return aside
