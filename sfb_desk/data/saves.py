"""Saved games: versioned JSON, atomic writes, migrations, replay check (DESIGN.md section 7).

A save holds the initial state, the log (prompts, answers, refusals, events) and the state at
the moment of saving::

    {"format": "sfb-desk-save", "version": 2, "app_version": "0.1.0",
     "initial": {...}, "state": {...}, "initial_combat": {...}, "combat": {...},
     "pending": "T2.I17.move.ENT", "log": [...]}

``initial_combat`` / ``combat`` (version 2; version 3 adds the ship systems) are the ship records and seeking state
(:mod:`sfb_desk.engine.records`) at the start and now. The ship classes they name by
``spec_id`` are looked up in the ship library when the save is loaded (decisions.md). Version 1
saves (movement only) migrate by gaining empty combat records.

Loading parses the JSON, refuses a foreign format or a version newer than this program knows,
applies the migrations from the file's version up to :data:`CURRENT_VERSION` (before any
validation), decodes the states and the log against the state types, then **replays** the
log's answers from the initial state and requires the result to equal the saved state, field
for field. Every failure is a :class:`SaveError` naming the file and the problem.

Writing is atomic: a temporary file in the same folder, flushed and fsynced, then
``os.replace`` (and the folder fsynced), so a crash leaves the old save or the new one, never
half of one. A file that exists but is not a save this program can read (corrupt, truncated,
wrong types, another program's, or a newer version) is **never overwritten**: saving over it is
refused, so a failed load followed by an autosave cannot destroy it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from collections.abc import Callable, Mapping
from pathlib import Path

from sfb_desk import __version__

from ..engine.codec import (
    CodecError,
    decode,
    decode_log,
    decode_state,
    encode,
    encode_log,
    encode_record,
    encode_state,
    with_defaults,
)
from ..engine.log import EVENT, PROMPT, REFUSED, GameLog
from ..engine.records import NO_COMBAT, Combat
from ..rules.game_state import GameState
from ..engine.replay import ReplayError, replay
from ..engine.session import Session
from .save_paths import AUTOSAVE_DIR, AUTOSAVE_NAME, SUFFIX, autosave_path  # noqa: F401 - re-exported
from .save_paths import atomic_write as _atomic_write
from .volley_dice import MIGRATED_LOG, add_volley_sides, merge_to_hit_answers
from .safe_load import BadFile, load_json
from .save_checks import unit_problem

FORMAT = "sfb-desk-save"
CURRENT_VERSION = 8

#: version -> function turning a save of that version into one of the next version. Applied in
#: order before validation; every version keeps a fixture under tests/data/saves/.
Migration = Callable[[dict], dict]


def _v1_to_v2(doc: dict) -> dict:
    """Version 2 adds the ship records and seeking state; a v1 game had none."""
    empty = encode(NO_COMBAT)
    return {**doc, "initial_combat": empty, "combat": empty}


def _with_defaults(doc: dict) -> dict:
    """Every state field a save does not hold, when it has a default, gets it (fields added
    since the save was written: nothing of them happened in that game). Applied to every save
    after the migrations; decoding itself stays strict."""
    out = dict(doc)
    for key in ("initial", "state"):
        if isinstance(out.get(key), dict):
            out[key] = with_defaults(out[key], GameState)
    for key in ("initial_combat", "combat"):
        if isinstance(out.get(key), dict):
            out[key] = with_defaults(out[key], Combat)
    return out


def _v2_to_v3(doc: dict) -> dict:
    """Version 3 adds the ship systems (D5, G7, G8, G13, D7): their fields come with their
    defaults (:func:`_with_defaults`), and a v2 log is replayed by prompt key (the systems'
    prompts it never met are passed with their defaults)."""
    return dict(doc)


def _v3_to_v4(doc: dict) -> dict:
    """Version 4 adds the prompts of the cloaking device, tractor beams and marines (G13, G7,
    G8, D7): a v3 log is replayed by prompt key, passing them with their defaults."""
    return dict(doc)


def _v4_to_v5(doc: dict) -> dict:
    """Version 5 lets the log's answers hold table corrections (boxes marked by hand,
    :mod:`sfb_desk.engine.corrections`, keys ``table.…``); a v4 save has none, so it is
    unchanged. The number tells an older program that such a save is not for it."""
    return dict(doc)


#: A version that adds prompts to the sequence of play takes a new number, so that older logs
#: replay by prompt key (:func:`game_from_json`).
def _v5_to_v6(doc: dict) -> dict:
    """Version 6 asks the marines prompt only of a side with transporter uses paid (or a
    dropped shield), and adds transporter bombs: a v5 log is replayed by prompt key (the
    empty marine orders it holds are dropped)."""
    return dict(doc)


def _v6_to_v7(doc: dict) -> dict:
    """Version 7 asks the to-hit dice of a side's volley as one request (issue 12): the
    per-shot answers are merged (:func:`sfb_desk.data.volley_dice.merge_to_hit_answers`)."""
    return merge_to_hit_answers(doc)


def _v7_to_v8(doc: dict) -> dict:
    """Version 8 writes whose dice the to-hit dice of a volley are (``side``, when several
    ships of a side fire, there is no one unit): the side is added to a v7 log's to-hit
    prompts (:func:`sfb_desk.data.volley_dice.add_volley_sides`)."""
    return add_volley_sides(doc)


MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5,
                                    5: _v5_to_v6, 6: _v6_to_v7, 7: _v7_to_v8}


class SaveError(Exception):
    """A save that cannot be read or written; the message names the file and the problem."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


# ---------------------------------------------------------------------------------------------
# Encoding


def game_to_json(session: Session) -> dict:
    """The save document of a session (see the module docstring)."""
    return {
        "format": FORMAT,
        "version": CURRENT_VERSION,
        "app_version": __version__,
        "initial": encode_state(session.initial),
        "state": encode_state(session.state),
        "initial_combat": encode(session.initial_combat),
        "combat": encode(session.combat),
        "pending": session.pending.key if session.pending is not None else None,
        "log": encode_log(session.log),
    }


def migrate(
    doc: dict, path: Path | str, migrations: Mapping[int, Migration] | None = None
) -> dict:
    """Bring a save document up to :data:`CURRENT_VERSION` (checks format and version)."""
    migrations = MIGRATIONS if migrations is None else migrations
    current = max([CURRENT_VERSION, *(v + 1 for v in migrations)])
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, f"not an SFB Desk save (no \"format\": \"{FORMAT}\")")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"bad format version {version!r}")
    if version > current:
        raise SaveError(
            path,
            f"saved by a newer SFB Desk (format version {version}; this program reads up to "
            f"{current}); it is left untouched",
        )
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise SaveError(path, f"no migration from format version {version}")
        doc = step(dict(doc))
        version += 1
        doc["version"] = version
    return doc


def game_from_json(doc: object, path: Path | str = "<save>") -> Session:
    """Migrate, validate and replay a save document into a session (SaveError on failure)."""
    written = doc.get("version") if isinstance(doc, dict) else None
    doc = migrate(doc, path)  # type: ignore[arg-type]
    # A save of an older version never met the prompts added since (self-destruction, cloak,
    # tractors, marines ...): its replay passes them with their defaults (Replay's keys).
    keys_needed = isinstance(written, int) and written < CURRENT_VERSION
    doc = _with_defaults(doc)
    for key in ("initial", "state", "log", "initial_combat", "combat"):
        if key not in doc:
            raise SaveError(path, f"missing \"{key}\"")
    try:
        initial = decode_state(doc["initial"], "initial")
        saved = decode_state(doc["state"], "state")
        log = decode_log(doc["log"])
        initial_combat = decode(doc["initial_combat"], Combat, "initial_combat")
        saved_combat = decode(doc["combat"], Combat, "combat")
    except CodecError as exc:
        raise SaveError(path, str(exc)) from None
    specs = {}
    if initial_combat.ships:
        from .library import load_library

        library = load_library()
        for record in initial_combat.ships:
            try:
                specs[record.spec_id] = _monster_spec(record.spec_id) or library.get(
                    record.spec_id)
            except KeyError:
                raise SaveError(path, f"ship class {record.spec_id} of {record.id} is not in the "
                                      "ship library") from None
    if initial.impulse != 0:
        raise SaveError(path, "initial: a game starts at the start of a turn (impulse 0)")
    for where, state, combat in (("initial", initial, initial_combat),
                                 ("state", saved, saved_combat)):
        problem = unit_problem(where, state, combat, specs)
        if problem:
            raise SaveError(path, problem)
    try:
        session = replay(initial, log.answers(), initial_combat, specs,
                         keys=log.answer_keys() if keys_needed else None)
    except ReplayError as exc:
        raise SaveError(path, f"the log does not replay: {exc}") from None
    if session.state != saved or session.combat != saved_combat:
        raise SaveError(path, "replaying the log does not reproduce the saved state")
    pending = session.pending.key if session.pending is not None else None
    if doc.get("pending", pending) != pending:
        raise SaveError(path, f"the saved game waits on {doc.get('pending')!r}, the replay on "
                              f"{pending!r}")
    if len(session.log.answers()) == len(log.answers()) and not doc.get(MIGRATED_LOG):
        problem, words = _compare(log, session.log)
        if problem:
            raise SaveError(path, problem)
        # keep the saved records as they are, refusals included, in this program's words
        session.log = reworded(log, words)
    # else: the replay answered prompts an older program did not ask with their defaults
    # (new rules, Replay's keys); its own log is then the one that replays
    return session


_FIELDS = ("kind", "turn", "impulse", "step", "key", "source", "data")

#: The words of a record, per kind: what a prompt asks and what an event says are written for the
#: player by the program that played; a newer program may word them better. They are not game
#: facts (a replay never reads them), so a save whose only difference is in them loads, and takes
#: the replay's words (a flipped byte in them is repaired, not kept).
#: A volley's dice request words each shot too (``lines``: weapon, target, range, die-table row).
WORDS = {PROMPT: ("purpose", "lines"), EVENT: ("text",)}


def _as_json(record: object, *, words: bool = True) -> str:
    data = encode_record(record)["data"]
    fields = WORDS.get(getattr(record, "kind", ""), ())
    if not words and fields and isinstance(data, dict):
        data = {k: v for k, v in data.items() if k not in fields}
    return json.dumps(data, sort_keys=True)


def log_mismatch(saved: GameLog, replayed: GameLog) -> str:
    """Where the saved log differs from the log of its replay, in words ("" when it does not).

    A replay reads only the accepted answers; every other record (the prompts with their keys,
    step names and clock, the events) must be what the replay wrote at that point, and each
    refused answer must sit at the prompt it answered, so that a damaged record (a flipped
    byte in a prompt key or a step name) is found here instead of being loaded and saved again.
    The words of prompts and events (:data:`WORDS`) are not compared: see :func:`reworded`.
    """
    return _compare(saved, replayed)[0]


def reworded(saved: GameLog, words: Mapping[int, object]) -> GameLog:
    """The saved log (refusals included) with the words of the records numbered in ``words``
    taken from the replay (:func:`_compare`): what this program says for the same game."""
    if not words:
        return saved
    return GameLog([replace(r, data=words[r.seq]) if r.seq in words else r for r in saved])


#: A log record's fields in a player's words (a damaged save's message).
FIELD_WORDS = {"kind": "kind of record", "turn": "turn", "impulse": "impulse",
               "step": "step of the turn", "key": "question", "source": "answerer",
               "data": "record"}
#: Where a message's details (prompt keys, the records as saved) begin: the app shows them
#: behind its Details button, the command line on a line of their own.
DETAILS = "\nDetails: "


def record_words(record, asked=None) -> str:  # noqa: ANN001 - log records (as replayed)
    """``turn 1, impulse 1, Movement of A (speed 20)``: when a record is and what it asks or
    says, in the words of the game (its prompt's purpose, its event's text)."""
    when = f"turn {record.turn}" + (f", impulse {record.impulse}" if record.impulse else "")
    data = record.data
    what = getattr(data, "purpose", "") or getattr(data, "text", "")
    if record.kind == PROMPT and what:
        return f"{when}, the question '{what}'"
    if record.kind == EVENT and what:
        return f"{when}, the event '{what}'"
    question = getattr(getattr(asked, "data", None), "purpose", "")
    if record.kind == "answer" and question:
        return f"{when}, the answer to '{question}'"
    return f"{when}, {'an answer' if record.kind == 'answer' else 'a record of the game'}"


def damaged(record, said: str, details: str, asked=None) -> str:  # noqa: ANN001
    """A damaged save's message: where in the game, in words (``asked``: the question an answer
    answers), then the details."""
    return (f"{record_words(record, asked)}: {said}; the file is damaged or was edited by hand"
            f"{DETAILS}{details}")


def _compare(saved: GameLog, replayed: GameLog) -> tuple[str, dict[int, object]]:
    made = iter(replayed)
    asked = None
    words: dict[int, object] = {}
    for record in saved:
        where = f"log record {record.seq} ({' '.join(filter(None, (record.kind, record.key)))})"
        if record.kind == REFUSED:
            if asked is None:
                return f"{where}: a refused answer before any prompt", words
            for name in ("key", "turn", "impulse", "step"):
                if getattr(record, name) != getattr(asked, name):
                    return damaged(asked, f"a refused answer's {FIELD_WORDS[name]} is not the "
                                   "question's it answers",
                                   f"{where}: its {name} is {getattr(record, name)!r}, but the "
                                   f"prompt it answers has {getattr(asked, name)!r}"), words
            value, refusal = record.data  # type: ignore[misc]
            rule = getattr(asked.data, "rule", "")
            if refusal.rule == "dice" and rule:  # older saves: a refused roll named no rule
                words[record.seq] = (value, replace(refusal, rule=rule))
            continue
        expected = next(made, None)
        if expected is None:
            return f"{where}: replaying the game writes no record there", words
        for name in _FIELDS:
            got, want = getattr(record, name), getattr(expected, name)
            if name == "data" and got != want:  # as saved: tuples and lists are one JSON list
                got, want = _as_json(record), _as_json(expected)
                if got != want and record.kind == expected.kind and \
                        _as_json(record, words=False) == _as_json(expected, words=False):
                    words[record.seq] = expected.data  # the same fact in other words
                    continue
            if got != want:
                said = f"the save's {FIELD_WORDS[name]} differs from what replaying the game " \
                       "gives there"
                if name == "data":
                    return damaged(expected, said, f"{where}: its data is {got} where "
                                   f"replaying the game writes {want}", asked), words
                return damaged(expected, said, f"{where}: its {name} is {got!r} where replaying "
                               f"the game writes {want!r}", asked), words
        if record.kind == PROMPT:
            asked = record
    missing = sum(1 for _ in made)
    if missing:
        return f"the log ends {missing} record(s) short of what replaying the game writes", words
    return "", words


# ---------------------------------------------------------------------------------------------
# Files


def load_game(path: Path | str) -> Session:
    """Read a save file; SaveError names the file and the problem. The file is never changed."""
    path = Path(path)
    try:
        doc = load_json(path)
    except BadFile as exc:
        raise SaveError(path, exc.problem) from None
    return game_from_json(doc, path)


#: Files this process wrote, with (size, mtime_ns): unchanged since, they need no re-check.
_written: dict[Path, tuple[int, int]] = {}


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_size, st.st_mtime_ns


def check_overwritable(path: Path | str) -> None:
    """Refuse (SaveError) to replace an existing file that is not a save this program reads."""
    path = Path(path)
    if not path.exists():
        return
    resolved = path.resolve()
    if _written.get(resolved) == _stamp(path):
        return
    try:
        load_game(path)
    except SaveError as exc:
        raise SaveError(
            path, f"will not be overwritten: it is not a save this program can read ({exc.problem})"
        ) from None


def save_game(path: Path | str, session: Session) -> Path:
    """Write ``session`` to ``path`` atomically (see the module docstring)."""
    path = Path(path)
    check_overwritable(path)
    text = json.dumps(game_to_json(session), ensure_ascii=False, separators=(",", ":"))
    _atomic_write(path, text.encode("utf-8"))
    _written[path.resolve()] = _stamp(path)
    return path


def autosave(session: Session, path: Path | str | None = None) -> Path:
    """Save to the autosave file (or ``path``), with the same refusal to clobber other files."""
    return save_game(path if path is not None else autosave_path(), session)


def _monster_spec(spec_id: str):  # noqa: ANN202 - a ShipSpec or None
    """The class a Space Dragon plays with (SM7.461): built from its age, not in the library."""
    from ..rules.systems.dragon import DRAGON_RACE, dragon_spec

    prefix = f"{DRAGON_RACE}-DRAGON-"
    if spec_id.startswith(prefix):
        try:
            return dragon_spec(spec_id[len(prefix):].lower())
        except ValueError:
            return None
    return None
