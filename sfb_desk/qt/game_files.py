"""Saving and loading :class:`~.game_record.GameRecord` in the engine's save format, the
autosave folder and its crash marker (DESIGN.md section 7). No Qt: called on the worker thread.

The save document is :func:`sfb_desk.data.saves.game_to_json` of the record's session (boxes
marked by hand are table corrections among its answers), plus ``"table"`` (the title, the
sides a robot plays, the sides whose dice the computer rolls) when set. A save of an earlier
version kept the hand marks aside in ``"table_marks"`` ([unit, box, destroyed] triples): they
are given to the game as corrections when it loads, and a malformed or impossible mark refuses
the save;
:func:`sfb_desk.data.saves.load_game` ignores those keys, so such a save still loads in any SFB Desk of the same format version.
Writes are atomic, and a file that is not a save this program reads is never overwritten
(:func:`sfb_desk.data.saves.check_overwritable`).

Autosave lives in ``user_data_dir()/autosave/``: ``current.sfbsave`` after every completed step,
and ``clean-exit`` (a time stamp) written when the app closes normally, which also removes the
autosave. On start, an autosave newer than the last clean exit is a crashed session
(:func:`recoverable`).
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..data import saves
from ..data.safe_load import BadFile, load_json
from ..data.saves import SaveError, check_overwritable, game_to_json, load_game
from ..engine.log import GameLog
from ..engine.corrections import Correction
from ..engine.session import Session
from ..rules.results import Refusal
from .game_record import TABLE, GameRecord, TableSettings, record_of, session_of

AUTOSAVE_DIR = saves.AUTOSAVE_DIR
AUTOSAVE_FILE = saves.AUTOSAVE_NAME
CLEAN_EXIT_FILE = "clean-exit"
MARKS_KEY = "table_marks"
TABLE_KEY = "table"


def autosave_dir() -> Path:
    path = saves.autosave_path().parent
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_file() -> Path:
    """:func:`sfb_desk.data.saves.autosave_path`, its folder made."""
    return autosave_dir() / AUTOSAVE_FILE


def save_record(path: Path | str, record: GameRecord) -> Path:
    """Write ``record`` to ``path`` atomically; SaveError if ``path`` holds something else."""
    path = Path(path)
    check_overwritable(path)
    session = session_of(record)
    session.log = GameLog(list(record.records))  # the records as logged, refusals included
    doc = game_to_json(session)
    if record.table != TableSettings():
        doc[TABLE_KEY] = record.table.to_json()
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    saves._atomic_write(path, text.encode("utf-8"))
    saves._written[path.resolve()] = saves._stamp(path)
    return path


def load_record(path: Path | str) -> GameRecord:
    """Read a save (SaveError names the file and the problem); the file is never changed."""
    path = Path(path)
    session = load_game(path)
    try:
        doc = load_json(path)  # load_game read it already: it parses
    except BadFile as exc:
        raise SaveError(path, exc.problem) from None
    _legacy_marks(path, session, doc.get(MARKS_KEY, []))
    table = TableSettings()
    if TABLE_KEY in doc:
        try:
            table = TableSettings.from_json(doc[TABLE_KEY])
        except ValueError as exc:
            raise SaveError(path, f"\"{TABLE_KEY}\": {exc}") from None
    return dataclasses.replace(record_of(session), table=table)


def _legacy_marks(path: Path, session: Session, raw: object) -> None:
    """Give the hand marks an earlier version kept aside (``table_marks``) to ``session`` as
    table corrections; SaveError names a malformed or refused mark."""
    if not isinstance(raw, list):
        raise SaveError(path, f"\"{MARKS_KEY}\": expected a list of [unit, box, destroyed]")
    for n, mark in enumerate(raw, 1):
        if not (isinstance(mark, list) and len(mark) == 3 and isinstance(mark[0], str)
                and isinstance(mark[1], str) and isinstance(mark[2], bool)):
            raise SaveError(path, f"\"{MARKS_KEY}\" mark {n}: expected [unit, box id, true or "
                                  f"false], got {json.dumps(mark)[:40]}")
        outcome = session.answer(Correction(*mark), TABLE)
        if isinstance(outcome, Refusal):
            raise SaveError(path, f"\"{MARKS_KEY}\" mark {n}: {outcome.message}")


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
    saves.remove_stale_temps(path)  # an autosave the last session was killed in the middle of
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
    try:
        saves.migrate(load_json(path), path)
    except BadFile as exc:
        return Recoverable(path, saved_at, False, f"is not a readable save: it {exc.problem}")
    except SaveError as exc:
        return Recoverable(path, saved_at, False, exc.problem)
    return Recoverable(path, saved_at, True)


def mark_clean_exit() -> None:
    """Record a clean exit: the autosave goes, or, when it is not a save this program wrote or
    reads (it is never destroyed), its stamp is recorded so that it is not offered again."""
    folder = autosave_dir()
    path = folder / AUTOSAVE_FILE
    left = ""
    if path.exists():
        try:
            check_overwritable(path)
        except SaveError:
            left = _stamp_text(path)
        else:
            path.unlink()
    saves._atomic_write(folder / CLEAN_EXIT_FILE, f"{left}\n".encode("ascii"))


def set_aside(path: Path, why: str) -> Path:
    """Rename ``path`` aside (never deleted) as ``<name>.<why>-<n>``, the first free n; the
    new name."""
    n = 1
    while (aside := path.with_name(f"{path.name}.{why}-{n}")).exists():
        n += 1
    os.replace(path, aside)
    return aside
