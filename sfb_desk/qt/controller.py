"""The game controller: the GUI thread's owner of the game in play (DESIGN.md sections 4, 7).

:class:`GameController` holds the current :class:`~.game_record.GameRecord` (frozen: the
state, the log, the pending prompt) and hands it to the sequencer worker
(:mod:`.worker`) with each answer; the worker sends back the next record. Everything that
changes the game is a command on a :class:`~PySide6.QtGui.QUndoStack` holding the record
before and after (undo is keeping the old value): each accepted answer, with the automatic
answers that followed it, and each box marked or unmarked by hand.

Dice: per side, the table types what its physical dice show (the default) or the seeded
generator rolls (:meth:`GameController.set_auto_dice`); either way the roll is an answer in
the log, and :attr:`~GameController.dice_rolled` reports it.

Persistence: :meth:`~GameController.save` / :meth:`~GameController.load` in the engine's save
format (:mod:`.game_files`), recent files in QSettings (8 at most), an autosave after every
completed step (atomic, on the worker thread, to ``user_data_dir()/autosave/``), and crash
recovery: an autosave a session left without a clean exit is offered by
:meth:`~GameController.recoverable_autosave` and restored by :meth:`~GameController.recover`;
until one or the other is decided (:meth:`~GameController.discard_autosave`) nothing
overwrites it. :meth:`~GameController.close` stops the worker and marks the clean exit.

Its parts: the autosave and the recovery offer (:mod:`.autosave`), the undo command
(:mod:`.record_command`), the settings file and recent files (:mod:`.app_settings`), the rows
of a joint form held for their prompts (:mod:`.held_answers`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence, QUndoStack

from .app_settings import open_settings, recent_files, remember_file
from .autosave import Autosaves, CrashRecovery
from .held_answers import HeldAnswers
from .sources import TABLE
from .worker import SequencerThread, no_answer

if TYPE_CHECKING:  # the engine comes with the first game (game_record), not at start-up
    from ..engine.log import LogRecord
    from ..engine.prompts import Prompt
    from ..rules.game_state import GameState
    from .game_record import AutoAnswers, GameRecord, Step, TableSettings

APP_TITLE = "SFB Desk"


class GameController(CrashRecovery, QObject):
    """See the module docstring. Signals carry frozen values (states, prompts, log records)."""

    prompt_changed = Signal(object)  # Prompt | None
    state_changed = Signal(object)  # GameState (hand corrections are in it)
    event_logged = Signal(object)  # LogRecord, as the game goes on
    log_reset = Signal(object)  # tuple[LogRecord, ...]: the whole log (load, undo, redo)
    dice_rolled = Signal(object, object, str)  # DiceRequest, tuple of totals, source
    refused = Signal(str)  # an answer refused: the message and the rule
    status = Signal(str)
    title_changed = Signal(str)
    modified_changed = Signal(bool)
    busy_changed = Signal(bool)
    saved = Signal(str)  # path of a save the user asked for
    loaded = Signal(str)
    autosaved = Signal(str, int)  # the autosave file and its answers, once on disk
    answer_done = Signal(bool)  # a request finished: True if the game moved on
    autosave_failed = Signal(str)
    error = Signal(str)  # a load or save that failed, an engine error
    recent_files_changed = Signal(list)

    def __init__(self, parent: QObject | None = None, *, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self._settings = settings or open_settings()
        self._undo = QUndoStack(self)
        self._undo.cleanChanged.connect(self._clean_changed)
        self._record: GameRecord | None = None
        self._path: Path | None = None
        self._generation = 0  # bumped when the record is replaced other than by a step
        self._pending: dict[int, tuple[str, object]] = {}
        self._answering: int | None = None
        self._auto_sides: set[str] = set()
        self._robots: dict[str, str] = {}
        self._policy: object = None
        self._auto_defaults = False
        self._auto_changed = False  # the automatic answerers changed while the worker was busy
        self._held = HeldAnswers()  # a joint form's rows for the prompts still to come
        self._closed = False
        self._thread = SequencerThread(self)
        self._autosaves = Autosaves(self._thread, self._pending, self._table)
        w = self._thread
        w.advanced.connect(self._on_advanced)
        w.saved.connect(self._on_saved)
        w.loaded.connect(self._on_loaded)
        w.failed.connect(self._on_failed)

    # -- the game ------------------------------------------------------------------------------
    @property
    def record(self) -> GameRecord | None:
        return self._record

    @property
    def state(self) -> GameState | None:
        return (self._record.state or self._record.initial) if self._record else None

    @property
    def pending(self) -> Prompt | None:
        return self._record.pending if self._record else None

    @property
    def log(self) -> tuple[LogRecord, ...]:
        return self._record.records if self._record else ()

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def busy(self) -> bool:
        return self._answering is not None

    @property
    def settings(self) -> QSettings:
        """The app's settings file (recent files; the panels keep their choices here too)."""
        return self._settings

    @property
    def worker_thread(self) -> SequencerThread:
        return self._thread

    def new_game(self, initial: GameState, *, table: TableSettings | None = None,
                 **setup: object) -> None:
        """Start a game from ``initial`` (the automatic sources answer first). ``table``: the
        title, robot sides and computer-rolled dice of this game."""
        from .game_record import new_record
        record = new_record(initial, **setup)
        if table is not None:
            record = dataclasses.replace(record, table=table)
        self._replace(record, None)
        self._request(TABLE, no_answer(), "Start")

    def answer(self, value: object, source: str = TABLE) -> bool:
        """Answer the pending prompt (on the worker); a joint form's answer (:class:`~sfb_desk.
        engine.orders.joint.JointAnswer`) answers it with its first row and holds the others
        for their prompts. False if nothing can be answered now (no game, the game is over, or
        an answer is being worked on)."""
        if self._record is None or self._record.pending is None or self.busy:
            return False
        pending = self._record.pending
        try:
            value = self._held.take(value, pending)
        except ValueError as exc:  # a joint form filled for a prompt no longer pending
            self.refused.emit(str(exc))
            return False
        self._request(source, value, self._label(pending))
        return True

    @property
    def held_answers(self) -> dict[str, object]:  # a joint form's rows waiting (key -> answer)
        return dict(self._held.values)

    def set_auto_dice(self, side: str, auto: bool) -> None:
        """Dice of ``side`` rolled by the seeded generator (True) or typed by the table."""
        (self._auto_sides.add if auto else self._auto_sides.discard)(side)
        self._table_changed()
        if auto:
            self._retry_automatic("Computer rolls")

    def auto_dice(self, side: str) -> bool:
        return side in self._auto_sides

    def set_robot(self, side: str, level: str | None) -> None:
        """``side`` played by the robot at ``level`` (:data:`sfb_desk.robot.LEVELS`), or by
        the table again (None). A robot whose turn it is answers at once."""
        if level is None:
            self._robots.pop(side, None)
        else:
            self._robots[side] = level
        self._table_changed()
        if level is not None:
            self._retry_automatic("Robot plays")

    def robots(self) -> dict[str, str]:
        """The sides the robot plays, with its level."""
        return dict(self._robots)

    def set_pass_policy(self, policy: object) -> None:
        """The table's pass policy (:class:`~.pass_policy.PassPolicy`; None: ask everything).
        A prompt it lets pass is answered with its default at once."""
        self._policy = policy
        pending = self._record.pending if self._record is not None else None
        if policy is not None and getattr(policy, "active", True) and (
                self.busy or (pending is not None and pending.default is not None)):
            self._retry_automatic("Pass")

    def _retry_automatic(self, label: str) -> None:
        """The automatic answerers changed: let them answer the pending prompt now, or as soon
        as the request in hand is done (a change made while the worker is busy is not lost)."""
        if self._record is None or self._record.pending is None:
            return
        if self.busy:
            self._auto_changed = True
            return
        self._auto_changed = False
        self._request(TABLE, no_answer(), label)

    @property
    def pass_policy(self) -> object:
        return self._policy

    def _table_changed(self) -> None:
        if self._record is not None:
            self._record = dataclasses.replace(self._record, table=self._table())

    def _table(self) -> TableSettings:
        from .game_record import TableSettings
        old = self._record.table if self._record is not None else TableSettings()
        return TableSettings(old.title, tuple(sorted(self._robots.items())),
                             frozenset(self._auto_sides), old.scenario)

    def set_auto_defaults(self, on: bool) -> None:
        """Prompts with a default (no sideslip, no launches) answered with it, unasked."""
        self._auto_defaults = on

    def mark_box(self, unit: str, box: str, destroyed: bool = True) -> bool:
        """Mark (or unmark) a box by hand: a table correction the engine applies and logs
        (:mod:`sfb_desk.engine.corrections`), undoable like an answer. A refused mark (an
        unknown box, one already so, a ship whose damage is being settled) comes back through
        :attr:`refused`. False if nothing can be marked now (no game, or the worker is busy)."""
        if self._record is None or self.busy:
            if self.busy:
                self.status.emit("Working… mark the box again in a moment")
            return False
        from ..engine.corrections import Correction
        what = "Mark" if destroyed else "Unmark"
        self._request(TABLE, Correction(unit, box, destroyed), f"{what} {box} on {unit}")
        return True

    # -- undo ----------------------------------------------------------------------------------
    @property
    def undo_stack(self) -> QUndoStack:
        return self._undo

    def undo_action(self, parent: QObject | None = None) -> QAction:
        action = self._undo.createUndoAction(parent or self, "&Undo")
        action.setShortcut(QKeySequence.StandardKey.Undo)
        return action

    def redo_action(self, parent: QObject | None = None) -> QAction:
        action = self._undo.createRedoAction(parent or self, "&Redo")
        action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence.StandardKey.Redo])
        return action

    def undo(self) -> None:
        if not self.busy:
            self._undo.undo()

    def redo(self) -> None:
        if not self.busy:
            self._undo.redo()

    # -- title and dirty flag ------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return self._record is not None and not self._undo.isClean()

    def title(self) -> str:
        untitled = (self._record.table.title or "Untitled") if self._record else ""
        name = self._path.name if self._path else untitled
        if not name:
            return APP_TITLE
        return f"{name}{' *' if self.modified else ''} — {APP_TITLE}"

    @Slot(bool)
    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)
        self.title_changed.emit(self.title())

    # -- files ---------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> bool:
        """Save to ``path`` (or the current file) on the worker; :attr:`saved` or :attr:`error`
        follows. False if there is no game or no file name."""
        target = Path(path) if path is not None else self._path
        if self._record is None or target is None:
            return False
        rid = self._thread.save(dataclasses.replace(self._record, table=self._table()), target)
        self._pending[rid] = ("save", (target, self._record, self._undo.index()))
        return True

    def load(self, path: str | Path) -> None:
        """Load a save on the worker; :attr:`loaded` or :attr:`error` follows."""
        rid = self._thread.load(path)
        self._pending[rid] = ("load", Path(path))

    def recent_files(self) -> list[str]:
        return recent_files(self._settings)

    def _remember(self, path: Path) -> None:
        self.recent_files_changed.emit(remember_file(self._settings, path))

    # -- closing -------------------------------------------------------------------------------
    def close(self, timeout_ms: int = 5000) -> bool:
        """Stop the worker (after the request in hand) and record a clean exit. True if the
        thread stopped in time. An answer still being worked on is dropped."""
        if self._closed:
            return True
        self._closed = True
        self._autosaves.closed = True
        stopped = self._thread.stop(timeout_ms)
        self._autosaves.mark_clean_exit()
        return stopped

    # -- internals -----------------------------------------------------------------------------
    def _label(self, prompt: Prompt) -> str:
        return prompt.purpose

    def _auto(self) -> AutoAnswers:
        from .game_record import AutoAnswers
        return AutoAnswers(self._auto_sides, self._auto_defaults, self._robots, self._policy,
                           self._held.values)

    def _request(self, source: str, value: object, label: str) -> None:
        assert self._record is not None
        rid = self._thread.advance(self._record, value, source, self._auto())
        self._pending[rid] = ("advance", (self._generation, self._record, label))
        self._answering = rid
        self.busy_changed.emit(True)
        self.status.emit("Working…")

    def _replace(self, record: GameRecord | None, path: Path | None) -> None:
        """A new game or a loaded one: the undo history starts again."""
        self._generation += 1
        self._held.clear()
        self._undo.clear()
        self._path = path
        if record is not None:
            self._robots = record.table.robot_sides
            self._auto_sides = set(record.table.auto_dice)
        self._show(record, (), reset=True)
        self._undo.setClean()
        self.title_changed.emit(self.title())
        self.modified_changed.emit(False)

    def _show(self, record: GameRecord | None, added: Iterable[LogRecord] = (), *,
              reset: bool = False) -> None:
        old = self._record
        self._record = record
        if record is None:
            return
        from .game_record import describe_prompt
        if added:
            for r in added:
                self.event_logged.emit(r)
        elif reset or old is None or old.records != record.records:
            self.log_reset.emit(record.records)
        self.state_changed.emit(record.state or record.initial)
        self.prompt_changed.emit(record.pending)
        self.status.emit(describe_prompt(record.pending))
        if not reset:
            self._autosaves.write(record)

    @Slot(int, object)
    def _on_advanced(self, rid: int, step: Step) -> None:
        from .game_record import describe_prompt
        _, (generation, before, label) = self._pending.pop(rid)
        self._answering = None
        self.busy_changed.emit(False)
        if generation != self._generation or self._record is None:
            self.status.emit("An answer was dropped: the game changed meanwhile")
            self.answer_done.emit(False)
            return
        notes = self._held.settle(step, step.record.state if step.record else None)
        if step.record is None:
            for r in step.new_records:
                self.event_logged.emit(r)
            message = str(step.refusal)
            self.refused.emit(message)
            self.status.emit(f"Refused: {message}. {describe_prompt(self._record.pending)}")
        else:
            self._apply(before, step, label)
            for note in notes:  # a held row refused now: its prompt is asked, and why
                self.refused.emit(note)
        self.answer_done.emit(step.record is not None)
        if self._auto_changed:
            self._retry_automatic("Automatic answers")

    def _apply(self, before: GameRecord, step: Step, label: str) -> None:
        assert step.record is not None and self._record is not None
        from .game_record import dice_rolls
        from .record_command import RecordCommand
        current = self._record
        after = step.record
        added = after.records[len(before.records):]
        for request, values, source in dice_rolls(before, added):
            self.dice_rolled.emit(request, values, source)
        if after.answers == current.answers:
            self._show(after if after.records != current.records else current, added)
            return  # nothing answered (no automatic answer was due): not a step
        self._undo.push(RecordCommand(self._show, label, current, after, added,
                                      self._held.clear))

    @Slot(int, str)
    def _on_saved(self, rid: int, path: str) -> None:
        kind, info = self._pending.pop(rid)
        if kind == "autosave":
            self._autosaves.done()
            self.autosaved.emit(path, info)
            return
        target, record, index = info  # type: ignore[misc]
        self._path = Path(target)
        if record is self._record and index == self._undo.index():
            self._undo.setClean()
        self._remember(self._path)
        self.title_changed.emit(self.title())
        self.status.emit(f"Saved {target}")
        self.saved.emit(path)

    @Slot(int, object, str)
    def _on_loaded(self, rid: int, record: GameRecord, path: str) -> None:
        kind, _ = self._pending.pop(rid)
        from .game_record import describe_prompt
        if kind == "recover":
            self._autosaves.offer = None
            self._replace(record, None)
            self._undo.resetClean()  # a recovered game has not been saved by the user
            self._clean_changed(False)
            self.status.emit(f"Recovered the autosave. {describe_prompt(record.pending)}")
        else:
            self._replace(record, Path(path))
            self._remember(Path(path))
        self.loaded.emit(path)

    @Slot(int, str)
    def _on_failed(self, rid: int, message: str) -> None:
        kind, _ = self._pending.pop(rid)
        if kind == "autosave":
            self._autosaves.done()
            self.autosave_failed.emit(message)
            self.status.emit(f"Autosave failed: {message}")
            return
        self.status.emit(message)
        self.error.emit(message)
        if kind == "advance":
            self._answering = None
            self.busy_changed.emit(False)
            self.answer_done.emit(False)
