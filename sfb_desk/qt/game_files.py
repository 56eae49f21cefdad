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

The autosave folder and the crash marker (:func:`recoverable`, :func:`mark_clean_exit`) are in
:mod:`.autosave_files`, which the app needs at start without the engine; re-exported here.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from ..data import saves
from ..data.safe_load import BadFile, load_json
from ..data.saves import SaveError, check_overwritable, game_to_json, load_game
from ..engine.log import GameLog
from ..engine.corrections import Correction
from ..engine.session import Session
from ..rules.results import Refusal
from .autosave_files import (  # noqa: F401 - the autosave folder, re-exported
    AUTOSAVE_DIR,
    AUTOSAVE_FILE,
    CLEAN_EXIT_FILE,
    Recoverable,
    autosave_dir,
    autosave_file,
    mark_clean_exit,
    recoverable,
    set_aside,
)
from .game_record import TABLE, GameRecord, TableSettings, record_of, session_of

MARKS_KEY = "table_marks"
TABLE_KEY = "table"


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
