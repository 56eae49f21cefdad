"""Power absorber extras in the sequencer (Module C2, D10): panel boxes destroyed by the DAC's
Drone hits (D10.51) with their energy released (D10.421, D10.424), the level of the energy
allocation (D10.21-D10.23) and no dissipation in the hangar (G19.24).

The D10.6 example's turn 5: the Conquistador's forward bank, full after the 58-point volley
(capacity 43 at reinforced), loses a box with a capacity of 7 to the 12-point volley that
penetrated it; the 7 released points go to the rear bank (the text says it then holds 28; the
rules' arithmetic carried from turn 4 gives 15 + 7 = 22: decisions.md, Module C2, D10.6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cortez_game import cortez_session
from sfb_desk.data.game_setup import units_from_scenario
from sfb_desk.data.library import load_library
from sfb_desk.engine.prompts import Choice, DiceRequest
from sfb_desk.engine.session import Session
from sfb_desk.rules.combat import Hit, VolleyGroup
from sfb_desk.rules.energy.absorbers import REINFORCED, PanelBank
from sfb_desk.rules.energy.panels import PanelState


@pytest.fixture(scope="module")
def library():
    return load_library()


def _session(library):
    return cortez_session(library)


def _drive(walk, first_rolls=(), choose=None):
    """Answer the damage path: DAC rolls ``first_rolls`` then 8s; each Choice by ``choose``
    (the prompt's default when it returns None). Returns the prompts seen."""
    seen, rolls = [], list(first_rolls)
    try:
        prompt = next(walk)
        for _ in range(200):
            seen.append(prompt)
            if isinstance(prompt, DiceRequest):
                value = [rolls.pop(0) if rolls else 8 for _ in range(prompt.count)]
            elif isinstance(prompt, Choice):
                value = (choose(prompt) if choose else None) or prompt.default
            else:
                value = getattr(prompt, "default", None)
            prompt = walk.send(value)
        raise AssertionError(f"the damage path keeps asking {prompt}")
    except StopIteration:
        return seen


def _turn_5(library):
    """The Conquistador at the start of D10.6 turn 5 (rules arithmetic): forward bank capacity
    54 at reinforced (6 degradation) holding 8; rear bank 31 (9 degradation) holding 15."""
    s = _session(library)
    state = s.panels("CORTEZ")
    state = replace(state, level=REINFORCED, banks=(PanelBank((1,) * 6, 8),
                                                    PanelBank((3, 2, 2, 2), 15)))
    s._panel_put("CORTEZ", state)
    return s


def _volley(session, shield, **sources):
    hits = tuple(Hit("KRT", "CORTEZ", n, shield, None, source=src.replace("_", "#"))
                 for src, n in sources.items())
    return VolleyGroup("CORTEZ", hits[0].step, hits, shield)


def test_d10_6_turn_5_a_drone_hit_destroys_a_forward_box_and_its_energy_moves_aft(library):
    s = _turn_5(library)
    # 58 points on the forward arcs: 40 disruptor (18 + 16 + 6), 18 phaser (8 + 5 + 5).
    group = _volley(s, 1, disruptor_A=40, phaser_1=18)
    seen = _drive(s._resolve_volley(group), first_rolls=(3,))  # roll 3: column A, Drone
    fwd, aft = s.panels("CORTEZ").banks
    dac = [p for p in seen if isinstance(p, DiceRequest)]
    assert dac[0].count == 12  # 11 excess + 1 disruptor leak, one volley (D10.33)
    pick = [p for p in seen if isinstance(p, Choice) and p.rule == "D10.51"]
    assert len(pick) == 1 and pick[0].options == tuple(f"pa_fwd#{n}" for n in range(1, 7))
    assert "PA panels forward 1 (7)" in pick[0].purpose and pick[0].default == "pa_fwd#1"
    lost = s.state.unit("CORTEZ").destroyed
    assert {b for b in lost if b.startswith("pa_")} == {"pa_fwd#1"}
    # Five boxes left, capacity 36 (7+7+7+7+8 - 7 lost), full; 7 released to the rear bank.
    assert fwd.boxes == 5 and fwd.capacity(REINFORCED) == 36 and fwd.held == 36
    assert aft.held == 22  # the text's 28 carries its earlier slips (decisions.md D10.6)
    events = [r.data for r in s.log if r.kind == "event" and r.data.kind == "panel_box_destroyed"]
    assert events and events[0].get("released") == 7 and events[0].get("internal") == 0


def test_a_hit_through_the_aft_bank_takes_an_aft_box(library):
    s = _turn_5(library)
    # 40 on the aft arcs: 20 disruptor (leak), 19 stored... the rear bank overflows.
    group = _volley(s, 4, disruptor_A=20, phaser_5=30)
    _drive(s._resolve_volley(group), first_rolls=(3,))
    lost = {b for b in s.state.unit("CORTEZ").destroyed if b.startswith("pa_")}
    assert lost and all(b.startswith("pa_aft#") for b in lost)
    assert s.panels("CORTEZ").bank("pa_aft").boxes == 3


def test_released_energy_nothing_takes_up_is_internal_damage(library):
    s = _turn_5(library)
    full = replace(s.panels("CORTEZ"), banks=(PanelBank((1,) * 6, 54), PanelBank((3, 2, 2, 2), 31)))
    s._panel_put("CORTEZ", replace(full, battery=10 ** 6))  # no battery room either
    before = s.combat.ship("CORTEZ").internal_points
    seen = _drive(s._resolve_volley(_volley(s, 1, phaser_1=10)), first_rolls=(3,),
                  choose=lambda p: "pa_fwd#2" if p.rule == "D10.51" else None)
    events = [r.data for r in s.log if r.kind == "event" and r.data.kind == "panel_box_destroyed"]
    # The 10 points degrade the bank by 2 (to 52, holding 54: 2 released, D10.324) and none is
    # stored: 8 excess + 2 released are the DAC's 10. Box pa_fwd#2, degraded to 8 at reinforced,
    # goes: its 8 points are released and, with nowhere to go, are 8 more internal points.
    assert events[0].get("box") == "pa_fwd#2" and events[0].get("internal") == 8
    dac = [p for p in seen if isinstance(p, DiceRequest)]
    assert [p.count for p in dac] == [10, 8]  # the released 8: a separate volley (D10.424)
    assert s.combat.ship("CORTEZ").internal_points == before + 18


def test_d10_21_the_chart_prices_every_reconstructed_class(library):
    from sfb_desk.rules.energy.ledger import pa_cost

    costs = {sid: (pa_cost(library.get(sid), "standard"), pa_cost(library.get(sid), "reinforced"))
             for sid in ("AND-DOM", "AND-INT", "AND-CON", "AND-PYT", "AND-MAM", "AND-COB",
                         "AND-TER", "AND-EEL", "AND-VIP", "AND-COU")}
    assert costs == {"AND-DOM": (10, 18), "AND-INT": (6, 10), "AND-CON": (5, 8),
                     "AND-PYT": (5, 8), "AND-MAM": (5, 8), "AND-COB": (4, 6), "AND-TER": (4, 6),
                     "AND-EEL": (4, 6), "AND-VIP": (3, 4), "AND-COU": (3, 4)}
    assert pa_cost(library.get("KLI-D7"), "standard") is None
    from sfb_desk.rules.energy import initial_state, template

    con = library.get("AND-CON")
    form = template(con, initial_state(con))
    assert (form.pa_level, form.shields) == ("standard", "off")  # D10.1: panels, no shields


def test_the_allocation_sets_the_level_and_a_release_into_the_hull_is_refused(library):
    s = _session(library)
    # Panels holding 30 at reinforced: standard holds 36, so lowering the level is allowed;
    # "off" would release all 30 with nowhere to go (battery room used up): D10.423.
    state = replace(s.panels("CORTEZ"), level=REINFORCED, banks=(PanelBank((0,) * 6, 30),
                                                                 PanelBank((0,) * 4, 0)))
    s._panel_put("CORTEZ", replace(state, battery=10 ** 6))
    refusal = s._panel_level_refusal("CORTEZ", "off")
    assert refusal is not None and refusal.rule == "D10.423"
    assert s._panel_level_refusal("CORTEZ", "standard") is None
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level_since=(1, 30)))
    s._turn = 2  # two impulses after the change: D10.261 holds the level 8 impulses
    assert s._panel_level_refusal("CORTEZ", "standard").rule == "D10.261"
    assert s._panel_level_refusal("CORTEZ", "reinforced") is None


def test_unpowered_panels_absorb_nothing(library):
    s = _session(library)
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level="off"))  # D10.23
    seen = _drive(s._resolve_volley(_volley(s, 1, phaser_1=6)))
    assert [p.count for p in seen if isinstance(p, DiceRequest)] == [6]
    assert s.panels("CORTEZ").bank("pa_fwd").held == 0


def test_g19_24_no_dissipation_in_the_hangar(library):
    from sfb_desk.data.sat_ship_setup import embark_standard_groups
    from sfb_desk.robot.duel import duel_scenario

    scenario = duel_scenario("AND-CON", "KLI-D7", turns=1, library=library)
    game = embark_standard_groups(units_from_scenario(scenario, library), library)
    s = Session(game.state, game.combat, game.specs)
    cobra = replace(s.panels("AND-COB"), banks=(PanelBank((0,) * 4, 9), PanelBank((0,) * 3, 4)))
    s._panel_put("AND-COB", cobra)
    s._panels_end_of_turn()
    assert [b.held for b in s.panels("AND-COB").banks] == [9, 4]  # aboard: kept (G19.24)
    s._put(replace(s.state.unit("AND-COB"), status="active"))
    s._panels_end_of_turn()  # launched: transfer then one a box (D10.411, D10.412)
    assert [b.held for b in s.panels("AND-COB").banks] == [9 - 1 - 4, 4 - 1 - 3]


def _orders(s, value):
    """The panel-orders step answered with ``value`` for CORTEZ: its refusal, or None."""
    from sfb_desk.engine.steps import STEPS_BY_ID

    walk = s._panel_orders(STEPS_BY_ID["6B7-panels"])
    prompt = next(walk)
    assert prompt.kind == "panels" and prompt.side == s.state.unit("CORTEZ").side
    s._refusal = None
    try:
        again = walk.send({"CORTEZ": value})
    except StopIteration:
        return None
    assert again is prompt and s._refusal is not None  # refused: asked again
    return s._refusal


def test_d10_25_dropping_a_bank_moves_its_energy_and_keeps_it_down_a_quarter_turn(library):
    s = _session(library)
    s._turn, s._impulse = 2, 6
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), banks=(PanelBank((0,) * 6, 5),
                                                              PanelBank((0,) * 4, 12))))
    assert _orders(s, {"drop": ["pa_aft"]}) is None
    state = s.panels("CORTEZ")
    assert state.dropped == {"pa_aft"} and [b.held for b in state.banks] == [17, 0]  # D10.424
    s._impulse = 13  # seven impulses later: still down (D10.25)
    assert _orders(s, {"raise": ["pa_aft"]}).rule == "D10.25"
    s._impulse = 14
    assert _orders(s, {"raise": ["pa_aft"]}) is None
    assert s.panels("CORTEZ").dropped == frozenset()


def test_d10_423_a_voluntary_release_into_the_hull_is_refused(library):
    s = _session(library)
    s._turn, s._impulse = 2, 6
    full = replace(s.panels("CORTEZ"), banks=(PanelBank((0,) * 6, 36), PanelBank((0,) * 4, 20)),
                   battery=10 ** 6)
    s._panel_put("CORTEZ", full)
    assert _orders(s, {"drop": ["pa_aft"]}).rule == "D10.423"  # 20 points, no room anywhere
    assert _orders(s, {"level": "off"}).rule == "D10.423"
    assert _orders(s, {"drop": ["pa_zz"]}).rule == "D10.25"
    assert s.panels("CORTEZ") == full  # nothing changed


def test_d10_26_lowering_the_level_and_the_8_impulse_hold(library):
    s = _session(library)
    s._turn, s._impulse = 2, 8
    s._panel_put("CORTEZ", replace(s.panels("CORTEZ"), level=REINFORCED, level_since=(2, 4),
                                   banks=(PanelBank((0,) * 6, 40), PanelBank((0,) * 4, 0))))
    assert _orders(s, {"level": "standard"}).rule == "D10.261"  # reinforced on impulse 4
    s._impulse = 12
    assert _orders(s, {"level": "standard"}) is None
    state = s.panels("CORTEZ")
    # Standard holds 36 forward: 4 released go aft (D10.422, D10.424).
    assert state.level == "standard" and [b.held for b in state.banks] == [36, 4]
    assert state.level_since == (2, 12)
