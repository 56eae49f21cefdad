"""Seeking-weapon impact at the end of 6A (FD1.4, FP1.4, D3.4, D6.36, FD14.24, FD10.71, J3.21).

S0 = ../shared/seeds/000_b288a58a8a5f6daf.txt; reference = basic-set-facts.md G3, G4, G5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sfb_desk.rules.arcs import shield_struck
from sfb_desk.rules.combat import CombatTarget, resolve_volley
from sfb_desk.rules.combat.enveloping import EPT
from sfb_desk.rules.hexes import Hex, hex_from_label, neighbor
from sfb_desk.rules.seeking import (
    SEEKING_STEP,
    Drone,
    SeekerRecord,
    SeekingState,
    expire_seekers,
    find_impacts,
    impact_damage,
    proximity_damage,
    proximity_purpose,
    resolve_impacts,
    seeker_shift,
    weasel_collateral,
)
from sfb_desk.rules.ship import ShipSpec
from sfb_desk.rules.units import DRONE, PLASMA, SHUTTLE, SHUTTLE_PROFILE, MoveProfile, new_seeker, new_ship

HERE = hex_from_label("1010")
CLOCK = 40


def ca(uid="CA", at=HERE, facing=0):
    return new_ship(uid, "fed", MoveProfile(), hex=at, facing=facing, speed=8)


def drone_unit(uid, *, facing=0, at=HERE, target="CA", kind=DRONE, travelled=0):
    unit = new_seeker(uid, "kli", hex=at, facing=facing, speed=20, target=target, kind=kind)
    return unit.with_(travelled=travelled)


def drone_rec(uid, drone=Drone("I"), launcher="D7", controller="D7", **kw):
    return SeekerRecord(uid, DRONE, "kli", launcher, "drone#1", 1, controller=controller, drone=drone, **kw)


def torp_rec(uid, kind="S", **kw):
    return SeekerRecord(uid, PLASMA, "kli", "KR", "plasma#A", 1, controller="KR", plasma=kind, **kw)


def setup(*pairs, ships=None):
    units = {u.id: u for u in (ships or [ca()])}
    records = []
    for unit, record in pairs:
        units[unit.id] = unit
        records.append(record)
    return units, SeekingState(seekers=tuple(records))


def test_shield_struck_is_the_one_facing_where_the_seeker_came_from():
    """D3.4 (decisions.md D3.4 seekers): a drone that moved north (facing A) into the ship's hex
    came from the hex to the south and strikes shield #4 of a ship facing A; one moving south
    strikes #1. A ship that moved onto a drone last heading B (so coming from the E side) takes
    it on #5."""
    units, state = setup(
        (drone_unit("D1", facing=0), drone_rec("D1")),
        (drone_unit("D2", facing=3), drone_rec("D2")),
        (drone_unit("D3", facing=1), drone_rec("D3")),
    )
    impacts = find_impacts(units, state)
    assert [(i.seeker, i.shield, i.from_hex) for i in impacts] == [
        ("D1", 4, neighbor(HERE, 3)), ("D2", 1, neighbor(HERE, 0)), ("D3", 5, neighbor(HERE, 4))]
    assert all(i.warhead == 12 and not i.enveloping and i.target_kind == "ship" for i in impacts)


@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 5), st.integers(0, 5))
def test_impact_shield_property(q, r, seeker_facing, target_facing):
    """Property: the struck shield is a single shield, the one on the hexside the seeker came
    through: shield = (came-from direction - target facing) + 1 (D3.1 numbering)."""
    at = Hex(q, r)
    units, state = setup((drone_unit("D1", facing=seeker_facing, at=at), drone_rec("D1")),
                         ships=[ca(at=at, facing=target_facing)])
    [imp] = find_impacts(units, state)
    assert imp.shield == (seeker_facing + 3 - target_facing) % 6 + 1
    assert shield_struck(at, target_facing, imp.from_hex).shield == imp.shield


def test_no_impact_unless_in_the_active_targets_hex():
    units, state = setup(
        (drone_unit("D1", at=neighbor(HERE, 0)), drone_rec("D1")),  # next door
        (drone_unit("D2", target="XX"), drone_rec("D2")),  # no such target
        (drone_unit("D3"), drone_rec("D3")),
    )
    units["D3"] = units["D3"].with_(status="destroyed")
    units["D4"] = drone_unit("D4")  # no record: not a seeker the rules track
    assert find_impacts(units, state) == ()
    units["CA"] = units["CA"].with_(status="disengaged")
    units["D5"] = drone_unit("D5")
    assert find_impacts(units, state.with_record(drone_rec("D5"))) == ()


def test_warheads_at_impact():
    """Type-VI by size class (FD2.54); plasma by hexes travelled (FP1: S at 12 hexes is 22),
    doubled and enveloping (FP5), nothing from a pseudo (FP6), none at all when spent (FP1.42);
    a suicide shuttle's warhead (J2.2)."""
    shuttle = new_ship("SS", "kli", SHUTTLE_PROFILE, hex=HERE, facing=0, speed=6, kind=SHUTTLE).with_(target="CA")
    units, state = setup(
        (drone_unit("VI", facing=3), drone_rec("VI", Drone("VI"))),
        (drone_unit("P1", kind=PLASMA, travelled=12), torp_rec("P1")),
        (drone_unit("P2", kind=PLASMA, travelled=3), torp_rec("P2", enveloping=True)),
        (drone_unit("P3", kind=PLASMA, travelled=3), torp_rec("P3", pseudo=True)),
        (drone_unit("P4", kind=PLASMA, travelled=20), torp_rec("P4", kind="F")),
        (shuttle, SeekerRecord("SS", SHUTTLE, "kli", "D7", "shuttle#1", 1, mission="suicide", warhead=18)),
    )
    got = {i.seeker: (i.warhead, i.shield, i.enveloping) for i in find_impacts(units, state, size_classes={"CA": 3})}
    assert got == {"VI": (2, 1, False), "P1": (22, 4, False), "P2": (60, None, True),
                   "P3": (0, 4, False), "SS": (18, 4, False)}


def test_proximity_shift_and_roll_d6_36():
    """D6.36, D6.361 (reference G3, Med): shift = sqrt(target ECM - controller ECCM - built-in
    ECCM), plasma has 3 built-in ECCM (FP4.31), type-VI drones are immune (D6.38); d6 + shift:
    1-6 full, 7-8 half, 9-10 quarter, 11+ none."""
    assert seeker_shift(drone_rec("D1"), 4) == 2
    assert seeker_shift(drone_rec("D1"), 6, 2) == 2 and seeker_shift(drone_rec("D1"), 3, 3) == 0
    assert seeker_shift(torp_rec("P1"), 4) == 1 and seeker_shift(torp_rec("P1"), 3) == 0
    assert seeker_shift(drone_rec("VI", Drone("VI")), 25) == 0
    assert [proximity_damage(12, roll, 2) for roll in range(1, 7)] == [12, 12, 12, 12, 6, 6]
    assert [proximity_damage(25, roll, 5) for roll in range(1, 7)] == [25, 12, 12, 6, 6, 0]
    with pytest.raises(ValueError):
        proximity_damage(12, 7, 0)
    units, state = setup((drone_unit("D1"), drone_rec("D1")), (drone_unit("D2"), drone_rec("D2", controller="D5")))
    d1, d2 = find_impacts(units, state, target_ecm={"CA": 4}, controller_eccm={"D5": 4})
    assert (d1.shift, d1.needs_roll, d2.shift, d2.needs_roll) == (2, True, 0, False)
    assert "D6.36" in proximity_purpose(d1)
    assert impact_damage(d1, 5) == 6 and impact_damage(d2) == 12
    with pytest.raises(ValueError):
        impact_damage(d1)


def test_seekers_on_one_shield_in_one_impulse_are_one_volley():
    """S0 L3937 (FD14.24): "If several drones strike a given shield on the same impulse ... All
    internal damage is resolved as one volley (D4.22) regardless of how many and what type of
    seeking weapons caused it." Two ships' drones and a plasma torpedo on shield #4 are one
    volley; a drone on shield #1 another; the enveloping torpedo a third, last."""
    units, state = setup(
        (drone_unit("D1"), drone_rec("D1", launcher="D7")),
        (drone_unit("D2"), drone_rec("D2", launcher="F5", controller="F5")),
        (drone_unit("P1", kind=PLASMA), torp_rec("P1")),
        (drone_unit("D3", facing=3), drone_rec("D3")),
        (drone_unit("P2", kind=PLASMA, facing=3), torp_rec("P2", kind="G", enveloping=True)),
        (drone_unit("P3", kind=PLASMA), torp_rec("P3", pseudo=True)),
    )
    impacts = find_impacts(units, state)
    outcome = resolve_impacts(units, state, impacts, clock=CLOCK)
    groups = [(g.target, g.shield, g.enveloping, g.damage, sorted(h.source for h in g.hits)) for g in outcome.volleys]
    assert groups == [("CA", 1, False, 12, ["D3"]), ("CA", 4, False, 54, ["D1", "D2", "P1"]),
                      ("CA", None, True, 40, ["P2"])]
    assert all(g.step == SEEKING_STEP for g in outcome.volleys)
    assert outcome.volleys[2].hits[0].enveloping == EPT
    assert all(outcome.units[s].status == "impacted" for s in ("D1", "D2", "D3", "P1", "P2", "P3"))
    assert outcome.state.seekers == ()
    assert [e.kind for e in outcome.events] == ["impact"] * 6


def test_an_impact_volley_goes_through_combat_shields_and_the_dac():
    """End to end: two drones (24 points) on a 20-box shield: 4 internal points, one DAC volley
    (bold Bridge* on DAC row 2 scored once, D4.31)."""
    ship = ShipSpec(id="TEST", race="GEN", race_name="test", class_code="T", name="t",
                    systems=(("bridge", 2), ("forward_hull", 4), ("aft_hull", 4)),
                    shields=(20, 20, 20, 20, 20, 20), excess_damage=4)
    units, state = setup((drone_unit("D1"), drone_rec("D1")), (drone_unit("D2"), drone_rec("D2", launcher="F5")))
    [group] = resolve_impacts(units, state, find_impacts(units, state), clock=CLOCK).volleys
    outcome = resolve_volley(CombatTarget.fresh("CA", ship), group, [2, 2, 2, 2])
    assert outcome.internal == 4 and outcome.target.shields.boxes[3] == 0
    assert sum(1 for e in outcome.dac.events if e.box == "bridge#1") == 1


def test_an_enveloping_torpedo_splits_over_six_shields_in_combat():
    """FP5 (reference G4.4) through combat's enveloping split: an enveloping G (40 at 3 hexes)
    on six 5-box shields: shares of 6, the 4 leftover points one a shield (FP5.31, owner's
    default), 10 points through to the DAC as one volley."""
    ship = ShipSpec(id="TEST", race="GEN", race_name="test", class_code="T", name="t",
                    systems=(("bridge", 2), ("forward_hull", 8), ("aft_hull", 8)),
                    shields=(5,) * 6, excess_damage=8)
    units, state = setup((drone_unit("P1", kind=PLASMA, travelled=3), torp_rec("P1", kind="G", enveloping=True)))
    [group] = resolve_impacts(units, state, find_impacts(units, state), clock=CLOCK).volleys
    assert group.enveloping and group.damage == 40
    outcome = resolve_volley(CombatTarget.fresh("CA", ship), group, [6] * 10)
    assert outcome.internal == 10 and outcome.target.shields.boxes == (0,) * 6


def test_impacts_on_seekers_and_shuttles():
    """FD10.71 (S0 L3817): "the impact of a drone on a drone will destroy both drones"; a warhead
    does not hurt plasma (FP1.62); 12 points destroy an admin shuttle (6, J2)."""
    admin = new_ship("AS", "fed", SHUTTLE_PROFILE, hex=HERE, facing=0, speed=6, kind=SHUTTLE)
    armored = Drone("IV", armor=4)
    units, state = setup(
        (drone_unit("D1", target="D9"), drone_rec("D1")),
        (drone_unit("D9", target="CA", facing=3), drone_rec("D9", armored)),
        (drone_unit("D2", target="P9"), drone_rec("D2")),
        (drone_unit("P9", kind=PLASMA, target="CA", travelled=40), torp_rec("P9")),
        (drone_unit("D3", target="AS"), drone_rec("D3")),
        (admin, SeekerRecord("AS", SHUTTLE, "fed", "CA", "shuttle#1", 1, mission="admin")),
    )
    units["P9"] = units["P9"].with_(travelled=2)
    impacts = [i for i in find_impacts(units, state) if i.seeker in ("D1", "D2", "D3")]
    outcome = resolve_impacts(units, state, tuple(impacts), clock=CLOCK)
    assert outcome.units["D9"].status == "destroyed" and outcome.units["AS"].status == "destroyed"
    assert "P9" not in outcome.units and outcome.state.record("P9") is not None
    assert {r.id for r in outcome.state.seekers} == {"P9"}
    assert outcome.volleys == ()
    rules = {e.rule for e in outcome.events}
    assert {"FD10.71", "FP1.62", "J2"} <= rules


def test_mutual_drone_impacts_do_not_trip_over_each_other():
    units, state = setup((drone_unit("D1", target="D2"), drone_rec("D1")),
                         (drone_unit("D2", target="D1"), drone_rec("D2")))
    outcome = resolve_impacts(units, state, find_impacts(units, state), clock=CLOCK)
    assert {u.status for u in outcome.units.values()} <= {"impacted", "destroyed"}
    assert outcome.state.seekers == ()


def test_a_wild_weasel_absorbs_seekers_and_explodes():
    """J3.21 (AM, Low): the first impact starts a 4-impulse explosion (J3.211) during which the
    weasel keeps drawing its seekers; collateral damage by the damage it took (J3, client data)."""
    ww = new_ship("WW", "fed", SHUTTLE_PROFILE, hex=HERE, facing=0, speed=0, kind=SHUTTLE)
    ww_rec = SeekerRecord("WW", SHUTTLE, "fed", "CA", "shuttle#2", 1, mission="wild-weasel", protects="CA")
    units, state = setup((drone_unit("D1", target="WW"), drone_rec("D1")),
                         (drone_unit("D2", target="WW"), drone_rec("D2", Drone("IV"))), (ww, ww_rec))
    outcome = resolve_impacts(units, state, find_impacts(units, state), clock=CLOCK)
    absorbed = outcome.state.record("WW")
    assert (absorbed.damage, absorbed.exploded_at) == (36, CLOCK) and "WW" not in outcome.units
    assert weasel_collateral(absorbed.damage) == 6
    merged = {**units, **outcome.units}
    kept, state3, _ = expire_seekers(merged, outcome.state, CLOCK + 3)
    assert kept == {} and state3.record("WW") is not None
    gone, state4, events = expire_seekers(merged, outcome.state, CLOCK + 4)
    assert gone["WW"].status == "destroyed" and state4.seekers == () and events[0].rule == "J3.211"


def test_weasel_collateral_table():
    """J3 collateral by damage taken (reference G5, client data): band edges."""
    table = {0: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 10: 3, 11: 4, 18: 4, 19: 5, 28: 5, 29: 6,
             40: 6, 41: 7, 55: 7, 56: 8, 75: 8, 76: 9, 95: 9, 96: 10, 400: 10}
    assert {d: weasel_collateral(d) for d in table} == table


def test_expiry_of_drones_and_plasma():
    """FD2 endurance (decisions.md FD2: removed at the end of the impact step of launch clock +
    32 x turns); FP1.42 plasma at 0; records of units out of play are dropped, a landed
    shuttle's kept (J1.52)."""
    landed = new_ship("AS", "fed", SHUTTLE_PROFILE, hex=HERE, facing=0, speed=6, kind=SHUTTLE).with_(status="landed")
    units, state = setup(
        (drone_unit("D1", at=Hex(5, 5)), drone_rec("D1", expires_at=97)),
        (drone_unit("P1", kind=PLASMA, travelled=16, at=Hex(5, 5)), torp_rec("P1", kind="F", expires_at=200)),
        (drone_unit("P2", kind=PLASMA, travelled=15, at=Hex(5, 5)), torp_rec("P2", kind="F", expires_at=200)),
        (drone_unit("D2", at=Hex(5, 5)).with_(status="off_map"), drone_rec("D2")),
        (landed, SeekerRecord("AS", SHUTTLE, "fed", "CA", "shuttle#1", 1, mission="admin", landed_at=30)),
    )
    changed, state96, events = expire_seekers(units, state, 96)
    assert set(changed) == {"P1"} and events[0].rule == "FP1.42"
    assert {r.id for r in state96.seekers} == {"D1", "P2", "AS"}
    changed, state97, events = expire_seekers(units, state, 97)
    assert set(changed) == {"D1", "P1"} and "FD2" in {e.rule for e in events}
    assert Fraction(len(state97.seekers)) == 2
