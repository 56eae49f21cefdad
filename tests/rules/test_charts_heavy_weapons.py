"""Photon (E4), disruptor (E3), fusion (E7) and hellbore (E10) against the reference."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.charts.heavy_weapons import (
    DISRUPTOR_MODES,
    disruptor_result,
    fusion_damage,
    hellbore_hit,
    photon_hit,
)
from sfb_desk.rules.charts.tables import OutOfRange


def _span(label: str) -> range:
    label = label.strip().replace("–", "-")
    if "-" in label:
        low, high = label.split("-")
        return range(int(low), int(high) + 1)
    return range(int(label), int(label) + 1)


def _rows(table: str) -> tuple[list[str], dict[str, list[str]]]:
    lines = [[c.strip() for c in line.strip().strip("|").split("|")]
             for line in table.strip().splitlines()]
    return lines[0][1:], {line[0]: line[1:] for line in lines[1:]}


def _hit_number(cell: str) -> int | None:
    """"1–4" -> 4, "1" -> 1, "—"/"–" (NA) -> None."""
    if cell in ("—", "–") or cell.startswith("—"):
        return None
    return int(cell.split("–")[-1])


def _by_range(table: str, row: str) -> dict[int, str]:
    header, rows = _rows(table)
    return {r: cell for label, cell in zip(header, rows[row], strict=True) for r in _span(label)}


# --- Photon --------------------------------------------------------------------------------

# Copied by hand from ../shared/reference/basic-set-facts.md section 5.5.
PHOTON = """
| Range | 0–1 | 2 | 3–4 | 5–8 | 9–12 | 13–30 |
| Standard: hit on | — (minimum range 2) | 1–5 | 1–4 | 1–3 | 1–2 | 1 |
| Damage | — | 8 | 8 | 8 | 8 | 8 |
| Proximity: hit on | — | — | — | — | 1–4 | 1–3 |
| Proximity damage | — | — | — | — | 4 | 4 |
"""
# Overload (same section): maximum true range 8, 16 damage, hit numbers as standard at 2-8,
# 1-6 at range 0-1 with 4 feedback (E4.43, E4.431).
PHOTON_OVERLOAD_HIT = {0: 6, 1: 6, 2: 5, 3: 4, 4: 4, 5: 3, 6: 3, 7: 3, 8: 3}


@pytest.mark.parametrize("die", range(1, 7))
def test_photon_standard_matches_the_reference(die):
    hits = _by_range(PHOTON, "Standard: hit on")
    damage = _by_range(PHOTON, "Damage")
    for r, cell in hits.items():
        result = photon_hit(r, die)
        number = _hit_number(cell)
        assert result.allowed == (number is not None)
        assert result.hit == (number is not None and die <= number), (r, die)
        assert result.damage == (int(damage[r]) if result.hit else 0)


@pytest.mark.parametrize("die", range(1, 7))
def test_photon_proximity_matches_the_reference(die):
    hits = _by_range(PHOTON, "Proximity: hit on")
    damage = _by_range(PHOTON, "Proximity damage")
    for r, cell in hits.items():
        result = photon_hit(r, die, proximity=True)
        number = _hit_number(cell)
        assert result.allowed == (number is not None), r
        assert result.hit == (number is not None and die <= number)
        assert result.damage == (int(damage[r]) if result.hit else 0)


@pytest.mark.parametrize("die", range(1, 7))
def test_photon_overload(die):
    for r, number in PHOTON_OVERLOAD_HIT.items():
        result = photon_hit(r, die, overload=True)
        assert result.allowed
        assert result.hit == (die <= number)
        assert result.damage == (16 if result.hit else 0)
        assert result.feedback == (4 if r <= 1 else 0)
    with pytest.raises(OutOfRange):
        photon_hit(9, die, overload=True)


def test_feedback_comes_with_a_hit():
    """decisions.md E3/E4: feedback (E4.431, E3.54) is taken when the shot hits."""
    assert photon_hit(1, 6, overload=True, shift=1).feedback == 0
    assert photon_hit(1, 5, overload=True, shift=1).feedback == 4
    assert disruptor_result(0, 6, "overload", shift=1).feedback == 0
    assert disruptor_result(0, 1, "uim-overload").feedback == 2


def test_photon_overload_damage_is_twice_the_energy():
    assert photon_hit(5, 1, overload=True, energy=4.5).damage == 9
    assert photon_hit(5, 1, overload=True, energy=6).damage == 12
    with pytest.raises(ValueError, match="E4.413"):
        photon_hit(5, 1, overload=True, energy=4)


def test_photon_limits():
    with pytest.raises(OutOfRange):
        photon_hit(31, 1)
    result = photon_hit(1, 1)
    assert not result.allowed and "E4" in result.note
    with pytest.raises(ValueError):
        photon_hit(5, 1, overload=True, proximity=True)


def test_photon_ew_shift_adds_to_the_die():
    """E1.821: the shot misses if die + shift exceeds the hit number."""
    assert photon_hit(5, 1, shift=2).hit
    assert not photon_hit(5, 2, shift=2).hit
    assert photon_hit(5, 2, shift=2).roll == 4


# --- Disruptor -----------------------------------------------------------------------------

# Copied by hand from basic-set-facts.md section 5.6.
DISRUPTOR = """
| Range | 0 | 1 | 2 | 3–4 | 5–8 | 9–15 | 16–22 | 23–30 | 31–40 |
| Standard: hit on | — | 1–5 | 1–5 | 1–4 | 1–4 | 1–4 | 1–3 | 1–2 | 1–2 |
| Standard damage | 0 | 5 | 4 | 4 | 3 | 3 | 2 | 2 | 1 |
| Overload: hit on | 1–6 | 1–5 | 1–5 | 1–4 | 1–4 | — | — | — | — |
| Overload damage | 10 | 10 | 8 | 8 | 6 | — | — | — | — |
| UIM: hit on | — | 1–5 | 1–5 | 1–4 | 1–4 | 1–4 | 1–4 | 1–2 | 1–2 |
| DERFACS: hit on | — | 1–5 | 1–5 | 1–4 | 1–4 | 1–4 | 1–3 | 1–3 | 1–2 |
| UIM overload: hit on | 1–6 | 1–5 | 1–5 | 1–5 | 1–5 | — | — | — | — |
"""
DISRUPTOR_ROWS = {
    "standard": ("Standard: hit on", "Standard damage"),
    "overload": ("Overload: hit on", "Overload damage"),
    "uim": ("UIM: hit on", "Standard damage"),
    "derfacs": ("DERFACS: hit on", "Standard damage"),
    "uim-overload": ("UIM overload: hit on", "Overload damage"),
}


@pytest.mark.parametrize("mode", list(DISRUPTOR_ROWS))
@pytest.mark.parametrize("die", range(1, 7))
def test_disruptor_matches_the_reference(mode, die):
    hit_row, damage_row = DISRUPTOR_ROWS[mode]
    hits = _by_range(DISRUPTOR, hit_row)
    damage = _by_range(DISRUPTOR, damage_row)
    last = max(r for r, c in hits.items() if _hit_number(c) is not None)
    for r, cell in hits.items():
        if r > last:
            with pytest.raises(OutOfRange):
                disruptor_result(r, die, mode, max_range=40)
            continue
        result = disruptor_result(r, die, mode, max_range=40)
        number = _hit_number(cell)
        assert result.allowed == (number is not None), (mode, r)
        assert result.hit == (number is not None and die <= number), (mode, r, die)
        assert result.damage == (int(damage[r]) if result.hit else 0), (mode, r)
        assert result.feedback == (2 if "overload" in mode and r == 0 else 0)


def test_disruptor_modes():
    assert set(DISRUPTOR_MODES) == set(DISRUPTOR_ROWS)


def test_disruptor_mount_range():
    assert disruptor_result(30, 1).hit
    with pytest.raises(OutOfRange) as info:
        disruptor_result(31, 1)
    assert info.value.max_range == 30
    assert disruptor_result(40, 1, max_range=40).damage == 1
    with pytest.raises(OutOfRange):
        disruptor_result(41, 1, max_range=40)
    # A mount of range 15 or 22 (the F5's, the D6's) fires to its own range, no further (E3).
    assert disruptor_result(15, 1, max_range=15).damage == 3
    with pytest.raises(OutOfRange):
        disruptor_result(16, 1, max_range=15)
    assert disruptor_result(22, 1, max_range=22).damage == 2
    with pytest.raises(OutOfRange):
        disruptor_result(23, 1, max_range=22)
    with pytest.raises(ValueError):
        disruptor_result(10, 1, max_range=25)
    with pytest.raises(ValueError, match="unknown mode"):
        disruptor_result(10, 1, "hyper")


def test_disruptor_damage_by_true_range_hit_by_effective_range():
    """E3.33: effective range 9 (hit 1-4), true range 4 (damage 4)."""
    result = disruptor_result(9, 4, true_range=4)
    assert result.hit and result.damage == 4 and result.hit_number == 4


# --- Fusion --------------------------------------------------------------------------------

# Copied by hand from basic-set-facts.md G7 (E7.31), with the overload and suicide lists.
FUSION = """
| Die | 0 | 1 | 2 | 3–10 | 11–15 | 16–24 |
| 1 | 13 | 8 | 6 | 4 | 3 | 2 |
| 2 | 11 | 8 | 5 | 3 | 2 | 1 |
| 3 | 10 | 7 | 4 | 2 | 1 | 0 |
| 4 | 9 | 6 | 3 | 1 | 1 | 0 |
| 5 | 8 | 5 | 3 | 1 | 0 | 0 |
| 6 | 8 | 4 | 2 | 0 | 0 | 0 |
"""
FUSION_OVERLOAD = """
| Die | 0 | 1 | 2 | 3–8 |
| 1 | 19 | 12 | 9 | 6 |
| 2 | 16 | 12 | 7 | 4 |
| 3 | 15 | 10 | 6 | 3 |
| 4 | 13 | 9 | 4 | 1 |
| 5 | 12 | 7 | 4 | 1 |
| 6 | 12 | 6 | 3 | 0 |
"""
FUSION_SUICIDE = """
| Die | 0 | 1 | 2 | 3–8 |
| 1 | 26 | 16 | 12 | 8 |
| 2 | 22 | 16 | 10 | 6 |
| 3 | 20 | 14 | 8 | 4 |
| 4 | 18 | 12 | 6 | 2 |
| 5 | 16 | 10 | 6 | 2 |
| 6 | 16 | 8 | 4 | 0 |
"""


@pytest.mark.parametrize(("mode", "table", "maximum"), [
    ("standard", FUSION, 24), ("overload", FUSION_OVERLOAD, 8), ("suicide", FUSION_SUICIDE, 8),
])
def test_fusion_matches_the_reference(mode, table, maximum):
    header, rows = _rows(table)
    for die_label, cells in rows.items():
        for label, cell in zip(header, cells, strict=True):
            for r in _span(label):
                assert fusion_damage(int(die_label), r, mode) == int(cell), (mode, die_label, r)
    with pytest.raises(OutOfRange):
        fusion_damage(1, maximum + 1, mode)
    with pytest.raises(ValueError):
        fusion_damage(1, 1, "hyper")


@given(st.sampled_from(["standard", "overload", "suicide"]), st.integers(1, 6), st.data())
def test_fusion_damage_never_rises_with_range(mode, die, data):
    r = data.draw(st.integers(0, 23 if mode == "standard" else 7))
    assert fusion_damage(die, r + 1, mode) <= fusion_damage(die, r, mode)


@given(st.integers(1, 6), st.integers(0, 8))
def test_fusion_overloads_never_score_less(die, r):
    standard = fusion_damage(die, r)
    assert standard <= fusion_damage(die, r, "overload") <= fusion_damage(die, r, "suicide")


# --- Hellbore ------------------------------------------------------------------------------

# Copied by hand from basic-set-facts.md G7: to hit on 2d6 <= 11/10/9/8/7/6/5 at ranges
# 0-1/2/3-4/5-8/9-15/16-22/23-40; enveloping damage 20/17/15/13/10/8/4; overload 30/25/22/19
# (to range 8). A standard shot cannot fire at range 0 (E10.33).
HELLBORE_BANDS = ("0-1", "2", "3-4", "5-8", "9-15", "16-22", "23-40")
HELLBORE_HIT = (11, 10, 9, 8, 7, 6, 5)
HELLBORE_DAMAGE = (20, 17, 15, 13, 10, 8, 4)
HELLBORE_OVERLOAD = (30, 25, 22, 19)


@pytest.mark.parametrize("dice", range(2, 13))
def test_hellbore_matches_the_reference(dice):
    for i, label in enumerate(HELLBORE_BANDS):
        for r in _span(label):
            result = hellbore_hit(r, dice)
            if r == 0:
                assert not result.allowed and "E10.33" in result.note
                continue
            assert result.hit == (dice <= HELLBORE_HIT[i]), (r, dice)
            assert result.damage == (HELLBORE_DAMAGE[i] if result.hit else 0)
            if i < len(HELLBORE_OVERLOAD):
                over = hellbore_hit(r, dice, overload=True)
                assert over.hit == result.hit
                assert over.damage == (HELLBORE_OVERLOAD[i] if over.hit else 0)
            else:
                with pytest.raises(OutOfRange):
                    hellbore_hit(r, dice, overload=True)
    assert hellbore_hit(0, dice, overload=True).hit == (dice <= 11)
    with pytest.raises(OutOfRange):
        hellbore_hit(41, dice)


def test_hellbore_takes_2d6():
    with pytest.raises(ValueError):
        hellbore_hit(5, 1)
    with pytest.raises(ValueError):
        hellbore_hit(5, 13)


# --- Properties shared by the hit-or-miss weapons ----------------------------------------------

@given(st.integers(0, 30), st.integers(1, 6), st.integers(0, 6))
def test_a_shift_never_turns_a_miss_into_a_hit(r, die, shift):
    for result, shifted in (
        (disruptor_result(r, die), disruptor_result(r, die, shift=shift)),
        (photon_hit(r, die), photon_hit(r, die, shift=shift)),
    ):
        assert shifted.hit <= result.hit


@given(st.sampled_from(DISRUPTOR_MODES), st.integers(1, 6), st.integers(0, 6))
def test_disruptor_hits_get_no_easier_with_range(mode, die, r):
    near, far = (disruptor_result(x, die, mode) for x in (r + 1, r + 2))
    assert far.hit <= near.hit


def test_a_short_ranged_disruptor_mount_fires_in_play():
    """The F5's range-15 disruptors may fire at 12 and are refused at 16 with E3's range rule;
    refusing the mount range itself (only 30 or 40 were allowed) left them never able to fire."""
    from sfb_desk.data.library import load_library
    from sfb_desk.rules.combat.resolve import check_shot_ranges
    from sfb_desk.rules.combat.weapons import direct_fire_weapon

    f5 = load_library().get("KLI-F5")
    mount = next(w for w in f5.weapons if w.type == "DISRUPTOR")
    weapon = direct_fire_weapon(mount.type)
    assert mount.max_range == 15
    assert check_shot_ranges(weapon, "standard", 12, 12, mount.max_range) is None
    refusal = check_shot_ranges(weapon, "standard", 16, 16, mount.max_range)
    assert refusal is not None and "maximum range 15" in refusal.message
