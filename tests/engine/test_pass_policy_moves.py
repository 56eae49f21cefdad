"""The pass policy and the movement prompt (C1.4, C3.2, C4.1, C6.2): a ship whose only legal
order is its scheduled straight move is moved without a question by default; the switch (and
"ask for everything") asks it; a move with a choice is always asked."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.orders.pass_policy import ASK_ALL, DEFAULT, is_forced_move
from sfb_desk.engine.prompts import Orders
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot
from sfb_desk.robot.table_prompts import count_table_prompts
from sfb_desk.rules.movement.core import legal_orders, turn_mode_now
from sfb_desk.rules.game_state import RuleOptions
from sfb_desk.rules.units import clock_of


def _move(options: tuple[str, ...], default: str = "straight") -> Orders:
    return Orders("T1.I5.move.X", "movement", "Movement of X", unit="X", options=options,
                  rule="C1.4", default=default)


def test_one_legal_order_passes_a_choice_is_asked():
    forced, free = _move(("straight",)), _move(("straight", "slip left", "slip right"))
    assert is_forced_move(forced) and not is_forced_move(free)
    state = _duel_until("T1.I2.move.KLI-D7")[0].state
    assert DEFAULT.passes(forced, state) and not DEFAULT.passes(free, state)
    assert not ASK_ALL.passes(forced, state)
    assert not replace(DEFAULT, skip_forced_moves=False).passes(forced, state)
    assert "one legal order" in DEFAULT.describe()


def _duel_until(key: str):
    library = load_library()
    scenario = duel_scenario("FED-CA", "KLI-D7", 1, 15, library)
    ids = dict(zip(unit_keys(scenario), unit_ids("FED-CA", "KLI-D7")))
    setup = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=0)
    session = Session(setup.state, setup.combat, setup.specs)
    robots = [Robot(side.name, "captain", 0) for side in scenario.sides]
    while session.pending is not None and session.pending.key != key:
        prompt = session.pending
        if DEFAULT.passes(prompt, session.state, session.combat, session.specs):
            session.answer(prompt.default, "pass-policy")
            continue
        robot = next((r for r in robots if r.mine(prompt, session)), robots[0])
        session.answer(robot.decide(prompt, session), "robot")
    return session, robots


def test_after_a_sideslip_with_the_turn_mode_unmet_the_move_is_forced():
    """C4.1: after a slip the ship moves a hex straight before it slips again; C3.2: it turns
    only after its turn mode's hexes straight. The duel's D7 slips on impulse 21 and, its turn
    mode not yet met, has only the straight move on impulse 23: not a question."""
    session, _ = _duel_until("T1.I23.move.KLI-D7")
    prompt = session.pending
    d7 = session.state.find("KLI-D7")
    assert d7.since_slip == 0 and d7.straight < turn_mode_now(d7, RuleOptions())
    assert prompt.options == ("straight",)
    assert DEFAULT.passes(prompt, session.state, session.combat, session.specs)
    # one hex later the slip is legal again (C4.1): a choice, asked
    moved = replace(d7, since_slip=1, straight=d7.straight + 1)
    clock = clock_of(1, 24)
    assert "slip left" in legal_orders(moved, 24, clock, RuleOptions())


def test_a_high_energy_turn_makes_it_a_choice():
    """C6.2: a ship that may make an HET has a choice even when C3.2/C4.1 force the hex."""
    session, _ = _duel_until("T1.I23.move.KLI-D7")
    prompt = session.pending
    with_het = replace(prompt, options=prompt.options + ("het",))
    assert not DEFAULT.passes(with_het, session.state, session.combat, session.specs)


def test_the_count_asks_no_forced_move():
    """The duel's count: the two forced moves (impulses 23 and 29 of the D7) are passed; asked
    again with the switch off."""
    library = load_library()
    on = count_table_prompts("FED-CA", "KLI-D7", turns=1, library=library)
    off = count_table_prompts("FED-CA", "KLI-D7", turns=1, library=library,
                              policy=replace(DEFAULT, skip_forced_moves=False))
    assert off.by_kind["movement"] - on.by_kind["movement"] == 2
    assert on.prompts == off.prompts - 2
