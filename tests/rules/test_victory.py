"""Standard victory conditions (S2.20, S2.21, S2.24, S2.3, S2.4), worked by hand.

The facts are from reference basic-set-facts.md G8 (S2 itself is Basic Set text, not in the
seeds). No seed prints a worked S2 victory-point example; the examples below are worked by hand
and each comment shows the arithmetic.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sfb_desk.rules.ship import ShipSpec, Weapon
from sfb_desk.rules.victory import (
    CATEGORIES,
    VICTORY_BANDS,
    ForceShip,
    ShipOutcome,
    SideEntry,
    level_for,
    round_points,
    score_standard,
    ship_category,
    weaker_force_bonus,
)

# A small cruiser: 10 warp boxes, 2 control boxes, 2 weapons, 6 hull, 2 excess damage.
CRUISER = ShipSpec(
    id="TST-CR",
    race="TST",
    race_name="Test",
    class_code="CR",
    name="Test cruiser",
    bpv_combat=100,
    shields=(4, 4, 4, 4, 4, 4),
    systems=(("bridge", 1), ("aux_control", 1), ("left_warp", 5), ("right_warp", 5),
             ("forward_hull", 6)),
    weapons=(Weapon("1", "PH-1", "phaser"), Weapon("A", "PHOTON", "photon")),
    excess_damage=2,
)  # fmt: skip
WARP = [f"{side}_warp#{i}" for side in ("left", "right") for i in range(1, 6)]
FED, KLI = "Federation", "Klingon"
SIDES = (SideEntry(FED), SideEntry(KLI))


def ca_d7(ca: ShipOutcome = ShipOutcome(), d7: ShipOutcome = ShipOutcome(), **kw):
    ships = [ForceShip("CA", FED, 125), ForceShip("D7", KLI, 121)]
    return score_standard(ships, {"CA": ca, "D7": d7}, kw.pop("sides", SIDES), **kw)


# --- S2.21: the single highest category ---------------------------------------------------------


def test_categories_table_is_s2_21():
    assert dict(CATEGORIES) == {
        "internal damage": 10, "forced to disengage": 25, "crippled": 50, "destroyed": 100,
        "captured": 200,
    }  # fmt: skip
    assert [p for _, p in CATEGORIES] == sorted((p for _, p in CATEGORIES), reverse=True)


@pytest.mark.parametrize(
    ("outcome", "category"),
    [
        (ShipOutcome(), ""),
        (ShipOutcome(destroyed_boxes=frozenset({"shield1#1", "shield1#2"})), ""),
        (ShipOutcome(destroyed_boxes=frozenset({"forward_hull#1"})), "internal damage"),
        (ShipOutcome(internal_points=3), "internal damage"),
        (ShipOutcome(internal_points=3, disengaged=True), "forced to disengage"),
        (ShipOutcome(destroyed_boxes=frozenset(WARP[:9]), disengaged=True), "crippled"),
        (ShipOutcome(crippled=True, disengaged=True), "crippled"),
        (ShipOutcome(crippled=True, destroyed=True), "destroyed"),
        (ShipOutcome(destroyed=True, captured=True), "captured"),
    ],
)
def test_only_the_highest_category_counts(outcome, category):
    status = ship_category(ForceShip("X", FED, 100, spec=CRUISER), outcome)
    assert status.category == category


# --- S2.4 crippled, from the destroyed boxes ----------------------------------------------------


@pytest.mark.parametrize(
    ("boxes", "crippled", "why"),
    [
        (WARP[:8], False, ""),  # 2 of 10 warp left: 20%, more than 10%
        (WARP[:9], True, "1 of 10 warp boxes left"),  # 10% or less
        (["phaser#1", "photon#A"], True, "all weapons destroyed"),
        (["bridge#1", "aux_control#1"], True, "all control boxes destroyed"),
        (["excess_damage#1"], True, "excess damage taken"),
        # interior: bridge, aux, 10 warp, 6 hull, 2 weapons = 20 boxes; 10 destroyed is 50%
        ([f"forward_hull#{i}" for i in range(1, 7)] + WARP[:4], True, "10 of 20 interior"),
        ([f"forward_hull#{i}" for i in range(1, 7)] + WARP[:3], False, ""),
    ],
)
def test_crippled_by_s2_4(boxes, crippled, why):
    status = ship_category(
        ForceShip("X", FED, 100, spec=CRUISER), ShipOutcome(destroyed_boxes=frozenset(boxes))
    )
    assert (status.category == "crippled") is crippled
    assert bool(status.crippled_reasons) is crippled
    if crippled:
        assert any(why in reason for reason in status.crippled_reasons), status.crippled_reasons


def test_without_a_spec_only_the_recorded_crippled_counts():
    ship = ForceShip("X", FED, 100)
    assert ship_category(ship, ShipOutcome(destroyed_boxes=frozenset(WARP[:9]))).category == (
        "internal damage"
    )
    assert ship_category(ship, ShipOutcome(crippled=True)).category == "crippled"


# --- S2.24 fractions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "rounded"),
    [(Fraction(25, 2), 13), (Fraction(121, 10), 12), (Fraction(113, 2), 57),
     (Fraction(1249, 100), 12), (Fraction(0), 0), (Fraction(7), 7)],
)  # fmt: skip
def test_half_and_above_round_up(value, rounded):
    assert round_points(value) == rounded


def test_shuttle_and_fighter_fractions_are_kept():
    # A shuttle of BPV 6 forced to disengage: 25% of 6 = 1.5, kept (S2.23).
    ships = [ForceShip("CA", FED, 10), ForceShip("SH", KLI, 6, keep_fractions=True)]
    result = score_standard(ships, {"SH": ShipOutcome(disengaged=True)}, SIDES)
    line = [x for x in result.lines if x.ship == "SH"][0]
    assert line.points == Fraction(3, 2)
    assert line.side == FED


# --- A whole game, worked by hand ---------------------------------------------------------------


def test_cruiser_duel_worked_example():
    """Fed CA (BPV 125) against a Klingon D7 (121). The D7 ends crippled, the CA took internals.

    Klingon: step A, weaker force 125 - 121 = 4; the CA's internal damage 10% of 125 = 12.5,
    rounded up to 13 (S2.24): 17 points. Federation: the D7 crippled, 50% of 121 = 60.5 -> 61.
    Ratios: 61 / 17 = 358.8% (Decisive victory, 300-499%); 17 / 61 = 27.9% (Crushing defeat).
    """
    result = ca_d7(ShipOutcome(internal_points=5), ShipOutcome(crippled=True))
    fed, kli = result.side(FED), result.side(KLI)
    assert (fed.points, kli.points) == (61, 17)
    assert fed.level == "Decisive victory"
    assert kli.level == "Crushing defeat"
    assert fed.ratio_percent == Fraction(6100, 17)
    assert [(x.side, x.points, x.rule) for x in result.lines] == [
        (KLI, 4, "S2.20 A"), (KLI, 13, "S2.21"), (FED, 61, "S2.21"),
    ]  # fmt: skip
    assert "12.5 rounded (S2.24)" in result.lines[1].reason
    text = "\n".join(result.explain())
    assert "Federation: 61 points against 17, ratio 359%: Decisive victory (S2.3)" in text
    assert "+4 (S2.20 A) weaker force: 121 BPV against 125" in text


def test_commanders_options_count_for_the_enemy():
    # Step B: the Federation buys 20 points of options, the Klingons 24 (20% of 121 = 24.2).
    sides = (SideEntry(FED, options_spent=20), SideEntry(KLI, options_spent=24))
    result = ca_d7(sides=sides)
    assert result.side(FED).points == 24
    assert result.side(KLI).points == 4 + 20
    assert result.side(FED).level == result.side(KLI).level == "Draw"  # 24/24 = 100%


def test_options_that_do_not_count_for_the_enemy():
    sides = (SideEntry(FED, options_spent=20, options_count_for_enemy=False), SideEntry(KLI))
    assert ca_d7(sides=sides).side(KLI).points == 4


def test_scenario_bonus_is_added_to_its_side():
    # e.g. SG12.5 "give the defender a 25-point bonus" (seed 000 L9223)
    sides = (SideEntry(FED, bonus=25, bonus_rule="SG12.5"), SideEntry(KLI))
    result = ca_d7(sides=sides)
    assert [(x.side, x.points, x.rule) for x in result.lines_for(FED)] == [(FED, 25, "SG12.5")]


def test_destroyed_and_captured():
    # D7 captured: 200% of 121 = 242; CA destroyed: 100% of 125 = 125, plus 4 for step A.
    result = ca_d7(ShipOutcome(destroyed=True), ShipOutcome(captured=True))
    assert result.side(FED).points == 242
    assert result.side(KLI).points == 129
    assert result.side(FED).level == "Tactical victory"  # 242 / 129 = 187.6%
    assert result.side(KLI).level == "Tactical defeat"  # 53.3%


# --- S2.20 step A -------------------------------------------------------------------------------


def test_equal_forces_get_no_bonus():
    ships = [ForceShip("A", FED, 100), ForceShip("B", KLI, 60), ForceShip("C", KLI, 40)]
    assert weaker_force_bonus(ships, {}, (FED, KLI)) is None


@pytest.mark.parametrize(("turn", "bonus"), [(1, False), (2, False), (3, True)])
def test_weaker_force_that_disengages_by_turn_2_loses_the_bonus(turn, bonus):
    outcome = ShipOutcome(disengaged=True, disengaged_turn=turn)
    line = weaker_force_bonus(
        [ForceShip("CA", FED, 125), ForceShip("D7", KLI, 121)], {"D7": outcome}, (FED, KLI)
    )
    assert (line is not None) is bonus


def test_a_weaker_force_partly_destroyed_and_the_rest_gone_by_turn_2():
    ships = [ForceShip("A", FED, 200), ForceShip("B", KLI, 60), ForceShip("C", KLI, 40)]
    early = {"B": ShipOutcome(destroyed=True), "C": ShipOutcome(disengaged=True, disengaged_turn=2)}
    assert weaker_force_bonus(ships, early, (FED, KLI)) is None
    late = {"B": ShipOutcome(destroyed=True), "C": ShipOutcome(disengaged=True, disengaged_turn=4)}
    line = weaker_force_bonus(ships, late, (FED, KLI))
    assert line is not None and (line.side, line.points) == (KLI, 100)
    stayed = {"B": ShipOutcome(destroyed=True)}
    assert weaker_force_bonus(ships, stayed, (FED, KLI)) is not None


# --- S2.3 levels --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("percent", "level"),
    [
        (Fraction(500), "Astounding victory"), (Fraction(49999, 100), "Decisive victory"),
        (Fraction(300), "Decisive victory"), (Fraction(299), "Substantive victory"),
        (Fraction(200), "Substantive victory"), (Fraction(150), "Tactical victory"),
        (Fraction(149), "Marginal victory"), (Fraction(110), "Marginal victory"),
        (Fraction(10999, 100), "Draw"), (Fraction(100), "Draw"), (Fraction(91), "Draw"),
        (Fraction(9099, 100), "Marginal defeat"), (Fraction(67), "Marginal defeat"),
        (Fraction(6667, 100), "Tactical defeat"), (Fraction(50), "Tactical defeat"),
        (Fraction(49), "Brutal defeat"), (Fraction(33), "Brutal defeat"),
        (Fraction(32), "Crushing defeat"), (Fraction(20), "Crushing defeat"),
        (Fraction(1999, 100), "Devastating defeat"), (Fraction(0), "Devastating defeat"),
        (None, "Astounding victory"),
    ],
)  # fmt: skip
def test_victory_bands(percent, level):
    assert level_for(percent) == level


def test_band_table_is_one_ordered_table():
    bounds = [b for b, _ in VICTORY_BANDS]
    assert bounds == sorted(bounds, reverse=True) and bounds[-1] == 0
    assert len({name for _, name in VICTORY_BANDS}) == len(VICTORY_BANDS) == 11


def test_no_points_on_either_side_is_a_draw():
    result = ca_d7(sides=(SideEntry(FED), SideEntry(KLI)))
    # Only step A: the Klingons have 4, the Federation 0.
    assert result.side(FED).ratio_percent == 0
    assert result.side(FED).level == "Devastating defeat"
    assert result.side(KLI).ratio_percent is None
    assert result.side(KLI).level == "Astounding victory"
    equal = score_standard([ForceShip("A", FED, 50), ForceShip("B", KLI, 50)], {}, SIDES)
    assert [(s.points, s.ratio_percent, s.level) for s in equal.sides] == [
        (0, None, "Draw"), (0, None, "Draw"),
    ]  # fmt: skip


# --- Programming errors -------------------------------------------------------------------------


def test_inputs_that_are_programming_errors():
    ships = [ForceShip("A", FED, 50)]
    with pytest.raises(ValueError, match="two sides"):
        score_standard(ships, {}, (SideEntry(FED),))
    with pytest.raises(ValueError, match="unknown side"):
        score_standard([ForceShip("A", "Orion", 50)], {}, SIDES)
    with pytest.raises(ValueError, match="unique"):
        score_standard(ships * 2, {}, SIDES)
    with pytest.raises(ValueError, match="is not a box"):
        ship_category(
            ForceShip("X", FED, 1, spec=CRUISER), ShipOutcome(destroyed_boxes=frozenset({"x#1"}))
        )
