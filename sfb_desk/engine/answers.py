"""Answer sources: who answers the session's prompts (DESIGN.md section 4).

A source has one method, ``answer(prompt, session) -> (value, source name)`` or
:data:`NO_ANSWER` when it has nothing to say, in which case :class:`Chain` asks the next one.

* :class:`Scripted` plays a list of answers, for tests and rulebook examples. Plain items
  answer the prompts that need an answer (no default), in order; ``At(key, value)`` items answer
  the prompt with that key wherever it comes; other prompts with a default take the default.
* :class:`SeededDice` rolls the dice for solo play. ``random.Random`` lives only here. Each roll
  is derived from the game's dice seed (kept in the game state) and the prompt key, so a replay
  or an undo-and-redo rolls the same numbers.
* :class:`Defaults` answers any prompt that has a default with it.
* :class:`Replay` feeds back the answers of a log (replay and undo).
* The GUI and the robot opponent are further sources (later issues).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..rules.game_state import GameState
from .prompts import DICE_KINDS, DiceRequest, Prompt


class Asking(Protocol):
    """The session that asks, as an answer source sees it (the engine's
    :class:`~sfb_desk.engine.session.Session` is one; this module does not import it, the session
    imports this module). The sources here read only its state (the dice seed)."""

    @property
    def state(self) -> GameState: ...


class _NoAnswer:
    def __repr__(self) -> str:
        return "NO_ANSWER"


NO_ANSWER = _NoAnswer()


class AnswerSource(Protocol):
    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer: ...


@dataclass(frozen=True, slots=True)
class At:
    """A scripted answer for the prompt with this key."""

    key: str
    value: object


def pop_keyed(answers: dict[str, object], prompt: Prompt) -> object:
    """The answer for ``prompt`` taken out of ``answers`` (prompt key -> value): by its key, or,
    for a request that stands for several rolls (``parts``: the to-hit dice of a volley), the
    rolls of every part joined in order; None when ``answers`` has none for it."""
    if prompt.key in answers:
        return answers.pop(prompt.key)
    parts = getattr(prompt, "parts", ())
    if parts and all(k in answers for k in parts):
        rolls: list[object] = []
        for k in parts:
            value = answers.pop(k)
            rolls.extend(value if isinstance(value, (list, tuple)) else [value])
        return rolls
    return None


class ScriptError(AssertionError):
    """A script did not fit the game (a test's mistake)."""


class Scripted:
    """Answers from a script; see the module docstring. ``strict`` raises on keyed answers that
    were never asked for when :meth:`check_finished` is called."""

    def __init__(self, items: Iterable[object] = (), *, name: str = "script") -> None:
        self.name = name
        self._plain: list[object] = []
        self._keyed: dict[str, object] = {}
        for item in items:
            self.add(item)
        self._next = 0

    def add(self, item: object) -> None:
        if isinstance(item, At):
            if item.key in self._keyed:
                raise ScriptError(f"two scripted answers for {item.key}")
            self._keyed[item.key] = item.value
        else:
            self._plain.append(item)

    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer:
        value = pop_keyed(self._keyed, prompt)  # by key, or one roll scripted per part
        if value is not None:
            return value, self.name
        if prompt.default is not None:
            return prompt.default, "default"
        if self._next < len(self._plain):
            value = self._plain[self._next]
            self._next += 1
            return value, self.name
        return NO_ANSWER

    @property
    def unused(self) -> tuple[object, ...]:
        return tuple(self._plain[self._next :]) + tuple(At(k, v) for k, v in self._keyed.items())

    def check_finished(self) -> None:
        if self.unused:
            raise ScriptError(f"script answers never asked for: {self.unused!r}")


class SeededDice:
    """Rolls for solo play from the game's dice seed and the prompt key (reproducible)."""

    name = "seeded"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def roll(self, prompt: DiceRequest, seed: int) -> list[int]:
        rng = random.Random(f"{seed}|{prompt.key}")
        if prompt.kind not in DICE_KINDS:
            raise ValueError(f"unknown dice kind {prompt.kind!r}")
        dice = 1 if prompt.kind == "1d6" else 2
        if prompt.parts and len(prompt.parts) == prompt.count:  # each part its own die
            return [sum(random.Random(f"{seed}|{part}").randint(1, 6) for _ in range(dice))
                    for part in prompt.parts]
        return [sum(rng.randint(1, 6) for _ in range(dice)) for _ in range(prompt.count)]

    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer:
        if not isinstance(prompt, DiceRequest):
            return NO_ANSWER
        seed = self.seed if self.seed is not None else session.state.dice_seed
        if seed is None:
            return NO_ANSWER
        return self.roll(prompt, seed), self.name


class Defaults:
    """Answers every prompt that has a default with its default."""

    name = "default"

    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer:
        if prompt.default is not None:
            return prompt.default, self.name
        return NO_ANSWER


class Chain:
    """Ask each source in turn; the first that answers wins."""

    def __init__(self, *sources: AnswerSource) -> None:
        self.sources = sources

    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer:
        for source in self.sources:
            result = source.answer(prompt, session)
            if result is not NO_ANSWER:
                return result
        return NO_ANSWER


def _find(keys: Sequence[str], key: str, start: int) -> int | None:
    try:
        return keys.index(key, start)  # type: ignore[attr-defined]
    except ValueError:
        return None


class Replay:
    """Feed back ``(value, source)`` pairs, e.g. a log's accepted answers, in order.

    With ``keys`` (the prompt key of each answer, :meth:`GameLog.answer_keys`), a prompt with a
    default whose key is not the next answer's is answered with its default: a prompt the
    program that wrote the log did not ask (a rule added since), passed as its default says;
    and recorded answers of prompts no longer asked are dropped when they passed (an empty
    answer or a default) and the pending prompt's key comes later in the log."""

    def __init__(self, answers: Sequence[tuple[object, str]],
                 keys: Sequence[str] | None = None) -> None:
        self._answers = list(answers)
        self._keys = list(keys) if keys is not None else None
        self._next = 0

    def answer(self, prompt: Prompt, session: Asking) -> tuple[object, str] | _NoAnswer:
        if self._next >= len(self._answers):
            return NO_ANSWER
        keys = self._keys
        if keys is not None and keys[self._next] != prompt.key \
                and not keys[self._next].startswith("table."):  # a correction: in its place
            ahead = _find(keys, prompt.key, self._next)
            passed = range(self._next, ahead) if ahead is not None else range(0)
            if ahead is not None and all(
                    not keys[i].startswith("table.") and (
                        self._answers[i][0] in ({}, None) or self._answers[i][1] == "default")
                    for i in passed):
                self._next = ahead  # prompts no longer asked, passed at the time: dropped
            elif prompt.default is not None:
                return prompt.default, "default"
        value, source = self._answers[self._next]
        self._next += 1
        return value, source

    @property
    def remaining(self) -> int:
        return len(self._answers) - self._next
