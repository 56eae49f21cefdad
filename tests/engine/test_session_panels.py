"""Power absorber panels in the sequencer's damage path (D10; issue 17).

The D10.6 worked example (Module C2, the Conquistador of SH46) is replayed through
``Session._resolve_volley`` (the path every direct-fire, seeking and explosion volley takes) and
the record-keeping step ``Session._panels_end_of_turn``. Turns 1-3 and the first turn-4 volley
are exact fixtures; the later turns carry the example's own arithmetic slips (decisions.md,
Module C2, D10.6), checked here against the rule text: the second turn-4 volley leaves a
capacity of 31 (the example says 32) and the bank ends turn 4 at 15 (the example says 16).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cortez_game import cortez_session
from sfb_desk.data.library import load_library
from sfb_desk.engine.prompts import Choice, DiceRequest
from sfb_desk.rules.combat import Hit, VolleyGroup
from sfb_desk.rules.energy.absorbers import REINFORCED, STANDARD


@pytest.fixture(scope="module")
def library():
    return load_library()


def _session(library):
    return cortez_session(library)


def _drive(walk, reinforce=False):
    """Answer the damage path's prompts: the DAC rolls (all 8s), the reinforcement choice."""
    try:
        prompt = next(walk)
        for _ in range(200):  # a refused answer is asked again: never loop for ever
            if isinstance(prompt, DiceRequest):
                value = [8] * prompt.count
            elif isinstance(prompt, Choice):
                value = "reinforce" if reinforce and "reinforce" in prompt.options else (
                    prompt.default if prompt.default is not None else prompt.options[0])
            else:
                value = getattr(prompt, "default", None)
            prompt = walk.send(value)
        raise AssertionError(f"the damage path keeps asking {prompt}")
    except StopIteration as stop:
        return stop.value


def _volley(session, shield, **sources):
    hits = tuple(Hit("KRT", "CORTEZ", n, shield, None, source=src.replace("_", "#"))
                 for src, n in sources.items())
    _drive(session._resolve_volley(VolleyGroup("CORTEZ", hits[0].step, hits, shield)))


def _bank(session, key):
    return session.panels("CORTEZ").bank(key)


def test_d10_6_turns_1_to_4_through_the_damage_path(library):
    s = _session(library)
    # Turn 1: 15 on the forward arcs (9 disruptor, under the 12 threshold): 3 degradation,
    # capacity 33, 12 held.
    _volley(s, 1, disruptor_A=9, phaser_1=6)
    fwd = _bank(s, "pa_fwd")
    assert (fwd.capacity(STANDARD), fwd.held) == (33, 12)
    assert not s.state.unit("CORTEZ").destroyed
    s._panels_end_of_turn()  # transfer 1, dissipate 6: 5 held
    assert _bank(s, "pa_fwd").held == 5
    # Turn 2 impulse 6: 24 overloaded disruptor + 14 phaser; the 1 disruptor leak is a Hull
    # hit; 37 -> 7 degradation; the player reinforces (reserve power): capacity 50, 35 held.
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level=REINFORCED))
    _volley(s, 1, disruptor_A=24, phaser_1=14)
    fwd = _bank(s, "pa_fwd")
    assert (fwd.capacity(REINFORCED), fwd.held) == (50, 35)
    assert s.state.unit("CORTEZ").destroyed == {"forward_hull#1"}  # D10.333
    # Impulse 10: a 12-point drone on the rear bank: 2 degradation, capacity 38, 10 held.
    _volley(s, 4, drone_1=12)
    aft = _bank(s, "pa_aft")
    assert (aft.capacity(REINFORCED), aft.held) == (38, 10)
    # End of turn 2: front 35 -> 4 -> 6 = 25 with 2 capacity repaired (52); rear 10 -> 1 -> 4 = 5.
    state = s.panels("CORTEZ")
    s._panel_put("CORTEZ", state.with_bank("pa_fwd", state.bank("pa_fwd").repair(2)))
    s._panels_end_of_turn()
    assert (_bank(s, "pa_fwd").held, _bank(s, "pa_fwd").capacity(REINFORCED)) == (25, 52)
    assert _bank(s, "pa_aft").held == 5
    # Turn 3: disruptor 6 + 3 (one volley, 9 >= 8 on 4 boxes) + phaser 4 + 1: 1 leak (Hull),
    # 13 -> 3 degradation, capacity 35, 15 held.
    _volley(s, 4, disruptor_A=6, disruptor_B=3, phaser_1=4, phaser_2=1)
    aft = _bank(s, "pa_aft")
    assert (aft.capacity(REINFORCED), aft.held) == (35, 15)
    assert len(s.state.unit("CORTEZ").destroyed) == 2
    state = s.panels("CORTEZ")
    s._panel_put("CORTEZ", state.with_bank("pa_fwd", state.bank("pa_fwd").repair(2)))
    s._panels_end_of_turn()  # front 25 -> 3 -> 6 = 16 (capacity 54); rear 15 -> 2 -> 4 = 9
    assert (_bank(s, "pa_fwd").held, _bank(s, "pa_fwd").capacity(REINFORCED)) == (16, 54)
    assert _bank(s, "pa_aft").held == 9
    # Turn 4, first volley: 9 disruptor: 1 leak, 2 degradation (capacity 33), 15 held.
    _volley(s, 4, disruptor_A=9)
    assert (_bank(s, "pa_aft").capacity(REINFORCED), _bank(s, "pa_aft").held) == (33, 15)
    # Second volley, 6 + 3 disruptor: the rule text gives capacity 31 (the example: 32), 21 held.
    _volley(s, 4, disruptor_A=6, disruptor_B=3)
    assert (_bank(s, "pa_aft").capacity(REINFORCED), _bank(s, "pa_aft").held) == (31, 21)
    s._panels_end_of_turn()  # 21 -> 2 -> 4 = 15 (the example's 16 follows its capacity slip)
    assert _bank(s, "pa_aft").held == 15 and _bank(s, "pa_fwd").held == 8
    events = [r.data for r in s.log if r.kind == "event" and r.data.kind == "panels_leak"]
    assert len(events) == 4  # T2, T3 and both T4 volleys: one Hull hit each


def test_a_volley_that_overflows_goes_to_the_dac_and_the_panels_survive_a_save(library):
    s = _session(library)
    _volley(s, 1, phaser_1=50)  # 10 degradation, 36 -> capacity 26 ... 40 to store: 14 excess
    fwd = _bank(s, "pa_fwd")
    assert fwd.held == fwd.capacity(STANDARD) == 26
    volleys = [r.data for r in s.log if r.kind == "event" and r.data.kind == "volley"]
    assert volleys and volleys[-1].get("damage") == 14
    assert s.state.unit("CORTEZ").destroyed  # the DAC scored the 14
    from sfb_desk.engine.codec import decode, encode as enc
    from sfb_desk.engine.records import Combat
    again = decode(enc(s.combat), Combat, "combat")
    assert again.ship("CORTEZ").panels == s.combat.ship("CORTEZ").panels
