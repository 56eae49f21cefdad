"""Gaps the robot duels found in the session: a ship without power (S2.4, B3.3), a shot at
range 0 (D3.42, D3.43), a standard load fired as an overload (E3.5, E4.4), and
:meth:`Session.check` (an answer checked without answering)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.engine.answers import NO_ANSWER, At, Chain, Defaults, Scripted, SeededDice
from sfb_desk.engine.session import Session
from sfb_desk.rules.damage.state import DamageState
from sfb_desk.rules.damage.status import crippled_reasons
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import WARP_SYSTEMS
from sfb_desk.robot import Robot

from duel_script import arm, hold, setup

POWER = (*WARP_SYSTEMS, "impulse", "apr", "awr", "battery")
MINIMAL = {"speed_plot": 0, "life_support": "emergency", "fire_control": "off",
           "shields": "off"}


def power_boxes(spec) -> frozenset[str]:
    return frozenset(f"{s}#{n}" for s in POWER for n in range(1, spec.count(s) + 1))


def session_with(destroyed_by_unit: dict[str, frozenset[str]] | None = None, *,
                 krt_hex: str | None = None, all_round: dict[str, str] | None = None) -> Session:
    """The CA-vs-D7 duel with boxes destroyed, KRT moved to ``krt_hex`` and, for
    ``all_round`` {unit: weapon box}, that weapon given a 360 arc (D2) so it bears at range 0."""
    game = setup()
    destroyed_by_unit = destroyed_by_unit or {}
    units = []
    for u in game.state.units:
        u = replace(u, destroyed=u.destroyed | destroyed_by_unit.get(u.id, frozenset()))
        if u.id == "KRT" and krt_hex is not None:
            u = replace(u, hex=hex_from_label(krt_hex))
        units.append(u)
    specs = dict(game.specs)
    for uid, box in (all_round or {}).items():
        spec_id = game.combat.ship(uid).spec_id
        spec = specs[spec_id]
        weapons = tuple(replace(w, arcs=("360",)) if w.box_ids[0] == box else w
                        for w in spec.weapons)
        specs[spec_id] = replace(spec, weapons=weapons)
    return Session(replace(game.state, units=tuple(units)), game.combat, specs)


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
    game = setup()
    spec = game.specs[game.combat.ship("ENT").spec_id]
    session = session_with({"ENT": power_boxes(spec)})
    robot = Robot(session.state.unit("ENT").side, "captain", 0)
    value = robot.decide(session.pending, session)  # NoLegalAnswer would fail the test
    assert session.check(value) is None
    assert not isinstance(session.answer(value, "robot"), Refusal)


# -- range 0 (D3.42, D3.43) ------------------------------------------------------------------

def events(session: Session, kind: str) -> list:
    return [r.data for r in session.log if r.kind == "event" and r.data.kind == kind]


def range_0_game(ent_shield: str, *, krt_orders, krt_shot, roll):
    """KRT in ENT's hex (2220; ENT faces A, KRT D), its ``krt_shot`` weapon all round, firing
    at ENT on impulse 8 with die ``roll``; ENT's owner names ``ent_shield``."""
    session = session_with(krt_hex="2220", all_round={"KRT": krt_shot["box"]})
    key = f"T1.I8.shield.KRT.{krt_shot['box']}.ENT"
    answer_until(session, key, {
        "T1.ea.ENT": {"speed_plot": 0, "weapons": hold("A", "B", "C", "D")},
        "T1.ea.KRT": {"speed_plot": 0, "weapons": krt_orders},
        "T1.I8.fire.Klingon": {"KRT": [krt_shot]},
        f"T1.I8.shot.KRT.{krt_shot['box']}.ENT": [roll],
    })
    prompt = session.pending
    assert prompt.options == tuple(f"shield {k}" for k in range(1, 7))
    assert prompt.unit == "ENT" and prompt.rule == "D3.42"
    robot = Robot(session.state.unit("ENT").side, "captain", 0)
    assert session.check(robot.decide(prompt, session)) is None  # the robot can answer it
    result = session.answer(ent_shield)
    assert not isinstance(result, Refusal), result
    return session


def test_shot_at_range_0_asks_the_targets_owner_for_the_shield():
    """A phaser-1 at range 0 (roll 1: 9 damage, E2) strikes the shield ENT's owner names."""
    session = range_0_game("shield 4", krt_orders=arm("disruptor", "A", "B", "C", "D"),
                           krt_shot={"box": "phaser#1", "target": "ENT"}, roll=1)
    shot = events(session, "shot")[-1]
    assert shot.get("range") == 0 and shot.get("damage") > 0
    volleys = [v for v in events(session, "volley") if v.unit == "ENT"]
    assert [v.get("shield") for v in volleys] == [4]
    assert volleys[0].get("damage") == shot.get("damage")


def test_overload_feedback_at_range_0_strikes_the_firers_shield_facing_the_target():
    """An overloaded disruptor at range 0 hits with 2 feedback (E3.54). ENT (facing A) names
    shield #1 toward KRT, so KRT lies ahead of ENT; KRT faces D, so its shield #1 faces ENT
    and takes the feedback, with no second question."""
    orders = [{"box": "disruptor#A", "action": "arm", "overload": True}]
    session = range_0_game("shield 1", krt_orders=orders,
                           krt_shot={"box": "disruptor#A", "target": "ENT", "mode": "overload"},
                           roll=1)
    shot = events(session, "shot")[-1]
    assert shot.get("damage") > 0
    volleys = {(v.unit, v.get("shield")) for v in events(session, "volley")}
    assert ("ENT", 1) in volleys and ("KRT", 1) in volleys
    asked = [r.key for r in session.log if r.kind == "prompt" and ".shield." in r.key]
    assert asked == ["T1.I8.shield.KRT.disruptor#A.ENT"]


# -- overload modes (E3.5, E4.4) -------------------------------------------------------------

def fire_prompt(orders_krt, krt_hex="2216"):
    """KRT at range 4 of ENT (2216), at the Klingon fire prompt of impulse 8."""
    session = session_with(krt_hex=krt_hex)
    answer_until(session, "T1.I8.fire.Klingon", {
        "T1.ea.ENT": {"speed_plot": 0, "weapons": hold("A", "B", "C", "D")},
        "T1.ea.KRT": {"speed_plot": 0, "weapons": orders_krt},
    })
    return session


def test_standard_disruptor_load_cannot_fire_as_an_overload():
    session = fire_prompt(arm("disruptor", "A", "B", "C", "D"))
    over = {"KRT": [{"box": "disruptor#A", "target": "ENT", "mode": "overload"}]}
    refused = session.check(over)
    assert isinstance(refused, Refusal) and refused.rule == "E3.5"
    assert "armed overloaded" in refused.message
    assert session.check({"KRT": [{"box": "disruptor#A", "target": "ENT"}]}) is None


def test_overloaded_disruptor_fires_as_an_overload():
    session = fire_prompt([{"box": "disruptor#A", "action": "arm", "overload": True}])
    over = {"KRT": [{"box": "disruptor#A", "target": "ENT", "mode": "overload"}]}
    assert session.check(over) is None
    assert not isinstance(session.answer(over), Refusal)


def test_standard_photon_cannot_fire_as_an_overload():
    """ENT's photons are held standard loads (status 2): an overload mode is refused (E4.4)."""
    session = session_with(krt_hex="2216")
    answer_until(session, "T1.I8.fire.Federation", {
        "T1.ea.ENT": {"speed_plot": 0, "weapons": hold("A", "B", "C", "D")},
        "T1.ea.KRT": {"speed_plot": 0},
    })
    refused = session.check({"ENT": [{"box": "photon#A", "target": "KRT", "mode": "overload"}]})
    assert isinstance(refused, Refusal) and refused.rule == "E4.4"
    assert session.check({"ENT": [{"box": "photon#A", "target": "KRT"}]}) is None


# -- Session.check ---------------------------------------------------------------------------

def test_check_changes_nothing_and_agrees_with_answer():
    """check gives answer's verdict without logging, answering or moving the game on."""
    from sfb_desk.engine.codec import encode

    session = session_with()
    before = (len(session.log), session.pending, encode(session.state), encode(session.combat))
    bad = {"speed_plot": 2, "weapons": hold("A", "B", "C", "D"), "life_support": "none"}
    good = {"speed_plot": 2, "weapons": hold("A", "B", "C", "D")}
    refused = session.check(bad)
    assert isinstance(refused, Refusal) and "B3.3" in refused.rule
    assert session.check(good) is None
    assert (len(session.log), session.pending, encode(session.state),
            encode(session.combat)) == before
    assert session.answer(bad) == refused
    assert not isinstance(session.answer(good), Refusal)


def test_check_with_the_game_over_raises_not_ready():
    from sfb_desk.engine.session import NotReady

    session = session_with()
    session.pending = None  # as at the end of the game
    with pytest.raises(NotReady):
        session.check({})


def test_arming_now_follows_the_allocation():
    """arming_now: the photon held from status 2 is complete this turn; None once fired."""
    session = session_with(krt_hex="2216")
    answer_until(session, "T1.I8.fire.Federation", {
        "T1.ea.ENT": {"speed_plot": 0, "weapons": hold("A", "B", "C", "D")},
        "T1.ea.KRT": {"speed_plot": 0},
    })
    assert session.arming_now("ENT", "photon#A").complete
    session.answer({"ENT": [{"box": "photon#A", "target": "KRT"}]})
    answer_until(session, "T1.I9.fire.Federation", {"T1.I8.shot.ENT.photon#A.KRT": [6]})
    assert session.arming_now("ENT", "photon#A") is None
    assert session.arming_now("ENT", "photon#B").complete
