"""Volleys end to end: hits, grouping (D4.22), shields, the DAC (sfb_desk.rules.combat.volley).

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002. DAC rows used: row 2 column A is
Bridge* (bold), row 4 column A Phaser*, row 6 column A F Hull (rules/charts/dac.py).
"""

from __future__ import annotations

import pytest

from sfb_desk.data.library import load_library
from sfb_desk.rules.charts.heavy_weapons import photon_hit
from sfb_desk.rules.charts.phasers import phaser_damage
from sfb_desk.rules.combat import (
    CombatOptions,
    CombatTarget,
    Hit,
    Reinforcement,
    ShieldState,
    ShotOrder,
    fire_volley,
    group_volleys,
    hits_from,
    resolve_shot,
    resolve_volley,
    set_reinforcement,
    situation,
    volley_steps,
)
from sfb_desk.rules.combat.options import VOLLEY_BY_FIRER
from sfb_desk.rules.combat.volley import (
    DIRECT_FIRE_STEP,
    HELLBORE_FIRST,
    PPD_STEP,
    bearing_phasers,
    sync_shield_marks,
)
from sfb_desk.rules.damage import ChoiceNeeded, RollsNeeded
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.ship import ShipSpec, Weapon


def small_ship() -> ShipSpec:
    """Shields of 5, two bridge boxes, four forward hull, two phasers (FA and RA) and excess."""
    return ShipSpec(
        id="TEST-SMALL", race="GEN", race_name="test", class_code="S", name="small",
        systems=(("bridge", 2), ("forward_hull", 4), ("aft_hull", 2)),
        weapons=(Weapon("1", "PH-1", "phaser", ("FA",)), Weapon("2", "PH-1", "phaser", ("RA",))),
        shields=(5, 5, 5, 5, 5, 5), excess_damage=4, crew_units=20, boarding_parties=4,
    )


def hit(firer="A", target="T", damage=5, shield=1, **kw) -> Hit:
    return Hit(firer, target, damage, shield, **kw)


@pytest.fixture(scope="module")
def library():
    return load_library()


# --- grouping --------------------------------------------------------------------------------


def test_three_ships_on_one_shield_in_one_impulse_are_one_volley():
    """S2 L147 (D10.12 note): "each panel bank ... counts as one 'shield' for purposes of
    volley definitions (D4.22)"; fire from three different ships on it in one impulse "would
    all be counted as a single volley for all purposes"; S2 L366 likewise."""
    groups = group_volleys([hit("A"), hit("B"), hit("C")])
    assert len(groups) == 1 and groups[0].damage == 15 and groups[0].shield == 1


def test_different_shields_targets_and_steps_are_different_volleys():
    """The 6D2 steps are separate (S2 L656-670; E11.332 at S2 L690: PPD volleys are resolved
    before hellbores and other direct fire)."""
    hits = [hit(shield=2), hit(shield=1), hit(target="U"), hit(step=PPD_STEP),
            hit(step=HELLBORE_FIRST, shield=None, enveloping="hellbore")]
    groups = group_volleys(hits)
    assert [(g.step, g.target, g.shield, g.enveloping) for g in groups] == [
        (PPD_STEP, "T", 1, False), (HELLBORE_FIRST, "T", None, True),
        (DIRECT_FIRE_STEP, "T", 2, False), (DIRECT_FIRE_STEP, "T", 1, False),
        (DIRECT_FIRE_STEP, "U", 1, False),
    ]


def test_firer_grouping_option_and_feedback_is_its_own_volley():
    hits = [hit("A"), hit("B"), hit("A", target="A", damage=4, feedback=True)]
    assert len(group_volleys(hits)) == 2
    by_firer = group_volleys(hits, CombatOptions(volley_grouping=VOLLEY_BY_FIRER))
    assert [(g.target, len(g.hits), g.feedback) for g in by_firer] == [("T", 1, False), ("T", 1, False), ("A", 1, True)]
    with pytest.raises(ValueError):
        group_volleys([hit(step="lunch")])


def test_one_volley_scores_a_bold_entry_once():
    """D4.31 through the volley path: two firers' internals on one shield in one impulse are
    one DAC volley, so Bridge* (row 2) is scored once; grouped per firer, twice."""
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    hits = [hit("A", damage=6), hit("B", damage=1)]  # 5 boxes, then 2 internal points
    [one] = group_volleys(hits)
    outcome = resolve_volley(target, one, [2, 2])
    assert [e.box for e in outcome.dac.events] == ["bridge#1", "aft_hull#1"]  # A Hull*, column E
    first, second = group_volleys(hits, CombatOptions(volley_grouping=VOLLEY_BY_FIRER))
    a = resolve_volley(target, first, [2])
    b = resolve_volley(a.target, second, [2])
    assert [e.box for e in (*a.dac.events, *b.dac.events)] == ["bridge#1", "bridge#2"]


# --- direction of phaser hits ------------------------------------------------------------------


def test_direct_fire_phaser_hits_only_phasers_that_can_fire_at_the_firer(library):
    """S2 L157 (D10.151): "In the case of direct-fire weapons, the phaser must be capable of
    firing at the unit which scored the damage". The D7's phasers able to fire dead ahead:
    #1-#3 (FX), #4 (LF), #5 (RF)."""
    d7 = library.get("KLI-D7")
    assert bearing_phasers(d7, [1]) == frozenset(f"phaser#{n}" for n in range(1, 6))
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    from_astern = group_volleys([hit(damage=6, from_bearing=13)])[0]
    outcome = resolve_volley(target, from_astern, [4])  # row 4 A: Phaser*
    assert [e.box for e in outcome.dac.events] == ["phaser#2"]  # the RA phaser, not the FA one
    from_ahead = group_volleys([hit(damage=6, from_bearing=1)])[0]
    assert [e.box for e in resolve_volley(target, from_ahead, [4]).dac.events] == ["phaser#1"]


# --- end to end -------------------------------------------------------------------------------


def test_fed_ca_alpha_strike_on_a_d7_front_shield(library):
    """The scripted duel's first exchange: the CA in 2215 facing A fires six phaser-1s and
    four photons at range 4 at a D7 in 2211 facing D; damage per shot from the charts, 30
    boxes of the #1 shield, the rest through to the DAC (one roll a point)."""
    ca, d7 = library.get("FED-CA"), library.get("KLI-D7")
    target = CombatTarget.fresh("d7", d7)
    where = situation(hex_from_label("2215"), 0, hex_from_label("2211"), 3, clock=5)
    rolls = [1, 2, 3, 4, 5, 6, 1, 2, 3, 6]
    shots = [(ShotOrder(w), r) for w, r in zip(ca.weapons, rolls, strict=True)]
    expected = sum(phaser_damage("ph-1", r, 4) for r in rolls[:6]) + sum(
        photon_hit(4, r).damage for r in rolls[6:])
    assert expected == 5 + 5 + 4 + 4 + 3 + 2 + 8 + 8 + 8 + 0
    out = fire_volley("ca", target, where, shots, [6] * 40)
    assert out.refusal is None and len(out.volleys) == 1
    [volley] = out.volleys
    assert (volley.group.damage, volley.internal) == (expected, expected - 30)
    assert len(volley.dac.events) == expected - 30 and volley.complete
    assert out.target.shields.boxes == (0, 22, 15, 13, 15, 22)
    assert {f"shield1#{n}" for n in range(1, 31)} <= out.target.damage.destroyed
    assert out.history.shots[0] == ("phaser#1", 5)
    assert out.feedback == ()


def test_general_reinforcement_and_reserve_reduce_the_internals(library):
    d7 = library.get("KLI-D7")
    target = CombatTarget.fresh("d7", d7)
    target = CombatTarget("d7", d7, set_reinforcement(target.shields, 5, (0,) * 6), target.damage)
    [group] = group_volleys([hit(target="d7", damage=40)])
    plain = resolve_volley(target, group, [6] * 20)
    assert plain.internal == 5  # 40 - 5 general - 30 boxes
    braced = resolve_volley(target, group, [6] * 20, reserve=Reinforcement(specific=3))
    assert braced.internal == 2 and braced.events[0].kind == "reserve_reinforcement"
    refused = resolve_volley(target, group, [6] * 20, reserve=Reinforcement(specific=-1))
    assert isinstance(refused, Refusal) and refused.rule == "H7.134"


def test_overload_feedback_goes_to_the_firers_facing_shield():
    """E4.431 (reference G7): an overloaded photon hit at range 0-1 feeds 4 back to the
    firer's own facing shield; it is a volley on the firer."""
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    where = situation(hex_from_label("1010"), 0, hex_from_label("1009"), 3)
    photon = Weapon("A", "PHOTON", "photon", ("FA",))
    out = fire_volley("F", target, where, [(ShotOrder(photon, "overload"), 6)], [6] * 20)
    assert out.feedback == (Hit("F", "F", 4, 1, None, DIRECT_FIRE_STEP, "photon#A", None, True),)
    [fb] = group_volleys(out.feedback)
    firer = CombatTarget.fresh("F", ship)
    fed_back = resolve_volley(firer, fb, [])
    assert fed_back.target.shields.boxes[0] == 1 and fed_back.internal == 0


def test_hellbore_envelops_through_fire_volley():
    """E10.4 (reference G7): a hellbore's damage strikes every shield; the weakest (#4 at 2)
    takes a part of its own and lets damage through; the internal points go to the DAC with
    the shields that leaked (D10.153)."""
    ship = small_ship()
    shields = ShieldState(boxes=(5, 5, 5, 2, 5, 5), printed=(5,) * 6)
    target = CombatTarget("T", ship, shields)
    where = situation(hex_from_label("1010"), 0, hex_from_label("1007"), 0)
    hellbore = Weapon("A", "HELLBORE", "hellbore", ("FA",))
    out = fire_volley("H", target, where, [(ShotOrder(hellbore), 2)], [6] * 30)  # range 3: 15
    [volley] = out.volleys
    assert volley.group.enveloping and volley.group.damage == 15
    # #4 takes 15 // 2 = 7 (2 boxes, 5 through); the others share 8: 2,2,2,1,1 (owner default)
    assert volley.phase.shields.boxes == (3, 3, 3, 0, 4, 4)
    assert (volley.internal, volley.phase.penetrated) == (5, (4,))


def test_boundary_shot_needs_the_choice_before_anything_is_resolved():
    """D3.43: a shot along a spine strikes the shield the target's owner picks."""
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    where = situation(hex_from_label("2314"), 0, hex_from_label("2215"), 0)  # the 1/2 spine of 2215
    assert where.target_shield.shields == (1, 2)
    ph = Weapon("1", "PH-1", "phaser", ("360",))
    out = fire_volley("A", target, where, [(ShotOrder(ph), 1)], [6] * 10)
    assert out.refusal is not None and out.refusal.rule == "D3.43" and out.target is target
    chosen = fire_volley("A", target, where, [(ShotOrder(ph), 1)], [6] * 10, shield_choice=2)
    assert chosen.volleys[0].group.shield == 2
    result = resolve_shot(ShotOrder(ph), where, 1)
    assert hits_from(result, "A", "T", where, shield_choice=2)[0].shield == 2


def test_volley_steps_prompts_for_missing_rolls():
    """Every die is a prompt: with no rolls given the DAC asks for them (D4.21)."""
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    [group] = group_volleys([hit(damage=8)])
    steps = volley_steps(target, group)
    prompt = next(steps)
    assert isinstance(prompt, RollsNeeded) and prompt.missing == 3
    with pytest.raises(StopIteration) as done:
        steps.send([6, 6, 6])
    outcome = done.value.value
    assert [e.box for e in outcome.dac.events] == ["forward_hull#1", "forward_hull#2", "forward_hull#3"]


def test_owner_choice_prompts_come_through():
    """A Phaser hit with two phasers that bear asks the owner (D4.3221)."""
    ship = small_ship()
    target = CombatTarget.fresh("T", ship)
    [group] = group_volleys([hit(damage=6)])  # no bearing known: D4.321 by shield #1
    seen: list[ChoiceNeeded] = []
    outcome = resolve_volley(target, group, [4], chooser=lambda p: seen.append(p) or None)
    assert seen == [] and [e.box for e in outcome.dac.events] == ["phaser#1"]  # only FA bears on #1


def test_sync_shield_marks_marks_and_clears():
    ship = small_ship()
    shields = ShieldState(boxes=(3, 5, 5, 5, 5, 5), printed=(5,) * 6)
    marked = sync_shield_marks(CombatTarget.fresh("T", ship).damage, ship, shields)
    assert {b for b in marked.destroyed if b.startswith("shield")} == {"shield1#4", "shield1#5"}
    cleared = sync_shield_marks(marked, ship, ShieldState.fresh((5,) * 6))
    assert cleared.destroyed == frozenset()


def test_volley_for_another_target_is_a_programming_error():
    ship = small_ship()
    [group] = group_volleys([hit(target="U")])
    with pytest.raises(ValueError):
        resolve_volley(CombatTarget.fresh("T", ship), group, [])
