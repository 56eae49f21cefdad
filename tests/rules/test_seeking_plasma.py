"""Plasma torpedoes (FP1, FP1.611, FP1.42, FP5, FP6, FP8, FP9): launch, warhead, weakening.

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt, S2 = seed 002; reference = basic-set-facts.md G4.4.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.combat import fire_weapon
from sfb_desk.rules.combat.options import BOLT_NO_DAMAGE, CombatOptions
from sfb_desk.rules.hexes import hex_from_label
from sfb_desk.rules.results import Refusal
from sfb_desk.rules.seeking import (
    Launched,
    SeekerRecord,
    SeekingState,
    bolt_refusal,
    damage_seeker,
    impact_warhead,
    launch_plasma,
    plasma_spent,
    plasma_strength,
    record_bolt,
)
from sfb_desk.rules.ship import Weapon
from sfb_desk.rules.units import PLASMA, MoveProfile, clock_of, new_ship



@dataclass(frozen=True)
class Arming:
    """An armed load as the energy rules record it (their WeaponArming has these fields)."""

    mode: str
    complete: bool = True
    enveloping: bool = False


S_LAUNCHER = Weapon("A", "PLASMA-S", "plasma", ("FP",))
D_RACK = Weapon("1", "PLASMA-D", "plasma", ("LS",))


def torp(kind="S", **kw) -> SeekerRecord:
    return SeekerRecord("P1", PLASMA, "rom", "KR", "plasma#A", 1, plasma=kind, **kw)


def armed(mode="PLASMA-S", **kw) -> Arming:
    return Arming(mode, **kw)


def ship(uid="KR", at="1010", facing=0, side="rom"):
    return new_ship(uid, side, MoveProfile(), hex=hex_from_label(at), facing=facing, speed=8)


def test_warhead_by_hexes_travelled_and_phaser_damage():
    """FP1 (reference G4.4: S 30 to 10 hexes, 22 at 11-15); FP1.611: every 2 points of phaser
    damage take 1 point off, cumulatively."""
    assert [plasma_strength(torp(), n) for n in (0, 10, 11, 16, 24, 26)] == [30, 30, 22, 15, 5, 0]
    assert plasma_strength(torp(phaser_damage=5), 0) == 28
    hurt = damage_seeker(torp(phaser_damage=5), 1, "PH-1").record
    assert hurt.phaser_damage == 6 and plasma_strength(hurt, 0) == 27  # the odd point carries over
    assert plasma_strength(torp("F", phaser_damage=60), 0) == 0


def test_enveloping_doubles_after_weakening_and_pseudo_scores_nothing():
    """FP5 (reference G4.4): the warhead is doubled (decisions.md FP5, FP1.611: the weakening
    applies before doubling). FP6 (decisions.md): a pseudo torpedo shows a real warhead and
    scores nothing."""
    assert plasma_strength(torp(enveloping=True), 0) == 60
    assert plasma_strength(torp(enveloping=True, phaser_damage=4), 0) == 56
    pseudo = torp(pseudo=True)
    assert plasma_strength(pseudo, 3) == 30 and impact_warhead(pseudo, 3) == 0
    assert impact_warhead(torp(), 12) == 22


def test_only_phasers_weaken_plasma():
    """FP1.62 (reference G4.4); S0 L3074 (E8.221) maulers cannot damage plasma; S2 L754 (E11.45)
    the PPD and L1203 (E14.256) the web fist have no effect on it; S0 L3957 (FP9.11) plasma-Ds
    are damaged "by phasers and asteroids (and not by T-bombs, disruptors, etc.)"."""
    for weapon in ("MAULER", "PPD", "WEB-FIST", "DISRUPTOR", "PHOTON"):
        done = damage_seeker(torp(), 20, weapon)
        assert done.record.phaser_damage == 0 and done.event.rule == "FP1.62" and not done.destroyed
    d = damage_seeker(torp("D"), 4, "PH-3")
    assert plasma_strength(d.record, 0) == 8  # 10 - 4 // 2 (FP9.12 S0 L3959: 10 at 0-5)
    assert damage_seeker(torp("D"), 20, "PH-1").destroyed


def test_removal_when_spent_or_flown():
    """FP1.42: a torpedo whose warhead is 0 is removed; it lives 32 impulses (reference G4.4);
    past the chart's 30 hexes the warhead is 0 (decisions.md FP1.42)."""
    f = torp("F", expires_at=33)
    assert not plasma_spent(f, 15, 20) and plasma_spent(f, 16, 20)
    assert plasma_spent(torp("R", expires_at=33), 5, 33)
    assert plasma_spent(torp("R"), 31, 10)


def _launch(state=None, arming=None, clock=clock_of(2, 5), **kw):
    kr, target = ship(), ship("CA", at="1005", side="fed")
    kw.setdefault("lock_on", True)
    kw.setdefault("control_limit", 6)
    return launch_plasma(state or SeekingState(), kw.pop("launcher", kr), kw.pop("target", target),
                         kw.pop("weapon", S_LAUNCHER), armed() if arming is None else arming,
                         seeker_id=kw.pop("sid", "P1"), clock=clock, **kw)


def test_launching_an_armed_torpedo():
    """FP1: speed 32, 32 impulses, the type armed (an F in an S launcher, FP2), enveloping as
    paid (FP5)."""
    done = _launch(arming=armed("PLASMA-F"))
    assert isinstance(done, Launched)
    assert (done.unit.kind, done.unit.speed, done.unit.target) == (PLASMA, 32, "CA")
    assert (done.record.plasma, done.record.expires_at, done.record.controller) == ("F", clock_of(2, 5) + 32, "KR")
    env = _launch(arming=armed(enveloping=True))
    assert env.record.enveloping and plasma_strength(env.record, 0) == 60
    again = _launch(state=done.state, sid="P2", clock=clock_of(2, 20))
    assert isinstance(again, Refusal) and again.rule == "FP2"  # fired this turn
    assert isinstance(_launch(state=done.state, sid="P2", clock=clock_of(3, 1)), Launched)


def test_plasma_launch_refusals():
    assert _launch(arming=armed(complete=False)).rule == "FP2.1"
    assert _launch(arming=Arming("", complete=False)).rule == "FP2.1"
    assert _launch(arming=Arming("WILD-WEASEL")).rule == "FP2.1"
    assert _launch(lock_on=False).rule == "D6.121"
    assert _launch(target=ship("CB", at="1015", side="fed")).rule == "D2"  # FP arc = front half
    assert _launch(weapon=Weapon("1", "PH-1", "phaser", ("FA",))).rule == "FP1"
    assert _launch(control_limit=0).rule == "F3.2"


def test_pseudo_plasma_once_per_launcher_not_with_a_real_one():
    """FP6 (reference G4.4, Low): one per launcher per game, not in the impulse of a real
    torpedo; FP9.13: no pseudo type D."""
    real = _launch()
    same_impulse = _launch(state=real.state, sid="P2", pseudo=True, arming=armed(complete=False))
    assert isinstance(same_impulse, Refusal) and same_impulse.rule == "FP6"
    pseudo = _launch(sid="P2", pseudo=True, arming=armed(complete=False))
    assert isinstance(pseudo, Launched) and pseudo.record.pseudo and pseudo.record.plasma == "S"
    twice = _launch(state=pseudo.state, sid="P3", pseudo=True, clock=clock_of(5, 1))
    assert twice.rule == "FP6"
    assert _launch(state=pseudo.state, sid="P3").rule == "FP6"  # real one in the pseudo's impulse
    assert isinstance(_launch(state=pseudo.state, sid="P3", clock=clock_of(2, 6)), Launched)
    assert _launch(weapon=D_RACK, pseudo=True).rule == "FP9.13"


def test_bolting_spends_the_torpedo():
    """FP8: a bolt fires the armed torpedo as direct fire; the launcher is then spent this turn;
    FP9.13: no type-D bolts. Damage is combat's: half the warhead by default (decisions.md FP8),
    an option scores none."""
    kr = ship()
    state = SeekingState()
    assert bolt_refusal(state, kr, S_LAUNCHER, armed(), clock_of(1, 9)) is None
    assert bolt_refusal(state, kr, S_LAUNCHER, None, clock_of(1, 9)).rule == "FP2.1"
    assert bolt_refusal(state, kr, D_RACK, armed(), clock_of(1, 9)).rule == "FP9.13"
    state = record_bolt(state, kr, S_LAUNCHER, clock_of(1, 9))
    assert bolt_refusal(state, kr, S_LAUNCHER, armed(), clock_of(1, 20)).rule == "FP2"
    assert _launch(state=state, clock=clock_of(1, 20)).rule == "FP2"
    assert fire_weapon("PLASMA-S", true_range=5, roll=3).damage == 15
    assert fire_weapon("PLASMA-S", true_range=5, roll=3,
                       options=CombatOptions(plasma_bolt_damage=BOLT_NO_DAMAGE)).damage == 0


def test_strength_needs_a_plasma_record():
    with pytest.raises(ValueError):
        plasma_strength(SeekerRecord("S1", "shuttle", "a", "b", "shuttle#1", 1, mission="admin"), 0)


@given(st.sampled_from(["R", "S", "G", "F", "D"]), st.booleans(),
       st.lists(st.tuples(st.booleans(), st.integers(0, 9)), min_size=1, max_size=40))
def test_warhead_never_increases_as_the_torpedo_travels(kind, enveloping, path):
    """Property (FP1, FP1.611): hex by hex, with phaser hits along the way, the warhead never
    goes up, and once at 0 the torpedo is spent (FP1.42)."""
    record = torp(kind, enveloping=enveloping and kind != "D")
    travelled, last = 0, plasma_strength(record, 0)
    for moves, points in path:
        travelled += int(moves)
        record = damage_seeker(record, points, "PH-2", travelled=travelled).record
        now = plasma_strength(record, travelled)
        assert 0 <= now <= last
        assert plasma_spent(record, travelled, 0) == (now == 0)
        last = now
