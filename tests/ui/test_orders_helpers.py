"""Helpers of the orders-panel tests (imported by the other test_orders_* files): the scripted
CA-vs-D7 duel (tests/engine/duel_script.py) played by a real Session up to a prompt, and a fake
game controller around that session with the signals and slots the panel binds to. The tests
here check the helpers themselves."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from sfb_desk.engine.answers import NO_ANSWER
from sfb_desk.engine.orders.pass_policy import DEFAULT
from sfb_desk.engine.session import Accepted, Session
from sfb_desk.qt.game_record import record_of
from sfb_desk.rules.results import Refusal


def _duel_module():
    name = "duel_script"
    if name not in sys.modules:
        path = Path(__file__).resolve().parent.parent / "engine" / "duel_script.py"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


duel = _duel_module()


@lru_cache(maxsize=1)
def duel_setup():
    """The duel's set-up (frozen: shared by the tests)."""
    return duel.setup()


def duel_session() -> Session:
    g = duel_setup()
    return Session(g.state, g.combat, g.specs)


def play_until(session: Session, key: str, source=None) -> Session:
    """Answer the duel's script (then the defaults) until the prompt ``key`` is pending."""
    source = source or duel.script()
    while session.pending is not None and session.pending.key != key:
        result = source.answer(session.pending, session)
        assert result is not NO_ANSWER, f"no answer for {session.pending.key}"
        outcome = session.answer(*result)
        assert not isinstance(outcome, Refusal), outcome
    assert session.pending is not None and session.pending.key == key
    return session


def duel_at(key: str) -> Session:
    return play_until(duel_session(), key)


#: The default policy without joint forms: one prompt a ship or side at a time (the single
#: editors' tests; the joint forms have their own, test_orders_joint).
ONE_AT_A_TIME = replace(DEFAULT, joint_forms=False)


class FakeController(QObject):
    """The signals and slots of sfb_desk.qt.controller.GameController the panel uses, around
    a real Session (answers go to the session at once, on this thread)."""

    prompt_changed = Signal(object)
    state_changed = Signal(object)
    refused = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.answers: list[object] = []
        self.outcomes: list[object] = []
        self.policies: list[object] = []

    @property
    def record(self):
        return record_of(self.session)

    @property
    def state(self):
        return self.session.state

    @property
    def pending(self):
        return self.session.pending

    @property
    def log(self):
        return self.session.log.records

    def answer(self, value: object, source: str = "player") -> bool:
        self.answers.append(value)
        outcome = self.session.answer(value, source)
        self.outcomes.append(outcome)
        if isinstance(outcome, Refusal):
            self.refused.emit(str(outcome))
        else:
            self.state_changed.emit(self.session.state)
            self.prompt_changed.emit(self.session.pending)
        return True

    def set_pass_policy(self, policy: object) -> None:
        self.policies.append(policy)


def test_the_duel_reaches_the_fire_prompt_of_impulse_8():
    session = duel_at("T1.I8.fire.Federation")
    assert session.pending.kind == "fire" and session.pending.side == "Federation"
    assert (session.state.turn, session.state.impulse) == (1, 8)


def test_the_fake_controller_reports_refusals_and_accepts(qtbot):
    controller = FakeController(duel_at("T1.I8.fire.Federation"))
    with qtbot.waitSignal(controller.refused) as blocker:
        controller.answer({"ENT": [{"box": "photon#Z", "target": "KRT"}]})
    assert "photon#Z" in blocker.args[0] and "(D6.315)" in blocker.args[0]
    with qtbot.waitSignal(controller.prompt_changed):
        controller.answer({})
    assert isinstance(controller.outcomes[-1], Accepted)
    assert controller.pending.key == "T1.I8.fire.Klingon"
