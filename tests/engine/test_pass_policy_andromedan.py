"""The pass policy and Module C2's Andromedan prompts: the panel orders (D10.25, D10.26,
D10.32) and the DisDev Declaration Step (G18.311) are asked only when the owner has a choice that
can matter this impulse; the switches (and "ask for everything") ask them always."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.data.scenarios import unit_keys
from sfb_desk.engine.orders.andromedan_options import side_can_displace, side_panels_can_matter
from sfb_desk.engine.orders.pass_policy import ASK_ALL, DEFAULT
from sfb_desk.engine.prompts import Orders
from sfb_desk.engine.session import Session
from sfb_desk.robot.duel import duel_scenario, unit_ids
from sfb_desk.robot.robot import Robot
from sfb_desk.robot.table_prompts import count_table_prompts
from sfb_desk.rules.energy.absorbers import PanelBank
from sfb_desk.rules.energy.panels import new_panels
from sfb_desk.rules.units import clock_of

CON, D7 = "AND-CON", "KLI-D7"


@pytest.fixture(scope="module")
def start():
    """AND-CON v KLI-D7 at range 15, walked by the robots to the first DisDev Declaration
    Step (turn 1 impulse 1: both devices armed, the D7's weapons charged)."""
    library = load_library()
    scenario = duel_scenario(CON, D7, 1, 15, library)
    ids = dict(zip(unit_keys(scenario), unit_ids(CON, D7)))
    setup = units_from_scenario(scenario, library, ids=ids, turns=1, dice_seed=0)
    session = Session(setup.state, setup.combat, setup.specs)
    robots = [Robot(side.name, "captain", 0) for side in scenario.sides]
    while getattr(session.pending, "kind", None) != "displacement":
        prompt = session.pending
        robot = next((r for r in robots if r.mine(prompt, session)), robots[0])
        session.answer(robot.decide(prompt, session), "robot")
    side = session.state.unit(CON).side
    return session.state, session.combat, session.specs, side


def _with(combat, uid, **changes):
    return replace(combat, ships=tuple(replace(r, **changes) if r.id == uid else r
                                       for r in combat.ships))


def _fc_off(combat, uid):
    """The ship's fire control off (D6.6): none of its weapons is ready."""
    record = combat.ship(uid)
    return _with(combat, uid, allocation=replace(record.allocation, fire_control="off"))


def _panels(specs, combat, **changes):
    return replace(new_panels(specs[combat.ship(CON).spec_id]), **changes)


def _prompt(kind, side):
    return Orders(f"T1.I1.{kind}.{side}", kind, "Andromedan orders", side=side, default={})


def test_d10_energy_held_with_room_passes_unless_fire_can_strike(start):
    """D10.24, D10.26, D10.424: 12 points in the forward bank (room left, the aft bank and the
    batteries could take a dump): with the D7 able to damage the CON, reinforcing or dumping is
    a real choice (asked); with the D7's fire control off, nothing can strike: passed."""
    state, combat, specs, side = start
    held = _panels(specs, combat)
    held = held.with_bank("pa_fwd", replace(held.bank("pa_fwd"), held=12))
    combat = _with(combat, CON, panels=held)
    assert side_panels_can_matter(state, combat, specs, side)
    assert not DEFAULT.passes(_prompt("panels", side), state, combat, specs)
    quiet = _fc_off(combat, D7)
    assert not side_panels_can_matter(state, quiet, specs, side)
    assert DEFAULT.passes(_prompt("panels", side), state, quiet, specs)
    assert not ASK_ALL.passes(_prompt("panels", side), state, quiet, specs)
    assert not replace(DEFAULT, skip_idle_panels=False).passes(_prompt("panels", side), state,
                                                               quiet, specs)


def test_d10_32_a_full_bank_is_asked_even_out_of_fire(start):
    state, combat, specs, side = start
    combat = _fc_off(combat, D7)
    panels = _panels(specs, combat)
    fwd = panels.bank("pa_fwd")
    full = panels.with_bank("pa_fwd", replace(fwd, held=fwd.capacity(panels.level)))
    assert side_panels_can_matter(state, _with(combat, CON, panels=full), specs, side)
    almost = panels.with_bank("pa_fwd", replace(fwd, held=fwd.capacity(panels.level) - 1))
    assert not side_panels_can_matter(state, _with(combat, CON, panels=almost), specs, side)


def test_d10_25_a_dropped_bank_is_asked_once_its_quarter_turn_is_over(start):
    state, combat, specs, side = start
    combat = _fc_off(combat, D7)
    now = clock_of(state.turn, state.impulse)
    panels = _panels(specs, combat, dropped=frozenset({"pa_aft"}))
    over = replace(panels, dropped_at=(("pa_aft", now - 8),))
    under = replace(panels, dropped_at=(("pa_aft", now - 7),))
    assert side_panels_can_matter(state, _with(combat, CON, panels=over), specs, side)
    assert not side_panels_can_matter(state, _with(combat, CON, panels=under), specs, side)


def test_g18_an_armed_device_with_the_enemy_in_range_is_asked(start):
    state, combat, specs, side = start
    assert combat.ship(CON).armed >= {"dd#C", "dd#D"}
    assert side_can_displace(state, combat, specs, side)
    assert not DEFAULT.passes(_prompt("displacement", side), state, combat, specs)


def test_g18_self_displacement_alone_passes(start):
    """G18.61: a device was used on the D7 less than 4 impulses ago, so the only legal use is
    on the CON itself (G18.51): passed by default, asked with the switch off."""
    state, combat, specs, side = start
    now = clock_of(state.turn, state.impulse)
    d7 = combat.ship(D7)
    spaced = _with(combat, D7, andro=replace(d7.andro, targeted_at=now - 3))
    assert not side_can_displace(state, spaced, specs, side)
    assert DEFAULT.passes(_prompt("displacement", side), state, spaced, specs)
    assert not replace(DEFAULT, skip_idle_displacement=False).passes(
        _prompt("displacement", side), state, spaced, specs)
    later = _with(combat, D7, andro=replace(d7.andro, targeted_at=now - 4))
    assert side_can_displace(state, later, specs, side)


def test_g18_13_no_armed_device_or_disrupted_fire_control_passes(start):
    state, combat, specs, side = start
    con = combat.ship(CON)
    assert not side_can_displace(state, _with(combat, CON, armed=frozenset()), specs, side)
    now = clock_of(state.turn, state.impulse)
    disrupted = _with(combat, CON, andro=replace(con.andro, fc_disrupted_until=now + 1))
    assert not side_can_displace(state, disrupted, specs, side)  # D6.68
    assert not side_can_displace(state, _fc_off(combat, CON), specs, side)  # D6.6


def test_the_duel_asks_the_panels_once_and_the_disdev_only_with_a_target():
    """Issue 12: AND-CON v KLI-D7, turn 1, from 123 questions (31 panel orders, 14 displacement)
    to 90 (1 and 11: the three impulses after the CON's first displacement of the D7 have only
    self-displacement, G18.61)."""
    count = count_table_prompts(CON, D7, turns=1)
    everything = count_table_prompts(CON, D7, turns=1, policy=replace(
        DEFAULT, skip_idle_panels=False, skip_idle_displacement=False))
    assert count.by_kind.get("panels", 0) <= 2 < everything.by_kind["panels"]
    assert count.by_kind["displacement"] < everything.by_kind["displacement"]
