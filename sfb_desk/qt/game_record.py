"""An immutable record of a game in play: what the GUI thread owns (DESIGN.md sections 3, 4).

The sequencer :class:`~sfb_desk.engine.session.Session` is a mutable generator, so it never
crosses threads. What crosses is a :class:`GameRecord`: the initial state, the accepted
answers, the log records, the session's snapshots (start of each impulse) and the state and
pending prompt they lead to (boxes marked by hand are answers too: table corrections,
:mod:`sfb_desk.engine.corrections`). A record is frozen, so
undo is keeping the old one (:mod:`.controller`).

:func:`advance` is the whole of the worker's job: rebuild a session from a record (resuming at
its last snapshot when the engine supports ``Session(resume=...)``, else replaying every
answer), give it one answer, let the automatic sources answer what they may, and return the
new record. It keeps nothing between calls. No Qt here, so it is tested and timed headless.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine.answers import NO_ANSWER, Replay, SeededDice
from ..engine.corrections import Correction
from ..engine.log import ANSWER, PROMPT, GameLog, LogRecord
from ..engine.prompts import Choice, DiceRequest, Prompt
from ..engine.session import Session
from ..rules.game_state import GameState
from ..rules.results import Refusal
from .sources import PASSED, TABLE  # noqa: F401 - re-exported: who answered

#: Source name of dice the seeded generator rolled (solo play).
SEEDED = SeededDice.name

_RESUMABLE = "resume" in inspect.signature(Session).parameters


class RecordError(RuntimeError):
    """A record whose answers do not replay (a programming error or a mismatched engine)."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """Who plays what at this table, kept with the game (saved with it): the game's title,
    the sides a robot plays (side -> level, :mod:`sfb_desk.robot`), the sides whose dice
    the seeded generator rolls, and the id of the library scenario the game was set up from
    (its task victory conditions are shown by the victory panel)."""

    title: str = ""
    robots: tuple[tuple[str, str], ...] = ()
    auto_dice: frozenset[str] = frozenset()
    scenario: str = ""  # the library scenario the game was set up from ("" by hand)

    @property
    def robot_sides(self) -> dict[str, str]:
        return dict(self.robots)

    def to_json(self) -> dict:
        doc = {"title": self.title, "robots": dict(self.robots),
               "auto_dice": sorted(self.auto_dice)}
        if self.scenario:
            doc["scenario"] = self.scenario
        return doc

    @classmethod
    def from_json(cls, doc: object) -> TableSettings:
        """The settings of a save's ``"table"`` object; ValueError names what is wrong."""
        if not isinstance(doc, dict):
            raise ValueError("expected an object with title, robots and auto_dice")
        title, robots, dice = doc.get("title", ""), doc.get("robots", {}), doc.get("auto_dice", [])
        if not isinstance(title, str):
            raise ValueError("title: expected text")
        if not isinstance(robots, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in robots.items()):
            raise ValueError("robots: expected {side: level}")
        if not isinstance(dice, list) or not all(isinstance(d, str) for d in dice):
            raise ValueError("auto_dice: expected a list of side names")
        scenario = doc.get("scenario", "")
        if not isinstance(scenario, str):
            raise ValueError("scenario: expected a scenario id")
        return cls(title, tuple(sorted(robots.items())), frozenset(dice), scenario)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game at one moment (module docstring). ``setup`` holds the extra keyword arguments
    of the session (ship records and classes, when the engine takes them)."""

    initial: GameState
    answers: tuple[tuple[object, str], ...] = ()
    records: tuple[LogRecord, ...] = ()
    snapshots: tuple[object, ...] = ()
    state: GameState | None = None
    pending: Prompt | None = None
    setup: Mapping[str, object] = field(default_factory=dict)
    combat: object = None  # the session's ship records and seeking state, when it has them
    table: TableSettings = field(default_factory=lambda: TableSettings())
    #: the boundary shield choices the session will ask next in this fire step (D3.43; its
    #: ``shield_plan``): the orders panel's joint form lists them. Not saved: replaying the
    #: answers makes it again
    shield_plan: tuple = ()
    dac_plan: object = None  # the owner's DAC choices of the volley asked now (its dac_plan)

    @property
    def finished(self) -> bool:
        return self.pending is None

    @property
    def table_state(self) -> GameState:
        """The state now (hand corrections are answers the engine applied, in the state)."""
        return self.state or self.initial


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one request: the new record (None if refused), the refusal if the answer
    was refused, and the log records the request added."""

    record: GameRecord | None
    refusal: Refusal | None = None
    new_records: tuple[LogRecord, ...] = ()
    notes: tuple[str, ...] = ()  # held answers of a joint form refused now: asked again, why
    held: tuple[tuple[str, object], ...] = ()  # held answers the request left unused


def side_of(prompt: Prompt, state: GameState) -> str | None:
    """The side a prompt belongs to (its unit's side, or its own ``side``), or None."""
    side = getattr(prompt, "side", None)
    if side:
        return side
    unit = state.find(prompt.unit) if prompt.unit else None
    return unit.side if unit is not None else None


class AutoAnswers:
    """The answers the program gives by itself, in this order:

    1. the robots: a side in ``robots`` (side -> level) is played by a
       :class:`sfb_desk.robot.Robot`, which answers every prompt of its side (dice included);
    2. the seeded dice of the sides in ``auto_sides`` (a DiceRequest with no side is rolled
       when every side of the game is automatic or robot);
    3. the table's pass ``policy`` (:class:`~.pass_policy.PassPolicy`): a prompt it lets pass
       is answered with its default;
    4. the ``held`` answers of a joint form (prompt key -> answer,
       :mod:`sfb_desk.engine.orders.joint`), given as the table's when the session accepts
       them; one refused now is left to the table and :attr:`notes` says why;
    5. with ``defaults``, the default of any prompt that has one.

    Every source is stateless (a pure function of the prompt and the session), so the worker
    builds a fresh one for each request and undo/replay never depend on it."""

    def __init__(self, auto_sides: Iterable[str] = (), defaults: bool = False,
                 robots: Mapping[str, str] | None = None, policy: object = None,
                 held: Mapping[str, object] | None = None) -> None:
        self.auto_sides = frozenset(auto_sides)
        self.defaults = defaults
        self.policy = policy
        self.held = dict(held or {})
        self.notes: list[str] = []
        self._dice = SeededDice()
        self.robots: dict[str, object] = {}
        if robots:
            from ..robot import Robot  # the robot layer sits below qt

            self.robots = {side: Robot(side, level) for side, level in robots.items()}
        self._automatic = self.auto_sides | frozenset(self.robots)

    def answer(self, prompt: Prompt, session: Session) -> tuple[object, str] | object:
        state = session.state
        side = side_of(prompt, state)
        robot = self.robots.get(side) if side else None
        if robot is not None:
            result = robot.answer(prompt, session)  # type: ignore[attr-defined]
            if result is not NO_ANSWER:
                return result
        if isinstance(prompt, DiceRequest) and self._automatic:
            sides = {u.side for u in state.units}
            if (side in self._automatic) if side else sides <= self._automatic:
                return self._dice.answer(prompt, session)
        policy = self.policy
        if prompt.default is not None and not self.defaults and policy is not None and \
                policy.passes(prompt, state, getattr(session, "combat", None),  # type: ignore[attr-defined]
                              getattr(session, "specs", None)):
            self.held.pop(prompt.key, None)
            return prompt.default, PASSED
        if prompt.key in self.held:
            from ..engine.orders.joint import held_answer

            given, value, why = held_answer(prompt, self.held, session)
            del self.held[prompt.key]
            if given:
                return value, TABLE
            self.notes.append(why)
            return NO_ANSWER
        if prompt.default is not None and self.defaults:
            return prompt.default, "default"
        return NO_ANSWER


def new_record(initial: GameState, **setup: object) -> GameRecord:
    """The record of a game about to start (no answers yet)."""
    return record_of(Session(initial, **setup), setup=setup)  # type: ignore[arg-type]


def record_of(session: Session, *, setup: Mapping[str, object] | None = None) -> GameRecord:
    """The record of a session as it stands (e.g. one loaded from a save). Without ``setup``,
    the session's own ship records and classes are kept (engines that have them)."""
    if setup is None:
        setup = {}
        if hasattr(session, "initial_combat") and getattr(session, "specs", None) is not None:
            setup = {"combat": session.initial_combat, "specs": session.specs}
    return GameRecord(
        initial=session.initial, answers=tuple(session.log.answers()),
        records=session.log.records, snapshots=tuple(getattr(session, "snapshots", ())),
        state=session.state, pending=session.pending, setup=dict(setup),
        combat=getattr(session, "combat", None), shield_plan=getattr(session, "shield_plan", ()),
        dac_plan=getattr(session, "dac_plan", None),
    )


def session_of(record: GameRecord) -> Session:
    """A session at the point of ``record`` (resumed at its last snapshot when possible)."""
    snaps = record.snapshots
    if _RESUMABLE and snaps:
        snap = snaps[-1]
        session = Session(
            record.initial, **record.setup, resume=snap,  # type: ignore[arg-type]
            log=GameLog(list(record.records[: snap.records])), snapshots=list(snaps),
        )
        todo = record.answers[snap.answers :]  # type: ignore[attr-defined]
    else:
        session = Session(record.initial, **record.setup)  # type: ignore[arg-type]
        todo = record.answers
    source = Replay(todo)
    outcome = session.run(source)
    if isinstance(outcome, Refusal) or source.remaining:
        raise RecordError(f"the record does not replay: {outcome or 'answers left over'}")
    return session


def advance(record: GameRecord, value: object = NO_ANSWER, source: str = TABLE,
            auto: AutoAnswers | None = None) -> Step:
    """Give ``value`` (unless NO_ANSWER) to the record's pending prompt, then let ``auto``
    answer what it may. A refused ``value`` returns the refusal and no new record."""
    session = session_of(record)
    start = len(session.log)
    if value is not NO_ANSWER:
        if session.pending is None and not isinstance(value, Correction):
            return Step(None, Refusal("game", "the game is over: nothing is asked"))
        outcome = session.answer(value, source)
        if isinstance(outcome, Refusal):
            return Step(None, outcome, _renumber(session.log.records[start:], len(record.records)))
    if auto is not None and session.pending is not None:
        session.run(auto)
    new = _extend(record, session, start)
    return Step(new, None, new.records[len(record.records):], tuple(getattr(auto, "notes", ())),
                tuple(getattr(auto, "held", {}).items()))


def _renumber(records: Iterable[LogRecord], first: int) -> tuple[LogRecord, ...]:
    return tuple(dataclasses.replace(r, seq=first + i) for i, r in enumerate(records))


def _extend(record: GameRecord, session: Session, start: int) -> GameRecord:
    """``record`` followed by what ``session`` logged from record ``start`` on."""
    added = _renumber(session.log.records[start:], len(record.records))
    offset = len(record.records) - start
    snaps = tuple(getattr(session, "snapshots", ()))
    known = len(record.snapshots)
    if offset and len(snaps) > known:
        snaps = snaps[:known] + tuple(
            dataclasses.replace(s, records=s.records + offset) for s in snaps[known:]  # type: ignore[type-var]
        )
    answers = record.answers + tuple((r.data, r.source) for r in added if r.kind == ANSWER)
    return dataclasses.replace(
        record, answers=answers, records=record.records + added, snapshots=snaps,
        state=session.state, pending=session.pending, combat=getattr(session, "combat", None),
        shield_plan=getattr(session, "shield_plan", ()),
        dac_plan=getattr(session, "dac_plan", None),
    )


def describe_prompt(prompt: Prompt | None) -> str:
    """What the program is waiting for, for the status bar."""
    if prompt is None:
        return "Game over: nothing is asked"
    if isinstance(prompt, DiceRequest):
        dice = prompt.kind if prompt.count == 1 else f"{prompt.count} × {prompt.kind}"
        return f"Waiting for: {prompt.purpose} ({dice})"
    if isinstance(prompt, Choice):
        options = prompt.options
        if len(options) > 12 and all(o.isdigit() for o in options):  # damage points (P3.2)
            span = f"{options[0]}-{options[-1]}"
            said = span in prompt.purpose
            return f"Waiting for: {prompt.purpose}" + ("" if said else f" (a number {span})")
        return f"Waiting for: {prompt.purpose} (one of {', '.join(options)})"
    return f"Waiting for: {prompt.purpose}"


def dice_rolls(before: GameRecord,
               added: Iterable[LogRecord]) -> list[tuple[DiceRequest, tuple, str]]:
    """The dice rolled in the log records ``added`` after ``before``: (request, values, source)
    for each answer to a dice request."""
    prompts = {before.pending.key: before.pending} if before.pending else {}
    rolls = []
    for r in added:
        if r.kind == PROMPT:
            prompts[r.key] = r.data  # type: ignore[assignment]
        elif r.kind == ANSWER and isinstance(prompts.get(r.key), DiceRequest):
            values = r.data if isinstance(r.data, (list, tuple)) else [r.data]
            rolls.append((prompts[r.key], tuple(values), r.source))
    return rolls
