"""The Monte Carlo of volleys agrees with the scalar DAC allocator: exactly, trial by trial, on
the same rolls; and in distribution on independent rolls. Plus its own properties."""

from __future__ import annotations

import random
import zlib
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sfb_desk.analysis.monte_carlo import TWO_D6_OF_PAIR, roll_2d6, simulate
from sfb_desk.data.library import load_library
from sfb_desk.rules.damage import DamageOptions, DamageState, Volley, allocate_damage
from sfb_desk.rules.ship import Weapon


@pytest.fixture(scope="module")
def library():
    return load_library()


def _allocator_marks(spec, state, volley, rolls_column, options):
    result = allocate_damage(spec, state, volley, [int(r) for r in rolls_column], options=options)
    marks = np.frombuffer(result.state.marks, dtype=np.uint8).astype(bool)
    return result, marks


def _assert_same(spec, points, rolls, *, state=None, shields=(), options=DamageOptions()):
    """Every trial of the Monte Carlo ends exactly where the allocator does with its rolls."""
    state = state or DamageState()
    got = simulate(spec, points, rolls=rolls, state=state, shields=shields, options=options)
    marks = got.marks
    volley = Volley(points, shields=tuple(shields))
    for t in range(rolls.shape[1]):
        result, expected = _allocator_marks(spec, state, volley, rolls[:, t], options)
        where = np.flatnonzero(marks[t] != expected)
        assert not where.size, (t, [got.layout.box_ids[g] for g in where])
        assert got.ship_destroyed[t] == result.ship_destroyed, t
        assert tuple(got.torpedo_group[t]) == tuple(map(int, result.state.torpedo_group)), t
        assert tuple(got.drone_group[t]) == tuple(map(int, result.state.drone_group)), t
    return got


CASES = [
    # (ship, points, trials, note)
    ("FED-CA", 12, 300, "a short volley on a fresh cruiser"),
    ("FED-CA", 60, 200, "hulls, warp and weapons run out; 'Any W En' and 'Any Weapon'"),
    ("FED-FF", 45, 200, "a frigate destroyed (D4.40)"),
    ("KLI-D7", 50, 200, "drones, security, APR; torpedo/drone rule of three (D4.322)"),
    ("FED-DN", 80, 150, "flag bridge -> security fall-back, center warp"),
    ("HYD-RN", 70, 150, "center hull fall-backs (D4.351), fusion and hellbore"),
    ("ORI-CR", 70, 150, "cargo; option mounts hit only by Any Weapon"),
    ("KLI-C8", 40, 150, "28 weapon boxes"),
]


@pytest.mark.parametrize(("ship", "points", "trials", "note"), CASES)
def test_same_rolls_same_damage_as_the_allocator(library, ship, points, trials, note):
    rolls = roll_2d6(np.random.default_rng(zlib.crc32(f"{ship}/{points}".encode())), points, trials)
    _assert_same(library.get(ship), points, rolls)


def test_same_rolls_with_direction_and_prior_damage(library):
    """Phasers bearing on the struck shield only (D4.321); a damaged ship whose torpedo and
    drone groups are part-way (D4.3222, D4.3223); its last warp boxes run out mid-volley."""
    d7 = library.get("KLI-D7")
    warp = [b for b in d7.box_ids() if "warp#" in b]
    state = DamageState.for_ship(d7, destroyed=warp[:-2] + ["disruptor#A", "phaser#1", "bridge#1"])
    state = replace(state, torpedo_group=(2, False), drone_group=(1, True))
    rolls = roll_2d6(np.random.default_rng(7), 40, 300)
    _assert_same(d7, 40, rolls, state=state, shields=(4,))
    ca = library.get("FED-CA")
    _assert_same(ca, 30, roll_2d6(np.random.default_rng(8), 30, 300), shields=(1,))
    _assert_same(ca, 30, roll_2d6(np.random.default_rng(9), 30, 300), shields=(3, 4))


@pytest.mark.parametrize(
    "options",
    [
        DamageOptions(rule_of_three=False),
        DamageOptions(protect_last_track_box=False, hull_to_center=False),
        DamageOptions(flag_bridge_to_security=False, cargo_absorbs_excess=True),
        DamageOptions(phaser_direction=False),
    ],
)
def test_same_rolls_under_other_rule_options(library, options):
    for ship in ("FED-DN", "ORI-CR", "HYD-RN"):
        rolls = roll_2d6(np.random.default_rng(11), 70, 120)
        _assert_same(library.get(ship), 70, rolls, shields=(2,), options=options)


def test_same_rolls_on_a_few_worked_rows(library):
    """Hand-picked rolls: the same row again and again walks every column of it, bold cells
    closing after one hit (D4.31) and the last column destroying the ship (D4.40)."""
    ca = library.get("FED-CA")
    columns = [np.full(80, roll, dtype=np.int8) for roll in range(2, 13)]
    columns.append(np.array(([2, 12, 3, 11] * 20), dtype=np.int8))
    rolls = np.stack(columns, axis=1)
    got = _assert_same(ca, 80, rolls)
    assert got.ship_destroyed.any() and not got.ship_destroyed.all()


def test_ship_already_destroyed_takes_nothing(library):
    ff = library.get("FED-FF")
    state = replace(DamageState.for_ship(ff, destroyed=["bridge#1"]), ship_destroyed=True)
    got = _assert_same(ff, 10, roll_2d6(np.random.default_rng(1), 10, 20), state=state)
    assert got.ship_destroyed.all() and got.marks.sum() == 20  # bridge#1 in every trial


def test_frequencies_agree_with_the_allocator_on_independent_rolls(library):
    """The allocator with Python's dice (independent of numpy) and the Monte Carlo with its own
    seeded generator: every box's loss frequency agrees within 5 standard errors + 1%."""
    spec = library.get("KLI-D7")
    points, n_scalar, n_mc = 25, 1500, 30_000
    dice = random.Random(2026)
    volley = Volley(points)
    counts = np.zeros(len(spec.box_ids()))
    destroyed = 0
    for _ in range(n_scalar):
        rolls = [dice.randint(1, 6) + dice.randint(1, 6) for _ in range(points)]
        result, marks = _allocator_marks(spec, DamageState(), volley, rolls, DamageOptions())
        counts += marks
        destroyed += result.ship_destroyed
    p_scalar = counts / n_scalar
    mc = simulate(spec, points, n_mc, seed=99)
    p_mc = mc.marks.mean(axis=0)
    p = (p_scalar * n_scalar + p_mc * n_mc) / (n_scalar + n_mc)
    bound = 5 * np.sqrt(p * (1 - p) * (1 / n_scalar + 1 / n_mc)) + 0.01
    worst = np.argmax(np.abs(p_scalar - p_mc) - bound)
    assert np.all(np.abs(p_scalar - p_mc) <= bound), (spec.box_ids()[worst], p_scalar[worst], p_mc[worst])
    assert abs(destroyed / n_scalar - mc.p_ship_destroyed) <= 0.02
    assert p_mc.max() > 0.5  # the comparison is about something


def test_roll_2d6_is_exactly_two_dice():
    pairs = [a + b for a in range(1, 7) for b in range(1, 7)]
    assert sorted(TWO_D6_OF_PAIR.tolist()) == sorted(pairs)
    rolls = roll_2d6(np.random.default_rng(0), 100, 3600)
    freq = np.bincount(rolls.ravel(), minlength=13)[2:] / rolls.size
    expected = np.array([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]) / 36
    assert np.all(np.abs(freq - expected) < 0.004)
    assert rolls.dtype == np.int8 and rolls.min() >= 2 and rolls.max() <= 12
    # One seed: a shorter volley sees the first points of a longer one.
    assert np.array_equal(roll_2d6(np.random.default_rng(5), 4, 50), roll_2d6(np.random.default_rng(5), 9, 50)[:4])


@settings(max_examples=15, deadline=None)
@given(
    ship=st.sampled_from(["FED-CA", "KLI-D7", "FED-FF", "HYD-RN"]),
    n=st.integers(0, 40),
    more=st.integers(1, 30),
    seed=st.integers(0, 2**31),
)
def test_more_points_never_repair_anything(library, ship, n, more, seed):
    """With one seed the first n points are the same, and boxes are only ever destroyed: every
    loss after n points is a loss after n + more; probabilities are in [0, 1] and rise with N."""
    spec = library.get(ship)
    few = simulate(spec, n, 400, seed=seed)
    many = simulate(spec, n + more, 400, seed=seed)
    assert not np.any(few.marks & ~many.marks)
    assert not np.any(few.ship_destroyed & ~many.ship_destroyed)
    for a, b in zip(few.outcomes(), many.outcomes(), strict=True):
        assert a.label == b.label
        assert 0 <= a.p_all <= a.p_any <= 1 and 0 <= b.p_all <= b.p_any <= 1
        assert b.p_any >= a.p_any and b.p_all >= a.p_all


def test_outcomes_and_queries(library):
    ca = library.get("FED-CA")
    none = simulate(ca, 0, 100)
    assert all(o.p_any == 0 for o in none.outcomes())
    result = simulate(ca, 200, 500, seed=3)
    labels = [o.label for o in result.outcomes()]
    assert labels[:2] == ["all control", "all warp"] and labels[-1] == "ship destroyed"
    assert "phaser#1" in labels and "photon#D" in labels and "left_warp" in labels
    assert result.p_ship_destroyed == 1.0  # 200 points: far past 6 excess damage boxes
    assert result.p_any_lost("bridge") == pytest.approx(result.box_lost(result.layout.index["bridge#1"]).mean())
    assert result.expected_lost(["phaser"]) <= 6
    # D4.33: the last box of a track is never destroyed, however much damage.
    assert result.p_box("sensor#6") == 0 and result.p_all_lost("sensor") == 0


def test_refused_input(library):
    ca = library.get("FED-CA")
    with pytest.raises(ValueError, match="shape"):
        simulate(ca, 5, rolls=np.full((4, 10), 7))
    with pytest.raises(ValueError, match="2..12"):
        simulate(ca, 2, rolls=np.array([[7, 13], [7, 7]]))
    with pytest.raises(ValueError, match="another ship class"):
        simulate(ca, 2, 10, state=DamageState.for_ship(library.get("FED-FF")))
    many = replace(ca, weapons=tuple(Weapon(str(i), "PH-3", "phaser", ("360",)) for i in range(65)))
    with pytest.raises(ValueError, match="at most 64"):
        simulate(many, 2, 10)
