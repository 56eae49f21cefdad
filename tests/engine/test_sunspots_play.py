"""P11.2 in play: no transporters (raids, boarding, transporter bombs) and no tractor beams in
sunspot activity, or on a turn an ion storm's roll gives P11.2 (P14.3); the pass policy does
not ask for them then."""

from __future__ import annotations

from dataclasses import replace

from sfb_desk.engine.answers import At
from sfb_desk.engine.orders.pass_policy import side_can_board, side_can_tract
from sfb_desk.engine.session import Session
from sfb_desk.rules.systems.battlefield import BattlefieldState, sunspots_stop_equipment
from sfb_desk.rules.systems.terrain import Feature, TerrainMap
from sfb_desk.rules.hexes import hex_from_label

from test_session_marines import EA, _setup, _walk

H = hex_from_label
RAID = {"ENT": {"drop": [1], "raids": [{"target": "KRT", "box": "disruptor#A"}]}}


def with_terrain(session, *features, turns=2):
    combat = session.combat
    field = BattlefieldState(TerrainMap(tuple(features)))
    return Session(session.initial, replace(combat, battlefield=field), session.specs)


def storm():
    return Feature("ion_storm", frozenset(), motion=(0, 1))


def test_p11_21_no_transporters_in_sunspots_but_shields_still_drop():
    session = with_terrain(_setup(krt_shield_1=0), Feature("sunspots", frozenset()))
    _walk(session, EA, until="T1.I1.marines.Federation")
    refusal = session.check(RAID)
    assert refusal.rule == "P11.21" and "ENT cannot use its transporters" in refusal.message
    assert "sunspot activity" in refusal.message
    board = {"ENT": {"drop": [1], "board": [{"target": "KRT", "parties": 1}]}}
    assert session.check(board).rule == "P11.21"
    assert session.check({"ENT": {"tbombs": [{"hex": "2217"}]}}).rule == "P11.21"
    assert session.check({"ENT": {"drop": [1]}}) is None  # shields are not transporters
    assert not side_can_board(session.state, session.combat, "Federation")


def test_p11_2_sunspots_given_by_hexes_act_only_there():
    spots = Feature("sunspots", frozenset({H("3010")}))
    field = BattlefieldState(TerrainMap((spots,)))
    assert sunspots_stop_equipment(field, H("3010"))
    assert not sunspots_stop_equipment(field, H("2219"), H("2220"))
    session = with_terrain(_setup(krt_shield_1=0), spots)
    _walk(session, EA, until="T1.I1.marines.Federation")
    assert session.check(RAID) is None
    assert side_can_board(session.state, session.combat, "Federation")


def test_p14_3_an_ion_storm_stops_transporters_only_on_a_p11_2_turn():
    for roll, stopped in (([3], False), ([2], True), ([5], True)):
        session = with_terrain(_setup(krt_shield_1=0), storm())
        answers = [*EA, At("T1.storm.sunspots.ion_storm", roll)]
        _walk(session, answers, until="T1.I1.marines.Federation")
        refusal = session.check(RAID)
        assert (refusal is not None and refusal.rule == "P11.21") == stopped, roll
        if stopped:
            assert "an ion storm's sunspot effects this turn (P14.3)" in refusal.message


def test_p11_22_a_tractor_link_breaks_on_an_ion_storms_p11_2_turn_and_none_is_offered():
    session = with_terrain(_setup(krt_shield_1=5), storm())
    ea = [At("T1.ea.ENT", {"speed_plot": 0, "tractors": 2}), At("T1.ea.KRT", {"speed_plot": 0}),
          At("T2.ea.ENT", {"speed_plot": 0, "tractors": 2}), At("T2.ea.KRT", {"speed_plot": 0})]
    answers = [*ea, At("T1.storm.sunspots.ion_storm", [3]), At("T2.storm.sunspots.ion_storm", [2])]
    _walk(session, answers, until="T1.I1.tractors.Federation")
    assert side_can_tract(session.state, session.combat, "Federation")
    link = {"ENT": {"link": [{"box": "tractor#1", "target": "KRT", "power": 1}]}}
    assert session.check(link) is None
    session.answer(link, "test")
    _walk(session, answers, until="T2.I1.tractors")
    released = [r for r in session.log if r.kind == "event" and r.data.kind == "tractor_released"]
    assert [(r.turn, r.data.rule) for r in released] == [(2, "P11.22")]
    assert not [r for r in session.log if r.kind == "prompt" and r.key.startswith("T2.")
                and ".tractors.Federation" in r.key]
    refusal = session._equipment_refusal("ENT", "KRT", "tractors")
    assert refusal.rule == "P11.22" and "tractor beam" in refusal.message
    assert not side_can_tract(session.state, session.combat, "Federation")
