"""The pass policy against real prompts of the scripted CA-vs-D7 duel: announcements, launches
when nothing can launch (F2, FD4), fire only when a ready weapon has a target in range and arc
that it could damage (E1.2, H6.3, D2, D1.4, D6.6), and passing defaults until an impulse."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import replace
from fractions import Fraction

import pytest

from sfb_desk.engine.prompts import DiceRequest, Orders
from sfb_desk.engine.orders.pass_policy import DEFAULT, NEVER, PassPolicy, unit_can_announce
from sfb_desk.rules.combat.weapons import direct_fire_weapon, max_range
from sfb_desk.rules.hexes import Hex, hex_range
from sfb_desk.rules.units import IMPULSES

from test_orders_helpers import duel, duel_at, duel_session

FIRE = replace(NEVER, fire_when_able=True)


def with_unit(state, uid, **changes):
    units = tuple(replace(u, **changes) if u.id == uid else u for u in state.units)
    return replace(state, units=units)


def with_record(combat, uid, **changes):
    ships = tuple(replace(r, **changes) if r.id == uid else r for r in combat.ships)
    return replace(combat, ships=ships)


@pytest.fixture(scope="module")
def fire_t1i8():
    return duel_at("T1.I8.fire.Federation")


def no_phasers(combat, uid):
    """``uid``'s phaser capacitor spent (H6.3): only its heavy weapons can fire."""
    record = combat.ship(uid)
    return with_record(combat, uid, capacitor_used=record.capacitor)


def test_a_frozen_picklable_value():
    policy = PassPolicy(True, True, True, 8, (2, 16))
    assert pickle.loads(pickle.dumps(policy)) == policy
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.skip_announcements = False  # type: ignore[misc]
    assert not NEVER.active and policy.active


def test_announcements_pass_only_when_skipped():
    s = duel_at("T1.I1.announce.Federation")
    assert s.pending.kind == "announce"
    assert not NEVER.passes(s.pending, s.state, s.combat, s.specs)
    assert PassPolicy(skip_announcements=True).passes(s.pending, s.state, s.combat, s.specs)
    assert not replace(NEVER, skip_idle_launches=True, fire_when_able=True).passes(
        s.pending, s.state, s.combat, s.specs)


def test_fire_at_range_10_with_photons_held_is_asked(fire_t1i8):
    s = fire_t1i8
    assert hex_range(s.state.find("ENT").hex, s.state.find("KRT").hex) == 10
    assert not FIRE.passes(s.pending, s.state, s.combat, s.specs)
    # photons alone (phasers' capacitor spent): held photons (E4.22) at 10 <= their range
    assert not FIRE.passes(s.pending, s.state, no_phasers(s.combat, "ENT"), s.specs)
    # nothing loaded and the capacitor spent: nothing can fire, the prompt passes
    empty = with_record(no_phasers(s.combat, "ENT"), "ENT", armed=frozenset())
    assert FIRE.passes(s.pending, s.state, empty, s.specs)
    assert not NEVER.passes(s.pending, s.state, empty, s.specs)


def test_fire_range_is_the_weapons_chart_range(fire_t1i8):
    """ENT's photons only: asked at the photon's maximum range, passed one hex beyond (E4)."""
    s = fire_t1i8
    combat = no_phasers(s.combat, "ENT")
    ent = s.state.find("ENT").hex
    limit = max_range(direct_fire_weapon("PHOTON"), "standard")
    for rng, passes in ((limit, False), (limit + 1, True)):
        krt = Hex(ent[0], ent[1] - rng)  # dead ahead of ENT (facing A), in the FA arc
        state = with_unit(s.state, "KRT", hex=krt)
        state = with_unit(state, "KD1", status="destroyed")
        assert hex_range(ent, krt) == rng
        assert FIRE.passes(s.pending, state, combat, s.specs) is passes


def test_fire_out_of_arc_passes(fire_t1i8):
    """ENT turned away (facing D): the FA photons do not bear (D2); with its capacitor spent,
    it cannot fire at KRT at all."""
    s = fire_t1i8
    state = with_unit(with_unit(s.state, "ENT", facing=3), "KD1", status="destroyed")
    combat = no_phasers(s.combat, "ENT")
    assert FIRE.passes(s.pending, state, combat, s.specs)
    assert not FIRE.passes(s.pending, with_unit(state, "ENT", facing=0), combat, s.specs)


def test_fire_control_off_passes(fire_t1i8):
    s = fire_t1i8
    record = s.combat.ship("ENT")
    off = with_record(s.combat, "ENT",
                      allocation=replace(record.allocation, fire_control="off"))
    assert FIRE.passes(s.pending, s.state, off, s.specs)  # D6.6


def test_fire_within_a_range(fire_t1i8):
    s = fire_t1i8
    rng = min(hex_range(s.state.find("ENT").hex, u.hex) for u in s.state.units
              if u.side != "Federation" and u.active)
    assert not replace(NEVER, fire_when_able=True, fire_max_range=rng).passes(
        s.pending, s.state, s.combat, s.specs)
    assert replace(NEVER, fire_when_able=True, fire_max_range=rng - 1).passes(
        s.pending, s.state, s.combat, s.specs)


def test_without_the_ship_classes_the_table_is_asked(fire_t1i8):
    s = fire_t1i8
    empty = with_record(no_phasers(s.combat, "ENT"), "ENT", armed=frozenset())
    assert FIRE.passes(s.pending, s.state, empty, s.specs) is True
    assert FIRE.passes(s.pending, s.state, empty) is False  # cannot tell: asked


def test_a_ship_without_record_is_asked(fire_t1i8):
    s = fire_t1i8
    combat = replace(s.combat, ships=tuple(r for r in s.combat.ships if r.id != "ENT"))
    assert FIRE.passes(s.pending, s.state, combat, s.specs) is False


def test_launches_pass_when_no_rack_can_launch():
    policy = replace(NEVER, skip_idle_launches=True)
    fed = duel_at("T1.I1.launch.Federation")
    assert policy.passes(fed.pending, fed.state, fed.combat, fed.specs)  # no racks (shuttles)
    kli = duel_at("T1.I1.launch.Klingon")
    assert not policy.passes(kli.pending, kli.state, kli.combat, kli.specs)
    racks = tuple(replace(r, loaded=()) for r in kli.combat.seeking.racks)
    empty = replace(kli.combat, seeking=replace(kli.combat.seeking, racks=racks))
    assert policy.passes(kli.pending, kli.state, empty, kli.specs)
    # both racks launched this turn: a type-F rack launches one drone a turn (FD4)
    spent = tuple(replace(r, launches=(1,)) for r in kli.combat.seeking.racks)
    used = replace(kli.combat, seeking=replace(kli.combat.seeking, racks=spent))
    state2 = replace(kli.state, impulse=2)
    assert policy.passes(kli.pending, state2, used, kli.specs)
    assert not NEVER.passes(kli.pending, kli.state, empty, kli.specs)


def test_pass_until_an_impulse():
    s = duel_at("T1.I5.fire.Federation")
    until = PassPolicy(until=(1, 8))
    assert until.passes(s.pending, s.state, s.combat, s.specs)
    assert not PassPolicy(until=(1, 5)).passes(s.pending, s.state, s.combat, s.specs)
    ea = Orders("T2.ea.ENT", "energy_allocation", "Energy allocation", unit="ENT")
    dice = DiceRequest("T1.I5.x", "a roll")
    for prompt in (ea, dice, None):  # no default: always asked
        assert not PassPolicy(until=(9, 1)).passes(prompt, s.state, s.combat, s.specs)


def test_the_duel_stops_for_fire_only_where_a_weapon_can_fire():
    """Turn 1 of the duel, no drone launched, with "fire within 8 hexes": the ships close
    from range 10 to 8 on impulse 16 (both move at speed 2, C1.4), so the Federation is asked
    from impulse 16 on and never before: exactly where a weapon can fire within 8."""
    policy = replace(NEVER, fire_when_able=True, fire_max_range=8)
    session = duel_session()
    script = duel.script()
    asked: list[int] = []
    ranges: dict[int, int] = {}
    while session.pending is not None and session.state.turn == 1:
        p, st = session.pending, session.state
        if isinstance(p, Orders) and p.kind in ("fire", "launches"):
            if p.kind == "fire" and p.side == "Federation":
                ranges[st.impulse] = hex_range(st.find("ENT").hex, st.find("KRT").hex)
                if not policy.passes(p, st, session.combat, session.specs):
                    asked.append(st.impulse)
            session.answer({})
            continue
        session.answer(*script.answer(p, session))
    assert sorted(ranges) == list(range(1, IMPULSES + 1))
    assert asked == [i for i, r in sorted(ranges.items()) if r <= 8]
    assert asked[0] == 16 and len(asked) == IMPULSES - 15


def test_the_default_asks_only_what_can_matter():
    assert DEFAULT == PassPolicy()
    assert DEFAULT.skip_idle_launches and DEFAULT.fire_when_able
    assert DEFAULT.skip_idle_announcements and DEFAULT.skip_self_destruct
    assert not DEFAULT.skip_announcements and DEFAULT.fire_max_range == 0


def test_idle_announcements_pass_unless_a_change_is_plotted_or_em_can_change():
    """C12.36: the duel's ships hold speed (no plotted change): the default passes the
    announcement; a plotted change next impulse, or EM paid for (C10.311), is asked."""
    s = duel_at("T1.I1.announce.Federation")
    ent = s.state.find("ENT")
    assert not unit_can_announce(ent, 1)
    assert DEFAULT.passes(s.pending, s.state, s.combat, s.specs)
    speed = ent.plot[0][1]
    plotted = with_unit(s.state, "ENT", plot=((1, speed), (2, speed + 1)))
    assert not DEFAULT.passes(s.pending, plotted, s.combat, s.specs)
    later = with_unit(s.state, "ENT", plot=((1, speed), (3, speed + 1)))
    assert DEFAULT.passes(s.pending, later, s.combat, s.specs)  # not the next impulse
    em = with_unit(s.state, "ENT", em=replace(ent.em, paid=True))
    assert not DEFAULT.passes(s.pending, em, s.combat, s.specs)
    stopped = with_unit(s.state, "ENT", em=replace(ent.em, paid=True, stopped_this_turn=True))
    assert DEFAULT.passes(s.pending, stopped, s.combat, s.specs)  # C10.32: no restart
    assert not replace(DEFAULT, skip_idle_announcements=False).passes(
        s.pending, s.state, s.combat, s.specs)


def test_self_destruction_passes_by_default():
    s = duel_at("T1.I1.announce.Federation")
    prompt = Orders("T2.self_destruct.Federation", "self_destruct", "Self-destruction",
                    side="Federation", rule="D5.5", default={})
    assert DEFAULT.passes(prompt, s.state, s.combat, s.specs)
    assert not NEVER.passes(prompt, s.state, s.combat, s.specs)


def test_tractors_pass_unless_a_unit_is_in_reach():
    """G7.4/G7.31: at range 10 nothing can be tractored; adjacent, the side is asked."""
    s = duel_at("T1.I8.fire.Federation")
    prompt = Orders("T1.I8.tractors.Federation", "tractors", "Tractor beams", side="Federation",
                    rule="G7.4", default={})
    assert DEFAULT.passes(prompt, s.state, s.combat, s.specs)
    assert not NEVER.passes(prompt, s.state, s.combat, s.specs)
    ent = s.state.find("ENT").hex
    near = with_unit(s.state, "KRT", hex=Hex(ent[0], ent[1] - 1))
    assert not DEFAULT.passes(prompt, near, s.combat, s.specs)
