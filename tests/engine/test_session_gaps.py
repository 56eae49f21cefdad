"""Gaps the robot duels found in the session: a ship without power (S2.4, B3.3), a shot at
range 0 (D3.42, D3.43), a standard load fired as an overload (E3.5, E4.4), and
:meth:`Session.check` (an answer checked without answering)."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.engine.answers import NO_ANSWER, At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.damage.state import DamageState
from sfb_desk.rules.damage.status import crippled_reasons
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import WARP_SYSTEMS

from duel_script import setup

POWER = (*WARP_SYSTEMS, "impulse", "apr", "awr", "battery")
MINIMAL = {"speed_plot": 0, "life_support": "emergency", "fire_control": "off",
           "shields": "off"}


def power_boxes(spec) -> frozenset[str]:
    return frozenset(f"{s}#{n}" for s in POWER for n in range(1, spec.count(s) + 1))


def session_with(destroyed_by_unit: dict[str, frozenset[str]]) -> Session:
    game = setup()
    units = tuple(replace(u, destroyed=u.destroyed | destroyed_by_unit.get(u.id, frozenset()))
                  for u in game.state.units)
    return Session(replace(game.state, units=units), game.combat, game.specs)


def answer_until(session: Session, key: str, answers: dict) -> None:
    """Answer the pending prompts (``answers`` by key, seeded dice, else the default) until
    ``key`` is pending."""
    source = Chain(Scripted([At(k, v) for k, v in answers.items()]), SeededDice(0), Defaults())
    while session.pending is not None and session.pending.key != key:
        p = session.pending
        found = source.answer(p, session)
        assert found is not NO_ANSWER, f"no answer for {p.key}"
        result = session.answer(found[0], found[1])
        assert not isinstance(result, Refusal), (p.key, found, result)
    assert session.pending is not None, f"{key} was never asked"


def test_ship_without_power_is_crippled_and_gets_the_minimal_allocation_accepted():
    """All power boxes of ENT destroyed: 0 of 30 warp boxes left makes it crippled (S2.4), so
    emergency life support is eligible (B3.3) and the bare form balances at 0 power."""
    game = setup()
    spec = game.specs[game.combat.ship("ENT").spec_id]
    dead = power_boxes(spec)
    assert crippled_reasons(spec, DamageState.for_ship(spec, dead))
    session = session_with({"ENT": dead})
    assert session.pending.key == "T1.ea.ENT"
    assert session.energy_state("ENT").crippled
    assert not session.energy_state("KRT").crippled
    normal = {**MINIMAL, "life_support": "normal"}
    refused = session.check(normal)
    assert isinstance(refused, Refusal) and "B3.1" in refused.rule
    assert session.check(MINIMAL) is None
    assert session.pending.key == "T1.ea.ENT"  # check changed nothing
    result = session.answer(MINIMAL)
    assert not isinstance(result, Refusal), result
    assert session.combat.ship("ENT").allocation.life_support == "emergency"


def test_uncrippled_ship_may_not_take_emergency_life_support():
    session = session_with({})
    refused = session.check(MINIMAL)
    assert isinstance(refused, Refusal) and "S2.4" in refused.rule
    assert not session.energy_state("ENT").crippled


def test_crippled_flag_is_carried_to_the_next_turn_record():
    """Record keeping (phase 8) stores the S2.4 status in the energy carried to the next turn."""
    game = setup()
    spec = game.specs[game.combat.ship("ENT").spec_id]
    session = session_with({"ENT": power_boxes(spec)})
    answer_until(session, "T2.ea.ENT", {"T1.ea.ENT": MINIMAL, "T1.ea.KRT": {"speed_plot": 0}})
    assert session.combat.ship("ENT").energy.crippled
    assert not session.combat.ship("KRT").energy.crippled
    assert session.check(MINIMAL) is None


def test_robot_allocates_for_a_ship_without_power():
    """The robot's allocation for the powerless ship is one the session accepts."""
    from sfb_desk.robot import Robot

    game = setup()
    spec = game.specs[game.combat.ship("ENT").spec_id]
    session = session_with({"ENT": power_boxes(spec)})
    robot = Robot(session.state.unit("ENT").side, "captain", 0)
    value = robot.decide(session.pending, session)  # NoLegalAnswer would fail the test
    assert session.check(value) is None
    assert not isinstance(session.answer(value, "robot"), Refusal)
